//! Tìm kiếm cây Monte Carlo (MCTS) với công thức UCT.
//!
//! Không cần hàm lượng giá: muốn biết một thế cờ tốt hay xấu, **chơi thử** từ
//! đó tới hết ván bằng những nước ngẫu nhiên, nhiều lần, rồi tính tỉ lệ điểm
//! (thắng 1, hòa ½, thua 0). MCTS dựng dần một cây, mỗi lần chơi thử (playout)
//! gồm bốn bước:
//!
//! 1. **Chọn** (selection): từ gốc, chừng nào nút đang đứng đã **mở hết con**
//!    (mọi nước đi của nó đã có một con trong cây) và chưa kết thúc, đi xuống
//!    con có điểm UCT lớn nhất `w/n + c·√(ln N / n)` — n là số lần thăm của con,
//!    w tổng điểm của người đi vào con, N số lần thăm của nút đang đứng, c = √2.
//!    Vế đầu ưu tiên nước đã tỏ ra tốt, vế sau ưu tiên nước còn ít được thử.
//!    Công thức chỉ dùng ở nút đã mở hết con, nên mọi con đều có n ≥ 1 (không
//!    chia cho 0);
//! 2. **Mở rộng** (expansion): nút dừng lại còn nước chưa thử thì thêm vào cây
//!    **một** con, chọn ngẫu nhiên trong các nước chưa thử;
//! 3. **Chơi thử** (simulation): từ con mới, hai bên đi ngẫu nhiên tới khi ván
//!    kết thúc (hoặc quá [`limits::PLAYOUT_MOVES`](crate::limits::PLAYOUT_MOVES)
//!    nước: tính hòa — Dodgem có thể lặp mãi);
//! 4. **Lan truyền ngược** (backpropagation): mọi nút trên đường đi được cộng
//!    một lần thăm, và cộng 1 (thắng), ½ (hòa) hay 0 (thua) vào điểm của người
//!    đã đi vào nút.
//!
//! Hết số lần chơi thử thì chọn nước ở gốc **được thăm nhiều nhất**. Các số ngẫu
//! nhiên lấy từ [`SplitMix64`](crate::random::SplitMix64) với hạt giống cho
//! trước: cùng hạt giống, cùng số lần chơi thử thì cùng nước đi.
//!
//! Người quan sát được báo `visit` cho mỗi nút trên đường chọn và `leave` với
//! tỉ lệ điểm mới (theo MAX, từ 0 đến 1, hòa tính ½) khi lan truyền ngược.
//!
//! ```
//! use caytrochoi::games::TicTacToe;
//! use caytrochoi::search::Mcts;
//! let g = TicTacToe::new();
//! // X đã có hai quân ở hàng trên: X3 thắng ngay.
//! let s = TicTacToe::parse_board("XX./OO./...").unwrap();
//! let r = Mcts::new(1000, 7).unwrap().run(&g, &s, &mut ()).unwrap();
//! assert_eq!(r.best_move, Some(2));
//! assert!(Mcts::new(0, 7).is_err());
//! ```

use super::{Bound, Observer, SearchError};
use crate::game::Game;
use crate::limits::{MCTS_PLAYOUTS, PLAYOUT_MOVES};
use crate::player::{winner, Player};
use crate::random::SplitMix64;

/// Số lần chơi thử mặc định của MCTS.
pub const DEFAULT_PLAYOUTS: u64 = 2000;

/// Cấu hình MCTS: số lần chơi thử, hạt giống, hằng số khám phá c.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mcts {
    /// Số lần chơi thử (từ 1 đến [`MCTS_PLAYOUTS`]).
    pub playouts: u64,
    /// Hạt giống của bộ sinh số ngẫu nhiên.
    pub seed: u64,
    /// Hằng số khám phá c của UCT (mặc định √2).
    pub exploration: f64,
}

/// Thống kê của một nước ở gốc sau khi tìm.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveStats<M> {
    /// Nước đi.
    pub mv: M,
    /// Số lần chơi thử đi qua nước này.
    pub visits: u64,
    /// Tổng điểm của người đi nước này (thắng 1, hòa ½).
    pub wins: f64,
}

impl<M> MoveStats<M> {
    /// Tỉ lệ điểm của người đi nước này: tổng điểm (thắng 1, hòa ½) chia số
    /// lần thăm. Tên `win_rate` giữ từ trước; đây không phải tỉ lệ số ván thắng.
    pub fn win_rate(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.wins / self.visits as f64
        }
    }
}

/// Kết quả của MCTS.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsResult<M> {
    /// Nước được thăm nhiều nhất ở gốc (`None` nếu gốc là nút lá).
    pub best_move: Option<M>,
    /// Các nước ở gốc đã được thử, theo thứ tự được thêm vào cây.
    pub children: Vec<MoveStats<M>>,
    /// Số lần chơi thử đã làm.
    pub playouts: u64,
    /// Số nút của cây MCTS.
    pub tree_nodes: usize,
}

/// Một nút của cây MCTS.
struct Node<S, M> {
    state: S,
    via: Option<M>,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u64,
    /// Điểm của người đã đi vào nút này.
    wins: f64,
}

impl Mcts {
    /// MCTS với `playouts` lần chơi thử và hạt giống `seed`. Lỗi nếu
    /// `playouts` là 0 hoặc lớn hơn [`MCTS_PLAYOUTS`].
    pub fn new(playouts: u64, seed: u64) -> Result<Mcts, SearchError> {
        if playouts == 0 || playouts > MCTS_PLAYOUTS {
            return Err(SearchError::BadPlayouts {
                playouts,
                max: MCTS_PLAYOUTS,
            });
        }
        Ok(Mcts {
            playouts,
            seed,
            exploration: std::f64::consts::SQRT_2,
        })
    }

    // ANCHOR: mcts_loop
    /// Tìm từ thế `root`.
    pub fn run<G, O>(
        &self,
        game: &G,
        root: &G::State,
        obs: &mut O,
    ) -> Result<MctsResult<G::Move>, SearchError>
    where
        G: Game,
        O: Observer<G>,
    {
        let mut rng = SplitMix64::new(self.seed);
        let mut tree = vec![new_node(game, root.clone(), None)];
        let mut path = Vec::new();
        for _ in 0..self.playouts {
            // 1. Chọn: đi xuống theo UCT khi nút đã mở hết con.
            let mut id = 0;
            path.clear();
            path.push(0);
            obs.visit(&tree[0].state, game.to_move(&tree[0].state), Bound::None)?;
            while tree[id].untried.is_empty() && !tree[id].children.is_empty() {
                id = self.select_child(&tree, id);
                path.push(id);
                obs.visit(&tree[id].state, game.to_move(&tree[id].state), Bound::None)?;
            }
            // 2. Mở rộng: thêm một con chưa thử, chọn ngẫu nhiên.
            if !tree[id].untried.is_empty() {
                // Chia lấy dư trên u64 rồi mới đổi kiểu: trong WebAssembly usize chỉ
                // có 32 bit, đổi trước thì mất nửa trên và máy chọn nước khác.
                let k = (rng.next_u64() % tree[id].untried.len() as u64) as usize;
                let mv = tree[id].untried.swap_remove(k);
                let state = game.apply(&tree[id].state, &mv);
                let child = tree.len();
                tree.push(new_node(game, state, Some(mv)));
                tree[id].children.push(child);
                id = child;
                path.push(id);
                obs.visit(&tree[id].state, game.to_move(&tree[id].state), Bound::None)?;
            }
            // 3. Chơi thử ngẫu nhiên tới hết ván.
            let winner = playout(game, &tree[id].state, &mut rng);
            // 4. Lan truyền ngược.
            for &p in path.iter().rev() {
                let node = &mut tree[p];
                node.visits += 1;
                let mover = game.to_move(&node.state).opponent();
                node.wins += match winner {
                    Some(w) if w == mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                obs.leave(&node.state, max_rate(mover, node.wins / node.visits as f64));
            }
        }
        // ANCHOR_END: mcts_loop
        // ANCHOR: mcts_answer
        let children: Vec<MoveStats<G::Move>> = tree[0]
            .children
            .iter()
            .map(|&c| MoveStats {
                mv: tree[c].via.clone().expect("con nào cũng có nước đi vào"),
                visits: tree[c].visits,
                wins: tree[c].wins,
            })
            .collect();
        // Nước được thăm nhiều nhất (bằng nhau thì nước thêm vào cây trước).
        let best_move = children
            .iter()
            .fold(None::<&MoveStats<G::Move>>, |best, c| match best {
                Some(b) if b.visits >= c.visits => Some(b),
                _ => Some(c),
            })
            .map(|c| c.mv.clone());
        Ok(MctsResult {
            best_move,
            children,
            playouts: self.playouts,
            tree_nodes: tree.len(),
        })
    }
    // ANCHOR_END: mcts_answer

    /// Con của `id` có điểm UCT lớn nhất.
    fn select_child<S, M>(&self, tree: &[Node<S, M>], id: usize) -> usize {
        let ln_n = (tree[id].visits as f64).ln();
        let mut best = tree[id].children[0];
        let mut best_score = f64::NEG_INFINITY;
        for &c in &tree[id].children {
            let (w, n) = (tree[c].wins, tree[c].visits as f64);
            let score = w / n + self.exploration * (ln_n / n).sqrt();
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }
}

fn new_node<G: Game>(game: &G, state: G::State, via: Option<G::Move>) -> Node<G::State, G::Move> {
    let untried = if game.is_terminal(&state) {
        Vec::new()
    } else {
        game.legal_moves(&state).into_iter().collect()
    };
    Node {
        state,
        via,
        children: Vec::new(),
        untried,
        visits: 0,
        wins: 0.0,
    }
}

/// Tỉ lệ điểm của `mover` đổi thành tỉ lệ điểm của MAX.
fn max_rate(mover: Player, rate: f64) -> f64 {
    match mover {
        Player::Max => rate,
        Player::Min => 1.0 - rate,
    }
}

// ANCHOR: playout
/// Chơi ngẫu nhiên từ `state` tới hết ván; người thắng (`None`: hòa, hoặc quá
/// [`PLAYOUT_MOVES`] nước).
pub fn playout<G: Game>(game: &G, state: &G::State, rng: &mut SplitMix64) -> Option<Player> {
    let mut s = state.clone();
    for _ in 0..PLAYOUT_MOVES {
        if game.is_terminal(&s) {
            return winner(game.payoff(&s));
        }
        let count = game.legal_moves(&s).into_iter().count();
        if count == 0 {
            return winner(game.payoff(&s));
        }
        let k = (rng.next_u64() % count as u64) as usize;
        let mv = game
            .legal_moves(&s)
            .into_iter()
            .nth(k)
            .expect("k nhỏ hơn số nước đi");
        s = game.apply(&s, &mv);
    }
    if game.is_terminal(&s) {
        winner(game.payoff(&s))
    } else {
        None
    }
}
// ANCHOR_END: playout

/// Nước MCTS chọn ở thế `state` sau `playouts` lần chơi thử với hạt giống
/// `seed` (đáp án của bài tập "MCTS chọn nước nào").
pub fn mcts_choice<G: Game>(
    game: &G,
    state: &G::State,
    playouts: u64,
    seed: u64,
) -> Result<Option<G::Move>, SearchError> {
    Ok(Mcts::new(playouts, seed)?
        .run(game, state, &mut ())?
        .best_move)
}

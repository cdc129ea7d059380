//! Giới hạn độ sâu ("tính trước n nước"): một trò chơi bọc ngoài trò chơi gốc.
//!
//! Ở độ sâu giới hạn, trạng thái được coi là kết thúc và giá trị của nó là giá
//! trị của hàm lượng giá — đúng như `if (GameOver(b) or depth > MaxDepth) return
//! Analysis(b)` của tài liệu Dodgem, hay `eval(pos)` của bài Minimax. Nhờ vậy
//! các thuật toán không cần tham số độ sâu: chúng chạy trên trò chơi đã bọc.
//!
//! ```
//! use caytrochoi::search::{search, DepthLimit};
//! use caytrochoi::{tree::GameTree, Game, Player};
//! // B và C có giá trị ước lượng (viết `B:4(...)`), dùng khi dừng ở độ sâu 1.
//! let t = GameTree::parse("A(B:4(D:1, E:9), C:2(F:7))").unwrap();
//! let g = DepthLimit::new(&t, 1);
//! assert_eq!(search(&g, &g.initial_state(), Player::Max, &mut ()).unwrap(), 4.0);
//! assert_eq!(search(&t, &t.root(), Player::Max, &mut ()).unwrap(), 7.0);
//! ```

use super::{Bound, Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

/// Trò chơi `game` nhìn trước nhiều nhất `max_depth` nước.
#[derive(Debug, Clone, Copy)]
pub struct DepthLimit<'g, G> {
    /// Trò chơi gốc.
    pub game: &'g G,
    /// Độ sâu giới hạn (số nước tính từ trạng thái bắt đầu).
    pub max_depth: u32,
}

/// Một trạng thái của trò chơi gốc kèm độ sâu của nó (số nước đã đi từ trạng
/// thái bắt đầu tìm kiếm).
#[derive(Debug, Clone, PartialEq)]
pub struct AtDepth<S> {
    /// Trạng thái của trò chơi gốc.
    pub state: S,
    /// Độ sâu.
    pub depth: u32,
}

impl<'g, G: Game> DepthLimit<'g, G> {
    /// Bọc `game`, dừng ở độ sâu `max_depth`.
    pub fn new(game: &'g G, max_depth: u32) -> Self {
        DepthLimit { game, max_depth }
    }

    /// Trạng thái `s` của trò chơi gốc, làm điểm bắt đầu (độ sâu 0).
    pub fn start(&self, s: &G::State) -> AtDepth<G::State> {
        AtDepth {
            state: s.clone(),
            depth: 0,
        }
    }

    /// Nút `n` là "lá" chỉ vì đã tới độ sâu giới hạn (giá trị là ước lượng).
    pub fn is_estimate(&self, n: &AtDepth<G::State>) -> bool {
        n.depth >= self.max_depth && !self.game.is_terminal(&n.state)
    }
}

impl<G: Game> Game for DepthLimit<'_, G> {
    type State = AtDepth<G::State>;
    type Move = G::Move;

    fn initial_state(&self) -> Self::State {
        self.start(&self.game.initial_state())
    }
    fn to_move(&self, n: &Self::State) -> Player {
        self.game.to_move(&n.state)
    }
    fn legal_moves(&self, n: &Self::State) -> impl IntoIterator<Item = G::Move> {
        self.game.legal_moves(&n.state)
    }
    fn apply(&self, n: &Self::State, mv: &G::Move) -> Self::State {
        AtDepth {
            state: self.game.apply(&n.state, mv),
            depth: n.depth + 1,
        }
    }
    fn is_terminal(&self, n: &Self::State) -> bool {
        n.depth >= self.max_depth || self.game.is_terminal(&n.state)
    }
    /// `Payoff` ở trạng thái kết thúc thật, hàm lượng giá ở độ sâu giới hạn
    /// ([`EstimateCheck`] dừng tìm kiếm trước khi tới một nút không có ước lượng).
    fn payoff(&self, n: &Self::State) -> f64 {
        if self.game.is_terminal(&n.state) {
            self.game.payoff(&n.state)
        } else {
            self.game.heuristic(&n.state).unwrap_or(f64::NAN)
        }
    }
    fn heuristic(&self, n: &Self::State) -> Option<f64> {
        self.game.heuristic(&n.state)
    }
    fn move_name(&self, n: &Self::State, mv: &G::Move) -> String {
        self.game.move_name(&n.state, mv)
    }
    fn state_label(&self, n: &Self::State) -> Option<String> {
        self.game.state_label(&n.state)
    }
}

/// Người quan sát dừng tìm kiếm (lỗi [`SearchError::NoHeuristic`]) khi gặp một
/// nút ở độ sâu giới hạn mà trò chơi không ước lượng được.
#[derive(Debug, Clone, Copy)]
pub struct EstimateCheck<'a, 'g, G> {
    limit: &'a DepthLimit<'g, G>,
}

impl<'a, 'g, G> EstimateCheck<'a, 'g, G> {
    /// Kiểm tra cho trò chơi đã bọc `limit`.
    pub fn new(limit: &'a DepthLimit<'g, G>) -> Self {
        EstimateCheck { limit }
    }
}

impl<G: Game> Observer<DepthLimit<'_, G>> for EstimateCheck<'_, '_, G> {
    fn visit(
        &mut self,
        n: &AtDepth<G::State>,
        _mode: Player,
        _bound: Bound,
    ) -> Result<(), SearchError> {
        let game = self.limit.game;
        if self.limit.is_estimate(n) && game.heuristic(&n.state).is_none() {
            return Err(SearchError::NoHeuristic {
                node: game
                    .state_label(&n.state)
                    .unwrap_or_else(|| "(không có nhãn)".to_string()),
                depth: n.depth,
            });
        }
        Ok(())
    }
}

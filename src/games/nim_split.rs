//! Trò Nim chia đống của bài Minimax: mỗi nước đi chia một đống thành hai đống
//! có số lượng khác nhau; ai đến lượt mà không chia được nữa thì thua.
//!
//! Bài giảng xét 7 token, MIN đi trước; giá trị nút lá là 1 nếu MAX thắng, 0 nếu
//! MIN thắng. Trạng thái ghi như hình vẽ: các đống giảm dần, nối bằng `-`
//! (ví dụ `5-1-1`).
//!
//! ```
//! use caytrochoi::{games::NimSplit, Player, Searcher};
//! let r = Searcher::minimax().run(&NimSplit::new(7, Player::Min)).unwrap();
//! assert_eq!(r.value, 1.0); // MAX thắng dù MIN đi thế nào
//! ```

use crate::game::Game;
use crate::player::Player;

/// Luật chơi: số token ban đầu và người đi trước.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NimSplit {
    /// Số token ban đầu (một đống).
    pub tokens: u32,
    /// Người đi trước.
    pub first: Player,
}

/// Trạng thái: các đống (giảm dần) và người đến lượt.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NimState {
    /// Số token của mỗi đống, giảm dần.
    pub piles: Vec<u32>,
    /// Người đến lượt.
    pub to_move: Player,
}

/// Nước đi: chia đống có `pile` token thành `bigger` và `pile − bigger`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    /// Số token của đống bị chia.
    pub pile: u32,
    /// Đống lớn hơn sau khi chia.
    pub bigger: u32,
}

impl NimSplit {
    /// `tokens` token, `first` đi trước.
    pub fn new(tokens: u32, first: Player) -> NimSplit {
        NimSplit { tokens, first }
    }
}

impl Game for NimSplit {
    type State = NimState;
    type Move = Split;

    fn initial_state(&self) -> NimState {
        NimState {
            piles: vec![self.tokens],
            to_move: self.first,
        }
    }

    fn to_move(&self, s: &NimState) -> Player {
        s.to_move
    }

    #[allow(refining_impl_trait)]
    fn legal_moves(&self, s: &NimState) -> Vec<Split> {
        let mut sizes = s.piles.clone();
        sizes.dedup(); // hai đống bằng nhau cho cùng các nước đi
        let mut moves = Vec::new();
        for pile in sizes {
            // bigger > pile − bigger ≥ 1; đống lớn giảm dần như hình vẽ (6-1, 5-2, 4-3).
            for bigger in (pile / 2 + 1..pile).rev() {
                moves.push(Split { pile, bigger });
            }
        }
        moves
    }

    fn apply(&self, s: &NimState, m: &Split) -> NimState {
        let mut piles = s.piles.clone();
        if let Some(i) = piles.iter().position(|&p| p == m.pile) {
            piles.remove(i);
        }
        piles.push(m.bigger);
        piles.push(m.pile - m.bigger);
        piles.sort_unstable_by(|a, b| b.cmp(a));
        NimState {
            piles,
            to_move: s.to_move.opponent(),
        }
    }

    fn is_terminal(&self, s: &NimState) -> bool {
        s.piles.iter().all(|&p| p <= 2)
    }

    fn payoff(&self, s: &NimState) -> f64 {
        // Người đến lượt không chia được nên thua.
        match s.to_move {
            Player::Min => 1.0,
            Player::Max => 0.0,
        }
    }

    fn move_name(&self, _s: &NimState, m: &Split) -> String {
        format!("{}→{}+{}", m.pile, m.bigger, m.pile - m.bigger)
    }

    fn state_label(&self, s: &NimState) -> Option<String> {
        Some(
            s.piles
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join("-"),
        )
    }
}

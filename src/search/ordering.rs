//! Sắp thứ tự nước đi: một trò chơi bọc ngoài, đưa nước hứa hẹn nhất lên trước.
//!
//! Cắt tỉa alpha-beta cắt được nhiều nhất khi con tốt nhất được xét trước. Trò
//! chơi bọc này giữ nguyên luật chơi, chỉ đổi thứ tự các con: nước dẫn tới trạng
//! thái có giá trị (kết thúc: `Payoff`; chưa kết thúc: hàm lượng giá) tốt nhất
//! cho người đang đi đứng trước; nước không ước lượng được đứng sau, giữ thứ tự
//! cũ.
//!
//! ```
//! use caytrochoi::search::OrderMoves;
//! use caytrochoi::{tree::GameTree, Game};
//! let t = GameTree::parse("A(B:1, C:3, D:2)").unwrap();
//! let g = OrderMoves::new(&t);
//! let con: Vec<_> = g.legal_moves(&t.root()).into_iter().map(|c| t.label(c).to_string()).collect();
//! assert_eq!(con, ["C", "D", "B"]); // MAX ở gốc: lớn trước
//! ```

use crate::game::{Game, Wrapper};
use crate::player::Player;
use std::cmp::Ordering;

/// Trò chơi `game` với các nước đi sắp theo giá trị ước lượng, tốt nhất trước.
#[derive(Debug, Clone, Copy)]
pub struct OrderMoves<'g, G> {
    /// Trò chơi gốc.
    pub game: &'g G,
}

impl<'g, G: Game> OrderMoves<'g, G> {
    /// Bọc `game`.
    pub fn new(game: &'g G) -> Self {
        OrderMoves { game }
    }

    /// Giá trị ước lượng của trạng thái sau nước `mv`.
    fn key(&self, s: &G::State, mv: &G::Move) -> Option<f64> {
        let c = self.game.apply(s, mv);
        if self.game.is_terminal(&c) {
            Some(self.game.payoff(&c))
        } else {
            self.game.heuristic(&c)
        }
    }
}

impl<G: Game> Wrapper for OrderMoves<'_, G> {
    type Inner = G;

    fn inner(&self) -> &G {
        self.game
    }
    fn wrapped_moves(&self, s: &G::State) -> impl IntoIterator<Item = G::Move> {
        let mode = self.game.to_move(s);
        let mut keyed: Vec<(Option<f64>, G::Move)> = self
            .game
            .legal_moves(s)
            .into_iter()
            .map(|m| (self.key(s, &m), m))
            .collect();
        // Sắp ổn định: các nước bằng nhau giữ thứ tự cũ.
        keyed.sort_by(|(a, _), (b, _)| match (a, b) {
            (Some(x), Some(y)) => match mode {
                Player::Max => y.total_cmp(x),
                Player::Min => x.total_cmp(y),
            },
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        });
        keyed.into_iter().map(|(_, m)| m)
    }
}

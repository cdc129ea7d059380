//! Người quan sát đếm nút: tổng số nút đã xét, số nút lá, số nút ở mỗi độ sâu.
//!
//! ```
//! use caytrochoi::search::{search, Counters};
//! use caytrochoi::{tree::GameTree, Player};
//! let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let mut dem = Counters::default();
//! search(&t, &t.root(), Player::Max, &mut dem).unwrap();
//! assert_eq!(dem.nodes_visited, 11);
//! assert_eq!(dem.leaves_evaluated, 5);
//! assert_eq!(dem.nodes_per_depth, [1, 3, 4, 3]);
//! ```

use super::{Bound, Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

/// Các con số đếm của một lần tìm kiếm.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counters {
    /// Số nút đã bắt đầu xét (kể cả gốc và các lá).
    pub nodes_visited: u64,
    /// Số nút lá đã lấy giá trị (`Payoff` hoặc hàm lượng giá).
    pub leaves_evaluated: u64,
    /// Số nút đã xét ở mỗi độ sâu (chỉ số 0 là gốc).
    pub nodes_per_depth: Vec<u64>,
    /// Độ sâu của nút đang xét + 1 (0: chưa vào gốc).
    depth: usize,
    /// Nút vừa vào chưa có giá trị tạm nào: nếu nó rời đi ngay thì là nút lá.
    fresh: bool,
}

impl<G: Game + ?Sized> Observer<G> for Counters {
    #[inline]
    fn visit(&mut self, _n: &G::State, _mode: Player, _b: Bound) -> Result<(), SearchError> {
        self.nodes_visited += 1;
        if self.nodes_per_depth.len() == self.depth {
            self.nodes_per_depth.push(0);
        }
        self.nodes_per_depth[self.depth] += 1;
        self.depth += 1;
        self.fresh = true;
        Ok(())
    }
    #[inline]
    fn temp(&mut self, _n: &G::State, _via: Option<&G::Move>, _temp: f64) {
        self.fresh = false;
    }
    #[inline]
    fn leave(&mut self, _n: &G::State, _value: f64) {
        if self.fresh {
            self.leaves_evaluated += 1;
            self.fresh = false;
        }
        self.depth -= 1;
    }
}

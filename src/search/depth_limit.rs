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
    /// (`NaN` nếu không ước lượng được; [`EstimateCheck`] báo lỗi khi đó).
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

/// Người quan sát báo lỗi [`SearchError::NoHeuristic`] khi gặp một nút ở độ sâu
/// giới hạn mà trò chơi không ước lượng được.
///
/// Nó không tự gọi hàm lượng giá (đã được `payoff` của [`DepthLimit`] gọi một
/// lần): một nút như vậy trả về giá trị `NaN`; người quan sát ghi lại nút đó khi
/// nó trả giá trị về, dừng tìm kiếm ở nút được thăm kế tiếp, và [`finish`]
/// báo lỗi nếu đó là nút cuối cùng.
///
/// [`finish`]: EstimateCheck::finish
#[derive(Debug, Clone)]
pub struct EstimateCheck<'a, 'g, G> {
    limit: &'a DepthLimit<'g, G>,
    missing: Option<SearchError>,
}

impl<'a, 'g, G> EstimateCheck<'a, 'g, G> {
    /// Kiểm tra cho trò chơi đã bọc `limit`.
    pub fn new(limit: &'a DepthLimit<'g, G>) -> Self {
        EstimateCheck {
            limit,
            missing: None,
        }
    }

    /// Sau khi tìm kiếm xong: lỗi nếu còn một nút thiếu ước lượng chưa báo.
    pub fn finish(self) -> Result<(), SearchError> {
        match self.missing {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

impl<G: Game> Observer<DepthLimit<'_, G>> for EstimateCheck<'_, '_, G> {
    fn visit(
        &mut self,
        _n: &AtDepth<G::State>,
        _mode: Player,
        _bound: Bound,
    ) -> Result<(), SearchError> {
        match self.missing.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn leave(&mut self, n: &AtDepth<G::State>, value: f64) {
        if value.is_nan() && self.missing.is_none() && self.limit.is_estimate(n) {
            self.missing = Some(SearchError::NoHeuristic {
                node: self
                    .limit
                    .game
                    .state_label(&n.state)
                    .unwrap_or_else(|| "(không có nhãn)".to_string()),
                depth: n.depth,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{SearchError, Searcher};
    use crate::tree::GameTree;
    use crate::Game;
    use std::cell::Cell;

    /// Cây bọc lại để đếm số lần hàm lượng giá được gọi.
    struct Counting<'t> {
        tree: &'t GameTree,
        calls: Cell<usize>,
    }

    impl Game for Counting<'_> {
        type State = <GameTree as Game>::State;
        type Move = <GameTree as Game>::Move;
        fn initial_state(&self) -> Self::State {
            self.tree.initial_state()
        }
        fn to_move(&self, s: &Self::State) -> crate::Player {
            self.tree.to_move(s)
        }
        fn legal_moves(&self, s: &Self::State) -> impl IntoIterator<Item = Self::Move> {
            self.tree.legal_moves(s)
        }
        fn apply(&self, s: &Self::State, m: &Self::Move) -> Self::State {
            self.tree.apply(s, m)
        }
        fn is_terminal(&self, s: &Self::State) -> bool {
            self.tree.is_terminal(s)
        }
        fn payoff(&self, s: &Self::State) -> f64 {
            self.tree.payoff(s)
        }
        fn heuristic(&self, s: &Self::State) -> Option<f64> {
            self.calls.set(self.calls.get() + 1);
            self.tree.heuristic(s)
        }
        fn state_label(&self, s: &Self::State) -> Option<String> {
            self.tree.state_label(s)
        }
    }

    #[test]
    fn each_estimate_is_computed_once() {
        let t = GameTree::parse("A(B:4(D:1, E:9), C:2(F:7), G:5)").unwrap();
        for searcher in [Searcher::minimax(), Searcher::cat_tia(), Searcher::window()] {
            let g = Counting {
                tree: &t,
                calls: Cell::new(0),
            };
            let r = searcher.depth(1).run(&g).unwrap();
            assert_eq!(r.value, 5.0);
            // B và C là nút ước lượng; G là lá thật (không gọi hàm lượng giá).
            assert_eq!(g.calls.get(), 2);
        }
    }

    #[test]
    fn a_missing_estimate_is_reported_wherever_it_is() {
        // Thiếu ước lượng ở nút đầu (tìm kiếm dừng ở nút kế tiếp) và ở nút cuối
        // cùng (báo khi tìm kiếm xong).
        for (text, node) in [
            ("A(B(D:1, E:9), C:2(F:7))", "B"),
            ("A(B:4(D:1, E:9), C(F:7))", "C"),
        ] {
            let t = GameTree::parse(text).unwrap();
            for searcher in [Searcher::minimax(), Searcher::cat_tia(), Searcher::window()] {
                let err = searcher.depth(1).run(&t).unwrap_err();
                assert_eq!(
                    err,
                    SearchError::NoHeuristic {
                        node: node.to_string(),
                        depth: 1
                    }
                );
                assert!(err
                    .to_string()
                    .contains(&format!("nút {node} ở độ sâu giới hạn 1")));
            }
        }
    }
}

//! Định trị bằng vét cạn: hàm `Search(n, mode)` của bài giảng.
//!
//! Đặt cạnh bản C của bài giảng, mỗi dòng ở đây ứng với một dòng ở đó. Các dòng
//! `obs.…` chỉ báo cho người quan sát (đếm nút, ghi vết); bỏ chúng đi thì còn
//! đúng thuật toán.
//!
//! ```
//! use caytrochoi::search::search;
//! use caytrochoi::{tree::GameTree, Player};
//! // Cây ba mức của bài "Giải thuật tìm kiếm Minimax": gốc có giá trị 3.
//! let t = GameTree::parse("(((2, 3), (5, 9)), ((0), (7, 4)), ((2, 1), (5, 6)))").unwrap();
//! assert_eq!(search(&t, &t.root(), Player::Max, &mut ()).unwrap(), 3.0);
//! ```

use super::{Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

// ANCHOR: search
/// `Search(n, mode)`: giá trị của nút `n`, nơi người đi là `mode` (MAX hay MIN).
pub fn search<G, O>(game: &G, n: &G::State, mode: Player, obs: &mut O) -> Result<f64, SearchError>
where
    G: Game,
    O: Observer<G>,
{
    obs.visit(n, mode, super::Bound::None)?;
    // n là nút lá: giá trị của n là Payoff(n).
    if game.is_terminal(n) {
        let payoff = game.payoff(n);
        obs.leave(n, payoff);
        return Ok(payoff);
    }
    // Giá trị tạm ban đầu: −∞ nếu n là nút MAX, +∞ nếu n là nút MIN.
    let mut value = mode.initial_temp();
    obs.temp(n, None, value);
    // Xét lần lượt từng con C của n; mỗi con có giá trị thì đặt lại giá trị tạm.
    for c in game.legal_moves(n) {
        let child = game.apply(n, &c);
        let v = search(game, &child, mode.opponent(), obs)?;
        value = match mode {
            Player::Max => max(value, v),
            Player::Min => min(value, v),
        };
        obs.temp(n, Some(&c), value);
    }
    // Đã xét hết các con: giá trị tạm cuối cùng là giá trị của n.
    obs.leave(n, value);
    Ok(value)
}
// ANCHOR_END: search

/// `Max(a, b)` của bài giảng.
#[inline]
pub(crate) fn max(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// `Min(a, b)` của bài giảng.
#[inline]
pub(crate) fn min(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

//! Negamax: vét cạn và cắt tỉa alpha-beta viết bằng **một** hàm thay cho hai.
//!
//! Trò chơi tổng bằng không nên "tốt cho MAX" đúng bằng "xấu cho MIN": giá trị
//! của một nút nhìn từ người đang đi là `−(giá trị của con nhìn từ đối thủ)`.
//! Thay vì `Max`/`Min` (hay `BlueValue`/`RedValue` của tài liệu Dodgem), negamax
//! luôn lấy **max** của các giá trị đã đổi dấu. Tài liệu Dodgem kể tên Negamax
//! ngay đầu Chương II, trước cả Minimax, rồi chỉ trình bày Minimax và AlphaBeta
//! và để người đọc tự tìm hiểu Negamax; đây là hai hàm ấy viết theo cách đó.
//!
//! Giá trị trả về tính theo **người đến lượt** ở nút `n`: +1 là người đó thắng.
//! Người quan sát vẫn nhận giá trị theo MAX như mọi thuật toán khác của crate
//! (đếm nút, đường đi chính, ghi vết dùng lại nguyên vẹn).
//!
//! ```
//! use caytrochoi::search::{negamax, negamax_ab, search};
//! use caytrochoi::{tree::GameTree, Game, Player};
//! let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let s = t.root();
//! // Gốc là nút MAX: giá trị negamax bằng giá trị minimax.
//! assert_eq!(negamax(&t, &s, &mut ()).unwrap(), 1.0);
//! assert_eq!(negamax_ab(&t, &s, f64::NEG_INFINITY, f64::INFINITY, &mut ()).unwrap(), 1.0);
//! assert_eq!(search(&t, &s, Player::Max, &mut ()).unwrap(), 1.0);
//! ```

use super::{Bound, Cut, Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

/// Dấu của người đi: +1 với MAX, −1 với MIN. `color(mode) · v` đổi giá trị `v`
/// theo MAX thành giá trị theo người đi (và ngược lại).
#[inline]
pub fn color(mode: Player) -> f64 {
    match mode {
        Player::Max => 1.0,
        Player::Min => -1.0,
    }
}

// ANCHOR: negamax
/// `Negamax(n)`: giá trị của nút `n` nhìn từ người đến lượt ở `n`.
pub fn negamax<G, O>(game: &G, n: &G::State, obs: &mut O) -> Result<f64, SearchError>
where
    G: Game,
    O: Observer<G>,
{
    let mode = game.to_move(n);
    obs.visit(n, mode, Bound::None)?;
    // Nút lá: Payoff tính theo MAX, đổi sang người đến lượt.
    if game.is_terminal(n) {
        let payoff = game.payoff(n);
        obs.leave(n, payoff);
        return Ok(color(mode) * payoff);
    }
    // Một giá trị tạm duy nhất: luôn bắt đầu từ −∞ và luôn lấy max.
    let mut value = f64::NEG_INFINITY;
    obs.temp(n, None, color(mode) * value);
    for c in game.legal_moves(n) {
        let child = game.apply(n, &c);
        // Giá trị của con theo đối thủ, đổi dấu thành giá trị theo mình.
        let v = -negamax(game, &child, obs)?;
        if v > value {
            value = v;
        }
        obs.temp(n, Some(&c), color(mode) * value);
    }
    obs.leave(n, color(mode) * value);
    Ok(value)
}
// ANCHOR_END: negamax

// ANCHOR: negamax_ab
/// `Negamax(n, α, β)`: negamax với cửa sổ (α, β), mọi giá trị theo người đến
/// lượt ở `n`. Cửa sổ của con là (−β, −α): cận dưới của mình là cận trên của
/// đối thủ.
pub fn negamax_ab<G, O>(
    game: &G,
    n: &G::State,
    mut alpha: f64,
    beta: f64,
    obs: &mut O,
) -> Result<f64, SearchError>
where
    G: Game,
    O: Observer<G>,
{
    let mode = game.to_move(n);
    obs.visit(n, mode, window_for_max(mode, alpha, beta))?;
    if game.is_terminal(n) {
        let payoff = game.payoff(n);
        obs.leave(n, payoff);
        return Ok(color(mode) * payoff);
    }
    let mut value = f64::NEG_INFINITY;
    obs.temp(n, None, color(mode) * value);
    for c in game.legal_moves(n) {
        let child = game.apply(n, &c);
        let v = -negamax_ab(game, &child, -beta, -alpha, obs)?;
        if v > value {
            value = v;
        }
        obs.temp(n, Some(&c), color(mode) * value);
        if value > alpha {
            alpha = value;
        }
        // Cùng quy tắc cắt với BlueValue/RedValue: α ≥ β thì dừng.
        if alpha >= beta {
            obs.cut(n, cut_for_max(mode, alpha, beta));
            break;
        }
    }
    obs.leave(n, color(mode) * value);
    Ok(value)
}
// ANCHOR_END: negamax_ab

/// Phép so sánh α ≥ β (theo người đi) đổi về cửa sổ theo MAX, để báo cho
/// người quan sát.
#[inline]
pub(crate) fn cut_for_max(mode: Player, alpha: f64, beta: f64) -> Cut {
    match mode {
        Player::Max => Cut::Window { alpha, beta },
        Player::Min => Cut::Window {
            alpha: -beta,
            beta: -alpha,
        },
    }
}

/// Cửa sổ (α, β) theo người đi, đổi về cửa sổ theo MAX để báo cho người quan
/// sát (ở nút MIN, (α, β) theo MIN là (−β, −α) theo MAX).
#[inline]
pub(crate) fn window_for_max(mode: Player, alpha: f64, beta: f64) -> Bound {
    match mode {
        Player::Max => Bound::Window { alpha, beta },
        Player::Min => Bound::Window {
            alpha: -beta,
            beta: -alpha,
        },
    }
}

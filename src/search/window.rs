//! Alpha-beta với cửa sổ (α, β): `BlueValue` (quân Trắng, MAX) và `RedValue`
//! (quân Đen, MIN) của tài liệu Dodgem, đã sửa hai chỗ sơ suất.
//!
//! Trong cả hai bản `RedValue` của tài liệu (không và có α, β), dòng `return
//! min` bị ngắt trang đẩy ra ngoài thân hàm, và hàm
//! `Alpha_Beta` gọi nhầm tên `MinVal`; hàm [`alpha_beta`] ở đây gọi đúng
//! `blue_value` hoặc `red_value` tùy người đi ở gốc. Giới hạn độ sâu
//! (`depth > MaxDepth`) không nằm trong hàm mà ở trò chơi bọc
//! [`DepthLimit`](super::DepthLimit): ở độ sâu giới hạn, trạng thái được coi là
//! kết thúc và `Analysis(b)` là hàm lượng giá.
//!
//! α và β truyền qua mọi mức, nên một nút dừng được nhờ cận của ông, cụ… ở xa
//! phía trên (cắt "sâu"), điều mà [`cat_tia`](super::cat_tia) không làm được.
//!
//! ```
//! use caytrochoi::search::alpha_beta;
//! use caytrochoi::tree::GameTree;
//! let t = GameTree::parse("A(B:5, C(D(E(F:3, G:9), H:1)))").unwrap();
//! assert_eq!(alpha_beta(&t, &t.root(), &mut ()).unwrap(), 5.0);
//! ```

use super::{Bound, Cut, Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

// ANCHOR: alpha_beta
/// Định trị trạng thái `b` với cửa sổ ban đầu α = −∞, β = +∞: gọi `blue_value`
/// nếu quân Trắng (MAX) đi, `red_value` nếu quân Đen (MIN) đi.
pub fn alpha_beta<G, O>(game: &G, b: &G::State, obs: &mut O) -> Result<f64, SearchError>
where
    G: Game,
    O: Observer<G>,
{
    let (alpha, beta) = (f64::NEG_INFINITY, f64::INFINITY);
    match game.to_move(b) {
        Player::Max => blue_value(game, b, alpha, beta, obs),
        Player::Min => red_value(game, b, alpha, beta, obs),
    }
}
// ANCHOR_END: alpha_beta

// ANCHOR: blue_value
/// `BlueValue(b, α, β)`: giá trị của trạng thái `b` khi quân Trắng (MAX) đi.
pub fn blue_value<G, O>(
    game: &G,
    b: &G::State,
    mut alpha: f64,
    beta: f64,
    obs: &mut O,
) -> Result<f64, SearchError>
where
    G: Game,
    O: Observer<G>,
{
    obs.visit(b, Player::Max, Bound::Window { alpha, beta })?;
    if game.is_terminal(b) {
        let analysis = game.payoff(b);
        obs.leave(b, analysis);
        return Ok(analysis);
    }
    let mut max = f64::NEG_INFINITY;
    obs.temp(b, None, max);
    for m in game.legal_moves(b) {
        let c = game.apply(b, &m);
        let x = red_value(game, &c, alpha, beta, obs)?;
        if x > max {
            max = x;
        }
        obs.temp(b, Some(&m), max);
        if x > alpha {
            alpha = x;
        }
        if alpha >= beta {
            obs.cut(b, Cut::Window { alpha, beta });
            obs.leave(b, alpha);
            return Ok(alpha);
        }
    }
    obs.leave(b, max);
    Ok(max)
}
// ANCHOR_END: blue_value

// ANCHOR: red_value
/// `RedValue(b, α, β)`: giá trị của trạng thái `b` khi quân Đen (MIN) đi.
pub fn red_value<G, O>(
    game: &G,
    b: &G::State,
    alpha: f64,
    mut beta: f64,
    obs: &mut O,
) -> Result<f64, SearchError>
where
    G: Game,
    O: Observer<G>,
{
    obs.visit(b, Player::Min, Bound::Window { alpha, beta })?;
    if game.is_terminal(b) {
        let analysis = game.payoff(b);
        obs.leave(b, analysis);
        return Ok(analysis);
    }
    let mut min = f64::INFINITY;
    obs.temp(b, None, min);
    for m in game.legal_moves(b) {
        let c = game.apply(b, &m);
        let x = blue_value(game, &c, alpha, beta, obs)?;
        if x < min {
            min = x;
        }
        obs.temp(b, Some(&m), min);
        if x < beta {
            beta = x;
        }
        if alpha >= beta {
            obs.cut(b, Cut::Window { alpha, beta });
            obs.leave(b, beta);
            return Ok(beta);
        }
    }
    obs.leave(b, min);
    Ok(min)
}
// ANCHOR_END: red_value

//! Hàm `cat_tia(Q, mode, Vp)` của bài giảng, đã sửa hai chỗ sơ suất.
//!
//! Bản C của bài giảng quên chuyển `C` sang con kế tiếp trong vòng `while` (và
//! thiếu một dấu `}`); vòng `for` dưới đây đi qua từng con một lần. Hàm chỉ biết
//! giá trị tạm `Vp` của **cha**, nên chỉ cắt được "nông"; dạng cửa sổ (α, β) ở
//! [`blue_value`](super::blue_value) cắt được cả "sâu". Cả hai đều trả về đúng
//! giá trị minimax của gốc.
//!
//! ```
//! use caytrochoi::search::{cat_tia, no_bound};
//! use caytrochoi::{tree::GameTree, Player};
//! let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let v = cat_tia(&t, &t.root(), Player::Max, no_bound(Player::Max), &mut ()).unwrap();
//! assert_eq!(v, 1.0);
//! ```

use super::minimax::{max, min};
use super::{Bound, Cut, Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

// ANCHOR: cat_tia
/// `cat_tia(Q, mode, Vp)`: giá trị của nút `q` (người đi `mode`), biết giá trị
/// tạm `vp` của nút cha. Ở gốc, dùng [`no_bound`] làm `vp`.
pub fn cat_tia<G, O>(
    game: &G,
    q: &G::State,
    mode: Player,
    vp: f64,
    obs: &mut O,
) -> Result<f64, SearchError>
where
    G: Game,
    O: Observer<G>,
{
    obs.visit(q, mode, Bound::Vp { vp })?;
    if game.is_terminal(q) {
        let payoff = game.payoff(q);
        obs.leave(q, payoff);
        return Ok(payoff);
    }
    // Khởi tạo giá trị tạm Vq cho Q.
    let mut vq = mode.initial_temp();
    obs.temp(q, None, vq);
    // Xét các con C của Q từ trái sang phải; mỗi con nhận Vq của Q làm Vp của nó.
    for c in game.legal_moves(q) {
        let child = game.apply(q, &c);
        let v = cat_tia(game, &child, mode.opponent(), vq, obs)?;
        vq = match mode {
            Player::Max => max(vq, v),
            Player::Min => min(vq, v),
        };
        obs.temp(q, Some(&c), vq);
        // Nút MAX dừng khi Vp ≤ Vq, nút MIN dừng khi Vp ≥ Vq: cắt các con còn lại.
        let cut = match mode {
            Player::Max => vp <= vq,
            Player::Min => vp >= vq,
        };
        if cut {
            obs.cut(q, Cut::Vp { vp, vq });
            obs.leave(q, vq);
            return Ok(vq);
        }
    }
    obs.leave(q, vq);
    Ok(vq)
}
// ANCHOR_END: cat_tia

/// `Vp` cho nút gốc (gốc không có cha): một giá trị không bao giờ gây cắt tỉa,
/// +∞ cho nút MAX (vì `+∞ ≤ Vq` không xảy ra), −∞ cho nút MIN.
pub fn no_bound(mode: Player) -> f64 {
    mode.opponent().initial_temp()
}

//! Hàm `cat_tia(Q, mode, Vp)` của bài giảng (đã sửa vòng lặp).
//!
//! Tóm tắt (ký hiệu của sách; bản trong bài giảng quên chuyển `C` sang con kế):
//! ```text
//! cat_tia(Q, mode, Vp)            -- Vp: giá trị tạm của cha Q
//!   nút lá     ⇒  kết quả là Payoff(Q)
//!   Vq ← −∞ (MAX) hoặc +∞ (MIN)
//!   lần lượt từng con C (trái → phải), C nhận Vq của Q làm Vp của nó:
//!       v ← cat_tia(C, người đi ở C, Vq)
//!       nút MAX:  Vq ← Max(Vq, v);  nếu Vp ≤ Vq thì dừng, trả Vq (cắt các con còn lại)
//!       nút MIN:  Vq ← Min(Vq, v);  nếu Vp ≥ Vq thì dừng, trả Vq
//!   hết con    ⇒  kết quả là Vq
//! ```

use super::no_bound;
use crate::game::Game;
use crate::player::Player;
use crate::search::recorder::Recorder;
use crate::search::recorder::Stop;
use crate::trace::{Bound, CutReason};

/// `cat_tia(Q, mode, Vp)`: giá trị của nút `q` (người đi `mode`), biết giá trị
/// tạm của nút cha là `vp`.
pub(crate) fn cat_tia<G: Game>(
    rec: &mut Recorder<G>,
    q: &G::State,
    mode: Player,
    vp: f64,
    ply: u32,
) -> Result<f64, Stop> {
    rec.visit(q, ply)?;
    if let Some(payoff) = rec.leaf_value(q, ply)? {
        return Ok(payoff);
    }
    // Khởi tạo giá trị tạm Vq cho Q.
    let mut vq = mode.initial_temp();
    rec.enter(mode, vq, ply, (ply > 0).then_some(Bound::CatTia { vp }));
    let moves = rec.moves(q, mode);
    for (i, c) in moves.iter().enumerate() {
        let child = rec.game.apply(q, c);
        let child_mode = rec.game.to_move(&child);
        // Con nhận giá trị tạm của Q làm Vp. (Trò chơi luân phiên thì con luôn là
        // đối thủ; nếu một người đi hai nước liền, con không được cắt theo Q.)
        let child_vp = if child_mode != mode {
            vq
        } else {
            no_bound(child_mode)
        };
        rec.descend(q, c);
        let v = cat_tia(rec, &child, child_mode, child_vp, ply + 1)?;
        rec.ascend();
        vq = rec.update(q, mode, vq, v, c, ply, None);
        // Nút MAX: dừng khi Vp <= Vq. Nút MIN: dừng khi Vp >= Vq.
        let cut = match mode {
            Player::Max => vp <= vq,
            Player::Min => vp >= vq,
        };
        if cut {
            let reason = CutReason::CatTia {
                parent: rec.parent_name(),
                vp,
                vq,
            };
            rec.cut(q, mode, ply, &moves[i + 1..], reason);
            let complete = i + 1 == moves.len();
            rec.recycle(moves);
            rec.leave(vq, complete);
            return Ok(vq);
        }
    }
    rec.recycle(moves);
    rec.leave(vq, true);
    Ok(vq)
}

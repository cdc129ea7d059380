//! Alpha-beta với cửa sổ (α, β): `BlueValue` (quân Trắng, MAX) và `RedValue`
//! (quân Đen, MIN) của tài liệu Dodgem.
//!
//! ```text
//! BlueValue(b, α, β):                      RedValue(b, α, β):
//!     if GameOver(b): return Analysis(b)       if GameOver(b): return Analysis(b)
//!     max = -∞                                 min = ∞
//!     for mỗi nước đi m:                       for mỗi nước đi m:
//!         x = RedValue(b + m, α, β)                x = BlueValue(b + m, α, β)
//!         if x > max: max = x                      if x < min: min = x
//!         if x > α: α = x                          if x < β: β = x
//!         if α >= β: return α                      if α >= β: return β
//!     return max                               return min
//! ```
//! (Bản trong tài liệu thiếu `return min` ở `RedValue` đầu tiên, và hàm
//! `Alpha_Beta` gọi nhầm tên `MinVal`; ở đây đã sửa.)
//!
//! Khi cắt tỉa, `α` lúc đó đúng bằng `max` (vì α chỉ vượt β nhờ một giá trị con),
//! nên trả `α` hay `max` là như nhau.

use crate::game::Game;
use crate::player::Player;
use crate::search::recorder::Recorder;
use crate::search::recorder::Stop;
use crate::trace::{AlphaBeta, Bound, CutReason};

/// Giá trị của nút `b`: gọi `blue_value` nếu MAX đi, `red_value` nếu MIN đi.
pub(crate) fn value_of<G: Game>(
    rec: &mut Recorder<G>,
    b: &G::State,
    alpha: f64,
    beta: f64,
    ply: u32,
) -> Result<f64, Stop> {
    match rec.game.to_move(b) {
        Player::Max => blue_value(rec, b, alpha, beta, ply),
        Player::Min => red_value(rec, b, alpha, beta, ply),
    }
}

/// `BlueValue`: nút MAX (quân Trắng).
fn blue_value<G: Game>(
    rec: &mut Recorder<G>,
    b: &G::State,
    mut alpha: f64,
    beta: f64,
    ply: u32,
) -> Result<f64, Stop> {
    rec.visit(b, ply)?;
    if let Some(v) = rec.leaf_value(b, ply)? {
        return Ok(v);
    }
    let mut max = f64::NEG_INFINITY;
    rec.enter(
        Player::Max,
        max,
        ply,
        (ply > 0).then_some(Bound::Window { alpha, beta }),
    );
    let moves = rec.moves(b, Player::Max);
    for (i, m) in moves.iter().enumerate() {
        let c = rec.game.apply(b, m);
        rec.descend(b, m);
        let x = value_of(rec, &c, alpha, beta, ply + 1)?;
        rec.ascend();
        if x > alpha {
            alpha = x;
        }
        max = rec.update(
            b,
            Player::Max,
            max,
            x,
            m,
            ply,
            Some(AlphaBeta { alpha, beta }),
        );
        if alpha >= beta {
            rec.cut(
                b,
                Player::Max,
                ply,
                &moves[i + 1..],
                CutReason::Window { alpha, beta },
            );
            let complete = i + 1 == moves.len();
            rec.recycle(moves);
            rec.leave(alpha, complete);
            return Ok(alpha);
        }
    }
    rec.recycle(moves);
    rec.leave(max, true);
    Ok(max)
}

/// `RedValue`: nút MIN (quân Đen).
fn red_value<G: Game>(
    rec: &mut Recorder<G>,
    b: &G::State,
    alpha: f64,
    mut beta: f64,
    ply: u32,
) -> Result<f64, Stop> {
    rec.visit(b, ply)?;
    if let Some(v) = rec.leaf_value(b, ply)? {
        return Ok(v);
    }
    let mut min = f64::INFINITY;
    rec.enter(
        Player::Min,
        min,
        ply,
        (ply > 0).then_some(Bound::Window { alpha, beta }),
    );
    let moves = rec.moves(b, Player::Min);
    for (i, m) in moves.iter().enumerate() {
        let c = rec.game.apply(b, m);
        rec.descend(b, m);
        let x = value_of(rec, &c, alpha, beta, ply + 1)?;
        rec.ascend();
        if x < beta {
            beta = x;
        }
        min = rec.update(
            b,
            Player::Min,
            min,
            x,
            m,
            ply,
            Some(AlphaBeta { alpha, beta }),
        );
        if alpha >= beta {
            rec.cut(
                b,
                Player::Min,
                ply,
                &moves[i + 1..],
                CutReason::Window { alpha, beta },
            );
            let complete = i + 1 == moves.len();
            rec.recycle(moves);
            rec.leave(beta, complete);
            return Ok(beta);
        }
    }
    rec.recycle(moves);
    rec.leave(min, true);
    Ok(min)
}

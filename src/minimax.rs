//! Định trị bằng vét cạn: hàm `Search(n, mode)` của bài giảng.
//!
//! Tóm tắt thuật toán (ký hiệu của sách, không phải mã của bài giảng):
//! ```text
//! Search(n, mode)
//!   nút lá            ⇒  kết quả là Payoff(n)
//!   nút trong         ⇒  tạm ← −∞ (MAX) hoặc +∞ (MIN)
//!   lần lượt từng con C (trái → phải):
//!                        v ← Search(C, người đi ở C)
//!                        tạm ← Max(tạm, v) ở nút MAX;  Min(tạm, v) ở nút MIN
//!   hết con           ⇒  kết quả là tạm
//! ```
//!
//! Khi có giới hạn độ sâu ("tính trước n nước"), nút ở độ sâu giới hạn được coi
//! như nút lá và lấy giá trị của hàm lượng giá (`eval(pos)` trong bài Minimax).
//!
//! Dùng qua [`Searcher::minimax`](crate::Searcher::minimax):
//! ```
//! use caytrochoi::{tree::GameTree, Searcher};
//! // Cây ba mức của bài "Giải thuật tìm kiếm Minimax": gốc có giá trị 3.
//! let t = GameTree::parse("(((2, 3), (5, 9)), ((0), (7, 4)), ((2, 1), (5, 6)))").unwrap();
//! assert_eq!(Searcher::minimax().run(&t).unwrap().value, 3.0);
//! ```

use crate::game::Game;
use crate::player::Player;
use crate::search::recorder::Recorder;
use crate::search::recorder::Stop;

/// `Search(n, mode)`: giá trị của nút `n`, nơi người đi là `mode`, ở mức `ply`.
pub(crate) fn search<G: Game>(
    rec: &mut Recorder<G>,
    n: &G::State,
    mode: Player,
    ply: u32,
) -> Result<f64, Stop> {
    rec.visit(n, ply)?;
    // Nút lá: trả về giá trị đã gán (hoặc giá trị lượng giá ở độ sâu giới hạn).
    if let Some(payoff) = rec.leaf_value(n, ply)? {
        return Ok(payoff);
    }
    // Khởi tạo giá trị tạm: -∞ cho nút MAX, ∞ cho nút MIN.
    let mut value = mode.initial_temp();
    rec.enter(mode, value, ply, None);
    // Xét mọi con C của n; mỗi khi một con có giá trị thì đặt lại giá trị tạm.
    let moves = rec.moves(n, mode);
    for c in &moves {
        let child = rec.game.apply(n, c);
        rec.descend(n, c);
        let v = search(rec, &child, rec.game.to_move(&child), ply + 1)?;
        rec.ascend();
        value = rec.update(n, mode, value, v, c, ply, None); // max(value, v) hoặc min(value, v)
    }
    rec.recycle(moves);
    // Đã xét hết các con: giá trị tạm cuối cùng là giá trị của n.
    rec.leave(value, true);
    Ok(value)
}

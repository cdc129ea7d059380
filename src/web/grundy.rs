//! Chơi với máy một trò chơi vô tư hai số của bài giảng (Bốc sỏi hai đống, quân
//! Hậu) trong trang: mọi nước đi từ một thế, giá trị Grundy của thế sau mỗi nước,
//! và nước máy chọn — về một thế có G = 0 nếu có (nước thắng), nếu không thì
//! nước bốc ít nhất (chờ người chơi sơ suất).

use super::error_json;
use crate::grundy::analysis::{BocSoiAnalysis, QueenAnalysis};
use crate::grundy::games::boc_soi::BocSoi;
use crate::grundy::games::queen::Queen;
use crate::grundy::{GrundyMemo, ImpartialGame};
use serde_json::json;
use std::fmt::Display;

/// Thế `(a, b)` của trò chơi `game` (`boc-soi` hoặc `hau`): `grundy` của thế,
/// `moves` (mỗi nước: `text`, `to`, `grundy` của thế sau nước), `computer` (nước
/// máy chọn, hoặc `null` khi hết nước: người vừa đi vào thế này đã thắng).
/// Giới hạn như lệnh `caytrochoi grundy` (cùng hàm kiểm tra của phân tích).
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(
///     &caytrochoi::web::grundy::turn_json("boc-soi", 3, 4)).unwrap();
/// assert_eq!(v["grundy"], 2);
/// assert_eq!(v["computer"]["to"], serde_json::json!([1, 2]));
/// assert_eq!(v["computer"]["grundy"], 0);
/// ```
pub fn turn_json(game: &str, a: u32, b: u32) -> String {
    let answer = match game {
        "boc-soi" => BocSoiAnalysis::new(a, b)
            .map_err(|e| e.to_string())
            .and_then(|_| turn(&BocSoi::default(), (a, b))),
        "hau" => QueenAnalysis::new(a, b)
            .map_err(|e| e.to_string())
            .and_then(|_| turn(&Queen, (a, b))),
        other => Err(format!(
            "chơi với máy có cho `boc-soi` và `hau`, không có `{other}`"
        )),
    };
    answer.unwrap_or_else(|e| error_json(&e))
}

fn turn<G>(game: &G, pos: (u32, u32)) -> Result<String, String>
where
    G: ImpartialGame<Position = (u32, u32)>,
    G::Move: Display,
{
    let mut memo = GrundyMemo::new();
    let g = memo.value(game, &pos).map_err(|e| e.to_string())?;
    let mut moves = Vec::new();
    for mv in game.moves(&pos) {
        let to = game.play(&pos, &mv);
        let gt = memo.value(game, &to).map_err(|e| e.to_string())?;
        moves.push(json!({ "text": mv.to_string(), "to": [to.0, to.1], "grundy": gt }));
    }
    let computer = moves
        .iter()
        .find(|m| m["grundy"] == 0)
        .or_else(|| moves.first())
        .cloned();
    Ok(
        json!({ "position": [pos.0, pos.1], "grundy": g, "moves": moves, "computer": computer })
            .to_string(),
    )
}

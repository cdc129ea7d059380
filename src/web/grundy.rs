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

/// Cạnh lớn nhất của bàn cờ vẽ trong trang (mỗi ô ghi một số: hơn thế thì chữ
/// quá nhỏ).
pub const FIGURE_SIDE: u32 = 24;

/// Hình của câu hỏi Grundy: bàn G(p, q) từ (0, 0) tới thế đang xem cho Bốc sỏi và
/// quân Hậu (ô G = 0 tô đậm), dãy G(0) … G(n) cho trò chơi bát phân (`a` là mã
/// viết bằng chữ, ví dụ `0.07`; `b` là n). `{"svg": …}`, hoặc `{"svg": null,
/// "note": lý do}` khi không có hình cho trò chơi này hay thế quá lớn để vẽ.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(
///     &caytrochoi::web::grundy::figure_json("hau", "4", "5")).unwrap();
/// assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
/// ```
pub fn figure_json(game: &str, a: &str, b: &str) -> String {
    let number = |t: &str| -> Result<u32, String> {
        t.trim()
            .parse()
            .map_err(|_| format!("`{t}` không phải số nguyên không âm"))
    };
    let run = || -> Result<Option<crate::plot::Figure>, String> {
        let err = |e: crate::plot::PlotError| e.to_string();
        match game {
            "boc-soi" | "hau" => {
                let (p, q) = (number(a)?, number(b)?);
                if p > FIGURE_SIDE || q > FIGURE_SIDE {
                    return Ok(None);
                }
                if game == "hau" {
                    let t = crate::grundy::games::queen::queen_table(p, q)
                        .map_err(|e| e.to_string())?;
                    crate::plot::queen_board(&t).map(Some).map_err(err)
                } else {
                    let t = BocSoi::default().table(p, q).map_err(|e| e.to_string())?;
                    crate::plot::grundy_board("Bốc sỏi: giá trị Grundy G(m, n) của hai đống", &t)
                        .map(Some)
                        .map_err(err)
                }
            }
            "octal" => {
                let n = number(b)?;
                if n > 3 * FIGURE_SIDE {
                    return Ok(None);
                }
                crate::plot::octal_sequence(a.trim(), n as usize + 1)
                    .map(Some)
                    .map_err(err)
            }
            _ => Ok(None),
        }
    };
    match run() {
        Ok(Some(f)) => json!({ "svg": f.into_svg() }).to_string(),
        Ok(None) => json!({ "svg": null, "note": format!(
            "Hình có cho Bốc sỏi và quân Hậu (tới {FIGURE_SIDE} × {FIGURE_SIDE}) và trò chơi bát phân (tới {} đống)",
            3 * FIGURE_SIDE
        ) })
        .to_string(),
        Err(e) => error_json(&e),
    }
}

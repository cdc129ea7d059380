//! Câu hỏi Grundy của trang: một lượt chơi với máy ([`turn_json`], cho mọi trò
//! chơi của danh mục `grundy::lecture`) và hình của một thế
//! ([`figure_json`]).

use super::error_json;
use crate::grundy::games::boc_soi::BocSoi;
use crate::grundy::lecture::{self, Turn};
use serde_json::{json, Value};

/// Một lượt của trò chơi `game` ở thế viết bằng các đối số của `caytrochoi
/// grundy GAME …` (`args_json`: mảng JSON các chuỗi, ví dụ `["3", "4"]` hay
/// `["1-5", "2-8", "3-4"]`): `position`, `grundy`, `moves` (mỗi nước: `text`,
/// `to` — đối số của thế sau nước, `grundy` của thế ấy), `computer` (nước máy
/// chọn: về G = 0 nếu có; `null` khi hết nước). Giới hạn như lệnh
/// `caytrochoi grundy` (cùng hàm đọc của phân tích).
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(
///     &caytrochoi::web::grundy::turn_json("boc-soi", r#"["3", "4"]"#)).unwrap();
/// assert_eq!(v["grundy"], 2);
/// assert_eq!(v["computer"]["to"], serde_json::json!(["1", "2"]));
/// assert_eq!(v["computer"]["grundy"], 0);
/// let v: serde_json::Value = serde_json::from_str(
///     &caytrochoi::web::grundy::turn_json("nim", r#"["7", "9", "12"]"#)).unwrap();
/// assert_eq!(v["computer"]["text"], "bốc 2 viên ở đống 1");
/// ```
pub fn turn_json(game: &str, args_json: &str) -> String {
    if args_json.len() > crate::limits::INPUT_BYTES {
        return error_json("thế cờ quá dài");
    }
    let args: Vec<String> = match serde_json::from_str(args_json) {
        Ok(a) => a,
        Err(e) => return error_json(&format!("thế phải là một mảng JSON các chuỗi ({e})")),
    };
    let Some(entry) = lecture::find(game) else {
        return error_json(&format!(
            "chơi với máy có cho {}, không có `{game}`",
            lecture::names()
        ));
    };
    match (entry.turn)(&args) {
        Ok(t) => turn_value(t).to_string(),
        Err(e) => error_json(&e),
    }
}

/// Một lượt thành JSON: `position`, `grundy`, `moves` (`text`, `to`, `grundy`),
/// `computer` (một trong `moves`, hay `null`).
fn turn_value(t: Turn) -> Value {
    let moves: Vec<Value> = (t.moves.iter())
        .map(|m| json!({ "text": m.text, "to": m.to, "grundy": m.grundy }))
        .collect();
    let computer = t.computer.map(|i| moves[i].clone());
    json!({ "position": t.position, "grundy": t.grundy, "moves": moves, "computer": computer })
}

/// Cạnh lớn nhất của bàn cờ vẽ trong trang (mỗi ô ghi một số: hơn thế thì chữ
/// quá nhỏ).
pub(crate) const FIGURE_SIDE: u32 = 24;

/// Hình của câu hỏi Grundy: bàn G(p, q) từ (0, 0) tới thế đang xem cho Bốc sỏi và
/// quân Hậu (ô G = 0 tô đậm), dãy G(0) … G(n) cho trò chơi bát phân (`a` là mã
/// viết bằng chữ, ví dụ `0.07`; `b` là n), bàn Cờ DAM (`a` là các hàng
/// `1-5 2-8 3-4`, đến lượt Đen) và các đống Nim (`a` là `7 9 12`). `{"svg": …}`, hoặc `{"svg": null,
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
            "dam" => {
                let d = crate::grundy::analysis::DamAnalysis::parse(a, None, true)
                    .map_err(|e| e.to_string())?;
                if d.width > 3 * FIGURE_SIDE {
                    return Ok(None);
                }
                crate::plot::dam(&d.position, d.width)
                    .map(Some)
                    .map_err(err)
            }
            "nim" => {
                let n =
                    crate::grundy::analysis::NimAnalysis::parse(a).map_err(|e| e.to_string())?;
                if n.heaps.iter().any(|&h| h > 3 * FIGURE_SIDE) {
                    return Ok(None);
                }
                crate::plot::nim_heaps(&n.heaps).map(Some).map_err(err)
            }
            "octal" => {
                // Giữa ván có thể nhiều đống (`3 5`): dãy G tới đống lớn nhất.
                let words: Vec<&str> = b.split_whitespace().collect();
                let heaps = crate::grundy::octal::parse_heaps(&words).map_err(|e| e.to_string())?;
                let n = heaps.iter().copied().max().unwrap_or(0);
                if n > 3 * FIGURE_SIDE as usize {
                    return Ok(None);
                }
                crate::plot::octal_sequence(a.trim(), n + 1)
                    .map(Some)
                    .map_err(err)
            }
            _ => Ok(None),
        }
    };
    match run() {
        Ok(Some(f)) => json!({ "svg": f.into_svg() }).to_string(),
        Ok(None) => json!({ "svg": null, "note": format!(
            "Hình có cho Bốc sỏi và quân Hậu (tới {FIGURE_SIDE} × {FIGURE_SIDE}), trò chơi bát phân (tới {n} viên), \
             Cờ DAM (tới {n} ô một hàng) và Nim (tới {n} viên một đống)",
            n = 3 * FIGURE_SIDE
        ) })
        .to_string(),
        Err(e) => error_json(&e),
    }
}

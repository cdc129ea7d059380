//! Một ván Dodgem với máy trong trang sách, từng lượt một: trang gửi cấu hình và
//! danh sách các nước đã đi, thư viện dựng lại ván (kiểm tra từng nước bằng luật
//! chơi), trả về thế cờ, các nước hợp lệ, hình bàn cờ và — nếu ván đã xong — lời
//! thông báo, y như `caytrochoi dodgem play`. Nước của máy do cùng người chơi
//! alpha-beta (cửa sổ (α, β)) của lệnh `play` chọn.

use super::error_json;
use crate::dodgem::notation::{board_to_text, describe_move, move_name, parse_move};
use crate::dodgem::{announce, Dodgem, Position, Rule, SearchPlayer, Side};
use crate::limits::{group, DODGEM_DEPTH, PLAY_LINES};
use crate::search::Algorithm;
use crate::value::fmt_value;
use serde_json::json;
use std::collections::HashMap;

/// Cấu hình một ván: bàn `size`×`size` (3, 4, 5), luật `rule` (`vn`, `ww`), bên đi
/// trước `first` (`den`, `trang`).
pub fn game(size: u32, rule: &str, first: &str) -> Result<Dodgem, String> {
    let rule = Rule::parse(rule).ok_or(format!("luật `{rule}` không có (vn, ww)"))?;
    let first = Side::parse(first).ok_or(format!("bên `{first}` không có (den, trang)"))?;
    Ok(Dodgem::new(size as usize)
        .map_err(|e| e.to_string())?
        .with_rule(rule)
        .with_first(first))
}

/// Ván đã dựng lại: thế hiện tại, và thế ấy đã gặp lần thứ ba chưa.
struct Replayed {
    pos: Position,
    repeated: bool,
}

/// Dựng lại ván từ thế đầu theo các nước `moves` (tên ngắn như `a2>`), kiểm tra
/// từng nước. Thế cờ gặp lần thứ ba: ván hòa (như lệnh `play`).
fn replay(game: &Dodgem, moves: &[String]) -> Result<Replayed, String> {
    if moves.len() > PLAY_LINES {
        return Err(format!(
            "ván có {} nước, quá giới hạn {} nước",
            group(moves.len() as u64),
            group(PLAY_LINES as u64)
        ));
    }
    let mut pos = game.start();
    let mut seen: HashMap<Position, u32> = HashMap::new();
    for (i, text) in moves.iter().enumerate() {
        *seen.entry(pos).or_insert(0) += 1;
        if game.end(&pos).is_some() {
            return Err(format!("nước thứ {} (`{text}`): ván cờ đã kết thúc", i + 1));
        }
        let mv = parse_move(game, &pos, text)
            .map_err(|e| format!("nước thứ {} (`{text}`): {e}", i + 1))?;
        pos = game.play(&pos, mv).map_err(|e| e.to_string())?;
    }
    let count = seen.entry(pos).or_insert(0);
    *count += 1;
    Ok(Replayed {
        pos,
        repeated: *count >= 3,
    })
}

/// Thế cờ sau các nước `moves_json` (mảng JSON các tên nước), người cầm quân
/// `human`: `board`, `to_move`, `moves` (các nước hợp lệ, có lời), `svg` (hình
/// bàn cờ), và `end` (lời thông báo nếu ván đã xong,
/// `null` nếu chưa).
///
/// ```
/// let j = caytrochoi::web::dodgem::state_json(3, "vn", "den", "den", r#"["a2>"]"#);
/// let v: serde_json::Value = serde_json::from_str(&j).unwrap();
/// assert_eq!(v["board"], "D../.D./.TT");
/// assert_eq!(v["to_move"], "trang");
/// assert!(v["end"].is_null());
/// ```
pub fn state_json(size: u32, rule: &str, first: &str, human: &str, moves_json: &str) -> String {
    let run = || -> Result<String, String> {
        let game = game(size, rule, first)?;
        let human = Side::parse(human).ok_or(format!("bên `{human}` không có (den, trang)"))?;
        let moves: Vec<String> = serde_json::from_str(moves_json)
            .map_err(|e| format!("danh sách nước đi phải là một mảng JSON các chuỗi ({e})"))?;
        let r = replay(&game, &moves)?;
        let pos = r.pos;
        let end = match game.end(&pos) {
            Some(end) => Some(announce(&game, &pos, end, human)),
            None if r.repeated => Some("Thế cờ này đã lặp lại lần thứ ba: ván cờ hòa.".into()),
            None => None,
        };
        let legal: Vec<_> = if end.is_some() {
            Vec::new()
        } else {
            game.moves(&pos)
                .into_iter()
                .map(|m| json!({ "name": move_name(game.size(), m), "text": describe_move(&game, &pos, m) }))
                .collect()
        };
        let svg = crate::plot::dodgem_position(&pos.board, None)
            .map(|f| f.into_svg())
            .map_err(|e| e.to_string())?;
        Ok(json!({
            "board": board_to_text(&pos.board),
            "to_move": side_code(pos.to_move),
            "to_move_name": pos.to_move.name(),
            "moves": legal,
            "end": end,
            "svg": svg,
        })
        .to_string())
    };
    run().unwrap_or_else(|e| error_json(&e))
}

/// Nước của máy ở thế sau các nước `moves_json`: alpha-beta cửa sổ (α, β) tính
/// trước `depth` nước, như `caytrochoi dodgem play --depth D`. Trả về `move` (tên
/// ngắn), `said` (câu "Máy (Trắng) đi: …" của lệnh `play`) và vì sao: `value`
/// (theo Trắng, MAX), `principal_variation`, `nodes_visited`, `explain`.
pub fn computer_json(size: u32, rule: &str, first: &str, depth: u32, moves_json: &str) -> String {
    let run = || -> Result<String, String> {
        let game = game(size, rule, first)?;
        if !(1..=DODGEM_DEPTH).contains(&depth) {
            return Err(format!("độ sâu phải từ 1 đến {DODGEM_DEPTH}"));
        }
        let moves: Vec<String> = serde_json::from_str(moves_json)
            .map_err(|e| format!("danh sách nước đi phải là một mảng JSON các chuỗi ({e})"))?;
        let pos = replay(&game, &moves)?.pos;
        if game.end(&pos).is_some() {
            return Err("ván cờ đã kết thúc".into());
        }
        let r = SearchPlayer::new(Algorithm::Window, depth)
            .search(&game, &pos)
            .map_err(|e| e.to_string())?;
        let mv = r.best_move.ok_or("máy không tìm được nước đi")?;
        let said = format!(
            "Máy ({}) đi: {}",
            pos.to_move.name(),
            describe_move(&game, &pos, mv)
        );
        let explain = format!(
            "Alpha-beta {depth} nước, {} đến lượt: giá trị {} (theo Trắng, MAX), đường đi chính {} ({} nút)",
            pos.to_move.name(),
            fmt_value(r.value),
            r.principal_variation_names.join(" "),
            r.nodes_visited
        );
        Ok(json!({
            "move": move_name(game.size(), mv),
            "said": said,
            "value": crate::value::to_json(r.value),
            "principal_variation": r.principal_variation_names,
            "nodes_visited": r.nodes_visited,
            "explain": explain,
        })
        .to_string())
    };
    run().unwrap_or_else(|e| error_json(&e))
}

fn side_code(side: Side) -> &'static str {
    match side {
        Side::Black => "den",
        Side::White => "trang",
    }
}

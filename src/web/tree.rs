//! Cây người đọc gõ vào trang: lời giải thích từng bước và hình sau mỗi bước.
//! Giá trị, nhánh bị cắt và số nút thì trang hỏi đúng lệnh `minimax` /
//! `alphabeta --json` của CLI ([`super::cli_json`]).

use super::error_json;
use crate::limits::{group, Limits, INPUT_BYTES};
use crate::player::Player;
use crate::plot::TreeDiagram;
use crate::search::Searcher;
use crate::tree::GameTree;
use serde_json::json;

/// Đọc cây văn bản với các giới hạn mặc định của CLI; lỗi nói dòng và cột,
/// đúng câu mà `caytrochoi minimax --tree …` in.
pub fn parse(text: &str) -> Result<GameTree, String> {
    if text.len() > INPUT_BYTES {
        return Err(format!(
            "văn bản của cây dài {} byte, quá giới hạn {} byte",
            group(text.len() as u64),
            group(INPUT_BYTES as u64)
        ));
    }
    GameTree::parse_with_limits(text, Player::Max, &Limits::default())
        .map_err(|e| format!("cây không hợp lệ: {}", e.explain(text)))
}

/// Bộ tìm kiếm theo tên của trang (như `--variant` của CLI): `minimax`,
/// `cat-tia`, `window`; `order`: xét trước con tốt nhất (`--order`).
pub fn searcher(algorithm: &str, order: bool) -> Result<Searcher, String> {
    let s = match algorithm {
        "minimax" => Searcher::minimax(),
        "cat-tia" | "cat_tia" => Searcher::cat_tia(),
        "window" => Searcher::window(),
        other => {
            return Err(format!(
                "thuật toán `{other}` không có (minimax, cat-tia, window)"
            ))
        }
    };
    Ok(if order { s.order_moves() } else { s })
}

/// Các câu giải thích từng bước (`walk`, như `--trace` của CLI, bước *k* là câu
/// thứ *k*), số bước (`steps`) và hình cuối cùng (`svg`: giá trị tạm, nhánh bị
/// cắt; `null` kèm lý do `figure_note` khi cây quá lớn để vẽ), và câu `ties` khi
/// nhiều nước ở gốc cùng giá trị ([`crate::search::trace::Trace::ties_sentence`];
/// `null` khi không có).
///
/// ```
/// let j = caytrochoi::web::tree::walk_json("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))", "cat-tia", false);
/// let v: serde_json::Value = serde_json::from_str(&j).unwrap();
/// assert_eq!(v["steps"], 22);
/// assert!(v["walk"][21].as_str().unwrap().starts_with("Đã xét hết các con của A"));
/// assert!(v["svg"].as_str().unwrap().starts_with("<svg"));
/// ```
pub fn walk_json(text: &str, algorithm: &str, order: bool) -> String {
    let run = || -> Result<String, String> {
        let tree = parse(text)?;
        let s = searcher(algorithm, order)?;
        let result = s
            .trace()
            .max_trace_events(Limits::default().trace_events)
            .run(&tree)
            .map_err(|e| format!("không định trị được cây: {e}"))?;
        let trace = result.trace.as_ref().ok_or("không có vết")?;
        // Cây quá lớn để vẽ (giới hạn của hình): vẫn có lời giải thích, không có hình.
        let (svg, note) = match TreeDiagram::new(&tree)
            .search(s)
            .and_then(|d| d.temp_values(true).draw())
        {
            Ok(f) => (Some(f.into_svg()), None),
            Err(e) => (None, Some(format!("Không vẽ hình: {e}"))),
        };
        Ok(json!({
            "steps": trace.len(),
            "walk": trace.walk_lines(),
            "svg": svg,
            "figure_note": note,
            "ties": trace.ties_sentence(),
        })
        .to_string())
    };
    run().unwrap_or_else(|e| error_json(&e))
}

/// Hình cây sau `step` bước đầu của vết (0: chưa xét nút nào), như
/// [`crate::plot::step`]: `{"svg": "…"}`.
pub fn step_json(text: &str, algorithm: &str, order: bool, step: u32) -> String {
    let run = || -> Result<String, String> {
        let tree = parse(text)?;
        let s = searcher(algorithm, order)?;
        let f = crate::plot::step(&tree, s, step as usize).map_err(|e| e.to_string())?;
        Ok(json!({ "svg": f.into_svg() }).to_string())
    };
    run().unwrap_or_else(|e| error_json(&e))
}

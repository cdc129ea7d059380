//! Luyện tập trong trang: ranh giới **duy nhất** giữa bộ máy luyện tập và trang
//! sách. Mô-đun WebAssembly (`src/wasm/table.rs`) và trình chạy của sách
//! (`POST /api/luyen-tap`, `src/runner/practice.rs`) gọi cùng những hàm này:
//!
//! - hạt giống viết bằng chữ số, đọc bằng [`parse_seed`] (một cách đọc, một
//!   khoảng, chung với dòng lệnh);
//! - [`click_card`] / [`click_card_json`]: thẻ "bấm vào các nhánh bị cắt"
//!   ([`crate::practice::web::Card`]), và [`click_grade`] / [`click_grade_json`]:
//!   chấm nó bằng chính bộ chấm của bài trên thẻ
//!   ([`crate::practice::Problem::grade`]) và trả lời lời nhận xét đã viết xong —
//!   trang chỉ hiện nó;
//! - [`card_json`] / [`grade_json`]: bài và lời chấm của mọi chương (1…7), đúng
//!   JSON mà `caytrochoi luyen-tap --json` in ([`crate::practice::json`]).

use super::error_json;
use crate::practice::parse_seed;
use crate::practice::web::{card_for, click_problem};
use crate::practice::Verdict;
use serde_json::json;

/// Thẻ "bấm vào các nhánh bị cắt" dạng JSON ([`crate::practice::web::Card`]) cho
/// hạt giống `seed`, mức `level` (`de`, `vua`, `kho`), thuật toán `algorithm`
/// (`cat-tia` hoặc `cua-so`); lỗi là một câu tiếng Việt nói chỗ sai.
pub fn click_card(seed: u64, level: &str, algorithm: &str) -> Result<String, String> {
    card_for(seed, level, algorithm).map(|card| card.to_json())
}

/// [`click_card`] cho hạt giống viết bằng chữ số; lỗi là `{"error": …}`.
///
/// ```
/// use caytrochoi::web::practice::click_card_json;
/// assert!(click_card_json("42", "vua", "cat-tia").starts_with("{\"seed\":42,"));
/// assert!(click_card_json("1", "rất khó", "cat-tia").contains("\"error\""));
/// ```
pub fn click_card_json(seed: &str, level: &str, algorithm: &str) -> String {
    let card = parse_seed(seed).and_then(|seed| click_card(seed, level, algorithm));
    card.unwrap_or_else(|e| error_json(&e))
}

/// Chấm các nhánh đã bấm `selected` (theo thứ tự bấm) trên thẻ của (`seed`,
/// `level`, `algorithm`), khi người đọc đã sai `wrong_before` lần, bằng chính bộ
/// chấm của bài ([`crate::practice::Problem::grade`]). Trả về lời chấm đã viết
/// xong, trang chỉ việc hiện nó:
///
/// - `right`: đúng chưa;
/// - `message`: lời nhận xét, đúng như người đọc thấy (câu kết luận và các gợi ý
///   của bậc đang tới; không kèm lời giải, [`crate::practice::Feedback::verdict_text`]);
/// - `level`: bậc gợi ý (0 khi đúng; 1 loại lỗi, 2 nút và phép so sánh, 3 lời giải);
/// - `solution`: hiện lời giải có hình của thẻ ngay dưới lời nhận xét (khi đúng,
///   hay ở bậc 3);
/// - `wrong`: số lần sai sau câu trả lời này (trang gửi lại ở lần chấm sau).
///
/// Lỗi (mức hay thuật toán lạ): một câu tiếng Việt nói chỗ sai.
///
/// ```
/// use caytrochoi::web::practice::click_grade;
/// let v: serde_json::Value =
///     serde_json::from_str(&click_grade(7, "vua", "cat-tia", &[], 0).unwrap()).unwrap();
/// assert_eq!((v["right"].as_bool(), v["level"].as_u64(), v["wrong"].as_u64()),
///            (Some(false), Some(1), Some(1)));
/// assert!(v["message"].as_str().unwrap().starts_with("Chưa đúng (lần thử sai thứ 1)."));
/// ```
pub fn click_grade(
    seed: u64,
    level: &str,
    algorithm: &str,
    selected: &[String],
    wrong_before: u32,
) -> Result<String, String> {
    let problem = click_problem(seed, level, algorithm)?;
    let f = problem.grade(selected, wrong_before);
    let (level, wrong) = match f.verdict {
        Verdict::Correct => (0, wrong_before),
        Verdict::Wrong => (f.level as u8, f.tries),
        // Các nhãn đến từ những nhánh của thẻ, nên không có chỗ trống hay nhãn
        // không đọc được; nếu có, không tính là một lần sai.
        Verdict::Blank | Verdict::Unreadable => (0, wrong_before),
    };
    let reply = json!({
        "right": f.ok(),
        "message": f.verdict_text(),
        "level": level,
        "solution": f.ok() || f.solution.is_some(),
        "wrong": wrong,
    });
    Ok(reply.to_string())
}

/// [`click_grade`] cho hạt giống viết bằng chữ số và các nhánh đã bấm viết thành
/// một mảng JSON các nhãn; lỗi là `{"error": …}`.
///
/// ```
/// use caytrochoi::practice::web::card_for;
/// let the = card_for(123456789, "vua", "cat-tia").unwrap();
/// let dung = serde_json::to_string(&the.truth).unwrap();
/// let v: serde_json::Value = serde_json::from_str(
///     &caytrochoi::web::practice::click_grade_json("123456789", "vua", "cat-tia", &dung, 0)).unwrap();
/// assert_eq!(v["right"], true);
/// assert!(v["message"].as_str().unwrap().starts_with("Đúng!"));
/// ```
pub fn click_grade_json(
    seed: &str,
    level: &str,
    algorithm: &str,
    selected_json: &str,
    wrong_before: u32,
) -> String {
    let run = || -> Result<String, String> {
        let seed = parse_seed(seed)?;
        let selected: Vec<String> = serde_json::from_str(selected_json)
            .map_err(|e| format!("các nhánh đã chọn phải là một mảng JSON các nhãn ({e})"))?;
        click_grade(seed, level, algorithm, &selected, wrong_before)
    };
    run().unwrap_or_else(|e| error_json(&e))
}

/// Bài luyện tập của (chương 1…7, mức, hạt giống viết bằng chữ số), như
/// [`crate::practice::json::card_json`]; lỗi là `{"error": …}`.
pub fn card_json(chapter: u8, level: &str, seed: &str) -> String {
    match parse_seed(seed) {
        Ok(seed) => crate::practice::json::card_json(chapter, level, seed)
            .unwrap_or_else(|e| error_json(&e.to_string())),
        Err(e) => error_json(&e),
    }
}

/// Lời chấm câu trả lời `answer` (đã sai `wrong_before` lần), như
/// [`crate::practice::json::grade_json`]: lời nhận xét theo bậc, lời giải ở bậc ba.
///
/// ```
/// let v: serde_json::Value = serde_json::from_str(
///     &caytrochoi::web::practice::grade_json(4, "vua", "123456789", "?", 0)).unwrap();
/// assert_eq!(v["dung"], false);
/// ```
pub fn grade_json(chapter: u8, level: &str, seed: &str, answer: &str, wrong_before: u32) -> String {
    if answer.len() > crate::limits::PLAY_LINE_BYTES {
        return error_json(&format!(
            "câu trả lời dài {} byte, quá giới hạn {} byte",
            crate::limits::group(answer.len() as u64),
            crate::limits::group(crate::limits::PLAY_LINE_BYTES as u64)
        ));
    }
    match parse_seed(seed) {
        Ok(seed) => crate::practice::json::grade_json(chapter, level, seed, answer, wrong_before)
            .unwrap_or_else(|e| error_json(&e.to_string())),
        Err(e) => error_json(&e),
    }
}

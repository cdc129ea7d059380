//! Giao diện JSON của bộ máy luyện tập (tính năng `json`): một bài theo
//! (chương, mức, hạt giống) và lời chấm một câu trả lời, cùng một dạng JSON cho
//! dòng lệnh (`caytrochoi luyen-tap … --json`), trang sách và bản WebAssembly.
//!
//! ```
//! use caytrochoi::practice::json::{card_json, grade_json};
//! let the = card_json(4, "vua", 7).unwrap();
//! assert!(the.contains("\"chuong\":4"));
//! let cham = grade_json(4, "vua", 7, "?", 0).unwrap();
//! assert!(cham.contains("\"dung\":false"));
//! assert!(card_json(9, "vua", 7).is_err());
//! ```

use super::{Level, PracticeError, Problem, Topic};
use serde_json::{json, Value};

/// Bài của (chương, mức, hạt giống); lỗi tiếng Việt nếu chương hay mức sai.
fn problem(chapter: u8, level: &str, seed: u64) -> Result<Problem, PracticeError> {
    let topic = Topic::parse(&chapter.to_string()).ok_or_else(|| {
        PracticeError::Invalid(format!(
            "không có chương {chapter} trong phần luyện tập (cần một số chương 1…7)"
        ))
    })?;
    let level = Level::parse(level).ok_or_else(|| {
        PracticeError::Invalid(format!(
            "mức `{level}` không hợp lệ (cần `de`, `vua` hoặc `kho`)"
        ))
    })?;
    Ok(Problem::generate(seed, level, topic))
}

/// Đề bài dạng JSON: `chuong`, `muc`, `hat_giong`, `tieu_de`, `de_bai`,
/// `cach_tra_loi`, `hinh` (văn bản SVG, hoặc `null` khi bài không có hình).
pub fn card_json(chapter: u8, level: &str, seed: u64) -> Result<String, PracticeError> {
    let p = problem(chapter, level, seed)?;
    let figure = p
        .figure()
        .map_err(|e| PracticeError::Invalid(format!("không vẽ được hình của bài: {e}")))?;
    let card = json!({
        "chuong": chapter,
        "muc": p.level().code(),
        "hat_giong": seed,
        "tieu_de": p.title(),
        "de_bai": p.statement(),
        "cach_tra_loi": p.how_to_answer(),
        "hinh": figure.map(|f| Value::String(f.into_svg())),
    });
    Ok(card.to_string())
}

/// Lời chấm dạng JSON cho câu trả lời `answer`, biết đã sai `wrong_before` lần:
/// `dung`, `loai_loi` (các loại lỗi), `thong_bao` (lời nhận xét theo bậc),
/// `loi_giai` (lời giải dạng văn bản, hoặc `null` khi chưa tới bậc lời giải).
pub fn grade_json(
    chapter: u8,
    level: &str,
    seed: u64,
    answer: &str,
    wrong_before: u32,
) -> Result<String, PracticeError> {
    let p = problem(chapter, level, seed)?;
    let f = p.grade(answer, wrong_before);
    let kinds: Vec<String> = f.mistakes.iter().map(|m| format!("{:?}", m.kind)).collect();
    let graded = json!({
        "dung": f.ok(),
        "loai_loi": kinds,
        "thong_bao": f.message,
        "loi_giai": f.solution.as_ref().map(|s| s.text()),
    });
    Ok(graded.to_string())
}

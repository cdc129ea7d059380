//! Chấm bài "bấm vào các nhánh bị cắt" của trang luyện tập bằng bộ chấm của thư
//! viện ([`crate::practice::web::grade_clicks`]).

use super::error_json;
use crate::practice::web::{card_for, grade_clicks, is_right};
use serde_json::json;

/// Chấm: thẻ của (`seed`, `level`, `algorithm`), các nhánh đã bấm `selected_json`
/// (mảng JSON các nhãn), `wrong_before` lần sai trước đó. Trả về
/// `{"right": đúng chưa, "message": lời nhận xét}`.
///
/// ```
/// use caytrochoi::practice::web::card_for;
/// let the = card_for(123456789, "vua", "cat-tia").unwrap();
/// let dung = serde_json::to_string(&the.truth).unwrap();
/// let v: serde_json::Value = serde_json::from_str(
///     &caytrochoi::web::practice::click_grade_json("123456789", "vua", "cat-tia", &dung, 0)).unwrap();
/// assert_eq!(v["right"], true);
/// ```
pub fn click_grade_json(
    seed: &str,
    level: &str,
    algorithm: &str,
    selected_json: &str,
    wrong_before: u32,
) -> String {
    let run = || -> Result<String, String> {
        let seed: u64 = seed
            .trim()
            .parse()
            .map_err(|_| format!("hạt giống `{seed}` không phải số nguyên không âm"))?;
        let card = card_for(seed, level, algorithm)?;
        let selected: Vec<String> = serde_json::from_str(selected_json)
            .map_err(|e| format!("các nhánh đã chọn phải là một mảng JSON các nhãn ({e})"))?;
        let refs: Vec<&str> = selected.iter().map(String::as_str).collect();
        let f = grade_clicks(&card, &refs, wrong_before);
        Ok(json!({ "right": is_right(&f.message), "message": f.message }).to_string())
    };
    run().unwrap_or_else(|e| error_json(&e))
}

//! Hình của sách trên trang chiếu: không chép tệp SVG của sách (vẽ cho trang sách
//! rộng 800 điểm ảnh, chữ chỉ còn 12–14 px khi phóng vừa trang chiếu) mà vẽ lại
//! bằng chính cách vẽ của sách (`book/figures.rs`), chữ lớn hơn so với hình
//! (`plot::with_text_scale`). Mỗi tỉ lệ chữ vẽ mọi hình của sách một lần, nhớ lại
//! cho các chương sau.

#[path = "../../book/figures.rs"]
mod figures;

use caytrochoi::plot::Figure;
use std::sync::Mutex;

/// Các bộ hình đã vẽ: (tỉ lệ chữ, mọi hình của sách ở tỉ lệ ấy).
type Drawn = Vec<(f64, Vec<(&'static str, Figure)>)>;

static DRAWN: Mutex<Drawn> = Mutex::new(Vec::new());

/// Hình `name` (tên tệp trong `book/src/figures/`, ví dụ `ch06-vi-du-75.svg`) vẽ
/// với tỉ lệ chữ `text_scale`; `Ok(None)` nếu sách không vẽ hình nào tên ấy.
pub fn figure(name: &str, text_scale: f64) -> Result<Option<Figure>, String> {
    let mut drawn = DRAWN
        .lock()
        .map_err(|_| "bộ nhớ hình của sách hỏng".to_string())?;
    if !drawn.iter().any(|(k, _)| *k == text_scale) {
        let all = figures::with_text_scale(text_scale)
            .map_err(|e| format!("không vẽ được các hình của sách: {e}"))?;
        drawn.push((text_scale, all));
    }
    Ok(drawn
        .iter()
        .find(|(k, _)| *k == text_scale)
        .and_then(|(_, all)| all.iter().find(|(n, _)| *n == name))
        .map(|(_, f)| f.clone()))
}

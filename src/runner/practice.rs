//! `POST /api/luyen-tap`: trang luyện tập của sách xin một thẻ bài "bấm vào các
//! nhánh bị cắt" cho một hạt giống bất kỳ.
//!
//! Thẻ được tính ngay trong trình chạy (vài phần nghìn giây, không biên dịch gì)
//! bằng đúng hàm mà mô-đun WebAssembly của sách gọi
//! ([`crate::web::practice::click_card`]), với cùng cách đọc hạt giống
//! ([`crate::practice::parse_seed`]): cùng hạt giống, cùng thẻ. Yêu cầu theo đúng luật của `/api/run`
//! (`Host`, `Origin`, nội dung JSON, mã lớp và giới hạn lượt ở chế độ lớp học),
//! do máy chủ kiểm tra trước khi gọi [`card_reply`].
//!
//! ```
//! use caytrochoi::runner::practice::card_reply;
//! let (code, body) = card_reply(br#"{"seed": 7, "level": "vua", "algorithm": "cat-tia"}"#);
//! assert_eq!(code, 200);
//! assert_eq!(body, caytrochoi::web::practice::click_card_json("7", "vua", "cat-tia"));
//! let (code, body) = card_reply(br#"{"seed": -1, "level": "vua", "algorithm": "cat-tia"}"#);
//! assert_eq!(code, 400);
//! assert!(body.contains("hạt giống"));
//! ```

use crate::practice::parse_seed;
use crate::practice::web::texts_json;
use crate::web::error_json;
use crate::web::practice::click_card;
use serde_json::Value;

/// Trả lời thân yêu cầu `{"seed": n, "level": "vua", "algorithm": "cat-tia"}`:
/// mã HTTP và JSON (thẻ, hoặc `{"error": "…"}` nói chỗ sai).
pub fn card_reply(body: &[u8]) -> (u16, String) {
    let bad = |m: &str| (400, error_json(m));
    let Ok(v) = serde_json::from_slice::<Value>(body) else {
        return bad("yêu cầu không phải JSON hợp lệ");
    };
    // Một số JSON viết ra đúng các chữ số của nó; mọi thứ khác (chuỗi, null…)
    // không đọc được thành hạt giống.
    let seed = match parse_seed(&v["seed"].to_string()) {
        Ok(seed) => seed,
        Err(e) => return bad(&e),
    };
    let (Some(level), Some(algorithm)) = (v["level"].as_str(), v["algorithm"].as_str()) else {
        return bad(
            "yêu cầu phải có dạng {\"seed\": …, \"level\": \"vua\", \"algorithm\": \"cat-tia\"}",
        );
    };
    match click_card(seed, level, algorithm) {
        Ok(card) => (200, card),
        Err(e) => bad(&e),
    }
}

/// Trả lời `GET /api/luyen-tap`: các câu cố định mà trang dùng để ghép lời nhận
/// xét, đúng như hàm `click_texts` của mô-đun WebAssembly (trình duyệt không chạy
/// được WebAssembly vẫn luyện được khi trình chạy bật).
///
/// ```
/// let v: serde_json::Value =
///     serde_json::from_str(&caytrochoi::runner::practice::texts_reply()).unwrap();
/// assert!(v["rightHead"].as_str().unwrap().starts_with("Đúng"));
/// ```
pub fn texts_reply() -> String {
    texts_json()
}

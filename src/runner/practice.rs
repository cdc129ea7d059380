//! `POST /api/luyen-tap`: trang luyện tập của sách xin một thẻ bài "bấm vào các
//! nhánh bị cắt" cho một hạt giống bất kỳ; `POST /api/luyen-tap/cham`: nó gửi các
//! nhánh người đọc đã bấm và nhận lời chấm đã viết xong.
//!
//! Thẻ được tính ngay trong trình chạy (vài phần nghìn giây, không biên dịch gì)
//! bằng đúng hàm mà mô-đun WebAssembly của sách gọi
//! ([`crate::web::practice::click_card`], [`crate::web::practice::click_grade`]),
//! với cùng cách đọc hạt giống
//! ([`crate::practice::parse_seed`]): cùng hạt giống, cùng thẻ. Yêu cầu theo đúng luật của `/api/run`
//! (`Host`, `Origin`, nội dung JSON, mã lớp và giới hạn lượt ở chế độ lớp học),
//! do máy chủ kiểm tra trước khi gọi [`card_reply`] hay [`grade_reply`].

use crate::practice::parse_seed;
use crate::web::error_json;
use crate::web::practice::{click_card, click_grade};
use serde_json::Value;

/// Lỗi của yêu cầu: mã 400 và `{"error": "…"}`.
fn bad(message: &str) -> (u16, String) {
    (400, error_json(message))
}

/// Thân yêu cầu của cả hai đường: JSON, và hạt giống trong trường `seed`. Một số
/// JSON viết ra đúng các chữ số của nó; mọi thứ khác (chuỗi, null…) không đọc được
/// thành hạt giống.
fn read_request(body: &[u8]) -> Result<(Value, u64), String> {
    let v = serde_json::from_slice::<Value>(body)
        .map_err(|_| "yêu cầu không phải JSON hợp lệ".to_string())?;
    let seed = parse_seed(&v["seed"].to_string())?;
    Ok((v, seed))
}

/// Trả lời thân yêu cầu `{"seed": n, "level": "vua", "algorithm": "cat-tia"}`:
/// mã HTTP và JSON (thẻ, hoặc `{"error": "…"}` nói chỗ sai).
pub fn card_reply(body: &[u8]) -> (u16, String) {
    let (v, seed) = match read_request(body) {
        Ok(read) => read,
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

/// Trả lời thân yêu cầu `{"seed": n, "level": "vua", "algorithm": "cat-tia",
/// "selected": ["G", …], "wrong": k}` (các nhánh đã bấm, số lần đã sai): mã HTTP
/// và JSON (lời chấm của [`click_grade`], hoặc `{"error": "…"}` nói chỗ sai).
pub fn grade_reply(body: &[u8]) -> (u16, String) {
    let (v, seed) = match read_request(body) {
        Ok(read) => read,
        Err(e) => return bad(&e),
    };
    let selected: Option<Vec<String>> = v["selected"].as_array().and_then(|labels| {
        labels
            .iter()
            .map(|l| l.as_str().map(str::to_string))
            .collect()
    });
    let wrong = v["wrong"].as_u64().and_then(|k| u32::try_from(k).ok());
    let (Some(level), Some(algorithm), Some(selected), Some(wrong)) = (
        v["level"].as_str(),
        v["algorithm"].as_str(),
        selected,
        wrong,
    ) else {
        return bad(
            "yêu cầu phải có dạng {\"seed\": …, \"level\": \"vua\", \"algorithm\": \"cat-tia\", \"selected\": [\"nhãn\", …], \"wrong\": số lần đã sai}",
        );
    };
    match click_grade(seed, level, algorithm, &selected, wrong) {
        Ok(reply) => (200, reply),
        Err(e) => bad(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::practice::{click_card_json, click_grade_json};

    #[test]
    fn card_reply_is_the_modules_card() {
        let (code, body) = card_reply(br#"{"seed": 7, "level": "vua", "algorithm": "cat-tia"}"#);
        assert_eq!(code, 200);
        assert_eq!(body, click_card_json("7", "vua", "cat-tia"));
        let (code, body) = card_reply(br#"{"seed": -1, "level": "vua", "algorithm": "cat-tia"}"#);
        assert_eq!(code, 400);
        assert!(body.contains("hạt giống"));
    }

    #[test]
    fn grade_reply_is_the_modules_grade() {
        let body =
            br#"{"seed": 7, "level": "vua", "algorithm": "cat-tia", "selected": [], "wrong": 0}"#;
        let (code, reply) = grade_reply(body);
        assert_eq!(code, 200);
        assert_eq!(reply, click_grade_json("7", "vua", "cat-tia", "[]", 0));
        let (code, reply) = grade_reply(br#"{"seed": 7, "level": "vua", "algorithm": "cat-tia"}"#);
        assert_eq!(code, 400);
        assert!(reply.contains("selected"));
    }
}

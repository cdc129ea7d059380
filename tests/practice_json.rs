//! Giao diện JSON của bộ máy luyện tập: đề và lời chấm khớp với chính bài của
//! (chương, mức, hạt giống); chương hay mức sai là lỗi tiếng Việt.

use caytrochoi::practice::json::{card_json, grade_json};
use caytrochoi::practice::{Level, Problem, Topic};
use serde_json::Value;

/// Bài của (chương, mức, hạt giống), dựng bằng API của thư viện.
fn problem(chapter: u8, level: &str, seed: u64) -> Option<Problem> {
    let topic = Topic::ALL.into_iter().find(|t| t.number() == chapter)?;
    Some(Problem::generate(seed, Level::parse(level)?, topic))
}

#[test]
fn card_and_grade_agree_with_the_engine() {
    for chapter in 1..=7u8 {
        for level in ["de", "vua", "kho"] {
            let card: Value =
                serde_json::from_str(&card_json(chapter, level, 11).unwrap()).unwrap();
            let p = problem(chapter, level, 11).unwrap();
            assert_eq!(card["chuong"], chapter);
            assert_eq!(card["muc"], level);
            assert_eq!(card["hat_giong"], 11);
            assert_eq!(card["de_bai"], p.statement());
            assert_eq!(card["cach_tra_loi"], p.how_to_answer());
            assert_eq!(card["hinh"].is_string(), p.figure().unwrap().is_some());
            let right: Value =
                serde_json::from_str(&grade_json(chapter, level, 11, &p.answer_text(), 0).unwrap())
                    .unwrap();
            assert_eq!(right["dung"], true);
            assert!(right["loi_giai"].is_null());
            let blank: Value =
                serde_json::from_str(&grade_json(chapter, level, 11, "?", 0).unwrap()).unwrap();
            assert_eq!(blank["dung"], false);
            assert_eq!(blank["thong_bao"], p.grade("?", 0).message);
        }
    }
}

#[test]
fn third_wrong_try_carries_the_solution() {
    let p = problem(4, "vua", 3).unwrap();
    let wrong = if p.answer_text() == "0" { "1" } else { "0" };
    let f = p.grade(wrong, 2);
    let j: Value = serde_json::from_str(&grade_json(4, "vua", 3, wrong, 2).unwrap()).unwrap();
    assert_eq!(j["dung"], f.ok());
    assert_eq!(j["thong_bao"], f.message);
    assert_eq!(
        j["loi_giai"].as_str(),
        f.solution.as_ref().map(|s| s.text()).as_deref()
    );
}

#[test]
fn bad_chapter_or_level_is_a_vietnamese_error() {
    let e = card_json(0, "de", 1).unwrap_err().to_string();
    assert!(e.contains("không có chương 0"), "{e}");
    let e = grade_json(3, "rat-kho", 1, "1", 0).unwrap_err().to_string();
    assert!(e.contains("mức `rat-kho` không hợp lệ"), "{e}");
}

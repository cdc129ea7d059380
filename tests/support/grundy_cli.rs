//! Chạy lệnh `caytrochoi grundy …` thật và đọc kết quả JSON, dùng chung cho
//! `tests/cli_grundy.rs`, `tests/cli_grundy_mid_game.rs` và `tests/cli_grundy_nim_dam.rs` (cả hai khai báo `mod common;`).

use caytrochoi::grundy::Outcome;
use serde_json::Value;

/// Chạy `caytrochoi grundy ARGS`: (mã thoát, đầu ra chuẩn, đầu ra lỗi).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let all: Vec<&str> = std::iter::once("grundy")
        .chain(args.iter().copied())
        .collect();
    crate::common::run(&all, "")
}

/// Chạy `caytrochoi grundy ARGS --json`: mã thoát 0 và đúng một dòng JSON.
pub fn json_of(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert_eq!(out.trim().lines().count(), 1, "đúng một dòng JSON: {out}");
    serde_json::from_str(out.trim()).expect("JSON hợp lệ")
}

/// Các trường chung của một trạng thái phải khớp với giá trị Grundy `g`.
pub fn assert_verdict(v: &Value, g: u32) {
    let o = Outcome::from_grundy(g);
    assert_eq!(v["grundy"], g, "{v}");
    assert_eq!(v["first_player_wins"], g != 0, "{v}");
    assert_eq!(v["classification"], o.lecture_code(), "{v}");
    assert_eq!(v["lecture_name"], o.lecture_name(), "{v}");
    assert_eq!(v["pn"], o.pn_name(), "{v}");
}

/// `caytrochoi grundy ARGS` với đầu vào sai: mã thoát 2, một câu "Lỗi: …" nhắc
/// tới `needle` (cái sai ở đâu), không bao giờ panic.
#[allow(dead_code)] // cli_grundy_nim_dam không thử đầu vào sai
pub fn assert_refused(args: &[&str], needle: &str) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out}");
    assert!(err.starts_with("Lỗi: "), "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: {err} (cần nhắc tới {needle})"
    );
    assert!(!err.contains("panicked"), "{err}");
}

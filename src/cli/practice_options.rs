//! Các tùy chọn chung của `luyen-tap` và `de-bai`: chương, mức, hạt giống.

use super::CliError;
use crate::args::Args;
use crate::practice::{Kind, Level, Topic};

/// Đọc `--chuong 3,4` (mặc định: `default`).
pub(crate) fn topics(args: &mut Args, default: &[Topic]) -> Result<Vec<Topic>, CliError> {
    let Some(text) = args.value("--chuong")? else {
        return Ok(default.to_vec());
    };
    let mut out = Vec::new();
    for part in text.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
        let Some(t) = Topic::parse(part) else {
            return Err(CliError::new(format!(
                "giá trị của --chuong không hợp lệ: `{}` trong `{text}` (cần các số chương 1…7, cách nhau bởi dấu phẩy, ví dụ `--chuong 3,4`)",
                part.trim()
            )));
        };
        if !out.contains(&t) {
            out.push(t);
        }
    }
    if out.is_empty() {
        return Err(CliError::new(
            "--chuong cần ít nhất một số chương (1…7), ví dụ `--chuong 4`",
        ));
    }
    Ok(out)
}

/// Đọc `--muc de|vua|kho` (mặc định: vừa).
pub(crate) fn level(args: &mut Args) -> Result<Level, CliError> {
    Ok(args
        .parsed("--muc", "`de`, `vua` hoặc `kho`", Level::parse)?
        .unwrap_or(Level::Medium))
}

/// Đọc `--hat-giong N` (không có: `None`), như trang sách đọc hạt giống
/// ([`crate::practice::parse_seed`]): một hạt giống in ở dòng lệnh mở được
/// đúng bài ấy trong trang.
pub(crate) fn seed(args: &mut Args) -> Result<Option<u64>, CliError> {
    let expected = format!(
        "một số tự nhiên từ 0 đến {}, ví dụ `--hat-giong 2024`",
        crate::practice::MAX_SEED
    );
    Ok(args.parsed("--hat-giong", &expected, |t| {
        crate::practice::parse_seed(t).ok()
    })?)
}

/// Đọc `--dang MÃ` (một dạng bài; không có: `None`).
pub(crate) fn kind(args: &mut Args) -> Result<Option<Kind>, CliError> {
    let codes: Vec<String> = Kind::all().iter().map(|k| k.code()).collect();
    let expected = format!("một trong: {}", codes.join(", "));
    Ok(args.parsed("--dang", &expected, Kind::parse)?)
}

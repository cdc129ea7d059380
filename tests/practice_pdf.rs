//! `caytrochoi de-bai --pdf`: đề và đáp án được in thành PDF bằng Chromium không
//! giao diện; mỗi trang được vẽ lại thành ảnh PNG (pdftoppm của poppler-utils) và
//! phải có nội dung thật (không trắng trơn, không đen kín).
//!
//! Cần `/usr/bin/chromium` và `pdftoppm` (Debian: chromium, poppler-utils);
//! `make test` tự cài khi chạy với quyền root trên máy mới. Thiếu một trong hai
//! thì `cargo test` bỏ qua kiểm thử này và in lý do; `make test` đặt
//! `CAYTROCHOI_REQUIRE_BROWSER=1`, khi đó thiếu công cụ là kiểm thử thất bại.

mod common;

use std::path::Path;
use std::process::Command;

/// Tỉ lệ điểm ảnh "có mực" (tối hơn nền giấy) của một ảnh PNG, và kích thước.
fn ink(path: &Path) -> (f64, u32, u32) {
    let decoder = png::Decoder::new(std::fs::File::open(path).expect("mở được ảnh"));
    let mut reader = decoder.read_info().expect("đọc được PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("đọc được khung ảnh");
    let channels = info.color_type.samples();
    let bytes = &buf[..info.buffer_size()];
    let pixels = bytes.len() / channels;
    let dark = bytes
        .chunks(channels)
        .filter(|p| p.iter().take(3).map(|&c| u32::from(c)).sum::<u32>() < 3 * 200)
        .count();
    (dark as f64 / pixels as f64, info.width, info.height)
}

/// Lý do không chạy được kiểm thử trên máy này (thiếu Chromium hay pdftoppm).
fn missing_tool(chromium: &str) -> Option<String> {
    if !Path::new(chromium).is_file() {
        return Some(format!(
            "cần Chromium ở {chromium} (chạy `make test`, hoặc `apt-get install chromium`)"
        ));
    }
    let pdftoppm = Command::new("pdftoppm").arg("-v").output();
    if pdftoppm.is_err() {
        return Some("cần pdftoppm (apt-get install poppler-utils)".into());
    }
    None
}

#[test]
fn sheet_and_key_pdf_pages_are_not_blank() {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if let Some(why) = missing_tool(&chromium) {
        let required = std::env::var("CAYTROCHOI_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
        assert!(!required, "CAYTROCHOI_REQUIRE_BROWSER=1 nhưng {why}");
        eprintln!("bỏ qua kiểm thử đề bài PDF: {why}");
        return;
    }
    let tmp = common::TempDir::new("pdf");
    let dir = &tmp.0;
    let (code, out, err) = common::run(
        &[
            "de-bai",
            "--so-bai",
            "6",
            "--hat-giong",
            "2024",
            "--muc",
            "vua",
            "--chuong",
            "3,4,5,6",
            "--thu-muc",
            dir.to_str().unwrap(),
            "--pdf",
            "--chromium",
            &chromium,
        ],
        "",
    );
    assert_eq!(code, 0, "{out}{err}");
    for name in ["de-bai-2024", "dap-an-2024"] {
        let pdf = dir.join(format!("{name}.pdf"));
        let head = std::fs::read(&pdf).expect("có tệp PDF");
        assert!(head.starts_with(b"%PDF-"), "{name}.pdf không phải PDF");
        let prefix = dir.join(name);
        let status = Command::new("pdftoppm")
            .args(["-r", "40", "-png"])
            .arg(&pdf)
            .arg(&prefix)
            .status()
            .expect("cần pdftoppm (apt-get install poppler-utils)");
        assert!(status.success());
        let mut pages: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let f = p.file_name().unwrap().to_string_lossy().into_owned();
                f.starts_with(&format!("{name}-")) && f.ends_with(".png")
            })
            .collect();
        pages.sort();
        assert!(pages.len() >= 2, "{name}: chỉ có {} trang", pages.len());
        for page in &pages {
            let (ink, w, h) = ink(page);
            // Khổ A4 dọc: cao hơn rộng khoảng √2 lần.
            assert!(
                (h as f64 / w as f64 - 1.414).abs() < 0.05,
                "{}: {w}×{h}",
                page.display()
            );
            assert!(
                ink > 0.004 && ink < 0.5,
                "{}: tỉ lệ mực {ink:.4} — trang trắng trơn hay đen kín?",
                page.display()
            );
        }
    }
}

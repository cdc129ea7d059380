//! Mã Rust của sách chạy được, và kết quả ghi sẵn trong sách đúng là kết quả
//! thật: mọi khối ```` ```rust ```` của `book/src/*.md` được biên dịch và chạy
//! bằng đúng bộ bọc của trình chạy trong trang (`caytrochoi::runner`), **giữ**
//! các phép kiểm tra ẩn (`# assert_eq!(…)`) như doctest; khối nào không biên
//! dịch được, hay một phép kiểm tra sai, là lỗi. Nếu ngay sau khối có một khối
//! ```` ```text ```` thì đầu ra chuẩn (bỏ các hình) phải trùng với khối đó (so
//! từng dòng, bỏ khoảng trắng cuối dòng).
//!
//! Đây là kiểm tra DUY NHẤT của mã trong sách (các chương không còn được đưa vào
//! làm doctest: mỗi khối từng bị biên dịch hai lần). Vì vậy khối `no_run` hay
//! `compile_fail` không được dùng trong sách: kiểm thử này không chạy chúng; chỉ
//! `ignore` được phép, cho các đoạn `{{#include}}` mã của crate (đã được kiểm
//! thử cùng thư viện).

use caytrochoi::runner::block::{book_blocks, unhide};
use caytrochoi::runner::engine::{Engine, Settings, Status, Toolchain};
use std::path::Path;

fn normalise(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.join("\n").trim_end_matches('\n').to_string()
}

#[test]
fn every_recorded_output_is_the_real_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let toolchain = Toolchain::locate(root).expect("tìm được rustc và bản dựng của crate");
    let mut settings = Settings {
        cache_entries: 0,
        ..Settings::default()
    };
    // Như `make test`: khối chạy lâu (carô đầy đủ) vẫn phải xong.
    settings.program.wall = std::time::Duration::from_secs(120);
    settings.program.cpu_seconds = 120;
    let engine = Engine::new(toolchain, settings).expect("tạo được thư mục tạm");
    let mut chapters: Vec<_> = std::fs::read_dir(root.join("book/src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    let (mut checked, mut ran, mut problems) = (0, 0, Vec::new());
    for chapter in &chapters {
        let name = chapter.file_name().unwrap().to_string_lossy().into_owned();
        let markdown = std::fs::read_to_string(chapter).unwrap();
        for block in book_blocks(&markdown) {
            if !block.runs() {
                let include_only = block.attrs.iter().any(|a| a == "ignore")
                    && block.code.trim_start().starts_with("{{#include");
                if !include_only {
                    problems.push(format!(
                        "{name}:{}: khối {:?} không được chạy; trong sách chỉ khối `ignore` chứa một `{{{{#include …}}}}` mới được bỏ qua",
                        block.line, block.attrs
                    ));
                }
                continue;
            }
            // `unhide`: các phép kiểm tra ẩn (`# assert_eq!(…)`) thành dòng thường,
            // nên được giữ và chạy như doctest (trang bỏ chúng khi sinh viên chạy).
            let r = engine.run(&unhide(&block.code), &mut |_| {});
            ran += 1;
            if r.status != Status::Ok {
                problems.push(format!(
                    "{name}:{}: khối không chạy được ({:?}): {}\n{}{}",
                    block.line,
                    r.status,
                    r.headline.clone().unwrap_or_default(),
                    r.compile
                        .as_ref()
                        .map(|c| c.rendered.clone())
                        .unwrap_or_default(),
                    r.stderr
                ));
                continue;
            }
            if let Some((line, expected)) = &block.recorded {
                checked += 1;
                let (got, want) = (normalise(&r.text()), normalise(expected));
                if got != want {
                    problems.push(format!(
                        "{name}:{line}: kết quả ghi sẵn khác kết quả thật của khối ở dòng {}.\n--- ghi sẵn\n{want}\n--- thật\n{got}\n",
                        block.line
                    ));
                }
            }
        }
    }
    eprintln!("{ran} khối đã chạy, {checked} kết quả ghi sẵn đã so.");
    assert!(ran > 0 && checked > 0, "không tìm thấy khối nào");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

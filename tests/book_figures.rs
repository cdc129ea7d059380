//! Hình của sách không được cũ: vẽ lại mọi hình trong `book/figures.rs` và so
//! từng byte với tệp đã ghi trong `book/src/figures/`; mọi hình được sách dùng
//! và mọi chỗ sách nhắc tới hình đều có tệp.

#[path = "../book/figures.rs"]
mod figures;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn book_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src")
}

/// Các chương (`book/src/*.md`) cùng nội dung.
fn chapters() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(book_src()).expect("đọc được thư mục book/src") {
        let path = entry.expect("đọc được thư mục book/src").path();
        if path.extension().is_some_and(|e| e == "md") {
            let text = std::fs::read_to_string(&path).expect("đọc được chương");
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            out.push((name, text));
        }
    }
    out.sort();
    out
}

/// Tên các hình sách nhắc tới: `figures/TÊN.svg` (thẻ ảnh) và `HÌNH: TÊN.svg`
/// (dấu chỗ chưa thay), kèm chương.
fn referenced() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (chapter, text) in chapters() {
        for line in text.lines() {
            let mut rest = line;
            while let Some(i) = rest.find("figures/") {
                let after = &rest[i + "figures/".len()..];
                let end = after
                    .find(|c: char| c == '"' || c == ')' || c == '\'' || c.is_whitespace())
                    .unwrap_or(after.len());
                out.push((chapter.clone(), after[..end].to_string()));
                rest = &after[end..];
            }
            if let Some(i) = line.find("HÌNH:") {
                let after = line[i + "HÌNH:".len()..].trim_start();
                let end = after.find('|').unwrap_or(after.len());
                out.push((chapter.clone(), after[..end].trim().to_string()));
            }
        }
    }
    out
}

#[test]
fn committed_figures_are_up_to_date() {
    let dir = book_src().join("figures");
    let all = figures::all().expect("vẽ được mọi hình của sách");
    let mut names = BTreeSet::new();
    for (name, fig) in &all {
        assert!(names.insert(*name), "hai hình cùng tên {name}");
        let path = dir.join(name);
        let on_disk = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("chưa có tệp hình {name}: chạy `make figures`"));
        assert!(
            on_disk == fig.svg(),
            "hình {name} đã cũ: chạy `make figures`"
        );
    }
    // Không còn tệp SVG thừa (hình đã bỏ khỏi book/figures.rs).
    for entry in std::fs::read_dir(&dir).expect("có thư mục book/src/figures") {
        let file = entry.unwrap().file_name().to_string_lossy().into_owned();
        if file.ends_with(".svg") {
            assert!(
                names.contains(file.as_str()),
                "tệp {file} không còn trong book/figures.rs: chạy `make figures` để xóa"
            );
        }
    }
}

#[test]
fn figures_are_deterministic() {
    let a = figures::all().expect("vẽ được mọi hình của sách");
    let b = figures::all().expect("vẽ được mọi hình của sách");
    for ((name, x), (_, y)) in a.iter().zip(&b) {
        assert!(
            x.svg() == y.svg(),
            "hình {name} vẽ hai lần cho hai kết quả khác nhau"
        );
    }
}

#[test]
fn every_reference_has_a_figure_and_every_figure_is_used() {
    let all = figures::all().expect("vẽ được mọi hình của sách");
    let names: BTreeSet<&str> = all.iter().map(|(n, _)| *n).collect();
    let refs = referenced();
    for (chapter, name) in &refs {
        assert!(
            names.contains(name.as_str()),
            "{chapter} nhắc tới hình {name} nhưng book/figures.rs không vẽ hình này"
        );
    }
    for name in &names {
        assert!(
            refs.iter().any(|(_, r)| r == name),
            "hình {name} không được chương nào dùng"
        );
    }
}

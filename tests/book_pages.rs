//! Quy ước trình bày của sách, kiểm bằng máy:
//! - hình có chú thích đánh số "Hình N.k." và bài tập đánh số "**Bài N.k.**",
//!   N là số chương (từ tên tệp `chNN-…`), k tăng dần từ 1;
//! - mỗi bài tập ghi mức độ `*(Dễ)*`, `*(Vừa)*` hay `*(Khó)*` ngay sau tên bài, và
//!   trong một chương các bài xếp từ dễ đến khó (cả năm bài tập của bài giảng ở
//!   chương 5, mỗi bài có gợi ý và lời giải gấp lại);
//! - lời văn của lời nói đầu và các chương 1–4 dùng từ tiếng Việt thay cho
//!   "crate", "token", "trait" (tên trong mã, đặt trong dấu `, thì giữ nguyên), và
//!   không còn ghi chú về việc làm tài liệu ("bị mất khi chuyển đổi").

use std::path::Path;

/// Các chương: (tên tệp, số chương nếu có, nội dung).
fn chapters() -> Vec<(String, Option<u32>, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let number = name
            .strip_prefix("ch")
            .and_then(|r| r.get(..2))
            .and_then(|d| d.parse().ok());
        out.push((name, number, std::fs::read_to_string(&path).unwrap()));
    }
    out.sort();
    out
}

/// Các dòng lời văn: bỏ các khối mã có hàng rào và mã trong dấu `…`.
fn prose(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut kept = String::new();
        for (k, part) in line.split('`').enumerate() {
            if k % 2 == 0 {
                kept.push_str(part);
                kept.push(' ');
            }
        }
        out.push((i + 1, kept));
    }
    out
}

#[test]
fn figures_and_exercises_are_numbered_by_chapter() {
    for (name, number, text) in chapters() {
        let Some(n) = number else { continue };
        let (mut figure, mut exercise) = (0, 0);
        for (line, words) in prose(&text) {
            let mut rest = words.as_str();
            while let Some(i) = rest.find("<figcaption>") {
                rest = &rest[i + "<figcaption>".len()..];
                figure += 1;
                let want = format!("Hình {n}.{figure}. ");
                assert!(
                    rest.starts_with(&want),
                    "{name}:{line}: chú thích hình phải bắt đầu bằng \"{want}\""
                );
            }
            if let Some(rest) = words.strip_prefix("**Bài ") {
                exercise += 1;
                let want = format!("{n}.{exercise}.");
                assert!(
                    rest.starts_with(&want),
                    "{name}:{line}: bài tập phải đánh số \"Bài {want}\""
                );
            }
        }
    }
}

#[test]
fn chapters_one_to_four_speak_vietnamese() {
    const ENGLISH: [&str; 3] = ["crate", "token", "trait"];
    const PRODUCTION: [&str; 2] = ["bị mất khi chuyển đổi", "chuyển đổi tài liệu"];
    let mut found = Vec::new();
    for (name, number, text) in chapters() {
        let ours = name == "gioi-thieu.md" || number.is_some_and(|n| (1..=4).contains(&n));
        if !ours {
            continue;
        }
        for (line, words) in prose(&text) {
            let lower = words.to_lowercase();
            for w in lower.split(|c: char| !c.is_alphanumeric()) {
                if ENGLISH.contains(&w) {
                    found.push(format!("{name}:{line}: \"{w}\""));
                }
            }
            for p in PRODUCTION {
                if lower.contains(p) {
                    found.push(format!("{name}:{line}: \"{p}\""));
                }
            }
        }
    }
    assert!(found.is_empty(), "từ cần thay:\n{}", found.join("\n"));
}

/// Mức độ ghi ngay đầu `text` (sau khi bỏ khoảng trắng): 0 dễ, 1 vừa, 2 khó.
fn level(text: &str) -> Option<u8> {
    let text = text.trim_start();
    [("*(Dễ)*", 0), ("*(Vừa)*", 1), ("*(Khó)*", 2)]
        .into_iter()
        .find(|(label, _)| text.starts_with(label))
        .map(|(_, l)| l)
}

#[test]
fn exercises_carry_a_level_and_go_from_easy_to_hard() {
    let mut counted = 0;
    for (name, number, text) in chapters() {
        if number.is_none() {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        // Bài tập cuối chương: "**Bài N.k. Tên.** *(Mức)* …".
        let mut last = 0;
        // Bài tập của bài giảng: "### Tên (bài k của bài giảng)", đoạn đầu bắt đầu bằng mức.
        let mut last_lecture = 0;
        for (i, line) in lines.iter().enumerate() {
            if let Some(rest) = line.strip_prefix("**Bài ") {
                let close = rest.find("**").expect("tên bài in đậm phải đóng");
                let l = level(&rest[close + 2..]).unwrap_or_else(|| {
                    panic!("{name}:{}: bài tập thiếu mức *(Dễ)*/*(Vừa)*/*(Khó)*", i + 1)
                });
                assert!(l >= last, "{name}:{}: bài tập dễ hơn bài trước nó", i + 1);
                last = l;
                counted += 1;
            }
            if line.starts_with("### ") && line.ends_with("của bài giảng)") {
                let first = lines[i + 1..]
                    .iter()
                    .find(|l| !l.trim().is_empty())
                    .unwrap();
                let l = level(first)
                    .unwrap_or_else(|| panic!("{name}:{}: bài của bài giảng thiếu mức", i + 1));
                assert!(
                    l >= last_lecture,
                    "{name}:{}: bài dễ hơn bài trước nó",
                    i + 1
                );
                last_lecture = l;
                let body: String = lines[i + 1..]
                    .iter()
                    .take_while(|l| !l.starts_with("## ") && !l.starts_with("### "))
                    .map(|l| format!("{l}\n"))
                    .collect();
                for fold in [
                    "<details><summary>Gợi ý 1</summary>",
                    "<details><summary>Gợi ý 2</summary>",
                    "<details><summary>Lời giải</summary>",
                ] {
                    assert!(body.contains(fold), "{name}:{}: thiếu {fold}", i + 1);
                }
                counted += 1;
            }
        }
    }
    assert!(counted >= 30, "chỉ thấy {counted} bài tập");
}

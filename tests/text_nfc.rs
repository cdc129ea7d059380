//! Chữ tiếng Việt phải ở dạng dựng sẵn (NFC): mọi chữ cái tiếng Việt đều có dạng
//! một ký tự, nên văn bản NFC không bao giờ chứa dấu kết hợp (U+0300 … U+036F).
//! Dấu kết hợp xuất hiện nghĩa là văn bản bị tách dấu (NFD), hiển thị và tìm
//! kiếm sẽ sai.

use std::path::{Path, PathBuf};

fn text_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            // Bỏ qua thư mục ẩn, thư mục biên dịch và sách đã dựng (book/book).
            let skip = name.starts_with('.') || name == "target" || p.ends_with("book/book");
            if !skip {
                text_files(&p, out);
            }
        } else if ["rs", "md", "ipynb", "toml", "py", "svg"]
            .iter()
            .any(|ext| name.ends_with(&format!(".{ext}")))
        {
            out.push(p);
        }
    }
}

#[test]
fn all_text_is_nfc() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md"), root.join("Makefile")];
    for d in ["src", "tests", "benches", "examples", "book", "notebooks"] {
        text_files(&root.join(d), &mut files);
    }
    assert!(files.len() > 20, "tìm thấy quá ít tệp: {}", files.len());
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if let Some(c) = line.chars().find(|c| ('\u{300}'..='\u{36f}').contains(c)) {
                panic!(
                    "{}:{}: có dấu kết hợp U+{:04X} — hãy chuyển văn bản sang dạng NFC",
                    f.display(),
                    n + 1,
                    c as u32
                );
            }
        }
    }
}

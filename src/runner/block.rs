//! Một khối mã của sách, chuẩn bị để biên dịch **đúng như doctest** (`make test`).
//!
//! Quy tắc của rustdoc mà trang sách và `make test` cùng dùng:
//! - dòng bắt đầu bằng `# ` (hoặc chỉ có `#`) bị ẩn khi đọc sách nhưng vẫn được
//!   biên dịch (bỏ tiền tố `# `); `##` viết ra một dấu `#` thật;
//! - khối không có `fn main` được bọc trong `fn main() { … }`; nếu khối kết thúc
//!   bằng `(())` (ví dụ `Ok::<(), Box<dyn Error>>(())`) thì thân là một hàm trả về
//!   `Result`, và lỗi làm chương trình dừng như `unwrap()`;
//! - các thuộc tính của crate (`#![…]`) đứng đầu khối giữ nguyên chỗ;
//! - crate có tên `caytrochoi`; cảnh báo "không dùng tới" (`unused`) được tắt.
//!
//! Dòng bọc `fn main() {` được chèn thành **một dòng riêng**, nên số dòng mà trình
//! biên dịch báo được dịch lại về số dòng của khối ([`Prepared::user_line`]).

/// Mã đã bọc, sẵn sàng đưa cho `rustc`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// Toàn bộ tệp nguồn.
    pub source: String,
    /// Số dòng (tính từ 1) của dòng bọc `fn main() {` đã chèn, nếu có.
    pub inserted_line: Option<usize>,
}

impl Prepared {
    /// Dòng `line` của tệp nguồn ứng với dòng nào của khối mà người đọc thấy
    /// (tính từ 1). `None` nếu đó là dòng bọc do trình chạy thêm vào.
    pub fn user_line(&self, line: usize) -> Option<usize> {
        match self.inserted_line {
            Some(h) if line == h => None,
            Some(h) if line > h => Some(line - 1),
            _ => Some(line),
        }
    }
}

/// Bỏ tiền tố của các dòng ẩn: kết quả là mã đầy đủ được biên dịch.
pub fn unhide(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    for line in code.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("##") {
            out.push_str(&line.replacen("##", "#", 1));
        } else if let Some(rest) = trimmed.strip_prefix("# ") {
            out.push_str(rest);
        } else if trimmed != "#" {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// Các dòng mà người đọc thấy trong trang (bỏ các dòng ẩn).
pub fn visible(code: &str) -> String {
    let mut out = String::new();
    for line in code.lines() {
        let trimmed = line.trim();
        if trimmed == "#" || (trimmed.starts_with("# ") && !trimmed.starts_with("##")) {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Khối có tự viết hàm `main` không (như rustdoc: một dòng bắt đầu bằng `fn main`).
fn has_main(code: &str) -> bool {
    code.lines().any(|l| {
        let t = l.trim_start();
        let t = t.strip_prefix("pub ").unwrap_or(t);
        t.strip_prefix("fn main")
            .is_some_and(|rest| rest.starts_with('(') || rest.starts_with(' '))
    })
}

/// Dòng thuộc phần đầu khối được giữ nguyên chỗ: trống, chú thích, `#![…]`.
fn is_header_line(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with("//") || (t.starts_with("#![") && t.ends_with(']'))
}

/// Bọc khối (đã có hoặc chưa bỏ tiền tố `# `) thành một chương trình.
pub fn prepare(code: &str) -> Prepared {
    let code = unhide(code);
    if has_main(&code) {
        return Prepared {
            source: code,
            inserted_line: None,
        };
    }
    let lines: Vec<&str> = code.lines().collect();
    let head = lines.iter().take_while(|l| is_header_line(l)).count();
    let returns_result = code.trim_end().ends_with("(())");
    let (open, close) = if returns_result {
        (
            "fn main() { fn _khoi() -> core::result::Result<(), impl core::fmt::Debug> {",
            "} _khoi().unwrap() }",
        )
    } else {
        ("fn main() {", "}")
    };
    let mut source = String::with_capacity(code.len() + 128);
    for l in &lines[..head] {
        source.push_str(l);
        source.push('\n');
    }
    source.push_str(open);
    source.push('\n');
    for l in &lines[head..] {
        source.push_str(l);
        source.push('\n');
    }
    source.push_str(close);
    source.push('\n');
    Prepared {
        source,
        inserted_line: Some(head + 1),
    }
}

/// Một khối ```` ```rust ```` trong một chương, cùng kết quả ghi sẵn ngay sau nó.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookBlock {
    /// Dòng (tính từ 1) của hàng rào mở ```` ```rust ```` trong tệp Markdown.
    pub line: usize,
    /// Các từ sau `rust` trên hàng rào (`ignore`, `no_run`, `should_panic`…).
    pub attrs: Vec<String>,
    /// Mã của khối, đúng như trong tệp (kể cả các dòng `# `).
    pub code: String,
    /// Khối ```` ```text ```` đứng ngay sau (chỉ cách bởi dòng trống): kết quả
    /// ghi sẵn của khối mã, và dòng hàng rào mở của nó.
    pub recorded: Option<(usize, String)>,
}

impl BookBlock {
    /// Khối có được chạy trong `make test` (và trong trang) không.
    pub fn runs(&self) -> bool {
        !self
            .attrs
            .iter()
            .any(|a| a == "ignore" || a == "no_run" || a == "compile_fail")
    }
}

/// Một khối mã có hàng rào trong Markdown.
struct Fenced {
    line: usize,
    lang: String,
    body: String,
    end_line: usize,
}

fn fenced_blocks(markdown: &str) -> Vec<Fenced> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String, String, usize, char)> = None;
    for (i, line) in markdown.lines().enumerate() {
        let t = line.trim_start();
        let fence_char = t.chars().next().filter(|c| *c == '`' || *c == '~');
        let fence_len = fence_char.map_or(0, |c| t.chars().take_while(|x| *x == c).count());
        match &mut open {
            None if fence_len >= 3 => {
                let info = t[fence_len..].trim().to_string();
                open = Some((i + 1, info, String::new(), fence_len, fence_char.unwrap()));
            }
            None => {}
            Some((start, info, body, len, ch)) => {
                if fence_char == Some(*ch) && fence_len >= *len && t[fence_len..].trim().is_empty()
                {
                    out.push(Fenced {
                        line: *start,
                        lang: std::mem::take(info),
                        body: std::mem::take(body),
                        end_line: i + 1,
                    });
                    open = None;
                } else {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
    }
    out
}

/// Mọi khối Rust của một chương Markdown, theo thứ tự, kèm kết quả ghi sẵn.
///
/// Quy ước của sách: một khối ```` ```text ```` đứng ngay sau một khối
/// ```` ```rust ```` (giữa chúng chỉ có dòng trống) là kết quả khối đó in ra.
pub fn book_blocks(markdown: &str) -> Vec<BookBlock> {
    let lines: Vec<&str> = markdown.lines().collect();
    let fenced = fenced_blocks(markdown);
    let mut out = Vec::new();
    for (k, f) in fenced.iter().enumerate() {
        let mut words = f
            .lang
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty());
        if words.next() != Some("rust") {
            continue;
        }
        let attrs = words.map(str::to_string).collect();
        let recorded = fenced.get(k + 1).and_then(|next| {
            let gap = &lines[f.end_line..next.line - 1];
            let is_text = next.lang.split(',').next() == Some("text");
            (is_text && gap.iter().all(|l| l.trim().is_empty()))
                .then(|| (next.line, next.body.clone()))
        });
        out.push(BookBlock {
            line: f.line,
            attrs,
            code: f.body.clone(),
            recorded,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hidden_lines_follow_rustdoc() {
        let code = "# use std::fmt;\n#\nlet x = 1;\n    # let y = 2;\n## not hidden\n#[derive(Debug)] struct S;\n";
        assert_eq!(
            unhide(code),
            "use std::fmt;\n\nlet x = 1;\nlet y = 2;\n# not hidden\n#[derive(Debug)] struct S;\n"
        );
        assert_eq!(
            visible(code),
            "let x = 1;\n## not hidden\n#[derive(Debug)] struct S;\n"
        );
    }

    #[test]
    fn implicit_main_on_its_own_line() {
        let p = prepare(
            "// chú thích\n#![allow(dead_code)]\nuse caytrochoi::GameTree;\nprintln!(\"x\");\n",
        );
        assert_eq!(
            p.source,
            "// chú thích\n#![allow(dead_code)]\nfn main() {\nuse caytrochoi::GameTree;\nprintln!(\"x\");\n}\n"
        );
        assert_eq!(p.inserted_line, Some(3));
        assert_eq!(
            [1, 2, 3, 4, 5].map(|l| p.user_line(l)),
            [Some(1), Some(2), None, Some(3), Some(4)]
        );
    }

    #[test]
    fn result_blocks_and_explicit_main() {
        let p = prepare("let v: i32 = \"4\".parse()?;\nOk::<(), std::num::ParseIntError>(())\n");
        assert!(p.source.starts_with(
            "fn main() { fn _khoi() -> core::result::Result<(), impl core::fmt::Debug> {\n"
        ));
        assert!(p.source.ends_with("} _khoi().unwrap() }\n"));
        let m = prepare("fn helper() {}\nfn main() {\n    helper();\n}\n");
        assert_eq!(m.inserted_line, None);
        assert_eq!(m.user_line(3), Some(3));
        assert!(!has_main("fn mainly() {}"));
    }

    #[test]
    fn blocks_with_their_recorded_output() {
        let md = "# Chương\n\n```rust\nprintln!(\"a\");\n```\n\n```text\na\n```\n\nChữ.\n\n```rust,ignore\nx\n```\nChữ xen giữa.\n```text\nkhông phải kết quả\n```\n\n````rust\nlet s = \"```\";\n````\n";
        let b = book_blocks(md);
        assert_eq!(b.len(), 3);
        assert_eq!(b[0].line, 3);
        assert_eq!(b[0].code, "println!(\"a\");\n");
        assert_eq!(b[0].recorded, Some((7, "a\n".to_string())));
        assert_eq!(b[1].attrs, ["ignore"]);
        assert!(!b[1].runs());
        assert_eq!(b[1].recorded, None);
        assert_eq!(b[2].code, "let s = \"```\";\n");
    }
}

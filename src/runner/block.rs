//! Một khối mã của sách, chuẩn bị để biên dịch như doctest (`make test`), trừ
//! các phép kiểm tra ẩn.
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
//! Khác doctest một điều: các **phép kiểm tra ẩn** (`# assert!(…)`,
//! `# assert_eq!(…)`, `# assert_ne!(…)`) bị bỏ (`is_hidden_check`). Chúng có
//! để `cargo test --doc` kiểm tra con số của sách; khi sinh viên sửa ví dụ rồi
//! chạy, một phép kiểm tra mà họ không nhìn thấy không được làm chương trình dừng.
//!
//! Số dòng mà trình biên dịch báo được dịch lại về **số dòng sinh viên thấy**
//! trong trang (bỏ qua các dòng ẩn và dòng bọc `fn main() {`):
//! [`Prepared::user_line`], [`Prepared::place`].

/// Một dòng của tệp nguồn đến từ đâu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Dòng thứ `n` (từ 1) mà sinh viên thấy trong khối.
    Visible(usize),
    /// Một dòng ẩn (`# `) của sách, nằm sau dòng nhìn thấy thứ `after`
    /// (0: trước mọi dòng nhìn thấy).
    Hidden { after: usize },
    /// Dòng do trình chạy thêm vào (bọc `fn main`).
    Added,
}

/// Mã đã bọc, sẵn sàng đưa cho `rustc`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// Toàn bộ tệp nguồn.
    pub source: String,
    /// Số dòng (tính từ 1) của dòng bọc `fn main() {` đã chèn, nếu có.
    pub inserted_line: Option<usize>,
    /// Nguồn gốc của từng dòng của `source` (phần tử 0 là dòng 1).
    pub origins: Vec<Origin>,
}

impl Prepared {
    /// Dòng `line` của tệp nguồn (từ 1) đến từ đâu.
    pub fn place(&self, line: usize) -> Origin {
        line.checked_sub(1)
            .and_then(|i| self.origins.get(i))
            .copied()
            .unwrap_or(Origin::Added)
    }

    /// Dòng `line` của tệp nguồn ứng với dòng nào của khối mà người đọc thấy
    /// (tính từ 1). `None` nếu đó là dòng ẩn hoặc dòng bọc do trình chạy thêm.
    pub fn user_line(&self, line: usize) -> Option<usize> {
        match self.place(line) {
            Origin::Visible(n) => Some(n),
            _ => None,
        }
    }

    /// Lời tiếng Việt chỉ chỗ của dòng `line` cho sinh viên: "dòng 5", "một dòng
    /// ẩn của sách, sau dòng 5", "cuối khối" (dòng bọc `fn main` do trình chạy thêm).
    pub fn describe(&self, line: usize) -> String {
        match self.place(line) {
            Origin::Visible(n) => format!("dòng {n}"),
            Origin::Hidden { after: 0 } => "một dòng ẩn của sách, trước dòng 1".to_string(),
            Origin::Hidden { after } => format!("một dòng ẩn của sách, sau dòng {after}"),
            Origin::Added => "cuối khối".to_string(),
        }
    }
}

/// Phép kiểm tra ẩn: dòng ẩn bắt đầu bằng `assert!`, `assert_eq!`, `assert_ne!`
/// (hay bản `debug_` của chúng). `text` là dòng đã bỏ tiền tố `# `.
pub(crate) fn is_hidden_check(text: &str) -> bool {
    let t = text.trim_start();
    let t = t.strip_prefix("debug_").unwrap_or(t);
    ["assert!", "assert_eq!", "assert_ne!"]
        .iter()
        .any(|m| t.starts_with(m))
}

/// Dòng của khối sau khi bỏ tiền tố `# `: nội dung và nguồn gốc.
fn lines_with_origin(code: &str, drop_checks: bool) -> Vec<(String, Origin)> {
    let mut out = Vec::new();
    let mut shown = 0;
    // Độ sâu ngoặc còn mở của một phép kiểm tra ẩn viết trên nhiều dòng.
    let mut open_check: i64 = 0;
    for line in code.lines() {
        let trimmed = line.trim();
        let (text, hidden) = if trimmed.starts_with("##") {
            (line.replacen("##", "#", 1), false)
        } else if let Some(rest) = trimmed.strip_prefix("# ") {
            (rest.to_string(), true)
        } else if trimmed == "#" {
            (String::new(), true)
        } else {
            (line.to_string(), false)
        };
        if hidden && drop_checks && (open_check > 0 || is_hidden_check(&text)) {
            open_check += bracket_balance(&text);
            continue;
        }
        open_check = 0;
        let origin = if hidden {
            Origin::Hidden { after: shown }
        } else {
            shown += 1;
            Origin::Visible(shown)
        };
        out.push((text, origin));
    }
    out
}

/// Số ngoặc mở trừ số ngoặc đóng (bỏ qua ngoặc trong chuỗi, đủ cho một dòng
/// `assert_eq!(…)` của sách).
fn bracket_balance(text: &str) -> i64 {
    let mut depth = 0;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '/' if chars.peek() == Some(&'/') => break, // chú thích tới cuối dòng
            _ => {}
        }
    }
    depth
}

/// Bỏ tiền tố của các dòng ẩn: kết quả là mã đầy đủ mà doctest biên dịch (kể
/// cả các phép kiểm tra ẩn).
pub fn unhide(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    for (text, _) in lines_with_origin(code, false) {
        out.push_str(&text);
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

/// Bọc khối (đã có hoặc chưa bỏ tiền tố `# `) thành một chương trình, bỏ các
/// phép kiểm tra ẩn (`is_hidden_check`).
pub fn prepare(code: &str) -> Prepared {
    let lines = lines_with_origin(code, true);
    let mut body = String::with_capacity(code.len());
    for (text, _) in &lines {
        body.push_str(text);
        body.push('\n');
    }
    let origins: Vec<Origin> = lines.iter().map(|(_, o)| *o).collect();
    if has_main(&body) {
        return Prepared {
            source: body,
            inserted_line: None,
            origins,
        };
    }
    let head = lines.iter().take_while(|(l, _)| is_header_line(l)).count();
    let returns_result = body.trim_end().ends_with("(())");
    let (open, close) = if returns_result {
        (
            "fn main() { fn _khoi() -> core::result::Result<(), impl core::fmt::Debug> {",
            "} _khoi().unwrap() }",
        )
    } else {
        ("fn main() {", "}")
    };
    let mut source = String::with_capacity(body.len() + 128);
    let mut wrapped = Vec::with_capacity(origins.len() + 2);
    for (k, (text, origin)) in lines.iter().enumerate() {
        if k == head {
            source.push_str(open);
            source.push('\n');
            wrapped.push(Origin::Added);
        }
        source.push_str(text);
        source.push('\n');
        wrapped.push(*origin);
    }
    if head == lines.len() {
        source.push_str(open);
        source.push('\n');
        wrapped.push(Origin::Added);
    }
    source.push_str(close);
    source.push('\n');
    wrapped.push(Origin::Added);
    Prepared {
        source,
        inserted_line: Some(head + 1),
        origins: wrapped,
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
    fn hidden_checks_are_dropped_and_lines_counted_as_seen() {
        let code = "# use caytrochoi::GameTree;\nlet x = 1;\n# assert_eq!(x, 1); // (kiểm tra\n# let y = x + 1;\n#   assert!(\n#       y == 2,\n#   );\nprintln!(\"{y}\");\n";
        let p = prepare(code);
        assert_eq!(
            p.source,
            "fn main() {\nuse caytrochoi::GameTree;\nlet x = 1;\nlet y = x + 1;\nprintln!(\"{y}\");\n}\n"
        );
        assert_eq!(
            p.origins,
            [
                Origin::Added,
                Origin::Hidden { after: 0 },
                Origin::Visible(1),
                Origin::Hidden { after: 1 },
                Origin::Visible(2),
                Origin::Added,
            ]
        );
        assert_eq!([3, 5].map(|l| p.user_line(l)), [Some(1), Some(2)]);
        assert_eq!(p.describe(4), "một dòng ẩn của sách, sau dòng 1");
        assert_eq!(p.describe(6), "cuối khối");
        // doctest vẫn giữ các phép kiểm tra
        assert!(unhide(code).contains("assert_eq!(x, 1);"));
        assert!(is_hidden_check("  debug_assert_ne!(a, b);"));
        assert!(!is_hidden_check("assertion(x);"));
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

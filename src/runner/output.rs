//! Biến những gì trình biên dịch và chương trình in ra thành thứ sinh viên đọc
//! được: văn bản, hình (SVG/HTML như trong notebook), lỗi biên dịch có tiêu đề
//! tiếng Việt, và một câu tiếng Việt giải thích vì sao chương trình dừng (panic).

use super::block::{Origin, Prepared};
use serde::Serialize;

/// Một phần của đầu ra chuẩn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Part {
    /// Văn bản in bằng `print!`/`println!`.
    Text { text: String },
    /// Nội dung một giá trị tự hiện (`evcxr_display`): kiểu MIME và nội dung
    /// (SVG, HTML, văn bản). Trang sách lọc nội dung này rồi chèn vào một cây DOM
    /// riêng (shadow root) trong một khung có `contain: paint` (theme/chay-ma.js).
    Display { mime: String, content: String },
}

/// Tách đầu ra chuẩn thành văn bản và các đoạn
/// `EVCXR_BEGIN_CONTENT <mime>` … `EVCXR_END_CONTENT` (hình, bảng).
pub fn split_display(stdout: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut display: Option<(String, String)> = None;
    for line in stdout.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        match &mut display {
            None => match bare.strip_prefix("EVCXR_BEGIN_CONTENT") {
                Some(mime) if mime.is_empty() || mime.starts_with(' ') => {
                    if !text.is_empty() {
                        parts.push(Part::Text {
                            text: std::mem::take(&mut text),
                        });
                    }
                    display = Some((mime.trim().to_string(), String::new()));
                }
                _ => text.push_str(line),
            },
            Some((mime, content)) => {
                if bare == "EVCXR_END_CONTENT" {
                    parts.push(Part::Display {
                        mime: std::mem::take(mime),
                        content: std::mem::take(content).trim_end().to_string(),
                    });
                    display = None;
                } else {
                    content.push_str(line);
                }
            }
        }
    }
    // Một đoạn hình bị cắt giữa chừng (đầu ra quá dài) được trả lại dưới dạng văn bản.
    if let Some((mime, content)) = display {
        text.push_str(&format!("EVCXR_BEGIN_CONTENT {mime}\n{content}"));
    }
    if !text.is_empty() {
        parts.push(Part::Text { text });
    }
    parts
}

/// Chỉ phần văn bản của đầu ra (bỏ các hình): thứ được so với kết quả ghi sẵn.
#[cfg(test)]
fn text_only(stdout: &str) -> String {
    split_display(stdout)
        .into_iter()
        .filter_map(|p| match p {
            Part::Text { text } => Some(text),
            Part::Display { .. } => None,
        })
        .collect()
}

/// Lỗi biên dịch đã dịch số dòng về số dòng của khối.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompileReport {
    /// Số lỗi.
    pub errors: usize,
    /// Dòng, cột của lỗi đầu tiên trong khối (nếu trình biên dịch chỉ ra được).
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// Câu đầu của lỗi đầu tiên (tiếng Anh, lời của `rustc`).
    pub first_message: String,
    /// Toàn bộ lời báo lỗi của `rustc`, đã đổi số dòng.
    pub rendered: String,
    /// Các cảnh báo (nếu có), đã đổi số dòng.
    pub warnings: String,
}

impl CompileReport {
    /// Tiêu đề tiếng Việt: đây là lỗi biên dịch, ở đâu.
    pub fn headline(&self) -> String {
        let place = match (self.line, self.column) {
            (Some(l), Some(c)) => format!(" ở dòng {l}, cột {c}"),
            (Some(l), None) => format!(" ở dòng {l}"),
            _ => String::new(),
        };
        let count = if self.errors > 1 {
            format!(" (cả thảy {} lỗi)", self.errors)
        } else {
            String::new()
        };
        format!("Lỗi biên dịch{place}{count}: chương trình chưa chạy. Trình biên dịch Rust giải thích bên dưới.")
    }
}

/// Đọc lời báo dạng JSON của `rustc --error-format=json`.
pub fn compile_report(stderr: &str, prepared: &Prepared, file: &str) -> CompileReport {
    let mut report = CompileReport {
        errors: 0,
        line: None,
        column: None,
        first_message: String::new(),
        rendered: String::new(),
        warnings: String::new(),
    };
    for line in stderr.lines() {
        let Ok(diag) = serde_json::from_str::<serde_json::Value>(line) else {
            // Không phải JSON (ví dụ lỗi của trình liên kết): giữ nguyên.
            if !line.trim().is_empty() {
                report.rendered.push_str(line);
                report.rendered.push('\n');
            }
            continue;
        };
        let level = diag["level"].as_str().unwrap_or("");
        let rendered = remap_lines(diag["rendered"].as_str().unwrap_or(""), prepared, file);
        let spans = diag["spans"].as_array().cloned().unwrap_or_default();
        if level.starts_with("error") {
            if spans.is_empty()
                && diag["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("aborting"))
            {
                continue;
            }
            report.errors += 1;
            if report.errors == 1 {
                report.first_message = diag["message"].as_str().unwrap_or("").to_string();
                if let Some(span) = spans.iter().find(|s| s["is_primary"] == true) {
                    let l = span["line_start"].as_u64().unwrap_or(0) as usize;
                    report.line = prepared.user_line(l);
                    report.column = report
                        .line
                        .map(|_| span["column_start"].as_u64().unwrap_or(0) as usize);
                }
            }
            report.rendered.push_str(&rendered);
        } else if level == "warning" {
            report.warnings.push_str(&rendered);
        }
    }
    report
}

/// Đổi các số dòng trong lời báo của `rustc` (`--> main.rs:5:9`, lề `5 |`) về
/// số dòng của khối mà người đọc thấy.
pub fn remap_lines(text: &str, prepared: &Prepared, file: &str) -> String {
    let pattern = format!("{file}:");
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let mut line = line.to_string();
        // "main.rs:12:5"
        if let Some(at) = line.find(&pattern) {
            let start = at + pattern.len();
            let digits: String = line[start..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if let Ok(n) = digits.parse::<usize>() {
                match prepared.user_line(n) {
                    Some(u) => line.replace_range(start..start + digits.len(), &u.to_string()),
                    None => {
                        // Dòng ẩn hay dòng bọc: nói rõ bằng lời, bỏ cột đi kèm.
                        let mut end = start + digits.len();
                        let column: String = line[end..]
                            .strip_prefix(':')
                            .map(|r| r.chars().take_while(char::is_ascii_digit).collect())
                            .unwrap_or_default();
                        if !column.is_empty() {
                            end += 1 + column.len();
                        }
                        let what = prepared.describe(n);
                        line.replace_range(at..end, &format!("{file} ({what})"));
                    }
                }
            }
        }
        // Lề có số dòng: "12 |     let x = …", giữ nguyên bề rộng lề.
        let lead = line.len() - line.trim_start().len();
        let digits: String = line[lead..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if !digits.is_empty() && line[lead + digits.len()..].starts_with(" |") {
            if let Ok(n) = digits.parse::<usize>() {
                let shown = prepared
                    .user_line(n)
                    .map_or(String::new(), |u| u.to_string());
                let width = lead + digits.len();
                line.replace_range(0..width, &format!("{shown:>width$}"));
            }
        }
        out.push_str(&line);
    }
    out
}

/// Chương trình dừng vì `panic`: vị trí và lời nhắn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PanicReport {
    /// Dòng trong khối (nếu panic xảy ra trong khối, không phải trong crate).
    pub line: Option<usize>,
    /// Vị trí như Rust in ra (đã đổi số dòng nếu ở trong khối).
    pub location: String,
    /// Lời nhắn của panic.
    pub message: String,
    /// Một câu tiếng Việt giải thích.
    pub explanation: String,
}

/// Tìm panic trong đầu ra lỗi chuẩn của chương trình.
pub fn panic_report(stderr: &str, prepared: &Prepared, file: &str) -> Option<PanicReport> {
    let mut lines = stderr.lines();
    let head = lines
        .by_ref()
        .find(|l| l.starts_with("thread ") && l.contains(" panicked at "))?;
    let place = head.split(" panicked at ").nth(1)?.trim_end_matches(':');
    let mut message_lines = Vec::new();
    for l in lines {
        if l.starts_with("note: run with `RUST_BACKTRACE") || l.starts_with("stack backtrace:") {
            break;
        }
        message_lines.push(l);
    }
    let message = message_lines.join("\n");
    let mut line = None;
    let mut hidden_place = None;
    let mut at_wrapper = false;
    let mut location = place.to_string();
    if let Some(rest) = place.strip_prefix(&format!("{file}:")) {
        let n: usize = rest.split(':').next()?.parse().ok()?;
        line = prepared.user_line(n);
        let col = rest.split(':').nth(1).unwrap_or("");
        location = match line {
            Some(u) => format!("{file}:{u}:{col}"),
            None => format!("{file} ({})", prepared.describe(n)),
        };
        hidden_place = line.is_none().then(|| prepared.describe(n));
        at_wrapper = prepared.place(n) == Origin::Added;
    }
    let why = explain_panic(&message, prepared, at_wrapper);
    let at = match (line, hidden_place) {
        (Some(l), _) => format!(" ở dòng {l}"),
        (None, Some(what)) => format!(" ở {what}"),
        _ => String::new(),
    };
    let explanation = format!("Chương trình dừng giữa chừng{at} (panic): {why}.");
    Some(PanicReport {
        line,
        location,
        message,
        explanation,
    })
}

/// Bỏ khỏi đầu ra lỗi phần panic đã được giải thích riêng (giữ những gì chương
/// trình tự in bằng `eprintln!`).
pub fn without_panic(stderr: &str) -> String {
    let mut out = String::new();
    let mut in_panic = false;
    for line in stderr.lines() {
        if line.starts_with("thread ") && line.contains(" panicked at ") {
            in_panic = true;
            continue;
        }
        if in_panic {
            if line.starts_with("note: run with `RUST_BACKTRACE") {
                in_panic = false;
            }
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn explain_panic(message: &str, prepared: &Prepared, at_wrapper: bool) -> &'static str {
    if at_wrapper && prepared.source.contains("_khoi().unwrap()") {
        "khối trả về một lỗi (Err) qua dấu `?`"
    } else if message.starts_with("called `Result::unwrap()` on an `Err` value") {
        "`unwrap()` gặp một kết quả lỗi (Err) — thao tác trước đó đã thất bại, lời nhắn bên dưới nói vì sao"
    } else if message.starts_with("called `Option::unwrap()` on a `None` value") {
        "`unwrap()` gặp `None` — giá trị cần dùng không có"
    } else if message.contains("index out of bounds") {
        "chỉ số vượt ra ngoài độ dài của mảng hoặc vector"
    } else if message.starts_with("attempt to") && message.contains("overflow") {
        "phép tính bị tràn số: kết quả vượt quá giới hạn của kiểu số nguyên"
    } else if message.contains("divide by zero")
        || message.contains("remainder with a divisor of zero")
    {
        "chia cho 0"
    } else if message.starts_with("assertion") {
        "một phép kiểm tra `assert!` không đúng: kết quả khác với điều khối mã khẳng định"
    } else if message.starts_with("not yet implemented") || message.starts_with("not implemented") {
        "chương trình gặp `todo!()`/`unimplemented!()`: phần này chưa được viết"
    } else if message.contains("stack overflow") {
        "tràn ngăn xếp: đệ quy quá sâu, có thể là đệ quy không có điểm dừng"
    } else {
        "chương trình gọi `panic!` (hoặc `expect`) vì gặp một tình huống không thể tiếp tục"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::block::prepare;

    #[test]
    fn figures_are_separated_from_text() {
        let out = "a\nEVCXR_BEGIN_CONTENT image/svg+xml\n<svg>\n</svg>\nEVCXR_END_CONTENT\nb\n";
        assert_eq!(
            split_display(out),
            vec![
                Part::Text { text: "a\n".into() },
                Part::Display {
                    mime: "image/svg+xml".into(),
                    content: "<svg>\n</svg>".into()
                },
                Part::Text { text: "b\n".into() },
            ]
        );
        assert_eq!(text_only(out), "a\nb\n");
        // Bị cắt giữa chừng: trả lại dạng văn bản.
        let cut = "EVCXR_BEGIN_CONTENT text/html\n<table>";
        assert_eq!(
            split_display(cut),
            vec![Part::Text {
                text: "EVCXR_BEGIN_CONTENT text/html\n<table>".into()
            }]
        );
    }

    #[test]
    fn line_numbers_point_into_the_block() {
        let p = prepare("use std::fmt;\nlet x: i32 = \"a\";\n");
        let rendered = "error[E0308]: mismatched types\n --> main.rs:3:14\n  |\n3 | let x: i32 = \"a\";\n  |        ---   ^^^ expected `i32`\n";
        let fixed = remap_lines(rendered, &p, "main.rs");
        assert!(fixed.contains(" --> main.rs:2:14\n"), "{fixed}");
        assert!(fixed.contains("\n2 | let x"), "{fixed}");
        // Dòng ẩn của sách: số dòng sinh viên thấy bỏ qua nó, lời báo nói rõ.
        let h = prepare("# use std::fmt;\nlet a = 1;\n# let b = c;\nlet d = 2;\n");
        let rendered =
            "error[E0425]: cannot find value `c`\n --> main.rs:4:9\n  |\n4 | let b = c;\n";
        let fixed = remap_lines(rendered, &h, "main.rs");
        assert!(
            fixed.contains(" --> main.rs (một dòng ẩn của sách, sau dòng 1)\n"),
            "{fixed}"
        );
        let stderr = "thread 'main' panicked at main.rs:5:1:\nboom\n";
        let r = panic_report(stderr, &h, "main.rs").unwrap();
        assert_eq!(r.line, Some(2));
    }

    #[test]
    fn panics_are_explained_in_vietnamese() {
        let p = prepare("let v: Vec<i32> = vec![];\nprintln!(\"{}\", v[3]);\n");
        let stderr = "thread 'main' (4242) panicked at main.rs:3:16:\nindex out of bounds: the len is 0 but the index is 3\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n";
        let r = panic_report(stderr, &p, "main.rs").unwrap();
        assert_eq!(r.line, Some(2));
        assert_eq!(r.location, "main.rs:2:16");
        assert_eq!(
            r.message,
            "index out of bounds: the len is 0 but the index is 3"
        );
        assert!(
            r.explanation.contains("chỉ số vượt ra ngoài"),
            "{}",
            r.explanation
        );
        assert!(
            r.explanation
                .starts_with("Chương trình dừng giữa chừng ở dòng 2 (panic)"),
            "{}",
            r.explanation
        );
        assert!(panic_report("chỉ là lỗi thường\n", &p, "main.rs").is_none());
        assert_eq!(without_panic(&format!("trước\n{stderr}")), "trước\n");
    }
}

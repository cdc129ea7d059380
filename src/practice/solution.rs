//! Lời giải đầy đủ của một bài: đáp án, các bước (như lời giảng) và hình.

use crate::plot::text::escape;
use crate::plot::Figure;
use std::fmt;

/// Lời giải: đáp án, các bước giải thích và hình vẽ lời giải (nếu có).
///
/// Hiện trong notebook thành khung HTML có hình; in ra cửa sổ lệnh thành văn bản.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    /// Đáp án, viết đúng dạng mà bộ chấm nhận.
    pub answer: String,
    /// Các bước, mỗi bước một câu (chưa đánh số).
    pub steps: Vec<String>,
    /// Hình của lời giải (cây đã định trị, nhánh bị cắt, đồ thị có giá trị G…).
    pub figure: Option<Figure>,
}

impl Solution {
    /// Lời giải dạng văn bản: đáp án rồi các bước đánh số.
    pub fn text(&self) -> String {
        let mut out = format!("Đáp án: {}\n", self.answer);
        let width = self.steps.len().to_string().len();
        for (i, s) in self.steps.iter().enumerate() {
            out.push_str(&format!("{:>width$}. {s}\n", i + 1));
        }
        out
    }

    /// Lời giải dạng HTML: đáp án, hình, các bước.
    pub fn to_html(&self) -> String {
        let mut h = format!(
            "<div class=\"loi-giai\"><p><b>Đáp án:</b> {}</p>",
            escape(&self.answer)
        );
        if let Some(f) = &self.figure {
            h.push_str(&format!(
                "<div class=\"hinh\" style=\"max-width:100%;overflow-x:auto\">{}</div>",
                f.svg()
            ));
        }
        if !self.steps.is_empty() {
            h.push_str("<ol>");
            for s in &self.steps {
                h.push_str(&format!("<li>{}</li>", escape(s)));
            }
            h.push_str("</ol>");
        }
        h.push_str("</div>");
        h
    }

    /// Hiện lời giải trong notebook evcxr.
    pub fn evcxr_display(&self) {
        println!(
            "EVCXR_BEGIN_CONTENT text/html\n{}\nEVCXR_END_CONTENT",
            self.to_html()
        );
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

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
            inline_html(&self.answer)
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
                h.push_str(&format!("<li>{}</li>", inline_html(s)));
            }
            h.push_str("</ol>");
        }
        h.push_str("</div>");
        h
    }

    /// Hiện lời giải trong notebook evcxr.
    pub fn evcxr_display(&self) {
        crate::display::emit("text/html", &self.to_html());
    }
}

#[cfg(test)]
thread_local! {
    /// Trong kiểm thử: `true` thì lời giải không vẽ hình (kiểm thử dấu băm chỉ
    /// băm chữ, và vẽ hàng chục nghìn hình trong bản gỡ lỗi rất chậm).
    pub(crate) static NO_FIGURES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Hình của một lời giải, vẽ bằng `draw` (lỗi vẽ thì không có hình).
pub(crate) fn drawn(
    draw: impl FnOnce() -> Result<Figure, crate::plot::PlotError>,
) -> Option<Figure> {
    #[cfg(test)]
    if NO_FIGURES.with(|c| c.get()) {
        return None;
    }
    draw().ok()
}

/// Chữ của bài (viết theo Markdown một dòng: `` `mã` ``, `**đậm**`) thành HTML
/// an toàn: thoát ký tự HTML rồi đổi mã thành `<code>` và chữ đậm thành `<b>`,
/// để notebook không hiện dấu `` ` `` thô. Dấu mở không có dấu đóng giữ nguyên.
pub(crate) fn inline_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while !rest.is_empty() {
        let (mark, delim, tag) = match (rest.find('`'), rest.find("**")) {
            (Some(c), Some(b)) if b < c => (b, "**", "b"),
            (Some(c), _) => (c, "`", "code"),
            (None, Some(b)) => (b, "**", "b"),
            (None, None) => break,
        };
        let after = &rest[mark + delim.len()..];
        let Some(end) = after.find(delim) else {
            break;
        };
        let (before, inside) = (escape(&rest[..mark]), escape(&after[..end]));
        out.push_str(&format!("{before}<{tag}>{inside}</{tag}>"));
        rest = &after[end + delim.len()..];
    }
    out.push_str(&escape(rest));
    out
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::inline_html;

    #[test]
    fn inline_markdown_becomes_safe_html() {
        let html = inline_html("Ghi `F, H` là **đủ** <x>");
        assert_eq!(html, "Ghi <code>F, H</code> là <b>đủ</b> &lt;x&gt;");
        assert_eq!(inline_html("a ` b"), "a ` b");
    }
}

//! Hiển thị trong notebook (evcxr): các giá trị của crate tự hiện ra đẹp khi là
//! kết quả của một ô — bảng HTML, danh sách các bước, hình cây SVG.
//!
//! evcxr gọi phương thức `evcxr_display(&self)` nếu kiểu có phương thức đó; nội
//! dung nằm giữa `EVCXR_BEGIN_CONTENT <kiểu MIME>` và `EVCXR_END_CONTENT`.
//! Mọi `evcxr_display` của crate in qua **một** hàm, `emit`; tệp này ở tầng
//! trên các hình ([`crate::plot`]) và các mô-đun trò chơi, không mô-đun nào
//! dưới nó dùng nó.

use crate::dodgem::Match;
use crate::plot::text::escape;
use crate::plot::Figure;
use crate::search::SearchResult;
use crate::trace::{TempTable, Trace};
use crate::tree::GameTree;

/// In `body` thành một nội dung kiểu `mime` (ví dụ `text/html`,
/// `image/svg+xml`) cho evcxr: cách hiện duy nhất của crate trong notebook.
pub(crate) fn emit(mime: &str, body: &str) {
    println!("EVCXR_BEGIN_CONTENT {mime}\n{body}\nEVCXR_END_CONTENT");
}

impl Figure {
    /// Hiện hình trong notebook evcxr (evcxr tự gọi hàm này).
    pub fn evcxr_display(&self) {
        emit("image/svg+xml", self.svg());
    }
}

impl Match {
    /// HTML cho notebook: hình bàn cờ (SVG nhúng thẳng) và dòng kể lại.
    pub fn to_html(&self) -> String {
        let picture = match self.figure() {
            Ok(f) => f.into_svg(),
            Err(e) => format!("<pre>{}</pre>", escape(&e.to_string())),
        };
        format!(
            "<div>{picture}<p style=\"max-width:40em\">{}</p></div>",
            escape(self.note())
        )
    }

    /// Hiện ván cờ trong notebook evcxr: bàn cờ và một dòng tiếng Việt.
    pub fn evcxr_display(&self) {
        emit("text/html", &self.to_html());
    }
}

impl TempTable {
    /// Bảng HTML (dùng trong notebook).
    pub fn to_html(&self) -> String {
        let mut h = String::from(
            "<table><thead><tr><th>Nút</th><th>Loại</th><th>Giá trị tạm (từ trên xuống)</th><th>Giá trị</th></tr></thead><tbody>",
        );
        for r in &self.rows {
            let temps: Vec<String> = r.temp_lines().iter().map(|t| escape(t)).collect();
            h.push_str(&format!(
                "<tr><td><b>{}</b></td><td>{}</td><td style=\"text-align:left\">{}</td><td>{}</td></tr>",
                escape(&r.node),
                r.kind_text(),
                temps.join("<br>"),
                escape(&r.value_text())
            ));
        }
        h.push_str("</tbody></table>");
        h
    }

    /// Hiện bảng trong notebook.
    pub fn evcxr_display(&self) {
        emit("text/html", &self.to_html());
    }
}

impl Trace {
    /// Các bước dạng danh sách HTML đánh số (bước *k* là mục *k*), rồi câu kết
    /// quả (không đánh số).
    pub fn to_html(&self) -> String {
        let lines = self.walk_lines();
        let (steps, result) = lines.split_at(self.len().min(lines.len()));
        let items: String = steps
            .iter()
            .map(|l| format!("<li>{}</li>", escape(l)))
            .collect();
        let tail: String = result
            .iter()
            .map(|l| format!("<p>{}</p>", escape(l)))
            .collect();
        format!("<ol>{items}</ol>{tail}")
    }

    /// Hiện các bước trong notebook.
    pub fn evcxr_display(&self) {
        emit("text/html", &self.to_html());
    }
}

impl<M: Clone> SearchResult<M> {
    /// Hiện bản tóm tắt kết quả trong notebook.
    pub fn evcxr_display(&self) {
        let text = self.summary_text(None);
        emit("text/html", &format!("<pre>{}</pre>", escape(&text)));
    }
}

impl GameTree {
    /// Hiện cây trong notebook: hình SVG (hoặc văn bản nếu cây quá lớn để vẽ).
    pub fn evcxr_display(&self) {
        match crate::plot::tree(self) {
            Ok(fig) => fig.evcxr_display(),
            Err(_) => emit(
                "text/plain",
                &format!("Cây {} nút, cao {} mức.", self.len(), self.height()),
            ),
        }
    }
}

/// Nhiều hình trong cùng một ô notebook. evcxr chỉ giữ **một** nội dung cho mỗi
/// kiểu MIME trong một ô, nên gọi `evcxr_display` nhiều lần trong vòng lặp chỉ
/// còn lại hình cuối; gom các hình vào `Gallery` để hiện tất cả, lần lượt.
///
/// ```
/// use caytrochoi::{display::Gallery, plot, GameTree, Searcher};
/// let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
/// let khung: Gallery = [3, 10].iter().map(|&k| plot::step(&cay, Searcher::cat_tia(), k).unwrap()).collect();
/// assert_eq!(khung.to_html().matches("<img").count(), 2);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Gallery(pub Vec<crate::plot::Figure>);

impl FromIterator<crate::plot::Figure> for Gallery {
    fn from_iter<I: IntoIterator<Item = crate::plot::Figure>>(iter: I) -> Self {
        Gallery(iter.into_iter().collect())
    }
}

impl Gallery {
    /// HTML: mỗi hình là một ảnh SVG nhúng (data URI), xếp liền nhau, tự xuống dòng.
    pub fn to_html(&self) -> String {
        let mut h = String::from(
            "<div style=\"display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start\">",
        );
        for f in &self.0 {
            h.push_str(&format!(
                "<img style=\"max-width:100%\" width=\"{}\" src=\"data:image/svg+xml;base64,{}\"/>",
                f.width().round(),
                base64(f.svg().as_bytes())
            ));
        }
        h.push_str("</div>");
        h
    }

    /// Hiện mọi hình trong notebook.
    pub fn evcxr_display(&self) {
        emit("text/html", &self.to_html());
    }
}

/// Mã hóa base64 (chuẩn, có dấu `=` đệm).
fn base64(bytes: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(T[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_the_standard() {
        assert_eq!(super::base64(b""), "");
        assert_eq!(super::base64(b"f"), "Zg==");
        assert_eq!(super::base64(b"fo"), "Zm8=");
        assert_eq!(super::base64(b"foo"), "Zm9v");
        assert_eq!(super::base64("cây".as_bytes()), "Y8OieQ==");
    }

    use crate::{GameTree, Searcher};

    #[test]
    fn html_table_and_steps() {
        let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
        let r = Searcher::cat_tia().trace().run(&t).unwrap();
        let trace = r.trace.unwrap();
        let html = trace.table().to_html();
        assert!(html.contains("<tr><td><b>A</b></td><td>MAX</td><td style=\"text-align:left\">-∞<br>Max(-∞, 1) = 1<br>Max(1, 0) = 1<br>Max(1, 0) = 1</td><td>1</td></tr>"), "{html}");
        assert!(html.contains("cắt tỉa: F"));
        let steps = trace.to_html();
        assert!(steps.starts_with("<ol><li>A là nút MAX"));
        assert!(steps.contains("Vp = 1 ≥ Vq = 0"));
        assert_eq!(
            crate::plot::text::escape("a<b & \"c\""),
            "a&lt;b &amp; &quot;c&quot;"
        );
    }
}

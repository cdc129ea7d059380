//! Kiểu [`Figure`]: một hình SVG tự hiện trong notebook evcxr; và bộ viết SVG
//! nhỏ dùng chung cho các hình vẽ tay (cây, bàn cờ).

use super::error::PlotError;
use super::text::escape;
use super::FONT_FAMILY;
use std::fmt::{self, Write as _};

/// Một hình vẽ: văn bản SVG cùng kích thước.
///
/// - Trong notebook evcxr, giá trị cuối của ô tự hiện thành hình (nhờ
///   [`Figure::evcxr_display`]).
/// - [`Figure::svg`] (hoặc `to_string()`) cho văn bản SVG, để chèn vào sách.
/// - [`Figure::save`] ghi ra tệp `.svg`.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    svg: String,
    width: f64,
    height: f64,
}

impl Figure {
    /// Hình từ văn bản SVG có sẵn, kích thước `width` × `height` điểm ảnh.
    pub fn from_svg(svg: String, width: f64, height: f64) -> Figure {
        Figure { svg, width, height }
    }

    /// Văn bản SVG.
    pub fn svg(&self) -> &str {
        &self.svg
    }

    /// Lấy văn bản SVG (bỏ hình).
    pub fn into_svg(self) -> String {
        self.svg
    }

    /// Bề rộng (điểm ảnh).
    pub fn width(&self) -> f64 {
        self.width
    }

    /// Chiều cao (điểm ảnh).
    pub fn height(&self) -> f64 {
        self.height
    }

    /// Hình không rộng quá `max_width` điểm ảnh: hình rộng hơn được thu nhỏ
    /// (giữ tỉ lệ, nội dung không đổi), hình hẹp hơn giữ nguyên.
    ///
    /// ```
    /// use caytrochoi::{plot, tree::GameTree};
    /// let cay = GameTree::parse("A(B:1, C:2, D:3, E:4, F:5, G:6, H:7, I:8, J:9)").unwrap();
    /// let hinh = plot::tree(&cay).unwrap().fit_width(300.0);
    /// assert_eq!(hinh.width(), 300.0);
    /// assert!(hinh.svg().contains("width=\"300\""));
    /// ```
    pub fn fit_width(self, max_width: f64) -> Figure {
        if !(max_width > 0.0 && self.width > max_width) {
            return self;
        }
        let scale = max_width / self.width;
        let height = (self.height * scale).ceil();
        let old = format!("width=\"{}\" height=\"{}\"", n(self.width), n(self.height));
        let new = format!("width=\"{}\" height=\"{}\"", n(max_width), n(height));
        let has_view_box = self
            .svg
            .split('>')
            .next()
            .is_some_and(|head| head.contains("viewBox") && head.contains(&old));
        if !has_view_box {
            return self;
        }
        Figure {
            svg: self.svg.replacen(&old, &new, 1),
            width: max_width,
            height,
        }
    }

    /// Hiện hình trong notebook evcxr (evcxr tự gọi hàm này).
    pub fn evcxr_display(&self) {
        println!(
            "EVCXR_BEGIN_CONTENT image/svg+xml\n{}\nEVCXR_END_CONTENT",
            self.svg
        );
    }

    /// Ghi hình ra tệp SVG.
    pub fn save(&self, path: impl AsRef<std::path::Path>) -> Result<(), PlotError> {
        let path = path.as_ref();
        std::fs::write(path, &self.svg).map_err(|e| PlotError::Io {
            path: path.display().to_string(),
            reason: io_reason(&e),
        })
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.svg)
    }
}

/// Lý do lỗi ghi tệp bằng tiếng Việt.
pub(crate) fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    match e.kind() {
        NotFound => "thư mục không tồn tại".to_string(),
        PermissionDenied => "không có quyền ghi".to_string(),
        _ => e.to_string(),
    }
}

/// Vị trí neo của chữ theo chiều ngang.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn as_str(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// Kiểu chữ: cỡ, đậm, màu, nghiêng, lớp CSS.
#[derive(Debug, Clone)]
pub(crate) struct TextStyle {
    pub size: f64,
    pub bold: bool,
    pub italic: bool,
    pub fill: &'static str,
    pub anchor: Anchor,
    pub class: Option<&'static str>,
}

impl TextStyle {
    pub fn new(size: f64) -> TextStyle {
        TextStyle {
            size,
            bold: false,
            italic: false,
            fill: "#222222",
            anchor: Anchor::Middle,
            class: None,
        }
    }
    pub fn bold(mut self) -> Self {
        self.bold = true;
        self
    }
    pub fn italic(mut self) -> Self {
        self.italic = true;
        self
    }
    pub fn fill(mut self, c: &'static str) -> Self {
        self.fill = c;
        self
    }
    pub fn anchor(mut self, a: Anchor) -> Self {
        self.anchor = a;
        self
    }
    pub fn class(mut self, c: &'static str) -> Self {
        self.class = Some(c);
        self
    }
}

/// Bộ viết SVG tối giản: mỗi lệnh thêm một phần tử; mọi chữ đều được thoát XML.
pub(crate) struct SvgDoc {
    width: f64,
    height: f64,
    body: String,
}

/// Số gọn cho tọa độ: tối đa 1 chữ số thập phân.
pub(crate) fn n(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

impl SvgDoc {
    pub fn new(width: f64, height: f64) -> SvgDoc {
        let mut d = SvgDoc {
            width: width.ceil(),
            height: height.ceil(),
            body: String::new(),
        };
        let (w, h) = (d.width, d.height);
        d.rect(0.0, 0.0, w, h, "white", "none", 0.0);
        d
    }

    pub fn raw(&mut self, s: &str) {
        self.body.push_str(s);
        self.body.push('\n');
    }

    /// Mở một nhóm `<g>` với các thuộc tính cho sẵn (đã thoát).
    pub fn open_group(&mut self, attrs: &str) {
        let _ = writeln!(self.body, "<g {attrs}>");
    }

    pub fn close_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    /// Ghi chú ẩn `<title>` (trình xem hiện khi rê chuột).
    pub fn title(&mut self, text: &str) {
        let _ = writeln!(self.body, "<title>{}</title>", escape(text));
    }

    #[allow(clippy::too_many_arguments)]
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str, sw: f64) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
            n(x),
            n(y),
            n(w),
            n(h),
            n(sw)
        );
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, extra: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {extra}/>"#,
            n(x1),
            n(y1),
            n(x2),
            n(y2)
        );
    }

    pub fn polygon(&mut self, pts: &[(f64, f64)], extra: &str) {
        let p: Vec<String> = pts
            .iter()
            .map(|(x, y)| format!("{},{}", n(*x), n(*y)))
            .collect();
        let _ = writeln!(self.body, r#"<polygon points="{}" {extra}/>"#, p.join(" "));
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, extra: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" {extra}/>"#,
            n(cx),
            n(cy),
            n(r)
        );
    }

    /// Một dòng chữ; `y` là đường chân chữ.
    pub fn text(&mut self, x: f64, y: f64, text: &str, st: &TextStyle) {
        self.text_raw(x, y, &escape(text), st);
    }

    /// Một dòng chữ đã thoát XML sẵn (có thể chứa `<tspan>`).
    pub fn text_raw(&mut self, x: f64, y: f64, escaped: &str, st: &TextStyle) {
        let mut attrs = format!(
            r#"x="{}" y="{}" font-size="{}" text-anchor="{}" fill="{}""#,
            n(x),
            n(y),
            n(st.size),
            st.anchor.as_str(),
            st.fill
        );
        if st.bold {
            attrs.push_str(r#" font-weight="bold""#);
        }
        if st.italic {
            attrs.push_str(r#" font-style="italic""#);
        }
        if let Some(c) = st.class {
            let _ = write!(attrs, r#" class="{c}""#);
        }
        let _ = writeln!(self.body, "<text {attrs}>{escaped}</text>");
    }

    /// Kết thúc hình, hiện ở cỡ `scale` lần (tọa độ bên trong giữ nguyên).
    pub fn finish_scaled(self, scale: f64) -> Figure {
        let (w, h) = (self.width, self.height);
        let (sw, sh) = ((w * scale).ceil(), (h * scale).ceil());
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" font-family=\"{font}\">\n{body}</svg>\n",
            n(sw),
            n(sh),
            n(w),
            n(h),
            font = FONT_FAMILY,
            body = self.body
        );
        Figure::from_svg(svg, sw, sh)
    }

    pub fn finish(self) -> Figure {
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{font}\">\n{body}</svg>\n",
            w = n(self.width),
            h = n(self.height),
            font = FONT_FAMILY,
            body = self.body
        );
        Figure::from_svg(svg, self.width, self.height)
    }
}

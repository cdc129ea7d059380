//! Kiểu [`Figure`]: một hình vẽ bằng plotters, tự hiện trong notebook evcxr,
//! cho văn bản SVG và ghi được ra tệp.

use super::error::PlotError;
use super::paint::{backend_err, Area};
use plotters::prelude::*;
use std::fmt;
use std::sync::Arc;

/// Cách vẽ một hình lên một vùng vẽ plotters có kích thước [`Paint::size`].
///
/// Mỗi mô hình bố trí (cây, bàn cờ, biểu đồ…) cài đặt trait này; nhờ vậy một
/// hình vẽ được lên cả một tệp SVG riêng lẫn một ô của lưới hình.
pub(crate) trait Paint: Send + Sync {
    /// Kích thước (điểm ảnh) của vùng vẽ cần có.
    fn size(&self) -> (u32, u32);
    /// Vẽ lên `area` (góc trên-trái của hình là góc trên-trái của vùng).
    fn paint(&self, area: &Area) -> Result<(), PlotError>;
    /// Các hình con (nhãn, hình) nếu hình là một lưới; rỗng với hình khác.
    fn cells(&self) -> Vec<(String, Figure)> {
        Vec::new()
    }
}

/// Một hình vẽ: văn bản SVG (do plotters viết) cùng kích thước hiển thị.
///
/// - Trong notebook evcxr, giá trị cuối của ô tự hiện thành hình (nhờ
///   [`Figure::evcxr_display`]).
/// - [`Figure::svg`] (hoặc `to_string()`) cho văn bản SVG, để chèn vào sách.
/// - [`Figure::save`] ghi ra tệp `.svg`.
///
/// SVG luôn có `viewBox`, nên trình xem thu nhỏ hình cho vừa màn hình điện thoại
/// mà không méo.
#[derive(Clone)]
pub struct Figure {
    svg: String,
    width: f64,
    height: f64,
    painter: Arc<dyn Paint>,
}

impl Figure {
    /// Vẽ `painter` thành một hình.
    pub(crate) fn paint(painter: impl Paint + 'static) -> Result<Figure, PlotError> {
        let painter: Arc<dyn Paint> = Arc::new(painter);
        let size = painter.size();
        if size.0 == 0 || size.1 == 0 {
            return Err(PlotError::invalid("hình có kích thước bằng 0"));
        }
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
            painter.paint(&root)?;
            root.present().map_err(backend_err)?;
        }
        Ok(Figure {
            svg,
            width: f64::from(size.0),
            height: f64::from(size.1),
            painter,
        })
    }

    /// Kích thước vẽ (điểm ảnh của `viewBox`), không đổi khi thu nhỏ hình.
    pub(crate) fn natural_size(&self) -> (u32, u32) {
        self.painter.size()
    }

    /// Vẽ lại hình lên vùng `area` (dùng khi ghép lưới).
    pub(crate) fn paint_on(&self, area: &Area) -> Result<(), PlotError> {
        self.painter.paint(area)
    }

    /// Các hình con của một lưới ([`super::grid`]), mỗi hình với nhãn của ô
    /// (`(a) …`), ở cỡ tự nhiên; rỗng nếu hình không phải một lưới. Dùng khi cần
    /// đặt từng hình riêng (ví dụ mỗi hình một trang chiếu).
    ///
    /// ```
    /// use caytrochoi::{plot, tree::GameTree};
    /// let a = plot::tree(&GameTree::parse("A(B:1, C:2)").unwrap()).unwrap();
    /// let b = plot::tree(&GameTree::parse("A(B:3)").unwrap()).unwrap();
    /// let luoi = plot::grid(&[("(a) một", &a), ("(b) hai", &b)], 2, 800.0).unwrap();
    /// let o = luoi.cells();
    /// assert_eq!(o.len(), 2);
    /// assert_eq!(o[1].0, "(b) hai");
    /// assert_eq!(o[1].1, b);
    /// assert!(a.cells().is_empty());
    /// ```
    pub fn cells(&self) -> Vec<(String, Figure)> {
        self.painter.cells()
    }

    /// Văn bản SVG.
    pub fn svg(&self) -> &str {
        &self.svg
    }

    /// Lấy văn bản SVG (bỏ hình).
    pub fn into_svg(self) -> String {
        self.svg
    }

    /// Bề rộng hiển thị (điểm ảnh).
    pub fn width(&self) -> f64 {
        self.width
    }

    /// Chiều cao hiển thị (điểm ảnh).
    pub fn height(&self) -> f64 {
        self.height
    }

    /// Hình không rộng quá `max_width` điểm ảnh: hình rộng hơn được thu nhỏ
    /// (giữ tỉ lệ, nội dung và `viewBox` không đổi), hình hẹp hơn giữ nguyên.
    ///
    /// ```
    /// use caytrochoi::{plot, tree::GameTree};
    /// let cay = GameTree::parse("A(B:1, C:2, D:3, E:4, F:5, G:6, H:7, I:8, J:9)").unwrap();
    /// let hinh = plot::tree(&cay).unwrap();
    /// let rong = hinh.width();
    /// let nho = hinh.fit_width(300.0);
    /// assert_eq!(nho.width(), 300.0);
    /// assert!(nho.svg().starts_with("<svg width=\"300\""));
    /// assert!(nho.svg().contains(&format!("viewBox=\"0 0 {rong} ")));
    /// ```
    pub fn fit_width(self, max_width: f64) -> Figure {
        if !(max_width > 0.0 && self.width > max_width) {
            return self;
        }
        let scale = max_width / self.width;
        let height = (self.height * scale).ceil();
        let old = format!("width=\"{}\" height=\"{}\"", self.width, self.height);
        let new = format!("width=\"{max_width}\" height=\"{height}\"");
        // Chỉ sửa thẻ <svg> đầu (plotters ghi width, height rồi viewBox).
        let head_end = self.svg.find('>').unwrap_or(0);
        if !self.svg[..head_end].contains(&old) {
            return self;
        }
        let svg = format!(
            "{}{}",
            self.svg[..head_end].replacen(&old, &new, 1),
            &self.svg[head_end..]
        );
        Figure {
            svg,
            width: max_width,
            height,
            painter: self.painter,
        }
    }

    /// Ghi hình ra tệp SVG.
    pub fn save(&self, path: impl AsRef<std::path::Path>) -> Result<(), PlotError> {
        let path = path.as_ref();
        std::fs::write(path, &self.svg).map_err(|e| PlotError::Io {
            path: path.display().to_string(),
            reason: crate::os_error::describe(&e),
        })
    }
}

impl fmt::Debug for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Figure")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("svg_bytes", &self.svg.len())
            .finish()
    }
}

impl PartialEq for Figure {
    fn eq(&self, other: &Figure) -> bool {
        self.svg == other.svg && self.width == other.width && self.height == other.height
    }
}

impl fmt::Display for Figure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.svg)
    }
}

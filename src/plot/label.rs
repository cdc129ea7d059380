//! Những viên gạch chung của mọi mô hình bố trí: một dòng chữ đã đặt chỗ
//! ([`Label`]) và một hình chữ nhật bao ([`Bounds`]).
//!
//! Mô hình bố trí của mỗi hình (cây, bàn cờ, lưới…) chỉ gồm tọa độ và chữ; kiểm
//! thử đọc được nó (chữ nào ở đâu, có chồng lên nhau không) mà không cần đọc SVG.
//! Bề rộng chữ là ước lượng của [`super::text::width`] (hơi rộng hơn thực tế).

use super::style::{by_text, INK};
use super::text;
use plotters::style::RGBColor;

/// Chữ đậm rộng hơn chữ thường bao nhiêu lần (DejaVu Sans Bold so với Book).
pub(crate) const BOLD: f64 = 1.12;

/// Chữ được neo theo chiều ngang ở đâu so với hoành độ `x` của nó.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// `x` là mép trái của chữ.
    Start,
    /// `x` là giữa chữ.
    Middle,
    /// `x` là mép phải của chữ.
    End,
}

/// Hình chữ nhật bao (điểm ảnh, trục tung hướng xuống).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    /// Mép trái.
    pub left: f64,
    /// Mép trên.
    pub top: f64,
    /// Mép phải.
    pub right: f64,
    /// Mép dưới.
    pub bottom: f64,
}

impl Bounds {
    /// Hình chữ nhật tâm `(x, y)`, nửa rộng `hw`, nửa cao `hh`.
    pub fn around(x: f64, y: f64, hw: f64, hh: f64) -> Bounds {
        Bounds {
            left: x - hw,
            top: y - hh,
            right: x + hw,
            bottom: y + hh,
        }
    }

    /// Bề rộng.
    pub fn width(&self) -> f64 {
        self.right - self.left
    }

    /// Chiều cao.
    pub fn height(&self) -> f64 {
        self.bottom - self.top
    }

    /// Hai hình có phần chung (chạm mép không tính)?
    pub fn overlaps(&self, other: &Bounds) -> bool {
        const EPS: f64 = 0.01;
        self.left < other.right - EPS
            && other.left < self.right - EPS
            && self.top < other.bottom - EPS
            && other.top < self.bottom - EPS
    }

    /// Hình nằm trọn trong `outer`?
    pub fn inside(&self, outer: &Bounds) -> bool {
        self.left >= outer.left - 0.01
            && self.right <= outer.right + 0.01
            && self.top >= outer.top - 0.01
            && self.bottom <= outer.bottom + 0.01
    }

    /// Cả trang hình, rộng `width`, cao `height`, góc trên trái ở (0, 0).
    pub fn page(width: f64, height: f64) -> Bounds {
        Bounds {
            left: 0.0,
            top: 0.0,
            right: width,
            bottom: height,
        }
    }

    /// Hình nhỏ nhất chứa cả hai.
    pub fn union(&self, other: &Bounds) -> Bounds {
        Bounds {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }
}

/// Kiểm tra bố trí: các hộp `(tên, hình bao)` ra ngoài trang `page` hoặc chồng
/// lên nhau, mỗi chỗ một câu (rỗng nếu sạch).
pub(crate) fn box_collisions(boxes: &[(String, Bounds)], page: &Bounds) -> Vec<String> {
    let mut out = Vec::new();
    for (i, (na, a)) in boxes.iter().enumerate() {
        if !a.inside(page) {
            out.push(format!("`{na}` ra ngoài hình"));
        }
        for (nb, b) in &boxes[i + 1..] {
            if a.overlaps(b) {
                out.push(format!("`{na}` chồng `{nb}`"));
            }
        }
    }
    out
}

/// Một dòng chữ đã đặt chỗ: nội dung, vị trí, cỡ, kiểu và màu.
///
/// `y` là **giữa** dòng chữ theo chiều đứng; `x` hiểu theo [`Label::anchor`].
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// Nội dung (tiếng Việt, NFC).
    pub text: String,
    /// Hoành độ của điểm neo.
    pub x: f64,
    /// Tung độ của giữa dòng chữ.
    pub y: f64,
    /// Cỡ chữ (điểm ảnh), trước khi nhân tỉ lệ chữ ([`super::with_text_scale`]).
    pub size: f64,
    /// Cách neo theo chiều ngang.
    pub anchor: Anchor,
    /// Chữ đậm.
    pub bold: bool,
    /// Chữ nghiêng.
    pub italic: bool,
    /// Màu chữ.
    pub colour: RGBColor,
}

impl Label {
    /// Chữ `text` cỡ `size`, giữa dòng ở `(x, y)`, màu mực thường.
    pub fn new(text: impl Into<String>, x: f64, y: f64, size: f64) -> Label {
        Label {
            text: text.into(),
            x,
            y,
            size,
            anchor: Anchor::Middle,
            bold: false,
            italic: false,
            colour: INK,
        }
    }

    /// Chữ đậm.
    pub fn bold(mut self) -> Label {
        self.bold = true;
        self
    }

    /// Chữ nghiêng.
    pub fn italic(mut self) -> Label {
        self.italic = true;
        self
    }

    /// Neo chữ theo `anchor`.
    pub fn anchor(mut self, anchor: Anchor) -> Label {
        self.anchor = anchor;
        self
    }

    /// Màu chữ.
    pub fn colour(mut self, colour: RGBColor) -> Label {
        self.colour = colour;
        self
    }

    /// Bề rộng ước lượng (chữ đậm rộng hơn chữ thường khoảng 12 %).
    pub fn width(&self) -> f64 {
        let w = text::width(&self.text, self.size);
        if self.bold {
            w * BOLD
        } else {
            w
        }
    }

    /// Hình chữ nhật bao ước lượng (kể cả dấu tiếng Việt phía trên).
    pub fn bounds(&self) -> Bounds {
        let w = self.width();
        let left = match self.anchor {
            Anchor::Start => self.x,
            Anchor::Middle => self.x - w / 2.0,
            Anchor::End => self.x - w,
        };
        Bounds {
            left,
            top: self.y - 0.6 * by_text(self.size),
            right: left + w,
            bottom: self.y + 0.5 * by_text(self.size),
        }
    }
}

/// Một mục chú giải: ô màu và lời giải thích bên cạnh.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LegendKey {
    /// Ô màu.
    pub swatch: Bounds,
    /// Màu ô.
    pub fill: RGBColor,
    /// Lời.
    pub label: Label,
}

impl LegendKey {
    /// Mục chú giải hàng `y` (giữa dòng), ô màu 18 × 16 ở `x`, lời ngay bên phải
    /// (ô màu lớn theo tỉ lệ chữ).
    pub fn new(fill: RGBColor, text: impl Into<String>, x: f64, y: f64) -> LegendKey {
        LegendKey {
            swatch: Bounds {
                left: x,
                top: y - by_text(8.0),
                right: x + by_text(18.0),
                bottom: y + by_text(8.0),
            },
            fill,
            label: Label::new(text, x + by_text(28.0), y, 12.0).anchor(Anchor::Start),
        }
    }
}

/// Các dòng chữ nối tiếp nhau trên cùng một hàng, bắt đầu ở `x` (neo trái):
/// dùng cho chữ có chỉ số dưới như `V` + `A`. Mỗi phần là (chữ, cỡ, độ lệch
/// xuống dưới). Khoảng trắng ở đầu và cuối mỗi phần (trình xem SVG bỏ chúng đi)
/// được đổi thành khoảng cách giữa các phần.
pub(crate) fn runs(parts: &[(&str, f64, f64)], x: f64, y: f64, colour: RGBColor) -> Vec<Label> {
    let mut out = Vec::new();
    let mut at = x;
    for &(t, size, dy) in parts {
        let lead = t.len() - t.trim_start().len();
        let l = Label::new(t.trim(), at + text::width(&t[..lead], size), y + dy, size)
            .anchor(Anchor::Start)
            .colour(colour);
        at += text::width(t, size);
        out.push(l);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_move_the_box() {
        let a = Label::new("abc", 100.0, 50.0, 10.0);
        let s = a.clone().anchor(Anchor::Start).bounds();
        let e = a.clone().anchor(Anchor::End).bounds();
        let m = a.bounds();
        assert_eq!(s.left, 100.0);
        assert_eq!(e.right, 100.0);
        assert!((m.left + m.right - 200.0).abs() < 1e-9);
        assert!(!s.overlaps(&e));
        assert!(m.overlaps(&s) && m.overlaps(&e));
    }

    #[test]
    fn runs_follow_each_other() {
        let r = runs(&[("V", 11.0, 0.0), ("A", 8.0, 3.0)], 10.0, 20.0, INK);
        let joined: String = r.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(joined, "VA");
        let r = runs(&[("a", 10.0, 0.0), (" = b", 10.0, 0.0)], 0.0, 0.0, INK);
        assert_eq!(r[1].text, "= b");
        assert!(r[1].x >= r[0].bounds().right + 3.0);
        assert!(r[1].x > r[0].x);
        assert!(!r[0].bounds().overlaps(&r[1].bounds()) || r[1].x >= r[0].bounds().right);
    }
}

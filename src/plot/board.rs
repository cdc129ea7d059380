//! Bàn cờ hai chiều — **một** mô hình cho mọi hình bàn cờ của chương Grundy:
//! bảng giá trị G(p, q) ([`grundy_board_layout`](super::grundy_board_layout))
//! và bàn cờ ghi mã thắng/thua của bài giảng (từng vòng phân loại,
//! [`queen_rounds`](super::queen_rounds)). Trục p nằm ngang, trục q thẳng đứng, ô (0, 0) ở góc dưới bên trái.

use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Anchor, Bounds, Label, LegendKey, BOLD};
use super::paint::{self, Area};
use super::style::{CURRENT, PAPER, SOFT_INK};
use super::text::wrap;
use crate::limits::DRAWN_BOARD_SIDE;
use plotters::style::RGBColor;

/// Một ô của bàn cờ.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BoardCell {
    /// Tọa độ p (cột, từ trái sang).
    pub p: usize,
    /// Tọa độ q (hàng, từ dưới lên).
    pub q: usize,
    /// Số ghi trong ô: G(p, q), hoặc mã của bài giảng 1 (thắng, P), 0 (thua,
    /// N), −1 (hòa hoặc chưa tính được).
    pub value: i64,
    /// Vừa được quyết định ở vòng đang vẽ (viền cam).
    pub fresh: bool,
    /// Ô trên hình.
    pub bounds: Bounds,
    /// Màu nền.
    pub fill: RGBColor,
    /// Số ghi giữa ô.
    pub label: Label,
}

/// Cách ngăn các ô: đường trắng giữa các ô, hoặc viền trắng quanh từng ô.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Separators {
    /// Đường trắng giữa hai ô kề nhau (bảng giá trị G).
    Lines,
    /// Viền trắng quanh mỗi ô (bàn cờ mã).
    CellBorders,
}

/// Bố trí một bàn cờ.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BoardLayout {
    /// Bề rộng.
    pub width: f64,
    /// Chiều cao.
    pub height: f64,
    /// Tiêu đề (đã ngắt dòng).
    pub title: Vec<Label>,
    /// Các ô, theo p rồi q.
    pub cells: Vec<BoardCell>,
    /// Khung bàn cờ.
    pub frame: Bounds,
    /// Số trên hai trục và tên trục (`p →`, `q ↑`).
    pub axis: Vec<Label>,
    /// Chú giải: ô màu và lời (rỗng nếu không vẽ).
    pub legend: Vec<LegendKey>,
    /// Các dòng tiếp theo của lời chú giải (đã ngắt dòng).
    pub notes: Vec<Label>,
    pub(crate) separators: Separators,
}

impl BoardLayout {
    /// Vẽ bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }

    /// Ô (p, q).
    #[cfg(test)]
    pub fn cell(&self, p: usize, q: usize) -> Option<&BoardCell> {
        self.cells.iter().find(|c| c.p == p && c.q == q)
    }

    /// Những chữ hay khung chồng lên nhau hoặc ra ngoài hình (rỗng nếu sạch).
    #[cfg(test)]
    pub fn collisions(&self) -> Vec<String> {
        let mut out = Vec::new();
        for c in &self.cells {
            if !c.label.bounds().inside(&c.bounds) {
                out.push(format!("số của ô ({}, {}) tràn ra ngoài ô", c.p, c.q));
            }
        }
        let mut boxes: Vec<(String, Bounds)> = vec![("bàn cờ".to_string(), self.frame)];
        for l in self.title.iter().chain(&self.axis).chain(&self.notes) {
            boxes.push((l.text.clone(), l.bounds()));
        }
        for k in &self.legend {
            boxes.push((k.label.text.clone(), k.label.bounds()));
            boxes.push(("ô chú giải".to_string(), k.swatch));
        }
        let whole = Bounds::page(self.width, self.height);
        out.extend(super::label::box_collisions(&boxes, &whole));
        out
    }
}

impl Paint for BoardLayout {
    fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        paint::labels(&c, &self.title)?;
        let border = (self.separators == Separators::CellBorders).then_some((PAPER, 2));
        for cell in &self.cells {
            let b = cell.bounds;
            paint::rect(
                &c,
                (b.left, b.top),
                (b.right, b.bottom),
                Some(cell.fill),
                border,
            )?;
        }
        let f = self.frame;
        if self.separators == Separators::Lines {
            for cell in &self.cells {
                let b = cell.bounds;
                if b.left > f.left {
                    paint::path(&c, &[(b.left, b.top), (b.left, b.bottom)], (PAPER, 2), None)?;
                }
                if b.top > f.top {
                    paint::path(&c, &[(b.left, b.top), (b.right, b.top)], (PAPER, 2), None)?;
                }
            }
        }
        paint::rect(
            &c,
            (f.left, f.top),
            (f.right, f.bottom),
            None,
            Some((SOFT_INK, 2)),
        )?;
        // Viền cam vẽ sau cùng để không bị ô bên cạnh che.
        for cell in self.cells.iter().filter(|c| c.fresh) {
            let b = cell.bounds;
            paint::rect(
                &c,
                (b.left + 2.0, b.top + 2.0),
                (b.right - 2.0, b.bottom - 2.0),
                None,
                Some((CURRENT, 3)),
            )?;
        }
        paint::labels(&c, self.cells.iter().map(|x| &x.label))?;
        paint::labels(&c, &self.axis)?;
        for k in &self.legend {
            let s = k.swatch;
            paint::rect(
                &c,
                (s.left, s.top),
                (s.right, s.bottom),
                Some(k.fill),
                Some((SOFT_INK, 1)),
            )?;
            paint::label(&c, &k.label)?;
        }
        paint::labels(&c, &self.notes)
    }
}

/// Khung chung của mọi bàn cờ hai chiều (p ngang, q dọc, ô (0, 0) ở góc dưới
/// trái): tiêu đề, khung, số và tên trục, và chỗ của từng ô.
pub(crate) struct BoardFrame {
    /// Bề rộng hình.
    pub width: f64,
    /// Tiêu đề (đã ngắt dòng).
    pub title: Vec<Label>,
    /// Khung bàn cờ.
    pub frame: Bounds,
    /// Số trên hai trục và tên trục.
    pub axis: Vec<Label>,
    /// Các ô (p, q, chỗ trên hình), theo p rồi q.
    pub cells: Vec<(usize, usize, Bounds)>,
}

/// Khung của một bàn cờ có `lens.len()` cột, cột p có `lens[p]` ô (phải bằng
/// nhau), hình rộng ít nhất `min_width`.
pub(crate) fn board_frame(
    title: &str,
    lens: &[usize],
    min_width: f64,
) -> Result<BoardFrame, PlotError> {
    let np = lens.len();
    let nq = lens.first().copied().unwrap_or(0);
    if np == 0 || nq == 0 {
        return Err(PlotError::invalid("bảng giá trị của bàn cờ rỗng"));
    }
    if let Some((p, len)) = lens.iter().enumerate().find(|&(_, &l)| l != nq) {
        return Err(PlotError::invalid(format!(
            "bảng giá trị của bàn cờ phải là hình chữ nhật: cột p = {p} có {len} ô, cột p = 0 có {nq} ô"
        )));
    }
    if np > DRAWN_BOARD_SIDE || nq > DRAWN_BOARD_SIDE {
        return Err(PlotError::invalid(format!(
            "bàn cờ {np}×{nq} quá lớn để vẽ (tối đa {DRAWN_BOARD_SIDE}×{DRAWN_BOARD_SIDE})"
        )));
    }
    let cell = 40.0;
    let board_w = cell * np as f64;
    let board_h = cell * nq as f64;
    let width = (64.0 + board_w + 30.0).max(min_width);
    // Bàn cờ ở giữa hình, chừa bên trái chỗ cho số và tên trục q.
    let left = ((width - board_w) / 2.0).max(64.0).round();
    let title: Vec<Label> = wrap(title, 16.0 * BOLD, width - 32.0)
        .into_iter()
        .enumerate()
        .map(|(i, l)| Label::new(l, width / 2.0, 21.0 + 20.0 * i as f64, 16.0).bold())
        .collect();
    let top = 44.0 + 20.0 * title.len() as f64;
    let mut cells = Vec::new();
    for p in 0..np {
        for q in 0..nq {
            let x = left + cell * p as f64;
            let y = top + cell * (nq - 1 - q) as f64;
            cells.push((
                p,
                q,
                Bounds {
                    left: x,
                    top: y,
                    right: x + cell,
                    bottom: y + cell,
                },
            ));
        }
    }
    let frame = Bounds {
        left,
        top,
        right: left + board_w,
        bottom: top + board_h,
    };
    let mut axis = Vec::new();
    for p in 0..np {
        axis.push(
            Label::new(
                p.to_string(),
                left + cell * (p as f64 + 0.5),
                frame.bottom + 12.0,
                12.0,
            )
            .colour(SOFT_INK),
        );
    }
    for q in 0..nq {
        let y = top + cell * (nq - 1 - q) as f64 + cell / 2.0;
        axis.push(
            Label::new(q.to_string(), left - 8.0, y, 12.0)
                .anchor(Anchor::End)
                .colour(SOFT_INK),
        );
    }
    axis.push(Label::new("p →", left + board_w / 2.0, frame.bottom + 31.0, 14.0).bold());
    axis.push(
        Label::new("q ↑", left - 56.0, top + board_h / 2.0, 14.0)
            .bold()
            .anchor(Anchor::Start),
    );
    Ok(BoardFrame {
        width,
        title,
        frame,
        axis,
        cells,
    })
}

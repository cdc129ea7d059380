//! Ghép nhiều hình thành một lưới (ví dụ bốn khoảnh khắc của cắt tỉa), mỗi ô có
//! nhãn (a), (b), …; cả lưới được thu nhỏ cho vừa bề rộng trang sách.
//!
//! Mỗi hình con được plotters vẽ lại trên một vùng con của lưới (vùng vẽ
//! `DrawingArea` thu nhỏ về ô của nó), ở cỡ tự nhiên của hình.

use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Bounds, Label};
use super::paint::{self, Area};
use super::style::{by_text, hex};

const PAD: f64 = 10.0;
const LABEL_H: f64 = 22.0;

/// Một ô của lưới: nhãn, khung và hình đặt trong khung.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GridCell {
    /// Nhãn ghi trên ô, ví dụ `(a) bước 3`.
    pub label: Label,
    /// Khung của hình (đúng bằng cỡ tự nhiên của hình).
    pub frame: Bounds,
    /// Hình.
    pub figure: Figure,
}

/// Bố trí của một lưới hình (ở cỡ tự nhiên, trước khi thu nhỏ).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GridLayout {
    /// Bề rộng.
    pub width: f64,
    /// Chiều cao.
    pub height: f64,
    /// Các ô, theo hàng từ trái sang phải.
    pub cells: Vec<GridCell>,
}

impl GridLayout {
    /// Vẽ lưới bằng plotters (cỡ tự nhiên).
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }
}

impl Paint for GridLayout {
    fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    fn cells(&self) -> Vec<(String, Figure)> {
        self.cells
            .iter()
            .map(|c| (c.label.text.clone(), c.figure.clone()))
            .collect()
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        for cell in &self.cells {
            paint::label(&c, &cell.label)?;
            let f = cell.frame;
            let sub = area.clone().shrink(
                (f.left.round() as i32, f.top.round() as i32),
                (f.width().round() as i32, f.height().round() as i32),
            );
            cell.figure.paint_on(&sub)?;
        }
        // Khung vẽ sau cùng để không bị nền của hình con che.
        for cell in &self.cells {
            let f = cell.frame;
            paint::rect(
                &c,
                (f.left, f.top),
                (f.right, f.bottom),
                None,
                Some((hex(0xd0d0d0), 1)),
            )?;
        }
        Ok(())
    }
}

/// Bố trí các hình `cells` (nhãn, hình) thành lưới `columns` cột, theo hàng từ
/// trái sang phải; mỗi hình ở giữa cột của nó.
pub(crate) fn grid_layout(
    cells: &[(&str, &Figure)],
    columns: usize,
) -> Result<GridLayout, PlotError> {
    if cells.is_empty() {
        return Err(PlotError::invalid("lưới hình cần ít nhất một hình"));
    }
    if columns == 0 {
        return Err(PlotError::invalid("lưới hình cần ít nhất một cột"));
    }
    let columns = columns.min(cells.len());
    let rows = cells.len().div_ceil(columns);
    let size = |f: &Figure| {
        let (w, h) = f.natural_size();
        (f64::from(w), f64::from(h))
    };
    let cell_w = cells.iter().map(|(_, f)| size(f).0).fold(0.0, f64::max);
    let mut row_h = vec![0.0f64; rows];
    for (i, (_, f)) in cells.iter().enumerate() {
        row_h[i / columns] = row_h[i / columns].max(size(f).1);
    }
    // Chỗ cho nhãn của ô: cao theo chữ.
    let label_h = by_text(LABEL_H);
    let width = PAD + columns as f64 * (cell_w + PAD);
    let height = PAD + row_h.iter().map(|h| h + label_h + PAD).sum::<f64>();
    let mut out = Vec::new();
    let mut y = PAD;
    for (r, h) in row_h.iter().enumerate() {
        for c in 0..columns {
            let Some((label, fig)) = cells.get(r * columns + c) else {
                break;
            };
            let x = PAD + c as f64 * (cell_w + PAD);
            let (w, fh) = size(fig);
            let left = (x + (cell_w - w) / 2.0).round();
            out.push(GridCell {
                label: Label::new(*label, x + cell_w / 2.0, y + by_text(10.0), 15.0).bold(),
                frame: Bounds {
                    left,
                    top: y + label_h,
                    right: left + w,
                    bottom: y + label_h + fh,
                },
                figure: (*fig).clone(),
            });
        }
        y += h + label_h + PAD;
    }
    Ok(GridLayout {
        width,
        height,
        cells: out,
    })
}

/// Ghép các hình `cells` (nhãn, hình) thành lưới `columns` cột, theo hàng từ
/// trái sang phải. Nếu lưới rộng hơn `max_width` điểm ảnh thì cả lưới được thu
/// nhỏ lại (giữ tỉ lệ) cho vừa.
pub fn grid(
    cells: &[(&str, &Figure)],
    columns: usize,
    max_width: f64,
) -> Result<Figure, PlotError> {
    if !(max_width.is_finite() && max_width >= 100.0) {
        return Err(PlotError::invalid(format!(
            "bề rộng tối đa của lưới phải từ 100 điểm ảnh trở lên (gặp {max_width})"
        )));
    }
    Ok(grid_layout(cells, columns)?.draw()?.fit_width(max_width))
}

#[cfg(test)]
mod tests {

    #[test]
    fn layout_example_1() {
        use crate::{plot, tree::GameTree, Searcher};
        let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
        let a = plot::step(&cay, Searcher::cat_tia(), 3).unwrap();
        let b = plot::step(&cay, Searcher::cat_tia(), 10).unwrap();
        let o = [("(a) bước 3", &a), ("(b) bước 10", &b)];
        let bo_tri = plot::grid_layout(&o, 2).unwrap();
        assert!(!bo_tri.cells[0].frame.overlaps(&bo_tri.cells[1].frame));
        let luoi = plot::grid(&o, 2, 800.0).unwrap();
        assert!(luoi.width() <= 800.0);
        assert!(luoi.svg().contains("(b) bước 10"));
    }
    use super::*;
    use crate::plot::bar_chart;

    fn chart(v: f64) -> Figure {
        bar_chart("t", &[("a", v)]).unwrap()
    }

    #[test]
    fn lays_out_cells_and_scales_down() {
        let (a, b, c) = (chart(1.0), chart(2.0), chart(3.0));
        let cells = [("(a)", &a), ("(b)", &b), ("(c)", &c)];
        let l = grid_layout(&cells, 2).unwrap();
        assert_eq!(l.cells.len(), 3);
        for (i, x) in l.cells.iter().enumerate() {
            assert!(!x.label.bounds().overlaps(&x.frame));
            for y in &l.cells[i + 1..] {
                assert!(!x.frame.overlaps(&y.frame));
            }
            assert!(x.frame.right <= l.width && x.frame.bottom <= l.height);
        }
        // Hai cột 760 + 3 khoảng đệm 10 = 1550 > 600: thu nhỏ còn 600.
        assert_eq!(l.width, 1550.0);
        let g = grid(&cells, 2, 600.0).unwrap();
        assert_eq!(g.width(), 600.0);
        assert!(g.svg().contains("viewBox=\"0 0 1550 "));
        for t in ["(a)", "(b)", "(c)"] {
            assert!(g.svg().contains(t));
        }
    }

    #[test]
    fn refuses_empty_grid() {
        assert!(grid(&[], 2, 800.0).is_err());
        let a = chart(1.0);
        assert!(grid(&[("a", &a)], 0, 800.0).is_err());
        assert!(grid(&[("a", &a)], 1, 10.0).is_err());
    }
}

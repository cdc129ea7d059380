//! Ghép nhiều hình thành một lưới (ví dụ bốn khoảnh khắc của cắt tỉa), mỗi ô có
//! nhãn (a), (b), …; cả lưới được thu nhỏ cho vừa bề rộng trang sách.

use super::error::PlotError;
use super::svg::{n, Figure, SvgDoc, TextStyle};

const PAD: f64 = 10.0;
const LABEL_H: f64 = 22.0;

/// Ghép các hình `cells` (nhãn, hình) thành lưới `columns` cột, theo hàng từ
/// trái sang phải. Nếu lưới rộng hơn `max_width` điểm ảnh thì cả lưới được thu
/// nhỏ lại (giữ tỉ lệ) cho vừa.
///
/// ```
/// use caytrochoi::{plot, tree::GameTree, Searcher};
/// let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
/// let a = plot::step(&cay, Searcher::cat_tia(), 3).unwrap();
/// let b = plot::step(&cay, Searcher::cat_tia(), 10).unwrap();
/// let luoi = plot::grid(&[("(a) bước 3", &a), ("(b) bước 10", &b)], 2, 800.0).unwrap();
/// assert!(luoi.width() <= 800.0);
/// assert!(luoi.svg().contains("(b) bước 10"));
/// ```
pub fn grid(
    cells: &[(&str, &Figure)],
    columns: usize,
    max_width: f64,
) -> Result<Figure, PlotError> {
    if cells.is_empty() {
        return Err(PlotError::invalid("lưới hình cần ít nhất một hình"));
    }
    if columns == 0 {
        return Err(PlotError::invalid("lưới hình cần ít nhất một cột"));
    }
    if !(max_width.is_finite() && max_width >= 100.0) {
        return Err(PlotError::invalid(format!(
            "bề rộng tối đa của lưới phải từ 100 điểm ảnh trở lên (gặp {max_width})"
        )));
    }
    let columns = columns.min(cells.len());
    let rows = cells.len().div_ceil(columns);
    let cell_w = cells.iter().map(|(_, f)| f.width()).fold(0.0, f64::max);
    let mut row_h = vec![0.0f64; rows];
    for (i, (_, f)) in cells.iter().enumerate() {
        row_h[i / columns] = row_h[i / columns].max(f.height());
    }
    let width = PAD + columns as f64 * (cell_w + PAD);
    let height = PAD + row_h.iter().map(|h| h + LABEL_H + PAD).sum::<f64>();
    let scale = (max_width / width).min(1.0);

    let mut doc = SvgDoc::new(width, height);
    let mut y = PAD;
    for (r, h) in row_h.iter().enumerate() {
        for c in 0..columns {
            let Some((label, fig)) = cells.get(r * columns + c) else {
                break;
            };
            let x = PAD + c as f64 * (cell_w + PAD);
            doc.text(
                x + cell_w / 2.0,
                y + 15.0,
                label,
                &TextStyle::new(15.0).bold().class("cell-label"),
            );
            let dx = x + (cell_w - fig.width()) / 2.0;
            doc.rect(dx, y + LABEL_H, fig.width(), *h, "none", "#d0d0d0", 1.0);
            // Hình con lồng vào như một phần tử <svg> đặt ở (dx, y).
            let inner = fig.svg().trim_end();
            let placed = inner.replacen(
                "<svg ",
                &format!("<svg x=\"{}\" y=\"{}\" ", n(dx), n(y + LABEL_H)),
                1,
            );
            doc.raw(strip_xml_declaration(&placed));
        }
        y += h + LABEL_H + PAD;
    }
    Ok(doc.finish_scaled(scale))
}

/// Bỏ dòng `<?xml …?>` (nếu có) ở đầu một hình con.
fn strip_xml_declaration(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) if svg[..i].trim_start().starts_with("<?xml") => &svg[i..],
        _ => svg,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(side: f64) -> Figure {
        let mut d = SvgDoc::new(side, side);
        d.rect(1.0, 1.0, side - 2.0, side - 2.0, "red", "none", 0.0);
        d.finish()
    }

    #[test]
    fn lays_out_cells_and_scales_down() {
        let (a, b, c) = (square(400.0), square(300.0), square(400.0));
        let g = grid(&[("(a)", &a), ("(b)", &b), ("(c)", &c)], 2, 600.0).unwrap();
        // Hai cột 400 + 3 khoảng đệm 10 = 830 > 600: thu nhỏ còn 600.
        assert_eq!(g.width(), 600.0);
        let svg = g.svg();
        assert_eq!(svg.matches("<svg ").count(), 4);
        assert!(svg.contains("viewBox=\"0 0 830 "));
        for l in ["(a)", "(b)", "(c)"] {
            assert!(svg.contains(&format!(">{l}</text>")));
        }
    }

    #[test]
    fn refuses_empty_grid() {
        assert!(grid(&[], 2, 800.0).is_err());
        let a = square(50.0);
        assert!(grid(&[("a", &a)], 0, 800.0).is_err());
    }
}

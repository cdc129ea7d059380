//! Hình cho hàm Grundy: bàn cờ của trò chơi quân hậu tô màu theo giá trị Grundy,
//! và dãy Grundy của một trò chơi bốc sỏi (thấy rõ tiền chu kỳ và chu kỳ).
//!
//! Đầu vào là dữ liệu thuần (bảng số, dãy số) để nối được với bất kỳ mô-đun tính
//! Grundy nào. Mỗi hình có một mô hình bố trí ([`BoardLayout`],
//! [`SequenceLayout`]) mà kiểm thử đọc được.

use super::board::{board_frame, BoardCell, BoardFrame, BoardLayout, Separators};
use super::chart::{below, legend_box, text_font, title, LegendItem, Swatch, SIZE};
use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Anchor, Bounds, Label, LegendKey};
use super::paint::{self, backend_err, Area};
use super::style::{hex, text_px, CUT, INK, MAX_STROKE, PAPER, SOFT_INK};
use super::text::wrap;
use crate::limits::DRAWN_BOARD_SIDE;
use crate::outcome::Outcome;
use plotters::prelude::*;

/// Màu nền cho giá trị Grundy 1, 2, … (lặp lại nếu nhiều hơn); giá trị 0 tô đậm.
const CELL_COLOURS: [RGBColor; 10] = [
    hex(0xcfe3f7),
    hex(0xfbe3c4),
    hex(0xd6efd0),
    hex(0xf4d3e6),
    hex(0xe6dcf5),
    hex(0xfff3b0),
    hex(0xd3f0ee),
    hex(0xf6d5cf),
    hex(0xe3e8d0),
    hex(0xdcdcdc),
];
const ZERO_FILL: RGBColor = hex(0x26364d);

/// Màu nền và màu chữ cho một ô (hay một đỉnh) có giá trị Grundy `g`: G = 0 tô
/// đậm chữ trắng, G > 0 tô nhạt theo giá trị. Dùng chung cho mọi hình Grundy.
pub(crate) fn value_colours(g: u32) -> (RGBColor, RGBColor) {
    if g == 0 {
        (ZERO_FILL, PAPER)
    } else {
        (CELL_COLOURS[(g as usize - 1) % CELL_COLOURS.len()], INK)
    }
}

/// Màu nền cho mã −1 (hòa, hoặc chưa tính được).
const UNKNOWN_FILL: RGBColor = hex(0xe8e8e8);

/// Màu nền và màu chữ cho một trạng thái mang mã của bài giảng: 1 (thắng, P) tô
/// đậm như ô G = 0, 0 (thua, N) tô xanh nhạt, −1 (`None`: chưa tính, hoặc hòa)
/// tô xám nhạt.
pub(crate) fn outcome_colours(known: Option<Outcome>) -> (RGBColor, RGBColor) {
    match known {
        Some(Outcome::PreviousWins) => (ZERO_FILL, PAPER),
        Some(Outcome::NextWins) => (CELL_COLOURS[0], INK),
        Some(Outcome::Draw) | None => (UNKNOWN_FILL, SOFT_INK),
    }
}

/// Bàn cờ của trò chơi quân hậu: ô (p, q) tô màu theo G(p, q) và ghi giá trị.
/// `values[p][q]` là G(p, q); trục p nằm ngang, trục q thẳng đứng, ô (0, 0) ở
/// góc dưới bên trái như bàn cờ vua. Các ô G = 0 tô đậm.
///
/// ```
/// use caytrochoi::plot;
/// let g = vec![vec![0, 1], vec![1, 2]];
/// let hinh = plot::queen_board(&g).unwrap();
/// assert!(hinh.svg().contains("Grundy"));
/// ```
pub fn queen_board(values: &[Vec<u32>]) -> Result<Figure, PlotError> {
    grundy_board(
        "Trò chơi quân hậu: giá trị Grundy G(p, q) của mỗi ô",
        values,
    )
}

/// Như [`queen_board`] với tiêu đề tùy chọn (cho mọi trò chơi trên bàn cờ hai
/// chiều, ví dụ chia socola).
pub fn grundy_board(title: &str, values: &[Vec<u32>]) -> Result<Figure, PlotError> {
    grundy_board_layout(title, values)?.draw()
}

/// Bố trí của [`grundy_board`].
pub(crate) fn grundy_board_layout(
    title: &str,
    values: &[Vec<u32>],
) -> Result<BoardLayout, PlotError> {
    let lens: Vec<usize> = values.iter().map(Vec::len).collect();
    let BoardFrame {
        width,
        title,
        frame,
        axis,
        cells: boxes,
    } = board_frame(title, &lens, 520.0)?;
    let cells = boxes
        .into_iter()
        .map(|(p, q, bounds)| {
            let g = values[p][q];
            let (fill, ink) = value_colours(g);
            let (cx, cy) = (
                (bounds.left + bounds.right) / 2.0,
                (bounds.top + bounds.bottom) / 2.0,
            );
            BoardCell {
                p,
                q,
                value: g.into(),
                fresh: false,
                bounds,
                fill,
                label: Label::new(g.to_string(), cx, cy, 14.0).bold().colour(ink),
            }
        })
        .collect();
    let legend_y = frame.bottom + 56.0;
    let mut lines: Vec<Label> = wrap(
        "G = 0: người phải đi từ ô này sẽ thua (vị trí P; bài giảng gọi là \"trạng thái thắng\"). \
         G > 0: người phải đi thắng được (vị trí N).",
        12.0,
        width - 60.0,
    )
    .into_iter()
    .enumerate()
    .map(|(i, l)| Label::new(l, 42.0, legend_y + 9.0 + 15.0 * i as f64, 12.0).anchor(Anchor::Start))
    .collect();
    let height = legend_y + 15.0 * lines.len() as f64 + 18.0;
    let notes = lines.split_off(1.min(lines.len()));
    let legend = lines
        .into_iter()
        .map(|label| LegendKey {
            swatch: Bounds {
                left: 16.0,
                top: legend_y,
                right: 34.0,
                bottom: legend_y + 18.0,
            },
            fill: value_colours(0).0,
            label,
        })
        .collect();
    Ok(BoardLayout {
        width,
        height,
        title,
        cells,
        frame,
        axis,
        legend,
        notes,
        separators: Separators::Lines,
    })
}

/// Bàn cờ trò chơi quân hậu `n × n`, giá trị tính bằng mô-đun [`crate::grundy`].
///
/// ```
/// use caytrochoi::plot;
/// let hinh = plot::queen_game(8).unwrap();
/// assert!(hinh.width() >= 8.0 * 40.0);
/// ```
pub fn queen_game(n: u32) -> Result<Figure, PlotError> {
    if n == 0 || n as usize > DRAWN_BOARD_SIDE {
        return Err(PlotError::invalid(format!(
            "kích thước bàn cờ phải từ 1 đến {DRAWN_BOARD_SIDE} (gặp {n})"
        )));
    }
    let table = crate::grundy::games::queen::queen_table(n - 1, n - 1)
        .map_err(|e| PlotError::invalid(e.to_string()))?;
    queen_board(&table)
}

/// Một dải tô nền của dãy Grundy: từ `start` đến trước `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    /// Số đầu của dải.
    pub start: usize,
    /// Sau số cuối của dải.
    pub end: usize,
    /// Tiền chu kỳ (`None`) hay lần lặp thứ mấy của chu kỳ (`Some(0)`, …).
    pub repeat: Option<usize>,
}

/// Bố trí dãy Grundy: tiêu đề, các giá trị, các dải tiền chu kỳ và chu kỳ.
#[derive(Debug, Clone, PartialEq)]
pub struct SequenceLayout {
    /// Tiêu đề đầy đủ (kèm chu kỳ nếu biết).
    pub title: String,
    /// G(0), G(1), …
    pub values: Vec<u32>,
    /// Chu kỳ, nếu biết.
    pub period: Option<usize>,
    /// Các dải tô nền, từ trái sang phải.
    pub bands: Vec<Band>,
    /// Tên trục ngang (mặc định `n (số viên sỏi)`).
    pub x_label: String,
}

impl SequenceLayout {
    /// Đổi tên trục ngang, ví dụ `n (số ô của dải)` cho Tô màu.
    pub fn x_label(mut self, label: &str) -> SequenceLayout {
        self.x_label = label.to_string();
        self
    }

    /// Vẽ bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }
}

/// Bố trí của [`grundy_sequence`].
///
/// ```
/// use caytrochoi::plot;
/// let g: Vec<u32> = (0..10).map(|n| if n < 2 { 0 } else { (n % 3) as u32 }).collect();
/// let d = plot::grundy_sequence_layout("Thử", &g, Some((3, 2))).unwrap();
/// assert_eq!(d.bands[0], plot::Band { start: 0, end: 2, repeat: None });
/// assert_eq!(d.bands[1], plot::Band { start: 2, end: 5, repeat: Some(0) });
/// assert_eq!(d.bands.last().unwrap().end, 10);
/// ```
pub fn grundy_sequence_layout(
    title: &str,
    values: &[u32],
    period: Option<(usize, usize)>,
) -> Result<SequenceLayout, PlotError> {
    if values.is_empty() {
        return Err(PlotError::invalid("dãy Grundy rỗng"));
    }
    if values.len() > 2000 {
        return Err(PlotError::invalid(format!(
            "dãy Grundy có {} số, quá dài để vẽ (tối đa 2000)",
            values.len()
        )));
    }
    let mut bands = Vec::new();
    if let Some((p, pre)) = period {
        if p == 0 {
            return Err(PlotError::invalid("chu kỳ phải lớn hơn 0"));
        }
        if pre > values.len() {
            return Err(PlotError::invalid(format!(
                "tiền chu kỳ {pre} dài hơn cả dãy ({} số)",
                values.len()
            )));
        }
        if pre > 0 {
            bands.push(Band {
                start: 0,
                end: pre,
                repeat: None,
            });
        }
        let mut start = pre;
        let mut k = 0;
        while start < values.len() {
            let end = (start + p).min(values.len());
            bands.push(Band {
                start,
                end,
                repeat: Some(k),
            });
            start = end;
            k += 1;
        }
    }
    Ok(SequenceLayout {
        title: match period {
            Some((p, pre)) => format!("{title} — chu kỳ {p}, tiền chu kỳ {pre}"),
            None => title.to_string(),
        },
        values: values.to_vec(),
        period: period.map(|(p, _)| p),
        bands,
        x_label: "n (số viên sỏi)".to_string(),
    })
}

const PRE_FILL: RGBColor = hex(0xd7d7d7);
const ODD_FILL: RGBColor = hex(0xd6e8fa);
const EVEN_FILL: RGBColor = hex(0xfdecd6);

impl Paint for SequenceLayout {
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        let top = title(&c, &self.title, f64::from(SIZE.0), 18.0)?;
        let n = self.values.len() as f64;
        let gmax = f64::from(self.values.iter().copied().max().unwrap_or(0));
        // Chừa khoảng trống phía trên cho chú giải.
        let ytop = gmax + 1.5 + (gmax + 1.0) * 0.4;
        let mut chart = ChartBuilder::on(&below(area, top))
            .margin(16)
            .margin_top(6)
            .x_label_area_size(text_px(50.0))
            .y_label_area_size(text_px(60.0))
            .build_cartesian_2d(-0.5..n - 0.5, 0.0..ytop)
            .map_err(backend_err)?;
        let whole = |v: &f64| {
            if v.fract() == 0.0 {
                format!("{v}")
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(self.x_label.as_str())
            .y_desc("G(n)")
            .axis_desc_style(text_font(16.0))
            .label_style(text_font(13.0))
            .x_label_formatter(&whole)
            .y_label_formatter(&whole)
            .light_line_style(hex(0xeeeeee))
            .draw()
            .map_err(backend_err)?;
        for b in &self.bands {
            let fill = match b.repeat {
                None => PRE_FILL,
                Some(k) if k % 2 == 0 => ODD_FILL,
                Some(_) => EVEN_FILL,
            };
            let (x0, x1) = (b.start as f64 - 0.5, b.end as f64 - 0.5);
            chart
                .draw_series([Rectangle::new(
                    [(x0, 0.0), (x1, ytop)],
                    fill.mix(0.7).filled(),
                )])
                .map_err(backend_err)?;
            if b.repeat.is_some() {
                chart
                    .draw_series(DashedLineSeries::new(
                        [(x0, 0.0), (x0, ytop)],
                        5,
                        4,
                        hex(0x787878).stroke_width(1),
                    ))
                    .map_err(backend_err)?;
            }
        }
        let pts: Vec<(f64, f64)> = self
            .values
            .iter()
            .enumerate()
            .map(|(i, &g)| (i as f64, f64::from(g)))
            .collect();
        chart
            .draw_series(LineSeries::new(
                pts.iter().copied(),
                MAX_STROKE.stroke_width(2),
            ))
            .map_err(backend_err)?;
        chart
            .draw_series(pts.iter().map(|&(x, y)| {
                let colour = if y == 0.0 { CUT } else { MAX_STROKE };
                Circle::new((x, y), 4, colour.filled())
            }))
            .map_err(backend_err)?;
        let origin = super::chart::plot_origin(area, chart.plotting_area());
        let mut items = Vec::new();
        if self.bands.iter().any(|b| b.repeat.is_none()) {
            items.push(LegendItem::new("tiền chu kỳ", PRE_FILL, Swatch::Box));
        }
        if let Some(p) = self.period {
            items.push(LegendItem::new(
                &format!("mỗi lần lặp của chu kỳ {p}"),
                ODD_FILL,
                Swatch::Box,
            ));
        }
        items.push(LegendItem::new("G(n)", MAX_STROKE, Swatch::Line));
        legend_box(&c, &items, origin.0 + 10.0, origin.1 + 10.0)
    }
}

/// Dãy Grundy G(0), G(1), … của một trò chơi bốc sỏi, với chu kỳ (nếu biết):
/// `period = Some((chu_kỳ, tiền_chu_kỳ))`. Phần tiền chu kỳ được tô xám, mỗi lần
/// lặp của chu kỳ được tô xen kẽ và ngăn bằng vạch đứt.
///
/// ```
/// use caytrochoi::plot;
/// // Bốc 1, 2 hoặc 3 viên: G(n) = n mod 4, chu kỳ 4, không có tiền chu kỳ.
/// let g: Vec<u32> = (0..20).map(|n| n % 4).collect();
/// let hinh = plot::grundy_sequence("Bốc 1–3 viên sỏi", &g, Some((4, 0))).unwrap();
/// assert!(hinh.svg().contains("chu kỳ 4"));
/// ```
pub fn grundy_sequence(
    title: &str,
    values: &[u32],
    period: Option<(usize, usize)>,
) -> Result<Figure, PlotError> {
    grundy_sequence_layout(title, values, period)?.draw()
}

/// Bố trí dãy Grundy G(0), …, G(count − 1) của trò chơi bát phân có mã `code`
/// (ví dụ `"0.77"` là Kayles, `"0.077"` là Tô màu), kèm chu kỳ và tiền chu kỳ
/// **đã chứng minh** nếu tìm được.
///
/// ```
/// use caytrochoi::plot;
/// let d = plot::octal_sequence_layout("0.07", 120).unwrap(); // Dawson's Kayles
/// assert_eq!(d.period, Some(34));
/// assert!(d.title.contains("chu kỳ 34"));
/// ```
pub fn octal_sequence_layout(code: &str, count: usize) -> Result<SequenceLayout, PlotError> {
    let game =
        crate::grundy::OctalGame::parse(code).map_err(|e| PlotError::invalid(e.to_string()))?;
    let values = game
        .values(count)
        .map_err(|e| PlotError::invalid(e.to_string()))?;
    let period = game
        .periodicity(20_000)
        .ok()
        .map(|p| (p.period, p.preperiod.min(count)));
    grundy_sequence_layout(
        &format!("Dãy Grundy của trò chơi bát phân {code}"),
        &values,
        period,
    )
}

/// Hình của [`octal_sequence_layout`].
///
/// ```
/// use caytrochoi::plot;
/// let hinh = plot::octal_sequence("0.07", 120).unwrap(); // Dawson's Kayles
/// assert!(hinh.svg().contains("chu kỳ 34"));
/// ```
pub fn octal_sequence(code: &str, count: usize) -> Result<Figure, PlotError> {
    octal_sequence_layout(code, count)?.draw()
}

#[cfg(test)]
mod tests {
    #[test]
    fn board_layout_example() {
        use crate::plot;
        let g = vec![vec![0, 1], vec![1, 2]];
        let ban = plot::grundy_board_layout("Thử", &g).unwrap();
        assert_eq!(ban.cells.len(), 4);
        // (0, 0) ở góc dưới-trái: cùng cột với (0, 1), thấp hơn nó.
        let (a, b) = (ban.cell(0, 0).unwrap(), ban.cell(0, 1).unwrap());
        assert_eq!(a.bounds.left, b.bounds.left);
        assert!(a.bounds.top > b.bounds.top);
    }
}

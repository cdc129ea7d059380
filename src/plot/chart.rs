//! Biểu đồ cột và biểu đồ đường (vẽ bằng `ChartBuilder` của plotters) cho các
//! con số của sinh viên: số nút đã xét, thời gian chạy, …
//!
//! Tiêu đề và chú giải do mô-đun tự đặt chỗ (bề rộng chữ theo
//! [`super::text::width`]): không có phông chữ, plotters đo chữ theo số byte
//! UTF-8, nên chữ tiếng Việt có dấu bị đo rộng gần gấp rưỡi.

use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Anchor, Label, BOLD};
use super::paint::{self, backend_err, Area, Canvas};
use super::style::{by_text, font, hex, text_px, INK, PALETTE, PAPER};
use super::text::wrap;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Bề rộng và chiều cao mặc định của biểu đồ (điểm ảnh).
pub(crate) const SIZE: (u32, u32) = (760, 480);

/// Một đường của biểu đồ: tên (hiện trong chú giải) và các điểm (x, y).
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Tên, ví dụ `"vét cạn"`.
    pub name: String,
    /// Các điểm (x, y), theo x tăng dần.
    pub points: Vec<(f64, f64)>,
    /// Vẽ nét đứt (ví dụ cho một đường lý thuyết).
    pub dashed: bool,
}

impl Series {
    /// Đường tên `name` qua các điểm `points`.
    pub fn new(name: &str, points: Vec<(f64, f64)>) -> Series {
        Series {
            name: name.to_string(),
            points,
            dashed: false,
        }
    }

    /// Đường nét đứt.
    pub fn dashed(mut self) -> Series {
        self.dashed = true;
        self
    }
}

/// Kiểu chữ plotters cỡ `size`, màu mực.
pub(crate) fn text_font(size: f64) -> TextStyle<'static> {
    font(size, false, false).color(&INK)
}

/// Số viết kiểu Việt Nam: nhóm ba chữ số bằng dấu chấm (`549.946`); số lẻ giữ
/// tối đa hai chữ số thập phân với dấu phẩy.
pub(crate) fn format_number(v: f64) -> String {
    if !v.is_finite() {
        return crate::value::fmt_value(v);
    }
    let neg = v < 0.0;
    let a = v.abs();
    let mut grouped = crate::limits::group_u128(a.trunc() as u128);
    let frac = ((a - a.trunc()) * 100.0).round() as u32;
    if frac > 0 && frac < 100 {
        let f = format!("{frac:02}");
        grouped.push(',');
        grouped.push_str(f.trim_end_matches('0'));
    }
    if neg {
        format!("-{grouped}")
    } else {
        grouped
    }
}

/// Ký hiệu của một mục chú giải.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Swatch {
    /// Đoạn thẳng liền.
    Line,
    /// Đoạn thẳng nét đứt.
    Dashed,
    /// Ô màu.
    Box,
}

/// Một mục chú giải: tên, màu, ký hiệu.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LegendItem {
    pub name: String,
    pub colour: RGBColor,
    pub swatch: Swatch,
}

impl LegendItem {
    pub fn new(name: &str, colour: RGBColor, swatch: Swatch) -> LegendItem {
        LegendItem {
            name: name.to_string(),
            colour,
            swatch,
        }
    }
}

const LEGEND_SIZE: f64 = 13.0;
const SWATCH_W: f64 = 26.0;

fn swatch(c: &Canvas, item: &LegendItem, x: f64, y: f64) -> Result<(), PlotError> {
    let pts = [(x, y), (x + SWATCH_W, y)];
    match item.swatch {
        Swatch::Line => paint::path(c, &pts, (item.colour, 3), None),
        Swatch::Dashed => paint::path(c, &pts, (item.colour, 3), Some((7.0, 5.0))),
        Swatch::Box => paint::rect(
            c,
            (x + 3.0, y - 7.0),
            (x + SWATCH_W - 3.0, y + 7.0),
            Some(item.colour),
            None,
        ),
    }
}

/// Chú giải dạng hộp, góc trên-trái ở `(x, y)`, mỗi mục một dòng.
pub(crate) fn legend_box(
    c: &Canvas,
    items: &[LegendItem],
    x: f64,
    y: f64,
) -> Result<(), PlotError> {
    if items.is_empty() {
        return Ok(());
    }
    let line = by_text(20.0);
    let labels: Vec<Label> = items
        .iter()
        .enumerate()
        .map(|(i, it)| {
            Label::new(
                it.name.clone(),
                x + 10.0 + SWATCH_W + 8.0,
                y + by_text(14.0) + line * i as f64,
                LEGEND_SIZE,
            )
            .anchor(Anchor::Start)
        })
        .collect();
    let w = labels.iter().map(Label::width).fold(0.0, f64::max);
    let (x1, y1) = (
        x + 10.0 + SWATCH_W + 8.0 + w + 10.0,
        y + 4.0 + line * items.len() as f64 + 4.0,
    );
    c.draw(&Rectangle::new([(x, y), (x1, y1)], PAPER.mix(0.9).filled()))
        .map_err(backend_err)?;
    paint::rect(c, (x, y), (x1, y1), None, Some((hex(0xb4b4b4), 1)))?;
    for (it, l) in items.iter().zip(&labels) {
        swatch(c, it, x + 10.0, l.y)?;
        paint::label(c, l)?;
    }
    Ok(())
}

/// Chú giải trên một hàng, căn giữa quanh `centre`, giữa dòng ở `y`.
pub(crate) fn legend_row(
    c: &Canvas,
    items: &[LegendItem],
    centre: f64,
    y: f64,
) -> Result<(), PlotError> {
    let labels: Vec<Label> = items
        .iter()
        .map(|it| Label::new(it.name.clone(), 0.0, y, LEGEND_SIZE).anchor(Anchor::Start))
        .collect();
    let total: f64 = labels
        .iter()
        .map(|l| SWATCH_W + 6.0 + l.width())
        .sum::<f64>()
        + 20.0 * (items.len().saturating_sub(1)) as f64;
    let mut x = centre - total / 2.0;
    for (it, l) in items.iter().zip(labels) {
        swatch(c, it, x, y)?;
        let l = Label {
            x: x + SWATCH_W + 6.0,
            ..l
        };
        x = l.x + l.width() + 20.0;
        paint::label(c, &l)?;
    }
    Ok(())
}

/// Tiêu đề (ngắt dòng cho vừa `width`), căn giữa ở đầu hình; trả về chiều cao
/// đã dùng.
pub(crate) fn title(c: &Canvas, text: &str, width: f64, size: f64) -> Result<f64, PlotError> {
    let lines = wrap(text, size * BOLD, width - 32.0);
    for (i, l) in lines.iter().enumerate() {
        let y = 16.0 + by_text(size) * 0.6 + (by_text(size) + 5.0) * i as f64;
        paint::label(c, &Label::new(l.clone(), width / 2.0, y, size).bold())?;
    }
    Ok(16.0 + (by_text(size) + 5.0) * lines.len() as f64 + 4.0)
}

/// Vị trí (so với góc của `area`) của vùng vẽ số liệu của một biểu đồ.
pub(crate) fn plot_origin<X, Y>(
    area: &Area,
    plot: &DrawingArea<SVGBackend, Cartesian2d<X, Y>>,
) -> (f64, f64)
where
    X: Ranged,
    Y: Ranged,
{
    let (ax, ay) = area.get_pixel_range();
    let (px, py) = plot.get_pixel_range();
    (
        f64::from(px.start - ax.start),
        f64::from(py.start - ay.start),
    )
}

/// Vùng bên dưới tiêu đề cao `top`.
pub(crate) fn below<'a>(area: &Area<'a>, top: f64) -> DrawingArea<SVGBackend<'a>, Shift> {
    area.split_vertically(top.round() as i32).1
}

/// Biểu đồ cột: mỗi cột một cặp (tên, giá trị), số ghi trên đầu cột.
///
/// ```
/// use caytrochoi::plot;
/// let hinh = plot::bar_chart(
///     "Số nút đã xét trên cây carô",
///     &[("vét cạn", 549946.0), ("cắt tỉa (α, β)", 30709.0)],
/// ).unwrap();
/// assert!(hinh.svg().contains("vét cạn") && hinh.svg().contains("549.946"));
/// ```
pub fn bar_chart(title: &str, items: &[(&str, f64)]) -> Result<Figure, PlotError> {
    if items.is_empty() {
        return Err(PlotError::invalid("biểu đồ cột cần ít nhất một cột"));
    }
    if let Some((name, v)) = items.iter().find(|(_, v)| !v.is_finite()) {
        return Err(PlotError::invalid(format!(
            "giá trị của cột `{name}` không phải số hữu hạn ({v})"
        )));
    }
    Figure::paint(BarChart {
        title: title.to_string(),
        items: items.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
    })
}

struct BarChart {
    title: String,
    items: Vec<(String, f64)>,
}

impl Paint for BarChart {
    fn size(&self) -> (u32, u32) {
        SIZE
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        let top = title(&c, &self.title, f64::from(SIZE.0), 20.0)?;
        let max = self.items.iter().map(|(_, v)| *v).fold(0.0, f64::max);
        let min = self.items.iter().map(|(_, v)| *v).fold(0.0, f64::min);
        let y1 = if max > 0.0 { max * 1.15 } else { 1.0 };
        let y0 = if min < 0.0 { min * 1.15 } else { 0.0 };
        let n = self.items.len() as i32;
        let mut chart = ChartBuilder::on(&below(area, top))
            .margin(16)
            .x_label_area_size(text_px(40.0))
            .y_label_area_size(text_px(80.0))
            .build_cartesian_2d((0..n - 1).into_segmented(), y0..y1)
            .map_err(backend_err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(self.items.len())
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) => self
                    .items
                    .get(*i as usize)
                    .map(|(n, _)| n.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .y_label_formatter(&|y| format_number(*y))
            .label_style(text_font(14.0))
            .bold_line_style(hex(0xdddddd))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(backend_err)?;
        for (i, (_, v)) in self.items.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            let i = i as i32;
            let mut bar = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), *v),
                ],
                colour.filled(),
            );
            bar.set_margin(0, 0, 12, 12);
            chart.draw_series([bar]).map_err(backend_err)?;
            chart
                .draw_series([Text::new(
                    format_number(*v),
                    (SegmentValue::CenterOf(i), v.max(0.0)),
                    text_font(14.0).pos(Pos::new(HPos::Center, VPos::Bottom)),
                )])
                .map_err(backend_err)?;
        }
        Ok(())
    }
}

/// Biểu đồ đường, trục tung tuyến tính.
///
/// ```
/// use caytrochoi::plot::{self, Series};
/// let s = Series::new("2^n", (0..8).map(|n| (n as f64, 2f64.powi(n))).collect());
/// let hinh = plot::line_chart("Lũy thừa của 2", "n", "giá trị", &[s]).unwrap();
/// assert!(hinh.svg().contains("Lũy thừa của 2"));
/// ```
pub fn line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<Figure, PlotError> {
    LineChart::new(title, x_label, y_label, series, false).and_then(Figure::paint)
}

/// Biểu đồ đường với trục tung theo thang logarit (mọi giá trị y phải dương):
/// hợp với các con số tăng theo hàm mũ như số nút của cây trò chơi.
pub fn log_line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<Figure, PlotError> {
    LineChart::new(title, x_label, y_label, series, true).and_then(Figure::paint)
}

struct LineChart {
    title: String,
    x_label: String,
    y_label: String,
    series: Vec<Series>,
    log: bool,
    /// (x nhỏ nhất, x lớn nhất, y nhỏ nhất, y lớn nhất).
    range: (f64, f64, f64, f64),
}

impl LineChart {
    fn new(
        title: &str,
        x_label: &str,
        y_label: &str,
        series: &[Series],
        log: bool,
    ) -> Result<LineChart, PlotError> {
        Ok(LineChart {
            title: title.to_string(),
            x_label: x_label.to_string(),
            y_label: y_label.to_string(),
            series: series.to_vec(),
            log,
            range: check_series(series, log)?,
        })
    }
}

fn check_series(series: &[Series], log: bool) -> Result<(f64, f64, f64, f64), PlotError> {
    let pts: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| s.points.iter().copied())
        .collect();
    if pts.is_empty() {
        return Err(PlotError::invalid("biểu đồ đường cần ít nhất một điểm"));
    }
    for s in series {
        if let Some((x, y)) = s
            .points
            .iter()
            .find(|(x, y)| !x.is_finite() || !y.is_finite())
        {
            return Err(PlotError::invalid(format!(
                "đường `{}` có điểm không hữu hạn ({x}, {y})",
                s.name
            )));
        }
        if log {
            if let Some((x, y)) = s.points.iter().find(|(_, y)| *y <= 0.0) {
                return Err(PlotError::invalid(format!(
                    "thang logarit chỉ vẽ được giá trị dương, nhưng đường `{}` có điểm ({x}, {y})",
                    s.name
                )));
            }
        }
    }
    let fold = |f: fn(&(f64, f64)) -> f64, init: f64, op: fn(f64, f64) -> f64| {
        pts.iter().map(f).fold(init, op)
    };
    let (x0, x1) = (
        fold(|p| p.0, f64::INFINITY, f64::min),
        fold(|p| p.0, f64::NEG_INFINITY, f64::max),
    );
    let (x0, x1) = if x0 == x1 {
        (x0 - 1.0, x1 + 1.0)
    } else {
        (x0, x1)
    };
    Ok((
        x0,
        x1,
        fold(|p| p.1, f64::INFINITY, f64::min),
        fold(|p| p.1, f64::NEG_INFINITY, f64::max),
    ))
}

impl Paint for LineChart {
    fn size(&self) -> (u32, u32) {
        // Tên trục hoành nằm giữa vùng số liệu (bên phải vùng chữ của trục tung):
        // hình rộng ra nếu chữ lớn làm nó vượt mép phải.
        let need = by_text(90.0) + super::text::width(&self.x_label, 16.0) + 8.0;
        (SIZE.0.max(need.ceil() as u32), SIZE.1)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        let top = title(&c, &self.title, f64::from(self.size().0), 19.0)?;
        let (x0, x1, y0, y1) = self.range;
        let body = below(area, top);
        let mut b = ChartBuilder::on(&body);
        b.margin(16)
            .margin_top(6)
            .x_label_area_size(text_px(50.0))
            .y_label_area_size(text_px(90.0));
        let origin = if self.log {
            let chart = b
                .build_cartesian_2d(x0..x1, (y0 / 2.0..y1 * 3.0).log_scale())
                .map_err(backend_err)?;
            let o = plot_origin(area, chart.plotting_area());
            self.lines(chart)?;
            o
        } else {
            let pad = ((y1 - y0) * 0.08).max(1e-9);
            let lo = if y0 >= 0.0 { 0.0 } else { y0 - pad };
            let chart = b
                .build_cartesian_2d(x0..x1, lo..y1 + pad)
                .map_err(backend_err)?;
            let o = plot_origin(area, chart.plotting_area());
            self.lines(chart)?;
            o
        };
        let items: Vec<LegendItem> = self
            .series
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let swatch = if s.dashed {
                    Swatch::Dashed
                } else {
                    Swatch::Line
                };
                LegendItem::new(&s.name, PALETTE[i % PALETTE.len()], swatch)
            })
            .collect();
        legend_box(&c, &items, origin.0 + 10.0, origin.1 + 10.0)
    }
}

impl LineChart {
    fn lines<'a, 'b: 'a, Y>(
        &self,
        mut chart: ChartContext<
            'a,
            SVGBackend<'b>,
            Cartesian2d<plotters::coord::types::RangedCoordf64, Y>,
        >,
    ) -> Result<(), PlotError>
    where
        Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
    {
        let integer_x = self
            .series
            .iter()
            .flat_map(|s| s.points.iter())
            .all(|(x, _)| x.fract() == 0.0);
        chart
            .configure_mesh()
            .x_desc(self.x_label.as_str())
            .y_desc(self.y_label.as_str())
            .axis_desc_style(text_font(16.0))
            .label_style(text_font(13.0))
            .x_label_formatter(&|x| {
                if integer_x {
                    if x.fract() == 0.0 {
                        format_number(*x)
                    } else {
                        String::new()
                    }
                } else {
                    format!("{x:.2}")
                }
            })
            .y_label_formatter(&|y| format_number(*y))
            .bold_line_style(hex(0xdddddd))
            .light_line_style(hex(0xf2f2f2))
            .draw()
            .map_err(backend_err)?;
        for (i, s) in self.series.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            let style = colour.stroke_width(3);
            if s.dashed {
                chart
                    .draw_series(DashedLineSeries::new(s.points.iter().copied(), 8, 6, style))
                    .map_err(backend_err)?;
            } else {
                chart
                    .draw_series(LineSeries::new(s.points.iter().copied(), style))
                    .map_err(backend_err)?;
            }
            chart
                .draw_series(s.points.iter().map(|&p| Circle::new(p, 4, colour.filled())))
                .map_err(backend_err)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vietnamese_numbers() {
        assert_eq!(format_number(549946.0), "549.946");
        assert_eq!(format_number(12.0), "12");
        assert_eq!(format_number(-1234.5), "-1.234,5");
        assert_eq!(format_number(1000000.0), "1.000.000");
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(bar_chart("x", &[]).is_err());
        assert!(bar_chart("x", &[("a", f64::NAN)]).is_err());
        let s = Series::new("a", vec![(1.0, 0.0)]);
        assert!(log_line_chart("x", "x", "y", &[s]).is_err());
        assert!(line_chart("x", "x", "y", &[]).is_err());
    }
}

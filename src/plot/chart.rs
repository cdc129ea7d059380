//! Biểu đồ cột và biểu đồ đường (vẽ bằng plotters) cho các con số của sinh viên:
//! số nút đã xét, thời gian chạy, …

use super::error::PlotError;
use super::svg::Figure;
use super::FONT_FAMILY;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Bề rộng và chiều cao mặc định của biểu đồ (điểm ảnh).
pub(crate) const SIZE: (u32, u32) = (760, 480);

/// Bảng màu dễ phân biệt (cả khi in đen trắng nhờ nét và ký hiệu khác nhau).
pub(crate) const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 78, 150),
    RGBColor(192, 57, 43),
    RGBColor(26, 143, 58),
    RGBColor(230, 126, 0),
    RGBColor(120, 60, 160),
    RGBColor(90, 90, 90),
];

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

pub(crate) fn font(size: u32) -> TextStyle<'static> {
    (FONT_FAMILY, size).into_font().color(&BLACK)
}

pub(crate) fn backend_err<E: std::fmt::Debug>(e: E) -> PlotError {
    PlotError::Backend(format!("{e:?}"))
}

/// Số viết kiểu Việt Nam: nhóm ba chữ số bằng dấu chấm (`549.946`); số lẻ giữ
/// tối đa hai chữ số thập phân với dấu phẩy.
pub fn format_number(v: f64) -> String {
    if !v.is_finite() {
        return crate::value::fmt_value(v);
    }
    let neg = v < 0.0;
    let a = v.abs();
    let int = a.trunc() as u128;
    let digits = int.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(c);
    }
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

/// Biểu đồ cột: mỗi cột một cặp (tên, giá trị), số ghi trên đầu cột.
///
/// ```
/// use caytrochoi::plot;
/// let hinh = plot::bar_chart(
///     "Số nút đã xét trên cây carô",
///     &[("vét cạn", 549946.0), ("cắt tỉa (α, β)", 30709.0)],
/// ).unwrap();
/// assert!(hinh.svg().contains("vét cạn"));
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
    let max = items.iter().map(|(_, v)| *v).fold(0.0, f64::max);
    let min = items.iter().map(|(_, v)| *v).fold(0.0, f64::min);
    let top = if max > 0.0 { max * 1.15 } else { 1.0 };
    let bottom = if min < 0.0 { min * 1.15 } else { 0.0 };
    let names: Vec<String> = items.iter().map(|(n, _)| n.to_string()).collect();
    let mut buf = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, font(22))
            .margin(16)
            .x_label_area_size(40)
            .y_label_area_size(80)
            .build_cartesian_2d((0..items.len() as i32 - 1).into_segmented(), bottom..top)
            .map_err(backend_err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(items.len())
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) => names.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .y_label_formatter(&|y| format_number(*y))
            .label_style(font(14))
            .draw()
            .map_err(backend_err)?;
        for (i, (_, v)) in items.iter().enumerate() {
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
            chart
                .draw_series(std::iter::once(bar))
                .map_err(backend_err)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    format_number(*v),
                    (SegmentValue::CenterOf(i), if *v >= 0.0 { *v } else { 0.0 }),
                    font(14).pos(Pos::new(HPos::Center, VPos::Bottom)),
                )))
                .map_err(backend_err)?;
        }
        root.present().map_err(backend_err)?;
    }
    Ok(Figure::from_svg(buf, SIZE.0 as f64, SIZE.1 as f64))
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
    draw_lines(title, x_label, y_label, series, false)
}

/// Biểu đồ đường với trục tung theo thang logarit (mọi giá trị y phải dương):
/// hợp với các con số tăng theo hàm mũ như số nút của cây trò chơi.
pub fn log_line_chart(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<Figure, PlotError> {
    draw_lines(title, x_label, y_label, series, true)
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
    Ok((
        fold(|p| p.0, f64::INFINITY, f64::min),
        fold(|p| p.0, f64::NEG_INFINITY, f64::max),
        fold(|p| p.1, f64::INFINITY, f64::min),
        fold(|p| p.1, f64::NEG_INFINITY, f64::max),
    ))
}

fn draw_lines(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
    log: bool,
) -> Result<Figure, PlotError> {
    let (x0, x1, y0, y1) = check_series(series, log)?;
    let (x0, x1) = if x0 == x1 {
        (x0 - 1.0, x1 + 1.0)
    } else {
        (x0, x1)
    };
    let mut buf = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        if log {
            let (lo, hi) = (y0 / 2.0, y1 * 3.0);
            let chart = builder(&root, title)
                .build_cartesian_2d(x0..x1, (lo..hi).log_scale())
                .map_err(backend_err)?;
            finish_lines(chart, x_label, y_label, series)?;
        } else {
            let pad = ((y1 - y0) * 0.08).max(1e-9);
            let lo = if y0 >= 0.0 { 0.0 } else { y0 - pad };
            let chart = builder(&root, title)
                .build_cartesian_2d(x0..x1, lo..y1 + pad)
                .map_err(backend_err)?;
            finish_lines(chart, x_label, y_label, series)?;
        }
        root.present().map_err(backend_err)?;
    }
    Ok(Figure::from_svg(buf, SIZE.0 as f64, SIZE.1 as f64))
}

fn builder<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    title: &str,
) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut b = ChartBuilder::on(root);
    b.caption(title, font(20))
        .margin(16)
        .x_label_area_size(50)
        .y_label_area_size(90);
    b
}

fn finish_lines<'a, 'b: 'a, Y>(
    mut chart: ChartContext<
        'a,
        SVGBackend<'b>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, Y>,
    >,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<(), PlotError>
where
    Y: Ranged<ValueType = f64> + plotters::coord::ranged1d::ValueFormatter<f64>,
{
    let integer_x = series
        .iter()
        .flat_map(|s| s.points.iter())
        .all(|(x, _)| x.fract() == 0.0);
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .axis_desc_style(font(16))
        .label_style(font(13))
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
        .light_line_style(RGBColor(235, 235, 235))
        .draw()
        .map_err(backend_err)?;
    for (i, s) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let style = colour.stroke_width(3);
        if s.dashed {
            chart
                .draw_series(DashedLineSeries::new(s.points.iter().copied(), 8, 6, style))
                .map_err(backend_err)?
                .label(s.name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                });
        } else {
            chart
                .draw_series(LineSeries::new(s.points.iter().copied(), style))
                .map_err(backend_err)?
                .label(s.name.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(3))
                });
        }
        chart
            .draw_series(s.points.iter().map(|&p| Circle::new(p, 4, colour.filled())))
            .map_err(backend_err)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(RGBColor(180, 180, 180))
        .label_font(font(14))
        .draw()
        .map_err(backend_err)?;
    Ok(())
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

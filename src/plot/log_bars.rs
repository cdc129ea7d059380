//! Biểu đồ cột thang logarit, vẽ bằng trục log của plotters (`log_scale`): cột
//! đứng (có thể kèm một đường so sánh nét đứt) hoặc cột ngang; số ghi ở đầu mỗi
//! cột.

use super::chart::{below, format_number, legend_row, text_font, title, LegendItem, Swatch};
use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Anchor, Label};
use super::paint::{self, backend_err, Area, Canvas};
use super::style::{hex, text_px, CUT};
use super::text::width;
use plotters::prelude::*;

const BAR: RGBColor = hex(0x4a7fc1);
const BAR_STROKE: RGBColor = hex(0x1f4e96);
/// Màu các cột ngang (mỗi cột một màu).
const BARS: [RGBColor; 5] = [
    hex(0x4a7fc1),
    hex(0xd9822b),
    hex(0x3a9a5b),
    hex(0x8e5bb5),
    hex(0xb8433a),
];

/// Biểu đồ cột thang log: dựng bằng [`LogBarChart::new`], thêm tùy chọn rồi
/// gọi [`LogBarChart::draw`]. Mọi giá trị phải dương.
///
/// ```
/// use caytrochoi::plot::LogBarChart;
/// let bieu_do = LogBarChart::new("Số nút đã xét", &[("vét cạn", 549946.0), ("cat_tia", 29257.0)])
///     .horizontal(true)
///     .axis("số nút (thang log)");
/// // Trục log đi từ một lũy thừa của 10 đến một lũy thừa của 10, chứa mọi cột.
/// assert_eq!(bieu_do.axis_range().unwrap(), (10_000.0, 1_000_000.0));
/// let hinh = bieu_do.draw().unwrap();
/// assert!(hinh.svg().contains("549.946"));
/// assert!(LogBarChart::new("Rỗng", &[("a", 0.0)]).draw().is_err());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct LogBarChart {
    title: String,
    items: Vec<(String, f64)>,
    axis: String,
    category_axis: String,
    horizontal: bool,
    bars_name: String,
    line: Option<(String, Vec<f64>)>,
}

impl LogBarChart {
    /// Biểu đồ các cột `items` (tên, giá trị), theo thứ tự cho trước.
    pub fn new(title: &str, items: &[(&str, f64)]) -> LogBarChart {
        LogBarChart {
            title: title.to_string(),
            items: items.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            axis: String::new(),
            category_axis: String::new(),
            horizontal: false,
            bars_name: String::new(),
            line: None,
        }
    }

    /// Tên trục giá trị (thang log).
    pub fn axis(mut self, label: &str) -> LogBarChart {
        self.axis = label.to_string();
        self
    }

    /// Tên trục các cột (chỉ với cột đứng).
    pub fn category_axis(mut self, label: &str) -> LogBarChart {
        self.category_axis = label.to_string();
        self
    }

    /// Cột ngang (mặc định: cột đứng). Mỗi cột một màu.
    pub fn horizontal(mut self, on: bool) -> LogBarChart {
        self.horizontal = on;
        self
    }

    /// Thêm một đường so sánh nét đứt (một giá trị cho mỗi cột), kèm chú giải;
    /// `bars` là tên của dãy cột trong chú giải. Chỉ dùng với cột đứng.
    pub fn line(mut self, bars: &str, name: &str, values: &[f64]) -> LogBarChart {
        self.bars_name = bars.to_string();
        self.line = Some((name.to_string(), values.to_vec()));
        self
    }

    /// Khoảng của trục log, từ một lũy thừa của 10 đến một lũy thừa của 10:
    /// đáy thấp hơn giá trị nhỏ nhất (để cột nhỏ nhất vẫn thấy được), đỉnh không
    /// thấp hơn giá trị lớn nhất. Lỗi nếu không có cột, có giá trị không dương,
    /// hoặc đường so sánh không khớp số cột.
    pub fn axis_range(&self) -> Result<(f64, f64), PlotError> {
        if self.items.is_empty() {
            return Err(PlotError::invalid("biểu đồ cột cần ít nhất một cột"));
        }
        let mut all: Vec<(&str, f64)> = self.items.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        if let Some((name, values)) = &self.line {
            if self.horizontal {
                return Err(PlotError::invalid(
                    "đường so sánh chỉ vẽ được trên biểu đồ cột đứng",
                ));
            }
            if values.len() != self.items.len() {
                return Err(PlotError::invalid(format!(
                    "đường `{name}` có {} giá trị nhưng biểu đồ có {} cột",
                    values.len(),
                    self.items.len()
                )));
            }
            all.extend(values.iter().map(|v| (name.as_str(), *v)));
        }
        if let Some((name, v)) = all.iter().find(|(_, v)| !(v.is_finite() && *v > 0.0)) {
            return Err(PlotError::invalid(format!(
                "thang log chỉ vẽ được số dương, nhưng `{name}` có giá trị {v}"
            )));
        }
        let exps = all.iter().map(|(_, v)| v.log10());
        let lo = exps.clone().fold(f64::INFINITY, f64::min);
        let hi = exps.fold(f64::NEG_INFINITY, f64::max);
        let lo = (lo - 0.3).floor().max(lo.floor() - 1.0);
        let hi = hi.ceil().max(lo + 1.0);
        Ok((10f64.powf(lo), 10f64.powf(hi)))
    }

    /// Vẽ hình.
    pub fn draw(&self) -> Result<Figure, PlotError> {
        let range = self.axis_range()?;
        Figure::paint(Drawn {
            chart: self.clone(),
            range,
        })
    }

    /// Số thập phân của trục log (số lũy thừa của 10 trên trục, trừ một).
    fn decades(range: (f64, f64)) -> usize {
        (range.1 / range.0).log10().round() as usize
    }

    fn vertical_size(&self) -> (u32, u32) {
        let n = self.items.len() as u32;
        ((130 + 60 * n).clamp(480, 760), 460)
    }

    fn name_width(&self) -> f64 {
        self.items
            .iter()
            .map(|(k, _)| width(k, 13.0))
            .fold(0.0, f64::max)
    }

    fn value_width(&self) -> f64 {
        self.items
            .iter()
            .map(|(_, v)| 1.1 * width(&format_number(*v), 12.0))
            .fold(0.0, f64::max)
    }

    fn horizontal_size(&self) -> (u32, u32) {
        let w = 16.0 + self.name_width() + 16.0 + 430.0 + self.value_width() + 30.0;
        let h = 60.0
            + 40.0 * self.items.len() as f64
            + 50.0
            + if self.axis.is_empty() { 0.0 } else { 22.0 };
        (w.ceil() as u32, h.ceil() as u32)
    }
}

/// Một biểu đồ đã kiểm tra, cùng khoảng trục log.
struct Drawn {
    chart: LogBarChart,
    range: (f64, f64),
}

impl Paint for Drawn {
    fn size(&self) -> (u32, u32) {
        if self.chart.horizontal {
            self.chart.horizontal_size()
        } else {
            self.chart.vertical_size()
        }
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        if self.chart.horizontal {
            self.paint_horizontal(area)
        } else {
            self.paint_vertical(area)
        }
    }
}

/// Số ghi ở đầu cột: nền trắng phía sau để đọc được cả khi đường so sánh đi qua.
fn value_label(c: &Canvas, l: &Label) -> Result<(), PlotError> {
    let b = l.bounds();
    c.draw(&Rectangle::new(
        [(b.left - 2.0, b.top + 1.0), (b.right + 2.0, b.bottom)],
        WHITE.mix(0.85).filled(),
    ))
    .map_err(backend_err)?;
    paint::label(c, l)
}

impl Drawn {
    fn paint_vertical(&self, area: &Area) -> Result<(), PlotError> {
        let ch = &self.chart;
        let c = paint::canvas(area)?;
        let (w, _) = ch.vertical_size();
        let mut top = title(&c, &ch.title, f64::from(w), 17.0)?;
        let legend = ch.line.as_ref().map(|(name, _)| {
            vec![
                LegendItem::new(&ch.bars_name, BAR, Swatch::Box),
                LegendItem::new(name, CUT, Swatch::Dashed),
            ]
        });
        if let Some(items) = &legend {
            legend_row(&c, items, f64::from(w) / 2.0, top + 6.0)?;
            top += 22.0;
        }
        let n = ch.items.len() as i32;
        let (lo, hi) = self.range;
        let mut chart = ChartBuilder::on(&below(area, top))
            .margin(16)
            .margin_top(8)
            .x_label_area_size(text_px(if ch.category_axis.is_empty() {
                30.0
            } else {
                52.0
            }))
            .y_label_area_size(text_px(90.0))
            .build_cartesian_2d((0..n - 1).into_segmented(), (lo..hi).log_scale())
            .map_err(backend_err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(ch.items.len())
            .x_label_formatter(&|x| match x {
                SegmentValue::CenterOf(i) => ch
                    .items
                    .get(*i as usize)
                    .map(|(k, _)| k.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .y_labels(LogBarChart::decades(self.range) + 1)
            .y_label_formatter(&|y| format_number(*y))
            .x_desc(ch.category_axis.as_str())
            .y_desc(ch.axis.as_str())
            .axis_desc_style(text_font(13.0))
            .label_style(text_font(12.0))
            .bold_line_style(hex(0xe3e3e3))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(backend_err)?;
        for (i, (_, v)) in ch.items.iter().enumerate() {
            let i = i as i32;
            let corners = [
                (SegmentValue::Exact(i), lo),
                (SegmentValue::Exact(i + 1), *v),
            ];
            for style in [BAR.filled(), BAR_STROKE.stroke_width(1)] {
                let mut bar = Rectangle::new(corners.clone(), style);
                bar.set_margin(0, 0, 9, 9);
                chart.draw_series([bar]).map_err(backend_err)?;
            }
        }
        if let Some((_, values)) = &ch.line {
            let pts: Vec<_> = values
                .iter()
                .enumerate()
                .map(|(i, v)| (SegmentValue::CenterOf(i as i32), *v))
                .collect();
            chart
                .draw_series(DashedLineSeries::new(
                    pts.iter().cloned(),
                    6,
                    4,
                    CUT.stroke_width(2),
                ))
                .map_err(backend_err)?;
            chart
                .draw_series(pts.iter().map(|p| Circle::new(p.clone(), 3, CUT.filled())))
                .map_err(backend_err)?;
        }
        // Số ở đầu cột, ghi sau cùng (trên đường so sánh).
        let (ax, ay) = area.get_pixel_range();
        let size = if ch.items.len() > 8 { 11.0 } else { 12.0 };
        for (i, (_, v)) in ch.items.iter().enumerate() {
            let (px, py) = chart.backend_coord(&(SegmentValue::CenterOf(i as i32), *v));
            let l = Label::new(
                format_number(*v),
                f64::from(px - ax.start),
                f64::from(py - ay.start) - 9.0,
                size,
            );
            value_label(&c, &l)?;
        }
        Ok(())
    }

    fn paint_horizontal(&self, area: &Area) -> Result<(), PlotError> {
        let ch = &self.chart;
        let c = paint::canvas(area)?;
        let (w, _) = ch.horizontal_size();
        let top = title(&c, &ch.title, f64::from(w), 17.0)?;
        let n = ch.items.len() as i32;
        let (lo, hi) = self.range;
        // Cột đầu tiên ở trên cùng: cột thứ i nằm ở ô n − 1 − i của trục đứng.
        let row = |i: usize| n - 1 - i as i32;
        let mut chart = ChartBuilder::on(&below(area, top))
            .margin(16)
            .margin_top(6)
            .margin_right((ch.value_width() + 14.0).round() as i32)
            .x_label_area_size(text_px(if ch.axis.is_empty() { 28.0 } else { 52.0 }))
            .y_label_area_size((ch.name_width() + 16.0).round() as i32)
            .build_cartesian_2d((lo..hi).log_scale(), (0..n - 1).into_segmented())
            .map_err(backend_err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(ch.items.len())
            .y_label_formatter(&|y| match y {
                SegmentValue::CenterOf(j) => ch
                    .items
                    .get((n - 1 - *j) as usize)
                    .map(|(k, _)| k.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .x_labels(LogBarChart::decades(self.range) + 1)
            .x_label_formatter(&|x| format_number(*x))
            .x_desc(ch.axis.as_str())
            .axis_desc_style(text_font(13.0))
            .label_style(text_font(13.0))
            .bold_line_style(hex(0xe3e3e3))
            .light_line_style(TRANSPARENT)
            .draw()
            .map_err(backend_err)?;
        let (ax, ay) = area.get_pixel_range();
        for (i, (_, v)) in ch.items.iter().enumerate() {
            let j = row(i);
            let mut bar = Rectangle::new(
                [
                    (lo, SegmentValue::Exact(j)),
                    (*v, SegmentValue::Exact(j + 1)),
                ],
                BARS[i % BARS.len()].filled(),
            );
            bar.set_margin(7, 7, 0, 0);
            chart.draw_series([bar]).map_err(backend_err)?;
            let (px, py) = chart.backend_coord(&(*v, SegmentValue::CenterOf(j)));
            let l = Label::new(
                format_number(*v),
                f64::from(px - ax.start) + 7.0,
                f64::from(py - ay.start),
                12.0,
            )
            .bold()
            .anchor(Anchor::Start);
            paint::label(&c, &l)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_is_whole_decades_around_every_value() {
        let c = LogBarChart::new("t", &[("0", 1.0), ("1", 9.0), ("2", 72.0)])
            .line("thực tế", "không dừng sớm", &[1.0, 9.0, 80.0])
            .axis("số nút");
        let (lo, hi) = c.axis_range().unwrap();
        assert_eq!((lo, hi), (0.1, 100.0));
        let svg = c.draw().unwrap().into_svg();
        for t in ["72", "không dừng sớm", "thực tế", "số nút"] {
            assert!(svg.contains(t), "thiếu {t}");
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(LogBarChart::new("t", &[]).draw().is_err());
        assert!(LogBarChart::new("t", &[("a", -1.0)]).draw().is_err());
        assert!(LogBarChart::new("t", &[("a", 1.0)])
            .line("x", "y", &[1.0, 2.0])
            .draw()
            .is_err());
        assert!(LogBarChart::new("t", &[("a", 1.0)])
            .horizontal(true)
            .line("x", "y", &[1.0])
            .draw()
            .is_err());
    }
}

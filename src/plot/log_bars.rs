//! Biểu đồ cột thang logarit, vẽ tay bằng SVG: cột đứng (có thể kèm một đường
//! so sánh nét đứt) hoặc cột ngang; số ghi ở đầu mỗi cột.

use super::chart::format_number;
use super::error::PlotError;
use super::svg::{n, Anchor, Figure, SvgDoc, TextStyle};
use super::text::{width, wrap};

const MARGIN: f64 = 16.0;
const BAR: &str = "#4a7fc1";
const BAR_STROKE: &str = "#1f4e96";
const LINE: &str = "#c0392b";
const AXIS: &str = "#333333";
const GRID: &str = "#e3e3e3";
const PALETTE: [&str; 5] = ["#4a7fc1", "#d9822b", "#3a9a5b", "#8e5bb5", "#b8433a"];

/// Biểu đồ cột thang log: dựng bằng [`LogBarChart::new`], thêm tùy chọn rồi
/// gọi [`LogBarChart::draw`]. Mọi giá trị phải dương.
///
/// ```
/// use caytrochoi::plot::LogBarChart;
/// let hinh = LogBarChart::new("Số nút đã xét", &[("vét cạn", 549946.0), ("cat_tia", 29257.0)])
///     .horizontal(true)
///     .axis("số nút (thang log)")
///     .draw()
///     .unwrap();
/// assert!(hinh.svg().contains(">549.946</text>"));
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

    /// Vẽ hình.
    pub fn draw(&self) -> Result<Figure, PlotError> {
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
        let lo = all
            .iter()
            .map(|(_, v)| v.log10())
            .fold(f64::INFINITY, f64::min);
        let hi = all
            .iter()
            .map(|(_, v)| v.log10())
            .fold(f64::NEG_INFINITY, f64::max);
        // Đáy thấp hơn giá trị nhỏ nhất một chút để cột nhỏ nhất vẫn thấy được.
        let lo = (lo - 0.3).floor().max(lo - 1.0);
        let hi = hi.ceil().max(lo + 1.0);
        if self.horizontal {
            Ok(self.draw_horizontal(lo, hi))
        } else {
            Ok(self.draw_vertical(lo, hi))
        }
    }

    fn ticks(lo: f64, hi: f64) -> Vec<f64> {
        (lo.ceil() as i32..=hi.floor() as i32)
            .filter(|&e| e >= 0)
            .map(f64::from)
            .collect()
    }

    fn draw_vertical(&self, lo: f64, hi: f64) -> Figure {
        let count = self.items.len() as f64;
        let slot = (520.0 / count).clamp(40.0, 90.0);
        let tick_w = Self::ticks(lo, hi)
            .iter()
            .map(|&e| width(&format_number(10f64.powf(e)), 12.0))
            .fold(0.0, f64::max);
        let left = MARGIN + 22.0 + tick_w + 8.0;
        let plot_w = slot * count;
        let width_all = (left + plot_w + MARGIN + 10.0).max(420.0);
        let title = wrap(&self.title, 16.0, width_all - 2.0 * MARGIN);
        let mut y = MARGIN + 14.0 + 21.0 * title.len() as f64;
        let legend_y = y;
        if self.line.is_some() {
            y += 24.0;
        }
        let top = y + 8.0;
        let plot_h = 300.0;
        let bottom = top + plot_h;
        let height = bottom
            + 20.0
            + if self.category_axis.is_empty() {
                0.0
            } else {
                22.0
            }
            + MARGIN;
        let ypos = |v: f64| bottom - (v.log10() - lo) / (hi - lo) * plot_h;
        let xpos = |i: usize| left + slot * (i as f64 + 0.5);

        let mut svg = SvgDoc::new(width_all, height);
        draw_title(&mut svg, &title, width_all);
        // Lưới và nhãn trục tung.
        for e in Self::ticks(lo, hi) {
            let yy = ypos(10f64.powf(e));
            svg.line(
                left,
                yy,
                left + plot_w,
                yy,
                &format!("stroke=\"{GRID}\" stroke-width=\"1\""),
            );
            svg.text(
                left - 6.0,
                yy + 4.0,
                &format_number(10f64.powf(e)),
                &TextStyle::new(12.0).anchor(Anchor::End).class("tick"),
            );
        }
        if !self.axis.is_empty() {
            svg.raw(&format!(
                "<text x=\"0\" y=\"0\" font-size=\"13\" text-anchor=\"middle\" fill=\"{AXIS}\" \
                 transform=\"translate({} {}) rotate(-90)\" class=\"axis\">{}</text>",
                n(MARGIN + 6.0),
                n((top + bottom) / 2.0),
                super::text::escape(&self.axis)
            ));
        }
        // Cột; số ở đầu cột ghi sau cùng (trên đường so sánh), có viền trắng.
        let mut labels = Vec::new();
        let label_size = if slot < 60.0 { 10.0 } else { 12.0 };
        for (i, (name, v)) in self.items.iter().enumerate() {
            let x = xpos(i);
            let bw = slot * 0.62;
            let yy = ypos(*v);
            svg.rect(x - bw / 2.0, yy, bw, bottom - yy, BAR, BAR_STROKE, 1.0);
            labels.push((x, yy - 6.0, format_number(*v)));
            svg.text(
                x,
                bottom + 16.0,
                name,
                &TextStyle::new(12.0).class("category"),
            );
        }
        svg.line(
            left,
            bottom,
            left + plot_w,
            bottom,
            &format!("stroke=\"{AXIS}\" stroke-width=\"1.2\""),
        );
        svg.line(
            left,
            top,
            left,
            bottom,
            &format!("stroke=\"{AXIS}\" stroke-width=\"1.2\""),
        );
        if !self.category_axis.is_empty() {
            svg.text(
                left + plot_w / 2.0,
                bottom + 38.0,
                &self.category_axis,
                &TextStyle::new(13.0).fill(AXIS).class("axis"),
            );
        }
        // Đường so sánh và chú giải.
        if let Some((name, values)) = &self.line {
            let pts: Vec<String> = values
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{},{}", n(xpos(i)), n(ypos(*v))))
                .collect();
            svg.raw(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{LINE}\" stroke-width=\"2\" \
                 stroke-dasharray=\"6 4\" class=\"line\"/>",
                pts.join(" ")
            ));
            for (i, v) in values.iter().enumerate() {
                svg.circle(xpos(i), ypos(*v), 3.5, &format!("fill=\"{LINE}\""));
            }
            let w1 = 22.0 + width(&self.bars_name, 12.0);
            let w2 = 34.0 + width(name, 12.0);
            let mut x = (width_all - (w1 + 20.0 + w2)) / 2.0;
            let cy = legend_y + 8.0;
            svg.rect(x, cy - 7.0, 14.0, 14.0, BAR, BAR_STROKE, 1.0);
            svg.text(
                x + 20.0,
                cy + 4.0,
                &self.bars_name,
                &TextStyle::new(12.0).anchor(Anchor::Start),
            );
            x += w1 + 20.0;
            svg.line(
                x,
                cy,
                x + 28.0,
                cy,
                &format!("stroke=\"{LINE}\" stroke-width=\"2\" stroke-dasharray=\"6 4\""),
            );
            svg.text(
                x + 34.0,
                cy + 4.0,
                name,
                &TextStyle::new(12.0).anchor(Anchor::Start),
            );
        }
        for (x, y, t) in &labels {
            svg.raw(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#111111\" \
                 stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\" class=\"bar-value\">{}</text>",
                n(*x),
                n(*y),
                n(label_size),
                super::text::escape(t)
            ));
        }
        svg.finish()
    }

    fn draw_horizontal(&self, lo: f64, hi: f64) -> Figure {
        let name_w = self
            .items
            .iter()
            .map(|(k, _)| width(k, 13.0))
            .fold(0.0, f64::max);
        let value_w = self
            .items
            .iter()
            .map(|(_, v)| width(&format_number(*v), 12.0))
            .fold(0.0, f64::max);
        let left = MARGIN + name_w + 10.0;
        let plot_w = 420.0;
        let width_all = left + plot_w + 8.0 + value_w + MARGIN;
        let title = wrap(&self.title, 16.0, width_all - 2.0 * MARGIN);
        let top = MARGIN + 14.0 + 21.0 * title.len() as f64 + 6.0;
        let row = 38.0;
        let bottom = top + row * self.items.len() as f64;
        let height = bottom + 22.0 + if self.axis.is_empty() { 0.0 } else { 22.0 } + MARGIN;
        let xpos = |v: f64| left + (v.log10() - lo) / (hi - lo) * plot_w;

        let mut svg = SvgDoc::new(width_all, height);
        draw_title(&mut svg, &title, width_all);
        for e in Self::ticks(lo, hi) {
            let xx = xpos(10f64.powf(e));
            svg.line(
                xx,
                top,
                xx,
                bottom,
                &format!("stroke=\"{GRID}\" stroke-width=\"1\""),
            );
            svg.text(
                xx,
                bottom + 16.0,
                &format_number(10f64.powf(e)),
                &TextStyle::new(11.0).class("tick"),
            );
        }
        for (i, (name, v)) in self.items.iter().enumerate() {
            let yc = top + row * (i as f64 + 0.5);
            let colour = PALETTE[i % PALETTE.len()];
            svg.rect(left, yc - 12.0, xpos(*v) - left, 24.0, colour, "none", 0.0);
            svg.text(
                left - 8.0,
                yc + 4.5,
                name,
                &TextStyle::new(13.0).anchor(Anchor::End).class("category"),
            );
            svg.text(
                xpos(*v) + 6.0,
                yc + 4.5,
                &format_number(*v),
                &TextStyle::new(12.0)
                    .bold()
                    .anchor(Anchor::Start)
                    .class("bar-value"),
            );
        }
        svg.line(
            left,
            top,
            left,
            bottom,
            &format!("stroke=\"{AXIS}\" stroke-width=\"1.2\""),
        );
        svg.line(
            left,
            bottom,
            left + plot_w,
            bottom,
            &format!("stroke=\"{AXIS}\" stroke-width=\"1.2\""),
        );
        if !self.axis.is_empty() {
            svg.text(
                left + plot_w / 2.0,
                bottom + 38.0,
                &self.axis,
                &TextStyle::new(13.0).fill(AXIS).class("axis"),
            );
        }
        svg.finish()
    }
}

/// Tiêu đề (đã ngắt dòng) căn giữa ở đầu hình.
fn draw_title(svg: &mut SvgDoc, lines: &[String], width: f64) {
    for (k, l) in lines.iter().enumerate() {
        svg.text(
            width / 2.0,
            MARGIN + 14.0 + 21.0 * k as f64,
            l,
            &TextStyle::new(16.0).bold(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertical_with_line_has_bars_values_and_legend() {
        let f = LogBarChart::new("t", &[("0", 1.0), ("1", 9.0), ("2", 72.0)])
            .line("thực tế", "không dừng sớm", &[1.0, 9.0, 80.0])
            .axis("số nút")
            .draw()
            .unwrap();
        let svg = f.svg();
        assert_eq!(svg.matches("class=\"bar-value\"").count(), 3);
        assert!(svg.contains(">72</text>"));
        assert!(svg.contains("class=\"line\""));
        assert!(svg.contains(">không dừng sớm</text>"));
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

    #[test]
    fn bigger_value_gives_longer_bar() {
        let f = LogBarChart::new("t", &[("a", 10.0), ("b", 1000.0)])
            .horizontal(true)
            .draw()
            .unwrap();
        let widths: Vec<f64> = f
            .svg()
            .lines()
            .filter(|l| {
                l.contains("<rect")
                    && l.contains("stroke=\"none\"")
                    && !l.contains("fill=\"white\"")
            })
            .filter_map(|l| l.split("width=\"").nth(1)?.split('"').next()?.parse().ok())
            .collect();
        assert_eq!(widths.len(), 2);
        assert!(widths[1] > widths[0]);
    }
}

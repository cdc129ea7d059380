//! Hình cho hàm Grundy: bàn cờ của trò chơi quân hậu tô màu theo giá trị Grundy,
//! và dãy Grundy của một trò chơi bốc sỏi (thấy rõ tiền chu kỳ và chu kỳ).
//!
//! Đầu vào là dữ liệu thuần (bảng số, dãy số) để nối được với bất kỳ mô-đun tính
//! Grundy nào.

use super::chart::{backend_err, font, SIZE};
use super::error::PlotError;
use super::svg::{Anchor, Figure, SvgDoc, TextStyle};
use plotters::prelude::*;

/// Màu nền cho giá trị Grundy 1, 2, … (lặp lại nếu nhiều hơn); giá trị 0 tô đậm.
const CELL_COLOURS: [&str; 10] = [
    "#cfe3f7", "#fbe3c4", "#d6efd0", "#f4d3e6", "#e6dcf5", "#fff3b0", "#d3f0ee", "#f6d5cf",
    "#e3e8d0", "#dcdcdc",
];
const ZERO_FILL: &str = "#26364d";

/// Số ô tối đa mỗi chiều của bàn cờ Grundy.
pub const MAX_BOARD: usize = 40;

/// Bàn cờ của trò chơi quân hậu: ô (p, q) tô màu theo G(p, q) và ghi giá trị.
/// `values[p][q]` là G(p, q); trục p nằm ngang, trục q thẳng đứng, ô (0, 0) ở
/// góc dưới bên trái như bàn cờ vua. Các ô G = 0 tô đậm.
///
/// ```
/// use caytrochoi::plot;
/// let g = vec![vec![0, 1], vec![1, 2]];
/// let hinh = plot::queen_board(&g).unwrap();
/// assert_eq!(hinh.svg().matches("class=\"cell").count(), 4);
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
    let np = values.len();
    let nq = values.first().map_or(0, Vec::len);
    if np == 0 || nq == 0 {
        return Err(PlotError::invalid("bảng giá trị Grundy rỗng"));
    }
    if let Some((p, col)) = values.iter().enumerate().find(|(_, c)| c.len() != nq) {
        return Err(PlotError::invalid(format!(
            "bảng giá trị Grundy phải là hình chữ nhật: cột p = {p} có {} ô, cột p = 0 có {nq} ô",
            col.len()
        )));
    }
    if np > MAX_BOARD || nq > MAX_BOARD {
        return Err(PlotError::invalid(format!(
            "bàn cờ {np}×{nq} quá lớn để vẽ (tối đa {MAX_BOARD}×{MAX_BOARD})"
        )));
    }
    let cell = 40.0;
    let left = 56.0;
    let top = 64.0;
    let board_w = cell * np as f64;
    let board_h = cell * nq as f64;
    let legend_y = top + board_h + 56.0;
    let width = (left + board_w + 30.0).max(520.0);
    let height = legend_y + 46.0;
    let mut svg = SvgDoc::new(width, height);
    let title_lines = super::text::wrap(title, 16.0, width - 32.0);
    for (i, l) in title_lines.iter().enumerate() {
        svg.text(
            width / 2.0,
            26.0 + 20.0 * i as f64,
            l,
            &TextStyle::new(16.0).bold(),
        );
    }
    for (p, col) in values.iter().enumerate() {
        for (q, &g) in col.iter().enumerate() {
            let x = left + cell * p as f64;
            let y = top + cell * (nq - 1 - q) as f64;
            let (fill, ink) = if g == 0 {
                (ZERO_FILL, "#ffffff")
            } else {
                (
                    CELL_COLOURS[(g as usize - 1) % CELL_COLOURS.len()],
                    "#111111",
                )
            };
            let class = if g == 0 { "cell zero" } else { "cell" };
            svg.open_group(&format!("class=\"{class}\" data-p=\"{p}\" data-q=\"{q}\""));
            svg.rect(x, y, cell, cell, fill, "#ffffff", 1.0);
            svg.text(
                x + cell / 2.0,
                y + cell / 2.0 + 5.0,
                &g.to_string(),
                &TextStyle::new(14.0).bold().fill(ink),
            );
            svg.close_group();
        }
    }
    svg.rect(left, top, board_w, board_h, "none", "#333333", 1.5);
    // Trục.
    let axis = TextStyle::new(12.0).fill("#333333");
    for p in 0..np {
        svg.text(
            left + cell * (p as f64 + 0.5),
            top + board_h + 16.0,
            &p.to_string(),
            &axis,
        );
    }
    for q in 0..nq {
        svg.text(
            left - 8.0,
            top + cell * (nq - 1 - q) as f64 + cell / 2.0 + 4.0,
            &q.to_string(),
            &axis.clone().anchor(Anchor::End),
        );
    }
    svg.text(
        left + board_w / 2.0,
        top + board_h + 36.0,
        "p →",
        &TextStyle::new(14.0).bold().class("axis"),
    );
    svg.text(
        left - 30.0,
        top + board_h / 2.0,
        "q ↑",
        &TextStyle::new(14.0).bold().class("axis"),
    );
    // Chú giải.
    svg.rect(16.0, legend_y, 18.0, 18.0, ZERO_FILL, "#333333", 1.0);
    for (i, l) in super::text::wrap(
        "G = 0: người phải đi từ ô này sẽ thua (vị trí P; bài giảng gọi là \"trạng thái thắng\"). \
         G > 0: người phải đi thắng được (vị trí N).",
        12.0,
        width - 60.0,
    )
    .iter()
    .enumerate()
    {
        svg.text(
            42.0,
            legend_y + 13.0 + 15.0 * i as f64,
            l,
            &TextStyle::new(12.0).anchor(Anchor::Start),
        );
    }
    Ok(svg.finish())
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
    if values.is_empty() {
        return Err(PlotError::invalid("dãy Grundy rỗng"));
    }
    if values.len() > 2000 {
        return Err(PlotError::invalid(format!(
            "dãy Grundy có {} số, quá dài để vẽ (tối đa 2000)",
            values.len()
        )));
    }
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
    }
    let n = values.len() as f64;
    let gmax = values.iter().copied().max().unwrap_or(0) as f64;
    // Chừa khoảng trống phía trên cho chú giải.
    let ytop = gmax + 1.5 + (gmax + 1.0) * 0.4;
    let mut buf = String::new();
    {
        let root = SVGBackend::with_string(&mut buf, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(backend_err)?;
        let full_title = match period {
            Some((p, pre)) => format!("{title} — chu kỳ {p}, tiền chu kỳ {pre}"),
            None => title.to_string(),
        };
        let mut chart = ChartBuilder::on(&root)
            .caption(full_title, font(19))
            .margin(16)
            .x_label_area_size(50)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5..n - 0.5, 0.0..ytop)
            .map_err(backend_err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("n (số viên sỏi)")
            .y_desc("G(n)")
            .axis_desc_style(font(16))
            .label_style(font(13))
            .x_label_formatter(&|x| {
                if x.fract() == 0.0 {
                    format!("{x}")
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|y| {
                if y.fract() == 0.0 {
                    format!("{y}")
                } else {
                    String::new()
                }
            })
            .light_line_style(RGBColor(238, 238, 238))
            .draw()
            .map_err(backend_err)?;
        if let Some((p, pre)) = period {
            if pre > 0 {
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(-0.5, 0.0), (pre as f64 - 0.5, ytop)],
                        RGBColor(215, 215, 215).mix(0.6).filled(),
                    )))
                    .map_err(backend_err)?
                    .label("tiền chu kỳ")
                    .legend(|(x, y)| {
                        Rectangle::new(
                            [(x, y - 6), (x + 20, y + 6)],
                            RGBColor(215, 215, 215).filled(),
                        )
                    });
            }
            let mut start = pre;
            let mut k = 0;
            while start < values.len() {
                let end = (start + p).min(values.len());
                let colour = if k % 2 == 0 {
                    RGBColor(214, 232, 250)
                } else {
                    RGBColor(253, 236, 214)
                };
                let series = chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(start as f64 - 0.5, 0.0), (end as f64 - 0.5, ytop)],
                        colour.mix(0.7).filled(),
                    )))
                    .map_err(backend_err)?;
                if k == 0 {
                    series
                        .label(format!("mỗi lần lặp của chu kỳ {p}"))
                        .legend(|(x, y)| {
                            Rectangle::new(
                                [(x, y - 6), (x + 20, y + 6)],
                                RGBColor(214, 232, 250).filled(),
                            )
                        });
                }
                chart
                    .draw_series(DashedLineSeries::new(
                        [(start as f64 - 0.5, 0.0), (start as f64 - 0.5, ytop)],
                        5,
                        4,
                        RGBColor(120, 120, 120).stroke_width(1),
                    ))
                    .map_err(backend_err)?;
                start = end;
                k += 1;
            }
        }
        let pts: Vec<(f64, f64)> = values
            .iter()
            .enumerate()
            .map(|(i, &g)| (i as f64, g as f64))
            .collect();
        chart
            .draw_series(LineSeries::new(
                pts.iter().copied(),
                RGBColor(31, 78, 150).stroke_width(2),
            ))
            .map_err(backend_err)?
            .label("G(n)")
            .legend(|(x, y)| {
                PathElement::new(
                    vec![(x, y), (x + 20, y)],
                    RGBColor(31, 78, 150).stroke_width(2),
                )
            });
        chart
            .draw_series(pts.iter().map(|&(x, y)| {
                let c = if y == 0.0 {
                    RGBColor(192, 57, 43)
                } else {
                    RGBColor(31, 78, 150)
                };
                Circle::new((x, y), 4, c.filled())
            }))
            .map_err(backend_err)?;
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(RGBColor(180, 180, 180))
            .label_font(font(13))
            .draw()
            .map_err(backend_err)?;
        root.present().map_err(backend_err)?;
    }
    Ok(Figure::from_svg(buf, SIZE.0 as f64, SIZE.1 as f64))
}

/// Bàn cờ trò chơi quân hậu `n × n`, giá trị tính bằng mô-đun [`crate::grundy`].
///
/// ```
/// use caytrochoi::plot;
/// let hinh = plot::queen_game(8).unwrap();
/// // 8 × 8 ô; các ô G = 0 (trạng thái "thắng" của bài giảng) là (0,0), (1,2), (2,1), (3,5), (5,3), …
/// assert_eq!(hinh.svg().matches("class=\"cell").count(), 64);
/// ```
pub fn queen_game(n: u32) -> Result<Figure, PlotError> {
    if n == 0 || n as usize > MAX_BOARD {
        return Err(PlotError::invalid(format!(
            "kích thước bàn cờ phải từ 1 đến {MAX_BOARD} (gặp {n})"
        )));
    }
    let table = crate::grundy::games::queen::queen_table(n - 1, n - 1)
        .map_err(|e| PlotError::invalid(e.to_string()))?;
    queen_board(&table)
}

/// Dãy Grundy G(0), …, G(count − 1) của trò chơi bát phân có mã `code` (ví dụ
/// `"0.77"` là Kayles, `"0.077"` là Tô màu), kèm chu kỳ và tiền chu kỳ **đã chứng
/// minh** nếu tìm được.
///
/// ```
/// use caytrochoi::plot;
/// let hinh = plot::octal_sequence("0.07", 120).unwrap(); // Dawson's Kayles
/// assert!(hinh.svg().contains("chu kỳ 34"));
/// ```
pub fn octal_sequence(code: &str, count: usize) -> Result<Figure, PlotError> {
    let game =
        crate::grundy::OctalGame::parse(code).map_err(|e| PlotError::invalid(e.to_string()))?;
    let values = game
        .values(count)
        .map_err(|e| PlotError::invalid(e.to_string()))?;
    let period = game
        .periodicity(20_000)
        .ok()
        .map(|p| (p.period, p.preperiod.min(count)));
    grundy_sequence(
        &format!("Dãy Grundy của trò chơi bát phân {code}"),
        &values,
        period,
    )
}

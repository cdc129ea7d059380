//! Vẽ bằng plotters: vùng vẽ SVG, hệ tọa độ điểm ảnh số thực, và vài nét vẽ
//! dùng chung (chữ, hình chữ nhật có viền, hình tròn, elip, đường gấp khúc nét
//! liền hoặc nét đứt, mũi tên). Mọi hình của mô-đun đều vẽ qua đây.

use super::error::PlotError;
use super::label::{Anchor, Label};
use super::style::font;
use plotters::coord::{CoordTranslate, Shift};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Vùng vẽ SVG của plotters (tọa độ điểm ảnh nguyên).
pub(crate) type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// Vùng vẽ với tọa độ điểm ảnh số thực (làm tròn khi ghi), gốc ở góc trên-trái
/// của vùng.
pub(crate) type Canvas<'a> = DrawingArea<SVGBackend<'a>, Pixels>;

/// Hệ tọa độ: điểm `(x, y)` số thực → điểm ảnh nguyên, dời theo góc của vùng.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pixels {
    origin: (i32, i32),
}

impl CoordTranslate for Pixels {
    type From = (f64, f64);
    fn translate(&self, p: &(f64, f64)) -> (i32, i32) {
        (
            self.origin.0 + p.0.round() as i32,
            self.origin.1 + p.1.round() as i32,
        )
    }
}

/// Đổi lỗi của plotters thành lỗi của mô-đun.
pub(crate) fn backend_err<E: std::fmt::Debug>(e: E) -> PlotError {
    PlotError::Backend(format!("{e:?}"))
}

/// Vùng vẽ tọa độ số thực trên vùng `area`, đã tô nền trắng.
pub(crate) fn canvas<'a>(area: &Area<'a>) -> Result<Canvas<'a>, PlotError> {
    area.fill(&WHITE).map_err(backend_err)?;
    let (xs, ys) = area.get_pixel_range();
    Ok(area.apply_coord_spec(Pixels {
        origin: (xs.start, ys.start),
    }))
}

/// Kiểu chữ plotters của một [`Label`].
pub(crate) fn text_style(l: &Label) -> TextStyle<'static> {
    let h = match l.anchor {
        Anchor::Start => HPos::Left,
        Anchor::Middle => HPos::Center,
        Anchor::End => HPos::Right,
    };
    font(l.size, l.bold, l.italic)
        .color(&l.colour)
        .pos(Pos::new(h, VPos::Center))
}

/// Vẽ một dòng chữ.
pub(crate) fn label(c: &Canvas, l: &Label) -> Result<(), PlotError> {
    c.draw(&Text::new(l.text.as_str(), (l.x, l.y), text_style(l)))
        .map_err(backend_err)
}

/// Vẽ nhiều dòng chữ.
pub(crate) fn labels<'l>(
    c: &Canvas,
    ls: impl IntoIterator<Item = &'l Label>,
) -> Result<(), PlotError> {
    ls.into_iter().try_for_each(|l| label(c, l))
}

/// Nét viền: màu và độ dày (điểm ảnh nguyên).
pub(crate) type Stroke = (RGBColor, u32);

/// Hình chữ nhật từ `(x0, y0)` đến `(x1, y1)`, tô `fill` (nếu có), viền `stroke`
/// (nếu có).
pub(crate) fn rect(
    c: &Canvas,
    (x0, y0): (f64, f64),
    (x1, y1): (f64, f64),
    fill: Option<RGBColor>,
    stroke: Option<Stroke>,
) -> Result<(), PlotError> {
    if let Some(f) = fill {
        c.draw(&Rectangle::new([(x0, y0), (x1, y1)], f.filled()))
            .map_err(backend_err)?;
    }
    if let Some(s) = stroke {
        // Đường khép kín đi lại cạnh đầu để góc đầu cũng được nối liền.
        let pts = vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0), (x1, y0)];
        path(c, &pts, s, None)?;
    }
    Ok(())
}

/// Hình tròn tâm `centre`, bán kính `r`.
pub(crate) fn circle(
    c: &Canvas,
    centre: (f64, f64),
    r: f64,
    fill: Option<RGBColor>,
    stroke: Option<Stroke>,
) -> Result<(), PlotError> {
    if let Some(f) = fill {
        c.draw(&Circle::new(centre, r, f.filled()))
            .map_err(backend_err)?;
    }
    if let Some((colour, w)) = stroke {
        c.draw(&Circle::new(centre, r, colour.stroke_width(w)))
            .map_err(backend_err)?;
    }
    Ok(())
}

/// Elip tâm `centre`, bán trục `rx`, `ry` (hình tròn nếu hai bán trục bằng nhau).
pub(crate) fn ellipse(
    c: &Canvas,
    centre: (f64, f64),
    rx: f64,
    ry: f64,
    fill: Option<RGBColor>,
    stroke: Option<Stroke>,
) -> Result<(), PlotError> {
    if (rx - ry).abs() < 0.5 {
        return circle(c, centre, rx, fill, stroke);
    }
    polygon(c, &ellipse_points(centre, rx, ry), fill, stroke)
}

/// 48 điểm trên elip tâm `centre`, bán trục `rx`, `ry` (đa giác gần đúng).
pub(crate) fn ellipse_points(centre: (f64, f64), rx: f64, ry: f64) -> Vec<(f64, f64)> {
    (0..48)
        .map(|k| {
            let t = std::f64::consts::TAU * f64::from(k) / 48.0;
            (centre.0 + rx * t.cos(), centre.1 + ry * t.sin())
        })
        .collect()
}

/// Đa giác (tự khép kín).
pub(crate) fn polygon(
    c: &Canvas,
    pts: &[(f64, f64)],
    fill: Option<RGBColor>,
    stroke: Option<Stroke>,
) -> Result<(), PlotError> {
    if let Some(f) = fill {
        c.draw(&Polygon::new(pts.to_vec(), f.filled()))
            .map_err(backend_err)?;
    }
    if let Some(s) = stroke {
        let mut closed = pts.to_vec();
        closed.extend(pts.iter().take(2).copied());
        path(c, &closed, s, None)?;
    }
    Ok(())
}

/// Đường gấp khúc qua `pts`; `dash = Some((nét, khoảng))` vẽ nét đứt.
pub(crate) fn path(
    c: &Canvas,
    pts: &[(f64, f64)],
    (colour, width): Stroke,
    dash: Option<(f64, f64)>,
) -> Result<(), PlotError> {
    let style = colour.stroke_width(width);
    match dash {
        None => c.draw(&PathElement::new(pts.to_vec(), style)),
        Some((on, off)) => c.draw(&DashedPathElement::new(pts.iter().copied(), on, off, style)),
    }
    .map_err(backend_err)
}

/// Mũi tên từ `from` đến `to` (đầu mũi tên chạm `to`), thân dày `width`, đầu
/// mũi tên dài `head`.
pub(crate) fn arrow(
    c: &Canvas,
    from: (f64, f64),
    to: (f64, f64),
    colour: RGBColor,
    width: u32,
    head: f64,
    dash: Option<(f64, f64)>,
) -> Result<(), PlotError> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy).max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let base = (to.0 - ux * head, to.1 - uy * head);
    path(c, &[from, base], (colour, width), dash)?;
    let half = head * 0.55;
    let (px, py) = (-uy * half, ux * half);
    polygon(
        c,
        &[to, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
        Some(colour),
        None,
    )
}

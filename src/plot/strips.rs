//! Dải băng ô vuông: một hoặc nhiều hàng ô, mỗi ô trống, có viên sỏi đen /
//! trắng, hoặc đã tô màu — hình cho Chuyển sỏi, Cờ DAM và Tô màu. Ô đánh số từ 1
//! ở phía trên, mỗi hàng có thể có lời ghi bên trái (ví dụ "Người 1: tô ô 5–6").

use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Anchor, Bounds, Label, BOLD};
use super::paint::{self, Area};
use super::style::{
    hex, CURRENT, INK, MAX_FILL, MAX_STROKE, MIN_FILL, MIN_STROKE, PAPER, SOFT_INK,
};
use super::text::{width as text_width, wrap};
use crate::grundy::games::chuyen_soi::{ChuyenSoi, StonePosition};
use crate::grundy::games::dam::DamPosition;
use crate::grundy::games::to_mau::{ToMau, Turn};
use crate::grundy::ImpartialGame;
use crate::limits::{DRAWN_STRIP_CELLS, DRAWN_STRIP_ROWS};
use plotters::style::RGBColor;

const MAX_CELL: f64 = 34.0;
const ROW_GAP: f64 = 12.0;
const CONTENT_WIDTH: f64 = 760.0;

/// Nội dung một ô.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StripCell {
    /// Ô trống.
    Empty,
    /// Viên sỏi (quân) đen.
    Black,
    /// Viên sỏi (quân) trắng.
    White,
    /// Ô đã tô; số là người tô (1 hoặc 2), màu khác nhau.
    Painted(u8),
}

/// Một hàng trên hình.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StripRow {
    /// Lời bên trái hàng (có thể rỗng).
    pub label: Option<Label>,
    /// Các ô: chỗ trên hình và nội dung.
    pub cells: Vec<(Bounds, StripCell)>,
    /// Các ô có viền cam (vừa thay đổi).
    pub fresh: Vec<usize>,
}

/// Bố trí hình dải băng.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StripsLayout {
    /// Bề rộng.
    pub width: f64,
    /// Chiều cao.
    pub height: f64,
    /// Tiêu đề (đã ngắt dòng).
    pub title: Vec<Label>,
    /// Số thứ tự ô (từ 1) phía trên hàng đầu.
    pub numbers: Vec<Label>,
    /// Các hàng, từ trên xuống.
    pub rows: Vec<StripRow>,
    /// Cạnh một ô.
    pub cell: f64,
}

/// Một hàng đầu vào: lời bên trái, các ô, các ô cần viền cam.
pub(crate) type StripInput = (String, Vec<StripCell>, Vec<usize>);

/// Bố trí các hàng `rows` dưới tiêu đề `title`. Ô thu nhỏ cho hình không rộng
/// quá 760 điểm ảnh.
pub(crate) fn strips_layout(title: &str, rows: &[StripInput]) -> Result<StripsLayout, PlotError> {
    if rows.is_empty() || rows.iter().all(|r| r.1.is_empty()) {
        return Err(PlotError::invalid("dải băng không có ô nào"));
    }
    if rows.len() > DRAWN_STRIP_ROWS {
        return Err(PlotError::invalid(format!(
            "{} hàng, quá nhiều để vẽ (tối đa {DRAWN_STRIP_ROWS})",
            rows.len()
        )));
    }
    let n = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    if n > DRAWN_STRIP_CELLS {
        return Err(PlotError::invalid(format!(
            "dải {n} ô quá dài để vẽ (tối đa {DRAWN_STRIP_CELLS})"
        )));
    }
    let label_w = rows
        .iter()
        .map(|r| text_width(&r.0, 13.0))
        .fold(0.0, f64::max);
    let left = if label_w > 0.0 {
        16.0 + label_w + 12.0
    } else {
        16.0
    };
    let cell = ((CONTENT_WIDTH - left - 16.0) / n as f64)
        .min(MAX_CELL)
        .floor();
    let width = (left + cell * n as f64 + 16.0).max(360.0).ceil();
    let title: Vec<Label> = if title.is_empty() {
        Vec::new()
    } else {
        wrap(title, 16.0 * BOLD, width - 32.0)
            .into_iter()
            .enumerate()
            .map(|(i, l)| Label::new(l, width / 2.0, 21.0 + 20.0 * i as f64, 16.0).bold())
            .collect()
    };
    let mut y = if title.is_empty() {
        14.0
    } else {
        24.0 + 20.0 * title.len() as f64
    };
    // Số thứ tự ô: mọi ô nếu ô đủ rộng, nếu không thì 1, 5, 10, …
    let mut numbers = Vec::new();
    let every = if cell >= 22.0 {
        1
    } else if cell >= 12.0 {
        5
    } else {
        10
    };
    for i in 0..n {
        let k = i + 1;
        if every == 1 || k == 1 || k % every == 0 {
            numbers.push(
                Label::new(k.to_string(), left + cell * (i as f64 + 0.5), y + 6.0, 11.0)
                    .colour(SOFT_INK),
            );
        }
    }
    y += 16.0;
    let mut out = Vec::new();
    for (text, cells, fresh) in rows {
        let label = (!text.is_empty()).then(|| {
            Label::new(text.clone(), left - 12.0, y + cell / 2.0, 13.0).anchor(Anchor::End)
        });
        let cells = cells
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let x = left + cell * i as f64;
                (
                    Bounds {
                        left: x,
                        top: y,
                        right: x + cell,
                        bottom: y + cell,
                    },
                    c,
                )
            })
            .collect();
        out.push(StripRow {
            label,
            cells,
            fresh: fresh.clone(),
        });
        y += cell + ROW_GAP;
    }
    Ok(StripsLayout {
        width,
        height: (y + 6.0).ceil(),
        title,
        numbers,
        rows: out,
        cell,
    })
}

impl StripsLayout {
    /// Vẽ bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }

    /// Chữ chồng lên nhau hoặc ra ngoài hình (rỗng nếu sạch).
    #[cfg(test)]
    pub fn collisions(&self) -> Vec<String> {
        let whole = Bounds::page(self.width, self.height);
        let mut boxes: Vec<(String, Bounds)> = Vec::new();
        for l in self.title.iter().chain(&self.numbers) {
            boxes.push((l.text.clone(), l.bounds()));
        }
        for (k, r) in self.rows.iter().enumerate() {
            if let Some(l) = &r.label {
                boxes.push((l.text.clone(), l.bounds()));
            }
            if let (Some(a), Some(b)) = (r.cells.first(), r.cells.last()) {
                boxes.push((format!("hàng {}", k + 1), a.0.union(&b.0)));
            }
        }
        super::label::box_collisions(&boxes, &whole)
    }
}

impl Paint for StripsLayout {
    fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        paint::labels(&c, &self.title)?;
        paint::labels(&c, &self.numbers)?;
        let border = if self.cell >= 12.0 { 2 } else { 1 };
        for row in &self.rows {
            if let Some(l) = &row.label {
                paint::label(&c, l)?;
            }
            for (b, content) in &row.cells {
                let fill = match content {
                    StripCell::Painted(1) => MAX_FILL,
                    StripCell::Painted(_) => MIN_FILL,
                    _ => PAPER,
                };
                paint::rect(
                    &c,
                    (b.left, b.top),
                    (b.right, b.bottom),
                    Some(fill),
                    Some((hex(0x8a8a8a), 1)),
                )?;
                let centre = ((b.left + b.right) / 2.0, (b.top + b.bottom) / 2.0);
                let r = (b.width() * 0.34).max(2.0);
                match content {
                    StripCell::Black => paint::circle(&c, centre, r, Some(INK), None)?,
                    StripCell::White => {
                        paint::circle(&c, centre, r, Some(PAPER), Some((INK, border)))?
                    }
                    StripCell::Painted(p) => {
                        let ink: RGBColor = if *p == 1 { MAX_STROKE } else { MIN_STROKE };
                        let inset = b.width() * 0.18;
                        paint::rect(
                            &c,
                            (b.left + inset, b.top + inset),
                            (b.right - inset, b.bottom - inset),
                            Some(ink),
                            None,
                        )?;
                    }
                    StripCell::Empty => {}
                }
            }
            for &i in &row.fresh {
                if let Some((b, _)) = row.cells.get(i) {
                    paint::rect(
                        &c,
                        (b.left, b.top),
                        (b.right, b.bottom),
                        None,
                        Some((CURRENT, border + 1)),
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// Hình Chuyển sỏi: dải băng với viên đen và viên trắng ở trạng thái `pos`.
pub(crate) fn chuyen_soi_layout(
    game: &ChuyenSoi,
    pos: &StonePosition,
) -> Result<StripsLayout, PlotError> {
    if pos.black >= pos.white || pos.white >= game.cells {
        return Err(PlotError::invalid(format!(
            "cần 0 ≤ đen < trắng < {} (gặp đen ở ô {}, trắng ở ô {})",
            game.cells, pos.black, pos.white
        )));
    }
    let mut cells = vec![StripCell::Empty; game.cells as usize];
    cells[pos.black as usize] = StripCell::Black;
    cells[pos.white as usize] = StripCell::White;
    let who = if pos.black_to_move { "đen" } else { "trắng" };
    strips_layout(
        &format!(
            "Chuyển sỏi: dải {} ô, khoảng trống {} ô, đến lượt quân {who}",
            game.cells,
            pos.gap()
        ),
        &[(String::new(), cells, Vec::new())],
    )
}

/// Hình Chuyển sỏi: dải băng với viên đen và viên trắng ở trạng thái `pos`.
pub fn chuyen_soi(game: &ChuyenSoi, pos: &StonePosition) -> Result<Figure, PlotError> {
    chuyen_soi_layout(game, pos)?.draw()
}

/// Hình Cờ DAM: mỗi hàng một quân đen, một quân trắng, trên bàn rộng `width` ô.
pub(crate) fn dam_layout(pos: &DamPosition, width: u32) -> Result<StripsLayout, PlotError> {
    pos.validate(width)
        .map_err(|e| PlotError::invalid(e.to_string()))?;
    let rows: Vec<StripInput> = pos
        .rows
        .iter()
        .enumerate()
        .map(|(i, &(b, w))| {
            let mut cells = vec![StripCell::Empty; width as usize];
            cells[b as usize] = StripCell::Black;
            cells[w as usize] = StripCell::White;
            (
                format!("hàng {}: trống {}", i + 1, w - b - 1),
                cells,
                Vec::new(),
            )
        })
        .collect();
    let who = if pos.black_to_move { "Đen" } else { "Trắng" };
    strips_layout(&format!("Cờ DAM — đến lượt {who}"), &rows)
}

/// Hình Cờ DAM: mỗi hàng một quân đen, một quân trắng, trên bàn rộng `width` ô.
pub fn dam(pos: &DamPosition, width: u32) -> Result<Figure, PlotError> {
    dam_layout(pos, width)?.draw()
}

/// Hình một ván Tô màu trên dải `n` ô: hàng đầu là dải trống, mỗi lượt một hàng
/// (ô người 1 tô màu xanh, người 2 màu đỏ, ô vừa tô viền cam).
pub(crate) fn to_mau_layout(n: usize, turns: &[Turn]) -> Result<StripsLayout, PlotError> {
    let mut strip = vec![false; n];
    let mut owner = vec![StripCell::Empty; n];
    let mut rows: Vec<StripInput> = vec![("lúc đầu".to_string(), owner.clone(), Vec::new())];
    for t in turns {
        if !ToMau.moves(&strip).contains(&t.paint) {
            return Err(PlotError::invalid(format!(
                "nước `{}` của người {} không tô được trên dải này",
                t.paint, t.player
            )));
        }
        strip = ToMau.play(&strip, &t.paint);
        let cells: Vec<usize> = (t.paint.start..t.paint.start + t.paint.len).collect();
        for &i in &cells {
            owner[i] = StripCell::Painted(t.player);
        }
        rows.push((
            format!("Người {}: {}, G = {}", t.player, t.paint, t.grundy_after),
            owner.clone(),
            cells,
        ));
    }
    strips_layout(&format!("Tô màu, dải {n} ô"), &rows)
}

/// Hình một ván Tô màu trên dải `n` ô: hàng đầu là dải trống, mỗi lượt một hàng
/// (ô người 1 tô màu xanh, người 2 màu đỏ, ô vừa tô viền cam).
pub fn to_mau(n: usize, turns: &[Turn]) -> Result<Figure, PlotError> {
    to_mau_layout(n, turns)?.draw()
}

/// Hình các đống sỏi của Nim: mỗi đống một hàng, mỗi viên một ô có chấm đen.
pub(crate) fn nim_heaps_layout(heaps: &[u32]) -> Result<StripsLayout, PlotError> {
    if heaps.iter().any(|&h| h as usize > DRAWN_STRIP_CELLS) {
        return Err(PlotError::invalid(format!(
            "đống quá lớn để vẽ (tối đa {DRAWN_STRIP_CELLS} viên)"
        )));
    }
    let rows: Vec<StripInput> = heaps
        .iter()
        .enumerate()
        .map(|(i, &h)| {
            (
                format!("đống {}: {h} viên", i + 1),
                vec![StripCell::Black; h as usize],
                Vec::new(),
            )
        })
        .collect();
    strips_layout("", &rows)
}

/// Hình các đống sỏi của Nim: mỗi đống một hàng, mỗi viên một ô có chấm đen.
pub fn nim_heaps(heaps: &[u32]) -> Result<Figure, PlotError> {
    nim_heaps_layout(heaps)?.draw()
}

/// Hình một dải Tô màu đang chơi dở: `true` là ô đã tô.
pub(crate) fn to_mau_strip_layout(strip: &[bool]) -> Result<StripsLayout, PlotError> {
    let cells: Vec<StripCell> = strip
        .iter()
        .map(|&c| {
            if c {
                StripCell::Painted(1)
            } else {
                StripCell::Empty
            }
        })
        .collect();
    strips_layout(
        &format!("Tô màu, dải {} ô", strip.len()),
        &[(String::new(), cells, Vec::new())],
    )
}

/// Hình một dải Tô màu đang chơi dở: `true` là ô đã tô.
pub fn to_mau_strip(strip: &[bool]) -> Result<Figure, PlotError> {
    to_mau_strip_layout(strip)?.draw()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_example() {
        use crate::grundy::games::chuyen_soi::ChuyenSoi;
        let game = ChuyenSoi::default();
        let l = chuyen_soi_layout(&game, &game.start()).unwrap();
        assert_eq!(l.rows[0].cells.len(), 19);
        assert_eq!(l.rows[0].cells[0].1, StripCell::Black);
        assert_eq!(l.rows[0].cells[18].1, StripCell::White);
        assert!(l.collisions().is_empty());
    }

    #[test]
    fn dam_layout_example() {
        use crate::grundy::games::dam::DamPosition;
        let pos = DamPosition {
            rows: vec![(0, 4), (1, 7), (2, 3)],
            black_to_move: true,
        };
        let l = dam_layout(&pos, 8).unwrap();
        assert_eq!(l.rows.len(), 3);
        assert_eq!(l.rows[1].label.as_ref().unwrap().text, "hàng 2: trống 5");
    }

    #[test]
    fn to_mau_layout_example() {
        use crate::grundy::games::to_mau::play_out;
        let l = to_mau_layout(11, &play_out(11).unwrap()).unwrap();
        assert_eq!(l.rows.len(), 6); // dải trống + 5 lượt
        assert!(l.rows[1]
            .label
            .as_ref()
            .unwrap()
            .text
            .starts_with("Người 1: tô 2 ô 5–6"));
        assert!(l.collisions().is_empty());
    }

    #[test]
    fn nim_heaps_layout_example() {
        let l = nim_heaps_layout(&[3, 4, 5]).unwrap();
        assert_eq!(l.rows[2].label.as_ref().unwrap().text, "đống 3: 5 viên");
        assert_eq!(l.rows[0].cells.len(), 3);
    }

    #[test]
    fn to_mau_strip_layout_example() {
        let strip: Vec<bool> = "...##.....###..".chars().map(|c| c == '#').collect();
        let l = to_mau_strip_layout(&strip).unwrap();
        assert_eq!(l.rows[0].cells.len(), 15);
        assert_eq!(l.rows[0].cells[3].1, StripCell::Painted(1));
    }
    use crate::grundy::games::to_mau::{play_out, Paint};

    #[test]
    fn long_strips_shrink_and_stay_clean() {
        for n in [2usize, 5, 11, 20, 40, 100] {
            let l = to_mau_layout(n, &play_out(n).unwrap()).unwrap();
            assert!(l.width <= 762.0, "n={n}: {}", l.width);
            assert!(l.collisions().is_empty(), "n={n}: {:#?}", l.collisions());
        }
        // Dải 200 ô: ván dài hơn 60 lượt thì từ chối, có lời giải thích.
        let e = to_mau_layout(200, &play_out(200).unwrap()).unwrap_err();
        assert!(e.to_string().contains("quá nhiều để vẽ"));
        assert!(strips_layout("x", &[]).is_err());
        let too_long = vec![StripCell::Empty; DRAWN_STRIP_CELLS + 1];
        assert!(strips_layout("x", &[(String::new(), too_long, Vec::new())]).is_err());
    }

    #[test]
    fn bad_positions_are_refused() {
        let game = ChuyenSoi::default();
        let bad = StonePosition {
            black: 5,
            white: 3,
            black_to_move: true,
        };
        assert!(chuyen_soi(&game, &bad).is_err());
        let pos = DamPosition {
            rows: vec![(3, 2)],
            black_to_move: true,
        };
        assert!(dam(&pos, 8).is_err());
        let wrong = Turn {
            player: 1,
            paint: Paint { start: 3, len: 3 },
            grundy_after: 0,
        };
        assert!(to_mau(4, &[wrong]).is_err());
        assert!(nim_heaps(&[3, 1000]).is_err());
        assert!(to_mau_strip(&[]).is_err());
    }
}

//! Hình bàn cờ Dodgem, vẽ thẳng từ các kiểu của mô-đun [`crate::dodgem`]: xe Đen
//! (đi sang phải, ra khỏi bàn qua mép phải) và xe Trắng (đi lên, ra khỏi bàn qua
//! mép trên), lối ra được đánh dấu, tên cột (a, b, …) và hàng (1, 2, …) như cách
//! viết nước đi, có thể vẽ thêm mũi tên cho một nước đi.

use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Anchor, Bounds, Label};
use super::paint::{self, Area};
use super::style::{by_text, hex, CURRENT, SOFT_INK};
use crate::dodgem::rules::target;
use crate::dodgem::{Board, DodgemMove, Match, MatchEnd, Side};
use plotters::style::RGBColor;

const CELL: f64 = 72.0;
const LEFT: f64 = 48.0;
const TOP: f64 = 92.0;
const BLACK_FILL: RGBColor = hex(0x1e1e1e);
const WHITE_FILL: RGBColor = hex(0xffffff);

/// Một ô của bàn cờ.
#[derive(Debug, Clone, PartialEq)]
pub struct DodgemSquare {
    /// Hàng (0 ở trên cùng).
    pub row: usize,
    /// Cột (0 ở bên trái).
    pub col: usize,
    /// Ô trên hình.
    pub bounds: Bounds,
    /// Màu nền (hai màu xen kẽ).
    pub fill: RGBColor,
}

/// Một chiếc xe: thân và mũi nhọn chỉ hướng tiến (Đen sang phải, Trắng lên).
#[derive(Debug, Clone, PartialEq)]
pub struct CarLayout {
    /// Bên.
    pub side: Side,
    /// Tâm.
    pub centre: (f64, f64),
    /// Các đỉnh của thân xe.
    pub outline: Vec<(f64, f64)>,
}

impl CarLayout {
    fn new(side: Side, (cx, cy): (f64, f64), cell: f64) -> CarLayout {
        let h = cell * 0.30; // nửa chiều dài thân
        let w = cell * 0.22; // nửa bề ngang thân
        let nose = cell * 0.14;
        let outline = match side {
            Side::Black => vec![
                (cx - h, cy - w),
                (cx + h - nose, cy - w),
                (cx + h, cy),
                (cx + h - nose, cy + w),
                (cx - h, cy + w),
            ],
            Side::White => vec![
                (cx - w, cy + h),
                (cx - w, cy - h + nose),
                (cx, cy - h),
                (cx + w, cy - h + nose),
                (cx + w, cy + h),
            ],
        };
        CarLayout {
            side,
            centre: (cx, cy),
            outline,
        }
    }

    /// Hình chữ nhật bao.
    pub fn bounds(&self) -> Bounds {
        let xs = self.outline.iter().map(|p| p.0);
        let ys = self.outline.iter().map(|p| p.1);
        Bounds {
            left: xs.clone().fold(f64::INFINITY, f64::min),
            right: xs.fold(f64::NEG_INFINITY, f64::max),
            top: ys.clone().fold(f64::INFINITY, f64::min),
            bottom: ys.fold(f64::NEG_INFINITY, f64::max),
        }
    }
}

/// Mũi tên của một nước đi.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveArrow {
    /// Ô xuất phát (hàng, cột).
    pub from_square: (usize, usize),
    /// Ô đến, hoặc `None` khi xe ra khỏi bàn.
    pub to_square: Option<(usize, usize)>,
    /// Đầu đuôi mũi tên trên hình.
    pub from: (f64, f64),
    /// Đầu mũi tên trên hình.
    pub to: (f64, f64),
}

/// Bố trí hình bàn cờ Dodgem.
#[derive(Debug, Clone, PartialEq)]
pub struct DodgemLayout {
    /// Bề rộng.
    pub width: f64,
    /// Chiều cao.
    pub height: f64,
    /// Tiêu đề.
    pub title: Label,
    /// Các ô, theo hàng rồi cột.
    pub squares: Vec<DodgemSquare>,
    /// Các xe trên bàn.
    pub cars: Vec<CarLayout>,
    /// Lối ra của Trắng (dải trên mép trên) và của Đen (dải bên mép phải).
    pub exits: [Bounds; 2],
    /// Tên các cột (a, b, …) và các hàng (1 ở dưới cùng).
    pub coordinates: Vec<Label>,
    /// Chữ cạnh các lối ra.
    pub exit_labels: Vec<Label>,
    /// Mũi tên nước đi.
    pub arrow: Option<MoveArrow>,
    /// Xe mẫu của chú giải.
    pub legend_cars: Vec<CarLayout>,
    /// Chữ của chú giải.
    pub legend: Vec<Label>,
}

impl DodgemLayout {
    /// Vẽ bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }

    /// Bề rộng của hình: [`DodgemLayout::width`], hay rộng hơn nếu tiêu đề cần.
    fn full_width(&self) -> f64 {
        if self.title.text.is_empty() {
            return self.width;
        }
        self.width.max(self.title.width() + 32.0)
    }
}

impl Paint for DodgemLayout {
    fn size(&self) -> (u32, u32) {
        (self.full_width().ceil() as u32, self.height.ceil() as u32)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        if self.full_width() > self.width {
            // Tiêu đề (đặt sau khi bố trí) rộng hơn bàn cờ: hình rộng ra, tiêu đề ở giữa.
            let mut title = self.title.clone();
            title.x = self.full_width() / 2.0;
            paint::label(&c, &title)?;
        } else {
            paint::label(&c, &self.title)?;
        }
        let [white, black] = self.exits;
        paint::rect(
            &c,
            (white.left, white.top),
            (white.right, white.bottom),
            Some(hex(0xf4f4f4)),
            Some((hex(0x555555), 1)),
        )?;
        paint::rect(
            &c,
            (black.left, black.top),
            (black.right, black.bottom),
            Some(hex(0x555555)),
            Some((hex(0x222222), 1)),
        )?;
        paint::labels(&c, &self.exit_labels)?;
        for s in &self.squares {
            let b = s.bounds;
            paint::rect(
                &c,
                (b.left, b.top),
                (b.right, b.bottom),
                Some(s.fill),
                Some((hex(0x8b7a55), 1)),
            )?;
        }
        paint::labels(&c, &self.coordinates)?;
        for car in self.cars.iter().chain(&self.legend_cars) {
            let (fill, stroke) = match car.side {
                Side::Black => (BLACK_FILL, (hex(0x000000), 1)),
                Side::White => (WHITE_FILL, (BLACK_FILL, 3)),
            };
            paint::polygon(&c, &car.outline, Some(fill), Some(stroke))?;
        }
        if let Some(a) = &self.arrow {
            paint::arrow(&c, a.from, a.to, CURRENT, 6, 18.0, None)?;
        }
        paint::labels(&c, &self.legend)
    }
}

impl Match {
    /// Hình bàn cờ hiện tại của ván; tiêu đề cho biết ai đến lượt hoặc ván đã
    /// xong.
    pub fn figure(&self) -> Result<Figure, PlotError> {
        let mut layout = dodgem_layout(&self.position().board, None)?;
        layout.title.text = match self.end() {
            Some(MatchEnd::Repetition) => "Hòa (lặp thế cờ)".to_string(),
            Some(MatchEnd::Finished(e)) => format!("{} thắng", e.winner.name()),
            None => format!(
                "Sau {} nước — đến lượt {}",
                self.turns().len(),
                self.position().to_move.name()
            ),
        };
        layout.draw()
    }
}

/// Bố trí thế cờ `board` của mô-đun [`crate::dodgem`], có thể kèm mũi tên cho
/// nước đi `mv` (của xe đứng ở ô xuất phát). Nếu đã có xe ra khỏi bàn, dưới chú
/// giải có thêm một dòng đếm số xe đã ra của mỗi bên. Lỗi nếu ô xuất phát trống
/// hoặc xe ở đó không đi được theo hướng ấy.
///
/// ```
/// use caytrochoi::dodgem::{parse_board, Side};
/// use caytrochoi::plot;
/// let ban = parse_board("D../D../.TT").unwrap();
/// let d = plot::dodgem_layout(&ban, None).unwrap();
/// assert_eq!(d.squares.len(), 9);
/// assert_eq!(d.cars.iter().filter(|x| x.side == Side::Black).count(), 2);
/// assert_eq!(d.cars.iter().filter(|x| x.side == Side::White).count(), 2);
/// ```
pub fn dodgem_layout(board: &Board, mv: Option<DodgemMove>) -> Result<DodgemLayout, PlotError> {
    let n = board.size();
    let side = CELL * n as f64;
    let centre = |r: usize, c: usize| {
        (
            LEFT + CELL * (c as f64 + 0.5),
            TOP + CELL * (r as f64 + 0.5),
        )
    };
    let mut squares = Vec::new();
    let mut cars = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (LEFT + CELL * c as f64, TOP + CELL * r as f64);
            squares.push(DodgemSquare {
                row: r,
                col: c,
                bounds: Bounds {
                    left: x,
                    top: y,
                    right: x + CELL,
                    bottom: y + CELL,
                },
                fill: if (r + c) % 2 == 0 {
                    hex(0xefe6d2)
                } else {
                    hex(0xe2d4b4)
                },
            });
            if let Some(s) = board.at(r, c) {
                cars.push(CarLayout::new(s, centre(r, c), CELL));
            }
        }
    }
    let mut coordinates = Vec::new();
    for c in 0..n {
        let name = ((b'a' + c as u8) as char).to_string();
        coordinates.push(
            Label::new(
                name,
                LEFT + CELL * (c as f64 + 0.5),
                TOP + side + 14.0,
                13.0,
            )
            .colour(SOFT_INK),
        );
    }
    for r in 0..n {
        coordinates.push(
            Label::new(
                (n - r).to_string(),
                LEFT - 12.0,
                TOP + CELL * (r as f64 + 0.5),
                13.0,
            )
            .colour(SOFT_INK),
        );
    }
    let exits = [
        Bounds {
            left: LEFT,
            top: TOP - 14.0,
            right: LEFT + side,
            bottom: TOP - 4.0,
        },
        Bounds {
            left: LEFT + side + 4.0,
            top: TOP,
            right: LEFT + side + 14.0,
            bottom: TOP + side,
        },
    ];
    let exit_labels = vec![
        Label::new(
            "↑ lối ra của quân Trắng",
            LEFT + side / 2.0,
            TOP - 28.0,
            13.0,
        )
        .colour(SOFT_INK),
        Label::new(
            "lối ra của",
            LEFT + side + 22.0,
            TOP + side / 2.0 - by_text(10.0),
            13.0,
        )
        .anchor(Anchor::Start)
        .colour(SOFT_INK),
        Label::new(
            "quân Đen →",
            LEFT + side + 22.0,
            TOP + side / 2.0 + by_text(7.0),
            13.0,
        )
        .anchor(Anchor::Start)
        .colour(SOFT_INK),
    ];
    let arrow = match mv {
        None => None,
        Some(m) => Some(move_arrow(board, m, centre)?),
    };
    let ly = TOP + side + 44.0;
    let legend_cars = vec![
        CarLayout::new(Side::Black, (LEFT + 14.0, ly + 8.0), 30.0),
        CarLayout::new(Side::White, (LEFT + 14.0, ly + 40.0), 30.0),
    ];
    let mut legend = vec![
        Label::new(
            "quân Đen (đi lên, xuống, sang phải)",
            LEFT + 34.0,
            ly + 8.0,
            12.0,
        )
        .anchor(Anchor::Start),
        Label::new(
            "quân Trắng (đi trái, phải, lên)",
            LEFT + 34.0,
            ly + 40.0,
            12.0,
        )
        .anchor(Anchor::Start),
    ];
    let mut height = ly + 62.0;
    // Xe đã ra khỏi bàn không có ô nào: ghi số xe đã ra để hình đủ thông tin.
    let (black_off, white_off) = (board.cars_off(Side::Black), board.cars_off(Side::White));
    if black_off + white_off > 0 {
        legend.push(
            Label::new(
                format!(
                    "đã ra khỏi bàn: Đen {black_off}/{k}, Trắng {white_off}/{k}",
                    k = n - 1
                ),
                LEFT,
                ly + 40.0 + by_text(30.0),
                12.0,
            )
            .anchor(Anchor::Start)
            .bold(),
        );
        height += by_text(24.0);
    }
    // Đủ rộng cho bàn cờ và lối ra bên phải, và cho chữ (lớn hơn khi tỉ lệ chữ lớn).
    let width = exit_labels
        .iter()
        .chain(&legend)
        .map(|l| l.bounds().right + 16.0)
        .fold(LEFT + side + 150.0, f64::max);
    Ok(DodgemLayout {
        width,
        height,
        title: Label::new("Bàn cờ Dodgem", width / 2.0, 22.0, 17.0).bold(),
        squares,
        cars,
        exits,
        coordinates,
        exit_labels,
        arrow,
        legend_cars,
        legend,
    })
}

/// Mũi tên của nước đi `m`: từ mép xe đến gần tâm ô đến (hoặc ra ngoài lối ra).
fn move_arrow(
    board: &Board,
    m: DodgemMove,
    centre: impl Fn(usize, usize) -> (f64, f64),
) -> Result<MoveArrow, PlotError> {
    let n = board.size();
    let from = m.from as usize;
    let (r, c) = (from / n, from % n);
    if r >= n {
        return Err(PlotError::invalid(format!(
            "ô xuất phát {from} nằm ngoài bàn cờ {n}×{n}"
        )));
    }
    let side = board.at(r, c).ok_or_else(|| {
        PlotError::invalid(format!(
            "nước đi xuất phát từ ô trống {}",
            crate::dodgem::notation::square_name(n, r, c)
        ))
    })?;
    let to = target(n, side, from as u32, m.dir).ok_or_else(|| {
        PlotError::invalid(format!(
            "xe {} ở ô {} không đi {} được",
            side.name(),
            crate::dodgem::notation::square_name(n, r, c),
            crate::dodgem::notation::dir_name(m.dir)
        ))
    })?;
    let to_square = to.map(|t| (t as usize / n, t as usize % n));
    let (x1, y1) = centre(r, c);
    let (x2, y2) = match (to_square, side) {
        (Some((tr, tc)), _) => centre(tr, tc),
        (None, Side::Black) => (LEFT + CELL * n as f64 + 30.0, y1),
        (None, Side::White) => (x1, TOP - 30.0),
    };
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    Ok(MoveArrow {
        from_square: (r, c),
        to_square,
        from: (x1 + ux * CELL * 0.2, y1 + uy * CELL * 0.2),
        to: (x2 - ux * CELL * 0.12, y2 - uy * CELL * 0.12),
    })
}

/// Vẽ một thế cờ của mô-đun [`crate::dodgem`], có thể kèm mũi tên cho nước đi `mv`.
///
/// ```
/// use caytrochoi::dodgem::{parse_move, Dodgem};
/// use caytrochoi::plot;
/// let game = Dodgem::new(3).unwrap();
/// let start = game.start(); // D../D../.TT, Đen đi trước
/// let mv = parse_move(&game, &start, "a3>").unwrap();
/// let hinh = plot::dodgem_position(&start.board, Some(mv)).unwrap();
/// assert!(hinh.svg().contains("lối ra của quân Trắng"));
/// let d = plot::dodgem_layout(&start.board, Some(mv)).unwrap();
/// assert_eq!(d.arrow.unwrap().to_square, Some((0, 1))); // a3 → b3
/// ```
pub fn dodgem_position(board: &Board, mv: Option<DodgemMove>) -> Result<Figure, PlotError> {
    dodgem_layout(board, mv)?.draw()
}

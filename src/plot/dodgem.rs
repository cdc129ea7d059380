//! Hình bàn cờ Dodgem: xe Đen (đi sang phải, ra khỏi bàn qua mép phải) và xe
//! Trắng (đi lên, ra khỏi bàn qua mép trên), lối ra được đánh dấu, có thể vẽ thêm
//! mũi tên cho một nước đi.
//!
//! [`DodgemBoard`] là một bàn cờ dạng dữ liệu thuần (đọc được từ văn bản
//! `D../D../.TT`), để nối với bất kỳ mô-đun luật chơi Dodgem nào.

use super::error::PlotError;
use super::svg::{Anchor, Figure, SvgDoc, TextStyle};

/// Một chiếc xe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Car {
    /// Xe Đen: đi lên, xuống hoặc sang phải; ra khỏi bàn qua mép phải.
    Black,
    /// Xe Trắng: đi trái, phải hoặc lên; ra khỏi bàn qua mép trên.
    White,
}

/// Bàn cờ Dodgem n×n: `cells[hàng][cột]`, hàng 0 ở trên cùng.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DodgemBoard {
    /// Các ô, theo hàng từ trên xuống, trong mỗi hàng từ trái sang phải.
    pub cells: Vec<Vec<Option<Car>>>,
}

/// Một nước đi để vẽ mũi tên: từ ô `from` (hàng, cột) đến ô `to`, hoặc ra khỏi
/// bàn nếu `to` là `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DodgemMove {
    /// Ô xuất phát (hàng, cột).
    pub from: (usize, usize),
    /// Ô đến, hoặc `None` khi xe ra khỏi bàn.
    pub to: Option<(usize, usize)>,
}

impl DodgemBoard {
    /// Đọc bàn cờ dạng `D../D../.TT`: các hàng từ trên xuống cách nhau bởi `/`
    /// (hoặc xuống dòng), `D` là xe Đen, `T` là xe Trắng, `.` là ô trống.
    ///
    /// ```
    /// use caytrochoi::plot::{Car, DodgemBoard};
    /// let b = DodgemBoard::parse("D../D../.TT").unwrap();
    /// assert_eq!(b.cells[2][1], Some(Car::White));
    /// assert!(DodgemBoard::parse("D../D..").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<DodgemBoard, PlotError> {
        let rows: Vec<&str> = text
            .split(['/', '\n'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let n = rows.len();
        if !(2..=10).contains(&n) {
            return Err(PlotError::invalid(format!(
                "bàn cờ Dodgem phải có từ 2 đến 10 hàng (gặp {n})"
            )));
        }
        let mut cells = Vec::with_capacity(n);
        for (i, r) in rows.iter().enumerate() {
            let row: Vec<Option<Car>> = r
                .chars()
                .map(|c| match c {
                    'D' | 'd' | 'Đ' | 'đ' | 'B' | 'b' => Ok(Some(Car::Black)),
                    'T' | 't' | 'W' | 'w' => Ok(Some(Car::White)),
                    '.' | '_' => Ok(None),
                    other => Err(PlotError::invalid(format!(
                        "hàng {} của bàn cờ Dodgem có ký tự lạ `{other}` (chỉ dùng D, T và .)",
                        i + 1
                    ))),
                })
                .collect::<Result<_, _>>()?;
            if row.len() != n {
                return Err(PlotError::invalid(format!(
                    "bàn cờ Dodgem phải vuông: có {n} hàng nhưng hàng {} có {} ô",
                    i + 1,
                    row.len()
                )));
            }
            cells.push(row);
        }
        Ok(DodgemBoard { cells })
    }

    /// Số hàng (= số cột).
    pub fn size(&self) -> usize {
        self.cells.len()
    }
}

const BLACK_FILL: &str = "#1e1e1e";
const WHITE_FILL: &str = "#ffffff";
const ARROW: &str = "#e67e00";

/// Vẽ bàn cờ Dodgem, có thể kèm mũi tên cho nước đi `mv`.
///
/// ```
/// use caytrochoi::plot::{self, DodgemBoard, DodgemMove};
/// let b = DodgemBoard::parse("D../D../.TT").unwrap();
/// let mv = DodgemMove { from: (0, 0), to: Some((0, 1)) };
/// let hinh = plot::dodgem_board(&b, Some(mv)).unwrap();
/// assert_eq!(hinh.svg().matches("class=\"car black\"").count(), 2);
/// assert_eq!(hinh.svg().matches("class=\"car white\"").count(), 2);
/// ```
pub fn dodgem_board(board: &DodgemBoard, mv: Option<DodgemMove>) -> Result<Figure, PlotError> {
    let n = board.size();
    if n < 2 || board.cells.iter().any(|r| r.len() != n) {
        return Err(PlotError::invalid("bàn cờ Dodgem phải vuông, ít nhất 2×2"));
    }
    let cell = 72.0;
    let left = 40.0;
    let top = 92.0;
    let side = cell * n as f64;
    let width = left + side + 150.0;
    let height = top + side + 92.0;
    let mut svg = SvgDoc::new(width, height);
    svg.text(
        width / 2.0,
        28.0,
        "Bàn cờ Dodgem",
        &TextStyle::new(17.0).bold(),
    );
    // Lối ra của Trắng: mép trên.
    svg.open_group("class=\"exit white-exit\"");
    svg.rect(left, top - 14.0, side, 10.0, "#f4f4f4", "#555555", 1.2);
    svg.text(
        left + side / 2.0,
        top - 24.0,
        "↑ lối ra của quân Trắng",
        &TextStyle::new(13.0).fill("#333333"),
    );
    svg.close_group();
    // Lối ra của Đen: mép phải.
    svg.open_group("class=\"exit black-exit\"");
    svg.rect(
        left + side + 4.0,
        top,
        10.0,
        side,
        "#555555",
        "#222222",
        1.2,
    );
    let lines = ["lối ra của", "quân Đen →"];
    for (i, l) in lines.iter().enumerate() {
        svg.text(
            left + side + 22.0,
            top + side / 2.0 - 6.0 + 17.0 * i as f64,
            l,
            &TextStyle::new(13.0).fill("#333333").anchor(Anchor::Start),
        );
    }
    svg.close_group();
    // Ô bàn cờ.
    for r in 0..n {
        for c in 0..n {
            let fill = if (r + c) % 2 == 0 {
                "#efe6d2"
            } else {
                "#e2d4b4"
            };
            svg.rect(
                left + cell * c as f64,
                top + cell * r as f64,
                cell,
                cell,
                fill,
                "#8b7a55",
                1.0,
            );
        }
    }
    // Xe.
    for (r, row) in board.cells.iter().enumerate() {
        for (c, car) in row.iter().enumerate() {
            let Some(car) = car else { continue };
            let cx = left + cell * (c as f64 + 0.5);
            let cy = top + cell * (r as f64 + 0.5);
            draw_car(&mut svg, *car, cx, cy, cell, false);
        }
    }
    // Mũi tên nước đi.
    if let Some(m) = mv {
        let (fr, fc) = m.from;
        if fr >= n || fc >= n {
            return Err(PlotError::invalid(format!(
                "ô xuất phát ({fr}, {fc}) nằm ngoài bàn cờ {n}×{n}"
            )));
        }
        let Some(car) = board.cells[fr][fc] else {
            return Err(PlotError::invalid(format!(
                "ô xuất phát ({fr}, {fc}) không có xe"
            )));
        };
        let (x1, y1) = (
            left + cell * (fc as f64 + 0.5),
            top + cell * (fr as f64 + 0.5),
        );
        let (x2, y2) = match m.to {
            Some((tr, tc)) => {
                if tr >= n || tc >= n {
                    return Err(PlotError::invalid(format!(
                        "ô đến ({tr}, {tc}) nằm ngoài bàn cờ {n}×{n}"
                    )));
                }
                (
                    left + cell * (tc as f64 + 0.5),
                    top + cell * (tr as f64 + 0.5),
                )
            }
            None => match car {
                Car::Black => (left + side + 30.0, y1),
                Car::White => (x1, top - 30.0),
            },
        };
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        // Bắt đầu ở mép xe, dừng trước tâm ô đến một chút.
        let (sx, sy) = (x1 + ux * cell * 0.2, y1 + uy * cell * 0.2);
        let (ex, ey) = (x2 - ux * cell * 0.12, y2 - uy * cell * 0.12);
        svg.open_group("class=\"move\"");
        svg.line(
            sx,
            sy,
            ex - ux * 10.0,
            ey - uy * 10.0,
            &format!("stroke=\"{ARROW}\" stroke-width=\"6\" stroke-linecap=\"round\""),
        );
        let (px, py) = (-uy, ux);
        svg.polygon(
            &[
                (ex, ey),
                (ex - ux * 18.0 + px * 10.0, ey - uy * 18.0 + py * 10.0),
                (ex - ux * 18.0 - px * 10.0, ey - uy * 18.0 - py * 10.0),
            ],
            &format!("fill=\"{ARROW}\""),
        );
        svg.close_group();
    }
    // Chú giải.
    let ly = top + side + 30.0;
    draw_car(&mut svg, Car::Black, left + 14.0, ly + 8.0, 30.0, true);
    svg.text(
        left + 34.0,
        ly + 13.0,
        "quân Đen (đi lên, xuống, sang phải)",
        &TextStyle::new(12.0).anchor(Anchor::Start),
    );
    draw_car(&mut svg, Car::White, left + 14.0, ly + 40.0, 30.0, true);
    svg.text(
        left + 34.0,
        ly + 45.0,
        "quân Trắng (đi trái, phải, lên)",
        &TextStyle::new(12.0).anchor(Anchor::Start),
    );
    Ok(svg.finish())
}

/// Một chiếc xe: thân bo góc và mũi nhọn chỉ hướng tiến (Đen sang phải, Trắng lên).
fn draw_car(svg: &mut SvgDoc, car: Car, cx: f64, cy: f64, cell: f64, legend: bool) {
    let (fill, stroke, class) = match car {
        Car::Black => (BLACK_FILL, "#000000", "black"),
        Car::White => (WHITE_FILL, "#1e1e1e", "white"),
    };
    let h = cell * 0.30; // nửa chiều dài thân
    let w = cell * 0.22; // nửa bề ngang thân
    let nose = cell * 0.14;
    // Thân xe theo hướng tiến: Đen → phải (trục x), Trắng → lên (trục −y).
    let pts: Vec<(f64, f64)> = match car {
        Car::Black => vec![
            (cx - h, cy - w),
            (cx + h - nose, cy - w),
            (cx + h, cy),
            (cx + h - nose, cy + w),
            (cx - h, cy + w),
        ],
        Car::White => vec![
            (cx - w, cy + h),
            (cx - w, cy - h + nose),
            (cx, cy - h),
            (cx + w, cy - h + nose),
            (cx + w, cy + h),
        ],
    };
    let kind = if legend { "legend-car" } else { "car" };
    svg.open_group(&format!("class=\"{kind} {class}\""));
    svg.polygon(
        &pts,
        &format!(
            "fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\" stroke-linejoin=\"round\"",
            if car == Car::White { 2.5 } else { 1.5 }
        ),
    );
    svg.close_group();
}

impl From<&crate::dodgem::Board> for DodgemBoard {
    fn from(b: &crate::dodgem::Board) -> DodgemBoard {
        use crate::dodgem::Side;
        let n = b.size();
        let cells = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match b.at(r, c) {
                        Some(Side::Black) => Some(Car::Black),
                        Some(Side::White) => Some(Car::White),
                        None => None,
                    })
                    .collect()
            })
            .collect();
        DodgemBoard { cells }
    }
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
/// assert_eq!(hinh.svg().matches("class=\"car").count(), 4);
/// ```
pub fn dodgem_position(
    board: &crate::dodgem::Board,
    mv: Option<crate::dodgem::DodgemMove>,
) -> Result<Figure, PlotError> {
    let n = board.size();
    let arrow = match mv {
        None => None,
        Some(m) => {
            let from = m.from as usize;
            let (r, c) = (from / n, from % n);
            let side = board.at(r, c).ok_or_else(|| {
                PlotError::invalid(format!(
                    "nước đi xuất phát từ ô trống (hàng {}, cột {})",
                    r + 1,
                    c + 1
                ))
            })?;
            let to = crate::dodgem::rules::target(n, side, from as u32, m.dir)
                .ok_or_else(|| PlotError::invalid("nước đi không hợp lệ với xe ở ô xuất phát"))?;
            Some(DodgemMove {
                from: (r, c),
                to: to.map(|t| (t as usize / n, t as usize % n)),
            })
        }
    };
    dodgem_board(&DodgemBoard::from(board), arrow)
}

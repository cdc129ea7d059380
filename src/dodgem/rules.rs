//! Luật chơi Dodgem và cài đặt trait [`Game`] cho nó.
//!
//! - Đen đi sang **phải**, **lên** hoặc **xuống**; chỉ ra khỏi bàn qua mép phải.
//! - Trắng đi sang **trái**, **phải** hoặc **lên**; chỉ ra khỏi bàn qua mép trên.
//! - Mỗi nước đi một xe sang một ô kề còn trống (không ăn quân, không nhảy).
//! - Ai đưa hết xe của mình ra khỏi bàn trước thì thắng.
//! - Bên đến lượt mà không còn nước đi nào: theo luật của bài giảng
//!   ([`Rule::Lecture`]) người vừa chặn hết đường (đối thủ của bên bị kẹt) **thắng**;
//!   theo *Winning Ways* ([`Rule::WinningWays`]) phải luôn chừa cho đối thủ một nước, nên
//!   người chặn hết đường **thua**, tức bên bị kẹt thắng.
//!
//! Trắng là MAX, Đen là MIN (như tài liệu). Giá trị của ván đã kết thúc là
//! ±[`WIN_SCORE`], lớn hơn mọi giá trị của hàm lượng giá (xem [`super::eval`]).

use super::board::{bits, Board, Side};
use super::error::DodgemError;
use super::eval::evaluate;
use super::moves::move_name;
pub use super::moves::{Dir, DodgemMove};
use crate::game::Game;
use crate::player::Player;
#[cfg(feature = "json")]
use serde::{Deserialize, Serialize};

/// Giá trị (theo Trắng, MAX) của ván Trắng thắng; Đen thắng là −`WIN_SCORE`.
pub const WIN_SCORE: f64 = 1000.0;

/// Luật khi một bên không còn nước đi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
pub enum Rule {
    /// Luật của bài giảng: làm đối thủ hết nước đi thì **thắng**. Trong JSON và
    /// dòng lệnh: `vn`.
    #[cfg_attr(feature = "json", serde(rename = "vn"))]
    Lecture,
    /// Luật của *Winning Ways* (Berlekamp–Conway–Guy): làm đối thủ hết nước đi
    /// thì **thua**. Trong JSON và dòng lệnh: `ww`.
    #[cfg_attr(feature = "json", serde(rename = "ww"))]
    WinningWays,
}

impl Rule {
    /// Đọc `vn` hoặc `ww`.
    pub fn parse(text: &str) -> Option<Rule> {
        match text.trim().to_lowercase().as_str() {
            "vn" => Some(Rule::Lecture),
            "ww" => Some(Rule::WinningWays),
            _ => None,
        }
    }

    /// Mô tả ngắn bằng tiếng Việt.
    pub fn describe(self) -> &'static str {
        match self {
            Rule::Lecture => "luật bài giảng: làm đối thủ hết nước đi thì thắng",
            Rule::WinningWays => "luật Winning Ways: làm đối thủ hết nước đi thì thua",
        }
    }
}

/// Ô đến của xe ở ô `from` đi theo `dir` trên bàn n×n: `Some(Some(ô))` nếu vẫn
/// trên bàn, `Some(None)` nếu ra khỏi bàn đúng mép của `side`, `None` nếu
/// hướng đó không đi được (ra sai mép hoặc hướng không dành cho `side`).
pub(crate) fn target(n: usize, side: Side, from: u32, dir: Dir) -> Option<Option<u32>> {
    if !Dir::of(side).contains(&dir) {
        return None;
    }
    let (r, c) = (from as usize / n, from as usize % n);
    let (to_r, to_c): (isize, isize) = match dir {
        Dir::Up => (r as isize - 1, c as isize),
        Dir::Down => (r as isize + 1, c as isize),
        Dir::Left => (r as isize, c as isize - 1),
        Dir::Right => (r as isize, c as isize + 1),
    };
    if (0..n as isize).contains(&to_r) && (0..n as isize).contains(&to_c) {
        return Some(Some((to_r as usize * n + to_c as usize) as u32));
    }
    // Ra khỏi bàn: chỉ Đen qua mép phải, chỉ Trắng qua mép trên.
    match (side, dir) {
        (Side::Black, Dir::Right) | (Side::White, Dir::Up) => Some(None),
        _ => None,
    }
}

/// Một thế cờ: bàn cờ và bên đến lượt đi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Bàn cờ.
    pub board: Board,
    /// Bên đến lượt.
    pub to_move: Side,
}

/// Vì sao ván cờ kết thúc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// Người thắng đã đưa hết xe ra khỏi bàn.
    AllCarsOff,
    /// Bên đến lượt không còn nước đi (ai thắng tùy luật).
    NoMoves,
}

/// Kết cục của một ván đã kết thúc.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    /// Người thắng.
    pub winner: Side,
    /// Lý do.
    pub reason: EndReason,
}

/// Trò chơi Dodgem: kích thước, luật khi hết nước đi, bên đi trước.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dodgem {
    size: usize,
    /// Luật khi một bên hết nước đi.
    pub rule: Rule,
    /// Bên đi trước (mặc định Đen).
    pub first: Side,
}

impl Dodgem {
    /// Dodgem n×n theo luật bài giảng, Đen đi trước. Lỗi nếu n không phải 3, 4, 5.
    pub fn new(n: usize) -> Result<Dodgem, DodgemError> {
        Board::check_size(n)?;
        Ok(Dodgem {
            size: n,
            rule: Rule::Lecture,
            first: Side::Black,
        })
    }

    /// Đổi luật.
    pub fn with_rule(mut self, rule: Rule) -> Dodgem {
        self.rule = rule;
        self
    }

    /// Đổi bên đi trước.
    pub fn with_first(mut self, first: Side) -> Dodgem {
        self.first = first;
        self
    }

    /// Kích thước n.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Thế cờ ban đầu.
    pub fn start(&self) -> Position {
        Position {
            board: Board::start(self.size).expect("kích thước đã được kiểm tra"),
            to_move: self.first,
        }
    }

    /// Các nước đi hợp lệ của bên đến lượt (rỗng nếu ván đã có người đưa hết xe
    /// ra). Thứ tự: theo ô (hàng rồi cột), mỗi ô theo [`Dir::of`].
    pub fn moves(&self, pos: &Position) -> Vec<DodgemMove> {
        let b = &pos.board;
        if b.cars_on_board(Side::Black) == 0 || b.cars_on_board(Side::White) == 0 {
            return Vec::new();
        }
        let side = pos.to_move;
        let occupied = b.occupied();
        let mut out = Vec::new();
        for from in bits(b.mask(side)) {
            for dir in Dir::of(side) {
                match target(self.size, side, from, dir) {
                    Some(Some(to)) if occupied & (1 << to) == 0 => {}
                    Some(None) => {}
                    _ => continue,
                }
                out.push(DodgemMove {
                    from: from as u8,
                    dir,
                });
            }
        }
        out
    }

    /// Thế cờ sau nước `mv`, có kiểm tra: lỗi nếu ván đã kết thúc hoặc nước đi
    /// không hợp lệ.
    pub fn play(&self, pos: &Position, mv: DodgemMove) -> Result<Position, DodgemError> {
        if self.end(pos).is_some() {
            return Err(DodgemError::GameOver);
        }
        if !self.moves(pos).contains(&mv) {
            return Err(DodgemError::BadMove {
                input: move_name(self.size, mv),
                reason: format!("không phải nước đi hợp lệ của {}", pos.to_move.name()),
            });
        }
        Ok(self.after(pos, mv))
    }

    /// Thế cờ sau nước `mv` (không kiểm tra; `mv` phải hợp lệ).
    pub fn after(&self, pos: &Position, mv: DodgemMove) -> Position {
        let to = target(self.size, pos.to_move, mv.from as u32, mv.dir).flatten();
        Position {
            board: pos.board.moved(pos.to_move, mv.from as u32, to),
            to_move: pos.to_move.opponent(),
        }
    }

    /// Kết cục nếu ván đã kết thúc ở thế `pos`, `None` nếu chưa.
    pub fn end(&self, pos: &Position) -> Option<GameEnd> {
        let b = &pos.board;
        for side in [pos.to_move.opponent(), pos.to_move] {
            if b.cars_on_board(side) == 0 {
                return Some(GameEnd {
                    winner: side,
                    reason: EndReason::AllCarsOff,
                });
            }
        }
        if self.moves(pos).is_empty() {
            let winner = match self.rule {
                Rule::Lecture => pos.to_move.opponent(),
                Rule::WinningWays => pos.to_move,
            };
            return Some(GameEnd {
                winner,
                reason: EndReason::NoMoves,
            });
        }
        None
    }
}

impl Game for Dodgem {
    type State = Position;
    type Move = DodgemMove;

    fn initial_state(&self) -> Position {
        self.start()
    }
    fn to_move(&self, s: &Position) -> Player {
        s.to_move.player()
    }
    #[allow(refining_impl_trait)]
    fn legal_moves(&self, s: &Position) -> Vec<DodgemMove> {
        self.moves(s)
    }
    fn apply(&self, s: &Position, mv: &DodgemMove) -> Position {
        self.after(s, *mv)
    }
    fn is_terminal(&self, s: &Position) -> bool {
        self.end(s).is_some()
    }
    /// ±[`WIN_SCORE`]: dương khi Trắng (MAX) thắng.
    fn payoff(&self, s: &Position) -> f64 {
        match self.end(s) {
            Some(GameEnd {
                winner: Side::White,
                ..
            }) => WIN_SCORE,
            Some(_) => -WIN_SCORE,
            None => 0.0,
        }
    }
    /// Hàm lượng giá của bài giảng ([`evaluate`]).
    fn heuristic(&self, s: &Position) -> Option<f64> {
        Some(evaluate(&s.board) as f64)
    }
    fn move_name(&self, _s: &Position, mv: &DodgemMove) -> String {
        move_name(self.size, *mv)
    }
}

/// Số Zobrist của thế cờ: xe Đen là loại 0, xe Trắng là loại 1, thêm số "MIN
/// (Đen) đến lượt" khi Đen đi.
impl crate::search::Zobrist for Dodgem {
    fn zobrist(&self, s: &Position) -> u64 {
        use crate::search::{zobrist_mask, SIDE_TO_MOVE};
        let cells = (self.size * self.size) as u64;
        let b = &s.board;
        let h = zobrist_mask(b.mask(Side::Black) as u64, 0, cells)
            ^ zobrist_mask(b.mask(Side::White) as u64, 1, cells);
        match s.to_move {
            Side::Black => h ^ SIDE_TO_MOVE,
            Side::White => h,
        }
    }
}

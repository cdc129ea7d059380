//! Nước đi của Dodgem và tên của nó: hướng ([`Dir`]), nước đi
//! ([`DodgemMove`]) và cách gọi tên ô, hướng, nước đi (`a2>`). Tệp này không
//! phụ thuộc luật chơi ([`super::rules`]) hay cách đọc bàn cờ
//! ([`super::notation`]); cả hai dùng nó.

use super::board::Side;
#[cfg(feature = "json")]
use serde::{Deserialize, Serialize};

/// Hướng đi của một xe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "lowercase"))]
pub enum Dir {
    /// Lên (về phía hàng 0).
    Up,
    /// Xuống.
    Down,
    /// Sang trái.
    Left,
    /// Sang phải.
    Right,
}

impl Dir {
    /// Các hướng của `side`, hướng tiến về đích trước: Đen → phải, lên, xuống;
    /// Trắng → lên, trái, phải.
    pub fn of(side: Side) -> [Dir; 3] {
        match side {
            Side::Black => [Dir::Right, Dir::Up, Dir::Down],
            Side::White => [Dir::Up, Dir::Left, Dir::Right],
        }
    }
}

/// Một nước đi: xe ở ô `from` (chỉ số `hàng·n + cột`) đi theo hướng `dir`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DodgemMove {
    /// Ô xuất phát.
    pub from: u8,
    /// Hướng đi.
    pub dir: Dir,
}

/// Tên ô `(row, col)` trên bàn n×n, ví dụ `a1` là góc dưới-trái.
pub(crate) fn square_name(n: usize, row: usize, col: usize) -> String {
    format!("{}{}", (b'a' + col as u8) as char, n - row)
}

/// Dấu của một hướng: `>`, `<`, `^`, `v`.
fn dir_symbol(dir: Dir) -> char {
    match dir {
        Dir::Right => '>',
        Dir::Left => '<',
        Dir::Up => '^',
        Dir::Down => 'v',
    }
}

/// Tên tiếng Việt của một hướng.
pub(crate) fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::Right => "sang phải",
        Dir::Left => "sang trái",
        Dir::Up => "lên",
        Dir::Down => "xuống",
    }
}

/// Tên ngắn của nước đi trên bàn n×n, ví dụ `a2>`.
pub fn move_name(n: usize, mv: DodgemMove) -> String {
    let (r, c) = (mv.from as usize / n, mv.from as usize % n);
    format!("{}{}", square_name(n, r, c), dir_symbol(mv.dir))
}

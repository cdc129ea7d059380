//! Bàn cờ Dodgem n×n: vị trí các xe Đen và xe Trắng.
//!
//! Ô `(hàng, cột)` đánh số từ 0, hàng 0 ở **trên cùng**, cột 0 ở **bên trái**.
//! Bên trong, bàn cờ là hai mặt nạ bit (bit `hàng·n + cột` bật khi ô đó có xe):
//! gọn, sao chép rẻ, và bộ giải dùng lại được. Xe đã ra khỏi bàn không có ô nào;
//! số xe đã ra suy ra từ số xe còn trên bàn (mỗi bên có n − 1 xe).

use super::error::DodgemError;
use crate::player::Player;
#[cfg(feature = "json")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// Các kích thước được hỗ trợ.
pub(crate) const SIZES: [usize; 3] = [3, 4, 5];

/// Hai bên của Dodgem: quân Đen (`Black`) và quân Trắng (`White`), như tài
/// liệu "Doing Dodgem" gọi (Black/White trên bàn cờ, Red/Blue trong mã của nó).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
pub enum Side {
    /// Quân Đen: xuất phát ở cột trái, đi sang phải, lên hoặc xuống; ra khỏi bàn
    /// qua mép phải. Là MIN (như tài liệu "Doing Dodgem", nơi Đen là Red).
    /// Trong JSON và dòng lệnh: `den`.
    #[cfg_attr(feature = "json", serde(rename = "den"))]
    Black,
    /// Quân Trắng: xuất phát ở hàng dưới, đi sang trái, phải hoặc lên; ra khỏi
    /// bàn qua mép trên. Là MAX (Blue trong tài liệu). Trong JSON và dòng lệnh:
    /// `trang`.
    #[cfg_attr(feature = "json", serde(rename = "trang"))]
    White,
}

impl Side {
    /// Bên kia.
    pub fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// Vai trong cây trò chơi: Trắng là MAX, Đen là MIN.
    pub fn player(self) -> Player {
        match self {
            Side::White => Player::Max,
            Side::Black => Player::Min,
        }
    }

    /// Tên tiếng Việt: "Đen" hoặc "Trắng".
    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "Đen",
            Side::White => "Trắng",
        }
    }

    /// Chữ cái trên bàn cờ: `D` hoặc `T`.
    pub fn letter(self) -> char {
        match self {
            Side::Black => 'D',
            Side::White => 'T',
        }
    }

    /// Đọc `den`/`đen`/`d` hoặc `trang`/`trắng`/`t` (không phân biệt hoa thường).
    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_lowercase().as_str() {
            "den" | "đen" | "d" => Some(Side::Black),
            "trang" | "trắng" | "t" => Some(Side::White),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Bàn cờ n×n (n = 3, 4 hoặc 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    black: u32,
    white: u32,
}

impl Board {
    /// Kiểm tra kích thước `n`.
    pub fn check_size(n: usize) -> Result<(), DodgemError> {
        if SIZES.contains(&n) {
            Ok(())
        } else {
            Err(DodgemError::UnsupportedSize(n))
        }
    }

    /// Thế cờ ban đầu: xe Đen ở cột trái trừ góc dưới-trái, xe Trắng ở hàng
    /// dưới trừ góc dưới-trái. Trên 3×3 là `D../D../.TT`.
    pub fn start(n: usize) -> Result<Board, DodgemError> {
        Board::check_size(n)?;
        let mut black = 0u32;
        let mut white = 0u32;
        for i in 0..n - 1 {
            black |= 1 << (i * n); // hàng i, cột 0
            white |= 1 << ((n - 1) * n + i + 1); // hàng cuối, cột i + 1
        }
        Ok(Board {
            size: n as u8,
            black,
            white,
        })
    }

    /// Bàn cờ từ hai mặt nạ bit. Lỗi nếu kích thước không hỗ trợ, hai bên chung
    /// một ô, có bit ngoài bàn hoặc một bên có quá n − 1 xe.
    pub fn from_masks(n: usize, black: u32, white: u32) -> Result<Board, DodgemError> {
        Board::check_size(n)?;
        let all = (1u64 << (n * n)) as u32;
        let inside = all.wrapping_sub(1);
        let bad = |reason: String| DodgemError::BadBoard {
            text: format!("{black:#x}/{white:#x}"),
            reason,
        };
        if (black | white) & !inside != 0 {
            return Err(bad("có xe nằm ngoài bàn cờ".into()));
        }
        if black & white != 0 {
            return Err(bad("một ô có cả xe Đen lẫn xe Trắng".into()));
        }
        for (side, mask) in [(Side::Black, black), (Side::White, white)] {
            if mask.count_ones() as usize > n - 1 {
                return Err(bad(format!(
                    "{} có {} xe, nhiều hơn {} xe cho phép",
                    side.name(),
                    mask.count_ones(),
                    n - 1
                )));
            }
        }
        Ok(Board {
            size: n as u8,
            black,
            white,
        })
    }

    /// Kích thước n.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// Mặt nạ bit các ô có xe của bên `side`.
    pub fn mask(&self, side: Side) -> u32 {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    /// Mặt nạ bit các ô có xe (của cả hai bên).
    pub fn occupied(&self) -> u32 {
        self.black | self.white
    }

    /// Xe trên ô `(row, col)`, nếu có. Ô ngoài bàn trả về `None`.
    pub fn at(&self, row: usize, col: usize) -> Option<Side> {
        let n = self.size();
        if row >= n || col >= n {
            return None;
        }
        let bit = 1u32 << (row * n + col);
        if self.black & bit != 0 {
            Some(Side::Black)
        } else if self.white & bit != 0 {
            Some(Side::White)
        } else {
            None
        }
    }

    /// Các ô `(hàng, cột)` có xe của `side`, theo thứ tự hàng rồi cột.
    pub fn cars(&self, side: Side) -> Vec<(usize, usize)> {
        let n = self.size();
        bits(self.mask(side))
            .map(|i| (i as usize / n, i as usize % n))
            .collect()
    }

    /// Số xe của `side` còn trên bàn.
    pub fn cars_on_board(&self, side: Side) -> usize {
        self.mask(side).count_ones() as usize
    }

    /// Số xe của `side` đã ra khỏi bàn.
    pub fn cars_off(&self, side: Side) -> usize {
        self.size() - 1 - self.cars_on_board(side)
    }

    /// Bàn cờ mới sau khi xe ở ô `from` (chỉ số ô) chuyển tới `to`
    /// (`None`: ra khỏi bàn). Không kiểm tra luật; xem [`super::rules`].
    pub(crate) fn moved(&self, side: Side, from: u32, to: Option<u32>) -> Board {
        let add = to.map_or(0, |t| 1u32 << t);
        let mut b = *self;
        match side {
            Side::Black => b.black = (b.black & !(1 << from)) | add,
            Side::White => b.white = (b.white & !(1 << from)) | add,
        }
        b
    }
}

/// Các chỉ số bit đang bật của `mask`, từ nhỏ đến lớn.
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            Some(i)
        }
    })
}

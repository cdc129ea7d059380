//! Hàm lượng giá của bài giảng "Doing Dodgem in 2 hours", tính theo Trắng (MAX):
//! càng lớn càng có lợi cho Trắng.
//!
//! **1. Bảng vị trí.** Mỗi xe được một số điểm tùy ô nó đứng. Trên 3×3 (hàng 0 ở
//! trên):
//!
//! ```text
//!  xe Trắng        xe Đen
//!  30 35 40       -10 -25 -40
//!  15 20 25        -5 -20 -35
//!   0  5 10         0 -15 -30
//! ```
//!
//! Hai bảng cùng một quy tắc, mà ta dùng để mở rộng cho 4×4 và 5×5:
//! mỗi bước **tiến về mép đích** được 15 điểm, mỗi bước theo **hướng ngang
//! với đích** được 5 điểm.
//! - Trắng ở `(hàng r, cột c)`: `15·(n−1−r) + 5·c` (lên một hàng +15, sang phải
//!   một cột +5).
//! - Đen ở `(r, c)`: `−(15·c + 5·(n−1−r))` (sang phải một cột −15, lên một hàng −5).
//!
//! Hai bảng đối xứng nhau qua đường chéo phụ: xe Đen ở `(r, c)` và xe Trắng ở
//! `(n−1−c, n−1−r)` có điểm đối nhau.
//!
//! **Xe đã ra khỏi bàn** (bài giảng không nói; đây là phần ta thêm): tính như
//! đứng ở một ô ngay sau mép đích, phía có điểm cao nhất: Trắng
//! `15·n + 5·(n−1)`, Đen `−(15·n + 5·(n−1))` (55 và −55 trên 3×3). Nếu không
//! có điểm này, đưa một xe ra làm mất điểm, và người chơi dùng hàm lượng giá sẽ
//! không muốn đưa xe ra.
//!
//! **2. Điểm cản.** Xét từng cặp (xe Đen, xe Trắng):
//! - *Trắng cản trực tiếp Đen* (+40): xe Trắng ở ngay bên phải xe Đen, cùng hàng
//!   (ô Đen sắp tiến vào).
//! - *Trắng cản gián tiếp Đen* (+30): xe Trắng cùng hàng, cách xe Đen đúng hai
//!   cột về bên phải (ô ở giữa có gì cũng được).
//! - *Đen cản trực tiếp Trắng* (−40): xe Đen ở ngay phía trên xe Trắng, cùng cột.
//! - *Đen cản gián tiếp Trắng* (−30): xe Đen cùng cột, cách xe Trắng đúng hai
//!   hàng về phía trên.
//!
//! Mỗi cặp được tính riêng, nên một xe Đen có thể vừa bị cản trực tiếp (bởi một
//! xe Trắng) vừa bị cản gián tiếp (bởi xe Trắng khác). Trên 3×3 "cách đúng hai"
//! cũng là "xa hơn một ô", nên hai cách hiểu trùng nhau.
//!
//! **Ví dụ của bài giảng** (giá trị 75): bàn `D../.../DTT` — Đen ở a3 và a1
//! (−10 + 0 = −10), Trắng ở b1 và c1 (5 + 10 = 15); xe Đen a1 bị xe Trắng b1
//! cản trực tiếp (+40) và bị xe Trắng c1 cản gián tiếp (+30):
//! −10 + 15 + 70 = 75.
//!
//! ```
//! use caytrochoi::dodgem::{evaluate, parse_board};
//! assert_eq!(evaluate(&parse_board("D../.../DTT").unwrap()), 75);
//! ```

use super::board::{Board, Side};
#[cfg(feature = "json")]
use serde::Serialize;

/// Điểm cho mỗi bước tiến về mép đích.
pub const PROGRESS_STEP: i32 = 15;
/// Điểm cho mỗi bước theo hướng ngang với đích.
pub const SIDE_STEP: i32 = 5;
/// Điểm cản trực tiếp.
pub const DIRECT_BLOCK: i32 = 40;
/// Điểm cản gián tiếp.
pub const INDIRECT_BLOCK: i32 = 30;

/// Điểm của một xe `side` ở ô `(row, col)` trên bàn n×n (theo Trắng).
pub fn square_value(n: usize, side: Side, row: usize, col: usize) -> i32 {
    let (n, r, c) = (n as i32, row as i32, col as i32);
    match side {
        Side::White => PROGRESS_STEP * (n - 1 - r) + SIDE_STEP * c,
        Side::Black => -(PROGRESS_STEP * c + SIDE_STEP * (n - 1 - r)),
    }
}

/// Điểm của một xe `side` đã ra khỏi bàn n×n (theo Trắng).
pub fn off_board_value(n: usize, side: Side) -> i32 {
    let v = PROGRESS_STEP * n as i32 + SIDE_STEP * (n as i32 - 1);
    match side {
        Side::White => v,
        Side::Black => -v,
    }
}

/// Bảng vị trí của `side` trên bàn n×n, hàng 0 ở trên.
pub fn position_table(n: usize, side: Side) -> Vec<Vec<i32>> {
    (0..n)
        .map(|r| (0..n).map(|c| square_value(n, side, r, c)).collect())
        .collect()
}

/// Các thành phần của giá trị một bàn cờ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Breakdown {
    /// Tổng điểm vị trí các xe Trắng còn trên bàn.
    pub white_squares: i32,
    /// Tổng điểm vị trí các xe Đen còn trên bàn.
    pub black_squares: i32,
    /// Điểm các xe đã ra khỏi bàn (Trắng dương, Đen âm).
    pub off_board: i32,
    /// Số lần Trắng cản trực tiếp Đen.
    pub white_direct: u32,
    /// Số lần Trắng cản gián tiếp Đen.
    pub white_indirect: u32,
    /// Số lần Đen cản trực tiếp Trắng.
    pub black_direct: u32,
    /// Số lần Đen cản gián tiếp Trắng.
    pub black_indirect: u32,
    /// Giá trị cuối cùng.
    pub value: i32,
}

/// Tính từng thành phần của hàm lượng giá.
pub fn breakdown(b: &Board) -> Breakdown {
    let n = b.size();
    let blacks = b.cars(Side::Black);
    let whites = b.cars(Side::White);
    let white_squares = whites
        .iter()
        .map(|&(r, c)| square_value(n, Side::White, r, c))
        .sum();
    let black_squares = blacks
        .iter()
        .map(|&(r, c)| square_value(n, Side::Black, r, c))
        .sum();
    let off_board = b.cars_off(Side::White) as i32 * off_board_value(n, Side::White)
        + b.cars_off(Side::Black) as i32 * off_board_value(n, Side::Black);
    let (mut wd, mut wi, mut bd, mut bi) = (0, 0, 0, 0);
    for &(br, bc) in &blacks {
        for &(wr, wc) in &whites {
            // Trắng cản Đen: cùng hàng, Trắng ở bên phải Đen 1 hoặc 2 cột.
            if wr == br && wc == bc + 1 {
                wd += 1;
            } else if wr == br && wc == bc + 2 {
                wi += 1;
            }
            // Đen cản Trắng: cùng cột, Đen ở phía trên Trắng 1 hoặc 2 hàng.
            if bc == wc && br + 1 == wr {
                bd += 1;
            } else if bc == wc && br + 2 == wr {
                bi += 1;
            }
        }
    }
    let value = white_squares
        + black_squares
        + off_board
        + DIRECT_BLOCK * (wd as i32 - bd as i32)
        + INDIRECT_BLOCK * (wi as i32 - bi as i32);
    Breakdown {
        white_squares,
        black_squares,
        off_board,
        white_direct: wd,
        white_indirect: wi,
        black_direct: bd,
        black_indirect: bi,
        value,
    }
}

/// Giá trị của bàn cờ theo hàm lượng giá của bài giảng (theo Trắng, MAX).
pub fn evaluate(b: &Board) -> i32 {
    breakdown(b).value
}

/// Một cận trên của |giá trị| trên bàn n×n: mọi xe Trắng ở ô tốt nhất (hoặc đã
/// ra), mỗi xe Đen bị cản cả trực tiếp lẫn gián tiếp — và ngược lại. Dùng để
/// kiểm tra rằng giá trị thắng/thua ±1000 lớn hơn mọi giá trị lượng giá.
pub fn value_bound(n: usize) -> i32 {
    let k = n as i32 - 1;
    k * off_board_value(n, Side::White) + k * (DIRECT_BLOCK + INDIRECT_BLOCK)
}

//! Băm Zobrist: mỗi thế cờ một số 64 bit, để tra bảng chuyển vị.
//!
//! Cách của Zobrist (1970): gán cho mỗi cặp (ô, quân) một số ngẫu nhiên 64 bit
//! cố định; số của một thế cờ là XOR các số của những quân đang đứng trên bàn,
//! XOR thêm một số nữa nếu MIN đến lượt. Hai thế cờ khác nhau hầu như chắc chắn
//! có hai số khác nhau (xác suất trùng cỡ 2⁻⁶⁴ cho mỗi cặp), và đi một nước chỉ
//! đổi vài số hạng của phép XOR.
//!
//! Trò chơi nào muốn dùng bảng chuyển vị thì cài đặt trait nhỏ [`Zobrist`] bên
//! cạnh [`Game`]. Các số ngẫu nhiên lấy từ [`zobrist_key`]: một hàm `const` (bộ
//! sinh SplitMix64 với hạt giống cố định), nên cùng thế cờ luôn cùng một số, ở
//! mọi lần chạy.
//!
//! ```
//! use caytrochoi::games::TicTacToe;
//! use caytrochoi::search::Zobrist;
//! use caytrochoi::Game;
//! let g = TicTacToe::new();
//! let s = g.initial_state();
//! // X5 rồi O1, hay O1 sau X5 theo thứ tự nào cũng ra cùng một bàn cờ, cùng một số.
//! let a = g.apply(&g.apply(&s, &4), &0);
//! let b = TicTacToe::parse_board("O../.X./...").unwrap();
//! assert_eq!(g.zobrist(&a), g.zobrist(&b));
//! assert_ne!(g.zobrist(&a), g.zobrist(&s));
//! ```

use crate::game::Game;

/// Trò chơi có số băm Zobrist cho mỗi trạng thái.
pub trait Zobrist: Game {
    /// Số 64 bit của trạng thái `s`: hai trạng thái bằng nhau (cùng bàn cờ, cùng
    /// người đến lượt) có cùng số.
    fn zobrist(&self, s: &Self::State) -> u64;
}

/// Số ngẫu nhiên cố định thứ `k` của bảng Zobrist (SplitMix64, hạt giống cố
/// định). Quân loại `piece` ở ô `cell` dùng `zobrist_key(piece * số_ô + cell)`;
/// "MIN đến lượt" dùng `SIDE_TO_MOVE`.
pub const fn zobrist_key(k: u64) -> u64 {
    let mut z = 0x5EED_CA7E_0000_0000u64.wrapping_add((k + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Số Zobrist của "MIN đến lượt".
pub(crate) const SIDE_TO_MOVE: u64 = zobrist_key(u64::MAX - 1);

/// XOR các số Zobrist của quân loại `piece` trên các ô có bit 1 trong `mask`
/// (bàn có `cells` ô).
#[inline]
pub(crate) fn zobrist_mask(mut mask: u64, piece: u64, cells: u64) -> u64 {
    let mut h = 0;
    while mask != 0 {
        let cell = mask.trailing_zeros() as u64;
        h ^= zobrist_key(piece * cells + cell);
        mask &= mask - 1;
    }
    h
}

/// Cây tường minh: mỗi nút là một trạng thái riêng (số của nút là số Zobrist
/// của chỉ số nút), nên bảng chuyển vị không gộp được hai nút nào.
impl Zobrist for crate::tree::GameTree {
    fn zobrist(&self, s: &crate::tree::NodeId) -> u64 {
        zobrist_key(s.index() as u64)
    }
}

/// Sắp thứ tự nước đi không đổi trạng thái: cùng số với trò chơi gốc.
impl<G: Zobrist> Zobrist for super::OrderMoves<'_, G> {
    fn zobrist(&self, s: &G::State) -> u64 {
        self.game.zobrist(s)
    }
}

/// Hàm lượng giá riêng không đổi trạng thái: cùng số với trò chơi gốc.
impl<G: Zobrist, F: Fn(&G, &G::State) -> f64> Zobrist for crate::game::WithHeuristic<G, F> {
    fn zobrist(&self, s: &G::State) -> u64 {
        self.game.zobrist(s)
    }
}

//! Bài 5 — Chia socola.
//!
//! **Luật được cài đặt.** Lúc đầu có một thanh socola M × N ô. Mỗi lượt, người
//! chơi chọn một mảnh (không phải 1 × 1) và bẻ nó thành hai mảnh theo một đường
//! kẻ ngang hoặc dọc. Mảnh 1 × 1 nào vừa xuất hiện thì người bẻ lấy đi (không
//! còn trên bàn). Ai đến lượt mà không còn mảnh nào để bẻ thì thua — cùng quy
//! ước "không đi được thì thua" như các bài khác (bài giảng không nói rõ điều
//! kiện thắng; số miếng 1 × 1 lấy được không được tính điểm ở đây).
//!
//! **Lời giải bằng cách đếm số lần bẻ.** Mỗi lần bẻ làm số mảnh (kể cả các miếng
//! 1 × 1 đã lấy) tăng đúng 1. Ván bắt đầu với 1 mảnh và kết thúc khi cả M·N ô đều
//! thành miếng 1 × 1, tức là M·N mảnh. Vậy **ván nào cũng kéo dài đúng M·N − 1
//! nước**, dù hai người chơi ra sao. Người thứ nhất đi các nước thứ 1, 3, 5, …, nên
//! họ đi nước cuối cùng (và thắng) khi M·N − 1 lẻ, tức **M·N chẵn**. Không có
//! chiến lược nào tốt hơn hay tệ hơn: mọi nước bẻ đều như nhau. Hàm Grundy của
//! một mảnh a × b vì thế là (a·b − 1) mod 2; phần kiểm thử so bảng tính bằng mex
//! với công thức này.

use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::mex::MexScratch;
use crate::limits::SOCOLA_SIDE;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Luật Chia socola. Trạng thái: các mảnh (số hàng, số cột) còn trên bàn, đã sắp
/// xếp; mảnh 1 × 1 bị lấy đi nên không xuất hiện.
#[derive(Debug, Clone, Copy, Default)]
pub struct Socola;

/// Một nước bẻ: mảnh thứ `piece`, theo đường ngang (`horizontal`, tách các hàng)
/// hoặc dọc (tách các cột), phần thứ nhất có `at` hàng (hoặc cột).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Break {
    /// Chỉ số mảnh.
    pub piece: usize,
    /// Bẻ theo đường ngang?
    pub horizontal: bool,
    /// Số hàng (hoặc cột) của phần thứ nhất.
    pub at: u32,
}

impl fmt::Display for Break {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.horizontal {
            write!(f, "bẻ ngang sau hàng thứ {}", self.at)
        } else {
            write!(f, "bẻ dọc sau cột thứ {}", self.at)
        }
    }
}

/// Chuẩn hóa một danh sách mảnh: bỏ mảnh 1 × 1, sắp xếp.
pub fn normalize(mut pieces: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    pieces.retain(|&(a, b)| a * b > 1);
    pieces.sort_unstable();
    pieces
}

/// Tổng số lần bẻ còn lại cho tới khi mọi mảnh thành 1 × 1: Σ (a·b − 1).
pub fn breaks_left(pieces: &[(u32, u32)]) -> u64 {
    pieces.iter().map(|&(a, b)| a as u64 * b as u64 - 1).sum()
}

impl ImpartialGame for Socola {
    type Position = Vec<(u32, u32)>;
    type Move = Break;

    fn moves(&self, pieces: &Vec<(u32, u32)>) -> Vec<Break> {
        let mut v = Vec::new();
        for (piece, &(a, b)) in pieces.iter().enumerate() {
            v.extend((1..a).map(|at| Break {
                piece,
                horizontal: true,
                at,
            }));
            v.extend((1..b).map(|at| Break {
                piece,
                horizontal: false,
                at,
            }));
        }
        v
    }

    fn play(&self, pieces: &Vec<(u32, u32)>, mv: &Break) -> Vec<(u32, u32)> {
        let mut next = pieces.clone();
        let (a, b) = next.remove(mv.piece);
        if mv.horizontal {
            next.extend([(mv.at, b), (a - mv.at, b)]);
        } else {
            next.extend([(a, mv.at), (a, b - mv.at)]);
        }
        normalize(next)
    }
}

/// Bảng G của một mảnh a × b, 1 ≤ a ≤ m, 1 ≤ b ≤ n: `table[a][b]` (hàng/cột 0
/// không dùng). Tính bằng mex trên mọi cách bẻ, không dùng công thức.
pub fn socola_table(m: u32, n: u32) -> Result<Vec<Vec<u32>>, GrundyError> {
    GrundyError::check_range("số hàng M", m as u64, 1, SOCOLA_SIDE as u64)?;
    GrundyError::check_range("số cột N", n as u64, 1, SOCOLA_SIDE as u64)?;
    let (m, n) = (m as usize, n as usize);
    let mut t = vec![vec![0u32; n + 1]; m + 1];
    let mut scratch = MexScratch::new();
    for a in 1..=m {
        for b in 1..=n {
            scratch.clear();
            for i in 1..a {
                scratch.insert(t[i][b] ^ t[a - i][b]);
            }
            for j in 1..b {
                scratch.insert(t[a][j] ^ t[a][b - j]);
            }
            t[a][b] = scratch.mex();
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::classify::classify;
    use crate::grundy::impartial::GrundyMemo;
    use crate::outcome::Outcome;

    #[test]
    fn table_is_parity_of_breaks() {
        let t = socola_table(40, 40).unwrap();
        for a in 1..=40u32 {
            for b in 1..=40u32 {
                assert_eq!(
                    t[a as usize][b as usize] as u64,
                    breaks_left(&[(a, b)]) % 2,
                    "{a}×{b}"
                );
            }
        }
    }

    #[test]
    fn brute_force_on_small_bars() {
        let mut memo = GrundyMemo::new();
        for m in 1..=4u32 {
            for n in 1..=4u32 {
                let start = normalize(vec![(m, n)]);
                let c = classify(&Socola, &start, 1_000_000).unwrap();
                assert_eq!(
                    c.outcome(&start).unwrap().player_to_move_wins(),
                    Some((m * n) % 2 == 0)
                );
                // Mọi trạng thái giữa ván: thắng/thua theo tính chẵn lẻ số lần bẻ còn lại.
                let g = memo.value(&Socola, &start).unwrap();
                assert_eq!(Outcome::from_grundy(g), c.outcome(&start).unwrap());
                let _ = breaks_left(&start);
            }
        }
        // Một trạng thái nhiều mảnh.
        let pos = normalize(vec![(2, 3), (1, 4), (3, 3)]);
        let g = memo.value(&Socola, &pos).unwrap();
        assert_eq!(g as u64, breaks_left(&pos) % 2);
    }

    #[test]
    fn limits() {
        assert!(socola_table(0, 3).is_err());
        assert!(socola_table(3, SOCOLA_SIDE + 1).is_err());
    }
}

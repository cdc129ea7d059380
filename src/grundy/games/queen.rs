//! Trò chơi di chuyển quân Hậu.
//!
//! Quân Hậu đứng ở ô (p, q) (p là cột, q là hàng, ô (0, 0) ở góc trái-dưới).
//! Hai người lần lượt đi; mỗi nước được đi bao nhiêu ô cũng được nhưng chỉ theo
//! ba hướng: sang trái (giảm p), xuống dưới (giảm q) hoặc chéo trái-xuống (giảm
//! cả hai cùng một lượng). Ai không đi được nữa — tức là Hậu đã ở (0, 0) — thì thua.
//!
//! Đây chính là trò chơi Wythoff. Các trạng thái "thắng" (G = 0, vị trí P) là
//! (0, 0) và các cặp (⌊kφ⌋, ⌊kφ²⌋), (⌊kφ²⌋, ⌊kφ⌋) với φ là tỉ lệ vàng — phần
//! kiểm thử so bảng tính được với công thức này.

use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::mex::MexScratch;
use crate::limits::QUEEN_SIDE;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Luật chơi quân Hậu.
#[derive(Debug, Clone, Copy, Default)]
pub struct Queen;

/// Một nước đi của quân Hậu: hướng và số ô.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
#[cfg_attr(
    feature = "json",
    serde(tag = "huong", content = "so_o", rename_all = "snake_case")
)]
pub enum QueenMove {
    /// Sang trái k ô.
    Left(u32),
    /// Xuống dưới k ô.
    Down(u32),
    /// Chéo trái-xuống k ô.
    Diagonal(u32),
}

impl QueenMove {
    /// Ô đến khi đi nước này từ (p, q).
    pub fn target(self, (p, q): (u32, u32)) -> (u32, u32) {
        match self {
            QueenMove::Left(k) => (p - k, q),
            QueenMove::Down(k) => (p, q - k),
            QueenMove::Diagonal(k) => (p - k, q - k),
        }
    }
}

impl fmt::Display for QueenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueenMove::Left(k) => write!(f, "sang trái {k} ô"),
            QueenMove::Down(k) => write!(f, "xuống {k} ô"),
            QueenMove::Diagonal(k) => write!(f, "chéo trái-xuống {k} ô"),
        }
    }
}

impl ImpartialGame for Queen {
    type Position = (u32, u32);
    type Move = QueenMove;

    fn moves(&self, &(p, q): &(u32, u32)) -> Vec<QueenMove> {
        let mut v: Vec<QueenMove> = (1..=p).map(QueenMove::Left).collect();
        v.extend((1..=q).map(QueenMove::Down));
        v.extend((1..=p.min(q)).map(QueenMove::Diagonal));
        v
    }

    fn play(&self, pos: &(u32, u32), mv: &QueenMove) -> (u32, u32) {
        mv.target(*pos)
    }
}

/// Bảng G(p, q) cho 0 ≤ p ≤ `max_p`, 0 ≤ q ≤ `max_q`: `table[p][q]`.
///
/// Tính theo thứ tự tăng dần của p rồi q: mọi ô Hậu đi tới đều đã có giá trị.
pub fn queen_table(max_p: u32, max_q: u32) -> Result<Vec<Vec<u32>>, GrundyError> {
    GrundyError::check_range("p", max_p as u64, 0, QUEEN_SIDE as u64)?;
    GrundyError::check_range("q", max_q as u64, 0, QUEEN_SIDE as u64)?;
    let (pn, qn) = (max_p as usize + 1, max_q as usize + 1);
    let mut t = vec![vec![0u32; qn]; pn];
    let mut scratch = MexScratch::new();
    for p in 0..pn {
        for q in 0..qn {
            scratch.clear();
            // Sang trái: các ô (a, q) với a < p.
            for row in &t[..p] {
                scratch.insert(row[q]);
            }
            // Xuống dưới: các ô (p, b) với b < q.
            for &v in &t[p][..q] {
                scratch.insert(v);
            }
            for k in 1..=p.min(q) {
                scratch.insert(t[p - k][q - k]);
            }
            t[p][q] = scratch.mex();
        }
    }
    Ok(t)
}

/// Các nước thắng từ (p, q) (tới ô có G = 0), dùng một bảng đủ lớn.
pub fn queen_winning_moves(
    table: &[Vec<u32>],
    pos: (u32, u32),
) -> Result<Vec<QueenMove>, GrundyError> {
    let inside = (pos.0 as usize) < table.len()
        && table
            .first()
            .is_some_and(|row| (pos.1 as usize) < row.len());
    if !inside {
        return Err(GrundyError::InvalidPosition(format!(
            "ô ({}, {}) nằm ngoài bảng đã tính",
            pos.0, pos.1
        )));
    }
    Ok(Queen
        .moves(&pos)
        .into_iter()
        .filter(|m| {
            let (a, b) = m.target(pos);
            table[a as usize][b as usize] == 0
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::classify::classify;
    use crate::grundy::impartial::GrundyMemo;
    use crate::outcome::Outcome;

    #[test]
    fn table_matches_generic_memo() {
        let t = queen_table(12, 9).unwrap();
        let mut memo = GrundyMemo::new();
        for p in 0..=12 {
            for q in 0..=9 {
                assert_eq!(
                    memo.value(&Queen, &(p, q)).unwrap(),
                    t[p as usize][q as usize]
                );
            }
        }
    }

    #[test]
    fn p_positions_follow_the_golden_ratio() {
        let n = 200u32;
        let t = queen_table(n, n).unwrap();
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let mut expected = std::collections::HashSet::new();
        for k in 0..=n {
            let a = (k as f64 * phi).floor() as u32;
            let b = (k as f64 * phi * phi).floor() as u32;
            expected.insert((a, b));
            expected.insert((b, a));
        }
        for p in 0..=n {
            for q in 0..=n {
                assert_eq!(
                    t[p as usize][q as usize] == 0,
                    expected.contains(&(p, q)),
                    "({p}, {q})"
                );
            }
        }
    }

    #[test]
    fn origin_is_thang_by_definition_and_classification_agrees() {
        let c = classify(&Queen, &(7, 5), 10_000).unwrap();
        assert_eq!(c.outcome(&(0, 0)), Some(Outcome::PreviousWins));
        let t = queen_table(7, 5).unwrap();
        for p in 0..=7u32 {
            for q in 0..=5u32 {
                assert_eq!(
                    c.outcome(&(p, q)),
                    Some(Outcome::from_grundy(t[p as usize][q as usize]))
                );
            }
        }
        // (1, 2) là vị trí P: mọi nước đi đều tới ô có G > 0.
        assert_eq!(t[1][2], 0);
        assert!(queen_winning_moves(&t, (1, 2)).unwrap().is_empty());
        // Nước thắng theo bảng trùng với vét cạn có ghi nhớ, ở mọi ô; ví dụ từ
        // (4, 5): sang trái 1 ô tới (3, 5) hoặc chéo 3 ô tới (1, 2).
        let mut memo = GrundyMemo::new();
        for p in 0..=7u32 {
            for q in 0..=5u32 {
                assert_eq!(
                    queen_winning_moves(&t, (p, q)).unwrap(),
                    memo.winning_moves(&Queen, &(p, q)).unwrap()
                );
            }
        }
        assert_eq!(
            queen_winning_moves(&t, (4, 5)).unwrap(),
            vec![QueenMove::Left(1), QueenMove::Diagonal(3)]
        );
        assert!(queen_winning_moves(&t, (8, 0)).is_err());
    }
}

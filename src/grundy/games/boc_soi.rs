//! Bài 1 — Trò chơi "Bốc sỏi".
//!
//! Có hai đống sỏi, m viên và n viên. Mỗi lượt, người chơi hoặc bốc từ 1 đến 4
//! viên ở *một* đống, hoặc bốc *cùng một số* viên, từ 1 đến 3, ở *cả hai* đống.
//! Ai đến lượt mà không bốc được (cả hai đống đã hết) thì thua.
//!
//! Vì nước bốc hai đống ràng buộc hai đống với nhau, đây **không** phải tổng của
//! hai trò chơi một đống: phải tính G(m, n) trên cả bảng hai chiều. Các giới hạn
//! 4 và 3 là tham số ([`BocSoi::max_one`], [`BocSoi::max_both`]).

use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::mex::MexScratch;
use crate::limits::{BOC_SOI_PILE, BOC_SOI_TAKE};
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Luật chơi Bốc sỏi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BocSoi {
    /// Bốc ở một đống: tối đa bao nhiêu viên (bài giảng: 4).
    pub max_one: u32,
    /// Bốc ở cả hai đống: tối đa bao nhiêu viên mỗi đống (bài giảng: 3).
    pub max_both: u32,
}

impl Default for BocSoi {
    /// Luật của bài giảng: 4 viên ở một đống, 3 viên ở cả hai đống.
    fn default() -> Self {
        BocSoi {
            max_one: 4,
            max_both: 3,
        }
    }
}

/// Một nước bốc sỏi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
#[cfg_attr(feature = "json", serde(rename_all = "snake_case"))]
pub enum BocSoiMove {
    /// Bốc `take` viên ở đống thứ nhất.
    First {
        /// Số viên bốc.
        take: u32,
    },
    /// Bốc `take` viên ở đống thứ hai.
    Second {
        /// Số viên bốc.
        take: u32,
    },
    /// Bốc `take` viên ở mỗi đống.
    Both {
        /// Số viên bốc ở mỗi đống.
        take: u32,
    },
}

impl fmt::Display for BocSoiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BocSoiMove::First { take } => write!(f, "bốc {take} viên ở đống thứ nhất"),
            BocSoiMove::Second { take } => write!(f, "bốc {take} viên ở đống thứ hai"),
            BocSoiMove::Both { take } => write!(f, "bốc {take} viên ở mỗi đống"),
        }
    }
}

impl BocSoi {
    /// Luật với giới hạn tùy ý (mỗi giới hạn từ 0 đến [`BOC_SOI_TAKE`]).
    pub fn new(max_one: u32, max_both: u32) -> Result<BocSoi, GrundyError> {
        GrundyError::check_range(
            "số viên bốc ở một đống",
            max_one as u64,
            0,
            BOC_SOI_TAKE as u64,
        )?;
        GrundyError::check_range(
            "số viên bốc ở hai đống",
            max_both as u64,
            0,
            BOC_SOI_TAKE as u64,
        )?;
        Ok(BocSoi { max_one, max_both })
    }

    /// Bảng G(a, b) với 0 ≤ a ≤ m, 0 ≤ b ≤ n: `table[a][b]`.
    pub fn table(&self, m: u32, n: u32) -> Result<Vec<Vec<u32>>, GrundyError> {
        GrundyError::check_range("số sỏi đống thứ nhất", m as u64, 0, BOC_SOI_PILE as u64)?;
        GrundyError::check_range("số sỏi đống thứ hai", n as u64, 0, BOC_SOI_PILE as u64)?;
        let mut t = vec![vec![0u32; n as usize + 1]; m as usize + 1];
        let mut scratch = MexScratch::new();
        for a in 0..=m {
            for b in 0..=n {
                scratch.clear();
                for mv in self.moves(&(a, b)) {
                    let (x, y) = self.play(&(a, b), &mv);
                    scratch.insert(t[x as usize][y as usize]);
                }
                t[a as usize][b as usize] = scratch.mex();
            }
        }
        Ok(t)
    }

    /// Các nước thắng từ (m, n) theo bảng `table` (đủ lớn).
    pub fn winning_moves(
        &self,
        table: &[Vec<u32>],
        pos: (u32, u32),
    ) -> Result<Vec<BocSoiMove>, GrundyError> {
        let inside = (pos.0 as usize) < table.len()
            && table.first().is_some_and(|r| (pos.1 as usize) < r.len());
        if !inside {
            return Err(GrundyError::InvalidPosition(format!(
                "({}, {}) nằm ngoài bảng đã tính",
                pos.0, pos.1
            )));
        }
        Ok(self
            .moves(&pos)
            .into_iter()
            .filter(|m| {
                let (x, y) = self.play(&pos, m);
                table[x as usize][y as usize] == 0
            })
            .collect())
    }
}

impl ImpartialGame for BocSoi {
    type Position = (u32, u32);
    type Move = BocSoiMove;

    fn moves(&self, &(m, n): &(u32, u32)) -> Vec<BocSoiMove> {
        let mut v: Vec<BocSoiMove> = (1..=self.max_one.min(m))
            .map(|take| BocSoiMove::First { take })
            .collect();
        v.extend((1..=self.max_one.min(n)).map(|take| BocSoiMove::Second { take }));
        v.extend((1..=self.max_both.min(m).min(n)).map(|take| BocSoiMove::Both { take }));
        v
    }

    fn play(&self, &(m, n): &(u32, u32), mv: &BocSoiMove) -> (u32, u32) {
        match *mv {
            BocSoiMove::First { take } => (m - take, n),
            BocSoiMove::Second { take } => (m, n - take),
            BocSoiMove::Both { take } => (m - take, n - take),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::classify::classify;
    use crate::grundy::impartial::GrundyMemo;
    use crate::outcome::Outcome;

    #[test]
    fn table_matches_memo_and_classification() {
        let game = BocSoi::default();
        let t = game.table(20, 30).unwrap();
        let mut memo = GrundyMemo::new();
        let c = classify(&game, &(20, 30), 10_000).unwrap();
        for a in 0..=20u32 {
            for b in 0..=30u32 {
                let g = memo.value(&game, &(a, b)).unwrap();
                assert_eq!(g, t[a as usize][b as usize]);
                assert_eq!(c.outcome(&(a, b)), Some(Outcome::from_grundy(g)));
            }
        }
    }

    #[test]
    fn without_the_both_move_it_is_a_sum_of_two_piles() {
        // Kiểm tra chéo: bỏ nước bốc hai đống thì trò chơi là tổng hai đống
        // "bốc 1 … 4", nên G(a, b) = (a mod 5) ⊕ (b mod 5).
        let t = BocSoi::new(4, 0).unwrap().table(30, 30).unwrap();
        for a in 0..=30u32 {
            for b in 0..=30u32 {
                assert_eq!(t[a as usize][b as usize], (a % 5) ^ (b % 5));
            }
        }
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(BocSoi::default().table(BOC_SOI_PILE + 1, 3).is_err());
        assert!(BocSoi::new(1000, 1).is_err());
        let t = BocSoi::default().table(3, 3).unwrap();
        assert!(BocSoi::default().winning_moves(&t, (4, 1)).is_err());
    }
}

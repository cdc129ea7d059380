//! Phân tích Bốc sỏi (bài 1) ở một trạng thái hai đống.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::games::boc_soi::{BocSoi, BocSoiMove};
use crate::grundy::{GrundyError, ImpartialGame};
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Bốc sỏi (luật của bài giảng) ở hai đống (m, n).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct BocSoiAnalysis {
    /// Tên trò chơi trên dòng lệnh: `boc-soi`.
    pub game: &'static str,
    /// Số sỏi hai đống (m, n).
    pub position: (u32, u32),
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tới trạng thái có G = 0; `to` là hai đống còn lại.
    pub winning_moves: Vec<MoveReport<BocSoiMove, (u32, u32)>>,
    #[cfg_attr(feature = "json", serde(skip))]
    rules: BocSoi,
}

impl BocSoiAnalysis {
    /// Phân tích (m, n) theo luật của bài giảng (bốc 1–4 viên ở một đống hoặc
    /// 1–3 viên ở cả hai).
    pub fn new(m: u32, n: u32) -> Result<BocSoiAnalysis, GrundyError> {
        BocSoiAnalysis::with_rules(BocSoi::default(), m, n)
    }

    /// Phân tích (m, n) theo luật `rules`.
    pub fn with_rules(rules: BocSoi, m: u32, n: u32) -> Result<BocSoiAnalysis, GrundyError> {
        let table = rules.table(m, n)?;
        let moves = rules.winning_moves(&table, (m, n))?;
        Ok(BocSoiAnalysis {
            game: "boc-soi",
            position: (m, n),
            verdict: Verdict::from_grundy(table[m as usize][n as usize]),
            winning_moves: moves
                .into_iter()
                .map(|mv| {
                    let (a, b) = rules.play(&(m, n), &mv);
                    MoveReport {
                        mv,
                        text: format!("{mv}, còn ({a}, {b})"),
                        to: (a, b),
                    }
                })
                .collect(),
            rules,
        })
    }
}

impl fmt::Display for BocSoiAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (m, n) = self.position;
        writeln!(
            f,
            "Bốc sỏi (bốc 1–{} viên ở một đống hoặc 1–{} viên ở cả hai), hai đống ({m}, {n}). {}",
            self.rules.max_one, self.rules.max_both, self.verdict
        )?;
        write_moves(f, &self.winning_moves)
    }
}

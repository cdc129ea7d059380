//! Phân tích Nim chia đống ở một đống.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::games::nim_split::{
    after_split, nim_split_values, nim_split_winning_moves, piles_text, Split,
};
use crate::grundy::GrundyError;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Nim chia đống, một đống `tokens` đồng xu.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct NimSplitAnalysis {
    /// Tên trò chơi trên dòng lệnh: `nim-chia`.
    pub game: &'static str,
    /// Số đồng xu của đống.
    pub tokens: u32,
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước chia tới trạng thái có G = 0; `to` là các đống sau khi chia.
    pub winning_moves: Vec<MoveReport<Split, Vec<u32>>>,
}

impl NimSplitAnalysis {
    /// Phân tích một đống `tokens` đồng xu (nhỏ hơn
    /// [`NIM_SPLIT_VALUES`](crate::limits::NIM_SPLIT_VALUES)).
    pub fn new(tokens: u32) -> Result<NimSplitAnalysis, GrundyError> {
        let values = nim_split_values(tokens as usize + 1)?;
        let piles = [tokens];
        let moves = nim_split_winning_moves(&piles, &values)?;
        Ok(NimSplitAnalysis {
            game: "nim-chia",
            tokens,
            verdict: Verdict::from_grundy(values[tokens as usize]),
            winning_moves: moves
                .into_iter()
                .map(|m| {
                    let to = after_split(&piles, &m);
                    MoveReport {
                        mv: m,
                        text: format!("{m} (còn {})", piles_text(&to)),
                        to,
                    }
                })
                .collect(),
        })
    }
}

impl fmt::Display for NimSplitAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Nim chia đống, một đống {} đồng xu. {}",
            self.tokens, self.verdict
        )?;
        write_moves(f, &self.winning_moves)
    }
}

//! Phân tích Chia socola (bài 5) cho một thanh M × N.

use super::{MoveReport, Verdict};
use crate::grundy::games::socola::{breaks_left, normalize, socola_table, Break, Socola};
use crate::grundy::{GrundyError, ImpartialGame};
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Chia socola, một thanh M × N.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct SocolaAnalysis {
    /// Tên trò chơi trên dòng lệnh: `socola`.
    pub game: &'static str,
    /// Kích thước (M, N).
    pub size: (u32, u32),
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Số lần bẻ của cả ván: M·N − 1, dù hai người chơi thế nào.
    pub total_breaks: u64,
    /// Các nước bẻ tới trạng thái có G = 0; `to` là các mảnh còn lại (bỏ mảnh 1 × 1).
    pub winning_moves: Vec<MoveReport<Break, Vec<(u32, u32)>>>,
}

impl SocolaAnalysis {
    /// Phân tích thanh M × N (mỗi cạnh từ 1 đến
    /// [`SOCOLA_SIDE`](crate::limits::SOCOLA_SIDE)).
    pub fn new(m: u32, n: u32) -> Result<SocolaAnalysis, GrundyError> {
        let t = socola_table(m, n)?;
        let start = normalize(vec![(m, n)]);
        // G của nhiều mảnh là XOR các mảnh (mỗi mảnh là một trò chơi con).
        let g = |pieces: &[(u32, u32)]| {
            pieces
                .iter()
                .fold(0, |acc, &(a, b)| acc ^ t[a as usize][b as usize])
        };
        let winning_moves = Socola
            .moves(&start)
            .into_iter()
            .filter_map(|mv| {
                let to = Socola.play(&start, &mv);
                (g(&to) == 0).then(|| MoveReport {
                    mv,
                    text: mv.to_string(),
                    to,
                })
            })
            .collect();
        Ok(SocolaAnalysis {
            game: "socola",
            size: (m, n),
            verdict: Verdict::from_grundy(t[m as usize][n as usize]),
            total_breaks: breaks_left(&[(m, n)]),
            winning_moves,
        })
    }
}

impl fmt::Display for SocolaAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (m, n) = self.size;
        let breaks = self.total_breaks;
        writeln!(f, "Chia socola {m} × {n}. {}", self.verdict)?;
        writeln!(
            f,
            "Giải thích: mỗi lần bẻ làm số mảnh tăng 1; ván kết thúc khi có {} mảnh 1 × 1, nên \
             ván nào cũng có đúng {m}·{n} − 1 = {breaks} lần bẻ.",
            m as u64 * n as u64
        )?;
        if breaks % 2 == 1 {
            writeln!(
                f,
                "{breaks} là số lẻ: người thứ nhất bẻ lần cuối cùng và thắng, đi thế nào cũng được."
            )?;
        } else {
            writeln!(
                f,
                "{breaks} là số chẵn: người thứ hai bẻ lần cuối cùng; người thứ nhất thua dù đi thế nào."
            )?;
        }
        if let Some(first) = self.winning_moves.first() {
            writeln!(
                f,
                "Cả {} nước bẻ đều là nước thắng (ví dụ: {}).",
                self.winning_moves.len(),
                first.text
            )?;
        }
        Ok(())
    }
}

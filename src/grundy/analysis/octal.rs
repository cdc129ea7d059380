//! Phân tích một trò chơi bát phân: một đống, hoặc chu kỳ của cả dãy Grundy.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::octal::{OctalGame, OctalMove, Periodicity};
use crate::grundy::GrundyError;
use crate::limits::OCTAL_VALUES;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Trò chơi bát phân, một đống `heap` viên.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct OctalAnalysis {
    /// Tên trò chơi trên dòng lệnh: `octal`.
    pub game: &'static str,
    /// Mã bát phân.
    pub code: String,
    /// Số viên của đống.
    pub heap: usize,
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tới trạng thái có G = 0; `to` là các đống để lại.
    pub winning_moves: Vec<MoveReport<OctalMove, Vec<usize>>>,
}

impl OctalAnalysis {
    /// Phân tích một đống `heap` viên của trò chơi `game`.
    pub fn new(game: &OctalGame, heap: usize) -> Result<OctalAnalysis, GrundyError> {
        let values = game.values(heap + 1)?;
        let winning_moves = game
            .heap_moves(heap)
            .into_iter()
            .filter(|m| m.left.iter().flatten().fold(0, |acc, &h| acc ^ values[h]) == 0)
            .map(|m| MoveReport {
                mv: m,
                text: m.to_string(),
                to: m.left.iter().flatten().copied().collect(),
            })
            .collect();
        Ok(OctalAnalysis {
            game: "octal",
            code: game.code().to_string(),
            heap,
            verdict: Verdict::from_grundy(values[heap]),
            winning_moves,
        })
    }
}

impl fmt::Display for OctalAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Trò chơi bát phân {}, một đống {} viên. {}",
            self.code, self.heap, self.verdict
        )?;
        write_moves(f, &self.winning_moves)
    }
}

/// Chu kỳ của dãy Grundy của một trò chơi bát phân, được **chứng minh** bằng
/// định lý tuần hoàn ([`OctalGame::periodicity`]), hoặc kết luận "chưa chứng
/// minh được" trong giới hạn tính toán.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct PeriodAnalysis {
    /// Tên trò chơi trên dòng lệnh: `octal` hoặc `to-mau`.
    pub game: &'static str,
    /// Mã bát phân.
    pub code: String,
    /// t: số viên lớn nhất một nước được bốc.
    pub t: usize,
    /// Chu kỳ p (`null` nếu chưa chứng minh được).
    pub period: Option<usize>,
    /// Tiền chu kỳ n₀ (`null` nếu chưa chứng minh được).
    pub preperiod: Option<usize>,
    /// Số giá trị đã tính.
    pub checked: usize,
    #[cfg_attr(feature = "json", serde(skip))]
    name: &'static str,
}

impl PeriodAnalysis {
    /// Tìm chu kỳ của trò chơi bát phân `game`, tính tới tối đa
    /// [`OCTAL_VALUES`] giá trị.
    pub fn octal(game: &OctalGame) -> Result<PeriodAnalysis, GrundyError> {
        PeriodAnalysis::find("octal", "Trò chơi bát phân", game)
    }

    /// Chu kỳ của Tô màu, tức trò chơi bát phân `0.077`.
    pub fn to_mau() -> Result<PeriodAnalysis, GrundyError> {
        PeriodAnalysis::find("to-mau", "Tô màu", &OctalGame::parse("0.077")?)
    }

    fn find(
        game: &'static str,
        name: &'static str,
        octal: &OctalGame,
    ) -> Result<PeriodAnalysis, GrundyError> {
        let (period, preperiod, checked) = match octal.periodicity(OCTAL_VALUES) {
            Ok(Periodicity {
                period,
                preperiod,
                checked,
            }) => (Some(period), Some(preperiod), checked),
            Err(GrundyError::NoPeriod { computed }) => (None, None, computed),
            Err(e) => return Err(e),
        };
        Ok(PeriodAnalysis {
            game,
            code: octal.code().to_string(),
            t: octal.max_take(),
            period,
            preperiod,
            checked,
            name,
        })
    }
}

impl fmt::Display for PeriodAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.game == "to-mau" {
            writeln!(
                f,
                "Tô màu là trò chơi bát phân 0.077 (tô 2 hoặc 3 ô để lại 0, 1 hoặc 2 đoạn trống)."
            )?;
        }
        let (Some(p), Some(n0)) = (self.period, self.preperiod) else {
            return writeln!(
                f,
                "{} (mã {}): chưa chứng minh được chu kỳ với {} giá trị đầu tiên.",
                self.name, self.code, self.checked
            );
        };
        writeln!(
            f,
            "{} (mã {}): chu kỳ p = {p}, tiền chu kỳ n₀ = {n0}.",
            self.name, self.code
        )?;
        let exception = if n0 > 0 {
            format!(" (và không đúng với n = {})", n0 - 1)
        } else {
            String::new()
        };
        writeln!(f, "Nghĩa là G(n + {p}) = G(n) với mọi n ≥ {n0}{exception}.")?;
        writeln!(
            f,
            "Đã chứng minh bằng định lý tuần hoàn (Guy–Smith) với t = {}: chỉ cần kiểm \
             n₀ ≤ n < 2n₀ + p + t; đã tính {} giá trị.",
            self.t, self.checked
        )
    }
}

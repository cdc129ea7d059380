//! Phân tích một trò chơi bát phân: một đống, hoặc chu kỳ của cả dãy Grundy.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::octal::{OctalGame, OctalMove, Periodicity};
use crate::grundy::GrundyError;
use crate::limits::OCTAL_VALUES;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Trò chơi bát phân ở một thế: một đống `heap` viên (lúc đầu), hoặc nhiều
/// đống `heaps` (giữa ván).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct OctalAnalysis {
    /// Tên trò chơi trên dòng lệnh: `octal`.
    pub game: &'static str,
    /// Mã bát phân.
    pub code: String,
    /// Số viên của đống, khi thế chỉ có một đống.
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub heap: Option<usize>,
    /// Các đống khác rỗng, xếp tăng dần (chỉ khi thế có nhiều đống).
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub heaps: Option<Vec<usize>>,
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tới trạng thái có G = 0; `to` là các đống sau nước đi (các
    /// đống không đụng tới, rồi các đống nước đi để lại).
    pub winning_moves: Vec<MoveReport<HeapMove, Vec<usize>>>,
}

/// Một nước của trò chơi bát phân trên nhiều đống: đi ở đống `heap` viên.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct HeapMove {
    /// Số viên của đống được đi.
    pub heap: usize,
    /// Nước đi trên đống ấy.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub mv: OctalMove,
}

impl OctalAnalysis {
    /// Phân tích một đống `heap` viên của trò chơi `game`.
    pub fn new(game: &OctalGame, heap: usize) -> Result<OctalAnalysis, GrundyError> {
        OctalAnalysis::of_heaps(game, &[heap])
    }

    /// Phân tích thế nhiều đống (giữa ván, đọc bằng
    /// [`parse_heaps`](crate::grundy::octal::parse_heaps)): G = XOR G(từng đống).
    ///
    /// ```
    /// use caytrochoi::grundy::analysis::OctalAnalysis;
    /// use caytrochoi::grundy::octal::OctalGame;
    /// // Kayles (0.77): G(2) = 2, G(3) = 3 nên G(2 + 3) = 1; nước thắng đưa về 0.
    /// let a = OctalAnalysis::of_heaps(&OctalGame::parse("0.77").unwrap(), &[2, 3]).unwrap();
    /// assert_eq!(a.verdict.grundy, Some(1));
    /// assert!(a.winning_moves.iter().all(|m| m.text.starts_with("ở đống")));
    /// ```
    pub fn of_heaps(game: &OctalGame, heaps: &[usize]) -> Result<OctalAnalysis, GrundyError> {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let values = game.values(largest + 1)?;
        let total = heaps.iter().fold(0, |acc, &h| acc ^ values[h]);
        let several = heaps.len() > 1;
        let mut winning_moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if heaps[..i].contains(&h) {
                continue; // hai đống bằng nhau cho cùng các nước
            }
            for m in game.heap_moves(h) {
                let after = m.left.iter().flatten().fold(0, |acc, &l| acc ^ values[l]);
                if total ^ values[h] ^ after != 0 {
                    continue;
                }
                let mut to: Vec<usize> = heaps[..i].to_vec();
                to.extend(&heaps[i + 1..]);
                to.extend(m.left.iter().flatten());
                let text = if several {
                    format!("ở đống {h} viên: {m}")
                } else {
                    m.to_string()
                };
                winning_moves.push(MoveReport {
                    mv: HeapMove { heap: h, mv: m },
                    text,
                    to,
                });
            }
        }
        Ok(OctalAnalysis {
            game: "octal",
            code: game.code().to_string(),
            heap: (heaps.len() == 1).then(|| heaps[0]),
            heaps: (heaps.len() != 1).then(|| heaps.to_vec()),
            verdict: Verdict::from_grundy(total),
            winning_moves,
        })
    }
}

impl fmt::Display for OctalAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match (&self.heap, &self.heaps) {
            (Some(h), _) => format!("một đống {h} viên"),
            (None, Some(v)) if v.is_empty() => "không còn đống nào".to_string(),
            (None, Some(v)) => {
                let v: Vec<String> = v.iter().map(|h| h.to_string()).collect();
                format!("các đống {} viên", v.join(", "))
            }
            (None, None) => String::new(),
        };
        writeln!(
            f,
            "Trò chơi bát phân {}, {what}. {}",
            self.code, self.verdict
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

//! Phân tích Tô màu (bài 4) trên một dải băng: lúc đầu (trống) hay giữa ván.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::games::to_mau::{
    play_out_from, segments, strip_grundy, strip_text, to_mau_values, winning_moves, Paint, ToMau,
    Turn,
};
use crate::grundy::{GrundyError, ImpartialGame};
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Tô màu trên dải `cells` ô, trống hoặc đã tô một số ô.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct ToMauAnalysis {
    /// Tên trò chơi trên dòng lệnh: `to-mau`.
    pub game: &'static str,
    /// Số ô của dải băng.
    pub cells: usize,
    /// Thế giữa ván viết như dòng lệnh đọc (`.` ô trống, `x` ô đã tô); không
    /// có khi dải còn trống.
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub strip: Option<String>,
    /// Độ dài các đoạn trống (chỉ khi giữa ván).
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub segments: Option<Vec<usize>>,
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tô tới trạng thái có G = 0 (ô đánh số từ 0 trong `move`, từ 1
    /// trong `text`); `to` là độ dài các đoạn trống còn lại.
    pub winning_moves: Vec<MoveReport<Paint, Vec<usize>>>,
    /// Một ván mẫu khi cả hai chơi tối ưu ([`play_out`](crate::grundy::games::to_mau::play_out)), nếu được yêu cầu.
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub play: Option<Vec<Turn>>,
    /// Dải băng đang phân tích.
    #[cfg_attr(feature = "json", serde(skip))]
    start: Vec<bool>,
}

impl ToMauAnalysis {
    /// Phân tích dải `cells` ô trống (tối đa
    /// [`TO_MAU_CELLS`](crate::limits::TO_MAU_CELLS)).
    pub fn new(cells: usize) -> Result<ToMauAnalysis, GrundyError> {
        ToMauAnalysis::of_strip(vec![false; cells])
    }

    /// Phân tích một thế giữa ván: `strip[i]` là ô i đã tô chưa (đọc bằng
    /// [`parse_strip`](crate::grundy::games::to_mau::parse_strip)). G là XOR các
    /// G(độ dài đoạn trống).
    ///
    /// ```
    /// use caytrochoi::grundy::analysis::ToMauAnalysis;
    /// use caytrochoi::grundy::games::to_mau::parse_strip;
    /// // Hai đoạn trống 2 ô: G(2) XOR G(2) = 0, không có nước thắng.
    /// let a = ToMauAnalysis::of_strip(parse_strip("..x..").unwrap()).unwrap();
    /// assert_eq!(a.verdict.grundy, Some(0));
    /// assert!(a.winning_moves.is_empty());
    /// // Đoạn 2 ô và đoạn 4 ô: G = 1 XOR 2 = 3.
    /// let b = ToMauAnalysis::of_strip(parse_strip("..xx....").unwrap()).unwrap();
    /// assert_eq!((b.verdict.grundy, b.winning_moves.len()), (Some(3), 2));
    /// ```
    pub fn of_strip(strip: Vec<bool>) -> Result<ToMauAnalysis, GrundyError> {
        let cells = strip.len();
        let values = to_mau_values(cells + 1)?;
        let blank = strip.iter().all(|&c| !c);
        let moves = winning_moves(&strip, &values)?;
        let winning_moves = moves
            .into_iter()
            .map(|p| {
                let to = segments(&ToMau.play(&strip, &p));
                // Đoạn trống chứa nước tô: [from, end).
                let from = strip[..p.start]
                    .iter()
                    .rposition(|&c| c)
                    .map_or(0, |i| i + 1);
                let end = strip[p.start..]
                    .iter()
                    .position(|&c| c)
                    .map_or(cells, |i| p.start + i);
                let (left, right) = (p.start - from, end - p.start - p.len);
                let text = if blank {
                    format!("{p} (còn hai đoạn {left} và {right} ô)")
                } else {
                    format!(
                        "{p} (đoạn {} ô còn hai đoạn {left} và {right} ô)",
                        end - from
                    )
                };
                MoveReport { mv: p, text, to }
            })
            .collect();
        Ok(ToMauAnalysis {
            game: "to-mau",
            cells,
            strip: (!blank).then(|| strip_text(&strip)),
            segments: (!blank).then(|| segments(&strip)),
            verdict: Verdict::from_grundy(strip_grundy(&strip, &values)?),
            winning_moves,
            play: None,
            start: strip,
        })
    }

    /// Thêm một ván mẫu khi cả hai chơi tối ưu (từ thế đang phân tích).
    pub fn with_play(mut self) -> Result<ToMauAnalysis, GrundyError> {
        self.play = Some(play_out_from(&self.start)?);
        Ok(self)
    }
}

impl fmt::Display for ToMauAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cells;
        match (&self.strip, &self.segments) {
            (Some(strip), Some(parts)) => {
                let parts: Vec<String> = parts.iter().map(|l| l.to_string()).collect();
                let parts = if parts.is_empty() {
                    "không còn đoạn trống nào".to_string()
                } else {
                    format!("các đoạn trống dài {}", parts.join(", "))
                };
                writeln!(f, "Tô màu, dải {n} ô `{strip}` ({parts}). {}", self.verdict)?
            }
            _ => writeln!(f, "Tô màu, dải {n} ô trống. {}", self.verdict)?,
        }
        write_moves(f, &self.winning_moves)?;
        if self.verdict.grundy != Some(0) {
            writeln!(
                f,
                "Chiến lược: sau mỗi nước của đối thủ, lại tô sao cho XOR các G(độ dài đoạn trống) bằng 0."
            )?;
        }
        let Some(turns) = &self.play else {
            return Ok(());
        };
        writeln!(f)?;
        writeln!(
            f,
            "Một ván chơi tối ưu (ô đánh số từ 1; G là giá trị sau nước đi):"
        )?;
        let mut strip = self.start.clone();
        for t in turns {
            strip = ToMau.play(&strip, &t.paint);
            let picture: String = if n <= 120 {
                strip.iter().map(|&c| if c { '#' } else { '.' }).collect()
            } else {
                String::new()
            };
            writeln!(
                f,
                "  Người {}: {:<12} G = {:<3} {picture}",
                t.player,
                t.paint.to_string(),
                t.grundy_after
            )?;
        }
        let loser = match turns.last() {
            Some(t) => 3 - t.player,
            None => 1,
        };
        writeln!(f, "Người {loser} không còn nước tô nào và thua.")
    }
}

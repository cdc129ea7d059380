//! Phân tích Tô màu (bài 4) trên một dải băng trống.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::games::to_mau::{
    play_out, segments, to_mau_values, winning_moves, Paint, ToMau, Turn,
};
use crate::grundy::{GrundyError, ImpartialGame};
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Tô màu trên dải `cells` ô trống.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct ToMauAnalysis {
    /// Tên trò chơi trên dòng lệnh: `to-mau`.
    pub game: &'static str,
    /// Số ô của dải băng.
    pub cells: usize,
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tô tới trạng thái có G = 0 (ô đánh số từ 0 trong `move`, từ 1
    /// trong `text`); `to` là độ dài các đoạn trống còn lại.
    pub winning_moves: Vec<MoveReport<Paint, Vec<usize>>>,
    /// Một ván mẫu khi cả hai chơi tối ưu ([`play_out`]), nếu được yêu cầu.
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub play: Option<Vec<Turn>>,
}

impl ToMauAnalysis {
    /// Phân tích dải `cells` ô trống (tối đa
    /// [`TO_MAU_CELLS`](crate::limits::TO_MAU_CELLS)).
    pub fn new(cells: usize) -> Result<ToMauAnalysis, GrundyError> {
        let values = to_mau_values(cells + 1)?;
        let strip = vec![false; cells];
        let moves = winning_moves(&strip, &values)?;
        Ok(ToMauAnalysis {
            game: "to-mau",
            cells,
            verdict: Verdict::from_grundy(values[cells]),
            winning_moves: moves
                .into_iter()
                .map(|p| {
                    let to = segments(&ToMau.play(&strip, &p));
                    let (left, right) = (p.start, cells - p.start - p.len);
                    MoveReport {
                        mv: p,
                        text: format!("{p} (còn hai đoạn {left} và {right} ô)"),
                        to,
                    }
                })
                .collect(),
            play: None,
        })
    }

    /// Thêm một ván mẫu khi cả hai chơi tối ưu.
    pub fn with_play(mut self) -> Result<ToMauAnalysis, GrundyError> {
        self.play = Some(play_out(self.cells)?);
        Ok(self)
    }
}

impl fmt::Display for ToMauAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cells;
        writeln!(f, "Tô màu, dải {n} ô trống. {}", self.verdict)?;
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
        let mut strip = vec![false; n];
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

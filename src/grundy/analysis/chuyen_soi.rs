//! Phân tích Chuyển sỏi (bài 2) từ trạng thái đầu hoặc một thế giữa ván.

use super::{write_moves, write_moves_into, write_values, MoveReport, Verdict};
use crate::grundy::classify::{classify, OutcomeCounts};
use crate::grundy::games::chuyen_soi::{ChuyenSoi, StoneMove, StonePosition};
use crate::grundy::{GrundyError, ImpartialGame};
use crate::outcome::Outcome;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Chuyển sỏi từ trạng thái đầu (đen ở ô 0, trắng ở ô cuối, đen đi trước).
///
/// Khi sỏi chỉ tiến, trò chơi là "bốc 1 … step viên từ đống `gap` viên" nên có
/// hàm Grundy; khi cho lùi, ván có thể lặp, nên chỉ có phân loại thắng / thua /
/// hòa bằng phân tích ngược (`verdict.grundy` là `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct ChuyenSoiAnalysis {
    /// Tên trò chơi trên dòng lệnh: `chuyen-soi`.
    pub game: &'static str,
    /// Số ô của dải băng.
    pub cells: u32,
    /// Số ô dịch tối đa mỗi nước.
    pub step: u32,
    /// Có cho lùi không.
    pub retreat: bool,
    /// Số ô trống giữa hai viên ở thế đang phân tích.
    pub gap: u32,
    /// Thế giữa ván: vị trí hai viên `B-W` (đánh số từ 1) và lượt đi; không có
    /// khi phân tích trạng thái đầu.
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub position: Option<StonesAt>,
    /// Kết luận cho trạng thái đầu.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước thắng của người đến lượt; `to` là trạng thái sau nước đi.
    pub winning_moves: Vec<MoveReport<StoneMove, StonePosition>>,
    /// G theo khoảng trống, gap = 0 … cells − 2 (chỉ khi sỏi chỉ tiến).
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub gap_values: Option<Vec<u32>>,
    /// Số trạng thái đạt được mỗi loại (chỉ khi cho lùi).
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub counts: Option<OutcomeCounts>,
}

/// Vị trí hai viên của một thế giữa ván.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct StonesAt {
    /// `B-W`: ô của viên đen và ô của viên trắng, đánh số từ 1.
    pub stones: String,
    /// Đến lượt đen?
    pub black_to_move: bool,
}

impl ChuyenSoiAnalysis {
    /// Phân tích trạng thái đầu của `game`.
    pub fn new(game: ChuyenSoi) -> Result<ChuyenSoiAnalysis, GrundyError> {
        let mut a = ChuyenSoiAnalysis::at(game, game.start())?;
        a.position = None;
        Ok(a)
    }

    /// Phân tích thế `start` (đọc bằng [`ChuyenSoi::parse_stones`]): người đến
    /// lượt dịch viên của mình.
    ///
    /// ```
    /// use caytrochoi::grundy::analysis::ChuyenSoiAnalysis;
    /// use caytrochoi::grundy::games::chuyen_soi::ChuyenSoi;
    /// let luat = ChuyenSoi::default();
    /// // Khoảng trống 12 ô, dịch tối đa 3: 12 chia hết cho 4 nên G = 0.
    /// let a = ChuyenSoiAnalysis::at(luat, luat.parse_stones("4-17", false).unwrap()).unwrap();
    /// assert_eq!((a.gap, a.verdict.grundy), (12, Some(0)));
    /// ```
    pub fn at(game: ChuyenSoi, start: StonePosition) -> Result<ChuyenSoiAnalysis, GrundyError> {
        let who = if start.black_to_move {
            "quân đen"
        } else {
            "quân trắng"
        };
        let report = |mv: StoneMove| {
            let to = game.play(&start, &mv);
            MoveReport {
                mv,
                text: format!("{who} {mv} (còn {} ô trống)", to.gap()),
                to,
            }
        };
        let mut a = ChuyenSoiAnalysis {
            game: "chuyen-soi",
            cells: game.cells,
            step: game.step,
            retreat: game.retreat,
            gap: start.gap(),
            position: Some(StonesAt {
                stones: game.stones_text(&start),
                black_to_move: start.black_to_move,
            }),
            verdict: Verdict::from_outcome(Outcome::Draw),
            winning_moves: Vec::new(),
            gap_values: None,
            counts: None,
        };
        if game.retreat {
            let c = classify(&game, &start, 4 * (game.cells as usize).pow(2) + 16)?;
            a.verdict = Verdict::from_outcome(c.outcome(&start).unwrap_or(Outcome::Draw));
            a.winning_moves = game
                .moves(&start)
                .into_iter()
                .filter(|m| c.outcome(&game.play(&start, m)) == Some(Outcome::PreviousWins))
                .map(report)
                .collect();
            a.counts = Some(c.counts());
        } else {
            let gaps = game.gap_values();
            a.verdict = Verdict::from_grundy(gaps[a.gap as usize]);
            a.winning_moves = game
                .moves(&start)
                .into_iter()
                .filter(|m| gaps[game.play(&start, m).gap() as usize] == 0)
                .map(report)
                .collect();
            a.gap_values = Some(gaps);
        }
        Ok(a)
    }
}

impl fmt::Display for ChuyenSoiAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (cells, step) = (self.cells, self.step);
        if let Some(c) = &self.counts {
            writeln!(
                f,
                "Chuyển sỏi cho phép lùi: dải {cells} ô, dịch tối đa {step} ô. Ván có thể lặp nên \
                 không có hàm Grundy; phân loại bằng phân tích ngược."
            )?;
            match &self.position {
                Some(p) => writeln!(f, "Thế {}: {}", p.describe(), self.verdict)?,
                None => writeln!(f, "Trạng thái đầu (đen đi trước): {}", self.verdict)?,
            }
            writeln!(
                f,
                "Trong {} trạng thái đạt được: {} thắng, {} thua, {} hòa (theo cách gọi của bài giảng).",
                c.previous_wins + c.next_wins + c.draws,
                c.previous_wins,
                c.next_wins,
                c.draws
            )?;
            return write_moves_into(
                f,
                &self.winning_moves,
                "trạng thái thắng của bài giảng",
                "trạng thái thua hoặc hòa",
            );
        }
        writeln!(
            f,
            "Chuyển sỏi: dải {cells} ô, dịch tối đa {step} ô, sỏi chỉ tiến về phía nhau."
        )?;
        writeln!(
            f,
            "Chỉ khoảng trống giữa hai viên là quan trọng: mỗi nước giảm nó đi 1 … {step} ô \
             (trò chơi bốc sỏi một đống)."
        )?;
        match &self.position {
            Some(p) => writeln!(
                f,
                "Thế {}: khoảng trống là {} ô. {}",
                p.describe(),
                self.gap,
                self.verdict
            )?,
            None => writeln!(
                f,
                "Lúc đầu khoảng trống là {} ô. {}",
                self.gap, self.verdict
            )?,
        }
        write_moves(f, &self.winning_moves)?;
        match &self.gap_values {
            Some(gaps) if gaps.len() <= 200 => write_values(
                f,
                "G theo khoảng trống (n = số ô trống giữa hai viên):",
                gaps,
            ),
            _ => Ok(()),
        }
    }
}

impl StonesAt {
    /// Ví dụ: `viên đen ở ô 4, viên trắng ở ô 17, đến lượt trắng`.
    fn describe(&self) -> String {
        let (b, w) = self.stones.split_once('-').unwrap_or((&self.stones, ""));
        let who = if self.black_to_move {
            "đen"
        } else {
            "trắng"
        };
        format!("viên đen ở ô {b}, viên trắng ở ô {w}, đến lượt {who}")
    }
}

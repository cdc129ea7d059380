//! Phân tích trò chơi quân Hậu ở một ô.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::games::queen::{queen_table, queen_winning_moves, QueenMove};
use crate::grundy::GrundyError;
use crate::limits::QUEEN_TABLE_SIDE;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Quân Hậu ở ô (p, q): giá trị, loại trạng thái, các nước thắng và (nếu muốn)
/// cả bảng G(a, b) với a ≤ p, b ≤ q.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct QueenAnalysis {
    /// Tên trò chơi trên dòng lệnh: `hau`.
    pub game: &'static str,
    /// Ô (p, q).
    pub position: (u32, u32),
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tới ô có G = 0; `to` là ô đến.
    pub winning_moves: Vec<MoveReport<QueenMove, (u32, u32)>>,
    /// Bảng `table[a][b]` = G(a, b), nếu được yêu cầu ([`QueenAnalysis::with_table`]).
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub table: Option<Vec<Vec<u32>>>,
}

impl QueenAnalysis {
    /// Phân tích ô (p, q), mỗi tọa độ từ 0 đến
    /// [`QUEEN_SIDE`](crate::limits::QUEEN_SIDE).
    pub fn new(p: u32, q: u32) -> Result<QueenAnalysis, GrundyError> {
        let table = queen_table(p, q)?;
        let moves = queen_winning_moves(&table, (p, q))?;
        Ok(QueenAnalysis {
            game: "hau",
            position: (p, q),
            verdict: Verdict::from_grundy(table[p as usize][q as usize]),
            winning_moves: moves
                .into_iter()
                .map(|m| {
                    let (a, b) = m.target((p, q));
                    MoveReport {
                        mv: m,
                        text: format!("{m} tới ({a}, {b})"),
                        to: (a, b),
                    }
                })
                .collect(),
            table: None,
        })
    }

    /// Thêm bảng G(a, b) với a ≤ p, b ≤ q. Lỗi nếu p hoặc q lớn hơn
    /// [`QUEEN_TABLE_SIDE`].
    pub fn with_table(mut self) -> Result<QueenAnalysis, GrundyError> {
        let (p, q) = self.position;
        GrundyError::check_range("P (khi in bảng)", p as u64, 0, QUEEN_TABLE_SIDE as u64)?;
        GrundyError::check_range("Q (khi in bảng)", q as u64, 0, QUEEN_TABLE_SIDE as u64)?;
        self.table = Some(queen_table(p, q)?);
        Ok(self)
    }
}

impl fmt::Display for QueenAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (p, q) = self.position;
        writeln!(f, "Quân Hậu ở ô ({p}, {q}). {}", self.verdict)?;
        write_moves(f, &self.winning_moves)?;
        let Some(t) = &self.table else {
            return Ok(());
        };
        writeln!(f)?;
        writeln!(
            f,
            "Bảng G(p, q) — hàng q từ trên xuống, cột p từ trái sang; * là G = 0 (trạng thái thắng):"
        )?;
        for qq in (0..=q as usize).rev() {
            write!(f, "q={qq:>2} |")?;
            for row in t {
                match row[qq] {
                    0 => write!(f, "   *")?,
                    v => write!(f, "{v:>4}")?,
                }
            }
            writeln!(f)?;
        }
        writeln!(f, "      +{}", "----".repeat(p as usize + 1))?;
        write!(f, "   p= ")?;
        for pp in 0..=p {
            write!(f, "{pp:>4}")?;
        }
        writeln!(f)
    }
}

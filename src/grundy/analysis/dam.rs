//! Phân tích Cờ DAM (bài 3) ở một thế cờ, viết như chương 5: mỗi hàng là
//! `đen-trắng` (số ô của quân đen và quân trắng, ô đánh số từ 1), các hàng cách
//! nhau bởi dấu cách hoặc dấu phẩy — thế của Hình 5.9 là `1-5 2-8 3-4`.
//! Sỏi chỉ tiến (cách đọc chính của sách).

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::games::dam::{dam_grundy, dam_winning_moves, Dam, DamMove, DamPosition};
use crate::grundy::sum::XorTable;
use crate::grundy::{GrundyError, ImpartialGame};
use crate::limits::{DAM_ROWS, DAM_WIDTH};
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Cờ DAM ở một thế: khoảng trống từng hàng, G = XOR các khoảng trống, các nước
/// thắng của người đến lượt.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct DamAnalysis {
    /// Tên trò chơi trên dòng lệnh: `dam`.
    pub game: &'static str,
    /// Số ô mỗi hàng.
    pub width: u32,
    /// Thế cờ; trong JSON cột đánh số từ 0 (ô 1 là cột 0), trong lời từ 1.
    pub position: DamPosition,
    /// Khoảng trống giữa hai quân trên từng hàng (các đống Nim).
    pub gaps: Vec<u32>,
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tới thế có G = 0; `to` là thế sau nước đi.
    pub winning_moves: Vec<MoveReport<DamMove, DamPosition>>,
}

impl DamAnalysis {
    /// Phân tích thế `position` trên bàn mỗi hàng `width` ô (2 …
    /// [`DAM_WIDTH`]), 1 … [`DAM_ROWS`] hàng.
    pub fn new(width: u32, position: DamPosition) -> Result<DamAnalysis, GrundyError> {
        GrundyError::check_range("số ô một hàng", width as u64, 2, DAM_WIDTH as u64)?;
        GrundyError::check_range("số hàng", position.rows.len() as u64, 1, DAM_ROWS as u64)?;
        position.validate(width)?;
        let rules = Dam {
            width,
            retreat: false,
        };
        let winning_moves = dam_winning_moves(&position)
            .into_iter()
            .map(|mv| {
                let to = rules.play(&position, &mv);
                MoveReport {
                    mv,
                    text: move_text(&position, &mv),
                    to,
                }
            })
            .collect();
        Ok(DamAnalysis {
            game: "dam",
            width,
            gaps: position.gaps(),
            verdict: Verdict::from_grundy(dam_grundy(&position)),
            position,
            winning_moves,
        })
    }

    /// Đọc thế cờ từ chữ (`1-5 2-8 3-4`, ô từ 1). `width = None`: bàn vừa đủ
    /// rộng, tới ô của quân trắng xa nhất. Lỗi nói rõ hàng thứ mấy sai.
    pub fn parse(
        text: &str,
        width: Option<u32>,
        black_to_move: bool,
    ) -> Result<DamAnalysis, GrundyError> {
        let mut rows = Vec::new();
        for (i, word) in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .enumerate()
        {
            GrundyError::check_range("số hàng", i as u64 + 1, 1, DAM_ROWS as u64)?;
            let bad = || {
                GrundyError::InvalidPosition(format!(
                    "hàng {}: `{word}` không phải `đen-trắng` (hai số ô, ví dụ 1-5)",
                    i + 1
                ))
            };
            let (b, w) = word.split_once('-').ok_or_else(bad)?;
            let cell = |t: &str| -> Result<u32, GrundyError> {
                let c = t.parse::<u64>().map_err(|_| bad())?;
                GrundyError::check_range(&format!("ô ở hàng {}", i + 1), c, 1, DAM_WIDTH as u64)?;
                Ok(c as u32 - 1)
            };
            rows.push((cell(b)?, cell(w)?));
        }
        let width =
            width.unwrap_or_else(|| rows.iter().map(|&(_, w)| w + 1).max().unwrap_or(0).max(2));
        for (i, &(b, w)) in rows.iter().enumerate() {
            if b >= w {
                return Err(GrundyError::InvalidPosition(format!(
                    "hàng {}: quân đen (ô {}) phải ở bên trái quân trắng (ô {})",
                    i + 1,
                    b + 1,
                    w + 1
                )));
            }
            if w >= width {
                return Err(GrundyError::InvalidPosition(format!(
                    "hàng {}: cần 1 ≤ ô đen < ô trắng ≤ {width}, gặp đen ở ô {}, trắng ở ô {}",
                    i + 1,
                    b + 1,
                    w + 1
                )));
            }
        }
        DamAnalysis::new(
            width,
            DamPosition {
                rows,
                black_to_move,
            },
        )
    }

    /// Bảng XOR các khoảng trống, như trong chương 5.
    pub fn xor_table(&self) -> XorTable {
        XorTable::new(
            self.gaps
                .iter()
                .enumerate()
                .map(|(i, &g)| (format!("hàng {}", i + 1), g)),
        )
    }
}

/// Nước `mv` từ thế `pos` bằng lời: `hàng 2, quân đen từ ô 2 tới ô 4` (ô đánh
/// số từ 1).
pub fn move_text(pos: &DamPosition, mv: &DamMove) -> String {
    let (b, w) = pos.rows[mv.row];
    let (name, from) = if pos.black_to_move {
        ("đen", b)
    } else {
        ("trắng", w)
    };
    format!(
        "hàng {}, quân {name} từ ô {} tới ô {}",
        mv.row + 1,
        from + 1,
        mv.to + 1
    )
}

impl fmt::Display for DamAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rows: Vec<String> = self
            .position
            .rows
            .iter()
            .map(|&(b, w)| format!("{}-{}", b + 1, w + 1))
            .collect();
        let who = if self.position.black_to_move {
            "Đen"
        } else {
            "Trắng"
        };
        writeln!(
            f,
            "Cờ DAM {} hàng × {} ô (đen-trắng: {}), đến lượt {who}, sỏi chỉ tiến. {}",
            rows.len(),
            self.width,
            rows.join(" "),
            self.verdict
        )?;
        write!(f, "{}", self.xor_table())?;
        write_moves(f, &self.winning_moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figure_5_9_and_exercise_5_5() {
        let a = DamAnalysis::parse("1-5 2-8 3-4", Some(8), true).unwrap();
        assert_eq!(a.gaps, [3, 5, 0]);
        assert_eq!(a.verdict.grundy, Some(6));
        let texts: Vec<&str> = a.winning_moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["hàng 2, quân đen từ ô 2 tới ô 4"]);
        let b = DamAnalysis::parse("1-6, 3-9, 2-5", None, true).unwrap();
        assert_eq!(b.width, 9);
        assert_eq!(b.verdict.grundy, Some(3));
        assert_eq!(b.winning_moves[0].text, "hàng 3, quân đen từ ô 2 tới ô 3");
        let w = DamAnalysis::parse("1-6", None, false).unwrap();
        assert_eq!(w.winning_moves[0].text, "hàng 1, quân trắng từ ô 6 tới ô 2");
        for bad in ["", "1-", "5-3", "1-5 x", "0-3", "1-9"] {
            assert!(DamAnalysis::parse(bad, Some(8), true).is_err(), "{bad}");
        }
    }
}

//! Phân tích Nim nhiều đống ở một trạng thái, viết như chương 5: các số viên
//! cách nhau bởi dấu cách hoặc dấu phẩy, ví dụ `7 9 12`.

use super::{write_moves, MoveReport, Verdict};
use crate::grundy::games::nim::Nim;
use crate::grundy::sum::XorTable;
use crate::grundy::{sum_winning_moves, GrundyError, GrundyMemo};
use crate::limits::{NIM_HEAP, NIM_HEAPS};
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Nim ở trạng thái `heaps`: G = XOR số viên các đống (mỗi đống n viên có G = n).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct NimAnalysis {
    /// Tên trò chơi trên dòng lệnh: `nim`.
    pub game: &'static str,
    /// Số viên của từng đống.
    pub heaps: Vec<u32>,
    /// Kết luận.
    #[cfg_attr(feature = "json", serde(flatten))]
    pub verdict: Verdict,
    /// Các nước tới trạng thái có G = 0; nước là `[đống (từ 0), số viên bốc]`,
    /// `to` là các đống còn lại.
    pub winning_moves: Vec<MoveReport<(usize, u32), Vec<u32>>>,
}

impl NimAnalysis {
    /// Phân tích các đống `heaps` (1 … [`NIM_HEAPS`] đống, mỗi đống 0 …
    /// [`NIM_HEAP`] viên). G và các nước thắng được tính bằng vét cạn trên từng
    /// đống ([`sum_winning_moves`]), không dùng công thức.
    pub fn new(heaps: Vec<u32>) -> Result<NimAnalysis, GrundyError> {
        GrundyError::check_range("số đống", heaps.len() as u64, 1, NIM_HEAPS as u64)?;
        for (i, &h) in heaps.iter().enumerate() {
            GrundyError::check_range(
                &format!("số viên của đống {}", i + 1),
                h as u64,
                0,
                NIM_HEAP as u64,
            )?;
        }
        let mut memo = GrundyMemo::new();
        let mut g = 0;
        for h in &heaps {
            g ^= memo.value(&Nim, h)?;
        }
        let winning_moves = sum_winning_moves(&mut memo, &Nim, &heaps)?
            .into_iter()
            .map(|(i, take)| {
                let mut to = heaps.clone();
                to[i] -= take;
                MoveReport {
                    mv: (i, take),
                    text: format!("bốc {take} viên ở đống {}, còn {}", i + 1, heaps_text(&to)),
                    to,
                }
            })
            .collect();
        Ok(NimAnalysis {
            game: "nim",
            heaps,
            verdict: Verdict::from_grundy(g),
            winning_moves,
        })
    }

    /// Đọc các đống từ chữ: số viên cách nhau bởi dấu cách hoặc dấu phẩy
    /// (`7 9 12`, `7, 9, 12`). Lỗi nói rõ đống thứ mấy sai.
    pub fn parse(text: &str) -> Result<NimAnalysis, GrundyError> {
        let mut heaps = Vec::new();
        for (i, word) in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .enumerate()
        {
            let h = word.parse::<u64>().map_err(|_| {
                GrundyError::InvalidPosition(format!(
                    "đống {}: `{word}` không phải số viên (số nguyên 0 … {NIM_HEAP})",
                    i + 1
                ))
            })?;
            GrundyError::check_range(
                &format!("số viên của đống {}", i + 1),
                h,
                0,
                NIM_HEAP as u64,
            )?;
            GrundyError::check_range("số đống", i as u64 + 1, 1, NIM_HEAPS as u64)?;
            heaps.push(h as u32);
        }
        NimAnalysis::new(heaps)
    }

    /// Bảng XOR của các đống, như trong chương 5.
    pub fn xor_table(&self) -> XorTable {
        XorTable::new(
            self.heaps
                .iter()
                .enumerate()
                .map(|(i, &h)| (format!("đống {}", i + 1), h)),
        )
    }
}

/// `(5, 9, 12)`.
fn heaps_text(heaps: &[u32]) -> String {
    let parts: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    format!("({})", parts.join(", "))
}

impl fmt::Display for NimAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Nim {} đống {}. {}",
            self.heaps.len(),
            heaps_text(&self.heaps),
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
    fn lecture_examples() {
        let a = NimAnalysis::parse("7, 9, 12").unwrap();
        assert_eq!(a.verdict.grundy, Some(7 ^ 9 ^ 12));
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!(a.winning_moves[0].to, [5, 9, 12]);
        assert_eq!(NimAnalysis::parse("3 5 6").unwrap().verdict.grundy, Some(0));
        for bad in ["", "3 x", "1001", "1 2 3 4 5 6 7 8 9 10 11"] {
            assert!(NimAnalysis::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_winning_move_reaches_xor_zero_and_none_is_missed() {
        for a in 0..6u32 {
            for b in 0..6u32 {
                for c in 0..6u32 {
                    let n = NimAnalysis::new(vec![a, b, c]).unwrap();
                    assert_eq!(n.verdict.grundy, Some(a ^ b ^ c));
                    let zero_moves = (0..3)
                        .flat_map(|i| (1..=[a, b, c][i]).map(move |k| (i, k)))
                        .filter(|&(i, k)| {
                            let mut h = [a, b, c];
                            h[i] -= k;
                            h[0] ^ h[1] ^ h[2] == 0
                        })
                        .count();
                    assert_eq!(n.winning_moves.len(), zero_moves);
                }
            }
        }
    }
}

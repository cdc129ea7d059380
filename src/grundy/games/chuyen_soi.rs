//! Bài 2 — Trò chơi "Chuyển sỏi".
//!
//! Dải băng có `cells` ô (bài giảng: 19), đánh số 0 … cells − 1. Viên sỏi đen
//! ở ô 0 (đầu trái), viên sỏi trắng ở ô cuối (đầu phải). Người thứ nhất chỉ dịch
//! viên đen, người thứ hai chỉ dịch viên trắng; mỗi lần dịch 1 … `step` ô (bài
//! giảng: 3), không được nhảy qua hay đè lên viên của đối phương. Ai không dịch
//! được nữa thì thua.
//!
//! **Cách hiểu được cài đặt.** Bài giảng không nói sỏi có được lùi không.
//!
//! 1. *Mặc định: sỏi chỉ tiến về phía nhau.* Khi đó điều duy nhất quan trọng là
//!    số ô trống giữa hai viên (khoảng cách `gap`), và *cả hai* người đều làm
//!    cùng một việc: giảm `gap` đi 1 … `step`. Vậy đây là trò chơi vô tư "bốc
//!    1 … step viên từ một đống gap viên" và có hàm Grundy
//!    ([`ChuyenSoi::gap_values`]). Đây là cách hiểu hợp với câu hỏi "tính Grundy
//!    cho các trạng thái" và với Cờ DAM (bài 3) là sự mở rộng của nó.
//! 2. *Biến thể cho phép lùi* (`retreat = true`): mỗi người có quân riêng và ván
//!    có thể lặp (tiến rồi lùi), nên không còn hàm Grundy; ta phân loại thắng /
//!    thua / hòa bằng phân tích ngược trên trạng thái (vị trí hai viên, lượt đi).

use crate::grundy::classify::{classify, Classification};
use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::mex::MexScratch;
use crate::limits::{CHUYEN_SOI_CELLS, CHUYEN_SOI_CELLS_RETREAT, CHUYEN_SOI_STEP};
use crate::outcome::Outcome;
#[cfg(feature = "json")]
use serde::Serialize;

/// Luật chơi Chuyển sỏi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChuyenSoi {
    /// Số ô của dải băng.
    pub cells: u32,
    /// Số ô dịch tối đa mỗi nước.
    pub step: u32,
    /// Có được lùi không (biến thể có chu trình).
    pub retreat: bool,
}

/// Trạng thái: vị trí hai viên sỏi và lượt đi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct StonePosition {
    /// Ô của viên đen.
    pub black: u32,
    /// Ô của viên trắng.
    pub white: u32,
    /// Đến lượt người cầm quân đen?
    pub black_to_move: bool,
}

impl StonePosition {
    /// Số ô trống giữa hai viên.
    pub fn gap(&self) -> u32 {
        self.white - self.black - 1
    }
}

/// Một nước: dịch viên của người đến lượt `distance` ô; `forward` là tiến về
/// phía đối phương, ngược lại là lùi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct StoneMove {
    /// Số ô dịch.
    pub distance: u32,
    /// Tiến (true) hay lùi (false).
    pub forward: bool,
}

impl std::fmt::Display for StoneMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dir = if self.forward { "tiến" } else { "lùi" };
        write!(f, "{dir} {} ô", self.distance)
    }
}

impl ChuyenSoi {
    /// Luật với `cells` ô, dịch tối đa `step` ô; `retreat` cho phép lùi.
    pub fn new(cells: u32, step: u32, retreat: bool) -> Result<ChuyenSoi, GrundyError> {
        let max = if retreat {
            CHUYEN_SOI_CELLS_RETREAT
        } else {
            CHUYEN_SOI_CELLS
        };
        let what = if retreat {
            "số ô của dải băng khi cho phép lùi"
        } else {
            "số ô của dải băng"
        };
        GrundyError::check_range(what, cells as u64, 2, max as u64)?;
        GrundyError::check_range("số ô dịch tối đa", step as u64, 1, CHUYEN_SOI_STEP as u64)?;
        Ok(ChuyenSoi {
            cells,
            step,
            retreat,
        })
    }

    /// Trạng thái đầu: đen ở ô 0, trắng ở ô cuối, đen đi trước.
    pub fn start(&self) -> StonePosition {
        StonePosition {
            black: 0,
            white: self.cells - 1,
            black_to_move: true,
        }
    }

    /// Đọc vị trí hai viên sỏi `B-W`: ô của viên đen và ô của viên trắng, đánh
    /// số từ 1 như trong lời (thế đầu: `1-` số ô); `black_to_move`: đến lượt đen.
    ///
    /// ```
    /// use caytrochoi::grundy::games::chuyen_soi::ChuyenSoi;
    /// let luat = ChuyenSoi::new(19, 3, false).unwrap();
    /// let the = luat.parse_stones("4-19", false).unwrap();
    /// assert_eq!((the.black, the.white, the.gap()), (3, 18, 14));
    /// assert_eq!(luat.stones_text(&the), "4-19");
    /// assert!(luat.parse_stones("5-3", true).is_err());
    /// ```
    pub fn parse_stones(
        &self,
        text: &str,
        black_to_move: bool,
    ) -> Result<StonePosition, GrundyError> {
        let bad = || {
            GrundyError::InvalidPosition(format!(
                "`{}` không phải `B-W` (ô của viên đen - ô của viên trắng, ví dụ 1-{})",
                text.trim(),
                self.cells
            ))
        };
        let (b, w) = text.trim().split_once('-').ok_or_else(bad)?;
        let b: u64 = b.trim().parse().map_err(|_| bad())?;
        let w: u64 = w.trim().parse().map_err(|_| bad())?;
        GrundyError::check_range("ô của viên đen", b, 1, self.cells as u64 - 1)?;
        GrundyError::check_range("ô của viên trắng", w, b + 1, self.cells as u64)?;
        Ok(StonePosition {
            black: b as u32 - 1,
            white: w as u32 - 1,
            black_to_move,
        })
    }

    /// Vị trí hai viên viết như [`ChuyenSoi::parse_stones`] đọc.
    pub fn stones_text(&self, pos: &StonePosition) -> String {
        format!("{}-{}", pos.black + 1, pos.white + 1)
    }

    /// G(gap) cho gap = 0 … cells − 2 (biến thể chỉ tiến): G(gap) là mex của
    /// G(gap − d) với 1 ≤ d ≤ step.
    pub fn gap_values(&self) -> Vec<u32> {
        let count = self.cells as usize - 1;
        let mut g: Vec<u32> = Vec::with_capacity(count);
        let mut scratch = MexScratch::new();
        for gap in 0..count {
            scratch.clear();
            for d in 1..=(self.step as usize).min(gap) {
                scratch.insert(g[gap - d]);
            }
            g.push(scratch.mex());
        }
        g
    }

    /// Phân loại mọi trạng thái đạt được từ trạng thái đầu (phân tích ngược).
    pub fn classify(&self) -> Result<Classification<StonePosition>, GrundyError> {
        classify(self, &self.start(), 4 * (self.cells as usize).pow(2) + 16)
    }

    /// Loại của trạng thái đầu (theo bài giảng) và các nước tốt của người đi trước.
    pub fn solve_start(&self) -> Result<(Outcome, Vec<StoneMove>), GrundyError> {
        let c = self.classify()?;
        let start = self.start();
        let outcome = c.outcome(&start).unwrap_or(Outcome::Draw);
        Ok((outcome, c.best_moves(self, &start)))
    }
}

impl Default for ChuyenSoi {
    /// Luật của bài giảng: 19 ô, dịch tối đa 3 ô, chỉ tiến.
    fn default() -> Self {
        ChuyenSoi {
            cells: 19,
            step: 3,
            retreat: false,
        }
    }
}

/// Đồ thị trò chơi với lượt đi ghi trong trạng thái (dùng cho phân loại).
impl ImpartialGame for ChuyenSoi {
    type Position = StonePosition;
    type Move = StoneMove;

    fn moves(&self, pos: &StonePosition) -> Vec<StoneMove> {
        let ahead = pos.gap().min(self.step);
        let mut v: Vec<StoneMove> = (1..=ahead)
            .map(|distance| StoneMove {
                distance,
                forward: true,
            })
            .collect();
        if self.retreat {
            let room = if pos.black_to_move {
                pos.black
            } else {
                self.cells - 1 - pos.white
            };
            v.extend((1..=room.min(self.step)).map(|distance| StoneMove {
                distance,
                forward: false,
            }));
        }
        v
    }

    fn play(&self, pos: &StonePosition, mv: &StoneMove) -> StonePosition {
        let mut next = *pos;
        // Đen tiến là sang phải (+), trắng tiến là sang trái (−).
        let right = mv.forward == pos.black_to_move;
        let stone = if pos.black_to_move {
            &mut next.black
        } else {
            &mut next.white
        };
        if right {
            *stone += mv.distance;
        } else {
            *stone -= mv.distance;
        }
        next.black_to_move = !pos.black_to_move;
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forward_board_classification_matches_gap_grundy() {
        for (cells, step) in [(19, 3), (12, 2), (15, 4), (2, 3)] {
            let game = ChuyenSoi::new(cells, step, false).unwrap();
            let g = game.gap_values();
            let c = game.classify().unwrap();
            for black in 0..cells {
                for white in black + 1..cells {
                    for black_to_move in [true, false] {
                        let pos = StonePosition {
                            black,
                            white,
                            black_to_move,
                        };
                        if let Some(o) = c.outcome(&pos) {
                            assert_eq!(o, Outcome::from_grundy(g[pos.gap() as usize]));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn gap_values_form_a_subtraction_game() {
        // Kiểm tra chéo bằng vét cạn trên trò chơi "bốc 1 … step".
        struct Take(u32);
        impl ImpartialGame for Take {
            type Position = u32;
            type Move = u32;
            fn moves(&self, n: &u32) -> Vec<u32> {
                (1..=self.0.min(*n)).collect()
            }
            fn play(&self, n: &u32, d: &u32) -> u32 {
                n - d
            }
        }
        let game = ChuyenSoi::new(40, 5, false).unwrap();
        let mut memo = crate::grundy::GrundyMemo::new();
        for (gap, &v) in game.gap_values().iter().enumerate() {
            assert_eq!(memo.value(&Take(5), &(gap as u32)).unwrap(), v);
        }
    }

    #[test]
    fn retreat_variant_runs_and_has_cycles_handled() {
        let game = ChuyenSoi::new(19, 3, true).unwrap();
        let c = game.classify().unwrap();
        assert!(c.len() > 100);
        // Từ trạng thái đầu, kết quả trùng với bản chỉ tiến: lùi không cứu được
        // người thua (đối thủ chỉ cần tiến theo đúng bấy nhiêu ô).
        let (o, moves) = game.solve_start().unwrap();
        let (o2, moves2) = ChuyenSoi::default().solve_start().unwrap();
        assert_eq!(o, o2);
        assert_eq!(moves, moves2);
    }

    #[test]
    fn limits() {
        assert!(ChuyenSoi::new(1, 3, false).is_err());
        assert!(ChuyenSoi::new(19, 0, false).is_err());
        assert!(ChuyenSoi::new(CHUYEN_SOI_CELLS_RETREAT + 1, 3, true).is_err());
    }
}

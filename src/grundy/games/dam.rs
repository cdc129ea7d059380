//! Bài 3 — Cờ DAM (trò chơi của Northcott).
//!
//! Bàn cờ có nhiều hàng, mỗi hàng `width` ô. Trên mỗi hàng có một quân đen
//! (bên trái) và một quân trắng (bên phải). Mỗi lượt, người chơi chọn *một* quân
//! của mình ở một hàng bất kỳ và dịch nó bao nhiêu ô cũng được, nhưng không
//! nhảy qua hay đè lên quân đối phương cùng hàng. Ai không đi được thì thua.
//!
//! **Tương đương với Nim.** Ở mỗi hàng chỉ có số ô trống giữa hai quân là quan
//! trọng. Tiến k ô là bốc k viên từ đống Nim có số viên bằng khoảng trống đó. Vậy
//! bàn cờ chỉ tiến là tổng Nim của các khoảng trống, G = XOR các khoảng trống.
//!
//! Nếu cho phép **lùi** (luật Northcott đầy đủ), kết quả vẫn như vậy: một nước lùi
//! của người đang thua bị đối thủ "đuổi theo" đúng bấy nhiêu ô, khoảng trống trở
//! lại như cũ, và vì bàn cờ hữu hạn nên người lùi sớm muộn cũng hết chỗ lùi.
//! Phần kiểm thử chứng minh điều này bằng phân tích ngược trên các bàn nhỏ.

use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::sum::nim_sum;
#[cfg(feature = "json")]
use serde::Serialize;

/// Luật Cờ DAM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dam {
    /// Số ô mỗi hàng.
    pub width: u32,
    /// Cho phép lùi (luật Northcott đầy đủ).
    pub retreat: bool,
}

/// Trạng thái: vị trí (đen, trắng) trên từng hàng và lượt đi.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct DamPosition {
    /// `rows[i] = (cột quân đen, cột quân trắng)`, đen < trắng.
    pub rows: Vec<(u32, u32)>,
    /// Đến lượt quân đen?
    pub black_to_move: bool,
}

/// Một nước: dời quân của người đến lượt ở hàng `row` tới cột `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct DamMove {
    /// Hàng.
    pub row: usize,
    /// Cột mới.
    pub to: u32,
}

impl DamPosition {
    /// Kiểm tra trạng thái hợp lệ trên bàn rộng `width`.
    pub fn validate(&self, width: u32) -> Result<(), GrundyError> {
        for (i, &(b, w)) in self.rows.iter().enumerate() {
            if b >= w || w >= width {
                return Err(GrundyError::InvalidPosition(format!(
                    "hàng {i}: cần 0 ≤ đen < trắng < {width}, gặp đen = {b}, trắng = {w}"
                )));
            }
        }
        Ok(())
    }

    /// Khoảng trống giữa hai quân trên từng hàng.
    pub fn gaps(&self) -> Vec<u32> {
        self.rows.iter().map(|&(b, w)| w - b - 1).collect()
    }
}

/// G theo sự tương đương với Nim: XOR các khoảng trống.
pub fn dam_grundy(pos: &DamPosition) -> u32 {
    nim_sum(pos.gaps())
}

/// Các nước thắng (chỉ cần tiến): ở hàng có khoảng trống g, đưa khoảng trống về
/// g ⊕ S (S là XOR tất cả khoảng trống) nếu số đó nhỏ hơn g.
pub fn dam_winning_moves(pos: &DamPosition) -> Vec<DamMove> {
    let s = dam_grundy(pos);
    let mut v = Vec::new();
    if s == 0 {
        return v;
    }
    for (row, &(b, w)) in pos.rows.iter().enumerate() {
        let g = w - b - 1;
        let target = g ^ s;
        if target < g {
            let d = g - target;
            let to = if pos.black_to_move { b + d } else { w - d };
            v.push(DamMove { row, to });
        }
    }
    v
}

impl ImpartialGame for Dam {
    type Position = DamPosition;
    type Move = DamMove;

    fn moves(&self, pos: &DamPosition) -> Vec<DamMove> {
        let mut v = Vec::new();
        for (row, &(b, w)) in pos.rows.iter().enumerate() {
            let (lo, hi, at) = if pos.black_to_move {
                let lo = if self.retreat { 0 } else { b + 1 };
                (lo, w, b)
            } else {
                let hi = if self.retreat { self.width } else { w };
                (b + 1, hi, w)
            };
            v.extend((lo..hi).filter(|&c| c != at).map(|to| DamMove { row, to }));
        }
        v
    }

    fn play(&self, pos: &DamPosition, mv: &DamMove) -> DamPosition {
        let mut next = pos.clone();
        if pos.black_to_move {
            next.rows[mv.row].0 = mv.to;
        } else {
            next.rows[mv.row].1 = mv.to;
        }
        next.black_to_move = !pos.black_to_move;
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::classify::classify;
    use crate::grundy::impartial::GrundyMemo;
    use crate::outcome::Outcome;

    /// Mọi bàn `rows` hàng rộng `width`.
    fn all_boards(rows: usize, width: u32) -> Vec<Vec<(u32, u32)>> {
        let mut boards = vec![vec![]];
        for _ in 0..rows {
            let mut next = Vec::new();
            for b in &boards {
                for x in 0..width {
                    for y in x + 1..width {
                        let mut nb = b.clone();
                        nb.push((x, y));
                        next.push(nb);
                    }
                }
            }
            boards = next;
        }
        boards
    }

    #[test]
    fn equivalent_to_nim_on_the_gaps_forward_and_with_retreat() {
        for retreat in [false, true] {
            for (rows, width) in [(1, 7), (2, 5), (3, 4)] {
                let game = Dam { width, retreat };
                for rows_pos in all_boards(rows, width) {
                    let pos = DamPosition {
                        rows: rows_pos,
                        black_to_move: true,
                    };
                    let c = classify(&game, &pos, 1_000_000).unwrap();
                    let expected = Outcome::from_grundy(dam_grundy(&pos));
                    assert_eq!(c.outcome(&pos), Some(expected), "{pos:?} lùi={retreat}");
                    for mv in dam_winning_moves(&pos) {
                        assert_eq!(
                            c.outcome(&game.play(&pos, &mv)),
                            Some(Outcome::PreviousWins)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn nim_grundy_is_xor_by_brute_force() {
        // Nim thật (bốc bao nhiêu cũng được) vét cạn, so với XOR.
        struct Nim;
        impl ImpartialGame for Nim {
            type Position = Vec<u32>;
            type Move = (usize, u32);
            fn moves(&self, h: &Vec<u32>) -> Vec<(usize, u32)> {
                h.iter()
                    .enumerate()
                    .flat_map(|(i, &n)| (0..n).map(move |k| (i, k)))
                    .collect()
            }
            fn play(&self, h: &Vec<u32>, &(i, k): &(usize, u32)) -> Vec<u32> {
                let mut n = h.clone();
                n[i] = k;
                n
            }
        }
        let mut memo = GrundyMemo::new();
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..6 {
                    assert_eq!(memo.value(&Nim, &vec![a, b, c]).unwrap(), a ^ b ^ c);
                }
            }
        }
    }

    #[test]
    fn invalid_rows_are_rejected() {
        let pos = DamPosition {
            rows: vec![(3, 2)],
            black_to_move: true,
        };
        assert!(pos.validate(8).is_err());
    }
}

//! Nim chia đống (trò chơi của Grundy).
//!
//! Có một hoặc nhiều đống token. Mỗi lượt, người chơi chọn một đống và chia nó
//! thành **hai đống có số lượng khác nhau** (đống 1 hoặc 2 token không chia
//! được). Ai đến lượt mà không chia được đống nào thì thua.
//!
//! Bài "Giải thuật tìm kiếm Minimax" xét đống 7 token, MIN đi trước, và thấy MAX
//! luôn thắng: tức là G(7) = 0 — người đi trước từ 7 token sẽ thua.
//!
//! Một đống n token chia thành a và n − a (1 ≤ a, 2a < n) cho tổng hai đống độc
//! lập, nên G(n) = mex{G(a) ⊕ G(n − a)}. Dãy này là OEIS A002188.

use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::mex::MexScratch;
use serde::Serialize;

/// Số giá trị tối đa của dãy (chi phí cỡ n²/4 phép XOR).
pub const MAX_VALUES: usize = 50_000;

/// G(0), …, G(count − 1) của một đống trong Nim chia đống.
pub fn nim_split_values(count: usize) -> Result<Vec<u32>, GrundyError> {
    GrundyError::check_range("số giá trị", count as u64, 0, MAX_VALUES as u64)?;
    let mut g: Vec<u32> = Vec::with_capacity(count);
    let mut scratch = MexScratch::new();
    for n in 0..count {
        scratch.clear();
        // a < n − a  ⇔  2a < n
        for a in 1..n.div_ceil(2) {
            scratch.insert(g[a] ^ g[n - a]);
        }
        g.push(scratch.mex());
    }
    Ok(g)
}

/// Luật chơi trên nhiều đống. Trạng thái: các đống, sắp xếp tăng dần.
#[derive(Debug, Clone, Copy, Default)]
pub struct NimSplit;

/// Chia đống thứ `pile` (theo thứ tự trong trạng thái) thành `parts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct SplitMove {
    /// Chỉ số đống bị chia.
    pub pile: usize,
    /// Hai đống mới (nhỏ trước).
    pub parts: (u32, u32),
}

impl ImpartialGame for NimSplit {
    type Position = Vec<u32>;
    type Move = SplitMove;

    fn moves(&self, piles: &Vec<u32>) -> Vec<SplitMove> {
        let mut v = Vec::new();
        for (i, &n) in piles.iter().enumerate() {
            // Hai đống bằng nhau cho cùng nước đi: chỉ liệt kê đống đầu tiên.
            if i > 0 && piles[i - 1] == n {
                continue;
            }
            for a in 1..n.div_ceil(2) {
                v.push(SplitMove {
                    pile: i,
                    parts: (a, n - a),
                });
            }
        }
        v
    }

    fn play(&self, piles: &Vec<u32>, mv: &SplitMove) -> Vec<u32> {
        let mut next = piles.clone();
        next[mv.pile] = mv.parts.0;
        next.push(mv.parts.1);
        next.sort_unstable();
        next
    }
}

/// Các nước thắng từ một trạng thái nhiều đống, dùng dãy `values` (phải dài hơn
/// đống lớn nhất).
pub fn nim_split_winning_moves(
    piles: &[u32],
    values: &[u32],
) -> Result<Vec<SplitMove>, GrundyError> {
    let g = |n: u32| values.get(n as usize).copied();
    let mut total = 0;
    for &n in piles {
        total ^= g(n).ok_or_else(|| {
            GrundyError::InvalidPosition(format!("đống {n} lớn hơn phần dãy đã tính"))
        })?;
    }
    let mut sorted = piles.to_vec();
    sorted.sort_unstable();
    Ok(NimSplit
        .moves(&sorted)
        .into_iter()
        .filter(|m| {
            let old = g(sorted[m.pile]).unwrap_or(0);
            let new = g(m.parts.0).unwrap_or(0) ^ g(m.parts.1).unwrap_or(0);
            total ^ old ^ new == 0
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::classify::{classify, Outcome};
    use crate::grundy::impartial::GrundyMemo;

    #[test]
    fn oeis_a002188_start() {
        // OEIS A002188, n = 0 … 104 (https://oeis.org/A002188).
        let published = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2,
            1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3,
            7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
        ];
        assert_eq!(nim_split_values(published.len()).unwrap(), published);
    }

    #[test]
    fn seven_tokens_first_player_loses() {
        let g = nim_split_values(8).unwrap();
        assert_eq!(g[7], 0);
        // Vét cạn trên đồ thị trạng thái của bài Minimax (hình 2.2).
        let c = classify(&NimSplit, &vec![7], 1000).unwrap();
        assert_eq!(c.outcome(&vec![7]), Some(Outcome::Thang));
        assert!(nim_split_winning_moves(&[7], &g).unwrap().is_empty());
    }

    #[test]
    fn many_piles_match_brute_force() {
        let g = nim_split_values(20).unwrap();
        let mut memo = GrundyMemo::new();
        for a in 1..12u32 {
            for b in a..12u32 {
                let pos = vec![a, b];
                let v = memo.value(&NimSplit, &pos).unwrap();
                assert_eq!(v, g[a as usize] ^ g[b as usize]);
                for m in nim_split_winning_moves(&pos, &g).unwrap() {
                    assert_eq!(memo.value(&NimSplit, &NimSplit.play(&pos, &m)).unwrap(), 0);
                }
                assert_eq!(
                    nim_split_winning_moves(&pos, &g).unwrap().is_empty(),
                    v == 0
                );
            }
        }
    }
}

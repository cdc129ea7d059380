//! Phân loại trạng thái **từng vòng**, đúng như làm bằng tay trên bàn cờ của
//! bài giảng, với mã 1 (thắng), 0 (thua), −1 (hòa hoặc chưa tính được).
//!
//! Lúc đầu mọi trạng thái mang mã −1 (chưa tính). Mỗi vòng nhìn các mã của vòng
//! trước và quyết định thêm, *cùng một lúc*:
//!
//! - trạng thái mà **mọi** nước đi đều tới trạng thái mã 0 thành **1** ("thắng",
//!   vị trí P) — ở vòng 1, đó là các trạng thái không còn nước đi, "thắng theo
//!   định nghĩa";
//! - trạng thái **có** một nước đi tới trạng thái mã 1 thành **0** ("thua",
//!   vị trí N).
//!
//! Khi một vòng không quyết định thêm được gì thì dừng; trạng thái nào vẫn còn
//! −1 là **hòa** (ván có thể kéo dài mãi). Kết quả cuối trùng với
//! [`classify`](fn@crate::grundy::classify); ở đây ta giữ lại *vòng* mà mỗi
//! trạng thái được quyết định để vẽ lại từng bước.
//!
//! ```
//! use caytrochoi::grundy::games::queen::Queen;
//! use caytrochoi::grundy::{classify_rounds, Outcome};
//! let r = classify_rounds(&Queen, &[(2, 2)], 100).unwrap();
//! assert_eq!(r.count(), 3);
//! assert_eq!(r.decided_in(1), [((0, 0), Outcome::PreviousWins)]); // thắng theo định nghĩa
//! assert_eq!(r.code_after(&(1, 2), 2), -1); // sau vòng 2 chưa biết
//! assert_eq!(r.code_after(&(1, 2), 3), 1); // vòng 3: mọi nước đều tới ô mã 0
//! ```

use super::classify::{explore, Explored};
use super::error::GrundyError;
use super::impartial::ImpartialGame;
use crate::outcome::Outcome;
use std::collections::HashMap;
use std::hash::Hash;

/// Mã của bài giảng cho một trạng thái đã biết (`Some`) hoặc chưa tính (`None`):
/// 1 thắng, 0 thua, −1 hòa hoặc chưa tính được.
pub fn code(known: Option<Outcome>) -> i8 {
    known.map_or(-1, Outcome::lecture_code)
}

/// Kết quả phân loại từng vòng của mọi trạng thái đạt được từ các trạng thái đầu.
#[derive(Debug, Clone)]
pub struct Rounds<P> {
    positions: Vec<P>,
    index: HashMap<P, usize>,
    /// `decided[i]`: loại và vòng quyết định của `positions[i]` (`None`: hòa).
    decided: Vec<Option<(Outcome, usize)>>,
    count: usize,
}

/// Phân loại từng vòng mọi trạng thái đạt được từ `starts` (xem đầu mô-đun).
/// Lỗi nếu có hơn `limit` trạng thái.
pub fn classify_rounds<G: ImpartialGame>(
    game: &G,
    starts: &[G::Position],
    limit: usize,
) -> Result<Rounds<G::Position>, GrundyError> {
    let Explored {
        positions,
        children,
        ..
    } = explore(game, starts, limit)?;
    let mut decided: Vec<Option<(Outcome, usize)>> = vec![None; positions.len()];
    let mut round = 0;
    // ANCHOR: rounds
    loop {
        let known = |j: &usize| decided[*j].map(|(o, _)| o);
        let fresh: Vec<(usize, Outcome)> = (0..positions.len())
            .filter(|&i| decided[i].is_none())
            .filter_map(|i| {
                let kids = &children[i];
                if kids.iter().any(|j| known(j) == Some(Outcome::PreviousWins)) {
                    Some((i, Outcome::NextWins))
                } else if kids.iter().all(|j| known(j) == Some(Outcome::NextWins)) {
                    Some((i, Outcome::PreviousWins))
                } else {
                    None
                }
            })
            .collect();
        if fresh.is_empty() {
            break;
        }
        round += 1;
        for (i, o) in fresh {
            decided[i] = Some((o, round));
        }
    }
    // ANCHOR_END: rounds
    let index = positions
        .iter()
        .enumerate()
        .map(|(i, p)| (p.clone(), i))
        .collect();
    Ok(Rounds {
        positions,
        index,
        decided,
        count: round,
    })
}

impl<P: Clone + Eq + Hash> Rounds<P> {
    /// Số vòng có quyết định mới.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Số trạng thái đã xét.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Không có trạng thái nào.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Loại cuối cùng của `pos` (`Draw` nếu không vòng nào quyết định được);
    /// `None` nếu `pos` không đạt được từ các trạng thái đầu.
    pub fn outcome(&self, pos: &P) -> Option<Outcome> {
        let i = *self.index.get(pos)?;
        Some(self.decided[i].map_or(Outcome::Draw, |(o, _)| o))
    }

    /// Vòng quyết định `pos` (`None`: hòa, hoặc không đạt được).
    pub fn round(&self, pos: &P) -> Option<usize> {
        let i = *self.index.get(pos)?;
        self.decided[i].map(|(_, r)| r)
    }

    /// Loại của `pos` đã biết sau `k` vòng (`None`: còn là −1).
    pub fn known_after(&self, pos: &P, k: usize) -> Option<Outcome> {
        let i = *self.index.get(pos)?;
        self.decided[i].filter(|&(_, r)| r <= k).map(|(o, _)| o)
    }

    /// Mã của bài giảng cho `pos` sau `k` vòng: 1, 0 hoặc −1.
    pub fn code_after(&self, pos: &P, k: usize) -> i8 {
        code(self.known_after(pos, k))
    }

    /// Các trạng thái được quyết định ở vòng `k`, theo thứ tự gặp khi duyệt.
    pub fn decided_in(&self, k: usize) -> Vec<(P, Outcome)> {
        self.positions
            .iter()
            .zip(&self.decided)
            .filter_map(|(p, d)| match d {
                Some((o, r)) if *r == k => Some((p.clone(), *o)),
                _ => None,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::classify::classify;
    use crate::grundy::games::queen::Queen;
    use crate::grundy::graph::GraphGame;

    #[test]
    fn final_result_matches_retrograde_analysis() {
        let g =
            GraphGame::parse("A → B, C; B → A, D; C → E; D; E → C, F; F → F; G → B, E").unwrap();
        for start in 0..g.len() {
            let r = classify_rounds(&g, &[start], 100).unwrap();
            let c = classify(&g, &start, 100).unwrap();
            for x in 0..g.len() {
                assert_eq!(r.outcome(&x), c.outcome(&x), "đỉnh {}", g.name(x));
            }
        }
        let r = classify_rounds(&g, &[0], 100).unwrap();
        let f = g.index("F").unwrap();
        assert_eq!(r.outcome(&f), Some(Outcome::Draw));
        assert_eq!(r.round(&f), None);
        assert_eq!(r.code_after(&f, 99), -1);
    }

    #[test]
    fn queen_rounds_alternate_between_wins_and_losses() {
        let r = classify_rounds(&Queen, &[(5, 5)], 100).unwrap();
        assert_eq!(r.len(), 36);
        assert_eq!(r.count(), 5);
        for k in 1..=r.count() {
            let want = if k % 2 == 1 {
                Outcome::PreviousWins
            } else {
                Outcome::NextWins
            };
            assert!(r.decided_in(k).iter().all(|&(_, o)| o == want), "vòng {k}");
        }
        let wins: Vec<(u32, u32)> = (1..=r.count())
            .flat_map(|k| r.decided_in(k))
            .filter(|&(_, o)| o == Outcome::PreviousWins)
            .map(|(p, _)| p)
            .collect();
        assert_eq!(wins, [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]);
    }
}

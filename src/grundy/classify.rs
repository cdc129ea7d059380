//! Phân loại trạng thái thắng / thua / hòa theo quy ước của bài giảng.
//!
//! Kết quả của mỗi trạng thái là một [`Outcome`] (kiểu dùng chung với Dodgem).
//! **Chú ý cách gọi tên**: bài giảng đặt tên trạng thái theo người *đi vào* nó,
//! nên "trạng thái thắng" (mã 1) là [`Outcome::PreviousWins`] — vị trí P, G = 0,
//! người *phải đi* từ đó thua; "trạng thái thua" (mã 0) là
//! [`Outcome::NextWins`] — vị trí N, G > 0; "hòa" (mã −1) là [`Outcome::Draw`].
//! Bảng đầy đủ ở [`crate::outcome`].
//!
//! Nói gọn: "thắng" là chỗ *nên đi vào*. Trạng thái không còn nước đi là
//! "thắng" theo định nghĩa (ví dụ quân Hậu ở ô (0, 0)): ai đi vào đó thì đối thủ
//! hết đường.
//!
//! Quy tắc tính: một trạng thái là *thắng* khi **mọi** nước đi từ nó dẫn tới
//! trạng thái thua; là *thua* khi **có ít nhất một** nước đi tới trạng thái thắng;
//! còn lại (ván có thể kéo dài mãi vì chu trình) là *hòa*.
//!
//! Ta tính bằng **phân tích ngược** (retrograde analysis): liệt kê mọi trạng thái,
//! bắt đầu từ các trạng thái kết thúc rồi lan ngược theo các cạnh, mỗi trạng thái
//! giữ một bộ đếm "số con chưa chắc là thua". Không có đệ quy nên không tràn
//! ngăn xếp, và đồ thị có chu trình vẫn xử lý được: cái gì không bao giờ được
//! quyết định là hòa.
//!
//! Hàm [`classify`] chỉ cần đồ thị "ai đến lượt mà không đi được thì thua", nên
//! cũng dùng được cho trò chơi mà mỗi người có quân riêng (Chuyển sỏi hai chiều,
//! Cờ DAM) nếu ta ghi luôn *lượt đi* vào trạng thái.

use super::error::GrundyError;
use super::impartial::ImpartialGame;
use crate::outcome::Outcome;
#[cfg(feature = "json")]
use serde::Serialize;
use std::collections::{HashMap, VecDeque};

/// Số trạng thái của mỗi loại trong một [`Classification`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct OutcomeCounts {
    /// Số trạng thái "thắng" của bài giảng (vị trí P).
    pub previous_wins: usize,
    /// Số trạng thái "thua" của bài giảng (vị trí N).
    pub next_wins: usize,
    /// Số trạng thái hòa.
    pub draws: usize,
}

/// Kết quả phân loại mọi trạng thái đạt được từ một trạng thái đầu.
#[derive(Debug, Clone)]
pub struct Classification<P> {
    outcomes: HashMap<P, Outcome>,
}

impl<P: Clone + Eq + std::hash::Hash> Classification<P> {
    /// Loại của `pos` (nếu `pos` đạt được từ trạng thái đầu).
    pub fn outcome(&self, pos: &P) -> Option<Outcome> {
        self.outcomes.get(pos).copied()
    }

    /// Số trạng thái đã phân loại.
    pub fn len(&self) -> usize {
        self.outcomes.len()
    }

    /// Không có trạng thái nào (không xảy ra: luôn có trạng thái đầu).
    pub fn is_empty(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// Đếm số trạng thái mỗi loại.
    pub fn counts(&self) -> OutcomeCounts {
        let mut c = OutcomeCounts::default();
        for o in self.outcomes.values() {
            match o {
                Outcome::PreviousWins => c.previous_wins += 1,
                Outcome::NextWins => c.next_wins += 1,
                Outcome::Draw => c.draws += 1,
            }
        }
        c
    }

    /// Các nước đi tốt từ `pos`: tới trạng thái "thắng" (`PreviousWins`) nếu có;
    /// nếu `pos` là hòa thì các nước giữ được hòa; nếu `pos` là "thắng" (người
    /// đến lượt sẽ thua) thì rỗng.
    pub fn best_moves<G>(&self, game: &G, pos: &P) -> Vec<G::Move>
    where
        G: ImpartialGame<Position = P>,
    {
        let want = match self.outcome(pos) {
            Some(o @ (Outcome::NextWins | Outcome::Draw)) => o.after_best_move(),
            _ => return Vec::new(),
        };
        game.moves(pos)
            .into_iter()
            .filter(|m| self.outcome(&game.play(pos, m)) == Some(want))
            .collect()
    }
}

/// Đồ thị các trạng thái đạt được từ một số trạng thái đầu, đánh số theo thứ tự
/// gặp khi duyệt rộng (dùng chung cho [`classify`] và
/// [`classify_rounds`](crate::grundy::classify_rounds)).
pub(crate) struct Explored<P> {
    /// Các trạng thái, theo thứ tự gặp.
    pub positions: Vec<P>,
    /// `children[i]`: số thứ tự các trạng thái con của `positions[i]` (có thể lặp).
    pub children: Vec<Vec<usize>>,
    /// `parents[j]`: các trạng thái có nước đi tới `positions[j]` (có thể lặp).
    pub parents: Vec<Vec<usize>>,
}

/// Liệt kê mọi trạng thái đạt được từ `starts`; lỗi nếu có hơn `limit` trạng thái.
pub(crate) fn explore<G: ImpartialGame>(
    game: &G,
    starts: &[G::Position],
    limit: usize,
) -> Result<Explored<G::Position>, GrundyError> {
    let mut index: HashMap<G::Position, usize> = HashMap::new();
    let mut e = Explored {
        positions: Vec::new(),
        children: Vec::new(),
        parents: Vec::new(),
    };
    let mut add = |p: &G::Position, e: &mut Explored<G::Position>| {
        if let Some(&j) = index.get(p) {
            return Ok(j);
        }
        if e.positions.len() >= limit {
            return Err(GrundyError::TooManyPositions { limit });
        }
        index.insert(p.clone(), e.positions.len());
        e.positions.push(p.clone());
        e.parents.push(Vec::new());
        Ok(e.positions.len() - 1)
    };
    for s in starts {
        add(s, &mut e)?;
    }
    let mut i = 0;
    while i < e.positions.len() {
        let mut kids = Vec::new();
        for child in game.successors(&e.positions[i]) {
            let j = add(&child, &mut e)?;
            e.parents[j].push(i);
            kids.push(j);
        }
        e.children.push(kids);
        i += 1;
    }
    Ok(e)
}

/// Phân loại mọi trạng thái đạt được từ `start` bằng phân tích ngược.
/// Lỗi nếu có hơn `limit` trạng thái.
pub fn classify<G: ImpartialGame>(
    game: &G,
    start: &G::Position,
    limit: usize,
) -> Result<Classification<G::Position>, GrundyError> {
    // 1. Liệt kê các trạng thái (duyệt rộng) và các cạnh ngược.
    let Explored {
        positions,
        children,
        parents,
    } = explore(game, std::slice::from_ref(start), limit)?;
    let mut open_children: Vec<usize> = children.iter().map(Vec::len).collect();
    // 2. Lan ngược từ các trạng thái kết thúc ("thắng" theo định nghĩa).
    let mut outcome: Vec<Option<Outcome>> = vec![None; positions.len()];
    let mut queue: VecDeque<usize> = VecDeque::new();
    for (k, &n) in open_children.iter().enumerate() {
        if n == 0 {
            outcome[k] = Some(Outcome::PreviousWins);
            queue.push_back(k);
        }
    }
    while let Some(x) = queue.pop_front() {
        let ox = outcome[x];
        for &y in &parents[x] {
            if outcome[y].is_some() {
                continue;
            }
            if ox == Some(Outcome::PreviousWins) {
                // Có nước đi tới trạng thái thắng: y là "thua".
                outcome[y] = Some(Outcome::NextWins);
                queue.push_back(y);
            } else {
                // Thêm một con là "thua"; hết con chưa rõ thì y là "thắng".
                open_children[y] -= 1;
                if open_children[y] == 0 {
                    outcome[y] = Some(Outcome::PreviousWins);
                    queue.push_back(y);
                }
            }
        }
    }
    // 3. Cái gì chưa quyết định được là hòa (chu trình).
    let outcomes = positions
        .into_iter()
        .zip(outcome)
        .map(|(p, o)| (p, o.unwrap_or(Outcome::Draw)))
        .collect();
    Ok(Classification { outcomes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::impartial::GrundyMemo;

    use crate::grundy::graph::GraphGame;

    #[test]
    fn cycle_gives_draw_but_escape_to_win_is_taken() {
        // 0 ⇄ 1 là chu trình; 2 → 0 hoặc 3 (lá); 4 → 2.
        let g = GraphGame::new(vec![vec![1], vec![0], vec![0, 3], vec![], vec![2]]);
        let c = classify(&g, &4, 100).unwrap();
        assert_eq!(c.outcome(&0), Some(Outcome::Draw));
        assert_eq!(c.outcome(&1), Some(Outcome::Draw));
        assert_eq!(c.outcome(&3), Some(Outcome::PreviousWins));
        assert_eq!(c.outcome(&2), Some(Outcome::NextWins));
        assert_eq!(c.outcome(&4), Some(Outcome::PreviousWins));
        assert_eq!(c.best_moves(&g, &2), vec![3]);
        assert_eq!(c.outcome(&0).unwrap().lecture_code(), -1);
    }

    #[test]
    fn agrees_with_grundy_on_acyclic_graphs() {
        // Đồ thị không chu trình giả ngẫu nhiên: nút i chỉ nối tới nút nhỏ hơn.
        let mut seed = 12345u64;
        let mut adj = Vec::new();
        for i in 0..300usize {
            let mut v = Vec::new();
            for j in 0..i {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if (seed >> 33) % 17 == 0 {
                    v.push(j);
                }
            }
            adj.push(v);
        }
        let g = GraphGame::new(adj);
        let c = classify(&g, &299, 1000).unwrap();
        let mut memo = GrundyMemo::new();
        for i in 0..300 {
            if let Some(o) = c.outcome(&i) {
                let gv = memo.value(&g, &i).unwrap();
                assert_eq!(o, Outcome::from_grundy(gv), "nút {i}");
            }
        }
    }
}

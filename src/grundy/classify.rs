//! Phân loại trạng thái theo quy ước của bài giảng: thắng (1), thua (0),
//! hòa / chưa tính được (−1).
//!
//! **Chú ý cách gọi tên.** Bài giảng đặt tên trạng thái theo người *đi vào* nó:
//!
//! | bài giảng | mã | tên thường gặp | hàm Grundy | người *phải đi* từ trạng thái đó |
//! | --- | --- | --- | --- | --- |
//! | trạng thái **thắng** | 1 | P-vị trí (*previous player wins*) | G(X) = 0 | thua (nếu đối thủ biết chơi) |
//! | trạng thái **thua** | 0 | N-vị trí (*next player wins*) | G(X) > 0 | thắng |
//! | trạng thái **hòa** | −1 | D (*draw*, hòa) | không xác định | không ai ép được thắng |
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
use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::fmt;

/// Loại của một trạng thái theo bài giảng.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// "Thắng" (mã 1): mọi nước đi từ đây dẫn tới trạng thái thua. P-vị trí,
    /// G = 0; người phải đi từ đây sẽ thua.
    Thang,
    /// "Thua" (mã 0): có nước đi tới một trạng thái thắng. N-vị trí, G > 0;
    /// người phải đi từ đây sẽ thắng.
    Thua,
    /// "Hòa / chưa tính được" (mã −1): không bên nào ép được thắng.
    Hoa,
}

impl Outcome {
    /// Loại suy ra từ giá trị Grundy: G = 0 là "thắng", G > 0 là "thua".
    pub fn from_grundy(g: u32) -> Outcome {
        if g == 0 {
            Outcome::Thang
        } else {
            Outcome::Thua
        }
    }

    /// Mã số của bài giảng: 1, 0, −1.
    pub fn code(self) -> i8 {
        match self {
            Outcome::Thang => 1,
            Outcome::Thua => 0,
            Outcome::Hoa => -1,
        }
    }

    /// Tên theo bài giảng.
    pub fn lecture_name(self) -> &'static str {
        match self {
            Outcome::Thang => "thắng",
            Outcome::Thua => "thua",
            Outcome::Hoa => "hòa",
        }
    }

    /// Tên thường gặp trong sách: "P", "N" hoặc "D".
    pub fn pn_name(self) -> &'static str {
        match self {
            Outcome::Thang => "P",
            Outcome::Thua => "N",
            Outcome::Hoa => "D",
        }
    }

    /// Người đi trước (người phải đi từ trạng thái này) có thắng không;
    /// `None` khi hòa.
    pub fn first_player_wins(self) -> Option<bool> {
        match self {
            Outcome::Thang => Some(false),
            Outcome::Thua => Some(true),
            Outcome::Hoa => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// Ví dụ: `trạng thái thắng (1, P-vị trí: người đến lượt thua)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self {
            Outcome::Thang => "người đến lượt thua",
            Outcome::Thua => "người đến lượt thắng",
            Outcome::Hoa => "không ai ép được thắng",
        };
        write!(
            f,
            "trạng thái {} ({}, {}-vị trí: {who})",
            self.lecture_name(),
            self.code(),
            self.pn_name()
        )
    }
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

    /// Đếm số trạng thái mỗi loại: (thắng, thua, hòa).
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut c = (0, 0, 0);
        for o in self.outcomes.values() {
            match o {
                Outcome::Thang => c.0 += 1,
                Outcome::Thua => c.1 += 1,
                Outcome::Hoa => c.2 += 1,
            }
        }
        c
    }

    /// Các nước đi tốt từ `pos`: tới trạng thái "thắng" nếu có; nếu `pos` là hòa
    /// thì các nước giữ được hòa; nếu `pos` là "thắng" (người đi sẽ thua) thì rỗng.
    pub fn best_moves<G>(&self, game: &G, pos: &P) -> Vec<G::Move>
    where
        G: ImpartialGame<Position = P>,
    {
        let want = match self.outcome(pos) {
            Some(Outcome::Thua) => Outcome::Thang,
            Some(Outcome::Hoa) => Outcome::Hoa,
            _ => return Vec::new(),
        };
        game.moves(pos)
            .into_iter()
            .filter(|m| self.outcome(&game.play(pos, m)) == Some(want))
            .collect()
    }
}

/// Phân loại mọi trạng thái đạt được từ `start` bằng phân tích ngược.
/// Lỗi nếu có hơn `limit` trạng thái.
pub fn classify<G: ImpartialGame>(
    game: &G,
    start: &G::Position,
    limit: usize,
) -> Result<Classification<G::Position>, GrundyError> {
    // 1. Liệt kê các trạng thái (duyệt rộng) và các cạnh ngược.
    let mut index: HashMap<G::Position, usize> = HashMap::new();
    let mut positions: Vec<G::Position> = vec![start.clone()];
    let mut parents: Vec<Vec<usize>> = vec![Vec::new()];
    let mut open_children: Vec<usize> = Vec::new();
    index.insert(start.clone(), 0);
    let mut i = 0;
    while i < positions.len() {
        let children = game.successors(&positions[i]);
        open_children.push(children.len());
        for child in children {
            let j = match index.get(&child) {
                Some(&j) => j,
                None => {
                    if positions.len() >= limit {
                        return Err(GrundyError::TooManyPositions { limit });
                    }
                    let j = positions.len();
                    index.insert(child.clone(), j);
                    positions.push(child);
                    parents.push(Vec::new());
                    j
                }
            };
            parents[j].push(i);
        }
        i += 1;
    }
    // 2. Lan ngược từ các trạng thái kết thúc ("thắng" theo định nghĩa).
    let mut outcome: Vec<Option<Outcome>> = vec![None; positions.len()];
    let mut queue: VecDeque<usize> = VecDeque::new();
    for (k, &n) in open_children.iter().enumerate() {
        if n == 0 {
            outcome[k] = Some(Outcome::Thang);
            queue.push_back(k);
        }
    }
    while let Some(x) = queue.pop_front() {
        let ox = outcome[x];
        for &y in &parents[x] {
            if outcome[y].is_some() {
                continue;
            }
            if ox == Some(Outcome::Thang) {
                // Có nước đi tới trạng thái thắng: y là "thua".
                outcome[y] = Some(Outcome::Thua);
                queue.push_back(y);
            } else {
                // Thêm một con là "thua"; hết con chưa rõ thì y là "thắng".
                open_children[y] -= 1;
                if open_children[y] == 0 {
                    outcome[y] = Some(Outcome::Thang);
                    queue.push_back(y);
                }
            }
        }
    }
    // 3. Cái gì chưa quyết định được là hòa (chu trình).
    let outcomes = positions
        .into_iter()
        .zip(outcome)
        .map(|(p, o)| (p, o.unwrap_or(Outcome::Hoa)))
        .collect();
    Ok(Classification { outcomes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::impartial::GrundyMemo;

    use crate::grundy::impartial::GraphGame;

    #[test]
    fn cycle_gives_draw_but_escape_to_win_is_taken() {
        // 0 ⇄ 1 là chu trình; 2 → 0 hoặc 3 (lá); 4 → 2.
        let g = GraphGame::new(vec![vec![1], vec![0], vec![0, 3], vec![], vec![2]]);
        let c = classify(&g, &4, 100).unwrap();
        assert_eq!(c.outcome(&0), Some(Outcome::Hoa));
        assert_eq!(c.outcome(&1), Some(Outcome::Hoa));
        assert_eq!(c.outcome(&3), Some(Outcome::Thang));
        assert_eq!(c.outcome(&2), Some(Outcome::Thua));
        assert_eq!(c.outcome(&4), Some(Outcome::Thang));
        assert_eq!(c.best_moves(&g, &2), vec![3]);
        assert_eq!(c.outcome(&0).unwrap().code(), -1);
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

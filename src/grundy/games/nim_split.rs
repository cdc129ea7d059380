//! Nim chia đống — **một** mô hình cho cả hai bài giảng.
//!
//! Luật: có một hoặc nhiều đống token. Mỗi lượt, người chơi chọn một đống và
//! chia nó thành **hai đống có số lượng khác nhau** (đống 1 hoặc 2 token không
//! chia được nữa). Ai đến lượt mà không chia được đống nào thì thua.
//!
//! Mô hình gồm các đống ([`NimState::piles`], giảm dần như hình vẽ của bài
//! giảng: `5-1-1`) và nước chia ([`Split`], liệt kê bởi [`splits`], thực hiện bởi
//! [`after_split`]). Cùng mô hình ấy phục vụ hai cách nhìn:
//!
//! - **Cây trò chơi** (bài "Giải thuật tìm kiếm Minimax"): [`NimSplit`] cài trait
//!   [`Game`]; bài giảng xét 7 token, MIN đi trước; nút lá có giá trị 1 nếu MAX
//!   thắng, 0 nếu MIN thắng. Vét cạn cho thấy MAX luôn thắng.
//! - **Hàm Grundy** (bài "Trò chơi đối kháng xác định"): [`NimSplit`] cũng cài
//!   trait [`ImpartialGame`]; trạng thái chỉ là các đống (ai đến lượt không quan
//!   trọng). Một đống n token chia thành a và n − a (1 ≤ a, 2a < n) cho tổng hai
//!   đống độc lập, nên G(n) = mex{G(a) ⊕ G(n − a)} ([`nim_split_values`], dãy
//!   OEIS A002188). G(7) = 0: người đi trước từ 7 token thua — đúng điều vét cạn
//!   cho thấy.
//!
//! ```
//! use caytrochoi::games::NimSplit;
//! use caytrochoi::grundy::grundy;
//! use caytrochoi::{Player, Searcher};
//! // Cây trò chơi: MIN đi trước từ 7 token, MAX thắng dù MIN đi thế nào.
//! let r = Searcher::minimax().run(&NimSplit::new(7, Player::Min)).unwrap();
//! assert_eq!(r.value, 1.0);
//! // Hàm Grundy trên cùng luật chơi: G(7) = 0, người đi trước thua.
//! assert_eq!(grundy(&NimSplit::default(), &vec![7]).unwrap(), 0);
//! ```

use crate::game::Game;
use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::mex::MexScratch;
use crate::limits::NIM_SPLIT_VALUES;
use crate::player::Player;
#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Luật chơi: số token ban đầu (một đống) và người đi trước.
///
/// `NimSplit::default()` là trò chơi của bài giảng: 7 token, MIN đi trước.
/// Khi dùng như trò chơi vô tư ([`ImpartialGame`]), `tokens` và `first` không
/// ảnh hưởng tới nước đi: trạng thái là danh sách các đống.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NimSplit {
    /// Số token ban đầu (một đống).
    pub tokens: u32,
    /// Người đi trước (chỉ dùng cho cây trò chơi).
    pub first: Player,
}

/// Trạng thái trên cây trò chơi: các đống (giảm dần) và người đến lượt.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NimState {
    /// Số token của mỗi đống, giảm dần.
    pub piles: Vec<u32>,
    /// Người đến lượt.
    pub to_move: Player,
}

/// Nước đi: chia một đống có `pile` token thành `bigger` và `pile − bigger`
/// (hai phần khác nhau, nên `bigger > pile − bigger ≥ 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Split {
    /// Số token của đống bị chia.
    pub pile: u32,
    /// Đống lớn hơn sau khi chia.
    pub bigger: u32,
}

impl Split {
    /// Đống nhỏ hơn sau khi chia.
    pub fn smaller(&self) -> u32 {
        self.pile - self.bigger
    }
}

impl fmt::Display for Split {
    /// Ví dụ: `chia đống 7 thành 4 và 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "chia đống {} thành {} và {}",
            self.pile,
            self.bigger,
            self.smaller()
        )
    }
}

/// Các nước chia từ các đống `piles` (giảm dần). Hai đống bằng nhau cho cùng
/// các nước đi nên mỗi cỡ đống chỉ liệt kê một lần; với mỗi đống, đống lớn sau
/// khi chia giảm dần như hình vẽ (6-1, 5-2, 4-3).
pub fn splits(piles: &[u32]) -> Vec<Split> {
    let mut moves = Vec::new();
    for (i, &pile) in piles.iter().enumerate() {
        if i > 0 && piles[i - 1] == pile {
            continue;
        }
        for bigger in (pile / 2 + 1..pile).rev() {
            moves.push(Split { pile, bigger });
        }
    }
    moves
}

/// Các đống (giảm dần) sau nước chia `m`. Nếu không có đống nào cỡ `m.pile`,
/// trả về các đống như cũ.
pub fn after_split(piles: &[u32], m: &Split) -> Vec<u32> {
    let mut next = piles.to_vec();
    if let Some(i) = next.iter().position(|&p| p == m.pile) {
        next.remove(i);
        next.push(m.bigger);
        next.push(m.smaller());
        next.sort_unstable_by(|a, b| b.cmp(a));
    }
    next
}

/// Các đống viết như hình vẽ: giảm dần, nối bằng `-` (ví dụ `5-1-1`).
pub fn piles_text(piles: &[u32]) -> String {
    piles
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join("-")
}

impl NimSplit {
    /// `tokens` token, `first` đi trước.
    pub fn new(tokens: u32, first: Player) -> NimSplit {
        NimSplit { tokens, first }
    }

    /// Các đống lúc đầu: một đống `tokens` token.
    pub fn start_piles(&self) -> Vec<u32> {
        vec![self.tokens]
    }
}

impl Default for NimSplit {
    /// Trò chơi của bài giảng: 7 token, MIN đi trước.
    fn default() -> Self {
        NimSplit::new(7, Player::Min)
    }
}

/// Cách nhìn thứ nhất: cây trò chơi cho vét cạn và alpha-beta.
impl Game for NimSplit {
    type State = NimState;
    type Move = Split;

    fn initial_state(&self) -> NimState {
        NimState {
            piles: self.start_piles(),
            to_move: self.first,
        }
    }

    fn to_move(&self, s: &NimState) -> Player {
        s.to_move
    }

    #[allow(refining_impl_trait)]
    fn legal_moves(&self, s: &NimState) -> Vec<Split> {
        splits(&s.piles)
    }

    fn apply(&self, s: &NimState, m: &Split) -> NimState {
        NimState {
            piles: after_split(&s.piles, m),
            to_move: s.to_move.opponent(),
        }
    }

    fn is_terminal(&self, s: &NimState) -> bool {
        s.piles.iter().all(|&p| p <= 2)
    }

    fn payoff(&self, s: &NimState) -> f64 {
        // Người đến lượt không chia được nên thua.
        match s.to_move {
            Player::Min => 1.0,
            Player::Max => 0.0,
        }
    }

    fn move_name(&self, _s: &NimState, m: &Split) -> String {
        format!("{}→{}+{}", m.pile, m.bigger, m.smaller())
    }

    fn state_label(&self, s: &NimState) -> Option<String> {
        Some(piles_text(&s.piles))
    }
}

/// Cách nhìn thứ hai: trò chơi vô tư cho hàm Grundy. Trạng thái là các đống,
/// giảm dần.
impl ImpartialGame for NimSplit {
    type Position = Vec<u32>;
    type Move = Split;

    fn moves(&self, piles: &Vec<u32>) -> Vec<Split> {
        splits(piles)
    }

    fn play(&self, piles: &Vec<u32>, m: &Split) -> Vec<u32> {
        after_split(piles, m)
    }
}

/// G(0), …, G(count − 1) của một đống: G(n) = mex{G(a) ⊕ G(n − a) : 1 ≤ a, 2a < n}.
pub fn nim_split_values(count: usize) -> Result<Vec<u32>, GrundyError> {
    GrundyError::check_range("số giá trị", count as u64, 0, NIM_SPLIT_VALUES as u64)?;
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

/// Các nước thắng từ các đống `piles` (tới trạng thái có G = 0), dùng dãy
/// `values` của [`nim_split_values`] (phải dài hơn đống lớn nhất): G của nhiều
/// đống là XOR của G từng đống.
pub fn nim_split_winning_moves(piles: &[u32], values: &[u32]) -> Result<Vec<Split>, GrundyError> {
    let g = |n: u32| {
        values.get(n as usize).copied().ok_or_else(|| {
            GrundyError::InvalidPosition(format!("đống {n} lớn hơn phần dãy đã tính"))
        })
    };
    let mut total = 0;
    for &n in piles {
        total ^= g(n)?;
    }
    let mut sorted = piles.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut winning = Vec::new();
    for m in splits(&sorted) {
        if total ^ g(m.pile)? ^ g(m.bigger)? ^ g(m.smaller())? == 0 {
            winning.push(m);
        }
    }
    Ok(winning)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::impartial::GrundyMemo;
    use crate::grundy::{classify, Outcome};
    use crate::search::Searcher;

    #[test]
    fn lecture_tree_of_seven_tokens() {
        // Hình của bài Minimax: từ 7 có ba cách chia 6-1, 5-2, 4-3.
        let g = NimSplit::default();
        let s = g.initial_state();
        let names: Vec<String> = g
            .legal_moves(&s)
            .iter()
            .map(|m| g.move_name(&s, m))
            .collect();
        assert_eq!(names, ["7→6+1", "7→5+2", "7→4+3"]);
        let after = g.apply(&s, &Split { pile: 7, bigger: 5 });
        assert_eq!(g.state_label(&after).unwrap(), "5-2");
        assert_eq!(
            after_split(&[5, 1, 1], &Split { pile: 5, bigger: 3 }),
            [3, 2, 1, 1]
        );
    }

    #[test]
    fn minimax_and_grundy_agree_on_who_wins() {
        // Hai cách nhìn của cùng một mô hình: giá trị minimax (MAX đi trước,
        // 1 = MAX thắng) khớp với "G(n) ≠ 0 ⇔ người đi trước thắng".
        let values = nim_split_values(15).unwrap();
        for n in 1..15u32 {
            let v = Searcher::minimax()
                .run(&NimSplit::new(n, Player::Max))
                .unwrap()
                .value;
            assert_eq!(v == 1.0, values[n as usize] != 0, "n = {n}");
        }
    }

    #[test]
    fn sequence_matches_brute_force_and_oeis_start() {
        let values = nim_split_values(40).unwrap();
        let mut memo = GrundyMemo::new();
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(
                memo.value(&NimSplit::default(), &vec![n as u32]).unwrap(),
                v
            );
        }
    }

    #[test]
    fn oeis_a002188_start() {
        // Bảng đã công bố: OEIS A002188, n = 0 … 104 (https://oeis.org/A002188).
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
        // Phân tích ngược trên đồ thị trạng thái của bài Minimax (hình 2.2).
        let c = classify(&NimSplit::default(), &vec![7], 1000).unwrap();
        assert_eq!(c.outcome(&vec![7]), Some(Outcome::PreviousWins));
        assert!(nim_split_winning_moves(&[7], &g).unwrap().is_empty());
    }

    #[test]
    fn winning_moves_of_many_piles_match_brute_force() {
        let g = nim_split_values(20).unwrap();
        let game = NimSplit::default();
        let mut memo = GrundyMemo::new();
        for a in 1..12u32 {
            for b in 1..=a {
                let pos = vec![a, b];
                let v = memo.value(&game, &pos).unwrap();
                assert_eq!(v, g[a as usize] ^ g[b as usize]);
                let fast = nim_split_winning_moves(&pos, &g).unwrap();
                let brute = memo.winning_moves(&game, &pos).unwrap();
                assert_eq!(fast, brute, "{pos:?}");
                assert_eq!(fast.is_empty(), v == 0);
            }
        }
        assert!(nim_split_winning_moves(&[30], &g).is_err());
    }
}

//! Trận đấu hai người có **khai cuộc ngẫu nhiên**, mỗi khai cuộc chơi hai lần
//! đổi màu quân (chương 7).
//!
//! Giải vòng tròn ở trên cho mỗi cặp vài ván từ thế đầu; người chơi tất định
//! (minimax, alpha-beta, sâu dần) khi ấy chơi lại đúng một ván, và màu quân quyết
//! định kết quả. Ở đây mỗi ván bắt đầu sau `opening_plies` nước ngẫu nhiên (cùng
//! một khai cuộc cho hai ván: lần đầu đấu thủ thứ nhất cầm quân MAX, lần sau cầm
//! quân MIN). Nhờ vậy:
//!
//! - người chơi tất định gặp những thế cờ khác nhau, nên các ván thật sự khác nhau;
//! - lợi thế màu quân (của khai cuộc hay của luật) chia đều cho hai đấu thủ, và đo
//!   được riêng: [`MatchResult::max_score`], tỉ lệ điểm của bên cầm quân MAX.
//!
//! Tỉ lệ điểm p của đấu thủ thứ nhất qua n ván có sai số chuẩn √(p(1 − p)/n)
//! ([`MatchResult::standard_error`]; hòa tính ½ chỉ làm sai số nhỏ đi). Một chênh
//! lệch so với 50 % chỉ đáng tin khi nó lớn hơn khoảng hai sai số chuẩn.
//!
//! ```
//! use caytrochoi::games::TicTacToe;
//! use caytrochoi::tournament::{play_match, Contender};
//! let g = TicTacToe::new();
//! let r = play_match(&g, &Contender::AlphaBeta { depth: 9 }, &Contender::Random, 10, 2, 1).unwrap();
//! assert_eq!(r.games(), 20);
//! assert_eq!(r.second_wins, 0); // nhìn tới cuối ván thì không thua
//! assert!(r.score() > 0.5 + 2.0 * r.standard_error());
//! ```

use super::{play_from, Contender, TournamentError};
use crate::limits::RATE_GAMES;
use crate::player::Player;
use crate::random::SplitMix64;
use crate::search::Zobrist;

/// Số lần thử tối đa để có một khai cuộc chưa kết thúc.
const OPENING_TRIES: u32 = 1000;

/// Kết quả một trận đấu thủ thứ nhất – đấu thủ thứ hai.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchResult {
    /// Số khai cuộc; mỗi khai cuộc hai ván.
    pub openings: u32,
    /// Số nước ngẫu nhiên của mỗi khai cuộc.
    pub opening_plies: u32,
    /// Số ván đấu thủ thứ nhất thắng.
    pub first_wins: u32,
    /// Số ván hòa.
    pub draws: u32,
    /// Số ván đấu thủ thứ hai thắng.
    pub second_wins: u32,
    /// Số ván bên cầm quân MAX thắng (ai cầm cũng vậy).
    pub max_wins: u32,
}

impl MatchResult {
    /// Số ván: hai lần số khai cuộc.
    pub fn games(&self) -> u32 {
        2 * self.openings
    }

    /// Tỉ lệ điểm của đấu thủ thứ nhất (thắng 1, hòa ½).
    pub fn score(&self) -> f64 {
        (self.first_wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// Sai số chuẩn của [`score`](Self::score): √(p(1 − p)/n).
    pub fn standard_error(&self) -> f64 {
        let p = self.score();
        (p * (1.0 - p) / self.games() as f64).sqrt()
    }

    /// Tỉ lệ điểm của bên cầm quân MAX, ai cầm cũng vậy: trên 0,5 là lợi thế của
    /// quân MAX (sau khai cuộc), dưới 0,5 là lợi thế của quân MIN.
    pub fn max_score(&self) -> f64 {
        (self.max_wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }
}

/// Một khai cuộc: `plies` nước ngẫu nhiên từ thế đầu, không kết thúc ván.
fn opening<G: Zobrist>(
    game: &G,
    plies: u32,
    rng: &mut SplitMix64,
) -> Result<G::State, TournamentError> {
    for _ in 0..OPENING_TRIES {
        let mut s = game.initial_state();
        for _ in 0..plies {
            if game.is_terminal(&s) {
                break;
            }
            let moves: Vec<G::Move> = game.legal_moves(&s).into_iter().collect();
            if moves.is_empty() {
                break;
            }
            let k = (rng.next_u64() % moves.len() as u64) as usize;
            s = game.apply(&s, &moves[k]);
        }
        if !game.is_terminal(&s) && game.legal_moves(&s).into_iter().next().is_some() {
            return Ok(s);
        }
    }
    Err(TournamentError::NoOpening { plies })
}

// ANCHOR: play_match
/// `openings` khai cuộc ngẫu nhiên, mỗi khai cuộc `opening_plies` nước; từ mỗi
/// khai cuộc hai ván, `first` cầm quân MAX rồi cầm quân MIN. Cùng `seed`, cùng kết
/// quả.
pub fn play_match<G>(
    game: &G,
    first: &Contender,
    second: &Contender,
    openings: u32,
    opening_plies: u32,
    seed: u64,
) -> Result<MatchResult, TournamentError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    if openings == 0 || openings > RATE_GAMES {
        return Err(TournamentError::BadGames {
            games: openings,
            max: RATE_GAMES,
        });
    }
    let mut rng = SplitMix64::new(seed);
    let mut r = MatchResult {
        openings,
        opening_plies,
        first_wins: 0,
        draws: 0,
        second_wins: 0,
        max_wins: 0,
    };
    for _ in 0..openings {
        let start = opening(game, opening_plies, &mut rng)?;
        for first_side in [Player::Max, Player::Min] {
            let (max, min) = match first_side {
                Player::Max => (first, second),
                Player::Min => (second, first),
            };
            let g = play_from(game, start.clone(), max, min, rng.next_u64())?;
            match g.winner {
                None => r.draws += 1,
                Some(w) => {
                    if w == first_side {
                        r.first_wins += 1;
                    } else {
                        r.second_wins += 1;
                    }
                    if w == Player::Max {
                        r.max_wins += 1;
                    }
                }
            }
        }
    }
    Ok(r)
}
// ANCHOR_END: play_match

//! Giải đấu: các người chơi máy của giáo trình đấu vòng tròn với nhau.
//!
//! Năm đấu thủ ([`Contender`]): đi ngẫu nhiên; minimax giới hạn độ sâu với hàm
//! lượng giá của bài giảng; alpha-beta (cửa sổ α, β) có sắp thứ tự nước đi; tìm
//! kiếm sâu dần với bảng chuyển vị; MCTS. Mỗi cặp đấu thủ đấu
//! `games_per_side` ván với mỗi bên cầm quân đi trước, trên cùng một trò chơi
//! (carô, Dodgem 3×3, Dodgem 4×4…). Thắng được 1 điểm, hòa ½. Ván quá
//! [`TOURNAMENT_PLIES`] nước (Dodgem có thể lặp mãi) là hòa.
//!
//! Mọi số ngẫu nhiên (người đi ngẫu nhiên, hạt giống MCTS của từng nước) sinh từ
//! **một** hạt giống của giải: cùng hạt giống, cùng bảng kết quả.
//!
//! Giải vòng tròn chơi từ thế đầu, nên người chơi tất định lặp lại đúng một ván và
//! màu quân quyết định; muốn biết ai mạnh hơn, dùng [`play_match`]: khai cuộc ngẫu
//! nhiên, mỗi khai cuộc hai màu quân, đủ ván để sai số chuẩn nhỏ.
//!
//! ```
//! use caytrochoi::games::TicTacToe;
//! use caytrochoi::tournament::{round_robin, Contender};
//! let g = TicTacToe::open_lines_symmetric();
//! let g = TicTacToe { symmetry_reduced: false, ..g };
//! let ds = [Contender::Random, Contender::AlphaBeta { depth: 9 }];
//! let bang = round_robin(&g, "carô", &ds, 2, 1).unwrap();
//! // Alpha-beta nhìn tới cuối ván không bao giờ thua người đi ngẫu nhiên.
//! assert_eq!(bang.rows[1].losses, 0);
//! assert_eq!(bang, round_robin(&g, "carô", &ds, 2, 1).unwrap()); // lặp lại được
//! ```

use crate::limits::{RATE_GAMES, TOURNAMENT_GAMES, TOURNAMENT_PLIES, TT_DEFAULT_ENTRIES};
use crate::player::{winner, Player};
use crate::random::SplitMix64;
use crate::search::{
    iterative_deepening, Mcts, SearchError, Searcher, TranspositionTable, Zobrist,
};
#[cfg(feature = "json")]
use serde::Serialize;

mod openings;
pub use openings::{play_match, MatchResult};

/// Một đấu thủ của giải.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
#[cfg_attr(feature = "json", serde(tag = "kind", rename_all = "kebab-case"))]
pub enum Contender {
    /// Đi ngẫu nhiên một nước hợp lệ.
    Random,
    /// Vét cạn (minimax) tới độ sâu `depth`, rồi hàm lượng giá của trò chơi.
    Minimax {
        /// Số nước tính trước.
        depth: u32,
    },
    /// Alpha-beta cửa sổ (α, β), sắp thứ tự nước đi theo hàm lượng giá.
    AlphaBeta {
        /// Số nước tính trước.
        depth: u32,
    },
    /// Tìm kiếm sâu dần (1, 2, …, `depth`) với bảng chuyển vị.
    IdTt {
        /// Độ sâu của vòng cuối.
        depth: u32,
    },
    /// Tìm kiếm cây Monte Carlo.
    Mcts {
        /// Số lần chơi thử mỗi nước.
        playouts: u64,
    },
}

impl Contender {
    /// Năm đấu thủ mặc định của giải (cho mọi trò chơi của giải).
    pub fn lineup() -> [Contender; 5] {
        [
            Contender::Random,
            Contender::Minimax { depth: 3 },
            Contender::AlphaBeta { depth: 5 },
            Contender::IdTt { depth: 6 },
            Contender::Mcts { playouts: 1000 },
        ]
    }

    /// Tên tiếng Việt ngắn, ví dụ `alpha-beta (độ sâu 5)`.
    pub fn name_vi(&self) -> String {
        match self {
            Contender::Random => "ngẫu nhiên".to_string(),
            Contender::Minimax { depth } => format!("minimax (độ sâu {depth})"),
            Contender::AlphaBeta { depth } => format!("alpha-beta (độ sâu {depth})"),
            Contender::IdTt { depth } => format!("sâu dần + bảng (độ sâu {depth})"),
            Contender::Mcts { playouts } => format!("MCTS ({playouts} lần)"),
        }
    }

    /// Tên rất ngắn (nhãn cột của biểu đồ), ví dụ `alpha-beta 5`.
    pub fn short_name(&self) -> String {
        match self {
            Contender::Random => "ngẫu nhiên".to_string(),
            Contender::Minimax { depth } => format!("minimax {depth}"),
            Contender::AlphaBeta { depth } => format!("alpha-beta {depth}"),
            Contender::IdTt { depth } => format!("id-tt {depth}"),
            Contender::Mcts { playouts } => format!("MCTS {playouts}"),
        }
    }

    /// Nước đấu thủ chọn ở thế `s` (`None` nếu không còn nước đi). `seed`
    /// quyết định mọi lựa chọn ngẫu nhiên của nước này.
    pub fn choose<G>(
        &self,
        game: &G,
        s: &G::State,
        seed: u64,
    ) -> Result<Option<G::Move>, SearchError>
    where
        G: Zobrist,
        G::Move: PartialEq,
    {
        match *self {
            Contender::Random => {
                let moves: Vec<G::Move> = game.legal_moves(s).into_iter().collect();
                if moves.is_empty() {
                    return Ok(None);
                }
                let k = SplitMix64::new(seed).next_u64() % moves.len() as u64;
                Ok(moves.into_iter().nth(k as usize))
            }
            Contender::Minimax { depth } => Ok(Searcher::minimax()
                .depth(depth)
                .run_from(game, s)?
                .best_move),
            Contender::AlphaBeta { depth } => Ok(Searcher::window()
                .depth(depth)
                .order_moves()
                .run_from(game, s)?
                .best_move),
            Contender::IdTt { depth } => {
                let mut table = TranspositionTable::new(TT_DEFAULT_ENTRIES)?;
                Ok(iterative_deepening(game, s, depth, &mut table, &mut ())?.best_move)
            }
            Contender::Mcts { playouts } => {
                Ok(Mcts::new(playouts, seed)?.run(game, s, &mut ())?.best_move)
            }
        }
    }
}

/// Kết quả một ván: người thắng (`None`: hòa) và số nước.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRecord {
    /// Người thắng theo quân (MAX/MIN); `None` là hòa.
    pub winner: Option<Player>,
    /// Số nước đã đi.
    pub plies: u32,
}

/// Chơi một ván từ thế đầu: `max` cầm quân MAX, `min` cầm quân MIN.
pub fn play_game<G>(
    game: &G,
    max: &Contender,
    min: &Contender,
    seed: u64,
) -> Result<GameRecord, SearchError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    play_from(game, game.initial_state(), max, min, seed)
}

/// Chơi một ván từ thế `s` (ví dụ sau một khai cuộc): `max` cầm quân MAX, `min`
/// cầm quân MIN; `plies` của kết quả không kể các nước trước `s`.
pub fn play_from<G>(
    game: &G,
    mut s: G::State,
    max: &Contender,
    min: &Contender,
    seed: u64,
) -> Result<GameRecord, SearchError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    let mut rng = SplitMix64::new(seed);
    for ply in 0..TOURNAMENT_PLIES {
        if game.is_terminal(&s) {
            return Ok(GameRecord {
                winner: winner(game.payoff(&s)),
                plies: ply,
            });
        }
        let who = match game.to_move(&s) {
            Player::Max => max,
            Player::Min => min,
        };
        match who.choose(game, &s, rng.next_u64())? {
            Some(mv) => s = game.apply(&s, &mv),
            None => {
                return Ok(GameRecord {
                    winner: winner(game.payoff(&s)),
                    plies: ply,
                })
            }
        }
    }
    let w = if game.is_terminal(&s) {
        winner(game.payoff(&s))
    } else {
        None
    };
    Ok(GameRecord {
        winner: w,
        plies: TOURNAMENT_PLIES,
    })
}

/// Một dòng của bảng xếp hạng.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Row {
    /// Tên đấu thủ.
    pub name: String,
    /// Đấu thủ.
    pub contender: Contender,
    /// Số ván thắng.
    pub wins: u32,
    /// Số ván hòa.
    pub draws: u32,
    /// Số ván thua.
    pub losses: u32,
}

impl Row {
    /// Điểm: thắng 1, hòa ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }
}

/// Kết quả một cặp đấu, từ phía đấu thủ `first` (cầm quân đi trước... hay
/// sau, mỗi bên một nửa số ván).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Pairing {
    /// Chỉ số của đấu thủ thứ nhất trong `rows`.
    pub first: usize,
    /// Chỉ số của đấu thủ thứ hai.
    pub second: usize,
    /// Số ván đấu thủ thứ nhất thắng.
    pub first_wins: u32,
    /// Số ván hòa.
    pub draws: u32,
    /// Số ván đấu thủ thứ hai thắng.
    pub second_wins: u32,
}

/// Bảng kết quả của giải trên một trò chơi.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Standings {
    /// Tên trò chơi.
    pub game: String,
    /// Số ván mỗi cặp, mỗi bên cầm quân MAX.
    pub games_per_side: u32,
    /// Hạt giống.
    pub seed: u64,
    /// Mỗi đấu thủ một dòng, theo thứ tự đã cho.
    pub rows: Vec<Row>,
    /// Kết quả từng cặp.
    pub pairings: Vec<Pairing>,
}

/// Lỗi của giải đấu.
#[derive(Debug, Clone, PartialEq)]
pub enum TournamentError {
    /// Số ván là 0 hoặc vượt giới hạn ([`TOURNAMENT_GAMES`] mỗi bên trong giải,
    /// [`RATE_GAMES`] khi đo tỉ lệ điểm).
    BadGames {
        /// Số ván đã xin.
        games: u32,
        /// Số ván tối đa.
        max: u32,
    },
    /// Cần ít nhất hai đấu thủ.
    TooFewContenders,
    /// Không tìm được khai cuộc `plies` nước ngẫu nhiên mà ván chưa kết thúc.
    NoOpening {
        /// Số nước của khai cuộc.
        plies: u32,
    },
    /// Một lần tìm kiếm của đấu thủ báo lỗi.
    Search(SearchError),
}

impl std::fmt::Display for TournamentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TournamentError::BadGames { games, max } => {
                write!(f, "số ván {games} không hợp lệ: cần từ 1 đến {max} ván")
            }
            TournamentError::TooFewContenders => write!(f, "giải đấu cần ít nhất hai đấu thủ"),
            TournamentError::NoOpening { plies } => write!(
                f,
                "không tìm được khai cuộc {plies} nước ngẫu nhiên mà ván chưa kết thúc"
            ),
            TournamentError::Search(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TournamentError {}

impl From<SearchError> for TournamentError {
    fn from(e: SearchError) -> Self {
        TournamentError::Search(e)
    }
}

// ANCHOR: round_robin
/// Đấu vòng tròn trên `game`: mỗi cặp đấu thủ đấu `games_per_side` ván với
/// mỗi bên cầm quân MAX.
pub fn round_robin<G>(
    game: &G,
    game_name: &str,
    contenders: &[Contender],
    games_per_side: u32,
    seed: u64,
) -> Result<Standings, TournamentError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    if games_per_side == 0 || games_per_side > TOURNAMENT_GAMES {
        return Err(TournamentError::BadGames {
            games: games_per_side,
            max: TOURNAMENT_GAMES,
        });
    }
    if contenders.len() < 2 {
        return Err(TournamentError::TooFewContenders);
    }
    let mut rows: Vec<Row> = contenders
        .iter()
        .map(|c| Row {
            name: c.name_vi(),
            contender: *c,
            wins: 0,
            draws: 0,
            losses: 0,
        })
        .collect();
    let mut pairings = Vec::new();
    let mut seeds = SplitMix64::new(seed);
    for i in 0..contenders.len() {
        for j in i + 1..contenders.len() {
            let mut p = Pairing {
                first: i,
                second: j,
                first_wins: 0,
                draws: 0,
                second_wins: 0,
            };
            for k in 0..2 * games_per_side {
                // Nửa đầu: i cầm MAX; nửa sau: j cầm MAX.
                let (max, min) = if k < games_per_side { (i, j) } else { (j, i) };
                let r = play_game(game, &contenders[max], &contenders[min], seeds.next_u64())?;
                let won = match r.winner {
                    Some(Player::Max) => Some(max),
                    Some(Player::Min) => Some(min),
                    None => None,
                };
                match won {
                    Some(w) => {
                        rows[w].wins += 1;
                        rows[if w == i { j } else { i }].losses += 1;
                        if w == i {
                            p.first_wins += 1;
                        } else {
                            p.second_wins += 1;
                        }
                    }
                    None => {
                        rows[i].draws += 1;
                        rows[j].draws += 1;
                        p.draws += 1;
                    }
                }
            }
            pairings.push(p);
        }
    }
    Ok(Standings {
        game: game_name.to_string(),
        games_per_side,
        seed,
        rows,
        pairings,
    })
}
// ANCHOR_END: round_robin

impl std::fmt::Display for Standings {
    /// Bảng kết quả dạng chữ, mỗi đấu thủ một dòng.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let width = self
            .rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(8);
        writeln!(
            f,
            "{} — {} ván mỗi cặp mỗi bên, hạt giống {}",
            self.game, self.games_per_side, self.seed
        )?;
        writeln!(f, "  {:<width$}  thắng  hòa  thua  điểm", "đấu thủ")?;
        for r in &self.rows {
            let pts = fmt_points(r.points());
            writeln!(
                f,
                "  {:<width$}  {:>5}  {:>3}  {:>4}  {:>4}",
                r.name, r.wins, r.draws, r.losses, pts
            )?;
        }
        Ok(())
    }
}

/// Điểm viết kiểu Việt Nam: `3`, `2,5`.
pub(crate) fn fmt_points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}").replace('.', ",")
    }
}

// ANCHOR: score_against_random
/// Tỉ lệ điểm (thắng 1, hòa ½) của `player` trước người đi ngẫu nhiên qua
/// `games` ván, nửa số ván cầm quân MAX, nửa cầm quân MIN.
pub fn score_against_random<G>(
    game: &G,
    player: &Contender,
    games: u32,
    seed: u64,
) -> Result<f64, TournamentError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    if games == 0 || games > RATE_GAMES {
        return Err(TournamentError::BadGames {
            games,
            max: RATE_GAMES,
        });
    }
    let mut seeds = SplitMix64::new(seed);
    let mut points = 0.0;
    for k in 0..games {
        let (max, min, side) = if k % 2 == 0 {
            (player, &Contender::Random, Player::Max)
        } else {
            (&Contender::Random, player, Player::Min)
        };
        let r = play_game(game, max, min, seeds.next_u64())?;
        points += match r.winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
    }
    Ok(points / games as f64)
}
// ANCHOR_END: score_against_random

/// Tỉ lệ điểm của MCTS trước người đi ngẫu nhiên với mỗi số lần chơi thử
/// trong `playouts` (`games` ván mỗi điểm): các điểm của biểu đồ chương 7.
pub fn mcts_win_rates<G>(
    game: &G,
    playouts: &[u64],
    games: u32,
    seed: u64,
) -> Result<Vec<(u64, f64)>, TournamentError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    playouts
        .iter()
        .map(|&p| {
            score_against_random(game, &Contender::Mcts { playouts: p }, games, seed)
                .map(|r| (p, r))
        })
        .collect()
}

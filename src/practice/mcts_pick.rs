//! Họ bài **MCTS chọn nước nào** (chương 7): một thế carô, số lần chơi thử N
//! và hạt giống; đáp án do [`mcts_choice`] tính (ô 1…9). MCTS chơi nước **được
//! thăm nhiều nhất** ở gốc; với đủ lần chơi thử, nước thắng ngay (hay nước chặn
//! đối thủ) hút gần hết số lần thăm. Lời chấm dùng chữ của chương 7: **số lần
//! thăm** và **tỉ lệ điểm** (thắng 1, hòa ½), không "lượt", không "tỉ lệ thắng".
//!
//! ```
//! use caytrochoi::games::TicTacToe;
//! use caytrochoi::practice::{MistakeKind, Problem};
//! let the_co = TicTacToe::parse_board("X.O/.O./X..").unwrap();
//! let bai = Problem::mcts_pick(the_co, 100, 1).unwrap();
//! assert_eq!(bai.answer_text(), "4"); // X4 thắng ngay
//! assert!(bai.grade("X4", 0).ok());
//! assert!(bai.grade(1, 0).has(MistakeKind::IllegalMove)); // ô 1 đã có quân
//! assert!(bai.grade(2, 0).has(MistakeKind::MissedWin));
//! ```

use super::answer::{numbers_in, Answer};
use super::check::{Check, Graded, Unreadable};
use super::error::PracticeError;
use super::expected::{joined, list, Expected};
use super::family::{Family, OneAsk};
use super::feedback::MistakeKind;
use super::level::{Level, Topic};
use super::tree_gen::pick;
use super::Problem;
use crate::game::Game;
use crate::games::tictactoe::{board_text, Board};
use crate::games::TicTacToe;
use crate::limits::MCTS_PLAYOUTS;
use crate::plot::Figure;
use crate::random::SplitMix64;
use crate::search::Mcts;

/// Số lần thử sinh một thế hợp với mức trước khi nhận thế cuối cùng.
const ATTEMPTS: usize = 400;

/// Dữ liệu của bài: thế carô, số lần chơi thử, hạt giống; kèm thống kê của lần
/// chạy MCTS ấy (tính một lần khi dựng bài).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MctsPick {
    board: Board,
    playouts: u64,
    seed: u64,
    /// Ô MCTS chọn (0…8).
    choice: Option<u8>,
    /// (ô 0…8, số lần thăm, tổng điểm) của mỗi con của gốc, theo thứ tự MCTS thêm vào.
    stats: Vec<(u8, u64, f64)>,
}

/// Các ô trống (0…8).
fn empty(b: &Board) -> Vec<u8> {
    TicTacToe::new().legal_moves(b).collect()
}

/// Các ô mà người đến lượt đi vào thì thắng ngay.
fn wins(b: &Board) -> Vec<u8> {
    let g = TicTacToe::new();
    empty(b)
        .into_iter()
        .filter(|m| TicTacToe::winner(&g.apply(b, m)).is_some())
        .collect()
}

/// Các ô mà đối thủ đi vào thì thắng ngay (người đến lượt phải chặn).
fn threats(b: &Board) -> Vec<u8> {
    // Xét trực tiếp: quân của đối thủ cộng ô ấy có thẳng hàng không.
    let mover_is_x = TicTacToe::new().to_move(b) == crate::Player::Max;
    empty(b)
        .into_iter()
        .filter(|&m| {
            let (x, o) = if mover_is_x {
                (b.x, b.o | 1 << m)
            } else {
                (b.x | 1 << m, b.o)
            };
            TicTacToe::winner(&Board { x, o }).is_some()
        })
        .collect()
}

/// Tên ô cho người đọc: `X5`.
fn cell_name(b: &Board, m: u8) -> String {
    TicTacToe::new().move_name(b, &m)
}

impl MctsPick {
    /// Chạy MCTS (thư viện) và giữ thống kê; lỗi nếu N không hợp.
    fn run(board: Board, playouts: u64, seed: u64) -> Result<MctsPick, PracticeError> {
        let g = TicTacToe::new();
        let r = Mcts::new(playouts, seed)
            .and_then(|m| m.run(&g, &board, &mut ()))
            .map_err(|e| PracticeError::Invalid(e.to_string()))?;
        Ok(MctsPick {
            board,
            playouts,
            seed,
            choice: r.best_move,
            stats: r
                .children
                .iter()
                .map(|c| (c.mv, c.visits, c.wins))
                .collect(),
        })
    }

    fn mover(&self) -> &'static str {
        if TicTacToe::new().to_move(&self.board) == crate::Player::Max {
            "X"
        } else {
            "O"
        }
    }

    /// Thống kê của một ô: "X5: thăm 40 lần, tỉ lệ điểm 0,62" (tổng điểm chia số
    /// lần thăm; hòa tính ½).
    fn stat_text(&self, m: u8) -> String {
        let cell = cell_name(&self.board, m);
        match self.stats.iter().find(|s| s.0 == m) {
            Some(&(_, n, w)) => {
                let rate = if n == 0 { 0.0 } else { w / n as f64 };
                let rate = format!("{rate:.2}").replace('.', ",");
                format!("{cell}: thăm {n} lần, tỉ lệ điểm {rate}")
            }
            None => format!("{cell}: chưa được thăm lần nào"),
        }
    }

    /// Thống kê của mọi nước ở gốc, theo số ô.
    fn all_stats(&self) -> String {
        let mut cells: Vec<u8> = self.stats.iter().map(|s| s.0).collect();
        cells.sort_unstable();
        joined(cells.iter().map(|&m| self.stat_text(m)), "; ")
    }
}

impl Problem {
    /// Bài "MCTS chọn ô nào" trên thế carô `board` với `playouts` lần chơi thử
    /// và hạt giống `seed` (chương 7). Lỗi nếu ván đã kết thúc hay số lần chơi
    /// thử là 0 hoặc quá giới hạn.
    pub fn mcts_pick(board: Board, playouts: u64, seed: u64) -> Result<Problem, PracticeError> {
        if TicTacToe::new().is_terminal(&board) {
            return Err(PracticeError::Invalid(format!(
                "Thế `{}` đã kết thúc: không còn nước nào để chọn.",
                board_text(&board)
            )));
        }
        if playouts == 0 || playouts > MCTS_PLAYOUTS {
            return Err(PracticeError::Invalid(format!(
                "Số lần chơi thử phải từ 1 đến {MCTS_PLAYOUTS} (gặp {playouts})."
            )));
        }
        MctsPick::run(board, playouts, seed).map(Problem::given)
    }
}

impl OneAsk for MctsPick {
    const NAMES: (&'static str, &'static str, Topic) = ("mcts", "nước MCTS chọn", Topic::Search);

    /// Một bài mới. Dễ: người đến lượt có nước thắng ngay, N từ 50 đến 300.
    /// Vừa: không thắng ngay được nhưng đối thủ dọa thắng ở đúng một ô, N từ 100
    /// đến 400. Khó: thế bất kỳ chưa ai thắng ngay, N nhỏ (từ số ô trống đến ba
    /// lần số ấy) — phải nghĩ tới "nước được thăm nhiều nhất". Ở mức dễ và vừa,
    /// chỉ nhận thế mà MCTS chọn đúng nước thắng / nước chặn.
    fn random(rng: &mut SplitMix64, level: Level) -> MctsPick {
        let g = TicTacToe::new();
        let mut last = None;
        for _ in 0..ATTEMPTS {
            let placed = match level {
                Level::Easy => rng.range(4, 6),
                Level::Medium => rng.range(3, 5),
                Level::Hard => rng.range(2, 5),
            };
            let mut b = Board::default();
            for _ in 0..placed {
                let free = empty(&b);
                if g.is_terminal(&b) || free.is_empty() {
                    break;
                }
                b = g.apply(&b, &pick(rng, &free, 0));
            }
            let free = empty(&b).len() as i64;
            if g.is_terminal(&b) || free < 3 {
                continue;
            }
            let (w, t) = (wins(&b), threats(&b));
            let seed = rng.range(1, 99) as u64;
            let playouts = match level {
                Level::Easy => rng.range(1, 6) as u64 * 50,
                Level::Medium => rng.range(2, 8) as u64 * 50,
                Level::Hard => rng.range(free, 3 * free) as u64,
            };
            // Các ô MCTS phải chọn: nước thắng, nước chặn duy nhất, hay ô trống bất kỳ.
            let wanted = match level {
                Level::Easy if !w.is_empty() => w,
                Level::Medium if w.is_empty() && t.len() == 1 => t,
                Level::Hard if w.is_empty() => empty(&b),
                _ => continue,
            };
            let Ok(p) = MctsPick::run(b, playouts, seed) else {
                continue;
            };
            let good = p.choice.is_some_and(|c| wanted.contains(&c));
            if good {
                return p;
            }
            last = Some(p);
        }
        last.unwrap_or_else(|| MctsPick {
            board: Board::default(),
            playouts: 9,
            seed: 1,
            choice: None,
            stats: Vec::new(),
        })
    }
}

impl Family for MctsPick {
    fn statement(&self) -> String {
        let (board, mover) = (board_text(&self.board), self.mover());
        let (n, seed) = (self.playouts, self.seed);
        format!(
            "Carô 3×3, thế `{board}` (ba hàng từ trên xuống, `.` là ô trống; các ô đánh số 1…9 từ \
             trái sang phải, từ trên xuống), đến lượt {mover}. Tìm kiếm cây Monte Carlo (UCT) với \
             N = {n} lần chơi thử và hạt giống {seed} chọn ô nào?"
        )
    }

    fn how_to_answer(&self) -> String {
        "Ghi số của ô (1…9, từ trái sang phải, từ trên xuống), ví dụ `5` (hoặc `X5`, `O5`).".into()
    }

    /// Đáp án: ô 1…9.
    fn expected(&self) -> Expected {
        match self.choice {
            Some(c) => Expected::Number(f64::from(c) + 1.0),
            None => Expected::Set(Vec::new()),
        }
    }

    fn check(&self, answer: &Answer) -> Graded {
        let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
        let [k] = nums[..] else {
            return Err(Unreadable("cần đúng một số ô, từ 1 đến 9".into()));
        };
        if !(1..=9).contains(&k) {
            return Err(Unreadable(format!(
                "ô {k} không có: các ô đánh số từ 1 đến 9"
            )));
        }
        let m = (k - 1) as u8;
        let Some(c) = self.choice else {
            return Err(Unreadable("thế cờ này không còn nước nào".into()));
        };
        let (b, n, seed) = (&self.board, self.playouts, self.seed);
        let chosen = cell_name(b, c);
        if m == c {
            let stats = self.all_stats();
            return Check::right(format!(
                "Sau {n} lần chơi thử, {chosen} là nước được thăm nhiều nhất ({stats})."
            ));
        }
        if !empty(b).contains(&m) {
            return Check::wrong(
                MistakeKind::IllegalMove,
                format!("Ô {k} đã có quân: MCTS chỉ chọn trong các ô trống."),
                format!(
                    "Thế `{}`: ô {k} đã có quân; các ô trống là {}.",
                    board_text(b),
                    list(empty(b).iter().map(|&e| e + 1))
                ),
            );
        }
        let (mine, best) = (self.stat_text(m), self.stat_text(c));
        let detail = format!(
            "Sau {n} lần chơi thử với hạt giống {seed}: {mine}; {best} — và MCTS chơi nước được \
             thăm nhiều nhất: {chosen}."
        );
        let w = wins(b);
        if w.contains(&c) && !w.contains(&m) {
            return Check::wrong(
                MistakeKind::MissedWin,
                format!(
                    "{} có một nước thắng ngay: với đủ lần chơi thử, MCTS dồn phần lớn số lần \
                     thăm vào nước ấy.",
                    self.mover()
                ),
                detail,
            );
        }
        let t = threats(b);
        let hint = if t.contains(&c) && !t.contains(&m) {
            "Đối thủ đang dọa thắng ở một ô: những lần chơi thử không chặn ô ấy thường thua, \
             nên số lần thăm dồn vào nước chặn. (MCTS chơi nước được thăm nhiều nhất.)"
        } else {
            "MCTS chơi nước được thăm nhiều nhất ở gốc, không phải nước có tỉ lệ điểm cao nhất \
             hay nước đầu tiên: với ít lần chơi thử, mỗi nước chỉ được thăm vài lần."
        };
        Check::wrong(MistakeKind::NotMostVisited, hint, detail)
    }

    /// Các bước: nước thắng ngay, nước phải chặn, thống kê từng nước, nước chọn.
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let (b, n, seed) = (&self.board, self.playouts, self.seed);
        let names = |v: &[u8]| match v {
            [] => "không có".to_string(),
            _ => list(v.iter().map(|&m| cell_name(b, m))),
        };
        let mut steps = vec![
            format!("Nước thắng ngay của {}: {}.", self.mover(), names(&wins(b))),
            format!("Ô đối thủ dọa thắng (phải chặn): {}.", names(&threats(b))),
            format!(
                "MCTS (UCT, hạt giống {seed}) sau {n} lần chơi thử, mỗi nước ở gốc: {}.",
                self.all_stats()
            ),
        ];
        if let Some(c) = self.choice {
            let (chosen, cell) = (cell_name(b, c), c + 1);
            steps.push(format!(
                "Nước được thăm nhiều nhất (bằng nhau thì nước được thêm vào cây trước): {chosen} — \
                 ô {cell}."
            ));
        }
        (steps, None)
    }

    fn key_data(&self) -> String {
        let (board, n, seed) = (board_text(&self.board), self.playouts, self.seed);
        format!("{board}|{n}|{seed}")
    }
}

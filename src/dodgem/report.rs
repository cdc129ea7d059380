//! Kết quả sẵn để in: lời giải chính xác từ thế đầu ([`SolveReport`]) và hàm
//! lượng giá của một bàn cờ ([`EvalReport`]).
//!
//! Mỗi kiểu in ra thành lời tiếng Việt (`Display`) và ghi được thành JSON (serde
//! `Serialize`); chương trình `caytrochoi dodgem` chỉ đọc đối số rồi in chúng.
//!
//! ```
//! use caytrochoi::dodgem::report::SolveReport;
//! use caytrochoi::dodgem::{Rule, Side};
//! let r = SolveReport::new(3, Rule::Lecture, Side::Black).unwrap();
//! assert_eq!(r.winning_moves, ["a3>"]);
//! assert!(r.to_string().contains("Đen thắng nếu cả hai chơi hoàn hảo"));
//! ```

use super::board::{Board, Side};
use super::error::DodgemError;
use super::eval::{breakdown, Breakdown};
use super::notation::{board_to_text, draw_board, move_name};
use super::players::SearchPlayer;
use super::rules::{Dodgem, Position, Rule};
use super::solver::Solution;
use crate::outcome::Outcome;
use crate::value::fmt_value;
use crate::Algorithm;
#[cfg(feature = "json")]
use serde::{Serialize, Serializer};
use std::fmt;

/// Kết quả của một nước đầu: tên nước đi và kết quả của thế cờ sau nước đó.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct MoveOutcome {
    /// Tên nước đi, ví dụ `a3>`.
    #[cfg_attr(feature = "json", serde(rename = "move"))]
    pub name: String,
    /// Kết quả của thế cờ sau nước đi; trong JSON là kết quả **của người đi
    /// nước đó**: `win`, `loss` hoặc `draw`.
    #[cfg_attr(
        feature = "json",
        serde(rename = "result", serialize_with = "mover_result")
    )]
    pub after: Outcome,
}

/// Lời giải chính xác của Dodgem n×n từ thế đầu, và số trạng thái đến được.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct SolveReport {
    /// Kích thước n.
    pub size: usize,
    /// Luật khi một bên hết nước đi.
    pub rule: Rule,
    /// Bên đi trước.
    pub first: Side,
    /// Kết quả của thế đầu; trong JSON là kết quả **của bên đi trước**: `win`,
    /// `loss` hoặc `draw`.
    #[cfg_attr(feature = "json", serde(serialize_with = "to_move_result"))]
    pub start: Outcome,
    /// Các nước thắng từ thế đầu.
    pub winning_moves: Vec<String>,
    /// Mọi nước đầu và kết quả của chúng.
    pub moves: Vec<MoveOutcome>,
    /// Số trạng thái (bàn cờ + bên đến lượt) đến được từ thế đầu.
    pub states: u64,
    /// Trong đó, số thế kết thúc.
    pub terminal_states: u64,
    /// Số thế thắng cho bên đến lượt.
    pub wins: u64,
    /// Số thế thua cho bên đến lượt.
    pub losses: u64,
    /// Số thế hòa.
    pub draws: u64,
    /// Số thế cờ chuẩn hóa trong bảng kết quả (một byte mỗi thế).
    pub table_size: usize,
    /// Thời gian giải, giây.
    pub seconds: f64,
    #[cfg_attr(feature = "json", serde(skip))]
    start_board: String,
}

impl SolveReport {
    /// Giải Dodgem `size`×`size` theo luật `rule`, bên `first` đi trước (5×5
    /// cần khoảng nửa phút và vài trăm MB bộ nhớ).
    pub fn new(size: usize, rule: Rule, first: Side) -> Result<SolveReport, DodgemError> {
        let t0 = crate::clock::Stopwatch::start();
        let (solution, reach) = Solution::solve_and_count(size, rule, first)?;
        let seconds = t0.seconds();
        let game = Dodgem::new(size)?.with_rule(rule).with_first(first);
        let start = game.start();
        let moves = solution
            .move_outcomes(&start)?
            .into_iter()
            .map(|(m, after)| MoveOutcome {
                name: move_name(size, m),
                after,
            })
            .collect::<Vec<_>>();
        Ok(SolveReport {
            size,
            rule,
            first,
            start: solution.start_outcome(),
            winning_moves: moves
                .iter()
                .filter(|m| m.after == Outcome::PreviousWins)
                .map(|m| m.name.clone())
                .collect(),
            moves,
            states: reach.states,
            terminal_states: reach.terminal,
            wins: reach.wins,
            losses: reach.losses,
            draws: reach.draws,
            table_size: solution.table_len(),
            seconds,
            start_board: board_to_text(&start.board),
        })
    }
}

impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        writeln!(
            f,
            "Dodgem {n}×{n}, {}; {} đi trước.",
            self.rule.describe(),
            self.first.name()
        )?;
        writeln!(
            f,
            "Thế đầu {}: {} {} nếu cả hai chơi hoàn hảo.",
            self.start_board,
            self.first.name(),
            self.start.for_player_to_move()
        )?;
        if self.winning_moves.is_empty() {
            writeln!(f, "Không có nước đi thắng từ thế đầu.")?;
        } else {
            writeln!(f, "Các nước thắng: {}", self.winning_moves.join(", "))?;
        }
        writeln!(f, "Kết quả của từng nước đầu (cho người đi nước đó):")?;
        for m in &self.moves {
            writeln!(f, "  {}: {}", m.name, m.after.lecture_name())?;
        }
        writeln!(
            f,
            "Số trạng thái (bàn cờ + bên đến lượt) đến được từ thế đầu: {} (trong đó {} thế kết thúc)",
            self.states, self.terminal_states
        )?;
        writeln!(
            f,
            "  cho bên đến lượt: thắng {}, thua {}, hòa {}",
            self.wins, self.losses, self.draws
        )?;
        writeln!(
            f,
            "Bảng kết quả: {} thế cờ chuẩn hóa, một byte mỗi thế; thời gian {:.2} giây.",
            self.table_size, self.seconds
        )
    }
}

/// Một lần tìm kiếm alpha-beta từ bàn cờ được lượng giá.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct SearchSummary {
    /// Số nước tính trước.
    pub depth: u32,
    /// Bên đến lượt.
    pub to_move: Side,
    /// Giá trị của gốc (theo Trắng, MAX).
    pub value: f64,
    /// Nước đi tốt nhất.
    pub best_move: Option<String>,
    /// Đường đi chính.
    pub principal_variation: Vec<String>,
    /// Số nút đã xét.
    pub nodes_visited: u64,
}

/// Hàm lượng giá của bài giảng cho một bàn cờ, từng phần một, và (nếu muốn)
/// một lần tìm kiếm alpha-beta từ bàn cờ ấy.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct EvalReport {
    /// Bàn cờ viết như `D../.../DTT`.
    pub board: String,
    /// Kích thước n.
    pub size: usize,
    /// Giá trị (theo Trắng, MAX).
    pub value: i32,
    /// Các phần của giá trị.
    pub breakdown: Breakdown,
    /// Tìm kiếm alpha-beta, nếu được yêu cầu ([`EvalReport::with_search`]).
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub search: Option<SearchSummary>,
    #[cfg_attr(feature = "json", serde(skip))]
    picture: String,
}

impl EvalReport {
    /// Lượng giá bàn cờ `board`.
    pub fn new(board: &Board) -> EvalReport {
        let b = breakdown(board);
        EvalReport {
            board: board_to_text(board),
            size: board.size(),
            value: b.value,
            breakdown: b,
            search: None,
            picture: draw_board(board),
        }
    }

    /// Thêm một lần tìm kiếm alpha-beta (cửa sổ (α, β)) `depth` nước từ bàn cờ
    /// này, bên `to_move` đến lượt, luật của bài giảng.
    pub fn with_search(
        mut self,
        board: &Board,
        to_move: Side,
        depth: u32,
    ) -> Result<EvalReport, DodgemError> {
        let game = Dodgem::new(board.size())?;
        let pos = Position {
            board: *board,
            to_move,
        };
        let r = SearchPlayer::new(Algorithm::Window, depth).search(&game, &pos)?;
        self.search = Some(SearchSummary {
            depth,
            to_move,
            value: r.value,
            best_move: r.best_move_name,
            principal_variation: r.principal_variation_names,
            nodes_visited: r.nodes_visited,
        });
        Ok(self)
    }
}

impl fmt::Display for EvalReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = &self.breakdown;
        f.write_str(&self.picture)?;
        writeln!(
            f,
            "Bảng vị trí: Trắng {:+}, Đen {:+}; xe đã ra: {:+}",
            b.white_squares, b.black_squares, b.off_board
        )?;
        writeln!(
            f,
            "Trắng cản Đen: {} trực tiếp (+40), {} gián tiếp (+30); Đen cản Trắng: {} trực tiếp (−40), {} gián tiếp (−30)",
            b.white_direct, b.white_indirect, b.black_direct, b.black_indirect
        )?;
        writeln!(f, "Giá trị (theo Trắng, MAX): {}", b.value)?;
        if let Some(s) = &self.search {
            writeln!(
                f,
                "Alpha-beta {} nước, {} đến lượt: giá trị {}, nước tốt nhất {}, đường đi chính {} ({} nút)",
                s.depth,
                s.to_move.name(),
                fmt_value(s.value),
                s.best_move.as_deref().unwrap_or("(không có)"),
                s.principal_variation.join(" "),
                s.nodes_visited
            )?;
        }
        Ok(())
    }
}

/// `win`, `loss` hoặc `draw`: kết quả của người đến lượt ở thế có kết quả `o`.
#[cfg(feature = "json")]
fn to_move_result<S: Serializer>(o: &Outcome, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match o.player_to_move_wins() {
        Some(true) => "win",
        Some(false) => "loss",
        None => "draw",
    })
}

/// `win`, `loss` hoặc `draw`: kết quả của người vừa đi vào thế có kết quả `o`
/// (cách gọi của bài giảng).
#[cfg(feature = "json")]
fn mover_result<S: Serializer>(o: &Outcome, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match o.player_to_move_wins() {
        Some(true) => "loss",
        Some(false) => "win",
        None => "draw",
    })
}

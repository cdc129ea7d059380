//! Họ bài **quân Hậu** (chương 5): mọi ô "thắng" (G = 0) trên một bàn nhỏ,
//! hoặc một nước thắng từ một ô cho trước ([`QueenProblem`]). Bộ chấm ở
//! `grundy_problems`.

use super::answer::Answer;
use super::error::PracticeError;
use super::family::Family;
use super::feedback::Check;
use super::grundy_problems as grundy;
use super::kind::Kind;
use super::level::Level;
use super::problem::Expected;
use super::solution::drawn;
use crate::limits;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;

/// Bài quân Hậu: điều bài hỏi cùng dữ liệu của nó.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum QueenProblem {
    /// Mọi ô "thắng" trên bàn `side × side`.
    Positions { side: u32 },
    /// Một nước thắng của Hậu đang ở ô `cell` trên bàn `side × side`.
    Move { side: u32, cell: (u32, u32) },
}

impl QueenProblem {
    /// Bài "mọi ô thắng" trên bàn `n × n` (1 ≤ n ≤ [`limits::PRACTICE_QUEEN_SIDE`]).
    pub(crate) fn on_board(n: u32) -> Result<QueenProblem, PracticeError> {
        let max = limits::PRACTICE_QUEEN_SIDE;
        if !(1..=max).contains(&n) {
            return Err(PracticeError::Invalid(format!(
                "Bàn cờ phải có cạnh từ 1 đến {max} (gặp {n})."
            )));
        }
        Ok(QueenProblem::Positions { side: n })
    }

    /// Cạnh bàn cờ.
    pub(crate) fn side(&self) -> u32 {
        match *self {
            QueenProblem::Positions { side } | QueenProblem::Move { side, .. } => side,
        }
    }
}

impl Family for QueenProblem {
    fn kinds() -> Vec<Kind> {
        vec![Kind::QueenPositions, Kind::QueenMove]
    }

    fn generate(kind: Kind, level: Level, rng: &mut SplitMix64) -> Option<QueenProblem> {
        match kind {
            Kind::QueenPositions => Some(QueenProblem::Positions {
                side: grundy::random_queen_side(rng, level),
            }),
            Kind::QueenMove => {
                let (side, cell) = grundy::random_queen_cell(rng, level);
                Some(QueenProblem::Move { side, cell })
            }
            _ => None,
        }
    }

    fn kind(&self) -> Kind {
        match self {
            QueenProblem::Positions { .. } => Kind::QueenPositions,
            QueenProblem::Move { .. } => Kind::QueenMove,
        }
    }

    fn statement(&self) -> String {
        match *self {
            QueenProblem::Move { side, cell } => format!(
                "Trò chơi quân Hậu trên bàn {side} × {side} (ô (p, q), 0 ≤ p, q < {side}): Hậu \
                 đang ở ô {}; mỗi lượt đi sang trái, xuống dưới hoặc chéo trái-xuống bao nhiêu ô \
                 cũng được (ít nhất một); ai đến lượt mà Hậu đã ở (0, 0) thì thua. Người đến lượt \
                 có nước thắng: Hậu nên đi tới ô nào?",
                grundy::cell_text(cell)
            ),
            QueenProblem::Positions { side: n } => format!(
                "Trò chơi quân Hậu trên bàn {n} × {n}: Hậu ở ô (p, q) mỗi lượt đi sang trái, xuống \
                 dưới hoặc chéo trái-xuống bao nhiêu ô cũng được (ít nhất một); ai đến lượt mà Hậu \
                 đã ở (0, 0) thì thua. Liệt kê mọi ô \"thắng\" của bài giảng (G = 0: người phải đi \
                 từ đó thua)."
            ),
        }
    }

    fn how_to_answer(&self) -> String {
        match self {
            QueenProblem::Move { .. } => "Ghi ô mà Hậu đi tới, ví dụ `(2, 1)`.".into(),
            QueenProblem::Positions { .. } => {
                "Ghi các ô dạng `(p, q)`, cách nhau bởi dấu phẩy, ví dụ `(0, 0), (1, 2)`.".into()
            }
        }
    }

    fn expected(&self) -> Expected {
        match *self {
            QueenProblem::Move { cell, .. } => Expected::AnyOf(
                grundy::queen_winning_targets(cell)
                    .into_iter()
                    .map(grundy::cell_text)
                    .collect(),
            ),
            QueenProblem::Positions { side } => Expected::Set(
                grundy::queen_p_positions(side)
                    .into_iter()
                    .map(grundy::cell_text)
                    .collect(),
            ),
        }
    }

    fn check(&self, a: &Answer) -> Check {
        match *self {
            QueenProblem::Move { cell, .. } => grundy::grade_queen_move(cell, a),
            QueenProblem::Positions { side } => grundy::grade_queen(side, a),
        }
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let steps = match *self {
            QueenProblem::Move { cell, .. } => grundy::queen_move_steps(cell),
            QueenProblem::Positions { side } => grundy::queen_steps(side),
        };
        (steps, drawn(|| crate::plot::queen_outcomes(self.side())))
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        match *self {
            QueenProblem::Positions { side } => {
                Ok(Some(crate::plot::queen_rounds(side, 0, false)?))
            }
            // Bài nước đi chỉ có chữ: hình các ô thắng sẽ lộ đáp án.
            QueenProblem::Move { .. } => Ok(None),
        }
    }

    fn key_data(&self) -> String {
        match *self {
            QueenProblem::Positions { side } => side.to_string(),
            QueenProblem::Move { side, cell } => format!("{side}|{cell:?}"),
        }
    }
}

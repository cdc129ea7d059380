//! Họ bài **nước thắng trong Tô màu** (chương 5): một dải đang chơi dở, đề,
//! cách trả lời, đáp án, bộ chấm (ở `grundy_problems`), lời giải và hình.

use super::answer::Answer;
use super::family::Family;
use super::feedback::Check;
use super::grundy_problems as grundy;
use super::kind::Kind;
use super::level::Level;
use super::problem::Expected;
use super::solution::drawn;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;

/// Dải Tô màu đang chơi dở (`true`: ô đã tô).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ToMauProblem(pub(crate) Vec<bool>);

impl Family for ToMauProblem {
    fn kinds() -> Vec<Kind> {
        vec![Kind::ToMauMove]
    }

    fn generate(kind: Kind, level: Level, rng: &mut SplitMix64) -> Option<ToMauProblem> {
        (kind == Kind::ToMauMove).then(|| ToMauProblem(grundy::random_to_mau(rng, level)))
    }

    fn kind(&self) -> Kind {
        Kind::ToMauMove
    }

    fn statement(&self) -> String {
        let n = self.0.len();
        let painted = match grundy::painted_text(&self.0) {
            p if p.is_empty() => "còn trống cả".to_string(),
            p => format!("các ô đã tô: {p}"),
        };
        format!(
            "Tô màu: dải {n} ô (đánh số 1…{n} từ trái sang), {painted}; mỗi lượt tô 2 \
             hoặc 3 ô liền nhau còn trống; ai đến lượt mà không tô được thì thua. Người \
             đến lượt có nước thắng: tô những ô nào?"
        )
    }

    fn how_to_answer(&self) -> String {
        "Ghi ô đầu và ô cuối được tô, ví dụ `4–5`.".into()
    }

    fn expected(&self) -> Expected {
        Expected::AnyOf(
            grundy::to_mau_winning(&self.0)
                .iter()
                .map(|(a, b)| format!("{a}–{b}"))
                .collect(),
        )
    }

    fn check(&self, answer: &Answer) -> Check {
        grundy::grade_to_mau_move(&self.0, answer)
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        (
            grundy::to_mau_steps(&self.0),
            drawn(|| crate::plot::to_mau_strip(&self.0)),
        )
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Ok(Some(crate::plot::to_mau_strip(&self.0)?))
    }

    fn key_data(&self) -> String {
        format!("{}|{}", self.0.len(), grundy::painted_text(&self.0))
    }
}

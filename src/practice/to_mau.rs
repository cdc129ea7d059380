//! Họ bài **nước thắng trong Tô màu** (chương 5): một dải đang chơi dở, đề,
//! cách trả lời, đáp án, bộ chấm, lời giải và hình.

use super::answer::{numbers_in, Answer};
use super::check::{Check, Graded, Unreadable};
use super::expected::{list, Expected};
use super::family::{Family, OneAsk};
use super::feedback::MistakeKind;
use super::level::{Level, Topic};
use super::solution::drawn;
use super::Problem;
use crate::grundy::games::to_mau::{segments, strip_grundy, to_mau_values, winning_moves, ToMau};
use crate::grundy::ImpartialGame;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;

/// Dải Tô màu đang chơi dở (`true`: ô đã tô).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ToMauProblem(pub(crate) Vec<bool>);

impl Problem {
    /// Dải Tô màu (`true`: ô đã tô), với bài Tô màu.
    pub fn strip(&self) -> Option<&[bool]> {
        self.family_as::<ToMauProblem>().map(|t| t.0.as_slice())
    }
}

impl OneAsk for ToMauProblem {
    const NAMES: (&'static str, &'static str, Topic) =
        ("to-mau", "nước thắng trong Tô màu", Topic::Grundy);

    /// Một dải Tô màu đang chơi dở mà người đến lượt thắng: dải 6–9 ô (dễ, có thể
    /// còn trống cả), 8–13 ô (vừa) hay 12–18 ô (khó), đã tô 0–1, 1–2 hay 1–3 nước.
    fn random(rng: &mut SplitMix64, level: Level) -> ToMauProblem {
        let (sizes, plies) = ([(6, 9), (8, 13), (12, 18)], [(0, 1), (1, 2), (1, 3)]);
        let ((lo, hi), (p_lo, p_hi)) = (level.pick(sizes), level.pick(plies));
        let g = to_mau_values(hi as usize + 1).unwrap_or_default();
        loop {
            let n = rng.range(lo, hi) as usize;
            let mut strip = vec![false; n];
            for _ in 0..rng.range(p_lo, p_hi) {
                let moves = ToMau.moves(&strip);
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.range(0, moves.len() as i64 - 1) as usize];
                strip = ToMau.play(&strip, &m);
            }
            if strip_grundy(&strip, &g).is_ok_and(|x| x != 0) {
                return ToMauProblem(strip);
            }
        }
    }
}

impl Family for ToMauProblem {
    fn statement(&self) -> String {
        let n = self.0.len();
        let painted = match painted_text(&self.0) {
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
        let moves = to_mau_winning(&self.0).into_iter();
        Expected::AnyOf(moves.map(|(a, b)| format!("{a}–{b}")).collect())
    }

    /// Câu trả lời là các ô tô (đánh số từ 1), ví dụ `4–5`.
    fn check(&self, answer: &Answer) -> Graded {
        let strip = &self.0;
        let n = strip.len();
        let [a, b] = numbers_in(&answer.joined())[..] else {
            return Err(Unreadable(
                "cần hai số: ô đầu và ô cuối bạn tô (đánh số từ 1), ví dụ `4–6`".into(),
            ));
        };
        let (a, b) = (a.min(b), a.max(b));
        let len = b + 1 - a;
        let inside = a >= 1 && b <= n as u64;
        let free = inside && strip[a as usize - 1..b as usize].iter().all(|&c| !c);
        if !inside || !(2..=3).contains(&len) || !free {
            let why = if !inside {
                format!("dải chỉ có các ô 1…{n}")
            } else if !(2..=3).contains(&len) {
                format!("ô {a}–{b} là {len} ô, mỗi lượt tô 2 hoặc 3 ô")
            } else {
                format!("trong các ô {a}–{b} có ô đã tô ({})", painted_text(strip))
            };
            return Check::wrong(
                MistakeKind::IllegalMove,
                format!(
                    "Nước tô không hợp lệ: mỗi lượt tô 2 hoặc 3 ô liền nhau còn trống ({why})."
                ),
                format!("Không hợp lệ: {why}."),
            );
        }
        let (a, b) = (a as usize, b as usize);
        let g = to_mau_values(n + 1).unwrap_or_default();
        let after = painted(strip, a, b);
        let x = strip_grundy(&after, &g).unwrap_or(1);
        let left = segments_text(&after, &g);
        if x == 0 {
            return Check::right(format!(
                "Tô ô {a}–{b} để lại {left}: XOR = 0, đối thủ phải đi từ một thế thua."
            ));
        }
        Check::wrong(
            MistakeKind::NotWinningMove,
            "Nước này chưa thắng: các đoạn còn trống sau nước của bạn có XOR các G khác 0 (mỗi đoạn \
             trống là một trò chơi riêng, cả dải là tổng của chúng).",
            format!(
                "Tô ô {a}–{b} để lại {left}: XOR = {x} ≠ 0. G(k) của một đoạn k ô trống: {}.",
                g_text(&g, 0..=n)
            ),
        )
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let strip = &self.0;
        let n = strip.len();
        let g = to_mau_values(n + 1).unwrap_or_default();
        let total = strip_grundy(strip, &g).unwrap_or(0);
        let mut steps = vec![
            format!(
                "G của một đoạn k ô trống (tô 2 hay 3 ô ở giữa tách nó thành hai đoạn): {}.",
                g_text(&g, 0..=n)
            ),
            format!(
                "Dải hiện có {}: XOR = {total} ≠ 0, người đến lượt thắng.",
                segments_text(strip, &g)
            ),
        ];
        for (a, b) in to_mau_winning(strip) {
            let left = segments_text(&painted(strip, a, b), &g);
            steps.push(format!("Tô ô {a}–{b}: còn {left}, XOR = 0."));
        }
        (steps, drawn(|| crate::plot::to_mau_strip(strip)))
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Ok(Some(crate::plot::to_mau_strip(&self.0)?))
    }

    fn numbers(&self) -> Vec<u32> {
        vec![self.0.len() as u32]
    }
}

// --- Sinh bài, chấm, lời giải ----------------------------------------------------

/// Các đoạn đã tô, đánh số ô từ 1: "3–4, 8–10" (rỗng nếu dải còn trống).
fn painted_text(strip: &[bool]) -> String {
    let (mut parts, mut start) = (Vec::new(), 0);
    for run in strip.chunk_by(|a, b| a == b) {
        if run[0] {
            parts.push(format!("{}–{}", start + 1, start + run.len()));
        }
        start += run.len();
    }
    parts.join(", ")
}

/// Độ dài các đoạn còn trống, từ trái sang.
fn segments_text(strip: &[bool], g: &[u32]) -> String {
    let segs = segments(strip);
    let (lengths, values) = (list(&segs), g_text(g, segs.iter().copied()));
    format!("các đoạn trống dài {lengths} ({values})")
}

/// "G(k) = …" của các đoạn dài `lengths`.
fn g_text(g: &[u32], lengths: impl IntoIterator<Item = usize>) -> String {
    list(lengths.into_iter().map(|k| format!("G({k}) = {}", g[k])))
}

/// Dải sau khi tô các ô `a`…`b` (đánh số từ 1).
fn painted(strip: &[bool], a: usize, b: usize) -> Vec<bool> {
    let mut after = strip.to_vec();
    after[a - 1..b].iter_mut().for_each(|c| *c = true);
    after
}

/// Các nước thắng trên dải `strip`, viết `(ô đầu, ô cuối)` (đánh số ô từ 1).
fn to_mau_winning(strip: &[bool]) -> Vec<(usize, usize)> {
    let g = to_mau_values(strip.len() + 1).unwrap_or_default();
    let paints = winning_moves(strip, &g).unwrap_or_default().into_iter();
    paints.map(|p| (p.start + 1, p.start + p.len)).collect()
}

//! Họ bài **nước thắng trong Bốc sỏi** (chương 5, luật của bài giảng): thế
//! hai đống, đề, cách trả lời, đáp án, bộ chấm và lời giải ở một tệp
//! ([`BocSoiProblem`]).

use super::answer::{numbers_in, Answer};
use super::check::{Check, Graded, Unreadable};
use super::expected::{joined, Expected};
use super::family::{Family, OneAsk};
use super::feedback::MistakeKind;
use super::level::{Level, Topic};
use crate::grundy::games::boc_soi::BocSoi;
use crate::grundy::ImpartialGame;
use crate::plot::Figure;
use crate::random::SplitMix64;

/// Bài nước thắng trong Bốc sỏi từ thế hai đống (m, n).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BocSoiProblem(pub(crate) u32, pub(crate) u32);

impl BocSoiProblem {
    /// Bảng G(a, b) của mọi thế a ≤ m, b ≤ n (của thư viện).
    fn table(&self) -> Vec<Vec<u32>> {
        BocSoi::default().table(self.0, self.1).unwrap_or_default()
    }

    /// Các thế sau nước thắng, viết `(a, b)`.
    fn targets(&self) -> Vec<String> {
        let (game, pos) = (BocSoi::default(), (self.0, self.1));
        let winning = game.winning_moves(&self.table(), pos).unwrap_or_default();
        let after = winning.iter().map(|mv| game.play(&pos, mv));
        after.map(|(a, b)| format!("({a}, {b})")).collect()
    }
}

impl OneAsk for BocSoiProblem {
    const NAMES: (&'static str, &'static str, Topic) =
        ("boc-soi", "nước thắng trong Bốc sỏi", Topic::Grundy);

    /// Một thế (m, n) mà người đi trước thắng; mỗi đống tới 5 (dễ), 8 (vừa) hay
    /// 12 viên (khó).
    fn random(rng: &mut SplitMix64, level: Level) -> BocSoiProblem {
        let top = level.pick([5, 8, 12]);
        let table = BocSoi::default().table(top, top).unwrap_or_default();
        loop {
            let (m, n) = (rng.range(1, top.into()), rng.range(1, top.into()));
            if table[m as usize][n as usize] != 0 {
                return BocSoiProblem(m as u32, n as u32);
            }
        }
    }
}

impl Family for BocSoiProblem {
    fn statement(&self) -> String {
        let (m, n) = (self.0, self.1);
        format!(
            "Bốc sỏi (luật của bài giảng: mỗi lượt bốc 1–4 viên ở một đống, hoặc cùng một số \
             viên 1–3 ở cả hai đống; ai không bốc được thì thua). Hai đống ({m}, {n}); người đến \
             lượt có nước thắng: ghi thế hai đống sau nước thắng ấy."
        )
    }

    fn how_to_answer(&self) -> String {
        "Ghi thế sau nước đi, ví dụ `(3, 2)`.".into()
    }

    /// Một trong các thế sau nước thắng.
    fn expected(&self) -> Expected {
        Expected::AnyOf(self.targets())
    }

    /// Câu trả lời là thế (m′, n′) sau nước đi.
    fn check(&self, answer: &Answer) -> Graded {
        let [a, b] = numbers_in(&answer.joined())[..] else {
            return Err(Unreadable(
                "cần hai số: số sỏi của hai đống sau nước đi của bạn, ví dụ `(3, 2)`".into(),
            ));
        };
        let (m, n) = (self.0, self.1);
        let next = BocSoi::default().successors(&(m, n));
        let typed = |&(p, q): &(u32, u32)| (u64::from(p), u64::from(q)) == (a, b);
        let Some((a, b)) = next.into_iter().find(typed) else {
            return Check::wrong(
                MistakeKind::IllegalMove,
                "Không đi được tới thế đó bằng một nước: mỗi lượt bốc 1–4 viên ở một đống, hoặc cùng 1–3 viên ở cả hai đống.",
                format!("Từ ({m}, {n}) không có nước nào tới ({a}, {b}): số viên bốc ở mỗi đống không khớp luật."),
            );
        };
        let table = self.table();
        let g = table[a as usize][b as usize];
        if g == 0 {
            return Check::right(format!(
                "G({a}, {b}) = 0: đối thủ phải đi từ một thế thua (thế P)."
            ));
        }
        Check::wrong(
            MistakeKind::NotWinningMove,
            "Nước này chưa thắng: thế bạn để lại cho đối thủ có G khác 0.",
            format!(
                "G({a}, {b}) = {g} ≠ 0 (tính bảng G từ (0, 0) lên: G = mex của G các thế đi tới được). \
                 G({m}, {n}) = {}, và có {} thế có G = 0 đi tới được.",
                table[m as usize][n as usize],
                self.targets().len()
            ),
        )
    }

    /// Bảng G từ (0, 0) lên, rồi các nước tới thế G = 0.
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let (m, n) = (self.0, self.1);
        let table = self.table();
        let mut steps =
            vec!["Bảng G(a, b) tính từ (0, 0) lên: G = mex của G các thế đi tới được.".to_string()];
        for (a, row) in table.iter().enumerate() {
            steps.push(format!("a = {a}: {}", joined(row, " ")));
        }
        steps.push(format!(
            "G({m}, {n}) = {} ≠ 0; các nước thắng dẫn tới thế có G = 0: {}.",
            table[m as usize][n as usize],
            self.targets().join(", ")
        ));
        (steps, None)
    }

    fn numbers(&self) -> Vec<u32> {
        vec![self.0, self.1]
    }
}

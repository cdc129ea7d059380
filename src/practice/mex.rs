//! Họ bài **mex của một tập** (chương 5): tập số, đề, đáp án, bộ chấm và lời
//! giải ở một tệp ([`MexProblem`]).

use super::answer::{set_text, Answer};
use super::check::{Check, Graded};
use super::expected::{list, Expected};
use super::family::{Family, OneAsk};
use super::feedback::MistakeKind;
use super::level::{Level, Topic};
use super::Problem;
use crate::grundy::mex;
use crate::plot::Figure;
use crate::random::SplitMix64;

/// Bài mex của một tập (có thể lặp số).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MexProblem(pub(crate) Vec<u32>);

impl MexProblem {
    fn mex(&self) -> u32 {
        mex(self.0.iter().copied())
    }
}

impl Problem {
    /// Bài mex của tập `values` (số tự nhiên nhỏ nhất **không** có trong tập,
    /// chương 5); giữ trong một biến để bài nhớ số lần sai.
    ///
    /// ```
    /// use caytrochoi::practice::Problem;
    /// let bai = Problem::on_set(&[1, 4, 0, 1]);
    /// assert_eq!(bai.answer_text(), "2");
    /// assert!(!bai.check("?").answered());
    /// let f = bai.check(3);
    /// assert!(!f.ok() && f.message.contains("nhỏ hơn 3"));
    /// assert!(bai.check(2).ok());
    /// ```
    pub fn on_set(values: &[u32]) -> Problem {
        Problem::given(MexProblem(values.to_vec()))
    }
}

impl OneAsk for MexProblem {
    const NAMES: (&'static str, &'static str, Topic) = ("mex", "mex của một tập", Topic::Grundy);

    /// Một tập nhỏ (có thể lặp số); mex thường khác 0.
    fn random(rng: &mut SplitMix64, level: Level) -> MexProblem {
        let ((lo, hi), top) = level.pick([((3, 4), 4), ((4, 5), 6), ((5, 7), 9)]);
        let len = rng.range(lo, hi);
        loop {
            let v: Vec<u32> = (0..len).map(|_| rng.range(0, top) as u32).collect();
            if mex(v.iter().copied()) > 0 || rng.range(0, 5) == 0 {
                return MexProblem(v);
            }
        }
    }
}

impl Family for MexProblem {
    fn statement(&self) -> String {
        let set = set_text(&self.0);
        format!("Tính mex{set}: số tự nhiên nhỏ nhất không có trong tập.")
    }

    fn how_to_answer(&self) -> String {
        "Ghi một số tự nhiên, ví dụ `3`.".into()
    }

    fn expected(&self) -> Expected {
        Expected::Number(f64::from(self.mex()))
    }

    fn check(&self, answer: &Answer) -> Graded {
        let x = answer.single_natural("một số tự nhiên")?;
        let m = self.mex();
        let set = set_text(&self.0);
        let have = if m == 0 {
            "0 không có trong tập".to_string()
        } else {
            format!("{} đều có trong tập, {m} thì không", list(0..m))
        };
        if x == u64::from(m) {
            return Check::right(format!("mex{set} = {m}: {have}."));
        }
        if self.0.contains(&(x as u32)) {
            return Check::wrong(
                MistakeKind::MexPresent,
                format!("{x} có trong tập: mex là số tự nhiên nhỏ nhất KHÔNG có trong tập."),
                format!("{x} có trong tập {set}. Xét lần lượt 0, 1, 2, …: {have}."),
            );
        }
        Check::wrong(
            MistakeKind::MexTooLarge,
            format!("Còn một số tự nhiên nhỏ hơn {x} không có trong tập."),
            format!("Xét lần lượt 0, 1, 2, … trong {set}: {have}."),
        )
    }

    /// 0, 1, … có trong tập, cho tới số đầu tiên vắng mặt.
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let m = self.mex();
        let mut steps: Vec<String> = (0..m).map(|k| format!("{k} có trong tập.")).collect();
        steps.push(format!("{m} không có trong tập, nên mex = {m}."));
        (steps, None)
    }

    fn numbers(&self) -> Vec<u32> {
        self.0.clone()
    }
}

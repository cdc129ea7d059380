//! Dạng bài **mex của một tập** (chương 5): tập số, đề, đáp án, bộ chấm và lời
//! giải ở một tệp ([`MexProblem`]).

use super::answer::set_text;
use super::answer::{parse_integer, Answer};
use super::family::{Family, KindInfo};
use super::feedback::{Check, Mistake, MistakeKind};
use super::kind::Kind;
use super::level::{Level, Topic};
use super::problem::Expected;
use crate::grundy::mex;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;

/// Cách viết câu trả lời.
pub(crate) const HOW: &str = "Ghi một số tự nhiên, ví dụ `3`.";

/// Một tập nhỏ (có thể lặp số) cho bài mex; mex thường khác 0.
pub(crate) fn random_set(rng: &mut SplitMix64, level: Level) -> Vec<u32> {
    let (len, top) = match level {
        Level::Easy => (rng.range(3, 4), 4),
        Level::Medium => (rng.range(4, 5), 6),
        Level::Hard => (rng.range(5, 7), 9),
    };
    loop {
        let v: Vec<u32> = (0..len).map(|_| rng.range(0, top) as u32).collect();
        if mex(v.iter().copied()) > 0 || rng.range(0, 5) == 0 {
            return v;
        }
    }
}

/// Đề bài.
pub(crate) fn statement(values: &[u32]) -> String {
    let s: Vec<String> = values.iter().map(u32::to_string).collect();
    format!(
        "Tính mex{{{}}}: số tự nhiên nhỏ nhất không có trong tập.",
        s.join(", ")
    )
}

/// Đáp án: mex của tập.
pub(crate) fn expected(values: &[u32]) -> Expected {
    Expected::Number(f64::from(mex(values.iter().copied())))
}

/// Chấm mex của `values`.
pub(crate) fn grade_mex(values: &[u32], answer: &Answer) -> Check {
    let [item] = answer.items() else {
        return Check::Unreadable("cần đúng một số tự nhiên".into());
    };
    let Some(x) = parse_integer(item).filter(|&v| v >= 0) else {
        return Check::Unreadable(format!("`{item}` không phải một số tự nhiên"));
    };
    let m = mex(values.iter().copied());
    let set = set_text(values);
    let present: Vec<String> = (0..m).map(|k| k.to_string()).collect();
    let have = if m == 0 {
        "0 không có trong tập".to_string()
    } else {
        format!("{} đều có trong tập, {m} thì không", present.join(", "))
    };
    if x == i64::from(m) {
        return Check::Right(format!("mex{set} = {m}: {have}."));
    }
    if values.contains(&(x as u32)) {
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::MexPresent,
            format!("{x} có trong tập: mex là số tự nhiên nhỏ nhất KHÔNG có trong tập."),
            format!("{x} có trong tập {set}. Xét lần lượt 0, 1, 2, …: {have}."),
        )]);
    }
    Check::Wrong(vec![Mistake::new(
        MistakeKind::MexTooLarge,
        format!("Còn một số tự nhiên nhỏ hơn {x} không có trong tập."),
        format!("Xét lần lượt 0, 1, 2, … trong {set}: {have}."),
    )])
}

/// Các bước của lời giải: 0, 1, … có trong tập, cho tới số đầu tiên vắng mặt.
pub(crate) fn steps(values: &[u32]) -> Vec<String> {
    let m = mex(values.iter().copied());
    let mut steps: Vec<String> = (0..m).map(|k| format!("{k} có trong tập.")).collect();
    steps.push(format!("{m} không có trong tập, nên mex = {m}."));
    steps
}

/// Bài mex của một tập (có thể lặp số).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MexProblem(pub(crate) Vec<u32>);

impl Family for MexProblem {
    fn kinds() -> Vec<KindInfo> {
        vec![KindInfo::new(Kind::Mex, "mex", "mex của một tập", Topic::Grundy)]
    }
    fn generate(kind: Kind, level: Level, rng: &mut SplitMix64) -> Option<MexProblem> {
        (kind == Kind::Mex).then(|| MexProblem(random_set(rng, level)))
    }
    fn kind(&self) -> Kind {
        Kind::Mex
    }
    fn statement(&self) -> String {
        statement(&self.0)
    }
    fn how_to_answer(&self) -> String {
        HOW.into()
    }
    fn expected(&self) -> Expected {
        expected(&self.0)
    }
    fn check(&self, answer: &Answer) -> Check {
        grade_mex(&self.0, answer)
    }
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        (steps(&self.0), None)
    }
    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Ok(None)
    }
    fn key_data(&self) -> String {
        format!("{:?}", self.0)
    }
}

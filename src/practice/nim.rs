//! Họ bài **Nim** (chương 5): các đống, điều bài hỏi ([`NimAsk`]), đề, cách trả
//! lời, đáp án, bộ chấm và lời giải ở một tệp ([`NimProblem`]).

use super::answer::{numbers_in, parse_outcome, Answer};
use super::check::{Check, Graded, Unreadable};
use super::error::PracticeError;
use super::expected::{joined, list, Expected};
use super::family::{named, only_in, Asks, Family, KindInfo};
use super::feedback::MistakeKind;
use super::level::{Level, Topic};
use super::Problem;
use crate::grundy::sum::{nim_sum, XorTable};
use crate::limits;
use crate::outcome::Outcome;
use crate::plot::Figure;
use crate::random::SplitMix64;

/// Điều bài Nim hỏi (dạng bài [`Kind::Nim`](super::Kind::Nim)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NimAsk {
    /// Người đến lượt thắng hay thua.
    Outcome,
    /// Một nước thắng (XOR các đống khác 0).
    Move,
}

/// Các đống Nim; `nonzero`: bắt buộc XOR khác 0 (người đi trước thắng).
fn random_piles(rng: &mut SplitMix64, level: Level, nonzero: bool) -> Vec<u32> {
    let (count, top) = match level {
        Level::Easy => (2, 10),
        Level::Medium => (3, 12),
        Level::Hard => (rng.range(3, 4), 15),
    };
    loop {
        let piles: Vec<u32> = (0..count).map(|_| rng.range(1, top) as u32).collect();
        if !nonzero || nim_sum(piles.iter().copied()) != 0 {
            return piles;
        }
    }
}

/// "7 ⊕ 9 ⊕ 12".
fn xor_text(piles: &[u32]) -> String {
    joined(piles, " ⊕ ")
}

/// Bài Nim: các đống và điều bài hỏi.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NimProblem {
    piles: Vec<u32>,
    ask: NimAsk,
}

impl NimProblem {
    /// Bảng XOR của các đống (của thư viện): S, và đống nào có nước thắng.
    fn table(&self) -> XorTable {
        XorTable::new(self.piles.iter().map(|&g| ("", g)))
    }

    /// Các nước thắng: đống thứ `i` (từ 0) còn `t` = g ⊕ S viên, khi t < g.
    fn winning_moves(&self) -> Vec<(usize, u32)> {
        let targets = self.table().targets().into_iter().enumerate();
        targets.filter_map(|(i, t)| Some((i, t?))).collect()
    }

    /// Chấm thế Nim: người đến lượt thắng (N) hay thua (P)?
    fn grade_outcome(&self, answer: &Answer) -> Graded {
        let text = answer.joined();
        let Some(o) = parse_outcome(&text) else {
            return Err(Unreadable(format!(
                "`{text}`: hãy trả lời `thắng` (N: người đến lượt thắng) hoặc `thua` (P)"
            )));
        };
        let s = self.table().total;
        let verdict = if s == 0 {
            "XOR bằng 0 nên người đến lượt thua (thế P — bài giảng gọi là trạng thái \"thắng\", vì người vừa đi vào đó thắng)"
        } else {
            "XOR khác 0 nên người đến lượt thắng (thế N) — có nước đưa XOR về 0"
        };
        let why = format!("{} = {s}: {verdict}", xor_text(&self.piles));
        if o == Outcome::from_grundy(s) {
            return Check::right(format!("{why}."));
        }
        Check::wrong(
            MistakeKind::OutcomeFlipped,
            "Chưa đúng: tổng các đống là tổng trò chơi, hãy tính XOR các kích thước đống (định lý Sprague–Grundy).",
            format!("Với Nim, G của một đống n viên là n. {why}."),
        )
    }

    /// Chấm một nước thắng trong Nim: câu trả lời là các đống **sau** nước đi.
    fn grade_move(&self, answer: &Answer) -> Graded {
        let piles = &self.piles;
        let after = numbers_in(&answer.joined());
        if after.len() != piles.len() {
            return Err(Unreadable(format!(
                "cần {} số: kích thước các đống sau nước đi của bạn, theo thứ tự",
                piles.len()
            )));
        }
        let moved = |&i: &usize| after[i] != u64::from(piles[i]);
        let changed: Vec<usize> = (0..piles.len()).filter(moved).collect();
        let (xor, s) = (xor_text(piles), self.table().total);
        let rule = format!(
            "S = {xor} = {s}; nước thắng đổi một đống g thành g ⊕ S (khi g ⊕ S < g) để XOR mới bằng 0."
        );
        let illegal = match changed[..] {
            [i] if after[i] < u64::from(piles[i]) => None,
            [] => Some("các đống không đổi: bạn chưa đi nước nào".to_string()),
            [i] => {
                let (k, from, to) = (i + 1, piles[i], after[i]);
                Some(format!(
                    "đống thứ {k} tăng từ {from} lên {to}: chỉ được bốc bớt"
                ))
            }
            _ => {
                let k = changed.len();
                Some(format!("{k} đống thay đổi: mỗi nước chỉ bốc ở một đống"))
            }
        };
        if let Some(why) = illegal {
            return Check::wrong(
                MistakeKind::IllegalMove,
                "Nước đi không hợp lệ: một nước Nim bốc bớt ít nhất một viên ở đúng một đống.",
                format!("Không hợp lệ: {why}. {rule}"),
            );
        }
        let new: Vec<u32> = after.iter().map(|&x| x as u32).collect();
        let (xor, t) = (xor_text(&new), nim_sum(new.iter().copied()));
        if t == 0 {
            return Check::right(format!(
                "Sau nước của bạn, {xor} = 0: đối thủ đi gì cũng để lại XOR khác 0, và bạn lại đưa được về 0."
            ));
        }
        Check::wrong(
            MistakeKind::NotWinningMove,
            "Nước này chưa thắng: sau nước của bạn XOR các đống vẫn khác 0, đối thủ còn nước thắng.",
            format!("Sau nước của bạn, {xor} = {t} ≠ 0. {rule}"),
        )
    }
}

impl Problem {
    /// Bài Nim với các đống `piles`: `ask` là [`NimAsk::Outcome`] (thắng hay
    /// thua) hoặc [`NimAsk::Move`] (một nước thắng; XOR các đống phải khác 0).
    /// Nước đi ghi bằng kích thước các đống **sau** nước đi, theo thứ tự.
    ///
    /// ```
    /// use caytrochoi::practice::{NimAsk, Problem};
    /// let bai = Problem::on_piles(&[3, 4, 5], NimAsk::Move).unwrap();
    /// let f = bai.check("3, 4, 1");
    /// assert!(!f.ok() && f.message.contains("XOR"));
    /// assert!(bai.check("1, 4, 5").ok());
    /// ```
    pub fn on_piles(piles: &[u32], ask: NimAsk) -> Result<Problem, PracticeError> {
        if piles.is_empty() || piles.len() > limits::PRACTICE_NIM_PILES {
            return Err(PracticeError::Invalid(format!(
                "Nim cần từ 1 đến {} đống (gặp {})",
                limits::PRACTICE_NIM_PILES,
                piles.len()
            )));
        }
        if ask == NimAsk::Move && nim_sum(piles.iter().copied()) == 0 {
            return Err(PracticeError::Invalid(format!(
                "Các đống {} có XOR = 0: không có nước thắng — nước nào cũng để lại XOR khác 0 \
                 cho đối thủ.",
                list(piles)
            )));
        }
        let piles = piles.to_vec();
        Ok(Problem::given(NimProblem { piles, ask }))
    }
}

impl Asks for NimProblem {
    type Ask = NimAsk;

    fn asks() -> Vec<(NimAsk, KindInfo)> {
        let all = [
            (NimAsk::Outcome, "nim", "thế Nim thắng hay thua"),
            (NimAsk::Move, "nuoc-nim", "nước thắng trong Nim"),
        ];
        named(Topic::Grundy, &all)
    }

    fn in_topic(topic: Topic, _: Level) -> Vec<NimAsk> {
        only_in(topic, Topic::Grundy, vec![NimAsk::Outcome, NimAsk::Move])
    }

    fn generate(ask: NimAsk, level: Level, rng: &mut SplitMix64) -> NimProblem {
        let piles = random_piles(rng, level, ask == NimAsk::Move);
        NimProblem { piles, ask }
    }

    fn ask(&self) -> NimAsk {
        self.ask
    }
}

impl Family for NimProblem {
    fn statement(&self) -> String {
        let question = match self.ask {
            NimAsk::Outcome => "Người đến lượt đi sẽ thắng hay thua, nếu cả hai chơi giỏi?",
            NimAsk::Move => {
                "Người đến lượt có nước thắng: hãy chỉ ra một nước thắng bằng cách ghi các \
                 đống sau nước đi ấy."
            }
        };
        format!(
            "Nim với các đống {} viên: mỗi lượt bốc bớt ít nhất một viên ở một đống; ai đến lượt \
             mà không bốc được thì thua. {question}",
            list(&self.piles)
        )
    }

    fn how_to_answer(&self) -> String {
        match self.ask {
            NimAsk::Outcome => "Ghi `thắng` hoặc `thua`.".into(),
            NimAsk::Move => {
                "Ghi kích thước các đống sau nước đi, theo thứ tự, ví dụ `3, 5, 6`.".into()
            }
        }
    }

    fn expected(&self) -> Expected {
        match self.ask {
            NimAsk::Outcome => Expected::Outcome(Outcome::from_grundy(self.table().total)),
            NimAsk::Move => {
                let after = self.winning_moves().into_iter().map(|(i, t)| {
                    let mut q = self.piles.clone();
                    q[i] = t;
                    list(&q)
                });
                Expected::AnyOf(after.collect())
            }
        }
    }

    fn check(&self, answer: &Answer) -> Graded {
        match self.ask {
            NimAsk::Outcome => self.grade_outcome(answer),
            NimAsk::Move => self.grade_move(answer),
        }
    }

    /// XOR từng cột bit, rồi nước đưa XOR về 0.
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let (p, table) = (&self.piles, self.table());
        let (s, width) = (table.total, table.bits() as usize);
        let binary = |x: &u32| format!("{x:>2} = {x:0width$b} (nhị phân)");
        let mut steps: Vec<String> = p.iter().map(binary).collect();
        steps.push(format!(
            "XOR từng cột bit: {} = {s} ({s:0width$b}).",
            xor_text(p)
        ));
        if s == 0 {
            steps.push(
                "XOR bằng 0: mọi nước đi đều làm XOR khác 0, nên người đến lượt thua (thế P)."
                    .into(),
            );
        } else {
            steps.push("XOR khác 0: người đến lượt thắng (thế N) bằng nước đưa XOR về 0.".into());
            for (i, t) in self.winning_moves() {
                let (x, k) = (p[i], i + 1);
                steps.push(format!(
                    "Đống thứ {k}: {x} ⊕ {s} = {t} < {x}, nên bốc {} viên để còn {t}.",
                    x - t
                ));
            }
        }
        (steps, None)
    }

    fn numbers(&self) -> Vec<u32> {
        self.piles.clone()
    }
}

//! Một bài luyện tập: hạt giống, mức, chương và **một** giá trị họ bài
//! ([`AnyFamily`]: cây, mex, đồ thị, Nim, Bốc sỏi, Tô màu, quân Hậu, Dodgem,
//! biểu thức…). Mỗi câu hỏi về bài (đề, cách trả lời, đáp án, chấm, lời giải,
//! hình, khóa) là một lời gọi sang họ ấy; phần chung ở đây là chấm có bậc, tiêu
//! đề và HTML. Bài sinh ngẫu nhiên, bài cố định của sách và bài tính biểu thức
//! ([`Problem::on_expr`]) đều là một `Problem`: mọi nơi (notebook, dòng lệnh,
//! trang luyện tập) gọi thẳng những hàm này.

use super::answer::Answer;
use super::check::{Check, Unreadable};
pub use super::expected::Expected;
use super::family::Member;
use super::feedback::Feedback;
use super::level::{Level, Topic};
use super::solution::Solution;
use super::tries::Tries;
use super::{AnyFamily, Kind};
use crate::plot::text::escape;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;
use std::fmt;

/// Một bài luyện tập.
///
/// ```
/// use caytrochoi::practice::{Kind, Level, Problem, Topic};
/// let bai = Problem::generate(2024, Level::Medium, Topic::AlphaBeta);
/// assert_eq!(bai, Problem::generate(2024, Level::Medium, Topic::AlphaBeta)); // cùng hạt giống, cùng bài
/// // Đáp án đúng được nhận; lần sai đầu chỉ nói loại lỗi.
/// assert!(bai.grade(bai.answer_text(), 0).ok());
/// ```
#[derive(Debug, Clone)]
pub struct Problem {
    seed: Option<u64>,
    level: Level,
    topic: Topic,
    /// Dữ liệu và điều bài hỏi.
    family: AnyFamily,
    /// Số lần đã trả lời sai qua [`Problem::check`] (không thuộc về đề bài).
    tries: Tries,
}

/// Hai bài bằng nhau khi cùng đề (số lần đã thử không tính).
impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        (self.seed, self.level, self.topic) == (other.seed, other.level, other.topic)
            && self.family == other.family
    }
}

impl Problem {
    /// Một bài mới của chương `topic`, mức `level`, từ hạt giống `seed`: cùng ba
    /// thứ ấy thì luôn cùng một bài, ở mọi nơi (notebook, dòng lệnh, sách).
    pub fn generate(seed: u64, level: Level, topic: Topic) -> Problem {
        let kinds = Kind::of_topic(topic, level);
        let mut rng = SplitMix64::new(seed);
        let kind = kinds[rng.range(0, kinds.len() as i64 - 1) as usize];
        Problem::build(seed, level, topic, kind, &mut rng)
    }

    /// Một bài mới của dạng `kind`.
    pub fn generate_kind(seed: u64, level: Level, kind: Kind) -> Problem {
        let mut rng = SplitMix64::new(seed ^ 0x0005_eed0_fba1);
        Problem::build(seed, level, kind.topic(), kind, &mut rng)
    }

    fn build(seed: u64, level: Level, topic: Topic, kind: Kind, rng: &mut SplitMix64) -> Problem {
        Problem {
            seed: Some(seed),
            level,
            topic,
            family: AnyFamily::generate(kind, level, rng),
            tries: Tries::default(),
        }
    }

    /// Bài của họ `T`, nếu bài này thuộc họ ấy.
    pub(crate) fn family_as<T: Member>(&self) -> Option<&T> {
        T::of(&self.family)
    }

    /// Một bài cho sẵn (không có hạt giống).
    pub(crate) fn given(family: impl Into<AnyFamily>) -> Problem {
        let family = family.into();
        Problem {
            seed: None,
            level: Level::Medium,
            topic: family.kind().topic(),
            family,
            tries: Tries::default(),
        }
    }

    // --- Đọc ------------------------------------------------------------------

    /// Hạt giống (`None` với bài cho sẵn).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Mức.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Chương.
    pub fn topic(&self) -> Topic {
        self.topic
    }

    /// Dạng bài.
    pub fn kind(&self) -> Kind {
        self.family.kind()
    }

    /// Các số của bài: tập (mex), các đống (Nim), hai đống (Bốc sỏi), số ô (Tô
    /// màu), cạnh bàn cờ (quân Hậu; với bài nước đi: cạnh, rồi ô p, q của Hậu).
    pub fn numbers(&self) -> Vec<u32> {
        self.family.get().numbers()
    }

    /// Khóa nhận diện bài (để đếm số lần thử).
    pub fn key(&self) -> String {
        format!("{}|{}", self.kind().code(), self.family.get().key_data())
    }

    // --- Đề bài ------------------------------------------------------------------

    /// Tiêu đề: chương, mức, hạt giống, dạng bài.
    pub fn title(&self) -> String {
        let seed = self
            .seed
            .map_or(String::new(), |s| format!(" · hạt giống {s}"));
        let (chapter, level, kind) = (self.topic.number(), self.level, self.kind());
        format!("Chương {chapter} · mức {level}{seed} — {kind}")
    }

    /// Đề bài bằng lời.
    pub fn statement(&self) -> String {
        self.family.get().statement()
    }

    /// Cách viết câu trả lời.
    pub fn how_to_answer(&self) -> String {
        self.family.get().how_to_answer()
    }

    // --- Hình -----------------------------------------------------------------------

    /// Hình của đề (cây, đồ thị, bàn cờ); `None` với bài chỉ có chữ số.
    pub fn figure(&self) -> Result<Option<Figure>, PlotError> {
        self.family.get().figure()
    }

    // --- Đáp án, chấm, lời giải ------------------------------------------------------

    /// Đáp án đúng (do thư viện tính).
    pub fn expected(&self) -> Expected {
        self.family.get().expected()
    }

    /// Đáp án viết đúng dạng bộ chấm nhận.
    pub fn answer_text(&self) -> String {
        self.expected().text()
    }

    /// Chấm câu trả lời `answer`, biết sinh viên đã sai `wrong_before` lần: hàm
    /// thuần, không nhớ gì. Sai lần 1: loại lỗi; lần 2: nút và phép so sánh; từ
    /// lần 3: kèm lời giải đầy đủ.
    pub fn grade(&self, answer: impl Into<Answer>, wrong_before: u32) -> Feedback {
        let a = answer.into();
        if a.is_blank() {
            return Feedback::blank(&self.how_to_answer());
        }
        match self.family.get().check(&a) {
            Ok(Check::Right(m)) => Feedback::correct(m),
            Err(Unreadable(why)) => Feedback::unreadable(&why, &self.how_to_answer()),
            Ok(Check::Wrong(mistakes)) => {
                Feedback::wrong(mistakes, wrong_before + 1, || self.solution())
            }
        }
    }

    /// Chấm và nhớ số lần sai **của bài này**: mỗi lần gọi với câu trả lời sai,
    /// lời gợi ý lên một bậc; trả lời đúng thì đếm lại từ đầu. Trong notebook,
    /// giữ bài trong một biến (`let bai = …`) rồi chạy lại ô `bai.check(…)`.
    ///
    /// ```
    /// use caytrochoi::practice::Problem;
    /// let bieu_thuc = Problem::on_expr("5 + 2 × 3 − 4").unwrap();
    /// assert!(bieu_thuc.statement().contains("5 + 2 × 3 − 4"));
    /// assert_eq!(bieu_thuc.answer_text(), "7");
    /// // Chấm thuần (không nhớ gì) và chấm có nhớ trên chính bài:
    /// assert!(!bieu_thuc.grade("9", 0).ok());
    /// assert_eq!(bieu_thuc.check(9).tries, 1);
    /// assert_eq!(bieu_thuc.check(9).tries, 2);
    /// assert_eq!(bieu_thuc.wrong_tries(), 2);
    /// assert_eq!(bieu_thuc.check(7).tries, 0);
    /// assert_eq!(bieu_thuc.wrong_tries(), 0);
    /// ```
    pub fn check(&self, answer: impl Into<Answer>) -> Feedback {
        let answer = answer.into();
        self.tries
            .check(|wrong_before| self.grade(answer, wrong_before))
    }

    /// Số lần đã trả lời sai qua [`Problem::check`].
    pub fn wrong_tries(&self) -> u32 {
        self.tries.count()
    }

    /// Lời giải đầy đủ: đáp án, các bước, hình.
    pub fn solution(&self) -> Solution {
        let answer = match self.expected() {
            Expected::AnyOf(v) if v.len() > 1 => format!("{} (hoặc {})", v[0], v[1..].join(", ")),
            e => e.text(),
        };
        let (steps, figure) = self.family.get().steps();
        Solution {
            answer,
            steps,
            figure,
        }
    }

    // --- Hiển thị -----------------------------------------------------------------

    /// Đề bài dạng HTML (tiêu đề, lời, hình, cách trả lời) cho notebook.
    pub fn to_html(&self) -> String {
        let mut h = format!(
            "<div style=\"font-family:sans-serif;line-height:1.45\"><h4 style=\"margin:4px 0\">{}</h4><p>{}</p>",
            escape(&self.title()),
            super::solution::inline_html(&self.statement())
        );
        if let Ok(Some(f)) = self.figure() {
            h.push_str(&format!("<div style=\"overflow-x:auto\">{}</div>", f.svg()));
        }
        h.push_str(&format!(
            "<p><i>{}</i> Trả lời bằng <code>.check(\"…\")</code>; xem lời giải bằng <code>.solution()</code>.</p></div>",
            super::solution::inline_html(&self.how_to_answer())
        ));
        h
    }

    /// Hiện đề bài trong notebook evcxr.
    pub fn evcxr_display(&self) {
        crate::display::emit("text/html", &self.to_html());
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (title, statement, how) = (self.title(), self.statement(), self.how_to_answer());
        write!(f, "{title}\n{statement}\n{how}")
    }
}

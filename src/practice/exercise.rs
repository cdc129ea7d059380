//! Một bài tập chấm được, dù là bài sinh ngẫu nhiên ([`Problem`](super::Problem)),
//! bài cố định của sách hay bài tính biểu thức
//! ([`Problem::on_expr`](super::Problem::on_expr)): cùng những câu hỏi
//! (đề, cách trả lời, đáp án, chấm có bậc, lời giải, hình, khóa), và cùng **một**
//! cách đếm số lần sai — trên chính giá trị mà sinh viên giữ ([`Tries`]).
//!
//! ```
//! use caytrochoi::practice::{Exercise, Level, Problem, Topic};
//!
//! /// Một hàm dùng được cho mọi loại bài.
//! fn the(bai: &impl Exercise) -> String {
//!     format!("{}\n{}", bai.statement(), bai.how_to_answer())
//! }
//! let bai = Problem::generate(5, Level::Easy, Topic::Minimax);
//! assert!(the(&bai).contains(&bai.how_to_answer()));
//! let bieu_thuc = Problem::on_expr("5 + 2 × 3 − 4").unwrap();
//! assert!(the(&bieu_thuc).contains("5 + 2 × 3 − 4"));
//! assert_eq!(Exercise::answer_text(&bieu_thuc), "7");
//! // Chấm thuần (không nhớ gì) và chấm có nhớ trên chính bài:
//! assert!(!Exercise::grade(&bieu_thuc, "9".into(), 0).ok());
//! assert_eq!(bieu_thuc.check(9).tries, 1);
//! assert_eq!(bieu_thuc.check(9).tries, 2);
//! assert_eq!(bieu_thuc.tries().count(), 2);
//! ```

use super::{Answer, Feedback, Solution, Verdict};
use crate::plot::{Figure, PlotError};
use std::cell::Cell;

/// Một bài tập chấm được (xem đầu mô-đun).
pub trait Exercise {
    /// Đề bài bằng lời.
    fn statement(&self) -> String;
    /// Cách viết câu trả lời (nhắc khi câu trả lời trống hay không đọc được).
    fn how_to_answer(&self) -> String;
    /// Đáp án, viết đúng dạng mà bộ chấm nhận (do thư viện tính).
    fn answer_text(&self) -> String;
    /// Chấm thuần, biết sinh viên đã sai `wrong_before` lần: sai lần 1 chỉ nói
    /// loại lỗi, lần 2 chỉ ra chỗ sai, từ lần 3 kèm lời giải đầy đủ.
    fn grade(&self, answer: Answer, wrong_before: u32) -> Feedback;
    /// Lời giải đầy đủ: đáp án, các bước, hình.
    fn solution(&self) -> Solution;
    /// Hình của đề; `Ok(None)` với bài chỉ có chữ và số.
    fn figure(&self) -> Result<Option<Figure>, PlotError>;
    /// Khóa nhận diện bài (hai bài cùng khóa là cùng một đề), cho đề in và đáp án.
    fn key(&self) -> String;
    /// Số lần sai đã đếm trên bài này.
    fn tries(&self) -> &Tries;
}

/// Số lần trả lời sai của **một** bài, nằm trong chính giá trị bài (không có sổ
/// đếm chung nào), nên chạy lại ô `bai.check(…)` trong evcxr vẫn lên bậc gợi ý.
#[derive(Debug, Clone, Default)]
pub struct Tries(Cell<u32>);

impl Tries {
    /// Số lần đã trả lời sai (trả lời đúng thì đếm lại từ 0).
    pub fn count(&self) -> u32 {
        self.0.get()
    }

    /// Chấm bằng `grade` (nhận số lần đã sai) rồi ghi kết quả: sai thì nhớ số lần
    /// sai, đúng thì đếm lại; câu trả lời trống hay không đọc được không tính.
    pub(crate) fn check(&self, grade: impl FnOnce(u32) -> Feedback) -> Feedback {
        let f = grade(self.0.get());
        match f.verdict {
            Verdict::Wrong => self.0.set(f.tries),
            Verdict::Correct => self.0.set(0),
            Verdict::Blank | Verdict::Unreadable => {}
        }
        f
    }
}

//! Số lần trả lời sai của **một** bài, nằm trong chính giá trị bài (không có sổ
//! đếm chung nào), nên chạy lại ô `bai.check(…)` trong evcxr vẫn lên bậc gợi ý
//! ([`Problem::check`](super::Problem::check)).

use super::{Feedback, Verdict};
use std::cell::Cell;

/// Số lần đã trả lời sai một bài (xem đầu mô-đun).
#[derive(Debug, Clone, Default)]
pub(crate) struct Tries(Cell<u32>);

impl Tries {
    /// Số lần đã trả lời sai (trả lời đúng thì đếm lại từ 0).
    pub(crate) fn count(&self) -> u32 {
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

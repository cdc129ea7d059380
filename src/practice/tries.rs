//! Đếm số lần trả lời sai của mỗi bài trong một phiên làm việc (một notebook
//! đang mở, một chương trình đang chạy), để lời nhận xét lên bậc dần.
//!
//! Bộ chấm thật là hàm thuần [`Problem::grade`](super::Problem::grade) (biết số
//! lần đã sai). Sổ đếm này chỉ phục vụ các lời gọi tiện lợi trong notebook
//! ([`Problem::check`](super::Problem::check), các hàm của
//! [`exercises`](crate::exercises)): chạy lại một ô với câu trả lời khác là một
//! lần thử mới.

use super::feedback::{Feedback, Verdict};
use std::collections::BTreeMap;
use std::sync::Mutex;

static WRONG: Mutex<BTreeMap<String, u32>> = Mutex::new(BTreeMap::new());

/// Số lần đã trả lời sai bài có khóa `key`.
pub fn wrong_so_far(key: &str) -> u32 {
    WRONG
        .lock()
        .map(|m| m.get(key).copied().unwrap_or(0))
        .unwrap_or(0)
}

/// Ghi kết quả một lần trả lời: sai thì tăng sổ đếm, đúng thì xóa.
pub fn record_public(key: &str, feedback: &Feedback) {
    record(key, feedback);
}

/// Ghi kết quả một lần trả lời (xem [`record_public`]).
pub(crate) fn record(key: &str, feedback: &Feedback) {
    if let Ok(mut m) = WRONG.lock() {
        match feedback.verdict {
            Verdict::Wrong => {
                m.insert(key.to_string(), feedback.tries);
            }
            Verdict::Correct => {
                m.remove(key);
            }
            Verdict::Blank | Verdict::Unreadable => {}
        }
    }
}

/// Xóa sổ đếm của mọi bài (bắt đầu lại từ gợi ý bậc 1).
pub fn reset_all() {
    if let Ok(mut m) = WRONG.lock() {
        m.clear();
    }
}

//! Đếm số lần trả lời sai của mỗi bài trong một chương trình đang chạy, để lời
//! nhận xét của các hàm chấm một lần ([`exercises::check_value`](crate::exercises::check_value)…)
//! lên bậc dần khi được gọi lại với cùng bài.
//!
//! Bộ chấm thật là hàm thuần [`Problem::grade`](super::Problem::grade) (biết số
//! lần đã sai); một [`Problem`](super::Problem) tự nhớ số lần sai của nó
//! ([`Problem::check`](super::Problem::check)). Sổ đếm chung này chỉ sống trong
//! một chương trình: notebook evcxr biên dịch mỗi ô thành một thư viện riêng, mỗi
//! ô một sổ đếm — nên trong notebook hãy giữ bài trong một biến và gọi
//! `bai.check(…)`.

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

/// Ghi kết quả một lần trả lời: sai thì nhớ số lần sai, đúng thì xóa.
pub fn record(key: &str, feedback: &Feedback) {
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

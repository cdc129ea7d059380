//! Một buổi luyện tập: một dãy bài sinh từ một hạt giống, **không bao giờ lặp
//! lại** một bài đã gặp trong buổi (dòng lệnh `caytrochoi luyen-tap`, đề bài của
//! giáo viên). Các chương được hỏi lần lượt, xoay vòng.
//!
//! Bài thứ j của buổi dùng hạt giống [`problem_seed`]`(seed, j)`; khi bài ấy trùng
//! một bài đã ra (cùng dạng, cùng dữ liệu), buổi bỏ qua nó và thử hạt giống kế
//! tiếp. Vì vậy cùng hạt giống của buổi luôn cho cùng dãy bài, và mỗi bài vẫn
//! mang hạt giống của chính nó (gõ lại được ở notebook hay trong sách).
//!
//! ```
//! use caytrochoi::practice::session::Session;
//! use caytrochoi::practice::{Level, Topic};
//! let mut buoi = Session::new(7, Level::Easy, vec![Topic::Grundy], None);
//! let bai: Vec<String> = (0..60).map(|_| buoi.next_problem().key()).collect();
//! let khac_nhau: std::collections::HashSet<&String> = bai.iter().collect();
//! assert_eq!(khac_nhau.len(), 60); // một giờ luyện tập, không bài nào lặp lại
//! ```

use super::level::{Level, Topic};
use super::problem::Problem;
use super::Kind;
use crate::random::SplitMix64;
use std::collections::HashSet;

use crate::limits::PRACTICE_SEED_TRIES;

/// Hạt giống thứ `k` (từ 0) của buổi (hay của đề) có hạt giống `seed`: một số gọn
/// (0…999 999) in cạnh mỗi bài, để sinh viên làm lại đúng bài ấy.
pub fn problem_seed(seed: u64, k: usize) -> u64 {
    let mut rng = SplitMix64::new(seed);
    let mut s = 0;
    for _ in 0..=k {
        s = rng.next_u64() % 1_000_000;
    }
    s
}

/// Một buổi luyện tập (xem đầu mô-đun).
#[derive(Debug, Clone)]
pub struct Session {
    level: Level,
    topics: Vec<Topic>,
    kind: Option<Kind>,
    /// Số bài đã ra (để xoay vòng các chương).
    asked: usize,
    /// Các bài đã ra ([`Problem::key`]).
    seen: HashSet<String>,
    /// Dãy hạt giống: cùng dãy với [`problem_seed`].
    rng: SplitMix64,
}

impl Session {
    /// Buổi luyện tập từ hạt giống `seed`, mức `level`, các chương `topics` (rỗng:
    /// chương 4), hoặc chỉ một dạng bài `kind`.
    pub fn new(seed: u64, level: Level, topics: Vec<Topic>, kind: Option<Kind>) -> Session {
        let topics = if topics.is_empty() {
            vec![Topic::AlphaBeta]
        } else {
            topics
        };
        Session {
            level,
            topics,
            kind,
            asked: 0,
            seen: HashSet::new(),
            rng: SplitMix64::new(seed),
        }
    }

    /// Bài tiếp theo: chưa từng gặp trong buổi (trừ khi dạng bài đã cạn bài mới
    /// sau [`PRACTICE_SEED_TRIES`] hạt giống).
    pub fn next_problem(&mut self) -> Problem {
        let topic = self.topics[self.asked % self.topics.len()];
        self.asked += 1;
        let mut first = None;
        for _ in 0..PRACTICE_SEED_TRIES {
            // Hạt giống kế tiếp của dãy problem_seed(seed, 0), (seed, 1), …
            let s = self.rng.next_u64() % 1_000_000;
            let p = match self.kind {
                Some(k) => Problem::generate_kind(s, self.level, k),
                None => Problem::generate(s, self.level, topic),
            };
            if self.seen.insert(p.key()) {
                return p;
            }
            first.get_or_insert(p);
        }
        first.expect("PRACTICE_SEED_TRIES > 0")
    }
}

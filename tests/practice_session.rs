//! Buổi luyện tập: hạt giống của từng bài theo `problem_seed`, và một giờ luyện
//! tập của mọi chương, mọi mức không lặp bài.

use caytrochoi::practice::session::{problem_seed, Session};
use caytrochoi::practice::{Level, Topic};
use std::collections::HashSet;

#[test]
fn seeds_follow_problem_seed() {
    let mut s = Session::new(99, Level::Hard, vec![Topic::Minimax], None);
    for k in 0..5 {
        let p = s.next_problem();
        assert_eq!(p.seed(), Some(problem_seed(99, k)));
    }
}

#[test]
fn an_hour_of_any_chapter_never_repeats() {
    // Một giờ: chừng 60 bài (một bài mỗi phút), mỗi chương, mỗi mức.
    for topic in Topic::ALL {
        for level in Level::ALL {
            let mut s = Session::new(2024, level, vec![topic], None);
            let keys: HashSet<String> = (0..60).map(|_| s.next_problem().key()).collect();
            assert_eq!(keys.len(), 60, "{topic:?} {level:?}");
        }
    }
}

//! Cùng hạt giống, cùng bài — cả sau khi bộ máy luyện tập được viết lại.
//!
//! Với 3 000 hạt giống đầu (0…2 999) của mỗi chương và mỗi mức, kiểm thử này
//! băm toàn bộ "tấm thẻ" của bài: tiêu đề, đề bài, cách trả lời, đáp án, lời
//! giải (đáp án và các bước), lời nhận xét cho lần thử 0, 1, 2 của một câu trả
//! lời sai cố định và của chỗ trống `"?"`, và lời khen cho đáp án đúng. Mỗi
//! (chương, mức) cho một dấu băm; các dấu băm do bộ máy **cũ** tính được ghi
//! trong `tests/fixtures/practice_digests.txt`. Bộ máy mới phải cho đúng những
//! dấu ấy: cùng đề, cùng đáp án, cùng gợi ý theo cùng thứ tự, với mọi hạt giống.
//!
//! Hình (SVG) không được vẽ hay băm ở đây: cách vẽ là việc của `plot` (có kiểm
//! thử riêng), và vẽ 54 000 hình trong bản gỡ lỗi mất vài phút.
//!
//! Ghi lại tệp dấu băm (chỉ khi cố ý đổi nội dung bài, và nói rõ trong commit):
//! `CAYTROCHOI_GHI_DAU_BAM=1 cargo test --all-features --lib practice::digest_tests`.

use super::solution::NO_FIGURES;
use super::{Level, Problem, Topic};
use std::fmt::Write as _;

const SEEDS: u64 = 3_000;
const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/practice_digests.txt"
);

/// FNV-1a 64 bit: nhanh, không cấp phát, như nhau trên mọi máy và mọi bản Rust.
struct Fnv(u64);

impl Fnv {
    /// Thêm một đoạn chữ, kèm một byte ngăn cách (để "ab"+"c" khác "a"+"bc").
    fn text(&mut self, s: &str) {
        for &b in s.as_bytes() {
            self.byte(b);
        }
        self.byte(0xff);
    }

    /// Một bước FNV-1a: XOR byte vào, nhân với số nguyên tố FNV.
    fn byte(&mut self, b: u8) {
        self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
}

/// Một câu trả lời sai cố định: đáp án của bài hạt giống trước (cùng dạng chữ,
/// thường cùng dạng bài), hoặc `0`/`1` nếu nó tình cờ đúng.
fn wrong_answer(previous: &str, right: &str) -> String {
    if previous != right && !previous.is_empty() {
        previous.to_string()
    } else if right == "0" {
        "1".into()
    } else {
        "0".into()
    }
}

/// Băm tấm thẻ của một bài vào `h`.
fn card(h: &mut Fnv, p: &Problem, wrong: &str) {
    h.text(&p.title());
    h.text(&p.statement());
    h.text(&p.how_to_answer());
    let right = p.answer_text();
    h.text(&right);
    let mut solution = None;
    for tries in 0..3 {
        let f = p.grade(wrong, tries);
        h.text(&f.message);
        solution = f.solution.or(solution);
        h.text(&p.grade("?", tries).message);
    }
    let solution = solution.unwrap_or_else(|| p.solution());
    h.text(&solution.answer);
    for step in &solution.steps {
        h.text(step);
    }
    h.text(&p.grade(right.as_str(), 0).message);
}

/// Dấu băm của một (chương, mức): dòng `chương mức dấu-băm`.
fn digest(topic: Topic, level: Level) -> String {
    NO_FIGURES.with(|c| c.set(true));
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut previous = String::new();
    for seed in 0..SEEDS {
        let p = Problem::generate(seed, level, topic);
        let right = p.answer_text();
        card(&mut h, &p, &wrong_answer(&previous, &right));
        previous = right;
    }
    format!("{} {} {:016x}", topic.number(), level.code(), h.0)
}

#[test]
fn every_seed_gives_the_same_card_as_the_old_engine() {
    // Mỗi chương một luồng (hai nhân thì nhanh gấp đôi).
    let lines: Vec<String> = std::thread::scope(|s| {
        let jobs: Vec<_> = Topic::ALL
            .into_iter()
            .map(|t| s.spawn(move || Level::ALL.map(|l| digest(t, l))))
            .collect();
        jobs.into_iter()
            .flat_map(|j| j.join().expect("luồng băm không panic"))
            .collect()
    });
    let mut now = String::new();
    for l in &lines {
        writeln!(now, "{l}").unwrap();
    }
    if std::env::var_os("CAYTROCHOI_GHI_DAU_BAM").is_some() {
        std::fs::write(FIXTURE, &now).expect("ghi được tệp dấu băm");
        return;
    }
    let pinned = std::fs::read_to_string(FIXTURE).expect("có tệp dấu băm của bộ máy cũ");
    assert_eq!(
        pinned.lines().count(),
        lines.len(),
        "tệp dấu băm đủ 3 dòng mỗi chương"
    );
    let differ: Vec<String> = pinned
        .lines()
        .zip(&lines)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("đã ghi `{a}`, nay `{b}`"))
        .collect();
    assert!(
        differ.is_empty(),
        "bài đổi so với bộ máy cũ:\n{}",
        differ.join("\n")
    );
}

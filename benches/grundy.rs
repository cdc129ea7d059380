//! Đo thời gian các phép tính Grundy (chạy: `cargo bench --bench grundy`).
//!
//! Mỗi phép đo chạy nhiều lần và in trung vị (median). Mục tiêu của issue:
//! chu kỳ đã chứng minh của 0.077, 0.77, 0.07 cộng lại dưới 1 s; 10 000 giá trị
//! đầu của Nim chia đống dưới 5 s.

use caytrochoi::grundy::games::boc_soi::BocSoi;
use caytrochoi::grundy::games::nim_split::nim_split_values;
use caytrochoi::grundy::games::queen::queen_table;
use caytrochoi::grundy::games::to_mau::{play_out, to_mau_values};
use caytrochoi::grundy::octal::OctalGame;
use caytrochoi::limits::OCTAL_VALUES;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Trung vị thời gian của `runs` lần chạy `f`.
fn median<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(f());
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn report(name: &str, d: Duration, limit: Option<Duration>) {
    let verdict = match limit {
        Some(l) if d <= l => format!(" (giới hạn {l:?}: đạt)"),
        Some(l) => format!(" (giới hạn {l:?}: KHÔNG đạt)"),
        None => String::new(),
    };
    println!("{name:<55} trung vị {d:>12.3?}{verdict}");
}

fn main() {
    let codes = ["0.077", "0.77", "0.07"];
    let games: Vec<OctalGame> = codes.iter().map(|c| OctalGame::parse(c).unwrap()).collect();
    let mut total = Duration::ZERO;
    for g in &games {
        let p = g.periodicity(OCTAL_VALUES).unwrap();
        let d = median(11, || g.periodicity(OCTAL_VALUES).unwrap());
        total += d;
        report(
            &format!(
                "chu kỳ {} (p = {}, n₀ = {}, {} giá trị)",
                g.code(),
                p.period,
                p.preperiod,
                p.checked
            ),
            d,
            None,
        );
    }
    report("tổng ba chu kỳ", total, Some(Duration::from_secs(1)));
    report(
        "Nim chia đống: 10 000 giá trị đầu",
        median(5, || nim_split_values(10_000).unwrap()),
        Some(Duration::from_secs(5)),
    );
    report(
        "Tô màu: 20 000 giá trị đầu",
        median(3, || to_mau_values(20_000).unwrap()),
        None,
    );
    // Issue 13: mọi N được nhận (tới 20 000) trả lời trong chưa tới một giây.
    report(
        "Tô màu: ván chơi mẫu trên dải 20 000 ô (--play)",
        median(3, || play_out(20_000).unwrap()),
        Some(Duration::from_secs(1)),
    );
    report(
        "Quân Hậu: bảng 401 × 401",
        median(3, || queen_table(400, 400).unwrap()),
        None,
    );
    report(
        "Bốc sỏi: bảng 2001 × 2001",
        median(3, || BocSoi::default().table(2000, 2000).unwrap()),
        None,
    );
}

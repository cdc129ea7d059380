//! Đo bộ giải Dodgem: thời gian (trung vị) và bộ nhớ đỉnh (VmHWM).
//!
//! `cargo bench --bench dodgem` — 3×3 và 4×4 nhiều lần, 5×5 một lần mỗi luật
//! (đặt `DODGEM_BENCH_5=0` để bỏ 5×5). In thêm bảng "hàm lượng giá so với sự
//! thật" (3×3, độ sâu 1…6) và số nút theo độ sâu từ thế đầu 3×3 và 4×4.

use caytrochoi::dodgem::compare::{agreement_table, heuristic_vs_truth};
use caytrochoi::dodgem::{node_counts, Dodgem, Rule, Side, Solution};
use std::time::{Duration, Instant};

fn peak_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    for n in [3usize, 4] {
        for rule in [Rule::Lecture, Rule::WinningWays] {
            let runs = if n == 3 { 21 } else { 5 };
            let mut times = Vec::new();
            let mut last = None;
            for _ in 0..runs {
                let t = Instant::now();
                let r = Solution::solve_and_count(n, rule, Side::Black).unwrap();
                times.push(t.elapsed());
                last = Some(r);
            }
            let (s, st) = last.unwrap();
            println!(
                "{n}×{n} {rule:?}: thế đầu {} — {} trạng thái (kết thúc {}, thắng {}, thua {}, hòa {}); trung vị {:?} qua {runs} lần",
                s.start_outcome().for_player_to_move(),
                st.states,
                st.terminal,
                st.wins,
                st.losses,
                st.draws,
                median(times)
            );
        }
    }
    for rule in [Rule::Lecture, Rule::WinningWays] {
        let exact = Solution::solve(3, rule).unwrap();
        println!(
            "Hàm lượng giá so với lời giải chính xác, 3×3, {}:",
            rule.describe()
        );
        print!(
            "{}",
            agreement_table(&heuristic_vs_truth(&exact, 1..=6).unwrap())
        );
    }
    for n in [3usize, 4] {
        let g = Dodgem::new(n).unwrap();
        println!("Số nút từ thế đầu {n}×{n} (Đen đi trước):");
        for r in node_counts(&g, &g.start(), 6).unwrap() {
            println!(
                "  độ sâu {} {:?}: {} nút, giá trị {}, nước chọn {:?}, theo mức {:?}",
                r.depth, r.algorithm, r.nodes, r.value, r.best_move, r.nodes_per_depth
            );
        }
    }
    if std::env::var("DODGEM_BENCH_5").as_deref() != Ok("0") {
        for rule in [Rule::Lecture, Rule::WinningWays] {
            let t = Instant::now();
            let (s, st) = Solution::solve_and_count(5, rule, Side::Black).unwrap();
            let el = t.elapsed();
            let moves: Vec<String> = s
                .move_outcomes(&Dodgem::new(5).unwrap().start())
                .unwrap()
                .iter()
                .map(|(m, o)| {
                    format!(
                        "{}: {}",
                        caytrochoi::dodgem::move_name(5, *m),
                        o.lecture_name()
                    )
                })
                .collect();
            println!(
                "5×5 {rule:?}: thế đầu {} — {} trạng thái (kết thúc {}, thắng {}, thua {}, hòa {}); các nước đầu (kết quả cho người đi nước đó) {:?}; thời gian {:?}; bộ nhớ đỉnh tới lúc này {:?} KiB",
                s.start_outcome().for_player_to_move(),
                st.states,
                st.terminal,
                st.wins,
                st.losses,
                st.draws,
                moves,
                el,
                peak_kib()
            );
        }
    }
    println!("Bộ nhớ đỉnh (VmHWM): {:?} KiB", peak_kib());
}

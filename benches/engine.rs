//! Đo tốc độ động cơ tìm kiếm trên carô 9 ô, qua trait `Game` chung.
//!
//! Chạy: `make bench` (ghim vào một lõi bằng `taskset -c 1`) hoặc
//! `cargo bench --bench engine`. In trung vị, nhỏ nhất và lớn nhất của nhiều lần
//! chạy. Đây là phép đo, không phải kiểm thử. Trên máy ảo hai lõi, chạy không ghim
//! có thể chậm hơn thất thường vì tiến trình bị chuyển qua lại giữa các lõi.

use caytrochoi::games::TicTacToe;
use caytrochoi::search::{Algorithm, Counters};
use caytrochoi::{Game, Searcher};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn measure(name: &str, runs: usize, mut f: impl FnMut() -> u64) {
    measure_with(name, runs, || Some(f()));
}

/// Như `measure`, nhưng `f` có thể không đếm nút (`None`).
fn measure_with(name: &str, runs: usize, mut f: impl FnMut() -> Option<u64>) {
    // Khởi động một lần.
    let nodes = f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .collect();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let nodes = nodes.map_or("không đếm".to_string(), |n| format!("{n} nút"));
    println!(
        "{name:<48} trung vị {:>8.2} ms  (nhỏ nhất {:.2}, lớn nhất {:.2}; {runs} lần; {nodes})",
        ms(times[runs / 2]),
        ms(times[0]),
        ms(times[runs - 1])
    );
}

fn main() {
    let plain = TicTacToe::new();
    let with_eval = TicTacToe {
        symmetry_reduced: false,
        open_lines: true,
    };
    println!("Carô 9 ô từ bàn cờ trống, hàm của bài giảng gọi thẳng, đếm nút bằng Counters:");
    let root = plain.initial_state();
    for (name, a) in [
        ("search (vét cạn)", Algorithm::Minimax),
        ("cat_tia", Algorithm::CatTia),
        ("blue_value/red_value (cửa sổ)", Algorithm::Window),
    ] {
        measure(name, 31, || {
            let mut c = Counters::default();
            a.evaluate(&plain, &root, &mut c).unwrap();
            c.nodes_visited
        });
    }
    measure_with("search, người quan sát rỗng ()", 31, || {
        black_box(Algorithm::Minimax.evaluate(&plain, &root, &mut ()).unwrap());
        None
    });
    println!();
    println!("Qua cửa chính Searcher (đếm nút, đường đi chính, nhánh bị cắt):");
    measure("vét cạn (minimax), toàn bộ cây", 31, || {
        Searcher::minimax().run(&plain).unwrap().nodes_visited
    });
    measure("alpha-beta cat_tia (một cận)", 31, || {
        Searcher::cat_tia().run(&plain).unwrap().nodes_visited
    });
    measure("alpha-beta cửa sổ (α, β)", 31, || {
        Searcher::window().run(&plain).unwrap().nodes_visited
    });
    measure(
        "alpha-beta cửa sổ + sắp thứ tự (hàm E)",
        31,
        || {
            Searcher::window()
                .order_moves()
                .run(&with_eval)
                .unwrap()
                .nodes_visited
        },
    );
    measure(
        "thống kê toàn bộ cây (đếm + vét cạn)",
        11,
        || caytrochoi::games::tictactoe::full_tree_stats().nodes,
    );
}

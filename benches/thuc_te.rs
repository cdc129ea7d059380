//! Đo tốc độ các thuật toán của chương 7 (chạy: `cargo bench --bench thuc_te`).
//!
//! - Tìm kiếm sâu dần + bảng chuyển vị trên toàn bộ carô: đếm số nút (mục tiêu
//!   dưới 10.000; kiểm thử `tests/thuc_te.rs` cũng khẳng định con số này).
//! - MCTS trên carô: số lần chơi thử mỗi giây (mục tiêu ít nhất 200.000).

use caytrochoi::games::TicTacToe;
use caytrochoi::search::{iterative_deepening, Counters, Mcts, TranspositionTable};
use caytrochoi::Game;
use std::time::Instant;

fn main() {
    let g = TicTacToe::new();
    let root = g.initial_state();

    let mut table = TranspositionTable::new(1 << 16).expect("bảng hợp lệ");
    let mut counters = Counters::default();
    let start = Instant::now();
    let r = iterative_deepening(&g, &root, 9, &mut table, &mut counters).expect("tìm được");
    let t = start.elapsed();
    println!(
        "id-tt carô toàn bộ: giá trị {}, {} nút (vòng cuối {}), {:.2} ms",
        r.value,
        counters.nodes_visited,
        r.iterations.last().map_or(0, |i| i.nodes),
        t.as_secs_f64() * 1e3
    );
    assert!(counters.nodes_visited < 10_000);

    let playouts = 200_000;
    let mut best = 0.0f64;
    for seed in 0..5 {
        let m = Mcts::new(playouts, seed).expect("hợp lệ");
        let start = Instant::now();
        let r = m.run(&g, &root, &mut ()).expect("tìm được");
        let rate = playouts as f64 / start.elapsed().as_secs_f64();
        best = best.max(rate);
        println!(
            "mcts carô, {playouts} lần chơi thử, hạt giống {seed}: {:.0} lần/giây (nước chọn: ô {})",
            rate,
            r.best_move.map_or(0, |m| m + 1)
        );
    }
    println!("mcts carô: tốt nhất {best:.0} lần chơi thử mỗi giây (mục tiêu ≥ 200.000)");
}

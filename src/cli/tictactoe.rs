//! Lệnh `tictactoe`: thống kê toàn bộ cây trò chơi carô 9 ô, hoặc chạy một
//! thuật toán từ bàn cờ trống và đo thời gian.

use super::args::Args;
use super::common::help_requested;
use super::{CliError, Io};
use crate::game::Game;
use crate::games::tictactoe::full_tree_stats;
use crate::games::TicTacToe;
use crate::search::{Algorithm, Counters, OrderMoves};
use std::time::Instant;

const HELP: &str = "\
caytrochoi tictactoe — cây trò chơi carô 9 ô từ bàn cờ trống

Cách dùng: caytrochoi tictactoe [--json]
           caytrochoi tictactoe --search minimax|cat-tia|window [--order] [--json]

Không có --search: đếm toàn bộ cây — giá trị minimax của bàn cờ trống, tổng số
nút, số nút ở mỗi độ sâu, số ván kết thúc (X thắng / O thắng / hòa) và số thế cờ
khác nhau.

  --search THUẬT_TOÁN  chạy một lần tìm kiếm từ bàn cờ trống và in giá trị, số nút
                       đã xét, số lá và thời gian: minimax (vét cạn), cat-tia
                       (cat_tia của bài giảng) hoặc window (cửa sổ α, β)
  --order              xét trước nước có hàm lượng giá E (đường mở của X − đường mở
                       của O) tốt nhất; thắng/thua khi đó tính ±100
  --json               in đúng một đối tượng JSON
";

/// Kết quả một lần tìm kiếm từ bàn cờ trống.
struct Run {
    value: f64,
    counters: Counters,
    seconds: f64,
}

fn search_once(algorithm: Algorithm, order: bool) -> Result<Run, CliError> {
    let start = Instant::now();
    let mut counters = Counters::default();
    let value = if order {
        let game = TicTacToe {
            open_lines: true,
            ..TicTacToe::new()
        };
        let ordered = OrderMoves::new(&game);
        algorithm.evaluate(&ordered, &game.initial_state(), &mut counters)
    } else {
        let game = TicTacToe::new();
        algorithm.evaluate(&game, &game.initial_state(), &mut counters)
    }
    .map_err(|e| CliError::new(e.to_string()))?;
    Ok(Run {
        value,
        counters,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Chạy lệnh.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("tictactoe", rest);
    if help_requested(&args, HELP, io) {
        return Ok(());
    }
    let json = args.flag("--json")?;
    let algorithm = args.parsed(
        "--search",
        "`minimax`, `cat-tia` hoặc `window`",
        |v| match v {
            "minimax" => Some(Algorithm::Minimax),
            "cat-tia" | "cat_tia" => Some(Algorithm::CatTia),
            "window" => Some(Algorithm::Window),
            _ => None,
        },
    )?;
    let order = args.flag("--order")?;
    args.finish()?;
    if let Some(algorithm) = algorithm {
        let r = search_once(algorithm, order)?;
        if json {
            io.json(&serde_json::json!({
                "algorithm": algorithm,
                "order_moves": order,
                "value": crate::value::to_json(r.value),
                "nodes_visited": r.counters.nodes_visited,
                "leaves_evaluated": r.counters.leaves_evaluated,
                "nodes_per_depth": r.counters.nodes_per_depth,
                "seconds": r.seconds,
            }));
        } else {
            io.println(&format!(
                "Carô 9 ô từ bàn cờ trống, {}{}:",
                algorithm.name_vi(),
                if order {
                    ", sắp thứ tự nước đi theo E"
                } else {
                    ""
                }
            ));
            io.println(&format!(
                "  Giá trị của gốc: {}",
                crate::value::fmt_value(r.value)
            ));
            io.println(&format!(
                "  Số nút đã xét: {} (trong đó {} nút lá)",
                r.counters.nodes_visited, r.counters.leaves_evaluated
            ));
            io.println(&format!("  Thời gian: {:.1} ms", r.seconds * 1000.0));
        }
        return Ok(());
    }
    if order {
        return Err(CliError::new(
            "--order chỉ dùng cùng --search (ví dụ `caytrochoi tictactoe --search window --order`)",
        ));
    }
    let st = full_tree_stats();
    if json {
        io.json(&serde_json::to_value(&st).unwrap_or_default());
        return Ok(());
    }
    let factorial9: u64 = (1..=9).product();
    let no_stop: u64 = (0..=9u64).map(|d| (9 - d + 1..=9).product::<u64>()).sum();
    io.println("Cây trò chơi carô 9 ô, từ bàn cờ trống (X đi trước, là MAX):");
    io.println(&format!(
        "  Giá trị minimax của gốc: {} ({})",
        st.value,
        match st.value {
            1 => "X thắng",
            -1 => "O thắng",
            _ => "hòa nếu cả hai chơi tốt",
        }
    ));
    io.println(&format!("  Tổng số nút: {}", st.nodes));
    io.println("  Số nút ở mỗi độ sâu:");
    for (d, n) in st.nodes_per_depth.iter().enumerate() {
        io.println(&format!("    độ sâu {d}: {n}"));
    }
    io.println(&format!(
        "  Số ván kết thúc (nút lá): {} — X thắng {}, O thắng {}, hòa {}",
        st.games, st.x_wins, st.o_wins, st.draws
    ));
    io.println(&format!("  Số thế cờ khác nhau: {}", st.positions));
    io.println("");
    io.println(&format!(
        "So với bài giảng: 9! = {factorial9}. Nếu mọi ván đều đi đủ 9 ô thì cây có {no_stop} nút \
         (và 9! nút lá). Nhưng ván cờ dừng ngay khi có người thắng, nên cây thật chỉ có {} nút, {} nút lá.",
        st.nodes, st.games
    ));
    Ok(())
}

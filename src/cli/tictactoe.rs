//! Lệnh `tictactoe`: thống kê toàn bộ cây trò chơi carô 9 ô, hoặc chạy một
//! thuật toán từ bàn cờ trống và đo thời gian.

use super::common::help_requested;
use super::{CliError, Io};
use crate::args::Args;
use crate::clock::Stopwatch;
use crate::game::Game;
use crate::games::tictactoe::full_tree_stats;
use crate::games::TicTacToe;
use crate::search::{
    iterative_deepening, negamax, negamax_ab, Counters, Mcts, OrderMoves, TranspositionTable,
    DEFAULT_PLAYOUTS,
};
use crate::search::{Algorithm, SearchError};

const HELP: &str = "\
caytrochoi tictactoe — cây trò chơi carô 9 ô từ bàn cờ trống

Cách dùng: caytrochoi tictactoe [--json]
           caytrochoi tictactoe --search minimax|cat-tia|window [--order] [--json]
           caytrochoi tictactoe --search negamax|negamax-ab [--json]
           caytrochoi tictactoe --search id-tt [--depth D] [--tt-size N] [--board B] [--json]
           caytrochoi tictactoe --search mcts [--playouts N] [--seed N] [--board B] [--json]

Không có --search: đếm toàn bộ cây — giá trị minimax của bàn cờ trống, tổng số
nút, số nút ở mỗi độ sâu, số ván kết thúc (X thắng / O thắng / hòa) và số thế cờ
khác nhau.

  --search THUẬT_TOÁN  chạy một lần tìm kiếm từ bàn cờ trống và in giá trị, số nút
                       đã xét, số lá và thời gian: minimax (vét cạn), cat-tia
                       (cat_tia của bài giảng) hoặc window (cửa sổ α, β);
                       chương 7: negamax, negamax-ab (negamax có cắt tỉa),
                       id-tt (sâu dần với bảng chuyển vị), mcts (Monte Carlo)
  --depth D            id-tt: độ sâu của vòng cuối (mặc định 9, từ 1 đến 30)
  --board B            negamax, negamax-ab, id-tt, mcts: tìm từ bàn cờ B thay cho
                       bàn trống, ba hàng từ trên xuống, ví dụ 'X../.O./...' (. là
                       ô trống; bên đến lượt suy từ số quân: X đi khi hai bên bằng nhau)
  --order              xét trước nước có hàm lượng giá E (đường mở của X − đường mở
                       của O) tốt nhất; thắng/thua khi đó tính ±100
  --json               in đúng một đối tượng JSON
";

/// Các cách tìm của `--search`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    /// Ba thuật toán của giáo trình.
    Classic(Algorithm),
    /// Negamax (vét cạn).
    Negamax,
    /// Negamax có cắt tỉa alpha-beta.
    NegamaxAb,
    /// Sâu dần với bảng chuyển vị.
    IdTt,
    /// Tìm kiếm cây Monte Carlo.
    Mcts,
}

fn parse_method(v: &str) -> Option<Method> {
    Some(match v {
        "minimax" => Method::Classic(Algorithm::Minimax),
        "cat-tia" | "cat_tia" => Method::Classic(Algorithm::CatTia),
        "window" => Method::Classic(Algorithm::Window),
        "negamax" => Method::Negamax,
        "negamax-ab" => Method::NegamaxAb,
        "id-tt" => Method::IdTt,
        "mcts" => Method::Mcts,
        _ => return None,
    })
}

/// Các tùy chọn của thuật toán chương 7.
struct Options {
    board: Option<String>,
    depth: u32,
    tt_size: usize,
    playouts: u64,
    seed: u64,
}

fn search_err(e: SearchError) -> CliError {
    CliError::new(e.to_string())
}

/// Chạy một thuật toán chương 7 từ bàn cờ trống và in kết quả.
fn run_chapter7(method: Method, o: &Options, json: bool, io: &mut Io) -> Result<(), CliError> {
    let game = TicTacToe::new();
    let root = match &o.board {
        None => game.initial_state(),
        Some(text) => TicTacToe::parse_board(text).ok_or_else(|| {
            CliError::new(format!(
                "bàn cờ `{text}` không đọc được: cần ba hàng ba ô ngăn bằng '/', mỗi ô X, O hoặc ., \
                 số quân X bằng số quân O hoặc hơn một (ví dụ 'X../.O./...')"
            ))
        })?,
    };
    let start = Stopwatch::start();
    let mut counters = Counters::default();
    // Thêm cho bản chữ: các vòng của id-tt, các nước ở gốc của mcts.
    let mut more = String::new();
    let (name, value, best, extra) = match method {
        Method::Negamax => {
            let v = negamax(&game, &root, &mut counters).map_err(search_err)?;
            ("negamax (vét cạn)", v, None, serde_json::json!({}))
        }
        Method::NegamaxAb => {
            let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
            let v = negamax_ab(&game, &root, lo, hi, &mut counters).map_err(search_err)?;
            (
                "negamax có cắt tỉa alpha-beta",
                v,
                None,
                serde_json::json!({}),
            )
        }
        Method::IdTt => {
            let mut table = TranspositionTable::new(o.tt_size).map_err(search_err)?;
            let r = iterative_deepening(&game, &root, o.depth, &mut table, &mut counters)
                .map_err(search_err)?;
            let per: Vec<u64> = r.iterations.iter().map(|i| i.nodes).collect();
            let extra = serde_json::json!({
                "depth": o.depth,
                "iterations": super::thuc_te::iterations_json(&game, &root, &r.iterations),
                "tt_size": o.tt_size,
                "nodes_per_iteration": per,
                "table_entries": table.len(),
                "table_cutoffs": table.stats.cutoffs,
            });
            more = super::thuc_te::iterations_text(&game, &root, &r.iterations);
            ("sâu dần với bảng chuyển vị", r.value, r.best_move, extra)
        }
        Method::Mcts => {
            let r = Mcts::new(o.playouts, o.seed)
                .map_err(search_err)?
                .run(&game, &root, &mut counters)
                .map_err(search_err)?;
            let moves: Vec<serde_json::Value> = r
                .children
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "move": c.mv + 1,
                        "name": game.move_name(&root, &c.mv),
                        "visits": c.visits,
                        "wins": c.wins,
                    })
                })
                .collect();
            let extra = serde_json::json!({
                "playouts": o.playouts, "seed": o.seed, "tree_nodes": r.tree_nodes, "moves": moves,
            });
            more = super::thuc_te::mcts_moves_text(&game, &root, &r.children);
            (
                "tìm kiếm cây Monte Carlo (MCTS)",
                f64::NAN,
                r.best_move,
                extra,
            )
        }
        Method::Classic(_) => unreachable!("ba thuật toán của giáo trình chạy ở search_once"),
    };
    let seconds = start.seconds();
    let best_name = best.map(|m| game.move_name(&root, &m));
    if json {
        let mut v = serde_json::json!({
            "algorithm": match method {
                Method::Negamax => "negamax",
                Method::NegamaxAb => "negamax-ab",
                Method::IdTt => "id-tt",
                _ => "mcts",
            },
            "nodes_visited": counters.nodes_visited,
            "best_move": best_name,
            "seconds": seconds,
        });
        if !value.is_nan() {
            v["value"] = crate::value::to_json(value);
        }
        if let (Some(obj), Some(more)) = (v.as_object_mut(), extra.as_object()) {
            obj.extend(more.clone());
        }
        io.json(&v);
        return Ok(());
    }
    match &o.board {
        None => io.println(&format!("Carô 9 ô từ bàn cờ trống, {name}:")),
        Some(b) => io.println(&format!("Carô 9 ô từ bàn cờ {b}, {name}:")),
    }
    if !value.is_nan() {
        io.println(&format!(
            "  Giá trị của gốc: {}",
            crate::value::fmt_value(value)
        ));
    }
    if let Some(b) = &best_name {
        io.println(&format!("  Nước đi được chọn: {b}"));
    }
    match method {
        Method::Mcts => {
            io.println(&format!(
                "  {} lần chơi thử (hạt giống {}), mỗi lần đi qua cây MCTS {} nút trung bình",
                o.playouts,
                o.seed,
                crate::plot::chart::format_number(
                    counters.nodes_visited as f64 / o.playouts as f64
                )
            ));
            io.println(
                "  Các nước ở gốc, thăm nhiều nhất trước (tỉ lệ điểm của người đi nước ấy, hòa tính ½):",
            );
            io.print(&more);
        }
        _ => io.println(&format!(
            "  Số nút đã xét: {} (trong đó {} nút lá)",
            counters.nodes_visited, counters.leaves_evaluated
        )),
    }
    if method == Method::IdTt {
        io.println(&format!("  Từng vòng (độ sâu 1 … {}):", o.depth));
        io.print(&more);
    }
    io.println(&format!("  Thời gian: {:.1} ms", seconds * 1000.0));
    Ok(())
}

/// Kết quả một lần tìm kiếm từ bàn cờ trống.
struct Run {
    value: f64,
    counters: Counters,
    seconds: f64,
}

fn search_once(algorithm: Algorithm, order: bool) -> Result<Run, CliError> {
    let start = Stopwatch::start();
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
        seconds: start.seconds(),
    })
}

/// Chạy lệnh.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("tictactoe", rest);
    let help = format!("{HELP}{}", super::thuc_te::help_lines());
    if help_requested(&args, &help, io) {
        return Ok(());
    }
    let json = args.flag("--json")?;
    let method = args.parsed(
        "--search",
        "`minimax`, `cat-tia`, `window`, `negamax`, `negamax-ab`, `id-tt` hoặc `mcts`",
        parse_method,
    )?;
    let order = args.flag("--order")?;
    let options = Options {
        board: args.value("--board")?,
        depth: args
            .number_in("--depth", 1, crate::limits::DEEPENING_DEPTH as u64)?
            .unwrap_or(9) as u32,
        tt_size: super::thuc_te::tt_size(&mut args)?,
        playouts: super::thuc_te::playouts(&mut args, DEFAULT_PLAYOUTS)?,
        seed: super::thuc_te::seed(&mut args)?,
    };
    args.finish()?;
    if options.board.is_some() && !matches!(method, Some(m) if !matches!(m, Method::Classic(_))) {
        return Err(CliError::new(
            "--board chỉ dùng với --search negamax, negamax-ab, id-tt hoặc mcts \
             (ví dụ `caytrochoi tictactoe --search id-tt --board 'X../.O./...'`)",
        ));
    }
    if let Some(m) = method {
        if !matches!(m, Method::Classic(_)) {
            if order {
                return Err(CliError::new(
                    "--order chỉ dùng với minimax, cat-tia, window (id-tt tự sắp thứ tự nhờ bảng chuyển vị)",
                ));
            }
            return run_chapter7(m, &options, json, io);
        }
    }
    if let Some(Method::Classic(algorithm)) = method {
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

//! Lệnh `dodgem search`: sâu dần với bảng chuyển vị hoặc MCTS từ một thế cờ
//! Dodgem (chương 7), cùng dạng kết quả với `tictactoe --search id-tt|mcts`.

use super::{rule_opt, side_opt, size_opt};
use crate::args::Args;
use crate::cli::common::help_requested;
use crate::cli::{thuc_te, CliError, Io};
use crate::clock::Stopwatch;
use crate::dodgem::notation::{board_to_text, parse_board};
use crate::dodgem::{Board, Dodgem, Position, Side};
use crate::game::Game;
use crate::search::{iterative_deepening, Counters, Mcts, TranspositionTable, DEFAULT_PLAYOUTS};

pub(super) const HELP: &str = "\
caytrochoi dodgem search — sâu dần + bảng chuyển vị, hoặc MCTS, từ một thế cờ (chương 7)

Cách dùng: caytrochoi dodgem search --search id-tt [--depth D] [--tt-size N]
                                    [--board BÀN_CỜ] [--to-move den|trang] [--rule vn|ww] [--json]
           caytrochoi dodgem search --search mcts [--playouts N] [--seed N]
                                    [--board BÀN_CỜ] [--to-move den|trang] [--rule vn|ww] [--json]

  --search id-tt    sâu dần với bảng chuyển vị: độ sâu 1, 2, …, D, cùng một bảng;
                    in từng vòng: số nút, số lần tra thấy, số lần bảng trả lời
                    ngay, số mục trong bảng, giá trị (theo Trắng), nước tốt nhất
  --search mcts     tìm kiếm cây Monte Carlo: số lần thăm và tỉ lệ điểm (hòa ½)
                    của mỗi nước ở gốc
  --depth D         id-tt: độ sâu của vòng cuối (mặc định 8, từ 1 đến 30)
  --board BÀN_CỜ    mặc định thế đầu 3×3 'D../D../.TT'
  --size N          (không bắt buộc) kiểm tra bàn cờ đúng là N×N; không có --board:
                    thế đầu của bàn N×N
  --to-move den|trang  bên đến lượt (mặc định den)
  --rule vn|ww      luật khi một bên hết nước đi (mặc định vn)
  --json            in đúng một đối tượng JSON
";

/// Chạy `caytrochoi dodgem search …`.
pub(super) fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("dodgem search", rest);
    let help = format!("{HELP}{}", thuc_te::help_lines());
    if help_requested(&args, &help, io) {
        return Ok(());
    }
    let json = args.flag("--json")?;
    let method = args
        .parsed("--search", "`id-tt` hoặc `mcts`", |v| match v {
            "id-tt" | "mcts" => Some(v.to_string()),
            _ => None,
        })?
        .ok_or_else(|| CliError::new("thiếu --search id-tt hoặc --search mcts"))?;
    let depth = args
        .number_in("--depth", 1, crate::limits::DEEPENING_DEPTH as u64)?
        .unwrap_or(8) as u32;
    let tt_size = thuc_te::tt_size(&mut args)?;
    let playouts = thuc_te::playouts(&mut args, DEFAULT_PLAYOUTS)?;
    let seed = thuc_te::seed(&mut args)?;
    let to_move = side_opt(&mut args, "--to-move")?;
    let rule = rule_opt(&mut args)?;
    let size = size_opt(&mut args)?;
    let board = match args.value("--board")? {
        Some(text) => parse_board(&text)?,
        None => Board::start(size.unwrap_or(3))?,
    };
    args.finish()?;
    if let Some(n) = size.filter(|&n| n != board.size()) {
        return Err(CliError::new(format!(
            "--size {n} nhưng bàn cờ có {} hàng (bàn {}×{})",
            board.size(),
            board.size(),
            board.size()
        )));
    }
    let game = Dodgem::new(board.size())?.with_rule(rule);
    let root = Position { board, to_move };
    let start = Stopwatch::start();
    let mut counters = Counters::default();
    let head = format!(
        "Dodgem, bàn {}, {} đến lượt",
        board_to_text(&board),
        to_move.name()
    );
    let side = match to_move {
        Side::Black => "den",
        Side::White => "trang",
    };
    if method == "id-tt" {
        let mut table = TranspositionTable::new(tt_size).map_err(CliError::from)?;
        let r = iterative_deepening(&game, &root, depth, &mut table, &mut counters)
            .map_err(CliError::from)?;
        let best = r.best_move.as_ref().map(|m| game.move_name(&root, m));
        if json {
            io.json(&serde_json::json!({
                "algorithm": "id-tt",
                "board": board_to_text(&board),
                "to_move": side,
                "depth": depth,
                "tt_size": tt_size,
                "value": crate::value::to_json(r.value),
                "best_move": best,
                "nodes_visited": counters.nodes_visited,
                "iterations": thuc_te::iterations_json(&game, &root, &r.iterations),
                "table_entries": table.len(),
                "table_cutoffs": table.stats.cutoffs,
                "seconds": start.seconds(),
            }));
            return Ok(());
        }
        io.println(&format!("{head}, sâu dần với bảng chuyển vị:"));
        io.println(&format!(
            "  Giá trị của gốc (theo Trắng): {}",
            crate::value::fmt_value(r.value)
        ));
        io.println(&format!(
            "  Nước đi được chọn: {}",
            best.as_deref().unwrap_or("-")
        ));
        io.println(&format!("  Từng vòng (độ sâu 1 … {depth}):"));
        io.print(&thuc_te::iterations_text(&game, &root, &r.iterations));
    } else {
        let r = Mcts::new(playouts, seed)
            .map_err(CliError::from)?
            .run(&game, &root, &mut counters)
            .map_err(CliError::from)?;
        let best = r.best_move.as_ref().map(|m| game.move_name(&root, m));
        if json {
            let moves: Vec<serde_json::Value> = r
                .children
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "name": game.move_name(&root, &c.mv),
                        "visits": c.visits,
                        "wins": c.wins,
                    })
                })
                .collect();
            io.json(&serde_json::json!({
                "algorithm": "mcts",
                "board": board_to_text(&board),
                "to_move": side,
                "playouts": playouts,
                "seed": seed,
                "best_move": best,
                "tree_nodes": r.tree_nodes,
                "nodes_visited": counters.nodes_visited,
                "moves": moves,
                "seconds": start.seconds(),
            }));
            return Ok(());
        }
        io.println(&format!(
            "{head}, MCTS {playouts} lần chơi thử (hạt giống {seed}):"
        ));
        io.println(&format!(
            "  Nước đi được chọn: {}",
            best.as_deref().unwrap_or("-")
        ));
        io.println(
            "  Các nước ở gốc, thăm nhiều nhất trước (tỉ lệ điểm của người đi nước ấy, hòa tính ½):",
        );
        io.print(&thuc_te::mcts_moves_text(&game, &root, &r.children));
    }
    io.println(&format!("  Thời gian: {:.1} ms", start.seconds() * 1000.0));
    Ok(())
}

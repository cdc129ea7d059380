//! Tùy chọn chung của các lệnh dùng thuật toán chương 7: số lần chơi thử của
//! MCTS, hạt giống, số ô của bảng chuyển vị. Giá trị sai (không phải số, bằng 0,
//! vượt giới hạn) là lỗi tiếng Việt, mã thoát 2.

use super::CliError;
use crate::args::Args;
use crate::limits::{MCTS_PLAYOUTS, TT_DEFAULT_ENTRIES, TT_ENTRIES};
use crate::search::DEFAULT_PLAYOUTS;

/// Dòng trợ giúp của ba tùy chọn.
pub(crate) fn help_lines() -> String {
    format!(
        "  --playouts N         MCTS: số lần chơi thử mỗi nước (mặc định {}, từ 1 đến {})\n\
         \x20 --seed N             hạt giống của bộ sinh số ngẫu nhiên (mặc định 1): cùng hạt\n\
         \x20                      giống, cùng kết quả\n\
         \x20 --tt-size N          số ô của bảng chuyển vị (mặc định {}, từ 1 đến {})\n",
        DEFAULT_PLAYOUTS,
        crate::limits::group(MCTS_PLAYOUTS),
        crate::limits::group(TT_DEFAULT_ENTRIES as u64),
        crate::limits::group(TT_ENTRIES as u64),
    )
}

/// `--playouts N`.
pub(crate) fn playouts(args: &mut Args, default: u64) -> Result<u64, CliError> {
    Ok(args
        .number_in("--playouts", 1, MCTS_PLAYOUTS)?
        .unwrap_or(default))
}

/// `--seed N`.
pub(crate) fn seed(args: &mut Args) -> Result<u64, CliError> {
    Ok(args.number_in("--seed", 0, u64::MAX)?.unwrap_or(1))
}

/// `--tt-size N`.
pub(crate) fn tt_size(args: &mut Args) -> Result<usize, CliError> {
    Ok(args
        .number_in("--tt-size", 1, TT_ENTRIES as u64)?
        .map_or(TT_DEFAULT_ENTRIES, |v| v as usize))
}

/// Các vòng của tìm kiếm sâu dần, mỗi vòng một đối tượng JSON: độ sâu, giá trị
/// (theo MAX), nước tốt nhất, số nút, số lần tra thấy, số lần bảng trả lời
/// ngay, số mục trong bảng khi vòng xong. Chung cho `tictactoe --search id-tt`
/// và `dodgem search --search id-tt` (khung của chương 7 trong sách đọc đúng
/// các trường này).
pub(crate) fn iterations_json<G: crate::game::Game>(
    game: &G,
    root: &G::State,
    iterations: &[crate::search::Iteration<G::Move>],
) -> serde_json::Value {
    iterations
        .iter()
        .map(|i| {
            serde_json::json!({
                "depth": i.depth,
                "value": crate::value::to_json(i.value),
                "best_move": i.best_move.as_ref().map(|m| game.move_name(root, m)),
                "nodes": i.nodes,
                "table_hits": i.table_hits,
                "table_cutoffs": i.table_cutoffs,
                "table_entries": i.table_entries,
            })
        })
        .collect()
}

/// Một dòng chữ cho mỗi vòng của tìm kiếm sâu dần (như [`iterations_json`]).
pub(crate) fn iterations_text<G: crate::game::Game>(
    game: &G,
    root: &G::State,
    iterations: &[crate::search::Iteration<G::Move>],
) -> String {
    let mut out = String::from(
        "  độ sâu | số nút | tra thấy | trả lời ngay | mục trong bảng | giá trị | nước\n",
    );
    for i in iterations {
        out.push_str(&format!(
            "  {:>6} | {:>6} | {:>8} | {:>12} | {:>14} | {:>7} | {}\n",
            i.depth,
            i.nodes,
            i.table_hits,
            i.table_cutoffs,
            i.table_entries,
            crate::value::fmt_value(i.value),
            i.best_move
                .as_ref()
                .map_or("-".to_string(), |m| game.move_name(root, m)),
        ));
    }
    out
}

/// Tỉ lệ điểm (thắng 1, hòa ½) của người đi mỗi nước ở gốc sau MCTS, thử nhiều
/// nhất trước: một dòng mỗi nước.
pub(crate) fn mcts_moves_text<G: crate::game::Game>(
    game: &G,
    root: &G::State,
    children: &[crate::search::MoveStats<G::Move>],
) -> String {
    let mut sorted: Vec<_> = children.iter().collect();
    sorted.sort_by_key(|c| std::cmp::Reverse(c.visits));
    let mut out = String::new();
    for c in sorted {
        out.push_str(&format!(
            "    {}: {} lần thăm, tỉ lệ điểm {:.0}%\n",
            game.move_name(root, &c.mv),
            c.visits,
            100.0 * c.win_rate()
        ));
    }
    out
}

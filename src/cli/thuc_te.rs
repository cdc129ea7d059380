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

//! Lệnh `caytrochoi grundy TRÒ_CHƠI …`: mỗi trò chơi là một lệnh con có trợ
//! giúp riêng. Tên, trợ giúp và cách đọc thế của mỗi trò chơi nằm trong danh
//! mục [`crate::grundy::lecture`]; ở đây chỉ tìm trò chơi và in kết quả.

use super::{CliError, Io};
use crate::args::Args;
use crate::grundy::lecture::{self, LectureError};

/// Trợ giúp của `caytrochoi grundy`: phần đầu, các dòng của danh mục
/// ([`lecture::help_rows`]), phần cuối.
const HELP_HEAD: &str = "\
caytrochoi grundy — hàm Grundy, trạng thái thắng/thua và nước đi thắng

Cách dùng: caytrochoi grundy TRÒ_CHƠI THAM_SỐ [TÙY CHỌN] [--json]

Trò chơi (xem tùy chọn riêng: caytrochoi grundy TRÒ_CHƠI --help):
";

const HELP_TAIL: &str = "\n\
Tùy chọn chung:
  --json           in đúng một đối tượng JSON (grundy, first_player_wins,
                   classification, lecture_name, pn, winning_moves, …)

Quy ước của bài giảng: trạng thái \"thắng\" (1) là trạng thái mà mọi nước đi
từ nó dẫn tới trạng thái thua — tức vị trí P, G = 0, người phải đi từ đó thua.
Trạng thái \"thua\" (0) là vị trí N, G > 0, người đến lượt thắng.

Ví dụ:
  caytrochoi grundy boc-soi 20 30
  caytrochoi grundy hau 4 5 --table
  caytrochoi grundy to-mau ..xx.... --json
  caytrochoi grundy octal 0.07 --period --json
";

/// Chạy lệnh `grundy` với các đối số sau tên lệnh.
pub(crate) fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    // Tên trò chơi là đối số đầu tiên không phải tùy chọn (tùy chọn có thể
    // đứng trước, như `grundy --json hau 4 5`).
    let Some(at) = game_name_index(&rest) else {
        if rest.iter().any(|a| a == "--help" || a == "-h") {
            io.print(&format!("{HELP_HEAD}{}{HELP_TAIL}", lecture::help_rows()));
            return Ok(());
        }
        return Err(CliError::new(format!(
            "thiếu tên trò chơi ({})",
            lecture::names()
        )));
    };
    let mut rest = rest;
    let game = rest.remove(at);
    let Some(entry) = lecture::find(&game) else {
        return Err(CliError::new(format!(
            "không có trò chơi `{game}` (chọn một trong: {})",
            lecture::names()
        )));
    };
    let mut args = Args::new(&format!("grundy {game}"), rest);
    if args.wants_help() {
        io.print(entry.help);
        return Ok(());
    }
    let json = args.flag("--json")?;
    let report = (entry.analyse)(args).map_err(|e| match e {
        LectureError::Args(e) => CliError::from(e),
        LectureError::Grundy(e) => CliError::from(e),
    })?;
    io.show_report(&*report, json);
    Ok(())
}

/// Vị trí của tên trò chơi: đối số đầu tiên không phải tùy chọn hay giá trị
/// của một tùy chọn (`--sequence 21`).
fn game_name_index(rest: &[String]) -> Option<usize> {
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i].as_str();
        if matches!(a, "--sequence" | "--cells" | "--step" | "--width") {
            i += 2;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            return Some(i);
        }
    }
    None
}

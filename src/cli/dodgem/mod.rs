//! Lệnh `dodgem`: chơi với máy, giải chính xác, lượng giá một bàn cờ.
//!
//! Ở đây chỉ đọc đối số; lời giải, lượng giá và cách in chúng nằm trong thư
//! viện ([`crate::dodgem::report`]), việc hỏi-đáp khi chơi nằm trong `play`.

use super::common::help_requested;
use super::{CliError, Io};
use crate::args::Args;
use crate::dodgem::compare::{agreement_table, heuristic_vs_truth};
use crate::dodgem::notation::{board_to_text, parse_board};
use crate::dodgem::report::{EvalReport, SolveReport};
use crate::dodgem::{node_counts, Dodgem, Position, Rule, Side, Solution};
use play::{play, PlayConfig, PlayResult};

mod play;
mod search;

const HELP: &str = "\
caytrochoi dodgem — trò chơi Dodgem (bàn n×n, mỗi bên n − 1 xe)

Cách dùng: caytrochoi dodgem LỆNH [TÙY CHỌN...]

Lệnh:
  play      chơi với máy trong cửa sổ dòng lệnh
  solve     giải chính xác (thắng / thua / hòa) bằng phân tích ngược
  eval      tính hàm lượng giá của bài giảng cho một bàn cờ
  nodes     số nút mà vét cạn và alpha-beta xét ở mỗi độ sâu
  compare   hàm lượng giá so với lời giải chính xác (bàn 3×3)
  search    sâu dần + bảng chuyển vị, hoặc MCTS, từ một thế cờ (chương 7)

Bàn cờ viết từng hàng từ trên xuống, ngăn bằng '/': D = xe Đen, T = xe Trắng,
. = ô trống. Thế đầu 3×3: 'D../D../.TT'. Xem thêm: caytrochoi dodgem LỆNH --help
";

const HELP_PLAY: &str = "\
caytrochoi dodgem play — chơi Dodgem với máy

Cách dùng: caytrochoi dodgem play [--size N] [--rule vn|ww] [--depth D]
                                  [--human den|trang] [--first den|trang]
                                  [--search window|minimax|id-tt|mcts|random]
                                  [--playouts N] [--seed N]

  --size N          bàn N×N, N = 3, 4 hoặc 5 (mặc định 3)
  --rule vn|ww      vn: làm đối thủ hết nước đi thì thắng (bài giảng, mặc định);
                    ww: làm đối thủ hết nước đi thì thua (Winning Ways)
  --depth D         máy tính trước D nước bằng alpha-beta (mặc định 4, từ 1 đến 10)
  --human den|trang bạn cầm quân nào (mặc định den)
  --first den|trang bên đi trước (mặc định den)
  --search S        cách máy chọn nước (chương 7): window (alpha-beta, mặc định),
                    minimax, alpha-beta (có sắp thứ tự nước đi), id-tt (sâu dần
                    với bảng chuyển vị), mcts (Monte Carlo, --playouts lần chơi
                    thử mỗi nước), random (đi ngẫu nhiên)
  --playouts N      mcts: số lần chơi thử mỗi nước (mặc định 2000, từ 1 đến 1.000.000)
  --seed N          mcts, random: hạt giống (mặc định 1)

Cách gõ nước đi: tên ô (cột a, b, c… từ trái; hàng 1 ở dưới cùng) rồi hướng:
  >  sang phải    <  sang trái    ^  lên    v  xuống   (hoặc p, t, l, x)
Ví dụ: a2>  b1^  c3> (xe Đen ở cột phải đi tiếp sang phải là ra khỏi bàn).
Gõ ? hoặc help để xem các nước hợp lệ, thoat để bỏ cuộc; Ctrl-D để dừng.
Thế cờ lặp lại lần thứ ba thì ván cờ hòa.
";

const HELP_SOLVE: &str = "\
caytrochoi dodgem solve — giải chính xác Dodgem bằng phân tích ngược

Cách dùng: caytrochoi dodgem solve [--size N] [--rule vn|ww] [--first den|trang] [--json]
                                   [--max-solve-size 5]

  --size N          bàn N×N, N = 3, 4 hoặc 5 (mặc định 3)
  --max-solve-size 5  cho phép giải bàn 5×5: 120 triệu thế cờ, 20–50 giây và
                    khoảng 220 MB bộ nhớ (mặc định chỉ giải tới 4×4, dưới một giây)
  --rule vn|ww      luật khi một bên hết nước đi (mặc định vn)
  --first den|trang bên đi trước (mặc định den)
  --search S        cách máy chọn nước (chương 7): window (alpha-beta, mặc định),
                    minimax, alpha-beta (có sắp thứ tự nước đi), id-tt (sâu dần
                    với bảng chuyển vị), mcts (Monte Carlo, --playouts lần chơi
                    thử mỗi nước), random (đi ngẫu nhiên)
  --playouts N      mcts: số lần chơi thử mỗi nước (mặc định 2000, từ 1 đến 1.000.000)
  --seed N          mcts, random: hạt giống (mặc định 1)
  --json            in đúng một đối tượng JSON: states, start, winning_moves, moves, …

Kết quả tính cho bên đi trước: thắng (win), thua (loss) hay hòa (draw) nếu cả hai
chơi hoàn hảo. Thế cờ lặp lại được, nên thế không bên nào ép thắng là hòa.
";

const HELP_EVAL: &str = "\
caytrochoi dodgem eval — hàm lượng giá của bài giảng cho một bàn cờ

Cách dùng: caytrochoi dodgem eval --board BÀN_CỜ [--size N] [--depth D --to-move den|trang] [--json]

  --board BÀN_CỜ    ví dụ 'D../.../DTT' (ví dụ 75 điểm của bài giảng)
  --size N          (không bắt buộc) kiểm tra bàn cờ đúng là N×N
  --depth D         thêm: tìm kiếm alpha-beta D nước từ bàn cờ này
  --to-move den|trang  bên đến lượt khi tìm kiếm (mặc định den)
  --json            in đúng một đối tượng JSON (value, breakdown, …)

Giá trị theo Trắng (MAX): bảng vị trí của từng xe, cộng 40/30 khi Trắng cản trực
tiếp/gián tiếp một xe Đen, trừ 40/30 khi Đen cản Trắng.
";

const HELP_NODES: &str = "\
caytrochoi dodgem nodes — số nút mà mỗi thuật toán xét, theo độ sâu giới hạn

Cách dùng: caytrochoi dodgem nodes [--size N] [--board BÀN_CỜ] [--to-move den|trang]
                                   [--max-depth D] [--json]

  --max-depth D     độ sâu từ 1 đến D (mặc định 5)
Mặc định là thế đầu, Đen đến lượt.
";

const HELP_COMPARE: &str = "\
caytrochoi dodgem compare — nước đi của alpha-beta (hàm lượng giá bài giảng) so với
lời giải chính xác, trên mọi thế cờ đến được của bàn 3×3

Cách dùng: caytrochoi dodgem compare [--rule vn|ww] [--max-depth D] [--json]

  --max-depth D     độ sâu từ 1 đến D (mặc định 6)
";

/// Chạy `caytrochoi dodgem ...`.
pub(crate) fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut rest = rest.into_iter();
    let Some(sub) = rest.next() else {
        io.print(HELP);
        return Ok(());
    };
    let rest: Vec<String> = rest.collect();
    match sub.as_str() {
        "--help" | "-h" | "help" => {
            io.print(HELP);
            Ok(())
        }
        "play" => run_play(rest, io),
        "solve" => run_solve(rest, io),
        "eval" => run_eval(rest, io),
        "nodes" => run_nodes(rest, io),
        "compare" => run_compare(rest, io),
        "search" => search::run(rest, io),
        other => Err(CliError::new(format!(
            "không có lệnh `dodgem {other}` (các lệnh: play, solve, eval, nodes, compare, search; xem `caytrochoi dodgem --help`)"
        ))),
    }
}

fn size_opt(args: &mut Args) -> Result<Option<usize>, CliError> {
    Ok(args.parsed("--size", "3, 4 hoặc 5", |t| match t.trim() {
        "3" => Some(3),
        "4" => Some(4),
        "5" => Some(5),
        _ => None,
    })?)
}

fn rule_opt(args: &mut Args) -> Result<Rule, CliError> {
    Ok(args
        .parsed("--rule", "`vn` hoặc `ww`", Rule::parse)?
        .unwrap_or(Rule::Lecture))
}

fn side_opt(args: &mut Args, name: &str) -> Result<Side, CliError> {
    Ok(args
        .parsed(name, "`den` hoặc `trang`", Side::parse)?
        .unwrap_or(Side::Black))
}

fn run_play(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("dodgem play", rest);
    if help_requested(&args, HELP_PLAY, io) {
        return Ok(());
    }
    let size = size_opt(&mut args)?.unwrap_or(3);
    let rule = rule_opt(&mut args)?;
    let depth = args
        .number_in("--depth", 1, crate::limits::DODGEM_DEPTH as u64)?
        .unwrap_or(4) as u32;
    let human = side_opt(&mut args, "--human")?;
    let first = side_opt(&mut args, "--first")?;
    let search = args.value("--search")?;
    let playouts = super::thuc_te::playouts(&mut args, crate::search::DEFAULT_PLAYOUTS)?;
    let seed = super::thuc_te::seed(&mut args)?;
    args.finish()?;
    let player = play::computer(search.as_deref(), depth, playouts)?;
    let game = Dodgem::new(size)?.with_rule(rule).with_first(first);
    let cfg = PlayConfig {
        game,
        human,
        depth,
        player,
        seed,
    };
    let group = |n: usize| crate::limits::group(n as u64);
    match play(&cfg, &mut *io.input, &mut *io.out)? {
        PlayResult::LineTooLong => Err(CliError::new(format!(
            "một dòng gõ vào dài hơn giới hạn {} byte, nên ván cờ đã dừng \
             (mỗi dòng chỉ cần một nước đi, ví dụ `a2>`)",
            group(crate::limits::PLAY_LINE_BYTES)
        ))),
        PlayResult::TooManyLines => Err(CliError::new(format!(
            "ván cờ đã đọc {} dòng, giới hạn số dòng của một ván, nên đã dừng",
            group(crate::limits::PLAY_LINES)
        ))),
        _ => Ok(()),
    }
}

fn run_solve(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("dodgem solve", rest);
    if help_requested(&args, HELP_SOLVE, io) {
        return Ok(());
    }
    let size = size_opt(&mut args)?.unwrap_or(3);
    let max_size = args
        .number_in("--max-solve-size", 3, 5)?
        .map_or(crate::limits::DODGEM_SOLVE_SIZE, |n| n as usize);
    let rule = rule_opt(&mut args)?;
    let first = side_opt(&mut args, "--first")?;
    let json = args.flag("--json")?;
    args.finish()?;
    if size > max_size {
        return Err(CliError::new(format!(
            "giải chính xác bàn {size}×{size} mất 20–50 giây và khoảng 220 MB bộ nhớ, vượt giới hạn \
             bàn {max_size}×{max_size} của lệnh (dưới một giây); muốn chạy, thêm --max-solve-size {size}"
        )));
    }
    io.show(&SolveReport::new(size, rule, first)?, json);
    Ok(())
}

fn read_board(args: &mut Args) -> Result<Option<crate::dodgem::Board>, CliError> {
    let size = size_opt(args)?;
    let Some(text) = args.value("--board")? else {
        return Ok(None);
    };
    let b = parse_board(&text)?;
    if let Some(n) = size {
        if n != b.size() {
            return Err(CliError::new(format!(
                "--size {n} nhưng bàn cờ `{text}` có {} hàng (bàn {}×{})",
                b.size(),
                b.size(),
                b.size()
            )));
        }
    }
    Ok(Some(b))
}

fn run_eval(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("dodgem eval", rest);
    if help_requested(&args, HELP_EVAL, io) {
        return Ok(());
    }
    let json = args.flag("--json")?;
    let depth = args
        .number_in("--depth", 1, crate::limits::DODGEM_DEPTH as u64)?
        .map(|d| d as u32);
    let to_move = side_opt(&mut args, "--to-move")?;
    let board = read_board(&mut args)?;
    args.finish()?;
    let Some(board) = board else {
        return Err(CliError::new(
            "thiếu --board BÀN_CỜ, ví dụ --board 'D../.../DTT' (xem `caytrochoi dodgem eval --help`)",
        ));
    };
    let mut report = EvalReport::new(&board);
    if let Some(d) = depth {
        report = report.with_search(&board, to_move, d)?;
    }
    io.show(&report, json);
    Ok(())
}

fn run_nodes(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("dodgem nodes", rest);
    if help_requested(&args, HELP_NODES, io) {
        return Ok(());
    }
    let json = args.flag("--json")?;
    let max_depth = args
        .number_in("--max-depth", 1, crate::limits::DODGEM_MAX_DEPTH as u64)?
        .unwrap_or(5) as u32;
    let to_move = side_opt(&mut args, "--to-move")?;
    let size = size_opt(&mut args)?;
    let board = match args.value("--board")? {
        Some(t) => parse_board(&t)?,
        None => crate::dodgem::Board::start(size.unwrap_or(3))?,
    };
    args.finish()?;
    let game = Dodgem::new(board.size())?;
    let pos = Position { board, to_move };
    let rows = node_counts(&game, &pos, max_depth)?;
    if json {
        io.json(&serde_json::to_value(&rows).unwrap_or_default());
        return Ok(());
    }
    io.println(&format!(
        "Bàn {}, {} đến lượt. Số nút đã xét (và số nút ở mỗi mức):",
        board_to_text(&board),
        to_move.name()
    ));
    for r in &rows {
        io.println(&format!(
            "  độ sâu {} | {:<40} | {:>8} nút | giá trị {:>6} | nước {} | mỗi mức {:?}",
            r.depth,
            r.algorithm.name_vi(),
            r.nodes,
            crate::value::fmt_value(r.value),
            r.best_move.as_deref().unwrap_or("-"),
            r.nodes_per_depth
        ));
    }
    Ok(())
}

fn run_compare(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("dodgem compare", rest);
    if help_requested(&args, HELP_COMPARE, io) {
        return Ok(());
    }
    let json = args.flag("--json")?;
    let rule = rule_opt(&mut args)?;
    let max_depth = args
        .number_in("--max-depth", 1, crate::limits::DODGEM_MAX_DEPTH as u64)?
        .unwrap_or(6) as u32;
    args.finish()?;
    let exact = Solution::solve(3, rule)?;
    let rows = heuristic_vs_truth(&exact, 1..=max_depth)?;
    if json {
        io.json(&serde_json::to_value(&rows).unwrap_or_default());
        return Ok(());
    }
    io.println(&format!(
        "Dodgem 3×3, {}: nước của alpha-beta (hàm lượng giá bài giảng) có giữ kết quả chính xác không?",
        rule.describe()
    ));
    io.print(&agreement_table(&rows));
    Ok(())
}

//! Lệnh `minimax` và `alphabeta`: định trị một cây cho trước.

use super::common::{help_requested, limit_options, limits, read_source};
use super::{CliError, Io};
use crate::args::Args;
use crate::limits::Limits;
use crate::limits::TREE_DEPTH;
use crate::player::Player;
use crate::search::Searcher;
use crate::tree::GameTree;

const HELP_MINIMAX: &str = "\
caytrochoi minimax — định trị cây trò chơi bằng vét cạn (Search(n, mode))

Cách dùng: caytrochoi minimax --tree CÂY [--root max|min] [--depth D] [--trace] [--json]

  --tree CÂY       cây dạng văn bản, ví dụ 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))';
                   '@tệp' để đọc từ tệp (văn bản hoặc JSON), '-' để đọc đầu vào chuẩn
  --root max|min   người đi ở gốc (mặc định: max)
  --depth D        chỉ tính trước D nước; nút ở độ sâu D dùng giá trị ước lượng,
                   viết cho nút trong như 'C:3(...)'
  --trace          in từng bước (giá trị tạm, Max(-∞, 1) = 1, …) và bảng giá trị tạm
  --json           in đúng một đối tượng JSON

Cú pháp cây: nút lá '[nhãn:]số', nút trong '[nhãn](con, con, …)'. Nút không nhãn
được gán A, B, C, … theo chiều rộng: '(1, ((0), -1), ((0), (1)))' là cây của bài giảng.
";

const HELP_ALPHABETA: &str = "\
caytrochoi alphabeta — định trị cây trò chơi bằng cắt tỉa alpha-beta

Cách dùng: caytrochoi alphabeta --tree CÂY [--root max|min] [--variant cat-tia|window]
                                [--order] [--depth D] [--trace] [--json]

  --tree CÂY        cây dạng văn bản; '@tệp' hoặc '-' để đọc từ tệp / đầu vào chuẩn
  --root max|min    người đi ở gốc (mặc định: max)
  --variant cat-tia hàm cat_tia(Q, mode, Vp) của bài giảng: mỗi con chỉ nhận giá trị
                    tạm của cha (mặc định)
  --variant window  cửa sổ (α, β) như BlueValue/RedValue: cắt được cả nhánh sâu
  --order           xét trước các con có giá trị (ước lượng) tốt nhất
  --depth D         chỉ tính trước D nước (nút ở độ sâu D dùng giá trị ước lượng)
  --trace           in từng bước, lý do mỗi lần cắt tỉa và bảng giá trị tạm
  --json            in đúng một đối tượng JSON
";

/// Chạy `minimax` hoặc `alphabeta`.
pub fn run(command: &str, rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new(command, rest);
    let help = if command == "minimax" {
        HELP_MINIMAX
    } else {
        HELP_ALPHABETA
    };
    if help_requested(&args, &format!("{help}{}", limit_options(false)), io) {
        return Ok(());
    }
    let limits = limits(&mut args, false)?;
    let json = args.flag("--json")?;
    let trace = args.flag("--trace")?;
    let root = args.parsed("--root", "`max` hoặc `min`", Player::parse)?;
    let depth = args
        .number_in("--depth", 0, TREE_DEPTH as u64)?
        .map(|d| d as u32);
    let tree_arg = args.value("--tree")?;
    let mut searcher = if command == "minimax" {
        Searcher::minimax()
    } else {
        let variant = args.parsed("--variant", "`cat-tia` hoặc `window`", |v| match v {
            "cat-tia" | "cat_tia" => Some(Searcher::cat_tia()),
            "window" => Some(Searcher::window()),
            _ => None,
        })?;
        let mut s = variant.unwrap_or_else(Searcher::cat_tia);
        if args.flag("--order")? {
            s = s.order_moves();
        }
        s
    };
    args.finish()?;
    let Some(tree_arg) = tree_arg else {
        return Err(CliError::new(format!(
            "thiếu --tree CÂY (xem `caytrochoi {command} --help`)"
        )));
    };
    let tree = load_tree(&tree_arg, root, io, &limits)?;
    if let Some(d) = depth {
        searcher = searcher.depth(d);
    }
    if trace {
        searcher = searcher.trace().max_trace_events(limits.trace_events);
    }
    let result = searcher
        .run(&tree)
        .map_err(|e| CliError::new(format!("không định trị được cây: {e}")))?;
    let root_label = tree.label(tree.root()).to_string();
    if json {
        // Ghi thẳng ra đầu ra, không dựng cả cây giá trị JSON trong bộ nhớ.
        io.json_stream(&result.json());
        return Ok(());
    }
    if let Some(t) = &result.trace {
        io.println("Các bước:");
        io.print(&t.walk());
        io.println("");
        io.println("Bảng giá trị tạm (như các số ghi bên cạnh mỗi nút trong hình vẽ):");
        io.print(&t.table().to_string());
        io.println("");
    }
    io.print(&result.summary(&root_label));
    if !trace {
        io.println("(Thêm --trace để xem từng bước.)");
    }
    Ok(())
}

/// Đọc cây từ đối số `--tree`: văn bản, `@tệp` hoặc `-`; JSON nếu bắt đầu bằng `{`.
/// `root` (tùy chọn `--root`) nếu có thì quyết định người đi ở gốc; nếu không,
/// cây văn bản có gốc MAX, cây JSON giữ `root_player` của nó.
///
/// Mọi giới hạn đọc (`limits`: số byte, số nút) được kiểm tra trước khi dựng cây.
pub fn load_tree(
    arg: &str,
    root: Option<Player>,
    io: &mut Io,
    limits: &Limits,
) -> Result<GameTree, CliError> {
    let (text, source) = read_source(arg, io, limits.input_bytes)?;
    let where_ = source.map(|s| format!(" ({s})")).unwrap_or_default();
    let tree = if text.trim_start().starts_with('{') {
        GameTree::from_json_with_limits(&text, limits)
            .map_err(|e| CliError::new(format!("cây JSON không hợp lệ{where_}: {e}")))?
    } else {
        GameTree::parse_with_limits(&text, Player::Max, limits)
            .map_err(|e| CliError::new(format!("cây không hợp lệ{where_}: {}", e.explain(&text))))?
    };
    Ok(match root {
        Some(p) => tree.with_root_player(p),
        None => tree,
    })
}

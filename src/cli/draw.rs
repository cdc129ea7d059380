//! Lệnh `draw`: vẽ hình SVG (cây trò chơi, biểu đồ số nút) ra tệp.

use super::common::{help_requested, limit_options, limits};
use super::search::load_tree;
use super::{CliError, Io};
use crate::args::Args;
use crate::player::Player;
use crate::plot::{self, Figure, TreeDiagram};
use crate::search::Searcher;

const HELP: &str = "\
caytrochoi draw — vẽ hình SVG cho sách và bài giảng

Cách dùng:
  caytrochoi draw tree --tree CÂY [--root max|min] [--alphabeta cat-tia|window]
                       [--temp-values] [--levels 'X đi / Max,O đi / Min'] -o TỆP.svg
  caytrochoi draw nodes --branching B --max-depth D [--seed S] -o TỆP.svg
  caytrochoi draw tictactoe [--max-depth D] -o TỆP.svg

draw tree       hình cây trò chơi: nút MAX hình vuông, nút MIN hình tròn, giá trị
                các nút, đường đi chính; với --alphabeta thêm các nhánh bị cắt
  --tree CÂY        cây dạng văn bản, '@tệp' hoặc '-' (đầu vào chuẩn)
  --root max|min    người đi ở gốc (mặc định: max)
  --alphabeta V     định trị bằng cắt tỉa: cat-tia (bài giảng) hoặc window (α, β);
                    không có tùy chọn này thì định trị bằng vét cạn
  --temp-values     ghi các giá trị tạm bên trái mỗi nút, như hình bài giảng
  --levels 'A,B'    tên mức MAX và mức MIN ghi bên lề (mặc định: MAX,MIN)
  --step K          chỉ vẽ tình trạng sau K bước đầu của vết

draw nodes      biểu đồ số lá phải định trị theo độ sâu (thang log) trên cây ngẫu
                nhiên đều: vét cạn, cat_tia, cửa sổ (α, β), có sắp thứ tự, Knuth–Moore
  --branching B     số con mỗi nút (2 đến 10)
  --max-depth D     độ sâu lớn nhất (1 đến 12; cây không quá 1.500.000 nút)
  --seed S          hạt giống của cây ngẫu nhiên (mặc định 1)

draw tictactoe  biểu đồ số nút đã xét trên cây carô từ bàn cờ trống
  --max-depth D     độ sâu giới hạn lớn nhất (1 đến 9, mặc định 9)

  -o TỆP.svg        tệp SVG để ghi (bắt buộc)
";

/// Chạy lệnh `draw`.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("draw", rest);
    if help_requested(&args, &format!("{HELP}{}", limit_options(true)), io) {
        return Ok(());
    }
    let output = match (args.value("-o")?, args.value("--output")?) {
        (Some(_), Some(_)) => {
            return Err(CliError::new("chỉ cho một trong hai: -o hoặc --output"));
        }
        (a, b) => a.or(b),
    };
    let what = args.next_positional();
    let figure = match what.as_deref() {
        Some("tree") | Some("cay") => draw_tree(&mut args, io)?,
        Some("nodes") | Some("sonut") => draw_nodes(&mut args)?,
        Some("tictactoe") | Some("caro") => draw_tictactoe(&mut args)?,
        Some(other) => {
            return Err(CliError::new(format!(
            "không biết vẽ `{other}` (chọn: tree, nodes, tictactoe; xem `caytrochoi draw --help`)"
        )))
        }
        None => {
            return Err(CliError::new(
                "thiếu loại hình: tree, nodes hoặc tictactoe (xem `caytrochoi draw --help`)",
            ))
        }
    };
    let Some(path) = output else {
        return Err(CliError::new(
            "thiếu -o TỆP.svg: cần cho biết ghi hình vào tệp nào",
        ));
    };
    figure
        .save(&path)
        .map_err(|e| CliError::new(e.to_string()))?;
    io.println(&format!("Đã ghi hình vào {path}."));
    Ok(())
}

fn draw_tree(args: &mut Args, io: &mut Io) -> Result<Figure, CliError> {
    let limits = limits(args, true)?;
    let root = args.parsed("--root", "`max` hoặc `min`", Player::parse)?;
    let searcher = args
        .parsed("--alphabeta", "`cat-tia` hoặc `window`", |v| match v {
            "cat-tia" | "cat_tia" => Some(Searcher::cat_tia()),
            "window" => Some(Searcher::window()),
            _ => None,
        })?
        .unwrap_or_else(Searcher::minimax);
    let temp = args.flag("--temp-values")?;
    let levels = args.value("--levels")?;
    let step = args.number_in("--step", 0, limits.trace_events as u64)?;
    let tree_arg = args.value("--tree")?;
    take_finish(args)?;
    let Some(tree_arg) = tree_arg else {
        return Err(CliError::new(
            "thiếu --tree CÂY (xem `caytrochoi draw --help`)",
        ));
    };
    let tree = load_tree(&tree_arg, root, io, &limits)?;
    let mut d = TreeDiagram::new(&tree)
        .max_nodes(limits.drawn_nodes)
        .search(searcher.max_trace_events(limits.trace_events))
        .map_err(|e| CliError::new(e.to_string()))?
        .temp_values(temp || step.is_some());
    if let Some(l) = levels {
        let Some((max, min)) = l.split_once(',') else {
            return Err(CliError::new(format!(
                "giá trị của --levels không hợp lệ: `{l}` (cần hai tên cách nhau bởi dấu phẩy, ví dụ 'X đi / Max,O đi / Min')"
            )));
        };
        d = d.levels(max.trim(), min.trim());
    }
    if let Some(k) = step {
        let n = d.step_count();
        if k as usize > n {
            return Err(CliError::new(format!(
                "--step {k} vượt quá số bước của vết ({n} bước)"
            )));
        }
        d = d.step(k as usize);
    }
    d.draw().map_err(|e| CliError::new(e.to_string()))
}

fn draw_nodes(args: &mut Args) -> Result<Figure, CliError> {
    let b = args.number_in("--branching", 2, 10)?;
    let depth = args.number_in("--max-depth", 1, 12)?;
    let seed = args
        .parsed("--seed", "một số nguyên không âm", |t| {
            t.trim().parse::<u64>().ok()
        })?
        .unwrap_or(1);
    take_finish(args)?;
    let (Some(b), Some(depth)) = (b, depth) else {
        return Err(CliError::new(
            "cần cả --branching B và --max-depth D (xem `caytrochoi draw --help`)",
        ));
    };
    plot::node_count_chart(b as u32, depth as u32, seed).map_err(|e| CliError::new(e.to_string()))
}

fn draw_tictactoe(args: &mut Args) -> Result<Figure, CliError> {
    let depth = args.number_in("--max-depth", 1, 9)?.unwrap_or(9);
    take_finish(args)?;
    plot::tictactoe_chart(depth as u32).map_err(|e| CliError::new(e.to_string()))
}

/// `Args::finish` lấy quyền sở hữu; ở đây chỉ cần kiểm tra phần còn thừa.
fn take_finish(args: &mut Args) -> Result<(), CliError> {
    let rest = std::mem::replace(args, Args::new("draw", Vec::new()));
    Ok(rest.finish()?)
}

#[cfg(test)]
mod tests {
    use super::super::run as cli_run;
    use super::super::Io;

    fn run(args: &[&str]) -> (i32, String, String) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let mut input: &[u8] = b"";
        let code = {
            let mut io = Io {
                out: &mut out,
                input: &mut input,
            };
            cli_run(
                args.iter().map(|s| s.to_string()).collect(),
                &mut io,
                &mut err,
            )
        };
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    /// Một tệp trong thư mục tạm (mỗi kiểm thử đọc rồi xóa tệp của mình).
    fn tmp(name: &str) -> String {
        let file = format!("caytrochoi-draw-{}-{name}", std::process::id());
        std::env::temp_dir().join(file).display().to_string()
    }

    /// Đọc tệp hình vừa ghi rồi xóa nó.
    fn take(path: &str) -> String {
        let svg = std::fs::read_to_string(path).unwrap();
        std::fs::remove_file(path).unwrap();
        svg
    }

    const TREE: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";

    #[test]
    fn draws_a_tree_with_cuts() {
        let path = tmp("cat_tia.svg");
        let (code, out, err) = run(&[
            "draw",
            "tree",
            "--tree",
            TREE,
            "--alphabeta",
            "cat-tia",
            "--temp-values",
            "-o",
            &path,
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("Đã ghi hình"));
        let svg = take(&path);
        // Hai lời giải thích cắt tỉa (F và H), và các giá trị tạm.
        assert_eq!(svg.matches("Vì V").count(), 2);
        assert!(svg.contains("Max(-∞, 1) = 1"));
    }

    #[test]
    fn draws_node_counts() {
        let path = tmp("nodes.svg");
        let (code, _, err) = run(&[
            "draw",
            "nodes",
            "--branching",
            "3",
            "--max-depth",
            "4",
            "-o",
            &path,
        ]);
        assert_eq!(code, 0, "{err}");
        let svg = take(&path);
        assert!(svg.contains("số lá đã định trị"));
    }

    #[test]
    fn bad_arguments_exit_2_in_vietnamese() {
        let (code, _, err) = run(&["draw", "tree", "--tree", TREE]);
        assert_eq!(code, 2);
        assert!(err.contains("thiếu -o"), "{err}");
        let (code, _, err) = run(&[
            "draw",
            "tree",
            "--tree",
            TREE,
            "-o",
            "/khong/co/thu/muc/x.svg",
        ]);
        assert_eq!(code, 2);
        assert!(err.contains("không ghi được tệp"), "{err}");
        let (code, _, err) = run(&[
            "draw",
            "nodes",
            "--branching",
            "1000",
            "--max-depth",
            "4",
            "-o",
            "x.svg",
        ]);
        assert_eq!(code, 2);
        assert!(err.contains("--branching"), "{err}");
        let (code, _, err) = run(&[
            "draw",
            "nodes",
            "--branching",
            "10",
            "--max-depth",
            "12",
            "-o",
            "x.svg",
        ]);
        assert_eq!(code, 2);
        assert!(err.contains("quá"), "{err}");
        let (code, _, err) = run(&["draw", "tranh"]);
        assert_eq!(code, 2);
        assert!(err.contains("không biết vẽ"), "{err}");
        let (code, _, err) = run(&[
            "draw", "tree", "--tree", TREE, "--step", "999", "-o", "x.svg",
        ]);
        assert_eq!(code, 2);
        assert!(err.contains("vượt quá"), "{err}");
        let (code, out, _) = run(&["draw", "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("Cách dùng"));
    }
}

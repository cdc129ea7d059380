//! Giới hạn ghi trong trợ giúp, giới hạn trong thông báo lỗi và giới hạn thật
//! (hằng số của `caytrochoi::limits`) là một: mỗi giới hạn được đọc từ trợ giúp,
//! rồi thử ngay trên và ngay tại giới hạn ấy.

mod common;

use caytrochoi::limits::{self, group};
use common::run;

/// `args` phải bị từ chối với mã 2, và thông báo nêu khoảng `lo … hi`.
fn refused_with_range(args: &[&str], lo: u64, hi: u64) {
    let (code, _, err) = run(args, "");
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(
        err.contains(&format!("từ {lo} đến {hi}")),
        "{args:?}: thông báo không nêu giới hạn {lo} … {hi}: {err}"
    );
}

fn help(args: &[&str]) -> String {
    let (code, out, err) = run(args, "");
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn grundy_help_states_the_real_limits() {
    let cases: [(&str, &[&str], u64, u64); 4] = [
        ("hau", &["401", "0"], 0, limits::QUEEN_SIDE as u64),
        ("boc-soi", &["2001", "0"], 0, limits::BOC_SOI_PILE as u64),
        ("to-mau", &["20001"], 0, limits::TO_MAU_CELLS as u64),
        ("socola", &["301", "1"], 1, limits::SOCOLA_SIDE as u64),
    ];
    for (game, over, lo, hi) in cases {
        let text = help(&["grundy", game, "--help"]);
        assert!(text.contains(&format!("({lo} … {hi})")), "{game}: {text}");
        let mut args = vec!["grundy", game];
        args.extend_from_slice(over);
        refused_with_range(&args, lo, hi);
    }
    let max = limits::OCTAL_VALUES as u64;
    refused_with_range(
        &[
            "grundy",
            "octal",
            "0.07",
            "--sequence",
            &(max + 1).to_string(),
        ],
        1,
        max,
    );
    let max = limits::NIM_SPLIT_VALUES as u64;
    refused_with_range(
        &["grundy", "nim-chia", "--sequence", &(max + 1).to_string()],
        1,
        max,
    );
    let max = limits::CHUYEN_SOI_CELLS as u64;
    refused_with_range(
        &["grundy", "chuyen-soi", "--cells", &(max + 1).to_string()],
        2,
        max,
    );
}

#[test]
fn dodgem_and_draw_help_state_the_real_limits() {
    let text = help(&["dodgem", "play", "--help"]);
    let depth = limits::DODGEM_DEPTH as u64;
    assert!(text.contains(&format!("từ 1 đến {depth}")), "{text}");
    refused_with_range(
        &["dodgem", "play", "--depth", &(depth + 1).to_string()],
        1,
        depth,
    );
    // Giải chính xác 5×5 (20–50 giây) chỉ khi người dùng nâng giới hạn.
    let text = help(&["dodgem", "solve", "--help"]);
    assert!(text.contains("--max-solve-size 5"), "{text}");
    let (code, _, err) = run(&["dodgem", "solve", "--size", "5"], "");
    assert_eq!(code, 2);
    assert!(err.contains("thêm --max-solve-size 5"), "{err}");
    let text = help(&["draw", "--help"]);
    assert!(text.contains("--branching B     số con mỗi nút (2 đến 10)"));
    refused_with_range(
        &[
            "draw",
            "nodes",
            "--branching",
            "11",
            "--max-depth",
            "2",
            "-o",
            "x.svg",
        ],
        2,
        10,
    );
    assert!(text.contains(&format!(
        "cây không quá {} nút",
        group(limits::NODE_CHART_NODES as u64)
    )));
    // Bảng giới hạn của `caytrochoi --help` có mọi hằng số.
    let text = help(&["--help"]);
    for l in limits::TABLE {
        assert!(text.contains(&group(l.value)), "{}: {text}", l.what);
        assert!(text.contains(l.what), "{}", l.what);
    }
    // Mỗi tùy chọn nâng giới hạn được giới thiệu trong trợ giúp của lệnh dùng nó.
    for command in ["minimax", "alphabeta", "draw"] {
        let text = help(&[command, "--help"]);
        for option in [
            "--max-input-bytes",
            "--max-tree-nodes",
            "--max-trace-events",
        ] {
            assert!(text.contains(option), "{command}: {option}");
        }
    }
}

/// Trình chạy mã của sách: giá trị mặc định trong trợ giúp là hằng số thật.
#[cfg(feature = "runner")]
#[test]
fn runner_help_states_the_real_limits() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_caytrochoi-sach"))
        .arg("--help")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(&format!("(mặc định {})", limits::RUNNER_SECONDS)));
    assert!(text.contains(&format!("(mặc định {})", limits::RUNNER_MEMORY_MIB)));
    for l in limits::RUNNER_TABLE {
        assert!(
            text.contains(l.what) && text.contains(&group(l.value)),
            "{}",
            l.what
        );
    }
}

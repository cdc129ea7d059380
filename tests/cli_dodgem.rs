//! Kiểm thử lệnh `caytrochoi dodgem` qua chương trình thật.

mod common;

use common::run;

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim()).unwrap()
}

#[test]
fn eval_worked_example() {
    let (code, out, _) = run(&["dodgem", "eval", "--board", "D../.../DTT", "--json"], "");
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["value"], 75);
    assert_eq!(v["breakdown"]["white_direct"], 1);
    assert_eq!(v["breakdown"]["white_indirect"], 1);
    let (code, out, _) = run(
        &["dodgem", "eval", "--board=D../.../DTT", "--size", "3"],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Giá trị (theo Trắng, MAX): 75"), "{out}");
}

#[test]
fn eval_with_search() {
    let (code, out, _) = run(
        &[
            "dodgem",
            "eval",
            "--board",
            "D../D../.TT",
            "--depth",
            "3",
            "--to-move",
            "den",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    let v = json(&out);
    assert!(v["search"]["best_move"].is_string());
}

#[test]
fn solve_3x3_both_rules() {
    for rule in ["vn", "ww"] {
        let (code, out, _) = run(
            &["dodgem", "solve", "--size", "3", "--rule", rule, "--json"],
            "",
        );
        assert_eq!(code, 0);
        let v = json(&out);
        assert_eq!(v["start"], "win", "{rule}");
        assert_eq!(v["winning_moves"], serde_json::json!(["a3>"]));
        assert!(v["states"].as_u64().unwrap() > 0);
        // Kết quả của từng nước là của người đi nước đó: "win" đúng ở các nước thắng.
        for m in v["moves"].as_array().unwrap() {
            let winning = v["winning_moves"].as_array().unwrap().contains(&m["move"]);
            assert_eq!(m["result"] == "win", winning, "{m}");
        }
        assert_eq!(
            v["states"],
            v["wins"].as_u64().unwrap()
                + v["losses"].as_u64().unwrap()
                + v["draws"].as_u64().unwrap()
        );
    }
    let (code, out, _) = run(&["dodgem", "solve", "--first", "trang", "--json"], "");
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["first"], "trang");
    assert_eq!(v["start"], "win");
    assert_eq!(v["winning_moves"], serde_json::json!(["c1^"]));
}

#[test]
fn bad_input_exits_2_in_vietnamese() {
    let cases: [(&[&str], &str); 6] = [
        (&["dodgem", "eval", "--board", "D../DX./.TT"], "ký tự `X`"),
        (&["dodgem", "eval", "--board", "DD./D../.TT"], "Đen có 3 xe"),
        (
            &["dodgem", "eval", "--board", "D../D../.TT", "--size", "4"],
            "--size 4",
        ),
        (&["dodgem", "eval"], "thiếu --board"),
        (&["dodgem", "solve", "--size", "7"], "--size"),
        (&["dodgem", "play", "--rule", "xx"], "--rule"),
    ];
    for (args, needle) in cases {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(
            err.starts_with("Lỗi:") && err.contains(needle),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"));
    }
}

#[test]
fn help_in_vietnamese() {
    for sub in ["play", "solve", "eval", "nodes", "compare"] {
        let (code, out, _) = run(&["dodgem", sub, "--help"], "");
        assert_eq!(code, 0);
        assert!(out.contains("Cách dùng"), "{sub}");
    }
    let (_, out, _) = run(&["dodgem", "play", "--help"], "");
    assert!(out.contains("a2>"));
}

#[test]
fn play_until_end_of_input() {
    let (code, out, _) = run(&["dodgem", "play", "--depth", "2"], "a2v\n?\nb9>\n");
    assert_eq!(code, 0);
    assert!(out.contains("Bạn đi: a2v"));
    assert!(out.contains("Máy (Trắng) đi:"));
    assert!(out.contains("Các nước hợp lệ:"));
    assert!(out.contains("`b9` không phải tên ô"), "{out}");
    assert!(out.contains("Hết đầu vào"));
}

#[test]
fn nodes_table() {
    let (code, out, _) = run(&["dodgem", "nodes", "--max-depth", "3", "--json"], "");
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v.as_array().unwrap().len(), 9);
}

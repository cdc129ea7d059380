//! Kiểm thử chương trình dòng lệnh `caytrochoi`: JSON, văn bản tiếng Việt, mã thoát.

mod common;

const TREE: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";

type Run = (i32, String, String);

fn run(args: &[&str]) -> Run {
    common::run(args, "")
}

fn run_with_input(args: &[&str], input: &str) -> Run {
    common::run(args, input)
}

fn json((code, text, err): &Run) -> serde_json::Value {
    assert_eq!(*code, 0, "{err}");
    assert_eq!(
        text.trim_end().lines().count(),
        1,
        "đúng một đối tượng JSON: {text}"
    );
    serde_json::from_str(text).unwrap()
}

fn fails(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out}");
    assert!(out.is_empty());
    assert!(err.starts_with("Lỗi: "), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
    err
}

#[test]
fn minimax_json() {
    let v = json(&run(&["minimax", "--tree", TREE, "--json"]));
    assert_eq!(v["value"], 1);
    assert_eq!(v["best_move"], "B");
    assert_eq!(v["nodes_visited"], 11);
    assert_eq!(v["leaves_evaluated"], 5);
    assert_eq!(v["pruned"], serde_json::json!([]));
    assert!(v.get("trace").is_none());
}

#[test]
fn alphabeta_json_both_variants_and_trace() {
    for variant in ["cat-tia", "window"] {
        let v = json(&run(&[
            "alphabeta",
            "--tree",
            TREE,
            "--variant",
            variant,
            "--json",
            "--trace",
        ]));
        assert_eq!(v["value"], 1);
        assert_eq!(v["best_move"], "B");
        assert_eq!(v["pruned"], serde_json::json!(["F", "H"]));
        assert_eq!(v["nodes_visited"], 8);
        // Vết: bảng các nút (nhãn, cha, độ sâu, người đi) và các bước chỉ tới nút
        // bằng số thứ tự trong bảng.
        let nodes = v["trace"]["nodes"].as_array().unwrap();
        let label = |id: &serde_json::Value| nodes[id.as_u64().unwrap() as usize]["label"].clone();
        assert_eq!(nodes[0]["label"], "A");
        assert_eq!(nodes[0]["player"], "max");
        let events = v["trace"]["events"].as_array().unwrap();
        assert_eq!(events[0]["event"], "enter");
        assert_eq!(label(&events[0]["node"]), "A");
        assert_eq!(events[0]["temp"], "-inf");
        let cuts: Vec<(serde_json::Value, Vec<serde_json::Value>)> = events
            .iter()
            .filter(|e| e["event"] == "cut")
            .map(|e| {
                let pruned = e["pruned"].as_array().unwrap().iter().map(label).collect();
                (label(&e["node"]), pruned)
            })
            .collect();
        assert_eq!(
            cuts,
            [
                (serde_json::json!("C"), vec![serde_json::json!("F")]),
                (serde_json::json!("D"), vec![serde_json::json!("H")])
            ]
        );
    }
    let v = json(&run(&["alphabeta", "--tree", TREE, "--order", "--json"]));
    assert_eq!(v["value"], 1);
    let leaf = json(&run(&["minimax", "--tree", "5", "--json"]));
    assert_eq!(leaf["best_move"], serde_json::Value::Null);
    assert_eq!(leaf["value"], 5);
}

#[test]
fn root_and_depth_options() {
    let v = json(&run(&[
        "minimax",
        "--tree",
        "(1, (2, 3))",
        "--root",
        "min",
        "--json",
    ]));
    assert_eq!(v["value"], 1);
    let v = json(&run(&[
        "minimax",
        "--tree",
        "(1, C:4(2, 3))",
        "--depth",
        "1",
        "--json",
    ]));
    assert_eq!(v["value"], 4);
}

#[test]
fn readable_vietnamese_text() {
    let (code, text, _) = run(&["minimax", "--tree", "(1, ((0), -1), ((0), (1)))", "--trace"]);
    assert_eq!(code, 0);
    assert!(
        text.contains(" 3. Quay lui về A: giá trị tạm của A thành Max(-∞, 1) = 1.\n"),
        "{text}"
    );
    assert!(text.contains("Bảng giá trị tạm"), "{text}");
    assert!(text.contains("Giá trị của nút gốc A: 1\n"), "{text}");
    let (_, text, _) = run(&["alphabeta", "--tree", TREE]);
    assert!(text.contains("Các cây con bị cắt tỉa (2): F, H"), "{text}");
}

#[test]
fn tree_from_file_and_stdin() {
    let dir = std::env::temp_dir().join(format!("caytrochoi-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cay.txt");
    std::fs::write(&path, "A(B:1,\n  C:x)").unwrap();
    let arg = format!("@{}", path.display());
    let err = fails(&["minimax", "--tree", &arg]);
    assert!(
        err.contains("cay.txt") && err.contains("dòng 2, cột 5"),
        "{err}"
    );
    std::fs::write(
        &path,
        r#"{"nodes":[{"label":"A","children":["B"]},{"label":"B","value":2}]}"#,
    )
    .unwrap();
    assert_eq!(
        json(&run(&["minimax", "--tree", &arg, "--json"]))["value"],
        2
    );
    let v = json(&run_with_input(&["minimax", "--tree", "-", "--json"], TREE));
    assert_eq!(v["value"], 1);
    let err = fails(&["minimax", "--tree", "@/khong/co/tep/nay.txt"]);
    assert!(err.contains("không tìm thấy tệp"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn root_option_overrides_a_json_tree() {
    let tree = r#"{"root_player":"min","nodes":[{"label":"A","children":["B","C"]},{"label":"B","value":1},{"label":"C","value":2}]}"#;
    assert_eq!(
        json(&run(&["minimax", "--tree", tree, "--json"]))["value"],
        1
    );
    assert_eq!(
        json(&run(&[
            "minimax", "--tree", tree, "--root", "max", "--json"
        ]))["value"],
        2
    );
    assert_eq!(
        json(&run(&[
            "minimax", "--tree", "(1, 2)", "--root", "min", "--json"
        ]))["value"],
        1
    );
}

#[test]
fn tictactoe_json() {
    let v = json(&run(&["tictactoe", "--json"]));
    assert_eq!(v["value"], 0);
    assert_eq!(v["nodes"], 549_946);
    assert_eq!(v["nodes_per_depth"][9], 127_872);
    assert_eq!(v["games"], 255_168);
    assert_eq!(v["x_wins"], 131_184);
    assert_eq!(v["o_wins"], 77_904);
    assert_eq!(v["draws"], 46_080);
    assert_eq!(v["positions"], 5478);
}

#[test]
fn bad_input_exits_with_code_2_and_a_vietnamese_message() {
    let e = fails(&["minimax", "--tree", "A(B:1, C"]);
    assert!(e.contains("dòng 1, cột 9"), "{e}");
    assert!(fails(&["minimax"]).contains("thiếu --tree"));
    assert!(
        fails(&["minimax", "--tree", TREE, "--sau", "2"]).contains("tùy chọn không hợp lệ `--sau`")
    );
    assert!(fails(&["minimax", "--tree", TREE, "--depth", "-1"]).contains("--depth không hợp lệ"));
    assert!(
        fails(&["minimax", "--tree", TREE, "--depth", "99999999999999999999"])
            .contains("từ 0 đến 1000")
    );
    assert!(fails(&["minimax", "--tree", TREE, "--depth", "abc"]).contains("--depth"));
    assert!(fails(&["minimax", "--tree", TREE, "--root", "x"]).contains("`max` hoặc `min`"));
    assert!(fails(&["alphabeta", "--tree", TREE, "--variant", "fast"]).contains("cat-tia"));
    assert!(fails(&["minimax", "--tree"]).contains("cần một giá trị"));
    assert!(fails(&["minimax", "--tree", TREE, "--json=1"]).contains("không nhận giá trị"));
    assert!(fails(&["minimax", "--tree", TREE, "thua"]).contains("đối số thừa"));
    assert!(fails(&["tinh"]).contains("không có lệnh `tinh`"));
    assert!(fails(&["minimax", "--tree", "A(B:1, B:2)"]).contains("nhãn `B`"));
    assert!(
        fails(&["minimax", "--tree", "A(B(C:1), D:2)", "--depth", "1"])
            .contains("không định trị được")
    );
    let deep = format!("{}0{}", "(".repeat(60_000), ")".repeat(60_000));
    assert!(fails(&["minimax", "--tree", &deep]).contains("sâu quá 1000 mức"));
}

#[test]
fn help_in_vietnamese() {
    for args in [
        &["--help"][..],
        &["minimax", "--help"],
        &["alphabeta", "-h"],
        &["tictactoe", "--help"],
        &[],
    ] {
        let (code, text, _) = run(args);
        assert_eq!(code, 0);
        assert!(text.contains("Cách dùng"), "{args:?}: {text}");
    }
}

/// Một lần tìm kiếm carô từ bàn cờ trống: số nút của từng thuật toán (các con số
/// giáo trình nêu), và --order chỉ đi cùng --search.
#[test]
fn tictactoe_single_search() {
    for (alg, nodes) in [
        ("minimax", 549_946),
        ("cat-tia", 29_257),
        ("window", 18_297),
    ] {
        let v = json(&run(&["tictactoe", "--search", alg, "--json"]));
        assert_eq!(v["algorithm"], alg);
        assert_eq!(v["value"], 0);
        assert_eq!(v["nodes_visited"], nodes);
        let per_depth: u64 = v["nodes_per_depth"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(per_depth, nodes);
        assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    }
    let v = json(&run(&[
        "tictactoe",
        "--search",
        "window",
        "--order",
        "--json",
    ]));
    assert_eq!(
        (v["value"].clone(), v["nodes_visited"].clone()),
        (0.into(), 3052.into())
    );
    let (code, text, _) = run(&["tictactoe", "--search", "cat-tia"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("Số nút đã xét: 29257 (trong đó 12352 nút lá)"),
        "{text}"
    );
    let (code, _, err) = run(&["tictactoe", "--order"]);
    assert_eq!(code, 2);
    assert!(err.contains("--order chỉ dùng cùng --search"), "{err}");
    let (code, _, err) = run(&["tictactoe", "--search", "dfs"]);
    assert_eq!(code, 2);
    assert!(err.contains("`minimax`, `cat-tia`, `window`"), "{err}");
}

//! Kiểm thử các lệnh của chương 7 qua chương trình thật: `tictactoe --search
//! negamax|negamax-ab|id-tt|mcts`, người chơi mới của `dodgem play`, `giai-dau`.

mod common;

use common::run;

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim()).unwrap()
}

#[test]
fn tictactoe_chapter7_searches() {
    let (code, out, _) = run(&["tictactoe", "--search", "id-tt", "--json"], "");
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["value"], 0);
    assert!(v["nodes_visited"].as_u64().unwrap() < 10_000);
    assert_eq!(v["nodes_per_iteration"].as_array().unwrap().len(), 9);

    let (code, out, _) = run(&["tictactoe", "--search", "negamax-ab", "--json"], "");
    assert_eq!(code, 0);
    assert_eq!(json(&out)["value"], 0);

    let (code, out, _) = run(&["tictactoe", "--search", "negamax"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Số nút đã xét: 549946"), "{out}");

    let a = run(
        &[
            "tictactoe",
            "--search",
            "mcts",
            "--playouts",
            "500",
            "--seed",
            "3",
        ],
        "",
    );
    let b = run(
        &[
            "tictactoe",
            "--search",
            "mcts",
            "--playouts",
            "500",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(a.0, 0);
    assert!(a.1.contains("Nước đi được chọn: X"), "{}", a.1);
    // Cùng hạt giống: cùng nước đi, cùng số lần thử từng nước (chỉ thời gian khác).
    let strip = |s: &str| -> String { s.lines().filter(|l| !l.contains("Thời gian")).collect() };
    assert_eq!(strip(&a.1), strip(&b.1));
}

#[test]
fn bad_numbers_get_a_vietnamese_message_and_exit_2() {
    for (argv, needle) in [
        (
            vec!["tictactoe", "--search", "mcts", "--seed", "abc"],
            "giá trị của --seed không hợp lệ: `abc`",
        ),
        (
            vec!["tictactoe", "--search", "mcts", "--playouts", "0"],
            "giá trị của --playouts không hợp lệ: `0`",
        ),
        (
            vec!["tictactoe", "--search", "id-tt", "--tt-size", "99999999"],
            "giá trị của --tt-size không hợp lệ: `99999999`",
        ),
        (
            vec!["tictactoe", "--search", "id-tt", "--order"],
            "--order chỉ dùng với",
        ),
        (
            vec!["tictactoe", "--search", "id-tt", "--board", "XX./.../..."],
            "bàn cờ `XX./.../...` không đọc được",
        ),
        (
            vec!["tictactoe", "--search", "window", "--board", "X../.../..."],
            "--board chỉ dùng với",
        ),
        (
            vec!["dodgem", "search"],
            "thiếu --search id-tt hoặc --search mcts",
        ),
        (
            vec![
                "dodgem",
                "search",
                "--search",
                "id-tt",
                "--board",
                "D../D../.TX",
            ],
            "không hợp lệ",
        ),
        (
            vec!["dodgem", "search", "--search", "id-tt", "--depth", "31"],
            "giá trị của --depth không hợp lệ",
        ),
        (
            vec!["giai-dau", "--seed", "x1"],
            "giá trị của --seed không hợp lệ",
        ),
        (
            vec!["giai-dau", "--playouts", "0"],
            "giá trị của --playouts không hợp lệ",
        ),
        (
            vec!["giai-dau", "--games", "0"],
            "giá trị của --games không hợp lệ",
        ),
        (
            vec!["giai-dau", "--game", "co-vua"],
            "giá trị của --game không hợp lệ",
        ),
        (
            vec!["dodgem", "play", "--search", "mcts", "--playouts", "0"],
            "giá trị của --playouts không hợp lệ",
        ),
        (
            vec!["dodgem", "play", "--search", "alphago"],
            "giá trị của --search không hợp lệ: `alphago`",
        ),
    ] {
        let (code, out, err) = run(&argv, "");
        assert_eq!(code, 2, "{argv:?}: {out}{err}");
        assert!(err.contains(needle), "{argv:?}: {err}");
        assert!(err.starts_with("Lỗi: "), "{err}");
    }
}

#[test]
fn limits_are_in_help() {
    let (code, out, _) = run(&["giai-dau", "--help"], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("--playouts N") && out.contains("từ 1 đến 5.000"),
        "{out}"
    );
    assert!(
        out.contains("--games N") && out.contains("từ 1 đến 5)"),
        "{out}"
    );
    let (_, out, _) = run(&["tictactoe", "--help"], "");
    assert!(
        out.contains("id-tt") && out.contains("--tt-size N"),
        "{out}"
    );
    assert!(
        out.contains("--playouts N") && out.contains("1.000.000"),
        "{out}"
    );
    assert!(out.contains("4.194.304"), "{out}");
    let (_, out, _) = run(&["dodgem", "play", "--help"], "");
    assert!(out.contains("--search S") && out.contains("mcts"), "{out}");
    let (_, out, _) = run(&["--help"], "");
    assert!(out.contains("giai-dau"), "{out}");
    assert!(out.contains("MCTS: số lần chơi thử"), "{out}");
}

#[test]
fn dodgem_play_against_mcts() {
    // Máy (Đen) đi trước bằng MCTS; hết đầu vào thì ván dừng lịch sự.
    let (code, out, _) = run(
        &[
            "dodgem",
            "play",
            "--human",
            "trang",
            "--search",
            "mcts",
            "--playouts",
            "200",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("MCTS (200 lần)"), "{out}");
    assert!(out.contains("Máy (Đen) đi:"), "{out}");
}

#[test]
fn tournament_json_and_chart_are_reproducible() {
    let dir = std::env::temp_dir().join(format!("caytrochoi-giai-dau-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("giai-dau.svg");
    let args = [
        "giai-dau",
        "--game",
        "dodgem3",
        "--games",
        "1",
        "--playouts",
        "100",
        "--seed",
        "9",
        "--json",
    ];
    let (code, a, _) = run(&args, "");
    assert_eq!(code, 0);
    let (_, b, _) = run(&args, "");
    assert_eq!(a, b);
    let v = json(&a);
    assert_eq!(v["seed"], 9);
    let rows = v["tournaments"][0]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for r in rows {
        let played = r["wins"].as_u64().unwrap()
            + r["draws"].as_u64().unwrap()
            + r["losses"].as_u64().unwrap();
        assert_eq!(played, 8);
    }
    let (code, out, _) = run(
        &[
            "giai-dau",
            "--game",
            "caro",
            "--games",
            "1",
            "--playouts",
            "100",
            "-o",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("thắng  hòa  thua  điểm"), "{out}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("Điểm của mỗi đấu thủ (carô)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Các vòng của `--search id-tt` (carô từ một bàn cờ và Dodgem), như khung của
/// chương 7 trong sách đọc chúng: đủ vòng, tổng số nút đúng bằng `nodes_visited`,
/// bảng chỉ đầy thêm, tra thấy ít nhất bằng số lần bảng trả lời ngay, và vòng
/// cuối là kết quả. Từ bàn cờ mà X thắng ngay, mọi vòng cho 1 và nước X3.
#[test]
fn deepening_iterations_from_a_position() {
    for argv in [
        vec![
            "tictactoe",
            "--search",
            "id-tt",
            "--board",
            "X../.O./...",
            "--depth",
            "7",
        ],
        vec![
            "tictactoe",
            "--search",
            "id-tt",
            "--board",
            "XX./OO./...",
            "--depth",
            "5",
        ],
        vec!["dodgem", "search", "--search", "id-tt", "--depth", "10"],
        vec![
            "dodgem",
            "search",
            "--search",
            "id-tt",
            "--board",
            "D../.T./D.T",
            "--to-move",
            "trang",
        ],
    ] {
        let (code, out, err) = run(&[&argv[..], &["--json"]].concat(), "");
        assert_eq!(code, 0, "{argv:?}: {err}");
        let v = json(&out);
        let rounds = v["iterations"].as_array().unwrap();
        assert_eq!(
            rounds.len() as u64,
            v["depth"].as_u64().unwrap(),
            "{argv:?}"
        );
        let nodes: u64 = rounds.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
        assert_eq!(nodes, v["nodes_visited"].as_u64().unwrap(), "{argv:?}");
        let mut entries = 0;
        for (i, r) in rounds.iter().enumerate() {
            assert_eq!(r["depth"].as_u64().unwrap(), i as u64 + 1);
            let e = r["table_entries"].as_u64().unwrap();
            assert!(
                e >= entries && e <= v["tt_size"].as_u64().unwrap(),
                "{argv:?}: {r}"
            );
            entries = e;
            assert!(r["table_hits"].as_u64().unwrap() >= r["table_cutoffs"].as_u64().unwrap());
        }
        let last = rounds.last().unwrap();
        assert_eq!(last["value"], v["value"]);
        assert_eq!(last["best_move"], v["best_move"]);
        assert_eq!(entries, v["table_entries"].as_u64().unwrap());
        let cutoffs: u64 = rounds
            .iter()
            .map(|r| r["table_cutoffs"].as_u64().unwrap())
            .sum();
        assert_eq!(cutoffs, v["table_cutoffs"].as_u64().unwrap(), "{argv:?}");
        if argv.contains(&"XX./OO./...") {
            assert!(
                rounds
                    .iter()
                    .all(|r| r["value"] == 1 && r["best_move"] == "X3"),
                "{out}"
            );
        }
    }
}

/// `--search mcts` từ một thế cờ: mỗi nước ở gốc có tên, số lần thăm cộng lại
/// bằng số lần chơi thử (mỗi lần chơi thử đi qua đúng một nước ở gốc), điểm không
/// quá số lần thăm; nước được chọn là nước thăm nhiều nhất.
#[test]
fn mcts_moves_from_a_position() {
    for argv in [
        vec![
            "tictactoe",
            "--search",
            "mcts",
            "--board",
            "X../.O./...",
            "--playouts",
            "200",
        ],
        vec![
            "dodgem",
            "search",
            "--search",
            "mcts",
            "--playouts",
            "300",
            "--seed",
            "5",
        ],
    ] {
        let (code, out, err) = run(&[&argv[..], &["--json"]].concat(), "");
        assert_eq!(code, 0, "{argv:?}: {err}");
        let v = json(&out);
        let moves = v["moves"].as_array().unwrap();
        let visits: u64 = moves.iter().map(|m| m["visits"].as_u64().unwrap()).sum();
        assert_eq!(visits, v["playouts"].as_u64().unwrap(), "{out}");
        for m in moves {
            assert!(m["wins"].as_f64().unwrap() <= m["visits"].as_f64().unwrap());
        }
        let most = moves
            .iter()
            .max_by_key(|m| m["visits"].as_u64().unwrap())
            .unwrap();
        assert_eq!(most["name"], v["best_move"], "{out}");
    }
    let (code, out, _) = run(
        &["dodgem", "search", "--search", "mcts", "--playouts", "50"],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("Nước đi được chọn: ") && out.contains("tỉ lệ điểm"),
        "{out}"
    );
}

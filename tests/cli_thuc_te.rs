//! Kiểm thử các lệnh của chương 7 qua chương trình thật: `tictactoe --search
//! negamax|negamax-ab|id-tt|mcts`, người chơi mới của `dodgem play`, `giai-dau`.

mod common;

use common::run;

use caytrochoi::games::TicTacToe;
use caytrochoi::tournament::{play_match, Contender};

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
            vec!["giai-dau", "--openings", "0"],
            "giá trị của --openings không hợp lệ",
        ),
        (
            vec!["giai-dau", "--openings", "201"],
            "giá trị của --openings không hợp lệ",
        ),
        (
            vec!["giai-dau", "--openings", "2", "--opening-plies", "7"],
            "giá trị của --opening-plies không hợp lệ",
        ),
        (
            vec!["giai-dau", "--opening-plies", "2"],
            "--opening-plies chỉ dùng cùng --openings",
        ),
        (
            vec!["giai-dau", "--openings", "2", "--games", "1"],
            "với --openings mỗi khai cuộc đúng hai ván",
        ),
        (
            vec!["giai-dau", "--openings", "2", "-o", "x.svg"],
            "với --openings kết quả là từng cặp",
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
    // --openings: đúng giới hạn của play_match; ngay trên nó là lỗi nêu khoảng ấy.
    let max = caytrochoi::limits::RATE_GAMES;
    assert!(out.contains(&format!("hai ván (từ 1 đến {max})")), "{out}");
    assert!(
        out.contains("--opening-plies K") && out.contains("từ 1 đến 6)"),
        "{out}"
    );
    let over = (max + 1).to_string();
    let (code, _, err) = run(&["giai-dau", "--openings", &over], "");
    assert_eq!(code, 2);
    assert!(err.contains(&format!("từ 1 đến {max}")), "{err}");
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

/// `giai-dau --openings N`: mỗi cặp `i < j` của năm đấu thủ là đúng
/// `play_match(…, N, K, hạt giống)` (cùng hạt giống cho mọi cặp, nên cùng các
/// khai cuộc), in ra như JSON và như bảng chữ.
#[test]
fn tournament_with_openings_is_play_match_for_every_pair() {
    let args = [
        "giai-dau",
        "--game",
        "caro",
        "--openings",
        "4",
        "--opening-plies",
        "3",
        "--playouts",
        "50",
        "--seed",
        "5",
    ];
    let (code, out, err) = run(&[&args[..], &["--json"]].concat(), "");
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(
        (v["seed"].as_u64(), v["openings"].as_u64()),
        (Some(5), Some(4))
    );
    assert_eq!(v["opening_plies"], 3);
    let t = &v["tournaments"][0];
    assert_eq!(
        (t["game"].as_str(), t["max_side"].as_str()),
        (Some("carô"), Some("X"))
    );
    let mut lineup = Contender::lineup();
    lineup[4] = Contender::Mcts { playouts: 50 };
    let caro = TicTacToe {
        open_lines: true,
        symmetry_reduced: false,
    };
    let matches = t["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 10);
    let (code, text, _) = run(&args, "");
    assert_eq!(code, 0);
    let mut k = 0;
    for i in 0..lineup.len() {
        for j in i + 1..lineup.len() {
            let want = play_match(&caro, &lineup[i], &lineup[j], 4, 3, 5).unwrap();
            let m = &matches[k];
            k += 1;
            assert_eq!(m["first"], serde_json::to_value(lineup[i]).unwrap());
            assert_eq!(m["second"], serde_json::to_value(lineup[j]).unwrap());
            let got = ["games", "first_wins", "draws", "second_wins", "max_wins"]
                .map(|f| m[f].as_u64().unwrap() as u32);
            let expected = [
                want.games(),
                want.first_wins,
                want.draws,
                want.second_wins,
                want.max_wins,
            ];
            assert_eq!(got, expected, "{i} – {j}");
            assert_eq!(m["score"].as_f64(), Some(want.score()));
            assert_eq!(m["standard_error"].as_f64(), Some(want.standard_error()));
            assert_eq!(m["max_score"].as_f64(), Some(want.max_score()));
            // Dòng của cặp trong bảng chữ: tên hai đấu thủ, thắng, hòa, thua.
            let pair = format!("{} – {}", lineup[i].short_name(), lineup[j].short_name());
            let line = text
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{pair} ")))
                .unwrap_or_else(|| panic!("không có dòng {pair}:\n{text}"));
            let numbers: Vec<&str> = line[line.find(&pair).unwrap() + pair.len()..]
                .split_whitespace()
                .take(3)
                .collect();
            let wdl = [want.first_wins, want.draws, want.second_wins].map(|n| n.to_string());
            assert_eq!(numbers, wdl, "{line}");
        }
    }
    assert!(
        text.contains("8 ván mỗi cặp: 4 khai cuộc 3 nước × 2 màu quân, hạt giống 5"),
        "{text}"
    );
}

/// Bảng Dodgem 3×3 có khai cuộc ngẫu nhiên của chương 7 là đúng đầu ra của lệnh
/// in ngay trên nó (`$ caytrochoi giai-dau … --openings …`).
#[test]
fn chapter7_tournament_with_openings_is_the_cli_output() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let chapter = std::fs::read_to_string(root.join("book/src/ch07-tim-kiem-thuc-te.md")).unwrap();
    let start = chapter
        .lines()
        .position(|l| l.starts_with("$ caytrochoi giai-dau") && l.contains("--openings"))
        .expect("chương 7 in lệnh giai-dau --openings");
    let lines: Vec<&str> = chapter.lines().collect();
    assert_eq!(lines[start - 1], "```text");
    let end = start + lines[start..].iter().position(|l| *l == "```").unwrap();
    let words: Vec<&str> = lines[start]["$ caytrochoi ".len()..]
        .split_whitespace()
        .collect();
    let (code, out, err) = run(&words, "");
    assert_eq!(code, 0, "{err}");
    let got: Vec<&str> = out.lines().map(str::trim_end).collect();
    let want: Vec<&str> = lines[start + 1..end].iter().map(|l| l.trim_end()).collect();
    assert_eq!(got, want);
}

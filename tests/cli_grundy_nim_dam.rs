//! Kiểm thử `caytrochoi grundy nim` và `caytrochoi grundy dam` bằng cách chạy
//! chương trình thật. Đáp án không viết tay: G và các nước thắng được so với vét
//! cạn trên chính đồ thị của trò chơi (`Sum(Nim)` ghi nhớ; phân tích ngược trên
//! bàn Cờ DAM), chỉ các thế của chương 5 được ghi thẳng.

mod common;
#[path = "support/grundy_cli.rs"]
mod grundy_cli;

use caytrochoi::grundy::games::dam::{Dam, DamMove, DamPosition};
use caytrochoi::grundy::games::nim::Nim;
use caytrochoi::grundy::{classify, GrundyMemo, ImpartialGame, Outcome, Sum};
use grundy_cli::{assert_verdict, json_of, run};

#[test]
fn nim_matches_brute_force_on_the_sum_graph() {
    let mut memo = GrundyMemo::new();
    for heaps in [
        vec![3, 5, 6],
        vec![7, 9, 12],
        vec![3, 4, 5],
        vec![0],
        vec![4, 1, 7, 2],
    ] {
        let words: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        let mut args = vec!["nim"];
        args.extend(words.iter().map(String::as_str));
        let v = json_of(&args);
        let g = memo.value(&Sum(Nim), &heaps).unwrap();
        assert_verdict(&v, g);
        assert_eq!(v["heaps"], serde_json::json!(heaps));
        // Mọi nước thắng (và chỉ chúng) dẫn tới G = 0.
        let mut expected = Vec::new();
        for mv in Sum(Nim).moves(&heaps) {
            let to = Sum(Nim).play(&heaps, &mv);
            if memo.value(&Sum(Nim), &to).unwrap() == 0 {
                expected.push(to);
            }
        }
        let got: Vec<Vec<u32>> = v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
            .collect();
        assert_eq!(got, expected, "{heaps:?}");
    }
    // Bài 5.2: nước thắng duy nhất là bốc 2 viên ở đống 1.
    let v = json_of(&["nim", "7", "9", "12"]);
    assert_eq!(
        v["winning_moves"][0]["text"],
        "bốc 2 viên ở đống 1, còn (5, 9, 12)"
    );
}

#[test]
fn dam_matches_retrograde_analysis_of_the_board() {
    // Hình 5.9 (bàn 8 ô) và Bài 5.5 (bàn 9 ô), đến lượt Đen rồi đến lượt Trắng.
    for (rows, width) in [("1-5 2-8 3-4", 8u32), ("1-6 3-9 2-5", 9)] {
        for white in [false, true] {
            let w = width.to_string();
            let mut args = vec!["dam", rows, "--width", &w];
            if white {
                args.push("--white");
            }
            let v = json_of(&args);
            let pos: DamPosition = DamPosition {
                rows: v["position"]["rows"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| (r[0].as_u64().unwrap() as u32, r[1].as_u64().unwrap() as u32))
                    .collect(),
                black_to_move: !white,
            };
            assert_eq!(v["position"]["black_to_move"], !white);
            let rules = Dam {
                width,
                retreat: false,
            };
            let c = classify(&rules, &pos, 1_000_000).unwrap();
            let outcome = c.outcome(&pos).unwrap();
            assert_eq!(v["pn"], outcome.pn_name(), "{rows}");
            let g = v["grundy"].as_u64().unwrap() as u32;
            assert_eq!(Outcome::from_grundy(g), outcome);
            let expected: Vec<DamMove> = rules
                .moves(&pos)
                .into_iter()
                .filter(|mv| c.outcome(&rules.play(&pos, mv)) == Some(Outcome::PreviousWins))
                .collect();
            let got: Vec<DamMove> = v["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| DamMove {
                    row: m["move"]["row"].as_u64().unwrap() as usize,
                    to: m["move"]["to"].as_u64().unwrap() as u32,
                })
                .collect();
            assert_eq!(got, expected, "{rows} trắng={white}");
        }
    }
    let v = json_of(&["dam", "1-5", "2-8", "3-4"]);
    assert_eq!(v["gaps"], serde_json::json!([3, 5, 0]));
    assert_eq!(
        v["winning_moves"][0]["text"],
        "hàng 2, quân đen từ ô 2 tới ô 4"
    );
}

#[test]
fn text_help_and_bad_input() {
    let (code, out, _) = run(&["nim", "3", "5", "6"]);
    assert_eq!(code, 0);
    assert!(out.contains("trạng thái thắng (1, vị trí P"), "{out}");
    assert!(out.contains("S = XOR"), "{out}");
    for game in ["nim", "dam"] {
        let (code, out, _) = run(&[game, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("Cách dùng: caytrochoi grundy"), "{out}");
    }
    let (_, out, _) = run(&["--help"]);
    assert!(
        out.contains("dam 1-5") && out.contains("nim 7 9 12"),
        "{out}"
    );
    let cases: [(&[&str], &str); 8] = [
        (&["nim"], "thiếu số viên"),
        (&["nim", "7", "x"], "đống 2: `x`"),
        (&["nim", "1001"], "từ 0 đến 1000"),
        (
            &["nim", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1", "1"],
            "từ 1 đến 10",
        ),
        (&["dam"], "thiếu các hàng"),
        (
            &["dam", "1-5", "5-3"],
            "hàng 2: quân đen (ô 5) phải ở bên trái",
        ),
        (
            &["dam", "1-5", "--width", "4"],
            "hàng 1: cần 1 ≤ ô đen < ô trắng ≤ 4",
        ),
        (&["dam", "1_5"], "hàng 1: `1_5` không phải `đen-trắng`"),
    ];
    for (args, needle) in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

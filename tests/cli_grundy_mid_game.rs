//! Thế giữa ván trên dòng lệnh: `caytrochoi grundy to-mau ..xx....`, `octal MÃ
//! 3 5`, `chuyen-soi 4-17 --white`. Đáp án không viết tay: G và các nước thắng
//! được so với vét cạn trên chính đồ thị của trò chơi (hàm Grundy ghi nhớ, phân
//! tích ngược khi cho lùi).

mod common;
#[path = "support/grundy_cli.rs"]
mod grundy_cli;

use caytrochoi::grundy::games::chuyen_soi::ChuyenSoi;
use caytrochoi::grundy::games::to_mau::{parse_strip, segments, Paint, ToMau};
use caytrochoi::grundy::octal::OctalGame;
use caytrochoi::grundy::{GrundyMemo, ImpartialGame};
use grundy_cli::{assert_refused, assert_verdict, json_of, run};
use serde_json::Value;

fn usizes(v: &Value) -> Vec<usize> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect()
}

#[test]
fn to_mau_mid_game_matches_brute_force() {
    let mut memo = GrundyMemo::new();
    for text in [
        "..xx....",
        "..x......x",
        ".x.....",
        "x.x.x",
        "....x....",
        "xxxx",
        "...xx...x.....",
    ] {
        let strip = parse_strip(text).unwrap();
        let v = json_of(&["to-mau", text]);
        assert_verdict(&v, memo.value(&ToMau, &strip).unwrap());
        assert_eq!(v["strip"], text, "{v}");
        assert_eq!(usizes(&v["segments"]), segments(&strip), "{text}");
        // Đúng các nước thắng của vét cạn, và mỗi nước để lại đúng các đoạn `to`.
        let brute = memo.winning_moves(&ToMau, &strip).unwrap();
        let got: Vec<Paint> = v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let p = Paint {
                    start: m["move"]["start"].as_u64().unwrap() as usize,
                    len: m["move"]["len"].as_u64().unwrap() as usize,
                };
                let after = ToMau.play(&strip, &p);
                assert_eq!(usizes(&m["to"]), segments(&after), "{text}");
                assert_eq!(memo.value(&ToMau, &after).unwrap(), 0, "{text}");
                p
            })
            .collect();
        let mut brute_sorted = brute.clone();
        brute_sorted.sort_by_key(|p| (p.start, p.len));
        assert_eq!(got, brute_sorted, "{text}");
    }
    // Dải trống viết từng ô cho đúng câu trả lời của `to-mau N`.
    assert_eq!(json_of(&["to-mau", "........"]), json_of(&["to-mau", "8"]));
}

#[test]
fn to_mau_play_from_mid_game_is_legal() {
    let mut memo = GrundyMemo::new();
    for text in ["..xx....", "...x.....x..", "x..x"] {
        let mut strip = parse_strip(text).unwrap();
        let g = memo.value(&ToMau, &strip).unwrap();
        let v = json_of(&["to-mau", text, "--play"]);
        assert_verdict(&v, g);
        let mut player = 1;
        for turn in v["play"].as_array().unwrap() {
            assert_eq!(turn["player"], player);
            let p = Paint {
                start: turn["paint"]["start"].as_u64().unwrap() as usize,
                len: turn["paint"]["len"].as_u64().unwrap() as usize,
            };
            assert!(ToMau.moves(&strip).contains(&p), "{text}: {p:?}");
            strip = ToMau.play(&strip, &p);
            assert_eq!(turn["grundy_after"], memo.value(&ToMau, &strip).unwrap());
            player = 3 - player;
        }
        assert!(ToMau.moves(&strip).is_empty(), "{text}");
        // Người không đi được (player) thua: người 2 khi G ≠ 0.
        assert_eq!(player == 2, g != 0, "{text}");
    }
}

#[test]
fn octal_heaps_match_brute_force() {
    for code in ["0.07", "0.77", "0.137", "4.07"] {
        let game = OctalGame::parse(code).unwrap();
        let mut memo = GrundyMemo::new();
        for heaps in [vec![3, 5], vec![2, 3], vec![1, 4, 6], vec![7, 0, 2]] {
            let words: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            let mut args = vec!["octal", code];
            args.extend(words.iter().map(String::as_str));
            let v = json_of(&args);
            let mut pos: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
            pos.sort_unstable();
            assert_verdict(&v, memo.value(&game, &pos).unwrap());
            assert_eq!(usizes(&v["heaps"]), pos, "{code} {heaps:?}");
            // Các thế sau nước thắng: đúng như vét cạn (xếp để so).
            let mut brute: Vec<Vec<usize>> = memo
                .winning_moves(&game, &pos)
                .unwrap()
                .iter()
                .map(|m| game.play(&pos, m))
                .collect();
            let mut got: Vec<Vec<usize>> = v["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    let mut to = usizes(&m["to"]);
                    to.retain(|&h| h > 0);
                    to.sort_unstable();
                    to
                })
                .collect();
            brute.sort();
            brute.dedup();
            got.sort();
            assert_eq!(got, brute, "{code} {heaps:?}");
        }
    }
    // Một đống: câu trả lời cũ (trường `heap`), cả khi viết trong một đối số.
    let one = json_of(&["octal", "0.07", "10"]);
    assert_eq!(one["heap"], 10);
    assert_eq!(
        json_of(&["octal", "0.07", "3 5"]),
        json_of(&["octal", "0.07", "3", "5"])
    );
}

#[test]
fn chuyen_soi_positions_match_brute_force() {
    for (cells, step) in [(19, 3), (12, 2), (15, 4)] {
        let game = ChuyenSoi::new(cells, step, false).unwrap();
        let mut memo = GrundyMemo::new();
        for (b, w, white) in [
            (1, cells, false),
            (4, cells - 2, true),
            (3, 7, false),
            (5, 6, true),
        ] {
            let stones = format!("{b}-{w}");
            let cells_s = cells.to_string();
            let step_s = step.to_string();
            let mut args = vec![
                "chuyen-soi",
                stones.as_str(),
                "--cells",
                &cells_s,
                "--step",
                &step_s,
            ];
            if white {
                args.push("--white");
            }
            let v = json_of(&args);
            let pos = game.parse_stones(&stones, !white).unwrap();
            assert_verdict(&v, memo.value(&game, &pos).unwrap());
            assert_eq!(v["gap"], w - b - 1);
            assert_eq!(v["position"]["stones"], stones);
            assert_eq!(v["position"]["black_to_move"], !white);
            let who = if white { "quân trắng" } else { "quân đen" };
            for m in v["winning_moves"].as_array().unwrap() {
                assert!(m["text"].as_str().unwrap().starts_with(who), "{m}");
                assert_eq!(m["to"]["black_to_move"], white);
            }
        }
    }
    // Cho lùi: phân loại bằng phân tích ngược từ chính thế ấy.
    let game = ChuyenSoi::new(10, 3, true).unwrap();
    let pos = game.parse_stones("2-9", false).unwrap();
    let c = caytrochoi::grundy::classify(&game, &pos, 10_000).unwrap();
    let v = json_of(&["chuyen-soi", "2-9", "--white", "--retreat", "--cells", "10"]);
    assert_eq!(
        v["first_player_wins"],
        c.outcome(&pos).unwrap().player_to_move_wins().unwrap()
    );
}

#[test]
fn bad_positions_exit_2_saying_what_and_where() {
    let long = ".".repeat(20_001);
    for (args, needle) in [
        (vec!["to-mau", "..o.."], "ô 3"),
        (vec!["to-mau", "..x-."], "`-`"),
        (vec!["to-mau", long.as_str()], "từ 0 đến 20000"),
        (vec!["octal", "0.07", "3", "x"], "đống 2"),
        (vec!["octal", "0.07", "3", "99999"], "đống 2"),
        (vec!["chuyen-soi", "5-3"], "viên trắng"),
        (vec!["chuyen-soi", "4:17"], "B-W"),
        (vec!["chuyen-soi", "0-17"], "viên đen"),
        (vec!["chuyen-soi", "4-17", "4-18"], "`4-18`"),
    ] {
        assert_refused(&args, needle);
    }
}

#[test]
fn help_shows_the_mid_game_forms() {
    for (game, example) in [
        ("to-mau", "..xx...."),
        ("octal", "octal 0.07 3 5"),
        ("chuyen-soi", "chuyen-soi 4-17 --white"),
    ] {
        let (code, out, _) = run(&[game, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains(example), "{game}: {out}");
    }
    let (_, out, _) = run(&["--help"]);
    assert!(out.contains("to-mau ..xx...."), "{out}");
}

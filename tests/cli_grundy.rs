//! Kiểm thử lệnh `caytrochoi grundy` bằng cách chạy chương trình thật.
//!
//! Đáp án không viết tay: mỗi con số của chương trình được so với một phép vét
//! cạn độc lập của thư viện (hàm Grundy ghi nhớ trên đồ thị trò chơi, phân tích
//! ngược). Chỉ các sự kiện đã công bố (bài giảng, bảng của Guy) được ghi thẳng,
//! và cũng được kiểm tra chéo.

mod common;
#[path = "support/grundy_cli.rs"]
mod grundy_cli;

use caytrochoi::games::NimSplit;
use caytrochoi::grundy::games::boc_soi::BocSoi;
use caytrochoi::grundy::games::chuyen_soi::ChuyenSoi;
use caytrochoi::grundy::games::queen::Queen;
use caytrochoi::grundy::games::socola::{normalize, Socola};
use caytrochoi::grundy::games::to_mau::{Paint, ToMau};
use caytrochoi::grundy::{classify, GrundyMemo, ImpartialGame, OctalGame, Outcome};
use caytrochoi::{Player, Searcher};
use grundy_cli::{assert_refused, assert_verdict, json_of, run};
use serde_json::{json, Value};

fn u32s(v: &Value) -> Vec<u32> {
    v.as_array()
        .expect("một danh sách")
        .iter()
        .map(|x| x.as_u64().expect("một số") as u32)
        .collect()
}

#[test]
fn boc_soi_20_30_of_the_lecture() {
    let v = json_of(&["boc-soi", "20", "30"]);
    // Bài tập 1 của bài giảng: G(20, 30) = 4, trạng thái "thua" (vị trí N),
    // người đi trước thắng.
    assert_verdict(&v, 4);
    assert_eq!(v["lecture_name"], "thua");
    // Kiểm tra chéo: vét cạn có ghi nhớ trên đồ thị trò chơi, và phân tích ngược.
    let game = BocSoi::default();
    let mut memo = GrundyMemo::new();
    assert_eq!(memo.value(&game, &(20, 30)).unwrap(), 4);
    let c = classify(&game, &(20, 30), 10_000).unwrap();
    assert_eq!(c.outcome(&(20, 30)), Some(Outcome::NextWins));
    // Các nước thắng: đúng những nước vét cạn tìm thấy, mỗi nước về G = 0.
    let brute: Vec<(u32, u32)> = memo
        .winning_moves(&game, &(20, 30))
        .unwrap()
        .iter()
        .map(|m| game.play(&(20, 30), m))
        .collect();
    let moves = v["winning_moves"].as_array().unwrap();
    let to: Vec<(u32, u32)> = moves
        .iter()
        .map(|m| {
            let t = u32s(&m["to"]);
            (t[0], t[1])
        })
        .collect();
    assert_eq!(to, brute);
    for (a, b) in to {
        assert_verdict(&json_of(&["boc-soi", &a.to_string(), &b.to_string()]), 0);
    }
}

#[test]
fn nim_chia_seven_tokens_and_the_sequence() {
    // Bài Minimax: 7 đồng xu, MIN đi trước, MAX luôn thắng — tức G(7) = 0.
    let v = json_of(&["nim-chia", "7"]);
    assert_verdict(&v, 0);
    assert_eq!(v["winning_moves"], json!([]));
    let minimax = Searcher::minimax()
        .run(&NimSplit::new(7, Player::Min))
        .unwrap();
    assert_eq!(minimax.value, 1.0, "vét cạn: MAX (người đi sau) thắng");
    // Dãy G(0) … G(39): so với vét cạn trên chính mô hình NimSplit.
    let s = json_of(&["nim-chia", "--sequence", "40"]);
    let mut memo = GrundyMemo::new();
    let brute: Vec<u32> = (0..40u32)
        .map(|n| memo.value(&NimSplit::default(), &vec![n]).unwrap())
        .collect();
    assert_eq!(u32s(&s["values"]), brute);
    // Một đống 8: nước thắng để lại các đống có G = 0.
    let v = json_of(&["nim-chia", "8"]);
    assert_verdict(&v, brute[8]);
    for m in v["winning_moves"].as_array().unwrap() {
        let piles = u32s(&m["to"]);
        assert_eq!(memo.value(&NimSplit::default(), &piles).unwrap(), 0);
    }
}

/// Kiểm tra chéo một chu kỳ trên dãy `values`: G(n + p) = G(n) với mọi
/// n ≥ n₀ trong phần đã tính, và không đúng ở n₀ − 1.
fn assert_period(values: &[u32], period: usize, preperiod: usize) {
    assert!(values.len() > preperiod + 4 * period);
    for n in preperiod..values.len() - period {
        assert_eq!(values[n + period], values[n], "n = {n}");
    }
    if preperiod > 0 {
        assert_ne!(values[preperiod - 1 + period], values[preperiod - 1]);
    }
}

#[test]
fn published_periods_of_octal_games() {
    // Bảng của Guy (Winning Ways): Kayles 0.77 có chu kỳ 12 từ n = 71; Kayles
    // của Dawson 0.07 có chu kỳ 34 từ n = 53.
    for (code, period, preperiod) in [("0.77", 12, 71), ("0.07", 34, 53)] {
        let p = json_of(&["octal", code, "--period"]);
        assert_eq!(p["period"], period, "{code}");
        assert_eq!(p["preperiod"], preperiod, "{code}");
        // Kiểm tra chéo: chu kỳ thấy được trên một dãy dài, và dãy ấy khớp với
        // vét cạn trên các đống nhỏ.
        let s = json_of(&["octal", code, "--sequence", "600"]);
        let values = u32s(&s["values"]);
        assert_period(&values, period, preperiod);
        let game = OctalGame::parse(code).unwrap();
        let mut memo = GrundyMemo::new();
        for (n, &v) in values.iter().enumerate().take(18) {
            assert_eq!(memo.value(&game, &vec![n]).unwrap(), v, "{code} n = {n}");
        }
    }
}

/// G của một dải Tô màu bằng vét cạn trên chính dải băng.
fn strip_value(memo: &mut GrundyMemo<Vec<bool>>, strip: &[bool]) -> u32 {
    memo.value(&ToMau, &strip.to_vec()).unwrap()
}

#[test]
fn to_mau_period_and_sequence() {
    // Tô màu là 0.077: chu kỳ 24 từ n = 142.
    let t = json_of(&["to-mau", "--period"]);
    assert_eq!(
        (t["period"].as_u64(), t["preperiod"].as_u64()),
        (Some(24), Some(142))
    );
    let o = json_of(&["octal", "0.077", "--period"]);
    assert_eq!(t["period"], o["period"]);
    assert_eq!(t["preperiod"], o["preperiod"]);
    // Kiểm tra chéo bằng dãy tính thẳng từ luật tô màu (không qua mã bát phân).
    let a = json_of(&["to-mau", "--sequence", "1000"]);
    let values = u32s(&a["values"]);
    assert_period(&values, 24, 142);
    let b = json_of(&["octal", "0.077", "--sequence", "1000"]);
    assert_eq!(a["values"], b["values"]);
    let mut memo = GrundyMemo::new();
    for (n, &v) in values.iter().enumerate().take(15) {
        assert_eq!(strip_value(&mut memo, &vec![false; n]), v, "n = {n}");
    }
    for n in [2, 3, 5, 11, 20, 100] {
        assert_verdict(&json_of(&["to-mau", &n.to_string()]), values[n]);
    }
}

#[test]
fn to_mau_play_is_legal_and_the_predicted_player_wins() {
    let mut memo = GrundyMemo::new();
    for n in 0..=14usize {
        let g = strip_value(&mut memo, &vec![false; n]);
        let v = json_of(&["to-mau", &n.to_string(), "--play"]);
        assert_verdict(&v, g);
        let mut strip = vec![false; n];
        let mut expected_player = 1;
        for turn in v["play"].as_array().unwrap() {
            assert_eq!(turn["player"], expected_player, "n = {n}");
            let paint = Paint {
                start: turn["paint"]["start"].as_u64().unwrap() as usize,
                len: turn["paint"]["len"].as_u64().unwrap() as usize,
            };
            // Nước đi hợp lệ: đúng là một trong các nước của luật chơi.
            assert!(ToMau.moves(&strip).contains(&paint), "n = {n}: {paint:?}");
            strip = ToMau.play(&strip, &paint);
            assert_eq!(turn["grundy_after"], strip_value(&mut memo, &strip));
            // Người nắm thế thắng luôn để lại G = 0.
            if (expected_player == 1) == (g != 0) {
                assert_eq!(turn["grundy_after"], 0, "n = {n}");
            }
            expected_player = 3 - expected_player;
        }
        // Ván dừng khi không còn nước tô; người không đi được (expected_player) thua.
        assert!(ToMau.moves(&strip).is_empty(), "n = {n}");
        let loser = expected_player;
        assert_eq!(loser == 2, g != 0, "n = {n}: người thua là người {loser}");
    }
}

#[test]
fn queen_table_and_moves_match_brute_force() {
    let q = json_of(&["hau", "4", "5", "--table"]);
    let mut memo = GrundyMemo::new();
    let table = q["table"].as_array().unwrap();
    assert_eq!(table.len(), 5);
    for (p, row) in table.iter().enumerate() {
        for (r, v) in u32s(row).into_iter().enumerate() {
            assert_eq!(memo.value(&Queen, &(p as u32, r as u32)).unwrap(), v);
        }
    }
    assert_verdict(&q, memo.value(&Queen, &(4, 5)).unwrap());
    let brute: Vec<Value> = memo
        .winning_moves(&Queen, &(4, 5))
        .unwrap()
        .iter()
        .map(|m| {
            let (a, b) = Queen.play(&(4, 5), m);
            json!([a, b])
        })
        .collect();
    let to: Vec<Value> = q["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].clone())
        .collect();
    assert_eq!(to, brute);
}

#[test]
fn socola_parity_matches_brute_force() {
    let mut memo = GrundyMemo::new();
    for (m, n) in [(3u32, 5u32), (4, 5), (2, 3), (1, 1), (3, 3)] {
        let v = json_of(&["socola", &m.to_string(), &n.to_string()]);
        let g = memo.value(&Socola, &normalize(vec![(m, n)])).unwrap();
        assert_verdict(&v, g);
        // Ván nào cũng có đúng M·N − 1 lần bẻ: người đi trước thắng khi M·N chẵn.
        assert_eq!(v["total_breaks"], m * n - 1);
        assert_eq!(v["first_player_wins"], (m * n) % 2 == 0);
    }
}

#[test]
fn chuyen_soi_forward_and_with_retreat() {
    // Lúc đầu: dải 19 ô, khoảng trống 17; vét cạn phân tích ngược trên các
    // trạng thái (vị trí hai viên, lượt đi).
    let c = json_of(&["chuyen-soi"]);
    assert_eq!(c["gap"], 17);
    let game = ChuyenSoi::default();
    let start = game.start();
    let truth = game.classify().unwrap().outcome(&start).unwrap();
    assert_eq!(c["first_player_wins"], truth.player_to_move_wins().unwrap());
    assert_eq!(c["lecture_name"], truth.lecture_name());
    let mut memo = GrundyMemo::new();
    let gap_values = u32s(&c["gap_values"]);
    for (gap, &v) in gap_values.iter().enumerate() {
        let pos = caytrochoi::grundy::games::chuyen_soi::StonePosition {
            black: 0,
            white: gap as u32 + 1,
            black_to_move: true,
        };
        assert_eq!(memo.value(&game, &pos).unwrap(), v, "gap = {gap}");
    }
    // Cho lùi: không có hàm Grundy. Người đi trước vẫn thắng: lùi không cứu
    // được người thua. Đáp án từ phân tích ngược trên đồ thị có chu trình.
    let r = json_of(&["chuyen-soi", "--retreat", "--cells", "12", "--step", "2"]);
    assert_eq!(r["grundy"], Value::Null);
    assert_eq!(r["first_player_wins"], true);
    let looped = ChuyenSoi::new(12, 2, true).unwrap();
    let c = looped.classify().unwrap();
    assert_eq!(
        c.outcome(&looped.start()),
        Some(Outcome::NextWins),
        "phân tích ngược"
    );
    assert_eq!(r["counts"]["draws"], c.counts().draws);
    let forward = json_of(&["chuyen-soi", "--cells", "12", "--step", "2"]);
    assert_eq!(forward["first_player_wins"], true);
    assert_eq!(r["winning_moves"], forward["winning_moves"]);
}

#[test]
fn text_output_is_vietnamese() {
    let (code, out, _) = run(&["boc-soi", "20", "30"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("trạng thái thua") && out.contains("vị trí N"),
        "{out}"
    );
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Cách dùng"));
    // Mỗi trò chơi có trợ giúp riêng.
    for game in [
        "hau",
        "nim-chia",
        "boc-soi",
        "chuyen-soi",
        "to-mau",
        "socola",
        "octal",
    ] {
        let (code, out, _) = run(&[game, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains(&format!("caytrochoi grundy {game}")), "{out}");
    }
    // Tùy chọn có thể đứng trước tên trò chơi, như trước đây.
    let (code, out, _) = run(&["--sequence", "5", "nim-chia", "--json"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"values\":[0,0,0,1,0]"), "{out}");
}

#[test]
fn bad_input_exits_with_2_and_a_message() {
    for (args, needle) in [
        (vec!["hau", "-3", "4"], "cột P"),
        (vec!["hau", "3"], "thiếu hàng Q"),
        (
            vec!["boc-soi", "20", "999999999999999999999999"],
            "đống thứ hai N",
        ),
        (vec!["octal", "0.08", "5"], "`8`"),
        (vec!["octal", "077", "5"], "dấu chấm"),
        (vec!["octal", "1.07", "5"], "0 hoặc 4"),
        (vec!["to-mau", "100000"], "số ô N"),
        (vec!["to-mau", "--sequence", "0"], "--sequence"),
        (vec!["to-mau", "--play", "--period"], "--play"),
        (vec!["nim-chia", "abc"], "`abc`"),
        (vec!["socola", "0", "3"], "số hàng M"),
        (vec!["chuyen-soi", "--cells", "1"], "--cells"),
        (
            vec!["chuyen-soi", "--retreat", "--cells", "5000"],
            "số ô của dải băng",
        ),
        (vec!["hau", "3", "4", "--period"], "`--period`"),
        (vec!["hau", "70", "4", "--table"], "P (khi in bảng)"),
        (vec!["khong-co"], "`khong-co`"),
        (vec![], "thiếu tên trò chơi"),
        (vec!["to-mau", "5", "--la"], "`--la`"),
    ] {
        assert_refused(&args, needle);
    }
}

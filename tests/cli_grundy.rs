//! Kiểm thử lệnh `caytrochoi grundy` bằng cách chạy chương trình thật.

mod common;

/// Chạy `caytrochoi grundy ARGS`.
fn run(args: &[&str]) -> (i32, String, String) {
    let all: Vec<&str> = std::iter::once("grundy")
        .chain(args.iter().copied())
        .collect();
    common::run(&all, "")
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim().lines().count(), 1, "đúng một dòng JSON: {out}");
    serde_json::from_str(out.trim()).expect("JSON hợp lệ")
}

#[test]
fn boc_soi_20_30() {
    let v = json(&["boc-soi", "20", "30"]);
    let g = v["grundy"].as_u64().unwrap();
    assert_eq!(v["first_player_wins"], serde_json::json!(g != 0));
    // Mỗi nước thắng dẫn tới một trạng thái có G = 0.
    for m in v["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_array().unwrap();
        let w = json(&["boc-soi", &to[0].to_string(), &to[1].to_string()]);
        assert_eq!(w["grundy"], 0);
        assert_eq!(w["first_player_wins"], false);
    }
}

#[test]
fn nim_chia_seven_and_sequence() {
    let v = json(&["nim-chia", "7"]);
    assert_eq!(v["grundy"], 0);
    assert_eq!(v["first_player_wins"], false);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 0);
    let s = json(&["nim-chia", "--sequence", "21"]);
    assert_eq!(
        s["values"],
        serde_json::json!([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0])
    );
}

#[test]
fn periods_of_octal_games() {
    let k = json(&["octal", "0.77", "--period"]);
    assert_eq!(
        (k["period"].as_u64(), k["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    let d = json(&["octal", "0.07", "--period"]);
    assert_eq!(
        (d["period"].as_u64(), d["preperiod"].as_u64()),
        (Some(34), Some(53))
    );
    let t = json(&["to-mau", "--period"]);
    let o = json(&["octal", "0.077", "--period"]);
    assert_eq!(t["period"], o["period"]);
    assert_eq!(t["preperiod"], o["preperiod"]);
}

#[test]
fn to_mau_sequence_is_octal_0_077() {
    let a = json(&["to-mau", "--sequence", "200"]);
    let b = json(&["octal", "0.077", "--sequence", "200"]);
    assert_eq!(a["values"], b["values"]);
    for n in [2, 3, 5, 11, 20, 100] {
        let v = json(&["to-mau", &n.to_string()]);
        assert_eq!(v["grundy"], a["values"][n]);
    }
    let p = json(&["to-mau", "11", "--play"]);
    assert!(!p["play"].as_array().unwrap().is_empty());
}

#[test]
fn queen_socola_chuyen_soi() {
    let q = json(&["hau", "4", "5", "--table"]);
    assert_eq!(q["table"][3][5], 0);
    assert_eq!(q["winning_moves"].as_array().unwrap().len(), 2);
    let s = json(&["socola", "3", "5"]);
    assert_eq!(s["first_player_wins"], false);
    let s = json(&["socola", "4", "5"]);
    assert_eq!(s["first_player_wins"], true);
    let c = json(&["chuyen-soi"]);
    assert_eq!(c["gap"], 17);
    assert_eq!(c["first_player_wins"], true);
    let r = json(&["chuyen-soi", "--retreat", "--cells", "12", "--step", "2"]);
    assert!(r["first_player_wins"].is_boolean() || r["first_player_wins"].is_null());
}

#[test]
fn text_output_is_vietnamese() {
    let (code, out, _) = run(&["boc-soi", "20", "30"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("trạng thái thua") && out.contains("N-vị trí"),
        "{out}"
    );
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("Cách dùng"));
}

#[test]
fn bad_input_exits_with_2_and_a_message() {
    for args in [
        vec!["hau", "-3", "4"],
        vec!["hau", "3"],
        vec!["boc-soi", "20", "999999999999999999999999"],
        vec!["octal", "0.08", "5"],
        vec!["octal", "077", "5"],
        vec!["octal", "1.07", "5"],
        vec!["to-mau", "100000"],
        vec!["to-mau", "--sequence", "0"],
        vec!["nim-chia", "abc"],
        vec!["socola", "0", "3"],
        vec!["chuyen-soi", "--cells", "1"],
        vec!["chuyen-soi", "--retreat", "--cells", "5000"],
        vec!["hau", "3", "4", "--period"],
        vec!["khong-co"],
        vec![],
        vec!["to-mau", "5", "--la"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(err.starts_with("Lỗi: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

//! Kiểm thử của danh mục: mỗi lượt chơi với máy khớp với vét cạn trên đồ thị
//! trò chơi, lời báo lỗi bằng tiếng Việt, và danh mục đủ tên.

use super::chuyen_soi::StonesPlay;
use super::dam::Dam;
use super::nim::NimHeaps;
use super::nim_split::NimSplit;
use super::octal::OctalPlay;
use super::socola::Socola;
use super::to_mau::PaintStrip;
use super::*;
use crate::grundy::games::dam::dam_grundy;
use crate::grundy::games::nim::Nim;
use crate::grundy::games::to_mau::{parse_strip, ToMau};
use crate::grundy::octal::{parse_heaps, OctalGame};
use crate::grundy::{classify, GrundyMemo, Sum};
use crate::outcome::Outcome;

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Cả ván máy với máy từ `start`: mỗi lượt, G của thế trùng với vét cạn, và
/// máy đi về G = 0 đúng khi thế có G ≠ 0. Trả về số nước của ván. (Cờ DAM:
/// phân tích ngược cho biết thế nào có G = 0.)
fn play_out<G: LectureGame>(start: &[&str], mut brute: impl FnMut(&[String]) -> u32) -> usize {
    let mut pos = strings(start);
    for n in 0.. {
        let t = turn::<G>(&pos).unwrap();
        let g = brute(&pos);
        assert_eq!(t.grundy, g, "{pos:?}");
        for m in &t.moves {
            assert_eq!(m.grundy, brute(&m.to), "{:?}", m.to);
        }
        let Some(c) = t.computer else {
            assert_eq!(g, 0);
            return n;
        };
        assert_eq!(t.moves[c].grundy == 0, g != 0, "{pos:?}");
        pos = t.moves[c].to.clone();
    }
    unreachable!()
}

#[test]
fn nim_and_dam_turns_match_brute_force() {
    let mut memo = GrundyMemo::new();
    let mut nim = |p: &[String]| {
        let heaps: Vec<u32> = p.iter().map(|h| h.parse().unwrap()).collect();
        memo.value(&Sum(Nim), &heaps).unwrap()
    };
    assert!(play_out::<NimHeaps>(&["7", "9", "12"], &mut nim) > 0);
    play_out::<NimHeaps>(&["3", "5", "6"], &mut nim);
    // Cờ DAM: loại thế bằng phân tích ngược trên bàn (không dùng XOR).
    let dam = |p: &[String]| {
        let (rules, pos) = Dam::read(p).unwrap();
        let rules = Dam { width: 9, ..rules };
        let c = classify(&rules, &pos, 1_000_000).unwrap();
        match c.outcome(&pos).unwrap() {
            Outcome::PreviousWins => 0,
            _ => dam_grundy(&pos),
        }
    };
    assert!(play_out::<Dam>(&["1-5", "2-8", "3-4"], dam) > 0);
    play_out::<Dam>(&["1-6", "3-9", "2-5"], dam);
}

#[test]
fn nim_split_and_socola_turns_match_the_game_graph() {
    // Vét cạn trên chính đồ thị trò chơi (không dùng XOR của các phần).
    let mut memo = GrundyMemo::new();
    let split = |p: &[String]| {
        let (_, piles) = NimSplit::read(p).unwrap();
        memo.value(&NimSplit::default(), &piles).unwrap()
    };
    assert!(play_out::<NimSplit>(&["11"], split) > 0);
    let mut memo = GrundyMemo::new();
    let socola = |p: &[String]| {
        let (_, pieces) = Socola::read(p).unwrap();
        memo.value(&Socola, &pieces).unwrap()
    };
    assert!(play_out::<Socola>(&["3", "4"], socola) > 0);
}

#[test]
fn to_mau_octal_and_chuyen_soi_turns_match_the_game_graph() {
    // Vét cạn trên đồ thị trò chơi của chính luật (không dùng XOR hay dãy G).
    let mut memo = GrundyMemo::new();
    let strip = |p: &[String]| memo.value(&ToMau, &parse_strip(&p[0]).unwrap()).unwrap();
    assert!(play_out::<PaintStrip>(&["11"], strip) > 0);
    let mut memo = GrundyMemo::new();
    let strip = |p: &[String]| memo.value(&ToMau, &parse_strip(&p[0]).unwrap()).unwrap();
    play_out::<PaintStrip>(&["..x......xx....."], strip);
    for code in ["0.07", "0.77", "0.137", "4.07"] {
        let game = OctalGame::parse(code).unwrap();
        let mut memo = GrundyMemo::new();
        let heaps = |p: &[String]| {
            let words: Vec<&str> = p[1..].iter().map(String::as_str).collect();
            memo.value(&game, &parse_heaps(&words).unwrap()).unwrap()
        };
        play_out::<OctalPlay>(&[code, "9", "4"], heaps);
    }
    let mut memo = GrundyMemo::new();
    let stones = |p: &[String]| {
        let (play, pos) = StonesPlay::read(p).unwrap();
        memo.value(&play.rules, &pos).unwrap()
    };
    assert!(play_out::<StonesPlay>(&[], stones) > 0);
    let mut memo = GrundyMemo::new();
    let stones = |p: &[String]| {
        let (play, pos) = StonesPlay::read(p).unwrap();
        memo.value(&play.rules, &pos).unwrap()
    };
    play_out::<StonesPlay>(&["3-12", "--white", "--cells", "14", "--step", "4"], stones);
}

#[test]
fn bad_positions_get_vietnamese_messages() {
    let err = |game: &str, args: &[&str]| (find(game).unwrap().turn)(&strings(args)).unwrap_err();
    assert!(err("socola", &["3x"]).contains("cạnh của mảnh 1"));
    assert!(err("nim-chia", &["7 y"]).contains("đống 2"));
    assert!(err("nim", &["7", "x"]).contains("đống 2"));
    assert!(err("dam", &["5-3"]).contains("hàng 1"));
    assert!(err("boc-soi", &["3"]).contains("cần đúng hai số"));
    assert!(err("to-mau", &["..o.."]).contains("ô 3"));
    assert!(err("to-mau", &["201"]).contains("từ 0 đến 200"));
    assert!(err("octal", &["0.07", "5", "y"]).contains("đống 2"));
    assert!(err("octal", &["0.9", "5"]).contains("mã"));
    assert!(err("chuyen-soi", &["9-3"]).contains("viên trắng"));
    assert!(err("chuyen-soi", &["--retreat"]).contains("chỉ tiến"));
    assert!(err("chuyen-soi", &["--cells", "1"]).contains("số ô của dải băng"));
}

#[test]
fn every_game_has_one_entry_and_its_own_help() {
    assert_eq!(
        names(),
        "hau, nim-chia, boc-soi, chuyen-soi, dam, nim, to-mau, socola, octal"
    );
    for e in CATALOGUE {
        assert!(find(e.name).is_some_and(|f| std::ptr::eq(f, e)));
        let head = format!("caytrochoi grundy {} — ", e.name);
        assert!(e.help.starts_with(&head), "{}", e.help);
        assert!(e.row.starts_with(e.name), "{}", e.row);
    }
    assert!(find("co-vua").is_none());
}

//! Chương 7 trong bộ máy luyện tập: giá trị negamax của một nút, mục của bảng
//! chuyển vị, nước MCTS chọn. Mọi bài sinh ra nhận chính đáp án của nó, các câu
//! trả lời sai được gọi đúng tên lỗi, và câu trả lời lạ không bao giờ làm panic.

use caytrochoi::games::TicTacToe;
use caytrochoi::practice::json::{card_json, grade_json};
use caytrochoi::practice::{Kind, Level, MistakeKind, Problem, Topic, Verdict};
use caytrochoi::search::{entry_after_search, mcts_choice, negamax, Mcts};
use caytrochoi::Game;
use caytrochoi::GameTree;
use std::collections::HashSet;

const SEEDS: u64 = 300;

fn problems(level: Level) -> impl Iterator<Item = Problem> {
    (0..SEEDS).map(move |s| Problem::generate(s, level, Topic::Search))
}

#[test]
fn every_generated_problem_accepts_its_own_answer_and_names_mistakes() {
    for level in Level::ALL {
        let mut seen = HashSet::new();
        for p in problems(level) {
            seen.insert(p.kind());
            let right = p.answer_text();
            let f = p.grade(right.as_str(), 0);
            assert!(f.ok(), "{}\n{right}\n{}", p.statement(), f.message);
            assert!(!p.grade("?", 0).answered());
            // Lần sai thứ ba mang lời giải đầy đủ, có đáp án.
            let wrong = match p.kind() {
                Kind::TtEntry => format!("1{right}"),
                _ => "12345".into(),
            };
            let f3 = p.grade(wrong.as_str(), 2);
            assert!(!f3.ok());
            if f3.verdict == Verdict::Wrong {
                let s = f3.solution.expect("lời giải ở bậc 3");
                assert_eq!(s.answer, p.solution().answer);
                assert!(!s.steps.is_empty());
            }
        }
        assert_eq!(seen.len(), 3, "mức {level}: đủ ba dạng bài");
    }
}

#[test]
fn negamax_sign_and_value_mistakes() {
    for level in Level::ALL {
        for p in problems(level).filter(|p| p.kind() == Kind::NegamaxValue) {
            let v: f64 = p.answer_text().parse().unwrap();
            if v != 0.0 {
                assert!(
                    p.grade(-v, 0).has(MistakeKind::SignFlipped),
                    "{}",
                    p.statement()
                );
            }
            let off = if v + 100.0 == -v {
                v + 101.0
            } else {
                v + 100.0
            };
            let f = p.grade(off, 0);
            assert!(f.has(MistakeKind::WrongValue), "{}", f.message);
            // Bậc 1: ai đi ở nút; bậc 2: nút MAX/MIN và giá trị minimax của các
            // con; bậc 3: lời giải, các con đổi dấu rồi lấy max.
            assert!(f.message.contains("Ai đi ở"), "{}", f.message);
            let second = p.grade(off, 1).message;
            assert!(
                second.contains("các con của") && second.contains("là nút M"),
                "{second}"
            );
            let third = p.grade(off, 2).message;
            assert!(
                third.contains("Lời giải đầy đủ") && third.contains("= max("),
                "{third}"
            );
        }
    }
}

#[test]
fn tt_entry_kind_sign_and_best_mistakes() {
    let mut kinds = HashSet::new();
    for level in Level::ALL {
        for p in problems(level).filter(|p| p.kind() == Kind::TtEntry) {
            let right = p.answer_text();
            let parts: Vec<&str> = right.split(", ").collect();
            let [value, kind, best] = parts[..] else {
                panic!("đáp án ba phần: {right}");
            };
            kinds.insert(kind.to_string());
            for other in ["giá trị đúng", "cận dưới", "cận trên"] {
                if other != kind {
                    let f = p.grade(format!("{value}, {other}, {best}"), 0);
                    assert!(f.has(MistakeKind::BoundKind), "{}", f.message);
                    assert!(!f.has(MistakeKind::WrongValue));
                    // Bậc 2: cửa sổ mà nút nhận được.
                    assert!(p
                        .grade(format!("{value}, {other}, {best}"), 1)
                        .message
                        .contains("cửa sổ ("));
                }
            }
            let v: f64 = value.parse().unwrap();
            if v != 0.0 {
                let f = p.grade(format!("{}, {kind}, {best}", -v), 0);
                assert!(f.has(MistakeKind::SignFlipped), "{}", f.message);
            }
            // Nhãn không phải con của nút: gọi đúng tên.
            let f = p.grade(format!("{value}, {kind}, ZZ"), 0);
            assert!(f.has(MistakeKind::NotAChild), "{}", f.message);
        }
    }
    assert_eq!(kinds.len(), 3, "đủ ba loại mục qua các bài: {kinds:?}");
}

#[test]
fn mcts_pick_names_occupied_missed_win_and_most_visited() {
    let mut named = HashSet::new();
    for level in Level::ALL {
        for p in problems(level).filter(|p| p.kind() == Kind::MctsPick) {
            let right: u64 = p.answer_text().parse().unwrap();
            assert!((1..=9).contains(&right));
            for k in (1..=9u64).filter(|&k| k != right) {
                let f = p.grade(k, 0);
                assert_eq!(f.verdict, Verdict::Wrong, "{}", f.message);
                let kind = f.mistakes[0].kind;
                assert!(matches!(
                    kind,
                    MistakeKind::IllegalMove | MistakeKind::MissedWin | MistakeKind::NotMostVisited
                ));
                if kind != MistakeKind::IllegalMove {
                    // Bậc 2: thống kê của từng nước, bằng chữ của chương 7 (số lần
                    // thăm, tỉ lệ điểm với hòa ½), không "tỉ lệ thắng" hay "lượt thử".
                    let m = p.grade(k, 1).message;
                    assert!(m.contains(" lần, tỉ lệ điểm "), "{m}");
                    assert!(!m.contains("tỉ lệ thắng") && !m.contains("lượt thử"), "{m}");
                }
                named.insert((level, kind));
            }
        }
    }
    assert!(named.contains(&(Level::Easy, MistakeKind::MissedWin)));
    assert!(named.contains(&(Level::Medium, MistakeKind::NotMostVisited)));
    assert!(named.contains(&(Level::Hard, MistakeKind::IllegalMove)));
}

#[test]
fn fixed_exercises_match_the_library() {
    let cay = GameTree::parse("A(B(D:3, E:-2), C(F:4, G(H:1, I:6)))").unwrap();
    for ten in ["A", "B", "C", "G"] {
        let bai = Problem::negamax_value(cay.clone(), ten).unwrap();
        let v = negamax(&cay, &cay.find(ten).unwrap(), &mut ()).unwrap();
        assert!(bai.grade(v, 0).ok());
    }
    let cay = GameTree::parse("A(B(D:3, E:5), C(F:2, G:9))").unwrap();
    let e = entry_after_search(&cay, &cay.root(), 2, &cay.find("B").unwrap())
        .unwrap()
        .unwrap();
    let bai = Problem::tt_entry(cay.clone(), 2, "B").unwrap();
    assert_eq!(
        bai.answer_text(),
        format!(
            "{}, {}, {}",
            e.value,
            e.kind.name_vi(),
            cay.label(e.best.unwrap())
        )
    );
    let g = TicTacToe::new();
    let b = TicTacToe::parse_board("X.O/.O./X..").unwrap();
    for n in [3, 10, 100] {
        let bai = Problem::mcts_pick(b, n, 1).unwrap();
        let m = mcts_choice(&g, &b, n, 1).unwrap().unwrap();
        assert_eq!(bai.answer_text(), (m + 1).to_string());
    }
    // Lời giải của Bài 7.3 cho số lần thăm và tỉ lệ điểm (tổng điểm / số lần thăm,
    // hai chữ số, dấu phẩy) của mỗi nước ở gốc, đúng như MCTS của thư viện.
    let r = Mcts::new(100, 1).unwrap().run(&g, &b, &mut ()).unwrap();
    let steps = Problem::mcts_pick(b, 100, 1)
        .unwrap()
        .solution()
        .steps
        .join("\n");
    for c in &r.children {
        let rate = format!("{:.2}", c.wins / c.visits as f64).replace('.', ",");
        let stat = format!(
            "{}: thăm {} lần, tỉ lệ điểm {rate}",
            g.move_name(&b, &c.mv),
            c.visits
        );
        assert!(steps.contains(&stat), "{stat}\n{steps}");
    }
    assert!(steps.contains("Nước được thăm nhiều nhất"), "{steps}");
}

#[test]
fn bad_data_is_a_vietnamese_error() {
    let cay = GameTree::parse("A(B(D:3, E:5), C(F:2, G:9))").unwrap();
    assert!(Problem::negamax_value(cay.clone(), "Z")
        .unwrap_err()
        .to_string()
        .contains("không có nút"));
    assert!(Problem::negamax_value(cay.clone(), "D")
        .unwrap_err()
        .to_string()
        .contains("là lá"));
    assert!(Problem::tt_entry(cay.clone(), 0, "B")
        .unwrap_err()
        .to_string()
        .contains("Độ sâu"));
    assert!(Problem::tt_entry(cay.clone(), 9, "B")
        .unwrap_err()
        .to_string()
        .contains("Độ sâu"));
    let b = TicTacToe::parse_board("X.O/.O./X..").unwrap();
    assert!(Problem::mcts_pick(b, 0, 1)
        .unwrap_err()
        .to_string()
        .contains("lần chơi thử"));
    assert!(Problem::mcts_pick(b, u64::MAX, 1)
        .unwrap_err()
        .to_string()
        .contains("lần chơi thử"));
    let over = TicTacToe::parse_board("XXX/OO./...").unwrap();
    assert!(Problem::mcts_pick(over, 10, 1)
        .unwrap_err()
        .to_string()
        .contains("kết thúc"));
}

#[test]
fn odd_answers_never_panic_and_are_not_counted_wrong() {
    let odd = [
        "",
        " ",
        "abc",
        "1, 2, 3, 4",
        "∞",
        "-∞",
        "99999999999999999999",
        "0",
        "10",
        "ô 0",
        "X",
        "((",
        "-2, lo, F",
        "NaN",
        "1e400",
        "1, cận, ",
        "—",
        "😀",
        ",,,",
        "x5 o6",
    ];
    for level in Level::ALL {
        for p in problems(level).take(60) {
            for a in odd {
                let f = p.grade(a, 0);
                assert!(!f.message.is_empty());
                if f.verdict == Verdict::Unreadable {
                    assert!(f.message.contains(&p.how_to_answer()));
                }
            }
        }
    }
}

#[test]
fn json_and_kinds_know_chapter_7() {
    for level in ["de", "vua", "kho"] {
        for seed in 0..20 {
            assert!(card_json(7, level, seed).unwrap().contains("\"chuong\":7"));
            let p = Problem::generate(
                seed,
                caytrochoi::practice::Level::parse(level).unwrap(),
                Topic::Search,
            );
            let j = grade_json(7, level, seed, &p.answer_text(), 0).unwrap();
            assert!(j.contains("\"dung\":true"), "{j}");
        }
    }
    assert_eq!(Topic::parse("7"), Some(Topic::Search));
    for k in [Kind::NegamaxValue, Kind::TtEntry, Kind::MctsPick] {
        assert_eq!(Kind::parse(&k.code()), Some(k));
        assert_eq!(k.topic(), Topic::Search);
    }
}

/// Số bài khác nhau trên 1 000 hạt giống, mỗi mức (in ra với `--nocapture`).
#[test]
fn seeds_give_varied_problems() {
    for level in Level::ALL {
        let keys: HashSet<String> = (0..1_000)
            .map(|s| Problem::generate(s, level, Topic::Search).key())
            .collect();
        println!(
            "chương 7, mức {level}: {} bài khác nhau / 1000 hạt giống",
            keys.len()
        );
        assert!(keys.len() >= 900, "mức {level}: {}", keys.len());
    }
}

/// Dữ liệu trong đề: đoạn trong cặp dấu `` ` `` đầu tiên, và chữ ngay sau `after`.
fn quoted(text: &str) -> &str {
    text.split('`').nth(1).unwrap()
}

fn word_after<'a>(text: &'a str, after: &str) -> &'a str {
    let rest = &text[text.find(after).unwrap() + after.len()..];
    rest.split([' ', ':', ',', '.']).next().unwrap()
}

#[test]
fn generated_answers_are_the_library_answers() {
    use caytrochoi::Player;
    for level in Level::ALL {
        for p in problems(level) {
            let s = p.statement();
            match p.kind() {
                Kind::NegamaxValue | Kind::TtEntry => {
                    let root = if s.contains("là nút MAX") {
                        Player::Max
                    } else {
                        Player::Min
                    };
                    let cay = GameTree::parse_with_root(quoted(&s), root).unwrap();
                    let n = cay.find(word_after(&s, "của nút ")).unwrap();
                    if p.kind() == Kind::NegamaxValue {
                        let v = negamax(&cay, &n, &mut ()).unwrap();
                        assert_eq!(p.answer_text(), caytrochoi::fmt_value(v), "{s}");
                    } else {
                        let d: u32 = word_after(&s, "với độ sâu ").parse().unwrap();
                        let e = entry_after_search(&cay, &cay.root(), d, &n)
                            .unwrap()
                            .unwrap();
                        let best = cay.label(e.best.unwrap());
                        let want = format!(
                            "{}, {}, {best}",
                            caytrochoi::fmt_value(e.value),
                            e.kind.name_vi()
                        );
                        assert_eq!(p.answer_text(), want, "{s}");
                    }
                }
                Kind::MctsPick => {
                    let b = TicTacToe::parse_board(quoted(&s)).unwrap();
                    let n: u64 = word_after(&s, "N = ").parse().unwrap();
                    let seed: u64 = word_after(&s, "hạt giống ").parse().unwrap();
                    let m = mcts_choice(&TicTacToe::new(), &b, n, seed)
                        .unwrap()
                        .unwrap();
                    assert_eq!(p.answer_text(), (m + 1).to_string(), "{s}");
                }
                k => panic!("dạng {k:?} không thuộc chương 7"),
            }
        }
    }
}

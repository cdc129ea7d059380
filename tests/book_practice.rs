//! Trang luyện tập của sách: trang có chỗ gắn khung, nạp các tệp của nó theo đúng
//! thứ tự (mô-đun WebAssembly trước khung), lấy thẻ và lời chấm từ mô-đun hay
//! trình chạy (không còn ngân hàng bài dựng sẵn), và không tự viết hay ghép lời
//! nhận xét: nó hiện lời chấm mà bộ chấm của thư viện viết xong.

use caytrochoi::practice::web::Card;
use caytrochoi::practice::{HintLevel, Level, Pruning, Verdict};
use caytrochoi::random::SplitMix64;
use caytrochoi::web::practice::{click_card, click_grade};
use serde_json::Value;
use std::path::Path;

fn book() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/book"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(book().join(path)).unwrap_or_else(|e| panic!("đọc {path}: {e}"))
}

#[test]
fn page_has_its_mount_and_loads_its_scripts_in_order() {
    let page = read("src/luyen-tap.md");
    assert!(page.contains("<div id=\"luyen-tap\""));
    assert!(
        !page.contains("<script"),
        "trang không nạp tệp riêng nào: khung là theme/luyen-tap.js"
    );
    let summary = read("src/SUMMARY.md");
    assert!(summary.contains("(luyen-tap.md)"));
    let toml = read("book.toml");
    assert!(toml.contains("theme/luyen-tap.css"));
    let js_line = toml
        .lines()
        .find(|l| l.starts_with("additional-js"))
        .expect("book.toml có additional-js");
    let at = |name: &str| {
        js_line
            .find(&format!("\"theme/{name}\""))
            .unwrap_or_else(|| panic!("additional-js thiếu theme/{name}"))
    };
    // luyen-tap.js dùng window.caytrochoiDom và window.caytrochoi khi vừa chạy.
    assert!(at("wasm-dom.js") < at("luyen-tap.js"));
    assert!(at("wasm-api.js") < at("luyen-tap.js"));
    // chay-ma.js (nút Chạy) cũng lấy hàm dựng phần tử từ wasm-dom.js.
    assert!(at("wasm-dom.js") < at("chay-ma.js"));
    for file in [
        "wasm-dom.js",
        "wasm-api.js",
        "luyen-tap.js",
        "luyen-tap.css",
    ] {
        assert!(
            book().join("theme").join(file).is_file(),
            "thiếu theme/{file}"
        );
    }
}

#[test]
fn page_gets_cards_and_grades_from_the_module_or_the_runner() {
    let js = read("theme/luyen-tap.js");
    for call in [
        "caytrochoi.clickCard(",
        "caytrochoi.clickGrade(",
        "'luyen-tap'",
        "'luyen-tap/cham'",
    ] {
        assert!(js.contains(call), "luyen-tap.js không gọi {call}");
    }
    assert!(
        !js.contains("LUYEN_TAP") && !js.contains("ngan-hang"),
        "ngân hàng bài dựng sẵn đã bỏ: thẻ đến từ mô-đun hay trình chạy"
    );
    // Không nơi nào trả lời: một câu nói rõ cần gì.
    assert!(js.contains("cần một trình duyệt chạy được WebAssembly"));
    let api = read("theme/wasm-api.js");
    assert!(api.contains("clickCard:") && api.contains("clickGrade:"));
}

#[test]
fn page_writes_no_feedback_of_its_own() {
    // Trang chỉ hiện lời chấm của thư viện: nó không được tự viết lời nhận xét…
    let js = read("theme/luyen-tap.js");
    for phrase in [
        "Chưa đúng (lần thử",
        "cắt thừa",
        "chưa ghi",
        "Lời giải đầy đủ",
        "Đúng!",
    ] {
        assert!(
            !js.contains(phrase),
            "luyen-tap.js tự viết câu «{phrase}»: hãy lấy từ thư viện"
        );
    }
    // … cũng không ghép nó từ các mảnh (các câu cố định, câu của từng nút).
    for piece in [
        "missedHints",
        "wrongHead",
        "extraHint",
        "clickTexts",
        "\\n• ",
    ] {
        assert!(
            !js.contains(piece),
            "luyen-tap.js ghép lời nhận xét từ «{piece}»: lời chấm đến trọn từ thư viện"
        );
    }
}

/// Lời chấm mà trang hiện ([`click_grade`]) là lời của bộ chấm của bài, với mọi
/// cách bấm thử và mọi số lần đã sai: chữ trong khung nhận xét là
/// [`Feedback::verdict_text`](caytrochoi::practice::Feedback::verdict_text) (lời
/// giải hiện riêng, có hình), bậc và số lần sai như bộ chấm đếm.
#[test]
fn page_shows_the_graders_reply() {
    let mut rng = SplitMix64::new(3);
    for level in Level::ALL {
        for algorithm in Pruning::ALL {
            for seed in 1..=3 {
                let card = Card::new(seed, level, algorithm).unwrap();
                let tree = card.problem.tree().unwrap();
                // Mọi nút trừ gốc đều bấm được.
                let labels: Vec<String> =
                    tree.nodes()[1..].iter().map(|n| n.label.clone()).collect();
                let (code, alg) = (level.code(), card.problem.kind().code());
                let alg = alg.as_str();
                let reply = |pick: &[String], before: u32| -> Value {
                    serde_json::from_str(&click_grade(seed, code, alg, pick, before).unwrap())
                        .unwrap()
                };
                for _ in 0..15 {
                    let k = rng.range(0, 4) as usize;
                    let pick: Vec<String> = (0..k)
                        .map(|_| labels[rng.range(0, labels.len() as i64 - 1) as usize].clone())
                        .collect();
                    for before in 0..4 {
                        let want = card.problem.grade(&pick[..], before);
                        assert_ne!(want.verdict, Verdict::Blank);
                        let got = reply(&pick, before);
                        assert_eq!(got["message"], want.verdict_text(), "{pick:?}");
                        assert_eq!(got["right"], want.ok());
                        if want.ok() {
                            assert_eq!(
                                (got["level"].as_u64(), got["wrong"].as_u64()),
                                (Some(0), Some(u64::from(before)))
                            );
                        } else {
                            assert_eq!(got["level"], want.level as u8);
                            assert_eq!(got["wrong"], before + 1);
                        }
                        let solution = want.ok() || want.level == HintLevel::Solution;
                        assert_eq!(got["solution"], solution, "{pick:?} {before}");
                        // Lời giải không lộ ra trong khung chữ trước khi tới lượt nó.
                        let shown = got["message"].as_str().unwrap();
                        assert!(!shown.contains("Lời giải đầy đủ"), "{shown}");
                    }
                }
                let right = reply(&card.truth, 0);
                assert_eq!(right["right"], true);
                assert_eq!(
                    right["message"],
                    card.problem.grade(&card.truth[..], 0).message
                );
            }
        }
    }
}

/// Mọi trường mà trang đọc từ một thẻ (`card.…`, `current.…`) hay từ một lời
/// chấm (`r.…`) đều có trong JSON mà mô-đun và trình chạy gửi.
#[test]
fn every_field_the_page_reads_is_sent() {
    let js = read("theme/luyen-tap.js");
    let used = |prefix: &str| -> Vec<String> {
        let mut names: Vec<String> = js
            .match_indices(prefix)
            .filter(|(at, _)| {
                !js[..*at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
            })
            .map(|(at, _)| {
                let rest = &js[at + prefix.len()..];
                let end = rest
                    .find(|c: char| !c.is_ascii_alphanumeric())
                    .unwrap_or(rest.len());
                rest[..end].to_string()
            })
            .collect();
        names.sort();
        names.dedup();
        names
    };
    let card: Value = serde_json::from_str(&click_card(5, "vua", "cat-tia").unwrap()).unwrap();
    let card_fields: Vec<String> = used("card.").into_iter().chain(used("current.")).collect();
    assert!(card_fields.len() >= 8, "{card_fields:?}");
    for name in card_fields {
        assert!(!card[&name].is_null(), "thẻ không có trường `{name}`");
    }
    let reply: Value =
        serde_json::from_str(&click_grade(5, "vua", "cat-tia", &[], 2).unwrap()).unwrap();
    let reply_fields = used("r.");
    assert_eq!(reply_fields, ["message", "right", "solution", "wrong"]);
    for name in reply_fields {
        assert!(!reply[&name].is_null(), "lời chấm không có trường `{name}`");
    }
}

#[test]
fn first_seeds_of_every_level_and_algorithm_have_a_real_cut() {
    // Những cây đầu tiên trang mở (hạt giống 1, 2, …, mọi mức và thuật toán): mỗi
    // thẻ có ít nhất một nhánh bị cắt, hình và lời giải.
    for level in ["de", "vua", "kho"] {
        for algorithm in ["cat-tia", "cua-so"] {
            for seed in 1..=4 {
                let at = format!("hạt giống {seed}, {level}, {algorithm}");
                let card = click_card(seed, level, algorithm).expect(&at);
                assert!(
                    card.starts_with(&format!("{{\"seed\":{seed},")),
                    "{at}: {card}"
                );
                assert!(!card.contains("\"truth\":[]"), "{at}: không cắt gì");
                assert!(card.contains("\"svg\":\"\\u003csvg"), "{at}: không có hình");
                assert!(
                    !card.contains("\"solutionSvg\":\"\""),
                    "{at}: lời giải không có hình"
                );
            }
        }
    }
}

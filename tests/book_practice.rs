//! Trang luyện tập của sách: trang có chỗ gắn khung, nạp các tệp của nó theo đúng
//! thứ tự (mô-đun WebAssembly trước khung), lấy thẻ và các câu cố định từ mô-đun
//! hay trình chạy (không còn ngân hàng bài dựng sẵn), và không tự viết lời nhận xét.

use caytrochoi::practice::web::Card;
use caytrochoi::practice::{Level, Pruning, Verdict};
use caytrochoi::random::SplitMix64;
use caytrochoi::web::practice::click_card;
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
fn page_gets_cards_and_texts_from_the_module_or_the_runner() {
    let js = read("theme/luyen-tap.js");
    for call in [
        "caytrochoi.clickCard(",
        "caytrochoi.clickTexts(",
        "'luyen-tap'",
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
    assert!(api.contains("clickCard:") && api.contains("clickTexts:"));
}

#[test]
fn page_writes_no_feedback_of_its_own() {
    // Trang chỉ ghép các câu của thư viện: nó không được tự viết lời nhận xét.
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
            "luyen-tap.js tự viết câu «{phrase}»: hãy lấy từ thẻ"
        );
    }
}

/// Trang ghép lời nhận xét từ các câu của thẻ ([`Card::assemble`], bản mẫu của
/// `luyen-tap.js`) đúng như bộ chấm của thư viện, với mọi cách bấm thử.
#[test]
fn page_assembly_matches_the_grader() {
    let mut rng = SplitMix64::new(3);
    for level in Level::ALL {
        for algorithm in Pruning::ALL {
            for seed in 1..=3 {
                let card = Card::new(seed, level, algorithm).unwrap();
                let tree = card.problem.tree().unwrap();
                // Mọi nút trừ gốc đều bấm được.
                let labels: Vec<&str> =
                    tree.nodes()[1..].iter().map(|n| n.label.as_str()).collect();
                for _ in 0..15 {
                    let k = rng.range(0, 4) as usize;
                    let pick: Vec<&str> = (0..k)
                        .map(|_| labels[rng.range(0, labels.len() as i64 - 1) as usize])
                        .collect();
                    for before in 0..3 {
                        let want = card.problem.grade(&pick[..], before);
                        assert_ne!(want.verdict, Verdict::Blank);
                        assert_eq!(card.assemble(&pick, before), want.message, "{pick:?}");
                    }
                }
                let truth: Vec<&str> = card.truth.iter().map(String::as_str).collect();
                let right = card.problem.grade(&truth[..], 0);
                assert!(right.ok());
                assert_eq!(card.assemble(&truth, 0), right.message);
            }
        }
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

/// Mọi câu cố định mà trang dùng (`T.tên`) đều có trong câu trả lời của trình chạy
/// (`GET /api/luyen-tap`), cũng là của mô-đun (`click_texts`, cùng hàm
/// `practice::web::texts_json`; `src/wasm/tests.rs` so hai bên).
#[cfg(feature = "runner")]
#[test]
fn every_text_the_page_uses_is_served() {
    let texts: serde_json::Value =
        serde_json::from_str(&caytrochoi::runner::practice::texts_reply()).unwrap();
    let js = read("theme/luyen-tap.js");
    let used: Vec<&str> = js
        .split("T.")
        .skip(1)
        .map(|rest| {
            let end = rest
                .find(|c: char| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .filter(|name| name.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .collect();
    assert!(used.len() >= 6, "trang dùng các câu: {used:?}");
    for name in used {
        let value = texts[name].as_str().unwrap_or_default();
        assert!(!value.is_empty(), "trình chạy không gửi câu `{name}`");
    }
}

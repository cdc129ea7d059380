//! Kiểm thử tính chất (proptest, Rust stable): sinh đầu vào có cấu trúc — cây,
//! cây JSON, biểu thức, mã bát phân, đồ thị, bàn cờ Dodgem, câu trả lời bài tập,
//! yêu cầu HTTP, chương Markdown — rồi đột biến chúng (chèn, xóa, thay ký tự),
//! và đưa qua **cùng các hàm kiểm tra** với các đích fuzz (`fuzz/src/lib.rs`,
//! chạy bằng `make fuzz` trên nightly).
//!
//! Các hàm kiểm tra panic nếu bộ đọc hay hàm chấm panic, hoặc nếu một tính chất
//! bị sai: alpha-beta khác vét cạn hoặc định trị nhiều lá hơn, cây không đọc lại
//! được đúng như cũ qua văn bản và JSON, số thực đổi giá trị qua JSON, hàm chấm
//! không nhận câu trả lời đúng do thư viện tính.

#[path = "../fuzz/src/lib.rs"]
mod entries;

use proptest::prelude::*;
use proptest::test_runner::Config;

/// Số lần thử mỗi tính chất (bản debug; `PROPTEST_CASES` đặt lại được).
fn config(cases: u32) -> Config {
    Config {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(cases),
        // Không ghi tệp "regressions" vào cây mã nguồn: đầu vào hỏng được in ra
        // trong thông báo lỗi (đã rút gọn).
        failure_persistence: None,
        ..Config::default()
    }
}

// --- Đột biến -------------------------------------------------------------------

/// Những ký tự có nghĩa với các bộ đọc, cộng vài chữ có dấu (dựng sẵn và tách
/// dấu) và vài ký tự lạ.
const ALPHABET: &[char] = &[
    '(', ')', ',', ':', ';', '.', '-', '+', '0', '1', '9', 'A', 'b', '_', '\'', ' ', '\n', '→',
    '>', '{', '}', '[', ']', '"', '\\', '/', 'D', 'T', 'X', 'O', 'e', '\u{300}', 'ì', 'ư', '∞',
    '×', '÷', '−', '\0', '\u{feff}', '😀',
];

/// Một phép đột biến: vị trí (theo ký tự, lấy dư), loại, ký tự.
type Edit = (usize, u8, usize);

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec((any::<usize>(), 0u8..4, any::<usize>()), 1..6)
}

/// Áp các phép đột biến lên `text`: chèn, xóa, thay một ký tự, hoặc nhân đôi
/// một đoạn.
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, kind, pick) in edits {
        let c = ALPHABET[pick % ALPHABET.len()];
        let i = at % (chars.len() + 1);
        match kind {
            0 => chars.insert(i, c),
            1 if i < chars.len() => {
                chars.remove(i);
            }
            2 if i < chars.len() => chars[i] = c,
            _ => {
                let end = (i + 1 + pick % 8).min(chars.len());
                let piece: Vec<char> = chars[i..end].to_vec();
                chars.splice(i..i, piece);
            }
        }
    }
    chars.into_iter().collect()
}

/// Chuỗi bất kỳ (mọi ký tự Unicode), ngắn.
fn any_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..64).prop_map(|v| v.into_iter().collect())
}

// --- Cây ------------------------------------------------------------------------

/// Một cây sinh ngẫu nhiên trước khi viết thành chữ.
#[derive(Debug, Clone)]
enum Shape {
    Leaf(f64),
    Node(Option<f64>, Vec<Shape>),
}

/// Giá trị của lá: thường là số nguyên nhỏ như trong bài giảng, đôi khi là một
/// số thực hữu hạn bất kỳ (rất lớn, rất nhỏ, nhiều chữ số).
fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        4 => (-9i32..=9).prop_map(f64::from),
        1 => any::<f64>().prop_filter("hữu hạn", |v| v.is_finite()),
        1 => (-1000i32..1000).prop_map(|v| f64::from(v) / 8.0),
    ]
}

fn shape() -> impl Strategy<Value = Shape> {
    value()
        .prop_map(Shape::Leaf)
        .prop_recursive(5, 64, 5, |inner| {
            (
                prop::option::weighted(0.2, value()),
                prop::collection::vec(inner, 1..5),
            )
                .prop_map(|(estimate, kids)| Shape::Node(estimate, kids))
        })
}

/// Cách đặt nhãn: 0 = không nhãn (tự đặt A, B, …), 1 = nhãn ASCII, 2 = nhãn
/// tiếng Việt gõ kiểu tách dấu (NFD), 3 = dựng sẵn (NFC).
fn label(style: u8, k: usize) -> String {
    match style % 4 {
        0 => String::new(),
        1 => format!("N{k}"),
        2 => format!("Bi\u{300}nh{k}"),
        _ => format!("Đức_{k}'"),
    }
}

/// Viết cây thành chữ theo cú pháp của sách; `styles` chọn cách đặt nhãn.
fn write_tree(s: &Shape, styles: &[u8]) -> String {
    fn go(s: &Shape, styles: &[u8], k: &mut usize, out: &mut String) {
        let style = styles[*k % styles.len()];
        let name = label(style, *k);
        *k += 1;
        match s {
            Shape::Leaf(v) => {
                if name.is_empty() {
                    out.push_str(&format!("{v}"));
                } else {
                    out.push_str(&format!("{name}:{v}"));
                }
            }
            Shape::Node(estimate, kids) => {
                out.push_str(&name);
                if let Some(v) = estimate {
                    if name.is_empty() {
                        out.push_str(&format!("{v}"));
                    } else {
                        out.push_str(&format!(":{v}"));
                    }
                }
                out.push('(');
                for (i, c) in kids.iter().enumerate() {
                    if i > 0 {
                        out.push_str(if style % 2 == 0 { ", " } else { ",\n " });
                    }
                    go(c, styles, k, out);
                }
                out.push(')');
            }
        }
    }
    let mut out = String::new();
    go(s, styles, &mut 0, &mut out);
    out
}

fn tree_text() -> impl Strategy<Value = String> {
    (shape(), prop::collection::vec(any::<u8>(), 1..4))
        .prop_map(|(s, styles)| write_tree(&s, &styles))
}

proptest! {
    #![proptest_config(config(192))]

    /// Cây sinh đúng cú pháp luôn đọc được; đọc rồi ghi ra văn bản, JSON, đọc
    /// lại ra đúng cây; alpha-beta = vét cạn, không định trị nhiều lá hơn.
    #[test]
    fn generated_trees_are_accepted_and_round_trip(text in tree_text()) {
        prop_assert!(entries::tree_text(&text), "{}", text);
    }

    /// Cây đột biến: không bao giờ panic; nếu vẫn đọc được thì mọi tính chất
    /// trên vẫn đúng.
    #[test]
    fn mutated_trees_never_panic(text in tree_text(), e in edits()) {
        entries::tree_text(&mutate(&text, &e));
    }

    /// JSON của cây sinh ngẫu nhiên, nguyên vẹn và đột biến.
    #[test]
    fn json_trees_round_trip_and_mutations_never_panic(text in tree_text(), e in edits(), root_min in any::<bool>()) {
        let mut t = caytrochoi::GameTree::parse(&text).unwrap();
        if root_min {
            t = t.with_root_player(caytrochoi::Player::Min);
        }
        let json = t.to_json();
        prop_assert!(entries::tree_json(&json), "{}", json);
        entries::tree_json(&mutate(&json, &e));
    }

    /// Chuỗi bất kỳ qua cả hai bộ đọc cây; byte bất kỳ như libFuzzer đưa vào.
    #[test]
    fn any_text_never_panics_the_tree_readers(text in any_text(), bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        entries::tree_text(&text);
        entries::tree_json(&text);
        if let Some(s) = entries::text(&bytes) {
            entries::tree_text(s);
            entries::tree_json(s);
        }
    }

    /// Mọi số thực (kể cả số rất nhỏ, rất lớn, −0) qua JSON đúng từng bit.
    #[test]
    fn every_double_round_trips_through_json(v in any::<f64>()) {
        prop_assert_eq!(entries::number_round_trips(v), v.is_finite());
    }
}

#[test]
fn doubles_at_the_edges_round_trip_through_json() {
    for v in [
        3.333333333333333e49, // ví dụ của issue 13: từng bị đọc thành …327e49
        0.1,
        1.0 / 3.0,
        f64::MAX,
        f64::MIN,
        f64::MIN_POSITIVE,
        5e-324, // số dưới chuẩn nhỏ nhất
        -0.0,
        9007199254740993.0,
        1e308,
        123456789.12345678,
    ] {
        assert!(entries::number_round_trips(v), "{v:e}");
    }
    for v in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert!(!entries::number_round_trips(v));
    }
}

// --- Các bộ đọc khác --------------------------------------------------------------

fn expr_text() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        (0u32..100).prop_map(|v| v.to_string()),
        (0u32..1000).prop_map(|v| format!("{}.{}", v / 10, v % 10)),
    ];
    number.prop_recursive(4, 32, 2, |inner| {
        (inner.clone(), 0usize..8, inner, any::<bool>()).prop_map(|(a, op, b, paren)| {
            let op = ["+", "-", "*", "/", "−", "×", "÷", " + "][op];
            if paren {
                format!("({a}{op}{b})")
            } else {
                format!("{a} {op} {b}")
            }
        })
    })
}

/// Tìm ra bởi `make fuzz`: một dãy dài phép trừ được nhận, nhưng dạng đủ ngoặc
/// của nó lồng sâu hơn giới hạn ngoặc khi đọc lại.
#[test]
fn long_chains_are_accepted_even_when_their_bracketed_form_is_too_deep() {
    let chain = vec!["7"; 300].join("-");
    assert!(entries::expr(&chain));
    let crash = include_str!("../fuzz/regressions/expr-long-chain.txt");
    assert!(entries::expr(crash.trim_end()));
}

fn octal_code() -> impl Strategy<Value = String> {
    (0usize..3, prop::collection::vec(0u8..8, 1..12)).prop_map(|(head, digits)| {
        let d: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        format!("{}.{d}", ["0", "", "4"][head])
    })
}

/// Đồ thị: mỗi đỉnh k (tên ASCII hoặc tiếng Việt, NFC hoặc NFD) đi tới vài đỉnh
/// (có thể tạo chu trình); mũi tên `→` hoặc `->`, mệnh đề cách bởi `;` hoặc xuống dòng.
fn graph_text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(prop::collection::vec(0usize..8, 0..4), 1..8),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(edges, arrow, newline, nfd)| {
            let name = |k: usize| match (k % 3, nfd) {
                (0, true) => format!("Bi\u{300}nh{k}"),
                (0, false) => format!("Bình{k}"),
                _ => format!("X{k}"),
            };
            let arrow = if arrow { " → " } else { "->" };
            let sep = if newline { "\n" } else { "; " };
            edges
                .iter()
                .enumerate()
                .map(|(k, to)| {
                    if to.is_empty() {
                        name(k)
                    } else {
                        let to: Vec<String> = to.iter().map(|&t| name(t)).collect();
                        format!("{}{arrow}{}", name(k), to.join(", "))
                    }
                })
                .collect::<Vec<_>>()
                .join(sep)
        })
}

/// Bàn cờ Dodgem n×n (n = 3, 4, 5; đôi khi 2 hay 6 để thử lỗi), ô ngẫu nhiên.
fn dodgem_board() -> impl Strategy<Value = String> {
    (2usize..7, prop::collection::vec(0u8..6, 36)).prop_map(|(n, cells)| {
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match cells[r * 6 + c] {
                        0 => 'D',
                        1 => 'T',
                        _ => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    })
}

fn dodgem_move_text() -> impl Strategy<Value = String> {
    (0u8..6, 1u8..7, 0usize..9).prop_map(|(col, row, dir)| {
        format!(
            "{}{row}{}",
            char::from(b'a' + col),
            ["<", ">", "^", "v", "p", "t", "l", "x", "?"][dir]
        )
    })
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn expressions_generated_and_mutated(text in expr_text(), e in edits()) {
        prop_assert!(entries::expr(&text), "{}", text);
        entries::expr(&mutate(&text, &e));
        entries::expr(&text.replace(' ', ""));
    }

    #[test]
    fn octal_codes_generated_and_mutated(code in octal_code(), e in edits()) {
        prop_assert!(entries::octal(&code), "{}", code);
        entries::octal(&mutate(&code, &e));
    }

    #[test]
    fn graphs_generated_and_mutated(text in graph_text(), e in edits()) {
        prop_assert!(entries::graph(&text), "{}", text);
        entries::graph(&mutate(&text, &e));
    }

    #[test]
    fn dodgem_boards_and_moves_generated_and_mutated(
        board in dodgem_board(), mv in dodgem_move_text(), e in edits()
    ) {
        entries::dodgem_board(&board);
        entries::dodgem_board(&mutate(&board, &e));
        entries::dodgem_move(&board, &mv);
        entries::dodgem_move(&board, &mutate(&mv, &e));
    }

    #[test]
    fn any_text_never_panics_the_other_readers(text in any_text(), other in any_text()) {
        entries::expr(&text);
        entries::octal(&text);
        entries::graph(&text);
        entries::dodgem_board(&text);
        entries::dodgem_move("D../D../.TT", &text);
        entries::dodgem_move(&text, &other);
        entries::small_words(&text);
    }

    #[test]
    fn tictactoe_boards_generated_and_mutated(cells in prop::collection::vec(0u8..3, 9), e in edits()) {
        let rows: Vec<String> = cells
            .chunks(3)
            .map(|r| r.iter().map(|c| ['X', 'O', '.'][*c as usize]).collect())
            .collect();
        let text = rows.join("/");
        entries::small_words(&text);
        entries::small_words(&mutate(&text, &e));
    }
}

// --- Hàm chấm bài -----------------------------------------------------------------

/// Câu trả lời ghép từ các nhãn của cây (có khi gõ kiểu tách dấu, có khi sai).
fn tree_answer() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            (0usize..20).prop_map(|k| format!("N{k}")),
            (0usize..20).prop_map(|k| format!("Bi\u{300}nh{k}")),
            Just("?".to_string()),
            Just("-inf".to_string()),
            Just("Max(-∞, 1) = 1".to_string()),
            (-9i32..10).prop_map(|v| v.to_string()),
            any_text(),
        ],
        0..5,
    )
    .prop_map(|v| v.join(","))
}

/// Câu trả lời cho các bài chương 5: "A = 2, B = 1", "1, 4, 5", "(0, 0), (1, 2)", …
fn grundy_answer() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            (0usize..8, 0u32..5).prop_map(|(k, v)| format!("X{k} = {v}")),
            (0usize..8, 0u32..3).prop_map(|(k, v)| format!("Bi\u{300}nh{k} = {v}")),
            (0u32..20).prop_map(|v| v.to_string()),
            (0u32..6, 0u32..6).prop_map(|(p, q)| format!("({p}, {q})")),
            Just("?".to_string()),
            any_text(),
        ],
        0..6,
    )
    .prop_map(|v| v.join(", "))
}

fn small_tree_text() -> impl Strategy<Value = String> {
    let shape = value()
        .prop_map(Shape::Leaf)
        .prop_recursive(3, 16, 4, |inner| {
            prop::collection::vec(inner, 1..4).prop_map(|kids| Shape::Node(None, kids))
        });
    (shape, prop::collection::vec(any::<u8>(), 1..3))
        .prop_map(|(s, styles)| write_tree(&s, &styles))
}

proptest! {
    #![proptest_config(config(96))]

    /// Hàm chấm trên cây: không panic với câu trả lời bất kỳ, và nhận câu trả
    /// lời đúng do thư viện tính (giá trị, nước đi, nhánh bị cắt, số lá).
    #[test]
    fn tree_checkers_accept_the_truth_and_survive_anything(
        text in small_tree_text(), answer in tree_answer(), number in value(), k in any::<u8>(), e in edits()
    ) {
        prop_assert!(entries::check_tree(&text, &answer, number, k), "{}", text);
        entries::check_tree(&mutate(&text, &e), &mutate(&answer, &e), f64::NAN, k);
    }

    #[test]
    fn expression_checker_accepts_the_truth(text in expr_text(), number in value(), e in edits()) {
        prop_assert!(entries::check_expr(&text, number), "{}", text);
        entries::check_expr(&mutate(&text, &e), number);
    }

    #[test]
    fn grundy_checkers_accept_the_truth(
        text in graph_text(),
        numbers in prop::collection::vec(any::<u32>(), 0..12),
        answer in grundy_answer(),
        k in any::<u8>(),
        e in edits()
    ) {
        prop_assert!(entries::check_grundy(&text, &numbers, &answer, k), "{}", text);
        entries::check_grundy(&mutate(&text, &e), &numbers, &mutate(&answer, &e), k);
    }
}

proptest! {
    // Hàm chấm nước đi Dodgem giải cả bàn 4×4: ít lần thử hơn.
    #![proptest_config(config(24))]

    #[test]
    fn dodgem_checkers_accept_the_truth(
        board in dodgem_board(), mv in dodgem_move_text(), number in -200i32..200, k in any::<u8>(), e in edits()
    ) {
        let valid = caytrochoi::dodgem::parse_board(&board).is_ok();
        prop_assert_eq!(entries::check_dodgem(&board, &mv, number, k), valid);
        entries::check_dodgem(&mutate(&board, &e), &mutate(&mv, &e), number, k);
    }
}

// --- Trình chạy mã của sách ---------------------------------------------------------

#[cfg(feature = "runner")]
mod runner {
    use super::*;

    fn request() -> impl Strategy<Value = Vec<u8>> {
        (
            0usize..4,
            "[a-z/]{0,12}",
            prop::collection::vec(("[A-Za-z-]{1,12}", "[ -~]{0,20}"), 0..4),
            prop::collection::vec(any::<u8>(), 0..40),
            any::<bool>(),
        )
            .prop_map(|(method, path, headers, body, with_length)| {
                let mut r = format!(
                    "{} /{path} HTTP/1.1\r\nHost: 127.0.0.1\r\n",
                    ["GET", "POST", "HEAD", "PUT"][method]
                );
                for (k, v) in headers {
                    r.push_str(&format!("{k}: {v}\r\n"));
                }
                if with_length {
                    r.push_str(&format!("Content-Length: {}\r\n", body.len()));
                }
                r.push_str("\r\n");
                let mut bytes = r.into_bytes();
                bytes.extend(body);
                bytes
            })
    }

    fn markdown() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop_oneof![
                Just("```rust\nlet x = 1;\n# let y = 2;\nprintln!(\"{x}\");\n```\n".to_string()),
                Just("```text\n1\n```\n".to_string()),
                Just("```rust,should_panic\npanic!();\n```\n".to_string()),
                Just("```rs\n{{#include ../../src/lib.rs:a}}\n```\n".to_string()),
                Just("Đoạn văn.\n\n".to_string()),
                any_text(),
            ],
            0..6,
        )
        .prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(config(128))]

        #[test]
        fn http_requests_generated_and_mutated(req in request(), e in edits(), raw in prop::collection::vec(any::<u8>(), 0..200)) {
            entries::http_request(&req);
            let text = String::from_utf8_lossy(&req).into_owned();
            entries::http_request(mutate(&text, &e).as_bytes());
            entries::http_request(&raw);
        }

        #[test]
        fn markdown_chapters_generated_and_mutated(md in markdown(), e in edits()) {
            entries::book_blocks(&md);
            entries::book_blocks(&mutate(&md, &e));
        }
    }
}

/// Tìm ra nhờ các tính chất trên: nhãn kết thúc bằng `'` (B') là nhãn hợp lệ, nên
/// câu trả lời gõ đúng nhãn ấy phải được nhận ra (trước đây dấu `'` bị bỏ đi như
/// một dấu nháy).
#[test]
fn labels_with_a_prime_can_be_named_in_answers() {
    use caytrochoi::exercises::exercise;
    use caytrochoi::practice::TreeAsk;
    let tree = "A(B:0, B'(C:1, D:2))";
    let bai = exercise(tree, caytrochoi::Player::Max, TreeAsk::BestMove, None).unwrap();
    assert!(bai.grade("B'", 0).ok());
    assert!(!bai.grade("B", 0).ok());
}

/// Tìm ra bởi `make fuzz`: 13 đống Nim là bài không hợp lệ (bộ chấm nhận 1 … 12
/// đống); bộ chấm nói vì sao, và hàm kiểm tra không đòi nó nhận "nước đúng".
#[test]
fn nim_with_too_many_heaps_is_explained_not_graded() {
    let heaps = [43, 43, 43, 43, 43, 43, 43, 43, 43, 43, 43, 43, 10];
    assert!(entries::check_grundy("A → B", &heaps, "", 0));
    let ask = caytrochoi::practice::NimAsk::Move;
    let e = caytrochoi::practice::Problem::on_piles(&heaps, ask).unwrap_err();
    assert!(e.to_string().contains("12 đống"), "{e}");
}

/// Câu trả lời gõ kiểu tách dấu (NFD) là cùng nhãn với dạng dựng sẵn.
#[test]
fn answers_typed_in_nfd_name_the_same_labels() {
    use caytrochoi::exercises::exercise;
    use caytrochoi::practice::{GraphAsk, Problem, Pruning, TreeAsk};
    use caytrochoi::Player;
    let tree = "A(Bình:1, Cường(D:0, Đức:-1))";
    let bai = exercise(tree, Player::Max, TreeAsk::BestMove, None).unwrap();
    assert!(bai.grade("Bi\u{300}nh", 0).ok());
    let tree = "A(B(C:3, D:5), Em(Giang:2, Hà:9))";
    let bai = exercise(tree, Player::Max, TreeAsk::Pruned(Pruning::CatTia), None).unwrap();
    assert!(bai.grade("Ha\u{300}", 0).ok());
    let graph = Problem::on_graph("Bình → An; An → Chi", GraphAsk::Grundy).unwrap();
    assert!(graph.grade("Bi\u{300}nh = 0, An = 1, Chi = 0", 0).ok());
}

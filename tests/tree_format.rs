//! Đọc/ghi cây: cú pháp, nhãn tự động, lỗi bằng tiếng Việt, cây rất sâu, JSON.

use caytrochoi::limits::TREE_DEPTH as MAX_DEPTH;
use caytrochoi::tree::{leaf, node, GameTree, TreeError};
use caytrochoi::{Player, Searcher};

#[test]
fn labels_are_breadth_first_and_skip_taken_ones() {
    let t = GameTree::parse("(B:1, (2, 3), C:4)").unwrap();
    // Gốc lấy A; B và C đã có; nút trong thứ hai lấy D; các lá của nó lấy E, F.
    assert_eq!(t.to_text(), "A(B:1, D(E:2, F:3), C:4)");
    let many = format!("({})", vec!["0"; 30].join(", "));
    let t = GameTree::parse(&many).unwrap();
    assert_eq!(t.label(t.children(t.root())[25]), "AA");
    assert_eq!(t.label(t.children(t.root())[29]), "AE");
}

#[test]
fn whitespace_decimals_signs_and_estimates() {
    let t = GameTree::parse("  A (\n  B : +1.5 ,\n  C:3 ( D:-0.25 , E : 2 )\n )").unwrap();
    assert_eq!(t.to_text(), "A(B:1.5, C:3(D:-0.25, E:2))");
    assert_eq!(Searcher::minimax().run(&t).unwrap().value, 1.5);
    // C mang ước lượng 3: tìm kiếm dừng ở độ sâu 1 dùng giá trị đó.
    assert_eq!(Searcher::minimax().depth(1).run(&t).unwrap().value, 3.0);
    // Gốc MIN.
    let t = GameTree::parse_with_root("(1, 2)", Player::Min).unwrap();
    assert_eq!(Searcher::minimax().run(&t).unwrap().value, 1.0);
    // Nhãn tiếng Việt.
    let t = GameTree::parse("Gốc(Trái:1, Phải:2)").unwrap();
    assert_eq!(t.label(t.root()), "Gốc");
}

fn err(text: &str) -> TreeError {
    GameTree::parse(text).unwrap_err()
}

#[test]
fn syntax_errors_say_where_and_what_in_vietnamese() {
    let e = err("A(B:1, C(E(I:0), F:-1), D(G(J:0) H(K:1)))");
    assert_eq!(e.position(), Some((1, 34)));
    assert_eq!(
        e.to_string(),
        "dòng 1, cột 34: cần `,` hoặc `)` nhưng gặp `H`"
    );
    let e = err("A(B:1,\n  C:x)");
    assert_eq!(e.position(), Some((2, 5)));
    assert!(e.to_string().contains("cần một số"), "{e}");
    let e = err("A(B:1, C)");
    assert!(e.to_string().contains("nút lá `C`"), "{e}");
    let e = err("A(B:1");
    assert!(e.to_string().contains("còn ngoặc chưa đóng"), "{e}");
    let e = err("A()");
    assert!(e.to_string().contains("ít nhất một nút con"), "{e}");
    let e = err("(1, 2))");
    assert!(e.to_string().contains("hết văn bản"), "{e}");
    let e = err("");
    assert!(e.to_string().contains("nhưng gặp hết văn bản"), "{e}");
    let e = err("(1e5)");
    assert!(e.to_string().contains("cột 3"), "{e}");
    let e = err(&format!("(1{})", "0".repeat(400)));
    assert!(e.to_string().contains("số quá lớn"), "{e}");
    // explain() chỉ đúng cột bằng dấu ^.
    let text = "A(B:1 C:2)";
    let shown = GameTree::parse(text).unwrap_err().explain(text);
    assert!(shown.ends_with("\n  A(B:1 C:2)\n        ^"), "{shown}");
}

#[test]
fn repeated_labels_are_an_error() {
    let e = err("A(B:1, B:2)");
    assert_eq!(
        e.to_string(),
        "dòng 1, cột 8: nhãn `B` đã dùng cho một nút khác (mỗi nhãn chỉ dùng một lần)"
    );
    assert!(matches!(err("A(A:1)"), TreeError::DuplicateLabel { .. }));
}

#[test]
fn very_deep_input_is_refused_without_crashing() {
    for depth in [MAX_DEPTH as usize + 1, 50_000, 200_000] {
        let text = format!("{}0{}", "(".repeat(depth), ")".repeat(depth));
        match GameTree::parse(&text) {
            Err(TreeError::TooDeep { max, at }) => {
                assert_eq!(max, MAX_DEPTH);
                assert_eq!(at, Some((1, MAX_DEPTH as usize + 2)));
            }
            other => panic!("cần lỗi TooDeep, gặp {other:?}"),
        }
    }
}

#[test]
fn deepest_allowed_tree_is_searched_on_a_test_thread() {
    // Cây sâu đúng MAX_DEPTH: đọc, tìm kiếm, ghi ra văn bản và JSON được,
    // ngay cả trên luồng kiểm thử (ngăn xếp 2 MiB, bản debug).
    let d = MAX_DEPTH as usize;
    let text = format!("{}7{}", "(".repeat(d), ")".repeat(d));
    let t = GameTree::parse(&text).unwrap();
    assert_eq!(t.height(), MAX_DEPTH);
    for s in [
        Searcher::minimax(),
        Searcher::cat_tia(),
        Searcher::window().trace(),
    ] {
        let r = s.run(&t).unwrap();
        assert_eq!(r.value, 7.0);
        assert_eq!(r.nodes_visited, d as u64 + 1);
    }
    assert_eq!(GameTree::parse(&t.to_text()).unwrap(), t);
    assert_eq!(GameTree::from_json(&t.to_json()).unwrap(), t);
}

#[test]
fn json_round_trip_and_errors() {
    let t = GameTree::parse("A(B:1, C:2(D:-1, E:0.5))")
        .unwrap()
        .with_root_player(Player::Min);
    let json = t.to_json();
    assert_eq!(
        json,
        r#"{"nodes":[{"children":["B","C"],"label":"A"},{"label":"B","value":1.0},{"children":["D","E"],"label":"C","value":2.0},{"label":"D","value":-1.0},{"label":"E","value":0.5}],"root_player":"min"}"#
    );
    assert_eq!(GameTree::from_json(&json).unwrap(), t);
    let bad = |s: &str| GameTree::from_json(s).unwrap_err().to_string();
    assert!(bad("{").contains("kết thúc giữa chừng"));
    assert!(bad(r#"{"nodes":[]}"#).contains("không có nút nào"));
    assert!(bad(r#"{"nodes":[{"label":"A","children":["X"]}]}"#)
        .contains("không có nút nào mang nhãn đó"));
    assert!(
        bad(r#"{"nodes":[{"label":"A","children":["B","B"]},{"label":"B","value":1}]}"#)
            .contains("hai cha")
    );
    assert!(
        bad(r#"{"nodes":[{"label":"A","value":1},{"label":"B","value":1}]}"#)
            .contains("không nối được")
    );
    assert!(
        bad(r#"{"nodes":[{"label":"A","children":["B"]},{"label":"B"}]}"#)
            .contains("chưa có giá trị")
    );
    assert!(bad(r#"{"nodes":[{"label":"A","value":"x"}]}"#).contains("kiểu dữ liệu"));
    assert!(bad(r#"{"nodes":[{"label":"A","value":1}],"root_player":"both"}"#).contains("max"));
    assert!(bad(r#"{"nodes":[{"label":"A","value":1,"colour":2}]}"#).contains("trường lạ"));
}

#[test]
fn built_by_hand() {
    let t = GameTree::build(
        Player::Max,
        node(
            "A",
            [
                leaf("B", 1.0),
                node("C", [node("", [leaf("", 0.0)]), leaf("F", -1.0)]),
            ],
        ),
    )
    .unwrap();
    assert_eq!(t.to_text(), "A(B:1, C(D(E:0), F:-1))");
    assert_eq!(t.player(t.find("D").unwrap()), Player::Max);
    assert!(GameTree::build(Player::Max, node("A", [])).is_err());
    assert!(GameTree::build(Player::Max, node("A", [leaf("A", 1.0)])).is_err());
}

#[test]
fn depth_limit_needs_an_estimate() {
    let t = GameTree::parse("A(B(C:1), D:2)").unwrap();
    let e = Searcher::minimax().depth(1).run(&t).unwrap_err();
    assert!(e.to_string().contains("nút B ở độ sâu giới hạn 1"), "{e}");
}

#[test]
fn json_trees_are_counted_before_they_are_read() {
    use caytrochoi::limits::Limits;
    let small = Limits {
        tree_nodes: 2,
        ..Limits::default()
    };
    // Dấu `{` trong nhãn không phải là nút.
    let two = r#"{"nodes":[{"label":"{{{","children":["B"]},{"label":"B","value":1}]}"#;
    assert_eq!(
        GameTree::from_json_with_limits(two, &small).unwrap().len(),
        2
    );
    let three = r#"{"nodes":[{"label":"A","children":["B","C"]},{"label":"B","value":1},{"label":"C","value":2}]}"#;
    let e = GameTree::from_json_with_limits(three, &small).unwrap_err();
    assert!(
        matches!(e, TreeError::TooManyNodes { nodes: 3, max: 2 }),
        "{e}"
    );
    // Văn bản không phải JSON đúng vẫn bị từ chối vì quá nhiều nút, không đọc gì.
    let many = format!("{{\"nodes\":[{}", "{\"label\":\"x\"},".repeat(10));
    let e = GameTree::from_json_with_limits(&many, &small).unwrap_err();
    assert!(
        e.to_string().contains("cây có 10 nút, vượt giới hạn 2 nút"),
        "{e}"
    );
}

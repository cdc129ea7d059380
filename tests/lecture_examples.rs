//! Các ví dụ của bài giảng, với kết quả chính xác từng chữ.

use caytrochoi::expr::Expr;
use caytrochoi::games::{NimSplit, TicTacToe};
use caytrochoi::trace::TraceEvent;
use caytrochoi::{Game, GameTree, Player, Searcher};

/// Cây carô A…K của bài giảng "Cây trò chơi", viết không nhãn.
const LECTURE_TREE: &str = "(1, ((0), -1), ((0), (1)))";

fn lecture_tree() -> GameTree {
    GameTree::parse(LECTURE_TREE).unwrap()
}

#[test]
fn unlabelled_tree_gets_the_lecture_letters() {
    assert_eq!(
        lecture_tree().to_text(),
        "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))"
    );
}

#[test]
fn exhaustive_walk_matches_the_lecture_step_by_step() {
    let r = Searcher::minimax().trace().run(&lecture_tree()).unwrap();
    assert_eq!(r.value, 1.0);
    assert_eq!(r.best_move_name.as_deref(), Some("B"));
    assert_eq!(r.nodes_visited, 11);
    assert_eq!(r.leaves_evaluated, 5);
    assert!(r.pruned.is_empty());
    // Đúng thứ tự bài giảng kể: A nhận -∞, B cho 1 nên A thành 1; sang C (tạm ∞),
    // xuống E (tạm -∞) rồi lá I (0), quay lui lên E được 0 … — từng bước một.
    let expected = [
        "A là nút MAX, chưa phải nút lá: gán giá trị tạm ban đầu -∞.",
        "Xét B, con của A: B là nút lá, giá trị 1.",
        "Quay lui về A: giá trị tạm của A thành Max(-∞, 1) = 1.",
        "Xét C, con của A: C là nút MIN, giá trị tạm ban đầu ∞.",
        "Xét E, con của C: E là nút MAX, giá trị tạm ban đầu -∞.",
        "Xét I, con của E: I là nút lá, giá trị 0.",
        "Quay lui về E: giá trị tạm của E thành Max(-∞, 0) = 0.",
        "Đã xét hết các con của E: giá trị tạm cuối cùng, 0, là giá trị của E.",
        "Quay lui về C: giá trị tạm của C thành Min(∞, 0) = 0.",
        "Xét F, con của C: F là nút lá, giá trị -1.",
        "Quay lui về C: giá trị tạm của C thành Min(0, -1) = -1.",
        "Đã xét hết các con của C: giá trị tạm cuối cùng, -1, là giá trị của C.",
        "Quay lui về A: giá trị tạm của A thành Max(1, -1) = 1.",
        "Xét D, con của A: D là nút MIN, giá trị tạm ban đầu ∞.",
        "Xét G, con của D: G là nút MAX, giá trị tạm ban đầu -∞.",
        "Xét J, con của G: J là nút lá, giá trị 0.",
        "Quay lui về G: giá trị tạm của G thành Max(-∞, 0) = 0.",
        "Đã xét hết các con của G: giá trị tạm cuối cùng, 0, là giá trị của G.",
        "Quay lui về D: giá trị tạm của D thành Min(∞, 0) = 0.",
        "Xét H, con của D: H là nút MAX, giá trị tạm ban đầu -∞.",
        "Xét K, con của H: K là nút lá, giá trị 1.",
        "Quay lui về H: giá trị tạm của H thành Max(-∞, 1) = 1.",
        "Đã xét hết các con của H: giá trị tạm cuối cùng, 1, là giá trị của H.",
        "Quay lui về D: giá trị tạm của D thành Min(0, 1) = 0.",
        "Đã xét hết các con của D: giá trị tạm cuối cùng, 0, là giá trị của D.",
        "Quay lui về A: giá trị tạm của A thành Max(1, 0) = 1.",
        "Đã xét hết các con của A: giá trị tạm cuối cùng, 1, là giá trị của A.",
        "Kết quả: nút A có giá trị 1.",
    ];
    assert_eq!(r.trace.unwrap().walk_lines(), expected);
}

#[test]
fn exhaustive_table_matches_the_lecture_figure() {
    let r = Searcher::minimax().trace().run(&lecture_tree()).unwrap();
    let table = r.trace.unwrap().table();
    let order: Vec<&str> = table.rows.iter().map(|r| r.node.as_str()).collect();
    assert_eq!(
        order,
        ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"]
    );
    let temps = |n: &str| table.row(n).unwrap().temps.clone();
    assert_eq!(
        temps("A"),
        ["-∞", "Max(-∞, 1) = 1", "Max(1, -1) = 1", "Max(1, 0) = 1"]
    );
    assert_eq!(temps("C"), ["∞", "Min(∞, 0) = 0", "Min(0, -1) = -1"]);
    assert_eq!(temps("D"), ["∞", "Min(∞, 0) = 0", "Min(0, 1) = 0"]);
    assert_eq!(temps("E"), ["-∞", "Max(-∞, 0) = 0"]);
    assert_eq!(temps("G"), ["-∞", "Max(-∞, 0) = 0"]);
    assert_eq!(temps("H"), ["-∞", "Max(-∞, 1) = 1"]);
    let value = |n: &str| table.row(n).unwrap().value;
    assert_eq!(value("A"), Some(1.0));
    assert_eq!(value("C"), Some(-1.0));
    assert_eq!(value("D"), Some(0.0));
    let text = table.to_string();
    assert!(
        text.starts_with("Nút  Loại  Giá trị tạm (từ trên xuống)  Giá trị\n"),
        "{text}"
    );
    assert!(
        text.contains("A    MAX   -∞                           1\n"),
        "{text}"
    );
    assert!(text.contains("           Max(1, -1) = 1\n"), "{text}");
}

#[test]
fn alphabeta_cuts_f_and_h_and_never_sees_k() {
    for searcher in [Searcher::cat_tia(), Searcher::window()] {
        let r = searcher.trace().run(&lecture_tree()).unwrap();
        assert_eq!(r.value, 1.0);
        assert_eq!(r.pruned, ["F", "H"], "{:?}", r.algorithm);
        assert_eq!(r.nodes_visited, 8);
        assert_eq!(r.leaves_evaluated, 3);
        let trace = r.trace.unwrap();
        let seen: Vec<&str> = trace
            .events
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Enter { node, .. } | TraceEvent::Leaf { node, .. } => {
                    Some(trace.label(*node))
                }
                _ => None,
            })
            .collect();
        assert_eq!(seen, ["A", "B", "C", "E", "I", "D", "G", "J"]);
        // Bảng giống hình "Thuật toán cắt tỉa Alpha-Beta" của bài giảng.
        let table = trace.table();
        assert_eq!(
            table.row("A").unwrap().temps,
            ["-∞", "Max(-∞, 1) = 1", "Max(1, 0) = 1", "Max(1, 0) = 1"]
        );
        assert_eq!(table.row("C").unwrap().temps, ["∞", "Min(∞, 0) = 0"]);
        assert_eq!(table.row("C").unwrap().cut, ["F"]);
        assert_eq!(table.row("D").unwrap().cut, ["H"]);
        assert!(table.row("K").is_none());
    }
}

#[test]
fn cat_tia_explains_each_cut_with_the_lecture_comparison() {
    let r = Searcher::cat_tia().trace().run(&lecture_tree()).unwrap();
    let lines = r.trace.unwrap().walk_lines();
    assert!(lines.contains(
        &"Xét C, con của A, nhận Vp = 1 (giá trị tạm của A): C là nút MIN, Vq ban đầu ∞."
            .to_string()
    ));
    assert!(lines.contains(
        &"Cắt tỉa tại C: Vp = 1 ≥ Vq = 0 — A là nút MAX đã có giá trị tạm 1, còn C là nút MIN nên chỉ có thể ≤ 0; A sẽ không chọn C. Bỏ qua F."
            .to_string()
    ));
    assert!(lines.contains(&"C dừng sớm và trả về 0.".to_string()));
}

#[test]
fn window_explains_each_cut_with_alpha_and_beta() {
    let r = Searcher::window().trace().run(&lecture_tree()).unwrap();
    let lines = r.trace.unwrap().walk_lines();
    assert!(lines.contains(
        &"Quay lui về C: giá trị tạm của C thành Min(∞, 0) = 0, cửa sổ (α, β) = (1, 0)."
            .to_string()
    ));
    assert!(lines.contains(
        &"Cắt tỉa tại D: α = 1 ≥ β = 0, nước đi này không thể ảnh hưởng đến gốc. Bỏ qua H."
            .to_string()
    ));
}

#[test]
fn three_level_tree_of_the_minimax_text_has_value_3() {
    // Hình "Minimax đối với không gian trạng thái giả": lá 2 3 | 5 9 | 0 | 7 4 | 2 1 | 5 6.
    let t = GameTree::parse("(((2, 3), (5, 9)), ((0), (7, 4)), ((2, 1), (5, 6)))").unwrap();
    let r = Searcher::minimax().trace().run(&t).unwrap();
    assert_eq!(r.value, 3.0);
    let table = r.trace.unwrap().table();
    let values_at = |depth: u32| -> Vec<f64> {
        table
            .rows
            .iter()
            .filter(|r| r.depth == depth)
            .map(|r| r.value.unwrap())
            .collect()
    };
    assert_eq!(values_at(1), [3.0, 0.0, 2.0]); // mức MIN
    assert_eq!(values_at(2), [3.0, 9.0, 0.0, 7.0, 2.0, 6.0]); // mức MAX
    assert_eq!(r.principal_variation_names, ["B", "E", "L"]); // L là lá 3
                                                              // Alpha-beta cho cùng giá trị với ít nút hơn.
    let ab = Searcher::window().run(&t).unwrap();
    assert_eq!(ab.value, 3.0);
    assert!(ab.nodes_visited < r.nodes_visited);
}

#[test]
fn expression_tree_5_plus_2_times_3_minus_4_is_7() {
    let e = Expr::parse("5 + 2 × 3 − 4").unwrap();
    let (v, steps) = e.eval_steps().unwrap();
    assert_eq!(v, 7.0);
    assert_eq!(
        steps,
        [
            "Muốn định trị nút −, phải định trị hai con: nút + và nút 4.",
            "Muốn định trị nút +, phải định trị hai con: nút 5 và nút ×.",
            "Nút 5 là nút lá: giá trị 5.",
            "Muốn định trị nút ×, phải định trị hai con: nút 2 và nút 3.",
            "Nút 2 là nút lá: giá trị 2.",
            "Nút 3 là nút lá: giá trị 3.",
            "Quay lui về nút ×: 2 × 3 = 6.",
            "Quay lui về nút +: 5 + 6 = 11.",
            "Nút 4 là nút lá: giá trị 4.",
            "Quay lui về nút −: 11 − 4 = 7. Đây là giá trị của cả biểu thức.",
        ]
    );
    assert_eq!(Expr::parse("5 + 2 * 3 - 4").unwrap(), e);
    assert!(Expr::parse("1 / 0").unwrap().eval().is_err());
    let err = Expr::parse("5 + * 3").unwrap_err();
    assert!(err.to_string().contains("vị trí 5"), "{err}");
}

#[test]
fn nim_with_7_tokens_min_first_is_won_by_max() {
    let game = NimSplit::new(7, Player::Min);
    let r = Searcher::minimax().run(&game).unwrap();
    assert_eq!(r.value, 1.0);
    // Như bài giảng: mọi nước đi đầu của MIN (6-1, 5-2, 4-3) đều dẫn tới nút giá trị 1.
    let start = game.initial_state();
    let firsts: Vec<(String, f64)> = game
        .legal_moves(&start)
        .iter()
        .map(|m| {
            let s = game.apply(&start, m);
            let v = Searcher::minimax().run_from(&game, &s).unwrap().value;
            (game.state_label(&s).unwrap(), v)
        })
        .collect();
    assert_eq!(
        firsts,
        [
            ("6-1".to_string(), 1.0),
            ("5-2".to_string(), 1.0),
            ("4-3".to_string(), 1.0)
        ]
    );
    // Nếu MAX đi trước thì MAX thua (7 là vị trí thua cho người đi).
    assert_eq!(
        Searcher::minimax()
            .run(&NimSplit::new(7, Player::Max))
            .unwrap()
            .value,
        0.0
    );
    // Đồ thị trạng thái của hình vẽ: các trạng thái khác nhau.
    let tree = GameTree::from_game(&game, &start, 10).unwrap();
    let mut states: Vec<String> = tree.nodes().iter().filter_map(|n| n.note.clone()).collect();
    states.sort();
    states.dedup();
    assert_eq!(
        states,
        [
            "2-1-1-1-1-1",
            "2-2-1-1-1",
            "2-2-2-1",
            "3-1-1-1-1",
            "3-2-1-1",
            "3-2-2",
            "3-3-1",
            "4-1-1-1",
            "4-2-1",
            "4-3",
            "5-1-1",
            "5-2",
            "6-1",
            "7"
        ]
    );
}

#[test]
fn full_tic_tac_toe_tree_statistics() {
    let st = caytrochoi::games::tictactoe::full_tree_stats();
    assert_eq!(st.value, 0);
    assert_eq!(st.nodes, 549_946);
    assert_eq!(
        st.nodes_per_depth,
        [1, 9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872]
    );
    assert_eq!(st.games, 255_168);
    assert_eq!((st.x_wins, st.o_wins, st.draws), (131_184, 77_904, 46_080));
    assert_eq!(st.positions, 5478);
    // Bài giảng nói 9! nút: sai, vì ván cờ dừng khi có người thắng.
    let nine_factorial: u64 = (1..=9).product();
    assert_ne!(st.nodes, nine_factorial);
    assert!(st.games < nine_factorial);
    // Vét cạn qua trait Game đếm đúng bấy nhiêu nút.
    let r = Searcher::minimax().run(&TicTacToe::new()).unwrap();
    assert_eq!(r.nodes_visited, st.nodes);
    assert_eq!(r.leaves_evaluated, st.games);
    assert_eq!(r.nodes_per_depth, st.nodes_per_depth);
}

#[test]
fn two_ply_open_lines_minimax_chooses_the_centre() {
    // Hình "Minimax hai lớp cho nước đi mở đầu": E = đường mở cho X − đường mở cho O.
    let game = TicTacToe::open_lines_symmetric();
    let r = Searcher::minimax().depth(2).run(&game).unwrap();
    assert_eq!(r.value, 1.0);
    assert_eq!(r.best_move, Some(4)); // ô giữa
    let start = game.initial_state();
    let mut per_move = Vec::new();
    for m in game.legal_moves(&start) {
        let s = game.apply(&start, &m);
        let replies: Vec<f64> = game
            .legal_moves(&s)
            .map(|o| game.heuristic(&game.apply(&s, &o)).unwrap())
            .collect();
        let v = Searcher::minimax()
            .depth(1)
            .run_from(&game, &s)
            .unwrap()
            .value;
        per_move.push((m, v, replies));
    }
    // Góc: 1, 0, 1, 0, -1 → -1;  giữa: 1, 2 → 1;  cạnh: -1, 0, -1, 0, -2 → -2 (không kể thứ tự).
    let sorted = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v
    };
    assert_eq!(per_move.len(), 3);
    let (corner, centre, edge) = (&per_move[0], &per_move[2], &per_move[1]);
    assert_eq!((corner.0, centre.0, edge.0), (0, 4, 1));
    assert_eq!(corner.1, -1.0);
    assert_eq!(sorted(corner.2.clone()), [-1.0, 0.0, 0.0, 1.0, 1.0]);
    assert_eq!(centre.1, 1.0);
    assert_eq!(sorted(centre.2.clone()), [1.0, 2.0]);
    assert_eq!(edge.1, -2.0);
    assert_eq!(sorted(edge.2.clone()), [-2.0, -1.0, -1.0, 0.0, 0.0]);
    // Khai triển thành cây tường minh: 1 + 3 + 12 nút, đúng như hình.
    let tree = GameTree::from_game(&game, &start, 2).unwrap();
    assert_eq!(tree.len(), 16);
    assert_eq!(Searcher::minimax().run(&tree).unwrap().value, 1.0);
}

//! Tính chất của cắt tỉa alpha-beta trên hàng nghìn cây ngẫu nhiên.

use caytrochoi::random::{uniform_tree, with_noisy_estimates, EstimateOrder, SplitMix64};

#[path = "support/random_trees.rs"]
mod random_trees;
use caytrochoi::{GameTree, Searcher};
use random_trees::irregular;

fn subtree_size(t: &GameTree, label: &str) -> u64 {
    t.subtree_labels(t.find(label).unwrap()).len() as u64
}

#[test]
fn both_variants_return_the_minimax_value_on_random_trees() {
    let (mut cat_total, mut win_total, mut ord_total, mut full_total) = (0u64, 0u64, 0u64, 0u64);
    for seed in 0..3000u64 {
        let t = irregular(seed, 6, 4);
        let exact = Searcher::minimax().run(&t).unwrap();
        let cat = Searcher::cat_tia().run(&t).unwrap();
        let win = Searcher::window().run(&t).unwrap();
        let ord = Searcher::window().order_moves().run(&t).unwrap();
        let cat_ord = Searcher::cat_tia().order_moves().run(&t).unwrap();
        for r in [&cat, &win, &ord, &cat_ord] {
            assert_eq!(
                r.value, exact.value,
                "hạt giống {seed}, {:?}: {}",
                r.algorithm, t
            );
        }
        // Nước đi tốt nhất (không sắp thứ tự) trùng với vét cạn: con đầu tiên đạt giá trị tốt nhất.
        assert_eq!(cat.best_move, exact.best_move, "hạt giống {seed}: {t}");
        assert_eq!(win.best_move, exact.best_move, "hạt giống {seed}: {t}");
        // Mỗi nút của cây hoặc được xét, hoặc nằm trong đúng một cây con bị cắt.
        for r in [&cat, &win, &ord] {
            let hidden: u64 = r.pruned.iter().map(|l| subtree_size(&t, l)).sum();
            assert_eq!(r.nodes_visited + hidden, t.len() as u64, "hạt giống {seed}");
            assert!(r.nodes_visited <= exact.nodes_visited);
        }
        assert!(exact.pruned.is_empty());
        assert_eq!(exact.nodes_visited, t.len() as u64);
        cat_total += cat.nodes_visited;
        win_total += win.nodes_visited;
        ord_total += ord.nodes_visited;
        full_total += exact.nodes_visited;
    }
    // Cửa sổ (α, β) cắt nhiều hơn cat_tia; cả hai ít hơn vét cạn; xét lá trước
    // (sắp theo giá trị các con đã biết) cắt nhiều hơn nữa.
    assert!(win_total < cat_total, "{win_total} < {cat_total}");
    assert!(cat_total < full_total);
    assert!(ord_total < win_total, "{ord_total} < {win_total}");
}

/// Hàm của bài giảng gọi thẳng (người quan sát rỗng `()`) cho cùng giá trị với
/// cửa chính `Searcher`; người quan sát đếm nút và vết luôn khớp nhau.
#[test]
fn plain_functions_observers_and_trace_agree() {
    use caytrochoi::search::{self, no_bound, trace::Recorder, Algorithm, Counters};
    use caytrochoi::trace::{Status, TraceEvent};
    for seed in 0..500u64 {
        let t = irregular(seed, 5, 4);
        let root = t.root();
        let mode = t.root_player();
        let plain = [
            search::search(&t, &root, mode, &mut ()).unwrap(),
            search::cat_tia(&t, &root, mode, no_bound(mode), &mut ()).unwrap(),
            search::alpha_beta(&t, &root, &mut ()).unwrap(),
        ];
        for (a, v) in Algorithm::ALL.into_iter().zip(plain) {
            let r = Searcher::new(a).trace().run(&t).unwrap();
            assert_eq!(v, r.value, "hạt giống {seed}, {a:?}");
            let mut counters = Counters::default();
            let mut rec = Recorder::new(&t, a);
            assert_eq!(
                a.evaluate(&t, &root, &mut (&mut counters, &mut rec))
                    .unwrap(),
                v
            );
            let trace = rec.finish();
            assert_eq!(Some(&trace), r.trace.as_ref());
            assert_eq!(counters.nodes_visited, r.nodes_visited);
            // Mỗi nút được xét đúng một lần bắt đầu (Enter hoặc Leaf) và một lần xong.
            let starts = trace
                .events
                .iter()
                .filter(|e| matches!(e, TraceEvent::Enter { .. } | TraceEvent::Leaf { .. }))
                .count() as u64;
            assert_eq!(starts, counters.nodes_visited);
            // Phát lại hết: mọi nút đã gặp là xong hoặc bị cắt; gốc có giá trị của lần tìm kiếm.
            let replay = trace.replay();
            assert!(replay
                .nodes
                .iter()
                .all(|n| matches!(n.status, Status::Done | Status::Pruned)));
            assert_eq!(replay.nodes[0].value, Some(v));
            let pruned: Vec<&str> = replay
                .nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| n.status == Status::Pruned)
                .map(|(i, _)| trace.label(i))
                .collect();
            assert_eq!(pruned, r.pruned, "hạt giống {seed}, {a:?}");
        }
    }
}

#[test]
fn depth_limited_alphabeta_agrees_with_depth_limited_minimax() {
    for seed in 0..200u64 {
        let t = uniform_tree(3, 5, seed, -20, 20, true).unwrap();
        for d in 1..=5 {
            let m = Searcher::minimax().depth(d).run(&t).unwrap();
            for s in [
                Searcher::cat_tia(),
                Searcher::window(),
                Searcher::window().order_moves(),
            ] {
                assert_eq!(
                    s.depth(d).run(&t).unwrap().value,
                    m.value,
                    "hạt giống {seed}, độ sâu {d}"
                );
            }
        }
    }
}

#[test]
fn move_ordering_with_good_estimates_cuts_more() {
    let (mut plain, mut ordered) = (0u64, 0u64);
    for seed in 0..100u64 {
        let t = uniform_tree(4, 5, seed, -50, 50, true).unwrap();
        plain += Searcher::window().run(&t).unwrap().leaves_evaluated;
        ordered += Searcher::window()
            .order_moves()
            .run(&t)
            .unwrap()
            .leaves_evaluated;
    }
    assert!(ordered < plain, "{ordered} < {plain}");
    // Không bao giờ ít hơn mức tối thiểu Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1 (b = 4, d = 5: 64 + 16 − 1).
    let km = 4u64.pow(3) + 4u64.pow(2) - 1;
    assert!(ordered >= 100 * km);
}

#[test]
fn perfect_ordering_reaches_the_knuth_moore_minimum() {
    // Sắp con theo giá trị minimax thật (ước lượng không nhiễu) cho đúng số lá tối thiểu.
    for (b, d) in [(2u32, 4u32), (3, 3), (3, 4), (4, 3)] {
        let t = uniform_tree(b, d, 7, -100, 100, false).unwrap();
        // Gắn giá trị minimax thật làm ước lượng cho mọi nút trong: nhiễu 0.
        let exact = with_noisy_estimates(&t, &mut SplitMix64::new(0), 0, EstimateOrder::PostOrder);
        for id in exact.node_ids() {
            let sub = GameTree::parse_with_root(&t.subtree_text(id), t.player(id)).unwrap();
            let v = Searcher::minimax().run(&sub).unwrap().value;
            assert_eq!(exact.node(id).value, Some(v), "{}", exact.label(id));
        }
        let r = Searcher::window().order_moves().run(&exact).unwrap();
        let km = (b as u64).pow(d.div_ceil(2)) + (b as u64).pow(d / 2) - 1;
        assert_eq!(r.leaves_evaluated, km, "b = {b}, d = {d}");
    }
}

/// Cắt "nông" và cắt "sâu": cat_tia chỉ biết giá trị tạm của cha, cửa sổ (α, β)
/// biết cận của mọi tổ tiên.
#[test]
fn cat_tia_cuts_only_with_the_parent_bound() {
    // A (MAX) đã có 5 từ B. Ở E (MIN, chắt của A), lá F = 3 ≤ 5 nên E không thể
    // làm A đổi ý: cửa sổ cắt G ngay. cat_tia thì E chỉ nhận Vp = giá trị tạm của
    // D (−∞), không biết A đã có 5, nên phải xét cả G.
    let t = GameTree::parse("A(B:5, C(D(E(F:3, G:9), H:1)))").unwrap();
    let cat = Searcher::cat_tia().trace().run(&t).unwrap();
    let win = Searcher::window().trace().run(&t).unwrap();
    assert_eq!((cat.value, win.value), (5.0, 5.0));
    assert!(cat.pruned.is_empty());
    assert_eq!(win.pruned, ["G"]);
    assert_eq!(cat.nodes_visited, 8);
    assert_eq!(win.nodes_visited, 7);
    let cat_lines = cat.trace.unwrap().walk_lines();
    assert!(cat_lines.contains(
        &"Xét E, con của D, nhận Vp = -∞ (giá trị tạm của D): E là nút MIN, Vq ban đầu ∞."
            .to_string()
    ));
    let win_lines = win.trace.unwrap().walk_lines();
    assert!(win_lines.contains(
        &"Xét E, con của D, với (α, β) = (5, ∞): E là nút MIN, giá trị tạm ban đầu ∞.".to_string()
    ));
    assert!(win_lines.contains(
        &"Cắt tỉa tại E: α = 5 ≥ β = 3, nước đi này không thể ảnh hưởng đến gốc. Bỏ qua G."
            .to_string()
    ));
}

#[test]
fn a_bigger_example_where_the_counts_differ() {
    // Tìm trong các cây đều 3×4 một cây mà hai biến thể xét số nút khác nhau.
    let (seed, cat, win) = (0..50u64)
        .find_map(|seed| {
            let t = uniform_tree(3, 4, seed, -9, 9, false).unwrap();
            let c = Searcher::cat_tia().run(&t).unwrap().nodes_visited;
            let w = Searcher::window().run(&t).unwrap().nodes_visited;
            (c != w).then_some((seed, c, w))
        })
        .expect("có ít nhất một cây như vậy");
    assert!(win < cat, "hạt giống {seed}: cửa sổ {win}, cat_tia {cat}");
}

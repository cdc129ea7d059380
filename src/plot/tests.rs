//! Kiểm tra các hình của mô-đun `plot` qua **mô hình bố trí** của chúng (vị trí
//! nút, chữ, cạnh, dấu cắt, ô bàn cờ), cộng vài kiểm tra thô rằng SVG do plotters
//! viết ra cân bằng thẻ và có chữ của hình.

use crate::plot::{self, Bounds, LegendKind, NodeState, NoteLayout, TreeDiagram, TreeLayout};
use crate::random::uniform_tree;
use crate::{GameTree, Player, Searcher};

#[path = "../../tests/support/svg.rs"]
mod svg;
use svg::assert_well_formed;

const LECTURE: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";

fn lecture() -> GameTree {
    GameTree::parse(LECTURE).unwrap()
}

fn texts(labels: &[plot::Label]) -> Vec<&str> {
    labels.iter().map(|l| l.text.as_str()).collect()
}

/// Hình sạch: không có gì chồng lên nhau hay ra ngoài, và hình vẽ ra đúng cỡ
/// của bố trí, SVG hợp lệ, có đủ nhãn các nút.
fn assert_clean(layout: &TreeLayout) {
    let c = layout.collisions();
    assert!(c.is_empty(), "{c:#?}");
    let fig = layout.clone().draw().unwrap();
    assert_eq!((fig.width(), fig.height()), (layout.width, layout.height));
    assert_well_formed(fig.svg());
    for n in &layout.nodes {
        assert!(fig.svg().contains(&n.label.text));
    }
}

#[test]
fn every_label_appears_exactly_once() {
    let t = lecture();
    let l = TreeDiagram::new(&t).layout().unwrap();
    assert_eq!(l.nodes.len(), t.len());
    for n in t.nodes() {
        assert_eq!(
            l.nodes.iter().filter(|x| x.label.text == n.label).count(),
            1,
            "{}",
            n.label
        );
    }
    assert!(l.cuts.is_empty() && l.edges.iter().all(|e| !e.cut && !e.pruned && !e.pv));
    assert_eq!(texts(&l.levels), ["MAX", "MIN", "MAX", "MIN"]);
    // Giá trị các lá ghi dưới lá, theo thứ tự trên cây.
    let leaves: Vec<&str> = l
        .nodes
        .iter()
        .filter(|n| !n.below.is_empty())
        .map(|n| n.below[0].text.as_str())
        .collect();
    assert_eq!(leaves, ["1", "-1", "0", "0", "1"]);
    // MAX ở các mức chẵn, MIN ở các mức lẻ; mỗi mức một tung độ, và tên mức
    // ngang hàng với các nút của mức đó.
    for n in &l.nodes {
        let depth = t.node(n.id).depth as usize;
        let want = if depth % 2 == 0 {
            Player::Max
        } else {
            Player::Min
        };
        assert_eq!(n.player, want);
        assert!((l.levels[depth].y - n.y).abs() < 2.0);
    }
    // Mỗi cạnh đi từ cha xuống con.
    for e in &l.edges {
        let (p, c) = (
            l.node_by_id(e.parent).unwrap(),
            l.node_by_id(e.child).unwrap(),
        );
        assert_eq!(e.points.first().unwrap().0, p.x);
        assert_eq!(e.points.last().unwrap().0, c.x);
        assert!(e.points.last().unwrap().1 <= c.y - c.half_height);
    }
    assert_eq!(l.edges.len(), t.len() - 1);
    assert_clean(&l);
    // Bộ kiểm tra chồng chéo thấy được lỗi: đặt giá trị của lá B lên cạnh vào C,
    // rồi lên nhãn của nút D.
    let mut bad = l.clone();
    let pts = bad.edge_to("C").unwrap().points.clone();
    let (x, y) = (pts[3].0, (pts[2].1 + pts[3].1) / 2.0);
    let b = bad.nodes.iter_mut().find(|n| n.label.text == "B").unwrap();
    (b.below[0].x, b.below[0].y) = (x, y);
    let found = bad.collisions().join("\n");
    assert!(found.contains("cạnh vào C cắt ngang"), "{found}");
    let d = l.node("D").unwrap().label.clone();
    let b = bad.nodes.iter_mut().find(|n| n.label.text == "B").unwrap();
    (b.below[0].x, b.below[0].y) = (d.x, d.y);
    assert!(bad
        .collisions()
        .iter()
        .any(|c| c.contains("chồng lên nhãn D")));
}

#[test]
fn cat_tia_on_the_lecture_tree_cuts_f_and_h() {
    let t = lecture();
    let l = TreeDiagram::new(&t)
        .search(Searcher::cat_tia())
        .unwrap()
        .temp_values(true)
        .layout()
        .unwrap();
    assert_eq!(l.cut_labels(), ["F", "H"]);
    let reasons: Vec<&str> = l.cuts.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(reasons, ["Vì V_A = 1 ≥ V_C = 0", "Vì V_A = 1 ≥ V_D = 0"]);
    assert!(l.cuts.iter().all(|c| c.short == "1 ≥ 0"));
    // Chỉ số dưới (A, C) nhỏ hơn và thấp hơn chữ V.
    let r = &l.cuts[0].reason;
    assert_eq!(texts(r), ["Vì V", "A", "= 1 ≥ V", "C", "= 0"]);
    assert!(r[1].size < r[0].size && r[1].y > r[0].y);
    // Nhánh vào F, H: bị cắt (nét đứt, có dấu); nhánh vào K: nét đứt, không dấu.
    for name in ["F", "H"] {
        let e = l.edge_to(name).unwrap();
        assert!(e.cut && e.pruned && !e.pv, "{name}");
    }
    let k = l.edge_to("K").unwrap();
    assert!(k.pruned && !k.cut);
    let pruned: Vec<&str> = l
        .nodes
        .iter()
        .filter(|n| n.state == NodeState::Pruned)
        .map(|n| n.label.text.as_str())
        .collect();
    assert_eq!(pruned, ["F", "H", "K"]);
    // Dấu cắt nằm trên đoạn cuối của nhánh bị cắt, ngay trên nút.
    for (c, name) in l.cuts.iter().zip(["F", "H"]) {
        let e = l.edge_to(name).unwrap();
        let (x, bottom) = *e.points.last().unwrap();
        let top = e.points[e.points.len() - 2].1;
        for [a, b] in &c.bars {
            assert!(a.0 < x && x < b.0 && a.1 == b.1);
            assert!(top < a.1 && a.1 < bottom, "{name}");
        }
        // Lời giải thích ở bên phải nút bị cắt.
        let n = l.node(name).unwrap();
        assert!(c.reason[0].x > n.x + n.half_width);
    }
    // Đường đi chính A → B.
    let pv: Vec<&str> = l
        .edges
        .iter()
        .filter(|e| e.pv)
        .map(|e| l.node_by_id(e.child).unwrap().label.text.as_str())
        .collect();
    assert_eq!(pv, ["B"]);
    let a = l.node("A").unwrap();
    assert_eq!(a.value.as_ref().unwrap().text, "1");
    assert!(texts(&a.temps).contains(&"Max(-∞, 1) = 1"));
    // Giá trị tạm bên trái nút, giá trị bên phải.
    assert!(a
        .temps
        .iter()
        .all(|t| t.bounds().right <= a.x - a.half_width));
    assert!(a.value.as_ref().unwrap().bounds().left >= a.x + a.half_width);
    assert!(texts(&l.node("C").unwrap().temps).contains(&"Min(∞, 0) = 0"));
    let foot = texts(&l.footer).join(" ");
    assert!(foot.contains("bị cắt: F, H"), "{foot}");
    let legend: Vec<LegendKind> = l.legend.iter().map(|e| e.kind).collect();
    assert_eq!(
        legend,
        [
            LegendKind::Max,
            LegendKind::Min,
            LegendKind::Pv,
            LegendKind::Cut
        ]
    );
    assert_clean(&l);
}

#[test]
fn cut_marks_match_pruned_subtrees_on_random_trees() {
    for seed in 0..5 {
        let t = uniform_tree(3, 3, seed, -9, 9, false).unwrap();
        for s in [Searcher::cat_tia(), Searcher::window()] {
            let r = s.clone().run(&t).unwrap();
            let l = TreeDiagram::new(&t)
                .search(s)
                .unwrap()
                .temp_values(true)
                .layout()
                .unwrap();
            assert_eq!(l.cuts.len(), r.pruned.len(), "seed {seed}");
            assert_eq!(l.nodes.len(), t.len());
            // Mọi nút trong cây con bị cắt đều mờ; nút khác thì không.
            for n in &l.nodes {
                let mut at = Some(n.id);
                let mut under_cut = false;
                while let Some(v) = at {
                    under_cut |= l.cuts.iter().any(|c| c.node == v);
                    at = t.node(v).parent;
                }
                assert_eq!(n.state == NodeState::Pruned, under_cut, "seed {seed}");
            }
            assert_clean(&l);
        }
    }
}

#[test]
fn minimax_temp_values_and_custom_levels() {
    let t = lecture();
    let l = TreeDiagram::new(&t)
        .search(Searcher::minimax())
        .unwrap()
        .temp_values(true)
        .levels("X đi / Max", "O đi / Min")
        .layout()
        .unwrap();
    let temps: Vec<&str> = l.nodes.iter().flat_map(|n| texts(&n.temps)).collect();
    for want in [
        "-∞",
        "Max(-∞, 1) = 1",
        "Max(1, -1) = 1",
        "Max(1, 0) = 1",
        "Min(0, -1) = -1",
    ] {
        assert!(temps.contains(&want), "thiếu {want}: {temps:?}");
    }
    // Các giá trị tạm của một nút xếp từ trên xuống.
    let a = l.node("A").unwrap();
    assert!(a.temps.windows(2).all(|w| w[0].y < w[1].y));
    assert_eq!(
        texts(&l.levels),
        ["X đi / Max", "O đi / Min", "X đi / Max", "O đi / Min"]
    );
    assert!(l.cuts.is_empty());
    assert_clean(&l);
}

#[test]
fn notes_draw_boards_and_nim_piles_without_overlap() {
    use crate::games::{NimSplit, TicTacToe};
    use crate::Game;
    let board = TicTacToe::parse_board("X.X/XO./O.O").unwrap();
    let t = GameTree::from_game(&TicTacToe::new(), &board, 9).unwrap();
    let l = TreeDiagram::new(&t)
        .notes(true)
        .leaf_frame(true)
        .layout()
        .unwrap();
    let a = l.node("A").unwrap();
    let Some(NoteLayout::Board { marks, top, .. }) = &a.note else {
        panic!("gốc phải có bàn cờ");
    };
    // X.X/XO./O.O: ba X, ba O, ngay dưới nút.
    assert_eq!(marks.iter().filter(|m| m.text == "X").count(), 3);
    assert_eq!(marks.iter().filter(|m| m.text == "O").count(), 3);
    assert!(*top >= a.y + a.half_height);
    // Nút lá có viền đôi, và chú giải có mục "nút lá".
    assert!(l.nodes.iter().filter(|n| n.leaf_frame).count() == 5);
    assert!(l.legend.iter().any(|e| e.kind == LegendKind::Leaf));
    assert_clean(&l);

    let nim = NimSplit::new(7, Player::Min);
    let t = GameTree::from_game(&nim, &nim.initial_state(), 10).unwrap();
    let l = TreeDiagram::new(&t)
        .search(Searcher::minimax())
        .unwrap()
        .notes(true)
        .max_nodes(200)
        .max_depth(10)
        .layout()
        .unwrap();
    let piles: Vec<&str> = l
        .nodes
        .iter()
        .filter_map(|n| match &n.note {
            Some(NoteLayout::Text(x)) => Some(x.text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(piles.len(), t.len());
    assert!(piles.contains(&"5-1-1") && piles.contains(&"2-1-1-1-1-1"));
    assert_clean(&l);
}

#[test]
fn text_is_escaped_by_the_backend() {
    let t = GameTree::parse("A(B:1, C:2)").unwrap();
    let d = TreeDiagram::new(&t).title("a < b & \"c\"");
    assert_eq!(d.layout().unwrap().title[0].text, "a < b & \"c\"");
    let svg = d.draw().unwrap().into_svg();
    assert!(svg.contains("a &lt; b &amp; &quot;c&quot;"));
    assert_well_formed(&svg);
}

#[test]
fn big_trees_are_cut_at_a_depth_with_a_note() {
    let t = uniform_tree(3, 7, 1, -9, 9, false).unwrap();
    let l = TreeDiagram::new(&t).layout().unwrap();
    let notes = texts(&l.footer).join(" ");
    assert!(notes.contains("… cây còn"), "{notes}");
    assert!(notes.contains("nút không vẽ"));
    assert!(l.nodes.len() <= 150);
    // Các nút ở mức cuối cùng được vẽ ghi số nút con cháu bị ẩn.
    assert!(l
        .nodes
        .iter()
        .any(|n| n.below.iter().any(|b| b.text.starts_with("… "))));
    assert!(l.collisions().is_empty());
    // Cây 3 nhánh sâu 4 (121 nút) được vẽ đủ.
    let t = uniform_tree(3, 4, 1, -9, 9, false).unwrap();
    let l = TreeDiagram::new(&t).layout().unwrap();
    assert_eq!(l.nodes.len(), 121);
    assert!(l.footer.is_empty());
    assert_clean(&l);
}

#[test]
fn drawing_caps_hold_at_every_level_and_for_temp_values() {
    use crate::limits::{DRAWN_NODES, DRAWN_TEMPS};
    // Gốc 3 000 lá (mức 1 quá lớn), rồi 40 con mỗi con 80 lá (mức 2 quá lớn).
    let wide = format!(
        "R({})",
        (0..3000)
            .map(|i| (i % 7 - 3).to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let two = format!(
        "R({})",
        (0..40)
            .map(|i| format!(
                "({})",
                (0..80)
                    .map(|j| ((i * j) % 9 - 4).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    for text in [wide, two] {
        let t = GameTree::parse(&text).unwrap();
        for searcher in [Searcher::minimax(), Searcher::window()] {
            let l = TreeDiagram::new(&t)
                .search(searcher)
                .unwrap()
                .temp_values(true)
                .layout()
                .unwrap();
            assert!(l.nodes.len() <= DRAWN_NODES, "{}", l.nodes.len());
            assert!(l.nodes.iter().all(|n| n.temps.len() <= DRAWN_TEMPS));
            let root = &l.nodes[0];
            if root.temps.len() == DRAWN_TEMPS {
                assert!(root.temps[DRAWN_TEMPS - 2].text.contains("giá trị tạm nữa"));
            }
            assert!(texts(&l.footer).join(" ").contains("nút không vẽ"));
            // Hình có cỡ của 150 nút, không phải của cả cây.
            let svg = TreeDiagram::new(&t)
                .search(Searcher::window())
                .unwrap()
                .temp_values(true)
                .draw()
                .unwrap()
                .into_svg();
            assert!(svg.len() < 400_000, "{} byte", svg.len());
        }
    }
}

#[test]
fn step_through_shows_progress() {
    let t = lecture();
    let d = TreeDiagram::new(&t)
        .search(Searcher::cat_tia())
        .unwrap()
        .temp_values(true);
    let n = d.step_count();
    assert!(n > 10);
    let first = d.clone().step(0).layout().unwrap();
    assert!(first.nodes.iter().all(|x| x.state == NodeState::Unvisited));
    assert!(texts(&first.caption)
        .join(" ")
        .starts_with(&format!("Bước 0/{n}")));
    assert!(first.edges.iter().all(|e| e.unvisited));
    let mid = d.clone().step(5).layout().unwrap();
    assert_eq!(
        mid.nodes
            .iter()
            .filter(|x| x.state == NodeState::Current)
            .count(),
        1
    );
    assert!(mid.legend.iter().any(|e| e.kind == LegendKind::Current));
    // Trước khi xem hết vết thì chưa có đường đi chính và dòng tóm tắt.
    assert!(mid.edges.iter().all(|e| !e.pv) && mid.footer.is_empty());
    let last = d.clone().step(n).layout().unwrap();
    assert_eq!(last.cut_labels(), ["F", "H"]);
    assert!(last.edges.iter().any(|e| e.pv));
    for k in [0, 5, 10, n] {
        assert_clean(&d.clone().step(k).layout().unwrap());
    }
    assert!(d.clone().step(n + 1).draw().is_err());
    assert!(TreeDiagram::new(&t).step(1).draw().is_err());
    let all = plot::steps(&t, Searcher::cat_tia()).unwrap();
    assert_eq!(all.len(), n + 1);
    assert!(all[3].svg().contains(&format!("Bước 3/{n}")));
}

#[test]
fn grid_places_cells_side_by_side() {
    let t = lecture();
    let a = plot::step(&t, Searcher::cat_tia(), 3).unwrap();
    let b = plot::step(&t, Searcher::cat_tia(), 10).unwrap();
    let cells = [("(a) bước 3", &a), ("(b) bước 10", &b)];
    let g = plot::grid_layout(&cells, 2).unwrap();
    let (fa, fb) = (g.cells[0].frame, g.cells[1].frame);
    assert!(fa.right <= fb.left && fa.top == fb.top);
    assert_eq!(fa.width(), a.width());
    assert!(g
        .cells
        .iter()
        .all(|c| c.label.bounds().bottom <= c.frame.top));
    let fig = plot::grid(&cells, 2, 800.0).unwrap();
    assert_eq!(fig.width(), 800.0);
    assert_well_formed(fig.svg());
    // Các hình con được vẽ lại bên trong lưới.
    assert!(fig.svg().contains("Bước 3/") && fig.svg().contains("Bước 10/"));
}

#[test]
fn queen_board_shows_every_value() {
    let g = crate::grundy::games::queen::queen_table(7, 7).unwrap();
    let b = plot::grundy_board_layout("Quân hậu", &g).unwrap();
    assert_eq!(b.cells.len(), 64);
    // (0,0) (1,2) (2,1) (3,5) (5,3) (4,7) (7,4): vị trí P của Wythoff.
    let mut zeros: Vec<(usize, usize)> = b
        .cells
        .iter()
        .filter(|c| c.value == 0)
        .map(|c| (c.p, c.q))
        .collect();
    zeros.sort();
    assert_eq!(
        zeros,
        [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]
    );
    for c in &b.cells {
        assert_eq!(c.label.text, g[c.p][c.q].to_string());
        assert!(c.label.bounds().inside(&c.bounds));
        assert!(c.bounds.inside(&b.frame));
    }
    // Ô đậm khác màu mọi ô khác.
    let dark = b.cell(0, 0).unwrap().fill;
    assert!(b.cells.iter().all(|c| (c.value == 0) == (c.fill == dark)));
    let axis = texts(&b.axis);
    assert!(axis.contains(&"p →") && axis.contains(&"q ↑"));
    let boxes: Vec<Bounds> = b
        .axis
        .iter()
        .chain(b.legend.iter().map(|k| &k.label))
        .chain(&b.notes)
        .chain(&b.title)
        .map(|l| l.bounds())
        .chain([b.frame])
        .chain(b.legend.iter().map(|k| k.swatch))
        .collect();
    for (i, x) in boxes.iter().enumerate() {
        for y in &boxes[i + 1..] {
            assert!(!x.overlaps(y), "{x:?} chồng {y:?}");
        }
    }
    assert!(plot::queen_board(&[vec![0, 1], vec![1]]).is_err());
    assert!(plot::queen_board(&[]).is_err());
    let svg = plot::queen_board(&g).unwrap().into_svg();
    assert_well_formed(&svg);
    assert!(svg.contains("q ↑"));
}

#[test]
fn expression_tree_layout_and_picture() {
    let e = crate::expr::Expr::parse("5 + 2 × 3 − 4").unwrap();
    let opts = plot::ExprTreeOptions {
        values: true,
        order: true,
        return_arrows: true,
        title: None,
    };
    let d = plot::expr_tree_layout(&e, &opts).unwrap();
    assert_eq!(d.nodes.len(), 7);
    assert_eq!(d.returns.len(), d.edges.len());
    let fig = d.draw().unwrap();
    assert_well_formed(fig.svg());
    assert!(fig.svg().contains("= 11"));
}

#[test]
fn lecture_tree_layout_marks_the_cuts() {
    let cay = GameTree::parse(LECTURE).unwrap();
    let ve = plot::TreeDiagram::new(&cay)
        .search(Searcher::cat_tia())
        .unwrap()
        .temp_values(true);
    let so_do = ve.layout().unwrap();
    assert_eq!(so_do.cut_labels(), ["F", "H"]); // F và H bị cắt
    assert_eq!(so_do.cuts[0].text, "Vì V_A = 1 ≥ V_C = 0");
    let hinh = ve.draw().unwrap();
    assert!(hinh.svg().contains("Max(-∞, 1) = 1"));
}

/// Cỡ chữ nhỏ nhất (`font-size`) của một SVG.
fn smallest_font(svg: &str) -> f64 {
    svg.split("font-size=\"")
        .skip(1)
        .filter_map(|r| r.split('"').next()?.parse::<f64>().ok())
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn compact_tree_keeps_values_and_cut_bars_only() {
    let cay = GameTree::parse(LECTURE).unwrap();
    let ve = plot::TreeDiagram::new(&cay)
        .search(Searcher::cat_tia())
        .unwrap()
        .temp_values(true)
        .compact(true);
    let so_do = ve.clone().step(10).layout().unwrap();
    assert!(so_do.title.is_empty() && so_do.caption.is_empty() && so_do.legend.is_empty());
    assert!(so_do.footer.is_empty());
    // F bị cắt ở bước 10: còn hai vạch, không còn lời giải thích (chữ 8 điểm ảnh).
    assert_eq!(so_do.cut_labels(), ["F"]);
    assert!(so_do.cuts[0].reason.is_empty() && !so_do.cuts[0].bars.is_empty());
    let hinh = ve.draw().unwrap();
    assert_well_formed(hinh.svg());
    assert!(hinh.svg().contains("Max(-∞, 1) = 1"));
    assert_eq!(smallest_font(hinh.svg()), 11.0);
    // Hình đầy đủ có chữ 8 điểm ảnh (chỉ số dưới của V_A).
    let day_du = plot::TreeDiagram::new(&cay)
        .search(Searcher::cat_tia())
        .unwrap()
        .temp_values(true)
        .draw()
        .unwrap();
    assert_eq!(smallest_font(day_du.svg()), 8.0);
}

#[test]
fn graph_upto_shows_the_first_vertices_only() {
    let g = crate::grundy::GraphGame::parse("A → B, C, D; B → C, E; C → E; D → F; E → F").unwrap();
    let ve = plot::GraphDiagram::new(&g).grundy().unwrap().compact(true);
    assert_eq!(ve.step_count(), 6);
    let hinh = ve.clone().upto(2).draw().unwrap();
    assert_well_formed(hinh.svg());
    // F (G = 0) rồi D (G = 1) đã có giá trị; bốn đỉnh còn lại chưa.
    assert_eq!(hinh.svg().matches("G = ?").count(), 4);
    // Đỉnh vừa tính (D, thứ hai) có viền cam; hình đủ đỉnh không có viền ấy.
    assert_eq!(hinh.svg().matches("stroke=\"#E67E00\"").count(), 1);
    assert!(!plot::GraphDiagram::new(&g)
        .grundy()
        .unwrap()
        .draw()
        .unwrap()
        .svg()
        .contains("#E67E00"));
    assert!(hinh.svg().contains("G = 0") && hinh.svg().contains("G = 1"));
    assert_eq!(smallest_font(hinh.svg()), 16.0);
    let het = ve.upto(6).draw().unwrap();
    assert_eq!(het.svg().matches("G = ?").count(), 0);
    assert!(het.svg().contains("G = 3"));
}

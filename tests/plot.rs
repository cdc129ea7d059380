//! Kiểm tra nội dung các hình SVG của mô-đun `plot` bằng một bộ quét XML nhỏ.

use caytrochoi::plot::{self, DodgemBoard, DodgemMove, Series, TreeDiagram};
use caytrochoi::random::uniform_tree;
use caytrochoi::{GameTree, Searcher};

const LECTURE: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";

/// Nội dung chữ của mọi phần tử `<text>` có lớp `class` (bỏ các thẻ con).
fn texts_with_class(svg: &str, class: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text ") {
        let after = &rest[i..];
        let Some(end_tag) = after.find('>') else {
            break;
        };
        let attrs = &after[..end_tag];
        let Some(close) = after.find("</text>") else {
            break;
        };
        let inner = &after[end_tag + 1..close];
        if attrs.contains(&format!("class=\"{class}\"")) {
            out.push(unescape(&strip_tags(inner)));
        }
        rest = &after[close..];
    }
    out
}

/// Mọi chữ trong hình (nội dung các `<text>`), đã bỏ thẻ và giải mã.
fn all_text(svg: &str) -> String {
    let mut out = String::new();
    let mut rest = svg;
    while let Some(i) = rest.find("<text") {
        let after = &rest[i..];
        let (Some(s), Some(e)) = (after.find('>'), after.find("</text>")) else {
            break;
        };
        out.push_str(&unescape(&strip_tags(&after[s + 1..e])));
        out.push('\n');
        rest = &after[e..];
    }
    out
}

fn strip_tags(s: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for c in s.chars() {
        match c {
            '<' => inside = true,
            '>' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// Kiểm tra thô rằng SVG cân bằng thẻ (mỗi thẻ mở có thẻ đóng, đúng thứ tự).
fn assert_well_formed(svg: &str) {
    assert!(svg.starts_with("<svg"), "không bắt đầu bằng <svg");
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        let after = &rest[i + 1..];
        let end = after.find('>').expect("thẻ không đóng");
        let tag = &after[..end];
        if tag.starts_with('?') || tag.starts_with('!') {
            // khai báo XML, chú thích
        } else if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().expect("thẻ đóng thừa");
            assert_eq!(top, name.trim(), "thẻ đóng sai thứ tự");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap().to_string();
            stack.push(name);
        }
        rest = &after[end + 1..];
    }
    assert!(stack.is_empty(), "thẻ chưa đóng: {stack:?}");
}

fn lecture() -> GameTree {
    GameTree::parse(LECTURE).unwrap()
}

#[test]
fn every_label_appears_exactly_once() {
    let t = lecture();
    let svg = plot::tree(&t).unwrap().into_svg();
    assert_well_formed(&svg);
    let labels = texts_with_class(&svg, "label");
    assert_eq!(labels.len(), t.len());
    for n in t.nodes() {
        assert_eq!(
            labels.iter().filter(|l| **l == n.label).count(),
            1,
            "{}",
            n.label
        );
    }
    assert!(!svg.contains("class=\"cut\""));
    assert_eq!(
        texts_with_class(&svg, "level"),
        ["MAX", "MIN", "MAX", "MIN"]
    );
    // Giá trị các lá có mặt.
    assert_eq!(
        texts_with_class(&svg, "leaf-value"),
        ["1", "-1", "0", "0", "1"]
    );
}

#[test]
fn cat_tia_on_the_lecture_tree_has_two_cut_marks() {
    let t = lecture();
    let svg = plot::search_tree(&t, Searcher::cat_tia(), true)
        .unwrap()
        .into_svg();
    assert_well_formed(&svg);
    assert_eq!(svg.matches("class=\"cut\"").count(), 2);
    assert!(svg.contains("class=\"cut\" data-node=\"F\" data-reason=\"1 ≥ 0\""));
    assert!(svg.contains("class=\"cut\" data-node=\"H\" data-reason=\"1 ≥ 0\""));
    let text = all_text(&svg);
    assert!(text.contains("Max(-∞, 1) = 1"), "{text}");
    assert!(text.contains("Min(∞, 0) = 0"));
    assert!(text.contains("bị cắt: F, H"));
    // F, H và K được vẽ mờ; đường đi chính A → B.
    assert_eq!(svg.matches(" pruned\"").count(), 3);
    assert_eq!(svg.matches("class=\"pv\"").count(), 1);
    // Giá trị cuối của gốc ghi bên phải.
    assert!(texts_with_class(&svg, "value").contains(&"1".to_string()));
}

#[test]
fn cut_marks_match_pruned_subtrees_on_random_trees() {
    for seed in 0..5 {
        let t = uniform_tree(3, 3, seed, -9, 9, false).unwrap();
        for s in [Searcher::cat_tia(), Searcher::window()] {
            let r = s.run(&t).unwrap();
            let svg = plot::search_tree(&t, s, true).unwrap().into_svg();
            assert_eq!(
                svg.matches("class=\"cut\"").count(),
                r.pruned.len(),
                "seed {seed}"
            );
            assert_eq!(texts_with_class(&svg, "label").len(), t.len());
        }
    }
}

#[test]
fn minimax_temp_values_and_custom_levels() {
    let t = lecture();
    let svg = TreeDiagram::new(&t)
        .search(Searcher::minimax())
        .unwrap()
        .temp_values(true)
        .levels("X đi / Max", "O đi / Min")
        .draw()
        .unwrap()
        .into_svg();
    let temps = texts_with_class(&svg, "temp");
    for want in [
        "-∞",
        "Max(-∞, 1) = 1",
        "Max(1, -1) = 1",
        "Max(1, 0) = 1",
        "Min(0, -1) = -1",
    ] {
        assert!(temps.iter().any(|t| t == want), "thiếu {want}: {temps:?}");
    }
    assert_eq!(
        texts_with_class(&svg, "level"),
        ["X đi / Max", "O đi / Min", "X đi / Max", "O đi / Min"]
    );
    assert!(!svg.contains("class=\"cut\""));
}

#[test]
fn labels_and_text_are_escaped() {
    let t = GameTree::parse("A(B:1, C:2)").unwrap();
    let svg = TreeDiagram::new(&t)
        .title("a < b & \"c\"")
        .draw()
        .unwrap()
        .into_svg();
    assert!(svg.contains("a &lt; b &amp; &quot;c&quot;"));
    assert_well_formed(&svg);
}

#[test]
fn big_trees_are_cut_at_a_depth_with_a_note() {
    let t = uniform_tree(3, 7, 1, -9, 9, false).unwrap();
    let svg = plot::tree(&t).unwrap().into_svg();
    let notes = texts_with_class(&svg, "note").join(" ");
    assert!(notes.contains("… cây còn"), "{notes}");
    assert!(notes.contains("nút không vẽ"));
    assert!(texts_with_class(&svg, "label").len() <= 150);
    // Cây 3 nhánh sâu 4 (121 nút) được vẽ đủ.
    let t = uniform_tree(3, 4, 1, -9, 9, false).unwrap();
    let svg = plot::tree(&t).unwrap().into_svg();
    assert_eq!(texts_with_class(&svg, "label").len(), 121);
    assert!(!svg.contains("không vẽ"));
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
    let first = d.clone().step(0).draw().unwrap().into_svg();
    assert_eq!(first.matches(" unvisited\"").count(), t.len());
    assert!(all_text(&first).contains(&format!("Bước 0/{n}")));
    let mid = d.clone().step(5).draw().unwrap().into_svg();
    assert_eq!(mid.matches(" current\"").count(), 1);
    let last = d.clone().step(n).draw().unwrap().into_svg();
    assert_eq!(last.matches("class=\"cut\"").count(), 2);
    assert!(d.clone().step(n + 1).draw().is_err());
    assert!(TreeDiagram::new(&t).step(1).draw().is_err());
    assert_eq!(plot::steps(&t, Searcher::cat_tia()).unwrap().len(), n + 1);
}

#[test]
fn node_count_chart_has_axis_titles() {
    let svg = plot::node_count_chart(2, 5, 3).unwrap().into_svg();
    let text = all_text(&svg);
    assert!(text.contains("độ sâu của cây d"));
    assert!(text.contains("số lá đã định trị (thang log)"));
    assert!(text.contains("cận dưới Knuth–Moore"));
    assert!(text.contains("vét cạn (minimax)"));
    let svg = plot::tictactoe_chart(3).unwrap().into_svg();
    assert!(all_text(&svg).contains("số nút đã xét (thang log)"));
    assert!(plot::tictactoe_chart(10).is_err());
}

#[test]
fn bar_and_line_charts() {
    let svg = plot::bar_chart("Số nút", &[("vét cạn", 549946.0), ("cắt tỉa", 30709.0)])
        .unwrap()
        .into_svg();
    let text = all_text(&svg);
    assert!(text.contains("549.946") && text.contains("vét cạn") && text.contains("Số nút"));
    let s = Series::new("đường", vec![(0.0, 1.0), (1.0, 2.0)]);
    let svg = plot::line_chart("Tiêu đề", "trục x", "trục y", &[s])
        .unwrap()
        .into_svg();
    let text = all_text(&svg);
    assert!(text.contains("trục x") && text.contains("trục y") && text.contains("đường"));
}

#[test]
fn queen_board_shows_every_value() {
    let g = caytrochoi::grundy::games::queen::queen_table(7, 7).unwrap();
    assert_eq!(g[1][2], 0); // vị trí P của Wythoff: (1, 2), (3, 5)
    assert_eq!(g[3][5], 0);
    let svg = plot::queen_board(&g).unwrap().into_svg();
    assert_well_formed(&svg);
    assert_eq!(svg.matches("class=\"cell").count(), 64);
    // (0,0) (1,2) (2,1) (3,5) (5,3) (4,7) (7,4)
    assert_eq!(svg.matches("class=\"cell zero\"").count(), 7);
    assert!(svg.contains("class=\"cell zero\" data-p=\"3\" data-q=\"5\""));
    assert_eq!(texts_with_class(&svg, "axis"), ["p →", "q ↑"]);
    assert!(plot::queen_board(&[vec![0, 1], vec![1]]).is_err());
    assert!(plot::queen_board(&[]).is_err());
}

#[test]
fn grundy_sequence_marks_the_period() {
    let g: Vec<u32> = (0..30)
        .map(|n| if n < 3 { 0 } else { (n % 3) as u32 })
        .collect();
    let svg = plot::grundy_sequence("Thử", &g, Some((3, 3)))
        .unwrap()
        .into_svg();
    let text = all_text(&svg);
    assert!(text.contains("chu kỳ 3, tiền chu kỳ 3"));
    assert!(text.contains("G(n)") && text.contains("n (số viên sỏi)"));
    assert!(plot::grundy_sequence("x", &g, Some((0, 0))).is_err());
    assert!(plot::grundy_sequence("x", &[], None).is_err());
}

#[test]
fn dodgem_board_picture() {
    let b = DodgemBoard::parse("D../D../.TT").unwrap();
    let svg = plot::dodgem_board(&b, None).unwrap().into_svg();
    assert_well_formed(&svg);
    assert_eq!(svg.matches("class=\"car black\"").count(), 2);
    assert_eq!(svg.matches("class=\"car white\"").count(), 2);
    let text = all_text(&svg);
    assert!(text.contains("lối ra của quân Trắng"));
    assert!(text.contains("quân Đen →"));
    assert!(!svg.contains("class=\"move\""));
    let mv = DodgemMove {
        from: (0, 0),
        to: None,
    };
    assert!(plot::dodgem_board(&b, Some(mv))
        .unwrap()
        .svg()
        .contains("class=\"move\""));
    let bad = DodgemMove {
        from: (0, 1),
        to: None,
    };
    assert!(plot::dodgem_board(&b, Some(bad)).is_err());
    assert!(DodgemBoard::parse("DX./.../...").is_err());
}

#[test]
fn figures_save_and_display() {
    let f = plot::tree(&lecture()).unwrap();
    let path = std::env::temp_dir().join(format!("caytrochoi-plot-{}.svg", std::process::id()));
    f.save(&path).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), f.svg());
    let _ = std::fs::remove_file(&path);
    let err = f.save("/khong/co/thu/muc/x.svg").unwrap_err();
    assert!(err.to_string().contains("không ghi được tệp"));
    assert_eq!(f.to_string(), f.svg());
}

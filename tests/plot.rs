//! Các hình của mô-đun `plot` qua API công khai: SVG cân bằng thẻ, có chữ của
//! hình, ghi ra tệp được. Kiểm thử đọc bố trí (vị trí nút, chữ, cạnh, ô) nằm
//! trong crate, ở `src/plot/tests.rs`, vì bố trí là chi tiết bên trong.

use caytrochoi::dodgem::{self, parse_board, Dir, DodgemMove, Side};
use caytrochoi::plot::{self, Bounds, Series};
use caytrochoi::{GameTree, Searcher};

#[path = "support/svg.rs"]
mod svg;
use svg::assert_well_formed;

const LECTURE: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";

fn lecture() -> GameTree {
    GameTree::parse(LECTURE).unwrap()
}

fn texts(labels: &[plot::Label]) -> Vec<&str> {
    labels.iter().map(|l| l.text.as_str()).collect()
}

#[test]
fn node_count_chart_has_axis_titles() {
    let svg = plot::node_count_chart(2, 5, 3).unwrap().into_svg();
    assert_well_formed(&svg);
    for t in [
        "độ sâu của cây d",
        "số lá đã định trị (thang log)",
        "cận dưới Knuth–Moore",
        "vét cạn (minimax)",
    ] {
        assert!(svg.contains(t), "thiếu {t}");
    }
    let svg = plot::tictactoe_chart(3).unwrap().into_svg();
    assert!(svg.contains("số nút đã xét (thang log)"));
    assert!(plot::tictactoe_chart(10).is_err());
}

#[test]
fn bar_and_line_charts() {
    let svg = plot::bar_chart("Số nút", &[("vét cạn", 549946.0), ("cắt tỉa", 30709.0)])
        .unwrap()
        .into_svg();
    assert_well_formed(&svg);
    assert!(svg.contains("549.946") && svg.contains("vét cạn") && svg.contains("Số nút"));
    let s = Series::new("đường", vec![(0.0, 1.0), (1.0, 2.0)]);
    let svg = plot::line_chart("Tiêu đề", "trục x", "trục y", &[s])
        .unwrap()
        .into_svg();
    assert_well_formed(&svg);
    assert!(svg.contains("trục x") && svg.contains("trục y") && svg.contains("đường"));
}

#[test]
fn log_bars_use_a_log_axis_covering_every_value() {
    let r = Searcher::minimax()
        .run(&caytrochoi::games::TicTacToe::new())
        .unwrap();
    let items: Vec<(String, f64)> = r
        .nodes_per_depth
        .iter()
        .enumerate()
        .map(|(d, &c)| (d.to_string(), c as f64))
        .collect();
    let items: Vec<(&str, f64)> = items.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    let chart = plot::LogBarChart::new("Số nút", &items).category_axis("độ sâu d");
    let (lo, hi) = chart.axis_range().unwrap();
    assert!(items.iter().all(|(_, v)| lo < *v && *v <= hi));
    assert_eq!(lo.log10().fract(), 0.0);
    assert_eq!(hi.log10().fract(), 0.0);
    let svg = chart.draw().unwrap().into_svg();
    assert_well_formed(&svg);
    assert!(svg.contains("127.872") && svg.contains("độ sâu d"));
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
    // Thu nhỏ: chỉ đổi kích thước hiển thị, giữ viewBox (hình co giãn được).
    let w = f.width();
    let small = f.clone().fit_width(w / 2.0);
    assert_eq!(small.width(), w / 2.0);
    assert!(small.svg().contains(&format!("viewBox=\"0 0 {w} ")));
    assert_eq!(f.clone().fit_width(w * 2.0), f);
    // Vẽ hai lần cho cùng một SVG.
    assert_eq!(plot::tree(&lecture()).unwrap().svg(), f.svg());
}

#[test]
fn grundy_sequence_marks_the_period() {
    let g: Vec<u32> = (0..30)
        .map(|n| if n < 3 { 0 } else { (n % 3) as u32 })
        .collect();
    let d = plot::grundy_sequence_layout("Thử", &g, Some((3, 3))).unwrap();
    assert_eq!(d.title, "Thử — chu kỳ 3, tiền chu kỳ 3");
    assert_eq!(d.bands.len(), 1 + 9);
    assert_eq!(d.bands[0].repeat, None);
    // Các dải nối liền nhau, phủ cả dãy.
    assert!(d.bands.windows(2).all(|w| w[0].end == w[1].start));
    assert_eq!(d.bands.last().unwrap().end, 30);
    let svg = d.draw().unwrap().into_svg();
    assert_well_formed(&svg);
    assert!(svg.contains("G(n)") && svg.contains("n (số viên sỏi)"));
    assert!(plot::grundy_sequence("x", &g, Some((0, 0))).is_err());
    assert!(plot::grundy_sequence("x", &[], None).is_err());
    // Dawson's Kayles: chu kỳ 34 đã chứng minh.
    let d = plot::octal_sequence_layout("0.07", 120).unwrap();
    assert_eq!(d.period, Some(34));
    assert!(d.bands.iter().any(|b| b.repeat.is_none()));
}

#[test]
fn dodgem_board_from_the_dodgem_module() {
    let b = parse_board("D../D../.TT").unwrap();
    let d = plot::dodgem_layout(&b, None).unwrap();
    assert_eq!(d.squares.len(), 9);
    let count = |s| d.cars.iter().filter(|c| c.side == s).count();
    assert_eq!((count(Side::Black), count(Side::White)), (2, 2));
    // Mỗi xe nằm trong ô của nó: Đen ở a3, a2; Trắng ở b1, c1.
    for car in &d.cars {
        let sq = d
            .squares
            .iter()
            .find(|s| car.bounds().inside(&s.bounds))
            .expect("xe nằm trọn trong một ô");
        assert_eq!(b.at(sq.row, sq.col), Some(car.side));
    }
    let names = texts(&d.coordinates);
    assert_eq!(names, ["a", "b", "c", "3", "2", "1"]);
    let exits = texts(&d.exit_labels).join(" ");
    assert!(exits.contains("lối ra của quân Trắng") && exits.contains("quân Đen →"));
    assert!(d.arrow.is_none());
    // Chữ, bàn cờ, lối ra và xe mẫu không chồng lên nhau và nằm trong hình.
    let board = d
        .squares
        .iter()
        .map(|s| s.bounds)
        .reduce(|a, b| a.union(&b))
        .unwrap();
    let mut boxes: Vec<Bounds> = d
        .coordinates
        .iter()
        .chain(&d.exit_labels)
        .chain(&d.legend)
        .chain([&d.title])
        .map(|l| l.bounds())
        .collect();
    boxes.push(board);
    boxes.extend(d.exits);
    boxes.extend(d.legend_cars.iter().map(|c| c.bounds()));
    let frame = Bounds::around(d.width / 2.0, d.height / 2.0, d.width / 2.0, d.height / 2.0);
    for (i, x) in boxes.iter().enumerate() {
        assert!(x.inside(&frame), "{x:?}");
        for y in &boxes[i + 1..] {
            assert!(!x.overlaps(y), "{x:?} chồng {y:?}");
        }
    }
    // Trắng ở c1 đi lên c2; Đen ở a3 ra khỏi bàn thì không được (chưa ở cột c),
    // nhưng xe Đen ở cột c thì ra được.
    let up = DodgemMove {
        from: 8,
        dir: Dir::Up,
    };
    let a = plot::dodgem_layout(&b, Some(up)).unwrap().arrow.unwrap();
    assert_eq!((a.from_square, a.to_square), ((2, 2), Some((1, 2))));
    assert!(a.to.1 < a.from.1);
    let off = parse_board("..D/.../.TT").unwrap();
    let right = DodgemMove {
        from: 2,
        dir: Dir::Right,
    };
    let a = plot::dodgem_layout(&off, Some(right))
        .unwrap()
        .arrow
        .unwrap();
    assert_eq!(a.to_square, None);
    assert!(a.to.0 > d.exits[1].left);
    // Ô trống, hoặc hướng không dành cho xe đó: lỗi tiếng Việt, không hoảng.
    let empty = DodgemMove {
        from: 1,
        dir: Dir::Right,
    };
    assert!(plot::dodgem_position(&b, Some(empty))
        .unwrap_err()
        .to_string()
        .contains("ô trống"));
    let left = DodgemMove {
        from: 0,
        dir: Dir::Left,
    };
    assert!(plot::dodgem_position(&b, Some(left)).is_err());
    // Nước đi đọc bằng bộ đọc của mô-đun dodgem.
    let game = dodgem::Dodgem::new(3).unwrap();
    let mv = dodgem::parse_move(&game, &game.start(), "a2v").unwrap();
    let fig = plot::dodgem_position(&game.start().board, Some(mv)).unwrap();
    assert_well_formed(fig.svg());
    assert!(fig.svg().contains("Bàn cờ Dodgem"));
}

#[test]
fn dodgem_board_counts_cars_off_the_board() {
    // Thế đầu: không xe nào đã ra, không có dòng đếm.
    let start = plot::dodgem_layout(&parse_board("D../D../.TT").unwrap(), None).unwrap();
    assert!(!texts(&start.legend).iter().any(|t| t.contains("đã ra")));
    // Trắng đã đưa một xe ra: dòng đếm nằm dưới chú giải, trong hình, không chồng chữ.
    let d = plot::dodgem_layout(&parse_board(".../D../TD.").unwrap(), None).unwrap();
    let line = d
        .legend
        .iter()
        .find(|l| l.text.contains("đã ra"))
        .expect("có dòng đếm xe đã ra");
    assert_eq!(line.text, "đã ra khỏi bàn: Đen 0/2, Trắng 1/2");
    assert!(d.height > start.height);
    let frame = Bounds::around(d.width / 2.0, d.height / 2.0, d.width / 2.0, d.height / 2.0);
    assert!(line.bounds().inside(&frame));
    for other in d.legend.iter().filter(|l| l.text != line.text) {
        assert!(!line.bounds().overlaps(&other.bounds()));
    }
    for car in &d.legend_cars {
        assert!(!line.bounds().overlaps(&car.bounds()));
    }
}

//! Mọi hình của sách, ở một chỗ: mỗi hình một tên tệp (trong `book/src/figures/`)
//! và cách vẽ nó bằng mô-đun `caytrochoi::plot`.
//!
//! Tệp này được dùng chung bởi `examples/book_figures.rs` (ghi các tệp SVG:
//! `make figures`) và `tests/book_figures.rs` (kiểm tra các tệp đã ghi không cũ).

use caytrochoi::dodgem::{parse_board, parse_move, Dodgem, Position, Side};
use caytrochoi::expr::Expr;
use caytrochoi::games::{NimSplit, TicTacToe};
use caytrochoi::grundy::games::boc_soi::BocSoi;
use caytrochoi::grundy::games::chuyen_soi::ChuyenSoi;
use caytrochoi::grundy::games::dam::DamPosition;
use caytrochoi::grundy::games::queen::queen_table;
use caytrochoi::grundy::games::to_mau::play_out;
use caytrochoi::grundy::{GraphGame, OctalGame};
use caytrochoi::limits::OCTAL_VALUES;
use caytrochoi::plot::{
    self, ExprTreeOptions, Figure, GraphDiagram, LogBarChart, Series, TreeDiagram,
};
use caytrochoi::random::uniform_tree;
use caytrochoi::{Game, GameTree, Player, Searcher};

/// Lỗi khi dựng hình (thông báo tiếng Việt từ thư viện).
pub type Error = Box<dyn std::error::Error>;

/// Biểu thức của chương 1.
const EXPR: &str = "5 + 2 × 3 − 4";
/// Cây A…K của bài giảng (chương 2), dạng không nhãn như trong sách.
const AK: &str = "(1, ((0), -1), ((0), (1)))";
/// Thế cờ carô của cây A…K.
const AK_BOARD: &str = "X.X/XO./O.O";
/// Cây A…K có nhãn (chương 3–4).
const LECTURE: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";
/// Cây minh họa alpha-beta của tài liệu Dodgem, dựng lại từ lời giảng (B = Min(6, 9),
/// E = Max(4, −2), F và G không cần xét); giá trị của F, G, D là của sách.
const DODGEM_LECTURE_TREE: &str =
    "A(B(J:6, K:9), C(E(L:4, M:-2), F(N:7, O:1), G(P:8, Q:3)), D(H(R:5, S:2), I(T:3, U:0)))";
/// Cây của các bài tập, vẽ ngay trên câu hỏi: (tên tệp, tiêu đề, cây), đúng như
/// chương viết.
const EXERCISES: [(&str, &str, &str); 5] = [
    (
        "ch02-bai-2-1.svg",
        "Bài 2.1",
        "A(B(E:3, F(K:9, L:4)), C(G:6, H(M:1, N:2)), D:2)",
    ),
    (
        "ch03-bai-3-1.svg",
        "Bài 3.1",
        "A(B(E:3, F:-2), C(G:4, H(K:1, L:6)), D(I:0, J:5))",
    ),
    (
        "ch04-bai-4-1.svg",
        "Bài 4.1",
        "A(B(D(H:3, I:5), E(J:6, K:9)), C(F(L:1, M:2), G(N:0, O:-1)))",
    ),
    (
        "ch04-bai-4-2.svg",
        "Bài 4.2",
        "A(B(E(L:7, M:3), F(N:6, O:9)), C(G(P:2, Q:5), H(R:8, S:1), I(T:4)), D(J(U:9, V:0), K(W:6, X:4)))",
    ),
    (
        "ch04-bai-4-3.svg",
        "Bài 4.3",
        "A(B(D(H(P:6, Q:3), I(R:7, S:2)), E(J(T:5, U:9), K(V:4, W:1))), C(F(L(X:8, Y:0), M(Z:2, AA:6)), G(N(AB:1, AC:4), O(AD:7, AE:3))))",
    ),
];
/// Cây nhỏ nhất cho thấy cắt sâu (chương 4; `tests/smallest_deep_cut.rs`).
const DEEP_CUT: &str = "A(B:5, C(D(E(F:3, G:9))))";
/// Cây của Bài 3.3: nút trong có ước lượng của hàm lượng giá.
const EXERCISE_3_2: &str = "A(B:1(D:4, E:-3), C:0(F:2, G:5(H:-6, I:1)))";
/// Bề rộng nội dung trang sách (điểm ảnh).
const PAGE_WIDTH: f64 = 800.0;

/// Mọi hình của sách: (tên tệp, hình), theo thứ tự xuất hiện trong sách.
#[allow(dead_code)] // trang chiếu (examples/slides/) chỉ dùng with_text_scale.
pub fn all() -> Result<Vec<(&'static str, Figure)>, Error> {
    Ok(unscaled()?
        .into_iter()
        .map(|(name, fig)| (name, fig.fit_width(PAGE_WIDTH)))
        .collect())
}

/// Mọi hình của sách ở cỡ tự nhiên, chữ lớn gấp `text_scale` lần so với hình
/// (`plot::with_text_scale`): cùng cách vẽ với sách, cho trang chiếu
/// (`examples/slides/`), nơi hình được chiếu lên xa.
#[allow(dead_code)] // make figures và kiểm thử hình của sách không dùng hàm này.
pub fn with_text_scale(text_scale: f64) -> Result<Vec<(&'static str, Figure)>, Error> {
    plot::with_text_scale(text_scale, unscaled)?
}

/// Các hình ở cỡ tự nhiên (có thể rộng hơn trang).
fn unscaled() -> Result<Vec<(&'static str, Figure)>, Error> {
    let expr = Expr::parse(EXPR)?;
    let ak = GameTree::parse(AK)?;
    let ak_game = ak_from_game()?;
    Ok(vec![
        // Chương 1.
        (
            "cay-bieu-thuc.svg",
            plot::expr_tree(&expr, &ExprTreeOptions::default())?,
        ),
        (
            "cay-bieu-thuc-dinh-tri.svg",
            plot::expr_tree(
                &expr,
                &ExprTreeOptions {
                    values: true,
                    order: true,
                    return_arrows: true,
                    title: None,
                },
            )?,
        ),
        (
            "cay-max-min-nho.svg",
            TreeDiagram::new(&GameTree::parse("((3, 5), (2, 9))")?)
                .search(Searcher::minimax())?
                .levels("Max", "Min")
                .title("Cây max–min nhỏ — vét cạn")
                .draw()?,
        ),
        ("ch01-bai-1-1.svg", expr_solution("(7 − 2) × 3 + 8 ÷ 4")?),
        ("ch01-bai-1-2.svg", expr_pair("5 − 4 − 3", "5 − (4 − 3)")?),
        (
            "ch01-bai-1-4.svg",
            TreeDiagram::new(&GameTree::parse("((3, 5), (2, 9), (4, 7, 6))")?)
                .levels("Max", "Min")
                .title("Bài 1.4: max(min(3, 5), min(2, 9), min(4, 7, 6))")
                .draw()?,
        ),
        // Chương 2.
        (
            "cay-caro-AK.svg",
            TreeDiagram::new(&ak_game)
                .notes(true)
                .leaf_frame(true)
                .levels("X đi / Max", "O đi / Min")
                .title("Cây trò chơi từ thế cờ X.X/XO./O.O")
                .draw()?,
        ),
        (
            "cay-caro-AK-gia-tri.svg",
            TreeDiagram::new(&ak)
                .search(Searcher::minimax())?
                .levels("X đi / Max", "O đi / Min")
                .title("Giá trị các nút của cây A…K")
                .draw()?,
        ),
        ("nim-7.svg", nim_7()?),
        exercise(0)?,
        (
            "ch02-bai-2-2.svg",
            TreeDiagram::new(&GameTree::parse("((2, 7), (1, (4, 6)), 5)")?)
                .levels("Max", "Min")
                .title("Lời giải Bài 2.2: nhãn gán theo chiều rộng")
                .draw()?,
        ),
        // Chương 3.
        (
            "ch03-cay-AK-vet-can.svg",
            TreeDiagram::new(&GameTree::parse(LECTURE)?)
                .search(Searcher::minimax())?
                .temp_values(true)
                .levels("X đi / Max", "O đi / Min")
                .draw()?,
        ),
        (
            "ch03-cay-ba-muc.svg",
            TreeDiagram::new(&GameTree::parse(
                "A(B(E(K:2, L:3), F(M:5, N:9)), C(G(O:0), H(P:7, Q:4)), D(I(R:2, S:1), J(T:5, U:6)))",
            )?)
            .search(Searcher::minimax())?
            .level_names(&["MAX", "MIN", "MAX", "lá"])
            .title("Cây ba mức — vét cạn")
            .draw()?,
        ),
        ("ch03-caro-hai-lop.svg", caro_two_plies()?),
        ("ch03-caro-so-nut-theo-do-sau.svg", caro_nodes_per_depth()?),
        exercise(1)?,
        (
            "ch03-bai-3-2.svg",
            TreeDiagram::new(&GameTree::parse(EXERCISE_3_2)?)
                .levels("Max", "Min")
                .title("Bài 3.3 (ước lượng: B ≈ 1, C ≈ 0, G ≈ 5)")
                .draw()?,
        ),
        // Chương 4.
        (
            "ch04-cay-AK-cat-tia.svg",
            TreeDiagram::new(&GameTree::parse(LECTURE)?)
                .search(Searcher::cat_tia())?
                .temp_values(true)
                .levels("X đi / Max", "O đi / Min")
                .draw()?,
        ),
        ("ch04-cat-tia-tung-buoc.svg", cat_tia_steps()?),
        ("ch04-cat-nong-cat-sau.svg", shallow_and_deep_cuts()?),
        ("ch04-so-la-theo-do-sau.svg", leaves_by_depth()?),
        ("ch04-caro-so-nut.svg", caro_node_counts()?),
        // Chương 6.
        ("ch06-the-dau.svg", dodgem_start()?),
        (
            "ch06-het-nuoc.svg",
            dodgem_board(
                ".../T../DT.",
                None,
                "Đen đến lượt nhưng không đi được",
            )?,
        ),
        (
            "ch06-vi-du-75.svg",
            dodgem_board("D../.../DTT", None, "Ví dụ của bài giảng: giá trị 75")?,
        ),
        (
            "ch06-cay-alpha-beta.svg",
            TreeDiagram::new(&GameTree::parse(DODGEM_LECTURE_TREE)?)
                .search(Searcher::window())?
                .temp_values(true)
                .levels("Trắng / MAX", "Đen / MIN")
                .title("Cây của phần alpha-beta, dựng lại từ lời giảng")
                .draw()?,
        ),
        ("ch06-so-nut.svg", dodgem_nodes()?),
        (
            "ch06-bai-1.svg",
            dodgem_board(".../DDT/.T.", None, "Bài 6.1")?,
        ),
        (
            "ch06-bai-2.svg",
            dodgem_board(".../D../TD.", None, "Bài 6.2: Trắng đến lượt")?,
        ),
        (
            "ch06-bai-3.svg",
            dodgem_board(".D./D.T/.T.", None, "Bài 6.3: Đen đến lượt")?,
        ),
        (
            "ch06-bai-4.svg",
            dodgem_board(".D./DT./..T", None, "Bài 6.4: Đen đến lượt")?,
        ),
        (
            "ch06-bai-5-de.svg",
            dodgem_board("D../D../.TT", None, "Bài 6.5: thế đầu, Đen đến lượt")?,
        ),
        ("ch06-bai-5.svg", dodgem_two_plies()?),
        (
            "ch06-bai-7.svg",
            dodgem_board(".../DT./.T.", None, "Bài 6.6: Trắng đến lượt")?,
        ),
        exercise(2)?,
        exercise(3)?,
        exercise(4)?,
        // Chương 7.
        ("ch07-mcts-ty-le-thang.svg", mcts_win_rate()?),
        ("ch07-giai-dau.svg", dodgem_tournament()?),
        // Chương 5.
        (
            "ch05-do-thi-chu-trinh.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_CYCLES)?)
                .outcomes()?
                .draw()?,
        ),
        ("ch05-hau-tung-vong.svg", queen_rounds_grid()?),
        ("ch05-hau-ma.svg", plot::queen_outcomes(8)?),
        ("ch05-hau-grundy.svg", plot::queen_board(&queen_table(7, 7)?)?),
        (
            "ch05-hinh-trang-1.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_GRAPH_1)?)
                .title("Hình trạng 1")
                .draw()?,
        ),
        (
            "ch05-hinh-trang-1-grundy.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_GRAPH_1)?)
                .title("Hình trạng 1: G ở mỗi đỉnh")
                .grundy()?
                .mex(true)
                .draw()?,
        ),
        (
            "ch05-hinh-trang-2-grundy.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_GRAPH_2)?)
                .title("Bốc 1 hoặc 2 que từ 6 que")
                .grundy()?
                .mex(true)
                .draw()?,
        ),
        (
            "ch05-boc-soi.svg",
            plot::grundy_board(
                "Bốc sỏi: G(p, q) khi hai đống có p và q viên",
                &BocSoi::default().table(14, 14)?,
            )?,
        ),
        (
            "ch05-chuyen-soi.svg",
            plot::chuyen_soi(&ChuyenSoi::default(), &ChuyenSoi::default().start())?,
        ),
        ("ch05-dam.svg", plot::dam(&dam_position(&[(0, 4), (1, 7), (2, 3)]), 8)?),
        ("ch05-to-mau-11.svg", plot::to_mau(11, &play_out(11)?)?),
        ("ch05-to-mau-chu-ky.svg", to_mau_period()?),
        (
            "ch05-bai-1.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_EX_1)?)
                .title("Bài 5.1")
                .draw()?,
        ),
        (
            "ch05-bai-1-loi-giai.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_EX_1)?)
                .title("Bài 5.1: lời giải")
                .grundy()?
                .draw()?,
        ),
        (
            "ch05-bai-2.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_EX_2)?)
                .title("Bài 5.4")
                .draw()?,
        ),
        (
            "ch05-bai-2-loi-giai.svg",
            GraphDiagram::new(&GraphGame::parse(CH5_EX_2)?)
                .title("Bài 5.4: lời giải")
                .outcomes()?
                .draw()?,
        ),
        ("ch05-bai-3.svg", plot::nim_heaps(&[7, 9, 12])?),
        ("ch05-bai-4.svg", plot::to_mau_strip(&strip("...##.....###.."))?),
        ("ch05-bai-5.svg", plot::dam(&dam_position(&[(0, 5), (2, 8), (1, 4)]), 9)?),
        (
            "ch05-bai-6.svg",
            plot::chuyen_soi(&ChuyenSoi::new(15, 4, false)?, &ChuyenSoi::new(15, 4, false)?.start())?,
        ),
    ])
}

/// Lời giải của một bài vẽ cây biểu thức: cây đã định trị.
fn expr_solution(text: &str) -> Result<Figure, Error> {
    Ok(plot::expr_tree(
        &Expr::parse(text)?,
        &ExprTreeOptions {
            values: true,
            order: false,
            return_arrows: false,
            title: Some(format!("{text} (đã định trị)")),
        },
    )?)
}

/// Hai cây biểu thức đã định trị, cạnh nhau.
fn expr_pair(left: &str, right: &str) -> Result<Figure, Error> {
    let options = ExprTreeOptions {
        values: true,
        order: false,
        return_arrows: false,
        title: None,
    };
    let a = plot::expr_tree(&Expr::parse(left)?, &options)?;
    let b = plot::expr_tree(&Expr::parse(right)?, &options)?;
    Ok(plot::grid(&[(left, &a), (right, &b)], 2, PAGE_WIDTH)?)
}

/// Hình cây của bài tập thứ `k` trong [`EXERCISES`]: chỉ cây và giá trị lá, để
/// người đọc tự định trị (hoặc tự cắt tỉa) bằng tay.
fn exercise(k: usize) -> Result<(&'static str, Figure), Error> {
    let (file, title, text) = EXERCISES[k];
    let fig = TreeDiagram::new(&GameTree::parse(text)?)
        .levels("Max", "Min")
        .title(title)
        .draw()?;
    Ok((file, fig))
}

/// Đồ thị có chu trình của chương 5 (Hình 5.1).
const CH5_CYCLES: &str = "A → B; B → C; C → B, D; D; E → F; F → E, G; G → H; H";
/// Hình trạng 1 của chương 5.
const CH5_GRAPH_1: &str = "A → B, C, D; B → C, E; C → E; D → F; E → F";
/// Hình trạng 2: bốc 1 hoặc 2 que từ 6 que.
const CH5_GRAPH_2: &str = "6 → 5, 4; 5 → 4, 3; 4 → 3, 2; 3 → 2, 1; 2 → 1, 0; 1 → 0";
/// Đồ thị của Bài 5.1.
const CH5_EX_1: &str = "A → B, C, D; B → E, F; C → F, K; D → K, H; E → H; F → H, K; K → H; H";
/// Đồ thị của Bài 5.4.
const CH5_EX_2: &str = "A → B, C; B → A, D; C → E; D; E → C, F, H; F → K; K → F; H";

/// Thế Cờ DAM, đến lượt Đen: mỗi hàng (cột quân đen, cột quân trắng).
fn dam_position(rows: &[(u32, u32)]) -> DamPosition {
    DamPosition {
        rows: rows.to_vec(),
        black_to_move: true,
    }
}

/// Dải Tô màu viết bằng chữ: `#` là ô đã tô, `.` là ô trống.
fn strip(text: &str) -> Vec<bool> {
    text.chars().map(|c| c == '#').collect()
}

/// Dãy Grundy của Tô màu (0.077), n = 0 … 239, với chu kỳ đã chứng minh.
fn to_mau_period() -> Result<Figure, Error> {
    let game = OctalGame::parse("0.077")?;
    let p = game.periodicity(OCTAL_VALUES)?;
    Ok(plot::grundy_sequence_layout(
        "Tô màu (trò chơi bát phân 0.077)",
        &game.values(240)?,
        Some((p.period, p.preperiod)),
    )?
    .x_label("n (số ô của dải)")
    .draw()?)
}

/// Sáu khoảnh khắc phân loại bàn quân Hậu 6 × 6, hai cột.
fn queen_rounds_grid() -> Result<Figure, Error> {
    let labels = ["(a)", "(b)", "(c)", "(d)", "(e)", "(f)"];
    let figs = (0..labels.len())
        .map(|k| plot::queen_rounds(6, k, false))
        .collect::<Result<Vec<_>, _>>()?;
    let cells: Vec<(&str, &Figure)> = labels.iter().copied().zip(&figs).collect();
    Ok(plot::grid(&cells, 2, PAGE_WIDTH)?)
}

/// Minimax hai lớp cho nước đi đầu tiên của carô, E = đường mở X − đường mở O;
/// dưới mỗi lá ghi cách tính E.
fn caro_two_plies() -> Result<Figure, Error> {
    let game = TicTacToe::open_lines_symmetric();
    let tree = GameTree::from_game(&game, &game.initial_state(), 2)?;
    let mut diagram = TreeDiagram::new(&tree)
        .search(Searcher::minimax())?
        .notes(true)
        .levels("X đi / Max", "O đi / Min")
        .title("Minimax hai lớp, E = đường mở cho X − đường mở cho O");
    for node in tree.nodes().iter().filter(|n| n.is_leaf()) {
        let board = node
            .note
            .as_deref()
            .and_then(TicTacToe::parse_board)
            .ok_or("nút lá của cây carô thiếu bàn cờ")?;
        let (x, o) = TicTacToe::open_line_counts(&board);
        let e = i64::from(x) - i64::from(o);
        let e = if e < 0 {
            format!("−{}", -e)
        } else {
            e.to_string()
        };
        diagram = diagram.leaf_text(&node.label, &format!("{x}−{o}={e}"));
    }
    Ok(diagram.draw()?)
}

/// Số nút của cây carô ở từng độ sâu, so với 9!/(9 − d)! (hai đường, thang log:
/// không có số ghi trên hình nên không có chữ nào đè lên đường).
fn caro_nodes_per_depth() -> Result<Figure, Error> {
    let r = Searcher::minimax().run(&TicTacToe::new())?;
    let real: Vec<(f64, f64)> = (0u64..)
        .zip(&r.nodes_per_depth)
        .map(|(d, &c)| (d as f64, c as f64))
        .collect();
    let no_early_end: Vec<(f64, f64)> = (0..r.nodes_per_depth.len() as u64)
        .map(|d| (d as f64, ((10 - d)..=9).product::<u64>() as f64))
        .collect();
    Ok(plot::log_line_chart(
        "Số nút của cây carô ở từng độ sâu",
        "độ sâu d",
        "số nút (thang log)",
        &[
            Series::new("cây thật: ván dừng khi có người thắng", real),
            Series::new("nếu không ván nào dừng sớm: 9!/(9 − d)!", no_early_end).dashed(),
        ],
    )?)
}

/// Bốn khoảnh khắc của cắt tỉa trên cây A…K (bước đánh số như `walk()`).
fn cat_tia_steps() -> Result<Figure, Error> {
    let tree = GameTree::parse(LECTURE)?;
    let diagram = TreeDiagram::new(&tree)
        .search(Searcher::cat_tia())?
        .temp_values(true)
        .levels("Max", "Min");
    let last = diagram.step_count();
    let frames = [
        ("(a) bước 3: A có giá trị tạm 1", 3),
        ("(b) bước 10: cắt F vì 1 ≥ 0", 10),
        ("(c) bước 19: cắt H vì 1 ≥ 0", 19),
        ("(d) kết thúc: A có giá trị 1", last),
    ];
    let figs = frames
        .iter()
        .map(|(_, k)| diagram.clone().title("").step(*k).draw())
        .collect::<Result<Vec<_>, _>>()?;
    let cells: Vec<(&str, &Figure)> = frames.iter().map(|(l, _)| *l).zip(&figs).collect();
    // Một cột: hai cột thì phải thu nhỏ đến mức chữ không còn đọc được.
    Ok(plot::grid(&cells, 1, PAGE_WIDTH)?)
}

/// Cắt nông (cat_tia) và cắt sâu (cửa sổ (α, β)) trên cùng một cây.
fn shallow_and_deep_cuts() -> Result<Figure, Error> {
    let tree = GameTree::parse(DEEP_CUT)?;
    let left = TreeDiagram::new(&tree)
        .search(Searcher::cat_tia())?
        .temp_values(true)
        .title("")
        .draw()?;
    let right = TreeDiagram::new(&tree)
        .search(Searcher::window())?
        .temp_values(true)
        .title("")
        .draw()?;
    Ok(plot::grid(
        &[
            ("(a) cat_tia: E chỉ biết Vp = −∞ của D", &left),
            ("(b) cửa sổ: E nhận (α, β) = (5, ∞), cắt G", &right),
        ],
        1,
        PAGE_WIDTH,
    )?)
}

/// Số lá phải định trị theo độ sâu, b = 3, cây `uniform_tree(3, d, 7, -50, 50, true)`.
fn leaves_by_depth() -> Result<Figure, Error> {
    let algos = [
        ("vét cạn (minimax)", Searcher::minimax()),
        ("cat_tia", Searcher::cat_tia()),
        ("cửa sổ (α, β)", Searcher::window()),
        ("cửa sổ + sắp thứ tự", Searcher::window().order_moves()),
    ];
    let mut points: Vec<Vec<(f64, f64)>> = vec![Vec::new(); algos.len()];
    for d in 1..=6u32 {
        let tree = uniform_tree(3, d, 7, -50, 50, true)?;
        for (k, (_, s)) in algos.iter().enumerate() {
            points[k].push((f64::from(d), s.clone().run(&tree)?.leaves_evaluated as f64));
        }
    }
    let mut series: Vec<Series> = algos
        .iter()
        .zip(points)
        .map(|((name, _), pts)| Series::new(name, pts))
        .collect();
    series.push(
        Series::new(
            "tối thiểu Knuth–Moore",
            (1..=6u32)
                .map(|d| (f64::from(d), plot::knuth_moore_leaves(3, d)))
                .collect(),
        )
        .dashed(),
    );
    Ok(plot::log_line_chart(
        "Số lá phải định trị theo độ sâu (b = 3)",
        "độ sâu d",
        "số lá đã định trị (thang log)",
        &series,
    )?)
}

/// Số nút đã xét khi định trị carô từ bàn trống, theo từng thuật toán.
fn caro_node_counts() -> Result<Figure, Error> {
    let game = TicTacToe {
        symmetry_reduced: false,
        open_lines: true,
    };
    let algos = [
        ("vét cạn", Searcher::minimax()),
        ("cat_tia", Searcher::cat_tia()),
        ("cửa sổ", Searcher::window()),
        ("cửa sổ + sắp thứ tự", Searcher::window().order_moves()),
    ];
    let mut items = Vec::new();
    for (name, s) in algos {
        items.push((name, s.run(&game)?.nodes_visited as f64));
    }
    Ok(LogBarChart::new("Carô từ bàn trống: số nút đã xét", &items)
        .horizontal(true)
        .axis("số nút đã xét (thang log)")
        .draw()?)
}

/// Cây A…K khai triển từ thế cờ `X.X/XO./O.O`; kiểm tra nó đúng là cây `AK`.
fn ak_from_game() -> Result<GameTree, Error> {
    let board = TicTacToe::parse_board(AK_BOARD).ok_or("thế cờ của cây A…K không đọc được")?;
    let tree = GameTree::from_game(&TicTacToe::new(), &board, 9)?;
    let expected = GameTree::parse(AK)?;
    if tree.to_text() != expected.to_text() {
        return Err(format!(
            "cây khai triển từ {AK_BOARD} là {} chứ không phải {}",
            tree.to_text(),
            expected.to_text()
        )
        .into());
    }
    Ok(tree)
}

/// Cây Nim chia đống 7 đồng xu, MIN đi trước, khai triển đến hết ván.
fn nim_7() -> Result<Figure, Error> {
    let game = NimSplit::new(7, Player::Min);
    let tree = GameTree::from_game(&game, &game.initial_state(), 10)?;
    Ok(TreeDiagram::new(&tree)
        .search(Searcher::minimax())?
        .notes(true)
        .levels("Max", "Min")
        .title("Nim chia đống, 7 đồng xu, MIN đi trước")
        .max_nodes(200)
        .max_depth(10)
        .draw()?)
}

// --- Chương 6: Dodgem ---------------------------------------------------------

/// Bàn cờ Dodgem viết như `D../D../.TT`, có thể kèm mũi tên cho nước `mv` (của
/// bên có xe ở ô xuất phát), với tiêu đề `title`.
fn dodgem_board(text: &str, mv: Option<(&str, Side)>, title: &str) -> Result<Figure, Error> {
    let board = parse_board(text)?;
    let mv = match mv {
        Some((name, side)) => {
            let game = Dodgem::new(board.size())?;
            let pos = Position {
                board,
                to_move: side,
            };
            Some(parse_move(&game, &pos, name)?)
        }
        None => None,
    };
    let mut layout = plot::dodgem_layout(&board, mv)?;
    layout.title.text = title.to_string();
    Ok(layout.draw()?)
}

/// Thế đầu 3×3 và nước đầu a3> của Đen, bàn này trên bàn kia.
fn dodgem_start() -> Result<Figure, Error> {
    let start = dodgem_board("D../D../.TT", None, "")?;
    let first = dodgem_board("D../D../.TT", Some(("a3>", Side::Black)), "")?;
    Ok(plot::grid(
        &[
            ("(a) thế đầu D../D../.TT", &start),
            ("(b) nước a3>: xe Đen ở a3 sang phải", &first),
        ],
        // Hai bàn cạnh nhau bị thu nhỏ quá mức trên điện thoại: xếp dọc.
        1,
        PAGE_WIDTH,
    )?)
}

/// Số nút theo độ sâu giới hạn 1…8 từ thế đầu 3×3 (Đen đi trước).
fn dodgem_nodes() -> Result<Figure, Error> {
    let game = Dodgem::new(3)?;
    Ok(plot::dodgem_node_chart(&game, &game.start(), 8)?)
}

/// Lời giải Bài 6.5: cây hai nước từ thế đầu 3×3, định trị bằng cửa sổ (α, β).
fn dodgem_two_plies() -> Result<Figure, Error> {
    let game = Dodgem::new(3)?;
    let tree = GameTree::from_game(&game, &game.initial_state(), 2)?;
    Ok(TreeDiagram::new(&tree)
        .search(Searcher::window())?
        .temp_values(true)
        .levels("Trắng / MAX", "Đen / MIN")
        .title("Bài 6.5: hai nước từ thế đầu, cửa sổ (α, β)")
        .draw()?)
}

/// Hình 7.1: điểm của MCTS trước người đi ngẫu nhiên theo số lần chơi thử, đúng
/// như khối của chương 7 (20 ván mỗi điểm, hạt giống 1).
fn mcts_win_rate() -> Result<Figure, Error> {
    use caytrochoi::tournament::mcts_win_rates;
    let so_lan = [1, 10, 100, 1000];
    let caro = mcts_win_rates(&TicTacToe::new(), &so_lan, 20, 1)?;
    let dodgem = mcts_win_rates(&Dodgem::new(3)?, &so_lan, 20, 1)?;
    Ok(plot::win_rate_chart(&[
        ("carô", caro),
        ("Dodgem 3×3", dodgem),
    ])?)
}

/// Hình 7.2: giải Dodgem 3×3 của chương 7 (hai ván mỗi cặp mỗi bên, hạt giống 1).
fn dodgem_tournament() -> Result<Figure, Error> {
    use caytrochoi::tournament::{round_robin, Contender};
    let bang = round_robin(&Dodgem::new(3)?, "Dodgem 3×3", &Contender::lineup(), 2, 1)?;
    Ok(plot::tournament_chart(&[bang])?)
}

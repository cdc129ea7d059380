//! Điểm vào chung của các đích fuzz và của các kiểm thử tính chất.
//!
//! Mỗi hàm ở đây nhận một đầu vào bất kỳ (chuỗi, số) và đưa nó qua đúng một bộ
//! đọc hay một hàm chấm bài của `caytrochoi`, như người dùng gọi. Hàm **panic**
//! khi và chỉ khi có lỗi thật:
//!
//! - bộ đọc hay hàm chấm panic (đầu vào sai phải thành lỗi `Err` hay lời nhận
//!   xét, không bao giờ thành panic);
//! - một tính chất phải đúng bị sai: alpha-beta cho giá trị khác vét cạn hoặc
//!   định trị nhiều lá hơn; cây đã đọc được mà ghi ra (văn bản, JSON) rồi đọc lại
//!   thì khác cây cũ; một số thực đổi giá trị sau khi qua JSON; hàm chấm không
//!   nhận câu trả lời do chính thư viện tính ra.
//!
//! Cùng các hàm này được gọi từ hai nơi:
//!
//! - `fuzz/fuzz_targets/*.rs`: mỗi đích một hàm, libFuzzer sinh và đột biến đầu
//!   vào (`make fuzz`, cần Rust nightly và `cargo-fuzz`);
//! - `tests/properties.rs`: proptest sinh đầu vào có cấu trúc (cây, biểu thức,
//!   bàn cờ…) rồi đột biến chúng, chạy trên Rust stable trong `make test`.
//!
//! Hàm trả về `true` khi đầu vào được chấp nhận (đọc được), để kiểm thử tính
//! chất biết các đầu vào hợp lệ nó sinh ra đúng là được chấp nhận.

use caytrochoi::dodgem::{self, Dodgem, Position, Rule, Side};
use caytrochoi::exercises;
use caytrochoi::expr::{Expr, ExprError};
use caytrochoi::games::TicTacToe;
use caytrochoi::grundy::{GraphGame, OctalGame};
use caytrochoi::practice::{
    Answer, DodgemAsk, Feedback, GraphAsk, NimAsk, PracticeError, Problem, Pruning, TreeAsk,
};
use caytrochoi::tree::{is_text_label, leaf, node, GameTree};
use caytrochoi::{Algorithm, Player, Searcher};

/// Đầu vào dài hơn chừng này byte bị bỏ qua: mỗi lần thử phải nhanh (các giới
/// hạn cỡ lớn được kiểm tra riêng, bằng chương trình thật).
pub const MAX_INPUT: usize = 4096;

/// Chuỗi UTF-8 từ byte thô (libFuzzer cho byte), `None` nếu không phải UTF-8
/// hoặc quá dài.
pub fn text(data: &[u8]) -> Option<&str> {
    if data.len() > MAX_INPUT {
        return None;
    }
    std::str::from_utf8(data).ok()
}

// --- Cây trò chơi -------------------------------------------------------------

/// Cây viết dạng văn bản: đọc; đọc được thì ghi lại và đọc lại (văn bản, JSON),
/// và mọi thuật toán tìm kiếm cho cùng giá trị; không đọc được thì lời báo lỗi
/// (kèm dấu `^` dưới chỗ sai) viết được.
pub fn tree_text(text: &str) -> bool {
    if text.len() > MAX_INPUT {
        return false;
    }
    match GameTree::parse(text) {
        Ok(t) => {
            tree_round_trips(&t);
            search_agrees(&t);
            true
        }
        Err(e) => {
            assert!(!e.explain(text).is_empty());
            false
        }
    }
}

/// Cây viết dạng JSON: như [`tree_text`].
pub fn tree_json(text: &str) -> bool {
    if text.len() > MAX_INPUT {
        return false;
    }
    match GameTree::from_json(text) {
        Ok(t) => {
            tree_round_trips(&t);
            search_agrees(&t);
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

/// Ghi cây ra JSON rồi đọc lại: đúng cây cũ, từng bit của mọi giá trị. Ghi ra
/// văn bản rồi đọc lại: cùng nhãn, cùng giá trị, cùng hình dạng (văn bản không
/// mang ghi chú, tên nước đi, người đi ở gốc; `-0` viết là `0`) — khi mọi nhãn
/// viết được trong văn bản ([`is_text_label`]; cây JSON được có nhãn khác).
pub fn tree_round_trips(t: &GameTree) {
    let back = GameTree::from_json(&t.to_json()).expect("đọc lại được JSON của chính nó");
    assert_eq!(&back, t, "JSON: {}", t.to_json());
    for (a, b) in t.nodes().iter().zip(back.nodes()) {
        assert_eq!(a.value.map(f64::to_bits), b.value.map(f64::to_bits));
    }
    if !t.nodes().iter().all(|n| is_text_label(&n.label)) {
        return;
    }
    let text = t.to_text();
    let back = GameTree::parse(&text).expect("đọc lại được văn bản của chính nó");
    assert_eq!(back.len(), t.len(), "{text}");
    for (a, b) in t.nodes().iter().zip(back.nodes()) {
        assert_eq!(a.label, b.label, "{text}");
        assert_eq!(a.children, b.children, "{text}");
        let bits = |v: Option<f64>| v.map(|x| (x + 0.0).to_bits());
        assert_eq!(bits(a.value), bits(b.value), "{text}");
    }
}

/// Alpha-beta (cả `cat_tia` của bài giảng và cửa sổ (α, β), có hay không sắp
/// thứ tự) cho đúng giá trị của vét cạn, không định trị nhiều lá hơn, không xét
/// nhiều nút hơn; kể cả khi dừng ở độ sâu giới hạn. Vết ghi được, đọc lại được
/// (các bước, bảng giá trị tạm, phát lại).
pub fn search_agrees(t: &GameTree) {
    let depths = [None, Some(t.height() / 2)];
    for depth in depths {
        let with_depth = |s: Searcher| match depth {
            Some(d) => s.depth(d),
            None => s,
        };
        let Ok(exact) = with_depth(Searcher::minimax()).run(t) else {
            continue;
        };
        for s in [
            Searcher::cat_tia(),
            Searcher::window(),
            Searcher::cat_tia().order_moves(),
            Searcher::window().order_moves(),
        ] {
            let r = with_depth(s)
                .run(t)
                .expect("alpha-beta chạy được khi vét cạn chạy được");
            // So giá trị như số (−0 = 0): cùng một kết quả của ván.
            assert_eq!(r.value, exact.value, "{:?}: {t}", r.algorithm);
            assert!(r.leaves_evaluated <= exact.leaves_evaluated, "{t}");
            assert!(r.nodes_visited <= exact.nodes_visited, "{t}");
        }
    }
    for s in [Searcher::minimax(), Searcher::cat_tia(), Searcher::window()] {
        let Ok(r) = s.trace().run(t) else { continue };
        let trace = r.trace.expect("có vết khi bật ghi vết");
        assert!(!trace.walk().is_empty());
        let _ = trace.table().to_string();
        let _ = trace.replay();
    }
}

/// Một số thực bất kỳ làm giá trị của một lá: qua JSON không đổi một bit nào;
/// qua văn bản không đổi giá trị. Số không hữu hạn (JSON không có NaN, ∞) phải
/// bị từ chối hoặc giữ nguyên, không bao giờ đổi thành số khác.
pub fn number_round_trips(v: f64) -> bool {
    let Ok(t) = GameTree::build(Player::Max, node("A", [leaf("B", v), leaf("C", 0.0)])) else {
        return false;
    };
    if !v.is_finite() {
        return false;
    }
    let json = t.to_json();
    let back = GameTree::from_json(&json).expect("đọc lại được JSON của chính nó");
    let got = back.nodes()[1].value.expect("lá có giá trị");
    assert_eq!(
        got.to_bits(),
        v.to_bits(),
        "{v:e} qua JSON thành {got:e}: {json}"
    );
    let back = GameTree::parse(&t.to_text()).expect("đọc lại được văn bản của chính nó");
    let got = back.nodes()[1].value.expect("lá có giá trị");
    assert_eq!(got, v, "{v:e} qua văn bản thành {got:e}");
    true
}

// --- Các bộ đọc khác ------------------------------------------------------------

/// Biểu thức số học (chương 1): đọc; đọc được thì tính (kể cả từng bước) và
/// viết lại dạng đủ ngoặc, đọc lại cho cùng giá trị — trừ khi dạng đủ ngoặc
/// lồng sâu hơn giới hạn ngoặc của bộ đọc (một dãy dài `1 - 2 - 3 - …` được
/// nhận, nhưng viết đủ ngoặc thì lồng bấy nhiêu tầng): khi đó là lỗi
/// `TooNested`, không bao giờ là lỗi khác.
pub fn expr(text: &str) -> bool {
    if text.len() > MAX_INPUT {
        return false;
    }
    match Expr::parse(text) {
        Ok(e) => {
            let v = e.eval();
            let _ = e.eval_steps();
            let shown = e.to_string();
            match Expr::parse(&shown) {
                Ok(again) => match (v, again.eval()) {
                    (Ok(a), Ok(b)) => {
                        assert!(a.to_bits() == b.to_bits() || a.is_nan() && b.is_nan())
                    }
                    (a, b) => assert_eq!(a.is_err(), b.is_err()),
                },
                Err(ExprError::TooNested { .. }) => {}
                Err(other) => panic!("không đọc lại được `{shown}`: {other}"),
            }
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

/// Mã trò chơi bát phân: đọc; đọc được thì tính một đoạn dãy Grundy và thử tìm
/// chu kỳ (cả hai có giới hạn).
pub fn octal(text: &str) -> bool {
    match OctalGame::parse(text) {
        Ok(g) => {
            let values = g.values(200).expect("200 giá trị nằm trong giới hạn");
            assert_eq!(values.len(), 200);
            let _ = g.periodicity(400);
            let _ = g.heap_moves(50);
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

/// Đồ thị trò chơi (chương 5): đọc; đọc được thì viết lại và đọc lại ra đúng đồ
/// thị, tính G (nếu không có chu trình) và phân loại từng vòng.
pub fn graph(text: &str) -> bool {
    if text.len() > MAX_INPUT {
        return false;
    }
    match GraphGame::parse(text) {
        Ok(g) => {
            // Viết lại rồi đọc lại: cùng các đỉnh, cùng các cung (theo tên; số thứ
            // tự của đỉnh có thể khác vì đỉnh không có nước đi được viết sau cùng).
            let again = GraphGame::parse(&g.to_string()).expect("đọc lại được đồ thị của chính nó");
            let arcs = |g: &GraphGame| {
                let mut v: Vec<(String, Vec<String>)> = g
                    .nodes()
                    .map(|x| (g.name(x), g.targets(x).iter().map(|&y| g.name(y)).collect()))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(arcs(&again), arcs(&g), "{text}");
            if let Ok(s) = g.solve() {
                let _ = s.to_string();
            }
            let outcomes = g.outcomes().expect("phân loại được mọi đồ thị đã đọc");
            assert_eq!(outcomes.len(), g.len());
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

/// Bàn cờ Dodgem (`D../D../.TT`): đọc; đọc được thì viết lại, đọc lại ra đúng bàn
/// cờ, lượng giá, liệt kê nước đi của cả hai bên.
pub fn dodgem_board(text: &str) -> bool {
    if text.len() > MAX_INPUT {
        return false;
    }
    match dodgem::parse_board(text) {
        Ok(b) => {
            let again = dodgem::parse_board(&dodgem::board_to_text(&b)).expect("đọc lại được");
            assert_eq!(again, b);
            let _ = dodgem::evaluate(&b);
            let _ = dodgem::draw_board(&b);
            let game = Dodgem::new(b.size()).expect("bàn đã đọc có cỡ hợp lệ");
            for to_move in [Side::Black, Side::White] {
                let pos = Position { board: b, to_move };
                for mv in game.moves(&pos) {
                    let name = dodgem::move_name(b.size(), mv);
                    let back =
                        dodgem::parse_move(&game, &pos, &name).expect("đọc lại được tên nước");
                    assert_eq!(back, mv, "{name}");
                }
            }
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

/// Nước đi Dodgem gõ tay (`a2>`, `b1^`…) trên một bàn cờ.
pub fn dodgem_move(board: &str, text: &str) -> bool {
    if board.len() + text.len() > MAX_INPUT {
        return false;
    }
    let Ok(b) = dodgem::parse_board(board) else {
        return false;
    };
    let game = Dodgem::new(b.size()).expect("bàn đã đọc có cỡ hợp lệ");
    let pos = Position {
        board: b,
        to_move: Side::Black,
    };
    match dodgem::parse_move(&game, &pos, text) {
        Ok(mv) => {
            assert!(game.moves(&pos).contains(&mv));
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

/// Bàn cờ carô, các từ khóa nhỏ (`max`/`min`, `den`/`trang`, `vn`/`ww`).
pub fn small_words(text: &str) -> bool {
    if text.len() > MAX_INPUT {
        return false;
    }
    let _ = Player::parse(text);
    let _ = Side::parse(text);
    let _ = Rule::parse(text);
    match TicTacToe::parse_board(text) {
        Some(b) => {
            let again = caytrochoi::games::tictactoe::board_text(&b);
            assert_eq!(TicTacToe::parse_board(&again), Some(b));
            true
        }
        None => false,
    }
}

// --- Hàm chấm bài -------------------------------------------------------------

fn feedback_is_sane(f: &Feedback) {
    assert!(!f.message.trim().is_empty());
    assert!(f.answered() || !f.ok(), "chưa trả lời thì không thể đúng");
    let _ = f.to_html();
}

/// Một bài dựng từ dữ liệu bất kỳ: dựng được thì mọi bậc gợi ý (lần thử 0, 1,
/// 2) của câu trả lời `answer` đều có lời nhận xét; không dựng được thì lỗi có
/// lời giải thích (không panic).
fn sane(p: Result<Problem, PracticeError>, answer: impl Into<Answer>) {
    match p {
        Ok(p) => {
            let a = answer.into();
            for before in 0..3 {
                feedback_is_sane(&p.grade(a.clone(), before));
            }
        }
        Err(e) => assert!(!e.to_string().trim().is_empty()),
    }
}

/// Lời chấm lần đầu của câu trả lời `answer` cho một bài dựng được.
fn graded(p: Result<Problem, PracticeError>, answer: impl Into<Answer>) -> Feedback {
    p.expect("bài dựng được").grade(answer, 0)
}

fn algorithm(k: u8) -> Algorithm {
    [Algorithm::Minimax, Algorithm::CatTia, Algorithm::Window][k as usize % 3]
}

/// Cách cắt tỉa ứng với thuật toán (vét cạn không cắt gì, nên không có bài
/// "cây con bị cắt" — kiểu `TreeAsk` không viết được bài ấy).
fn pruning(a: Algorithm) -> Option<Pruning> {
    Pruning::ALL.into_iter().find(|p| p.algorithm() == a)
}

/// Các hàm chấm trên một cây (giá trị, nước đi tốt nhất, các nhánh bị cắt, số
/// lá, thứ tự lá, giá trị tạm) với một câu trả lời bất kỳ (`answer`, và
/// `number` cho các câu trả lời là số). Câu trả lời đúng do thư viện tính luôn
/// được chấm là đúng.
pub fn check_tree(tree_text: &str, answer: &str, number: f64, k: u8) -> bool {
    if tree_text.len() + answer.len() > MAX_INPUT {
        return false;
    }
    let root = if k & 1 == 0 { Player::Max } else { Player::Min };
    let variant = algorithm(k >> 1);
    sane(
        exercises::exercise(tree_text, root, TreeAsk::RootValue, None),
        number,
    );
    sane(
        exercises::exercise(tree_text, root, TreeAsk::RootValue, None),
        answer,
    );
    sane(
        exercises::exercise(tree_text, root, TreeAsk::BestMove, None),
        answer,
    );
    if let Some(p) = pruning(variant) {
        sane(
            exercises::exercise(tree_text, root, TreeAsk::Pruned(p), None),
            answer,
        );
    }
    sane(
        exercises::exercise(tree_text, root, TreeAsk::LeafCount(variant), None),
        answer,
    );
    sane(
        exercises::exercise(tree_text, root, TreeAsk::LeafOrder(variant), None),
        answer,
    );
    let (label, rest) = answer.split_once(',').unwrap_or((answer, ""));
    sane(
        exercises::exercise(tree_text, root, TreeAsk::Temps(variant), Some(label)),
        rest,
    );
    let Ok(t) = GameTree::parse_with_root(tree_text, root) else {
        return false;
    };
    let Ok(exact) = Searcher::minimax().run(&t) else {
        return true;
    };
    let f = graded(
        exercises::exercise(tree_text, root, TreeAsk::RootValue, None),
        exact.value,
    );
    assert!(
        f.ok(),
        "{tree_text}: giá trị {} bị chấm sai: {}",
        exact.value,
        f.message
    );
    if let Some(best) = &exact.best_move_name {
        let f = graded(
            exercises::exercise(tree_text, root, TreeAsk::BestMove, None),
            best.as_str(),
        );
        assert!(
            f.ok(),
            "{tree_text}: nước {best} bị chấm sai: {}",
            f.message
        );
    }
    if let Ok(r) = Searcher::new(variant).run(&t) {
        let pruned: Vec<&str> = r.pruned.iter().map(String::as_str).collect();
        if let Some(p) = pruning(variant) {
            let bai = exercises::exercise(tree_text, root, TreeAsk::Pruned(p), None);
            let f = graded(bai, pruned.as_slice());
            assert!(f.ok(), "{tree_text}: {pruned:?}: {}", f.message);
        }
        let f = graded(
            exercises::exercise(tree_text, root, TreeAsk::LeafCount(variant), None),
            r.leaves_evaluated,
        );
        assert!(
            f.ok(),
            "{tree_text}: {} lá: {}",
            r.leaves_evaluated,
            f.message
        );
    }
    true
}

/// Hàm chấm biểu thức số học; giá trị do thư viện tính luôn được chấm đúng.
pub fn check_expr(expr_text: &str, number: f64) -> bool {
    if expr_text.len() > MAX_INPUT {
        return false;
    }
    sane(Problem::on_expr(expr_text), number);
    let Ok(e) = Expr::parse(expr_text) else {
        return false;
    };
    if let Ok(v) = e.eval() {
        if v.is_finite() {
            let f = graded(Problem::on_expr(expr_text), v);
            assert!(f.ok(), "{expr_text} = {v}: {}", f.message);
        }
    }
    true
}

/// Các hàm chấm Dodgem (giá trị của bàn cờ, nước đi, số nút); giá trị lượng giá
/// do thư viện tính luôn được chấm đúng.
pub fn check_dodgem(board: &str, answer: &str, number: i32, k: u8) -> bool {
    if board.len() + answer.len() > MAX_INPUT {
        return false;
    }
    let side = if k & 1 == 0 { Side::Black } else { Side::White };
    let rule = if k & 2 == 0 {
        Rule::Lecture
    } else {
        Rule::WinningWays
    };
    sane(
        Problem::on_board(board, Side::White, Rule::Lecture, DodgemAsk::Value, None),
        number,
    );
    sane(
        Problem::on_board(board, Side::White, Rule::Lecture, DodgemAsk::Value, None),
        answer,
    );
    sane(
        Problem::on_board(board, side, rule, DodgemAsk::SafeMove, None),
        answer,
    );
    let depth = 1 + u32::from(k >> 2) % 3;
    sane(
        Problem::on_board(
            board,
            side,
            Rule::Lecture,
            DodgemAsk::NodeCount(algorithm(k >> 4)),
            Some(depth),
        ),
        number,
    );
    let Ok(b) = dodgem::parse_board(board) else {
        return false;
    };
    let v = dodgem::evaluate(&b);
    let f = graded(
        Problem::on_board(board, Side::White, Rule::Lecture, DodgemAsk::Value, None),
        v,
    );
    assert!(f.ok(), "{board} = {v}: {}", f.message);
    true
}

/// Các hàm chấm của chương 5: mex, G và loại của mọi đỉnh một đồ thị, nước
/// thắng trong Nim, các ô P của quân Hậu, với câu trả lời bất kỳ. Câu trả lời
/// do thư viện tính luôn được chấm đúng.
pub fn check_grundy(graph_text: &str, numbers: &[u32], answer: &str, k: u8) -> bool {
    if graph_text.len() + answer.len() > MAX_INPUT || numbers.len() > 64 {
        return false;
    }
    let small: Vec<u32> = numbers.iter().map(|v| v % 64).collect();
    sane(Ok(Problem::on_set(numbers)), answer);
    let m = caytrochoi::grundy::mex(numbers.iter().copied());
    assert!(Problem::on_set(numbers).grade(m, 0).ok());
    sane(Problem::on_piles(&small, NimAsk::Move), answer);
    // Nước thắng do thư viện tính được chấm đúng — khi bài hợp lệ (1 … 12 đống,
    // XOR ≠ 0; bài không hợp lệ thì lời nhận xét nói vì sao).
    let s = caytrochoi::grundy::nim_sum(small.iter().copied());
    if Problem::on_piles(&small, NimAsk::Move).is_ok() {
        let i = small
            .iter()
            .position(|&h| h ^ s < h)
            .expect("XOR ≠ 0 thì có đống giảm được");
        let mut after = small.clone();
        after[i] ^= s;
        let text: Vec<String> = after.iter().map(u32::to_string).collect();
        let f = graded(Problem::on_piles(&small, NimAsk::Move), text.join(", "));
        assert!(f.ok(), "{small:?} → {text:?}: {}", f.message);
    }
    let n = u32::from(k % 12);
    sane(Problem::on_queen_board(n), answer);
    let pairs: Vec<(u32, u32)> = small
        .chunks(2)
        .map(|c| (c[0] % 16, c[c.len() - 1] % 16))
        .collect();
    sane(Problem::on_queen_board(n), pairs.as_slice());
    sane(Problem::on_graph(graph_text, GraphAsk::Grundy), answer);
    sane(Problem::on_graph(graph_text, GraphAsk::Outcomes), answer);
    let Ok(g) = GraphGame::parse(graph_text) else {
        return false;
    };
    let names: Vec<String> = g.nodes().map(|x| g.name(x)).collect();
    let typed: Vec<(&str, u32)> = names
        .iter()
        .zip(&small)
        .map(|(n, &v)| (n.as_str(), v))
        .collect();
    sane(
        Problem::on_graph(graph_text, GraphAsk::Grundy),
        typed.as_slice(),
    );
    let codes: Vec<(&str, i8)> = typed.iter().map(|&(n, v)| (n, (v % 3) as i8 - 1)).collect();
    sane(
        Problem::on_graph(graph_text, GraphAsk::Outcomes),
        codes.as_slice(),
    );
    let well_posed = Problem::on_graph(graph_text, GraphAsk::Grundy).is_ok();
    if let (Ok(s), true) = (g.solve(), well_posed) {
        let truth: Vec<(&str, u32)> = names
            .iter()
            .zip(s.values())
            .map(|(n, &v)| (n.as_str(), v))
            .collect();
        let f = graded(
            Problem::on_graph(graph_text, GraphAsk::Grundy),
            truth.as_slice(),
        );
        assert!(f.ok(), "{graph_text}: {truth:?}: {}", f.message);
    }
    true
}

// --- Trình chạy mã của sách -----------------------------------------------------

/// Yêu cầu HTTP bất kỳ gửi tới trình chạy: đọc (chấp nhận hay từ chối với một
/// mã lỗi), không bao giờ đọc thân dài hơn giới hạn.
#[cfg(feature = "runner")]
pub fn http_request(data: &[u8]) -> bool {
    use caytrochoi::runner::http::read_request;
    use std::net::{IpAddr, Ipv4Addr};
    let mut reader = std::io::BufReader::new(data);
    let peer = IpAddr::V4(Ipv4Addr::LOCALHOST);
    match read_request(&mut reader, peer, 1024) {
        Ok(req) => {
            assert!(req.body.len() <= 1024);
            let _ = req.keep_alive();
            true
        }
        Err(_) => false,
    }
}

/// Một chương Markdown bất kỳ: tìm các khối Rust và chuẩn bị chúng như doctest.
#[cfg(feature = "runner")]
pub fn book_blocks(markdown: &str) -> bool {
    use caytrochoi::runner::block::{book_blocks, prepare, unhide, visible};
    if markdown.len() > MAX_INPUT {
        return false;
    }
    let blocks = book_blocks(markdown);
    for b in &blocks {
        let p = prepare(&b.code);
        let _ = p.user_line(1);
        let _ = (unhide(&b.code), visible(&b.code), b.runs());
    }
    !blocks.is_empty()
}

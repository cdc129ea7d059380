//! Các bài tập cố định của sách và notebook ([`caytrochoi::exercises`], các hàm
//! dựng `Problem::on_*`): lời nhận xét theo bậc, chỗ trống, dữ liệu viết sai, số
//! lần thử đếm trên chính bài — qua API công khai, như notebook gọi.

use caytrochoi::dodgem::{breakdown, parse_board, Dodgem, Rule, SearchPlayer, Side};
use caytrochoi::exercises::{exercise, BLANK};
use caytrochoi::practice::{
    Answer, DodgemAsk, Feedback, GraphAsk, HintLevel, NimAsk, PracticeError, Problem, Pruning,
    TreeAsk, Verdict,
};
use caytrochoi::{Algorithm, Player};

const AK: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";
const DEEP: &str = "A(B:5, C(D(E(F:3, G:9), H:1)))";

/// Chấm thuần (không đếm lần thử): bậc `level` của gợi ý.
fn grade(ask: TreeAsk, root: Player, node: Option<&str>, answer: &str, before: u32) -> Feedback {
    exercise(AK, root, ask, node).unwrap().grade(answer, before)
}

/// Chấm một lần (lần thử đầu) một bài dựng từ dữ liệu; dữ liệu sai thì lời
/// nhận xét "không đọc được" mang đúng lời giải thích của lỗi.
fn once(p: Result<Problem, PracticeError>, a: impl Into<Answer>) -> Feedback {
    match p {
        Ok(p) => p.grade(a, 0),
        Err(e) => {
            let mut f = Feedback::unreadable("", "");
            f.message = e.to_string();
            f
        }
    }
}

fn value_once(t: &str, r: Player, a: impl Into<Answer>) -> Feedback {
    once(exercise(t, r, TreeAsk::RootValue, None), a)
}

fn best_move_once(t: &str, r: Player, a: impl Into<Answer>) -> Feedback {
    once(exercise(t, r, TreeAsk::BestMove, None), a)
}

fn pruned_once(t: &str, r: Player, g: Pruning, a: impl Into<Answer>) -> Feedback {
    once(exercise(t, r, TreeAsk::Pruned(g), None), a)
}

fn leaf_count_once(t: &str, r: Player, g: Algorithm, a: impl Into<Answer>) -> Feedback {
    once(exercise(t, r, TreeAsk::LeafCount(g), None), a)
}

fn temps_once(t: &str, r: Player, n: &str, a: impl Into<Answer>) -> Feedback {
    once(
        exercise(t, r, TreeAsk::Temps(Algorithm::Minimax), Some(n)),
        a,
    )
}

/// Lời chấm là "sai" và có nhắc tới `needle` (dùng chung cho mọi mô-đun
/// kiểm thử của tệp này).
fn wrong_with(f: impl std::borrow::Borrow<Feedback>, needle: &str) {
    let f = f.borrow();
    assert_eq!(f.verdict, Verdict::Wrong, "phải sai: {}", f.message);
    assert!(
        f.message.contains(needle),
        "thiếu «{needle}» trong:\n{}",
        f.message
    );
}

#[test]
fn value_mistakes_are_named() {
    let g = |a: &str, before| grade(TreeAsk::RootValue, Player::Max, None, a, before);
    assert!(g("1", 0).ok());
    wrong_with(g("0", 0), "đảo vai");
    wrong_with(g("-1", 0), "không được chọn");
    wrong_with(g("-1", 1), "-1 là giá trị của C");
    wrong_with(g("7", 0), "không phải giá trị của lá nào");
    wrong_with(g("∞", 0), "số hữu hạn");
    let t = "A(B(C:9, D:1), E(F:2, G:3))";
    let p = exercise(t, Player::Max, TreeAsk::RootValue, None).unwrap();
    wrong_with(p.grade("9", 0), "lớn nhất của mọi lá");
    let p = exercise(t, Player::Min, TreeAsk::RootValue, None).unwrap();
    assert!(p.grade(3, 0).ok());
}

#[test]
fn hint_levels_climb() {
    let p = exercise(AK, Player::Max, TreeAsk::Pruned(Pruning::CatTia), None).unwrap();
    let first = p.grade("F, G", 0);
    assert_eq!(first.level, HintLevel::Kind);
    assert!(first.message.contains("Bạn cắt thừa một nhánh: G"));
    assert!(first
        .message
        .contains("Còn một nhánh bị cắt mà bạn chưa ghi"));
    assert!(!first.message.contains("Vq"), "{}", first.message);
    let second = p.grade("F, G", 1);
    assert_eq!(second.level, HintLevel::Detail);
    wrong_with(
        &second,
        "G phải được xét: khi tới G, D (nút MIN) có Vq = ∞ mà Vp = 1",
    );
    wrong_with(&second, "Thiếu H: tại D (nút MIN), Vq = 0 và Vp = 1");
    assert!(second.solution.is_none());
    let third = p.grade("F, G", 2);
    assert_eq!(third.level, HintLevel::Solution);
    let s = third.solution.as_ref().unwrap();
    assert_eq!(s.answer, "F, H");
    assert!(s.figure.as_ref().unwrap().svg().contains("<svg"));
    assert!(third.to_html().contains("<svg"));
}

#[test]
fn pruned_with_min_root_and_window() {
    // Gốc MIN: cùng cây, vai đảo.
    let p = exercise(AK, Player::Min, TreeAsk::Pruned(Pruning::CatTia), None).unwrap();
    let truth = p.answer_text();
    assert!(p.grade(truth.as_str(), 0).ok(), "{truth}");
    let deep = exercise(DEEP, Player::Max, TreeAsk::Pruned(Pruning::Window), None).unwrap();
    assert!(deep.grade("G", 0).ok());
    wrong_with(
        deep.grade("không", 1),
        "Thiếu G: tại E (nút MIN), cửa sổ thành (α, β) = (5, 3)",
    );
    wrong_with(
        deep.grade("G, H", 1),
        "cửa sổ của D (nút MAX) là (α, β) = (5, ∞)",
    );
    let shallow = exercise(DEEP, Player::Max, TreeAsk::Pruned(Pruning::CatTia), None).unwrap();
    assert!(shallow.grade(&[] as &[&str], 0).ok());
    wrong_with(shallow.grade("G", 1), "E (nút MIN) có Vq = 3 mà Vp = -∞");
    let p = exercise(AK, Player::Max, TreeAsk::Pruned(Pruning::CatTia), None).unwrap();
    wrong_with(p.grade("F, K", 1), "K nằm trong cây con H");
    wrong_with(p.grade("F, H, A", 0), "gốc không bao giờ bị cắt");
    wrong_with(p.grade("F, H, Q", 0), "Không có nút nào tên `Q`");
    wrong_with(p.grade("F, H, C", 1), "A là gốc, không có Vp");
}

#[test]
fn malformed_tree_is_friendly() {
    for f in [
        value_once("A(B:1, C(E:0, F:-1)", Player::Max, 1),
        pruned_once("A(B:1,, C:2)", Player::Max, Pruning::CatTia, &[] as &[&str]),
        temps_once("A(B, C:2)", Player::Max, "A", &[] as &[&str]),
        best_move_once("", Player::Max, "B"),
        leaf_count_once("A(B:1, B:2)", Player::Max, Algorithm::Window, 2),
    ] {
        assert!(f.message.contains("Không đọc được cây"), "{}", f.message);
        assert_eq!(f.verdict, Verdict::Unreadable);
    }
    let f = value_once("A(B:1, C(E:0, F:-1)", Player::Max, 1);
    assert!(f.message.contains("dòng 1, cột 20"), "{}", f.message);
    let f = temps_once(AK, Player::Max, "X", "?");
    assert!(
        f.message.contains("không có nút nào tên `X`"),
        "{}",
        f.message
    );
}

#[test]
fn best_move() {
    let g = |a: &str| grade(TreeAsk::BestMove, Player::Max, None, a, 1);
    assert!(g("B").ok());
    assert!(g(" b ").ok());
    wrong_with(g("D"), "chọn nước có giá trị lớn nhất");
    wrong_with(g("K"), "không phải con của A");
    wrong_with(g("Z"), "Không có nút nào tên `Z`");
    let p = exercise("A(B:2, C:2, D:1)", Player::Max, TreeAsk::BestMove, None).unwrap();
    let f = p.grade("C", 0);
    assert!(f.ok() && f.message.contains("B, C"), "{}", f.message);
    let p = exercise(
        "A(B(E:9, F:-5), C(G:1, H:2))",
        Player::Max,
        TreeAsk::BestMove,
        None,
    )
    .unwrap();
    wrong_with(p.grade("B", 1), "E = 9");
}

#[test]
fn leaf_count_and_order() {
    let p = exercise(AK, Player::Max, TreeAsk::LeafCount(Algorithm::CatTia), None).unwrap();
    assert!(p.grade(3, 0).ok());
    wrong_with(p.grade(5, 0), "con số của vét cạn");
    let d = exercise(
        DEEP,
        Player::Max,
        TreeAsk::LeafCount(Algorithm::Window),
        None,
    )
    .unwrap();
    wrong_with(d.grade(4, 0), "số lá của cắt tỉa alpha-beta, một cận");
    let o = exercise(AK, Player::Max, TreeAsk::LeafOrder(Algorithm::CatTia), None).unwrap();
    assert!(o.grade("B, I, J", 0).ok());
    wrong_with(o.grade("B, I, F, J", 1), "F nằm trong cây con F");
    wrong_with(o.grade("B, J", 0), "bỏ qua một lá");
    wrong_with(o.grade("B, J, I", 0), "Thứ tự chưa đúng");
    wrong_with(o.grade("B, C", 0), "Chỉ ghi các nút lá");
}

#[test]
fn temps_tolerant_spelling() {
    for ans in [
        "-∞, Max(-∞, 1) = 1, Max(1, -1) = 1, Max(1, 0) = 1",
        "-inf; max(-inf,1)=1; MAX( 1 , −1 ) = 1; Max(1,0)=1",
        "−∞ → 1 → 1 → 1",
    ] {
        assert!(
            grade(
                TreeAsk::Temps(Algorithm::Minimax),
                Player::Max,
                Some("A"),
                ans,
                0
            )
            .ok(),
            "{ans}"
        );
    }
    assert!(temps_once(
        AK,
        Player::Max,
        "c",
        ["inf", "Min(inf, 0) = 0", "Min(0, -1) = -1"]
    )
    .ok());
}

#[test]
fn temps_each_kind_of_mistake() {
    let t = |a: &str| {
        grade(
            TreeAsk::Temps(Algorithm::Minimax),
            Player::Max,
            Some("A"),
            a,
            1,
        )
    };
    wrong_with(t("-∞, Max(-∞, 1) = 0"), "Max(-∞, 1) bằng 1, không phải 0");
    wrong_with(t("∞"), "nút MAX nên giá trị tạm ban đầu là -∞");
    wrong_with(t("-∞, Min(-∞, 1) = 1"), "dùng Max, không phải Min");
    wrong_with(
        t("-∞, 1, Max(-∞, -1) = 1"),
        "giá trị tạm ngay trước đó của A, tức 1",
    );
    wrong_with(t("-∞, 1, Max(1, 0) = 1"), "giá trị C vừa mang về, tức -1");
    wrong_with(t("-∞, 1"), "Giá trị tạm tiếp theo là Max(1, -1) = 1");
    wrong_with(t("-∞, 1, 1, 1, 1"), "chỉ có 4 giá trị tạm");
    // Nút MIN: giá trị tạm chỉ giảm.
    let c = exercise(
        AK,
        Player::Max,
        TreeAsk::Temps(Algorithm::Minimax),
        Some("C"),
    )
    .unwrap();
    wrong_with(c.grade("∞, 0, 3", 0), "Giá trị tạm của nút MIN chỉ giảm");
    let f = grade(
        TreeAsk::Temps(Algorithm::Minimax),
        Player::Max,
        Some("A"),
        "-∞, một",
        0,
    );
    assert_eq!(f.verdict, Verdict::Unreadable);
}

#[test]
fn temps_leaves_and_cut_nodes() {
    assert!(grade(
        TreeAsk::Temps(Algorithm::Minimax),
        Player::Max,
        Some("B"),
        "không",
        0
    )
    .ok());
    wrong_with(
        grade(
            TreeAsk::Temps(Algorithm::Minimax),
            Player::Max,
            Some("B"),
            "1",
            1,
        ),
        "B là nút lá",
    );
    let f = grade(
        TreeAsk::Temps(Algorithm::CatTia),
        Player::Max,
        Some("F"),
        "không",
        0,
    );
    assert!(f.ok() && f.message.contains("bị cắt tỉa"), "{}", f.message);
    let f = grade(
        TreeAsk::Temps(Algorithm::CatTia),
        Player::Max,
        Some("K"),
        "không",
        0,
    );
    assert!(f.ok() && f.message.contains("cây con H"), "{}", f.message);
    assert!(grade(
        TreeAsk::Temps(Algorithm::CatTia),
        Player::Max,
        Some("A"),
        "-∞, 1, Max(1, 0) = 1, 1",
        0
    )
    .ok());
    wrong_with(
        grade(
            TreeAsk::Temps(Algorithm::CatTia),
            Player::Max,
            Some("C"),
            "∞, 0, Min(0, -1) = -1",
            1,
        ),
        "dừng sớm vì cắt tỉa (bỏ qua F)",
    );
}

#[test]
fn expression_exercise_remembers_its_tries() {
    let bai = Problem::on_expr("8 − 6 ÷ 2 + 1").unwrap();
    assert_eq!(bai.check(7).level, HintLevel::Kind);
    assert_eq!(bai.check(7).level, HintLevel::Detail);
    assert!(bai.check(7).solution.is_some());
    assert!(bai.check(6).ok());
    assert_eq!(bai.solution().answer, "6");
}

#[test]
fn problems_remember_their_own_tries() {
    let bai = exercise(AK, Player::Max, TreeAsk::RootValue, None).unwrap();
    assert_eq!(bai.check(7).tries, 1);
    assert_eq!(bai.check(7).tries, 2);
    assert_eq!(bai.check("?").verdict, Verdict::Blank);
    assert_eq!(bai.wrong_tries(), 2);
    assert!(bai.check(1).ok());
    assert_eq!(bai.wrong_tries(), 0);
}

#[test]
fn expressions() {
    assert!(Problem::on_expr("5 + 2 × 3 − 4").unwrap().check(7).ok());
    let bai = Problem::on_expr("1 + 2 × 3").unwrap();
    wrong_with(bai.check(9), "từ trái sang phải");
    wrong_with(bai.check(9), "(1 + (2 × 3))");
    assert!(bai.check(9).solution.is_some());
    assert!(bai.check(7).ok());
    assert!(once(Problem::on_expr("5 + "), 5)
        .message
        .contains("Không đọc được biểu thức"));
    assert!(once(Problem::on_expr("1 / (2 - 2)"), 0)
        .message
        .contains("chia cho 0"));
}

#[test]
fn blanks_are_not_mistakes() {
    for f in [
        value_once(AK, Player::Max, "?"),
        best_move_once(AK, Player::Max, BLANK),
        pruned_once(AK, Player::Max, Pruning::CatTia, ["?"]),
        temps_once(AK, Player::Max, "A", ["-∞", "?"]),
        leaf_count_once(AK, Player::Max, Algorithm::Window, "?"),
        Problem::on_expr("1 + 2").unwrap().check("?"),
    ] {
        assert!(!f.ok() && !f.answered(), "{}", f.message);
        assert!(f.message.starts_with("Chưa có câu trả lời"));
        assert!(f.to_html().contains("✏️"));
    }
}

#[test]
fn display_and_html() {
    let ok = value_once(AK, Player::Max, 1);
    assert!(ok.to_string().starts_with("✅ Đúng"));
    assert!(ok.to_html().contains("#1a8f3a"));
    let bad = grade(
        TreeAsk::Pruned(Pruning::CatTia),
        Player::Max,
        None,
        "<b>",
        0,
    );
    assert!(bad.to_html().contains("&lt;b&gt;"));
    assert!(bad.to_string().starts_with("❌"));
    let s = exercise(AK, Player::Max, TreeAsk::Pruned(Pruning::Window), None)
        .unwrap()
        .solution();
    assert_eq!(s.answer, "F, H");
    assert!(s.to_html().contains("<svg"));
}

// --- Chương 5: mex, đồ thị, Nim, quân Hậu ----------------------------------------

fn grundy_graph(g: &str, a: impl Into<Answer>) -> Feedback {
    once(Problem::on_graph(g, GraphAsk::Grundy), a)
}

fn outcome_graph(g: &str, a: impl Into<Answer>) -> Feedback {
    once(Problem::on_graph(g, GraphAsk::Outcomes), a)
}

fn nim_move(heaps: &[u32], a: impl Into<Answer>) -> Feedback {
    once(Problem::on_piles(heaps, NimAsk::Move), a)
}

fn queen_cells(n: u32, a: impl Into<Answer>) -> Feedback {
    once(Problem::on_queen_board(n), a)
}

#[test]
fn mex_feedback() {
    assert!(Problem::on_set(&[]).check(0).ok());
    let p = Problem::on_set(&[1, 4, 0, 1]);
    wrong_with(p.grade(1, 0), "1 có trong tập");
    wrong_with(p.grade(5, 0), "nhỏ hơn 5");
    // Chấm lại cùng một bài (giữ trong biến): gợi ý lên bậc.
    let bai = Problem::on_set(&[9, 0]);
    assert_eq!(bai.check(2).level, HintLevel::Kind);
    assert_eq!(bai.check(3).level, HintLevel::Detail);
    assert!(!Problem::on_set(&[0]).check("?").answered());
    let bai = Problem::on_set(&[2, 0, 5, 1, 3]);
    assert_eq!(bai.check(7).level, HintLevel::Kind);
    assert_eq!(bai.check(7).level, HintLevel::Detail);
    assert!(bai.check(7).solution.is_some());
    assert!(bai.check(4).ok());
}

#[test]
fn graph_grundy_feedback_names_the_wrong_node() {
    let g = "A → B, C, D; B → C, E; C → E; D → F; E → F";
    let right = "A = 3, B = 2, C = 0, D = 1, E = 1, F = 0";
    assert!(grundy_graph(g, right).ok());
    assert!(grundy_graph(g, "3 2 0 1 1 0").ok());
    let p = Problem::on_graph(g, GraphAsk::Grundy).unwrap();
    // F không có nước đi: gợi ý tập rỗng, không đọc đáp án.
    let f = p.grade("A = 3, B = 2, C = 0, D = 1, E = 1, F = 1", 0);
    wrong_with(f.clone(), "tập rỗng");
    assert!(!f.message.contains("= 0."), "{}", f.message);
    // C đi tới E (G = 1): ghi 1 là sai vì 1 có trong tập; lần hai chỉ rõ E.
    let a = "A = 3, B = 2, C = 1, D = 1, E = 1, F = 0";
    wrong_with(p.grade(a, 0), "G(C) chưa đúng: 1 có trong tập {G(E)}");
    wrong_with(
        p.grade(a, 1),
        "G(C) không thể là 1: từ C đi được tới E mà G(E) = 1",
    );
    // B: mex{0, 1} = 2, ghi 3 thì còn số nhỏ hơn vắng mặt.
    wrong_with(
        p.grade("A = 3, B = 3, C = 0, D = 1, E = 1, F = 0", 0),
        "còn một số nhỏ hơn 3",
    );
    wrong_with(
        p.grade("A = 3, B = 2, C = 0, D = 1, E = 1", 0),
        "Thiếu G(F)",
    );
    let f = grundy_graph(g, "Z = 0");
    assert_eq!(f.verdict, Verdict::Unreadable);
    assert!(
        f.message.contains("không có đỉnh nào tên `Z`"),
        "{}",
        f.message
    );
    let f = grundy_graph(g, "A = 3, A = 3");
    assert!(f.message.contains("hai lần"), "{}", f.message);
    let f = grundy_graph("A → ", "A = 0");
    assert!(f.message.contains("Không đọc được đồ thị"), "{}", f.message);
    let f = grundy_graph("A → B; B → A", "A = 0");
    assert!(f.message.contains("chu trình"), "{}", f.message);
    assert!(!grundy_graph(g, "?").answered());
}

#[test]
fn graph_outcomes_feedback() {
    let g = "A → B, C; B → A, D; C → E; D; E → C, F, H; F → K; K → F; H";
    let right = "A = 0, B = 0, C = 1, D = 1, E = 0, F = -1, H = 1, K = -1";
    assert!(outcome_graph(g, right).ok());
    let p = Problem::on_graph(g, GraphAsk::Outcomes).unwrap();
    // E ghi 1 trong khi C (ghi 1) là đỉnh E đi tới: mâu thuẫn trong câu trả lời.
    let a = "A = 0, B = 0, C = 1, D = 1, E = 1, F = -1, H = 1, K = -1";
    wrong_with(p.grade(a, 0), "chính bạn ghi C mã 1");
    // F ghi 1: F chỉ đi tới K, K chỉ đi tới F — hòa.
    let a = "A = 0, B = 0, C = 1, D = 1, E = 0, F = 1, H = 1, K = -1";
    wrong_with(p.grade(a, 0), "Mã của hòa là −1");
    wrong_with(p.grade(a, 1), "F hòa (mã −1)");
    // A ghi −1: A đi được tới C (mã 1), nên là 0.
    let a = "A = -1, B = 0, C = 1, D = 1, E = 0, F = -1, H = 1, K = -1";
    wrong_with(p.grade(a, 0), "có đỉnh nào A đi tới được mang mã 1");
    wrong_with(p.grade(a, 1), "từ A đi được tới C, mà C mang mã 1");
    let f = outcome_graph(g, "A = 2");
    assert_eq!(f.verdict, Verdict::Unreadable);
    assert!(f.message.contains("chỉ dùng 1"), "{}", f.message);
    assert!(!outcome_graph(g, "?").answered());
}

#[test]
fn nim_move_feedback() {
    assert!(nim_move(&[7, 9, 12], "5, 9, 12").ok());
    let p = Problem::on_piles(&[7, 9, 12], NimAsk::Move).unwrap();
    wrong_with(p.grade("7, 3, 12", 0), "XOR");
    wrong_with(p.grade("8, 9, 12", 0), "không hợp lệ");
    let f = nim_move(&[3, 5, 6], "0, 5, 6");
    assert!(f.message.contains("XOR = 0"), "{}", f.message);
    assert!(!nim_move(&[1], "?").answered());
}

#[test]
fn queen_feedback() {
    let all = "(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)";
    assert!(queen_cells(6, all).ok());
    assert!(queen_cells(6, &[(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]).ok());
    let p = Problem::on_queen_board(6).unwrap();
    wrong_with(p.grade("(0, 0), (1, 2), (2, 1)", 0), "Còn thiếu 2 ô thắng");
    wrong_with(
        p.grade("(0, 0), (1, 2), (2, 1), (3, 5)", 0),
        "còn (5, 3) thì sao",
    );
    wrong_with(
        p.grade("(0, 0), (1, 2), (2, 1), (3, 5)", 1),
        "Còn thiếu (5, 3)",
    );
    wrong_with(p.grade("(0, 0), (2, 2)", 0), "(2, 2) và (0, 0)");
    wrong_with(p.grade("(4, 4)", 0), "không phải ô thắng");
    wrong_with(p.grade("(4, 4)", 1), "chéo trái-xuống");
    let f = queen_cells(6, "(6, 0)");
    assert!(f.message.contains("ngoài bàn"), "{}", f.message);
    assert!(!queen_cells(6, "?").answered());
}

// --- Chương 6: Dodgem --------------------------------------------------------------

fn dodgem_value(board: &str, a: impl Into<Answer>) -> Feedback {
    once(
        Problem::on_board(board, Side::White, Rule::Lecture, DodgemAsk::Value, None),
        a,
    )
}

fn dodgem_move(board: &str, side: Side, rule: Rule, a: impl Into<Answer>) -> Feedback {
    once(
        Problem::on_board(board, side, rule, DodgemAsk::SafeMove, None),
        a,
    )
}

fn dodgem_nodes(
    board: &str,
    side: Side,
    alg: Algorithm,
    depth: u32,
    a: impl Into<Answer>,
) -> Feedback {
    once(
        Problem::on_board(
            board,
            side,
            Rule::Lecture,
            DodgemAsk::NodeCount(alg),
            Some(depth),
        ),
        a,
    )
}
#[test]
fn dodgem_value_mistakes_are_named() {
    // Ví dụ 75 của bài giảng: vị trí −10 + 15, Trắng cản trực tiếp và gián tiếp.
    let ex = "D../.../DTT";
    assert!(dodgem_value(ex, 75).ok());
    assert!(!dodgem_value(ex, "?").answered());
    let p = Problem::on_board(ex, Side::White, Rule::Lecture, DodgemAsk::Value, None).unwrap();
    wrong_with(p.grade(-75, 0), "ngược dấu");
    wrong_with(p.grade(5, 0), "mới cộng điểm vị trí");
    wrong_with(p.grade(45, 0), "sót cản gián tiếp");
    wrong_with(p.grade(35, 0), "sót cản trực tiếp");
    wrong_with(p.grade(12, 0), "có 2 cặp cản");
    // Đen cản Trắng: `.../DDT/.T.` có đủ ba loại cản.
    let both = ".../DDT/.T.";
    assert_eq!(
        caytrochoi::dodgem::evaluate(&parse_board(both).unwrap()),
        35
    );
    wrong_with(dodgem_value(both, 115), "phải trừ");
    // Xe đã ra: Đen còn một xe ở c3 (một xe đã ra), Trắng còn cả hai.
    let off = "..D/.T./..T";
    let v = caytrochoi::dodgem::evaluate(&parse_board(off).unwrap());
    let d = breakdown(&parse_board(off).unwrap());
    wrong_with(dodgem_value(off, v - d.off_board), "xe đã ra");
    // Lần sai đầu không bao giờ in đáp án.
    for a in [-75, 5, 45, 35, 12] {
        let m = p.grade(a, 0).message;
        assert!(!m.replace(&a.to_string(), "").contains("75"), "{m}");
    }
    let f = dodgem_value("D../D../.TX", 0);
    assert!(f.message.contains("Không đọc được bàn cờ"), "{}", f.message);
}

#[test]
fn dodgem_move_feedback_points_to_the_refutation() {
    let start = "D../D../.TT";
    let f = dodgem_move(start, Side::Black, Rule::Lecture, "a3>");
    assert!(f.ok() && f.message.contains("duy nhất"), "{}", f.message);
    let p =
        Problem::on_board(start, Side::Black, Rule::Lecture, DodgemAsk::SafeMove, None).unwrap();
    let f = p.grade("a2>", 0);
    wrong_with(f.clone(), "sau nước này Trắng thắng được");
    assert!(!f.message.contains("a3>"), "{}", f.message);
    wrong_with(p.grade("a2>", 1), "Chẳng hạn Trắng đáp");
    wrong_with(p.grade("a3<", 0), "không được đi sang trái");
    assert!(!dodgem_move(start, Side::Black, Rule::Lecture, "?").answered());
    // 4×4 theo Winning Ways: thế đầu hòa, a2v thua.
    let s4 = "D.../D.../D.../.TTT";
    let f = dodgem_move(s4, Side::Black, Rule::WinningWays, "a4>");
    assert!(f.ok() && f.message.contains("hòa"), "{}", f.message);
    wrong_with(
        dodgem_move(s4, Side::Black, Rule::WinningWays, "a2v"),
        "Trắng thắng được",
    );
    let f = dodgem_move(
        "D..../D..../D..../D..../.TTTT",
        Side::Black,
        Rule::Lecture,
        "a5>",
    );
    assert!(
        f.message.contains("Chỉ chấm được bàn 3×3 và 4×4"),
        "{}",
        f.message
    );
}

#[test]
fn dodgem_node_count_mistakes_are_named() {
    let start = "D../D../.TT";
    let game = Dodgem::new(3).unwrap();
    let truth = SearchPlayer::new(Algorithm::Minimax, 2)
        .search(&game, &game.start())
        .unwrap();
    let n = truth.nodes_visited;
    let count = |a: Algorithm, d: u32, x: u64| dodgem_nodes(start, Side::Black, a, d, x);
    assert!(count(Algorithm::Minimax, 2, n).ok());
    wrong_with(
        count(Algorithm::Minimax, 2, n - 1),
        "quên đếm chính nút gốc",
    );
    wrong_with(
        count(Algorithm::Minimax, 2, truth.leaves_evaluated),
        "số nút được lượng giá",
    );
    wrong_with(count(Algorithm::Window, 2, n), "số nút của vét cạn");
    let p = Problem::on_board(
        start,
        Side::Black,
        Rule::Lecture,
        DodgemAsk::NodeCount(Algorithm::Minimax),
        Some(2),
    )
    .unwrap();
    wrong_with(p.grade(1000, 1), "mức 1: 3 nút");
    let f = count(Algorithm::Minimax, 9, 1);
    assert!(f.message.contains("từ 1 đến 6"), "{}", f.message);
}

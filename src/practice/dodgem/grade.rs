//! Bộ chấm, đáp án và lời giải của họ bài Dodgem (`practice/dodgem.rs`):
//! lượng giá một bàn cờ theo hàm của bài giảng (từng thành phần), nước đi tốt
//! nhất khi nhìn trước hai nước, nước giữ kết quả, số nút. Mọi đáp án do mô-đun
//! [`crate::dodgem`] và bộ tìm kiếm chung tính.

use super::DodgemProblem;
use crate::dodgem::eval::{off_board_value, square_value, DIRECT_BLOCK, INDIRECT_BLOCK};
use crate::dodgem::notation::{move_name, parse_move, square_name};
use crate::dodgem::{breakdown, Dodgem, DodgemMove, Position, Rule, SearchPlayer, Side, Solution};
use crate::outcome::Outcome;
use crate::practice::answer::{parse_integer, parse_number, Answer};
use crate::practice::check::{Check, Graded, Unreadable};
use crate::practice::expected::{joined, list};
use crate::practice::feedback::{Mistake, MistakeKind};
use crate::practice::level::Level;
use crate::random::SplitMix64;
use crate::search::{Algorithm, SearchResult, Searcher};
use crate::value::fmt_value;
use std::sync::OnceLock;

/// Luật dùng cho bài luyện tập: bàn 3×3, luật của bài giảng, Đen đi trước.
pub fn practice_game() -> Dodgem {
    Dodgem::new(3).expect("bàn 3×3 luôn hợp lệ")
}

/// Một thế cờ đạt được từ thế đầu sau vài nước ngẫu nhiên (2–6 nước ở mức dễ,
/// 4–10 ở mức vừa, 6–14 ở mức khó), chưa kết thúc, còn ít nhất hai nước đi.
/// `all_on_board`: mọi xe còn trên bàn (chưa xe nào ra).
pub(crate) fn random_position(rng: &mut SplitMix64, level: Level, all_on_board: bool) -> Position {
    let game = practice_game();
    let (lo, hi) = level.pick([(2, 6), (4, 10), (6, 14)]);
    loop {
        let plies = rng.range(lo, hi);
        let mut pos = game.start();
        for _ in 0..plies {
            let moves = game.moves(&pos);
            // Ván kết thúc giữa chừng: thế cuối cũng đã kết thúc, bị loại bên dưới.
            if moves.is_empty() || game.end(&pos).is_some() {
                break;
            }
            let k = rng.range(0, moves.len() as i64 - 1) as usize;
            pos = game.after(&pos, moves[k]);
        }
        let full = pos.board.cars_off(Side::Black) == 0 && pos.board.cars_off(Side::White) == 0;
        if game.end(&pos).is_none() && game.moves(&pos).len() >= 2 && (full || !all_on_board) {
            return pos;
        }
    }
}

/// Năm thành phần của giá trị một bàn cờ, theo thứ tự bài hỏi.
pub(crate) const TERMS: [&str; 5] = [
    "điểm xe Trắng",
    "điểm xe Đen",
    "điểm Trắng cản Đen",
    "điểm Đen cản Trắng",
    "giá trị",
];

/// Năm thành phần: xe Trắng (vị trí, kể cả xe đã ra), xe Đen (âm), Trắng cản
/// Đen (dương), Đen cản Trắng (âm), tổng.
pub(crate) fn terms(pos: &Position) -> [i64; 5] {
    let (b, n) = (breakdown(&pos.board), pos.board.size());
    let cars = |side: Side, squares: i32| {
        let off = pos.board.cars_off(side) as i64;
        i64::from(squares) + off * i64::from(off_board_value(n, side))
    };
    let blocks = |direct: u32, indirect: u32| {
        i64::from(DIRECT_BLOCK) * i64::from(direct)
            + i64::from(INDIRECT_BLOCK) * i64::from(indirect)
    };
    [
        cars(Side::White, b.white_squares),
        cars(Side::Black, b.black_squares),
        blocks(b.white_direct, b.white_indirect),
        -blocks(b.black_direct, b.black_indirect),
        i64::from(b.value),
    ]
}

/// Cách tính từng thành phần, bằng lời.
fn term_details(pos: &Position) -> [String; 5] {
    let (board, n) = (&pos.board, pos.board.size());
    let cars = |side: Side| {
        let square = |&(r, c): &(usize, usize)| {
            let (at, value) = (square_name(n, r, c), square_value(n, side, r, c));
            format!("{} ở {at}: {value}", side.name())
        };
        let mut parts: Vec<String> = board.cars(side).iter().map(square).collect();
        let (off, value) = (board.cars_off(side), off_board_value(n, side));
        if off > 0 {
            parts.push(format!("{off} xe đã ra: {value} mỗi xe"));
        }
        parts.join(", ")
    };
    let blocks = |who: &str, sign: char, direct: u32, indirect: u32, total: i64| {
        format!(
            "{who} cản trực tiếp {direct} lần ({sign}{DIRECT_BLOCK} mỗi lần), gián tiếp {indirect} \
             lần ({sign}{INDIRECT_BLOCK}) → {total}"
        )
    };
    let (b, t) = (breakdown(board), terms(pos));
    [
        format!("{} → {}", cars(Side::White), t[0]),
        format!("{} → {}", cars(Side::Black), t[1]),
        blocks("Trắng", '+', b.white_direct, b.white_indirect, t[2]),
        blocks("Đen", '−', b.black_direct, b.black_indirect, t[3]),
        format!("{} + ({}) + {} + ({}) = {}", t[0], t[1], t[2], t[3], t[4]),
    ]
}

/// Lời giải bài lượng giá: cách tính từng thành phần, câu cuối có dấu chấm.
pub(crate) fn eval_steps(pos: &Position) -> Vec<String> {
    let mut steps = Vec::from(term_details(pos));
    steps[4].push('.');
    steps
}

/// Chấm năm thành phần của hàm lượng giá.
pub(crate) fn grade_eval(pos: &Position, answer: &Answer) -> Graded {
    let got: Option<Vec<i64>> = answer.words().iter().map(|w| parse_integer(w)).collect();
    let Some(got) = got.filter(|g| g.len() == 5) else {
        let terms = TERMS.join(", ");
        return Err(Unreadable(format!(
            "cần đúng năm số nguyên theo thứ tự: {terms}"
        )));
    };
    let (want, details) = (terms(pos), term_details(pos));
    let (direct, indirect) = (i64::from(DIRECT_BLOCK), i64::from(INDIRECT_BLOCK));
    let mut mistakes = Vec::new();
    for k in (0..4).filter(|&k| got[k] != want[k]) {
        let diff = (got[k] - want[k]).abs();
        let why = match k {
            2 | 3 if diff % indirect == 0 && diff % direct != 0 => {
                ": xem lại các lần cản gián tiếp (cách đúng hai ô)"
            }
            2 | 3 if diff % direct == 0 => ": xem lại các lần cản trực tiếp (ô ngay trước mặt)",
            1 if got[k] == -want[k] => ": điểm của xe Đen mang dấu âm",
            0 | 1 => ": xem lại bảng điểm vị trí",
            _ => "",
        };
        mistakes.push(Mistake::new(
            MistakeKind::WrongTerm,
            format!("{} chưa đúng{why}.", TERMS[k]),
            format!("{} phải là {}: {}.", TERMS[k], want[k], details[k]),
        ));
    }
    // Tổng sai: lỗi cộng, trừ khi nó chỉ là hệ quả của các thành phần sai ở trên
    // (sinh viên cộng đúng các số của mình).
    let sum: i64 = got[..4].iter().sum();
    if got[4] != want[4] && (mistakes.is_empty() || got[4] != sum) {
        mistakes.push(Mistake::new(
            MistakeKind::WrongSum,
            "Giá trị cuối cùng là tổng của bốn thành phần: cộng lại chưa đúng.",
            format!("Giá trị: {}.", details[4]),
        ));
    }
    if mistakes.is_empty() {
        return Check::right(eval_steps(pos).join("; "));
    }
    Check::mistakes(mistakes)
}

/// Giá trị (theo Trắng) của thế `pos` khi nhìn trước `depth` nước (`0`: kết
/// cục nếu ván đã xong, nếu không thì hàm lượng giá).
fn value(pos: &Position, depth: u32) -> f64 {
    let game = practice_game();
    let r = Searcher::minimax().depth(depth).run_from(&game, pos);
    r.map_or(f64::NAN, |r| r.value)
}

/// Giá trị (theo Trắng) của mỗi nước đi từ `pos` khi sau nước ấy còn nhìn trước
/// `depth` nước: `depth = 1` là nhìn trước hai nước (đi nước đó, đối thủ trả lời
/// tốt nhất, rồi lượng giá).
fn move_values(pos: &Position, depth: u32) -> Vec<(DodgemMove, f64)> {
    let game = practice_game();
    let value_after = |m| (m, value(&game.after(pos, m), depth));
    game.moves(pos).into_iter().map(value_after).collect()
}

/// Nước tốt nhất (có thể nhiều) và giá trị của gốc khi nhìn trước hai nước.
pub(crate) fn best(pos: &Position) -> (Vec<DodgemMove>, f64) {
    let values = move_values(pos, 1);
    let v = pos.to_move.player().pick(values.iter().map(|&(_, x)| x));
    let moves = values.iter().filter(|&&(_, x)| x == v).map(|&(m, _)| m);
    (moves.collect(), v)
}

/// "a2> → 35, a3> → -5, …".
fn values_text(values: &[(DodgemMove, f64)]) -> String {
    let text = |&(m, v): &(DodgemMove, f64)| format!("{} → {}", move_name(3, m), fmt_value(v));
    list(values.iter().map(text))
}

/// Vì sao nước `m` có giá trị ấy: các câu trả lời của đối thủ.
fn replies_text(pos: &Position, m: DodgemMove) -> String {
    let game = practice_game();
    let (child, name) = (game.after(pos, m), move_name(3, m));
    if let Some(end) = game.end(&child) {
        let (winner, v) = (end.winner.name(), fmt_value(value(&child, 0)));
        return format!("sau {name}, ván kết thúc: {winner} thắng (giá trị {v})");
    }
    let (opp, replies) = (child.to_move, move_values(&child, 0));
    format!(
        "sau {name}, {0} trả lời: {1}; {0} chọn {2}: {3}",
        opp.name(),
        values_text(&replies),
        largest_or_smallest(opp),
        fmt_value(opp.player().pick(replies.iter().map(|&(_, x)| x)))
    )
}

/// "lớn nhất" (Trắng, MAX) hay "nhỏ nhất" (Đen, MIN).
fn largest_or_smallest(side: Side) -> &'static str {
    match side {
        Side::White => "lớn nhất",
        Side::Black => "nhỏ nhất",
    }
}

/// Vì sao nước tốt nhất `mv` có giá trị ấy: các câu trả lời của đối thủ, giá
/// trị mọi nước, và các nước tốt như nhau (lời khen của bài và lời giải).
pub(crate) fn best_reason(pos: &Position, mv: DodgemMove) -> String {
    let (best_moves, best_value) = best(pos);
    let names: Vec<String> = best_moves.iter().map(|&m| move_name(3, m)).collect();
    let also = match names.len() {
        0 | 1 => String::new(),
        _ => format!(" Các nước {} đều tốt như nhau.", names.join(", ")),
    };
    format!(
        "{} có giá trị {}: {}. Giá trị các nước: {}.{also}",
        move_name(3, mv),
        fmt_value(best_value),
        replies_text(pos, mv),
        values_text(&move_values(pos, 1)),
    )
}

/// Nước đi `text` đọc được và hợp lệ ở `pos`; không thì lời chấm "nước không
/// hợp lệ" (bậc 2 kể các nước đi được: "Các nước hợp lệ của Đen: a3>, a2>, …").
fn legal_move(game: &Dodgem, pos: &Position, text: &str) -> Result<DodgemMove, Graded> {
    parse_move(game, pos, text).map_err(|e| {
        let n = pos.board.size();
        let moves = list(game.moves(pos).iter().map(|&m| move_name(n, m)));
        let side = pos.to_move.name();
        let detail = format!("{e}. Các nước hợp lệ của {side}: {moves}.");
        Check::wrong(MistakeKind::IllegalMove, format!("{e}."), detail)
    })
}

/// Chấm nước tốt nhất khi nhìn trước hai nước và giá trị của nó: `a2> 35`.
pub(crate) fn grade_best(pos: &Position, answer: &Answer) -> Graded {
    let words = answer.words();
    let number = words.iter().rev().find_map(|w| parse_number(w));
    let mv_text: Vec<&String> = words.iter().filter(|w| parse_number(w).is_none()).collect();
    let (Some(value), [mv_text]) = (number, mv_text.as_slice()) else {
        return Err(Unreadable(
            "cần một nước đi và giá trị của nó, ví dụ `a2> 35` (nước rồi số, cách nhau dấu cách)"
                .into(),
        ));
    };
    let mv = match legal_move(&practice_game(), pos, mv_text) {
        Ok(m) => m,
        Err(c) => return c,
    };
    let (name, me) = (move_name(3, mv), pos.to_move.name());
    let values = move_values(pos, 1);
    if !best(pos).0.contains(&mv) {
        return Check::wrong(
            MistakeKind::NotBestMove,
            format!(
                "{name} chưa phải nước tốt nhất cho {me} khi nhìn trước hai nước: nhớ rằng đối thủ \
                 trả lời tốt nhất."
            ),
            format!(
                "{}. Giá trị các nước (theo Trắng): {}; {me} chọn giá trị {}.",
                replies_text(pos, mv),
                values_text(&values),
                largest_or_smallest(pos.to_move)
            ),
        );
    }
    if !values.contains(&(mv, value)) {
        return Check::wrong(
            MistakeKind::WrongMoveValue,
            format!("Nước {name} đúng, nhưng giá trị của nó chưa đúng."),
            format!("{}.", replies_text(pos, mv)),
        );
    }
    Check::right(best_reason(pos, mv))
}

// --- Giá trị một bàn cờ (một số) ------------------------------------------------

/// Chấm giá trị hàm lượng giá (theo Trắng) của một bàn cờ, chỉ một số. Khi sai,
/// đoán phần bị sót hay bị nhầm: ngược dấu, chỉ cộng điểm vị trí, quên xe đã ra,
/// cộng điểm cản của Đen thay vì trừ, đổi chỗ 40 và 30, thiếu một loại cản.
pub(crate) fn grade_value(pos: &Position, answer: &Answer) -> Graded {
    let x = answer.single_integer("một số nguyên")?;
    let d = breakdown(&pos.board);
    let value = i64::from(d.value);
    if x == value {
        return Check::right(eval_steps(pos).join("; "));
    }
    let (wd, wi) = (i64::from(d.white_direct), i64::from(d.white_indirect));
    let (bd, bi) = (i64::from(d.black_direct), i64::from(d.black_indirect));
    let (direct, indirect) = (i64::from(DIRECT_BLOCK), i64::from(INDIRECT_BLOCK));
    let squares = i64::from(d.white_squares + d.black_squares + d.off_board);
    let pairs = wd + wi + bd + bi;
    let guesses: [(bool, MistakeKind, &str); 7] = [
        (
            x == -value,
            MistakeKind::SignFlipped,
            "Có vẻ bạn tính ngược dấu: giá trị tính theo Trắng (MAX), nên xe Trắng và Trắng cản \
             Đen làm giá trị tăng, xe Đen và Đen cản Trắng làm giá trị giảm.",
        ),
        (
            x == squares && pairs > 0,
            MistakeKind::TermMissing,
            "Bạn mới cộng điểm vị trí của các xe; còn điểm cản: Trắng cản Đen +40 (trực tiếp) \
             hoặc +30 (gián tiếp), Đen cản Trắng −40 hoặc −30. Bàn này có ít nhất một cặp cản.",
        ),
        (
            d.off_board != 0 && x == value - i64::from(d.off_board),
            MistakeKind::TermMissing,
            "Bạn chưa tính các xe đã ra khỏi bàn: mỗi xe đã ra được tính như đứng ngay sau mép \
             đích (trên bàn 3×3: xe Trắng +55, xe Đen −55).",
        ),
        (
            bd + bi > 0 && x == squares + direct * (wd + bd) + indirect * (wi + bi),
            MistakeKind::SignFlipped,
            "Điểm cản của Đen phải trừ (−40, −30), vì giá trị tính theo Trắng: Đen cản Trắng là \
             có lợi cho Đen.",
        ),
        (
            (wd - bd) != (wi - bi) && x == squares + indirect * (wd - bd) + direct * (wi - bi),
            MistakeKind::BlockSwapped,
            "Bạn đổi chỗ hai loại cản: cản trực tiếp (xe chắn ngay ô kế tiếp) được 40, cản gián \
             tiếp (cách đúng một ô) được 30.",
        ),
        (
            wi != bi && x == squares + direct * (wd - bd),
            MistakeKind::TermMissing,
            "Bạn đã tính cản trực tiếp nhưng còn sót cản gián tiếp: xe chắn cách đúng hai ô trên \
             đường tiến (cùng hàng với xe Đen, hay cùng cột với xe Trắng), ô ở giữa có gì cũng được.",
        ),
        (
            wd != bd && x == squares + indirect * (wi - bi),
            MistakeKind::TermMissing,
            "Bạn đã tính cản gián tiếp nhưng còn sót cản trực tiếp: xe chắn ngay ô mà xe kia sắp \
             tiến vào (bên phải xe Đen, phía trên xe Trắng).",
        ),
    ];
    let parts = term_details(pos)[..4].join("; ");
    let parts = format!("Bốn phần của bàn này: {parts}.");
    match guesses.iter().find(|(hit, _, _)| *hit) {
        Some(&(_, kind, why)) => Check::wrong(kind, why, format!("{why} {parts}")),
        None => Check::wrong(
            MistakeKind::WrongValue,
            format!(
                "{x} không phải giá trị của bàn này. Tính lại từng phần: (1) điểm vị trí của mỗi xe \
                 Trắng; (2) của mỗi xe Đen (số âm); (3) xe đã ra khỏi bàn; (4) các cặp cản — bàn \
                 này có {pairs} cặp cản, tính cả hai bên."
            ),
            parts,
        ),
    }
}

// --- Nước giữ được kết quả (lời giải chính xác) -----------------------------------

/// Lời giải chính xác của bàn 3×3 hoặc 4×4 theo một luật, tính một lần cho cả
/// chương trình (bàn 4×4 mất chừng một giây).
pub(crate) fn exact(n: usize, rule: Rule) -> Option<&'static Solution> {
    static CACHE: [OnceLock<Option<Solution>>; 4] = [const { OnceLock::new() }; 4];
    let i = 2 * n.checked_sub(3).filter(|&k| k < 2)? + usize::from(rule == Rule::WinningWays);
    CACHE[i]
        .get_or_init(|| Solution::solve(n, rule).ok())
        .as_ref()
}

/// Luật chơi của một bài (bàn cỡ của thế cờ, luật `rule`).
pub(crate) fn game_for(pos: &Position, rule: Rule) -> Dodgem {
    let game = Dodgem::new(pos.board.size()).unwrap_or(practice_game());
    game.with_rule(rule)
}

/// Kết quả (theo bên đến lượt) sau mỗi nước đi từ `pos`, theo lời giải chính xác.
pub(crate) fn exact_moves(pos: &Position, rule: Rule) -> Vec<(DodgemMove, Outcome)> {
    let s = exact(pos.board.size(), rule);
    s.and_then(|s| s.move_outcomes(pos).ok())
        .unwrap_or_default()
}

/// Kết quả chính xác của thế `pos` cho bên đến lượt.
pub(crate) fn exact_outcome(pos: &Position, rule: Rule) -> Outcome {
    let s = exact(pos.board.size(), rule);
    s.and_then(|s| s.outcome(pos).ok()).unwrap_or(Outcome::Draw)
}

/// Các nước giữ được kết quả chính xác của thế `pos`.
pub(crate) fn safe_moves(pos: &Position, rule: Rule) -> Vec<DodgemMove> {
    let goal = exact_outcome(pos, rule).after_best_move();
    let moves = exact_moves(pos, rule).into_iter();
    moves.filter(|&(_, o)| o == goal).map(|(m, _)| m).collect()
}

/// Kết quả nói bằng lời, cho bên `side` đến lượt.
fn outcome_words(o: Outcome, side: Side) -> String {
    match o {
        Outcome::NextWins => format!("{} (đến lượt) thắng", side.name()),
        Outcome::PreviousWins => format!("{} thắng", side.opponent().name()),
        Outcome::Draw => "hòa".to_string(),
    }
}

/// Một thế 3×3 ngẫu nhiên mà bên đến lượt có cả nước giữ được kết quả lẫn nước
/// làm hỏng nó (để bài có ý nghĩa).
pub(crate) fn random_choice_position(rng: &mut SplitMix64, level: Level, rule: Rule) -> Position {
    loop {
        let pos = random_position(rng, level, false);
        let (all, safe) = (exact_moves(&pos, rule).len(), safe_moves(&pos, rule).len());
        if safe > 0 && safe < all {
            return pos;
        }
    }
}

/// Chấm một nước giữ được kết quả chính xác: thắng nếu thế này thắng được, hòa
/// nếu chỉ hòa được. Khi sai, nói nước ấy dẫn tới đâu; ở bậc 2, chỉ một nước
/// đáp của đối thủ làm hỏng nó.
pub(crate) fn grade_safe_move(pos: &Position, rule: Rule, answer: &Answer) -> Graded {
    let (game, n) = (game_for(pos, rule), pos.board.size());
    let words = answer.words();
    let [text] = words.as_slice() else {
        return Err(Unreadable("cần đúng một nước đi, ví dụ `a3>`".into()));
    };
    let mv = match legal_move(&game, pos, text) {
        Ok(m) => m,
        Err(c) => return c,
    };
    let (me, opp) = (pos.to_move.name(), pos.to_move.opponent().name());
    let truth = exact_outcome(pos, rule);
    let goal = truth.after_best_move();
    let (child, name) = (game.after(pos, mv), move_name(n, mv));
    let after = exact_outcome(&child, rule);
    if after == goal {
        let also = match safe_moves(pos, rule).len().saturating_sub(1) {
            0 => " Đó là nước duy nhất như vậy.".to_string(),
            others => format!(" Còn {others} nước khác cũng được."),
        };
        let what = match goal {
            Outcome::PreviousWins => format!("{me} thắng: sau nước này {opp} đi thế nào cũng thua"),
            Outcome::Draw => {
                format!("hòa — thế này {me} không ép thắng được, và nước này giữ được hòa")
            }
            Outcome::NextWins => format!("thế này {me} thua dù đi thế nào"),
        };
        return Check::right(format!("{name} giữ kết quả tốt nhất, {what}.{also}"));
    }
    let (then, refute) = match after {
        Outcome::NextWins => (
            "thắng được",
            exact(n, rule)
                .and_then(|s| s.winning_moves(&child).ok())
                .and_then(|w| w.first().copied())
                .map(|r| format!(" Chẳng hạn {opp} đáp {}.", move_name(n, r)))
                .unwrap_or_default(),
        ),
        _ => (
            "giữ được hòa",
            format!(" {opp} có cách đi vòng mà không thua."),
        ),
    };
    let hint = format!("{name} không giữ được kết quả tốt nhất: sau nước này {opp} {then}.");
    let aim = match goal {
        Outcome::PreviousWins => format!(
            " Thế này {me} thắng được: hãy tìm nước mà sau đó mọi nước của {opp} đều để {me} \
             thắng tiếp."
        ),
        _ => format!(
            " Thế này là {} nếu cả hai chơi đúng: hãy tìm nước giữ được điều đó.",
            outcome_words(truth, pos.to_move)
        ),
    };
    let detail = format!("{hint}{refute}{aim}");
    Check::wrong(MistakeKind::LosesOutcome, hint, detail)
}

/// Các bước của lời giải: kết quả sau mỗi nước.
pub(crate) fn safe_move_steps(pos: &Position, rule: Rule) -> Vec<String> {
    let (n, me) = (pos.board.size(), pos.to_move);
    let (truth, how) = (outcome_words(exact_outcome(pos, rule), me), rule.describe());
    let mut steps = vec![format!("Lời giải chính xác ({how}): thế này {truth}.")];
    // `o` là kết quả cho đối thủ (bên đến lượt sau nước đi).
    let after = |(m, o): (DodgemMove, Outcome)| {
        format!("{} → {}.", move_name(n, m), outcome_words(o, me.opponent()))
    };
    steps.extend(exact_moves(pos, rule).into_iter().map(after));
    steps
}

// --- Đếm nút đã xét ----------------------------------------------------------------

impl DodgemProblem {
    /// Tìm kiếm `depth` nước từ thế của bài bằng `algorithm` (hàm lượng giá của
    /// bài giảng): số nút đã xét, số nút được lượng giá, số nút mỗi mức.
    pub(super) fn search(&self, algorithm: Algorithm) -> Option<SearchResult<DodgemMove>> {
        let game = game_for(&self.pos, Rule::Lecture);
        let player = SearchPlayer::new(algorithm, self.depth);
        player.search(&game, &self.pos).ok()
    }

    /// Chấm số nút mà `algorithm` xét (kể cả gốc) khi nhìn trước `depth` nước.
    pub(super) fn grade_node_count(&self, algorithm: Algorithm, answer: &Answer) -> Graded {
        let x = answer.single_natural("một số tự nhiên")?;
        let (Some(r), Some(full)) = (self.search(algorithm), self.search(Algorithm::Minimax))
        else {
            return Err(Unreadable("không tìm kiếm được từ thế cờ này".into()));
        };
        let (nodes, leaves, full) = (r.nodes_visited, r.leaves_evaluated, full.nodes_visited);
        let (name, per) = (capitalized(algorithm.name_vi()), &r.nodes_per_depth);
        if x == nodes {
            let levels = joined(per, " + ");
            return Check::right(format!(
                "{name} xét {nodes} nút (theo từng mức từ gốc: {levels})."
            ));
        }
        let shown = per.iter().enumerate().take(per.len().saturating_sub(1));
        let shown = list(shown.map(|(k, c)| format!("mức {k}: {c} nút")));
        let cut = match algorithm {
            Algorithm::Minimax => "",
            _ => "; một cây con bị cắt thì không nút nào trong nó được xét",
        };
        let by_level = format!(
            "Đếm theo từng mức: {shown}; đếm tiếp các mức sau (ván đã kết thúc thì không có con{cut})."
        );
        let (kind, hint) = if x + 1 == nodes {
            let hint = "Gần đúng rồi: bạn quên đếm chính nút gốc.";
            (MistakeKind::RootNotCounted, hint.to_string())
        } else if x == leaves && leaves != nodes {
            let hint = "Đó là số nút được lượng giá (lá); đề hỏi mọi nút đã xét, kể cả gốc và \
                        các nút trong.";
            (MistakeKind::LeavesOnly, hint.to_string())
        } else if algorithm != Algorithm::Minimax && x == full && full != nodes {
            let hint = "Đó là số nút của vét cạn; cắt tỉa bỏ qua được một số cây con — hãy tìm \
                        chỗ cắt.";
            (MistakeKind::ExhaustiveCount, hint.to_string())
        } else {
            let hint = format!(
                "{name} không xét {x} nút. Mức 0 là gốc (1 nút), mức 1 có một nút cho mỗi \
                 nước đi hợp lệ của {}.",
                self.pos.to_move.name()
            );
            (MistakeKind::WrongCount, hint)
        };
        let detail = format!("{hint} {by_level}");
        Check::wrong(kind, hint, detail)
    }

    /// Các bước của lời giải bài đếm nút: số nút mỗi mức.
    pub(super) fn node_count_steps(&self, algorithm: Algorithm) -> Vec<String> {
        let Some(r) = self.search(algorithm) else {
            return Vec::new();
        };
        let levels = r.nodes_per_depth.iter().enumerate();
        let mut steps: Vec<String> = levels
            .map(|(k, c)| match k {
                0 => "Mức 0: gốc, 1 nút.".to_string(),
                _ => format!("Mức {k}: {c} nút."),
            })
            .collect();
        steps.push(format!(
            "{} xét tất cả {} nút, trong đó {} nút được lượng giá (ở độ sâu {} hay ván đã kết thúc).",
            capitalized(algorithm.name_vi()),
            r.nodes_visited,
            r.leaves_evaluated,
            self.depth
        ));
        steps
    }
}

/// Viết hoa chữ đầu (tên thuật toán đứng đầu câu).
fn capitalized(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

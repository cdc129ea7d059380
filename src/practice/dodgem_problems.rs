//! Bài luyện tập về Dodgem: lượng giá một bàn cờ theo hàm của bài giảng (từng
//! thành phần), và nước đi tốt nhất khi nhìn trước hai nước. Mọi đáp án do mô-đun
//! [`crate::dodgem`] và bộ tìm kiếm chung tính.

use super::answer::{parse_integer, parse_number, Answer};
use super::feedback::{Check, Mistake, MistakeKind};
use super::level::Level;
use crate::dodgem::eval::{off_board_value, square_value, DIRECT_BLOCK, INDIRECT_BLOCK};
use crate::dodgem::notation::{move_name, parse_move, square_name};
use crate::dodgem::{breakdown, Dodgem, DodgemMove, Position, Side};
use crate::random::SplitMix64;
use crate::search::Searcher;
use crate::value::fmt_value;

/// Luật dùng cho bài luyện tập: bàn 3×3, luật của bài giảng, Đen đi trước.
pub fn practice_game() -> Dodgem {
    Dodgem::new(3).expect("bàn 3×3 luôn hợp lệ")
}

/// Một thế cờ đạt được từ thế đầu sau vài nước ngẫu nhiên (2–4 nước ở mức dễ,
/// 4–8 ở mức vừa, 6–12 ở mức khó), chưa kết thúc, còn ít nhất hai nước đi.
/// `all_on_board`: mọi xe còn trên bàn (chưa xe nào ra).
pub fn random_position(rng: &mut SplitMix64, level: Level, all_on_board: bool) -> Position {
    let game = practice_game();
    let (lo, hi) = match level {
        Level::Easy => (2, 4),
        Level::Medium => (4, 8),
        Level::Hard => (6, 12),
    };
    loop {
        let plies = rng.range(lo, hi);
        let mut pos = game.start();
        let mut ok = true;
        for _ in 0..plies {
            let moves = game.moves(&pos);
            if moves.is_empty() || game.end(&pos).is_some() {
                ok = false;
                break;
            }
            let k = rng.range(0, moves.len() as i64 - 1) as usize;
            pos = game.after(&pos, moves[k]);
        }
        let full = pos.board.cars_off(Side::Black) == 0 && pos.board.cars_off(Side::White) == 0;
        if ok && game.end(&pos).is_none() && game.moves(&pos).len() >= 2 && (full || !all_on_board)
        {
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
    let b = breakdown(&pos.board);
    let n = pos.board.size();
    let white = i64::from(b.white_squares)
        + pos.board.cars_off(Side::White) as i64 * i64::from(off_board_value(n, Side::White));
    let black = i64::from(b.black_squares)
        + pos.board.cars_off(Side::Black) as i64 * i64::from(off_board_value(n, Side::Black));
    let wb = i64::from(DIRECT_BLOCK) * i64::from(b.white_direct)
        + i64::from(INDIRECT_BLOCK) * i64::from(b.white_indirect);
    let bb = -(i64::from(DIRECT_BLOCK) * i64::from(b.black_direct)
        + i64::from(INDIRECT_BLOCK) * i64::from(b.black_indirect));
    [white, black, wb, bb, i64::from(b.value)]
}

/// Cách tính từng thành phần, bằng lời.
fn term_details(pos: &Position) -> [String; 5] {
    let board = &pos.board;
    let n = board.size();
    let cars = |side: Side| {
        let mut parts: Vec<String> = board
            .cars(side)
            .iter()
            .map(|&(r, c)| {
                format!(
                    "{} ở {}: {}",
                    side.name(),
                    square_name(n, r, c),
                    square_value(n, side, r, c)
                )
            })
            .collect();
        let off = board.cars_off(side);
        if off > 0 {
            parts.push(format!(
                "{off} xe đã ra: {} mỗi xe",
                off_board_value(n, side)
            ));
        }
        parts.join(", ")
    };
    let b = breakdown(board);
    let t = terms(pos);
    [
        format!("{} → {}", cars(Side::White), t[0]),
        format!("{} → {}", cars(Side::Black), t[1]),
        format!(
            "Trắng cản trực tiếp {} lần (+{DIRECT_BLOCK} mỗi lần), gián tiếp {} lần (+{INDIRECT_BLOCK}) → {}",
            b.white_direct, b.white_indirect, t[2]
        ),
        format!(
            "Đen cản trực tiếp {} lần (−{DIRECT_BLOCK} mỗi lần), gián tiếp {} lần (−{INDIRECT_BLOCK}) → {}",
            b.black_direct, b.black_indirect, t[3]
        ),
        format!("{} + ({}) + {} + ({}) = {}", t[0], t[1], t[2], t[3], t[4]),
    ]
}

/// Đáp án dạng chữ: "15, -10, 70, 0, 75".
pub(crate) fn terms_text(pos: &Position) -> String {
    terms(pos)
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Chấm năm thành phần của hàm lượng giá.
pub(crate) fn grade_eval(pos: &Position, answer: &Answer) -> Check {
    let words = answer.words();
    let nums: Vec<Option<i64>> = words.iter().map(|w| parse_integer(w)).collect();
    if nums.len() != 5 || nums.iter().any(Option::is_none) {
        return Check::Unreadable(format!(
            "cần đúng năm số nguyên theo thứ tự: {}",
            TERMS.join(", ")
        ));
    }
    let got: Vec<i64> = nums.into_iter().flatten().collect();
    let want = terms(pos);
    let details = term_details(pos);
    let mut mistakes = Vec::new();
    for k in 0..4 {
        if got[k] == want[k] {
            continue;
        }
        let diff = (got[k] - want[k]).abs();
        let hint = match k {
            2 | 3
                if diff % i64::from(INDIRECT_BLOCK) == 0 && diff % i64::from(DIRECT_BLOCK) != 0 =>
            {
                format!(
                    "{} chưa đúng: xem lại các lần cản gián tiếp (cách đúng hai ô).",
                    TERMS[k]
                )
            }
            2 | 3 if diff % i64::from(DIRECT_BLOCK) == 0 => {
                format!(
                    "{} chưa đúng: xem lại các lần cản trực tiếp (ô ngay trước mặt).",
                    TERMS[k]
                )
            }
            1 if got[k] == -want[k] => {
                format!("{} chưa đúng: điểm của xe Đen mang dấu âm.", TERMS[k])
            }
            0 | 1 => format!("{} chưa đúng: xem lại bảng điểm vị trí.", TERMS[k]),
            _ => format!("{} chưa đúng.", TERMS[k]),
        };
        mistakes.push(Mistake::new(
            MistakeKind::WrongTerm,
            hint,
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
        return Check::Right(format!(
            "{}; {}; {}; {}; {}.",
            details[0], details[1], details[2], details[3], details[4]
        ));
    }
    Check::Wrong(mistakes)
}

/// Giá trị (theo Trắng) của mỗi nước đi từ `pos` khi nhìn trước hai nước: đi
/// nước đó, đối thủ trả lời tốt nhất, rồi lượng giá.
pub(crate) fn move_values(pos: &Position) -> Vec<(DodgemMove, f64)> {
    let game = practice_game();
    game.moves(pos)
        .into_iter()
        .map(|m| {
            let child = game.after(pos, m);
            let v = Searcher::minimax()
                .depth(1)
                .run_from(&game, &child)
                .map(|r| r.value)
                .unwrap_or(f64::NAN);
            (m, v)
        })
        .collect()
}

/// Nước tốt nhất (có thể nhiều) và giá trị của gốc khi nhìn trước hai nước.
pub(crate) fn best(pos: &Position) -> (Vec<DodgemMove>, f64) {
    let values = move_values(pos);
    let side = pos.to_move;
    let pick = |a: f64, b: f64| {
        if side == Side::White {
            a.max(b)
        } else {
            a.min(b)
        }
    };
    let start = if side == Side::White {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    let v = values.iter().fold(start, |acc, &(_, x)| pick(acc, x));
    (
        values
            .iter()
            .filter(|&&(_, x)| x == v)
            .map(|&(m, _)| m)
            .collect(),
        v,
    )
}

/// "a2> → 35, a3> → -5, …".
fn values_text(pos: &Position) -> String {
    move_values(pos)
        .iter()
        .map(|&(m, v)| format!("{} → {}", move_name(3, m), fmt_value(v)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Giá trị (theo Trắng) của một thế ở cuối tầm nhìn: kết cục nếu ván đã xong,
/// nếu không thì hàm lượng giá.
fn horizon_value(pos: &Position) -> f64 {
    Searcher::minimax()
        .depth(0)
        .run_from(&practice_game(), pos)
        .map(|r| r.value)
        .unwrap_or(f64::NAN)
}

/// Vì sao nước `m` có giá trị ấy: các câu trả lời của đối thủ.
fn replies_text(pos: &Position, m: DodgemMove) -> String {
    let game = practice_game();
    let child = game.after(pos, m);
    if let Some(end) = game.end(&child) {
        return format!(
            "sau {}, ván kết thúc: {} thắng (giá trị {})",
            move_name(3, m),
            end.winner.name(),
            fmt_value(horizon_value(&child))
        );
    }
    let opp = child.to_move;
    let replies: Vec<(DodgemMove, f64)> = game
        .moves(&child)
        .into_iter()
        .map(|r| (r, horizon_value(&game.after(&child, r))))
        .collect();
    let pick = replies.iter().map(|&(_, v)| v).fold(
        if opp == Side::White {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        },
        |a, b| {
            if opp == Side::White {
                a.max(b)
            } else {
                a.min(b)
            }
        },
    );
    let list: Vec<String> = replies
        .iter()
        .map(|&(r, v)| format!("{} → {}", move_name(3, r), fmt_value(v)))
        .collect();
    format!(
        "sau {}, {} trả lời: {}; {} chọn {}: {}",
        move_name(3, m),
        opp.name(),
        list.join(", "),
        opp.name(),
        if opp == Side::White {
            "lớn nhất"
        } else {
            "nhỏ nhất"
        },
        fmt_value(pick)
    )
}

/// Chấm nước tốt nhất khi nhìn trước hai nước và giá trị của nó: `a2> 35`.
pub(crate) fn grade_best(pos: &Position, answer: &Answer) -> Check {
    let game = practice_game();
    let words = answer.words();
    let number = words.iter().rev().find_map(|w| parse_number(w));
    let mv_text: Vec<&String> = words.iter().filter(|w| parse_number(w).is_none()).collect();
    let (Some(value), [mv_text]) = (number, mv_text.as_slice()) else {
        return Check::Unreadable(
            "cần một nước đi và giá trị của nó, ví dụ `a2> 35` (nước rồi số, cách nhau dấu cách)"
                .into(),
        );
    };
    let mv = match parse_move(&game, pos, mv_text) {
        Ok(m) => m,
        Err(e) => {
            return Check::Wrong(vec![Mistake::new(
                MistakeKind::IllegalMove,
                format!(
                    "`{mv_text}` không phải nước đi hợp lệ của {}.",
                    pos.to_move.name()
                ),
                format!("{e}."),
            )])
        }
    };
    let (best_moves, best_value) = best(pos);
    let side = pos.to_move;
    let values = move_values(pos);
    let mine = values
        .iter()
        .find(|&&(m, _)| m == mv)
        .map_or(f64::NAN, |&(_, v)| v);
    let mut mistakes = Vec::new();
    if !best_moves.contains(&mv) {
        mistakes.push(Mistake::new(
            MistakeKind::NotBestMove,
            format!(
                "{} chưa phải nước tốt nhất cho {} khi nhìn trước hai nước: nhớ rằng đối thủ trả lời tốt nhất.",
                move_name(3, mv),
                side.name()
            ),
            format!(
                "{}. Giá trị các nước (theo Trắng): {}; {} chọn giá trị {}.",
                replies_text(pos, mv),
                values_text(pos),
                side.name(),
                if side == Side::White { "lớn nhất" } else { "nhỏ nhất" }
            ),
        ));
    } else if value != mine {
        mistakes.push(Mistake::new(
            MistakeKind::WrongMoveValue,
            format!(
                "Nước {} đúng, nhưng giá trị của nó chưa đúng.",
                move_name(3, mv)
            ),
            format!("{}.", replies_text(pos, mv)),
        ));
    }
    if mistakes.is_empty() {
        let names: Vec<String> = best_moves.iter().map(|&m| move_name(3, m)).collect();
        return Check::Right(format!(
            "{} có giá trị {}: {}. Giá trị các nước: {}.{}",
            move_name(3, mv),
            fmt_value(best_value),
            replies_text(pos, mv),
            values_text(pos),
            if names.len() > 1 {
                format!(" Các nước {} đều tốt như nhau.", names.join(", "))
            } else {
                String::new()
            }
        ));
    }
    Check::Wrong(mistakes)
}

//! Họ bài **quân Hậu** (chương 5): mọi ô "thắng" (G = 0) trên một bàn nhỏ,
//! hoặc một nước thắng từ một ô cho trước ([`QueenProblem`]): đề, đáp án, bộ
//! chấm, lời giải và hình.

use super::answer::{numbers_in, Answer};
use super::check::{Check, Graded, Unreadable};
use super::error::PracticeError;
use super::expected::{list, Expected};
use super::family::{named, only_in, Asks, Family, KindInfo};
use super::feedback::{Mistake, MistakeKind};
use super::level::{Level, Topic};
use super::solution::drawn;
use super::Problem;
use crate::grundy::games::queen::{queen_table, Queen, QueenMove};
use crate::grundy::ImpartialGame;
use crate::limits;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;

/// Bài quân Hậu: điều bài hỏi cùng dữ liệu của nó.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum QueenProblem {
    /// Mọi ô "thắng" trên bàn `side × side`.
    Positions { side: u32 },
    /// Một nước thắng của Hậu đang ở ô `cell` trên bàn `side × side`.
    Move { side: u32, cell: (u32, u32) },
}

/// Điều bài quân Hậu hỏi (dạng bài [`Kind::Queen`](super::Kind::Queen)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueenAsk {
    /// Mọi ô "thắng" (G = 0) trên một bàn nhỏ.
    Positions,
    /// Một nước thắng từ một ô cho trước.
    Move,
}

impl Problem {
    /// Bài "mọi ô thắng của quân Hậu" trên bàn `n × n` (1 ≤ n ≤
    /// [`limits::PRACTICE_QUEEN_SIDE`](crate::limits::PRACTICE_QUEEN_SIDE)); ô
    /// (p, q) với 0 ≤ p, q < n. Câu trả lời như `"(0, 0), (1, 2), (2, 1)"` hay
    /// `&[(0, 0), (1, 2), (2, 1)]`.
    ///
    /// ```
    /// use caytrochoi::practice::Problem;
    /// let bai = Problem::on_queen_board(4).unwrap();
    /// let f = bai.check(&[(0, 0), (1, 2), (2, 1), (3, 3)]);
    /// assert!(f.message.contains("(3, 3) và (0, 0)"));
    /// assert!(bai.check("(0, 0), (1, 2), (2, 1)").ok());
    /// ```
    pub fn on_queen_board(n: u32) -> Result<Problem, PracticeError> {
        let max = limits::PRACTICE_QUEEN_SIDE;
        if !(1..=max).contains(&n) {
            return Err(PracticeError::Invalid(format!(
                "Bàn cờ phải có cạnh từ 1 đến {max} (gặp {n})."
            )));
        }
        Ok(Problem::given(QueenProblem::Positions { side: n }))
    }
}

impl Asks for QueenProblem {
    type Ask = QueenAsk;

    fn asks() -> Vec<(QueenAsk, KindInfo)> {
        let all = [
            (QueenAsk::Positions, "quan-hau", "các ô thắng của quân Hậu"),
            (QueenAsk::Move, "nuoc-hau", "nước thắng của quân Hậu"),
        ];
        named(Topic::Grundy, &all)
    }

    fn in_topic(topic: Topic, _: Level) -> Vec<QueenAsk> {
        only_in(topic, Topic::Grundy, vec![QueenAsk::Move])
    }

    /// Các ô "thắng" trên bàn cạnh 4–5 (dễ), 6–7 (vừa) hay 8–9 (khó); nước thắng
    /// trên bàn cạnh 6, 10 hay 16.
    fn generate(ask: QueenAsk, level: Level, rng: &mut SplitMix64) -> QueenProblem {
        let (small, side) = level.pick([(4, 6), (6, 10), (8, 16)]);
        match ask {
            QueenAsk::Positions => QueenProblem::Positions {
                side: rng.range(small, small + 1) as u32,
            },
            QueenAsk::Move => QueenProblem::Move {
                side,
                cell: random_cell(rng, side),
            },
        }
    }

    fn ask(&self) -> QueenAsk {
        match self {
            QueenProblem::Positions { .. } => QueenAsk::Positions,
            QueenProblem::Move { .. } => QueenAsk::Move,
        }
    }
}

impl Family for QueenProblem {
    fn statement(&self) -> String {
        match *self {
            QueenProblem::Move { side, cell } => format!(
                "Trò chơi quân Hậu trên bàn {side} × {side} (ô (p, q), 0 ≤ p, q < {side}): Hậu \
                 đang ở ô {}; mỗi lượt đi sang trái, xuống dưới hoặc chéo trái-xuống bao nhiêu ô \
                 cũng được (ít nhất một); ai đến lượt mà Hậu đã ở (0, 0) thì thua. Người đến lượt \
                 có nước thắng: Hậu nên đi tới ô nào?",
                cell_text(cell)
            ),
            QueenProblem::Positions { side: n } => format!(
                "Trò chơi quân Hậu trên bàn {n} × {n}: Hậu ở ô (p, q) mỗi lượt đi sang trái, xuống \
                 dưới hoặc chéo trái-xuống bao nhiêu ô cũng được (ít nhất một); ai đến lượt mà Hậu \
                 đã ở (0, 0) thì thua. Liệt kê mọi ô \"thắng\" của bài giảng (G = 0: người phải đi \
                 từ đó thua)."
            ),
        }
    }

    fn how_to_answer(&self) -> String {
        match self {
            QueenProblem::Move { .. } => "Ghi ô mà Hậu đi tới, ví dụ `(2, 1)`.".into(),
            QueenProblem::Positions { .. } => {
                "Ghi các ô dạng `(p, q)`, cách nhau bởi dấu phẩy, ví dụ `(0, 0), (1, 2)`.".into()
            }
        }
    }

    fn expected(&self) -> Expected {
        match *self {
            QueenProblem::Move { cell, .. } => {
                Expected::AnyOf(winning_targets(cell).into_iter().map(cell_text).collect())
            }
            QueenProblem::Positions { side } => {
                Expected::Set(p_positions(side).into_iter().map(cell_text).collect())
            }
        }
    }

    fn check(&self, a: &Answer) -> Graded {
        match *self {
            QueenProblem::Move { cell, .. } => grade_move(cell, a),
            QueenProblem::Positions { side } => grade_positions(side, a),
        }
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let (steps, side) = match *self {
            QueenProblem::Move { side, cell } => (move_steps(cell), side),
            QueenProblem::Positions { side } => (positions_steps(side), side),
        };
        (steps, drawn(|| crate::plot::queen_outcomes(side)))
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        match *self {
            QueenProblem::Positions { side } => {
                Ok(Some(crate::plot::queen_rounds(side, 0, false)?))
            }
            // Bài nước đi chỉ có chữ: hình các ô thắng sẽ lộ đáp án.
            QueenProblem::Move { .. } => Ok(None),
        }
    }

    /// Cạnh bàn cờ; với bài nước đi: cạnh, rồi ô p, q của Hậu.
    fn numbers(&self) -> Vec<u32> {
        match *self {
            QueenProblem::Positions { side } => vec![side],
            QueenProblem::Move { side, cell } => vec![side, cell.0, cell.1],
        }
    }
}

// --- Sinh bài, chấm, lời giải ----------------------------------------------------

/// Một ô mà người đến lượt thắng (G ≠ 0) trên bàn `side × side`. Không lấy ô ở
/// mép dưới, mép trái hay trên đường chéo chính (từ đó đi thẳng về (0, 0) là
/// thắng ngay).
fn random_cell(rng: &mut SplitMix64, side: u32) -> (u32, u32) {
    let p_cells = p_positions(side);
    loop {
        let cell = (
            rng.range(0, side as i64 - 1) as u32,
            rng.range(0, side as i64 - 1) as u32,
        );
        if cell.0 > 0 && cell.1 > 0 && cell.0 != cell.1 && !p_cells.contains(&cell) {
            return cell;
        }
    }
}

/// Các nước của Hậu từ `cell`, cùng ô tới.
fn reach(cell: (u32, u32)) -> Vec<(QueenMove, (u32, u32))> {
    let moves = Queen.moves(&cell);
    moves.into_iter().map(|m| (m, m.target(cell))).collect()
}

/// Các ô "thắng" (G = 0) tới hàng, cột lớn nhất của `cell`.
fn p_positions_around(cell: (u32, u32)) -> Vec<(u32, u32)> {
    p_positions(cell.0.max(cell.1) + 1)
}

/// Các ô "thắng" mà Hậu đi tới được từ `cell` (các nước thắng).
fn winning_targets(cell: (u32, u32)) -> Vec<(u32, u32)> {
    let p_cells = p_positions_around(cell);
    let targets = reach(cell).into_iter().map(|(_, t)| t);
    targets.filter(|t| p_cells.contains(t)).collect()
}

/// Chấm một nước thắng của quân Hậu từ ô `cell`: ô mà Hậu đi tới, `(p, q)`.
fn grade_move(cell: (u32, u32), answer: &Answer) -> Graded {
    let [a, b] = numbers_in(&answer.joined())[..] else {
        return Err(Unreadable("cần một ô (p, q), ví dụ `(2, 1)`".into()));
    };
    let from = cell_text(cell);
    let typed = |(_, t): &(QueenMove, (u32, u32))| (u64::from(t.0), u64::from(t.1)) == (a, b);
    let Some((mv, target)) = reach(cell).into_iter().find(typed) else {
        return Check::wrong(
            MistakeKind::IllegalMove,
            format!(
                "Hậu không đi được từ {from} tới ({a}, {b}) trong một nước: chỉ đi sang trái, \
                 xuống dưới hoặc chéo trái-xuống."
            ),
            format!(
                "Từ {from} Hậu đi tới các ô cùng hàng bên trái, cùng cột bên dưới, hoặc trên \
                 đường chéo trái-xuống; ({a}, {b}) không thuộc các ô ấy."
            ),
        );
    };
    let (p_cells, to) = (p_positions_around(cell), cell_text(target));
    if p_cells.contains(&target) {
        return Check::right(format!(
            "Đi {mv} tới {to}: đó là một ô \"thắng\" (G = 0), đối thủ phải đi từ một thế thua."
        ));
    }
    let refute = reach(target).into_iter().find(|(_, t)| p_cells.contains(t));
    let (m2, t2) = refute.unwrap_or((mv, target));
    let (t2, all) = (cell_text(t2), cells_text(&p_cells));
    Check::wrong(
        MistakeKind::NotWinningMove,
        format!(
            "Nước này chưa thắng: {to} không phải ô \"thắng\" — từ đó đối thủ có nước tới một ô \
             thắng."
        ),
        format!("Từ {to} đối thủ đi {m2} tới {t2}, một ô thắng. Các ô thắng trên bàn: {all}."),
    )
}

/// Các bước của lời giải "nước thắng của quân Hậu".
fn move_steps(cell: (u32, u32)) -> Vec<String> {
    let (top, all) = (cell.0.max(cell.1), cells_text(&p_positions_around(cell)));
    let mut steps = vec![format!(
        "Các ô \"thắng\" (G = 0) tới hàng, cột {top}: {all} — tìm từ (0, 0) lên, mỗi hàng, mỗi \
         cột, mỗi đường chéo có nhiều nhất một ô (các cặp Wythoff)."
    )];
    let from = cell_text(cell);
    steps.extend(winning_targets(cell).into_iter().map(|t| {
        let t = cell_text(t);
        format!("Từ {from} Hậu đi được tới {t}, một ô thắng: đó là một nước thắng.")
    }));
    steps
}

/// Các ô "thắng" (G = 0, vị trí P) trên bàn `n × n`, theo thứ tự p + q rồi p.
fn p_positions(n: u32) -> Vec<(u32, u32)> {
    let t = queen_table(n.saturating_sub(1), n.saturating_sub(1)).unwrap_or_default();
    let mut cells: Vec<(u32, u32)> = (0..n)
        .flat_map(|p| (0..n).map(move |q| (p, q)))
        .filter(|&(p, q)| t[p as usize][q as usize] == 0)
        .collect();
    cells.sort_by_key(|&(p, q)| (p + q, p));
    cells
}

/// "(p, q)".
fn cell_text((p, q): (u32, u32)) -> String {
    format!("({p}, {q})")
}

/// "(p, q), (p′, q′), …".
fn cells_text(cells: &[(u32, u32)]) -> String {
    list(cells.iter().map(|&c| cell_text(c)))
}

/// Chấm danh sách mọi ô "thắng" của quân Hậu trên bàn `n × n`.
fn grade_positions(n: u32, answer: &Answer) -> Graded {
    let nums = numbers_in(&answer.joined());
    if nums.len() % 2 == 1 {
        return Err(Unreadable(
            "cần các cặp số (p, q), ví dụ `(0, 0), (1, 2)` — đang có một số lẻ cặp".into(),
        ));
    }
    let mut given: Vec<(u32, u32)> = Vec::new();
    for c in nums.chunks(2) {
        let (p, q) = (c[0], c[1]);
        if p >= u64::from(n) || q >= u64::from(n) {
            return Err(Unreadable(format!(
                "ô ({p}, {q}) nằm ngoài bàn {n} × {n} (tọa độ từ 0 đến {})",
                n - 1
            )));
        }
        given.push((p as u32, q as u32));
    }
    given.sort_by_key(|&(p, q)| (p + q, p));
    given.dedup();
    let truth = p_positions(n);
    let mut mistakes = Vec::new();
    for &x in given.iter().filter(|x| !truth.contains(x)) {
        // Các nước từ x tới một ô thắng thật: ưu tiên ô có trong chính câu trả lời.
        let moves = reach(x);
        let to_p = moves.iter().filter(|(_, y)| truth.contains(y));
        let xt = cell_text(x);
        let hint = match to_p.clone().find(|(_, y)| given.contains(y)) {
            Some(&(_, y)) => {
                let yt = cell_text(y);
                format!(
                    "Hai ô {xt} và {yt} đều có trong danh sách, nhưng từ {xt} Hậu đi được tới \
                     {yt}: người đến lượt ở một ô \"thắng\" không thể có nước đi tới một ô \"thắng\" \
                     khác."
                )
            }
            None => format!(
                "Ô {xt} không phải ô thắng: từ đó Hậu có một nước đi (sang trái, xuống, hoặc chéo) \
                 tới một ô thắng."
            ),
        };
        let &(m, y) = to_p.clone().next().unwrap_or(&(QueenMove::Left(0), x));
        let yt = cell_text(y);
        mistakes.push(Mistake::new(
            MistakeKind::NotPPosition,
            hint,
            format!(
                "Ô {xt} không phải ô thắng: từ đó Hậu đi {m} tới {yt}, một ô thắng, nên người đến \
                 lượt ở {xt} thắng."
            ),
        ));
    }
    let missing: Vec<(u32, u32)> = truth
        .iter()
        .copied()
        .filter(|x| !given.contains(x))
        .collect();
    if !missing.is_empty() {
        let mirror = given
            .iter()
            .find(|&&(p, q)| truth.contains(&(p, q)) && !given.contains(&(q, p)))
            .map(|&(p, q)| {
                format!(
                    " Gợi ý: ({p}, {q}) có trong danh sách; luật chơi đối xứng giữa p và q, còn \
                     ({q}, {p}) thì sao?"
                )
            })
            .unwrap_or_default();
        let which = if missing.len() == 1 {
            "ô đó"
        } else {
            "mỗi ô đó"
        };
        mistakes.push(Mistake::new(
            MistakeKind::PPositionMissed,
            format!("Còn thiếu {} ô thắng.{mirror}", missing.len()),
            format!(
                "Còn thiếu {}: mọi nước đi của Hậu từ {which} đều tới một ô không phải ô thắng.",
                cells_text(&missing)
            ),
        ));
    }
    if !mistakes.is_empty() {
        return Check::mistakes(mistakes);
    }
    Check::right(format!(
        "{} ô thắng trên bàn {n} × {n}: {}. Chúng đối xứng qua đường chéo và mỗi hàng, mỗi cột, \
         mỗi đường chéo có nhiều nhất một ô — đó là các cặp Wythoff.",
        truth.len(),
        cells_text(&truth)
    ))
}

/// Các bước của lời giải "mọi ô thắng của quân Hậu".
fn positions_steps(n: u32) -> Vec<String> {
    let mut steps = vec![
        "Ô (0, 0): Hậu không đi được nữa, người đến lượt thua — ô thắng (G = 0).".to_string(),
        "Một ô là ô thắng khi mọi nước đi từ nó đều tới ô không phải ô thắng; một ô không phải ô \
         thắng khi đi được tới một ô thắng. Xét các ô theo p + q tăng dần."
            .to_string(),
    ];
    for (p, q) in p_positions(n).into_iter().skip(1) {
        steps.push(format!(
            "({p}, {q}): không có ô thắng nào cùng hàng, cùng cột hay cùng đường chéo ở phía trái \
             hoặc phía dưới, nên mọi nước đi từ đây tới ô không phải ô thắng — ô thắng."
        ));
    }
    steps.push(
        "Mọi ô khác cùng hàng, cùng cột hay cùng đường chéo với một ô thắng (ở phía trên hoặc bên \
         phải nó) đi được tới ô thắng ấy, nên không phải ô thắng."
            .to_string(),
    );
    steps
}

//! Họ bài **quân Hậu** (chương 5): mọi ô "thắng" (G = 0) trên một bàn nhỏ,
//! hoặc một nước thắng từ một ô cho trước ([`QueenProblem`]): đề, đáp án, bộ
//! chấm, lời giải và hình.

use super::answer::{numbers_in, Answer};
use super::error::PracticeError;
use super::family::{info, only_in, Asks, Family, KindInfo};
use super::feedback::{Check, Mistake, MistakeKind};
use super::level::{Level, Topic};
use super::expected::Expected;
use super::Problem;
use super::solution::drawn;
use crate::grundy::games::queen::{queen_table, Queen};
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

impl QueenProblem {

    /// Cạnh bàn cờ.
    pub(crate) fn side(&self) -> u32 {
        match *self {
            QueenProblem::Positions { side } | QueenProblem::Move { side, .. } => side,
        }
    }
}

impl Asks for QueenProblem {
    type Ask = QueenAsk;

    fn asks() -> Vec<(QueenAsk, KindInfo)> {
        vec![
            info(QueenAsk::Positions, "quan-hau", "các ô thắng của quân Hậu", Topic::Grundy),
            info(QueenAsk::Move, "nuoc-hau", "nước thắng của quân Hậu", Topic::Grundy),
        ]
    }

    fn in_topic(topic: Topic, _: Level) -> Vec<QueenAsk> {
        only_in(topic, Topic::Grundy, vec![QueenAsk::Move])
    }

    fn generate(ask: QueenAsk, level: Level, rng: &mut SplitMix64) -> QueenProblem {
        match ask {
            QueenAsk::Positions => QueenProblem::Positions {
                side: random_queen_side(rng, level),
            },
            QueenAsk::Move => {
                let (side, cell) = random_queen_cell(rng, level);
                QueenProblem::Move { side, cell }
            }
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
            QueenProblem::Move { cell, .. } => Expected::AnyOf(
                queen_winning_targets(cell)
                    .into_iter()
                    .map(cell_text)
                    .collect(),
            ),
            QueenProblem::Positions { side } => {
                Expected::Set(queen_p_positions(side).into_iter().map(cell_text).collect())
            }
        }
    }

    fn check(&self, a: &Answer) -> Check {
        match *self {
            QueenProblem::Move { cell, .. } => grade_queen_move(cell, a),
            QueenProblem::Positions { side } => grade_queen(side, a),
        }
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let steps = match *self {
            QueenProblem::Move { cell, .. } => queen_move_steps(cell),
            QueenProblem::Positions { side } => queen_steps(side),
        };
        (steps, drawn(|| crate::plot::queen_outcomes(self.side())))
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

    fn key_data(&self) -> String {
        match *self {
            QueenProblem::Positions { side } => side.to_string(),
            QueenProblem::Move { side, cell } => format!("{side}|{cell:?}"),
        }
    }
}

// --- Sinh bài, chấm, lời giải ----------------------------------------------------

/// Cạnh bàn cờ cho bài các ô "thắng" của quân Hậu.
pub fn random_queen_side(rng: &mut SplitMix64, level: Level) -> u32 {
    match level {
        Level::Easy => rng.range(4, 5) as u32,
        Level::Medium => rng.range(6, 7) as u32,
        Level::Hard => rng.range(8, 9) as u32,
    }
}

/// Một ô mà người đến lượt thắng (G ≠ 0) trên bàn `side × side`: cạnh 6 (dễ), 10
/// (vừa) hay 16 (khó). Không lấy ô ở mép dưới, mép trái hay trên đường chéo chính
/// (từ đó đi thẳng về (0, 0) là thắng ngay).
pub fn random_queen_cell(rng: &mut SplitMix64, level: Level) -> (u32, (u32, u32)) {
    let side = match level {
        Level::Easy => 6,
        Level::Medium => 10,
        Level::Hard => 16,
    };
    let p_cells = queen_p_positions(side);
    loop {
        let cell = (
            rng.range(0, side as i64 - 1) as u32,
            rng.range(0, side as i64 - 1) as u32,
        );
        if cell.0 > 0 && cell.1 > 0 && cell.0 != cell.1 && !p_cells.contains(&cell) {
            return (side, cell);
        }
    }
}

/// Các ô "thắng" mà Hậu đi tới được từ `cell` (các nước thắng).
pub(crate) fn queen_winning_targets(cell: (u32, u32)) -> Vec<(u32, u32)> {
    let p_cells = queen_p_positions(cell.0.max(cell.1) + 1);
    Queen
        .moves(&cell)
        .iter()
        .map(|m| m.target(cell))
        .filter(|t| p_cells.contains(t))
        .collect()
}

/// Chấm một nước thắng của quân Hậu từ ô `cell`: ô mà Hậu đi tới, `(p, q)`.
pub(crate) fn grade_queen_move(cell: (u32, u32), answer: &Answer) -> Check {
    let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    let [a, b] = nums[..] else {
        return Check::Unreadable("cần một ô (p, q), ví dụ `(2, 1)`".into());
    };
    let reach = Queen.moves(&cell);
    let Some(mv) = reach.iter().copied().find(|m| {
        let t = m.target(cell);
        (u64::from(t.0), u64::from(t.1)) == (a, b)
    }) else {
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::IllegalMove,
            format!(
                "Hậu không đi được từ {} tới ({a}, {b}) trong một nước: chỉ đi sang trái, xuống \
                 dưới hoặc chéo trái-xuống.",
                cell_text(cell)
            ),
            format!(
                "Từ {} Hậu đi tới các ô cùng hàng bên trái, cùng cột bên dưới, hoặc trên đường \
                 chéo trái-xuống; ({a}, {b}) không thuộc các ô ấy.",
                cell_text(cell)
            ),
        )]);
    };
    let target = mv.target(cell);
    let p_cells = queen_p_positions(cell.0.max(cell.1) + 1);
    if p_cells.contains(&target) {
        return Check::Right(format!(
            "Đi {mv} tới {}: đó là một ô \"thắng\" (G = 0), đối thủ phải đi từ một thế thua.",
            cell_text(target)
        ));
    }
    let (m2, t2) = Queen
        .moves(&target)
        .iter()
        .map(|m| (*m, m.target(target)))
        .find(|(_, t)| p_cells.contains(t))
        .unwrap_or((mv, target));
    Check::Wrong(vec![Mistake::new(
        MistakeKind::NotWinningMove,
        format!(
            "Nước này chưa thắng: {} không phải ô \"thắng\" — từ đó đối thủ có nước tới một ô thắng.",
            cell_text(target)
        ),
        format!(
            "Từ {} đối thủ đi {m2} tới {}, một ô thắng. Các ô thắng trên bàn: {}.",
            cell_text(target),
            cell_text(t2),
            p_cells.iter().map(|&c| cell_text(c)).collect::<Vec<_>>().join(", ")
        ),
    )])
}

/// Các bước của lời giải "nước thắng của quân Hậu".
pub(crate) fn queen_move_steps(cell: (u32, u32)) -> Vec<String> {
    let p_cells = queen_p_positions(cell.0.max(cell.1) + 1);
    let mut steps = vec![format!(
        "Các ô \"thắng\" (G = 0) tới hàng, cột {}: {} — tìm từ (0, 0) lên, mỗi hàng, mỗi cột, \
         mỗi đường chéo có nhiều nhất một ô (các cặp Wythoff).",
        cell.0.max(cell.1),
        p_cells
            .iter()
            .map(|&c| cell_text(c))
            .collect::<Vec<_>>()
            .join(", ")
    )];
    for t in queen_winning_targets(cell) {
        steps.push(format!(
            "Từ {} Hậu đi được tới {}, một ô thắng: đó là một nước thắng.",
            cell_text(cell),
            cell_text(t)
        ));
    }
    steps
}

/// Các ô "thắng" (G = 0, vị trí P) trên bàn `n × n`, theo thứ tự p + q rồi p.
pub(crate) fn queen_p_positions(n: u32) -> Vec<(u32, u32)> {
    let t = queen_table(n.saturating_sub(1), n.saturating_sub(1)).unwrap_or_default();
    let mut cells: Vec<(u32, u32)> = (0..n)
        .flat_map(|p| (0..n).map(move |q| (p, q)))
        .filter(|&(p, q)| t[p as usize][q as usize] == 0)
        .collect();
    cells.sort_by_key(|&(p, q)| (p + q, p));
    cells
}

/// "(p, q)".
pub(crate) fn cell_text((p, q): (u32, u32)) -> String {
    format!("({p}, {q})")
}

/// Chấm danh sách mọi ô "thắng" của quân Hậu trên bàn `n × n`.
pub(crate) fn grade_queen(n: u32, answer: &Answer) -> Check {
    let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    if nums.len() % 2 == 1 {
        return Check::Unreadable(
            "cần các cặp số (p, q), ví dụ `(0, 0), (1, 2)` — đang có một số lẻ cặp".into(),
        );
    }
    let mut given: Vec<(u32, u32)> = Vec::new();
    for c in nums.chunks(2) {
        if c[0] >= u64::from(n) || c[1] >= u64::from(n) {
            return Check::Unreadable(format!(
                "ô ({}, {}) nằm ngoài bàn {n} × {n} (tọa độ từ 0 đến {})",
                c[0],
                c[1],
                n - 1
            ));
        }
        let cell = (c[0] as u32, c[1] as u32);
        if !given.contains(&cell) {
            given.push(cell);
        }
    }
    let truth = queen_p_positions(n);
    let is_p = |x: &(u32, u32)| truth.contains(x);
    let mut mistakes = Vec::new();
    given.sort_by_key(|&(p, q)| (p + q, p));
    for &x in given.iter().filter(|x| !is_p(x)) {
        // Một nước từ x tới một ô thắng thật: ưu tiên ô có trong chính câu trả lời.
        let moves = Queen.moves(&x);
        let reach = |only_given: bool| {
            moves
                .iter()
                .map(|m| (*m, m.target(x)))
                .find(|(_, y)| is_p(y) && (!only_given || given.contains(y)))
        };
        let hint = match reach(true) {
            Some((_, y)) => format!(
                "Hai ô {} và {} đều có trong danh sách, nhưng từ {} Hậu đi được tới {}: người đến \
                 lượt ở một ô \"thắng\" không thể có nước đi tới một ô \"thắng\" khác.",
                cell_text(x),
                cell_text(y),
                cell_text(x),
                cell_text(y)
            ),
            None => format!(
                "Ô {} không phải ô thắng: từ đó Hậu có một nước đi (sang trái, xuống, hoặc chéo) tới \
                 một ô thắng.",
                cell_text(x)
            ),
        };
        let (m, y) = reach(false).unwrap_or((crate::grundy::games::queen::QueenMove::Left(0), x));
        mistakes.push(Mistake::new(
            MistakeKind::NotPPosition,
            hint,
            format!(
                "Ô {} không phải ô thắng: từ đó Hậu đi {m} tới {}, một ô thắng, nên người đến lượt ở {} thắng.",
                cell_text(x),
                cell_text(y),
                cell_text(x)
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
            .find(|&&(p, q)| is_p(&(p, q)) && !given.contains(&(q, p)))
            .map(|&(p, q)| {
                format!(
                    " Gợi ý: ({p}, {q}) có trong danh sách; luật chơi đối xứng giữa p và q, còn ({q}, {p}) thì sao?"
                )
            })
            .unwrap_or_default();
        let names: Vec<String> = missing.iter().map(|&x| cell_text(x)).collect();
        mistakes.push(Mistake::new(
            MistakeKind::PPositionMissed,
            format!("Còn thiếu {} ô thắng.{mirror}", missing.len()),
            format!(
                "Còn thiếu {}: mọi nước đi của Hậu từ {} đều tới một ô không phải ô thắng.",
                names.join(", "),
                if missing.len() == 1 {
                    "ô đó"
                } else {
                    "mỗi ô đó"
                }
            ),
        ));
    }
    if mistakes.is_empty() {
        return Check::Right(format!(
            "{} ô thắng trên bàn {n} × {n}: {}. Chúng đối xứng qua đường chéo và mỗi hàng, mỗi cột, \
             mỗi đường chéo có nhiều nhất một ô — đó là các cặp Wythoff.",
            truth.len(),
            truth.iter().map(|&x| cell_text(x)).collect::<Vec<_>>().join(", ")
        ));
    }
    Check::Wrong(mistakes)
}

/// Các bước của lời giải "mọi ô thắng của quân Hậu".
pub(crate) fn queen_steps(n: u32) -> Vec<String> {
    let mut steps = vec![
        "Ô (0, 0): Hậu không đi được nữa, người đến lượt thua — ô thắng (G = 0).".to_string(),
        "Một ô là ô thắng khi mọi nước đi từ nó đều tới ô không phải ô thắng; một ô không phải ô \
         thắng khi đi được tới một ô thắng. Xét các ô theo p + q tăng dần."
            .to_string(),
    ];
    for (p, q) in queen_p_positions(n).into_iter().skip(1) {
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

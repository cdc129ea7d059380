//! Hàm lượng giá so với sự thật: người chơi alpha-beta dùng hàm lượng giá của
//! bài giảng chọn đúng nước (giữ nguyên kết quả chính xác) bao nhiêu lần?
//!
//! Với mỗi thế cờ chưa kết thúc đến được từ thế đầu, ta cho alpha-beta (cửa sổ
//! (α, β)) tìm với độ sâu d rồi xem nước nó chọn: nước ấy **giữ kết quả** nếu
//! nó dẫn tới đúng kết quả mà nước tốt nhất dẫn tới
//! ([`Outcome::after_best_move`]): người đang thắng vẫn thắng, người đang hòa
//! vẫn hòa. Ở thế thua, mọi nước đều "giữ kết quả" (thua vẫn là thua), nên ta
//! đếm riêng các thế **có lựa chọn**, nơi không phải mọi nước đều cho cùng một
//! kết quả.
//!
//! ```
//! use caytrochoi::dodgem::{compare::heuristic_vs_truth, Rule, Solution};
//! let exact = Solution::solve(3, Rule::Lecture).unwrap();
//! let rows = heuristic_vs_truth(&exact, 1..=1).unwrap();
//! assert!(rows[0].agreeing <= rows[0].positions);
//! ```

use super::board::{Board, Side};
use super::error::DodgemError;
use super::eval::evaluate;
use super::rules::{Dodgem, Position};
use super::solver::Solution;
use crate::game::WithHeuristic;
use crate::outcome::Outcome;
use crate::search::Searcher;
#[cfg(feature = "json")]
use serde::Serialize;
use std::collections::{HashSet, VecDeque};
use std::ops::RangeInclusive;

/// Một dòng của bảng so sánh (một độ sâu).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Agreement {
    /// Độ sâu tìm kiếm.
    pub depth: u32,
    /// Số thế cờ chưa kết thúc đã xét.
    pub positions: u64,
    /// Số thế mà nước được chọn giữ nguyên kết quả chính xác.
    pub agreeing: u64,
    /// `agreeing / positions`, tính bằng phần trăm.
    pub percentage: f64,
    /// Số thế có lựa chọn (các nước không cùng một kết quả).
    pub positions_with_choice: u64,
    /// Trong đó, số thế chọn đúng.
    pub agreeing_with_choice: u64,
    /// `agreeing_with_choice / positions_with_choice`, phần trăm.
    pub percentage_with_choice: f64,
}

/// Mọi thế cờ đến được từ thế đầu của `game` (kể cả thế kết thúc), theo thứ
/// tự tìm theo chiều rộng.
pub fn reachable_positions(game: &Dodgem) -> Vec<Position> {
    let start = game.start();
    let mut seen: HashSet<Position> = HashSet::from([start]);
    let mut order = vec![start];
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        if game.end(&p).is_some() {
            continue;
        }
        for mv in game.moves(&p) {
            let c = game.after(&p, mv);
            if seen.insert(c) {
                order.push(c);
                queue.push_back(c);
            }
        }
    }
    order
}

fn percent(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

/// Bảng so sánh cho các độ sâu trong `depths`, trên mọi thế cờ chưa kết thúc
/// đến được từ thế đầu (Đen đi trước; thế cờ có cả hai bên đến lượt). Dùng
/// lời giải `exact` (cùng kích thước và luật). Thích hợp cho bàn 3×3; trên
/// 4×4 có hàng trăm nghìn thế cờ nên chạy lâu.
pub fn heuristic_vs_truth(
    exact: &Solution,
    depths: RangeInclusive<u32>,
) -> Result<Vec<Agreement>, DodgemError> {
    heuristic_vs_truth_with(exact, depths, |b| evaluate(b) as f64)
}

/// Như [`heuristic_vs_truth`], nhưng alpha-beta dùng hàm lượng giá `eval` của
/// bạn (nhận bàn cờ, trả về giá trị theo Trắng, MAX; nên giữ |giá trị| < 1000
/// để thắng/thua thật luôn nặng hơn). Dùng để so hàm của bạn với hàm của bài
/// giảng.
///
/// ```
/// use caytrochoi::dodgem::compare::{heuristic_vs_truth, heuristic_vs_truth_with};
/// use caytrochoi::dodgem::{evaluate, Rule, Side, Solution};
/// let exact = Solution::solve(3, Rule::Lecture).unwrap();
/// // Cùng hàm của bài giảng thì cùng kết quả.
/// let a = heuristic_vs_truth(&exact, 2..=2).unwrap();
/// let b = heuristic_vs_truth_with(&exact, 2..=2, |b| evaluate(b) as f64).unwrap();
/// assert_eq!(a, b);
/// // Hàm "chỉ đếm xe đã ra" chọn nước kém hơn.
/// let dem_xe = |b: &caytrochoi::dodgem::Board| {
///     b.cars_off(Side::White) as f64 - b.cars_off(Side::Black) as f64
/// };
/// let c = heuristic_vs_truth_with(&exact, 2..=2, dem_xe).unwrap();
/// assert!(c[0].agreeing_with_choice < a[0].agreeing_with_choice);
/// ```
pub fn heuristic_vs_truth_with<F>(
    exact: &Solution,
    depths: RangeInclusive<u32>,
    eval: F,
) -> Result<Vec<Agreement>, DodgemError>
where
    F: Fn(&Board) -> f64,
{
    let game = Dodgem::new(exact.size())?
        .with_rule(exact.rule())
        .with_first(Side::Black);
    // Chuẩn bị: kết quả của từng thế cờ và của từng nước đi.
    let mut cases = Vec::new();
    for pos in reachable_positions(&game) {
        if game.end(&pos).is_some() {
            continue;
        }
        let truth = exact.outcome(&pos)?;
        let moves = exact.move_outcomes(&pos)?;
        let choice = moves.iter().any(|(_, o)| *o != moves[0].1);
        cases.push((pos, truth, moves, choice));
    }
    let mut rows = Vec::new();
    for depth in depths {
        let searcher = Searcher::window().depth(depth);
        let with_eval = WithHeuristic::new(game, |_: &Dodgem, p: &Position| eval(&p.board));
        let (mut agree, mut with_choice, mut agree_choice) = (0u64, 0u64, 0u64);
        for (pos, truth, moves, choice) in &cases {
            let r = searcher.run_from(&with_eval, pos)?;
            let picked = r.best_move.ok_or_else(|| {
                DodgemError::Internal("tìm kiếm không trả về nước đi ở thế chưa kết thúc".into())
            })?;
            let got: Outcome = moves
                .iter()
                .find(|(m, _)| *m == picked)
                .map(|(_, o)| *o)
                .ok_or_else(|| DodgemError::Internal("nước đi được chọn không hợp lệ".into()))?;
            let ok = got == truth.after_best_move();
            agree += ok as u64;
            if *choice {
                with_choice += 1;
                agree_choice += ok as u64;
            }
        }
        let positions = cases.len() as u64;
        rows.push(Agreement {
            depth,
            positions,
            agreeing: agree,
            percentage: percent(agree, positions),
            positions_with_choice: with_choice,
            agreeing_with_choice: agree_choice,
            percentage_with_choice: percent(agree_choice, with_choice),
        });
    }
    Ok(rows)
}

/// Bảng kết quả của [`heuristic_vs_truth`] dạng văn bản, mỗi độ sâu một dòng.
pub fn agreement_table(rows: &[Agreement]) -> String {
    let mut out = String::from(
        "  độ sâu | số thế | giữ kết quả | %      | thế có lựa chọn | giữ kết quả | %\n",
    );
    for r in rows {
        out.push_str(&format!(
            "  {:>6} | {:>6} | {:>11} | {:>5.1}% | {:>15} | {:>11} | {:>5.1}%\n",
            r.depth,
            r.positions,
            r.agreeing,
            r.percentage,
            r.positions_with_choice,
            r.agreeing_with_choice,
            r.percentage_with_choice
        ));
    }
    out
}

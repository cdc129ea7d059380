//! Bàn cờ ghi **mã của bài giảng** ở mỗi ô: 1 (thắng, P), 0 (thua, N), −1 (hòa
//! hoặc chưa tính được) — để vẽ lại từng vòng của phép phân loại trạng thái
//! ([`classify_rounds`](crate::grundy::classify_rounds)). Ô vừa được quyết
//! định ở vòng đang vẽ có viền cam.

use super::board::{board_frame, BoardCell, BoardFrame, BoardLayout, Separators};
use super::error::PlotError;
use super::figure::Figure;
use super::grundy::outcome_colours;
use super::label::{Label, LegendKey, BOLD};
use super::text::width as text_width;
use crate::grundy::games::queen::Queen;
use crate::grundy::{classify_rounds, rounds::code, Rounds};
use crate::outcome::Outcome;

/// Bố trí bàn cờ mã: `known[p][q]` là loại đã biết của ô (p, q) (`None`: −1),
/// `fresh[p][q]` đánh dấu ô vừa được quyết định (cùng kích thước, hoặc rỗng nếu
/// không có ô nào). `legend` thêm chú giải ba mã bên dưới.
pub(crate) fn outcome_board_layout(
    title: &str,
    known: &[Vec<Option<Outcome>>],
    fresh: &[Vec<bool>],
    legend: bool,
) -> Result<BoardLayout, PlotError> {
    let lens: Vec<usize> = known.iter().map(Vec::len).collect();
    if !fresh.is_empty() && fresh.iter().map(Vec::len).collect::<Vec<_>>() != lens {
        return Err(PlotError::invalid(
            "bảng đánh dấu ô mới phải cùng kích thước với bàn cờ",
        ));
    }
    let BoardFrame {
        width,
        title,
        frame,
        axis,
        cells: boxes,
    } = board_frame(
        title,
        &lens,
        (text_width(title, 16.0) * BOLD + 40.0).clamp(360.0, 560.0),
    )?;
    let cells = boxes
        .into_iter()
        .map(|(p, q, bounds)| {
            let k = known[p][q];
            let (fill, ink) = outcome_colours(k);
            let text = code(k).to_string().replace('-', "−");
            let (cx, cy) = (
                (bounds.left + bounds.right) / 2.0,
                (bounds.top + bounds.bottom) / 2.0,
            );
            BoardCell {
                p,
                q,
                value: code(k).into(),
                fresh: fresh
                    .get(p)
                    .and_then(|c| c.get(q))
                    .copied()
                    .unwrap_or(false),
                bounds,
                fill,
                label: Label::new(text, cx, cy, 14.0).bold().colour(ink),
            }
        })
        .collect();
    let mut y = frame.bottom + 58.0;
    let mut keys = Vec::new();
    if legend {
        for (k, text) in [
            (
                Some(Outcome::PreviousWins),
                "1 — thắng (P): người phải đi từ ô này thua",
            ),
            (
                Some(Outcome::NextWins),
                "0 — thua (N): người phải đi từ ô này thắng",
            ),
            (None, "−1 — chưa tính được (hoặc hòa)"),
        ] {
            keys.push(LegendKey::new(outcome_colours(k).0, text, 20.0, y));
            y += 21.0;
        }
    }
    Ok(BoardLayout {
        width,
        height: if legend { y } else { frame.bottom + 46.0 },
        title,
        cells,
        frame,
        axis,
        legend: keys,
        notes: Vec::new(),
        separators: Separators::CellBorders,
    })
}

/// Phân loại từng vòng bàn cờ quân Hậu `n × n` (kiểm tra `n` trước).
fn queen_classification(n: u32) -> Result<Rounds<(u32, u32)>, PlotError> {
    if n == 0 || n as usize > crate::limits::DRAWN_BOARD_SIDE {
        return Err(PlotError::invalid(format!(
            "kích thước bàn cờ phải từ 1 đến {} (gặp {n})",
            crate::limits::DRAWN_BOARD_SIDE
        )));
    }
    classify_rounds(&Queen, &[(n - 1, n - 1)], 10_000)
        .map_err(|e| PlotError::invalid(e.to_string()))
}

/// Bàn cờ `n × n` của trò chơi quân Hậu sau `round` vòng phân loại (0: lúc đầu,
/// mọi ô −1), tiêu đề nói vòng đó làm gì. Lỗi nếu `n` ngoài 1 … 40 hay `round`
/// lớn hơn số vòng cần.
pub(crate) fn queen_rounds_layout(
    n: u32,
    round: usize,
    legend: bool,
) -> Result<BoardLayout, PlotError> {
    let r = queen_classification(n)?;
    if round > r.count() {
        return Err(PlotError::invalid(format!(
            "bàn {n} × {n} chỉ cần {} vòng (gặp vòng {round})",
            r.count()
        )));
    }
    let side = n as usize;
    let mut known = vec![vec![None; side]; side];
    let mut fresh = vec![vec![false; side]; side];
    for p in 0..n {
        for q in 0..n {
            known[p as usize][q as usize] = r.known_after(&(p, q), round);
            fresh[p as usize][q as usize] = round > 0 && r.round(&(p, q)) == Some(round);
        }
    }
    let new = r.decided_in(round);
    let title = if round == 0 {
        "Lúc đầu: mọi ô −1 (chưa tính)".to_string()
    } else if round == 1 {
        "Vòng 1: (0, 0) hết nước đi → 1".to_string()
    } else if new.iter().all(|&(_, o)| o == Outcome::NextWins) {
        format!("Vòng {round}: {} ô đi tới được ô 1 → 0", new.len())
    } else if new.iter().all(|&(_, o)| o == Outcome::PreviousWins) {
        format!("Vòng {round}: {} ô chỉ đi tới ô 0 → 1", new.len())
    } else {
        format!("Vòng {round}: {} ô được quyết định", new.len())
    };
    outcome_board_layout(&title, &known, &fresh, legend)
}

/// Bàn cờ `n × n` của trò chơi quân Hậu với mã cuối cùng của mọi ô (sau vòng
/// cuối của phép phân loại), kèm chú giải.
pub(crate) fn queen_outcomes_layout(n: u32) -> Result<BoardLayout, PlotError> {
    let r = queen_classification(n)?;
    let known: Vec<Vec<Option<Outcome>>> = (0..n)
        .map(|p| (0..n).map(|q| r.outcome(&(p, q))).collect())
        .collect();
    outcome_board_layout(
        &format!("Trò chơi quân Hậu trên bàn {n} × {n}: mã của mọi ô"),
        &known,
        &[],
        true,
    )
}

/// Bàn cờ `n × n` của trò chơi quân Hậu với mã cuối cùng của mọi ô (sau vòng
/// cuối của phép phân loại), kèm chú giải.
pub fn queen_outcomes(n: u32) -> Result<Figure, PlotError> {
    queen_outcomes_layout(n)?.draw()
}

/// Bàn cờ `n × n` của trò chơi quân Hậu sau `round` vòng phân loại (0: lúc đầu,
/// mọi ô −1), tiêu đề nói vòng đó làm gì. Lỗi nếu `n` ngoài 1 … 40 hay `round`
/// lớn hơn số vòng cần.
///
/// ```
/// use caytrochoi::plot;
/// let hinh = plot::queen_rounds(6, 2, false).unwrap();
/// assert!(hinh.svg().contains("Vòng 2"));
/// assert!(plot::queen_rounds(6, 9, false).is_err());
/// ```
pub fn queen_rounds(n: u32, round: usize, legend: bool) -> Result<Figure, PlotError> {
    queen_rounds_layout(n, round, legend)?.draw()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_example() {
        // Bàn 6 × 6 của trò chơi quân Hậu sau vòng 3: ô (1, 2) vừa thành mã 1.
        let b = queen_rounds_layout(6, 3, true).unwrap();
        let c = b.cell(1, 2).unwrap();
        assert_eq!((c.label.text.as_str(), c.fresh), ("1", true));
        assert_eq!(b.cell(3, 5).unwrap().label.text, "−1"); // chưa tính
        assert!(b.collisions().is_empty());
    }

    #[test]
    fn queen_outcomes_layout_example() {
        let b = queen_outcomes_layout(8).unwrap();
        assert!(b.cells.iter().all(|c| c.value != -1 && !c.fresh));
        assert_eq!(b.cells.iter().filter(|c| c.label.text == "1").count(), 7);
    }

    #[test]
    fn every_round_of_the_6x6_board_is_clean_and_matches_the_crate() {
        let r = classify_rounds(&Queen, &[(5, 5)], 100).unwrap();
        for k in 0..=r.count() {
            let b = queen_rounds_layout(6, k, k == r.count()).unwrap();
            assert!(b.collisions().is_empty(), "vòng {k}: {:#?}", b.collisions());
            assert_eq!(b.cells.len(), 36);
            for c in &b.cells {
                let pos = (c.p as u32, c.q as u32);
                assert_eq!(c.value, i64::from(r.code_after(&pos, k)));
                assert_eq!(c.fresh, k > 0 && r.round(&pos) == Some(k));
            }
        }
        // Sau vòng cuối không còn ô −1, và ô mã 1 đúng là ô G = 0.
        let last = queen_rounds_layout(6, r.count(), true).unwrap();
        let t = crate::grundy::games::queen::queen_table(5, 5).unwrap();
        for c in &last.cells {
            assert_eq!(
                c.value,
                i64::from(Outcome::from_grundy(t[c.p][c.q]).lecture_code())
            );
        }
        assert_eq!(last.legend.len(), 3);
    }

    #[test]
    fn refuses_bad_input() {
        assert!(queen_rounds(0, 0, false).is_err());
        assert!(queen_rounds(41, 0, false).is_err());
        assert!(outcome_board_layout("x", &[vec![None], vec![]], &[], false).is_err());
        assert!(outcome_board_layout("x", &[vec![None]], &[vec![true, false]], false).is_err());
    }
}

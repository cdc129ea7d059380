//! Hình của chương 7: điểm của các đấu thủ trong giải đấu, tỉ lệ điểm của
//! MCTS (thắng 1, hòa ½) theo số lần chơi thử.
//!
//! ```
//! use caytrochoi::plot;
//! let hinh = plot::win_rate_chart(&[("carô", vec![(10, 0.6), (100, 0.8), (1000, 0.95)])]).unwrap();
//! assert!(hinh.svg().contains("carô"));
//! ```

use super::{bar_chart, line_chart, Figure, PlotError, Series};
use crate::tournament::Standings;

/// Biểu đồ cột: tổng điểm của mỗi đấu thủ qua các bảng `standings` (mọi bảng
/// phải có cùng các đấu thủ theo cùng thứ tự).
pub fn tournament_chart(standings: &[Standings]) -> Result<Figure, PlotError> {
    let Some(first) = standings.first() else {
        return Err(PlotError::invalid("giải đấu chưa có bảng kết quả nào"));
    };
    let mut totals: Vec<(String, f64)> = first
        .rows
        .iter()
        .map(|r| (r.contender.short_name(), 0.0))
        .collect();
    for s in standings {
        if s.rows.len() != totals.len() {
            return Err(PlotError::invalid("các bảng kết quả không cùng đấu thủ"));
        }
        for (t, r) in totals.iter_mut().zip(&s.rows) {
            t.1 += r.points();
        }
    }
    let games: Vec<&str> = standings.iter().map(|s| s.game.as_str()).collect();
    let title = format!("Điểm của mỗi đấu thủ ({})", games.join(", "));
    let items: Vec<(&str, f64)> = totals.iter().map(|(n, p)| (n.as_str(), *p)).collect();
    bar_chart(&title, &items)
}

/// Biểu đồ đường: tỉ lệ điểm của MCTS (thắng 1, hòa ½) trước người đi ngẫu
/// nhiên, theo số lần chơi thử mỗi nước. Trục hoành theo log₁₀ của số lần.
pub fn win_rate_chart(series: &[(&str, Vec<(u64, f64)>)]) -> Result<Figure, PlotError> {
    let lines: Vec<Series> = series
        .iter()
        .map(|(name, pts)| {
            Series::new(
                name,
                pts.iter()
                    .map(|&(n, rate)| ((n.max(1) as f64).log10(), 100.0 * rate))
                    .collect(),
            )
        })
        .collect();
    line_chart(
        "MCTS trước người đi ngẫu nhiên",
        "số lần chơi thử mỗi nước, log₁₀ (1 = 10, 2 = 100, 3 = 1.000)",
        "điểm của MCTS (%)",
        &lines,
    )
}

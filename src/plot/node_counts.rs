//! Biểu đồ so sánh số nút: vét cạn, `cat_tia`, cửa sổ (α, β), cửa sổ có sắp thứ
//! tự nước đi, và cận dưới Knuth–Moore — trên cây ngẫu nhiên đều, trên cây carô
//! và trên Dodgem. Các phép đếm là thí nghiệm của động cơ
//! ([`crate::search::NodeCounts`], [`crate::games::tictactoe::node_counts`],
//! [`crate::dodgem::chart_node_counts`]); tệp này chỉ vẽ kết quả.

use super::chart::{log_line_chart, Series};
use super::error::PlotError;
use super::figure::Figure;
use crate::dodgem::{chart_node_counts, Dodgem, Position};
use crate::games::tictactoe;
use crate::search::{Contender, NodeCounts, NodeSeries};

/// Các đường của biểu đồ số lá trên cây ngẫu nhiên (đường Knuth–Moore nét đứt).
fn random_series(c: &NodeCounts) -> Vec<Series> {
    let line = |name: String, ys: &[f64]| {
        Series::new(
            &name,
            c.depths
                .iter()
                .zip(ys)
                .map(|(&d, &y)| (d as f64, y))
                .collect(),
        )
    };
    let [minimax, cat_tia, window, ordered] = Contender::ALL.map(Contender::name);
    vec![
        line(minimax, &c.minimax),
        line(cat_tia, &c.cat_tia),
        line(window, &c.window),
        line(ordered, &c.window_ordered),
        line("cận dưới Knuth–Moore".to_string(), &c.knuth_moore).dashed(),
    ]
}

/// Các đường của một phép đếm theo độ sâu giới hạn.
fn depth_series(series: &[NodeSeries]) -> Vec<Series> {
    series
        .iter()
        .map(|s| {
            let pts = s.nodes.iter().map(|&(d, n)| (d as f64, n as f64));
            Series::new(&s.contender.name(), pts.collect())
        })
        .collect()
}

/// Biểu đồ số lá phải định trị theo độ sâu trên cây ngẫu nhiên đều
/// ([`NodeCounts::random`]).
///
/// ```
/// let hinh = caytrochoi::plot::node_count_chart(3, 4, 1).unwrap();
/// assert!(hinh.svg().contains("số lá đã định trị"));
/// assert!(caytrochoi::plot::node_count_chart(1000, 30, 1).is_err());
/// ```
pub fn node_count_chart(branching: u32, max_depth: u32, seed: u64) -> Result<Figure, PlotError> {
    let c = NodeCounts::random(branching, max_depth, seed)?;
    log_line_chart(
        &format!(
            "Số lá phải định trị — cây ngẫu nhiên, mỗi nút {} con (hạt giống {})",
            c.branching, c.seed
        ),
        "độ sâu của cây d",
        "số lá đã định trị (thang log)",
        &random_series(&c),
    )
}

/// Biểu đồ số nút đã xét trên cây carô từ bàn cờ trống, theo độ sâu giới hạn
/// 1, …, `max_depth` (9 = đến hết ván), với hàm lượng giá E = số đường còn mở
/// của X − của O ở độ sâu giới hạn ([`tictactoe::node_counts`]).
pub fn tictactoe_chart(max_depth: u32) -> Result<Figure, PlotError> {
    let series = tictactoe::node_counts(max_depth)?;
    log_line_chart(
        "Số nút đã xét trên cây carô, từ bàn cờ trống",
        "độ sâu giới hạn (9 = đến hết ván)",
        "số nút đã xét (thang log)",
        &depth_series(&series),
    )
}

/// Biểu đồ số nút đã xét khi tìm từ thế `pos` của Dodgem với độ sâu giới hạn
/// 1, …, `max_depth` ([`chart_node_counts`]: vét cạn, `cat_tia`, cửa sổ (α, β)
/// và cửa sổ có sắp thứ tự nước đi; độ sâu quá lớn bị từ chối trước khi đếm).
///
/// ```
/// use caytrochoi::dodgem::Dodgem;
/// let game = Dodgem::new(3).unwrap();
/// let hinh = caytrochoi::plot::dodgem_node_chart(&game, &game.start(), 4).unwrap();
/// assert!(hinh.svg().contains("số nút đã xét"));
/// let lon = Dodgem::new(5).unwrap();
/// let loi = caytrochoi::plot::dodgem_node_chart(&lon, &lon.start(), 12).unwrap_err();
/// assert!(loi.to_string().contains("độ sâu"));
/// ```
pub fn dodgem_node_chart(
    game: &Dodgem,
    pos: &Position,
    max_depth: u32,
) -> Result<Figure, PlotError> {
    let series = chart_node_counts(game, pos, max_depth)?;
    let n = game.size();
    log_line_chart(
        &format!("Dodgem {n}×{n}: số nút đã xét theo độ sâu giới hạn"),
        "độ sâu giới hạn (số nước tính trước)",
        "số nút đã xét (thang log)",
        &depth_series(&series),
    )
}

//! So sánh số nút: vét cạn, `cat_tia`, cửa sổ (α, β), cửa sổ có sắp thứ tự nước
//! đi, và cận dưới Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1 — trên cây ngẫu nhiên đều
//! (hạt giống cố định), trên cây carô và trên Dodgem.

use super::chart::{log_line_chart, Series};
use super::error::PlotError;
use super::figure::Figure;
use crate::dodgem::{Dodgem, Position, SearchPlayer};
use crate::games::tictactoe::TicTacToe;
use crate::random::uniform_tree;
use crate::search::{Algorithm, Searcher};

/// Số lá tối thiểu mà mọi thuật toán alpha-beta phải định trị trên cây đều nhánh
/// `b`, sâu `d` (Knuth–Moore 1975): b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
///
/// ```
/// assert_eq!(caytrochoi::plot::knuth_moore_leaves(3, 4), 17.0);
/// ```
pub fn knuth_moore_leaves(b: u32, d: u32) -> f64 {
    let b = b as f64;
    b.powi(d.div_ceil(2) as i32) + b.powi((d / 2) as i32) - 1.0
}

/// Số lá được định trị ở mỗi độ sâu của cây ngẫu nhiên đều.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeCounts {
    /// Số con mỗi nút.
    pub branching: u32,
    /// Hạt giống của cây ngẫu nhiên.
    pub seed: u64,
    /// Các độ sâu 1, 2, …
    pub depths: Vec<u32>,
    /// Vét cạn (= b^d).
    pub minimax: Vec<f64>,
    /// `cat_tia` của bài giảng (chỉ cắt nông).
    pub cat_tia: Vec<f64>,
    /// Cửa sổ (α, β).
    pub window: Vec<f64>,
    /// Cửa sổ (α, β), xét trước con có ước lượng tốt nhất.
    pub window_ordered: Vec<f64>,
    /// Cận dưới Knuth–Moore.
    pub knuth_moore: Vec<f64>,
}

/// Số nút tối đa của một cây ngẫu nhiên dùng để đếm (để hình vẽ xong nhanh).
pub const MAX_COUNT_NODES: f64 = 1_500_000.0;

impl NodeCounts {
    /// Đếm số lá được định trị trên cây ngẫu nhiên đều nhánh `branching`, sâu
    /// 1, 2, …, `max_depth` (mỗi độ sâu một cây, cùng hạt giống `seed`, giá trị
    /// lá trong [−9, 9], nút trong có ước lượng có nhiễu để sắp thứ tự).
    pub fn random(branching: u32, max_depth: u32, seed: u64) -> Result<NodeCounts, PlotError> {
        if !(2..=20).contains(&branching) {
            return Err(PlotError::invalid(format!(
                "số con mỗi nút phải từ 2 đến 20 (gặp {branching})"
            )));
        }
        if !(1..=30).contains(&max_depth) {
            return Err(PlotError::invalid(format!(
                "độ sâu lớn nhất phải từ 1 đến 30 (gặp {max_depth})"
            )));
        }
        let total: f64 = (0..=max_depth)
            .map(|d| (branching as f64).powi(d as i32))
            .sum();
        if total > MAX_COUNT_NODES {
            return Err(PlotError::invalid(format!(
                "cây nhánh {branching}, sâu {max_depth} có khoảng {} nút, quá {} nút: hãy giảm độ sâu",
                super::chart::format_number(total.round()),
                super::chart::format_number(MAX_COUNT_NODES)
            )));
        }
        let mut c = NodeCounts {
            branching,
            seed,
            depths: Vec::new(),
            minimax: Vec::new(),
            cat_tia: Vec::new(),
            window: Vec::new(),
            window_ordered: Vec::new(),
            knuth_moore: Vec::new(),
        };
        for d in 1..=max_depth {
            let tree = uniform_tree(branching, d, seed, -9, 9, true)
                .map_err(|e| PlotError::invalid(e.to_string()))?;
            let leaves = |s: Searcher| -> Result<f64, PlotError> {
                s.run(&tree)
                    .map(|r| r.leaves_evaluated as f64)
                    .map_err(|e| PlotError::Search(e.to_string()))
            };
            c.depths.push(d);
            c.minimax.push(leaves(Searcher::minimax())?);
            c.cat_tia.push(leaves(Searcher::cat_tia())?);
            c.window.push(leaves(Searcher::window())?);
            c.window_ordered
                .push(leaves(Searcher::window().order_moves())?);
            c.knuth_moore.push(knuth_moore_leaves(branching, d));
        }
        Ok(c)
    }

    /// Các đường của biểu đồ.
    pub fn series(&self) -> Vec<Series> {
        let line = |name: &str, ys: &[f64]| {
            Series::new(
                name,
                self.depths
                    .iter()
                    .zip(ys)
                    .map(|(&d, &y)| (d as f64, y))
                    .collect(),
            )
        };
        vec![
            line("vét cạn (minimax)", &self.minimax),
            line("cắt tỉa cat_tia (một cận)", &self.cat_tia),
            line("cửa sổ (α, β)", &self.window),
            line("cửa sổ (α, β) + sắp thứ tự nước đi", &self.window_ordered),
            line("cận dưới Knuth–Moore", &self.knuth_moore).dashed(),
        ]
    }

    /// Biểu đồ (thang logarit).
    pub fn chart(&self) -> Result<Figure, PlotError> {
        log_line_chart(
            &format!(
                "Số lá phải định trị — cây ngẫu nhiên, mỗi nút {} con (hạt giống {})",
                self.branching, self.seed
            ),
            "độ sâu của cây d",
            "số lá đã định trị (thang log)",
            &self.series(),
        )
    }
}

/// Biểu đồ số lá phải định trị theo độ sâu trên cây ngẫu nhiên đều.
///
/// ```
/// let hinh = caytrochoi::plot::node_count_chart(3, 4, 1).unwrap();
/// assert!(hinh.svg().contains("số lá đã định trị"));
/// assert!(caytrochoi::plot::node_count_chart(1000, 30, 1).is_err());
/// ```
pub fn node_count_chart(branching: u32, max_depth: u32, seed: u64) -> Result<Figure, PlotError> {
    NodeCounts::random(branching, max_depth, seed)?.chart()
}

/// Biểu đồ số nút đã xét trên cây carô từ bàn cờ trống, theo độ sâu giới hạn
/// 1, …, `max_depth` (9 = đến hết ván), với hàm lượng giá E = số đường còn mở
/// của X − của O ở độ sâu giới hạn.
pub fn tictactoe_chart(max_depth: u32) -> Result<Figure, PlotError> {
    if !(1..=9).contains(&max_depth) {
        return Err(PlotError::invalid(format!(
            "độ sâu giới hạn của carô phải từ 1 đến 9 (gặp {max_depth})"
        )));
    }
    let game = TicTacToe {
        symmetry_reduced: false,
        open_lines: true,
    };
    let algos: [(&str, Searcher); 4] = [
        ("vét cạn (minimax)", Searcher::minimax()),
        ("cắt tỉa cat_tia (một cận)", Searcher::cat_tia()),
        ("cửa sổ (α, β)", Searcher::window()),
        (
            "cửa sổ (α, β) + sắp thứ tự nước đi",
            Searcher::window().order_moves(),
        ),
    ];
    let mut series = Vec::new();
    for (name, s) in algos {
        let mut pts = Vec::new();
        for d in 1..=max_depth {
            let r = s
                .depth(d)
                .run(&game)
                .map_err(|e| PlotError::Search(e.to_string()))?;
            pts.push((d as f64, r.nodes_visited as f64));
        }
        series.push(Series::new(name, pts));
    }
    log_line_chart(
        "Số nút đã xét trên cây carô, từ bàn cờ trống",
        "độ sâu giới hạn (9 = đến hết ván)",
        "số nút đã xét (thang log)",
        &series,
    )
}

/// Số nút vét cạn được phép xét khi vẽ biểu đồ Dodgem (ước lượng trước mỗi độ sâu).
pub const MAX_DODGEM_CHART_NODES: u64 = 2_000_000;

/// Biểu đồ số nút đã xét khi tìm từ thế `pos` của Dodgem với độ sâu giới hạn
/// 1, …, `max_depth` (hàm lượng giá của bài giảng ở độ sâu giới hạn): vét cạn,
/// `cat_tia`, cửa sổ (α, β) (`BlueValue`/`RedValue`) và cửa sổ có sắp thứ tự
/// nước đi. Trước mỗi độ sâu, số nút của vét cạn được ước lượng (số nút ở độ
/// sâu trước nhân với hệ số nhánh đo được); quá [`MAX_DODGEM_CHART_NODES`] thì
/// trả về lỗi nói rõ độ sâu nào là quá lớn.
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
    if !(1..=12).contains(&max_depth) {
        return Err(PlotError::invalid(format!(
            "độ sâu giới hạn phải từ 1 đến 12 (gặp {max_depth})"
        )));
    }
    let names = [
        "vét cạn (minimax)",
        "cắt tỉa cat_tia (một cận)",
        "cửa sổ (α, β)",
        "cửa sổ (α, β) + sắp thứ tự nước đi",
    ];
    let mut points: Vec<Vec<(f64, f64)>> = vec![Vec::new(); names.len()];
    let mut previous: Option<u64> = None;
    for d in 1..=max_depth {
        let mut at_d = Vec::new();
        for algorithm in Algorithm::ALL {
            let r = SearchPlayer::new(algorithm, d)
                .search(game, pos)
                .map_err(|e| PlotError::Search(e.to_string()))?;
            at_d.push(r.nodes_visited);
        }
        let ordered = Searcher::window()
            .order_moves()
            .depth(d)
            .run_from(game, pos)
            .map_err(|e| PlotError::Search(e.to_string()))?
            .nodes_visited;
        for (k, n) in at_d.iter().chain([&ordered]).enumerate() {
            points[k].push((d as f64, *n as f64));
        }
        let minimax = at_d[0];
        if d < max_depth {
            let branching = previous.map_or(minimax as f64, |p| minimax as f64 / p as f64);
            let next = minimax as f64 * branching.max(1.0);
            if next > MAX_DODGEM_CHART_NODES as f64 {
                return Err(PlotError::invalid(format!(
                    "độ sâu {} cần khoảng {} nút cho vét cạn, quá {} nút: hãy chọn độ sâu lớn nhất từ {d} trở xuống",
                    d + 1,
                    super::chart::format_number(next.round()),
                    super::chart::format_number(MAX_DODGEM_CHART_NODES as f64)
                )));
            }
        }
        previous = Some(minimax);
    }
    let series: Vec<Series> = names
        .iter()
        .zip(points)
        .map(|(name, pts)| Series::new(name, pts))
        .collect();
    let n = game.size();
    log_line_chart(
        &format!("Dodgem {n}×{n}: số nút đã xét theo độ sâu giới hạn"),
        "độ sâu giới hạn (số nước tính trước)",
        "số nút đã xét (thang log)",
        &series,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_ordered_sensibly() {
        let c = NodeCounts::random(3, 5, 7).unwrap();
        for i in 0..c.depths.len() {
            let d = c.depths[i];
            assert_eq!(c.minimax[i], 3f64.powi(d as i32));
            assert!(c.window[i] <= c.cat_tia[i]);
            assert!(c.cat_tia[i] <= c.minimax[i]);
            assert!(c.knuth_moore[i] <= c.window[i]);
            assert!(c.knuth_moore[i] <= c.window_ordered[i]);
        }
    }
}

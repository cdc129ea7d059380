//! Thí nghiệm so sánh số nút: vét cạn, `cat_tia`, cửa sổ (α, β), cửa sổ có sắp
//! thứ tự nước đi, và cận dưới Knuth–Moore b^⌈d/2⌉ + b^⌊d/2⌋ − 1 — trên cây
//! ngẫu nhiên đều (hạt giống cố định). Cây carô
//! ([`crate::games::tictactoe::node_counts`]) và Dodgem
//! ([`crate::dodgem::chart_node_counts`]) làm cùng phép so sánh trên trò chơi
//! của mình. Các hình ([`crate::plot::node_count_chart`]…) chỉ vẽ kết quả.

use super::{Algorithm, Searcher};
use crate::limits::{NODE_CHART_BRANCHING, NODE_CHART_DEPTH, NODE_CHART_NODES};
use crate::random::uniform_tree;
use std::fmt;

/// Số lá tối thiểu mà mọi thuật toán alpha-beta phải định trị trên cây đều nhánh
/// `b`, sâu `d` (Knuth–Moore 1975): b^⌈d/2⌉ + b^⌊d/2⌋ − 1.
///
/// ```
/// assert_eq!(caytrochoi::search::knuth_moore_leaves(3, 4), 17.0);
/// ```
pub fn knuth_moore_leaves(b: u32, d: u32) -> f64 {
    let b = b as f64;
    b.powi(d.div_ceil(2) as i32) + b.powi((d / 2) as i32) - 1.0
}

/// Một cách tìm được so sánh: một thuật toán của giáo trình, có hoặc không sắp
/// thứ tự nước đi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contender {
    /// Thuật toán.
    pub algorithm: Algorithm,
    /// Xét trước con có ước lượng tốt nhất.
    pub ordered: bool,
}

impl Contender {
    /// Bốn cách tìm của mọi phép so sánh số nút, theo thứ tự của giáo trình:
    /// vét cạn, `cat_tia`, cửa sổ (α, β), cửa sổ (α, β) có sắp thứ tự nước đi.
    pub const ALL: [Contender; 4] = [
        Contender::plain(Algorithm::Minimax),
        Contender::plain(Algorithm::CatTia),
        Contender::plain(Algorithm::Window),
        Contender {
            algorithm: Algorithm::Window,
            ordered: true,
        },
    ];

    const fn plain(algorithm: Algorithm) -> Contender {
        Contender {
            algorithm,
            ordered: false,
        }
    }

    /// Tên ngắn (chú giải của biểu đồ), ví dụ `cửa sổ (α, β) + sắp thứ tự nước đi`.
    pub fn name(self) -> String {
        let name = self.algorithm.short_name();
        if self.ordered {
            format!("{name} + sắp thứ tự nước đi")
        } else {
            name.to_string()
        }
    }

    /// Bộ tìm kiếm tương ứng.
    pub fn searcher(self) -> Searcher {
        let s = Searcher::new(self.algorithm);
        if self.ordered {
            s.order_moves()
        } else {
            s
        }
    }
}

/// Số nút một cách tìm đã xét ở mỗi độ sâu giới hạn: một đường của biểu đồ.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeSeries {
    /// Cách tìm.
    pub contender: Contender,
    /// Các cặp (độ sâu giới hạn, số nút đã xét).
    pub nodes: Vec<(u32, u64)>,
}

/// Vì sao một thí nghiệm đếm nút không chạy được.
#[derive(Debug, Clone, PartialEq)]
pub enum CountError {
    /// Đầu vào ngoài giới hạn (lời giải thích tiếng Việt).
    Invalid(String),
    /// Thuật toán tìm kiếm báo lỗi.
    Search(String),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Invalid(m) | CountError::Search(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for CountError {}

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

impl NodeCounts {
    /// Đếm số lá được định trị trên cây ngẫu nhiên đều nhánh `branching`, sâu
    /// 1, 2, …, `max_depth` (mỗi độ sâu một cây, cùng hạt giống `seed`, giá trị
    /// lá trong [−9, 9], nút trong có ước lượng có nhiễu để sắp thứ tự).
    ///
    /// ```
    /// use caytrochoi::search::NodeCounts;
    /// let c = NodeCounts::random(3, 4, 1).unwrap();
    /// assert_eq!(c.minimax, [3.0, 9.0, 27.0, 81.0]);
    /// assert!(NodeCounts::random(1000, 30, 1).is_err());
    /// ```
    pub fn random(branching: u32, max_depth: u32, seed: u64) -> Result<NodeCounts, CountError> {
        let (lo, hi) = NODE_CHART_BRANCHING;
        if !(lo..=hi).contains(&branching) {
            return Err(CountError::Invalid(format!(
                "số con mỗi nút phải từ {lo} đến {hi} (gặp {branching})"
            )));
        }
        if !(1..=NODE_CHART_DEPTH).contains(&max_depth) {
            return Err(CountError::Invalid(format!(
                "độ sâu lớn nhất phải từ 1 đến {NODE_CHART_DEPTH} (gặp {max_depth})"
            )));
        }
        let total: f64 = (0..=max_depth)
            .map(|d| (branching as f64).powi(d as i32))
            .sum();
        let max = NODE_CHART_NODES as f64;
        if total > max {
            return Err(CountError::Invalid(format!(
                "cây nhánh {branching}, sâu {max_depth} có khoảng {} nút, quá {} nút: hãy giảm độ sâu",
                crate::limits::group_u128(total.round() as u128),
                crate::limits::group_u128(max as u128)
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
                .map_err(|e| CountError::Invalid(e.to_string()))?;
            let [minimax, cat_tia, window, ordered] = Contender::ALL.map(|k| {
                k.searcher()
                    .run(&tree)
                    .map(|r| r.leaves_evaluated as f64)
                    .map_err(|e| CountError::Search(e.to_string()))
            });
            c.depths.push(d);
            c.minimax.push(minimax?);
            c.cat_tia.push(cat_tia?);
            c.window.push(window?);
            c.window_ordered.push(ordered?);
            c.knuth_moore.push(knuth_moore_leaves(branching, d));
        }
        Ok(c)
    }
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

    #[test]
    fn contender_names_are_the_chart_legend() {
        let names: Vec<String> = Contender::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(
            names,
            [
                "vét cạn (minimax)",
                "cắt tỉa cat_tia (một cận)",
                "cửa sổ (α, β)",
                "cửa sổ (α, β) + sắp thứ tự nước đi",
            ]
        );
    }
}

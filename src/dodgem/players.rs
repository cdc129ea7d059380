//! Người chơi máy cho Dodgem: vét cạn (minimax) và cắt tỉa alpha-beta có giới
//! hạn độ sâu, dùng hàm lượng giá của bài giảng hoặc một hàm của sinh viên.
//!
//! Không có mã tìm kiếm riêng cho Dodgem: mọi thứ đi qua bộ tìm kiếm chung
//! [`Searcher`] của crate (giống `BlueValue`/`RedValue` của tài liệu, viết một lần
//! cho mọi trò chơi).
//!
//! ```
//! use caytrochoi::dodgem::{Dodgem, SearchPlayer};
//! use caytrochoi::Algorithm;
//! let game = Dodgem::new(3).unwrap();
//! let p = SearchPlayer::new(Algorithm::Window, 4);
//! let r = p.search(&game, &game.start()).unwrap();
//! assert!(r.best_move.is_some());
//! ```

use super::board::Board;
use super::error::DodgemError;
use super::rules::{Dodgem, DodgemMove, Position};
use crate::game::WithHeuristic;
use crate::limits::{group, DODGEM_CHART_DEPTH, DODGEM_CHART_NODES};
use crate::search::{Contender, CountError, NodeSeries, SearchResult, Searcher};
use crate::trace::Algorithm;
#[cfg(feature = "json")]
use serde::Serialize;

/// Người chơi máy: một thuật toán và một độ sâu tìm kiếm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SearchPlayer {
    /// Thuật toán: vét cạn, cắt tỉa một cận (`cat_tia`) hay cửa sổ (α, β).
    pub algorithm: Algorithm,
    /// Số nước tính trước (độ sâu giới hạn).
    pub depth: u32,
}

impl SearchPlayer {
    /// Người chơi dùng `algorithm`, tính trước `depth` nước.
    pub fn new(algorithm: Algorithm, depth: u32) -> SearchPlayer {
        SearchPlayer { algorithm, depth }
    }

    fn searcher(&self) -> Searcher {
        Searcher::new(self.algorithm).depth(self.depth)
    }

    /// Tìm kiếm từ thế `pos` với hàm lượng giá của bài giảng.
    pub fn search(
        &self,
        game: &Dodgem,
        pos: &Position,
    ) -> Result<SearchResult<DodgemMove>, DodgemError> {
        Ok(self.searcher().run_from(game, pos)?)
    }

    /// Nước đi được chọn (`None` nếu ván đã kết thúc).
    pub fn choose(&self, game: &Dodgem, pos: &Position) -> Result<Option<DodgemMove>, DodgemError> {
        Ok(self.search(game, pos)?.best_move)
    }

    /// Tìm kiếm với hàm lượng giá `eval` của bạn thay cho hàm của bài giảng.
    /// `eval` nhận bàn cờ và trả về giá trị theo Trắng (MAX); nên giữ |giá trị|
    /// nhỏ hơn 1000 để thắng/thua thật luôn "nặng" hơn.
    ///
    /// ```
    /// use caytrochoi::dodgem::{Dodgem, SearchPlayer, Side};
    /// use caytrochoi::Algorithm;
    /// let game = Dodgem::new(3).unwrap();
    /// // Hàm lượng giá đơn giản: số xe Trắng đã ra trừ số xe Đen đã ra.
    /// let p = SearchPlayer::new(Algorithm::Window, 3);
    /// let r = p
    ///     .search_with(&game, &game.start(), |b| {
    ///         b.cars_off(Side::White) as f64 - b.cars_off(Side::Black) as f64
    ///     })
    ///     .unwrap();
    /// assert!(r.best_move.is_some());
    /// ```
    pub fn search_with<F>(
        &self,
        game: &Dodgem,
        pos: &Position,
        eval: F,
    ) -> Result<SearchResult<DodgemMove>, DodgemError>
    where
        F: Fn(&Board) -> f64,
    {
        let g = WithHeuristic::new(*game, |_: &Dodgem, s: &Position| eval(&s.board));
        Ok(self.searcher().run_from(&g, pos)?)
    }
}

/// Một dòng của bảng số nút: một thuật toán ở một độ sâu giới hạn.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct NodeCount {
    /// Độ sâu giới hạn.
    pub depth: u32,
    /// Thuật toán.
    pub algorithm: Algorithm,
    /// Giá trị của gốc.
    pub value: f64,
    /// Nước đi được chọn.
    pub best_move: Option<String>,
    /// Tổng số nút đã xét.
    pub nodes: u64,
    /// Số nút ở mỗi mức (0 là gốc).
    pub nodes_per_depth: Vec<u64>,
}

/// Số nút mà vét cạn, `cat_tia` và cửa sổ (α, β) xét khi tìm từ thế `pos`
/// với độ sâu 1, 2, …, `max_depth` (hàm lượng giá của bài giảng).
pub fn node_counts(
    game: &Dodgem,
    pos: &Position,
    max_depth: u32,
) -> Result<Vec<NodeCount>, DodgemError> {
    let mut rows = Vec::new();
    for depth in 1..=max_depth {
        for algorithm in [Algorithm::Minimax, Algorithm::CatTia, Algorithm::Window] {
            let r = SearchPlayer::new(algorithm, depth).search(game, pos)?;
            rows.push(NodeCount {
                depth,
                algorithm,
                value: r.value,
                best_move: r.best_move_name,
                nodes: r.nodes_visited,
                nodes_per_depth: r.nodes_per_depth,
            });
        }
    }
    Ok(rows)
}
/// Số nút mỗi cách tìm ([`Contender::ALL`]) xét khi tìm từ thế `pos` với độ
/// sâu giới hạn 1, …, `max_depth` (hàm lượng giá của bài giảng ở độ sâu giới
/// hạn): vét cạn, `cat_tia`, cửa sổ (α, β) (`BlueValue`/`RedValue`) và cửa sổ
/// có sắp thứ tự nước đi. Trước mỗi độ sâu, số nút của vét cạn được ước lượng
/// (số nút ở độ sâu trước nhân với hệ số nhánh đo được); quá
/// [`DODGEM_CHART_NODES`] thì trả về lỗi nói rõ độ sâu nào là quá lớn.
///
/// ```
/// use caytrochoi::dodgem::{chart_node_counts, Dodgem};
/// let game = Dodgem::new(3).unwrap();
/// let s = chart_node_counts(&game, &game.start(), 2).unwrap();
/// assert_eq!(s.len(), 4);
/// assert!(s[2].nodes[1].1 <= s[0].nodes[1].1); // cửa sổ (α, β) ≤ vét cạn
/// let lon = Dodgem::new(5).unwrap();
/// assert!(chart_node_counts(&lon, &lon.start(), 12).is_err());
/// ```
pub fn chart_node_counts(
    game: &Dodgem,
    pos: &Position,
    max_depth: u32,
) -> Result<Vec<NodeSeries>, CountError> {
    if !(1..=DODGEM_CHART_DEPTH).contains(&max_depth) {
        return Err(CountError::Invalid(format!(
            "độ sâu giới hạn phải từ 1 đến {DODGEM_CHART_DEPTH} (gặp {max_depth})"
        )));
    }
    let mut series: Vec<NodeSeries> = Contender::ALL
        .iter()
        .map(|&contender| NodeSeries {
            contender,
            nodes: Vec::new(),
        })
        .collect();
    let search_error = |e: &dyn std::fmt::Display| CountError::Search(e.to_string());
    let mut previous: Option<u64> = None;
    for d in 1..=max_depth {
        let mut at_d = Vec::new();
        for algorithm in Algorithm::ALL {
            let r = SearchPlayer::new(algorithm, d)
                .search(game, pos)
                .map_err(|e| search_error(&e))?;
            at_d.push(r.nodes_visited);
        }
        let ordered = Searcher::window()
            .order_moves()
            .depth(d)
            .run_from(game, pos)
            .map_err(|e| search_error(&e))?
            .nodes_visited;
        at_d.push(ordered);
        for (s, n) in series.iter_mut().zip(&at_d) {
            s.nodes.push((d, *n));
        }
        let minimax = at_d[0];
        if d < max_depth {
            let branching = previous.map_or(minimax as f64, |p| minimax as f64 / p as f64);
            let next = minimax as f64 * branching.max(1.0);
            if next > DODGEM_CHART_NODES as f64 {
                return Err(CountError::Invalid(format!(
                    "độ sâu {} cần khoảng {} nút cho vét cạn, quá {} nút: hãy chọn độ sâu lớn nhất từ {d} trở xuống",
                    d + 1,
                    crate::limits::group_u128(next.round() as u128),
                    group(DODGEM_CHART_NODES)
                )));
            }
        }
        previous = Some(minimax);
    }
    Ok(series)
}

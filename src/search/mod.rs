//! Chạy một thuật toán định trị trên một trò chơi bất kỳ và thu kết quả.
//!
//! ```
//! use caytrochoi::{tree::GameTree, Searcher};
//! let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//!
//! let vet_can = Searcher::minimax().run(&cay).unwrap();
//! assert_eq!(vet_can.value, 1.0);
//! assert_eq!(vet_can.nodes_visited, 11);
//!
//! let cat_tia = Searcher::cat_tia().run(&cay).unwrap();
//! assert_eq!(cat_tia.value, 1.0);
//! assert_eq!(cat_tia.pruned, ["F", "H"]); // F và H bị cắt, K không bao giờ được xét
//! ```

pub(crate) mod recorder;
mod result;

pub use recorder::MAX_SEARCH_DEPTH;
pub use result::SearchResult;

use crate::game::Game;
use crate::trace::Algorithm;
use recorder::Recorder;
use std::fmt;

/// Lỗi khi tìm kiếm.
#[derive(Debug, Clone, PartialEq)]
pub enum SearchError {
    /// Tìm kiếm dừng ở độ sâu giới hạn tại một trạng thái chưa kết thúc, nhưng
    /// trò chơi (hoặc nút của cây) không có giá trị lượng giá.
    NoHeuristic {
        /// Nhãn nút.
        node: String,
        /// Độ sâu của nút.
        depth: u32,
    },
    /// Đệ quy quá sâu (trò chơi quá dài hoặc có chu trình).
    TooDeep {
        /// Độ sâu tối đa.
        max: u32,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::NoHeuristic { node, depth } => write!(
                f,
                "nút {node} ở độ sâu giới hạn {depth} chưa phải nút lá nhưng không có giá trị ước lượng \
                 (với cây, viết ví dụ `{node}:3(...)`; với trò chơi, cần hàm lượng giá)"
            ),
            SearchError::TooDeep { max } => write!(
                f,
                "tìm kiếm đi sâu quá {max} nước: trò chơi có thể lặp vô hạn; hãy đặt giới hạn độ sâu"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

/// Cấu hình một lần tìm kiếm: thuật toán, giới hạn độ sâu, sắp thứ tự nước đi,
/// ghi vết.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Searcher {
    /// Thuật toán.
    pub algorithm: Algorithm,
    /// Độ sâu giới hạn (`None`: đi đến tận nút lá).
    pub depth_limit: Option<u32>,
    /// Sắp các nước đi theo giá trị ước lượng, tốt nhất trước.
    pub order_moves: bool,
    /// Ghi vết từng bước.
    pub record_trace: bool,
}

impl Searcher {
    /// Thuật toán `algorithm`, không giới hạn độ sâu, không sắp thứ tự, không ghi vết.
    pub fn new(algorithm: Algorithm) -> Searcher {
        Searcher {
            algorithm,
            depth_limit: None,
            order_moves: false,
            record_trace: false,
        }
    }

    /// Vét cạn (minimax).
    pub fn minimax() -> Searcher {
        Self::new(Algorithm::Minimax)
    }

    /// Cắt tỉa alpha-beta một cận, đúng như hàm `cat_tia` của bài giảng.
    pub fn cat_tia() -> Searcher {
        Self::new(Algorithm::CatTia)
    }

    /// Cắt tỉa alpha-beta với cửa sổ (α, β) (`BlueValue`/`RedValue`).
    pub fn window() -> Searcher {
        Self::new(Algorithm::Window)
    }

    /// Dừng ở độ sâu `d` và dùng hàm lượng giá ở đó.
    pub fn depth(mut self, d: u32) -> Searcher {
        self.depth_limit = Some(d);
        self
    }

    /// Sắp thứ tự nước đi (nước có ước lượng tốt nhất trước).
    pub fn order_moves(mut self) -> Searcher {
        self.order_moves = true;
        self
    }

    /// Ghi vết từng bước.
    pub fn trace(mut self) -> Searcher {
        self.record_trace = true;
        self
    }

    /// Định trị trạng thái đầu của trò chơi (gốc của cây).
    pub fn run<G: Game>(&self, game: &G) -> Result<SearchResult<G::Move>, SearchError> {
        self.run_from(game, &game.initial_state())
    }

    /// Định trị trạng thái `root`.
    pub fn run_from<G: Game>(
        &self,
        game: &G,
        root: &G::State,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        let mut rec = Recorder::new(
            game,
            root,
            self.algorithm,
            self.depth_limit,
            self.order_moves,
            self.record_trace,
        );
        let mode = game.to_move(root);
        let value = match self.algorithm {
            Algorithm::Minimax => crate::minimax::search(&mut rec, root, mode, 0),
            Algorithm::CatTia => {
                let vp = crate::alphabeta::no_bound(mode);
                crate::alphabeta::cat_tia(&mut rec, root, mode, vp, 0)
            }
            Algorithm::Window => {
                crate::alphabeta::value_of(&mut rec, root, f64::NEG_INFINITY, f64::INFINITY, 0)
            }
        }
        .map_err(|stop| *stop.0)?;
        Ok(SearchResult::collect(game, root, value, &mut rec))
    }
}

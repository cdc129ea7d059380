//! Hình vẽ cho giáo trình: cây biểu thức, cây trò chơi (kèm giá trị tạm, nhánh
//! bị cắt, đường đi chính, ghi chú của nút), từng bước của cắt tỉa alpha-beta,
//! biểu đồ số nút (cả cột thang log), lưới ghép hình, bàn cờ Grundy và Dodgem.
//!
//! Mọi hình là một [`Figure`]: tự hiện trong notebook evcxr, lấy được văn bản SVG
//! ([`Figure::svg`]) và ghi được ra tệp ([`Figure::save`]). Chữ trong hình do
//! trình xem vẽ (không cần phông chữ hệ thống), mọi chữ đều bằng tiếng Việt.
//!
//! ```
//! use caytrochoi::{plot, tree::GameTree, Searcher};
//! let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let hinh = plot::TreeDiagram::new(&cay)
//!     .search(Searcher::cat_tia()).unwrap()
//!     .temp_values(true)
//!     .draw().unwrap();
//! assert_eq!(hinh.svg().matches("class=\"cut\"").count(), 2); // F và H bị cắt
//! ```

mod chart;
mod dodgem;
mod error;
mod expr_tree;
mod grid;
mod grundy;
mod log_bars;
mod node_counts;
mod steps;
mod svg;
pub(crate) mod text;
mod tree_diagram;
mod tree_layout;

pub use chart::{bar_chart, format_number, line_chart, log_line_chart, Series};
pub use dodgem::{dodgem_board, dodgem_position, Car, DodgemBoard, DodgemMove};
pub use error::PlotError;
pub use expr_tree::{expr_tree, ExprTreeOptions};
pub use grid::grid;
pub use grundy::{grundy_board, grundy_sequence, octal_sequence, queen_board, queen_game};
pub use log_bars::LogBarChart;
pub use node_counts::{knuth_moore_leaves, node_count_chart, tictactoe_chart, NodeCounts};

pub use steps::{step, steps};
pub use svg::Figure;
pub use tree_diagram::{search_tree, tree, TreeDiagram};

/// Danh sách phông chữ ghi trong SVG; trình xem chọn phông đầu tiên nó có.
pub const FONT_FAMILY: &str = "DejaVu Sans, Noto Sans, Arial, sans-serif";

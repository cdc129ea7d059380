//! Hình vẽ cho giáo trình, mọi hình đều vẽ bằng plotters: cây biểu thức, cây trò
//! chơi (kèm giá trị tạm, nhánh bị cắt, đường đi chính, ghi chú của nút), từng
//! bước của cắt tỉa alpha-beta, biểu đồ số nút (cả cột thang log), lưới ghép
//! hình, bàn cờ Grundy và Dodgem, đồ thị trò chơi ([`GraphDiagram`]), bàn cờ mã
//! thắng/thua từng vòng ([`queen_rounds`]), dải băng của Chuyển sỏi, Cờ DAM, Tô
//! màu và các đống Nim ([`to_mau`], [`nim_heaps`]).
//!
//! Mỗi hình đi hai bước: **bố trí** (một mô hình dữ liệu thuần — vị trí các nút,
//! chữ và chỗ của chữ, cạnh và vai trò của cạnh, ô bàn cờ — kiểm thử đọc được),
//! rồi **vẽ** mô hình đó bằng plotters (`DrawingArea`, `Rectangle`, `Circle`,
//! `PathElement`, `Text`, … trên `SVGBackend`).
//!
//! Mọi hình là một [`Figure`]: tự hiện trong notebook evcxr, lấy được văn bản SVG
//! ([`Figure::svg`]) và ghi được ra tệp ([`Figure::save`]). Chữ trong hình do
//! trình xem vẽ (không cần phông chữ hệ thống), mọi chữ đều bằng tiếng Việt.

mod board;
pub(crate) mod chart;
mod dodgem;
mod error;
mod expr_tree;
mod figure;
mod graph;
mod grid;
mod grundy;
mod label;
mod log_bars;
mod node_counts;
mod outcome_board;
mod paint;
mod steps;
mod strips;
mod style;
pub(crate) mod text;
mod thuc_te;
mod tree_build;
mod tree_diagram;
mod tree_layout;
mod tree_marks;
mod tree_model;
mod tree_options;
mod tree_render;

pub use crate::search::knuth_moore_leaves;
pub use chart::{bar_chart, line_chart, log_line_chart, Series};
pub use dodgem::{
    dodgem_layout, dodgem_position, CarLayout, DodgemLayout, DodgemSquare, MoveArrow,
};
pub use error::PlotError;
#[cfg(test)]
pub(crate) use expr_tree::expr_tree_layout;
pub use expr_tree::{expr_tree, ExprTreeOptions};
pub use figure::Figure;
pub use graph::GraphDiagram;
pub use grid::grid;
#[cfg(test)]
pub(crate) use grid::grid_layout;
#[cfg(test)]
pub(crate) use grundy::grundy_board_layout;
pub use grundy::{
    grundy_board, grundy_sequence, grundy_sequence_layout, octal_sequence, octal_sequence_layout,
    queen_board, queen_game, Band, SequenceLayout,
};
pub use label::{Anchor, Bounds, Label};
pub use log_bars::LogBarChart;
pub use node_counts::{dodgem_node_chart, node_count_chart, tictactoe_chart};
pub use outcome_board::{queen_outcomes, queen_rounds};
pub use steps::{step, steps};
pub use strips::{chuyen_soi, dam, nim_heaps, to_mau, to_mau_strip};
pub(crate) use style::FONT_FAMILY;
pub use style::{with_text_scale, TEXT_SCALE_RANGE};
pub use thuc_te::{tournament_chart, win_rate_chart};
pub use tree_diagram::{search_tree, tree, TreeDiagram};
#[cfg(test)]
pub(crate) use tree_model::{LegendKind, NodeState, NoteLayout, TreeLayout};

#[cfg(test)]
mod tests;

//! # Dodgem — trò chơi đồ án của môn học
//!
//! Trò chơi của Colin Vout, như trong tài liệu "Doing Dodgem in 2 hours": bàn n×n
//! (mặc định 3×3), mỗi bên n − 1 xe. Mô-đun này gồm:
//!
//! - [`board`] — bàn cờ và hai bên ([`Side::Black`] là quân Đen, [`Side::White`]
//!   là quân Trắng);
//! - [`rules`] — luật chơi ([`Dodgem`]), hai luật kết thúc ([`Rule`]) và cài đặt
//!   trait [`Game`](crate::Game);
//! - [`notation`] — cách viết bàn cờ (`D../D../.TT`) và nước đi (`a2>`);
//! - [`eval`] — hàm lượng giá của bài giảng (bảng vị trí, điểm cản);
//! - [`players`] — người chơi máy minimax / alpha-beta qua bộ tìm kiếm chung;
//! - [`solver`] — lời giải chính xác bằng phân tích ngược (retrograde analysis),
//!   cho kết quả là một [`Outcome`] (kiểu dùng chung với hàm Grundy);
//! - [`compare`] — so sánh nước đi theo hàm lượng giá với lời giải chính xác;
//! - [`report`] — lời giải và lượng giá sẵn để in (lời tiếng Việt hoặc JSON);
//! - [`versus`] — một ván với máy, từng nước một ([`Match`]): tự hiện thành bàn
//!   cờ trong notebook, nước sai được giải thích chứ không làm dừng chương trình.
//!
//! Vòng hỏi-đáp khi chơi trong cửa sổ dòng lệnh là việc của chương trình
//! `caytrochoi` (`caytrochoi dodgem play`).
//!
//! ```
//! use caytrochoi::dodgem::{Dodgem, evaluate};
//! use caytrochoi::Game;
//! let game = Dodgem::new(3).unwrap();
//! let s = game.initial_state();
//! assert_eq!(game.legal_moves(&s).len(), 3); // Đen: a3>, a2>, a2v
//! assert_eq!(evaluate(&s.board), -15 + 15);
//! ```

mod announce;
pub mod board;
pub mod compare;
pub mod error;
pub mod eval;
mod index;
mod moves;
pub mod notation;
pub mod players;
pub mod report;
pub mod rules;
pub mod solver;
pub mod versus;

pub use crate::outcome::Outcome;
pub use announce::announce;
pub use board::{Board, Side};
pub use error::DodgemError;
pub use eval::{breakdown, evaluate, Breakdown};
pub use notation::{board_to_text, draw_board, move_name, parse_board, parse_move};
pub use players::{chart_node_counts, node_counts, NodeCount, SearchPlayer};
pub use rules::{Dir, Dodgem, DodgemMove, EndReason, GameEnd, Position, Rule, WIN_SCORE};
pub use solver::{ReachStats, Solution};
pub use versus::{Match, MatchEnd, Turn};

//! # caytrochoi — cây trò chơi cho sinh viên
//!
//! Thư viện đi kèm giáo trình: mô hình trò chơi ([`Game`]), cây trò chơi tường
//! minh ([`tree`]), định trị bằng vét cạn ([`minimax`]) và cắt tỉa alpha-beta
//! ([`alphabeta`]), vết từng bước ([`trace`]) giải thích như bài giảng.

pub mod game;
pub mod grundy;
pub mod player;
pub mod value;

#[cfg(feature = "cli")]
pub mod cli;

pub use game::{Game, WithHeuristic};
pub use player::Player;
pub use value::fmt_value;

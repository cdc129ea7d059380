//! # caytrochoi — cây trò chơi cho sinh viên
//!
//! Thư viện đi kèm giáo trình: mô hình trò chơi ([`Game`]), cây trò chơi tường
//! minh ([`tree`]), định trị bằng vét cạn ([`minimax`]) và cắt tỉa alpha-beta
//! ([`alphabeta`]), vết từng bước ([`trace`]) giải thích như bài giảng.

pub mod alphabeta;
pub mod display;
pub mod dodgem;
pub mod exercises;
pub mod expr;
pub mod game;
pub mod games;
pub mod grundy;
pub mod minimax;
pub mod player;
pub mod plot;
pub mod random;
#[cfg(feature = "runner")]
pub mod runner;
pub mod search;
pub mod trace;
pub mod tree;
pub mod value;

#[cfg(feature = "cli")]
pub mod cli;

pub use game::{Game, WithHeuristic};
pub use player::Player;
pub use search::{SearchError, SearchResult, Searcher};
pub use trace::{Algorithm, Trace, TraceEvent};
pub use tree::GameTree;
pub use value::fmt_value;

/// Các đoạn mã Rust trong README cũng được biên dịch và chạy khi kiểm thử.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// Mã Rust trong sách được biên dịch và chạy như doctest của crate
/// (`mdbook test` không liên kết được với crate này).
#[cfg(doctest)]
pub mod book {
    #[doc = include_str!("../book/src/gioi-thieu.md")]
    pub struct GioiThieu;
    #[doc = include_str!("../book/src/ch01-quay-lui.md")]
    pub struct Ch01QuayLui;
    #[doc = include_str!("../book/src/ch02-cay-tro-choi.md")]
    pub struct Ch02CayTroChoi;
    #[doc = include_str!("../book/src/ch03-minimax.md")]
    pub struct Ch03Minimax;
    #[doc = include_str!("../book/src/ch04-alpha-beta.md")]
    pub struct Ch04AlphaBeta;
}

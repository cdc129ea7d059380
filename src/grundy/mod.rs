//! # Trò chơi vô tư và hàm Grundy
//!
//! Phần này đi theo bài "Trò chơi đối kháng xác định":
//!
//! - [`mex`](fn@mex) và hàm Grundy G(X) = mex{G(Xᵢ)} cho mọi trò chơi vô tư hữu hạn
//!   ([`ImpartialGame`], [`GrundyMemo`]);
//! - phân loại trạng thái thắng / thua / hòa theo quy ước của bài giảng
//!   ([`classify`](fn@classify), [`Outcome`]) — *đọc kỹ bảng tên gọi trong [`crate::outcome`]*:
//!   "thắng" của bài giảng là vị trí P ([`Outcome::PreviousWins`]), nơi G = 0 và
//!   người phải đi sẽ thua;
//! - phân loại **từng vòng** như làm tay trên bàn cờ, với mã 1 / 0 / −1
//!   ([`classify_rounds`](fn@classify_rounds), [`rounds`]);
//! - trò chơi cho bằng một đồ thị viết bằng chữ ([`GraphGame`]) và phép tính mex
//!   ở từng trạng thái ([`mex_steps`](fn@mex_steps), [`MexStep`]);
//! - đồ thị tổng, phép XOR và bảng XOR để tìm nước thắng bằng tay ([`sum`]);
//! - trò chơi bát phân (octal) và chu kỳ của dãy Grundy ([`octal`]);
//! - các trò chơi và bài tập của bài giảng ([`games`]);
//! - phân tích một trạng thái, sẵn để in thành lời hoặc JSON ([`analysis`]).

pub mod analysis;
pub mod classify;
pub mod error;
pub mod explain;
pub mod games;
pub mod graph;
pub mod impartial;
// Danh mục trò chơi: dòng lệnh và trang (web) đọc nó, cả hai cần JSON.
#[cfg(feature = "json")]
pub(crate) mod lecture;
pub mod mex;
pub mod octal;
pub mod rounds;
pub mod sum;

pub use crate::outcome::Outcome;
pub use classify::{classify, Classification, OutcomeCounts};
pub use error::GrundyError;
pub use explain::{mex_steps, MexStep};
pub use graph::GraphGame;
pub use impartial::{grundy, GrundyMemo, ImpartialGame};
pub use mex::{mex, MexScratch};
pub use octal::{OctalGame, Periodicity};
pub use rounds::{classify_rounds, Rounds};
pub use sum::{nim_sum, sum_grundy, sum_winning_moves, Sum};

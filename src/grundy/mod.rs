//! # Trò chơi vô tư và hàm Grundy
//!
//! Phần này đi theo bài "Trò chơi đối kháng xác định":
//!
//! - [`mex`](fn@mex) và hàm Grundy G(X) = mex{G(Xᵢ)} cho mọi trò chơi vô tư hữu hạn
//!   ([`ImpartialGame`], [`GrundyMemo`]);
//! - phân loại trạng thái thắng / thua / hòa theo quy ước của bài giảng
//!   ([`classify`](fn@classify), [`Outcome`]) — *đọc kỹ bảng tên gọi trong [`crate::outcome`]*:
//!   "thắng" của bài giảng là P-vị trí ([`Outcome::PreviousWins`]), nơi G = 0 và
//!   người phải đi sẽ thua;
//! - đồ thị tổng và phép XOR ([`sum`]);
//! - trò chơi bát phân (octal) và chu kỳ của dãy Grundy ([`octal`]);
//! - các trò chơi và bài tập của bài giảng ([`games`]);
//! - phân tích một trạng thái, sẵn để in thành lời hoặc JSON ([`analysis`]).

pub mod analysis;
pub mod classify;
pub mod error;
pub mod games;
pub mod impartial;
pub mod mex;
pub mod octal;
pub mod sum;

pub use crate::outcome::Outcome;
pub use classify::{classify, Classification, OutcomeCounts};
pub use error::GrundyError;
pub use impartial::{grundy, GraphGame, GrundyMemo, ImpartialGame, DEFAULT_POSITION_LIMIT};
pub use mex::{mex, MexScratch};
pub use octal::{OctalGame, Periodicity};
pub use sum::{nim_sum, sum_grundy, sum_winning_moves, Sum};

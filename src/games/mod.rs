//! Các trò chơi của bài giảng, cài đặt qua trait [`Game`](crate::Game).

pub mod nim_split;
pub mod tictactoe;

pub use nim_split::NimSplit;
pub use tictactoe::{Cells, Mark, TicTacToe};

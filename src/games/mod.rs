//! Mọi trò chơi của giáo trình ở một chỗ, cài đặt qua trait
//! [`Game`](crate::Game) (cây trò chơi) hoặc
//! [`ImpartialGame`](crate::grundy::ImpartialGame) (hàm Grundy), hoặc cả hai.
//!
//! | trò chơi | chương | tệp |
//! | --- | --- | --- |
//! | [`TicTacToe`] (carô 3 × 3) | 2–4 | [`tictactoe`] |
//! | [`NimSplit`] (Nim chia đống) | 3, 5 | [`crate::grundy::games::nim_split`] |
//! | Nim, Bốc sỏi, Chuyển sỏi, Cờ DAM, Hậu, Tô màu, Chia socola | 5 | [`crate::grundy::games`] |
//! | [`Dodgem`](crate::dodgem::Dodgem) | 6 | [`crate::dodgem`] |
//!
//! Tầng: `games` chỉ đưa lại tên; mỗi trò chơi nằm cạnh lý thuyết của chương
//! mình (`grundy`, `dodgem`), và các mô-đun ấy không dùng `games`.

pub mod tictactoe;

pub use crate::grundy::games::nim_split::{self, NimSplit};
pub use tictactoe::{Cells, Mark, TicTacToe};

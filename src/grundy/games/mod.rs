//! Các trò chơi và bài tập của bài "Trò chơi đối kháng xác định" (mỗi trò một
//! tệp), cùng Nim chia đống của bài Minimax.
//!
//! Nim chia đống là **một** mô hình dùng chung với cây trò chơi: nó nằm ở
//! [`crate::games::nim_split`] và được đưa lại vào đây để tìm cùng chỗ với các
//! trò chơi vô tư khác.

pub mod boc_soi;
pub mod chuyen_soi;
pub mod dam;
pub mod nim;
pub mod queen;
pub mod socola;
pub mod to_mau;

pub use crate::games::nim_split;

//! Các trò chơi và bài tập của bài "Trò chơi đối kháng xác định" (mỗi trò một
//! tệp), cùng Nim chia đống của bài Minimax.
//!
//! Nim chia đống là **một** mô hình dùng chung với cây trò chơi: nó cài cả
//! trait [`Game`](crate::Game) lẫn [`ImpartialGame`](super::ImpartialGame), nằm
//! ở đây cùng các trò chơi vô tư khác; [`crate::games`] liệt kê lại mọi trò chơi
//! của giáo trình ở một chỗ.

pub mod boc_soi;
pub mod chuyen_soi;
pub mod dam;
pub mod nim;
pub mod nim_split;
pub mod queen;
pub mod socola;
pub mod to_mau;

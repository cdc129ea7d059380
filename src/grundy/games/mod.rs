//! Các trò chơi và bài tập của bài "Trò chơi đối kháng xác định" (mỗi trò một
//! tệp), cùng Nim chia đống của bài Minimax.

pub mod boc_soi;
pub mod chuyen_soi;
pub mod dam;
pub mod nim_split;
pub mod queen;
pub mod socola;
pub mod to_mau;

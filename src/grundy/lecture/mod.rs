//! # Danh mục các trò chơi vô tư của bài giảng
//!
//! Mỗi trò chơi của lệnh `caytrochoi grundy TÊN …` và của trang chơi với máy
//! là **một tệp** ở đây, cài trait [`LectureGame`](game::LectureGame): đọc và
//! viết một thế, nói một nước đi, giá trị Grundy, phân tích cho dòng lệnh, cùng
//! tên, dòng trợ giúp và trợ giúp riêng. Nó được đăng ký bằng **một dòng** trong
//! `lecture_games!` dưới đây; dòng lệnh (tên, trợ giúp, lệnh con) và trang
//! (một lượt chơi với máy) chỉ đọc danh mục [`CATALOGUE`].
//!
//! Phép tính và lời giải thích nằm trong [`crate::grundy::analysis`] và
//! [`crate::grundy::games`]; tệp của một trò chơi ở đây chỉ nối chúng với chữ
//! của người dùng.

// Danh mục phục vụ cả dòng lệnh (tên, trợ giúp, phân tích: tính năng `cli`) lẫn trang
// (một lượt chơi với máy): bản dựng không có dòng lệnh (`make book`, ảnh lớp học:
// `--features runner`) không dùng phần của dòng lệnh.
#![cfg_attr(not(feature = "cli"), allow(dead_code, unused_imports))]

mod game;

pub(crate) use game::{turn, Analysed, LectureError, LectureGame, Report, Turn};

use crate::args::Args;

/// Một trò chơi trong danh mục: những gì dòng lệnh và trang cần, không cần
/// biết kiểu của trò chơi.
pub(crate) struct Entry {
    /// Tên trên dòng lệnh ([`LectureGame::NAME`]).
    pub(crate) name: &'static str,
    /// Dòng trong `caytrochoi grundy --help` ([`LectureGame::ROW`]).
    pub(crate) row: &'static str,
    /// Trợ giúp riêng ([`LectureGame::HELP`]).
    pub(crate) help: &'static str,
    /// Lệnh `caytrochoi grundy TÊN …` ([`LectureGame::analyse`]).
    pub(crate) analyse: fn(Args) -> Analysed,
    /// Một lượt chơi với máy ([`turn`]).
    pub(crate) turn: fn(&[String]) -> Result<Turn, String>,
}

/// Đăng ký các trò chơi: mỗi dòng `tệp::Kiểu` là một tệp của thư mục này và
/// kiểu cài [`LectureGame`] trong nó. Thứ tự là thứ tự in trong trợ giúp.
macro_rules! lecture_games {
    ($($module:ident::$game:ident,)*) => {
        $(mod $module;)*

        /// Mọi trò chơi của bài giảng, theo thứ tự in trong `caytrochoi grundy --help`.
        pub(crate) static CATALOGUE: &[Entry] = &[$(Entry {
            name: <$module::$game as LectureGame>::NAME,
            row: <$module::$game as LectureGame>::ROW,
            help: <$module::$game as LectureGame>::HELP,
            analyse: <$module::$game as LectureGame>::analyse,
            turn: turn::<$module::$game>,
        },)*];
    };
}

lecture_games! {
    queen::Queen,
    nim_split::NimSplit,
    boc_soi::BocSoi,
    chuyen_soi::StonesPlay,
    dam::Dam,
    nim::NimHeaps,
    to_mau::PaintStrip,
    socola::Socola,
    octal::OctalPlay,
}

/// Trò chơi tên `name` (như trên dòng lệnh).
pub(crate) fn find(name: &str) -> Option<&'static Entry> {
    CATALOGUE.iter().find(|e| e.name == name)
}

/// Tên mọi trò chơi, ngăn bằng dấu phẩy: `hau, nim-chia, …`.
pub(crate) fn names() -> String {
    let names: Vec<&str> = CATALOGUE.iter().map(|e| e.name).collect();
    names.join(", ")
}

/// Các dòng trò chơi của `caytrochoi grundy --help`, mỗi dòng thụt hai dấu cách.
pub(crate) fn help_rows() -> String {
    CATALOGUE.iter().map(|e| format!("  {}\n", e.row)).collect()
}

#[cfg(test)]
mod tests;

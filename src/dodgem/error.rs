//! Lỗi của mô-đun Dodgem: bàn cờ viết sai, nước đi không hợp lệ, kích thước
//! không hỗ trợ. Mọi thông báo bằng tiếng Việt và nói rõ sai ở đâu.

use crate::search::SearchError;
use std::fmt;

/// Lỗi khi đọc bàn cờ, nước đi hoặc khi tìm kiếm trên Dodgem.
#[derive(Debug, Clone, PartialEq)]
pub enum DodgemError {
    /// Kích thước bàn cờ không được hỗ trợ (chỉ 3, 4, 5).
    UnsupportedSize(usize),
    /// Chuỗi bàn cờ sai cú pháp; `reason` nói rõ chỗ sai.
    BadBoard {
        /// Chuỗi đã nhận.
        text: String,
        /// Lý do (tiếng Việt).
        reason: String,
    },
    /// Nước đi viết sai hoặc không hợp lệ ở thế cờ hiện tại.
    BadMove {
        /// Chuỗi đã nhận.
        input: String,
        /// Lý do (tiếng Việt).
        reason: String,
    },
    /// Ván cờ đã kết thúc, không đi tiếp được.
    GameOver,
    /// Độ sâu tìm kiếm của máy nằm ngoài khoảng cho phép (1 đến `max`).
    BadDepth {
        /// Độ sâu đã nhận.
        depth: u32,
        /// Độ sâu lớn nhất cho phép.
        max: u32,
    },
    /// Lỗi của bộ tìm kiếm chung (nguyên nhân: `source()`).
    Search(SearchError),
    /// Lỗi nội bộ (một luồng tính toán dừng bất thường).
    Internal(String),
}

impl fmt::Display for DodgemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DodgemError::UnsupportedSize(n) => write!(
                f,
                "kích thước bàn cờ {n}×{n} không được hỗ trợ (chỉ có 3, 4 hoặc 5)"
            ),
            DodgemError::BadBoard { text, reason } => {
                write!(f, "bàn cờ `{text}` không hợp lệ: {reason}")
            }
            DodgemError::BadMove { input, reason } => {
                write!(f, "nước đi `{input}` không hợp lệ: {reason}")
            }
            DodgemError::GameOver => f.write_str("ván cờ đã kết thúc, không thể đi thêm"),
            DodgemError::BadDepth { depth, max } => write!(
                f,
                "độ sâu {depth} không hợp lệ: máy tính trước từ 1 đến {max} nước"
            ),
            DodgemError::Search(_) => f.write_str("lỗi khi tìm kiếm"),
            DodgemError::Internal(what) => write!(f, "lỗi nội bộ: {what}"),
        }
    }
}

impl std::error::Error for DodgemError {
    /// Lỗi của bộ tìm kiếm chung là nguyên nhân của [`DodgemError::Search`].
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DodgemError::Search(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SearchError> for DodgemError {
    fn from(e: SearchError) -> Self {
        DodgemError::Search(e)
    }
}

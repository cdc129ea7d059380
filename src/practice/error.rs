//! Lỗi khi dựng một bài luyện tập từ dữ liệu của người dùng.

use crate::tree::TreeError;
use std::fmt;

/// Lỗi khi dựng một bài (cây viết sai, nút không có, dạng bài không hợp).
#[derive(Debug, Clone, PartialEq)]
pub enum PracticeError {
    /// Không đọc được cây.
    Tree(TreeError),
    /// Không có nút tên này trong cây.
    UnknownNode {
        /// Nhãn đã gõ.
        label: String,
        /// Các nhãn có trong cây.
        labels: Vec<String>,
    },
    /// Dạng bài này không dựng được từ dữ liệu đã cho.
    Unsupported(String),
    /// Dữ liệu của bài (đồ thị, bàn cờ, các đống…) viết sai; lời giải thích.
    Invalid(String),
}

impl fmt::Display for PracticeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PracticeError::Tree(e) => write!(f, "không đọc được cây: {e}"),
            PracticeError::UnknownNode { label, labels } => write!(
                f,
                "không có nút nào tên `{label}` trong cây (các nhãn có trong cây: {})",
                labels.join(", ")
            ),
            PracticeError::Unsupported(m) | PracticeError::Invalid(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for PracticeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PracticeError::Tree(e) => Some(e),
            _ => None,
        }
    }
}

impl From<TreeError> for PracticeError {
    fn from(e: TreeError) -> PracticeError {
        PracticeError::Tree(e)
    }
}

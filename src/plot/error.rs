//! Lỗi khi vẽ hình, bằng tiếng Việt.

use std::fmt;

/// Lỗi khi vẽ hoặc ghi hình.
#[derive(Debug, Clone, PartialEq)]
pub enum PlotError {
    /// Dữ liệu đầu vào không vẽ được (rỗng, quá lớn, sai dạng…).
    Invalid(String),
    /// Không ghi được tệp.
    Io {
        /// Đường dẫn tệp.
        path: String,
        /// Lý do (tiếng Việt).
        reason: String,
    },
    /// Thuật toán tìm kiếm báo lỗi khi chạy để lấy vết.
    Search(String),
    /// Thư viện vẽ biểu đồ báo lỗi.
    Backend(String),
}

impl PlotError {
    pub(crate) fn invalid(msg: impl Into<String>) -> PlotError {
        PlotError::Invalid(msg.into())
    }
}

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlotError::Invalid(m) => write!(f, "không vẽ được hình: {m}"),
            PlotError::Io { path, reason } => {
                write!(f, "không ghi được tệp `{path}`: {reason}")
            }
            PlotError::Search(m) => write!(f, "không chạy được thuật toán để vẽ: {m}"),
            PlotError::Backend(m) => write!(f, "lỗi khi vẽ biểu đồ: {m}"),
        }
    }
}

impl std::error::Error for PlotError {}

impl From<crate::search::CountError> for PlotError {
    fn from(e: crate::search::CountError) -> PlotError {
        match e {
            crate::search::CountError::Invalid(m) => PlotError::Invalid(m),
            crate::search::CountError::Search(m) => PlotError::Search(m),
        }
    }
}

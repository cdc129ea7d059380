//! Lỗi của phần trò chơi vô tư (hàm Grundy).
//!
//! Hàm thư viện không bao giờ panic khi đầu vào sai: chúng trả về
//! [`GrundyError`] kèm một câu tiếng Việt nói rõ sai ở đâu.

use std::fmt;

/// Các lỗi có thể gặp khi tính hàm Grundy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrundyError {
    /// Đồ thị trò chơi có chu trình: hàm Grundy thông thường không xác định.
    /// Khi đó hãy dùng phân loại ngược ([`classify`](fn@crate::grundy::classify)).
    Cycle,
    /// Số trạng thái vượt quá giới hạn cho phép.
    TooManyPositions {
        /// Giới hạn số trạng thái.
        limit: usize,
    },
    /// Một tham số quá lớn (hoặc quá nhỏ).
    OutOfRange {
        /// Tên tham số, ví dụ "số ô".
        what: String,
        /// Giá trị đã nhận.
        value: u64,
        /// Giá trị nhỏ nhất cho phép.
        min: u64,
        /// Giá trị lớn nhất cho phép.
        max: u64,
    },
    /// Mã trò chơi bát phân (octal) không hợp lệ.
    InvalidOctalCode {
        /// Mã đã nhận.
        code: String,
        /// Lý do (tiếng Việt).
        reason: String,
    },
    /// Trạng thái không hợp lệ với luật chơi.
    InvalidPosition(String),
    /// Đồ thị viết bằng chữ không đọc được ([`GraphGame::parse`](crate::grundy::GraphGame::parse)).
    InvalidGraph(String),
    /// Không chứng minh được tính tuần hoàn trong phạm vi đã tính.
    NoPeriod {
        /// Số giá trị đã tính (n = 0 … computed − 1).
        computed: usize,
    },
}

impl GrundyError {
    /// Tiện ích: kiểm tra `value` nằm trong `[min, max]`.
    pub(crate) fn check_range(
        what: &str,
        value: u64,
        min: u64,
        max: u64,
    ) -> Result<(), GrundyError> {
        if (min..=max).contains(&value) {
            Ok(())
        } else {
            Err(GrundyError::OutOfRange {
                what: what.to_string(),
                value,
                min,
                max,
            })
        }
    }
}

impl fmt::Display for GrundyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GrundyError::Cycle => write!(
                f,
                "đồ thị trò chơi có chu trình nên hàm Grundy không xác định; \
                 hãy dùng phân loại thắng/thua/hòa bằng phân tích ngược"
            ),
            GrundyError::TooManyPositions { limit } => write!(
                f,
                "trò chơi có hơn {limit} trạng thái, vượt giới hạn tính toán"
            ),
            GrundyError::OutOfRange {
                what,
                value,
                min,
                max,
            } => write!(
                f,
                "{what} = {value} nằm ngoài giới hạn cho phép (từ {min} đến {max})"
            ),
            GrundyError::InvalidOctalCode { code, reason } => {
                write!(f, "mã bát phân `{code}` không hợp lệ: {reason}")
            }
            GrundyError::InvalidPosition(reason) => write!(f, "trạng thái không hợp lệ: {reason}"),
            GrundyError::InvalidGraph(reason) => write!(f, "không đọc được đồ thị: {reason}"),
            GrundyError::NoPeriod { computed } => write!(
                f,
                "chưa chứng minh được chu kỳ với {computed} giá trị đầu tiên (n = 0 … {})",
                computed.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for GrundyError {}

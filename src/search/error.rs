//! Lỗi khi tìm kiếm.

use std::fmt;

/// Lý do một lần tìm kiếm phải dừng giữa chừng.
#[derive(Debug, Clone, PartialEq)]
pub enum SearchError {
    /// Tìm kiếm dừng ở độ sâu giới hạn tại một trạng thái chưa kết thúc, nhưng
    /// trò chơi (hoặc nút của cây) không có giá trị lượng giá.
    NoHeuristic {
        /// Nhãn nút.
        node: String,
        /// Độ sâu của nút.
        depth: u32,
    },
    /// Đệ quy quá sâu (trò chơi quá dài hoặc có chu trình).
    TooDeep {
        /// Độ sâu tối đa.
        max: u32,
    },
    /// Vết dài quá giới hạn số bước ([`crate::limits::TRACE_EVENTS`]): người
    /// ghi vết dừng lần tìm kiếm thay vì ghi mãi.
    TraceTooLong {
        /// Số bước tối đa.
        max: usize,
    },
    /// Cùng một người đi hai nước liền: các thuật toán của bài giảng giả sử hai
    /// bên đi luân phiên (các mức của cây xen kẽ MAX, MIN).
    NotAlternating {
        /// Nhãn nút vi phạm.
        node: String,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::NoHeuristic { node, depth } => write!(
                f,
                "nút {node} ở độ sâu giới hạn {depth} chưa phải nút lá nhưng không có giá trị ước lượng \
                 (với cây, viết ví dụ `{node}:3(...)`; với trò chơi, cần hàm lượng giá)"
            ),
            SearchError::TooDeep { max } => write!(
                f,
                "tìm kiếm đi sâu quá {max} nước: trò chơi có thể lặp vô hạn; hãy đặt giới hạn độ sâu"
            ),
            SearchError::TraceTooLong { max } => write!(
                f,
                "vết tìm kiếm cần hơn {} bước, vượt giới hạn nên đã dừng; hãy bỏ ghi vết \
                 (chỉ lấy kết quả), dùng cây nhỏ hơn, hoặc nâng giới hạn \
                 (dòng lệnh: --max-trace-events N; thư viện: Searcher::max_trace_events)",
                crate::limits::group(*max as u64)
            ),
            SearchError::NotAlternating { node } => write!(
                f,
                "ở nút {node}, người vừa đi lại được đi tiếp: các thuật toán của bài giảng cần hai bên \
                 đi luân phiên (MAX, MIN, MAX, …)"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

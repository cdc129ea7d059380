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
    /// Số ô của bảng chuyển vị là 0 hoặc vượt [`crate::limits::TT_ENTRIES`].
    BadTableSize {
        /// Số ô đã xin.
        entries: usize,
        /// Số ô tối đa.
        max: usize,
    },
    /// Số lần chơi thử của MCTS là 0 hoặc vượt [`crate::limits::MCTS_PLAYOUTS`].
    BadPlayouts {
        /// Số lần đã xin.
        playouts: u64,
        /// Số lần tối đa.
        max: u64,
    },
    /// Độ sâu của tìm kiếm sâu dần là 0 hoặc vượt [`crate::limits::DEEPENING_DEPTH`].
    BadDepth {
        /// Độ sâu đã xin.
        depth: u32,
        /// Độ sâu tối đa.
        max: u32,
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
            SearchError::BadTableSize { entries, max } => write!(
                f,
                "bảng chuyển vị {} ô không hợp lệ: cần từ 1 đến {} ô",
                crate::limits::group(*entries as u64),
                crate::limits::group(*max as u64)
            ),
            SearchError::BadPlayouts { playouts, max } => write!(
                f,
                "số lần chơi thử {} không hợp lệ: cần từ 1 đến {}",
                crate::limits::group(*playouts),
                crate::limits::group(*max)
            ),
            SearchError::BadDepth { depth, max } => write!(
                f,
                "độ sâu {depth} không hợp lệ: tìm kiếm sâu dần cần độ sâu từ 1 đến {max}"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

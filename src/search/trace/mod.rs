//! Vết tìm kiếm: các nút đã gặp và các bước, như lời giảng "giá trị tạm",
//! `Max(-∞, 1) = 1`, "cắt tỉa".
//!
//! Một [`Trace`] gồm bảng các nút đã gặp ([`TraceNode`]: nhãn, cha, độ sâu, MAX
//! hay MIN) và danh sách các bước ([`TraceEvent`]), mỗi bước chỉ tới nút bằng
//! số thứ tự của nút trong bảng. Vết do người quan sát [`Recorder`] ghi lại.
//!
//! Mọi cách xem vết đều đi qua **một** lần phát lại ([`Replay`]): đi qua các bước
//! theo thứ tự và giữ tình trạng của từng nút (chưa xét, đang xét, xong, bị cắt;
//! giá trị tạm; cửa sổ). Từ đó:
//! - [`Trace::walk`]: lời giải thích từng bước bằng tiếng Việt, như bài giảng;
//! - [`Trace::table`]: bảng giá trị tạm của từng nút, từ trên xuống;
//! - hình cây (`plot::TreeDiagram`) và hình từng bước;
//! - lời nhận xét của các bài tập (`exercises`).
//!
//! Riêng [`Trace::ties_sentence`] (khi nhiều nước ở gốc cùng giá trị: nước nào
//! được chọn, thuật toán biết gì về các nước kia) chỉ cần các bước cập nhật của
//! gốc, đọc thẳng từ danh sách bước.

mod recorder;
mod replay;
mod table;
mod ties;
mod walk;

pub use recorder::Recorder;
pub use replay::{NodeState, Replay, Status, TempStep};
pub use table::{RowKind, TempRow, TempTable};

pub use super::algorithm::Algorithm;
pub use super::observer::{Bound, Cut};
use crate::player::Player;
#[cfg(feature = "json")]
use serde::{Deserialize, Serialize};

/// Giá trị lá đến từ đâu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "snake_case"))]
pub enum LeafKind {
    /// Trạng thái kết thúc: giá trị được gán (`Payoff`).
    Payoff,
    /// Dừng ở độ sâu giới hạn: giá trị của hàm lượng giá.
    Heuristic,
}

/// Cửa sổ (α, β) của một nút trong dạng cửa sổ.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
pub struct AlphaBeta {
    /// α: giá trị MAX đã chắc có được trên đường từ gốc.
    #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
    pub alpha: f64,
    /// β: giá trị MIN đã chắc có được trên đường từ gốc.
    #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
    pub beta: f64,
}

/// Một nút đã gặp khi tìm kiếm (được xét, hoặc là gốc một cây con bị cắt).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
pub struct TraceNode {
    /// Nhãn nút: nhãn của trạng thái (ví dụ `A`, `6-1`, bàn cờ), hoặc dãy nước
    /// đi từ gốc khi trò chơi không đặt nhãn.
    pub label: String,
    /// Số thứ tự của nút cha trong [`Trace::nodes`] (`None` ở gốc).
    #[cfg_attr(
        feature = "json",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub parent: Option<usize>,
    /// Độ sâu (gốc = 0).
    pub depth: u32,
    /// Người đi tại nút: MAX hay MIN.
    pub player: Player,
}

/// Một bước của vết. `node`, `child`, `pruned` là số thứ tự trong [`Trace::nodes`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(tag = "event", rename_all = "snake_case"))]
pub enum TraceEvent {
    /// Bắt đầu định trị một nút trong: gán giá trị tạm ban đầu (−∞ hoặc +∞).
    Enter {
        /// Nút.
        node: usize,
        /// Giá trị tạm ban đầu.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        temp: f64,
        /// Cận nhận từ cha (alpha-beta; không có ở gốc và với vét cạn).
        bound: Bound,
    },
    /// Một nút lá (hoặc nút ở độ sâu giới hạn) và giá trị của nó.
    Leaf {
        /// Nút.
        node: usize,
        /// Giá trị.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        value: f64,
        /// Giá trị gán sẵn hay do hàm lượng giá.
        kind: LeafKind,
    },
    /// Quay lui về `node` sau khi con `child` có giá trị: đặt lại giá trị tạm,
    /// `new = Max(old, child_value)` hoặc `Min(old, child_value)`.
    Update {
        /// Nút được cập nhật.
        node: usize,
        /// Con vừa có giá trị.
        child: usize,
        /// Giá trị tạm cũ.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        old: f64,
        /// Giá trị của con.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        child_value: f64,
        /// Giá trị tạm mới.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        new: f64,
        /// Cửa sổ (α, β) sau khi cập nhật (chỉ với dạng cửa sổ).
        #[cfg_attr(
            feature = "json",
            serde(default, skip_serializing_if = "Option::is_none")
        )]
        window: Option<AlphaBeta>,
    },
    /// Cắt tỉa: các con `pruned` của `node` không được xét.
    Cut {
        /// Nút dừng sớm.
        node: usize,
        /// Gốc các cây con bị cắt, theo thứ tự.
        pruned: Vec<usize>,
        /// Phép so sánh dẫn tới cắt tỉa.
        reason: Cut,
    },
    /// Nút trong đã xét xong: giá trị tạm cuối cùng là giá trị của nút.
    Return {
        /// Nút.
        node: usize,
        /// Giá trị trả về cho cha.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        value: f64,
        /// `true` nếu mọi con đã được xét; `false` nếu dừng sớm vì cắt tỉa.
        complete: bool,
    },
}

impl TraceEvent {
    /// Nút mà bước này nói đến.
    pub fn node(&self) -> usize {
        match self {
            TraceEvent::Enter { node, .. }
            | TraceEvent::Leaf { node, .. }
            | TraceEvent::Update { node, .. }
            | TraceEvent::Cut { node, .. }
            | TraceEvent::Return { node, .. } => *node,
        }
    }
}

/// Vết đầy đủ của một lần tìm kiếm.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
pub struct Trace {
    /// Thuật toán.
    pub algorithm: Algorithm,
    /// Các nút đã gặp, theo thứ tự gặp (gốc là nút 0).
    pub nodes: Vec<TraceNode>,
    /// Các bước theo thứ tự.
    pub events: Vec<TraceEvent>,
}

impl Trace {
    /// Số bước.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Vết rỗng?
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Nhãn của nút số `id`.
    pub fn label(&self, id: usize) -> &str {
        &self.nodes[id].label
    }

    /// Số thứ tự của nút có nhãn `label` (nút gặp đầu tiên nếu trùng nhãn).
    pub fn find(&self, label: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.label == label)
    }

    /// Nhãn cha của nút `id`.
    pub fn parent_label(&self, id: usize) -> Option<&str> {
        self.nodes[id].parent.map(|p| self.label(p))
    }

    /// Giá trị JSON của vết.
    #[cfg(feature = "json")]
    pub fn to_json_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// Vết chỉ gồm `k` bước đầu (để xem từng bước).
    pub fn prefix(&self, k: usize) -> Trace {
        Trace {
            algorithm: self.algorithm,
            nodes: self.nodes.clone(),
            events: self.events[..k.min(self.events.len())].to_vec(),
        }
    }
}

//! Vết tìm kiếm: danh sách các bước, giống lời giảng "giá trị tạm",
//! `Max(-∞, 1) = 1`, "cắt tỉa".
//!
//! Mỗi bước là một [`TraceEvent`]. Vết ghi ra JSON được, và hiển thị được theo
//! hai cách:
//! - [`Trace::walk`]: lời giải thích từng bước bằng tiếng Việt, như bài giảng;
//! - [`Trace::table`]: bảng giá trị tạm của từng nút, từ trên xuống, kèm giá trị
//!   cuối cùng — giống các con số ghi bên cạnh mỗi nút trong hình vẽ bài giảng.

mod table;
mod walk;

pub use table::{TempRow, TempTable};

use crate::player::Player;
use crate::value;
use serde::{Deserialize, Serialize};

/// Thuật toán đã sinh ra vết.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Algorithm {
    /// Vét cạn: `Search(n, mode)`.
    Minimax,
    /// Cắt tỉa alpha-beta một cận của bài giảng: `cat_tia(Q, mode, Vp)`.
    CatTia,
    /// Cắt tỉa alpha-beta với cửa sổ (α, β): `BlueValue`/`RedValue`.
    Window,
}

impl Algorithm {
    /// Tên tiếng Việt.
    pub fn name_vi(self) -> &'static str {
        match self {
            Algorithm::Minimax => "vét cạn (minimax)",
            Algorithm::CatTia => "cắt tỉa alpha-beta, một cận (cat_tia)",
            Algorithm::Window => "cắt tỉa alpha-beta, cửa sổ (α, β)",
        }
    }
}

/// Giá trị lá đến từ đâu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeafKind {
    /// Trạng thái kết thúc: giá trị được gán (`Payoff`).
    Payoff,
    /// Dừng ở độ sâu giới hạn: giá trị của hàm lượng giá.
    Heuristic,
}

/// Lý do cắt tỉa.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum CutReason {
    /// Quy tắc của `cat_tia`: nút MAX dừng khi `Vp ≤ Vq`, nút MIN khi `Vp ≥ Vq`
    /// (`Vp` là giá trị tạm của nút cha).
    CatTia {
        /// Nhãn nút cha.
        parent: String,
        /// Giá trị tạm của nút cha.
        #[serde(with = "value::json")]
        vp: f64,
        /// Giá trị tạm của nút đang xét.
        #[serde(with = "value::json")]
        vq: f64,
    },
    /// Quy tắc cửa sổ: dừng khi `α ≥ β`.
    Window {
        /// α sau khi cập nhật.
        #[serde(with = "value::json")]
        alpha: f64,
        /// β sau khi cập nhật.
        #[serde(with = "value::json")]
        beta: f64,
    },
}

/// Cận mà một nút nhận từ cha khi bắt đầu định trị.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Bound {
    /// `cat_tia`: giá trị tạm `Vp` của nút cha.
    CatTia {
        /// `Vp`.
        #[serde(with = "value::json")]
        vp: f64,
    },
    /// Cửa sổ (α, β).
    Window {
        /// α.
        #[serde(with = "value::json")]
        alpha: f64,
        /// β.
        #[serde(with = "value::json")]
        beta: f64,
    },
}

/// Cửa sổ (α, β) của một nút trong biến thể cửa sổ.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct AlphaBeta {
    /// α: giá trị tốt nhất MAX đã chắc có trên đường từ gốc.
    #[serde(with = "value::json")]
    pub alpha: f64,
    /// β: giá trị tốt nhất MIN đã chắc có trên đường từ gốc.
    #[serde(with = "value::json")]
    pub beta: f64,
}

/// Một bước của vết.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TraceEvent {
    /// Bắt đầu định trị một nút trong: gán giá trị tạm ban đầu (−∞ hoặc ∞).
    Enter {
        /// Nhãn nút.
        node: String,
        /// Nhãn nút cha (không có ở gốc).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parent: Option<String>,
        /// Độ sâu (gốc = 0).
        depth: u32,
        /// MAX hay MIN.
        player: Player,
        /// Giá trị tạm ban đầu.
        #[serde(with = "value::json")]
        temp: f64,
        /// Cận nhận từ cha (chỉ với alpha-beta).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bound: Option<Bound>,
    },
    /// Một nút lá (hoặc nút ở độ sâu giới hạn) và giá trị của nó.
    Leaf {
        /// Nhãn nút.
        node: String,
        /// Nhãn nút cha.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parent: Option<String>,
        /// Độ sâu.
        depth: u32,
        /// Giá trị.
        #[serde(with = "value::json")]
        value: f64,
        /// Giá trị gán sẵn hay do hàm lượng giá.
        kind: LeafKind,
    },
    /// Quay lui về `node` sau khi con `child` có giá trị: đặt lại giá trị tạm,
    /// `new = Max(old, child_value)` hoặc `Min(old, child_value)`.
    Update {
        /// Nhãn nút được cập nhật.
        node: String,
        /// MAX hay MIN.
        player: Player,
        /// Con vừa có giá trị.
        child: String,
        /// Giá trị tạm cũ.
        #[serde(with = "value::json")]
        old: f64,
        /// Giá trị của con.
        #[serde(with = "value::json")]
        child_value: f64,
        /// Giá trị tạm mới.
        #[serde(with = "value::json")]
        new: f64,
        /// Cửa sổ (α, β) sau khi cập nhật (chỉ với biến thể cửa sổ).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        window: Option<AlphaBeta>,
    },
    /// Cắt tỉa: các con `pruned` của `node` không được xét.
    Cut {
        /// Nhãn nút bị dừng sớm.
        node: String,
        /// MAX hay MIN.
        player: Player,
        /// Độ sâu của `node`.
        depth: u32,
        /// Nhãn gốc của các cây con bị cắt, theo thứ tự.
        pruned: Vec<String>,
        /// Phép so sánh dẫn đến cắt tỉa.
        reason: CutReason,
    },
    /// Nút đã xét xong: giá trị tạm cuối cùng là giá trị của nút.
    Return {
        /// Nhãn nút.
        node: String,
        /// Giá trị trả về cho nút cha.
        #[serde(with = "value::json")]
        value: f64,
        /// `true` nếu mọi con đã được xét; `false` nếu dừng sớm vì cắt tỉa.
        complete: bool,
    },
}

impl TraceEvent {
    /// Nhãn của nút mà bước này nói đến.
    pub fn node(&self) -> &str {
        match self {
            TraceEvent::Enter { node, .. }
            | TraceEvent::Leaf { node, .. }
            | TraceEvent::Update { node, .. }
            | TraceEvent::Cut { node, .. }
            | TraceEvent::Return { node, .. } => node,
        }
    }
}

/// Vết đầy đủ của một lần tìm kiếm.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Trace {
    /// Thuật toán.
    pub algorithm: Algorithm,
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

    /// Giá trị JSON của vết.
    pub fn to_json_value(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// Vết chỉ gồm `k` bước đầu (để xem từng bước).
    pub fn prefix(&self, k: usize) -> Trace {
        Trace {
            algorithm: self.algorithm,
            events: self.events[..k.min(self.events.len())].to_vec(),
        }
    }
}

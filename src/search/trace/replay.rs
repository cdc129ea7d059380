//! Phát lại một vết: đi qua các bước theo thứ tự và giữ tình trạng của từng nút.
//!
//! Đây là cách **duy nhất** để đọc một vết: lời giải thích từng bước, bảng giá
//! trị tạm, hình cây từng bước và lời nhận xét bài tập đều dựng trên nó.
//!
//! ```
//! use caytrochoi::search::trace::Status;
//! use caytrochoi::{tree::GameTree, Searcher};
//! let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let vet = Searcher::cat_tia().trace().run(&t).unwrap().trace.unwrap();
//! // Sau 3 bước: A đang xét với giá trị tạm 1 (nhờ B), C chưa được xét.
//! let r = vet.replay_to(3);
//! let a = vet.find("A").unwrap();
//! assert_eq!(r.nodes[a].status, Status::Open);
//! assert_eq!(r.temp(a), Some(1.0));
//! assert_eq!(r.nodes[vet.find("C").unwrap()].status, Status::Unseen);
//! // Xong hết: F bị cắt tại C.
//! let r = vet.replay();
//! let f = vet.find("F").unwrap();
//! assert_eq!(r.nodes[f].status, Status::Pruned);
//! assert_eq!(r.nodes[f].cut_by, vet.find("C"));
//! ```

use super::{AlphaBeta, Bound, Cut, LeafKind, Trace, TraceEvent};
use crate::player::Player;
use crate::value::fmt_value;

/// Tình trạng một nút ở một bước của vết.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Chưa được xét.
    Unseen,
    /// Đang xét (nút trong chưa có giá trị).
    Open,
    /// Đã có giá trị.
    Done,
    /// Gốc của một cây con bị cắt tỉa: không bao giờ được xét.
    Pruned,
}

/// Một lần giá trị tạm của nút trong thay đổi.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TempStep {
    /// Giá trị tạm ban đầu: −∞ (MAX) hoặc +∞ (MIN).
    Init(f64),
    /// Sau khi con `child` có giá trị: `new = Max(old, child_value)` hoặc `Min(…)`.
    Update {
        /// Con vừa có giá trị.
        child: usize,
        /// Giá trị tạm cũ.
        old: f64,
        /// Giá trị của con.
        child_value: f64,
        /// Giá trị tạm mới.
        new: f64,
    },
}

impl TempStep {
    /// Cách viết của bài giảng: `-∞`, hoặc `Max(-∞, 1) = 1` ở nút của `player`.
    pub fn text(&self, player: Player) -> String {
        match *self {
            TempStep::Init(v) => fmt_value(v),
            TempStep::Update {
                old,
                child_value,
                new,
                ..
            } => format!(
                "{}({}, {}) = {}",
                player.fn_name(),
                fmt_value(old),
                fmt_value(child_value),
                fmt_value(new)
            ),
        }
    }

    /// Giá trị tạm sau bước này.
    pub fn value(&self) -> f64 {
        match *self {
            TempStep::Init(v) => v,
            TempStep::Update { new, .. } => new,
        }
    }
}

/// Những gì đã biết về một nút.
#[derive(Debug, Clone, PartialEq)]
pub struct NodeState {
    /// Chưa xét, đang xét, xong hay bị cắt.
    pub status: Status,
    /// Các giá trị tạm theo thứ tự (rỗng với nút lá).
    pub temps: Vec<TempStep>,
    /// Giá trị của nút (khi đã xong): giá trị lá, hoặc giá trị trả về cho cha.
    pub value: Option<f64>,
    /// Nút lá: giá trị gán sẵn hay ước lượng.
    pub leaf: Option<LeafKind>,
    /// Cận nhận từ cha khi bắt đầu xét.
    pub bound: Bound,
    /// Cửa sổ (α, β) hiện thời (dạng cửa sổ).
    pub window: Option<AlphaBeta>,
    /// Nút dừng sớm vì phép so sánh này.
    pub cut: Option<Cut>,
    /// Nút bị cắt: nút đã cắt nó.
    pub cut_by: Option<usize>,
    /// Các con bị cắt tại nút này.
    pub pruned: Vec<usize>,
}

impl NodeState {
    fn unseen() -> Self {
        NodeState {
            status: Status::Unseen,
            temps: Vec::new(),
            value: None,
            leaf: None,
            bound: Bound::None,
            window: None,
            cut: None,
            cut_by: None,
            pruned: Vec::new(),
        }
    }

    /// Giá trị tạm hiện thời (nút trong đã bắt đầu xét).
    pub fn temp(&self) -> Option<f64> {
        self.temps.last().map(TempStep::value)
    }
}

/// Tình trạng mọi nút sau `step` bước đầu của vết.
#[derive(Debug, Clone)]
pub struct Replay<'t> {
    /// Vết đang phát lại.
    pub trace: &'t Trace,
    /// Số bước đã phát lại.
    pub step: usize,
    /// Tình trạng từng nút, theo số thứ tự trong [`Trace::nodes`].
    pub nodes: Vec<NodeState>,
}

impl<'t> Replay<'t> {
    /// Trước bước đầu tiên: chưa nút nào được xét.
    pub fn new(trace: &'t Trace) -> Self {
        Replay {
            trace,
            step: 0,
            nodes: vec![NodeState::unseen(); trace.nodes.len()],
        }
    }

    /// Giá trị tạm hiện thời của nút `id`.
    pub fn temp(&self, id: usize) -> Option<f64> {
        self.nodes[id].temp()
    }

    /// Nút của bước vừa phát lại.
    pub fn current(&self) -> Option<usize> {
        self.step
            .checked_sub(1)
            .map(|k| self.trace.events[k].node())
    }

    /// Phát lại bước kế tiếp; trả về bước đó (`None` khi đã hết).
    pub fn advance(&mut self) -> Option<&'t TraceEvent> {
        let trace: &'t Trace = self.trace;
        let event = trace.events.get(self.step)?;
        self.step += 1;
        match event {
            TraceEvent::Enter { node, temp, bound } => {
                let n = &mut self.nodes[*node];
                n.status = Status::Open;
                n.temps.push(TempStep::Init(*temp));
                n.bound = *bound;
                if let Bound::Window { alpha, beta } = *bound {
                    n.window = Some(AlphaBeta { alpha, beta });
                }
            }
            TraceEvent::Leaf { node, value, kind } => {
                let n = &mut self.nodes[*node];
                n.status = Status::Done;
                n.value = Some(*value);
                n.leaf = Some(*kind);
            }
            TraceEvent::Update {
                node,
                child,
                old,
                child_value,
                new,
                window,
            } => {
                let n = &mut self.nodes[*node];
                n.temps.push(TempStep::Update {
                    child: *child,
                    old: *old,
                    child_value: *child_value,
                    new: *new,
                });
                if window.is_some() {
                    n.window = *window;
                }
            }
            TraceEvent::Cut {
                node,
                pruned,
                reason,
            } => {
                self.nodes[*node].cut = Some(*reason);
                self.nodes[*node].pruned = pruned.clone();
                for &p in pruned {
                    self.nodes[p].status = Status::Pruned;
                    self.nodes[p].cut_by = Some(*node);
                }
            }
            TraceEvent::Return { node, value, .. } => {
                let n = &mut self.nodes[*node];
                n.status = Status::Done;
                n.value = Some(*value);
            }
        }
        Some(event)
    }
}

impl Trace {
    /// Phát lại toàn bộ vết.
    pub fn replay(&self) -> Replay<'_> {
        self.replay_to(self.len())
    }

    /// Phát lại `k` bước đầu của vết.
    pub fn replay_to(&self, k: usize) -> Replay<'_> {
        let mut r = Replay::new(self);
        while r.step < k && r.advance().is_some() {}
        r
    }
}

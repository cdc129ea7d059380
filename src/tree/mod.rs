//! Cây trò chơi tường minh: các nút có nhãn, nút lá có giá trị.
//!
//! Có bốn cách có một cây:
//! - viết bằng văn bản rồi đọc ([`GameTree::parse`]):
//!   `A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))`;
//! - dựng bằng tay với [`node`] và [`leaf`] ([`GameTree::build`]);
//! - đọc từ JSON ([`GameTree::from_json`]);
//! - khai triển từ một trò chơi bất kỳ đến độ sâu cho trước
//!   ([`GameTree::from_game`]).
//!
//! Mức của gốc là MAX (trừ khi chọn khác), các mức luân phiên MAX, MIN.
//! Cây cũng là một [`Game`](crate::Game): trạng thái là một nút, nước đi là
//! chọn một con. Vì vậy mọi thuật toán dùng được trên cây.
//!
//! ```
//! use caytrochoi::tree::GameTree;
//! // Cây carô của bài giảng, nhãn tự gán theo chiều rộng: A, B, C, …
//! let t = GameTree::parse("(1, ((0), -1), ((0), (1)))").unwrap();
//! assert_eq!(t.to_text(), "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))");
//! ```

mod error;
mod expand;
mod game_impl;
#[cfg(feature = "json")]
mod json;
pub mod labels;
mod parse;
mod text;

pub use error::TreeError;
pub use parse::is_text_label;

use crate::limits::{Limits, TREE_DEPTH};
use crate::player::Player;
use crate::text::nfc;
use std::collections::{HashMap, HashSet, VecDeque};

/// Chỉ số của một nút trong cây: nút thứ [`NodeId::index`] theo chiều rộng
/// (gốc là 0). Chỉ cây tạo ra chỉ số; lấy chỉ số của mọi nút bằng
/// [`GameTree::node_ids`], của một nhãn bằng [`GameTree::find`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) usize);

impl NodeId {
    /// Số thứ tự của nút theo chiều rộng (gốc là 0), dùng làm chỉ số của
    /// [`GameTree::nodes`].
    pub fn index(self) -> usize {
        self.0
    }
}

/// Một nút của cây.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Nhãn (duy nhất trong cây), ví dụ `A`.
    pub label: String,
    /// Nút lá: giá trị được gán (hàm `Payoff`). Nút trong: giá trị ước lượng
    /// (hàm lượng giá), không bắt buộc, chỉ dùng khi tìm kiếm dừng ở độ sâu
    /// giới hạn hoặc khi sắp thứ tự nước đi.
    pub value: Option<f64>,
    /// Ghi chú tùy ý (ví dụ bàn cờ của trạng thái), dùng khi vẽ.
    pub note: Option<String>,
    /// Tên nước đi dẫn từ nút cha đến nút này, nếu có.
    pub via: Option<String>,
    /// Các con, theo thứ tự từ trái sang phải.
    pub children: Vec<NodeId>,
    /// Nút cha (`None` ở gốc).
    pub parent: Option<NodeId>,
    /// Độ sâu (gốc = 0).
    pub depth: u32,
}

impl Node {
    /// Nút lá: không có con.
    pub fn is_leaf(&self) -> bool {
        self.children.is_empty()
    }
}

/// Cây trò chơi tường minh. Nút gốc là `NodeId(0)`.
#[derive(Debug, Clone, PartialEq)]
pub struct GameTree {
    nodes: Vec<Node>,
    root_player: Player,
}

/// Mô tả một cây để dựng bằng tay (xem [`node`], [`leaf`], [`GameTree::build`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    label: Option<String>,
    value: Option<f64>,
    children: Vec<Spec>,
}

/// Nút trong có nhãn `label` (chuỗi rỗng: để tự gán nhãn; nhãn được đưa về NFC)
/// và các con.
pub fn node(label: &str, children: impl IntoIterator<Item = Spec>) -> Spec {
    Spec {
        label: (!label.is_empty()).then(|| nfc(label).into_owned()),
        value: None,
        children: children.into_iter().collect(),
    }
}

/// Nút lá có nhãn `label` (chuỗi rỗng: để tự gán nhãn; nhãn được đưa về NFC) và
/// giá trị `value`.
pub fn leaf(label: &str, value: f64) -> Spec {
    Spec {
        label: (!label.is_empty()).then(|| nfc(label).into_owned()),
        value: Some(value),
        children: Vec::new(),
    }
}

impl Spec {
    /// Gắn giá trị ước lượng cho một nút trong.
    pub fn estimate(mut self, value: f64) -> Spec {
        self.value = Some(value);
        self
    }
}

/// Một nút đang dựng: nhãn có thể chưa có; `at` là vị trí trong văn bản nguồn.
pub(crate) struct RawNode {
    pub label: Option<String>,
    pub value: Option<f64>,
    pub children: Vec<usize>,
    pub parent: Option<usize>,
    pub depth: u32,
    pub at: Option<(usize, usize)>,
    pub note: Option<String>,
    pub via: Option<String>,
}

impl RawNode {
    /// Nút chưa có nhãn, giá trị, con hay ghi chú, ở độ sâu `depth` dưới `parent`.
    pub(crate) fn new(parent: Option<usize>, depth: u32) -> RawNode {
        RawNode {
            label: None,
            value: None,
            children: Vec::new(),
            parent,
            depth,
            at: None,
            note: None,
            via: None,
        }
    }
}

impl GameTree {
    /// Đọc cây từ văn bản, gốc là MAX. Xem [`GameTree::parse_with_root`].
    pub fn parse(text: &str) -> Result<GameTree, TreeError> {
        Self::parse_with_root(text, Player::Max)
    }

    /// Đọc cây từ văn bản với người đi ở gốc là `root_player`.
    ///
    /// Cú pháp: nút lá `[nhãn:]số`, nút trong `[nhãn](con, con, …)`; nút trong
    /// có thể mang giá trị ước lượng: `C:3(…)`. Số là số nguyên hoặc thập phân,
    /// có thể có dấu. Khoảng trắng và xuống dòng tùy ý. Nút không nhãn được gán
    /// nhãn A, B, …, Z, AA, … theo chiều rộng, bỏ qua nhãn đã dùng.
    ///
    /// Nhãn được đưa về dạng NFC ([`crate::text::nfc`]). Cây có hơn
    /// [`crate::limits::TREE_NODES`] nút bị từ chối trước khi đọc; muốn đọc cây
    /// lớn hơn, dùng [`GameTree::parse_with_limits`].
    pub fn parse_with_root(text: &str, root_player: Player) -> Result<GameTree, TreeError> {
        Self::parse_with_limits(text, root_player, &Limits::default())
    }

    /// Như [`GameTree::parse_with_root`], với giới hạn số nút `limits.tree_nodes`.
    ///
    /// ```
    /// use caytrochoi::{limits::Limits, tree::{GameTree, TreeError}, Player};
    /// let nho = Limits { tree_nodes: 3, ..Limits::default() };
    /// assert!(GameTree::parse_with_limits("A(B:1, C:2)", Player::Max, &nho).is_ok());
    /// let e = GameTree::parse_with_limits("A(B:1, C:2, D:3)", Player::Max, &nho).unwrap_err();
    /// assert_eq!(e, TreeError::TooManyNodes { nodes: 4, max: 3 });
    /// ```
    pub fn parse_with_limits(
        text: &str,
        root_player: Player,
        limits: &Limits,
    ) -> Result<GameTree, TreeError> {
        let raw = parse::parse(text, limits.tree_nodes)?;
        Self::from_raw(raw, root_player)
    }

    /// Dựng cây từ mô tả [`Spec`].
    ///
    /// ```
    /// use caytrochoi::tree::{GameTree, leaf, node};
    /// use caytrochoi::Player;
    /// let t = GameTree::build(Player::Max, node("A", [leaf("B", 1.0), node("", [leaf("", -1.0)])])).unwrap();
    /// assert_eq!(t.to_text(), "A(B:1, C(D:-1))");
    /// ```
    pub fn build(root_player: Player, spec: Spec) -> Result<GameTree, TreeError> {
        let mut raw: Vec<RawNode> = Vec::new();
        let mut stack: Vec<(Spec, Option<usize>, u32)> = vec![(spec, None, 0)];
        while let Some((s, parent, depth)) = stack.pop() {
            if depth > TREE_DEPTH {
                return Err(TreeError::TooDeep {
                    max: TREE_DEPTH,
                    at: None,
                });
            }
            let id = raw.len();
            raw.push(RawNode {
                label: s.label,
                value: s.value,
                ..RawNode::new(parent, depth)
            });
            if let Some(p) = parent {
                raw[p].children.push(id);
            }
            // Đẩy ngược để con trái được dựng trước.
            for c in s.children.into_iter().rev() {
                stack.push((c, Some(id), depth + 1));
            }
        }
        // Thứ tự con phải đúng trái → phải: ngăn xếp làm con trái xuất hiện
        // trước trong `raw`, nên `children` của mỗi nút đã đúng thứ tự.
        Self::from_raw(raw, root_player)
    }

    /// Hoàn tất: kiểm tra nhãn trùng, lá có giá trị, gán nhãn tự động theo chiều
    /// rộng, rồi sắp các nút theo chiều rộng.
    pub(crate) fn from_raw(raw: Vec<RawNode>, root_player: Player) -> Result<GameTree, TreeError> {
        if raw.is_empty() {
            return Err(TreeError::Invalid("cây rỗng: cần ít nhất một nút".into()));
        }
        let mut taken: HashSet<String> = HashSet::new();
        // Thứ tự chiều rộng.
        let mut order = Vec::with_capacity(raw.len());
        let mut queue = VecDeque::from([0usize]);
        while let Some(i) = queue.pop_front() {
            order.push(i);
            queue.extend(raw[i].children.iter().copied());
        }
        for &i in &order {
            let r = &raw[i];
            if let Some(l) = &r.label {
                if !taken.insert(l.clone()) {
                    return Err(TreeError::DuplicateLabel {
                        label: l.clone(),
                        at: r.at,
                    });
                }
            }
            if r.children.is_empty() && r.value.is_none() {
                let name = r.label.clone().unwrap_or_else(|| "không nhãn".into());
                let mut msg = format!("nút lá `{name}` chưa có giá trị");
                if let Some((l, c)) = r.at {
                    msg = format!("dòng {l}, cột {c}: {msg} (viết ví dụ `{name}:0`)");
                }
                return Err(TreeError::Invalid(msg));
            }
            if let Some(v) = r.value {
                if !v.is_finite() {
                    return Err(TreeError::Invalid(format!(
                        "giá trị của nút phải là số hữu hạn (gặp {v})"
                    )));
                }
            }
        }
        let mut names = labels::LabelSource::new(&taken);
        let mut new_index = vec![0usize; raw.len()];
        for (k, &i) in order.iter().enumerate() {
            new_index[i] = k;
        }
        let mut raw: Vec<Option<RawNode>> = raw.into_iter().map(Some).collect();
        let mut nodes = Vec::with_capacity(order.len());
        for &i in &order {
            let r = raw[i].take().expect("mỗi nút chỉ xuất hiện một lần");
            let label = match r.label {
                Some(l) => l,
                None => names.next_free(),
            };
            nodes.push(Node {
                label,
                value: r.value,
                note: r.note,
                via: r.via,
                children: r.children.iter().map(|&c| NodeId(new_index[c])).collect(),
                parent: r.parent.map(|p| NodeId(new_index[p])),
                depth: r.depth,
            });
        }
        Ok(GameTree { nodes, root_player })
    }

    /// Đặt giá trị của nút `id` (ước lượng của nút trong, giá trị của lá).
    pub(crate) fn set_value(&mut self, id: NodeId, value: f64) {
        self.nodes[id.0].value = Some(value);
    }

    /// Nút gốc.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// Người đi ở gốc.
    pub fn root_player(&self) -> Player {
        self.root_player
    }

    /// Đổi người đi ở gốc (các mức dưới đổi theo).
    pub fn with_root_player(mut self, p: Player) -> GameTree {
        self.root_player = p;
        self
    }

    /// Nút có chỉ số `id`.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    /// Tất cả các nút, theo thứ tự chiều rộng (gốc trước).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Chỉ số của mọi nút, theo thứ tự chiều rộng (gốc trước).
    ///
    /// ```
    /// use caytrochoi::{GameTree, Player};
    /// let t = GameTree::parse("A(B:1, C(D:0))").unwrap();
    /// let min: Vec<&str> = t
    ///     .node_ids()
    ///     .filter(|&id| t.player(id) == Player::Min)
    ///     .map(|id| t.label(id))
    ///     .collect();
    /// assert_eq!(min, ["B", "C"]);
    /// ```
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> {
        (0..self.nodes.len()).map(NodeId)
    }

    /// Số nút.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Cây luôn có ít nhất một nút, nên `is_empty` luôn là `false`.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Nhãn của nút `id`.
    pub fn label(&self, id: NodeId) -> &str {
        &self.nodes[id.0].label
    }

    /// Tìm nút theo nhãn; nhãn gõ kiểu tách dấu (NFD) cũng tìm được.
    ///
    /// ```
    /// use caytrochoi::GameTree;
    /// let t = GameTree::parse("Bình(An:1, Đức:-1)").unwrap();
    /// assert_eq!(t.find("Bi\u{300}nh"), Some(t.root()));
    /// ```
    pub fn find(&self, label: &str) -> Option<NodeId> {
        let label = nfc(label);
        self.nodes.iter().position(|n| n.label == label).map(NodeId)
    }

    /// Các con của nút `id`.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id.0].children
    }

    /// Người đi tại nút `id`: luân phiên theo độ sâu, bắt đầu từ người ở gốc.
    pub fn player(&self, id: NodeId) -> Player {
        if self.nodes[id.0].depth % 2 == 0 {
            self.root_player
        } else {
            self.root_player.opponent()
        }
    }

    /// Chiều cao của cây (độ sâu lớn nhất của một nút).
    pub fn height(&self) -> u32 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// Số nút lá.
    pub fn leaf_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_leaf()).count()
    }

    /// Nhãn của tất cả các nút trong cây con gốc `id` (kể cả `id`), theo chiều rộng.
    pub fn subtree_labels(&self, id: NodeId) -> Vec<String> {
        let mut out = Vec::new();
        let mut queue = VecDeque::from([id]);
        while let Some(n) = queue.pop_front() {
            out.push(self.nodes[n.0].label.clone());
            queue.extend(self.nodes[n.0].children.iter().copied());
        }
        out
    }

    /// Các nút của cây con gốc `id` theo hậu thứ tự: các con (trái sang phải)
    /// trước, rồi đến nút cha.
    pub(crate) fn post_order(&self, id: NodeId) -> Vec<NodeId> {
        fn walk(t: &GameTree, id: NodeId, out: &mut Vec<NodeId>) {
            for &c in t.children(id) {
                walk(t, c, out);
            }
            out.push(id);
        }
        let mut out = Vec::new();
        walk(self, id, &mut out);
        out
    }

    /// Bảng tra nhãn → nút.
    pub fn label_index(&self) -> HashMap<&str, NodeId> {
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.label.as_str(), NodeId(i)))
            .collect()
    }
}

impl std::str::FromStr for GameTree {
    type Err = TreeError;
    fn from_str(s: &str) -> Result<GameTree, TreeError> {
        GameTree::parse(s)
    }
}

impl std::fmt::Display for GameTree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

//! Mô hình bố trí của hình cây trò chơi ([`TreeLayout`]): vị trí của mọi nút,
//! mọi dòng chữ, mọi cạnh (và vai trò của nó: đường đi chính, bị cắt, chưa xét),
//! dấu cắt và lời giải thích. Dữ liệu thuần, kiểm thử đọc được;
//! [`super::tree_build`] tính nó, [`super::tree_render`] vẽ nó bằng plotters.

use super::error::PlotError;
use super::figure::Figure;
#[cfg(test)]
use super::label::Bounds;
use super::label::Label;
use crate::player::Player;
use crate::tree::NodeId;

/// Viền ngoài của nút lá có viền đôi.
pub(super) const FRAME: f64 = 3.0;

/// Tình trạng một nút trên hình.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeState {
    /// Bình thường (đã xét, hoặc cây chưa định trị).
    Normal,
    /// Nút của bước đang xem.
    Current,
    /// Chưa xét (hoặc không được xét vì dưới độ sâu giới hạn).
    Unvisited,
    /// Thuộc một cây con bị cắt tỉa.
    Pruned,
}

/// Ghi chú vẽ ngay dưới một nút.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NoteLayout {
    /// Bàn cờ 3 × 3: góc trên-trái, cạnh mỗi ô, các quân X/O (mỗi quân một chữ
    /// ở giữa ô của nó).
    Board {
        /// Mép trái.
        left: f64,
        /// Mép trên.
        top: f64,
        /// Cạnh một ô.
        cell: f64,
        /// Các quân.
        marks: Vec<Label>,
    },
    /// Một dòng chữ (ví dụ trạng thái Nim `5-1-1`).
    Text(Label),
}

impl NoteLayout {
    /// Hình chữ nhật bao.
    #[cfg(test)]
    pub fn bounds(&self) -> Bounds {
        match self {
            NoteLayout::Board {
                left, top, cell, ..
            } => Bounds {
                left: *left,
                top: *top,
                right: left + 3.0 * cell,
                bottom: top + 3.0 * cell,
            },
            NoteLayout::Text(l) => l.bounds(),
        }
    }
}

/// Một nút đã đặt chỗ: hình (vuông cho MAX, tròn/elip cho MIN) tâm `(x, y)`,
/// và mọi chữ ghi quanh nó.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NodeLayout {
    /// Nút của cây.
    pub id: NodeId,
    /// MAX (hình vuông) hay MIN (hình tròn).
    pub player: Player,
    /// Tình trạng.
    pub state: NodeState,
    /// Tâm.
    pub x: f64,
    /// Tâm.
    pub y: f64,
    /// Nửa bề rộng của hình.
    pub half_width: f64,
    /// Nửa chiều cao của hình.
    pub half_height: f64,
    /// Nút lá vẽ nền vàng, viền đôi (tùy chọn `leaf_frame`).
    pub leaf_frame: bool,
    /// Nhãn, giữa hình.
    pub label: Label,
    /// Các giá trị tạm, bên trái, từ trên xuống.
    pub temps: Vec<Label>,
    /// Giá trị của nút trong, bên phải.
    pub value: Option<Label>,
    /// Ghi chú ngay dưới hình.
    pub note: Option<NoteLayout>,
    /// Các dòng dưới nút: giá trị lá (hoặc chữ thay nó), `… n nút`.
    pub below: Vec<Label>,
}

impl NodeLayout {
    /// Hình chữ nhật bao của hình nút (kể cả viền đôi).
    #[cfg(test)]
    pub fn shape_bounds(&self) -> Bounds {
        let f = if self.leaf_frame { FRAME } else { 0.0 };
        Bounds::around(self.x, self.y, self.half_width + f, self.half_height + f)
    }
}

/// Một cạnh cha → con: đường gấp khúc (xuống từ cha, ngang, xuống con) và vai
/// trò của nó.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EdgeLayout {
    /// Nút cha.
    pub parent: NodeId,
    /// Nút con.
    pub child: NodeId,
    /// Các điểm, từ cha đến con.
    pub points: Vec<(f64, f64)>,
    /// Thuộc đường đi chính (vẽ đậm, xanh lá).
    pub pv: bool,
    /// Đi vào một cây con bị cắt tỉa (vẽ nét đứt, xám).
    pub pruned: bool,
    /// Đây chính là nhánh bị cắt (con là gốc cây con bị cắt; có dấu cắt).
    pub cut: bool,
    /// Con chưa được xét (vẽ mờ).
    pub unvisited: bool,
}

/// Dấu cắt trên nhánh vào gốc một cây con bị cắt tỉa, và lời giải thích.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CutMark {
    /// Gốc cây con bị cắt.
    pub node: NodeId,
    /// Hai vạch ngang cắt ngang nhánh.
    pub bars: Vec<[(f64, f64); 2]>,
    /// Lời giải thích, như bài giảng: `Vì V` `A` ` = 1 ≥ V` `C` ` = 0` (các chỉ
    /// số dưới là những dòng chữ nhỏ hơn, thấp hơn).
    pub reason: Vec<Label>,
    /// Lời giải thích viết trên một dòng, chỉ số dưới sau dấu `_`:
    /// `Vì V_A = 1 ≥ V_C = 0`.
    pub text: String,
    /// So sánh ngắn, ví dụ `1 ≥ 0`.
    pub short: String,
}

/// Các mục của chú giải.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LegendKind {
    /// Nút MAX.
    Max,
    /// Nút MIN.
    Min,
    /// Nút lá.
    Leaf,
    /// Đường đi chính.
    Pv,
    /// Nhánh bị cắt tỉa.
    Cut,
    /// Nút đang xét.
    Current,
    /// Nút chưa xét.
    Unvisited,
}

/// Một mục chú giải: ký hiệu trong ô 32 × 18 có mép trái `x`, giữa ở `y`, rồi chữ.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LegendEntry {
    /// Loại ký hiệu.
    pub kind: LegendKind,
    /// Mép trái của ký hiệu.
    pub x: f64,
    /// Giữa ký hiệu theo chiều đứng.
    pub y: f64,
    /// Chữ.
    pub label: Label,
}

/// Bố trí của một hình cây: kích thước, tiêu đề, chú giải, tên các mức, các
/// nút, cạnh, dấu cắt và dòng tóm tắt cuối hình.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TreeLayout {
    /// Bề rộng (điểm ảnh).
    pub width: f64,
    /// Chiều cao (điểm ảnh).
    pub height: f64,
    /// Tiêu đề (đã ngắt dòng).
    pub title: Vec<Label>,
    /// Lời của bước đang xem (khi xem từng bước).
    pub caption: Vec<Label>,
    /// Chú giải.
    pub legend: Vec<LegendEntry>,
    /// Tên các mức bên lề trái, từ gốc xuống.
    pub levels: Vec<Label>,
    /// Các nút được vẽ, theo thứ tự `NodeId`.
    pub nodes: Vec<NodeLayout>,
    /// Các cạnh.
    pub edges: Vec<EdgeLayout>,
    /// Các dấu cắt, theo thứ tự `NodeId`.
    pub cuts: Vec<CutMark>,
    /// Dòng tóm tắt và ghi chú cuối hình.
    pub footer: Vec<Label>,
}

impl TreeLayout {
    /// Vẽ hình bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }

    /// Nút có nhãn `label` (nếu được vẽ).
    #[cfg(test)]
    pub fn node(&self, label: &str) -> Option<&NodeLayout> {
        self.nodes.iter().find(|n| n.label.text == label)
    }

    /// Nút có chỉ số `id` (nếu được vẽ).
    #[cfg(test)]
    pub fn node_by_id(&self, id: NodeId) -> Option<&NodeLayout> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// Nhãn các gốc cây con bị cắt, theo thứ tự trên cây.
    #[cfg(test)]
    pub fn cut_labels(&self) -> Vec<&str> {
        self.cuts
            .iter()
            .filter_map(|c| self.node_by_id(c.node))
            .map(|n| n.label.text.as_str())
            .collect()
    }

    /// Cạnh đi vào nút có nhãn `label`.
    #[cfg(test)]
    pub fn edge_to(&self, label: &str) -> Option<&EdgeLayout> {
        let id = self.node(label)?.id;
        self.edges.iter().find(|e| e.child == id)
    }

    /// Những cặp thứ chồng lên nhau trên hình (mô tả bằng lời); rỗng nếu hình
    /// sạch sẽ. Xét hình các nút, ghi chú, mọi dòng chữ và ký hiệu chú giải;
    /// nhãn nằm trong hình nút của chính nó thì không tính.
    #[cfg(test)]
    pub fn collisions(&self) -> Vec<String> {
        // (mô tả, hình bao, nhãn của nút chứa nó nếu là nhãn nút)
        let mut items: Vec<(String, Bounds, Option<NodeId>)> = Vec::new();
        let mut add = |what: String, b: Bounds, own: Option<NodeId>| items.push((what, b, own));
        for l in self.title.iter().chain(&self.caption).chain(&self.footer) {
            add(format!("chữ `{}`", l.text), l.bounds(), None);
        }
        for e in &self.legend {
            add(
                format!("chú giải `{}`", e.label.text),
                Bounds {
                    left: e.x,
                    top: e.y - 9.0,
                    right: e.label.bounds().right,
                    bottom: e.y + 9.0,
                },
                None,
            );
        }
        for l in &self.levels {
            add(format!("tên mức `{}`", l.text), l.bounds(), None);
        }
        for n in &self.nodes {
            let name = &n.label.text;
            add(format!("nút {name}"), n.shape_bounds(), Some(n.id));
            add(format!("nhãn {name}"), n.label.bounds(), Some(n.id));
            for t in n.temps.iter().chain(&n.value).chain(&n.below) {
                add(format!("chữ `{}` của nút {name}", t.text), t.bounds(), None);
            }
            if let Some(note) = &n.note {
                add(format!("ghi chú của nút {name}"), note.bounds(), None);
            }
        }
        for c in &self.cuts {
            if let Some(b) = c
                .reason
                .iter()
                .map(Label::bounds)
                .reduce(|a, b| a.union(&b))
            {
                add(format!("lời cắt `{}`", c.text), b, None);
            }
        }
        let mut out = Vec::new();
        for (i, (a, ba, oa)) in items.iter().enumerate() {
            for (b, bb, ob) in &items[i + 1..] {
                if oa.is_some() && oa == ob {
                    continue;
                }
                if ba.overlaps(bb) {
                    out.push(format!("{a} chồng lên {b}"));
                }
            }
        }
        let frame = Bounds::page(self.width, self.height);
        for (what, b, _) in &items {
            if !b.inside(&frame) {
                out.push(format!("{what} ra ngoài hình"));
            }
        }
        // Cạnh không cắt ngang chữ hay ghi chú (cạnh chạm hình nút là bình thường).
        for e in &self.edges {
            for seg in e.points.windows(2) {
                let line = Bounds {
                    left: seg[0].0.min(seg[1].0),
                    top: seg[0].1.min(seg[1].1),
                    right: seg[0].0.max(seg[1].0),
                    bottom: seg[0].1.max(seg[1].1),
                };
                for (what, b, own) in &items {
                    let shape = own.is_some() && what.starts_with("nút ");
                    if !shape && line.overlaps(b) {
                        let child = self.node_by_id(e.child).map_or("?", |n| &n.label.text);
                        out.push(format!("cạnh vào {child} cắt ngang {what}"));
                    }
                }
            }
        }
        out
    }
}

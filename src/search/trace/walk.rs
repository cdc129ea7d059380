//! Lời giải thích từng bước bằng tiếng Việt, theo cách bài giảng kể.

use super::{Algorithm, Bound, Cut, LeafKind, Replay, Trace, TraceEvent};
use crate::player::Player;
use crate::value::fmt_value as v;

impl Trace {
    /// Các câu giải thích, mỗi bước một câu (chưa đánh số), cộng một câu kết
    /// quả khi gốc có giá trị.
    pub fn walk_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let mut replay = Replay::new(self);
        while let Some(e) = replay.advance() {
            lines.push(self.sentence(e));
            match e {
                TraceEvent::Return { node: 0, value, .. }
                | TraceEvent::Leaf { node: 0, value, .. } => {
                    lines.push(format!(
                        "Kết quả: nút {} có giá trị {}.",
                        self.label(0),
                        v(*value)
                    ));
                }
                _ => {}
            }
        }
        lines
    }

    /// Lời giải thích từng bước, mỗi bước một dòng đánh số 1…[`len`](Trace::len)
    /// (bước *k* của vết là dòng *k*, như trong hình từng bước); câu kết quả ở
    /// cuối không đánh số vì nó không phải một bước.
    ///
    /// ```
    /// use caytrochoi::{GameTree, Searcher};
    /// let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
    /// let vet = Searcher::cat_tia().trace().run(&cay).unwrap().trace.unwrap();
    /// assert_eq!(vet.len(), 22);
    /// let loi = vet.walk();
    /// assert!(loi.contains("\n22. Đã xét hết các con của A"));
    /// assert!(loi.ends_with("\nKết quả: nút A có giá trị 1.\n"));
    /// ```
    pub fn walk(&self) -> String {
        let lines = self.walk_lines();
        let width = self.len().max(1).to_string().len();
        let mut out = String::new();
        for (i, l) in lines.iter().enumerate() {
            if i < self.len() {
                out.push_str(&format!("{:>width$}. {l}\n", i + 1));
            } else {
                out.push_str(&format!("{l}\n"));
            }
        }
        out
    }

    /// Câu giải thích một bước.
    pub fn sentence(&self, e: &TraceEvent) -> String {
        let temp_name = if self.algorithm == Algorithm::CatTia {
            "Vq"
        } else {
            "giá trị tạm"
        };
        match e {
            TraceEvent::Enter { node, temp, bound } => {
                let name = self.label(*node);
                let kind = kind(self.nodes[*node].player);
                match self.parent_label(*node) {
                    None => format!(
                        "{name} là {kind}, chưa phải nút lá: gán {temp_name} ban đầu {}.",
                        v(*temp)
                    ),
                    Some(p) => {
                        let with = match bound {
                            Bound::Vp { vp } => {
                                format!(", nhận Vp = {} (giá trị tạm của {p})", v(*vp))
                            }
                            Bound::Window { alpha, beta } => {
                                format!(", với (α, β) = ({}, {})", v(*alpha), v(*beta))
                            }
                            Bound::None => String::new(),
                        };
                        format!(
                            "Xét {name}, con của {p}{with}: {name} là {kind}, {temp_name} ban đầu {}.",
                            v(*temp)
                        )
                    }
                }
            }
            TraceEvent::Leaf {
                node,
                value,
                kind: lk,
            } => {
                let name = self.label(*node);
                let what = match lk {
                    LeafKind::Payoff => format!("{name} là nút lá, giá trị {}", v(*value)),
                    LeafKind::Heuristic => format!(
                        "{name} ở độ sâu giới hạn {}, hàm lượng giá cho {}",
                        self.nodes[*node].depth,
                        v(*value)
                    ),
                };
                match self.parent_label(*node) {
                    Some(p) => format!("Xét {name}, con của {p}: {what}."),
                    None => format!("{what}."),
                }
            }
            TraceEvent::Update {
                node,
                old,
                child_value,
                new,
                window,
                ..
            } => {
                let name = self.label(*node);
                let mut s = format!(
                    "Quay lui về {name}: {temp_name} của {name} thành {}({}, {}) = {}",
                    self.nodes[*node].player.fn_name(),
                    v(*old),
                    v(*child_value),
                    v(*new)
                );
                if let Some(w) = window {
                    s.push_str(&format!(
                        ", cửa sổ (α, β) = ({}, {})",
                        v(w.alpha),
                        v(w.beta)
                    ));
                }
                s.push('.');
                s
            }
            TraceEvent::Cut {
                node,
                pruned,
                reason,
            } => {
                let name = self.label(*node);
                let list: Vec<&str> = pruned.iter().map(|&p| self.label(p)).collect();
                let list = list.join(", ");
                match reason {
                    Cut::Vp { vp, vq } => {
                        let parent = self.parent_label(*node).unwrap_or_default();
                        let (rel, parent_kind, bound) = match self.nodes[*node].player {
                            Player::Min => ("≥", "MAX", "≤"),
                            Player::Max => ("≤", "MIN", "≥"),
                        };
                        let own_kind = kind(self.nodes[*node].player);
                        format!(
                            "Cắt tỉa tại {name}: Vp = {} {rel} Vq = {} — {parent} là nút {parent_kind} đã có \
                             giá trị tạm {}, còn {name} là {own_kind} nên chỉ có thể {bound} {}; {parent} sẽ \
                             không chọn {name}. Bỏ qua {list}.",
                            v(*vp),
                            v(*vq),
                            v(*vp),
                            v(*vq)
                        )
                    }
                    Cut::Window { alpha, beta } => format!(
                        "Cắt tỉa tại {name}: α = {} ≥ β = {}, nước đi này không thể ảnh hưởng đến gốc. \
                         Bỏ qua {list}.",
                        v(*alpha),
                        v(*beta)
                    ),
                }
            }
            TraceEvent::Return {
                node,
                value,
                complete,
            } => {
                let name = self.label(*node);
                if *complete {
                    format!(
                        "Đã xét hết các con của {name}: giá trị tạm cuối cùng, {}, là giá trị của {name}.",
                        v(*value)
                    )
                } else {
                    format!("{name} dừng sớm và trả về {}.", v(*value))
                }
            }
        }
    }
}

fn kind(p: Player) -> &'static str {
    match p {
        Player::Max => "nút MAX",
        Player::Min => "nút MIN",
    }
}

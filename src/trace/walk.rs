//! Lời giải thích từng bước bằng tiếng Việt, theo cách bài giảng kể.

use super::{Algorithm, Bound, CutReason, LeafKind, Trace, TraceEvent};
use crate::player::Player;
use crate::value::fmt_value as v;

impl Trace {
    /// Các câu giải thích, mỗi bước một câu (chưa đánh số).
    pub fn walk_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let root = self.events.first().map(|e| e.node().to_string());
        for e in &self.events {
            lines.push(sentence(self.algorithm, e));
            if let TraceEvent::Return { node, value, .. } = e {
                if Some(node) == root.as_ref() {
                    lines.push(format!("Kết quả: nút {node} có giá trị {}.", v(*value)));
                }
            }
            if let TraceEvent::Leaf {
                node,
                value,
                parent: None,
                ..
            } = e
            {
                lines.push(format!("Kết quả: nút {node} có giá trị {}.", v(*value)));
            }
        }
        lines
    }

    /// Lời giải thích từng bước, đánh số, mỗi bước một dòng.
    pub fn walk(&self) -> String {
        let lines = self.walk_lines();
        let width = lines.len().to_string().len();
        let mut out = String::new();
        for (i, l) in lines.iter().enumerate() {
            out.push_str(&format!("{:>width$}. {l}\n", i + 1));
        }
        out
    }
}

fn kind(p: Player) -> &'static str {
    match p {
        Player::Max => "nút MAX",
        Player::Min => "nút MIN",
    }
}

fn sentence(alg: Algorithm, e: &TraceEvent) -> String {
    match e {
        TraceEvent::Enter {
            node,
            parent,
            player,
            temp,
            bound,
            ..
        } => {
            let temp_name = if alg == Algorithm::CatTia {
                "Vq"
            } else {
                "giá trị tạm"
            };
            match parent {
                None => format!(
                    "{node} là {}, chưa phải nút lá: gán {temp_name} ban đầu {}.",
                    kind(*player),
                    v(*temp)
                ),
                Some(p) => {
                    let with = match bound {
                        Some(Bound::CatTia { vp }) => {
                            format!(", nhận Vp = {} (giá trị tạm của {p})", v(*vp))
                        }
                        Some(Bound::Window { alpha, beta }) => {
                            format!(", với (α, β) = ({}, {})", v(*alpha), v(*beta))
                        }
                        None => String::new(),
                    };
                    format!(
                        "Xét {node}, con của {p}{with}: {node} là {}, {temp_name} ban đầu {}.",
                        kind(*player),
                        v(*temp)
                    )
                }
            }
        }
        TraceEvent::Leaf {
            node,
            parent,
            depth,
            value,
            kind: lk,
        } => {
            let what = match lk {
                LeafKind::Payoff => format!("{node} là nút lá, giá trị {}", v(*value)),
                LeafKind::Heuristic => format!(
                    "{node} ở độ sâu giới hạn {depth}, hàm lượng giá cho {}",
                    v(*value)
                ),
            };
            match parent {
                Some(p) => format!("Xét {node}, con của {p}: {what}."),
                None => format!("{what}."),
            }
        }
        TraceEvent::Update {
            node,
            player,
            old,
            child_value,
            new,
            window,
            ..
        } => {
            let temp_name = if alg == Algorithm::CatTia {
                "Vq"
            } else {
                "giá trị tạm"
            };
            let mut s = format!(
                "Quay lui về {node}: {temp_name} của {node} thành {}({}, {}) = {}",
                player.fn_name(),
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
            player,
            pruned,
            reason,
            ..
        } => {
            let list = pruned.join(", ");
            match reason {
                CutReason::CatTia { parent, vp, vq } => match player {
                    Player::Min => format!(
                        "Cắt tỉa tại {node}: Vp = {} ≥ Vq = {} — {parent} là nút MAX đã có giá trị tạm {}, \
                         còn {node} là nút MIN nên chỉ có thể ≤ {}; {parent} sẽ không chọn {node}. Bỏ qua {list}.",
                        v(*vp), v(*vq), v(*vp), v(*vq)
                    ),
                    Player::Max => format!(
                        "Cắt tỉa tại {node}: Vp = {} ≤ Vq = {} — {parent} là nút MIN đã có giá trị tạm {}, \
                         còn {node} là nút MAX nên chỉ có thể ≥ {}; {parent} sẽ không chọn {node}. Bỏ qua {list}.",
                        v(*vp), v(*vq), v(*vp), v(*vq)
                    ),
                },
                CutReason::Window { alpha, beta } => format!(
                    "Cắt tỉa tại {node}: α = {} ≥ β = {}, nước đi này không thể ảnh hưởng đến gốc. Bỏ qua {list}.",
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
            if *complete {
                format!(
                    "Đã xét hết các con của {node}: giá trị tạm cuối cùng, {}, là giá trị của {node}.",
                    v(*value)
                )
            } else {
                format!("{node} dừng sớm và trả về {}.", v(*value))
            }
        }
    }
}

//! Những gì vết của một lần tìm kiếm cho biết về từng nút của cây, tính đến một
//! bước: đã xét chưa, giá trị, các giá trị tạm, có bị cắt tỉa không (và vì sao),
//! nút đang xét, lời giải thích bước đó.
//!
//! Đây là chỗ **duy nhất** của mô-đun vẽ đọc vết ([`from_trace`]); phần bố trí và
//! phần vẽ chỉ dùng kết quả [`TraceMarks`], khóa theo [`NodeId`] của cây.

use super::error::PlotError;
use crate::player::Player;
use crate::trace::{Cut, LeafKind, Status, Trace};
use crate::tree::{GameTree, NodeId};

/// Lý do một cây con bị cắt tỉa.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CutWhy {
    /// Quy tắc của `cat_tia`, như bài giảng: "Vì V_cha = vp ≥ V_nút = vq" (nút
    /// MIN) hoặc `≤` (nút MAX).
    Bound {
        parent: String,
        node: String,
        op: &'static str,
        vp: f64,
        vq: f64,
    },
    /// Quy tắc cửa sổ: α ≥ β.
    Window { alpha: f64, beta: f64 },
}

/// Những gì vết cho biết về một nút.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct NodeMarks {
    /// Đã được xét (vào nút, hoặc định trị lá).
    pub visited: bool,
    /// Giá trị đã có, và đó có phải ước lượng của hàm lượng giá không.
    pub value: Option<(f64, bool)>,
    /// Nút là gốc của một cây con bị cắt tỉa, vì lý do này.
    pub cut: Option<CutWhy>,
    /// Các giá trị tạm theo thứ tự: `-∞`, `Max(-∞, 1) = 1`, …
    pub temps: Vec<String>,
}

/// Kết quả đọc vết.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TraceMarks {
    /// Theo chỉ số `NodeId.0` của cây.
    nodes: Vec<NodeMarks>,
    /// Nút của bước cuối cùng được xem (khi xem từng bước).
    pub current: Option<NodeId>,
    /// Lời của bước đang xem: `Bước k/n: …` (chỉ khi xem từng bước).
    pub caption: Option<String>,
    /// Đã xem hết vết (không xem từng bước, hoặc bước cuối).
    pub finished: bool,
    /// Số nút đã xét.
    pub seen: usize,
}

impl TraceMarks {
    /// Những gì vết cho biết về nút `id`.
    pub fn node(&self, id: NodeId) -> &NodeMarks {
        &self.nodes[id.0]
    }

    /// Các nút là gốc của cây con bị cắt, theo thứ tự `NodeId`.
    pub fn cut_roots(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, m)| m.cut.is_some())
            .map(|(i, _)| NodeId(i))
    }
}

/// Đọc `trace` của một lần tìm kiếm trên `tree`, tính đến bước `step` (`None`:
/// cả vết). Lỗi nếu bước vượt quá vết hoặc vết nhắc tới nút cây không có.
pub(crate) fn from_trace(
    tree: &GameTree,
    trace: &Trace,
    step: Option<usize>,
) -> Result<TraceMarks, PlotError> {
    if let Some(k) = step {
        if k > trace.len() {
            return Err(PlotError::invalid(format!(
                "bước {k} vượt quá số bước của vết ({})",
                trace.len()
            )));
        }
    }
    let k = step.unwrap_or(trace.len());
    let replay = trace.replay_to(k);
    let labels = tree.label_index();
    let find = |i: usize| -> Result<NodeId, PlotError> {
        let l = trace.label(i);
        labels.get(l).copied().ok_or_else(|| {
            PlotError::invalid(format!("vết không khớp với cây: cây không có nút `{l}`"))
        })
    };
    let mut nodes = vec![NodeMarks::default(); tree.len()];
    let mut seen = 0;
    for (i, st) in replay.nodes.iter().enumerate() {
        let m = &mut nodes[find(i)?.0];
        match st.status {
            Status::Unseen => continue,
            Status::Pruned => {
                m.cut = st
                    .cut_by
                    .and_then(|by| cut_why(trace, by, replay.nodes[by].cut?));
                continue;
            }
            Status::Open | Status::Done => {
                m.visited = true;
                seen += 1;
            }
        }
        m.value = st.value.map(|v| (v, st.leaf == Some(LeafKind::Heuristic)));
    }
    for (i, st) in replay.nodes.iter().enumerate() {
        if !st.temps.is_empty() {
            let player = trace.nodes[i].player;
            nodes[find(i)?.0].temps = st.temps.iter().map(|t| t.text(player)).collect();
        }
    }
    let current = match step {
        Some(_) => replay.current().map(find).transpose()?,
        None => None,
    };
    let caption = step.map(|k| {
        let text = if k == 0 {
            "chưa xét nút nào.".to_string()
        } else {
            // Câu của bước k (không phải câu kết quả đứng sau bước cuối).
            trace
                .prefix(k)
                .walk_lines()
                .into_iter()
                .nth(k.min(trace.len()).saturating_sub(1))
                .unwrap_or_default()
        };
        format!("Bước {k}/{}: {text}", trace.len())
    });
    Ok(TraceMarks {
        nodes,
        current,
        caption,
        finished: k == trace.len(),
        seen,
    })
}

/// Lý do cắt tỉa tại nút số `at` của vết.
fn cut_why(trace: &Trace, at: usize, cut: Cut) -> Option<CutWhy> {
    Some(match cut {
        Cut::Vp { vp, vq } => CutWhy::Bound {
            parent: trace.parent_label(at)?.to_string(),
            node: trace.label(at).to_string(),
            op: match trace.nodes[at].player {
                Player::Max => "≤",
                Player::Min => "≥",
            },
            vp,
            vq,
        },
        Cut::Window { alpha, beta } => CutWhy::Window { alpha, beta },
    })
}

#[cfg(test)]
mod tests {
    //! Hợp đồng của [`from_trace`]: ai viết lại hàm này (trên một cách phát lại
    //! vết khác) phải giữ đúng những điều dưới đây.
    use super::*;
    use crate::search::Searcher;

    const LECTURE: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";

    fn marks(s: Searcher, step: Option<usize>) -> (GameTree, TraceMarks, usize) {
        let tree = GameTree::parse(LECTURE).unwrap();
        let trace = s.trace().run(&tree).unwrap().trace.unwrap();
        let m = from_trace(&tree, &trace, step).unwrap();
        (tree, m, trace.len())
    }

    fn id(tree: &GameTree, label: &str) -> NodeId {
        tree.label_index()[label]
    }

    #[test]
    fn whole_cat_tia_trace() {
        let (tree, m, _) = marks(Searcher::cat_tia(), None);
        assert!(m.finished && m.current.is_none() && m.caption.is_none());
        assert_eq!(m.seen, 8);
        let cut: Vec<&str> = m.cut_roots().map(|c| tree.label(c)).collect();
        assert_eq!(cut, ["F", "H"]);
        assert_eq!(
            m.node(id(&tree, "F")).cut,
            Some(CutWhy::Bound {
                parent: "A".into(),
                node: "C".into(),
                op: "≥",
                vp: 1.0,
                vq: 0.0
            })
        );
        // Nút trong cây con bị cắt không được xét và không bị đánh dấu cắt riêng.
        let k = m.node(id(&tree, "K"));
        assert!(!k.visited && k.cut.is_none());
        let a = m.node(id(&tree, "A"));
        assert_eq!(a.value, Some((1.0, false)));
        assert_eq!(
            a.temps,
            ["-∞", "Max(-∞, 1) = 1", "Max(1, 0) = 1", "Max(1, 0) = 1"]
        );
        assert_eq!(m.node(id(&tree, "I")).value, Some((0.0, false)));
    }

    #[test]
    fn window_cuts_name_alpha_and_beta() {
        let (tree, m, _) = marks(Searcher::window(), None);
        assert_eq!(
            m.node(id(&tree, "F")).cut,
            Some(CutWhy::Window {
                alpha: 1.0,
                beta: 0.0
            })
        );
    }

    #[test]
    fn steps_of_the_trace() {
        let (_, m, n) = marks(Searcher::cat_tia(), Some(0));
        assert_eq!(
            m.caption.as_deref(),
            Some(&*format!("Bước 0/{n}: chưa xét nút nào."))
        );
        assert!(m.current.is_none() && m.seen == 0 && !m.finished);
        let (tree, m, _) = marks(Searcher::cat_tia(), Some(3));
        assert_eq!(m.current, Some(id(&tree, "A")));
        assert!(m
            .caption
            .as_deref()
            .unwrap_or_default()
            .starts_with(&format!("Bước 3/{n}: Quay lui về A")));
        assert_eq!(m.node(id(&tree, "A")).temps, ["-∞", "Max(-∞, 1) = 1"]);
        assert!(m.cut_roots().next().is_none());
        let (_, m, _) = marks(Searcher::cat_tia(), Some(n));
        assert!(m.finished);
        let tree = GameTree::parse(LECTURE).unwrap();
        let trace = Searcher::cat_tia()
            .trace()
            .run(&tree)
            .unwrap()
            .trace
            .unwrap();
        assert!(from_trace(&tree, &trace, Some(n + 1)).is_err());
        // Vết của một cây khác: lỗi, không hoảng.
        let other = GameTree::parse("A(X:1, Y:2)").unwrap();
        assert!(from_trace(&other, &trace, None).is_err());
    }
}

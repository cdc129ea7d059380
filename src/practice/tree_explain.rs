//! Lời giải thích dùng chung của các bài về cây: tên loại nút, giá trị các con,
//! vì sao một nút phải được xét, vì sao một cây con bị cắt.
//!
//! Mọi điều về một lần tìm kiếm đều đọc qua **một** lần phát lại vết
//! ([`Replay`]), không đi lại các bước bằng tay.

use crate::player::Player;
use crate::plot::{Figure, PlotError, TreeDiagram};
use crate::search::{Algorithm, Searcher};
use crate::trace::{Bound, Cut, Replay, Trace, TraceEvent};
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;
use std::collections::HashMap;

use super::answer::{fold, Answer};
use super::error::PracticeError;
use super::expected::list;
use super::feedback::{Mistake, MistakeKind};
use super::solution::drawn;

/// "nút MAX" / "nút MIN".
pub(crate) fn kind(p: Player) -> &'static str {
    match p {
        Player::Max => "nút MAX",
        Player::Min => "nút MIN",
    }
}

/// Đầu đề của một bài về cây, chưa đóng ngoặc: "Cây `…` (gốc A là nút MAX;
/// các mức luân phiên MAX, MIN, MAX…". `text`: cây như sinh viên thấy nó.
pub(crate) fn tree_head(tree: &GameTree, text: &str) -> String {
    let (p, root) = (tree.root_player(), tree.label(tree.root()));
    let (q, k) = (p.opponent(), kind(p));
    format!("Cây `{text}` (gốc {root} là {k}; các mức luân phiên {p}, {q}, {p}…")
}

/// Hình của đề: cây với tiêu đề `title`, chưa có giá trị.
pub(crate) fn tree_figure(tree: &GameTree, title: &str) -> Result<Option<Figure>, PlotError> {
    Ok(Some(TreeDiagram::new(tree).title(title).draw()?))
}

/// Hình của lời giải: cây sau lần tìm bằng `searcher`, với tiêu đề `title`.
pub(crate) fn searched_figure(tree: &GameTree, title: &str, searcher: Searcher) -> Option<Figure> {
    drawn(|| TreeDiagram::new(tree).title(title).search(searcher)?.draw())
}

/// Giá trị của nút `id`, vét cạn (có giới hạn `depth` tính từ `id` nếu có).
pub(crate) fn value_at(tree: &GameTree, id: NodeId, depth: Option<u32>) -> f64 {
    let s = match depth {
        Some(d) => Searcher::minimax().depth(d),
        None => Searcher::minimax(),
    };
    s.run_from(tree, &id).map(|r| r.value).unwrap_or(f64::NAN)
}

/// `a == b` với sai số làm tròn.
pub(crate) fn same(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() < 1e-9
}

/// Nút trong (có con) tên `label` của bài cố định: lỗi nói rõ nếu không có nút
/// ấy (kèm các nhãn có) hay nút ấy là lá.
pub(crate) fn inner_node(tree: &GameTree, label: &str) -> Result<NodeId, PracticeError> {
    let node = named_node(tree, label)?;
    if tree.node(node).is_leaf() {
        return Err(PracticeError::Invalid(format!(
            "{} là lá: hãy hỏi một nút trong (nút có con).",
            tree.label(node)
        )));
    }
    Ok(node)
}

/// Nút tên `label` của bài cố định; lỗi kèm các nhãn có nếu không có nút ấy.
pub(crate) fn named_node(tree: &GameTree, label: &str) -> Result<NodeId, PracticeError> {
    resolve(tree, label).ok_or_else(|| PracticeError::UnknownNode {
        label: label.trim().to_string(),
        labels: tree.nodes().iter().map(|n| n.label.clone()).collect(),
    })
}

/// Tìm nút theo nhãn sinh viên gõ: đúng nhãn, hoặc không phân biệt hoa thường
/// và dấu nếu chỉ một nút khớp.
pub(crate) fn resolve(tree: &GameTree, typed: &str) -> Option<NodeId> {
    // Nhãn được phép kết thúc bằng dấu `'` (B'): thử đúng chữ đã gõ trước khi bỏ
    // dấu nháy bao quanh.
    if let Some(id) = tree.find(typed.trim()) {
        return Some(id);
    }
    let t = typed
        .trim()
        .trim_matches(|c| c == '"' || c == '\'' || c == '`');
    tree.find(t).or_else(|| {
        let want = fold(t);
        let hits: Vec<NodeId> = tree
            .node_ids()
            .filter(|&id| fold(tree.label(id)) == want)
            .collect();
        (hits.len() == 1).then(|| hits[0])
    })
}

/// Lỗi "không có nút nào tên `w`" (bậc 2 kể các nhãn có trong cây).
pub(crate) fn unknown_label(tree: &GameTree, w: &str) -> Mistake {
    let labels = list(tree.nodes().iter().map(|n| &n.label));
    Mistake::new(
        MistakeKind::UnknownLabel,
        format!("Không có nút nào tên `{w}` trong cây."),
        format!("Không có nút nào tên `{w}`; các nhãn có trong cây: {labels}."),
    )
}

/// Các nhãn sinh viên ghi (`không` là danh sách rỗng).
pub(crate) fn typed_labels(answer: &Answer) -> Vec<String> {
    if answer.is_none() {
        Vec::new()
    } else {
        answer.words()
    }
}

/// Tổ tiên gần nhất của `id` nằm trong `set` (kể cả chính `id`).
pub(crate) fn ancestor_in(tree: &GameTree, id: NodeId, set: &[String]) -> Option<String> {
    let path = std::iter::successors(Some(id), |&n| tree.node(n).parent);
    let mut labels = path.map(|n| tree.label(n));
    labels
        .find(|l| set.iter().any(|s| s == l))
        .map(str::to_string)
}

/// Một lần tìm kiếm có ghi vết.
pub(crate) struct Run {
    /// Giá trị của gốc (NaN nếu không tìm được).
    pub value: f64,
    /// Gốc các cây con bị cắt, theo thứ tự tìm kiếm.
    pub pruned: Vec<String>,
    /// Vết (rỗng nếu không tìm được).
    pub trace: Trace,
}

/// Chạy `algorithm` trên cây, có ghi vết.
pub(crate) fn run(tree: &GameTree, algorithm: Algorithm) -> Run {
    let (value, pruned, trace) = match Searcher::new(algorithm).trace().run(tree) {
        Ok(r) => (r.value, r.pruned, r.trace),
        Err(_) => (f64::NAN, Vec::new(), None),
    };
    let trace = trace.unwrap_or(Trace {
        algorithm,
        nodes: Vec::new(),
        events: Vec::new(),
    });
    Run {
        value,
        pruned,
        trace,
    }
}

/// Các lá được định trị, theo thứ tự (đọc qua phát lại vết).
pub(crate) fn evaluated_leaves(trace: &Trace) -> Vec<String> {
    let mut replay = Replay::new(trace);
    let mut out = Vec::new();
    while let Some(e) = replay.advance() {
        if let TraceEvent::Leaf { node, .. } = e {
            out.push(trace.label(*node).to_string());
        }
    }
    out
}

/// Với mỗi nút đã xét (theo nhãn), vì sao nó không bị cắt: tình trạng của
/// **cha** ngay trước khi nó được xét, và phép so sánh của thuật toán ở cha.
pub(crate) fn why_visited(trace: &Trace) -> HashMap<String, String> {
    let mut reasons = HashMap::new();
    let mut replay = Replay::new(trace);
    while let Some(e) = replay.advance() {
        let (TraceEvent::Enter { node, .. } | TraceEvent::Leaf { node, .. }) = e else {
            continue;
        };
        let Some(p) = trace.nodes[*node].parent else {
            continue;
        };
        let (x, parent, state) = (trace.label(*node), trace.label(p), &replay.nodes[p]);
        let (player, temp) = (trace.nodes[p].player, state.temp().unwrap_or(f64::NAN));
        let k = kind(player);
        let why = match (trace.algorithm, state.bound) {
            (Algorithm::Minimax, _) => {
                format!("{x} phải được xét: vét cạn xét mọi nút, không cắt nhánh nào.")
            }
            (Algorithm::CatTia, Bound::Vp { vp }) => {
                let grand = trace.parent_label(p).unwrap_or_default();
                let sign = if player == Player::Min { "≥" } else { "≤" };
                let (vq, vp) = (fmt_value(temp), fmt_value(vp));
                format!(
                    "{x} phải được xét: khi tới {x}, {parent} ({k}) có Vq = {vq} mà Vp = {vp} (giá \
                     trị tạm của {grand} lúc {parent} bắt đầu). Điều kiện cắt của {k} là Vp {sign} \
                     Vq, tức {vp} {sign} {vq} — sai, nên {parent} phải xét tiếp {x}."
                )
            }
            (Algorithm::CatTia, _) => format!(
                "{x} phải được xét: {parent} là gốc, không có Vp từ cha, nên gốc không bao giờ \
                 cắt con của mình — nó xét hết các con."
            ),
            (Algorithm::Window, _) => {
                // Gốc không nhận cửa sổ từ cha: cửa sổ của nó là (giá trị tạm, ∞) nếu
                // là MAX, (−∞, giá trị tạm) nếu là MIN.
                let (a, b) = match (state.window, player) {
                    (Some(w), _) => (w.alpha, w.beta),
                    (None, Player::Max) => (temp, f64::INFINITY),
                    (None, Player::Min) => (f64::NEG_INFINITY, temp),
                };
                let (a, b) = (fmt_value(a), fmt_value(b));
                format!(
                    "{x} phải được xét: khi tới {x}, cửa sổ của {parent} ({k}) là (α, β) = ({a}, \
                     {b}); α < β nên {parent} chưa thể dừng."
                )
            }
        };
        reasons.insert(x.to_string(), why);
    }
    reasons
}

/// Nút đã cắt cây con `m` (chỉ số trong vết), đọc từ phát lại vết `replay`.
fn cutter(trace: &Trace, replay: &Replay, m: &str) -> Option<usize> {
    trace.find(m).and_then(|i| replay.nodes[i].cut_by)
}

/// Các cây con bị cắt cùng một lần với `m` (kể cả `m`), theo thứ tự.
pub(crate) fn cut_together<'t>(trace: &'t Trace, m: &str) -> Vec<&'t str> {
    let replay = trace.replay();
    cutter(trace, &replay, m).map_or(Vec::new(), |at| {
        let pruned = &replay.nodes[at].pruned;
        pruned.iter().map(|&p| trace.label(p)).collect()
    })
}

/// Nút đã cắt cây con `m` và lời giải thích phép so sánh, đọc từ phát lại
/// vết: "tại C (nút MIN), Vq = 0 và Vp = 1 …".
pub(crate) fn why_cut(trace: &Trace, m: &str) -> Option<String> {
    let replay = trace.replay();
    let at = cutter(trace, &replay, m)?;
    let reason = replay.nodes[at].cut?;
    let rest = list(replay.nodes[at].pruned.iter().map(|&p| trace.label(p)));
    let (name, player) = (trace.label(at), trace.nodes[at].player);
    let k = kind(player);
    Some(match reason {
        Cut::Vp { vp, vq } => {
            let (vp, vq) = (fmt_value(vp), fmt_value(vq));
            let grand = trace.parent_label(at).unwrap_or_default();
            let sign = if player == Player::Min { "≥" } else { "≤" };
            format!(
                "tại {name} ({k}), Vq = {vq} và Vp = {vp} (giá trị tạm của {grand}); Vp {sign} Vq \
                 ({vp} {sign} {vq}) nên {name} dừng, các con còn lại ({rest}) bị cắt."
            )
        }
        Cut::Window { alpha, beta } => {
            let (a, b) = (fmt_value(alpha), fmt_value(beta));
            format!(
                "tại {name} ({k}), cửa sổ thành (α, β) = ({a}, {b}) với α ≥ β, nên {name} dừng, \
                 các con còn lại ({rest}) bị cắt."
            )
        }
    })
}

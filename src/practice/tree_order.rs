//! Chấm thứ tự các lá được định trị (thứ tự thăm của thuật toán).

use super::answer::Answer;
use super::check::{Check, Graded};
use super::feedback::{Mistake, MistakeKind};
use super::tree_explain::{
    ancestor_in, evaluated_leaves, resolve, run, typed_labels, unknown_label, why_cut, why_visited,
};
use crate::search::Algorithm;
use crate::tree::GameTree;

/// Chấm thứ tự các lá mà `algorithm` định trị. Báo chỗ sai đầu tiên.
pub(crate) fn grade_leaf_order(tree: &GameTree, algorithm: Algorithm, answer: &Answer) -> Graded {
    let r = run(tree, algorithm);
    let truth = evaluated_leaves(&r.trace);
    let mut typed: Vec<String> = Vec::new();
    for w in &typed_labels(answer) {
        let Some(id) = resolve(tree, w) else {
            return Check::mistakes(vec![unknown_label(tree, w)]);
        };
        if !tree.node(id).is_leaf() {
            return Check::wrong(
                MistakeKind::LeafOrder,
                "Chỉ ghi các nút lá (nút trong không được \"định trị\" bằng giá trị gán sẵn).",
                format!("{} là nút trong, không phải lá.", tree.label(id)),
            );
        }
        typed.push(tree.label(id).to_string());
    }
    let not_evaluated = |y: &str| {
        let id = tree.find(y)?;
        let top = ancestor_in(tree, id, &r.pruned)?;
        Some(Mistake::new(
            MistakeKind::LeafNotEvaluated,
            "Bạn định trị cả một lá nằm trong cây con bị cắt.",
            format!(
                "{y} nằm trong cây con {top}, không bao giờ được xét: {}",
                why_cut(&r.trace, &top).unwrap_or_default()
            ),
        ))
    };
    let k = typed
        .iter()
        .zip(&truth)
        .position(|(a, b)| a != b)
        .unwrap_or(typed.len().min(truth.len()));
    if k == typed.len() && k == truth.len() {
        let (order, n, total) = (truth.join(", "), truth.len(), tree.leaf_count());
        return Check::right(format!(
            "Các lá được định trị theo thứ tự {order} ({n} trên {total} lá)."
        ));
    }
    let visited = why_visited(&r.trace);
    let skipped = |t: &str| {
        let why = visited.get(t).cloned();
        let why = why.unwrap_or_else(|| format!("{t} được định trị."));
        Mistake::new(
            MistakeKind::LeafSkipped,
            "Bạn bỏ qua một lá phải định trị (cắt nhiều quá?).",
            format!("Bỏ qua {t}. {why}"),
        )
    };
    if k == truth.len() {
        let y = &typed[k];
        return Check::mistakes(vec![not_evaluated(y).unwrap_or_else(|| {
            Mistake::new(
                MistakeKind::LeafOrder,
                "Mỗi lá được định trị nhiều nhất một lần.",
                format!(
                    "{y} đã có trong danh sách; sau {} thuật toán dừng.",
                    truth[k - 1]
                ),
            )
        })]);
    }
    if k == typed.len() {
        return Check::mistakes(vec![skipped(&truth[k])]);
    }
    let (y, t) = (&typed[k], &truth[k]);
    if let Some(m) = not_evaluated(y) {
        return Check::mistakes(vec![m]);
    }
    if !typed.contains(t) {
        return Check::mistakes(vec![skipped(t)]);
    }
    let after = if k == 0 {
        "Lá đầu tiên".to_string()
    } else {
        format!("Sau {}, lá kế tiếp", truth[k - 1])
    };
    Check::wrong(
        MistakeKind::LeafOrder,
        "Thứ tự chưa đúng: các con được xét từ trái sang phải, xong hết một cây con mới sang cây con kế.",
        format!("{after} được định trị là {t}, không phải {y}."),
    )
}

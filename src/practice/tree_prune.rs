//! Chấm các cây con bị cắt tỉa và số lá được định trị.

use super::answer::Answer;
use super::check::{Check, Graded};
use super::feedback::{Mistake, MistakeKind};
use super::tree_explain::{
    ancestor_in, cut_together, evaluated_leaves, resolve, run, typed_labels, unknown_label,
    why_cut, why_visited,
};
use crate::search::Algorithm;
use crate::tree::GameTree;

/// Đầu câu bậc 2 về các nhánh bị cắt mà sinh viên chưa ghi: "Thiếu G, H: …".
pub(crate) const MISSED_PREFIX: &str = "Thiếu ";

/// Chấm danh sách các cây con bị cắt (mỗi cây con gọi bằng nhãn gốc của nó;
/// thứ tự không quan trọng; danh sách rỗng hay "không": không cắt gì).
///
/// Mỗi nhánh cắt thừa và mỗi nhánh còn thiếu là một lỗi riêng: bậc 1 nói loại
/// lỗi (nêu tên nhánh thừa mà sinh viên đã ghi, chỉ đếm số nhánh thiếu), bậc 2
/// nêu nút và phép so sánh quyết định.
pub(crate) fn grade_pruned(tree: &GameTree, algorithm: Algorithm, answer: &Answer) -> Graded {
    let r = run(tree, algorithm);
    let truth = r.pruned;
    let mut mistakes = Vec::new();
    let mut given: Vec<String> = Vec::new();
    for w in &typed_labels(answer) {
        match resolve(tree, w) {
            Some(id) => {
                let l = tree.label(id).to_string();
                if !given.contains(&l) {
                    given.push(l);
                }
            }
            None => mistakes.push(unknown_label(tree, w)),
        }
    }
    let visited = why_visited(&r.trace);
    for g in &given {
        if truth.contains(g) {
            continue;
        }
        let Some(id) = tree.find(g) else { continue };
        if let Some(top) = ancestor_in(tree, id, &truth) {
            mistakes.push(Mistake::new(
                MistakeKind::InsideCut,
                format!(
                    "{g} nằm bên trong một cây con đã bị cắt: chỉ ghi nhãn gốc của cây con bị cắt."
                ),
                format!("{g} nằm trong cây con {top} đã bị cắt — chỉ ghi {top}."),
            ));
        } else if id == tree.root() {
            mistakes.push(Mistake::new(
                MistakeKind::RootCut,
                format!("{g} là gốc: gốc không bao giờ bị cắt."),
                format!("{g} là gốc: thuật toán bắt đầu từ gốc, nên gốc luôn được xét."),
            ));
        } else {
            let detail = visited.get(g).cloned();
            let detail = detail.unwrap_or_else(|| format!("{g} không bị cắt."));
            mistakes.push(Mistake::new(
                MistakeKind::ExtraPrune,
                format!("Bạn cắt thừa một nhánh: {g} vẫn phải được xét."),
                format!("Cắt thừa {g}. {detail}"),
            ));
        }
    }
    let missed: Vec<&String> = truth.iter().filter(|t| !given.contains(t)).collect();
    let count = match missed.len() {
        1 => "một".to_string(),
        n => n.to_string(),
    };
    for t in &missed {
        // Các nhánh thiếu cùng bị cắt ở một nút được nói chung một câu.
        let mut group: Vec<&str> = cut_together(&r.trace, t)
            .into_iter()
            .filter(|g| missed.iter().any(|m| m == g))
            .collect();
        if group.is_empty() {
            group.push(t.as_str());
        }
        let why = why_cut(&r.trace, t).unwrap_or_default();
        mistakes.push(Mistake::new(
            MistakeKind::MissedPrune,
            format!("Còn {count} nhánh bị cắt mà bạn chưa ghi."),
            format!("{MISSED_PREFIX}{}: {why}", group.join(", ")),
        ));
    }
    if !mistakes.is_empty() {
        return Check::mistakes(mistakes);
    }
    let name = algorithm.name_vi();
    Check::right(if truth.is_empty() {
        format!("Với {name}, không có nhánh nào bị cắt.")
    } else {
        let (cut, total) = (truth.join(", "), tree.leaf_count());
        let leaves = evaluated_leaves(&r.trace).len();
        format!(
            "Với {name}, các cây con bị cắt là {cut}; chỉ {leaves} trên {total} lá được định trị."
        )
    })
}

/// Chấm số lá mà `algorithm` định trị.
pub(crate) fn grade_leaf_count(tree: &GameTree, algorithm: Algorithm, answer: &Answer) -> Graded {
    let x = answer.single_natural("một số (số lá được định trị)")? as i64;
    let r = run(tree, algorithm);
    let leaves = evaluated_leaves(&r.trace);
    let n = leaves.len() as i64;
    let total = tree.leaf_count() as i64;
    let name = algorithm.name_vi();
    if x == n {
        let order = leaves.join(", ");
        return Check::right(format!(
            "Với {name}, {n} trên {total} lá được định trị, theo thứ tự: {order}."
        ));
    }
    let cut = r.pruned.first().and_then(|m| why_cut(&r.trace, m));
    let cut_text = match &cut {
        Some(c) => format!("Nhát cắt đầu tiên: {c}"),
        None => "Không nhánh nào bị cắt, nên mọi lá đều được định trị.".to_string(),
    };
    let direction = if x > n { "nhiều hơn" } else { "ít hơn" };
    let other = match algorithm {
        Algorithm::CatTia => Some(Algorithm::Window),
        Algorithm::Window => Some(Algorithm::CatTia),
        Algorithm::Minimax => None,
    };
    if let Some(o) = other {
        let (ro, other) = (run(tree, o), o.name_vi());
        let m = evaluated_leaves(&ro.trace).len() as i64;
        if m == x && m != n {
            let extra = r.pruned.iter().find(|p| !ro.pruned.contains(p));
            let fewer = ro.pruned.iter().find(|p| !r.pruned.contains(p));
            let diff = match (extra, fewer) {
                (Some(p), _) => {
                    let why = why_cut(&r.trace, p).unwrap_or_default();
                    format!("{name} cắt được {p} mà {other} không cắt: {why}")
                }
                (None, Some(p)) => format!(
                    "{other} cắt {p} nhưng {name} thì không: {name} chỉ biết giá trị tạm của cha."
                ),
                _ => String::new(),
            };
            return Check::wrong(
                MistakeKind::WrongCount,
                format!("{x} là số lá của {other}, không phải của {name}."),
                diff,
            );
        }
    }
    if x == total && n != total {
        return Check::wrong(
            MistakeKind::WrongCount,
            format!("{total} là số lá của cả cây — con số của vét cạn; lá trong cây con bị cắt không được định trị."),
            format!("Cây có {total} lá, nhưng có cây con bị cắt. {cut_text}"),
        );
    }
    Check::wrong(
        MistakeKind::WrongCount,
        "Số lá được định trị chưa đúng: lá nằm trong cây con bị cắt không được định trị.",
        format!("Bạn đếm {direction} số đúng. {cut_text}"),
    )
}

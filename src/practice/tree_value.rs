//! Chấm giá trị của gốc (kể cả khi tính trước n nước với hàm lượng giá) và
//! nước đi tốt nhất.

use super::answer::Answer;
use super::check::{Check, Graded, Unreadable};
use super::expected::list;
use super::feedback::MistakeKind;
use super::tree_explain::{kind, resolve, same, unknown_label, value_at};
use crate::player::Player;
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;

/// "A (nút MAX) = Max(B = 1, C = -1, D = 0) = 1": phép so sánh tại `id`.
fn comparison(tree: &GameTree, id: NodeId, depth: Option<u32>) -> String {
    let (p, name) = (tree.player(id), tree.label(id));
    let kids = child_values(tree, id, depth.map(|d| d.saturating_sub(1)));
    let v = fmt_value(value_at(tree, id, depth));
    format!("{name} ({}) = {}({kids}) = {v}", kind(p), p.fn_name())
}

/// "A (nút MAX) = Max(B, C, D)": phép so sánh tại `id`, chưa có số nào. Lời gợi ý
/// bậc 2 cho câu hỏi giá trị của gốc dùng nó: chỉ ra phải so sánh những con nào mà
/// không nói giá trị của gốc trước khi sinh viên thử lần thứ ba.
fn open_comparison(tree: &GameTree, id: NodeId) -> String {
    let p = tree.player(id);
    let kids = list(tree.children(id).iter().map(|&c| tree.label(c)));
    format!("{} ({}) = {}({kids})", tree.label(id), kind(p), p.fn_name())
}

/// "B = 1, C = -1, D = 0": giá trị vét cạn (tính trước `depth` nước, nếu có)
/// của các con của `id`.
pub(crate) fn child_values(tree: &GameTree, id: NodeId, depth: Option<u32>) -> String {
    let value = |c| fmt_value(value_at(tree, c, depth));
    list(
        tree.children(id)
            .iter()
            .map(|&c| format!("{} = {}", tree.label(c), value(c))),
    )
}

/// Các giá trị ở "biên": lá ở trên độ sâu giới hạn và ước lượng ở đúng độ sâu
/// giới hạn (không giới hạn: mọi lá).
fn frontier(tree: &GameTree, depth: Option<u32>) -> Vec<f64> {
    tree.node_ids()
        .filter(|&id| {
            let n = tree.node(id);
            match depth {
                None => n.is_leaf(),
                Some(d) => n.depth == d || (n.is_leaf() && n.depth < d),
            }
        })
        .filter_map(|id| tree.node(id).value)
        .collect()
}

/// Chấm giá trị của gốc; `depth`: tính trước bấy nhiêu nước rồi dùng ước lượng.
pub(crate) fn grade_value(tree: &GameTree, depth: Option<u32>, answer: &Answer) -> Graded {
    let x = answer.single_number("một số (giá trị của gốc)")?;
    let root = tree.root();
    let name = tree.label(root).to_string();
    let truth = value_at(tree, root, depth);
    let decide = comparison(tree, root, depth);
    // Lời gợi ý bậc 2 không nói giá trị của gốc: chỉ phép so sánh còn để trống.
    let open = open_comparison(tree, root);
    if same(x, truth) {
        let v = fmt_value(truth);
        return Check::right(format!("Giá trị của gốc {name} là {v}: {decide}."));
    }
    if !x.is_finite() {
        return Check::wrong(
            MistakeKind::WrongValue,
            "Giá trị của gốc phải là một số hữu hạn: -∞ và ∞ chỉ là giá trị tạm ban đầu.",
            format!("-∞ và ∞ bị thay ngay khi con đầu tiên quay lui; ở gốc: {open}."),
        );
    }
    let p = tree.player(root);
    let (q, xs) = (p.opponent(), fmt_value(x));
    let flipped = tree.clone().with_root_player(q);
    if same(x, value_at(&flipped, root, depth)) {
        return Check::wrong(
            MistakeKind::FlippedRoles,
            "Có vẻ bạn đã đảo vai MAX và MIN.",
            format!(
                "Đảo vai: gốc {name} là {} (các mức dưới luân phiên {q}, {p}, …); nếu gốc là {q} \
                 thì giá trị mới là {xs}. Ở gốc: {open}.",
                kind(p)
            ),
        );
    }
    let values = frontier(tree, depth);
    let extreme = p.pick(values.iter().copied());
    let deep = tree.height().min(depth.unwrap_or(u32::MAX)) > 1;
    if deep && same(x, extreme) {
        let (word, other) = match p {
            Player::Max => ("lớn nhất", "nhỏ nhất"),
            Player::Min => ("nhỏ nhất", "lớn nhất"),
        };
        return Check::wrong(
            MistakeKind::ExtremeLeaf,
            format!("Có vẻ bạn lấy số {word} của mọi lá."),
            format!(
                "Lấy số {word} của mọi lá: nhưng ở các mức {q}, đối thủ chọn số {other}, nên phải \
                 định trị từ dưới lên, từng mức một. Ở gốc: {open}."
            ),
        );
    }
    // x là giá trị của một nút không nằm trên đường đi chính?
    let remaining = |id: NodeId| depth.map(|d| d.saturating_sub(tree.node(id).depth));
    let holder = tree
        .node_ids()
        .filter(|&id| id != root && depth.is_none_or(|d| tree.node(id).depth <= d))
        .find(|&id| same(value_at(tree, id, remaining(id)), x));
    if let Some(n) = holder {
        // Tổ tiên cao nhất còn mang giá trị x: cha của nó là nơi x bị loại.
        let mut cur = n;
        while let Some(par) = tree.node(cur).parent {
            let v = value_at(tree, par, remaining(par));
            if !same(v, x) {
                // Phép so sánh ở gốc chính là đáp án: chỉ nói các con cần so sánh.
                let at = if par == root {
                    open.clone()
                } else {
                    comparison(tree, par, remaining(par))
                };
                let (n, cur, par) = (tree.label(n), tree.label(cur), tree.label(par));
                return Check::wrong(
                    MistakeKind::UnchosenChild,
                    format!("{xs} là giá trị của một nút không được chọn khi quay lui."),
                    format!("{xs} là giá trị của {n}, nhưng nhánh {cur} bị loại ở {par}: {at}."),
                );
            }
            cur = par;
        }
    }
    if !values.iter().any(|&v| same(v, x)) {
        let what = if depth.is_some() {
            "lá hay ước lượng nào ở mức giới hạn"
        } else {
            "lá nào"
        };
        return Check::wrong(
            MistakeKind::NotALeafValue,
            format!(
                "{xs} không phải giá trị của {what}: max và min chỉ chọn một số có sẵn, không tạo \
                 ra số mới."
            ),
            format!("{xs} không phải giá trị của {what}. Ở gốc: {open}."),
        );
    }
    Check::wrong(
        MistakeKind::WrongValue,
        "Giá trị của gốc chưa đúng: hãy định trị lại từ dưới lên, từng mức một.",
        format!(
            "Giá trị của gốc quyết định ở {name}: {open}. Định trị lại từng con, từ dưới lên, \
             rồi chọn như {name} chọn."
        ),
    )
}

/// Các nước tốt nhất từ gốc (nhãn các con có giá trị bằng giá trị của gốc).
pub(crate) fn best_moves(tree: &GameTree) -> Vec<String> {
    let root = tree.root();
    let truth = value_at(tree, root, None);
    tree.children(root)
        .iter()
        .filter(|&&c| same(value_at(tree, c, None), truth))
        .map(|&c| tree.label(c).to_string())
        .collect()
}

/// Chấm nước đi tốt nhất từ gốc (nhãn một con của gốc; nước nào trong các nước
/// cùng tốt nhất cũng đúng).
pub(crate) fn grade_best_move(tree: &GameTree, answer: &Answer) -> Graded {
    let item = answer.single("một nhãn (một con của gốc)")?;
    let root = tree.root();
    let name = tree.label(root).to_string();
    if tree.node(root).is_leaf() {
        return Err(Unreadable(format!(
            "gốc {name} là nút lá: trò chơi đã kết thúc, không có nước đi nào"
        )));
    }
    let moves = list(tree.children(root).iter().map(|&c| tree.label(c)));
    let Some(id) = resolve(tree, item) else {
        let mut unknown = unknown_label(tree, item);
        let from = format!(" Nước đi từ {name} là một trong {moves}.");
        unknown.detail.push_str(&from);
        return Check::mistakes(vec![unknown]);
    };
    let label = tree.label(id).to_string();
    if tree.node(id).parent != Some(root) {
        let where_ = if id == root {
            format!("{label} là chính gốc")
        } else {
            format!("{label} ở độ sâu {}", tree.node(id).depth)
        };
        return Check::wrong(
            MistakeKind::NotAChild,
            format!("Một nước đi từ gốc {name} dẫn tới một con của {name}."),
            format!("{where_}, không phải con của {name}; các nước đi từ {name} là {moves}."),
        );
    }
    let p = tree.player(root);
    let truth = value_at(tree, root, None);
    let v = value_at(tree, id, None);
    let best = best_moves(tree);
    let (decide, vs) = (comparison(tree, root, None), fmt_value(v));
    if same(v, truth) {
        let mut msg = format!("Đi vào {label}, {name} chắc chắn được {vs}: {decide}.");
        if best.len() > 1 {
            msg.push_str(&format!(" Các nước {} đều tốt như nhau.", best.join(", ")));
        }
        return Check::right(msg);
    }
    let who = match p {
        Player::Max => "lớn nhất",
        Player::Min => "nhỏ nhất",
    };
    let mut detail = format!(
        "{label} chỉ đáng {vs}: tới {label} là lượt của đối thủ ({}), họ chọn điều tệ nhất cho \
         {name}. So sánh ở gốc: {}; {name} là {} nên chọn nước có giá trị {who}.",
        tree.player(id),
        open_comparison(tree, root),
        kind(p),
    );
    let tempting = tree
        .children(id)
        .iter()
        .filter(|&&c| tree.node(c).is_leaf())
        .filter_map(|&c| tree.node(c).value.map(|x| (c, x)))
        .find(|&(_, x)| p.prefers(x, truth));
    if let Some((c, x)) = tempting {
        detail.push_str(&format!(
            " (Dưới {label} có lá {} = {} rất hấp dẫn, nhưng đối thủ sẽ không đi vào đó.)",
            tree.label(c),
            fmt_value(x)
        ));
    }
    Check::wrong(
        MistakeKind::NotBestMove,
        format!("{label} chưa phải nước tốt nhất cho {p} ở gốc: hãy nhớ đối thủ trả lời thế nào."),
        detail,
    )
}

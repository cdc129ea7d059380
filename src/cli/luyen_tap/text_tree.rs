//! Vẽ cây trò chơi bằng chữ cho cửa sổ dòng lệnh:
//!
//! ```text
//! A (MAX)
//! ├── B (MIN)
//! │   ├── D: 3
//! │   └── E: 5
//! └── C (MIN)
//!     └── F: 2
//! ```

use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;

/// Cây dạng chữ; `texts`: chữ thay giá trị của vài nút (ví dụ ước lượng `≈3`).
pub(crate) fn text_tree(tree: &GameTree, texts: &[(String, String)]) -> String {
    let mut out = String::new();
    // (nút, tiền tố của các dòng con, là con cuối?) — không đệ quy.
    let mut stack: Vec<(NodeId, String, Option<bool>)> = vec![(tree.root(), String::new(), None)];
    while let Some((id, prefix, last)) = stack.pop() {
        let node = tree.node(id);
        let branch = match last {
            None => "",
            Some(true) => "└── ",
            Some(false) => "├── ",
        };
        let own = texts
            .iter()
            .find(|(l, _)| *l == node.label)
            .map(|(_, t)| t.clone());
        let body = match (node.is_leaf(), own) {
            (_, Some(t)) => format!("{}: {t}", node.label),
            (true, None) => format!(
                "{}: {}",
                node.label,
                node.value.map(fmt_value).unwrap_or_default()
            ),
            (false, None) => format!("{} ({})", node.label, tree.player(id)),
        };
        out.push_str(&format!("{prefix}{branch}{body}\n"));
        let child_prefix = match last {
            None => prefix.clone(),
            Some(true) => format!("{prefix}    "),
            Some(false) => format!("{prefix}│   "),
        };
        let kids = tree.children(id);
        for (k, &c) in kids.iter().enumerate().rev() {
            stack.push((c, child_prefix.clone(), Some(k + 1 == kids.len())));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_branches() {
        let t = GameTree::parse("A(B(D:3, E:5), C(F:2))").unwrap();
        assert_eq!(
            text_tree(&t, &[]),
            "A (MAX)\n├── B (MIN)\n│   ├── D: 3\n│   └── E: 5\n└── C (MIN)\n    └── F: 2\n"
        );
        let e = text_tree(&t, &[("F".into(), "≈2".into())]);
        assert!(e.contains("F: ≈2"));
    }
}

//! Ghi cây ra văn bản (ngược với bộ đọc), không đệ quy.

use super::{GameTree, NodeId};
use crate::value::fmt_value;

impl GameTree {
    /// Văn bản của cây, đọc lại được bằng [`GameTree::parse`]; nhãn luôn được ghi.
    pub fn to_text(&self) -> String {
        self.subtree_text(self.root())
    }

    /// Văn bản của cây con gốc `id`.
    pub fn subtree_text(&self, id: NodeId) -> String {
        enum Step {
            Open(NodeId),
            Text(&'static str),
        }
        let mut out = String::new();
        let mut stack = vec![Step::Open(id)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Text(t) => out.push_str(t),
                Step::Open(n) => {
                    let node = self.node(n);
                    out.push_str(&node.label);
                    if let Some(v) = node.value {
                        out.push(':');
                        out.push_str(&fmt_value(v));
                    }
                    if !node.children.is_empty() {
                        out.push('(');
                        stack.push(Step::Text(")"));
                        for (k, &c) in node.children.iter().enumerate().rev() {
                            stack.push(Step::Open(c));
                            if k > 0 {
                                stack.push(Step::Text(", "));
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

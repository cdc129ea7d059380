//! Khi nhiều nước ở gốc cùng cho giá trị của gốc: nước nào được chọn, và thuật
//! toán biết gì về các nước kia.
//!
//! Thuật toán chỉ thay nước tốt nhất khi gặp một con *tốt hơn hẳn*, nên nước
//! được chọn là nước **đầu tiên** đạt giá trị của gốc. Vét cạn định trị mọi
//! con, nên biết đúng những nước nào cũng tốt như thế. Với cắt tỉa alpha-beta,
//! một con xét sau mà trả về đúng giá trị ấy chỉ được biết là *không tốt hơn*:
//! cửa sổ của nó đã đóng ở giá trị ấy, cây con của nó có thể bị cắt, giá trị thật
//! có thể kém hơn.

use super::{Algorithm, Trace, TraceEvent};
use crate::value::fmt_value as v;

impl Trace {
    /// Các con của gốc theo thứ tự xét, cùng giá trị mỗi con trả về gốc.
    pub fn root_replies(&self) -> Vec<(usize, f64)> {
        self.events
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Update {
                    node: 0,
                    child,
                    child_value,
                    ..
                } => Some((*child, *child_value)),
                _ => None,
            })
            .collect()
    }

    /// Câu nói về các nước xét sau nước tốt nhất mà cũng trả về đúng giá trị
    /// của gốc; `None` khi không có nước nào như thế (hoặc gốc chưa có giá trị).
    ///
    /// ```
    /// use caytrochoi::{GameTree, Searcher};
    /// let cay = GameTree::parse("A(B:1, C(E:0, F:1), D:1)").unwrap();
    /// let vet = Searcher::minimax().trace().run(&cay).unwrap().trace.unwrap();
    /// let cau = vet.ties_sentence().unwrap();
    /// assert!(cau.starts_with("D cũng cho đúng giá trị 1"), "{cau}");
    /// let vet = Searcher::cat_tia().trace().run(&cay).unwrap().trace.unwrap();
    /// assert!(vet.ties_sentence().unwrap().contains("không tốt hơn"));
    /// ```
    pub fn ties_sentence(&self) -> Option<String> {
        let value = self.events.iter().rev().find_map(|e| match e {
            TraceEvent::Return { node: 0, value, .. } => Some(*value),
            _ => None,
        })?;
        let replies = self.root_replies();
        let first = replies.iter().position(|&(_, r)| r == value)?;
        let best = self.label(replies[first].0);
        let others: Vec<&str> = replies[first + 1..]
            .iter()
            .filter(|&&(_, r)| r == value)
            .map(|&(c, _)| self.label(c))
            .collect();
        if others.is_empty() {
            return None;
        }
        let names = list(&others);
        let value = v(value);
        let they = if others.len() == 1 {
            "nước ấy"
        } else {
            "các nước ấy"
        };
        Some(if self.algorithm == Algorithm::Minimax {
            format!(
                "{names} cũng cho đúng giá trị {value}: {they} tốt như {best}. Thuật toán chỉ \
                 đổi nước khi gặp nước tốt hơn hẳn, nên giữ nước gặp trước là {best}."
            )
        } else {
            format!(
                "{names} cũng trả về {value}, nhưng với cắt tỉa alpha-beta con số ấy chỉ nói \
                 rằng {they} không tốt hơn {value} (giá trị thật có thể kém hơn); thuật toán \
                 giữ nước đầu tiên đạt {value} là {best}. Muốn biết mọi nước tốt nhất, chọn \
                 vét cạn."
            )
        })
    }
}

/// `B`, `B và C`, `B, C và D`.
fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} và {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use crate::{GameTree, Searcher};

    fn ties(algorithm: Searcher, tree: &str) -> Option<String> {
        let cay = GameTree::parse(tree).unwrap();
        algorithm
            .trace()
            .run(&cay)
            .unwrap()
            .trace
            .unwrap()
            .ties_sentence()
    }

    #[test]
    fn ties_are_named_after_the_first_best_move() {
        let s = ties(Searcher::minimax(), "A(B:1, C(E:0, F:1), D:1, G:1)").unwrap();
        assert!(s.starts_with("D và G cũng cho đúng giá trị 1: các nước ấy tốt như B."));
        // C và D bằng nhau (−2) nhưng không bằng giá trị của gốc (0, nhờ B): không có câu.
        assert_eq!(ties(Searcher::minimax(), "A(B(X:0), C:-2, D:-2)"), None);
        // Không có nước nào bằng: không có câu.
        assert_eq!(ties(Searcher::minimax(), "A(B:1, C:0)"), None);
        // Cây chỉ có gốc: không có câu.
        assert_eq!(ties(Searcher::minimax(), "A:3"), None);
    }

    #[test]
    fn with_pruning_a_tie_is_only_a_bound() {
        for s in [Searcher::cat_tia(), Searcher::window()] {
            let cau = ties(s, "A(B:1, C(E:0, F:1), D(H:1, I:5))").unwrap();
            assert!(cau.starts_with("D cũng trả về 1, nhưng"), "{cau}");
            assert!(cau.contains("giữ nước đầu tiên đạt 1 là B"), "{cau}");
        }
    }
}

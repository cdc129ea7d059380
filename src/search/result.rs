//! Kết quả của một lần tìm kiếm.

use super::trace::Trace;
use super::Algorithm;
use crate::game::Game;
use crate::value::fmt_value;
#[cfg(feature = "json")]
use serde_json::json;

/// Kết quả định trị một nút: giá trị, nước đi tốt nhất, đường đi chính và các
/// con số đếm.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult<M> {
    /// Thuật toán đã dùng.
    pub algorithm: Algorithm,
    /// Giá trị của nút gốc.
    pub value: f64,
    /// Nước đi tốt nhất từ gốc (`None` nếu gốc là nút lá).
    pub best_move: Option<M>,
    /// Tên của nước đi tốt nhất (với cây: nhãn của con được chọn).
    pub best_move_name: Option<String>,
    /// Đường đi chính: dãy nước đi khi cả hai bên đều chơi tốt nhất.
    pub principal_variation: Vec<M>,
    /// Tên các nước của đường đi chính.
    pub principal_variation_names: Vec<String>,
    /// Số nút đã bắt đầu định trị (kể cả gốc và các lá).
    pub nodes_visited: u64,
    /// Số nút lá đã lấy giá trị (`Payoff` hoặc hàm lượng giá).
    pub leaves_evaluated: u64,
    /// Số nút đã xét ở mỗi độ sâu (chỉ số 0 là gốc).
    pub nodes_per_depth: Vec<u64>,
    /// Nhãn gốc của các cây con bị cắt tỉa, theo thứ tự tìm kiếm (rỗng với vét cạn).
    pub pruned: Vec<String>,
    /// Vết từng bước (nếu được yêu cầu).
    pub trace: Option<Trace>,
}

/// Tên các nước đi của dãy `line` đi từ `root`.
pub(crate) fn move_names<G: Game>(game: &G, root: &G::State, line: &[G::Move]) -> Vec<String> {
    let mut names = Vec::with_capacity(line.len());
    let mut s = root.clone();
    for m in line {
        names.push(game.move_name(&s, m));
        s = game.apply(&s, m);
    }
    names
}

impl<M: Clone> SearchResult<M> {
    /// Đối tượng JSON: `value`, `best_move`, `principal_variation`,
    /// `nodes_visited`, `leaves_evaluated`, `nodes_per_depth`, `pruned` và
    /// `trace` (nếu có).
    #[cfg(feature = "json")]
    pub fn to_json_value(&self) -> serde_json::Value {
        let mut v = json!({
            "algorithm": self.algorithm,
            "value": crate::value::to_json(self.value),
            "best_move": self.best_move_name,
            "principal_variation": self.principal_variation_names,
            "nodes_visited": self.nodes_visited,
            "leaves_evaluated": self.leaves_evaluated,
            "nodes_per_depth": self.nodes_per_depth,
            "pruned": self.pruned,
        });
        if let Some(t) = &self.trace {
            v["trace"] = t.to_json_value();
        }
        v
    }

    /// Tóm tắt bằng tiếng Việt: giá trị, nước đi tốt nhất, số nút. `root_label`
    /// là tên của nút gốc (ví dụ `"A"`), dùng trong câu giá trị và đường đi chính.
    pub fn summary(&self, root_label: &str) -> String {
        self.summary_text(Some(root_label))
    }

    /// Như [`summary`](Self::summary); không có tên gốc thì viết "nút gốc" và
    /// đường đi chính bắt đầu từ nước đầu tiên.
    ///
    /// ```
    /// use caytrochoi::{GameTree, Searcher};
    /// let r = Searcher::minimax().run(&GameTree::parse("A(B:1, C:-1)").unwrap()).unwrap();
    /// assert!(r.summary_text(None).contains("Giá trị của nút gốc: 1\n"));
    /// assert!(r.summary_text(None).contains("Đường đi chính: B\n"));
    /// assert!(r.summary("A").contains("Giá trị của nút gốc A: 1\n"));
    /// ```
    pub fn summary_text(&self, root_label: Option<&str>) -> String {
        let mut s = format!("Thuật toán: {}\n", self.algorithm.name_vi());
        let root = root_label.map(|l| format!(" {l}")).unwrap_or_default();
        s.push_str(&format!(
            "Giá trị của nút gốc{root}: {}\n",
            fmt_value(self.value)
        ));
        match &self.best_move_name {
            Some(m) => s.push_str(&format!("Nước đi tốt nhất: {m}\n")),
            None => s.push_str("Gốc là nút lá: không có nước đi.\n"),
        }
        if !self.principal_variation_names.is_empty() {
            let line = self.principal_variation_names.join(" → ");
            match root_label {
                Some(l) => s.push_str(&format!("Đường đi chính: {l} → {line}\n")),
                None => s.push_str(&format!("Đường đi chính: {line}\n")),
            }
        }
        s.push_str(&format!(
            "Số nút đã xét: {} (trong đó {} nút lá)\n",
            self.nodes_visited, self.leaves_evaluated
        ));
        if self.algorithm != Algorithm::Minimax {
            if self.pruned.is_empty() {
                s.push_str("Không có nhánh nào bị cắt tỉa.\n");
            } else {
                s.push_str(&format!(
                    "Các cây con bị cắt tỉa ({}): {}\n",
                    self.pruned.len(),
                    self.pruned.join(", ")
                ));
            }
        }
        s
    }
}

//! Trò chơi cho bằng một đồ thị có hướng — như các hình "tính hàm Grundy của các
//! hình trạng sau" trong bài giảng.
//!
//! Mỗi đỉnh là một trạng thái (hình trạng), mỗi cung X → Y là một nước đi từ X
//! tới Y. Ai đến lượt ở một đỉnh không có cung đi ra thì thua. Đồ thị viết được
//! bằng chữ, mỗi mệnh đề một đỉnh và các đỉnh nó đi tới:
//!
//! ```text
//! A → B, C; B → D; C → D, E; D → E
//! ```
//!
//! (dùng `→` hoặc `->`; các mệnh đề cách nhau bởi `;` hoặc xuống dòng; đỉnh chỉ
//! xuất hiện bên phải, như E, là đỉnh không có nước đi).
//!
//! ```
//! use caytrochoi::grundy::{grundy, GraphGame};
//! let g = GraphGame::parse("A → B, C; B → D; C → D, E; D → E").unwrap();
//! assert_eq!(g.len(), 5);
//! let a = g.index("A").unwrap();
//! assert_eq!(grundy(&g, &a).unwrap(), 1); // G(B) = 0, G(C) = 2
//! assert_eq!(g.to_string(), "A → B, C; B → D; C → D, E; D → E; E");
//! ```

use super::error::GrundyError;
use super::explain::{mex_steps, MexStep};
use super::impartial::ImpartialGame;
use super::rounds::{classify_rounds, Rounds};
use crate::limits::{GRAPH_NODES, GRAPH_TEXT_BYTES};
use crate::outcome::Outcome;
use std::collections::HashMap;
use std::fmt;

/// Trò chơi trên một đồ thị: trạng thái là số thứ tự của đỉnh, `edges[x]` là các
/// đỉnh đi tới được từ `x`. Đỉnh không có trong bảng coi như không có nước đi.
///
/// ```
/// use caytrochoi::grundy::{grundy, GraphGame};
/// // Ví dụ của bài giảng: X đi được tới A, B, C, D với G = 1, 4, 0, 1.
/// // Đỉnh k (k = 0…4) nối tới 0…k−1 nên G(k) = k; X là đỉnh 5.
/// let mut edges: Vec<Vec<usize>> = (0..5).map(|k| (0..k).collect()).collect();
/// edges.push(vec![1, 4, 0, 1]);
/// assert_eq!(grundy(&GraphGame::new(edges), &5).unwrap(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphGame {
    /// Danh sách kề: `edges[x]` là các đỉnh đi tới được từ đỉnh `x`.
    pub edges: Vec<Vec<usize>>,
    /// Tên các đỉnh (rỗng: đỉnh mang tên là số thứ tự của nó).
    names: Vec<String>,
}

impl GraphGame {
    /// Trò chơi trên đồ thị có danh sách kề `edges`; đỉnh `x` mang tên `"x"`.
    pub fn new(edges: Vec<Vec<usize>>) -> GraphGame {
        GraphGame {
            edges,
            names: Vec::new(),
        }
    }

    /// Trò chơi trên đồ thị có danh sách kề `edges`; đỉnh `x` mang tên
    /// `names[x]` (đỉnh không có tên trong `names` mang tên là số thứ tự).
    ///
    /// ```
    /// use caytrochoi::grundy::GraphGame;
    /// let g = GraphGame::named(vec!["A".into(), "B".into()], vec![vec![1], vec![]]);
    /// assert_eq!(g.to_string(), "A → B; B");
    /// ```
    pub fn named(names: Vec<String>, edges: Vec<Vec<usize>>) -> GraphGame {
        GraphGame { edges, names }
    }

    /// Đọc đồ thị viết bằng chữ, ví dụ `"A → B, C; B → D; C → D"` (xem đầu
    /// mô-đun). Các đỉnh được đánh số theo thứ tự xuất hiện. Lỗi (bằng tiếng
    /// Việt, chỉ rõ mệnh đề sai) nếu văn bản không đúng cú pháp, dài quá
    /// [`GRAPH_TEXT_BYTES`] byte hoặc có quá [`GRAPH_NODES`] đỉnh.
    ///
    /// Tên đỉnh được đưa về dạng NFC ([`crate::text::nfc`]): `Bình` gõ dựng sẵn
    /// hay tách dấu là cùng một đỉnh.
    ///
    /// ```
    /// use caytrochoi::grundy::GraphGame;
    /// let e = GraphGame::parse("A → B; → C").unwrap_err();
    /// assert!(e.to_string().contains("mệnh đề 2"));
    /// let g = GraphGame::parse("Bi\u{300}nh → An; Bình → Chi").unwrap();
    /// assert_eq!(g.len(), 3);
    /// ```
    pub fn parse(text: &str) -> Result<GraphGame, GrundyError> {
        if text.len() > GRAPH_TEXT_BYTES {
            return Err(GrundyError::InvalidGraph(format!(
                "văn bản của đồ thị dài {} byte, vượt giới hạn {} byte; hãy dùng đồ thị nhỏ hơn (tối đa {GRAPH_NODES} đỉnh)",
                crate::limits::group(text.len() as u64),
                crate::limits::group(GRAPH_TEXT_BYTES as u64),
            )));
        }
        let text = crate::text::nfc(text);
        let mut names: Vec<String> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut edges: Vec<Vec<usize>> = Vec::new();
        let mut id = |name: &str, names: &mut Vec<String>, edges: &mut Vec<Vec<usize>>| {
            if let Some(&i) = index.get(name) {
                return Ok(i);
            }
            if names.len() >= GRAPH_NODES {
                return Err(GrundyError::InvalidGraph(format!(
                    "đồ thị có quá {GRAPH_NODES} đỉnh"
                )));
            }
            index.insert(name.to_string(), names.len());
            names.push(name.to_string());
            edges.push(Vec::new());
            Ok(names.len() - 1)
        };
        let statements: Vec<&str> = text
            .split([';', '\n'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if statements.is_empty() {
            return Err(GrundyError::InvalidGraph(
                "đồ thị rỗng (ví dụ đúng: `A → B, C; B → C`)".to_string(),
            ));
        }
        for (k, st) in statements.iter().enumerate() {
            let bad = |reason: String| {
                GrundyError::InvalidGraph(format!("mệnh đề {} `{}`: {reason}", k + 1, short(st)))
            };
            let normal = st.replace("->", "→");
            let mut parts = normal.split('→');
            let from = parts.next().unwrap_or("").trim();
            let targets = parts.next();
            if parts.next().is_some() {
                return Err(bad(
                    "có hai mũi tên; mỗi mệnh đề viết một đỉnh rồi các đỉnh nó đi tới".into(),
                ));
            }
            check_name(from).map_err(bad)?;
            let x = id(from, &mut names, &mut edges)?;
            let Some(targets) = targets else { continue };
            let list: Vec<&str> = targets
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .collect();
            if list.is_empty() {
                return Err(bad(
                    "thiếu đỉnh sau mũi tên (đỉnh không có nước đi thì viết riêng tên nó, không có mũi tên)".into(),
                ));
            }
            for t in list {
                check_name(t).map_err(bad)?;
                let y = id(t, &mut names, &mut edges)?;
                if !edges[x].contains(&y) {
                    edges[x].push(y);
                }
            }
        }
        Ok(GraphGame { edges, names })
    }

    /// Số đỉnh.
    pub fn len(&self) -> usize {
        self.edges.len().max(self.names.len())
    }

    /// Đồ thị không có đỉnh nào.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Tên của đỉnh `x`.
    pub fn name(&self, x: usize) -> String {
        self.names.get(x).cloned().unwrap_or_else(|| x.to_string())
    }

    /// Số thứ tự của đỉnh tên `name`.
    pub fn index(&self, name: &str) -> Option<usize> {
        let name = crate::text::nfc(name.trim());
        (0..self.len()).find(|&x| self.name(x) == name)
    }

    /// Các đỉnh đi tới được từ `x`.
    pub fn targets(&self, x: usize) -> &[usize] {
        self.edges.get(x).map_or(&[], Vec::as_slice)
    }

    /// Mọi đỉnh, theo số thứ tự.
    pub fn nodes(&self) -> std::ops::Range<usize> {
        0..self.len()
    }

    /// G của mọi đỉnh, kèm phép tính mex ở từng đỉnh theo thứ tự làm bằng tay
    /// (đỉnh không có nước đi trước). Lỗi [`GrundyError::Cycle`] nếu đồ thị có
    /// chu trình — khi đó dùng [`GraphGame::rounds`].
    ///
    /// ```
    /// use caytrochoi::grundy::GraphGame;
    /// let g = GraphGame::parse("A → B, C; B → C").unwrap();
    /// let s = g.solve().unwrap();
    /// assert_eq!(s.get("A"), Some(2));
    /// assert_eq!(s.to_string(), "G(C) = mex{} = 0\n\
    ///                            G(B) = mex{G(C)} = mex{0} = 1\n\
    ///                            G(A) = mex{G(B), G(C)} = mex{1, 0} = 2\n");
    /// ```
    pub fn solve(&self) -> Result<GraphGrundy, GrundyError> {
        let all: Vec<usize> = self.nodes().collect();
        let steps = mex_steps(self, &all, GRAPH_NODES + 1)?;
        let mut values = vec![0; self.len()];
        for s in &steps {
            values[s.position] = s.value;
        }
        Ok(GraphGrundy {
            names: self.nodes().map(|x| self.name(x)).collect(),
            steps,
            values,
        })
    }

    /// Phân loại từng vòng mọi đỉnh (dùng được cả khi đồ thị có chu trình: đỉnh
    /// không bao giờ được quyết định là hòa).
    pub fn rounds(&self) -> Result<Rounds<usize>, GrundyError> {
        let all: Vec<usize> = self.nodes().collect();
        classify_rounds(self, &all, GRAPH_NODES + 1)
    }

    /// Loại (thắng / thua / hòa của bài giảng) của mọi đỉnh, theo số thứ tự.
    pub fn outcomes(&self) -> Result<Vec<Outcome>, GrundyError> {
        let r = self.rounds()?;
        Ok(self
            .nodes()
            .map(|x| r.outcome(&x).unwrap_or(Outcome::Draw))
            .collect())
    }
}

/// G của mọi đỉnh một đồ thị không chu trình, cùng phép tính mex ở từng đỉnh
/// ([`GraphGame::solve`]). In ra (`Display`) mỗi đỉnh một dòng công thức.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphGrundy {
    names: Vec<String>,
    /// Các dòng tính, theo thứ tự làm bằng tay.
    pub steps: Vec<MexStep<usize>>,
    values: Vec<u32>,
}

impl GraphGrundy {
    /// G của mọi đỉnh, theo số thứ tự đỉnh.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// G của đỉnh tên `name`.
    pub fn get(&self, name: &str) -> Option<u32> {
        let name = crate::text::nfc(name.trim());
        let x = self.names.iter().position(|n| *n == name)?;
        Some(self.values[x])
    }

    /// Dòng tính của đỉnh tên `name`.
    pub fn step(&self, name: &str) -> Option<&MexStep<usize>> {
        let name = crate::text::nfc(name.trim());
        let x = self.names.iter().position(|n| *n == name)?;
        self.steps.iter().find(|s| s.position == x)
    }

    /// Tên đỉnh số `x`.
    pub fn name(&self, x: usize) -> &str {
        &self.names[x]
    }
}

impl fmt::Display for GraphGrundy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.steps {
            writeln!(f, "{}", s.formula(|&x| self.names[x].clone()))?;
        }
        Ok(())
    }
}

/// Mệnh đề dài được rút gọn khi ghi trong lời báo lỗi.
fn short(st: &str) -> String {
    const MAX: usize = 60;
    match st.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}…", &st[..at]),
        None => st.to_string(),
    }
}

/// Tên đỉnh: chữ cái, chữ số, `_` hoặc `'`.
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("thiếu tên đỉnh trước mũi tên".to_string());
    }
    match name
        .chars()
        .find(|c| !(c.is_alphanumeric() || *c == '_' || *c == '\''))
    {
        Some(c) => Err(format!(
            "tên đỉnh `{}` chứa ký tự `{c}` (chỉ dùng chữ, số, `_` hoặc `'`)",
            short(name)
        )),
        None => Ok(()),
    }
}

impl ImpartialGame for GraphGame {
    type Position = usize;
    type Move = usize;
    fn moves(&self, x: &usize) -> Vec<usize> {
        self.targets(*x).to_vec()
    }
    fn play(&self, _: &usize, to: &usize) -> usize {
        *to
    }
}

impl fmt::Display for GraphGame {
    /// Viết lại đồ thị bằng chữ, đọc lại được bằng [`GraphGame::parse`]; đỉnh
    /// không có nước đi được ghi riêng ở cuối.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        for x in 0..self.len() {
            let t = self.targets(x);
            if !t.is_empty() {
                let names: Vec<String> = t.iter().map(|&y| self.name(y)).collect();
                parts.push(format!("{} → {}", self.name(x), names.join(", ")));
            }
        }
        for x in 0..self.len() {
            if self.targets(x).is_empty() {
                parts.push(self.name(x));
            }
        }
        f.write_str(&parts.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_arrows_lists_and_lines() {
        let g = GraphGame::parse("A -> B C\nB → C, D;;  D").unwrap();
        assert_eq!(g.edges, vec![vec![1, 2], vec![2, 3], vec![], vec![]]);
        assert_eq!(g.name(3), "D");
        assert_eq!(g.index("C"), Some(2));
        assert_eq!(GraphGame::parse(&g.to_string()).unwrap(), g);
        // Cung lặp lại chỉ tính một lần.
        let g = GraphGame::parse("X → Y, Y; X → Y").unwrap();
        assert_eq!(g.edges[0], vec![1]);
    }

    #[test]
    fn errors_say_where() {
        for (text, part) in [
            ("", "đồ thị rỗng"),
            ("A → ", "thiếu đỉnh sau mũi tên"),
            ("A → B → C", "hai mũi tên"),
            ("A → B; B → C+D", "mệnh đề 2"),
            ("→ B", "thiếu tên đỉnh"),
        ] {
            let e = GraphGame::parse(text).unwrap_err().to_string();
            assert!(e.contains(part), "{text}: {e}");
        }
        let big: Vec<String> = (0..=GRAPH_NODES).map(|i| format!("N{i}")).collect();
        let e = GraphGame::parse(&big.join("; ")).unwrap_err().to_string();
        assert!(e.contains("quá 200 đỉnh"), "{e}");
        // Văn bản quá dài: từ chối trước khi đọc, nói rõ cỡ và giới hạn.
        let long = "A → B; ".repeat(GRAPH_TEXT_BYTES / 7 + 1);
        let e = GraphGame::parse(&long).unwrap_err().to_string();
        assert!(e.contains("vượt giới hạn 1.048.576 byte"), "{e}");
        // Mệnh đề sai rất dài: lời báo lỗi chỉ trích phần đầu.
        let e = GraphGame::parse(&format!("A → {}+", "B".repeat(5000)))
            .unwrap_err()
            .to_string();
        assert!(e.len() < 400 && e.contains('…'), "{e}");
    }

    #[test]
    fn names_typed_in_nfd_are_the_same_nodes() {
        let nfd = "Bi\u{300}nh";
        let g = GraphGame::parse(&format!("{nfd} → An; Bình → Chi")).unwrap();
        assert_eq!(g.len(), 3);
        assert_eq!(g.index(nfd), g.index("Bình"));
        let s = g.solve().unwrap();
        assert_eq!(s.get(nfd), Some(1));
        assert!(s.step(nfd).is_some());
    }

    #[test]
    fn unnamed_graph_uses_numbers() {
        let g = GraphGame::new(vec![vec![1], vec![]]);
        assert_eq!(g.to_string(), "0 → 1; 1");
    }
}

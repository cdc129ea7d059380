//! Tính hàm Grundy "bằng tay": mỗi trạng thái một dòng
//! G(X) = mex{G(X₁), G(X₂), …} = mex{…} = g, theo thứ tự một người làm trên
//! giấy — trạng thái không có nước đi trước, rồi tới những trạng thái mà mọi
//! trạng thái con đều đã có giá trị.
//!
//! ```
//! use caytrochoi::grundy::{mex_steps, GraphGame};
//! use caytrochoi::limits::GRUNDY_POSITIONS;
//! let g = GraphGame::parse("A → B, C; B → C").unwrap();
//! let steps = mex_steps(&g, &[0], GRUNDY_POSITIONS).unwrap();
//! let lines: Vec<String> = steps.iter().map(|s| s.formula(|&x| g.name(x))).collect();
//! assert_eq!(lines, [
//!     "G(C) = mex{} = 0",
//!     "G(B) = mex{G(C)} = mex{0} = 1",
//!     "G(A) = mex{G(B), G(C)} = mex{1, 0} = 2",
//! ]);
//! ```

use super::error::GrundyError;
use super::impartial::{GrundyMemo, ImpartialGame};
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

/// Một dòng của phép tính: trạng thái, các trạng thái con cùng giá trị của
/// chúng, và G của trạng thái.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MexStep<P> {
    /// Trạng thái X.
    pub position: P,
    /// Các trạng thái con (mỗi trạng thái một lần, theo thứ tự nước đi) và G của chúng.
    pub children: Vec<(P, u32)>,
    /// G(X) = mex của các giá trị con.
    pub value: u32,
    /// Độ cao: 0 nếu X không có nước đi, ngược lại 1 + độ cao lớn nhất của các con.
    pub height: usize,
}

impl<P> MexStep<P> {
    /// Các giá trị G của trạng thái con, theo thứ tự.
    pub fn values(&self) -> Vec<u32> {
        self.children.iter().map(|&(_, g)| g).collect()
    }

    /// Dòng công thức, với `name` đặt tên cho trạng thái:
    /// `G(A) = mex{G(B), G(C)} = mex{1, 0} = 2`.
    pub fn formula(&self, name: impl Fn(&P) -> String) -> String {
        let me = name(&self.position);
        if self.children.is_empty() {
            return format!("G({me}) = mex{{}} = {}", self.value);
        }
        let of: Vec<String> = self
            .children
            .iter()
            .map(|(c, _)| format!("G({})", name(c)))
            .collect();
        let vals: Vec<String> = self.values().iter().map(u32::to_string).collect();
        format!(
            "G({me}) = mex{{{}}} = mex{{{}}} = {}",
            of.join(", "),
            vals.join(", "),
            self.value
        )
    }
}

/// Mọi trạng thái đạt được từ `starts`, mỗi trạng thái một [`MexStep`], theo độ
/// cao tăng dần (cùng độ cao thì theo thứ tự gặp khi duyệt rộng từ `starts`).
/// Lỗi nếu đồ thị có chu trình hoặc hơn `limit` trạng thái.
pub fn mex_steps<G: ImpartialGame>(
    game: &G,
    starts: &[G::Position],
    limit: usize,
) -> Result<Vec<MexStep<G::Position>>, GrundyError> {
    let mut memo = GrundyMemo::with_limit(limit);
    for s in starts {
        memo.value(game, s)?;
    }
    // Duyệt rộng: thứ tự gặp, và các con (không lặp) của mỗi trạng thái.
    let mut order: Vec<G::Position> = Vec::new();
    let mut seen: HashSet<G::Position> = HashSet::new();
    for s in starts {
        if seen.insert(s.clone()) {
            order.push(s.clone());
        }
    }
    let mut children: HashMap<G::Position, Vec<G::Position>> = HashMap::new();
    let mut i = 0;
    while i < order.len() {
        let x = order[i].clone();
        let mut kids: Vec<G::Position> = Vec::new();
        for c in game.successors(&x) {
            if !kids.contains(&c) {
                kids.push(c.clone());
            }
            if seen.insert(c.clone()) {
                order.push(c);
            }
        }
        children.insert(x, kids);
        i += 1;
    }
    let heights = heights(&order, &children);
    let mut steps: Vec<(usize, MexStep<G::Position>)> = order
        .iter()
        .enumerate()
        .map(|(k, x)| {
            let kids = &children[x];
            let step = MexStep {
                position: x.clone(),
                children: kids
                    .iter()
                    .map(|c| (c.clone(), memo.get(c).expect("đã tính khi gọi value")))
                    .collect(),
                value: memo.get(x).expect("đã tính khi gọi value"),
                height: heights[x],
            };
            (k, step)
        })
        .collect();
    steps.sort_by_key(|(k, s)| (s.height, *k));
    Ok(steps.into_iter().map(|(_, s)| s).collect())
}

/// Độ cao của mọi trạng thái trong một đồ thị không chu trình (duyệt sâu bằng
/// ngăn xếp tường minh: con trước, cha sau).
fn heights<P: Clone + Eq + Hash>(order: &[P], children: &HashMap<P, Vec<P>>) -> HashMap<P, usize> {
    let mut h: HashMap<P, usize> = HashMap::new();
    for root in order {
        if h.contains_key(root) {
            continue;
        }
        let mut stack: Vec<(P, usize)> = vec![(root.clone(), 0)];
        while let Some((x, next)) = stack.pop() {
            let kids = &children[&x];
            if let Some(c) = kids.get(next) {
                stack.push((x, next + 1));
                if !h.contains_key(c) {
                    stack.push((c.clone(), 0));
                }
            } else {
                let v = kids.iter().map(|c| h[c] + 1).max().unwrap_or(0);
                h.insert(x, v);
            }
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::graph::GraphGame;
    use crate::grundy::mex::mex;

    #[test]
    fn every_step_is_a_mex_of_earlier_steps() {
        let g = GraphGame::parse("A → B, C, D; B → C, E; C → E; D → F; E → F").unwrap();
        let steps = mex_steps(&g, &[0], 100).unwrap();
        assert_eq!(steps.len(), 6);
        let mut done: HashMap<usize, u32> = HashMap::new();
        for s in &steps {
            for (c, v) in &s.children {
                assert_eq!(done.get(c), Some(v), "con phải được tính trước");
            }
            assert_eq!(s.value, mex(s.values()));
            done.insert(s.position, s.value);
        }
        assert_eq!(steps[0].formula(|&x| g.name(x)), "G(F) = mex{} = 0");
        assert_eq!(steps.last().unwrap().height, 4);
    }

    #[test]
    fn cycles_and_limits_are_errors() {
        let g = GraphGame::parse("A → B; B → A").unwrap();
        assert_eq!(mex_steps(&g, &[0], 100), Err(GrundyError::Cycle));
        let g = GraphGame::parse("A → B; B → C; C → D").unwrap();
        assert!(mex_steps(&g, &[0], 2).is_err());
    }
}

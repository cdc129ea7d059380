//! Người quan sát nhớ đường đi chính (principal variation): dãy nước đi khi cả
//! hai bên đều chọn con tốt nhất, từ gốc xuống.
//!
//! Mỗi mức giữ đường tốt nhất từ nút đang xét ở mức đó. Khi giá trị tạm của một
//! nút đổi (một con tốt hơn hẳn các con trước), đường của nút thành: nước đi tới
//! con đó, nối với đường của con.
//!
//! ```
//! use caytrochoi::search::{search, PrincipalVariation};
//! use caytrochoi::{tree::GameTree, Player};
//! let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let mut pv = PrincipalVariation::default();
//! search(&t, &t.root(), Player::Max, &mut pv).unwrap();
//! let nhan: Vec<&str> = pv.line().iter().map(|&c| t.label(c)).collect();
//! assert_eq!(nhan, ["B"]); // B = 1 là con tốt nhất của A (D cũng bằng 1 nhưng đến sau)
//! ```

use super::{Bound, Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

/// Đường đi chính của lần tìm kiếm đang quan sát.
#[derive(Debug, Clone)]
pub struct PrincipalVariation<M> {
    /// `lines[d]`: đường tốt nhất (đến giờ) từ nút đang xét ở độ sâu `d`.
    lines: Vec<Vec<M>>,
    /// `temps[d]`: giá trị tạm hiện thời của nút đang xét ở độ sâu `d`.
    temps: Vec<f64>,
    /// Độ sâu của nút đang xét + 1.
    depth: usize,
}

impl<M> Default for PrincipalVariation<M> {
    fn default() -> Self {
        PrincipalVariation {
            lines: Vec::new(),
            temps: Vec::new(),
            depth: 0,
        }
    }
}

impl<M: Clone> PrincipalVariation<M> {
    /// Đường đi chính từ gốc (sau khi tìm kiếm xong).
    pub fn line(&self) -> &[M] {
        self.lines.first().map_or(&[], Vec::as_slice)
    }

    /// Lấy đường đi chính từ gốc.
    pub fn into_line(mut self) -> Vec<M> {
        if self.lines.is_empty() {
            Vec::new()
        } else {
            self.lines.swap_remove(0)
        }
    }
}

impl<G: Game + ?Sized> Observer<G> for PrincipalVariation<G::Move> {
    #[inline]
    fn visit(&mut self, _n: &G::State, _mode: Player, _b: Bound) -> Result<(), SearchError> {
        let d = self.depth;
        if self.lines.len() <= d + 1 {
            self.lines.resize_with(d + 2, Vec::new);
            self.temps.resize(d + 2, 0.0);
        }
        self.lines[d].clear();
        self.depth += 1;
        Ok(())
    }
    #[inline]
    fn temp(&mut self, _n: &G::State, via: Option<&G::Move>, temp: f64) {
        let d = self.depth - 1;
        let changed = temp != self.temps[d];
        self.temps[d] = temp;
        if let (Some(mv), true) = (via, changed) {
            // Con qua `mv` tốt hơn hẳn: đường của nút = mv, rồi đường của con.
            let (head, tail) = self.lines.split_at_mut(d + 1);
            let line = &mut head[d];
            line.clear();
            line.push(mv.clone());
            line.extend_from_slice(&tail[0]);
        }
    }
    #[inline]
    fn leave(&mut self, _n: &G::State, _value: f64) {
        self.depth -= 1;
    }
}

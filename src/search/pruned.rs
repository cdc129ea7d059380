//! Người quan sát ghi lại các cây con bị cắt tỉa, rồi gọi tên chúng sau khi tìm
//! kiếm xong (gọi tên ngay trong lúc tìm kiếm sẽ làm chậm mỗi lần cắt).

use super::names::Namer;
use super::{Bound, Cut, Observer, SearchError};
use crate::game::Game;
use crate::player::Player;

/// Một lần cắt tỉa: trạng thái của nút dừng sớm, số con nó đã xét, và (với trò
/// chơi không đặt nhãn) đường từ gốc tới nó: chỉ số con ở mỗi mức.
#[derive(Debug, Clone)]
struct CutAt<S> {
    state: S,
    seen: usize,
    path: Vec<usize>,
}

/// Các lần cắt tỉa của một lần tìm kiếm.
#[derive(Debug, Clone)]
pub struct Pruned<S> {
    /// Có cần đường từ gốc để gọi tên không.
    need_path: bool,
    /// `open[d]`: số con đã bắt đầu xét của nút đang mở ở độ sâu `d`.
    open: Vec<usize>,
    cuts: Vec<CutAt<S>>,
}

impl<S: Clone> Pruned<S> {
    /// Ghi các lần cắt tỉa của lần tìm kiếm trên `game` bắt đầu từ `root`.
    pub fn new<G: Game<State = S> + ?Sized>(game: &G, root: &S) -> Self {
        Pruned {
            need_path: !Namer::new(game, root).labelled(),
            open: Vec::new(),
            cuts: Vec::new(),
        }
    }

    /// Số lần cắt tỉa (mỗi lần bỏ một hay nhiều cây con).
    pub fn cut_count(&self) -> usize {
        self.cuts.len()
    }

    /// Nhãn gốc các cây con bị cắt, theo thứ tự tìm kiếm (`game` và `root` là
    /// trò chơi và gốc đã tìm kiếm).
    pub fn names<G: Game<State = S> + ?Sized>(&self, game: &G, root: &S) -> Vec<String> {
        let namer = Namer::new(game, root);
        let mut out = Vec::new();
        for cut in &self.cuts {
            let mut label = namer.root(game, root);
            if self.need_path {
                // Đi lại từ gốc tới nút đã dừng sớm để có dãy tên nước đi.
                let mut s = root.clone();
                for (depth, &i) in cut.path.iter().enumerate() {
                    let Some(mv) = game.legal_moves(&s).into_iter().nth(i) else {
                        break;
                    };
                    label = namer.child(game, &label, depth == 0, &s, &mv);
                    s = game.apply(&s, &mv);
                }
            }
            for mv in game.legal_moves(&cut.state).into_iter().skip(cut.seen) {
                out.push(namer.child(game, &label, cut.path.is_empty(), &cut.state, &mv));
            }
        }
        out
    }
}

impl<G: Game + ?Sized> Observer<G> for Pruned<G::State> {
    #[inline]
    fn visit(&mut self, _n: &G::State, _mode: Player, _b: Bound) -> Result<(), SearchError> {
        if let Some(k) = self.open.last_mut() {
            *k += 1;
        }
        self.open.push(0);
        Ok(())
    }
    fn cut(&mut self, n: &G::State, _cut: Cut) {
        let d = self.open.len() - 1;
        let path = if self.need_path {
            self.open[..d].iter().map(|k| k - 1).collect()
        } else {
            Vec::new()
        };
        self.cuts.push(CutAt {
            state: n.clone(),
            seen: self.open[d],
            path,
        });
    }
    #[inline]
    fn leave(&mut self, _n: &G::State, _value: f64) {
        self.open.pop();
    }
}

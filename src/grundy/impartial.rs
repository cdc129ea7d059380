//! Trò chơi vô tư (impartial game) và hàm Grundy có ghi nhớ.
//!
//! Trò chơi *vô tư*: từ một trạng thái, hai người có đúng cùng một tập nước đi
//! (chỉ khác nhau ở chỗ ai đến lượt). Ai đến lượt mà không đi được thì thua.
//! Quân Hậu, Bốc sỏi, Tô màu, Chia socola, Nim chia đống đều như vậy.
//!
//! Hàm Grundy: G(X) = mex{G(Y) : Y là trạng thái đi được từ X}. Trạng thái không
//! có nước đi có G = 0. Ta tính bằng một *ngăn xếp tường minh* (không đệ quy)
//! nên đồ thị sâu bao nhiêu cũng không làm tràn ngăn xếp của chương trình, và
//! ghi nhớ (memo) giá trị đã tính để mỗi trạng thái chỉ tính một lần.

use super::error::GrundyError;
use super::mex::mex;
use crate::limits::GRUNDY_POSITIONS;
use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::hash::Hash;

/// Luật chơi của một trò chơi vô tư.
///
/// Giống trait `Game` của crate: đối tượng giữ *luật*, còn trạng thái là một
/// giá trị riêng. `moves` liệt kê các nước đi, `play` cho trạng thái sau nước đi.
/// Trạng thái không có nước đi là trạng thái kết thúc: người đến lượt thua.
///
/// ```
/// use caytrochoi::grundy::{ImpartialGame, GrundyMemo};
///
/// /// Bốc 1 hoặc 2 que từ một đống.
/// struct BocQue;
/// impl ImpartialGame for BocQue {
///     type Position = u32;
///     type Move = u32;
///     fn moves(&self, n: &u32) -> Vec<u32> { (1..=2).filter(|k| k <= n).collect() }
///     fn play(&self, n: &u32, k: &u32) -> u32 { n - k }
/// }
///
/// let mut memo = GrundyMemo::new();
/// assert_eq!(memo.value(&BocQue, &4).unwrap(), 1); // 4 mod 3
/// assert_eq!(memo.winning_moves(&BocQue, &4).unwrap(), vec![1]); // để lại 3 que
/// ```
pub trait ImpartialGame {
    /// Trạng thái (hình trạng) của trò chơi.
    type Position: Clone + Eq + Hash + Debug;
    /// Một nước đi.
    type Move: Clone + Debug;

    /// Các nước đi hợp lệ từ `pos` (rỗng nếu trò chơi đã kết thúc).
    fn moves(&self, pos: &Self::Position) -> Vec<Self::Move>;

    /// Trạng thái sau khi đi nước `mv` từ `pos`.
    fn play(&self, pos: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// Các trạng thái con của `pos` (mặc định: `play` từng nước của `moves`).
    fn successors(&self, pos: &Self::Position) -> Vec<Self::Position> {
        self.moves(pos).iter().map(|m| self.play(pos, m)).collect()
    }
}

/// Bảng ghi nhớ giá trị Grundy của một trò chơi.
#[derive(Debug, Clone)]
pub struct GrundyMemo<P> {
    values: HashMap<P, u32>,
    limit: usize,
}

impl<P: Clone + Eq + Hash + Debug> Default for GrundyMemo<P> {
    fn default() -> Self {
        GrundyMemo::new()
    }
}

impl<P: Clone + Eq + Hash + Debug> GrundyMemo<P> {
    /// Bảng rỗng với giới hạn [`GRUNDY_POSITIONS`] trạng thái.
    pub fn new() -> Self {
        GrundyMemo::with_limit(GRUNDY_POSITIONS)
    }

    /// Bảng rỗng, cho phép ghi nhớ tối đa `limit` trạng thái.
    pub fn with_limit(limit: usize) -> Self {
        GrundyMemo {
            values: HashMap::new(),
            limit,
        }
    }

    /// Số trạng thái đã tính.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Chưa tính trạng thái nào.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Giá trị đã tính (nếu có) của `pos`.
    pub fn get(&self, pos: &P) -> Option<u32> {
        self.values.get(pos).copied()
    }

    /// G(`start`), tính mọi trạng thái đạt được từ `start` (duyệt sâu bằng ngăn
    /// xếp tường minh). Lỗi nếu gặp chu trình hoặc quá nhiều trạng thái.
    pub fn value<G>(&mut self, game: &G, start: &P) -> Result<u32, GrundyError>
    where
        G: ImpartialGame<Position = P>,
    {
        if let Some(v) = self.get(start) {
            return Ok(v);
        }
        // Mỗi khung: một trạng thái đang tính, các con của nó và con kế tiếp cần xem.
        struct Frame<P> {
            pos: P,
            children: Vec<P>,
            next: usize,
        }
        let mut on_stack: HashSet<P> = HashSet::new();
        let mut stack = vec![Frame {
            children: game.successors(start),
            pos: start.clone(),
            next: 0,
        }];
        on_stack.insert(start.clone());
        while let Some(frame) = stack.last_mut() {
            if frame.next < frame.children.len() {
                let child = frame.children[frame.next].clone();
                frame.next += 1;
                if self.values.contains_key(&child) {
                    continue;
                }
                if on_stack.contains(&child) {
                    return Err(GrundyError::Cycle);
                }
                if self.values.len() + stack.len() >= self.limit {
                    return Err(GrundyError::TooManyPositions { limit: self.limit });
                }
                on_stack.insert(child.clone());
                stack.push(Frame {
                    children: game.successors(&child),
                    pos: child,
                    next: 0,
                });
            } else {
                // Mọi con đã có giá trị: G = mex của chúng.
                let frame = stack.pop().expect("khung vừa xem còn trên ngăn xếp");
                let g = mex(frame.children.iter().map(|c| self.values[c]));
                on_stack.remove(&frame.pos);
                self.values.insert(frame.pos, g);
            }
        }
        Ok(self.values[start])
    }

    /// Các nước đi thắng từ `pos`: những nước dẫn tới trạng thái có G = 0.
    /// Rỗng khi G(pos) = 0 (mọi nước đều thua nếu đối thủ biết chơi).
    pub fn winning_moves<G>(&mut self, game: &G, pos: &P) -> Result<Vec<G::Move>, GrundyError>
    where
        G: ImpartialGame<Position = P>,
    {
        let mut result = Vec::new();
        for mv in game.moves(pos) {
            if self.value(game, &game.play(pos, &mv))? == 0 {
                result.push(mv);
            }
        }
        Ok(result)
    }
}

/// G(`pos`) với một bảng ghi nhớ mới (tiện cho phép tính một lần).
pub fn grundy<G: ImpartialGame>(game: &G, pos: &G::Position) -> Result<u32, GrundyError> {
    GrundyMemo::new().value(game, pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::grundy::graph::GraphGame;

    #[test]
    fn lecture_mex_example_as_a_graph() {
        // X → A, B, C, D với G(A)=1, G(B)=4, G(C)=0, G(D)=1.
        // Dựng các nút: 0 là lá (G=0); nút k nối tới 0..k có G = k.
        let mut adj: Vec<Vec<usize>> = (0..5).map(|k| (0..k).collect()).collect();
        adj.push(vec![1, 4, 0, 1]); // X = nút 5
        let g = GraphGame::new(adj);
        assert_eq!(grundy(&g, &5).unwrap(), 2);
    }

    #[test]
    fn cycle_is_an_error() {
        let g = GraphGame::new(vec![vec![1], vec![0]]);
        assert_eq!(grundy(&g, &0), Err(GrundyError::Cycle));
    }

    #[test]
    fn deep_chain_does_not_overflow() {
        struct Chain;
        impl ImpartialGame for Chain {
            type Position = u32;
            type Move = ();
            fn moves(&self, n: &u32) -> Vec<()> {
                if *n > 0 {
                    vec![()]
                } else {
                    vec![]
                }
            }
            fn play(&self, n: &u32, _: &()) -> u32 {
                n - 1
            }
        }
        assert_eq!(grundy(&Chain, &1_000_000).unwrap(), 0);
        assert_eq!(grundy(&Chain, &999_999).unwrap(), 1);
    }

    #[test]
    fn limit_is_reported() {
        let mut memo = GrundyMemo::with_limit(10);
        struct Line;
        impl ImpartialGame for Line {
            type Position = u32;
            type Move = u32;
            fn moves(&self, n: &u32) -> Vec<u32> {
                (1..=(*n).min(2)).collect()
            }
            fn play(&self, n: &u32, k: &u32) -> u32 {
                n - k
            }
        }
        assert_eq!(
            memo.value(&Line, &100),
            Err(GrundyError::TooManyPositions { limit: 10 })
        );
    }
}

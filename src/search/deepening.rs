//! Tìm kiếm sâu dần (iterative deepening): tìm với độ sâu 1, rồi 2, rồi 3, …
//!
//! Nghe thì phí: mỗi vòng làm lại từ đầu mọi việc của vòng trước. Trên một cây
//! đầy đủ b nước mỗi thế, vòng độ sâu d xét cỡ b^d nút, còn mọi vòng trước cộng
//! lại chỉ cỡ b^d / (b − 1). Với alpha-beta cây thật sự xét mọc chậm hơn, nên phần
//! làm lại lớn hơn thế (Dodgem 3×3, độ sâu 12: +72 %, chương 7). Đổi lại:
//!
//! - lúc nào cũng có sẵn một nước đi tốt (của vòng vừa xong), nên chương trình
//!   thật dừng được khi hết giờ — đây là lý do chính;
//! - bảng chuyển vị của vòng trước cho biết nước tốt nhất ở mỗi thế đã gặp, và
//!   vòng sau xét nước ấy **trước**. Trên carô và Dodgem 3×3 điều đó không bù được
//!   phần làm lại: một lần [`negamax_tt`] thẳng tới độ sâu cuối xét ít nút hơn.
//!
//! Mỗi vòng là một lời gọi [`negamax_tt`] với cùng một bảng chuyển vị.
//!
//! ```
//! use caytrochoi::games::TicTacToe;
//! use caytrochoi::search::{iterative_deepening, TranspositionTable};
//! let g = TicTacToe::new();
//! let mut bang = TranspositionTable::new(1 << 16).unwrap();
//! let r = iterative_deepening(&g, &caytrochoi::Game::initial_state(&g), 9, &mut bang, &mut ()).unwrap();
//! assert_eq!(r.value, 0.0);
//! assert_eq!(r.iterations.len(), 9);
//! ```

use super::negamax::color;
use super::{negamax_tt, Counters, Observer, SearchError, TranspositionTable, Zobrist};
use crate::limits::DEEPENING_DEPTH;

/// Kết quả một vòng của tìm kiếm sâu dần.
#[derive(Debug, Clone, PartialEq)]
pub struct Iteration<M> {
    /// Độ sâu của vòng.
    pub depth: u32,
    /// Giá trị của gốc (theo MAX, như mọi thuật toán khác).
    pub value: f64,
    /// Nước tốt nhất ở gốc sau vòng này.
    pub best_move: Option<M>,
    /// Số nút vòng này đã xét.
    pub nodes: u64,
    /// Số lần vòng này tra bảng và thấy đúng thế cờ (mục ghi ở vòng này hay ở
    /// các vòng trước).
    pub table_hits: u64,
    /// Trong số đó, số lần mục trong bảng trả lời ngay, không phải xét con.
    pub table_cutoffs: u64,
    /// Số mục trong bảng khi vòng này xong: bảng đầy dần qua các vòng.
    pub table_entries: usize,
}

/// Kết quả của tìm kiếm sâu dần.
#[derive(Debug, Clone, PartialEq)]
pub struct Deepening<M> {
    /// Giá trị của gốc ở vòng cuối (theo MAX).
    pub value: f64,
    /// Nước tốt nhất ở gốc sau vòng cuối.
    pub best_move: Option<M>,
    /// Từng vòng, độ sâu 1, 2, ….
    pub iterations: Vec<Iteration<M>>,
}

impl<M> Deepening<M> {
    /// Tổng số nút của mọi vòng.
    pub fn nodes(&self) -> u64 {
        self.iterations.iter().map(|i| i.nodes).sum()
    }
}

// ANCHOR: iterative_deepening
/// Tìm sâu dần từ `root` với độ sâu 1, 2, …, `max_depth`, dùng chung bảng
/// `table`. Lỗi nếu `max_depth` là 0 hoặc lớn hơn
/// [`limits::DEEPENING_DEPTH`](crate::limits::DEEPENING_DEPTH).
pub fn iterative_deepening<G, O>(
    game: &G,
    root: &G::State,
    max_depth: u32,
    table: &mut TranspositionTable<G::Move>,
    obs: &mut O,
) -> Result<Deepening<G::Move>, SearchError>
where
    G: Zobrist,
    G::Move: PartialEq,
    O: Observer<G>,
{
    if max_depth == 0 || max_depth > DEEPENING_DEPTH {
        return Err(SearchError::BadDepth {
            depth: max_depth,
            max: DEEPENING_DEPTH,
        });
    }
    let mode = game.to_move(root);
    let mut iterations = Vec::new();
    for depth in 1..=max_depth {
        let mut counters = Counters::default();
        let before = table.stats;
        let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
        let v = negamax_tt(
            game,
            root,
            depth,
            lo,
            hi,
            table,
            &mut (&mut counters, &mut *obs),
        )?;
        let after = table.stats;
        // Nước tốt nhất ở gốc: bảng vừa ghi nó khi gốc xong (lần tra này không
        // tính vào số lần tra của vòng).
        let best_move = table.probe(game.zobrist(root)).and_then(|e| e.best.clone());
        iterations.push(Iteration {
            depth,
            value: color(mode) * v,
            best_move,
            nodes: counters.nodes_visited,
            table_hits: after.hits - before.hits,
            table_cutoffs: after.cutoffs - before.cutoffs,
            table_entries: table.len(),
        });
    }
    let last = iterations.last().cloned().expect("max_depth ≥ 1");
    Ok(Deepening {
        value: last.value,
        best_move: last.best_move,
        iterations,
    })
}
// ANCHOR_END: iterative_deepening

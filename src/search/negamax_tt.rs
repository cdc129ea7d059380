//! Negamax alpha-beta có giới hạn độ sâu và bảng chuyển vị.
//!
//! Đây là hàm [`negamax_ab`](super::negamax_ab) thêm ba việc, mỗi việc vài dòng:
//!
//! 1. **Tra bảng** trước khi xét con: nếu thế cờ đã được tìm với độ sâu còn lại
//!    ít nhất bằng bây giờ, giá trị ghi trong bảng thu hẹp cửa sổ (α, β) — hoặc
//!    trả lời ngay nếu là giá trị đúng hay cửa sổ đã đóng.
//! 2. **Xét nước tốt nhất đã biết trước**: nước mà bảng nhớ (từ lần tìm trước,
//!    nông hơn một nước, khi dùng cùng [`iterative_deepening`](super::iterative_deepening))
//!    được đưa lên đầu — alpha-beta cắt nhiều nhất khi con tốt nhất đi trước.
//! 3. **Ghi bảng** khi xong: giá trị, loại (đúng / cận dưới / cận trên), độ sâu
//!    còn lại và nước tốt nhất.
//!
//! Độ sâu là tham số `depth` (số nước còn được nhìn trước): ở `depth = 0` một
//! thế chưa kết thúc lấy giá trị của hàm lượng giá; trò chơi không có hàm lượng
//! giá thì thế ấy được coi là **hòa (0)** — "chưa biết". Khi `depth` đủ lớn để
//! mọi nhánh đi tới nút lá thật (carô: 9), không còn ước lượng nào và giá trị là
//! giá trị minimax đúng.
//!
//! ```
//! use caytrochoi::games::TicTacToe;
//! use caytrochoi::search::{negamax_tt, TranspositionTable};
//! use caytrochoi::Game;
//! let g = TicTacToe::new();
//! let mut bang = TranspositionTable::new(1 << 16).unwrap();
//! let v = negamax_tt(&g, &g.initial_state(), 9, f64::NEG_INFINITY, f64::INFINITY, &mut bang, &mut ()).unwrap();
//! assert_eq!(v, 0.0); // carô: hòa nếu cả hai chơi tốt
//! ```

use super::negamax::{color, cut_for_max, window_for_max};
use super::{Entry, EntryKind, Observer, SearchError, TranspositionTable, Zobrist};

// ANCHOR: negamax_tt_probe
/// `Negamax(n, depth, α, β)` với bảng chuyển vị `table`; giá trị theo người
/// đến lượt ở `n`.
pub fn negamax_tt<G, O>(
    game: &G,
    n: &G::State,
    depth: u32,
    mut alpha: f64,
    mut beta: f64,
    table: &mut TranspositionTable<G::Move>,
    obs: &mut O,
) -> Result<f64, SearchError>
where
    G: Zobrist,
    G::Move: PartialEq,
    O: Observer<G>,
{
    let mode = game.to_move(n);
    obs.visit(n, mode, window_for_max(mode, alpha, beta))?;
    let alpha_orig = alpha;
    let key = game.zobrist(n);

    // 1. Tra bảng.
    let mut known_best = None;
    if let Some(e) = table.probe(key) {
        known_best = e.best.clone();
        if e.depth >= depth {
            let value = e.value;
            let answered = match e.kind {
                EntryKind::Exact => true,
                EntryKind::Lower => {
                    alpha = alpha.max(value);
                    alpha >= beta
                }
                EntryKind::Upper => {
                    beta = beta.min(value);
                    alpha >= beta
                }
            };
            if answered {
                table.stats.cutoffs += 1;
                obs.leave(n, color(mode) * value);
                return Ok(value);
            }
        }
    }
    // ANCHOR_END: negamax_tt_probe

    // ANCHOR: negamax_tt_search
    // Nút lá thật, hoặc hết độ sâu: lấy giá trị (theo người đến lượt).
    if game.is_terminal(n) || depth == 0 {
        let v = if game.is_terminal(n) {
            game.payoff(n)
        } else {
            game.heuristic(n).unwrap_or(0.0)
        };
        obs.leave(n, v);
        return Ok(color(mode) * v);
    }

    // 2. Nước tốt nhất đã biết đi trước, rồi các nước còn lại theo thứ tự cũ.
    let mut moves: Vec<G::Move> = game.legal_moves(n).into_iter().collect();
    if let Some(b) = &known_best {
        if let Some(i) = moves.iter().position(|m| m == b) {
            moves[..=i].rotate_right(1);
        }
    }

    let mut value = f64::NEG_INFINITY;
    let mut best = None;
    obs.temp(n, None, color(mode) * value);
    for c in moves {
        let child = game.apply(n, &c);
        let v = -negamax_tt(game, &child, depth - 1, -beta, -alpha, table, obs)?;
        if v > value {
            value = v;
            best = Some(c.clone());
        }
        obs.temp(n, Some(&c), color(mode) * value);
        if value > alpha {
            alpha = value;
        }
        if alpha >= beta {
            obs.cut(n, cut_for_max(mode, alpha, beta));
            break;
        }
    }
    // ANCHOR_END: negamax_tt_search

    // ANCHOR: negamax_tt_store
    // 3. Ghi bảng: giá trị ấy là đúng, hay chỉ là một cận?
    let kind = if value <= alpha_orig {
        EntryKind::Upper
    } else if value >= beta {
        EntryKind::Lower
    } else {
        EntryKind::Exact
    };
    table.store(Entry {
        key,
        depth,
        value,
        kind,
        best,
    });
    obs.leave(n, color(mode) * value);
    Ok(value)
}
// ANCHOR_END: negamax_tt_store

/// Mục của bảng chuyển vị cho thế `state` sau một lần [`negamax_tt`] từ `root`
/// với độ sâu `depth` và cửa sổ (−∞, +∞), bảng mới [`limits::TT_DEFAULT_ENTRIES`](crate::limits::TT_DEFAULT_ENTRIES)
/// ô (đáp án của bài tập "bảng chuyển vị ghi gì"). `None` nếu thế ấy không được
/// ghi (chưa được xét, là nút lá, hay bị thế khác ghi đè).
///
/// ```
/// use caytrochoi::search::{entry_after_search, EntryKind};
/// use caytrochoi::tree::GameTree;
/// let t = GameTree::parse("A(B(D:3, E:5), C(F:2, G:9))").unwrap();
/// let c = t.find("C").unwrap();
/// let e = entry_after_search(&t, &t.root(), 2, &c).unwrap().unwrap();
/// // C (MIN) dừng sau F = 2 vì A đã có 3: giá trị của C ≤ 2 theo MAX,
/// // tức ≥ −2 theo người đi ở C — một cận dưới.
/// assert_eq!((e.value, e.kind), (-2.0, EntryKind::Lower));
/// ```
pub fn entry_after_search<G>(
    game: &G,
    root: &G::State,
    depth: u32,
    state: &G::State,
) -> Result<Option<Entry<G::Move>>, SearchError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    let mut table = TranspositionTable::new(crate::limits::TT_DEFAULT_ENTRIES)?;
    let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
    negamax_tt(game, root, depth, lo, hi, &mut table, &mut ())?;
    Ok(table.probe(game.zobrist(state)).cloned())
}

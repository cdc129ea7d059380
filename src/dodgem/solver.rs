//! Lời giải chính xác của Dodgem bằng **phân tích ngược** (retrograde analysis).
//!
//! Dodgem có thể lặp thế cờ (xe Đen lên rồi xuống, xe Trắng trái rồi phải), nên
//! vét cạn đệ quy từ gốc có thể chạy mãi. Phân tích ngược đi theo chiều ngược lại:
//!
//! 1. Với mỗi thế cờ, đếm số nước đi hợp lệ (`còn_lại`). Thế cờ kết thúc được
//!    định trị ngay: bên đến lượt **thua** nếu đối thủ đã đưa hết xe ra; nếu bên
//!    đến lượt hết nước đi thì thua (luật bài giảng) hoặc thắng (Winning Ways).
//! 2. Lấy lần lượt các thế cờ vừa định trị. Với mỗi thế cờ **trước** nó (đi một
//!    nước thì tới nó): nếu nó là thế **thua** của người đến lượt, thì thế trước
//!    **thắng** (có nước đưa đối thủ vào thế thua). Nếu nó **thắng**, thì giảm
//!    `còn_lại` của thế trước; khi về 0, mọi nước của thế trước đều dẫn tới thế
//!    thắng của đối thủ, nên thế trước **thua**.
//! 3. Khi không còn gì để lan truyền, các thế cờ chưa định trị là **hòa**: từ
//!    đó không bên nào ép thắng được, cả hai có thể đi vòng mãi.
//!
//! Kết quả là một [`Outcome`] (kiểu dùng chung với hàm Grundy): `NextWins` khi
//! bên **đến lượt** thắng, `PreviousWins` khi bên vừa đi thắng (bên đến lượt
//! thua), `Draw` khi hòa. Bảng kết quả là một `Vec<u8>`
//! (một byte mỗi thế cờ chuẩn hóa, xem mô-đun `index`): 5×5 cần khoảng 120 MB.
//!
//! ```
//! use caytrochoi::dodgem::{Rule, Solution};
//! use caytrochoi::Outcome;
//! let s = Solution::solve(3, Rule::WinningWays).unwrap();
//! // Winning Ways: 3×3 là thế thắng của người đi trước (người đến lượt thắng).
//! assert_eq!(s.start_outcome(), Outcome::NextWins);
//! ```

use super::board::{bits, Board, Side};
use super::error::DodgemError;
use super::index::{Indexer, EXIT, NONE};
use super::rules::{Dodgem, DodgemMove, Position, Rule};
use crate::outcome::Outcome;
#[cfg(feature = "json")]
use serde::Serialize;
use std::collections::VecDeque;

// Một byte mỗi thế cờ: 6 bit thấp là số nước chưa bị "bác bỏ" (còn_lại),
// bit DONE bật khi đã định trị, bit WIN cho biết thắng (nếu không là thua).
const DONE: u8 = 0x80;
const WIN: u8 = 0x40;
const COUNT: u8 = 0x3F;

/// Bảng kết quả chính xác của mọi thế cờ trên bàn n×n, theo một luật.
pub struct Solution {
    ix: Indexer,
    rule: Rule,
    table: Vec<u8>,
}

/// Số thế cờ đến được từ thế đầu, chia theo kết quả.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct ReachStats {
    /// Số trạng thái (bàn cờ + bên đến lượt) đến được từ thế đầu, kể cả thế kết thúc.
    pub states: u64,
    /// Trong đó, số thế kết thúc.
    pub terminal: u64,
    /// Số thế thắng cho bên đến lượt.
    pub wins: u64,
    /// Số thế thua cho bên đến lượt.
    pub losses: u64,
    /// Số thế hòa.
    pub draws: u64,
}

/// Các nước đi theo chuẩn hóa: gọi `f(m_sau, đã_ra)` cho mỗi nước của bên `m`.
#[inline]
fn for_moves(ix: &Indexer, m: u32, o: u32, mut f: impl FnMut(u32)) {
    let occ = m | o;
    for x in bits(m) {
        let rest = m & !(1 << x);
        for t in [ix.right[x as usize], ix.up[x as usize], ix.down[x as usize]] {
            if t == EXIT {
                f(rest);
            } else if t != NONE && occ & (1 << t) == 0 {
                f(rest | (1 << t));
            }
        }
    }
}

/// Kết quả của thế kết thúc (chuẩn hóa), hoặc `None` nếu chưa kết thúc.
fn terminal(rule: Rule, m: u32, o: u32, moves: u32) -> Option<Outcome> {
    if o == 0 {
        Some(Outcome::PreviousWins) // đối thủ đã đưa hết xe ra
    } else if m == 0 {
        Some(Outcome::NextWins) // (không xảy ra trong ván thật)
    } else if moves == 0 {
        Some(match rule {
            Rule::Lecture => Outcome::PreviousWins,
            Rule::WinningWays => Outcome::NextWins,
        })
    } else {
        None
    }
}

impl Solution {
    /// Giải Dodgem n×n theo luật `rule` (n = 3, 4 hoặc 5).
    pub fn solve(n: usize, rule: Rule) -> Result<Solution, DodgemError> {
        Board::check_size(n)?;
        let ix = Indexer::new(n);
        let mut table = vec![0u8; ix.total as usize];
        // Hàng đợi các thế vừa định trị, giữ luôn hai mặt nạ để khỏi giải mã chỉ số.
        let mut queue: VecDeque<(u32, u32)> = VecDeque::new();
        // Bước 1: đếm nước đi, định trị các thế kết thúc.
        ix.for_each(|i, m, o| {
            let mut count = 0u32;
            for_moves(&ix, m, o, |_| count += 1);
            table[i as usize] = match terminal(rule, m, o, count) {
                Some(Outcome::NextWins) => DONE | WIN,
                Some(_) => DONE,
                None => count as u8,
            };
            if table[i as usize] & DONE != 0 && m != 0 {
                queue.push_back((m, o));
            }
        });
        // Bước 2: lan truyền ngược.
        let mut scratch: Vec<(u32, u32, u32)> = Vec::with_capacity(64);
        while let Some((m, o)) = queue.pop_front() {
            let lost = table[ix.index(m, o) as usize] & WIN == 0;
            scratch.clear();
            predecessors(&ix, m, o, &mut scratch);
            for &(p, pm, po) in &scratch {
                let cell = &mut table[p as usize];
                if *cell & DONE != 0 {
                    continue;
                }
                if lost {
                    *cell = DONE | WIN;
                    queue.push_back((pm, po));
                } else {
                    *cell -= 1;
                    if *cell & COUNT == 0 {
                        *cell = DONE;
                        queue.push_back((pm, po));
                    }
                }
            }
        }
        Ok(Solution { ix, rule, table })
    }

    /// Giải (như [`Solution::solve`]) và đồng thời, trên một luồng thứ hai, đếm
    /// các trạng thái đến được từ thế đầu (bên `first` đi trước). Hai việc độc
    /// lập nên chạy song song được trên máy hai nhân. Nơi không có luồng thứ hai
    /// (máy một nhân; mô-đun WebAssembly của sách, nơi không tạo được luồng), hai
    /// việc chạy lần lượt trên luồng này, cùng kết quả.
    pub fn solve_and_count(
        n: usize,
        rule: Rule,
        first: Side,
    ) -> Result<(Solution, ReachStats), DodgemError> {
        let two_cores = std::thread::available_parallelism().is_ok_and(|c| c.get() > 1);
        Solution::solve_and_count_on(n, rule, first, two_cores)
    }

    /// [`Solution::solve_and_count`], trên hai luồng (`parallel`) hoặc lần lượt.
    fn solve_and_count_on(
        n: usize,
        rule: Rule,
        first: Side,
        parallel: bool,
    ) -> Result<(Solution, ReachStats), DodgemError> {
        Board::check_size(n)?;
        let count = move || Reach::explore(&Indexer::new(n), first);
        let (solution, reach) = if parallel {
            std::thread::scope(|scope| {
                match std::thread::Builder::new().spawn_scoped(scope, count) {
                    Ok(counter) => {
                        let solution = Solution::solve(n, rule);
                        (solution, counter.join().map_err(|_| ()))
                    }
                    // Không tạo được luồng (hết tài nguyên): làm lần lượt.
                    Err(_) => (Solution::solve(n, rule), Ok(count())),
                }
            })
        } else {
            (Solution::solve(n, rule), Ok(count()))
        };
        let solution = solution?;
        let reach = reach
            .map_err(|_| DodgemError::Internal("luồng đếm trạng thái dừng bất thường".into()))?;
        let stats = reach.stats(|i| solution.outcome_at(i));
        Ok((solution, stats))
    }

    /// Kích thước n.
    pub fn size(&self) -> usize {
        self.ix.n
    }

    /// Luật đã dùng.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Số thế cờ chuẩn hóa trong bảng (kể cả thế không đến được).
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    fn outcome_at(&self, i: u32) -> Outcome {
        let v = self.table[i as usize];
        if v & DONE == 0 {
            Outcome::Draw
        } else if v & WIN != 0 {
            Outcome::NextWins
        } else {
            Outcome::PreviousWins
        }
    }

    fn key(&self, pos: &Position) -> u32 {
        let (m, o) = canonical(&self.ix, pos);
        self.ix.index(m, o)
    }

    /// Kết quả chính xác của thế `pos`, cho bên đến lượt. Lỗi nếu bàn cờ không
    /// cùng kích thước với lời giải.
    pub fn outcome(&self, pos: &Position) -> Result<Outcome, DodgemError> {
        if pos.board.size() != self.ix.n {
            return Err(DodgemError::BadBoard {
                text: super::notation::board_to_text(&pos.board),
                reason: format!(
                    "bàn {}×{} nhưng lời giải là cho bàn {}×{}",
                    pos.board.size(),
                    pos.board.size(),
                    self.ix.n,
                    self.ix.n
                ),
            });
        }
        Ok(self.outcome_at(self.key(pos)))
    }

    /// Kết quả của thế đầu cho bên đi trước. Nhờ đối xứng, thế đầu khi Đen đi
    /// trước và khi Trắng đi trước là cùng một thế chuẩn hóa, nên kết quả như nhau.
    pub fn start_outcome(&self) -> Outcome {
        let game = self.game(Side::Black);
        self.outcome_at(self.key(&game.start()))
    }

    fn game(&self, first: Side) -> Dodgem {
        Dodgem::new(self.ix.n)
            .expect("kích thước đã được kiểm tra")
            .with_rule(self.rule)
            .with_first(first)
    }

    /// Mỗi nước đi hợp lệ từ `pos` kèm kết quả của **thế cờ sau nước đi**.
    /// Như cách gọi của bài giảng, thế sau nước đi là "thắng"
    /// ([`Outcome::PreviousWins`]) khi người vừa đi nước đó thắng.
    pub fn move_outcomes(&self, pos: &Position) -> Result<Vec<(DodgemMove, Outcome)>, DodgemError> {
        self.outcome(pos)?;
        let game = self.game(pos.to_move);
        Ok(game
            .moves(pos)
            .into_iter()
            .map(|mv| {
                let child = game.after(pos, mv);
                (mv, self.outcome_at(self.key(&child)))
            })
            .collect())
    }

    /// Các nước thắng từ `pos`: những nước đi vào thế `PreviousWins` (rỗng nếu
    /// `pos` không phải thế thắng của người đến lượt).
    pub fn winning_moves(&self, pos: &Position) -> Result<Vec<DodgemMove>, DodgemError> {
        Ok(self
            .move_outcomes(pos)?
            .into_iter()
            .filter(|(_, o)| *o == Outcome::PreviousWins)
            .map(|(m, _)| m)
            .collect())
    }

    /// Đếm các trạng thái đến được từ thế đầu (bên `first` đi trước), chia theo
    /// kết quả của lời giải này.
    pub fn reachable(&self, first: Side) -> ReachStats {
        let reach = Reach::explore(&self.ix, first);
        reach.stats(|i| self.outcome_at(i))
    }
}

/// Đổi một thế cờ thật sang thế chuẩn hóa `(m, o)`: người đến lượt luôn "là Đen".
pub(crate) fn canonical_masks(ix: &Indexer, b: &Board, to_move: Side) -> (u32, u32) {
    match to_move {
        Side::Black => (b.mask(Side::Black), b.mask(Side::White)),
        Side::White => (
            ix.reflect(b.mask(Side::White)),
            ix.reflect(b.mask(Side::Black)),
        ),
    }
}

fn canonical(ix: &Indexer, pos: &Position) -> (u32, u32) {
    canonical_masks(ix, &pos.board, pos.to_move)
}

/// Các thế cờ (chuẩn hóa) mà từ đó đi một nước thì tới `(m, o)`.
///
/// Ở `(m, o)`, đối thủ `o` vừa đi. Trong khung nhìn của đối thủ (lật lại), xe của
/// nó là `a = lật(o)` và đi như Đen, xe của ta là `w = lật(m)`. Bỏ nước vừa đi:
/// một xe ở `x` đến từ ô bên trái (đã sang phải), ô dưới (đã đi lên) hoặc ô trên
/// (đã đi xuống), hoặc một xe đã ra khỏi bàn từ cột phải.
fn predecessors(ix: &Indexer, m: u32, o: u32, out: &mut Vec<(u32, u32, u32)>) {
    if m == 0 {
        return; // người đến lượt đã thắng từ trước: thế trước đó đã kết thúc
    }
    let a = ix.reflect(o);
    let w = ix.reflect(m);
    let occ = a | w;
    for x in bits(a) {
        let rest = a & !(1 << x);
        for y in [ix.left[x as usize], ix.down[x as usize], ix.up[x as usize]] {
            if y != NONE && occ & (1 << y) == 0 {
                let p = rest | (1 << y);
                out.push((ix.index(p, w), p, w));
            }
        }
    }
    if (a.count_ones() as usize) < ix.k_max {
        for y in bits(ix.exit_column & !occ) {
            let p = a | (1 << y);
            out.push((ix.index(p, w), p, w));
        }
    }
}

/// Tập các trạng thái thật đến được: một bit cho mỗi (chỉ số chuẩn hóa, bên đến lượt).
struct Reach {
    bits: Vec<u64>,
    terminal: u64,
}

impl Reach {
    fn explore(ix: &Indexer, first: Side) -> Reach {
        let board = Board::start(ix.n).expect("kích thước đã được kiểm tra");
        let mut bits_ = vec![0u64; (ix.total as usize * 2).div_ceil(64)];
        let (m0, o0) = canonical_masks(ix, &board, first);
        let side0 = (first == Side::White) as u32;
        let mut stack: Vec<(u32, u32, u32)> = vec![(m0, o0, side0)];
        let k0 = ix.index(m0, o0) as usize * 2 + side0 as usize;
        bits_[k0 / 64] |= 1 << (k0 % 64);
        let mut terminal = 0u64;
        while let Some((m, o, side)) = stack.pop() {
            if m == 0 || o == 0 {
                terminal += 1;
                continue;
            }
            let (ro, next_side) = (ix.reflect(o), side ^ 1);
            let mut any = false;
            for_moves(ix, m, o, |m2| {
                any = true;
                let (nm, no) = (ro, ix.reflect(m2));
                let k = ix.index(nm, no) as usize * 2 + next_side as usize;
                if bits_[k / 64] & (1 << (k % 64)) == 0 {
                    bits_[k / 64] |= 1 << (k % 64);
                    stack.push((nm, no, next_side));
                }
            });
            if !any {
                terminal += 1;
            }
        }
        Reach {
            bits: bits_,
            terminal,
        }
    }

    fn stats(&self, outcome: impl Fn(u32) -> Outcome) -> ReachStats {
        let mut s = ReachStats {
            terminal: self.terminal,
            ..ReachStats::default()
        };
        for (w, &word) in self.bits.iter().enumerate() {
            for b in bits64(word) {
                let k = w * 64 + b as usize;
                let i = (k / 2) as u32;
                s.states += 1;
                match outcome(i) {
                    Outcome::NextWins => s.wins += 1,
                    Outcome::PreviousWins => s.losses += 1,
                    Outcome::Draw => s.draws += 1,
                }
            }
        }
        s
    }
}

fn bits64(mut w: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if w == 0 {
            None
        } else {
            let i = w.trailing_zeros();
            w &= w - 1;
            Some(i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hai luồng hay lần lượt (mô-đun WebAssembly không có luồng): cùng bảng lời
    /// giải, cùng số thế đến được.
    #[test]
    fn one_thread_and_two_threads_agree() {
        for (rule, first) in [
            (Rule::parse("vn").unwrap(), Side::Black),
            (Rule::parse("ww").unwrap(), Side::White),
        ] {
            let (a, ra) = Solution::solve_and_count_on(3, rule, first, true).unwrap();
            let (b, rb) = Solution::solve_and_count_on(3, rule, first, false).unwrap();
            assert_eq!(a.table, b.table);
            assert_eq!(ra, rb);
            assert!(ra.states > 0 && ra.states == ra.wins + ra.losses + ra.draws);
        }
    }
}

//! Nim — mô hình của mọi tổng trò chơi.
//!
//! Một đống n viên sỏi; mỗi nước bốc đi bao nhiêu viên cũng được (ít nhất một)
//! từ đống đó. Từ đống n đi được tới mọi đống 0, 1, …, n − 1, nên
//! G(n) = mex{0, 1, …, n − 1} = n: **một đống Nim n viên có giá trị Grundy n**.
//!
//! Nim nhiều đống là tổng của các đống ([`Sum`](crate::grundy::Sum)`(Nim)`), nên
//! G = XOR số viên các đống. Định lý Sprague–Grundy nói thêm: trạng thái nào của
//! trò chơi vô tư nào cũng "giống hệt" một đống Nim G viên — vì thế Nim là mô
//! hình để hiểu mọi tổng trò chơi.
//!
//! ```
//! use caytrochoi::grundy::games::nim::Nim;
//! use caytrochoi::grundy::{grundy, Sum};
//! assert_eq!(grundy(&Nim, &7).unwrap(), 7);
//! assert_eq!(grundy(&Sum(Nim), &vec![3, 5, 6]).unwrap(), 3 ^ 5 ^ 6);
//! ```

use crate::grundy::impartial::ImpartialGame;

/// Luật Nim một đống: trạng thái là số viên, nước đi là số viên bốc.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Nim;

impl ImpartialGame for Nim {
    type Position = u32;
    type Move = u32;

    fn moves(&self, n: &u32) -> Vec<u32> {
        (1..=*n).collect()
    }

    fn play(&self, n: &u32, take: &u32) -> u32 {
        n - take
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::impartial::GrundyMemo;
    use crate::grundy::sum::{sum_winning_moves, Sum};

    #[test]
    fn heap_of_n_has_value_n_and_sums_are_xor() {
        let mut memo = GrundyMemo::new();
        for n in 0..30 {
            assert_eq!(memo.value(&Nim, &n).unwrap(), n);
        }
        let mut sum_memo = GrundyMemo::new();
        for a in 0..5u32 {
            for b in 0..6u32 {
                for c in 0..7u32 {
                    let v = sum_memo.value(&Sum(Nim), &vec![a, b, c]).unwrap();
                    assert_eq!(v, a ^ b ^ c);
                }
            }
        }
        // 3, 4, 5: S = 2, chỉ đống 3 sửa được (3 → 1).
        let moves = sum_winning_moves(&mut memo, &Nim, &[3, 4, 5]).unwrap();
        assert_eq!(moves, [(0, 2)]);
    }
}

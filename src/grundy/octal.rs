//! Trò chơi bát phân (octal game) và chu kỳ của dãy Grundy.
//!
//! Trò chơi trên các đống sỏi; mỗi lượt chọn một đống, bốc đi k viên rồi có thể
//! chia phần còn lại. Luật cho bằng một *mã bát phân* `d₀.d₁d₂d₃…`: chữ số dₖ
//! cho biết được phép làm gì sau khi bốc k viên từ một đống:
//!
//! - bit 1 (dₖ chứa 1): được bốc k viên nếu đó là *cả* đống (không để lại đống nào);
//! - bit 2 (dₖ chứa 2): được để lại *một* đống khác rỗng;
//! - bit 4 (dₖ chứa 4): được để lại *hai* đống khác rỗng (chia đôi phần còn lại).
//!
//! Chữ số d₀ (trước dấu chấm) chỉ có thể là 0 hoặc 4: "4" nghĩa là được chia
//! một đống thành hai đống khác rỗng mà không bốc viên nào.
//!
//! Ví dụ: `0.77` là Kayles (bốc 1 hoặc 2 viên, phần còn lại để nguyên hoặc chia
//! đôi), `0.07` là Kayles của Dawson, và **Tô màu** là `0.077`: tô 2 hoặc 3 ô
//! liên tiếp của một đoạn n ô trống để lại 0, 1 hoặc 2 đoạn trống (xem
//! [`crate::grundy::games::to_mau`]).
//!
//! Vì các đống độc lập, G(nhiều đống) là XOR của G(từng đống), nên chỉ cần dãy
//! G(0), G(1), G(2), …. Dãy của mọi trò chơi bát phân có mã hữu hạn mà người ta
//! đã tính xong đều *tuần hoàn từ một chỗ nào đó*; [`certified_period`] tìm chu
//! kỳ và **chứng minh** nó bằng định lý tuần hoàn (Guy–Smith), không đoán.

use super::error::GrundyError;
use super::impartial::ImpartialGame;
use super::mex::MexScratch;
use crate::limits::{OCTAL_DIGITS, OCTAL_VALUES};
#[cfg(feature = "json")]
use serde::Serialize;

/// Một trò chơi bát phân, cho bằng mã của nó.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalGame {
    code: String,
    /// `digits[k]` = dₖ, k = 0 … t (t = số viên lớn nhất được bốc).
    digits: Vec<u8>,
}

/// Một nước đi trên một đống: bốc `take` viên, để lại các đống `left`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct OctalMove {
    /// Số viên bốc đi.
    pub take: usize,
    /// Các đống để lại (0, 1 hoặc 2 đống; `None` là không có).
    pub left: [Option<usize>; 2],
}

impl std::fmt::Display for OctalMove {
    /// Ví dụ: `bốc 2 viên, để lại đống 3 và 4`, `bốc 1 viên (hết đống)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let left: Vec<String> = self.left.iter().flatten().map(|h| h.to_string()).collect();
        if left.is_empty() {
            write!(f, "bốc {} viên (hết đống)", self.take)
        } else if self.take == 0 {
            write!(
                f,
                "chia đống thành {} (không bốc viên nào)",
                left.join(" và ")
            )
        } else {
            write!(
                f,
                "bốc {} viên, để lại đống {}",
                self.take,
                left.join(" và ")
            )
        }
    }
}

/// Chu kỳ đã được chứng minh của một dãy Grundy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Periodicity {
    /// Chu kỳ p (nhỏ nhất).
    pub period: usize,
    /// Tiền chu kỳ n₀: số nhỏ nhất sao cho G(n + p) = G(n) với mọi n ≥ n₀.
    pub preperiod: usize,
    /// Số giá trị đã tính để chứng minh (n = 0 … checked − 1).
    pub checked: usize,
}

impl OctalGame {
    /// Đọc mã như `"0.077"`, `".77"`, `"4.07"`.
    pub fn parse(code: &str) -> Result<OctalGame, GrundyError> {
        let text = code.trim();
        let bad = |reason: &str| GrundyError::InvalidOctalCode {
            code: code.to_string(),
            reason: reason.to_string(),
        };
        let Some((before, after)) = text.split_once('.') else {
            return Err(bad("thiếu dấu chấm (ví dụ đúng: 0.077)"));
        };
        let d0 = match before {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(bad("trước dấu chấm chỉ được là 0 hoặc 4")),
        };
        if after.is_empty() {
            return Err(bad("cần ít nhất một chữ số sau dấu chấm"));
        }
        if after.chars().count() > OCTAL_DIGITS {
            return Err(bad(&format!(
                "quá dài (tối đa {OCTAL_DIGITS} chữ số sau dấu chấm)"
            )));
        }
        let mut digits = vec![d0];
        for c in after.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(bad(&format!(
                        "`{c}` không phải chữ số bát phân (chỉ dùng 0 … 7)"
                    )))
                }
            }
        }
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        Ok(OctalGame {
            code: text.to_string(),
            digits,
        })
    }

    /// Mã của trò chơi (như đã nhập).
    pub fn code(&self) -> &str {
        &self.code
    }

    /// t: số viên lớn nhất mà một nước đi được bốc.
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// Các nước đi từ một đống `n` viên.
    pub fn heap_moves(&self, n: usize) -> Vec<OctalMove> {
        let mut moves = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            if k > n {
                break;
            }
            if d & 1 != 0 && k == n && k > 0 {
                moves.push(OctalMove {
                    take: k,
                    left: [None, None],
                });
            }
            if d & 2 != 0 && n > k && k > 0 {
                moves.push(OctalMove {
                    take: k,
                    left: [Some(n - k), None],
                });
            }
            if d & 4 != 0 && n >= k + 2 {
                let r = n - k;
                for a in 1..=r / 2 {
                    moves.push(OctalMove {
                        take: k,
                        left: [Some(a), Some(r - a)],
                    });
                }
            }
        }
        moves
    }

    /// G(0), …, G(count − 1).
    pub fn values(&self, count: usize) -> Result<Vec<u32>, GrundyError> {
        let mut values = Vec::new();
        self.extend(&mut values, count)?;
        Ok(values)
    }

    /// Kéo dài dãy `values` (đã đúng từ đầu) cho tới `count` giá trị.
    pub fn extend(&self, values: &mut Vec<u32>, count: usize) -> Result<(), GrundyError> {
        GrundyError::check_range("số giá trị", count as u64, 0, OCTAL_VALUES as u64)?;
        let mut scratch = MexScratch::new();
        for n in values.len()..count {
            scratch.clear();
            for (k, &d) in self.digits.iter().enumerate() {
                if k > n {
                    break;
                }
                if d & 1 != 0 && k == n && k > 0 {
                    scratch.insert(0);
                }
                if d & 2 != 0 && n > k && k > 0 {
                    scratch.insert(values[n - k]);
                }
                if d & 4 != 0 && n >= k + 2 {
                    insert_splits(&mut scratch, values, n - k);
                }
            }
            values.push(scratch.mex());
        }
        Ok(())
    }

    /// Tìm chu kỳ đã chứng minh, tính dần tới tối đa `max_count` giá trị.
    pub fn periodicity(&self, max_count: usize) -> Result<Periodicity, GrundyError> {
        GrundyError::check_range(
            "số giá trị tối đa",
            max_count as u64,
            1,
            OCTAL_VALUES as u64,
        )?;
        let mut values = Vec::new();
        let mut count = 64.min(max_count);
        loop {
            self.extend(&mut values, count)?;
            if let Some(p) = certified_period(&values, self.max_take()) {
                return Ok(p);
            }
            if count >= max_count {
                return Err(GrundyError::NoPeriod { computed: count });
            }
            count = (count * 2).min(max_count);
        }
    }
}

/// Thêm vào `scratch` giá trị của mọi cách chia `r` viên thành hai đống khác
/// rỗng a và r − a (1 ≤ a ≤ r/2): G(a) ⊕ G(r − a), với `g` = G(0), …, G(r − 1).
///
/// Đây là vòng lặp nặng nhất của cả mô-đun (r/2 lần cho mỗi n, nên ~n²/4 lần
/// cho cả dãy: 10⁸ lần khi tính 20 000 giá trị). Vì vậy nó viết bằng phép toán
/// thường, không gọi hàm nào trong vòng: các giá trị nhỏ hơn 64 (gần như tất cả)
/// được đánh dấu trong một số 64 bit, rồi mới thêm vào `scratch` một lần mỗi giá
/// trị. Bản gỡ lỗi (mọi kiểm thử) vì thế nhanh gấp nhiều lần vòng
/// `for a in 1..=r / 2 { scratch.insert(g[a] ^ g[r - a]) }`, cùng kết quả.
fn insert_splits(scratch: &mut MexScratch, g: &[u32], r: usize) {
    let mut small: u64 = 0;
    let mut a = 1;
    while a <= r / 2 {
        let v = g[a] ^ g[r - a];
        if v < 64 {
            small |= 1 << v;
        } else {
            scratch.insert(v);
        }
        a += 1;
    }
    while small != 0 {
        scratch.insert(small.trailing_zeros());
        small &= small - 1;
    }
}

/// Chu kỳ nhỏ nhất của `values` được **chứng minh** bởi định lý tuần hoàn cho
/// trò chơi bát phân, với `t` là số viên lớn nhất một nước được bốc.
///
/// Định lý (Guy–Smith): nếu G(n + p) = G(n) với mọi n thỏa n₀ ≤ n < 2n₀ + p + t
/// thì đẳng thức đúng với mọi n ≥ n₀. Muốn kiểm điều kiện đó cần biết G tới
/// chỉ số 2n₀ + 2p + t − 1, tức `values.len() ≥ 2n₀ + 2p + t`.
///
/// Với mỗi p = 1, 2, …: n₀ là số nhỏ nhất mà G(n + p) = G(n) cho mọi n từ n₀
/// tới cuối phần đã tính; p được nhận nếu phần đã tính đủ dài để định lý áp
/// dụng. Trả về `None` nếu không p nào được chứng minh.
pub fn certified_period(values: &[u32], t: usize) -> Option<Periodicity> {
    let len = values.len();
    let mut p = 1;
    while 2 * p + t <= len {
        let mut n0 = len - p;
        while n0 > 0 && values[n0 - 1 + p] == values[n0 - 1] {
            n0 -= 1;
        }
        if 2 * n0 + 2 * p + t <= len {
            return Some(Periodicity {
                period: p,
                preperiod: n0,
                checked: len,
            });
        }
        p += 1;
    }
    None
}

/// Đọc các đống của một thế (giữa ván có thể nhiều đống): mỗi từ là số viên
/// của một đống, như `N` của `caytrochoi grundy octal MÃ N` (cùng giới hạn).
/// Trả về các đống xếp tăng dần, bỏ đống rỗng (như trạng thái của
/// [`ImpartialGame`] bên dưới).
///
/// ```
/// use caytrochoi::grundy::octal::parse_heaps;
/// assert_eq!(parse_heaps(&["7", "0", "3"]).unwrap(), vec![3, 7]);
/// assert!(parse_heaps(&["7", "x"]).unwrap_err().to_string().contains("đống 2"));
/// ```
pub fn parse_heaps(words: &[&str]) -> Result<Vec<usize>, GrundyError> {
    if words.is_empty() {
        return Err(GrundyError::InvalidPosition("thiếu số viên N".to_string()));
    }
    let mut heaps = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let what = format!("số viên của đống {}", i + 1);
        let n: u64 = w.trim().parse().map_err(|_| {
            GrundyError::InvalidPosition(format!("{what}: `{w}` không phải số nguyên không âm"))
        })?;
        GrundyError::check_range(&what, n, 0, OCTAL_VALUES as u64 - 1)?;
        if n > 0 {
            heaps.push(n as usize);
        }
    }
    heaps.sort_unstable();
    Ok(heaps)
}

/// Trò chơi bát phân trên nhiều đống (để vét cạn và kiểm tra định lý tổng).
/// Trạng thái là danh sách các đống đã sắp xếp tăng dần.
impl ImpartialGame for OctalGame {
    type Position = Vec<usize>;
    type Move = (usize, OctalMove);

    fn moves(&self, heaps: &Vec<usize>) -> Vec<(usize, OctalMove)> {
        heaps
            .iter()
            .enumerate()
            .flat_map(|(i, &n)| self.heap_moves(n).into_iter().map(move |m| (i, m)))
            .collect()
    }

    fn play(&self, heaps: &Vec<usize>, (i, mv): &(usize, OctalMove)) -> Vec<usize> {
        let mut next: Vec<usize> = heaps.clone();
        next.remove(*i);
        next.extend(mv.left.iter().flatten());
        next.sort_unstable();
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::impartial::GrundyMemo;

    #[test]
    fn parse_errors() {
        for bad in ["077", "0.08", "1.07", "0.", "0.0x", "", "4.07.1"] {
            assert!(OctalGame::parse(bad).is_err(), "{bad}");
        }
        let g = OctalGame::parse(" .0770 ").unwrap();
        assert_eq!(g.max_take(), 3);
        let long = format!("0.{}", "7".repeat(OCTAL_DIGITS + 1));
        assert!(OctalGame::parse(&long).is_err());
    }

    #[test]
    fn nim_like_codes() {
        // 0.333…(t chữ số 3) = bốc 1 … t viên: G(n) = n mod (t + 1).
        let g = OctalGame::parse("0.333").unwrap();
        let v = g.values(50).unwrap();
        for (n, &x) in v.iter().enumerate() {
            assert_eq!(x as usize, n % 4);
        }
        let p = certified_period(&v, 3).unwrap();
        assert_eq!((p.period, p.preperiod), (4, 0));
    }

    #[test]
    fn sequence_matches_brute_force_on_heaps() {
        for code in ["0.077", "0.77", "0.07", "4.07", "0.137", "0.4"] {
            let game = OctalGame::parse(code).unwrap();
            let v = game.values(16).unwrap();
            let mut memo = GrundyMemo::new();
            for (n, &x) in v.iter().enumerate() {
                assert_eq!(memo.value(&game, &vec![n]).unwrap(), x, "{code} n={n}");
            }
            // Hai đống: XOR.
            for a in 0..9 {
                for b in 0..9 {
                    let mut heaps = vec![a, b];
                    heaps.sort_unstable();
                    assert_eq!(memo.value(&game, &heaps).unwrap(), v[a] ^ v[b]);
                }
            }
        }
    }

    #[test]
    fn kayles_published_period() {
        // Kayles (0.77): chu kỳ 12, ngoại lệ cuối cùng ở n = 70.
        let p = OctalGame::parse("0.77").unwrap().periodicity(4000).unwrap();
        assert_eq!((p.period, p.preperiod), (12, 71));
    }

    #[test]
    fn dawson_kayles_published_period() {
        // Kayles của Dawson (0.07): chu kỳ 34; ngoại lệ cuối cùng ở n = 51
        // theo cách đánh số của bài báo gốc (số ô của Dawson's chess lệch 1).
        let game = OctalGame::parse("0.07").unwrap();
        let p = game.periodicity(4000).unwrap();
        assert_eq!(p.period, 34);
        let v = game.values(400).unwrap();
        let last_exception = (0..p.preperiod).rev().find(|&n| v[n] != v[n + 34]).unwrap();
        assert_eq!(last_exception + 1, p.preperiod);
        // OEIS A002187 bắt đầu: 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3
        assert_eq!(
            &v[..20],
            &[0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
        );
    }

    #[test]
    fn to_mau_code_0_077_matches_published_table() {
        // OEIS A071434 (trò .1377, đánh số từ 1): ".074 – .077 có giá trị a(n − 1)",
        // chu kỳ 24, ngoại lệ cuối cùng ở n = 140 — tức n = 141 với 0.077,
        // nên tiền chu kỳ là 142.
        let a071434 = [
            1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7,
            7, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8, 5, 5, 4, 4,
            7, 7, 2, 2, 1, 1, 8, 8, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 7, 7, 2, 2, 1,
            1, 8, 8, 2, 2, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8,
        ];
        let game = OctalGame::parse("0.077").unwrap();
        // a(1) là G(2) của 0.077; G(0) = G(1) = 0 (không tô được).
        let v = game.values(a071434.len() + 2).unwrap();
        assert_eq!(&v[..2], &[0, 0]);
        assert_eq!(&v[2..], &a071434[..]);
        let p = game.periodicity(4000).unwrap();
        assert_eq!((p.period, p.preperiod), (24, 142));
    }

    #[test]
    fn kayles_published_start() {
        // OEIS A002186 (Kayles, 0.77).
        let v = OctalGame::parse("0.77").unwrap().values(24).unwrap();
        assert_eq!(
            v,
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]
        );
    }

    #[test]
    fn short_range_gives_no_period() {
        let game = OctalGame::parse("0.77").unwrap();
        assert_eq!(
            game.periodicity(100),
            Err(GrundyError::NoPeriod { computed: 100 })
        );
    }
}

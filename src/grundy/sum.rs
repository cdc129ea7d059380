//! Đồ thị tổng (tổng các trò chơi) và phép XOR.
//!
//! Tổng D = D₁ + D₂ + … + Dₙ: mỗi lượt người chơi chọn *đúng một* trò chơi con
//! và đi một nước trong đó, các trò chơi con khác đứng yên. Định lý
//! Sprague–Grundy: G(D) = G(D₁) ⊕ G(D₂) ⊕ … ⊕ G(Dₙ) (⊕ là XOR từng bit).
//! Ví dụ trong bài giảng: 3 ⊕ 5 ⊕ 6 = 0, nên tổng đó là trạng thái "thắng"
//! (người phải đi từ đó sẽ thua).
//!
//! [`Sum`] dựng hẳn đồ thị của tổng để kiểm tra định lý bằng vét cạn;
//! [`sum_grundy`] và [`sum_winning_moves`] dùng định lý nên nhanh hơn nhiều.
//! [`XorTable`] bày phép tính ra thành bảng nhị phân để tìm nước thắng bằng tay.

use super::error::GrundyError;
use super::impartial::{GrundyMemo, ImpartialGame};

/// Tổng XOR (nim-sum) của các giá trị.
///
/// ```
/// use caytrochoi::grundy::nim_sum;
/// assert_eq!(nim_sum([3, 5, 6]), 0);
/// ```
pub fn nim_sum<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

/// Tổng của nhiều trạng thái cùng một luật chơi `G`, xem như một trò chơi mới:
/// trạng thái là danh sách các phần, nước đi là (chỉ số phần, nước đi trong phần đó).
#[derive(Debug, Clone)]
pub struct Sum<G>(pub G);

impl<G: ImpartialGame> ImpartialGame for Sum<G> {
    type Position = Vec<G::Position>;
    type Move = (usize, G::Move);

    fn moves(&self, parts: &Self::Position) -> Vec<Self::Move> {
        parts
            .iter()
            .enumerate()
            .flat_map(|(i, p)| self.0.moves(p).into_iter().map(move |m| (i, m)))
            .collect()
    }

    fn play(&self, parts: &Self::Position, (i, mv): &Self::Move) -> Self::Position {
        let mut next = parts.clone();
        next[*i] = self.0.play(&parts[*i], mv);
        next
    }
}

/// G của tổng, tính bằng XOR các giá trị của từng phần.
pub fn sum_grundy<G: ImpartialGame>(
    memo: &mut GrundyMemo<G::Position>,
    game: &G,
    parts: &[G::Position],
) -> Result<u32, GrundyError> {
    let mut total = 0;
    for p in parts {
        total ^= memo.value(game, p)?;
    }
    Ok(total)
}

/// Các nước thắng trong tổng: đổi phần `i` có giá trị gᵢ thành một trạng thái có
/// giá trị gᵢ ⊕ S (S là XOR của cả tổng), để tổng mới có XOR bằng 0.
pub fn sum_winning_moves<G: ImpartialGame>(
    memo: &mut GrundyMemo<G::Position>,
    game: &G,
    parts: &[G::Position],
) -> Result<Vec<(usize, G::Move)>, GrundyError> {
    let total = sum_grundy(memo, game, parts)?;
    let mut result = Vec::new();
    if total == 0 {
        return Ok(result);
    }
    for (i, p) in parts.iter().enumerate() {
        let target = memo.value(game, p)? ^ total;
        for mv in game.moves(p) {
            if memo.value(game, &game.play(p, &mv))? == target {
                result.push((i, mv));
            }
        }
    }
    Ok(result)
}

/// Bảng XOR của một tổng: mỗi thành phần một hàng (tên, G, các bit của G), hàng
/// cuối là S = XOR của cả tổng. Cách tìm nước thắng bằng tay:
///
/// - S = 0: người đến lượt thua (mọi nước đều làm S ≠ 0);
/// - S ≠ 0: nhìn **bit cao nhất** của S. Thành phần nào có bit đó bằng 1 thì
///   gᵢ ⊕ S < gᵢ, và vì G(thành phần) là mex của các giá trị con, thành phần đó
///   **có** một nước đi tới đúng giá trị gᵢ ⊕ S: sau nước ấy, XOR bằng 0.
///
/// ```
/// use caytrochoi::grundy::sum::XorTable;
/// let t = XorTable::new([("đống 1", 3), ("đống 2", 4), ("đống 3", 5)]);
/// assert_eq!(t.total, 2);
/// assert_eq!(t.targets(), [Some(1), None, None]); // chỉ đống 1 sửa được: 3 → 1
/// print!("{t}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XorTable {
    /// Các thành phần: (tên, G).
    pub rows: Vec<(String, u32)>,
    /// S = XOR mọi G.
    pub total: u32,
}

impl XorTable {
    /// Bảng của các thành phần `rows` (tên, G).
    pub fn new<S: Into<String>>(rows: impl IntoIterator<Item = (S, u32)>) -> XorTable {
        let rows: Vec<(String, u32)> = rows.into_iter().map(|(n, g)| (n.into(), g)).collect();
        let total = nim_sum(rows.iter().map(|&(_, g)| g));
        XorTable { rows, total }
    }

    /// Với mỗi thành phần: `Some(gᵢ ⊕ S)` nếu số đó nhỏ hơn gᵢ (thành phần này
    /// có nước thắng: đưa G của nó về gᵢ ⊕ S), ngược lại `None`.
    pub fn targets(&self) -> Vec<Option<u32>> {
        self.rows
            .iter()
            .map(|&(_, g)| Some(g ^ self.total).filter(|&t| t < g))
            .collect()
    }

    /// Số bit cần để viết số lớn nhất của bảng (ít nhất 1).
    pub fn bits(&self) -> u32 {
        let max = self.rows.iter().map(|&(_, g)| g).max().unwrap_or(0);
        (u32::BITS - max.leading_zeros()).max(1)
    }
}

impl std::fmt::Display for XorTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bits = self.bits();
        let name_w = self
            .rows
            .iter()
            .map(|(n, _)| n.chars().count())
            .chain(["thành phần".chars().count(), "S = XOR".len()])
            .max()
            .unwrap_or(0);
        let g_w = self
            .rows
            .iter()
            .map(|&(_, g)| g.to_string().len())
            .max()
            .unwrap_or(1)
            .max(1);
        let powers: Vec<u32> = (0..bits).rev().map(|b| 1 << b).collect();
        let col_w = powers
            .iter()
            .map(|p| p.to_string().len())
            .max()
            .unwrap_or(1);
        let pad =
            |s: &str, w: usize| format!("{s}{}", " ".repeat(w.saturating_sub(s.chars().count())));
        let bit_cells = |g: u32| -> String {
            powers
                .iter()
                .map(|&p| format!("{:>col_w$}", u32::from(g & p != 0)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let header: Vec<String> = powers.iter().map(|p| format!("{p:>col_w$}")).collect();
        let with_target = self.total != 0;
        write!(
            f,
            "{}  {:>g_w$}   {}",
            pad("thành phần", name_w),
            "G",
            header.join(" ")
        )?;
        writeln!(f, "{}", if with_target { "   G ⊕ S" } else { "" })?;
        for ((name, g), t) in self.rows.iter().zip(self.targets()) {
            write!(f, "{}  {g:>g_w$}   {}", pad(name, name_w), bit_cells(*g))?;
            if with_target {
                let x = g ^ self.total;
                match t {
                    Some(_) => write!(f, "   {x} < {g}: đưa {g} về {x}")?,
                    None => write!(f, "   {x} > {g}: không được")?,
                }
            }
            writeln!(f)?;
        }
        let s = self.total;
        writeln!(
            f,
            "{}  {s:>g_w$}   {}",
            pad("S = XOR", name_w),
            bit_cells(s)
        )?;
        if s == 0 {
            writeln!(
                f,
                "S = 0: mọi nước đi đều làm S khác 0 — người đến lượt thua\n\
                 (nếu đối thủ biết chơi)."
            )
        } else {
            let high = 1u32 << (u32::BITS - 1 - s.leading_zeros());
            let fixes: Vec<String> = self
                .rows
                .iter()
                .zip(self.targets())
                .filter_map(|((n, g), t)| t.map(|t| format!("{n} ({g} → {t})")))
                .collect();
            writeln!(f, "S = {s} ≠ 0: bit cao nhất của S là {high}.")?;
            writeln!(
                f,
                "Thành phần có bit {high} bằng 1 sửa được: {}.",
                fixes.join(", ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Một "hộp" nhiều trò chơi nhỏ khác nhau để thử tổng của các trò khác loại.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    enum Small {
        /// Đống Nim: bốc bao nhiêu cũng được.
        Nim(u8),
        /// Bốc 1, 2 hoặc 3.
        Sub(u8),
        /// Quân Hậu ở (p, q).
        Queen(u8, u8),
        /// Chia một đống thành hai đống khác nhau (Grundy), cả danh sách đống.
        Split(Vec<u8>),
    }

    struct Box;
    impl ImpartialGame for Box {
        type Position = Small;
        type Move = Small;
        fn moves(&self, p: &Small) -> Vec<Small> {
            match p {
                Small::Nim(n) => (0..*n).map(Small::Nim).collect(),
                Small::Sub(n) => (1..=3u8)
                    .filter(|k| k <= n)
                    .map(|k| Small::Sub(n - k))
                    .collect(),
                Small::Queen(a, b) => {
                    let mut v: Vec<Small> = (1..=*a).map(|k| Small::Queen(a - k, *b)).collect();
                    v.extend((1..=*b).map(|k| Small::Queen(*a, b - k)));
                    v.extend((1..=*a.min(b)).map(|k| Small::Queen(a - k, b - k)));
                    v
                }
                Small::Split(piles) => {
                    let mut v = Vec::new();
                    for (i, &n) in piles.iter().enumerate() {
                        for a in 1..n {
                            if 2 * a < n {
                                let mut next = piles.clone();
                                next[i] = a;
                                next.push(n - a);
                                next.sort_unstable();
                                v.push(Small::Split(next));
                            }
                        }
                    }
                    v
                }
            }
        }
        fn play(&self, _: &Small, m: &Small) -> Small {
            m.clone()
        }
    }

    #[test]
    fn lecture_xor_example() {
        assert_eq!(nim_sum([3, 5, 6]), 0);
        let t = XorTable::new([("A", 3), ("B", 5), ("C", 6)]);
        assert_eq!(t.targets(), [None, None, None]);
        assert!(t.to_string().contains("S = 0"));
    }

    #[test]
    fn xor_table_targets_are_exactly_the_rows_with_the_high_bit() {
        for a in 0..16u32 {
            for b in 0..16u32 {
                for c in 0..16u32 {
                    let t = XorTable::new([("a", a), ("b", b), ("c", c)]);
                    let s = a ^ b ^ c;
                    for ((_, g), target) in t.rows.iter().zip(t.targets()) {
                        let high = if s == 0 {
                            0
                        } else {
                            1 << (31 - s.leading_zeros())
                        };
                        assert_eq!(target.is_some(), s != 0 && g & high != 0);
                        if let Some(x) = target {
                            // Sau khi đổi g thành x, XOR bằng 0.
                            assert_eq!(s ^ g ^ x, 0);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn xor_matches_brute_force_on_many_small_sums() {
        let singles: Vec<Small> = (0..5u8)
            .flat_map(|n| {
                [
                    Small::Nim(n),
                    Small::Sub(n + 2),
                    Small::Queen(n, (n * 3) % 5),
                    Small::Split(vec![n + 3]),
                ]
            })
            .collect();
        let mut memo = GrundyMemo::new();
        let mut sum_memo = GrundyMemo::new();
        let mut checked = 0;
        for (i, a) in singles.iter().enumerate() {
            for (j, b) in singles.iter().enumerate().skip(i) {
                for c in singles.iter().skip(j).step_by(3) {
                    let parts = vec![a.clone(), b.clone(), c.clone()];
                    // Vét cạn trên chính đồ thị của tổng.
                    let brute = sum_memo.value(&Sum(Box), &parts).unwrap();
                    assert_eq!(sum_grundy(&mut memo, &Box, &parts).unwrap(), brute);
                    // Nước thắng theo XOR thật sự dẫn tới tổng có G = 0.
                    for mv in sum_winning_moves(&mut memo, &Box, &parts).unwrap() {
                        let next = Sum(Box).play(&parts, &mv);
                        assert_eq!(sum_memo.value(&Sum(Box), &next).unwrap(), 0);
                    }
                    assert_eq!(
                        sum_winning_moves(&mut memo, &Box, &parts)
                            .unwrap()
                            .is_empty(),
                        brute == 0
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }
}

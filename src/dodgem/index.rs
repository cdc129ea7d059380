//! Đánh số các thế cờ bằng số nguyên liên tiếp, để bộ giải lưu kết quả trong
//! một mảng `Vec<u8>` thay vì bảng băm.
//!
//! **Thế cờ chuẩn hóa.** Nhờ đối xứng của Dodgem, ta luôn nhìn thế cờ từ phía
//! người đến lượt và gọi người đó là "Đen": phép lật qua đường chéo phụ
//! `(r, c) ↦ (n−1−c, n−1−r)` biến xe Trắng (đi lên, trái, phải; ra mép trên)
//! thành xe Đen (đi sang phải, xuống, lên; ra mép phải), và thế cờ đầu thành
//! chính nó. Một thế cờ chuẩn hóa là cặp mặt nạ `(m, o)`: xe của người đến
//! lượt `m` (đi như Đen) và xe của đối thủ `o`.
//!
//! **Chỉ số.** Với `k = |m|`, `j = |o|` (mỗi số từ 0 đến n − 1), chỉ số là
//! `offset[k][j] + hạng(m)·C(N−k, j) + hạng(o')`, trong đó `N = n²`, `hạng` là
//! hạng theo thứ tự colex của một tập k phần tử (∑ C(cᵢ, i+1)) và `o'` là `o`
//! sau khi bỏ các ô của `m` (đánh số lại các ô còn trống). Không có chỉ số nào
//! bị bỏ phí: 5×5 có 120 030 201 thế cờ chuẩn hóa, mỗi thế một byte.

use super::board::bits;

pub(crate) struct Indexer {
    pub n: usize,
    pub cells: usize,
    pub k_max: usize,
    /// `binom[c][i]` = C(c, i).
    binom: Vec<[u64; 8]>,
    offset: [[u64; 8]; 8],
    width: [[u64; 8]; 8],
    reflect_tab: [[u32; 256]; 4],
    /// Ô bên phải, trên, dưới của mỗi ô (`u8::MAX`: không có; với "phải" ở cột
    /// cuối là `EXIT`: ra khỏi bàn).
    pub right: Vec<u8>,
    pub up: Vec<u8>,
    pub down: Vec<u8>,
    /// Ô bên trái (`u8::MAX` nếu ở cột đầu).
    pub left: Vec<u8>,
    /// Mặt nạ cột phải (nơi xe ra khỏi bàn).
    pub exit_column: u32,
    pub total: u64,
}

pub(crate) const NONE: u8 = u8::MAX;
pub(crate) const EXIT: u8 = u8::MAX - 1;

impl Indexer {
    pub fn new(n: usize) -> Indexer {
        let cells = n * n;
        let k_max = n - 1;
        let mut binom = vec![[0u64; 8]; cells + 1];
        for c in 0..=cells {
            binom[c][0] = 1;
            for i in 1..8 {
                binom[c][i] = if c == 0 {
                    0
                } else {
                    binom[c - 1][i - 1] + binom[c - 1][i]
                };
            }
        }
        let mut offset = [[0u64; 8]; 8];
        let mut width = [[0u64; 8]; 8];
        let mut total = 0u64;
        for k in 0..=k_max {
            for j in 0..=k_max {
                offset[k][j] = total;
                width[k][j] = binom[cells - k][j];
                total += binom[cells][k] * binom[cells - k][j];
            }
        }
        let mut reflect_tab = [[0u32; 256]; 4];
        for (chunk, tab) in reflect_tab.iter_mut().enumerate() {
            for (byte, slot) in tab.iter_mut().enumerate() {
                let mut out = 0u32;
                for b in 0..8 {
                    let i = chunk * 8 + b;
                    if byte & (1 << b) != 0 && i < cells {
                        let (r, c) = (i / n, i % n);
                        out |= 1 << ((n - 1 - c) * n + (n - 1 - r));
                    }
                }
                *slot = out;
            }
        }
        let mut right = vec![NONE; cells];
        let mut left = vec![NONE; cells];
        let mut up = vec![NONE; cells];
        let mut down = vec![NONE; cells];
        let mut exit_column = 0u32;
        for i in 0..cells {
            let (r, c) = (i / n, i % n);
            right[i] = if c + 1 < n { (i + 1) as u8 } else { EXIT };
            if c + 1 == n {
                exit_column |= 1 << i;
            }
            if c > 0 {
                left[i] = (i - 1) as u8;
            }
            if r > 0 {
                up[i] = (i - n) as u8;
            }
            if r + 1 < n {
                down[i] = (i + n) as u8;
            }
        }
        Indexer {
            n,
            cells,
            k_max,
            binom,
            offset,
            width,
            reflect_tab,
            right,
            up,
            down,
            left,
            exit_column,
            total,
        }
    }

    /// Lật qua đường chéo phụ (đổi vai Đen ↔ Trắng).
    #[inline]
    pub fn reflect(&self, mask: u32) -> u32 {
        let t = &self.reflect_tab;
        t[0][(mask & 0xFF) as usize]
            | t[1][((mask >> 8) & 0xFF) as usize]
            | t[2][((mask >> 16) & 0xFF) as usize]
            | t[3][(mask >> 24) as usize]
    }

    /// Chỉ số của thế cờ chuẩn hóa `(m, o)`.
    ///
    /// Không dùng `count_ones` (không có lệnh POPCNT trên x86-64 cơ bản): ghi
    /// lại các ô của `m` rồi đếm bằng phép so sánh.
    #[inline]
    pub fn index(&self, m: u32, o: u32) -> u32 {
        let mut cells_m = [u32::MAX; 8];
        let mut rank_m = 0u64;
        let mut k = 0usize;
        for c in bits(m) {
            cells_m[k] = c;
            k += 1;
            rank_m += self.binom[c as usize][k];
        }
        let mut rank_o = 0u64;
        let mut j = 0usize;
        for c in bits(o) {
            let below = cells_m[..k].iter().filter(|&&x| x < c).count() as u32;
            j += 1;
            rank_o += self.binom[(c - below) as usize][j];
        }
        (self.offset[k][j] + rank_m * self.width[k][j] + rank_o) as u32
    }

    /// Giải mã chỉ số: thế cờ chuẩn hóa `(m, o)` có chỉ số `i` (dùng để kiểm thử).
    #[cfg(test)]
    pub fn decode(&self, i: u32) -> (u32, u32) {
        let i = i as u64;
        let (mut k, mut j) = (0, 0);
        'find: for kk in (0..=self.k_max).rev() {
            for jj in (0..=self.k_max).rev() {
                if self.offset[kk][jj] <= i {
                    (k, j) = (kk, jj);
                    break 'find;
                }
            }
        }
        let q = i - self.offset[k][j];
        let w = self.width[k][j];
        let m = self.unrank(q / w, k, self.cells);
        let packed = self.unrank(q % w, j, self.cells - k);
        // Trả các ô của `o` về chỗ cũ, bỏ qua các ô của `m`.
        let mut o = 0u32;
        let mut free = bits(!m);
        let mut next_free = 0u32;
        let mut pos = 0u32;
        for b in bits(packed) {
            while pos <= b {
                next_free = free.next().unwrap_or(0);
                pos += 1;
            }
            o |= 1 << next_free;
        }
        (m, o)
    }

    /// Tập `k` phần tử trong `{0, …, limit−1}` có hạng colex `r`.
    #[cfg(test)]
    fn unrank(&self, mut r: u64, k: usize, limit: usize) -> u32 {
        let mut out = 0u32;
        let mut c = limit;
        for i in (1..=k).rev() {
            c -= 1;
            while self.binom[c][i] > r {
                c -= 1;
            }
            r -= self.binom[c][i];
            out |= 1 << c;
        }
        out
    }

    /// Gọi `f(index, m, o)` cho mọi thế cờ chuẩn hóa, theo thứ tự chỉ số tăng dần.
    pub fn for_each(&self, mut f: impl FnMut(u32, u32, u32)) {
        let mut idx = 0u32;
        let full: u32 = ((1u64 << self.cells) - 1) as u32;
        for k in 0..=self.k_max {
            for j in 0..=self.k_max {
                for m in subsets(k, self.cells) {
                    let free: Vec<u32> = bits(full & !m).collect();
                    for packed in subsets(j, self.cells - k) {
                        let mut o = 0u32;
                        for b in bits(packed) {
                            o |= 1 << free[b as usize];
                        }
                        f(idx, m, o);
                        idx += 1;
                    }
                }
            }
        }
    }
}

/// Các tập `k` phần tử của `{0, …, n−1}` (dạng mặt nạ bit) theo thứ tự colex
/// (mẹo của Gosper).
fn subsets(k: usize, n: usize) -> impl Iterator<Item = u32> {
    let limit = 1u64 << n;
    let mut next: Option<u64> = if k <= n { Some((1u64 << k) - 1) } else { None };
    std::iter::from_fn(move || {
        let cur = next?;
        next = if cur == 0 {
            None
        } else {
            let c = cur & cur.wrapping_neg();
            let r = cur + c;
            let nx = (((r ^ cur) >> 2) / c) | r;
            (nx < limit).then_some(nx)
        };
        Some(cur as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_a_bijection() {
        for n in [3, 4] {
            let ix = Indexer::new(n);
            let mut seen = 0u64;
            ix.for_each(|i, m, o| {
                assert_eq!(ix.index(m, o), i);
                assert_eq!(ix.decode(i), (m, o));
                assert_eq!(m & o, 0);
                assert_eq!(ix.reflect(ix.reflect(m)), m);
                seen += 1;
            });
            assert_eq!(seen, ix.total);
        }
    }
}

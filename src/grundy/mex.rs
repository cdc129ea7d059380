//! Hàm `mex` (minimum excludant): số tự nhiên nhỏ nhất *không* có trong một tập.
//!
//! Đây chính là công thức của hàm Grundy: nếu từ X đi được tới X₁, …, Xₙ thì
//! G(X) = mex{G(X₁), …, G(Xₙ)} — số tự nhiên nhỏ nhất khác mọi giá trị của các
//! trạng thái con. Ví dụ trong bài giảng: mex{1, 4, 0, 1} = 2 (0 và 1 đã có,
//! 2 thì chưa).

/// Số tự nhiên nhỏ nhất không nằm trong `values`.
///
/// ```
/// use caytrochoi::grundy::mex;
/// assert_eq!(mex([1, 4, 0, 1]), 2);
/// assert_eq!(mex([]), 0); // không có nước đi nào: G = 0
/// assert_eq!(mex([0, 1, 2]), 3);
/// ```
// ANCHOR: mex
pub fn mex<I: IntoIterator<Item = u32>>(values: I) -> u32 {
    let values: Vec<u32> = values.into_iter().collect();
    // Tập có k phần tử thì mex ≤ k, nên chỉ cần đánh dấu các số 0 … k.
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = seen.get_mut(v as usize) {
            *slot = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}
// ANCHOR_END: mex

/// Bộ nhớ nháp để tính mex thật nhanh trong vòng lặp lớn (không cấp phát lại).
///
/// Mỗi lần tính một mex mới: gọi [`MexScratch::clear`], thêm các giá trị bằng
/// [`MexScratch::insert`], rồi đọc [`MexScratch::mex`]. Bên trong dùng "con
/// dấu" theo lượt nên `clear` chỉ tốn O(1).
#[derive(Debug, Clone, Default)]
pub struct MexScratch {
    stamp: Vec<u32>,
    round: u32,
}

impl MexScratch {
    /// Giá trị lớn hơn ngưỡng này bị bỏ qua: muốn mex vượt ngưỡng phải có hơn
    /// 2²⁴ trạng thái con, điều không xảy ra trong các trò chơi ở đây.
    const CAP: u32 = 1 << 24;

    /// Bộ nháp rỗng.
    pub fn new() -> MexScratch {
        MexScratch::default()
    }

    /// Bắt đầu một tập mới (rỗng).
    pub fn clear(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
    }

    /// Thêm một giá trị vào tập hiện tại.
    pub fn insert(&mut self, v: u32) {
        if v >= Self::CAP {
            return;
        }
        let i = v as usize;
        if i >= self.stamp.len() {
            self.stamp.resize(i + 1, 0);
        }
        self.stamp[i] = self.round;
    }

    /// mex của tập hiện tại.
    pub fn mex(&self) -> u32 {
        self.stamp
            .iter()
            .position(|&s| s != self.round)
            .unwrap_or(self.stamp.len()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lecture_example() {
        assert_eq!(mex([1, 4, 0, 1]), 2);
    }

    #[test]
    fn scratch_agrees_with_mex() {
        let sets: Vec<Vec<u32>> = vec![
            vec![],
            vec![0],
            vec![1],
            vec![1, 4, 0, 1],
            vec![0, 1, 2, 3],
            vec![5, 3, 0, 2, 1],
            vec![u32::MAX, 0],
        ];
        let mut s = MexScratch::new();
        for set in sets {
            s.clear();
            for &v in &set {
                s.insert(v);
            }
            assert_eq!(s.mex(), mex(set.clone()), "{set:?}");
        }
    }
}

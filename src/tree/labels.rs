//! Nhãn tự động A, B, …, Z, AA, AB, … cho các nút không có nhãn.

/// Nhãn thứ `i` (bắt đầu từ 0) trong dãy A, B, …, Z, AA, AB, …, AZ, BA, …
///
/// ```
/// use caytrochoi::tree::labels::nth_label;
/// assert_eq!(nth_label(0), "A");
/// assert_eq!(nth_label(25), "Z");
/// assert_eq!(nth_label(26), "AA");
/// assert_eq!(nth_label(27), "AB");
/// assert_eq!(nth_label(26 + 26 * 26), "AAA");
/// ```
pub fn nth_label(mut i: usize) -> String {
    // Đếm kiểu "cột bảng tính": không có chữ số 0.
    let mut letters = Vec::new();
    loop {
        letters.push((b'A' + (i % 26) as u8) as char);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    letters.iter().rev().collect()
}

/// Sinh lần lượt các nhãn chưa bị dùng.
pub(crate) struct LabelSource<'a> {
    next: usize,
    taken: &'a std::collections::HashSet<String>,
}

impl<'a> LabelSource<'a> {
    pub(crate) fn new(taken: &'a std::collections::HashSet<String>) -> Self {
        LabelSource { next: 0, taken }
    }

    pub(crate) fn next_free(&mut self) -> String {
        loop {
            let candidate = nth_label(self.next);
            self.next += 1;
            if !self.taken.contains(&candidate) {
                return candidate;
            }
        }
    }
}

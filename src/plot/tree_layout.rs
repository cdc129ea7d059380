//! Bố trí cây gọn gàng (kiểu Reingold–Tilford): mỗi cây con được đẩy sát cây con
//! bên trái nhưng không chạm nhau ở bất kỳ mức nào, nút cha nằm giữa con đầu và
//! con cuối. Bề rộng mỗi nút tính từ chữ dài nhất ghi bên cạnh nó, nên chữ không
//! bao giờ chồng lên nhau.

/// Tính hoành độ của các nút.
///
/// `children[v]`: các con (đã vẽ) của nút `v`; `extent[v] = (trái, phải)`: nút
/// `v` chiếm từ `x − trái` đến `x + phải`; `gap`: khoảng trống tối thiểu giữa hai
/// nút cùng mức. Trả về hoành độ của mọi nút, nút bên trái nhất bắt đầu ở 0.
pub(crate) fn tidy_x(
    children: &[Vec<usize>],
    root: usize,
    extent: &[(f64, f64)],
    gap: f64,
) -> Vec<f64> {
    let mut rel = vec![0.0; children.len()];
    place(root, children, extent, gap, &mut rel);
    // Cộng dồn độ lệch từ gốc xuống.
    let mut x = vec![0.0; children.len()];
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        for &c in &children[v] {
            x[c] = x[v] + rel[c];
            stack.push(c);
        }
    }
    let mut reach = vec![false; children.len()];
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        reach[v] = true;
        stack.extend(children[v].iter().copied());
    }
    let left = (0..children.len())
        .filter(|&v| reach[v])
        .map(|v| x[v] - extent[v].0)
        .fold(f64::INFINITY, f64::min);
    for v in x.iter_mut() {
        *v -= left;
    }
    x
}

/// Đặt cây con gốc `v`; trả về đường viền (trái, phải) ở từng mức, tính từ `v`.
fn place(
    v: usize,
    children: &[Vec<usize>],
    extent: &[(f64, f64)],
    gap: f64,
    rel: &mut [f64],
) -> Vec<(f64, f64)> {
    let own = (-extent[v].0, extent[v].1);
    let kids = &children[v];
    if kids.is_empty() {
        return vec![own];
    }
    let mut acc: Vec<(f64, f64)> = Vec::new();
    let mut offsets = Vec::with_capacity(kids.len());
    for &c in kids {
        let contour = place(c, children, extent, gap, rel);
        let shift = if acc.is_empty() {
            0.0
        } else {
            acc.iter()
                .zip(&contour)
                .map(|(a, b)| a.1 + gap - b.0)
                .fold(f64::NEG_INFINITY, f64::max)
        };
        for (l, &(lo, hi)) in contour.iter().enumerate() {
            if l < acc.len() {
                acc[l].0 = acc[l].0.min(lo + shift);
                acc[l].1 = acc[l].1.max(hi + shift);
            } else {
                acc.push((lo + shift, hi + shift));
            }
        }
        offsets.push(shift);
    }
    let centre = (offsets[0] + offsets[offsets.len() - 1]) / 2.0;
    for (&c, &o) in kids.iter().zip(&offsets) {
        rel[c] = o - centre;
    }
    let mut contour = vec![own];
    contour.extend(acc.iter().map(|&(a, b)| (a - centre, b - centre)));
    contour
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn siblings_do_not_overlap_and_parent_is_centred() {
        // 0 → 1, 2, 3; 1 → 4, 5
        let children = vec![vec![1, 2, 3], vec![4, 5], vec![], vec![], vec![], vec![]];
        let ext = vec![(10.0, 10.0); 6];
        let x = tidy_x(&children, 0, &ext, 5.0);
        assert!(x[5] - x[4] >= 25.0 - 1e-9);
        assert!(x[2] - x[1] >= 25.0 - 1e-9);
        assert!((x[1] - (x[4] + x[5]) / 2.0).abs() < 1e-9);
        assert!((x[0] - (x[1] + x[3]) / 2.0).abs() < 1e-9);
        assert!((x[4] - 10.0).abs() < 1e-9);
    }
}

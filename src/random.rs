//! Cây ngẫu nhiên có hạt giống cố định (để thí nghiệm lặp lại được), với bộ
//! sinh số SplitMix64 nhỏ gọn — không cần thư viện ngoài.

use crate::limits::EXPANDED_NODES;
use crate::player::Player;
use crate::tree::{GameTree, RawNode, TreeError};

/// Bộ sinh số giả ngẫu nhiên SplitMix64.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// Bộ sinh với hạt giống `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// Số 64 bit kế tiếp.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Số nguyên đều trong `[lo, hi]`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi - lo + 1) as u64;
        lo + (self.next_u64() % span) as i64
    }
}

/// Cây đều: mọi nút trong có đúng `branching` con, mọi lá ở độ sâu `depth`, giá
/// trị lá là số nguyên ngẫu nhiên trong `[lo, hi]`.
///
/// Nếu `estimates` là `true`, mỗi nút trong mang một giá trị ước lượng "có nhiễu":
/// giá trị minimax thật cộng một sai số ngẫu nhiên nhỏ — giống một hàm lượng giá
/// khá tốt nhưng không hoàn hảo, dùng để thử sắp thứ tự nước đi.
///
/// ```
/// use caytrochoi::random::uniform_tree;
/// let t = uniform_tree(3, 4, 42, -9, 9, false).unwrap();
/// assert_eq!(t.leaf_count(), 81);
/// assert_eq!(t, uniform_tree(3, 4, 42, -9, 9, false).unwrap()); // cùng hạt giống, cùng cây
/// ```
pub fn uniform_tree(
    branching: u32,
    depth: u32,
    seed: u64,
    lo: i64,
    hi: i64,
    estimates: bool,
) -> Result<GameTree, TreeError> {
    if branching == 0 {
        return Err(TreeError::Invalid(
            "số con mỗi nút phải ít nhất là 1".into(),
        ));
    }
    if lo > hi {
        return Err(TreeError::Invalid(format!(
            "khoảng giá trị [{lo}, {hi}] rỗng"
        )));
    }
    let total: f64 = (0..=depth).map(|d| (branching as f64).powi(d as i32)).sum();
    if total > EXPANDED_NODES as f64 {
        return Err(TreeError::TooLarge {
            max: EXPANDED_NODES,
        });
    }
    let mut rng = SplitMix64::new(seed);
    let mut raw: Vec<RawNode> = Vec::with_capacity(total as usize);
    raw.push(blank(None, 0));
    let mut frontier = vec![0usize];
    for d in 0..depth {
        let mut next = Vec::with_capacity(frontier.len() * branching as usize);
        for &p in &frontier {
            for _ in 0..branching {
                let id = raw.len();
                raw.push(blank(Some(p), d + 1));
                raw[p].children.push(id);
                next.push(id);
            }
        }
        frontier = next;
    }
    for &leaf in &frontier {
        raw[leaf].value = Some(rng.range(lo, hi) as f64);
    }
    if estimates {
        add_noisy_estimates(&mut raw, &mut rng, (hi - lo).max(1) / 4 + 1);
    }
    GameTree::from_raw(raw, Player::Max)
}

/// Cây ngẫu nhiên không đều (số con 1…`max_branching`, nhánh dừng sớm ngẫu
/// nhiên), dùng cho kiểm thử tính chất.
pub fn irregular_tree(seed: u64, max_depth: u32, max_branching: u32, lo: i64, hi: i64) -> GameTree {
    let mut rng = SplitMix64::new(seed);
    let mut raw: Vec<RawNode> = vec![blank(None, 0)];
    let mut stack = vec![0usize];
    while let Some(p) = stack.pop() {
        let d = raw[p].depth;
        let stop = d >= max_depth || (d > 0 && rng.range(0, 3) == 0);
        if stop {
            raw[p].value = Some(rng.range(lo, hi) as f64);
            continue;
        }
        let k = rng.range(1, max_branching.max(1) as i64) as usize;
        for _ in 0..k {
            let id = raw.len();
            raw.push(blank(Some(p), d + 1));
            raw[p].children.push(id);
            stack.push(id);
        }
    }
    let root = if rng.range(0, 1) == 0 {
        Player::Max
    } else {
        Player::Min
    };
    GameTree::from_raw(raw, root).expect("cây ngẫu nhiên luôn hợp lệ")
}

fn blank(parent: Option<usize>, depth: u32) -> RawNode {
    RawNode {
        label: None,
        value: None,
        children: Vec::new(),
        parent,
        depth,
        at: None,
        note: None,
        via: None,
    }
}

/// Ước lượng của nút trong = giá trị minimax thật ± nhiễu (gốc MAX ở độ sâu 0).
fn add_noisy_estimates(raw: &mut [RawNode], rng: &mut SplitMix64, noise: i64) {
    // Các nút được tạo theo chiều rộng nên duyệt ngược là từ lá lên gốc.
    let mut exact = vec![0.0f64; raw.len()];
    for i in (0..raw.len()).rev() {
        if raw[i].children.is_empty() {
            exact[i] = raw[i].value.unwrap_or(0.0);
        } else {
            let vals = raw[i].children.iter().map(|&c| exact[c]);
            exact[i] = if raw[i].depth % 2 == 0 {
                vals.fold(f64::NEG_INFINITY, f64::max)
            } else {
                vals.fold(f64::INFINITY, f64::min)
            };
            raw[i].value = Some(exact[i] + rng.range(-noise, noise) as f64);
        }
    }
}

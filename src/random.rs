//! Cây ngẫu nhiên có hạt giống cố định (để thí nghiệm lặp lại được), với bộ
//! sinh số SplitMix64 nhỏ gọn — không cần thư viện ngoài.

use crate::limits::EXPANDED_NODES;
use crate::player::Player;
use crate::tree::{GameTree, NodeId, RawNode, TreeError};
use std::ops::RangeInclusive;

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

/// Cây ngẫu nhiên cho thí nghiệm, kiểm thử và các khối mã của sách: gốc MAX,
/// mọi lá ở độ sâu trong `depth`, mỗi nút trong có số con trong `branching`, giá
/// trị lá là số nguyên trong `leaves`. Cây được dựng
/// theo chiều rộng: nút ở độ sâu `d` (với `d` từ đầu khoảng `depth` trở đi, trước
/// độ sâu lớn nhất) dừng làm lá với xác suất 1/4; số con được rút đều trong
/// `branching`; cuối cùng các lá nhận giá trị theo thứ tự chiều rộng. Khoảng chỉ
/// một giá trị thì không rút số nào, nên `random_tree(s, d..=d, b..=b, …)` là
/// cây đều của [`uniform_tree`]. Muốn gốc MIN: [`GameTree::with_root_player`].
///
/// Bài luyện tập có bộ sinh cây riêng (`practice/tree_gen.rs`): cây của bài phải
/// làm được bằng tay (số lá tối đa, số con của gốc riêng) và có cắt tỉa thật, và
/// mỗi hạt giống in trên một đề phải sinh lại đúng cây ấy, nên dãy số của nó được
/// ghim bằng kiểm thử.
///
/// Cây lớn nhất có thể (nhánh lớn nhất, sâu lớn nhất) quá
/// [`EXPANDED_NODES`] nút thì bị từ chối.
///
/// ```
/// use caytrochoi::random::{random_tree, uniform_tree};
/// let t = random_tree(7, 2..=4, 1..=3, -9..=9).unwrap();
/// assert!((2..=4).contains(&t.height()));
/// assert_eq!(t, random_tree(7, 2..=4, 1..=3, -9..=9).unwrap()); // cùng hạt giống, cùng cây
/// assert_eq!(random_tree(5, 3..=3, 2..=2, 0..=9).unwrap(), uniform_tree(2, 3, 5, 0, 9, false).unwrap());
/// assert!(random_tree(1, 1..=2, 0..=3, 0..=9).is_err());
/// ```
pub fn random_tree(
    seed: u64,
    depth: RangeInclusive<u32>,
    branching: RangeInclusive<u32>,
    leaves: RangeInclusive<i64>,
) -> Result<GameTree, TreeError> {
    grow(&mut SplitMix64::new(seed), depth, branching, leaves)
}

/// Như [`random_tree`], với bộ sinh số cho trước (để rút tiếp sau khi dựng cây).
pub(crate) fn grow(
    rng: &mut SplitMix64,
    depth: RangeInclusive<u32>,
    branching: RangeInclusive<u32>,
    leaves: RangeInclusive<i64>,
) -> Result<GameTree, TreeError> {
    let (&bmin, &bmax) = (branching.start(), branching.end());
    let (&dmin, &dmax) = (depth.start(), depth.end());
    let (&lo, &hi) = (leaves.start(), leaves.end());
    if bmin == 0 {
        return Err(TreeError::Invalid(
            "số con mỗi nút phải ít nhất là 1".into(),
        ));
    }
    if lo > hi {
        return Err(TreeError::Invalid(format!(
            "khoảng giá trị [{lo}, {hi}] rỗng"
        )));
    }
    if bmin > bmax || dmin > dmax {
        return Err(TreeError::Invalid(format!(
            "khoảng rỗng: số con {bmin}…{bmax}, độ sâu {dmin}…{dmax}"
        )));
    }
    let total: f64 = (0..=dmax).map(|d| (bmax as f64).powi(d as i32)).sum();
    if total > EXPANDED_NODES as f64 {
        return Err(TreeError::TooLarge {
            max: EXPANDED_NODES,
        });
    }
    let mut raw: Vec<RawNode> = vec![RawNode::new(None, 0)];
    let mut frontier = vec![0usize];
    for d in 0..dmax {
        let mut next = Vec::new();
        for &p in &frontier {
            if d >= dmin && rng.range(0, 3) == 0 {
                continue;
            }
            let k = if bmin == bmax {
                bmin
            } else {
                rng.range(bmin.into(), bmax.into()) as u32
            };
            for _ in 0..k {
                let id = raw.len();
                raw.push(RawNode::new(Some(p), d + 1));
                raw[p].children.push(id);
                next.push(id);
            }
        }
        frontier = next;
    }
    // Các nút được tạo theo chiều rộng: lá nhận giá trị theo thứ tự ấy.
    for node in raw.iter_mut().filter(|n| n.children.is_empty()) {
        node.value = Some(rng.range(lo, hi) as f64);
    }
    GameTree::from_raw(raw, Player::Max)
}

/// Cây đều: mọi nút trong có đúng `branching` con, mọi lá ở độ sâu `depth`, giá
/// trị lá là số nguyên ngẫu nhiên trong `[lo, hi]` — tức [`random_tree`] với
/// `depth..=depth`, `branching..=branching`, `lo..=hi`.
///
/// Nếu `estimates` là `true`, mỗi nút trong mang một giá trị ước lượng "có nhiễu":
/// giá trị minimax thật cộng một sai số ngẫu nhiên nhỏ — giống một hàm lượng giá
/// khá tốt nhưng không hoàn hảo, dùng để thử sắp thứ tự nước đi
/// ([`with_noisy_estimates`]).
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
    let mut rng = SplitMix64::new(seed);
    let tree = grow(&mut rng, depth..=depth, branching..=branching, lo..=hi)?;
    Ok(if estimates {
        let noise = (hi - lo).max(1) / 4 + 1;
        with_noisy_estimates(&tree, &mut rng, noise, EstimateOrder::BottomUp)
    } else {
        tree
    })
}

/// Thứ tự rút nhiễu cho các nút trong (cùng hạt giống, cùng thứ tự thì cùng cây).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EstimateOrder {
    /// Từ nút sau cùng theo chiều rộng ngược lên gốc ([`uniform_tree`]).
    BottomUp,
    /// Hậu thứ tự: các con (trái sang phải) trước, rồi nút cha (bài luyện tập).
    PostOrder,
}

/// Cây `tree` với ước lượng "có nhiễu" ở mọi nút trong: giá trị minimax thật
/// (từ các lá, theo người đi ở mỗi nút) cộng một số nguyên đều trong
/// `[−noise, noise]`. Hàm duy nhất của thư viện làm việc này.
///
/// ```
/// use caytrochoi::random::{with_noisy_estimates, EstimateOrder, SplitMix64};
/// use caytrochoi::GameTree;
/// let t = GameTree::parse("A(B(D:3, E:5), C(F:2, G:9))").unwrap();
/// let u = with_noisy_estimates(&t, &mut SplitMix64::new(1), 0, EstimateOrder::PostOrder);
/// assert_eq!(u.node(u.find("B").unwrap()).value, Some(3.0)); // nhiễu 0: đúng minimax
/// assert_eq!(u.node(u.root()).value, Some(3.0));
/// ```
pub fn with_noisy_estimates(
    tree: &GameTree,
    rng: &mut SplitMix64,
    noise: i64,
    order: EstimateOrder,
) -> GameTree {
    // Chỉ số theo chiều rộng: con luôn sau cha, nên duyệt ngược là từ lá lên gốc.
    let ids: Vec<NodeId> = tree.node_ids().collect();
    let mut exact = vec![0.0f64; ids.len()];
    for &id in ids.iter().rev() {
        let n = tree.node(id);
        exact[id.index()] = if n.is_leaf() {
            n.value.unwrap_or(0.0)
        } else {
            let vals = n.children.iter().map(|c| exact[c.index()]);
            match tree.player(id) {
                Player::Max => vals.fold(f64::NEG_INFINITY, f64::max),
                Player::Min => vals.fold(f64::INFINITY, f64::min),
            }
        };
    }
    let visit: Vec<NodeId> = match order {
        EstimateOrder::BottomUp => ids.into_iter().rev().collect(),
        EstimateOrder::PostOrder => tree.post_order(tree.root()),
    };
    let mut noisy = tree.clone();
    for id in visit {
        if !tree.node(id).is_leaf() {
            let v = exact[id.index()] + rng.range(-noise, noise) as f64;
            noisy.set_value(id, v);
        }
    }
    noisy
}

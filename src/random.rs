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
/// trị lá là số nguyên trong `leaves`. Cây được dựng theo chiều sâu bằng bộ sinh
/// chung của thư viện (cũng là bộ sinh cây của bài luyện tập): trước hết rút độ
/// cao trong `depth`; rồi ở mỗi nút, từ nút gốc, trái sang phải, nút ở độ sâu
/// `d` (từ đầu khoảng `depth` trở đi, thấp hơn độ cao đã rút) dừng làm lá với
/// xác suất 1/4, nút khác rút số con trong `branching`, lá rút giá trị ngay khi
/// được tạo. Khoảng chỉ một giá trị vẫn rút (ra đúng giá trị ấy), nên
/// `random_tree(s, d..=d, b..=b, …)` là cây đều của [`uniform_tree`]. Muốn gốc
/// MIN: [`GameTree::with_root_player`].
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
    let shape = Shape::checked(depth, branching, leaves)?;
    Ok(grow(&mut SplitMix64::new(seed), &shape, Player::Max).0)
}

/// Hình dạng của một cây ngẫu nhiên, cho [`grow`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Độ cao của cây (gốc ở độ sâu 0), rút một lần cho cả cây.
    pub(crate) depth: RangeInclusive<u32>,
    /// Số con của gốc.
    pub(crate) root_branching: RangeInclusive<u32>,
    /// Số con của các nút trong khác.
    pub(crate) branching: RangeInclusive<u32>,
    /// Giá trị lá: số nguyên trong khoảng này.
    pub(crate) values: RangeInclusive<i64>,
    /// Độ sâu nhỏ nhất của một lá dừng sớm (trước độ cao đã rút); `None`: mọi lá
    /// ở đúng độ cao đã rút.
    pub(crate) early_from: Option<u32>,
}

impl Shape {
    /// Hình dạng của [`random_tree`], sau khi kiểm các khoảng và kích thước lớn
    /// nhất có thể của cây.
    fn checked(
        depth: RangeInclusive<u32>,
        branching: RangeInclusive<u32>,
        leaves: RangeInclusive<i64>,
    ) -> Result<Shape, TreeError> {
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
        Ok(Shape {
            depth,
            root_branching: branching.clone(),
            branching,
            values: leaves,
            early_from: Some(dmin),
        })
    }
}

/// Bộ sinh cây ngẫu nhiên duy nhất của thư viện: một cây hình dạng `shape`, người
/// đi ở gốc `root`, kèm độ cao đã rút (cây thấp hơn độ cao ấy khi mọi nhánh
/// đều dừng sớm).
///
/// Dãy số rút ra là một phần của đầu ra: mỗi hạt giống in trên một đề luyện tập
/// phải sinh lại đúng cây ấy (kiểm thử `practice::digest_tests` ghim nó). Thứ tự
/// rút: độ cao; rồi các nút theo thứ tự trước (nút, rồi các con trái sang phải),
/// mỗi nút rút "dừng sớm không" (chỉ khi được phép ở độ sâu ấy), rồi giá trị
/// (lá) hay số con (nút trong). Khoảng chỉ một giá trị vẫn tốn một số.
pub(crate) fn grow(rng: &mut SplitMix64, shape: &Shape, root: Player) -> (GameTree, u32) {
    let height = draw(rng, &shape.depth);
    let mut raw: Vec<RawNode> = Vec::new();
    // Ngăn xếp (cha, độ sâu) của các nút chưa tạo; các con giống nhau nên thứ tự
    // đẩy không quan trọng, và nút lấy ra trước luôn là con kế tiếp bên trái.
    let mut pending = vec![(None, 0)];
    while let Some((parent, d)) = pending.pop() {
        let id = raw.len();
        raw.push(RawNode::new(parent, d));
        if let Some(p) = parent {
            raw[p].children.push(id);
        }
        if d == height || stops_early(rng, shape, d, height) {
            raw[id].value = Some(rng.range(*shape.values.start(), *shape.values.end()) as f64);
        } else {
            let branching = if d == 0 {
                &shape.root_branching
            } else {
                &shape.branching
            };
            let k = draw(rng, branching);
            pending.extend((0..k).map(|_| (Some(id), d + 1)));
        }
    }
    let tree = GameTree::from_raw(raw, root).expect("mọi lá có giá trị, không nhãn nào trùng");
    (tree, height)
}

/// Nút ở độ sâu `d` dừng làm lá sớm không (xác suất 1/4, chỉ rút khi `shape` cho
/// phép lá dừng sớm ở độ sâu ấy, thấp hơn độ cao `height`).
fn stops_early(rng: &mut SplitMix64, shape: &Shape, d: u32, height: u32) -> bool {
    shape.early_from.is_some_and(|from| d >= from) && d < height && rng.range(0, 3) == 0
}

/// Một số bất kỳ trong khoảng `r` (khoảng một giá trị vẫn tốn một số).
fn draw(rng: &mut SplitMix64, r: &RangeInclusive<u32>) -> u32 {
    rng.range(i64::from(*r.start()), i64::from(*r.end())) as u32
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
    let shape = Shape::checked(depth..=depth, branching..=branching, lo..=hi)?;
    let mut rng = SplitMix64::new(seed);
    let (tree, _) = grow(&mut rng, &shape, Player::Max);
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
            tree.player(id).pick(vals)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_trees_keep_their_documented_shape() {
        for seed in 0..300 {
            let t = random_tree(seed, 2..=4, 1..=3, -5..=5).unwrap();
            assert_eq!(t.root_player(), Player::Max);
            for n in t.nodes() {
                if n.is_leaf() {
                    let v = n.value.unwrap();
                    assert!((2..=4).contains(&n.depth), "{seed}: {t}");
                    assert!((-5.0..=5.0).contains(&v) && v.fract() == 0.0, "{seed}: {t}");
                } else {
                    assert!((1..=3).contains(&n.children.len()), "{seed}: {t}");
                }
            }
        }
    }

    #[test]
    fn every_height_of_the_range_occurs_and_early_leaves_start_at_its_start() {
        let heights: Vec<u32> = (0..300)
            .map(|seed| random_tree(seed, 3..=5, 2..=2, 0..=9).unwrap().height())
            .collect();
        assert!((3..=5).all(|h| heights.contains(&h)));
        let mut early = 0;
        for seed in 0..300 {
            let t = random_tree(seed, 3..=5, 2..=2, 0..=9).unwrap();
            let leaf_depths = t.nodes().iter().filter(|n| n.is_leaf()).map(|n| n.depth);
            assert!(leaf_depths.clone().all(|d| d >= 3), "{seed}: {t}");
            early += leaf_depths.filter(|&d| d < t.height()).count();
        }
        assert!(early > 0);
    }

    #[test]
    fn oversized_or_empty_shapes_are_refused() {
        assert!(matches!(
            random_tree(1, 0..=30, 2..=2, 0..=1),
            Err(TreeError::TooLarge {
                max: EXPANDED_NODES
            })
        ));
        assert!(random_tree(1, RangeInclusive::new(3, 2), 2..=2, 0..=1).is_err());
        assert!(random_tree(1, 2..=2, 2..=2, RangeInclusive::new(1, 0)).is_err());
    }
}

//! Sinh cây trò chơi ngẫu nhiên cho bài luyện tập: nhỏ đủ để làm bằng tay, và
//! được chọn sao cho **cắt tỉa thật sự xảy ra** khi bài hỏi về cắt tỉa.
//!
//! Mỗi cây thử do bộ sinh cây chung của thư viện ([`grow`], cũng dựng
//! [`random_tree`](crate::random::random_tree)) làm ra; ở đây chỉ có phần riêng
//! của bài luyện tập: hình dạng theo mức, và vòng chọn (số lần thử, số lá tối
//! đa, độ cao đúng như đã rút, yêu cầu cắt tỉa). Cùng hạt giống, cùng mức, cùng
//! yêu cầu thì luôn ra cùng một cây (bộ sinh số [`SplitMix64`] không phụ thuộc
//! máy). Nhãn A, B, C, … gán theo chiều rộng.

use crate::player::Player;
use crate::random::{grow, Shape, SplitMix64};
use crate::search::Searcher;
use crate::tree::{leaf, node, GameTree, NodeId};

use super::level::Level;

/// Người đi ở gốc: MAX hay MIN, như nhau.
pub(crate) fn random_root(rng: &mut SplitMix64) -> Player {
    [Player::Max, Player::Min][rng.range(0, 1) as usize]
}

/// Một phần tử bất kỳ của `pool` (không rỗng), hoặc `or` nếu `pool` rỗng.
pub(crate) fn pick<T: Copy>(rng: &mut SplitMix64, pool: &[T], or: T) -> T {
    if pool.is_empty() {
        return or;
    }
    pool[rng.range(0, pool.len() as i64 - 1) as usize]
}

/// Một phần tử của `preferred` nếu `prefer` (và `preferred` không rỗng) hay nếu
/// `other` rỗng, không thì của `other`; `or` nếu cả hai rỗng.
pub(crate) fn pick_preferring<T: Copy>(
    rng: &mut SplitMix64,
    prefer: bool,
    preferred: &[T],
    other: &[T],
    or: T,
) -> T {
    let pool = if (prefer && !preferred.is_empty()) || other.is_empty() {
        preferred
    } else {
        other
    };
    pick(rng, pool, or)
}

/// Một nút trong khác gốc của `tree`, chọn như [`pick_preferring`]: `class` xếp
/// mỗi nút vào nhóm được ưu tiên (`Some(true)`), nhóm kia (`Some(false)`), hay
/// bỏ qua nó (`None`); gốc nếu không nút nào hợp.
pub(crate) fn pick_inner(
    rng: &mut SplitMix64,
    tree: &GameTree,
    prefer: bool,
    class: impl Fn(NodeId) -> Option<bool>,
) -> NodeId {
    let (mut preferred, mut other) = (Vec::new(), Vec::new());
    let inner = tree
        .node_ids()
        .filter(|&id| id != tree.root() && !tree.node(id).is_leaf());
    for id in inner {
        match class(id) {
            Some(true) => preferred.push(id),
            Some(false) => other.push(id),
            None => {}
        }
    }
    pick_preferring(rng, prefer, &preferred, &other, tree.root())
}

/// Hình dạng của cây sinh ra ở một mức.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TreeShape {
    /// Độ sâu, số con, giá trị lá và lá dừng sớm, cho bộ sinh chung.
    pub(crate) tree: Shape,
    /// Số lá tối đa.
    pub(crate) max_leaves: usize,
}

impl TreeShape {
    /// Hình dạng cây của mức `level`.
    pub(crate) fn for_level(level: Level) -> TreeShape {
        // (độ sâu, số con của gốc, số lá tối đa, giá trị lá, lá dừng sớm từ độ sâu)
        let (depth, root_branching, max_leaves, values, early_from) = level.pick([
            (2..=3, 2..=3, 9, 0..=9, None),
            (3..=3, 2..=4, 14, 0..=15, None),
            (4..=5, 2..=4, 22, -9..=9, Some(2)),
        ]);
        TreeShape {
            tree: Shape {
                depth,
                root_branching,
                branching: 2..=3,
                values,
                early_from,
            },
            max_leaves,
        }
    }
}

/// Điều kiện về cắt tỉa mà cây sinh ra phải thỏa.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CutRequirement {
    /// Không đòi hỏi gì.
    Any,
    /// `cat_tia` cắt ít nhất ngần này cây con.
    AtLeast(usize),
    /// Cửa sổ (α, β) cắt được một cây con mà `cat_tia` không cắt (một nhát cắt sâu).
    Deep,
}

impl CutRequirement {
    fn holds(self, tree: &GameTree) -> bool {
        let pruned = |s: Searcher| s.run(tree).map(|r| r.pruned).unwrap_or_default();
        match self {
            CutRequirement::Any => true,
            CutRequirement::AtLeast(n) => pruned(Searcher::cat_tia()).len() >= n,
            CutRequirement::Deep => {
                let shallow = pruned(Searcher::cat_tia());
                !shallow.is_empty()
                    && pruned(Searcher::window())
                        .iter()
                        .any(|p| !shallow.contains(p))
            }
        }
    }
}

/// Một cây ngẫu nhiên của mức `level`, người đi ở gốc `root`, thỏa `want`.
pub(crate) fn practice_tree(
    seed: u64,
    level: Level,
    root: Player,
    want: CutRequirement,
) -> GameTree {
    let mut rng = SplitMix64::new(seed);
    practice_tree_from(&mut rng, &TreeShape::for_level(level), root, want)
}

/// Như [`practice_tree`], với bộ sinh số và hình dạng cho trước: cây đầu tiên
/// của bộ sinh chung có không quá `shape.max_leaves` lá, cao đúng như đã rút và
/// thỏa `want`.
pub(crate) fn practice_tree_from(
    rng: &mut SplitMix64,
    shape: &TreeShape,
    root: Player,
    want: CutRequirement,
) -> GameTree {
    let mut last = None;
    for _ in 0..crate::limits::PRACTICE_TREE_ATTEMPTS {
        let (tree, height) = grow(rng, &shape.tree, root);
        // Lá dừng sớm không được làm cây thấp hơn độ cao đã rút.
        if tree.leaf_count() > shape.max_leaves || tree.height() != height {
            continue;
        }
        if want.holds(&tree) {
            return tree;
        }
        last = Some(tree);
    }
    // Không xảy ra với các hình dạng ở trên; vẫn trả về một cây hợp lệ.
    last.unwrap_or_else(|| {
        GameTree::build(root, node("", [leaf("", 1.0), leaf("", 0.0)]))
            .expect("cây hai lá luôn hợp lệ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_respect_the_level() {
        let hard = TreeShape::for_level(Level::Hard);
        assert_eq!((hard.tree.depth, hard.max_leaves), (4..=5, 22));
        for level in Level::ALL {
            let shape = TreeShape::for_level(level);
            for seed in 0..200 {
                let t = practice_tree(seed, level, Player::Max, CutRequirement::Any);
                assert!(t.leaf_count() <= shape.max_leaves, "{level} {seed}");
                assert!(
                    shape.tree.depth.contains(&t.height()),
                    "{level} {seed}: {t}"
                );
                assert!(t.children(t.root()).len() >= 2);
            }
        }
    }

    #[test]
    fn requirements_are_always_met() {
        for level in Level::ALL {
            for seed in 0..150 {
                for root in [Player::Max, Player::Min] {
                    let t = practice_tree(seed, level, root, CutRequirement::AtLeast(1));
                    assert!(CutRequirement::AtLeast(1).holds(&t), "{level} {seed}: {t}");
                    assert_eq!(t.root_player(), root);
                    assert_eq!(
                        t,
                        practice_tree(seed, level, root, CutRequirement::AtLeast(1))
                    );
                    if level == Level::Hard {
                        let t = practice_tree(seed, level, root, CutRequirement::Deep);
                        assert!(CutRequirement::Deep.holds(&t), "{level} {seed}: {t}");
                    }
                }
            }
        }
    }
}

//! Họ bài **về một cây trò chơi** (chương 2–4): cây, điều bài hỏi
//! ([`TreeAsk`]: giá trị, nước đi tốt nhất, thứ tự lá, giá trị tạm, tính trước
//! vài nước, cây con bị cắt, số lá), đề, cách trả lời, đáp án, bộ chấm, lời
//! giải và hình. Bộ chấm từng câu hỏi ở `tree_value`, `tree_order`,
//! `tree_temps`, `tree_prune`.

use super::answer::Answer;
use super::check::Graded;
use super::error::PracticeError;
use super::expected::{list, Expected};
use super::family::{info, Asks, Family, KindInfo};
use super::level::{Level, Topic};
use super::solution::drawn;
use super::tree_explain::{
    evaluated_leaves, kind as node_kind, named_node, run, tree_head, value_at,
};
use super::tree_gen::{pick_inner, practice_tree_from, random_root, CutRequirement, TreeShape};
use super::Problem;
use super::{tree_order, tree_prune, tree_temps, tree_value};
use crate::plot::{Figure, PlotError, TreeDiagram};
use crate::random::{with_noisy_estimates, EstimateOrder, SplitMix64};
use crate::search::{Algorithm, Searcher};
use crate::tree::{leaf, node, GameTree, NodeId, Spec};
use crate::value::fmt_value;

/// Thuật toán cắt tỉa mà bài "cây con bị cắt" hỏi (vét cạn không cắt gì, nên
/// không có ở đây).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pruning {
    /// Hàm `cat_tia` một cận của bài giảng.
    CatTia,
    /// Cửa sổ (α, β): `blue_value`/`red_value`.
    Window,
}

impl Pruning {
    /// Thuật toán ứng với cách cắt tỉa này.
    pub fn algorithm(self) -> Algorithm {
        match self {
            Pruning::CatTia => Algorithm::CatTia,
            Pruning::Window => Algorithm::Window,
        }
    }

    /// Cả hai cách cắt tỉa, theo thứ tự của giáo trình.
    pub const ALL: [Pruning; 2] = [Pruning::CatTia, Pruning::Window];
}

/// Điều bài về cây hỏi (dạng bài [`Kind::Tree`](super::Kind::Tree)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TreeAsk {
    /// Giá trị của gốc (vét cạn).
    RootValue,
    /// Nước đi tốt nhất từ gốc.
    BestMove,
    /// Các lá được định trị, theo thứ tự.
    LeafOrder(Algorithm),
    /// Dãy giá trị tạm của một nút.
    Temps(Algorithm),
    /// Giá trị của gốc khi chỉ tính trước vài nước (ước lượng ở độ sâu giới hạn).
    DepthLimited,
    /// Các cây con bị cắt tỉa.
    Pruned(Pruning),
    /// Số lá được định trị.
    LeafCount(Algorithm),
}

impl TreeAsk {
    /// Thuật toán mà bài dùng (vét cạn nếu bài không nói thuật toán nào).
    fn algorithm(self) -> Algorithm {
        match self {
            TreeAsk::RootValue | TreeAsk::BestMove | TreeAsk::DepthLimited => Algorithm::Minimax,
            TreeAsk::LeafOrder(a) | TreeAsk::Temps(a) | TreeAsk::LeafCount(a) => a,
            TreeAsk::Pruned(p) => p.algorithm(),
        }
    }
}

/// Một bài về cây.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TreeProblem {
    pub(crate) tree: GameTree,
    pub(crate) ask: TreeAsk,
    /// Nút được hỏi: nút của bài giá trị tạm, gốc ở mọi dạng khác.
    node: NodeId,
    /// Số nước tính trước: `Some` đúng ở bài tính trước vài nước.
    horizon: Option<u32>,
}

/// Cách vẽ cây của đề: tiêu đề và chữ thay giá trị ở các nút mang ước lượng.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TreeDiagramSpec {
    /// Tiêu đề hình.
    pub(crate) title: String,
    /// (nhãn, chữ) ghi dưới các nút mang ước lượng, ví dụ `≈3`.
    pub(crate) leaf_texts: Vec<(String, String)>,
}

impl TreeDiagramSpec {
    /// Sơ đồ của cây `shown` (cây của đề) theo cách vẽ này.
    pub(crate) fn diagram<'a>(&self, shown: &'a GameTree) -> TreeDiagram<'a> {
        let mut d = TreeDiagram::new(shown).title(&self.title);
        for (label, text) in &self.leaf_texts {
            d = d.leaf_text(label, text);
        }
        d
    }
}

/// Bài cho sẵn và những gì đọc được của một bài về cây.
impl Problem {
    /// Một bài về cây cho sẵn (bài tập cố định của sách, notebook). `node`: nút
    /// được hỏi (chỉ dạng [`TreeAsk::Temps`]); `depth`: tính trước bấy nhiêu
    /// nước (chỉ dạng [`TreeAsk::DepthLimited`], mặc định 1).
    pub fn on_tree(
        tree: GameTree,
        ask: TreeAsk,
        node: Option<&str>,
        depth: Option<u32>,
    ) -> Result<Problem, PracticeError> {
        let node = match (ask, node) {
            (TreeAsk::Temps(_), Some(label)) => named_node(&tree, label)?,
            (TreeAsk::Temps(_), None) => {
                return Err(PracticeError::Unsupported(
                    "bài giá trị tạm cần tên một nút".into(),
                ))
            }
            _ => tree.root(),
        };
        let horizon = (ask == TreeAsk::DepthLimited).then(|| depth.unwrap_or(1).max(1));
        Ok(Problem::given(TreeProblem {
            tree,
            ask,
            node,
            horizon,
        }))
    }

    /// Cây của bài (bài về cây).
    pub fn tree(&self) -> Option<&GameTree> {
        self.family_as::<TreeProblem>().map(|t| &t.tree)
    }

    /// Sơ đồ cây của đề (chưa có lời giải), để vẽ hoặc để biết vị trí các cạnh.
    pub(crate) fn tree_diagram(&self) -> Option<(GameTree, TreeDiagramSpec)> {
        self.family_as::<TreeProblem>().map(TreeProblem::diagram)
    }
}

impl TreeProblem {
    /// Cây mà sinh viên thấy (cắt ở độ sâu tính trước, nếu có).
    fn shown(&self) -> GameTree {
        match self.horizon {
            Some(d) => truncated(&self.tree, d),
            None => self.tree.clone(),
        }
    }

    /// Sơ đồ cây của đề (chưa có lời giải).
    pub(crate) fn diagram(&self) -> (GameTree, TreeDiagramSpec) {
        let tree = &self.tree;
        // Các nút trong ở độ sâu tính trước (không có: không nút nào) mang ước lượng.
        let horizon = self.horizon.unwrap_or(u32::MAX);
        let leaf_texts = tree
            .nodes()
            .iter()
            .filter(|n| n.depth == horizon && !n.is_leaf())
            .map(|n| {
                let v = fmt_value(n.value.unwrap_or(0.0));
                (n.label.clone(), format!("≈{v}"))
            })
            .collect();
        let (root, player) = (tree.label(tree.root()), tree.root_player());
        let title = format!("Gốc {root} là nút {player}");
        (self.shown(), TreeDiagramSpec { title, leaf_texts })
    }

    /// Ví dụ cách ghi một dãy lá: ba lá cuối của cây (từ trái sang phải, như
    /// vét cạn định trị), theo thứ tự ngược — là lá thật của cây nhưng không
    /// phải thứ tự định trị nào.
    fn leaf_example(&self) -> String {
        let leaves = evaluated_leaves(&run(&self.tree, Algorithm::Minimax).trace);
        list(leaves.iter().rev().take(3))
    }
}

impl Asks for TreeProblem {
    type Ask = TreeAsk;

    fn asks() -> Vec<(TreeAsk, KindInfo)> {
        use TreeAsk::*;
        // Một dạng cho mỗi thuật toán: vét cạn ở chương `first`, cắt tỉa ở chương 4.
        let each = |ask: fn(Algorithm) -> TreeAsk, code: &str, name: &str, first| {
            Algorithm::ALL.map(|a| {
                let later = a != Algorithm::Minimax;
                let topic = if later { Topic::AlphaBeta } else { first };
                let name = format!("{name} ({})", a.kind_name());
                info(ask(a), format!("{code}{}", a.kind_suffix()), name, topic)
            })
        };
        let pruned = Pruning::ALL.into_iter().zip(["cat-tia", "cua-so"]);
        let pruned = pruned.map(|(p, code)| {
            let name = format!("các cây con bị cắt ({})", p.algorithm().kind_name());
            info(Pruned(p), code, name, Topic::AlphaBeta)
        });
        let (order, temps) = ("thứ tự định trị các lá", "giá trị tạm của một nút");
        let depth = "tính trước vài nước với hàm lượng giá";
        let count = "số lá được định trị";
        let mut v = vec![
            info(RootValue, "gia-tri", "giá trị của gốc", Topic::GameTree),
            info(BestMove, "nuoc-di", "nước đi tốt nhất", Topic::GameTree),
        ];
        v.extend(each(LeafOrder, "thu-tu-la", order, Topic::GameTree));
        v.extend(each(Temps, "gia-tri-tam", temps, Topic::Minimax));
        v.push(info(DepthLimited, "tinh-truoc", depth, Topic::Minimax));
        v.extend(pruned);
        v.extend(each(LeafCount, "so-la", count, Topic::AlphaBeta));
        v
    }

    fn in_topic(topic: Topic, level: Level) -> Vec<TreeAsk> {
        use Algorithm::*;
        use TreeAsk::*;
        match topic {
            Topic::Backtracking => vec![RootValue],
            Topic::GameTree => vec![RootValue, BestMove, LeafOrder(Minimax)],
            Topic::Minimax if level == Level::Easy => vec![RootValue, Temps(Minimax), BestMove],
            Topic::Minimax => vec![RootValue, Temps(Minimax), BestMove, DepthLimited],
            Topic::AlphaBeta => vec![
                Pruned(Pruning::CatTia),
                Pruned(Pruning::Window),
                LeafCount(CatTia),
                LeafCount(Window),
                Temps(CatTia),
                LeafOrder(Window),
            ],
            Topic::Grundy | Topic::Dodgem | Topic::Search => Vec::new(),
        }
    }

    fn generate(ask: TreeAsk, level: Level, rng: &mut SplitMix64) -> TreeProblem {
        use CutRequirement::*;
        let many = AtLeast(if level == Level::Easy { 1 } else { 2 });
        let want = match ask {
            TreeAsk::RootValue | TreeAsk::BestMove | TreeAsk::DepthLimited => Any,
            TreeAsk::LeafOrder(Algorithm::Minimax) | TreeAsk::Temps(Algorithm::Minimax) => Any,
            TreeAsk::Pruned(Pruning::Window) if level == Level::Hard => Deep,
            TreeAsk::LeafOrder(_) | TreeAsk::Temps(_) | TreeAsk::Pruned(_) => many,
            TreeAsk::LeafCount(_) => many,
        };
        let root = random_root(rng);
        let mut shape = TreeShape::for_level(level);
        let horizon = (ask == TreeAsk::DepthLimited).then_some(level.pick([1, 2, 3]));
        if let Some(h) = horizon {
            // Sinh viên chỉ thấy cây đến độ sâu giới hạn, nên cây đầy đủ sâu hơn
            // một mức; biên (các nút mang ước lượng) giữ nhỏ.
            shape.tree.depth = h + 1..=h + 1;
            shape.tree.early_from = None;
            shape.max_leaves = 64;
            shape.tree.root_branching = 2..=3;
            shape.tree.branching = if level == Level::Hard { 2..=2 } else { 2..=3 };
        }
        let mut tree = practice_tree_from(rng, &shape, root, want);
        if horizon.is_some() {
            tree = with_noisy_estimates(&tree, rng, 3, EstimateOrder::PostOrder);
        }
        let node = match ask {
            TreeAsk::Temps(a) => temps_node(&tree, a, rng),
            _ => tree.root(),
        };
        TreeProblem {
            tree,
            ask,
            node,
            horizon,
        }
    }

    fn ask(&self) -> TreeAsk {
        self.ask
    }
}

impl Family for TreeProblem {
    fn statement(&self) -> String {
        let tree = &self.tree;
        let (root, player) = (tree.label(tree.root()), tree.root_player());
        let head = tree_head(tree, &self.shown().to_text());
        // Mọi dạng có thuật toán riêng mở đầu bằng cùng một câu.
        let by = format!("Định trị cây bằng {}.", self.ask.algorithm().phrase());
        let ask = match self.ask {
            TreeAsk::RootValue => {
                format!("Định trị cây bằng vét cạn: giá trị của gốc {root} là bao nhiêu?")
            }
            TreeAsk::BestMove => format!(
                "Người đi ở gốc ({player}) nên đi nước nào? Trả lời bằng nhãn một con của {root}."
            ),
            TreeAsk::LeafOrder(_) => {
                format!("{by} Ghi các nút lá được định trị, đúng thứ tự chúng được xét.")
            }
            TreeAsk::Temps(_) => {
                let (label, kind) = (tree.label(self.node), node_kind(tree.player(self.node)));
                format!(
                    "{by} Ghi các giá trị tạm của nút {label} ({kind}) từ trên xuống, như bài \
                     giảng ghi bên trái mỗi nút."
                )
            }
            TreeAsk::DepthLimited => {
                let d = self.horizon.unwrap_or(1);
                format!(
                    "Không đi được tới lá, nên chỉ tính trước {d} nước: các số ở độ sâu {d} là \
                     giá trị ước lượng của hàm lượng giá (ghi ≈ trên hình). Giá trị của gốc \
                     {root} là bao nhiêu?"
                )
            }
            TreeAsk::Pruned(_) => {
                format!("{by} Những cây con nào bị cắt tỉa? Gọi mỗi cây con bằng nhãn gốc của nó.")
            }
            TreeAsk::LeafCount(_) => format!(
                "{by} Bao nhiêu nút lá được định trị (cây có {} lá)?",
                tree.leaf_count()
            ),
        };
        format!("{head}). {ask}")
    }

    fn how_to_answer(&self) -> String {
        match self.ask {
            TreeAsk::RootValue | TreeAsk::DepthLimited => "Ghi một số, ví dụ `5`.".into(),
            TreeAsk::LeafCount(_) => "Ghi một số tự nhiên, ví dụ `6`.".into(),
            TreeAsk::BestMove => "Ghi nhãn của một con của gốc, ví dụ `B`.".into(),
            TreeAsk::LeafOrder(_) => format!(
                "Ghi nhãn các lá theo thứ tự, cách nhau bởi dấu phẩy, ví dụ `{}`.",
                self.leaf_example()
            ),
            TreeAsk::Temps(..) => "Ghi các giá trị tạm cách nhau bởi dấu phẩy, ví dụ `∞, Min(∞, 3) = 3` \
                               (hoặc chỉ `∞, 3`; viết `inf` thay cho ∞ cũng được). Nút không có giá \
                               trị tạm: ghi `không`."
                .into(),
            TreeAsk::Pruned(_) => "Ghi nhãn gốc các cây con bị cắt, cách nhau bởi dấu phẩy, ví dụ \
                                `F, H`; không nhánh nào bị cắt thì ghi `không`."
                .into(),
        }
    }

    fn expected(&self) -> Expected {
        let tree = &self.tree;
        match self.ask {
            TreeAsk::RootValue | TreeAsk::DepthLimited => {
                Expected::Number(value_at(tree, tree.root(), self.horizon))
            }
            TreeAsk::BestMove => Expected::AnyOf(tree_value::best_moves(tree)),
            TreeAsk::LeafOrder(a) => Expected::Sequence(evaluated_leaves(&run(tree, a).trace)),
            TreeAsk::Temps(a) => Expected::Sequence(tree_temps::expected_text(tree, a, self.node)),
            TreeAsk::Pruned(v) => Expected::Set(run(tree, v.algorithm()).pruned),
            TreeAsk::LeafCount(a) => {
                Expected::Number(evaluated_leaves(&run(tree, a).trace).len() as f64)
            }
        }
    }

    fn check(&self, a: &Answer) -> Graded {
        let tree = &self.tree;
        match self.ask {
            TreeAsk::RootValue | TreeAsk::DepthLimited => {
                tree_value::grade_value(tree, self.horizon, a)
            }
            TreeAsk::BestMove => tree_value::grade_best_move(tree, a),
            TreeAsk::LeafOrder(alg) => tree_order::grade_leaf_order(tree, alg, a),
            TreeAsk::Temps(alg) => tree_temps::grade_temps(tree, alg, self.node, a),
            TreeAsk::Pruned(v) => tree_prune::grade_pruned(tree, v.algorithm(), a),
            TreeAsk::LeafCount(alg) => tree_prune::grade_leaf_count(tree, alg, a),
        }
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let tree = &self.tree;
        // Thuật toán mà bài hỏi, dừng ở độ sâu tính trước nếu có.
        let searcher = Searcher::new(self.ask.algorithm()).trace();
        let searcher = match self.horizon {
            Some(d) => searcher.depth(d),
            None => searcher,
        };
        match searcher.run(tree) {
            Ok(r) => {
                let steps = r.trace.as_ref().map(|t| t.walk_lines()).unwrap_or_default();
                let fig = drawn(|| TreeDiagram::new(tree).result(&r).temp_values(true).draw());
                (steps, fig)
            }
            Err(e) => (vec![e.to_string()], None),
        }
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        let (shown, spec) = self.diagram();
        Ok(Some(spec.diagram(&shown).draw()?))
    }

    fn key_data(&self) -> String {
        let tree = &self.tree;
        let node = match self.ask {
            TreeAsk::Temps(_) => Some(tree.label(self.node)),
            _ => None,
        };
        let (player, depth) = (tree.root_player(), self.horizon);
        format!("{player}|{}|{node:?}|{depth:?}", tree.to_text())
    }
}

/// Cây cắt ở độ sâu `depth`: nút ở độ sâu đó thành lá mang ước lượng của nó.
fn truncated(tree: &GameTree, depth: u32) -> GameTree {
    fn spec(t: &GameTree, id: NodeId, depth: u32) -> Spec {
        let n = t.node(id);
        if n.is_leaf() || n.depth >= depth {
            return leaf(&n.label, n.value.unwrap_or(0.0));
        }
        node(&n.label, n.children.iter().map(|&c| spec(t, c, depth)))
    }
    let s = spec(tree, tree.root(), depth);
    GameTree::build(tree.root_player(), s).unwrap_or_else(|_| tree.clone())
}

/// Nút được hỏi giá trị tạm: một nút trong (không phải gốc) được xét và có ít
/// nhất hai lần cập nhật; với cắt tỉa, ưu tiên nút dừng sớm.
fn temps_node(tree: &GameTree, algorithm: Algorithm, rng: &mut SplitMix64) -> NodeId {
    let r = run(tree, algorithm);
    let replay = r.trace.replay();
    let prefer_cut = algorithm != Algorithm::Minimax && rng.range(0, 3) > 0;
    pick_inner(rng, tree, prefer_cut, |id| {
        let s = &replay.nodes[r.trace.find(tree.label(id))?];
        (s.temps.len() >= 3).then_some(s.cut.is_some())
    })
}

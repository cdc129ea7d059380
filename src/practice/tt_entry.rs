//! Họ bài **bảng chuyển vị ghi gì** (chương 7): sau một lần negamax
//! alpha-beta có bảng chuyển vị ([`negamax_tt`]) từ gốc, mục của một nút ghi giá
//! trị nào (theo người đến lượt), loại gì (giá trị đúng, cận dưới, cận trên) và
//! nước tốt nhất nào. Đáp án do [`entry_after_search`] tính.
//!
//! ```
//! use caytrochoi::practice::{MistakeKind, Problem};
//! use caytrochoi::GameTree;
//! let cay = GameTree::parse("A(B(D:3, E:5), C(F:2, G:9))").unwrap();
//! let bai = Problem::tt_entry(cay, 2, "C").unwrap();
//! assert_eq!(bai.answer_text(), "-2, cận dưới, F");
//! assert!(bai.grade("-2, giá trị đúng, F", 0).has(MistakeKind::BoundKind));
//! assert!(bai.grade("2, cận dưới, F", 0).has(MistakeKind::SignFlipped));
//! assert!(bai.grade("-2, can duoi, F", 0).ok());
//! ```

use super::answer::{fold, parse_number, Answer};
use super::check::{Check, Graded, Unreadable};
use super::error::PracticeError;
use super::expected::{list, Expected};
use super::family::{Family, OneAsk};
use super::feedback::{Mistake, MistakeKind};
use super::level::{Level, Topic};
use super::tree_explain::{inner_node, resolve, same, searched_figure, tree_figure, tree_head};
use super::tree_gen::{pick_inner, practice_tree_from, random_root, CutRequirement, TreeShape};
use super::Problem;
use crate::limits::TT_DEFAULT_ENTRIES;
use crate::player::Player;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;
use crate::search::{
    color, entry_after_search, negamax_tt, Bound, Cut, Entry, EntryKind, Observer, Searcher,
    TranspositionTable,
};
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;

/// Dữ liệu của bài: cây, độ sâu tìm kiếm, nút được hỏi.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TtEntry {
    tree: GameTree,
    depth: u32,
    node: NodeId,
}

/// Điều một lần tìm kiếm cho biết về nút được hỏi: cửa sổ nó nhận (theo MAX,
/// như mọi người quan sát) và phép cắt ở nó, nếu có.
struct AtNode {
    node: NodeId,
    window: Option<Bound>,
    cut: Option<Cut>,
}

impl Observer<GameTree> for AtNode {
    fn visit(&mut self, n: &NodeId, _: Player, bound: Bound) -> Result<(), crate::SearchError> {
        if *n == self.node && self.window.is_none() {
            self.window = Some(bound);
        }
        Ok(())
    }
    fn cut(&mut self, n: &NodeId, cut: Cut) {
        if *n == self.node {
            self.cut = Some(cut);
        }
    }
}

/// Mục của nút `node` sau một lần tìm từ gốc (do thư viện tính).
fn entry_of(tree: &GameTree, depth: u32, node: NodeId) -> Option<Entry<NodeId>> {
    entry_after_search(tree, &tree.root(), depth, &node)
        .ok()
        .flatten()
}

/// Đọc loại mục: "giá trị đúng", "cận dưới", "cận trên" (không dấu cũng được).
fn parse_kind(text: &str) -> Option<EntryKind> {
    let t = fold(text);
    let words = [
        (EntryKind::Lower, "duoi", "lower"),
        (EntryKind::Upper, "tren", "upper"),
        (EntryKind::Exact, "dung", "exact"),
    ];
    let (kind, ..) = words
        .into_iter()
        .find(|(_, vi, en)| t.contains(vi) || t.contains(en))?;
    Some(kind)
}

impl TtEntry {
    fn name(&self) -> &str {
        self.tree.label(self.node)
    }

    fn entry(&self) -> Option<Entry<NodeId>> {
        entry_of(&self.tree, self.depth, self.node)
    }

    /// Cửa sổ mà nút nhận và phép cắt ở nó, trong cùng lần tìm kiếm.
    fn at_node(&self) -> AtNode {
        let mut obs = AtNode {
            node: self.node,
            window: None,
            cut: None,
        };
        if let Ok(mut table) = TranspositionTable::new(TT_DEFAULT_ENTRIES) {
            let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
            let root = self.tree.root();
            let _ = negamax_tt(&self.tree, &root, self.depth, lo, hi, &mut table, &mut obs);
        }
        obs
    }

    /// Vì sao mục có loại ấy: cửa sổ, có cắt hay không, so giá trị với cửa sổ.
    fn why_kind(&self, e: &Entry<NodeId>) -> String {
        let at = self.at_node();
        let (name, mover) = (self.name(), self.tree.player(self.node));
        // Cửa sổ (α, β) theo người đến lượt ở nút (negamax).
        let (a, b) = match at.window {
            Some(Bound::Window { alpha, beta }) if mover == Player::Max => (alpha, beta),
            Some(Bound::Window { alpha, beta }) => (-beta, -alpha),
            _ => (f64::NEG_INFINITY, f64::INFINITY),
        };
        let window = format!("({}, {})", fmt_value(a), fmt_value(b));
        let v = fmt_value(e.value);
        let cut = match at.cut {
            Some(_) => format!(
                "α ≥ β sau khi xét {}: các con còn lại bị cắt",
                self.best_text(e)
            ),
            None => "không lần nào α ≥ β: mọi con đều được xét".to_string(),
        };
        let verdict = match e.kind {
            EntryKind::Lower => format!("{v} ≥ β, nên giá trị thật ≥ {v}: cận dưới"),
            EntryKind::Upper => {
                format!("{v} ≤ α, không con nào vượt được α, nên giá trị thật ≤ {v}: cận trên")
            }
            EntryKind::Exact => format!("{v} nằm giữa α và β: giá trị đúng"),
        };
        format!(
            "{name} ({mover} đi) nhận cửa sổ {window} theo người đến lượt ở {name}; {cut}; \
             giá trị khi thoát ra là {v}, và {verdict}."
        )
    }

    fn best_text(&self, e: &Entry<NodeId>) -> String {
        e.best
            .map_or("không".to_string(), |b| self.tree.label(b).to_string())
    }
}

impl Problem {
    /// Bài "mục của nút `label` trong bảng chuyển vị" sau một lần negamax
    /// alpha-beta có bảng từ gốc với độ sâu `depth` (chương 7). Lỗi nếu không có
    /// nút ấy, nút ấy là lá, hay nút ấy không có mục (không được xét).
    pub fn tt_entry(tree: GameTree, depth: u32, label: &str) -> Result<Problem, PracticeError> {
        let node = inner_node(&tree, label)?;
        if depth == 0 || depth > tree.height() {
            return Err(PracticeError::Invalid(format!(
                "Độ sâu {depth} không hợp: chọn từ 1 đến {} (chiều cao của cây).",
                tree.height()
            )));
        }
        if entry_of(&tree, depth, node).is_none() {
            return Err(PracticeError::Invalid(format!(
                "{} không có mục trong bảng sau lần tìm này (không được xét, hoặc ở độ sâu giới hạn).",
                tree.label(node)
            )));
        }
        Ok(Problem::given(TtEntry { tree, depth, node }))
    }
}

impl OneAsk for TtEntry {
    const NAMES: (&'static str, &'static str, Topic) =
        ("bang-chuyen-vi", "mục của bảng chuyển vị", Topic::Search);

    /// Một bài mới: cây của mức (có cắt tỉa từ mức vừa), tìm hết độ sâu của cây;
    /// nút được hỏi là một nút trong khác gốc có mục trong bảng — từ mức vừa,
    /// thường là một mục "cận".
    fn random(rng: &mut SplitMix64, level: Level) -> TtEntry {
        let root = random_root(rng);
        let want = match level {
            Level::Easy => CutRequirement::Any,
            _ => CutRequirement::AtLeast(1),
        };
        let tree = practice_tree_from(rng, &TreeShape::for_level(level), root, want);
        let depth = tree.height();
        let prefer_bound = match level {
            Level::Easy => rng.range(0, 1) == 0,
            _ => rng.range(0, 3) > 0,
        };
        let node = pick_inner(rng, &tree, prefer_bound, |id| {
            entry_of(&tree, depth, id).map(|e| e.kind != EntryKind::Exact)
        });
        TtEntry { tree, depth, node }
    }
}

impl Family for TtEntry {
    fn statement(&self) -> String {
        let (name, depth) = (self.name(), self.depth);
        let head = tree_head(&self.tree, &self.tree.to_text());
        format!(
            "{head}; số ở lá là giá trị theo MAX; con xét từ trái sang phải). Chạy negamax \
             alpha-beta có bảng chuyển vị từ gốc với độ sâu {depth} và cửa sổ (−∞, +∞), bảng ban \
             đầu rỗng. Mục của nút {name} trong bảng ghi gì: giá trị (theo người đến lượt ở \
             {name}), loại mục, nước tốt nhất?"
        )
    }

    fn how_to_answer(&self) -> String {
        "Ghi giá trị, loại mục (`giá trị đúng`, `cận dưới` hoặc `cận trên`) và nước tốt nhất \
         (nhãn một con), cách nhau bởi dấu phẩy, ví dụ `-3, cận trên, D`."
            .into()
    }

    fn expected(&self) -> Expected {
        match self.entry() {
            Some(e) => Expected::Sequence(vec![
                fmt_value(e.value),
                e.kind.name_vi().to_string(),
                self.best_text(&e),
            ]),
            None => Expected::Set(Vec::new()),
        }
    }

    fn check(&self, answer: &Answer) -> Graded {
        let [value, kind, best] = answer.items() else {
            return Err(Unreadable(
                "cần ba phần cách nhau bởi dấu phẩy: giá trị, loại mục, nước tốt nhất".into(),
            ));
        };
        let Some(x) = parse_number(value) else {
            return Err(Unreadable(format!(
                "`{value}` không phải một số (giá trị của mục)"
            )));
        };
        let Some(k) = parse_kind(kind) else {
            return Err(Unreadable(format!(
                "`{kind}` không phải một loại mục (`giá trị đúng`, `cận dưới`, `cận trên`)"
            )));
        };
        let Some(e) = self.entry() else {
            return Err(Unreadable(format!(
                "nút {} không có mục trong bảng",
                self.name()
            )));
        };
        let (t, name) = (&self.tree, self.name());
        let mover = t.player(self.node);
        let (v, as_max) = (fmt_value(e.value), fmt_value(e.value * color(mover)));
        let best = resolve(t, best);
        let why = self.why_kind(&e);
        let mut mistakes = Vec::new();
        if same(x, -e.value) && !same(x, e.value) {
            mistakes.push(Mistake::new(
                MistakeKind::SignFlipped,
                format!(
                    "Ngược dấu: bảng ghi giá trị theo người đến lượt ở {name} (như negamax), \
                     không theo MAX."
                ),
                format!(
                    "Người đến lượt ở {name} là {mover}: theo MAX là {as_max}, nên bảng ghi {v}."
                ),
            ));
        } else if !same(x, e.value) {
            mistakes.push(Mistake::new(
                MistakeKind::WrongValue,
                format!(
                    "Giá trị chưa đúng: bảng ghi giá trị của {name} khi thoát ra — max của \
                     các con đã xét (đổi dấu), kể cả khi {name} dừng sớm vì bị cắt."
                ),
                why.clone(),
            ));
        }
        if k != e.kind {
            mistakes.push(Mistake::new(
                MistakeKind::BoundKind,
                format!(
                    "Loại mục chưa đúng: so giá trị của {name} với cửa sổ (α, β) mà {name} nhận \
                     được — ≥ β (bị cắt) là cận dưới, ≤ α là cận trên, ở giữa là giá trị đúng."
                ),
                why.clone(),
            ));
        }
        if best != e.best {
            let (shown, right) = (best.map_or("?", |b| t.label(b)), self.best_text(&e));
            let children = t.children(self.node);
            let (kind, detail) = if best.is_some_and(|b| children.contains(&b)) {
                let detail = format!(
                    "Con cho giá trị ghi trong mục là {right} (con đầu tiên đạt max của các con đã \
                     xét, đổi dấu); {shown} không phải."
                );
                (MistakeKind::NotBestMove, detail)
            } else {
                let labels = list(children.iter().map(|&c| t.label(c)));
                let detail =
                    format!("`{shown}` không phải một con của {name}: các con là {labels}.");
                (MistakeKind::NotAChild, detail)
            };
            let hint =
                format!("Nước tốt nhất chưa đúng: bảng ghi con của {name} đã cho giá trị ghi.");
            mistakes.push(Mistake::new(kind, hint, detail));
        }
        if mistakes.is_empty() {
            return Check::right(why);
        }
        Check::mistakes(mistakes)
    }

    /// Các bước: lần tìm kiếm (vết negamax của mỗi nút), rồi cửa sổ và loại mục.
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let Some(e) = self.entry() else {
            return (
                vec![format!("{} không có mục trong bảng.", self.name())],
                None,
            );
        };
        let (t, name, depth) = (&self.tree, self.name(), self.depth);
        let (root, mover) = (t.label(t.root()), t.player(self.node));
        let (v, as_max) = (fmt_value(e.value), fmt_value(e.value * color(mover)));
        let (kind, best) = (e.kind.name_vi(), self.best_text(&e));
        let steps = vec![
            format!(
                "Negamax alpha-beta từ gốc {root}, độ sâu {depth}: con của một nút nhận cửa sổ \
                 (−β, −α) của nút ấy."
            ),
            self.why_kind(&e),
            format!("Theo MAX, giá trị ghi là {as_max} (người đến lượt ở {name} là {mover})."),
            format!("Mục của {name}: giá trị {v}, {kind}, nước tốt nhất {best}."),
        ];
        let title = format!("Cắt tỉa với cửa sổ (α, β); hỏi mục của {name}");
        (steps, searched_figure(t, &title, Searcher::window()))
    }

    /// Hình của đề: cây.
    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        let title = format!("Mục của {} trong bảng chuyển vị?", self.name());
        tree_figure(&self.tree, &title)
    }

    fn key_data(&self) -> String {
        let (t, depth, name) = (&self.tree, self.depth, self.name());
        format!("{}|{}|{depth}|{name}", t.root_player(), t.to_text())
    }
}

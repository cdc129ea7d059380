//! Họ bài **giá trị negamax của một nút** (chương 7): cây, nút được hỏi, đề,
//! đáp án (do [`negamax`] tính), bộ chấm có bậc và lời giải ở một tệp
//! ([`NegamaxValue`]).
//!
//! Negamax tính giá trị **theo người đến lượt** ở nút: ở nút MAX nó bằng giá trị
//! minimax, ở nút MIN nó là giá trị minimax đổi dấu. Lỗi hay gặp nhất là quên
//! đổi dấu — bộ chấm nêu riêng lỗi ấy.
//!
//! ```
//! use caytrochoi::practice::{MistakeKind, Problem};
//! use caytrochoi::GameTree;
//! let cay = GameTree::parse("A(B(D:3, E:-2), C(F:4, G(H:1, I:6)))").unwrap();
//! let bai = Problem::negamax_value(cay, "C").unwrap();
//! assert_eq!(bai.answer_text(), "-4");
//! // 4 là giá trị minimax của C (nút MIN): quên đổi dấu.
//! assert!(bai.grade(4, 0).has(MistakeKind::SignFlipped));
//! assert!(bai.grade(-4, 0).ok());
//! ```

use super::answer::Answer;
use super::check::{Check, Graded};
use super::error::PracticeError;
use super::expected::{list, Expected};
use super::family::{Family, OneAsk};
use super::feedback::MistakeKind;
use super::level::{Level, Topic};
use super::tree_explain::{inner_node, same, searched_figure, tree_figure, tree_head, value_at};
use super::tree_gen::{
    pick_preferring, practice_tree_from, random_root, CutRequirement, TreeShape,
};
use super::tree_value::child_values;
use super::Problem;
use crate::player::Player;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;
use crate::search::{negamax, Searcher};
use crate::tree::{GameTree, Node, NodeId};
use crate::value::fmt_value;

/// Dữ liệu của bài: một cây và một nút trong của nó.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NegamaxValue {
    tree: GameTree,
    node: NodeId,
}

impl NegamaxValue {
    /// Nhãn của nút được hỏi.
    fn name(&self) -> &str {
        self.tree.label(self.node)
    }

    /// Giá trị negamax của nút `id` (do thư viện tính).
    fn value_of(&self, id: NodeId) -> f64 {
        negamax(&self.tree, &id, &mut ()).unwrap_or(f64::NAN)
    }

    /// "negamax(X) = max(−a, −b) = v" cho nút trong `id`.
    fn line(&self, id: NodeId) -> String {
        let t = &self.tree;
        let kids = t.children(id);
        let names = list(kids.iter().map(|&c| format!("−negamax({})", t.label(c))));
        let negated = list(kids.iter().map(|&c| fmt_value(-self.value_of(c))));
        let (name, v) = (t.label(id), fmt_value(self.value_of(id)));
        format!("negamax({name}) = max({names}) = max({negated}) = {v}")
    }
}

impl Problem {
    /// Bài "giá trị negamax của nút `label`" trên cây cho sẵn (chương 7; bài cố
    /// định của sách, notebook). Lỗi nếu không có nút ấy hay nút ấy là lá.
    pub fn negamax_value(tree: GameTree, label: &str) -> Result<Problem, PracticeError> {
        let node = inner_node(&tree, label)?;
        Ok(Problem::given(NegamaxValue { tree, node }))
    }
}

impl OneAsk for NegamaxValue {
    const NAMES: (&'static str, &'static str, Topic) =
        ("negamax", "giá trị negamax của một nút", Topic::Search);

    /// Một bài mới: cây của mức, gốc MAX hoặc MIN, nút được hỏi là một nút
    /// trong (nút MIN được chọn nhiều hơn, vì ở đó phải đổi dấu).
    fn random(rng: &mut SplitMix64, level: Level) -> NegamaxValue {
        let root = random_root(rng);
        let tree = practice_tree_from(rng, &TreeShape::for_level(level), root, CutRequirement::Any);
        let asked = |n: &Node| !n.is_leaf() && (level != Level::Easy || n.depth <= 1);
        let inner: Vec<NodeId> = tree.node_ids().filter(|&id| asked(tree.node(id))).collect();
        let min: Vec<NodeId> = inner
            .iter()
            .copied()
            .filter(|&id| tree.player(id) == Player::Min)
            .collect();
        let prefer_min = !min.is_empty() && rng.range(0, 2) > 0;
        let node = pick_preferring(rng, prefer_min, &min, &inner, tree.root());
        NegamaxValue { tree, node }
    }
}

impl Family for NegamaxValue {
    fn statement(&self) -> String {
        let (name, head) = (self.name(), tree_head(&self.tree, &self.tree.to_text()));
        format!(
            "{head}; số ở lá là giá trị theo MAX). Tính giá trị negamax của nút {name}: giá trị \
             nhìn từ người đến lượt ở {name} (dương là tốt cho người ấy), tính bằng \
             `Negamax(n) = max(−Negamax(con))`."
        )
    }

    fn how_to_answer(&self) -> String {
        "Ghi một số, ví dụ `-3` (giá trị theo người đến lượt ở nút).".into()
    }

    fn expected(&self) -> Expected {
        Expected::Number(self.value_of(self.node))
    }

    fn check(&self, answer: &Answer) -> Graded {
        let x = answer.single_number("một số (giá trị negamax của nút)")?;
        let t = &self.tree;
        let (name, mover) = (self.name(), t.player(self.node));
        let truth = self.value_of(self.node);
        if same(x, truth) {
            return Check::right(format!(
                "{}. Người đi ở {name} là {mover}.",
                self.line(self.node)
            ));
        }
        let mm = fmt_value(value_at(t, self.node, None));
        if same(x, -truth) {
            let why = match mover {
                Player::Min => format!(
                    "{name} là nút MIN: giá trị minimax (theo MAX) là {mm}, nên theo MIN — người \
                     đến lượt ở {name} — giá trị là {}.",
                    fmt_value(truth)
                ),
                Player::Max => format!(
                    "{name} là nút MAX: giá trị negamax bằng giá trị minimax {mm}, không đổi dấu."
                ),
            };
            return Check::wrong(
                MistakeKind::SignFlipped,
                format!("Ngược dấu: negamax tính theo người đến lượt ở {name}. Ai đi ở {name}?"),
                why,
            );
        }
        if !x.is_finite() {
            return Check::wrong(
                MistakeKind::WrongValue,
                "Giá trị của một nút phải là số hữu hạn: −∞ chỉ là giá trị tạm ban đầu.",
                format!(
                    "−∞ bị thay ngay khi con đầu tiên quay lui: {}.",
                    self.line(self.node)
                ),
            );
        }
        // Bậc 2: người đi ở nút, giá trị minimax (theo MAX) của các con, và việc còn
        // lại (lấy max hay min, rồi đổi dấu hay không) — chưa có đáp án.
        let kids = child_values(t, self.node, None);
        let (pick, sign) = match mover {
            Player::Max => ("max", "giữ nguyên (người đi ở đó là MAX)"),
            Player::Min => ("min", "đổi dấu (người đi ở đó là MIN)"),
        };
        Check::wrong(
            MistakeKind::WrongValue,
            format!(
                "Giá trị chưa đúng. Ai đi ở {name}? Negamax tính theo người ấy: ở nút MAX bằng \
                 giá trị minimax, ở nút MIN là giá trị minimax đổi dấu."
            ),
            format!(
                "{name} là nút {mover}. Theo MAX, các con của {name} có giá trị minimax {kids}; \
                 minimax({name}) là {pick} của chúng, và negamax({name}) là giá trị ấy {sign}. \
                 (Cách khác: negamax({name}) = max(−negamax(con)), với negamax của mỗi con tính \
                 theo người đi ở con.)"
            ),
        )
    }

    /// Các bước: từ dưới lên, mỗi nút trong của cây con một dòng; lá: giá trị
    /// theo MAX nhân dấu của người đến lượt.
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let t = &self.tree;
        let mut steps = vec![
            "Lá: negamax = giá trị lá nếu người đến lượt ở lá là MAX, giá trị lá đổi dấu nếu là MIN."
                .to_string(),
        ];
        for id in t.post_order(self.node) {
            if t.node(id).is_leaf() {
                let (leaf, v, mover) = (t.label(id), fmt_value(self.value_of(id)), t.player(id));
                steps.push(format!(
                    "negamax({leaf}) = {v} (lá, người đến lượt: {mover})."
                ));
            } else {
                steps.push(format!("{}.", self.line(id)));
            }
        }
        let (name, mover) = (self.name(), t.player(self.node));
        let mm = fmt_value(value_at(t, self.node, None));
        let v = fmt_value(self.value_of(self.node));
        steps.push(format!(
            "Kiểm tra: minimax({name}) = {mm} theo MAX; {name} là nút {mover}, nên negamax = {v}."
        ));
        let title = format!("Giá trị minimax (theo MAX) ở mọi nút; hỏi {name}");
        (steps, searched_figure(t, &title, Searcher::minimax()))
    }

    /// Hình của đề: cây, chưa có giá trị.
    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        let title = format!("Giá trị negamax của {} là bao nhiêu?", self.name());
        tree_figure(&self.tree, &title)
    }

    fn key_data(&self) -> String {
        let t = &self.tree;
        format!("{}|{}|{}", t.root_player(), t.to_text(), self.name())
    }
}

//! Một bài luyện tập: dạng bài, dữ liệu (cây, đồ thị, các đống, bàn cờ), đề bài
//! bằng lời, hình, đáp án do thư viện tính, bộ chấm có bậc và lời giải đầy đủ.

use super::answer::Answer;
use super::boc_soi;
use super::dodgem_problems as dodgem;
use super::error::PracticeError;
use super::exercise::{Exercise, Tries};
use super::feedback::{Check, Feedback};
use super::grundy_problems as grundy;
use super::grundy_problems::SmallGraph;
use super::kind::Kind;
use super::level::{Level, Topic};
use super::nim::{self, NimAsk};
use super::solution::{drawn, Solution};
use super::tree_explain::{evaluated_leaves, kind as node_kind, minimax_of, run};
use super::tree_gen::{random_tree, CutRequirement, TreeShape};
use super::{mex as mex_set, tree_order, tree_prune, tree_temps, tree_value};
use crate::dodgem::notation::{board_to_text, move_name, parse_board};
use crate::dodgem::{Position, Rule, Side};
use crate::grundy::nim_sum;
use crate::limits;
use crate::outcome::Outcome;
use crate::player::Player;
use crate::plot::text::escape;
use crate::plot::{Figure, GraphDiagram, PlotError, TreeDiagram};
use crate::random::SplitMix64;
use crate::search::{Algorithm, Searcher};
use crate::tree::{leaf, node, GameTree, NodeId, Spec};
use crate::value::fmt_value;
use std::fmt;

/// Dữ liệu của bài.
#[derive(Debug, Clone, PartialEq)]
enum Setup {
    /// Một cây; `node`: nút được hỏi (giá trị tạm); `depth`: tính trước bấy
    /// nhiêu nước.
    Tree {
        tree: GameTree,
        node: Option<NodeId>,
        depth: Option<u32>,
    },
    Set(Vec<u32>),
    Graph(SmallGraph),
    /// Các đống Nim và điều bài hỏi.
    Piles(Vec<u32>, NimAsk),
    BocSoi(u32, u32),
    /// Dải Tô màu đang chơi dở (`true`: ô đã tô).
    ToMau(Vec<bool>),
    /// Cạnh bàn cờ của trò chơi quân Hậu.
    Queen(u32),
    /// Quân Hậu ở ô `cell` của bàn `side × side`.
    QueenAt {
        side: u32,
        cell: (u32, u32),
    },
    /// Thế cờ Dodgem, luật chơi khi hết nước đi, và số nước nhìn trước (bài
    /// nước đi tốt nhất, bài đếm nút).
    Dodgem {
        pos: Position,
        rule: Rule,
        depth: u32,
    },
}

/// Đáp án đúng của một bài, theo cấu trúc (mọi đáp án đều do thư viện tính).
#[derive(Debug, Clone, PartialEq)]
pub enum Expected {
    /// Một số.
    Number(f64),
    /// Một trong các lựa chọn này (nước đi tốt nhất, nước thắng…).
    AnyOf(Vec<String>),
    /// Một tập (thứ tự không quan trọng); rỗng nghĩa là "không".
    Set(Vec<String>),
    /// Một dãy có thứ tự.
    Sequence(Vec<String>),
    /// Giá trị theo tên (G của từng đỉnh).
    Named(Vec<(String, i64)>),
    /// Thắng hay thua (của người đến lượt).
    Outcome(Outcome),
    /// Một trong các nước tốt nhất, kèm giá trị.
    MoveValue {
        /// Các nước tốt nhất.
        moves: Vec<String>,
        /// Giá trị.
        value: f64,
    },
}

impl Expected {
    /// Đáp án viết đúng dạng mà bộ chấm nhận (lựa chọn đầu tiên nếu có nhiều).
    pub fn text(&self) -> String {
        match self {
            Expected::Number(v) => fmt_value(*v),
            Expected::AnyOf(v) => v.first().cloned().unwrap_or_default(),
            Expected::Set(v) | Expected::Sequence(v) => {
                if v.is_empty() {
                    "không".into()
                } else {
                    v.join(", ")
                }
            }
            Expected::Named(v) => v
                .iter()
                .map(|(n, x)| format!("{n} = {x}"))
                .collect::<Vec<_>>()
                .join(", "),
            Expected::Outcome(o) => match o {
                Outcome::NextWins => "thắng".into(),
                _ => "thua".into(),
            },
            Expected::MoveValue { moves, value } => format!(
                "{} {}",
                moves.first().cloned().unwrap_or_default(),
                fmt_value(*value)
            ),
        }
    }
}

/// Một bài luyện tập.
///
/// ```
/// use caytrochoi::practice::{Kind, Level, Problem, Topic};
/// let bai = Problem::generate(2024, Level::Medium, Topic::AlphaBeta);
/// assert_eq!(bai, Problem::generate(2024, Level::Medium, Topic::AlphaBeta)); // cùng hạt giống, cùng bài
/// // Đáp án đúng được nhận; lần sai đầu chỉ nói loại lỗi.
/// assert!(bai.grade(bai.answer_text(), 0).ok());
/// ```
#[derive(Debug, Clone)]
pub struct Problem {
    seed: Option<u64>,
    level: Level,
    topic: Topic,
    kind: Kind,
    setup: Setup,
    /// Số lần đã trả lời sai qua [`Problem::check`] (không thuộc về đề bài).
    tries: Tries,
}

/// Mọi dạng bài trả lời cùng những câu hỏi của [`Exercise`].
impl Exercise for Problem {
    fn statement(&self) -> String {
        Problem::statement(self)
    }
    fn how_to_answer(&self) -> String {
        Problem::how_to_answer(self)
    }
    fn answer_text(&self) -> String {
        Problem::answer_text(self)
    }
    fn grade(&self, answer: Answer, wrong_before: u32) -> Feedback {
        Problem::grade(self, answer, wrong_before)
    }
    fn solution(&self) -> Solution {
        Problem::solution(self)
    }
    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Problem::figure(self)
    }
    fn key(&self) -> String {
        Problem::key(self)
    }
    fn tries(&self) -> &Tries {
        &self.tries
    }
}

/// Hai bài bằng nhau khi cùng đề (số lần đã thử không tính).
impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        (self.seed, self.level, self.topic, self.kind)
            == (other.seed, other.level, other.topic, other.kind)
            && self.setup == other.setup
    }
}

/// Chọn người đi ở gốc: MAX hay MIN, như nhau.
fn root_player(rng: &mut SplitMix64) -> Player {
    if rng.range(0, 1) == 0 {
        Player::Max
    } else {
        Player::Min
    }
}

/// Cây với ước lượng ở mọi nút trong: giá trị minimax thật ± `noise`.
fn with_estimates(tree: &GameTree, rng: &mut SplitMix64, noise: i64) -> GameTree {
    fn spec(t: &GameTree, id: NodeId, rng: &mut SplitMix64, noise: i64) -> Spec {
        let n = t.node(id);
        if n.is_leaf() {
            return leaf(&n.label, n.value.unwrap_or(0.0));
        }
        let kids: Vec<Spec> = n.children.iter().map(|&c| spec(t, c, rng, noise)).collect();
        let est = minimax_of(t, id) + rng.range(-noise, noise) as f64;
        node(&n.label, kids).estimate(est)
    }
    let s = spec(tree, tree.root(), rng, noise);
    GameTree::build(tree.root_player(), s).unwrap_or_else(|_| tree.clone())
}

/// Cây cắt ở độ sâu `depth`: nút ở độ sâu đó thành lá mang ước lượng của nó.
fn truncated(tree: &GameTree, depth: u32) -> GameTree {
    fn spec(t: &GameTree, id: NodeId, depth: u32) -> Spec {
        let n = t.node(id);
        if n.is_leaf() || n.depth >= depth {
            return leaf(&n.label, n.value.unwrap_or(0.0));
        }
        node(
            &n.label,
            n.children
                .iter()
                .map(|&c| spec(t, c, depth))
                .collect::<Vec<_>>(),
        )
    }
    GameTree::build(tree.root_player(), spec(tree, tree.root(), depth))
        .unwrap_or_else(|_| tree.clone())
}

/// Nút được hỏi giá trị tạm: một nút trong (không phải gốc) được xét và có ít
/// nhất hai lần cập nhật; với cắt tỉa, ưu tiên nút dừng sớm.
fn temps_node(tree: &GameTree, algorithm: Algorithm, rng: &mut SplitMix64) -> NodeId {
    let r = run(tree, algorithm);
    let replay = r.trace.replay();
    let mut plain = Vec::new();
    let mut cut = Vec::new();
    for id in tree.node_ids() {
        if id == tree.root() || tree.node(id).is_leaf() {
            continue;
        }
        let Some(i) = r.trace.find(tree.label(id)) else {
            continue;
        };
        let s = &replay.nodes[i];
        if s.temps.len() >= 3 {
            if s.cut.is_some() {
                cut.push(id);
            } else {
                plain.push(id);
            }
        }
    }
    let prefer_cut = algorithm != Algorithm::Minimax && rng.range(0, 3) > 0;
    let pool = if (prefer_cut && !cut.is_empty()) || plain.is_empty() {
        cut
    } else {
        plain
    };
    if pool.is_empty() {
        return tree.root();
    }
    pool[rng.range(0, pool.len() as i64 - 1) as usize]
}

impl Problem {
    /// Một bài mới của chương `topic`, mức `level`, từ hạt giống `seed`: cùng ba
    /// thứ ấy thì luôn cùng một bài, ở mọi nơi (notebook, dòng lệnh, sách).
    pub fn generate(seed: u64, level: Level, topic: Topic) -> Problem {
        let kinds = Kind::of_topic(topic, level);
        let mut rng = SplitMix64::new(seed);
        let kind = kinds[rng.range(0, kinds.len() as i64 - 1) as usize];
        Problem::build(seed, level, topic, kind, &mut rng)
    }

    /// Một bài mới của dạng `kind`.
    pub fn generate_kind(seed: u64, level: Level, kind: Kind) -> Problem {
        let mut rng = SplitMix64::new(seed ^ 0x0005_eed0_fba1);
        Problem::build(seed, level, kind.topic(), kind, &mut rng)
    }

    fn build(seed: u64, level: Level, topic: Topic, kind: Kind, rng: &mut SplitMix64) -> Problem {
        let setup = match kind {
            Kind::Mex => Setup::Set(mex_set::random_set(rng, level)),
            Kind::GraphGrundy => Setup::Graph(SmallGraph::random(rng, level)),
            Kind::GraphOutcomes => Setup::Graph(SmallGraph::random_with_cycles(rng, level)),
            Kind::QueenPositions => Setup::Queen(grundy::random_queen_side(rng, level)),
            Kind::QueenMove => {
                let (side, cell) = grundy::random_queen_cell(rng, level);
                Setup::QueenAt { side, cell }
            }
            Kind::NimOutcome => Setup::Piles(nim::random_piles(rng, level, false), NimAsk::Outcome),
            Kind::NimMove => Setup::Piles(nim::random_piles(rng, level, true), NimAsk::Move),
            Kind::BocSoiMove => {
                let (m, n) = boc_soi::random_boc_soi(rng, level);
                Setup::BocSoi(m, n)
            }
            Kind::ToMauMove => Setup::ToMau(grundy::random_to_mau(rng, level)),
            Kind::DodgemEval | Kind::DodgemValue => Setup::Dodgem {
                pos: dodgem::random_position(rng, level, level != Level::Hard),
                rule: Rule::Lecture,
                depth: 0,
            },
            Kind::DodgemBest => Setup::Dodgem {
                pos: dodgem::random_position(rng, level, false),
                rule: Rule::Lecture,
                depth: 2,
            },
            Kind::DodgemSafeMove => {
                // Mức khó: đôi khi luật Winning Ways (hết nước đi thì thua).
                let rule = if level == Level::Hard && rng.range(0, 1) == 0 {
                    Rule::WinningWays
                } else {
                    Rule::Lecture
                };
                Setup::Dodgem {
                    pos: dodgem::random_choice_position(rng, level, rule),
                    rule,
                    depth: 0,
                }
            }
            Kind::DodgemNodeCount(_) => Setup::Dodgem {
                pos: dodgem::random_position(rng, level, false),
                rule: Rule::Lecture,
                depth: 2,
            },
            _ => Problem::tree_setup(kind, level, rng),
        };
        Problem {
            seed: Some(seed),
            level,
            topic,
            kind,
            setup,
            tries: Tries::default(),
        }
    }

    fn tree_setup(kind: Kind, level: Level, rng: &mut SplitMix64) -> Setup {
        let root = root_player(rng);
        let many = if level == Level::Easy { 1 } else { 2 };
        let want = match kind {
            Kind::Pruned(Algorithm::Window) if level == Level::Hard => CutRequirement::Deep,
            Kind::Pruned(_) | Kind::LeafCount(_) => CutRequirement::AtLeast(many),
            Kind::LeafOrder(Algorithm::Minimax) | Kind::Temps(Algorithm::Minimax) => {
                CutRequirement::Any
            }
            Kind::LeafOrder(_) | Kind::Temps(_) => CutRequirement::AtLeast(many),
            _ => CutRequirement::Any,
        };
        let mut shape = TreeShape::for_level(level);
        if kind == Kind::DepthLimited {
            // Sinh viên chỉ thấy cây đến độ sâu giới hạn, nên cây đầy đủ sâu hơn
            // một mức; biên (các nút mang ước lượng) giữ nhỏ.
            let horizon = match level {
                Level::Easy => 1,
                Level::Medium => 2,
                Level::Hard => 3,
            };
            shape.depth = horizon + 1..=horizon + 1;
            shape.early_leaves = false;
            shape.max_leaves = 64;
            shape.root_branching = 2..=3;
            shape.branching = if level == Level::Hard { 2..=2 } else { 2..=3 };
            let tree = random_tree(rng, &shape, root, want);
            let tree = with_estimates(&tree, rng, 3);
            return Setup::Tree {
                tree,
                node: None,
                depth: Some(horizon),
            };
        }
        let tree = random_tree(rng, &shape, root, want);
        let node = match kind {
            Kind::Temps(a) => Some(temps_node(&tree, a, rng)),
            _ => None,
        };
        Setup::Tree {
            tree,
            node,
            depth: None,
        }
    }

    /// Một bài về cây cho sẵn (bài tập cố định của sách, notebook). `node`: nút
    /// được hỏi (chỉ dạng [`Kind::Temps`]); `depth`: tính trước bấy nhiêu nước
    /// (chỉ dạng [`Kind::DepthLimited`]).
    pub fn on_tree(
        tree: GameTree,
        kind: Kind,
        node: Option<&str>,
        depth: Option<u32>,
    ) -> Result<Problem, PracticeError> {
        if !kind.is_tree() {
            return Err(PracticeError::Unsupported(format!(
                "dạng bài \"{kind}\" không phải bài về cây"
            )));
        }
        let node = match (kind, node) {
            (Kind::Temps(_), Some(label)) => {
                Some(super::tree_explain::resolve(&tree, label).ok_or_else(|| {
                    PracticeError::UnknownNode {
                        label: label.trim().to_string(),
                        labels: tree.nodes().iter().map(|n| n.label.clone()).collect(),
                    }
                })?)
            }
            (Kind::Temps(_), None) => {
                return Err(PracticeError::Unsupported(
                    "bài giá trị tạm cần tên một nút".into(),
                ))
            }
            _ => None,
        };
        let depth = if kind == Kind::DepthLimited {
            Some(depth.unwrap_or(1).max(1))
        } else {
            None
        };
        Ok(Problem {
            seed: None,
            level: Level::Medium,
            topic: kind.topic(),
            kind,
            setup: Setup::Tree { tree, node, depth },
            tries: Tries::default(),
        })
    }

    /// Một bài cho sẵn (không có hạt giống).
    fn given(kind: Kind, setup: Setup) -> Problem {
        Problem {
            seed: None,
            level: Level::Medium,
            topic: kind.topic(),
            kind,
            setup,
            tries: Tries::default(),
        }
    }

    /// Bài mex của tập `values` (chương 5).
    ///
    /// ```
    /// use caytrochoi::practice::Problem;
    /// let bai = Problem::on_set(&[1, 4, 0, 1]);
    /// assert_eq!(bai.answer_text(), "2");
    /// assert!(!bai.grade(3, 0).ok());
    /// ```
    pub fn on_set(values: &[u32]) -> Problem {
        Problem::given(Kind::Mex, Setup::Set(values.to_vec()))
    }

    /// Bài trên một đồ thị viết bằng chữ (`"A → B, C; B → C"`, xem
    /// [`GraphGame::parse`](crate::grundy::GraphGame::parse)): `kind` là
    /// [`Kind::GraphGrundy`] (G của mọi đỉnh; đồ thị không được có chu trình) hoặc
    /// [`Kind::GraphOutcomes`] (mã thắng/thua/hòa; chu trình được).
    pub fn on_graph(text: &str, kind: Kind) -> Result<Problem, PracticeError> {
        let g = SmallGraph::parse(text).map_err(|e| {
            PracticeError::Invalid(format!(
                "Không đọc được đồ thị: {e}. (Cú pháp: `A → B, C; B → C`, dùng `→` hoặc `->`.)"
            ))
        })?;
        match kind {
            Kind::GraphGrundy => {
                if let Err(e) = g.game().solve() {
                    return Err(PracticeError::Invalid(format!(
                        "Không tính được hàm Grundy của đồ thị này: {e}. Với đồ thị có chu trình, \
                         hãy phân loại thắng/thua/hòa (`check_graph_outcomes`)."
                    )));
                }
            }
            Kind::GraphOutcomes => {}
            _ => {
                return Err(PracticeError::Unsupported(format!(
                    "dạng bài \"{kind}\" không phải bài trên đồ thị"
                )))
            }
        }
        Ok(Problem::given(kind, Setup::Graph(g)))
    }

    /// Bài Nim với các đống `piles`: `kind` là [`Kind::NimOutcome`] (thắng hay
    /// thua) hoặc [`Kind::NimMove`] (một nước thắng; XOR các đống phải khác 0).
    pub fn on_piles(piles: &[u32], kind: Kind) -> Result<Problem, PracticeError> {
        if piles.is_empty() || piles.len() > limits::PRACTICE_NIM_PILES {
            return Err(PracticeError::Invalid(format!(
                "Nim cần từ 1 đến {} đống (gặp {})",
                limits::PRACTICE_NIM_PILES,
                piles.len()
            )));
        }
        match kind {
            Kind::NimMove if nim_sum(piles.iter().copied()) == 0 => {
                Err(PracticeError::Invalid(format!(
                    "Các đống {} có XOR = 0: không có nước thắng — nước nào cũng để lại XOR khác 0 \
                     cho đối thủ.",
                    list(piles)
                )))
            }
            _ => match NimAsk::of(kind) {
                Some(ask) => Ok(Problem::given(kind, Setup::Piles(piles.to_vec(), ask))),
                None => Err(PracticeError::Unsupported(format!(
                    "dạng bài \"{kind}\" không phải bài Nim"
                ))),
            },
        }
    }

    /// Bài "mọi ô thắng của quân Hậu" trên bàn `n × n` (1 ≤ n ≤
    /// [`limits::PRACTICE_QUEEN_SIDE`]).
    pub fn on_queen_board(n: u32) -> Result<Problem, PracticeError> {
        let max = limits::PRACTICE_QUEEN_SIDE;
        if !(1..=max).contains(&n) {
            return Err(PracticeError::Invalid(format!(
                "Bàn cờ phải có cạnh từ 1 đến {max} (gặp {n})."
            )));
        }
        Ok(Problem::given(Kind::QueenPositions, Setup::Queen(n)))
    }

    /// Bài Dodgem trên bàn cờ viết bằng chữ (`"D../D../.TT"`: các hàng từ trên
    /// xuống), bên `to_move` đến lượt, luật `rule`. `kind`:
    /// [`Kind::DodgemValue`] / [`Kind::DodgemEval`] (lượng giá),
    /// [`Kind::DodgemSafeMove`] (bàn 3×3 hoặc 4×4), [`Kind::DodgemNodeCount`]
    /// (`depth` từ 1 đến 6), [`Kind::DodgemBest`] (bàn 3×3, nhìn trước hai nước).
    pub fn on_board(
        board: &str,
        to_move: Side,
        rule: Rule,
        kind: Kind,
        depth: Option<u32>,
    ) -> Result<Problem, PracticeError> {
        let b = parse_board(board).map_err(|e| {
            PracticeError::Invalid(format!(
                "Không đọc được bàn cờ: {e}. (Nhắc lại: các hàng từ trên xuống, ngăn bằng `/`, \
                 D = xe Đen, T = xe Trắng, . = ô trống; ví dụ `D../D../.TT`.)"
            ))
        })?;
        let n = b.size();
        let pos = Position { board: b, to_move };
        let game = dodgem::game_for(&pos, rule);
        let ended = game.end(&pos).map(|e| {
            PracticeError::Invalid(format!(
                "Thế cờ này đã kết thúc ({} thắng), không còn nước nào để chọn.",
                e.winner.name()
            ))
        });
        let depth = match kind {
            Kind::DodgemValue | Kind::DodgemEval => 0,
            Kind::DodgemSafeMove => {
                if n > limits::DODGEM_SOLVE_SIZE {
                    return Err(PracticeError::Invalid(format!(
                        "Chỉ chấm được bàn 3×3 và 4×4 (bàn {n}×{n} cần giải cả trăm triệu thế cờ)."
                    )));
                }
                if let Some(e) = ended {
                    return Err(e);
                }
                0
            }
            Kind::DodgemBest => {
                if n != 3 {
                    return Err(PracticeError::Invalid(
                        "Bài nhìn trước hai nước dùng bàn 3×3.".into(),
                    ));
                }
                if let Some(e) = ended {
                    return Err(e);
                }
                2
            }
            Kind::DodgemNodeCount(_) => {
                let d = depth.unwrap_or(2);
                let max = limits::PRACTICE_COUNT_DEPTH;
                if !(1..=max).contains(&d) {
                    return Err(PracticeError::Invalid(format!(
                        "Độ sâu {d} không dùng được cho bài đếm tay: chọn từ 1 đến {max}."
                    )));
                }
                d
            }
            _ => {
                return Err(PracticeError::Unsupported(format!(
                    "dạng bài \"{kind}\" không phải bài Dodgem"
                )))
            }
        };
        Ok(Problem::given(kind, Setup::Dodgem { pos, rule, depth }))
    }

    // --- Đọc ------------------------------------------------------------------

    /// Hạt giống (`None` với bài cho sẵn).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Mức.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Chương.
    pub fn topic(&self) -> Topic {
        self.topic
    }

    /// Dạng bài.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Cây của bài (bài về cây).
    pub fn tree(&self) -> Option<&GameTree> {
        match &self.setup {
            Setup::Tree { tree, .. } => Some(tree),
            _ => None,
        }
    }

    /// Nút được hỏi (bài giá trị tạm).
    pub fn node(&self) -> Option<NodeId> {
        match &self.setup {
            Setup::Tree { node, .. } => *node,
            _ => None,
        }
    }

    /// Số nước tính trước (bài tính trước vài nước).
    pub fn depth(&self) -> Option<u32> {
        match &self.setup {
            Setup::Tree { depth, .. } => *depth,
            _ => None,
        }
    }

    /// Đồ thị (bài Grundy trên đồ thị).
    pub fn graph(&self) -> Option<&SmallGraph> {
        match &self.setup {
            Setup::Graph(g) => Some(g),
            _ => None,
        }
    }

    /// Các số của bài: tập (mex), các đống (Nim), hai đống (Bốc sỏi), số ô (Tô
    /// màu), cạnh bàn cờ (quân Hậu; với bài nước đi: cạnh, rồi ô p, q của Hậu).
    pub fn numbers(&self) -> Vec<u32> {
        match &self.setup {
            Setup::Set(v) | Setup::Piles(v, _) => v.clone(),
            Setup::BocSoi(m, n) => vec![*m, *n],
            Setup::ToMau(strip) => vec![strip.len() as u32],
            Setup::Queen(n) => vec![*n],
            Setup::QueenAt { side, cell } => vec![*side, cell.0, cell.1],
            _ => Vec::new(),
        }
    }

    /// Dải Tô màu (`true`: ô đã tô).
    pub fn strip(&self) -> Option<&[bool]> {
        match &self.setup {
            Setup::ToMau(strip) => Some(strip),
            _ => None,
        }
    }

    /// Thế cờ (bài Dodgem).
    pub fn position(&self) -> Option<&Position> {
        match &self.setup {
            Setup::Dodgem { pos, .. } => Some(pos),
            _ => None,
        }
    }

    /// Luật Dodgem của bài (bài Dodgem).
    pub fn rule(&self) -> Option<Rule> {
        match &self.setup {
            Setup::Dodgem { rule, .. } => Some(*rule),
            _ => None,
        }
    }

    /// Khóa nhận diện bài (để đếm số lần thử).
    pub fn key(&self) -> String {
        let data = match &self.setup {
            Setup::Tree { tree, node, depth } => format!(
                "{}|{}|{:?}|{:?}",
                tree.root_player(),
                tree.to_text(),
                node.map(|n| tree.label(n).to_string()),
                depth
            ),
            Setup::Set(v) | Setup::Piles(v, _) => format!("{v:?}"),
            Setup::Graph(g) => format!("{:?}", g.edges),
            Setup::BocSoi(m, n) => format!("{m},{n}"),
            Setup::ToMau(strip) => format!("{}|{}", strip.len(), grundy::painted_text(strip)),
            Setup::Queen(n) => n.to_string(),
            Setup::QueenAt { side, cell } => format!("{side}|{cell:?}"),
            Setup::Dodgem { pos, rule, depth } => format!(
                "{}|{}|{rule:?}|{depth}",
                board_to_text(&pos.board),
                pos.to_move.name()
            ),
        };
        format!("{}|{data}", self.kind.code())
    }

    // --- Đề bài ------------------------------------------------------------------

    /// Tiêu đề: chương, mức, hạt giống, dạng bài.
    pub fn title(&self) -> String {
        let seed = self
            .seed
            .map_or(String::new(), |s| format!(" · hạt giống {s}"));
        format!(
            "Chương {} · mức {}{seed} — {}",
            self.topic.number(),
            self.level,
            self.kind
        )
    }

    /// Đề bài bằng lời.
    pub fn statement(&self) -> String {
        let alg = |a: Algorithm| match a {
            Algorithm::Minimax => "vét cạn (minimax)".to_string(),
            Algorithm::CatTia => {
                "cắt tỉa alpha-beta một cận (hàm cat_tia của bài giảng)".to_string()
            }
            Algorithm::Window => {
                "cắt tỉa alpha-beta với cửa sổ (α, β) (BlueValue/RedValue)".to_string()
            }
        };
        match (&self.setup, self.kind) {
            (Setup::Tree { tree, node, depth }, kind) => {
                let shown = match depth {
                    Some(d) => truncated(tree, *d),
                    None => tree.clone(),
                };
                let r = tree.root();
                let (p, q) = (tree.root_player(), tree.root_player().opponent());
                let head = format!(
                    "Cây `{}` (gốc {} là {}; các mức luân phiên {p}, {q}, {p}…)",
                    shown.to_text(),
                    tree.label(r),
                    node_kind(p),
                );
                let ask = match kind {
                    Kind::RootValue => format!(
                        "Định trị cây bằng vét cạn: giá trị của gốc {} là bao nhiêu?",
                        tree.label(r)
                    ),
                    Kind::BestMove => format!(
                        "Người đi ở gốc ({}) nên đi nước nào? Trả lời bằng nhãn một con của {}.",
                        tree.root_player(),
                        tree.label(r)
                    ),
                    Kind::LeafOrder(a) => format!(
                        "Định trị cây bằng {}. Ghi các nút lá được định trị, đúng thứ tự chúng được xét.",
                        alg(a)
                    ),
                    Kind::Temps(a) => {
                        let n = node.unwrap_or(r);
                        format!(
                            "Định trị cây bằng {}. Ghi các giá trị tạm của nút {} ({}) từ trên xuống, \
                             như bài giảng ghi bên trái mỗi nút.",
                            alg(a),
                            tree.label(n),
                            node_kind(tree.player(n))
                        )
                    }
                    Kind::DepthLimited => format!(
                        "Không đi được tới lá, nên chỉ tính trước {} nước: các số ở độ sâu {} là \
                         giá trị ước lượng của hàm lượng giá (ghi ≈ trên hình). Giá trị của gốc {} là bao nhiêu?",
                        depth.unwrap_or(1),
                        depth.unwrap_or(1),
                        tree.label(r)
                    ),
                    Kind::Pruned(a) => format!(
                        "Định trị cây bằng {}. Những cây con nào bị cắt tỉa? Gọi mỗi cây con bằng nhãn gốc của nó.",
                        alg(a)
                    ),
                    Kind::LeafCount(a) => format!(
                        "Định trị cây bằng {}. Bao nhiêu nút lá được định trị (cây có {} lá)?",
                        alg(a),
                        tree.leaf_count()
                    ),
                    _ => String::new(),
                };
                format!("{head}. {ask}")
            }
            (Setup::Set(v), _) => mex_set::statement(v),
            (Setup::Graph(g), Kind::GraphOutcomes) => format!(
                "Đồ thị của một trò chơi (có chu trình): {}. Hai người lần lượt đi theo mũi tên; ai \
                 đến lượt mà không đi được thì thua; ván có thể kéo dài mãi (hòa). Ghi mã của bài \
                 giảng cho mọi đỉnh: 1 (thắng — người phải đi từ đó thua), 0 (thua), −1 (hòa).",
                g.describe()
            ),
            (Setup::Graph(g), _) => format!(
                "Đồ thị của một trò chơi vô tư: {}. Hai người lần lượt đi theo mũi tên; ai đến lượt \
                 mà không đi được thì thua. Tính G (hàm Grundy) của mọi đỉnh.",
                g.describe()
            ),
            (Setup::QueenAt { side, cell }, _) => format!(
                "Trò chơi quân Hậu trên bàn {side} × {side} (ô (p, q), 0 ≤ p, q < {side}): Hậu \
                 đang ở ô {}; mỗi lượt đi sang trái, xuống dưới hoặc chéo trái-xuống bao nhiêu ô \
                 cũng được (ít nhất một); ai đến lượt mà Hậu đã ở (0, 0) thì thua. Người đến lượt \
                 có nước thắng: Hậu nên đi tới ô nào?",
                grundy::cell_text(*cell)
            ),
            (Setup::Queen(n), _) => format!(
                "Trò chơi quân Hậu trên bàn {n} × {n}: Hậu ở ô (p, q) mỗi lượt đi sang trái, xuống \
                 dưới hoặc chéo trái-xuống bao nhiêu ô cũng được (ít nhất một); ai đến lượt mà Hậu \
                 đã ở (0, 0) thì thua. Liệt kê mọi ô \"thắng\" của bài giảng (G = 0: người phải đi \
                 từ đó thua)."
            ),
            (Setup::Piles(p, ask), _) => nim::statement(p, *ask),
            (Setup::BocSoi(m, n), _) => boc_soi::statement(*m, *n),
            (Setup::ToMau(strip), _) => {
                let n = strip.len();
                let painted = match grundy::painted_text(strip) {
                    p if p.is_empty() => "còn trống cả".to_string(),
                    p => format!("các ô đã tô: {p}"),
                };
                format!(
                    "Tô màu: dải {n} ô (đánh số 1…{n} từ trái sang), {painted}; mỗi lượt tô 2 \
                     hoặc 3 ô liền nhau còn trống; ai đến lượt mà không tô được thì thua. Người \
                     đến lượt có nước thắng: tô những ô nào?"
                )
            }
            (Setup::Dodgem { pos: p, .. }, Kind::DodgemEval) => format!(
                "{}. Lượng giá bàn cờ bằng hàm của bài giảng (theo Trắng): ghi năm số — {}.",
                board_head(p),
                dodgem::TERMS.join(", ")
            ),
            (Setup::Dodgem { pos: p, .. }, Kind::DodgemValue) => format!(
                "{}. Giá trị của bàn cờ theo hàm lượng giá của bài giảng (theo Trắng, MAX) là bao nhiêu?",
                board_head(p)
            ),
            (Setup::Dodgem { pos: p, rule, .. }, Kind::DodgemSafeMove) => format!(
                "{}, đến lượt {} ({}). Theo lời giải chính xác, nước nào giữ được kết quả tốt nhất \
                 cho {} — thắng nếu thắng được, hòa nếu chỉ hòa được?",
                board_head(p),
                p.to_move.name(),
                rule.describe(),
                p.to_move.name()
            ),
            (Setup::Dodgem { pos: p, depth, .. }, Kind::DodgemNodeCount(a)) => format!(
                "{}, đến lượt {}. Tìm kiếm nhìn trước {depth} nước bằng {}, với hàm lượng giá của \
                 bài giảng ở độ sâu giới hạn: bao nhiêu nút được xét, kể cả gốc?",
                board_head(p),
                p.to_move.name(),
                alg(a)
            ),
            (Setup::Dodgem { pos: p, .. }, _) => format!(
                "Dodgem 3×3, bàn cờ `{}` (các hàng từ trên xuống; D: xe Đen, T: xe Trắng{}), đến lượt {}. \
                 Nhìn trước hai nước (đi một nước, đối thủ trả lời tốt nhất, rồi lượng giá bằng hàm của \
                 bài giảng): {} nên đi nước nào, và giá trị của nó (theo Trắng) là bao nhiêu?",
                board_to_text(&p.board),
                off_note(p),
                p.to_move.name(),
                p.to_move.name()
            ),
        }
    }

    /// Cách viết câu trả lời.
    pub fn how_to_answer(&self) -> String {
        match self.kind {
            Kind::RootValue | Kind::DepthLimited => "Ghi một số, ví dụ `5`.".into(),
            Kind::LeafCount(_) => "Ghi một số tự nhiên, ví dụ `6`.".into(),
            Kind::Mex => mex_set::HOW.into(),
            Kind::DodgemNodeCount(_) => "Ghi một số tự nhiên, ví dụ `13`.".into(),
            Kind::DodgemValue => "Ghi một số nguyên, ví dụ `75`.".into(),
            Kind::DodgemSafeMove => "Ghi một nước đi, ví dụ `a3>`.".into(),
            Kind::GraphOutcomes => {
                let (a, b) = self.first_labels();
                format!("Ghi `{a} = 1, {b} = -1, …` (hoặc các mã theo thứ tự {a}, {b}, …).")
            }
            Kind::QueenMove => "Ghi ô mà Hậu đi tới, ví dụ `(2, 1)`.".into(),
            Kind::QueenPositions => {
                "Ghi các ô dạng `(p, q)`, cách nhau bởi dấu phẩy, ví dụ `(0, 0), (1, 2)`.".into()
            }
            Kind::BestMove => "Ghi nhãn của một con của gốc, ví dụ `B`.".into(),
            Kind::LeafOrder(_) => format!(
                "Ghi nhãn các lá theo thứ tự, cách nhau bởi dấu phẩy, ví dụ `{}`.",
                self.leaf_example()
            ),
            Kind::Temps(_) => "Ghi các giá trị tạm cách nhau bởi dấu phẩy, ví dụ `∞, Min(∞, 3) = 3` \
                               (hoặc chỉ `∞, 3`; viết `inf` thay cho ∞ cũng được). Nút không có giá \
                               trị tạm: ghi `không`."
                .into(),
            Kind::Pruned(_) => "Ghi nhãn gốc các cây con bị cắt, cách nhau bởi dấu phẩy, ví dụ \
                                `F, H`; không nhánh nào bị cắt thì ghi `không`."
                .into(),
            Kind::GraphGrundy => {
                let (a, b) = self.first_labels();
                format!("Ghi `{a} = 2, {b} = 0, …` (hoặc các số theo thứ tự {a}, {b}, …).")
            }
            Kind::NimOutcome => NimAsk::Outcome.how().into(),
            Kind::NimMove => NimAsk::Move.how().into(),
            Kind::BocSoiMove => boc_soi::HOW.into(),
            Kind::ToMauMove => "Ghi ô đầu và ô cuối được tô, ví dụ `4–5`.".into(),
            Kind::DodgemEval => "Ghi năm số nguyên theo thứ tự, ví dụ `15, -10, 70, 0, 75`.".into(),
            Kind::DodgemBest => "Ghi nước đi rồi giá trị, ví dụ `a2> 35`.".into(),
        }
    }

    /// Ví dụ cách ghi một dãy lá: ba lá cuối của cây, theo thứ tự ngược (là
    /// lá thật của cây nhưng không phải thứ tự định trị nào).
    fn leaf_example(&self) -> String {
        fn left_to_right<'t>(tree: &'t GameTree, id: NodeId, out: &mut Vec<&'t str>) {
            let n = tree.node(id);
            if n.is_leaf() {
                out.push(tree.label(id));
            }
            for &c in &n.children {
                left_to_right(tree, c, out);
            }
        }
        let mut leaves = Vec::new();
        if let Setup::Tree { tree, .. } = &self.setup {
            left_to_right(tree, tree.root(), &mut leaves);
        }
        leaves
            .iter()
            .rev()
            .take(3)
            .copied()
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Tên hai đỉnh đầu của đồ thị (để nhắc cách ghi); `A`, `B` nếu không có.
    fn first_labels(&self) -> (String, String) {
        let label = |k: usize| {
            self.graph()
                .and_then(|g| g.labels.get(k).cloned())
                .unwrap_or_else(|| ["A", "B"][k].to_string())
        };
        (label(0), label(1))
    }

    // --- Hình -----------------------------------------------------------------------

    /// Sơ đồ cây của đề (chưa có lời giải), để vẽ hoặc để biết vị trí các cạnh.
    pub fn tree_diagram(&self) -> Option<(GameTree, TreeDiagramSpec)> {
        let Setup::Tree { tree, depth, .. } = &self.setup else {
            return None;
        };
        let shown = match depth {
            Some(d) => truncated(tree, *d),
            None => tree.clone(),
        };
        let estimates: Vec<(String, String)> = match depth {
            Some(d) => tree
                .node_ids()
                .filter(|&id| tree.node(id).depth == *d && !tree.node(id).is_leaf())
                .map(|id| {
                    (
                        tree.label(id).to_string(),
                        format!("≈{}", fmt_value(tree.node(id).value.unwrap_or(0.0))),
                    )
                })
                .collect(),
            None => Vec::new(),
        };
        Some((
            shown,
            TreeDiagramSpec {
                title: format!(
                    "Gốc {} là nút {}",
                    tree.label(tree.root()),
                    tree.root_player()
                ),
                leaf_texts: estimates,
            },
        ))
    }

    /// Hình của đề (cây, đồ thị, bàn cờ); `None` với bài chỉ có chữ số.
    pub fn figure(&self) -> Result<Option<Figure>, PlotError> {
        match &self.setup {
            Setup::Tree { .. } => {
                let Some((shown, spec)) = self.tree_diagram() else {
                    return Ok(None);
                };
                Ok(Some(spec.diagram(&shown).draw()?))
            }
            Setup::Graph(g) => Ok(Some(g.figure("Đồ thị của trò chơi", false)?)),
            Setup::Dodgem { pos, .. } => Ok(Some(crate::plot::dodgem_position(&pos.board, None)?)),
            Setup::Queen(n) => Ok(Some(crate::plot::queen_rounds(*n, 0, false)?)),
            Setup::ToMau(strip) => Ok(Some(crate::plot::to_mau_strip(strip)?)),
            _ => Ok(None),
        }
    }

    // --- Đáp án, chấm, lời giải ------------------------------------------------------

    /// Thuật toán mà bài về cây hỏi.
    fn searcher(&self) -> Searcher {
        match (self.kind, self.depth()) {
            (Kind::DepthLimited, Some(d)) => Searcher::minimax().depth(d),
            (Kind::LeafOrder(a) | Kind::Temps(a) | Kind::Pruned(a) | Kind::LeafCount(a), _) => {
                Searcher::new(a)
            }
            _ => Searcher::minimax(),
        }
    }

    /// Đáp án đúng (do thư viện tính).
    pub fn expected(&self) -> Expected {
        match (&self.setup, self.kind) {
            (Setup::Tree { tree, node, depth }, kind) => match kind {
                Kind::RootValue | Kind::DepthLimited => {
                    Expected::Number(tree_value::value_at(tree, tree.root(), *depth))
                }
                Kind::BestMove => Expected::AnyOf(tree_value::best_moves(tree)),
                Kind::LeafOrder(a) => Expected::Sequence(evaluated_leaves(&run(tree, a).trace)),
                Kind::Temps(a) => Expected::Sequence(tree_temps::expected_text(
                    tree,
                    a,
                    node.unwrap_or(tree.root()),
                )),
                Kind::Pruned(a) => Expected::Set(run(tree, a).pruned),
                Kind::LeafCount(a) => {
                    Expected::Number(evaluated_leaves(&run(tree, a).trace).len() as f64)
                }
                _ => Expected::Set(Vec::new()),
            },
            (Setup::Set(v), _) => mex_set::expected(v),
            (Setup::Graph(g), Kind::GraphOutcomes) => Expected::Named(
                g.labels
                    .iter()
                    .cloned()
                    .zip(
                        grundy::graph_codes(g)
                            .unwrap_or_default()
                            .into_iter()
                            .map(|c| i64::from(c.0)),
                    )
                    .collect(),
            ),
            (Setup::QueenAt { cell, .. }, _) => Expected::AnyOf(
                grundy::queen_winning_targets(*cell)
                    .into_iter()
                    .map(grundy::cell_text)
                    .collect(),
            ),
            (Setup::Queen(n), _) => Expected::Set(
                grundy::queen_p_positions(*n)
                    .into_iter()
                    .map(grundy::cell_text)
                    .collect(),
            ),
            (Setup::Graph(g), _) => Expected::Named(
                g.labels
                    .iter()
                    .cloned()
                    .zip(g.values().into_iter().map(i64::from))
                    .collect(),
            ),
            (Setup::Piles(p, ask), _) => nim::expected(p, *ask),
            (Setup::BocSoi(m, n), _) => boc_soi::expected(*m, *n),
            (Setup::ToMau(strip), _) => Expected::AnyOf(
                grundy::to_mau_winning(strip)
                    .iter()
                    .map(|(a, b)| format!("{a}–{b}"))
                    .collect(),
            ),
            (Setup::Dodgem { pos: p, .. }, Kind::DodgemEval) => {
                Expected::Sequence(dodgem::terms(p).iter().map(i64::to_string).collect())
            }
            (Setup::Dodgem { pos: p, .. }, Kind::DodgemValue) => {
                Expected::Number(f64::from(crate::dodgem::evaluate(&p.board)))
            }
            (Setup::Dodgem { pos: p, rule, .. }, Kind::DodgemSafeMove) => Expected::AnyOf(
                dodgem::safe_moves(p, *rule)
                    .into_iter()
                    .map(|m| move_name(p.board.size(), m))
                    .collect(),
            ),
            (Setup::Dodgem { pos: p, depth, .. }, Kind::DodgemNodeCount(a)) => {
                Expected::Number(dodgem::node_counts(p, a, *depth).map_or(f64::NAN, |c| c.0 as f64))
            }
            (Setup::Dodgem { pos: p, .. }, _) => {
                let (moves, value) = dodgem::best(p);
                Expected::MoveValue {
                    moves: moves.iter().map(|&m| move_name(3, m)).collect(),
                    value,
                }
            }
        }
    }

    /// Đáp án viết đúng dạng bộ chấm nhận.
    pub fn answer_text(&self) -> String {
        self.expected().text()
    }

    /// Chấm (không lời nhận xét theo bậc).
    pub(crate) fn check_raw(&self, a: &Answer) -> Check {
        match (&self.setup, self.kind) {
            (Setup::Tree { tree, node, depth }, kind) => match kind {
                Kind::RootValue | Kind::DepthLimited => tree_value::grade_value(tree, *depth, a),
                Kind::BestMove => tree_value::grade_best_move(tree, a),
                Kind::LeafOrder(alg) => tree_order::grade_leaf_order(tree, alg, a),
                Kind::Temps(alg) => {
                    tree_temps::grade_temps(tree, alg, node.unwrap_or(tree.root()), a)
                }
                Kind::Pruned(alg) => tree_prune::grade_pruned(tree, alg, a),
                Kind::LeafCount(alg) => tree_prune::grade_leaf_count(tree, alg, a),
                _ => Check::Unreadable("dạng bài không hợp với cây".into()),
            },
            (Setup::Set(v), _) => mex_set::grade_mex(v, a),
            (Setup::Graph(g), Kind::GraphOutcomes) => grundy::grade_graph_outcomes(g, a),
            (Setup::Graph(g), _) => grundy::grade_graph(g, a),
            (Setup::Queen(n), _) => grundy::grade_queen(*n, a),
            (Setup::QueenAt { cell, .. }, _) => grundy::grade_queen_move(*cell, a),
            (Setup::Piles(p, ask), _) => nim::grade(p, *ask, a),
            (Setup::BocSoi(m, n), _) => boc_soi::grade_boc_soi_move(*m, *n, a),
            (Setup::ToMau(strip), _) => grundy::grade_to_mau_move(strip, a),
            (Setup::Dodgem { pos: p, .. }, Kind::DodgemEval) => dodgem::grade_eval(p, a),
            (Setup::Dodgem { pos: p, .. }, Kind::DodgemValue) => dodgem::grade_value(p, a),
            (Setup::Dodgem { pos: p, rule, .. }, Kind::DodgemSafeMove) => {
                dodgem::grade_safe_move(p, *rule, a)
            }
            (Setup::Dodgem { pos: p, depth, .. }, Kind::DodgemNodeCount(alg)) => {
                dodgem::grade_node_count(p, alg, *depth, a)
            }
            (Setup::Dodgem { pos: p, .. }, _) => dodgem::grade_best(p, a),
        }
    }

    /// Chấm câu trả lời `answer`, biết sinh viên đã sai `wrong_before` lần: hàm
    /// thuần, không nhớ gì. Sai lần 1: loại lỗi; lần 2: nút và phép so sánh; từ
    /// lần 3: kèm lời giải đầy đủ.
    pub fn grade(&self, answer: impl Into<Answer>, wrong_before: u32) -> Feedback {
        let a = answer.into();
        if a.is_blank() {
            return Feedback::blank(&self.how_to_answer());
        }
        match self.check_raw(&a) {
            Check::Right(m) => Feedback::correct(m),
            Check::Unreadable(why) => Feedback::unreadable(&why, &self.how_to_answer()),
            Check::Wrong(mistakes) => {
                Feedback::wrong(mistakes, wrong_before + 1, || self.solution())
            }
        }
    }

    /// Chấm và nhớ số lần sai **của bài này**: mỗi lần gọi với câu trả lời sai,
    /// lời gợi ý lên một bậc; trả lời đúng thì đếm lại từ đầu. Trong notebook,
    /// giữ bài trong một biến (`let bai = …`) rồi chạy lại ô `bai.check(…)`.
    pub fn check(&self, answer: impl Into<Answer>) -> Feedback {
        let answer = answer.into();
        self.tries
            .check(|wrong_before| self.grade(answer, wrong_before))
    }

    /// Số lần đã trả lời sai qua [`Problem::check`].
    pub fn wrong_tries(&self) -> u32 {
        self.tries.count()
    }

    /// Lời giải đầy đủ: đáp án, các bước, hình.
    pub fn solution(&self) -> Solution {
        let answer = match self.expected() {
            Expected::AnyOf(v) if v.len() > 1 => format!("{} (hoặc {})", v[0], v[1..].join(", ")),
            e => e.text(),
        };
        let (steps, figure) = self.solution_steps();
        Solution {
            answer,
            steps,
            figure,
        }
    }

    fn solution_steps(&self) -> (Vec<String>, Option<Figure>) {
        match (&self.setup, self.kind) {
            (Setup::Tree { tree, .. }, _) => {
                let result = self.searcher().trace().run(tree);
                match result {
                    Ok(r) => {
                        let steps = r.trace.as_ref().map(|t| t.walk_lines()).unwrap_or_default();
                        let fig =
                            drawn(|| TreeDiagram::new(tree).result(&r).temp_values(true).draw());
                        (steps, fig)
                    }
                    Err(e) => (vec![e.to_string()], None),
                }
            }
            (Setup::Set(v), _) => (mex_set::steps(v), None),
            (Setup::Graph(g), Kind::GraphOutcomes) => {
                let fig = drawn(|| {
                    GraphDiagram::new(&g.game())
                        .title("Mã thắng (1) / thua (0) / hòa (−1) của mọi đỉnh")
                        .outcomes()
                        .and_then(|d| d.draw())
                });
                (grundy::outcome_steps(g), fig)
            }
            (Setup::Queen(n), _) => (
                grundy::queen_steps(*n),
                drawn(|| crate::plot::queen_outcomes(*n)),
            ),
            (Setup::QueenAt { side, cell }, _) => (
                grundy::queen_move_steps(*cell),
                drawn(|| crate::plot::queen_outcomes(*side)),
            ),
            (Setup::Graph(g), _) => {
                let values = g.values();
                let mut order: Vec<usize> = (0..g.labels.len()).collect();
                // Tính từ các đỉnh không có nước đi lên (thứ tự ngược của đồ thị).
                order.reverse();
                let steps = order
                    .iter()
                    .map(|&v| {
                        let name = &g.labels[v];
                        if g.edges[v].is_empty() {
                            format!("{name} không có nước đi: G({name}) = 0.")
                        } else {
                            let parts: Vec<String> = g.edges[v]
                                .iter()
                                .map(|&w| format!("G({}) = {}", g.labels[w], values[w]))
                                .collect();
                            let vals: Vec<String> =
                                g.edges[v].iter().map(|&w| values[w].to_string()).collect();
                            format!(
                                "{name} đi tới {}: G({name}) = mex{{{}}} = {}.",
                                parts.join(", "),
                                vals.join(", "),
                                values[v]
                            )
                        }
                    })
                    .collect();
                let fig = drawn(|| g.figure("Giá trị G của mọi đỉnh", true));
                (steps, fig)
            }
            (Setup::Piles(p, _), _) => (nim::steps(p), None),
            (Setup::BocSoi(m, n), _) => (boc_soi::steps(*m, *n), None),
            (Setup::ToMau(strip), _) => (
                grundy::to_mau_steps(strip),
                drawn(|| crate::plot::to_mau_strip(strip)),
            ),
            (Setup::Dodgem { pos: p, rule, .. }, Kind::DodgemSafeMove) => {
                let first = dodgem::safe_moves(p, *rule).first().copied();
                (
                    dodgem::safe_move_steps(p, *rule),
                    drawn(|| crate::plot::dodgem_position(&p.board, first)),
                )
            }
            (Setup::Dodgem { pos: p, depth, .. }, Kind::DodgemNodeCount(alg)) => (
                dodgem::node_count_steps(p, alg, *depth),
                drawn(|| crate::plot::dodgem_position(&p.board, None)),
            ),
            (Setup::Dodgem { pos: p, .. }, Kind::DodgemEval | Kind::DodgemValue) => {
                let steps = match dodgem::grade_eval(p, &Answer::from(dodgem::terms_text(p))) {
                    Check::Right(m) => m.split("; ").map(str::to_string).collect(),
                    _ => Vec::new(),
                };
                (
                    steps,
                    drawn(|| crate::plot::dodgem_position(&p.board, None)),
                )
            }
            (Setup::Dodgem { pos: p, .. }, _) => {
                let (moves, value) = dodgem::best(p);
                let text = format!(
                    "{} {}",
                    moves.first().map(|&m| move_name(3, m)).unwrap_or_default(),
                    fmt_value(value)
                );
                let steps = match dodgem::grade_best(p, &Answer::from(text)) {
                    Check::Right(m) => vec![m],
                    _ => Vec::new(),
                };
                (
                    steps,
                    drawn(|| crate::plot::dodgem_position(&p.board, moves.first().copied())),
                )
            }
        }
    }

    // --- Hiển thị -----------------------------------------------------------------

    /// Đề bài dạng HTML (tiêu đề, lời, hình, cách trả lời) cho notebook.
    pub fn to_html(&self) -> String {
        let mut h = format!(
            "<div style=\"font-family:sans-serif;line-height:1.45\"><h4 style=\"margin:4px 0\">{}</h4><p>{}</p>",
            escape(&self.title()),
            super::solution::inline_html(&self.statement())
        );
        if let Ok(Some(f)) = self.figure() {
            h.push_str(&format!("<div style=\"overflow-x:auto\">{}</div>", f.svg()));
        }
        h.push_str(&format!(
            "<p><i>{}</i> Trả lời bằng <code>.check(\"…\")</code>; xem lời giải bằng <code>.solution()</code>.</p></div>",
            super::solution::inline_html(&self.how_to_answer())
        ));
        h
    }

    /// Hiện đề bài trong notebook evcxr.
    pub fn evcxr_display(&self) {
        println!(
            "EVCXR_BEGIN_CONTENT text/html\n{}\nEVCXR_END_CONTENT",
            self.to_html()
        );
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}\n{}\n{}",
            self.title(),
            self.statement(),
            self.how_to_answer()
        )
    }
}

/// Cách vẽ cây của đề: tiêu đề và chữ thay giá trị ở các nút mang ước lượng.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeDiagramSpec {
    /// Tiêu đề hình.
    pub title: String,
    /// (nhãn, chữ) ghi dưới các nút mang ước lượng, ví dụ `≈3`.
    pub leaf_texts: Vec<(String, String)>,
}

impl TreeDiagramSpec {
    /// Sơ đồ của cây `shown` (cây của đề) theo cách vẽ này.
    pub fn diagram<'a>(&self, shown: &'a GameTree) -> TreeDiagram<'a> {
        let mut d = TreeDiagram::new(shown).title(&self.title);
        for (label, text) in &self.leaf_texts {
            d = d.leaf_text(label, text);
        }
        d
    }
}

pub(crate) fn list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

/// "Dodgem n×n, bàn cờ `…` (các hàng từ trên xuống; …)".
fn board_head(p: &Position) -> String {
    let n = p.board.size();
    format!(
        "Dodgem {n}×{n}, bàn cờ `{}` (các hàng từ trên xuống; D: xe Đen, T: xe Trắng{})",
        board_to_text(&p.board),
        off_note(p)
    )
}

fn off_note(p: &Position) -> String {
    use crate::dodgem::Side;
    let (w, b) = (p.board.cars_off(Side::White), p.board.cars_off(Side::Black));
    match (w, b) {
        (0, 0) => String::new(),
        _ => format!("; đã ra khỏi bàn: {w} xe Trắng, {b} xe Đen"),
    }
}

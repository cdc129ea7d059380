//! **Tự viết**: sinh viên viết lại các thuật toán của bài giảng, thư viện so
//! kết quả trên vài trăm bài sinh ngẫu nhiên và chỉ ra bài **đầu tiên** khác —
//! vẽ cây (đồ thị) và đặt hai vết cạnh nhau.
//!
//! Hàm của sinh viên làm việc trên các trait nhỏ đã có của thư viện:
//!
//! - `cat_tia`, `blue_value`/`red_value`, `search` đọc cây qua trait
//!   [`Game`]: `is_terminal`, `payoff`, `legal_moves`, `apply`,
//!   `to_move` — đúng những việc bài giảng làm với một nút. Thư viện đưa vào một
//!   cây [`Watched`] ghi lại mỗi lần hàm của bạn "nhìn" một nút (gọi
//!   `is_terminal`, `payoff` hay `legal_moves` trên nút đó): lần nhìn đầu tiên
//!   là lúc nút được **thăm**. Bạn không phải ghi chép gì.
//! - `mex` nhận một tập số; hàm Grundy đọc trò chơi qua trait
//!   [`ImpartialGame`](crate::grundy::ImpartialGame) (`moves`, `play`) và được
//!   thử trên đồ thị [`GraphGame`].
//!
//! Viết hàm **tổng quát** theo trait (như mã của thư viện), rồi đưa thẳng tên
//! hàm cho bộ kiểm tra:
//!
//! ```
//! use caytrochoi::practice::own;
//! use caytrochoi::{Game, Player};
//!
//! fn cat_tia<G: Game>(game: &G, q: &G::State, mode: Player, vp: f64) -> f64 {
//!     if game.is_terminal(q) {
//!         return game.payoff(q);
//!     }
//!     let mut vq = mode.initial_temp();
//!     for c in game.legal_moves(q) {
//!         let v = cat_tia(game, &game.apply(q, &c), mode.opponent(), vq);
//!         vq = mode.combine(vq, v);
//!         let cut = match mode {
//!             Player::Max => vp <= vq,
//!             Player::Min => vp >= vq,
//!         };
//!         if cut {
//!             break;
//!         }
//!     }
//!     vq
//! }
//!
//! let ket_qua = own::check_cat_tia(cat_tia);
//! assert!(ket_qua.ok(), "{ket_qua}");
//! assert_eq!(ket_qua.checked, caytrochoi::limits::PRACTICE_OWN_TREES);
//! ```

use super::expected::{joined, list};
use super::family::OneAsk;
use super::graph;
use super::level::Level;
use super::mex::MexProblem;
use super::quiet::quietly;
use super::tree_explain::{kind, run, same};
use super::tree_gen::{practice_tree, CutRequirement};
use crate::game::Game;
use crate::grundy::{mex, GraphGame};
use crate::limits::PRACTICE_OWN_TREES;
use crate::player::Player;
use crate::plot::text::escape;
use crate::plot::{Figure, TreeDiagram};
use crate::random::SplitMix64;
use crate::search::{no_bound, Algorithm, Searcher};
use crate::trace::{Replay, TraceEvent};
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;
use std::cell::{Cell, RefCell};
use std::fmt;

/// Cây trò chơi ghi lại những gì hàm của sinh viên nhìn: mỗi nút được thăm lúc
/// hàm gọi `is_terminal`, `payoff` hay `legal_moves` trên nó lần đầu; mỗi lá
/// được định trị lúc hàm gọi `payoff` trên nó lần đầu.
#[derive(Debug)]
pub struct Watched {
    tree: GameTree,
    visits: RefCell<Vec<NodeId>>,
    leaves: RefCell<Vec<NodeId>>,
    calls: Cell<usize>,
}

impl Watched {
    /// Bọc cây `tree`.
    pub fn new(tree: GameTree) -> Watched {
        Watched {
            tree,
            visits: RefCell::default(),
            leaves: RefCell::default(),
            calls: Cell::new(0),
        }
    }

    /// Cây bên trong (để đọc nhãn, vẽ…).
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    fn touch(&self, n: NodeId) {
        self.calls.set(self.calls.get() + 1);
        // Một hàm đúng nhìn mỗi nút vài lần; quá nhiều lần là đệ quy không dừng.
        if self.calls.get() > 50 * self.tree.len() + 1000 {
            panic!("hàm của bạn nhìn các nút quá nhiều lần (có lẽ đệ quy không dừng)");
        }
        push_new(&self.visits, n);
    }
}

/// Thêm `n` vào danh sách nếu chưa có.
fn push_new(list: &RefCell<Vec<NodeId>>, n: NodeId) {
    if !list.borrow().contains(&n) {
        list.borrow_mut().push(n);
    }
}

impl Game for Watched {
    type State = NodeId;
    type Move = NodeId;

    fn initial_state(&self) -> NodeId {
        self.tree.root()
    }
    fn to_move(&self, n: &NodeId) -> Player {
        self.tree.player(*n)
    }
    fn legal_moves(&self, n: &NodeId) -> impl IntoIterator<Item = NodeId> {
        self.touch(*n);
        self.tree.children(*n).to_vec()
    }
    fn apply(&self, _n: &NodeId, child: &NodeId) -> NodeId {
        *child
    }
    fn is_terminal(&self, n: &NodeId) -> bool {
        self.touch(*n);
        self.tree.node(*n).is_leaf()
    }
    fn payoff(&self, n: &NodeId) -> f64 {
        self.touch(*n);
        push_new(&self.leaves, *n);
        self.tree.node(*n).value.unwrap_or(f64::NAN)
    }
    fn move_name(&self, _n: &NodeId, child: &NodeId) -> String {
        self.tree.label(*child).to_string()
    }
    fn state_label(&self, n: &NodeId) -> Option<String> {
        Some(self.tree.label(*n).to_string())
    }
}

/// Một lần định trị, kể lại để so: giá trị, các nút theo thứ tự được thăm (mỗi
/// dòng một nút), các cây con bị cắt.
#[derive(Debug, Clone, PartialEq)]
pub struct RunLog {
    /// Giá trị của gốc (`None`: hàm dừng vì panic).
    pub value: Option<f64>,
    /// Nhãn các nút theo thứ tự được thăm.
    pub visits: Vec<String>,
    /// Mỗi lần thăm, bằng lời.
    pub lines: Vec<String>,
    /// Gốc các cây con bị cắt (con của một nút đã xét mà không bao giờ được thăm).
    pub pruned: Vec<String>,
}

/// Bài đầu tiên mà hàm của bạn và thư viện cho kết quả khác nhau.
#[derive(Debug, Clone, PartialEq)]
pub enum Difference {
    /// Trên một cây.
    Tree {
        /// Cây.
        tree: GameTree,
        /// Thuật toán của thư viện được đem so.
        algorithm: Algorithm,
        /// Các chỗ khác nhau, bằng lời.
        problems: Vec<String>,
        /// Vết của thư viện.
        library: RunLog,
        /// Vết của bạn.
        yours: RunLog,
    },
    /// mex của một tập.
    Mex {
        /// Tập.
        set: Vec<u32>,
        /// mex đúng.
        library: u32,
        /// Kết quả của bạn (`None`: hàm dừng vì panic).
        yours: Option<u32>,
    },
    /// G của các đỉnh một đồ thị.
    Graph {
        /// Đồ thị.
        graph: GraphGame,
        /// G đúng của từng đỉnh.
        library: Vec<u32>,
        /// G của bạn (`None`: hàm dừng vì panic ở đỉnh đó).
        yours: Vec<Option<u32>>,
    },
}

/// Kết quả so hàm của bạn với thư viện.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnCheck {
    /// Tên hàm được kiểm tra.
    pub what: String,
    /// Số bài đã so (dừng ở bài khác đầu tiên).
    pub checked: usize,
    /// Bài khác đầu tiên (nếu có).
    pub first_difference: Option<Difference>,
}

/// Kiểu của một dòng trong bảng HTML: dòng khác (`true`) tô đỏ.
fn marked(differs: bool) -> &'static str {
    if differs {
        " style=\"background:#fdecea;font-weight:bold\""
    } else {
        ""
    }
}
/// Đầu một bảng HTML.
const TABLE: &str = "<table style=\"border-collapse:collapse;margin-top:6px\"><thead><tr>";
/// Một ô căn trái.
const LEFT: &str = "<td style=\"text-align:left\">";

impl OwnCheck {
    /// `true` nếu hàm của bạn khớp thư viện trên mọi bài.
    pub fn ok(&self) -> bool {
        self.first_difference.is_none()
    }

    /// Hình của bài khác đầu tiên: cây với vết của thư viện (nhánh bị cắt, giá
    /// trị tạm), hoặc đồ thị với G đúng.
    pub fn figure(&self) -> Option<Figure> {
        match &self.first_difference {
            Some(Difference::Tree {
                tree, algorithm, ..
            }) => TreeDiagram::new(tree)
                .search(Searcher::new(*algorithm))
                .ok()?
                .temp_values(true)
                .title("Cây đầu tiên khác nhau — lời giải của thư viện")
                .draw()
                .ok(),
            Some(Difference::Graph { graph, .. }) => {
                graph::figure(graph, "Đồ thị đầu tiên khác nhau — G đúng", true).ok()
            }
            _ => None,
        }
    }

    /// Báo cáo HTML: kết luận, hình, hai vết cạnh nhau (dòng khác đầu tiên tô đỏ).
    pub fn to_html(&self) -> String {
        let (icon, bg, border) = if self.ok() {
            ("✅", "#e8f6ec", "#1a8f3a")
        } else {
            ("❌", "#fdecea", "#c0392b")
        };
        let mut h = format!(
            "<div style=\"font-family:sans-serif;line-height:1.45\"><div style=\"border-left:5px solid {border};\
             background:{bg};padding:8px 12px;white-space:pre-wrap\">{icon} {}</div>",
            escape(&self.headline())
        );
        if let Some(f) = self.figure() {
            h.push_str(&format!("<div style=\"overflow-x:auto\">{}</div>", f.svg()));
        }
        match &self.first_difference {
            Some(Difference::Tree { library, yours, .. }) => {
                h.push_str(&format!(
                    "{TABLE}<th>#</th><th style=\"text-align:left\">Thư viện</th><th style=\"text-align:left\">Của bạn</th></tr></thead><tbody>"
                ));
                for (i, first, lib, mine) in side_by_side(library, yours) {
                    let (style, lib, mine) = (marked(first), escape(lib), escape(mine));
                    h.push_str(&format!(
                        "<tr{style}><td>{i}</td>{LEFT}{lib}</td>{LEFT}{mine}</td></tr>"
                    ));
                }
                let (lib, mine) = (escape(&summary(library)), escape(&summary(yours)));
                h.push_str(&format!(
                    "<tr><td></td>{LEFT}<b>{lib}</b></td>{LEFT}<b>{mine}</b></td></tr></tbody></table>"
                ));
            }
            Some(Difference::Graph {
                graph,
                library,
                yours,
            }) => {
                h.push_str(&format!("{TABLE}<th>Đỉnh</th><th>Đi tới</th><th>G (thư viện)</th><th>G (của bạn)</th></tr></thead><tbody>"));
                for v in graph.nodes() {
                    let style = marked(yours[v] != Some(library[v]));
                    let (label, to) = (graph.name(v), escape(&graph::targets(graph, v)));
                    let mine = escape(&or_panic(yours[v]));
                    h.push_str(&format!(
                        "<tr{style}><td>{label}</td><td>{to}</td><td>{}</td><td>{mine}</td></tr>",
                        library[v]
                    ));
                }
                h.push_str("</tbody></table>");
            }
            _ => {}
        }
        h.push_str("</div>");
        h
    }

    /// Hiện báo cáo trong notebook evcxr.
    pub fn evcxr_display(&self) {
        crate::display::emit("text/html", &self.to_html());
    }

    /// Câu kết luận.
    pub fn headline(&self) -> String {
        let (what, checked) = (&self.what, self.checked);
        let differs = format!("{what} của bạn khác thư viện ở bài thứ {checked}");
        match &self.first_difference {
            None => format!("{what} của bạn khớp thư viện trên cả {checked} bài sinh ngẫu nhiên."),
            Some(Difference::Tree { tree, problems, .. }) => format!(
                "{differs} (cây {}, gốc {}):\n• {}",
                tree.to_text(),
                tree.root_player(),
                problems.join("\n• ")
            ),
            Some(Difference::Mex {
                set,
                library,
                yours,
            }) => format!(
                "{differs}: mex{{{}}} = {library}, hàm của bạn cho {}.",
                list(set),
                or_panic(*yours)
            ),
            Some(Difference::Graph {
                graph,
                library,
                yours,
            }) => {
                let bad = (graph.nodes())
                    .filter(|&v| yours[v] != Some(library[v]))
                    .map(|v| {
                        let (name, mine) = (graph.name(v), or_panic(yours[v]));
                        format!("G({name}) = {}, hàm của bạn cho {mine}", library[v])
                    });
                let (bad, graph) = (joined(bad, "\n• "), graph::describe(graph));
                format!("{differs} (đồ thị {graph}):\n• {bad}")
            }
        }
    }
}

impl fmt::Display for OwnCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let icon = if self.ok() { "✅" } else { "❌" };
        write!(f, "{icon} {}", self.headline())?;
        if let Some(Difference::Tree { library, yours, .. }) = &self.first_difference {
            let w = library.lines.iter().map(|l| l.chars().count());
            let w = w.max().unwrap_or(10).clamp(10, 70);
            write!(f, "\n\n {:>3}  {:<w$}  Của bạn", "#", "Thư viện")?;
            for (i, first, lib, mine) in side_by_side(library, yours) {
                let mark = if first { "→" } else { " " };
                write!(f, "\n{mark}{i:>3}  {lib:<w$}  {mine}")?;
            }
            write!(f, "\n      {:<w$}  {}", summary(library), summary(yours))?;
        }
        Ok(())
    }
}

/// Các dòng của hai vết đặt cạnh nhau: số thứ tự (từ 1), có phải dòng khác đầu
/// tiên, dòng của thư viện, dòng của bạn.
fn side_by_side<'a>(
    library: &'a RunLog,
    yours: &'a RunLog,
) -> impl Iterator<Item = (usize, bool, &'a str, &'a str)> {
    let first = first_mismatch(&library.visits, &yours.visits);
    let line = |log: &'a RunLog, i: usize| log.lines.get(i).map_or("", String::as_str);
    (0..library.lines.len().max(yours.lines.len()))
        .map(move |i| (i + 1, Some(i) == first, line(library, i), line(yours, i)))
}

/// Kết quả của hàm sinh viên, hay "panic" nếu hàm dừng vì panic.
fn or_panic(x: Option<impl fmt::Display>) -> String {
    x.map_or("panic".to_string(), |x| x.to_string())
}

fn summary(log: &RunLog) -> String {
    let cut = if log.pruned.is_empty() {
        "không cắt gì".to_string()
    } else {
        format!("cắt {}", log.pruned.join(", "))
    };
    let value = or_panic(log.value.map(fmt_value));
    format!("giá trị {value}; {cut}")
}

fn first_mismatch(a: &[String], b: &[String]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}

/// So hàm của bạn với thư viện trên từng bài của `cases`, dừng ở bài đầu tiên
/// mà `differ` thấy khác.
fn first_difference<T>(
    what: &str,
    cases: Vec<T>,
    differ: impl Fn(T) -> Option<Difference>,
) -> OwnCheck {
    let all = cases.len();
    let found = (cases.into_iter().enumerate()).find_map(|(i, c)| Some((i + 1, differ(c)?)));
    OwnCheck {
        what: what.to_string(),
        checked: found.as_ref().map_or(all, |(i, _)| *i),
        first_difference: found.map(|(_, d)| d),
    }
}

/// Các cây dùng để so: đủ ba mức, gốc MAX và MIN, phần lớn có cắt tỉa và nhiều
/// cây có nhát cắt sâu (để phân biệt `cat_tia` với cửa sổ).
fn test_trees() -> Vec<GameTree> {
    (0..PRACTICE_OWN_TREES as u64)
        .map(|i| {
            let level = Level::ALL[(i % 3) as usize];
            let root = [Player::Max, Player::Min][(i / 3 % 2) as usize];
            let want = match (level, i % 4) {
                (Level::Hard, 0 | 1) => CutRequirement::Deep,
                (_, 3) => CutRequirement::Any,
                _ => CutRequirement::AtLeast(1),
            };
            practice_tree(1_000 + i, level, root, want)
        })
        .collect()
}

/// Vết của thư viện trên `tree` với `algorithm`, đọc qua phát lại.
fn library_log(tree: &GameTree, algorithm: Algorithm) -> RunLog {
    let r = run(tree, algorithm);
    let mut replay = Replay::new(&r.trace);
    let (mut visits, mut lines) = (Vec::new(), Vec::new());
    while let Some(e) = replay.advance() {
        if let TraceEvent::Enter { node, .. } | TraceEvent::Leaf { node, .. } = e {
            visits.push(r.trace.label(*node).to_string());
            lines.push(r.trace.sentence(e));
        }
    }
    RunLog {
        value: Some(r.value),
        visits,
        lines,
        pruned: r.pruned,
    }
}

/// Vết của hàm sinh viên, từ những gì cây [`Watched`] ghi lại.
fn your_log(w: &Watched, value: Option<f64>) -> RunLog {
    let (t, visits) = (&w.tree, w.visits.borrow());
    let lines = visits.iter().map(|&n| {
        let (label, value) = (t.label(n), t.node(n).value.unwrap_or(f64::NAN));
        if !t.node(n).is_leaf() {
            format!("thăm {label} ({})", kind(t.player(n)))
        } else if w.leaves.borrow().contains(&n) {
            format!("thăm lá {label}, lấy giá trị {}", fmt_value(value))
        } else {
            format!("thăm lá {label} (không lấy giá trị)")
        }
    });
    // Con của một nút đã thăm mà không bao giờ được thăm.
    let pruned = visits.iter().flat_map(|&n| t.children(n));
    let pruned = pruned.filter(|c| !visits.contains(c));
    RunLog {
        value,
        visits: visits.iter().map(|&n| t.label(n).to_string()).collect(),
        lines: lines.collect(),
        pruned: pruned.map(|&c| t.label(c).to_string()).collect(),
    }
}

/// So một lần chạy của bạn với thư viện; rỗng nếu khớp.
fn compare(library: &RunLog, yours: &RunLog, panic: Option<&str>) -> Vec<String> {
    if let Some(p) = panic {
        return vec![format!("hàm của bạn dừng vì panic: {p}")];
    }
    let mut out = Vec::new();
    let same_value = library.value.zip(yours.value);
    if !same_value.is_some_and(|(a, b)| same(a, b)) {
        let value = |v: Option<f64>| v.map_or("?".into(), fmt_value);
        let (lib, mine) = (value(library.value), value(yours.value));
        out.push(format!("giá trị của gốc: thư viện {lib}, của bạn {mine}"));
    }
    let only = |a: &RunLog, b: &RunLog| list(a.pruned.iter().filter(|p| !b.pruned.contains(p)));
    let (extra, missed) = (only(yours, library), only(library, yours));
    if !extra.is_empty() {
        out.push(format!("bạn cắt thừa: {extra} (thư viện vẫn xét)"));
    }
    if !missed.is_empty() {
        out.push(format!("bạn không cắt: {missed} (thư viện cắt)"));
    }
    if let Some(i) = first_mismatch(&library.visits, &yours.visits) {
        if extra.is_empty() && missed.is_empty() {
            let at = |log: &RunLog| log.visits.get(i).cloned().unwrap_or("(hết)".into());
            let (lib, mine) = (at(library), at(yours));
            out.push(format!(
                "thứ tự thăm khác từ bước {}: thư viện thăm {lib}, bạn thăm {mine}",
                i + 1
            ));
        }
    }
    out
}

fn check_trees(
    what: &str,
    algorithm: Algorithm,
    call: impl Fn(&Watched, &NodeId, Player) -> f64,
) -> OwnCheck {
    first_difference(what, test_trees(), |tree| {
        let library = library_log(&tree, algorithm);
        let w = Watched::new(tree.clone());
        let got = quietly(|| call(&w, &tree.root(), tree.root_player()));
        let yours = your_log(&w, got.as_ref().ok().copied());
        let problems = compare(&library, &yours, got.err().as_deref());
        (!problems.is_empty()).then_some(Difference::Tree {
            tree,
            algorithm,
            problems,
            library,
            yours,
        })
    })
}

/// So hàm `cat_tia(game, q, mode, vp)` của bạn với `cat_tia` của thư viện trên
/// [`PRACTICE_OWN_TREES`] cây: giá trị của gốc, thứ tự thăm các nút và các cây con bị cắt.
/// Ở gốc, hàm của bạn được gọi với `vp = no_bound(mode)` (+∞ cho nút MAX, −∞
/// cho nút MIN), như thư viện.
pub fn check_cat_tia<F>(cat_tia: F) -> OwnCheck
where
    F: Fn(&Watched, &NodeId, Player, f64) -> f64,
{
    check_trees("cat_tia", Algorithm::CatTia, |g, q, mode| {
        cat_tia(g, q, mode, no_bound(mode))
    })
}

/// So cặp hàm `blue_value(game, b, α, β)` (nút MAX) và `red_value(game, b, α, β)`
/// (nút MIN) của bạn với dạng cửa sổ của thư viện: gốc MAX gọi `blue_value`, gốc
/// MIN gọi `red_value`, với α = −∞, β = +∞.
pub fn check_blue_red<B, R>(blue_value: B, red_value: R) -> OwnCheck
where
    B: Fn(&Watched, &NodeId, f64, f64) -> f64,
    R: Fn(&Watched, &NodeId, f64, f64) -> f64,
{
    check_trees(
        "blue_value / red_value",
        Algorithm::Window,
        |g, q, mode| match mode {
            Player::Max => blue_value(g, q, f64::NEG_INFINITY, f64::INFINITY),
            Player::Min => red_value(g, q, f64::NEG_INFINITY, f64::INFINITY),
        },
    )
}

/// So hàm vét cạn `search(game, n, mode)` của bạn với `search` của thư viện.
pub fn check_search<F>(search: F) -> OwnCheck
where
    F: Fn(&Watched, &NodeId, Player) -> f64,
{
    check_trees("search (vét cạn)", Algorithm::Minimax, search)
}

/// Các tập dùng để so mex: vài trường hợp biên (tập rỗng, không có 0, số lớn,
/// lặp) rồi các tập sinh ngẫu nhiên.
fn test_sets() -> Vec<Vec<u32>> {
    let mut sets = vec![
        vec![],
        vec![0],
        vec![1],
        vec![1, 4, 0, 1],
        vec![0, 1, 2, 3],
        vec![3, 2, 1, 0],
        vec![0, 0, 0],
        vec![5, 6, 7],
        vec![0, 2, 1000],
    ];
    let mut rng = SplitMix64::new(77);
    while sets.len() < PRACTICE_OWN_TREES {
        let level = Level::ALL[sets.len() % 3];
        sets.push(<MexProblem as OneAsk>::random(&mut rng, level).0);
    }
    sets
}

/// So hàm `mex(tập)` của bạn với [`mex`](fn@crate::grundy::mex) của thư viện.
pub fn check_mex<F>(your_mex: F) -> OwnCheck
where
    F: Fn(&[u32]) -> u32,
{
    first_difference("mex", test_sets(), |set| {
        let library = mex(set.iter().copied());
        let yours = quietly(|| your_mex(&set)).ok();
        (yours != Some(library)).then_some(Difference::Mex {
            set,
            library,
            yours,
        })
    })
}

/// So hàm Grundy `grundy(game, x)` của bạn (viết cho mọi
/// [`ImpartialGame`](crate::grundy::ImpartialGame)) với thư viện, trên G của
/// mọi đỉnh của [`PRACTICE_OWN_TREES`] đồ thị nhỏ.
///
/// ```
/// use caytrochoi::grundy::ImpartialGame;
/// use caytrochoi::practice::own;
///
/// fn mex(s: &[u32]) -> u32 {
///     (0..).find(|k| !s.contains(k)).unwrap_or(0)
/// }
/// fn grundy<G: ImpartialGame>(game: &G, x: &G::Position) -> u32 {
///     let g: Vec<u32> = game.successors(x).iter().map(|y| grundy(game, y)).collect();
///     mex(&g)
/// }
/// assert!(own::check_mex(mex).ok());
/// assert!(own::check_grundy(grundy).ok());
/// ```
pub fn check_grundy<F>(your_grundy: F) -> OwnCheck
where
    F: Fn(&GraphGame, &usize) -> u32,
{
    let mut rng = SplitMix64::new(2024);
    let graphs = (0..PRACTICE_OWN_TREES).map(|i| graph::random(&mut rng, Level::ALL[i % 3]));
    first_difference("Hàm Grundy", graphs.collect(), |graph| {
        let library = graph::values(&graph);
        let yours: Vec<Option<u32>> = (0..library.len())
            .map(|v| quietly(|| your_grundy(&graph, &v)).ok())
            .collect();
        let same = (0..library.len()).all(|v| yours[v] == Some(library[v]));
        (!same).then_some(Difference::Graph {
            graph,
            library,
            yours,
        })
    })
}

//! Hình cây trò chơi: nút MAX hình vuông, nút MIN hình tròn, giá trị tạm ghi bên
//! trái mỗi nút (từ trên xuống, như hình vẽ bài giảng), giá trị ghi bên phải,
//! nhánh bị cắt vẽ nét đứt màu xám với dấu cắt `=` và lý do, đường đi chính tô
//! đậm, tên các mức (MAX/MIN) ghi bên lề trái.

use super::error::PlotError;
use super::svg::{Anchor, Figure, SvgDoc, TextStyle};
use super::text::{escape, width, wrap};
use super::tree_layout::tidy_x;
use crate::player::Player;
use crate::search::{SearchResult, Searcher};
use crate::trace::{Cut, LeafKind, Status, Trace, TraceEvent};
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;
use std::collections::{HashMap, HashSet};

/// Bán kính (nửa cạnh) của hình nút.
const R: f64 = 14.0;
const LABEL_SIZE: f64 = 13.0;
const TEMP_SIZE: f64 = 11.0;
const TEMP_LINE: f64 = 13.0;
const VALUE_SIZE: f64 = 13.0;
const NOTE_SIZE: f64 = 11.0;
const GAP: f64 = 12.0;
const MARGIN: f64 = 16.0;

const MAX_FILL: &str = "#dce8fb";
const MAX_STROKE: &str = "#1f4e96";
const MIN_FILL: &str = "#fde0dc";
const MIN_STROKE: &str = "#a32d1f";
const GREY: &str = "#9a9a9a";
const FAINT: &str = "#c4c4c4";
const PV: &str = "#1a8f3a";
const LEAF_FILL: &str = "#f1e6c8";
const LEAF_STROKE: &str = "#6b5200";
/// Cạnh một ô của bàn cờ 3 × 3 vẽ dưới nút.
const CELL: f64 = 13.0;
const CURRENT: &str = "#e67e00";
const CUT: &str = "#c0392b";

/// Vẽ cây trò chơi: hình dạng, nhãn, giá trị lá (chưa định trị).
///
/// ```
/// use caytrochoi::{plot, tree::GameTree};
/// let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
/// let hinh = plot::tree(&cay).unwrap();
/// assert!(hinh.svg().contains(">MAX<"));
/// ```
pub fn tree(tree: &GameTree) -> Result<Figure, PlotError> {
    TreeDiagram::new(tree).draw()
}

/// Chạy `searcher` trên cây (có ghi vết) rồi vẽ: giá trị các nút, nhánh bị cắt,
/// đường đi chính; `temp_values`: ghi cả các giá trị tạm bên cạnh mỗi nút.
pub fn search_tree(
    tree: &GameTree,
    searcher: Searcher,
    temp_values: bool,
) -> Result<Figure, PlotError> {
    TreeDiagram::new(tree)
        .search(searcher)?
        .temp_values(temp_values)
        .draw()
}

/// Cách vẽ một cây: dựng bằng [`TreeDiagram::new`], thêm kết quả tìm kiếm và
/// các tùy chọn, rồi gọi [`TreeDiagram::draw`].
///
/// ```
/// use caytrochoi::{plot::TreeDiagram, tree::GameTree, Searcher};
/// let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
/// let hinh = TreeDiagram::new(&cay)
///     .search(Searcher::minimax()).unwrap()
///     .temp_values(true)
///     .levels("X đi / Max", "O đi / Min")
///     .draw().unwrap();
/// assert!(hinh.svg().contains("Max(-∞, 1) = 1"));
/// ```
#[derive(Debug, Clone)]
pub struct TreeDiagram<'a> {
    tree: &'a GameTree,
    trace: Option<Trace>,
    pv: Vec<String>,
    temp_values: bool,
    max_label: String,
    min_label: String,
    title: Option<String>,
    max_depth: u32,
    max_nodes: usize,
    step: Option<usize>,
    notes: bool,
    leaf_frame: bool,
    leaf_texts: HashMap<String, String>,
    level_names: Vec<String>,
}

impl<'a> TreeDiagram<'a> {
    /// Hình của cây `tree`, chưa có kết quả tìm kiếm.
    pub fn new(tree: &'a GameTree) -> TreeDiagram<'a> {
        TreeDiagram {
            tree,
            trace: None,
            pv: Vec::new(),
            temp_values: false,
            max_label: "MAX".to_string(),
            min_label: "MIN".to_string(),
            title: None,
            max_depth: 6,
            max_nodes: 150,
            step: None,
            notes: false,
            leaf_frame: false,
            leaf_texts: HashMap::new(),
            level_names: Vec::new(),
        }
    }

    /// Chạy `searcher` (tự bật ghi vết) và dùng kết quả để vẽ.
    pub fn search(self, searcher: Searcher) -> Result<TreeDiagram<'a>, PlotError> {
        let result = searcher
            .trace()
            .run(self.tree)
            .map_err(|e| PlotError::Search(e.to_string()))?;
        Ok(self.result(&result))
    }

    /// Dùng kết quả tìm kiếm có sẵn: vết (nếu có) và đường đi chính.
    pub fn result<M>(mut self, result: &SearchResult<M>) -> TreeDiagram<'a> {
        self.trace = result.trace.clone();
        self.pv = result.principal_variation_names.clone();
        self
    }

    /// Dùng một vết có sẵn (không có đường đi chính).
    pub fn trace(mut self, trace: &Trace) -> TreeDiagram<'a> {
        self.trace = Some(trace.clone());
        self
    }

    /// Ghi (hoặc không) các giá trị tạm bên trái mỗi nút.
    pub fn temp_values(mut self, on: bool) -> TreeDiagram<'a> {
        self.temp_values = on;
        self
    }

    /// Tên các mức ghi bên lề, ví dụ `("X đi / Max", "O đi / Min")`.
    /// Mặc định `("MAX", "MIN")`.
    pub fn levels(mut self, max: &str, min: &str) -> TreeDiagram<'a> {
        self.max_label = max.to_string();
        self.min_label = min.to_string();
        self
    }

    /// Tiêu đề của hình (mặc định: tên thuật toán).
    pub fn title(mut self, title: &str) -> TreeDiagram<'a> {
        self.title = Some(title.to_string());
        self
    }

    /// Chỉ vẽ đến độ sâu `d` (mặc định 6).
    pub fn max_depth(mut self, d: u32) -> TreeDiagram<'a> {
        self.max_depth = d;
        self
    }

    /// Vẽ nhiều nhất khoảng `n` nút (mặc định 150): cây lớn hơn chỉ được vẽ đến
    /// độ sâu lớn nhất còn vừa, kèm ghi chú số nút không vẽ.
    pub fn max_nodes(mut self, n: usize) -> TreeDiagram<'a> {
        self.max_nodes = n;
        self
    }

    /// Vẽ tình trạng sau `k` bước đầu của vết (0: chưa xét nút nào).
    pub fn step(mut self, k: usize) -> TreeDiagram<'a> {
        self.step = Some(k);
        self
    }

    /// Vẽ (hoặc không) ghi chú của mỗi nút ngay dưới nút: ghi chú dạng bàn cờ
    /// 3 × 3 (`X.X/XO./O.O`) thành một bàn cờ nhỏ, ghi chú khác (ví dụ trạng
    /// thái Nim `5-1-1`) thành một dòng chữ.
    ///
    /// ```
    /// use caytrochoi::{plot::TreeDiagram, tree::GameTree};
    /// use caytrochoi::games::{NimSplit, TicTacToe};
    /// use caytrochoi::{Game, Player};
    /// let game = TicTacToe::new();
    /// let board = TicTacToe::parse_board("X.X/XO./O.O").unwrap();
    /// let cay = GameTree::from_game(&game, &board, 9).unwrap();
    /// let hinh = TreeDiagram::new(&cay).notes(true).draw().unwrap();
    /// assert_eq!(hinh.svg().matches("class=\"board\"").count(), cay.len());
    /// let nim = NimSplit::new(7, Player::Min);
    /// let cay = GameTree::from_game(&nim, &nim.initial_state(), 10).unwrap();
    /// let hinh = TreeDiagram::new(&cay).notes(true).draw().unwrap();
    /// assert!(hinh.svg().contains(">5-1-1</text>"));
    /// ```
    pub fn notes(mut self, on: bool) -> TreeDiagram<'a> {
        self.notes = on;
        self
    }

    /// Vẽ (hoặc không) nút lá khác hẳn nút trong: tô nền vàng nhạt, viền đôi.
    pub fn leaf_frame(mut self, on: bool) -> TreeDiagram<'a> {
        self.leaf_frame = on;
        self
    }

    /// Ghi `text` dưới nút lá `label` thay cho giá trị của nó, ví dụ cách tính
    /// giá trị `6 − 5 = 1`. Nhãn không có trong cây thì bị bỏ qua.
    ///
    /// ```
    /// use caytrochoi::{plot::TreeDiagram, tree::GameTree};
    /// let cay = GameTree::parse("A(B:1, C:-1)").unwrap();
    /// let hinh = TreeDiagram::new(&cay).leaf_text("B", "3 − 2 = 1").draw().unwrap();
    /// assert!(hinh.svg().contains(">3 − 2 = 1</text>"));
    /// ```
    pub fn leaf_text(mut self, label: &str, text: &str) -> TreeDiagram<'a> {
        self.leaf_texts.insert(label.to_string(), text.to_string());
        self
    }

    /// Tên riêng cho từng mức, từ gốc xuống (ví dụ `["MAX", "MIN", "MAX", "lá"]`);
    /// các mức sâu hơn danh sách vẫn dùng tên của [`TreeDiagram::levels`].
    pub fn level_names(mut self, names: &[&str]) -> TreeDiagram<'a> {
        self.level_names = names.iter().map(|n| n.to_string()).collect();
        self
    }

    /// Số bước của vết (0 nếu chưa có vết).
    pub fn step_count(&self) -> usize {
        self.trace.as_ref().map_or(0, Trace::len)
    }

    /// Vẽ hình.
    pub fn draw(&self) -> Result<Figure, PlotError> {
        let model = Model::build(self)?;
        Ok(render(self, &model))
    }
}

/// Tình trạng một nút trên hình.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Bình thường (đã xét, hoặc cây chưa định trị).
    Normal,
    /// Nút của bước đang xem.
    Current,
    /// Chưa xét (hoặc không được xét vì dưới độ sâu giới hạn).
    Unvisited,
    /// Thuộc một cây con bị cắt tỉa.
    Pruned,
}

/// Lời giải thích một lần cắt, ghi bên phải gốc cây con bị cắt.
#[derive(Debug, Clone)]
struct CutNote {
    /// Dạng SVG (có chỉ số dưới).
    svg: String,
    /// Dạng chữ thường, để đo bề rộng và ghi trong `data-reason`.
    plain: String,
    /// So sánh ngắn, ví dụ `1 ≥ 0`.
    short: String,
}

#[derive(Debug, Clone)]
struct Mark {
    id: NodeId,
    player: Player,
    state: State,
    temps: Vec<String>,
    /// Giá trị ghi bên phải (nút trong đã định trị) và có phải ước lượng không.
    value: Option<(f64, bool)>,
    /// Giá trị lá ghi bên dưới.
    leaf_value: Option<f64>,
    cut: Option<CutNote>,
    /// Cạnh từ cha vào nút này thuộc đường đi chính.
    pv: bool,
    /// Số nút con cháu không vẽ.
    hidden: usize,
    half: f64,
    /// Ghi chú vẽ dưới nút.
    note: Option<Note>,
    /// Nút lá được vẽ khác nút trong (tùy chọn `leaf_frame`).
    framed_leaf: bool,
    /// Chữ ghi dưới nút lá thay cho giá trị (tùy chọn `leaf_text`).
    leaf_text: Option<String>,
}

/// Ghi chú của một nút trên hình.
#[derive(Debug, Clone, PartialEq)]
enum Note {
    /// Bàn cờ 3 × 3, đọc theo hàng từ trên xuống.
    Board([char; 9]),
    /// Một dòng chữ.
    Text(String),
}

impl Note {
    /// Nhận ra bàn cờ `xxx/xxx/xxx` (ký tự `X`, `O`, `.`), còn lại là chữ.
    fn parse(text: &str) -> Option<Note> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        let rows: Vec<&str> = text.split('/').collect();
        let is_board = rows.len() == 3
            && rows.iter().all(|r| {
                r.chars().count() == 3
                    && r.chars()
                        .all(|c| matches!(c, 'X' | 'O' | 'x' | 'o' | '.' | '-' | '_'))
            });
        if is_board {
            let mut cells = ['.'; 9];
            for (i, c) in rows.iter().flat_map(|r| r.chars()).enumerate() {
                cells[i] = c.to_ascii_uppercase();
            }
            Some(Note::Board(cells))
        } else {
            Some(Note::Text(text.to_string()))
        }
    }

    /// Nửa bề rộng.
    fn half_width(&self) -> f64 {
        match self {
            Note::Board(_) => 1.5 * CELL,
            Note::Text(t) => width(t, NOTE_SIZE) / 2.0,
        }
    }

    /// Chiều cao chiếm dưới nút (kể cả khoảng cách phía trên).
    fn height(&self) -> f64 {
        match self {
            Note::Board(_) => 3.0 * CELL + 5.0,
            Note::Text(_) => 15.0,
        }
    }
}

struct Model {
    marks: Vec<Mark>,
    /// Chỉ số trong `marks` theo `NodeId`.
    index: HashMap<NodeId, usize>,
    children: Vec<Vec<usize>>,
    depth_drawn: u32,
    hidden_total: usize,
    caption: Option<String>,
    summary: Option<String>,
    has_cuts: bool,
    has_unvisited: bool,
    has_pv: bool,
}

impl Model {
    fn build(d: &TreeDiagram) -> Result<Model, PlotError> {
        let tree = d.tree;
        if d.step.is_some() && d.trace.is_none() {
            return Err(PlotError::invalid(
                "muốn vẽ từng bước thì cần một vết: gọi .search(...) hoặc .trace(...) trước",
            ));
        }
        // Độ sâu vẽ được.
        let mut per_depth: Vec<usize> = Vec::new();
        for n in tree.nodes() {
            let dd = n.depth as usize;
            if per_depth.len() <= dd {
                per_depth.resize(dd + 1, 0);
            }
            per_depth[dd] += 1;
        }
        let mut depth_drawn = 0u32;
        let mut count = per_depth[0];
        for (dd, &c) in per_depth.iter().enumerate().skip(1) {
            if dd as u32 > d.max_depth || count + c > d.max_nodes.max(1) {
                break;
            }
            count += c;
            depth_drawn = dd as u32;
        }
        if depth_drawn == 0 && per_depth.len() > 1 && d.max_depth > 0 {
            // Gốc có quá nhiều con: vẫn vẽ mức đầu tiên.
            depth_drawn = 1;
            count += per_depth[1];
        }
        let hidden_total = tree.len() - count;

        // Thông tin từ vết.
        let full = d.trace.as_ref();
        let shown: Option<Trace> = match (full, d.step) {
            (Some(t), Some(k)) => {
                if k > t.len() {
                    return Err(PlotError::invalid(format!(
                        "bước {k} vượt quá số bước của vết ({})",
                        t.len()
                    )));
                }
                Some(t.prefix(k))
            }
            (Some(t), None) => Some(t.clone()),
            _ => None,
        };
        let labels = tree.label_index();
        let find = |l: &str| -> Result<NodeId, PlotError> {
            labels.get(l).copied().ok_or_else(|| {
                PlotError::invalid(format!("vết không khớp với cây: cây không có nút `{l}`"))
            })
        };
        let mut visited: HashSet<NodeId> = HashSet::new();
        let mut values: HashMap<NodeId, (f64, bool)> = HashMap::new();
        let mut cuts: HashMap<NodeId, CutNote> = HashMap::new();
        let mut temps: HashMap<NodeId, Vec<String>> = HashMap::new();
        let mut current = None;
        if let Some(t) = &shown {
            let r = t.replay();
            for (i, st) in r.nodes.iter().enumerate() {
                if st.status == Status::Unseen {
                    continue;
                }
                let id = find(t.label(i))?;
                if st.status == Status::Pruned {
                    if let Some(by) = st.cut_by {
                        if let Some(reason) = &r.nodes[by].cut {
                            cuts.insert(id, cut_note(t, by, reason));
                        }
                    }
                    continue;
                }
                visited.insert(id);
                if let Some(v) = st.value {
                    values.insert(id, (v, st.leaf == Some(LeafKind::Heuristic)));
                }
            }
            current = r.current().map(|i| find(t.label(i))).transpose()?;
            if d.temp_values {
                for row in r.table().rows {
                    if !row.temps.is_empty() {
                        temps.insert(find(&row.node)?, row.temps);
                    }
                }
            }
        }
        // Các nút thuộc cây con bị cắt.
        let mut pruned: HashSet<NodeId> = HashSet::new();
        for &root in cuts.keys() {
            let mut stack = vec![root];
            while let Some(v) = stack.pop() {
                pruned.insert(v);
                stack.extend(tree.children(v).iter().copied());
            }
        }
        // Đường đi chính (chỉ khi đã xem hết vết).
        let mut pv_nodes: HashSet<NodeId> = HashSet::new();
        let finished = d.step.map_or(true, |k| Some(k) == full.map(Trace::len));
        if finished {
            let mut at = tree.root();
            for name in &d.pv {
                match tree.children(at).iter().find(|&&c| tree.label(c) == name) {
                    Some(&c) => {
                        pv_nodes.insert(c);
                        at = c;
                    }
                    None => break,
                }
            }
        }

        let mut marks = Vec::new();
        let mut index = HashMap::new();
        for (i, n) in tree.nodes().iter().enumerate() {
            if n.depth > depth_drawn {
                continue;
            }
            let id = NodeId(i);
            let state = if shown.is_none() {
                State::Normal
            } else if pruned.contains(&id) {
                State::Pruned
            } else if current == Some(id) && d.step.is_some() {
                State::Current
            } else if visited.contains(&id) {
                State::Normal
            } else {
                State::Unvisited
            };
            let hidden = if n.depth == depth_drawn && !n.is_leaf() {
                tree.subtree_labels(id).len() - 1
            } else {
                0
            };
            let leaf_value = if n.is_leaf() { n.value } else { None };
            let value = if n.is_leaf() {
                None
            } else {
                values.get(&id).copied()
            };
            let half = R.max(width(&n.label, LABEL_SIZE) / 2.0 + 6.0);
            let note = if d.notes {
                n.note.as_deref().and_then(Note::parse)
            } else {
                None
            };
            index.insert(id, marks.len());
            marks.push(Mark {
                id,
                player: tree.player(id),
                state,
                temps: temps.remove(&id).unwrap_or_default(),
                value,
                leaf_value,
                cut: cuts.get(&id).cloned(),
                pv: pv_nodes.contains(&id),
                hidden,
                half,
                note,
                framed_leaf: d.leaf_frame && n.is_leaf(),
                leaf_text: if n.is_leaf() {
                    d.leaf_texts.get(&n.label).cloned()
                } else {
                    None
                },
            });
        }
        let mut children = vec![Vec::new(); marks.len()];
        for (k, m) in marks.iter().enumerate() {
            if m.hidden > 0 {
                continue;
            }
            children[k] = tree
                .children(m.id)
                .iter()
                .filter_map(|c| index.get(c).copied())
                .collect();
        }

        let caption = match (d.step, full) {
            (Some(k), Some(t)) => {
                let lines = t.prefix(k).walk_lines();
                let text = if k == 0 {
                    "chưa xét nút nào.".to_string()
                } else {
                    lines.last().cloned().unwrap_or_default()
                };
                Some(format!("Bước {k}/{}: {text}", t.len()))
            }
            _ => None,
        };
        let summary = match (&shown, finished) {
            (Some(t), true) => {
                let root = tree.root();
                let seen = t
                    .events
                    .iter()
                    .filter(|e| matches!(e, TraceEvent::Enter { .. } | TraceEvent::Leaf { .. }))
                    .count();
                let mut s = match values.get(&root) {
                    Some((v, _)) => format!(
                        "Giá trị của gốc {}: {} · đã xét {seen}/{} nút",
                        tree.label(root),
                        fmt_value(*v),
                        tree.len()
                    ),
                    None => format!("Đã xét {seen}/{} nút", tree.len()),
                };
                let mut cut_names: Vec<&str> = cuts.keys().map(|&c| tree.label(c)).collect();
                cut_names.sort_by_key(|l| labels.get(l).map(|n| n.0));
                if !cut_names.is_empty() {
                    s.push_str(&format!(" · bị cắt: {}", cut_names.join(", ")));
                }
                if !d.pv.is_empty() {
                    s.push_str(&format!(
                        " · đường đi chính: {} → {}",
                        tree.label(root),
                        d.pv.join(" → ")
                    ));
                }
                Some(s)
            }
            _ => None,
        };
        let has_cuts = !cuts.is_empty();
        let has_unvisited = marks.iter().any(|m| m.state == State::Unvisited);
        let has_pv = marks.iter().any(|m| m.pv);
        Ok(Model {
            marks,
            index,
            children,
            depth_drawn,
            hidden_total,
            caption,
            summary,
            has_cuts,
            has_unvisited,
            has_pv,
        })
    }
}

/// Lời giải thích cắt tỉa, như bài giảng: "Vì V_A = 1 ≥ V_C = 0".
fn cut_note(trace: &Trace, at: usize, reason: &Cut) -> CutNote {
    let node = trace.label(at);
    let player = trace.nodes[at].player;
    match reason {
        Cut::Vp { vp, vq } => {
            let parent = trace.parent_label(at).unwrap_or_default();
            let op = match player {
                Player::Max => "≤",
                Player::Min => "≥",
            };
            let (vp, vq) = (fmt_value(*vp), fmt_value(*vq));
            let sub = |s: &str| {
                format!(
                    "V<tspan dy=\"3\" font-size=\"8\">{}</tspan><tspan dy=\"-3\" dx=\"3\">",
                    escape(s)
                )
            };
            CutNote {
                svg: format!(
                    "Vì {}{}</tspan> {op} {}{}</tspan>",
                    sub(parent),
                    escape(&format!("= {vp}")),
                    sub(node),
                    escape(&format!("= {vq}"))
                ),
                plain: format!("Vì V{parent} = {vp} {op} V{node} = {vq}"),
                short: format!("{vp} {op} {vq}"),
            }
        }
        Cut::Window { alpha, beta } => {
            let (a, b) = (fmt_value(*alpha), fmt_value(*beta));
            let text = format!("Vì α = {a} ≥ β = {b}");
            CutNote {
                svg: escape(&text),
                plain: text,
                short: format!("{a} ≥ {b}"),
            }
        }
    }
}

/// Bề rộng phần chữ bên trái, bên phải và bên dưới một nút.
fn extents(m: &Mark) -> (f64, f64) {
    let mut left = m.half;
    let mut right = m.half;
    if let Some(w) = m.temps.iter().map(|t| width(t, TEMP_SIZE)).reduce(f64::max) {
        left += 5.0 + w;
    }
    if let Some((v, est)) = m.value {
        right = right.max(m.half + 5.0 + width(&value_text(v, est), VALUE_SIZE) * 1.08);
    }
    if let Some(c) = &m.cut {
        // Dấu cắt ghi bên phải; nếu đã có giá trị thì ghi tiếp sau giá trị.
        right = right.max(m.half + 5.0 + width(&c.plain, NOTE_SIZE));
    }
    let below = below_lines(m)
        .iter()
        .map(|(t, size, _)| width(t, *size) / 2.0)
        .fold(0.0, f64::max)
        .max(m.note.as_ref().map_or(0.0, Note::half_width))
        .max(if m.framed_leaf { m.half + 3.0 } else { 0.0 });
    (left.max(below), right.max(below))
}

fn value_text(v: f64, estimated: bool) -> String {
    if estimated {
        format!("≈{}", fmt_value(v))
    } else {
        fmt_value(v)
    }
}

/// Các dòng chữ dưới nút: giá trị lá, dấu "…" khi còn nút không vẽ.
fn below_lines(m: &Mark) -> Vec<(String, f64, bool)> {
    let mut out = Vec::new();
    if let Some(t) = &m.leaf_text {
        out.push((t.clone(), NOTE_SIZE + 1.0, true));
    } else if let Some(v) = m.leaf_value {
        out.push((fmt_value(v), VALUE_SIZE, true));
    }
    if m.hidden > 0 {
        out.push((format!("… {} nút", m.hidden), NOTE_SIZE, false));
    }
    out
}

/// Khoảng từ tâm nút đến đường chân của dòng chữ đầu tiên bên dưới nút: ngay
/// dưới hình, hoặc dưới các giá trị tạm nếu chúng dài hơn hình.
fn below_start(m: &Mark) -> f64 {
    let after_temps = -R + 9.0 + TEMP_LINE * m.temps.len() as f64 + 3.0;
    (R + 14.0 + note_height(m) + frame_room(m)).max(after_temps)
}

/// Chiều cao của ghi chú dưới nút (0 nếu không có).
fn note_height(m: &Mark) -> f64 {
    m.note.as_ref().map_or(0.0, Note::height)
}

/// Phần viền ngoài của nút lá có viền đôi.
fn frame_room(m: &Mark) -> f64 {
    if m.framed_leaf {
        3.0
    } else {
        0.0
    }
}

/// Khoảng từ tâm nút xuống đáy phần chữ của nó.
fn depth_below(m: &Mark) -> f64 {
    let temps = if m.temps.is_empty() {
        0.0
    } else {
        -R + 9.0 + TEMP_LINE * (m.temps.len() as f64 - 1.0) + 4.0
    };
    let lines = below_lines(m).len() as f64;
    let below = if lines > 0.0 {
        below_start(m) + 15.0 * (lines - 1.0) + 4.0
    } else {
        R + frame_room(m) + note_height(m)
    };
    temps.max(below)
}

fn render(d: &TreeDiagram, model: &Model) -> Figure {
    let marks = &model.marks;
    let ext: Vec<(f64, f64)> = marks.iter().map(extents).collect();
    let xs = tidy_x(&model.children, 0, &ext, GAP);
    let tree_width = marks
        .iter()
        .enumerate()
        .map(|(k, _)| xs[k] + ext[k].1)
        .fold(0.0, f64::max);

    // Phần đầu: tiêu đề, chú thích bước, chú giải.
    let level_w = d
        .level_names
        .iter()
        .chain([&d.max_label, &d.min_label])
        .map(|l| width(l, 12.0))
        .fold(0.0, f64::max)
        + 18.0;
    let title = d.title.clone().unwrap_or_else(|| match &d.trace {
        Some(t) => format!("Cây trò chơi — {}", t.algorithm.name_vi()),
        None => "Cây trò chơi".to_string(),
    });
    let legend = legend_items(model);
    let legend_w: f64 = legend
        .iter()
        .map(|(_, t)| 34.0 + width(t, 12.0) + 14.0)
        .sum();
    let body_w = MARGIN + level_w + tree_width + MARGIN;
    let width_all = body_w.max(legend_w + 2.0 * MARGIN).max(480.0);
    let text_w = width_all - 2.0 * MARGIN;
    let title_lines = wrap(&title, 16.0, text_w);
    let caption_lines = model
        .caption
        .as_ref()
        .map(|c| wrap(c, 13.0, text_w))
        .unwrap_or_default();
    let mut y = MARGIN + 14.0;
    let mut head: Vec<(f64, String, TextStyle)> = Vec::new();
    for l in &title_lines {
        head.push((y, l.clone(), TextStyle::new(16.0).bold()));
        y += 21.0;
    }
    for l in &caption_lines {
        head.push((y, l.clone(), TextStyle::new(13.0).fill("#7a4100")));
        y += 17.0;
    }
    let legend_y = y + 4.0;
    y = legend_y + 26.0;

    // Tung độ từng mức.
    let levels = model.depth_drawn as usize + 1;
    let depth_of = |m: &Mark| d.tree.node(m.id).depth as usize;
    let mut below_max = vec![R; levels];
    for m in marks {
        let l = depth_of(m);
        below_max[l] = below_max[l].max(depth_below(m));
    }
    let mut level_y = vec![0.0; levels];
    let mut bus_y = vec![0.0; levels];
    level_y[0] = y + R;
    for l in 0..levels {
        if l > 0 {
            level_y[l] = bus_y[l - 1] + 22.0 + R;
        }
        bus_y[l] = level_y[l] + below_max[l] + 10.0;
    }
    let tree_bottom = level_y[levels - 1] + below_max[levels - 1];
    let x0 = MARGIN + level_w + ((width_all - body_w) / 2.0).max(0.0);
    let pos = |k: usize| (x0 + xs[k], level_y[depth_of(&marks[k])]);

    let mut foot: Vec<String> = Vec::new();
    if let Some(s) = &model.summary {
        foot.extend(wrap(s, 12.0, text_w));
    }
    if model.hidden_total > 0 {
        foot.extend(wrap(
            &format!(
                "… cây còn {} nút không vẽ (chỉ vẽ đến độ sâu {}).",
                model.hidden_total, model.depth_drawn
            ),
            12.0,
            text_w,
        ));
    }
    let height = tree_bottom + 16.0 + foot.len() as f64 * 16.0 + MARGIN;
    let mut svg = SvgDoc::new(width_all, height);
    for (yy, t, st) in &head {
        svg.text(width_all / 2.0, *yy, t, st);
    }
    draw_legend(&mut svg, &legend, (width_all - legend_w) / 2.0, legend_y);

    // Tên các mức bên lề trái, với đường kẻ mờ.
    for (l, &ly) in level_y.iter().enumerate() {
        let p = if l % 2 == 0 {
            d.tree.root_player()
        } else {
            d.tree.root_player().opponent()
        };
        let (mut name, colour) = match p {
            Player::Max => (&d.max_label, MAX_STROKE),
            Player::Min => (&d.min_label, MIN_STROKE),
        };
        if let Some(own) = d.level_names.get(l) {
            name = own;
        }
        svg.text(
            MARGIN,
            ly + 4.0,
            name,
            &TextStyle::new(12.0)
                .bold()
                .fill(colour)
                .anchor(Anchor::Start)
                .class("level"),
        );
    }

    // Cạnh: nét đứt/mờ trước, bình thường, rồi đường đi chính.
    let mut layers: [Vec<String>; 3] = Default::default();
    for (k, kids) in model.children.iter().enumerate() {
        let (px, py) = pos(k);
        for &c in kids {
            let (cx, cy) = pos(c);
            let m = &marks[c];
            // Cạnh bắt đầu dưới ghi chú của nút cha (nếu có), không cắt qua nó.
            let start = py + R + frame_room(&marks[k]) + note_height(&marks[k]);
            let pts = [
                (px, start),
                (px, bus_y[depth_of(&marks[k])]),
                (cx, bus_y[depth_of(&marks[k])]),
                (cx, cy - R),
            ];
            let (layer, style) = if m.pv {
                (
                    2,
                    format!("stroke=\"{PV}\" stroke-width=\"3.5\" class=\"pv\""),
                )
            } else {
                match m.state {
                    State::Pruned => (
                        0,
                        format!("stroke=\"{GREY}\" stroke-width=\"1.3\" stroke-dasharray=\"5 4\""),
                    ),
                    State::Unvisited => (0, format!("stroke=\"{FAINT}\" stroke-width=\"1.3\"")),
                    _ => (1, "stroke=\"#555555\" stroke-width=\"1.4\"".to_string()),
                }
            };
            let p: Vec<String> = pts
                .iter()
                .map(|(x, y)| format!("{},{}", super::svg::n(*x), super::svg::n(*y)))
                .collect();
            layers[layer].push(format!(
                "<polyline points=\"{}\" fill=\"none\" {style}/>",
                p.join(" ")
            ));
        }
    }
    for layer in &layers {
        for e in layer {
            svg.raw(e);
        }
    }

    // Nút.
    for (k, m) in marks.iter().enumerate() {
        let (x, y) = pos(k);
        draw_node(&mut svg, d.tree, m, x, y);
    }

    // Dấu cắt: hai vạch ngang trên đoạn cạnh vào gốc cây con bị cắt, kèm lý do.
    for (k, m) in marks.iter().enumerate() {
        let Some(c) = &m.cut else { continue };
        let (x, y) = pos(k);
        let top = y - R;
        let label = d.tree.label(m.id);
        svg.open_group(&format!(
            "class=\"cut\" data-node=\"{}\" data-reason=\"{}\"",
            escape(label),
            escape(&c.short)
        ));
        svg.title(&format!("Cắt tỉa cây con {label}: {}", c.plain));
        for dy in [-13.0, -8.0] {
            svg.line(
                x - 8.0,
                top + dy,
                x + 8.0,
                top + dy,
                &format!("stroke=\"{CUT}\" stroke-width=\"2.2\""),
            );
        }
        let note_y = if m.value.is_some() { y + 17.0 } else { y + 4.0 };
        svg.text_raw(
            x + m.half + 5.0,
            note_y,
            &c.svg,
            &TextStyle::new(NOTE_SIZE).fill(CUT).anchor(Anchor::Start),
        );
        svg.close_group();
    }

    let mut fy = tree_bottom + 16.0 + 12.0;
    for l in &foot {
        svg.text(
            MARGIN,
            fy,
            l,
            &TextStyle::new(12.0)
                .fill("#333333")
                .anchor(Anchor::Start)
                .class("note"),
        );
        fy += 16.0;
    }
    svg.finish()
}

fn draw_node(svg: &mut SvgDoc, tree: &GameTree, m: &Mark, x: f64, y: f64) {
    let label = tree.label(m.id);
    let (mut fill, mut stroke) = match m.player {
        Player::Max => (MAX_FILL, MAX_STROKE),
        Player::Min => (MIN_FILL, MIN_STROKE),
    };
    let mut sw = 1.6;
    let mut text_fill = "#111111";
    match m.state {
        State::Normal => {}
        State::Current => {
            fill = "#fff2c6";
            stroke = CURRENT;
            sw = 3.5;
        }
        State::Unvisited => {
            fill = "#ffffff";
            stroke = FAINT;
            text_fill = "#8a8a8a";
        }
        State::Pruned => {
            fill = "#eeeeee";
            stroke = GREY;
            text_fill = "#7a7a7a";
        }
    }
    let kind = match m.player {
        Player::Max => "max",
        Player::Min => "min",
    };
    let state = match m.state {
        State::Normal => "normal",
        State::Current => "current",
        State::Unvisited => "unvisited",
        State::Pruned => "pruned",
    };
    svg.open_group(&format!(
        "class=\"node {kind} {state}\" data-label=\"{}\"",
        escape(label)
    ));
    let dash = if m.state == State::Pruned {
        " stroke-dasharray=\"4 3\""
    } else {
        ""
    };
    if m.framed_leaf && m.state == State::Normal {
        fill = LEAF_FILL;
        // Viền ngoài của viền đôi.
        let outer = format!(
            "fill=\"none\" stroke=\"{LEAF_STROKE}\" stroke-width=\"1.2\" class=\"leaf-frame\""
        );
        match m.player {
            Player::Max => svg.raw(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" {outer}/>",
                super::svg::n(x - m.half - 3.0),
                super::svg::n(y - R - 3.0),
                super::svg::n(2.0 * m.half + 6.0),
                super::svg::n(2.0 * R + 6.0)
            )),
            Player::Min => svg.raw(&format!(
                "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" {outer}/>",
                super::svg::n(x),
                super::svg::n(y),
                super::svg::n(m.half + 3.0),
                super::svg::n(R + 3.0)
            )),
        }
    }
    let style = format!("fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{sw}\"{dash}");
    match m.player {
        Player::Max => svg.raw(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"2\" {style}/>",
            super::svg::n(x - m.half),
            super::svg::n(y - R),
            super::svg::n(2.0 * m.half),
            super::svg::n(2.0 * R)
        )),
        Player::Min => svg.raw(&format!(
            "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" {style}/>",
            super::svg::n(x),
            super::svg::n(y),
            super::svg::n(m.half),
            super::svg::n(R)
        )),
    }
    svg.text(
        x,
        y + 4.5,
        label,
        &TextStyle::new(LABEL_SIZE)
            .bold()
            .fill(text_fill)
            .class("label"),
    );
    // Giá trị tạm bên trái, từ trên xuống.
    for (i, t) in m.temps.iter().enumerate() {
        svg.text(
            x - m.half - 5.0,
            y - R + 9.0 + TEMP_LINE * i as f64,
            t,
            &TextStyle::new(TEMP_SIZE)
                .fill(if m.state == State::Pruned {
                    GREY
                } else {
                    "#444444"
                })
                .anchor(Anchor::End)
                .class("temp"),
        );
    }
    // Giá trị bên phải.
    if let Some((v, est)) = m.value {
        let mut st = TextStyle::new(VALUE_SIZE)
            .bold()
            .fill(stroke)
            .anchor(Anchor::Start)
            .class("value");
        if est {
            st = st.italic();
        }
        svg.text(x + m.half + 5.0, y + 5.0, &value_text(v, est), &st);
    }
    // Ghi chú ngay dưới nút.
    if let Some(note) = &m.note {
        let top = y + R + frame_room(m) + 4.0;
        draw_note(
            svg,
            note,
            x,
            top,
            m.state == State::Normal || m.state == State::Current,
        );
    }
    // Dưới nút: giá trị lá, "…".
    for (i, (t, size, bold)) in below_lines(m).iter().enumerate() {
        let mut st =
            TextStyle::new(*size).fill(if m.state == State::Normal || m.state == State::Current {
                "#111111"
            } else {
                "#8a8a8a"
            });
        if *bold {
            st = st.bold().class("leaf-value");
        } else {
            st = st.class("more");
        }
        svg.text(x, y + below_start(m) + 15.0 * i as f64, t, &st);
    }
    svg.close_group();
}

/// Vẽ ghi chú với mép trên ở tung độ `top`.
fn draw_note(svg: &mut SvgDoc, note: &Note, x: f64, top: f64, active: bool) {
    match note {
        Note::Board(cells) => {
            let left = x - 1.5 * CELL;
            svg.open_group("class=\"board\"");
            svg.rect(left, top, 3.0 * CELL, 3.0 * CELL, "#ffffff", "#555555", 1.0);
            for k in 1..3 {
                let d = CELL * k as f64;
                let grid = "stroke=\"#888888\" stroke-width=\"0.7\"";
                svg.line(left + d, top, left + d, top + 3.0 * CELL, grid);
                svg.line(left, top + d, left + 3.0 * CELL, top + d, grid);
            }
            for (i, &c) in cells.iter().enumerate() {
                let colour = match (c, active) {
                    (_, false) => "#8a8a8a",
                    ('X', _) => MAX_STROKE,
                    ('O', _) => MIN_STROKE,
                    _ => continue,
                };
                let cx = left + CELL * ((i % 3) as f64 + 0.5);
                let cy = top + CELL * ((i / 3) as f64 + 0.5);
                svg.text(
                    cx,
                    cy + 3.8,
                    &c.to_string(),
                    &TextStyle::new(10.5).bold().fill(colour),
                );
            }
            svg.close_group();
        }
        Note::Text(t) => svg.text(
            x,
            top + 9.0,
            t,
            &TextStyle::new(NOTE_SIZE)
                .fill(if active { "#333333" } else { "#8a8a8a" })
                .class("note-text"),
        ),
    }
}

fn legend_items(model: &Model) -> Vec<(&'static str, String)> {
    let mut items = vec![
        ("max", "nút MAX".to_string()),
        ("min", "nút MIN".to_string()),
    ];
    if model.marks.iter().any(|m| m.framed_leaf) {
        items.push(("leaf", "nút lá".to_string()));
    }
    if model.has_pv {
        items.push(("pv", "đường đi chính".to_string()));
    }
    if model.has_cuts {
        items.push(("cut", "nhánh bị cắt tỉa".to_string()));
    }
    if model.caption.is_some() {
        items.push(("current", "nút đang xét".to_string()));
    }
    if model.has_unvisited {
        items.push(("unvisited", "chưa xét".to_string()));
    }
    let _ = &model.index;
    items
}

fn draw_legend(svg: &mut SvgDoc, items: &[(&'static str, String)], x0: f64, y: f64) {
    svg.open_group("class=\"legend\"");
    let mut x = x0;
    let cy = y + 9.0;
    for (kind, text) in items {
        match *kind {
            "max" => svg.rect(x + 8.0, cy - 8.0, 16.0, 16.0, MAX_FILL, MAX_STROKE, 1.6),
            "min" => svg.circle(
                x + 16.0,
                cy,
                8.0,
                &format!("fill=\"{MIN_FILL}\" stroke=\"{MIN_STROKE}\" stroke-width=\"1.6\""),
            ),
            "leaf" => {
                svg.rect(x + 5.0, cy - 11.0, 22.0, 22.0, "none", LEAF_STROKE, 1.2);
                svg.rect(x + 8.0, cy - 8.0, 16.0, 16.0, LEAF_FILL, MAX_STROKE, 1.6);
            }
            "pv" => svg.line(
                x + 2.0,
                cy,
                x + 30.0,
                cy,
                &format!("stroke=\"{PV}\" stroke-width=\"3.5\""),
            ),
            "cut" => {
                svg.line(
                    x + 2.0,
                    cy,
                    x + 30.0,
                    cy,
                    &format!("stroke=\"{GREY}\" stroke-width=\"1.3\" stroke-dasharray=\"5 4\""),
                );
                for dx in [13.0, 18.0] {
                    svg.line(
                        x + dx,
                        cy - 7.0,
                        x + dx,
                        cy + 7.0,
                        &format!("stroke=\"{CUT}\" stroke-width=\"2.2\""),
                    );
                }
            }
            "current" => svg.circle(
                x + 16.0,
                cy,
                8.0,
                &format!("fill=\"#fff2c6\" stroke=\"{CURRENT}\" stroke-width=\"3\""),
            ),
            _ => svg.circle(
                x + 16.0,
                cy,
                8.0,
                &format!("fill=\"white\" stroke=\"{FAINT}\" stroke-width=\"1.6\""),
            ),
        }
        svg.text(
            x + 34.0,
            cy + 4.0,
            text,
            &TextStyle::new(12.0).anchor(Anchor::Start),
        );
        x += 34.0 + width(text, 12.0) + 14.0;
    }
    svg.close_group();
}

//! Bố trí hình cây trò chơi: từ cây, các tùy chọn của [`TreeDiagram`] và những
//! gì vết cho biết ([`TraceMarks`]), tính một [`TreeLayout`]. Cây được xếp gọn
//! (kiểu Reingold–Tilford, [`tidy_x`]) theo bề rộng thật của chữ quanh mỗi nút,
//! mỗi mức đủ cao cho phần chữ dưới các nút của nó, nên chữ không chồng lên nhau.

use super::label::{runs, Anchor, Label, BOLD};
use super::style::{
    by_text, hex, CURRENT, CUT, GREY, INK, MAX_STROKE, MIN_STROKE, MUTED, SOFT_INK,
};
use super::text::{width, wrap};
use super::tree_layout::tidy_x;
use super::tree_marks::{CutWhy, TraceMarks};
use super::tree_model::{
    CutMark, EdgeLayout, LegendEntry, LegendKind, NodeLayout, NodeState, NoteLayout, TreeLayout,
    FRAME,
};
use super::tree_options::TreeDiagram;
use crate::limits::DRAWN_TEMPS;
use crate::player::Player;
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;
use plotters::style::RGBColor;

/// Nửa chiều cao (và nửa cạnh tối thiểu) của hình nút.
const R: f64 = 14.0;
const LABEL_SIZE: f64 = 13.0;
const TEMP_SIZE: f64 = 11.0;
const TEMP_LINE: f64 = 13.0;
const VALUE_SIZE: f64 = 13.0;
const NOTE_SIZE: f64 = 11.0;
const SUB_SIZE: f64 = 8.0;
const GAP: f64 = 12.0;
const MARGIN: f64 = 16.0;
/// Cạnh một ô của bàn cờ 3 × 3 vẽ dưới nút.
const CELL: f64 = 13.0;
const CAPTION: RGBColor = hex(0x7a4100);
/// Tung độ giữa dòng chữ so với đường chân chữ (tỉ lệ theo cỡ chữ).
const RISE: f64 = 0.32;

/// Một nút trước khi đặt chỗ: những gì cần ghi quanh nó.
struct Mark {
    id: NodeId,
    player: Player,
    state: NodeState,
    temps: Vec<String>,
    value: Option<(f64, bool)>,
    leaf_value: Option<f64>,
    cut: Option<CutWhy>,
    pv: bool,
    /// Số nút con cháu không vẽ.
    hidden: usize,
    half: f64,
    note: Option<Note>,
    framed_leaf: bool,
    leaf_text: Option<String>,
    /// Ghi lời giải thích cắt tỉa cạnh nút bị cắt (không, ở hình gọn: chỉ hai vạch).
    reason_shown: bool,
}

/// Ghi chú của một nút.
enum Note {
    Board([char; 9]),
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
        if !is_board {
            return Some(Note::Text(text.to_string()));
        }
        let mut cells = ['.'; 9];
        for (i, c) in rows.iter().flat_map(|r| r.chars()).enumerate() {
            cells[i] = c.to_ascii_uppercase();
        }
        Some(Note::Board(cells))
    }

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
            Note::Text(_) => by_text(15.0),
        }
    }
}

impl Mark {
    fn frame(&self) -> f64 {
        if self.framed_leaf {
            FRAME
        } else {
            0.0
        }
    }

    fn note_height(&self) -> f64 {
        self.note.as_ref().map_or(0.0, Note::height)
    }

    fn active(&self) -> bool {
        matches!(self.state, NodeState::Normal | NodeState::Current)
    }

    /// Các dòng chữ dưới nút: (chữ, cỡ, đậm).
    fn below_lines(&self) -> Vec<(String, f64, bool)> {
        let mut out = Vec::new();
        if let Some(t) = &self.leaf_text {
            out.push((t.clone(), NOTE_SIZE + 1.0, true));
        } else if let Some(v) = self.leaf_value {
            out.push((fmt_value(v), VALUE_SIZE, true));
        }
        if self.hidden > 0 {
            out.push((format!("… {} nút", self.hidden), NOTE_SIZE, false));
        }
        out
    }

    /// Từ tâm nút đến đường chân của dòng đầu tiên dưới nút: ngay dưới hình
    /// (và ghi chú), hoặc dưới các giá trị tạm nếu chúng dài hơn hình.
    fn below_start(&self) -> f64 {
        let after_temps = -R + 9.0 + by_text(TEMP_LINE) * self.temps.len() as f64 + 3.0;
        (R + by_text(14.0) + self.note_height() + self.frame()).max(after_temps)
    }

    /// Từ tâm nút xuống đáy phần chữ của nó.
    fn depth_below(&self) -> f64 {
        let temps = if self.temps.is_empty() {
            0.0
        } else {
            -R + 9.0 + by_text(TEMP_LINE) * (self.temps.len() as f64 - 1.0) + 4.0
        };
        let lines = self.below_lines().len() as f64;
        let below = if lines > 0.0 {
            self.below_start() + by_text(15.0) * (lines - 1.0) + 4.0
        } else {
            R + self.frame() + self.note_height()
        };
        temps.max(below)
    }

    /// Lời giải thích cắt tỉa, các phần viết liền từ `x`, giữa dòng ở `y`.
    fn cut_reason(&self, x: f64, y: f64) -> Option<(Vec<Label>, String, String)> {
        let why = self.cut.as_ref()?;
        Some(match why {
            CutWhy::Bound {
                parent,
                node,
                op,
                vp,
                vq,
            } => {
                let (vp, vq) = (fmt_value(*vp), fmt_value(*vq));
                let mid = format!(" = {vp} {op} V");
                let end = format!(" = {vq}");
                let parts = [
                    ("Vì V", NOTE_SIZE, 0.0),
                    (parent.as_str(), SUB_SIZE, 3.0),
                    (mid.as_str(), NOTE_SIZE, 0.0),
                    (node.as_str(), SUB_SIZE, 3.0),
                    (end.as_str(), NOTE_SIZE, 0.0),
                ];
                (
                    runs(&parts, x, y, CUT),
                    format!("Vì V_{parent} = {vp} {op} V_{node} = {vq}"),
                    format!("{vp} {op} {vq}"),
                )
            }
            CutWhy::Window { alpha, beta } => {
                let (a, b) = (fmt_value(*alpha), fmt_value(*beta));
                let text = format!("Vì α = {a} ≥ β = {b}");
                (
                    runs(&[(text.as_str(), NOTE_SIZE, 0.0)], x, y, CUT),
                    text.clone(),
                    format!("{a} ≥ {b}"),
                )
            }
        })
    }

    /// Bề rộng phần chiếm bên trái và bên phải tâm nút.
    fn extents(&self) -> (f64, f64) {
        let mut left = self.half;
        let mut right = self.half;
        if let Some(w) = self
            .temps
            .iter()
            .map(|t| width(t, TEMP_SIZE))
            .reduce(f64::max)
        {
            left += 5.0 + w;
        }
        if let Some((v, est)) = self.value {
            right = right.max(self.half + 5.0 + BOLD * width(&value_text(v, est), VALUE_SIZE));
        }
        if let Some((reason, _, _)) = self.cut_reason(0.0, 0.0).filter(|_| self.reason_shown) {
            let w = reason.last().map_or(0.0, |l| l.x + l.width());
            right = right.max(self.half + 5.0 + w);
        }
        let below = self
            .below_lines()
            .iter()
            .map(|(t, size, bold)| width(t, *size) * if *bold { BOLD } else { 1.0 } / 2.0)
            .fold(0.0, f64::max)
            .max(self.note.as_ref().map_or(0.0, Note::half_width))
            .max(self.half + self.frame());
        (left.max(below), right.max(below))
    }
}

fn value_text(v: f64, estimated: bool) -> String {
    if estimated {
        format!("≈{}", fmt_value(v))
    } else {
        fmt_value(v)
    }
}

/// Phần của cây sẽ vẽ: mọi nút đến độ sâu `depth`, nhưng ở mức 1 chỉ
/// `first_level` con đầu của gốc khi gốc có nhiều con hơn giới hạn số nút của cả
/// hình; `hidden` là số nút không vẽ.
struct Drawn {
    depth: u32,
    first_level: usize,
    hidden: usize,
}

/// Độ sâu lớn nhất còn vẽ được với nhiều nhất `max_nodes` nút (kể cả gốc) cho
/// cả hình, và số nút không vẽ.
fn depth_to_draw(tree: &GameTree, max_depth: u32, max_nodes: usize) -> Drawn {
    let max_nodes = max_nodes.max(2);
    let mut per_depth: Vec<usize> = Vec::new();
    for n in tree.nodes() {
        let d = n.depth as usize;
        if per_depth.len() <= d {
            per_depth.resize(d + 1, 0);
        }
        per_depth[d] += 1;
    }
    let mut depth = 0u32;
    let mut count = per_depth[0];
    for (d, &c) in per_depth.iter().enumerate().skip(1) {
        if d as u32 > max_depth || count + c > max_nodes {
            break;
        }
        count += c;
        depth = d as u32;
    }
    let mut first_level = per_depth.get(1).copied().unwrap_or(0);
    if depth == 0 && per_depth.len() > 1 && max_depth > 0 {
        // Gốc có quá nhiều con: vẫn vẽ mức đầu tiên, nhưng chỉ những con đầu
        // tiên còn vừa giới hạn của cả hình.
        depth = 1;
        first_level = first_level.min(max_nodes - 1);
        count += first_level;
    }
    Drawn {
        depth,
        first_level,
        hidden: tree.len() - count,
    }
}

/// Các nút sẽ vẽ, với mọi thứ cần ghi quanh chúng.
fn marks_of(d: &TreeDiagram, trace: Option<&TraceMarks>, drawn: &Drawn) -> Vec<Mark> {
    let depth_drawn = drawn.depth;
    let shown_first_level: Vec<bool> = {
        let kids = d.tree.children(d.tree.root());
        let mut shown = vec![false; d.tree.len()];
        for &c in kids.iter().take(drawn.first_level) {
            shown[c.0] = true;
        }
        shown
    };
    let tree = d.tree;
    // Các nút thuộc cây con bị cắt.
    let mut pruned = vec![false; tree.len()];
    for root in trace.iter().flat_map(|t| t.cut_roots()) {
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            pruned[v.0] = true;
            stack.extend(tree.children(v).iter().copied());
        }
    }
    // Đường đi chính (chỉ khi đã xem hết vết).
    let mut pv = vec![false; tree.len()];
    if trace.is_none_or(|t| t.finished) {
        let mut at = tree.root();
        for name in &d.pv {
            match tree.children(at).iter().find(|&&c| tree.label(c) == name) {
                Some(&c) => {
                    pv[c.0] = true;
                    at = c;
                }
                None => break,
            }
        }
    }
    let mut marks = Vec::new();
    for (i, n) in tree.nodes().iter().enumerate() {
        if n.depth > depth_drawn || (n.depth == 1 && !shown_first_level[i]) {
            continue;
        }
        let id = NodeId(i);
        let facts = trace.map(|t| t.node(id));
        let state = match trace {
            None => NodeState::Normal,
            Some(_) if pruned[i] => NodeState::Pruned,
            Some(t) if t.current == Some(id) => NodeState::Current,
            Some(t) if t.node(id).visited => NodeState::Normal,
            Some(_) => NodeState::Unvisited,
        };
        let hidden = if n.depth == depth_drawn && !n.is_leaf() {
            descendants(tree, id)
        } else {
            0
        };
        marks.push(Mark {
            id,
            player: tree.player(id),
            state,
            temps: match facts {
                Some(f) if d.temp_values => shorten_temps(&f.temps),
                _ => Vec::new(),
            },
            value: if n.is_leaf() {
                None
            } else {
                facts.and_then(|f| f.value)
            },
            leaf_value: if n.is_leaf() { n.value } else { None },
            cut: facts.and_then(|f| f.cut.clone()),
            pv: pv[i],
            hidden,
            half: R.max(BOLD * width(&n.label, LABEL_SIZE) / 2.0 + 6.0),
            note: if d.notes {
                n.note.as_deref().and_then(Note::parse)
            } else {
                None
            },
            framed_leaf: d.leaf_frame && n.is_leaf(),
            leaf_text: if n.is_leaf() {
                d.leaf_texts.get(&n.label).cloned()
            } else {
                None
            },
            reason_shown: !d.compact,
        });
    }
    marks
}

/// Các giá trị tạm ghi cạnh một nút, không quá [`DRAWN_TEMPS`] dòng: nút có
/// hàng nghìn con có hàng nghìn giá trị tạm; hình chỉ ghi những giá trị đầu, một
/// dòng "…" cho biết còn bao nhiêu, và giá trị cuối cùng (giá trị đang có).
fn shorten_temps(temps: &[String]) -> Vec<String> {
    if temps.len() <= DRAWN_TEMPS {
        return temps.to_vec();
    }
    let head = DRAWN_TEMPS - 2;
    let skipped = temps.len() - head - 1;
    let mut out = temps[..head].to_vec();
    out.push(format!("… ({skipped} giá trị tạm nữa)"));
    out.extend(temps.last().cloned());
    out
}

/// Số con cháu của nút `id` (không kể chính nó).
fn descendants(tree: &GameTree, id: NodeId) -> usize {
    let mut count = 0;
    let mut stack = vec![id];
    while let Some(v) = stack.pop() {
        let kids = tree.children(v);
        count += kids.len();
        stack.extend(kids.iter().copied());
    }
    count
}

/// Dòng tóm tắt khi đã xem hết vết: giá trị gốc, số nút đã xét, các nhánh bị
/// cắt, đường đi chính.
fn summary(d: &TreeDiagram, t: &TraceMarks) -> String {
    let tree = d.tree;
    let root = tree.root();
    let mut s = match t.node(root).value {
        Some((v, _)) => format!(
            "Giá trị của gốc {}: {} · đã xét {}/{} nút",
            tree.label(root),
            fmt_value(v),
            t.seen,
            tree.len()
        ),
        None => format!("Đã xét {}/{} nút", t.seen, tree.len()),
    };
    let cut: Vec<&str> = t.cut_roots().map(|c| tree.label(c)).collect();
    if !cut.is_empty() {
        s.push_str(&format!(" · bị cắt: {}", shorten(&cut, ", ", "nhánh")));
    }
    if !d.pv.is_empty() {
        let pv: Vec<&str> = d.pv.iter().map(String::as_str).collect();
        s.push_str(&format!(
            " · đường đi chính: {} → {}",
            tree.label(root),
            shorten(&pv, " → ", "nước")
        ));
    }
    s
}

/// Số tên nhiều nhất ghi trong dòng tóm tắt (cây lớn có thể có hàng nghìn nhánh
/// bị cắt: hình chỉ ghi vài tên đầu và số còn lại).
const SUMMARY_NAMES: usize = 20;

/// `names` nối bằng `sep`, chỉ giữ [`SUMMARY_NAMES`] tên đầu: "A, B, … (và 7 nhánh khác)".
fn shorten(names: &[&str], sep: &str, unit: &str) -> String {
    if names.len() <= SUMMARY_NAMES {
        return names.join(sep);
    }
    format!(
        "{}{sep}… (và {} {unit} khác)",
        names[..SUMMARY_NAMES].join(sep),
        names.len() - SUMMARY_NAMES
    )
}

/// Các mục chú giải cần có.
fn legend_kinds(marks: &[Mark], trace: Option<&TraceMarks>) -> Vec<(LegendKind, &'static str)> {
    let mut items = vec![(LegendKind::Max, "nút MAX"), (LegendKind::Min, "nút MIN")];
    if marks.iter().any(|m| m.framed_leaf) {
        items.push((LegendKind::Leaf, "nút lá"));
    }
    if marks.iter().any(|m| m.pv) {
        items.push((LegendKind::Pv, "đường đi chính"));
    }
    if trace.is_some_and(|t| t.cut_roots().next().is_some()) {
        items.push((LegendKind::Cut, "nhánh bị cắt tỉa"));
    }
    if trace.is_some_and(|t| t.caption.is_some()) {
        items.push((LegendKind::Current, "nút đang xét"));
    }
    if marks.iter().any(|m| m.state == NodeState::Unvisited) {
        items.push((LegendKind::Unvisited, "chưa xét"));
    }
    items
}

/// Tên và màu của mức `l` (gốc là mức 0).
fn level_name<'d>(d: &'d TreeDiagram, l: usize) -> (&'d str, RGBColor) {
    let root = d.tree.root_player();
    let p = if l % 2 == 0 { root } else { root.opponent() };
    let (name, colour) = match p {
        Player::Max => (d.max_label.as_str(), MAX_STROKE),
        Player::Min => (d.min_label.as_str(), MIN_STROKE),
    };
    (d.level_names.get(l).map_or(name, String::as_str), colour)
}

/// Phần đầu hình: tiêu đề, lời của bước, chú giải (căn giữa trên bề rộng
/// `width`). Trả về cả tung độ nơi phần cây bắt đầu.
fn header(
    d: &TreeDiagram,
    trace: Option<&TraceMarks>,
    kinds: &[(LegendKind, &'static str)],
    width: f64,
) -> (Vec<Label>, Vec<Label>, Vec<LegendEntry>, f64) {
    let text_w = width - 2.0 * MARGIN;
    let centre = width / 2.0;
    let title = d.title.clone().unwrap_or_else(|| match &d.trace {
        Some(t) => format!("Cây trò chơi — {}", t.algorithm.name_vi()),
        None => "Cây trò chơi".to_string(),
    });
    let mut y = MARGIN;
    let mut title_labels = Vec::new();
    if d.compact {
        return (Vec::new(), Vec::new(), Vec::new(), y + 6.0);
    }
    for l in wrap(&title, 16.0 * BOLD, text_w) {
        title_labels.push(Label::new(l, centre, y + by_text(9.0), 16.0).bold());
        y += by_text(21.0);
    }
    let mut caption = Vec::new();
    if let Some(c) = trace.and_then(|t| t.caption.as_ref()) {
        for l in wrap(c, 13.0, text_w) {
            caption.push(Label::new(l, centre, y + by_text(9.0), 13.0).colour(CAPTION));
            y += by_text(17.0);
        }
    }
    let legend_y = y + by_text(17.0);
    let mut legend = Vec::new();
    let mut x = (width - legend_width(kinds)) / 2.0;
    for &(kind, text) in kinds {
        let label = Label::new(text, x + 34.0, legend_y, 12.0).anchor(Anchor::Start);
        let next = x + 34.0 + label.width() + 14.0;
        legend.push(LegendEntry {
            kind,
            x,
            y: legend_y,
            label,
        });
        x = next;
    }
    (
        title_labels,
        caption,
        legend,
        legend_y + by_text(9.0) + 22.0,
    )
}

/// Bề rộng của hàng chú giải: mỗi mục một ký hiệu (34), chữ, khoảng cách (14).
fn legend_width(kinds: &[(LegendKind, &'static str)]) -> f64 {
    kinds
        .iter()
        .map(|(_, t)| 34.0 + width(t, 12.0) + 14.0)
        .sum()
}

impl Mark {
    /// Đặt nút tại `(x, y)`: hình, nhãn, mọi chữ quanh nó, và dấu cắt (nếu nút
    /// là gốc một cây con bị cắt).
    fn place(&self, label: &str, x: f64, y: f64) -> (NodeLayout, Option<CutMark>) {
        let (ink, soft) = match self.state {
            NodeState::Normal | NodeState::Current => (INK, hex(0x444444)),
            NodeState::Pruned => (MUTED, GREY),
            NodeState::Unvisited => (MUTED, MUTED),
        };
        let temps = self
            .temps
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let ty = y - R + 5.5 + by_text(TEMP_LINE) * i as f64;
                Label::new(t.clone(), x - self.half - 5.0, ty, TEMP_SIZE)
                    .anchor(Anchor::End)
                    .colour(soft)
            })
            .collect();
        let value = self.value.map(|(v, est)| {
            let colour = match (self.state, self.player) {
                (NodeState::Current, _) => CURRENT,
                (_, Player::Max) => MAX_STROKE,
                (_, Player::Min) => MIN_STROKE,
            };
            let l = Label::new(value_text(v, est), x + self.half + 5.0, y + 1.0, VALUE_SIZE)
                .anchor(Anchor::Start)
                .colour(colour);
            // Giá trị ước lượng (hàm lượng giá) viết nghiêng, giá trị thật viết đậm.
            if est {
                l.italic()
            } else {
                l.bold()
            }
        });
        let below = self
            .below_lines()
            .into_iter()
            .enumerate()
            .map(|(i, (t, size, bold))| {
                let base = y + self.below_start() + by_text(15.0) * i as f64;
                let l = Label::new(t, x, base - RISE * by_text(size), size).colour(ink);
                if bold {
                    l.bold()
                } else {
                    l
                }
            })
            .collect();
        let reason_y = if self.value.is_some() {
            y + by_text(14.0)
        } else {
            y + 1.0
        };
        let cut = self
            .cut_reason(x + self.half + 5.0, reason_y)
            .map(|(reason, text, short)| CutMark {
                node: self.id,
                bars: [-13.0, -8.0]
                    .iter()
                    .map(|dy| [(x - 8.0, y - R + dy), (x + 8.0, y - R + dy)])
                    .collect(),
                reason: if self.reason_shown {
                    reason
                } else {
                    Vec::new()
                },
                text,
                short,
            });
        let node = NodeLayout {
            id: self.id,
            player: self.player,
            state: self.state,
            x,
            y,
            half_width: self.half,
            half_height: R,
            leaf_frame: self.framed_leaf,
            label: Label::new(label, x, y + 0.5, LABEL_SIZE).bold().colour(ink),
            temps,
            value,
            note: self.note_layout(x, y),
            below,
        };
        (node, cut)
    }

    /// Ghi chú ngay dưới nút tâm `(x, y)`.
    fn note_layout(&self, x: f64, y: f64) -> Option<NoteLayout> {
        let top = y + R + self.frame() + 4.0;
        let active = self.active();
        Some(match self.note.as_ref()? {
            Note::Board(cells) => {
                let left = x - 1.5 * CELL;
                let marks = cells
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &c)| {
                        let colour = match c {
                            'X' | 'O' if !active => MUTED,
                            'X' => MAX_STROKE,
                            'O' => MIN_STROKE,
                            _ => return None,
                        };
                        let cx = left + CELL * ((i % 3) as f64 + 0.5);
                        let cy = top + CELL * ((i / 3) as f64 + 0.5);
                        Some(
                            Label::new(c.to_string(), cx, cy + 0.5, 10.5)
                                .bold()
                                .colour(colour),
                        )
                    })
                    .collect();
                NoteLayout::Board {
                    left,
                    top,
                    cell: CELL,
                    marks,
                }
            }
            Note::Text(t) => NoteLayout::Text(
                Label::new(t.clone(), x, top + 5.5, NOTE_SIZE).colour(if active {
                    SOFT_INK
                } else {
                    MUTED
                }),
            ),
        })
    }
}

/// Bố trí hình cây.
pub(super) fn build(d: &TreeDiagram, trace: Option<&TraceMarks>) -> TreeLayout {
    let tree = d.tree;
    let drawn = depth_to_draw(tree, d.max_depth, d.max_nodes);
    let (depth_drawn, hidden_total) = (drawn.depth, drawn.hidden);
    let marks = marks_of(d, trace, &drawn);
    let mut position = vec![None; tree.len()];
    for (k, m) in marks.iter().enumerate() {
        position[m.id.0] = Some(k);
    }
    let index_of = |id: NodeId| position[id.0];
    let children: Vec<Vec<usize>> = marks
        .iter()
        .map(|m| {
            let kids = if m.hidden > 0 {
                &[][..]
            } else {
                tree.children(m.id)
            };
            kids.iter().filter_map(|&c| index_of(c)).collect()
        })
        .collect();

    // Hoành độ: cây xếp gọn theo phần chữ bên trái, bên phải mỗi nút.
    let ext: Vec<(f64, f64)> = marks.iter().map(Mark::extents).collect();
    let xs = tidy_x(&children, 0, &ext, GAP);
    let tree_width = xs
        .iter()
        .zip(&ext)
        .map(|(x, e)| x + e.1)
        .fold(0.0, f64::max);

    // Bề rộng: lề, tên các mức, cây; đủ cho hàng chú giải; ít nhất 480.
    let levels = depth_drawn as usize + 1;
    let level_w = (0..levels)
        .map(|l| BOLD * width(level_name(d, l).0, 12.0))
        .fold(0.0, f64::max)
        + 18.0;
    let kinds = if d.compact {
        Vec::new()
    } else {
        legend_kinds(&marks, trace)
    };
    let body_w = MARGIN + level_w + tree_width + MARGIN;
    let width_all = body_w
        .max(legend_width(&kinds) + 2.0 * MARGIN)
        .max(if d.compact { 0.0 } else { 480.0 })
        .ceil();
    let (title, caption, legend, top) = header(d, trace, &kinds, width_all);

    // Tung độ từng mức: mỗi mức đủ chỗ cho phần chữ dưới các nút của nó; đường
    // ngang nối các con nằm dưới phần chữ đó.
    let depth_of = |m: &Mark| tree.node(m.id).depth as usize;
    let mut below_max = vec![R; levels];
    for m in &marks {
        let l = depth_of(m);
        below_max[l] = below_max[l].max(m.depth_below());
    }
    let mut level_y = vec![0.0; levels];
    let mut bus_y = vec![0.0; levels];
    for l in 0..levels {
        level_y[l] = if l == 0 {
            top + R
        } else {
            bus_y[l - 1] + 22.0 + R
        };
        bus_y[l] = level_y[l] + below_max[l] + 10.0;
    }
    let tree_bottom = level_y[levels - 1] + below_max[levels - 1];
    let x0 = MARGIN + level_w + ((width_all - body_w) / 2.0).max(0.0);
    let pos = |k: usize| (x0 + xs[k], level_y[depth_of(&marks[k])]);

    let level_labels = (0..levels)
        .map(|l| {
            let (name, colour) = level_name(d, l);
            Label::new(name, MARGIN, level_y[l] + 1.0, 12.0)
                .bold()
                .colour(colour)
                .anchor(Anchor::Start)
        })
        .collect();

    let mut nodes = Vec::new();
    let mut cuts = Vec::new();
    for (k, m) in marks.iter().enumerate() {
        let (x, y) = pos(k);
        let (node, cut) = m.place(tree.label(m.id), x, y);
        nodes.push(node);
        cuts.extend(cut);
    }

    // Cạnh: từ dưới ghi chú của cha xuống đường ngang, rồi xuống đỉnh của con.
    let mut edges = Vec::new();
    for (k, kids) in children.iter().enumerate() {
        let (px, py) = pos(k);
        let parent = &marks[k];
        let start = py + R + parent.frame() + parent.note_height();
        let bus = bus_y[depth_of(parent)];
        for &c in kids {
            let (cx, cy) = pos(c);
            let child = &marks[c];
            edges.push(EdgeLayout {
                parent: parent.id,
                child: child.id,
                points: vec![
                    (px, start),
                    (px, bus),
                    (cx, bus),
                    (cx, cy - R - child.frame()),
                ],
                pv: child.pv,
                pruned: child.state == NodeState::Pruned,
                cut: child.cut.is_some(),
                unvisited: child.state == NodeState::Unvisited,
            });
        }
    }

    // Cuối hình: tóm tắt, số nút không vẽ.
    let text_w = width_all - 2.0 * MARGIN;
    let mut foot_text: Vec<String> = Vec::new();
    if let Some(t) = trace.filter(|t| t.finished && !d.compact) {
        foot_text.extend(wrap(&summary(d, t), 12.0, text_w));
    }
    let root_kids = tree.children(tree.root()).len();
    if hidden_total > 0 && drawn.first_level < root_kids {
        let note = format!(
            "… cây còn {hidden_total} nút không vẽ (gốc có {root_kids} con, chỉ vẽ {} con đầu; \
             giới hạn {} nút cho cả hình).",
            drawn.first_level, d.max_nodes
        );
        foot_text.extend(wrap(&note, 12.0, text_w));
    } else if hidden_total > 0 {
        let note =
            format!("… cây còn {hidden_total} nút không vẽ (chỉ vẽ đến độ sâu {depth_drawn}).");
        foot_text.extend(wrap(&note, 12.0, text_w));
    }
    let footer: Vec<Label> = foot_text
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            Label::new(
                t,
                MARGIN,
                tree_bottom + 24.0 + by_text(16.0) * i as f64,
                12.0,
            )
            .colour(SOFT_INK)
            .anchor(Anchor::Start)
        })
        .collect();
    let height = (tree_bottom + 16.0 + footer.len() as f64 * by_text(16.0) + MARGIN).ceil();
    TreeLayout {
        width: width_all,
        height,
        title,
        caption,
        legend,
        levels: level_labels,
        nodes,
        edges,
        cuts,
        footer,
    }
}

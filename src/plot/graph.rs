//! Hình đồ thị trò chơi ([`GraphGame`]): mỗi đỉnh một hình tròn ghi tên, mỗi cung
//! một mũi tên. Có thể ghi thêm vào mỗi đỉnh giá trị Grundy (và liệt kê phép tính
//! mex ở từng đỉnh bên dưới hình) hoặc mã thắng/thua/hòa của bài giảng.
//!
//! **Bố trí theo độ cao**: đỉnh không có nước đi nằm ở hàng dưới cùng, mỗi đỉnh
//! nằm trên mọi đỉnh nó đi tới, nên mọi mũi tên chỉ xuống — đúng thứ tự tính
//! tay, từ dưới lên. Các đỉnh cùng một chu trình (nếu có) nằm cùng một hàng.
//! Thứ tự các đỉnh trong mỗi hàng được chọn để ít đường cắt nhau nhất; một
//! mũi tên còn đi xuyên qua đỉnh khác thì được bẻ vòng qua bên cạnh đỉnh đó.

use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::grundy::{outcome_colours, value_colours};
use super::label::{self, Anchor, Bounds, Label, LegendKey, BOLD};
use super::paint::{self, Area};
use super::style::{by_text, LINE, SOFT_INK};
use super::text::wrap;
use crate::grundy::graph::GraphGrundy;
use crate::grundy::GraphGame;
use crate::limits::DRAWN_GRAPH_NODES;
use crate::outcome::Outcome;
use plotters::style::RGBColor;

const ROW_GAP: f64 = 92.0;
const NODE_GAP: f64 = 44.0;
const MARGIN: f64 = 30.0;
/// Khoảng chừa quanh đỉnh khi kiểm tra mũi tên đi xuyên qua.
const CLEARANCE: f64 = 4.0;

/// Những gì ghi thêm trong mỗi đỉnh.
#[derive(Debug, Clone, PartialEq)]
enum Marks {
    /// Chỉ tên đỉnh (hình cho đề bài).
    Plain,
    /// Giá trị Grundy (đồ thị không chu trình).
    Grundy(GraphGrundy),
    /// Mã thắng / thua / hòa của bài giảng.
    Outcomes(Vec<Outcome>),
}

/// Cách vẽ một đồ thị trò chơi (xem đầu mô-đun).
#[derive(Debug, Clone, PartialEq)]
pub struct GraphDiagram {
    graph: GraphGame,
    title: String,
    marks: Marks,
    mex: bool,
    /// Chỉ ghi G của bấy nhiêu đỉnh đầu theo thứ tự tính tay (None: mọi đỉnh).
    upto: Option<usize>,
    compact: bool,
}

/// Một đỉnh trên hình.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GraphNode {
    /// Số thứ tự đỉnh trong đồ thị.
    pub index: usize,
    /// Tên đỉnh.
    pub name: String,
    /// Hàng (0 ở trên cùng).
    pub row: usize,
    /// Tâm elip.
    pub centre: (f64, f64),
    /// Bán trục ngang.
    pub rx: f64,
    /// Bán trục dọc.
    pub ry: f64,
    /// Màu nền.
    pub fill: RGBColor,
    /// Chữ trong đỉnh: tên, và giá trị hoặc mã nếu có.
    pub labels: Vec<Label>,
    /// Đỉnh vừa được tính ở bước đang vẽ ([`GraphDiagram::upto`]): viền cam, dày.
    pub current: bool,
}

impl GraphNode {
    /// Hình chữ nhật bao elip.
    pub fn bounds(&self) -> Bounds {
        Bounds::around(self.centre.0, self.centre.1, self.rx, self.ry)
    }

    /// Điểm trên viền elip theo hướng từ tâm tới `towards`.
    fn rim(&self, towards: (f64, f64)) -> (f64, f64) {
        let (dx, dy) = (towards.0 - self.centre.0, towards.1 - self.centre.1);
        let t = 1.0 / ((dx / self.rx).powi(2) + (dy / self.ry).powi(2)).sqrt();
        if !t.is_finite() {
            return self.centre;
        }
        (self.centre.0 + dx * t, self.centre.1 + dy * t)
    }

    /// Đoạn thẳng `a`–`b` có đi vào trong elip (nới rộng `extra`) không?
    fn hit_by(&self, a: (f64, f64), b: (f64, f64), extra: f64) -> bool {
        ellipse_hit(self.centre, (self.rx, self.ry), a, b, extra)
    }
}

/// Đoạn thẳng `a`–`b` có đi vào trong elip tâm `centre`, bán trục `radii` (nới
/// rộng `extra`) không?
fn ellipse_hit(
    centre: (f64, f64),
    radii: (f64, f64),
    a: (f64, f64),
    b: (f64, f64),
    extra: f64,
) -> bool {
    let (sx, sy) = (radii.0 + extra, radii.1 + extra);
    let p = ((a.0 - centre.0) / sx, (a.1 - centre.1) / sy);
    let q = ((b.0 - centre.0) / sx, (b.1 - centre.1) / sy);
    segment_distance_to_origin(p, q) < 1.0
}

/// Một cung: đường gấp khúc từ viền đỉnh đi tới viền đỉnh đến (đầu mũi tên ở
/// điểm cuối).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GraphEdge {
    /// Đỉnh đi.
    pub from: usize,
    /// Đỉnh đến.
    pub to: usize,
    /// Các điểm của đường (ít nhất hai).
    pub points: Vec<(f64, f64)>,
}

/// Bố trí hình đồ thị.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GraphLayout {
    /// Bề rộng.
    pub width: f64,
    /// Chiều cao.
    pub height: f64,
    /// Tiêu đề (đã ngắt dòng).
    pub title: Vec<Label>,
    /// Các đỉnh, theo số thứ tự.
    pub nodes: Vec<GraphNode>,
    /// Các cung.
    pub edges: Vec<GraphEdge>,
    /// Phép tính mex ở từng đỉnh, mỗi đỉnh một dòng (nếu có).
    pub notes: Vec<Label>,
    /// Chú giải.
    pub legend: Vec<LegendKey>,
}

impl GraphDiagram {
    /// Hình của `graph`, chỉ ghi tên đỉnh.
    pub fn new(graph: &GraphGame) -> GraphDiagram {
        GraphDiagram {
            graph: graph.clone(),
            title: String::new(),
            marks: Marks::Plain,
            mex: false,
            upto: None,
            compact: false,
        }
    }

    /// Đặt tiêu đề.
    pub fn title(mut self, title: &str) -> GraphDiagram {
        self.title = title.to_string();
        self
    }

    /// Ghi G của mỗi đỉnh (tính bằng [`GraphGame::solve`]); lỗi nếu đồ thị có
    /// chu trình.
    pub fn grundy(mut self) -> Result<GraphDiagram, PlotError> {
        let solved = self
            .graph
            .solve()
            .map_err(|e| PlotError::invalid(e.to_string()))?;
        self.marks = Marks::Grundy(solved);
        Ok(self)
    }

    /// Ghi mã thắng (1) / thua (0) / hòa (−1) của bài giảng ở mỗi đỉnh (tính
    /// bằng [`GraphGame::outcomes`]; dùng được cả khi có chu trình).
    pub fn outcomes(mut self) -> Result<GraphDiagram, PlotError> {
        let o = self
            .graph
            .outcomes()
            .map_err(|e| PlotError::invalid(e.to_string()))?;
        self.marks = Marks::Outcomes(o);
        Ok(self)
    }

    /// Liệt kê phép tính mex ở từng đỉnh bên dưới hình (khi đã gọi
    /// [`GraphDiagram::grundy`]).
    pub fn mex(mut self, on: bool) -> GraphDiagram {
        self.mex = on;
        self
    }

    /// Phép tính bằng tay dừng sau `k` đỉnh (khi đã gọi [`GraphDiagram::grundy`]):
    /// `k` đỉnh đầu theo thứ tự tính (đỉnh không có nước đi trước) ghi G — đỉnh
    /// thứ `k`, vừa tính, có viền cam —, các đỉnh còn lại ghi `G = ?`. Dùng cho
    /// trang chiếu từng bước.
    pub fn upto(mut self, k: usize) -> GraphDiagram {
        self.upto = Some(k);
        self
    }

    /// Hình gọn cho trang chiếu: không tiêu đề, không chú giải, không dòng mex
    /// bên dưới, và giá trị trong đỉnh viết cùng cỡ với tên (16 điểm ảnh).
    pub fn compact(mut self, on: bool) -> GraphDiagram {
        self.compact = on;
        self
    }

    /// Số bước của phép tính bằng tay (số đỉnh; 0 nếu chưa gọi `grundy`).
    pub fn step_count(&self) -> usize {
        match &self.marks {
            Marks::Grundy(s) => s.steps.len(),
            _ => 0,
        }
    }

    /// Đỉnh `x` đã có G ở bước đang vẽ chưa?
    fn known(&self, s: &GraphGrundy, x: usize) -> bool {
        match self.upto {
            None => true,
            Some(k) => s.steps.iter().take(k).any(|st| st.position == x),
        }
    }

    /// Cỡ chữ của dòng giá trị trong đỉnh.
    fn value_size(&self) -> f64 {
        if self.compact {
            16.0
        } else {
            13.0
        }
    }

    /// Vẽ bằng plotters.
    pub fn draw(&self) -> Result<Figure, PlotError> {
        self.layout()?.draw()
    }

    /// Bố trí hình (xem đầu mô-đun).
    pub(crate) fn layout(&self) -> Result<GraphLayout, PlotError> {
        let g = &self.graph;
        let n = g.len();
        if n == 0 {
            return Err(PlotError::invalid("đồ thị không có đỉnh nào"));
        }
        if n > DRAWN_GRAPH_NODES {
            return Err(PlotError::invalid(format!(
                "đồ thị có {n} đỉnh, quá nhiều để vẽ (tối đa {DRAWN_GRAPH_NODES})"
            )));
        }
        // 1. Hàng của mỗi đỉnh, và thứ tự trong hàng.
        let level = levels(g);
        let top = level.iter().copied().max().unwrap_or(0);
        let mut rows: Vec<Vec<usize>> = vec![Vec::new(); top + 1];
        for x in 0..n {
            rows[top - level[x]].push(x);
        }
        // Mọi đỉnh là hình tròn cùng cỡ (cỡ của đỉnh có chữ rộng nhất).
        let r = (0..n).map(|x| self.node_size(x).0).fold(0.0, f64::max);
        let sizes: Vec<(f64, f64)> = vec![(r, r); n];
        // Hình gọn (trang chiếu): các hàng gần nhau hơn, để cả đồ thị phóng được to hơn.
        let row_gap = if self.compact {
            2.0 * r + 28.0
        } else {
            (2.0 * r + 46.0).max(ROW_GAP)
        };
        let shifts = arrange(g, &mut rows, &sizes, row_gap);
        // 2. Tọa độ.
        let rel = centres(&rows, &sizes, &shifts, row_gap);
        let lo = (0..n)
            .map(|x| rel[x].0 - sizes[x].0)
            .fold(f64::INFINITY, f64::min);
        let hi = (0..n)
            .map(|x| rel[x].0 + sizes[x].0)
            .fold(f64::NEG_INFINITY, f64::max);
        let graph_w = hi - lo;
        let notes_text = self.notes_text();
        let title_lines = if self.title.is_empty() || self.compact {
            Vec::new()
        } else {
            wrap(&self.title, 16.0 * BOLD, 640.0)
        };
        let legend_entries = self.legend_entries();
        let text_w = notes_text
            .iter()
            .map(|t| super::text::width(t, 13.0))
            .chain(
                legend_entries
                    .iter()
                    .map(|(_, t)| super::text::width(t, 12.0) + by_text(28.0)),
            )
            .chain(
                title_lines
                    .iter()
                    .map(|t| super::text::width(t, 16.0) * BOLD),
            )
            .fold(0.0, f64::max);
        // Chừa chỗ cho vòng tự lặp bên phải các đỉnh.
        let width = (graph_w + 2.0 * MARGIN + 40.0)
            .max(text_w + 2.0 * MARGIN)
            .max(360.0)
            .ceil();
        let title: Vec<Label> = title_lines
            .into_iter()
            .enumerate()
            .map(|(i, l)| Label::new(l, width / 2.0, 22.0 + by_text(20.0) * i as f64, 16.0).bold())
            .collect();
        let graph_top = if title.is_empty() {
            MARGIN
        } else {
            22.0 + by_text(20.0) * title.len() as f64 + 18.0
        };
        let row_h = sizes.iter().map(|s| s.1).fold(0.0, f64::max);
        let mut nodes: Vec<Option<GraphNode>> = vec![None; n];
        let dx = width / 2.0 - (lo + hi) / 2.0;
        for (r, row) in rows.iter().enumerate() {
            let y = graph_top + 26.0 + row_h + row_gap * r as f64;
            for &v in row {
                let (rx, ry) = sizes[v];
                nodes[v] = Some(self.node(v, r, (rel[v].0 + dx, y), rx, ry));
            }
        }
        let nodes: Vec<GraphNode> = nodes
            .into_iter()
            .map(|x| x.expect("mọi đỉnh có hàng"))
            .collect();
        // 3. Các cung.
        let mut edges = Vec::new();
        for x in 0..n {
            for &y in g.targets(x) {
                edges.push(route(g, &nodes, &rows, x, y));
            }
        }
        // 4. Phép tính mex và chú giải bên dưới.
        let graph_bottom = graph_top + 26.0 + 2.0 * row_h + row_gap * top as f64 + 30.0;
        let mut y = graph_bottom + 10.0;
        let mut notes = Vec::new();
        for t in notes_text {
            notes.push(Label::new(t, MARGIN, y, 13.0).anchor(Anchor::Start));
            y += by_text(19.0);
        }
        if !notes.is_empty() {
            y += 8.0;
        }
        let mut legend = Vec::new();
        for (fill, t) in legend_entries {
            legend.push(LegendKey::new(fill, t, MARGIN, y));
            y += by_text(21.0);
        }
        Ok(GraphLayout {
            width,
            height: (y + 6.0).ceil(),
            title,
            nodes,
            edges,
            notes,
            legend,
        })
    }

    /// Bán trục (ngang, dọc) của đỉnh `x`, đủ chỗ cho chữ bên trong.
    fn node_size(&self, x: usize) -> (f64, f64) {
        let lines = self.node_text(x);
        let w = lines
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let size = if i == 0 { 16.0 } else { self.value_size() };
                super::text::width(t, size) * if i == 0 { BOLD } else { 1.0 }
            })
            .fold(0.0, f64::max);
        // Hình tròn đi qua bốn góc của khối chữ (cao 18 hay 38 điểm ảnh), chừa 3.
        let h = by_text(if lines.len() > 1 { 38.0 } else { 18.0 });
        let r = ((w / 2.0).hypot(h / 2.0) + 3.0).max(20.0).ceil();
        (r, r)
    }

    /// Các dòng chữ trong đỉnh `x`.
    fn node_text(&self, x: usize) -> Vec<String> {
        let name = self.graph.name(x);
        match &self.marks {
            Marks::Plain => vec![name],
            Marks::Grundy(s) if self.known(s, x) => vec![name, format!("G = {}", s.values()[x])],
            Marks::Grundy(_) => vec![name, "G = ?".to_string()],
            Marks::Outcomes(o) => {
                let o = o[x];
                let code = crate::grundy::rounds::code(Some(o))
                    .to_string()
                    .replace('-', "−");
                let tag = match o {
                    Outcome::Draw => "hòa",
                    _ => o.pn_name(),
                };
                vec![name, format!("{code} ({tag})")]
            }
        }
    }

    fn node(&self, x: usize, row: usize, centre: (f64, f64), rx: f64, ry: f64) -> GraphNode {
        let (fill, ink) = match &self.marks {
            Marks::Plain => (super::style::PAPER, super::style::INK),
            Marks::Grundy(s) if self.known(s, x) => value_colours(s.values()[x]),
            Marks::Grundy(_) => (super::style::PAPER, super::style::INK),
            Marks::Outcomes(o) => outcome_colours(Some(o[x])),
        };
        let text = self.node_text(x);
        let labels = if text.len() == 1 {
            vec![Label::new(text[0].clone(), centre.0, centre.1, 16.0)
                .bold()
                .colour(ink)]
        } else {
            vec![
                Label::new(text[0].clone(), centre.0, centre.1 - by_text(9.0), 16.0)
                    .bold()
                    .colour(ink),
                Label::new(
                    text[1].clone(),
                    centre.0,
                    centre.1 + by_text(11.0),
                    self.value_size(),
                )
                .colour(ink),
            ]
        };
        let current = match (&self.marks, self.upto) {
            (Marks::Grundy(s), Some(k)) if k > 0 => {
                s.steps.get(k - 1).is_some_and(|st| st.position == x)
            }
            _ => false,
        };
        GraphNode {
            index: x,
            name: self.graph.name(x),
            row,
            centre,
            rx,
            ry,
            fill,
            labels,
            current,
        }
    }

    fn notes_text(&self) -> Vec<String> {
        match (&self.marks, self.mex && !self.compact) {
            (Marks::Grundy(s), true) => s
                .steps
                .iter()
                .map(|st| st.formula(|&x| s.name(x).to_string()))
                .collect(),
            _ => Vec::new(),
        }
    }

    fn legend_entries(&self) -> Vec<(RGBColor, String)> {
        if self.compact {
            return Vec::new();
        }
        match &self.marks {
            Marks::Plain => Vec::new(),
            Marks::Grundy(_) => vec![
                (
                    value_colours(0).0,
                    "G = 0: người đến lượt thua (bài giảng: trạng thái thắng, P)".to_string(),
                ),
                (
                    value_colours(1).0,
                    "G > 0: người đến lượt thắng (bài giảng: trạng thái thua, N)".to_string(),
                ),
            ],
            Marks::Outcomes(o) => {
                let mut v = vec![
                    (
                        outcome_colours(Some(Outcome::PreviousWins)).0,
                        "1 — thắng (P): người đến lượt thua".to_string(),
                    ),
                    (
                        outcome_colours(Some(Outcome::NextWins)).0,
                        "0 — thua (N): người đến lượt thắng".to_string(),
                    ),
                ];
                if o.contains(&Outcome::Draw) {
                    v.push((
                        outcome_colours(Some(Outcome::Draw)).0,
                        "−1 — hòa: không ai ép được thắng, ván có thể kéo dài mãi".to_string(),
                    ));
                }
                v
            }
        }
    }
}

/// Mức của mỗi đỉnh: 0 cho đỉnh (hay chu trình) không có nước đi ra ngoài, ngược
/// lại 1 + mức lớn nhất của các đỉnh đi tới (ngoài chu trình của nó). Các đỉnh
/// cùng một thành phần liên thông mạnh có cùng mức.
fn levels(g: &GraphGame) -> Vec<usize> {
    let comp = strong_components(g);
    let k = comp.iter().copied().max().map_or(0, |m| m + 1);
    // Tarjan đánh số thành phần theo thứ tự "con trước": thành phần c chỉ đi
    // tới các thành phần có số nhỏ hơn c.
    let mut level = vec![0usize; k];
    for c in 0..k {
        for x in (0..g.len()).filter(|&x| comp[x] == c) {
            for &y in g.targets(x) {
                if comp[y] != c {
                    level[c] = level[c].max(level[comp[y]] + 1);
                }
            }
        }
    }
    (0..g.len()).map(|x| level[comp[x]]).collect()
}

/// Thành phần liên thông mạnh (thuật toán Tarjan, ngăn xếp tường minh): số của
/// thành phần mỗi đỉnh, thành phần "con" có số nhỏ hơn.
fn strong_components(g: &GraphGame) -> Vec<usize> {
    let n = g.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut comp = vec![usize::MAX; n];
    let mut next_index = 0;
    let mut next_comp = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // Khung: (đỉnh, con kế tiếp cần xem).
        let mut work = vec![(root, 0usize)];
        while let Some(&(v, i)) = work.last() {
            if i == 0 && index[v] == usize::MAX {
                index[v] = next_index;
                low[v] = next_index;
                next_index += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = g.targets(v).get(i) {
                if let Some(top) = work.last_mut() {
                    top.1 += 1;
                }
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    comp[w] = next_comp;
                    if w == v {
                        break;
                    }
                }
                next_comp += 1;
            }
        }
    }
    comp
}

/// Tâm của mỗi đỉnh (so với trục giữa hình) khi các hàng xếp theo `rows`, mỗi
/// hàng dời ngang `shifts[r]`.
fn centres(
    rows: &[Vec<usize>],
    sizes: &[(f64, f64)],
    shifts: &[f64],
    row_gap: f64,
) -> Vec<(f64, f64)> {
    let mut c = vec![(0.0, 0.0); sizes.len()];
    for (r, row) in rows.iter().enumerate() {
        let total: f64 = row.iter().map(|&x| 2.0 * sizes[x].0).sum::<f64>()
            + NODE_GAP * row.len().saturating_sub(1) as f64;
        let mut x = -total / 2.0 + shifts[r];
        for &v in row {
            c[v] = (x + sizes[v].0, row_gap * r as f64);
            x += 2.0 * sizes[v].0 + NODE_GAP;
        }
    }
    c
}

/// Điểm phạt của một cách xếp: số cặp cung (thẳng) cắt nhau, cộng nặng hơn số
/// lần một cung đi xuyên qua một đỉnh khác, cộng rất nhẹ độ dời của các hàng
/// (để hình không lệch khi chẳng cần).
fn score(
    g: &GraphGame,
    rows: &[Vec<usize>],
    sizes: &[(f64, f64)],
    shifts: &[f64],
    row_gap: f64,
) -> f64 {
    let c = centres(rows, sizes, shifts, row_gap);
    let segs: Vec<(usize, usize)> = (0..g.len())
        .flat_map(|x| g.targets(x).iter().map(move |&y| (x, y)))
        .filter(|&(x, y)| x != y)
        .collect();
    let mut s = shifts.iter().map(|d| d.abs()).sum::<f64>() / 1000.0;
    // Góc (độ) giữa hai cung chung một đầu, nhìn từ đầu chung.
    let angle = |o: (f64, f64), u: (f64, f64), v: (f64, f64)| {
        let a = (u.1 - o.1).atan2(u.0 - o.0);
        let b = (v.1 - o.1).atan2(v.0 - o.0);
        let d = (a - b).abs().to_degrees();
        d.min(360.0 - d)
    };
    for (i, &(a, b)) in segs.iter().enumerate() {
        for &(p, q) in &segs[i + 1..] {
            if a != p && a != q && b != p && b != q && crosses(c[a], c[b], c[p], c[q]) {
                s += 1.0;
            }
            // Hai cung chung đầu mà gần như chồng lên nhau thì khó đọc.
            let close = if b == q {
                angle(c[b], c[a], c[p]) < 10.0
            } else if a == p {
                angle(c[a], c[b], c[q]) < 10.0
            } else {
                false
            };
            if close {
                s += 0.5;
            }
        }
        for v in 0..g.len() {
            if v != a && v != b && ellipse_hit(c[v], sizes[v], c[a], c[b], CLEARANCE + 6.0) {
                s += 4.0;
            }
        }
    }
    s
}

/// Xếp các hàng cho ít điểm phạt: đổi chỗ hai đỉnh kề nhau trong một hàng, hoặc
/// dời cả một hàng sang ngang, mỗi khi điều đó làm giảm điểm phạt (dừng khi
/// không cải thiện được nữa). Thử từ vài cách dời ban đầu (thẳng hàng, so le,
/// nghiêng) và giữ cách tốt nhất. Trả về độ dời của từng hàng.
fn arrange(g: &GraphGame, rows: &mut [Vec<usize>], sizes: &[(f64, f64)], row_gap: f64) -> Vec<f64> {
    let k = rows.len();
    let starts: Vec<Vec<f64>> = vec![
        vec![0.0; k],
        (0..k)
            .map(|r| if r % 2 == 0 { -40.0 } else { 40.0 })
            .collect(),
        (0..k)
            .map(|r| if r % 2 == 0 { 60.0 } else { -60.0 })
            .collect(),
        (0..k).map(|r| 30.0 * r as f64 - 15.0 * k as f64).collect(),
        (0..k).map(|r| 15.0 * k as f64 - 30.0 * r as f64).collect(),
    ];
    let mut best: Option<(f64, Vec<Vec<usize>>, Vec<f64>)> = None;
    for start in starts {
        let mut order = rows.to_vec();
        let mut shifts = start;
        let s = improve(g, &mut order, sizes, &mut shifts, row_gap);
        if !matches!(&best, Some((b, _, _)) if s >= *b - 1e-9) {
            best = Some((s, order, shifts));
        }
    }
    let (_, order, shifts) = best.expect("có ít nhất một cách xếp");
    rows.clone_from_slice(&order);
    shifts
}

/// Một lần cải thiện dần từ cách xếp đang có; trả về điểm phạt cuối.
fn improve(
    g: &GraphGame,
    rows: &mut [Vec<usize>],
    sizes: &[(f64, f64)],
    shifts: &mut [f64],
    row_gap: f64,
) -> f64 {
    let mut best = score(g, rows, sizes, shifts, row_gap);
    for _ in 0..40 {
        let mut improved = false;
        for r in 0..rows.len() {
            for i in 0..rows[r].len().saturating_sub(1) {
                rows[r].swap(i, i + 1);
                let s = score(g, rows, sizes, shifts, row_gap);
                if s < best - 1e-9 {
                    best = s;
                    improved = true;
                } else {
                    rows[r].swap(i, i + 1);
                }
            }
            let keep = shifts[r];
            for k in -8..=8 {
                shifts[r] = f64::from(k) * 20.0;
                let s = score(g, rows, sizes, shifts, row_gap);
                if s < best - 1e-9 {
                    best = s;
                    improved = true;
                } else {
                    shifts[r] = keep;
                }
            }
            // Dời cùng lúc hàng này và hàng dưới (một cung dài có khi cần cả hai).
            if r + 1 < rows.len() {
                for k in [-6.0, -4.0, -2.0, 2.0, 4.0, 6.0] {
                    let d = k * 20.0;
                    shifts[r] += d;
                    shifts[r + 1] += d;
                    let s = score(g, rows, sizes, shifts, row_gap);
                    if s < best - 1e-9 {
                        best = s;
                        improved = true;
                    } else {
                        shifts[r] -= d;
                        shifts[r + 1] -= d;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
    best
}

/// Đường của cung `x → y`.
fn route(g: &GraphGame, nodes: &[GraphNode], rows: &[Vec<usize>], x: usize, y: usize) -> GraphEdge {
    let (a, b) = (&nodes[x], &nodes[y]);
    let edge = |points| GraphEdge {
        from: x,
        to: y,
        points,
    };
    if x == y {
        // Vòng tự lặp bên phải đỉnh.
        let (cx, cy) = a.centre;
        let out = a.rim((cx + a.rx, cy - a.ry * 0.7));
        let back = a.rim((cx + a.rx, cy + a.ry * 0.7));
        let far = cx + a.rx + 22.0;
        return edge(vec![out, (far, cy - 12.0), (far, cy + 12.0), back]);
    }
    let reverse = g.targets(y).contains(&x);
    if a.row == b.row {
        let row = &rows[a.row];
        let (i, j) = (
            row.iter().position(|&v| v == x).unwrap_or(0),
            row.iter().position(|&v| v == y).unwrap_or(0),
        );
        if i.abs_diff(j) == 1 {
            // Kề nhau: đường thẳng (hai chiều thì mỗi chiều lệch một bên).
            let shift = if reverse {
                9.0 * if i < j { -1.0 } else { 1.0 }
            } else {
                0.0
            };
            let p = a.rim((b.centre.0, a.centre.1 + shift));
            let q = b.rim((a.centre.0, b.centre.1 + shift));
            return edge(vec![(p.0, p.1), (q.0, q.1)]);
        }
        // Không kề nhau: vòng lên trên (chiều ngược lại vòng xuống dưới).
        let up = i < j || !reverse;
        let sign = if up { -1.0 } else { 1.0 };
        let lane = a.centre.1 + sign * (a.ry.max(b.ry) + 20.0);
        let p = a.rim((
            a.centre.0 + (b.centre.0 - a.centre.0).signum() * a.rx * 0.5,
            lane,
        ));
        let q = b.rim((
            b.centre.0 - (b.centre.0 - a.centre.0).signum() * b.rx * 0.5,
            lane,
        ));
        return edge(vec![p, (p.0, lane), (q.0, lane), q]);
    }
    // Khác hàng: đường thẳng, bẻ vòng quanh đỉnh nào nằm chắn đường.
    let mut pts = vec![a.centre, b.centre];
    for _ in 0..6 {
        let mut bent = false;
        let mut next = vec![pts[0]];
        for w in pts.windows(2) {
            let blocker = nodes
                .iter()
                .filter(|v| v.index != x && v.index != y)
                .find(|v| v.hit_by(w[0], w[1], CLEARANCE + 6.0));
            if let (Some(v), false) = (blocker, bent) {
                // Điểm của đoạn thẳng ở độ cao của đỉnh chắn: vòng về phía đó.
                let t = ((v.centre.1 - w[0].1) / (w[1].1 - w[0].1)).clamp(0.0, 1.0);
                let at = w[0].0 + t * (w[1].0 - w[0].0);
                let side = if at >= v.centre.0 { 1.0 } else { -1.0 };
                // Đỉnh chắn cùng hàng với một đầu của đoạn: vòng qua phía dưới
                // (hay phía trên) nó thay vì đi ngang qua hàng.
                let dir = (w[1].1 - w[0].1).signum();
                let mut wy = v.centre.1;
                if (wy - w[0].1).abs() < 1.0 {
                    wy += dir * (v.ry + 12.0);
                } else if (wy - w[1].1).abs() < 1.0 {
                    wy -= dir * (v.ry + 12.0);
                }
                next.push((v.centre.0 + side * (v.rx + 16.0), wy));
                bent = true;
            }
            next.push(w[1]);
        }
        pts = next;
        if !bent {
            break;
        }
    }
    let k = pts.len();
    pts[0] = a.rim(pts[1]);
    pts[k - 1] = b.rim(pts[k - 2]);
    edge(pts)
}

/// Khoảng cách từ gốc tọa độ tới đoạn thẳng p–q.
fn segment_distance_to_origin(p: (f64, f64), q: (f64, f64)) -> f64 {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (-(p.0 * dx + p.1 * dy) / len2).clamp(0.0, 1.0)
    };
    (p.0 + t * dx).hypot(p.1 + t * dy)
}

/// Hai đoạn thẳng a–b và c–d cắt nhau (tại một điểm trong của cả hai)?
fn crosses(a: (f64, f64), b: (f64, f64), c: (f64, f64), d: (f64, f64)) -> bool {
    let orient = |p: (f64, f64), q: (f64, f64), r: (f64, f64)| {
        (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
    };
    let (d1, d2) = (orient(a, b, c), orient(a, b, d));
    let (d3, d4) = (orient(c, d, a), orient(c, d, b));
    d1 * d2 < -1e-9 && d3 * d4 < -1e-9
}

impl GraphLayout {
    /// Vẽ bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }

    /// Đỉnh tên `name`.
    #[cfg(test)]
    pub fn node(&self, name: &str) -> Option<&GraphNode> {
        self.nodes.iter().find(|n| n.name == name)
    }

    /// Những chỗ hình bị rối, mô tả bằng lời (rỗng nếu hình sạch): hai đỉnh
    /// chồng nhau, mũi tên đi xuyên qua một đỉnh khác, chữ chồng lên nhau, chữ
    /// không nằm gọn trong đỉnh, hoặc thứ gì đó ra ngoài khung hình.
    pub fn collisions(&self) -> Vec<String> {
        let mut out = Vec::new();
        let frame = Bounds::page(self.width, self.height);
        for (i, a) in self.nodes.iter().enumerate() {
            for b in &self.nodes[i + 1..] {
                if a.bounds().overlaps(&b.bounds()) {
                    out.push(format!("đỉnh {} chồng đỉnh {}", a.name, b.name));
                }
            }
            for l in &a.labels {
                let b = l.bounds();
                let corners = [
                    (b.left, b.top),
                    (b.right, b.top),
                    (b.left, b.bottom),
                    (b.right, b.bottom),
                ];
                let inside = corners.iter().all(|&(x, y)| {
                    ((x - a.centre.0) / a.rx).powi(2) + ((y - a.centre.1) / a.ry).powi(2) <= 1.0
                });
                if !inside {
                    out.push(format!("chữ `{}` tràn ra ngoài đỉnh {}", l.text, a.name));
                }
            }
            if !a.bounds().inside(&frame) {
                out.push(format!("đỉnh {} ra ngoài hình", a.name));
            }
        }
        for e in &self.edges {
            for v in &self.nodes {
                if v.index == e.from || v.index == e.to {
                    continue;
                }
                if e.points.windows(2).any(|w| v.hit_by(w[0], w[1], 0.0)) {
                    out.push(format!(
                        "cung {} → {} đi xuyên qua đỉnh {}",
                        self.nodes[e.from].name, self.nodes[e.to].name, v.name
                    ));
                }
            }
            for &(x, y) in &e.points {
                if !(0.0..=self.width).contains(&x) || !(0.0..=self.height).contains(&y) {
                    out.push(format!(
                        "cung {} → {} ra ngoài hình",
                        self.nodes[e.from].name, self.nodes[e.to].name
                    ));
                }
            }
        }
        let mut boxes: Vec<(String, Bounds)> = Vec::new();
        for l in self.title.iter().chain(&self.notes) {
            boxes.push((l.text.clone(), l.bounds()));
        }
        for k in &self.legend {
            boxes.push((k.label.text.clone(), k.label.bounds()));
            boxes.push(("ô chú giải".to_string(), k.swatch));
        }
        for n in &self.nodes {
            boxes.push((format!("đỉnh {}", n.name), n.bounds()));
        }
        out.extend(label::box_collisions(&boxes, &frame));
        out
    }

    /// Có hai mũi tên vòng qua phía trên (hay dưới) cùng một hàng đi chung một
    /// đoạn ngang (người đọc sẽ không biết mũi tên nào đi đâu).
    pub(crate) fn shares_a_lane(&self) -> bool {
        // Các đoạn ngang của mũi tên vòng: (độ cao, từ x, tới x).
        let lanes: Vec<(f64, f64, f64)> = self
            .edges
            .iter()
            .filter(|e| e.points.len() == 4 && (e.points[1].1 - e.points[2].1).abs() < 0.5)
            .map(|e| {
                let (a, b) = (e.points[1].0, e.points[2].0);
                (e.points[1].1, a.min(b), a.max(b))
            })
            .collect();
        lanes.iter().enumerate().any(|(i, a)| {
            lanes[i + 1..]
                .iter()
                .any(|b| (a.0 - b.0).abs() < 0.5 && a.2 > b.1 && b.2 > a.1)
        })
    }
}

impl Paint for GraphLayout {
    fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        paint::labels(&c, &self.title)?;
        for e in &self.edges {
            let k = e.points.len();
            if k > 2 {
                paint::path(&c, &e.points[..k - 1], (LINE, 2), None)?;
            }
            paint::arrow(&c, e.points[k - 2], e.points[k - 1], LINE, 2, 10.0, None)?;
        }
        for n in &self.nodes {
            let stroke = if n.current {
                (super::style::CURRENT, 5)
            } else {
                (SOFT_INK, 2)
            };
            paint::ellipse(&c, n.centre, n.rx, n.ry, Some(n.fill), Some(stroke))?;
            paint::labels(&c, &n.labels)?;
        }
        paint::labels(&c, &self.notes)?;
        for k in &self.legend {
            let s = k.swatch;
            paint::rect(
                &c,
                (s.left, s.top),
                (s.right, s.bottom),
                Some(k.fill),
                Some((SOFT_INK, 1)),
            )?;
            paint::label(&c, &k.label)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn layout_example_1() {
        use crate::grundy::GraphGame;
        use crate::plot::GraphDiagram;
        let g = GraphGame::parse("A → B, C; B → C").unwrap();
        let d = GraphDiagram::new(&g).grundy().unwrap().mex(true);
        let l = d.layout().unwrap();
        assert!(l.collisions().is_empty());
        let (a, c) = (l.node("A").unwrap(), l.node("C").unwrap());
        assert!(a.centre.1 < c.centre.1); // A ở trên C
        assert_eq!(l.notes[2].text, "G(A) = mex{G(B), G(C)} = mex{1, 0} = 2");
        assert!(d.draw().unwrap().svg().contains("G = 2"));
    }
    use super::*;

    #[test]
    fn levels_put_every_arrow_downwards_outside_cycles() {
        let g = GraphGame::parse("A → B, C, D; B → C, E; C → E; D → F; E → F").unwrap();
        let lv = levels(&g);
        for x in 0..g.len() {
            for &y in g.targets(x) {
                assert!(lv[x] > lv[y]);
            }
        }
        let g = GraphGame::parse("A → B; B → C; C → B, D; D").unwrap();
        let lv = levels(&g);
        assert_eq!(lv, [2, 1, 1, 0]); // B, C cùng chu trình: cùng hàng
    }

    #[test]
    fn small_graphs_are_clean() {
        for text in [
            "A → B, C, D; B → C, E; C → E; D → F; E → F",
            "A → B; B → A, C; C",
            "X → A, B, C, D; A → C; B → E, F, G, C; D → C; E → F, G, C; F → G, C; G → C",
            "A → B, C; B → D; C → D, E; D → E; E → E",
            "P → Q, R, S, T; Q → R, S, T; R → S, T; S → T",
            // Các đồ thị của chương 5 và notebook 5.
            "A → B; B → C; C → B, D; D; E → F; F → E, G; G → H; H",
            "6 → 5, 4; 5 → 4, 3; 4 → 3, 2; 3 → 2, 1; 2 → 1, 0; 1 → 0",
            "A → B, C, D; B → E, F; C → F, K; D → K, H; E → H; F → H, K; K → H; H",
            "A → B, C; B → A, D; C → E; D; E → C, F, H; F → K; K → F; H",
            "P → Q, R, S; Q → R, T; R → U; S → T, U; T → U, V; U → V; V",
            "A → B, D; B → C; C → A, E; D → F; E; F → D, G; G → H; H → G",
        ] {
            let g = GraphGame::parse(text).unwrap();
            let mut diagrams = vec![
                GraphDiagram::new(&g).title("Thử"),
                GraphDiagram::new(&g).outcomes().unwrap(),
            ];
            if let Ok(d) = GraphDiagram::new(&g).grundy() {
                diagrams.push(d.mex(true).title("Thử, có phép tính mex"));
            }
            for d in diagrams {
                let l = d.layout().unwrap();
                assert!(l.collisions().is_empty(), "{text}: {:#?}", l.collisions());
                assert_eq!(
                    l.edges.len(),
                    (0..g.len()).map(|x| g.targets(x).len()).sum::<usize>()
                );
                let svg = l.draw().unwrap().into_svg();
                for x in 0..g.len() {
                    assert!(svg.contains(&format!(">\n{}\n<", g.name(x))), "{text}");
                }
            }
        }
    }

    #[test]
    fn refuses_what_it_cannot_draw() {
        let g = GraphGame::parse("A → B; B → A").unwrap();
        assert!(GraphDiagram::new(&g).grundy().is_err());
        let big: Vec<String> = (0..=DRAWN_GRAPH_NODES).map(|i| format!("N{i}")).collect();
        let g = GraphGame::parse(&big.join("; ")).unwrap();
        assert!(GraphDiagram::new(&g).layout().is_err());
    }

    #[test]
    fn larger_text_still_fits() {
        // Tỉ lệ chữ 1,5 (trang chiếu): chữ lớn hơn so với hình mà vẫn không chữ
        // nào chồng lên chữ khác hay ra ngoài hình.
        for text in [
            "A → B, C, D; B → C, E; C → E; D → F; E → F",
            "A → B; B → C; C → B, D; D; E → F; F → E, G; G → H; H",
        ] {
            let g = GraphGame::parse(text).unwrap();
            crate::plot::with_text_scale(1.5, || {
                let mut diagrams = vec![
                    GraphDiagram::new(&g).title("Thử"),
                    GraphDiagram::new(&g).outcomes().unwrap(),
                ];
                if let Ok(d) = GraphDiagram::new(&g).grundy() {
                    diagrams.push(d.clone().mex(true));
                    diagrams.push(d.compact(true));
                }
                for d in diagrams {
                    let l = d.layout().unwrap();
                    assert!(l.collisions().is_empty(), "{text}: {:#?}", l.collisions());
                }
            })
            .unwrap();
        }
    }
}

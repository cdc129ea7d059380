//! Hình đồ thị của một trò chơi vô tư nhỏ (như các hình "tính hàm Grundy của
//! các hình trạng sau" của bài giảng): mỗi trạng thái một vòng tròn có nhãn, mỗi
//! nước đi một mũi tên. Trạng thái không có nước đi nằm dưới cùng; mỗi trạng thái
//! nằm trên mọi trạng thái nó đi tới được (mức = đường dài nhất xuống đáy), nên
//! mọi mũi tên đều chỉ xuống. Có thể ghi giá trị G bên cạnh mỗi đỉnh.

use super::error::PlotError;
use super::figure::{Figure, Paint};
use super::label::{Anchor, Label};
use super::paint::{self, Area};
use super::style::{LINE, MAX_FILL, MAX_STROKE, PV};

const RADIUS: f64 = 18.0;
const GAP_X: f64 = 110.0;
const GAP_Y: f64 = 86.0;
const TOP: f64 = 64.0;
const MARGIN: f64 = 40.0;

/// Một đỉnh đã đặt chỗ.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphNode {
    /// Tâm.
    pub centre: (f64, f64),
    /// Nhãn, giữa vòng tròn.
    pub label: Label,
    /// Giá trị ghi bên phải (ví dụ `G = 2`), nếu có.
    pub value: Option<Label>,
    /// Mức: độ dài đường đi dài nhất xuống một đỉnh không có nước đi.
    pub rank: usize,
}

/// Một mũi tên (nước đi) từ đỉnh `from` tới đỉnh `to`: đường thẳng nếu hai
/// đỉnh ở hai mức liền nhau, đường cong vòng sang bên nếu mũi tên vượt qua nhiều
/// mức (để không đi xuyên qua các đỉnh ở giữa).
#[derive(Debug, Clone, PartialEq)]
pub struct GraphArrow {
    /// Chỉ số đỉnh đầu.
    pub from: usize,
    /// Chỉ số đỉnh cuối.
    pub to: usize,
    /// Các điểm của đường, từ mép vòng tròn đầu tới mép vòng tròn cuối.
    pub points: Vec<(f64, f64)>,
}

/// Bố trí hình đồ thị.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphLayout {
    /// Bề rộng.
    pub width: f64,
    /// Chiều cao.
    pub height: f64,
    /// Tiêu đề.
    pub title: Label,
    /// Các đỉnh, theo chỉ số.
    pub nodes: Vec<GraphNode>,
    /// Các mũi tên.
    pub arrows: Vec<GraphArrow>,
}

impl GraphLayout {
    /// Vẽ bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }
}

impl Paint for GraphLayout {
    fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        paint::label(&c, &self.title)?;
        for a in &self.arrows {
            let n = a.points.len();
            if n >= 3 {
                paint::path(&c, &a.points[..n - 1], (LINE, 2), None)?;
            }
            let from = a.points[n.saturating_sub(2)];
            paint::arrow(&c, from, a.points[n - 1], LINE, 2, 10.0, None)?;
        }
        for n in &self.nodes {
            paint::circle(&c, n.centre, RADIUS, Some(MAX_FILL), Some((MAX_STROKE, 2)))?;
            paint::label(&c, &n.label)?;
            if let Some(v) = &n.value {
                paint::label(&c, v)?;
            }
        }
        Ok(())
    }
}

/// Mức của mỗi đỉnh: 0 nếu không có nước đi, nếu không thì 1 + mức lớn nhất
/// của các đỉnh đi tới được. Lỗi nếu đồ thị có chu trình.
fn ranks(edges: &[Vec<usize>]) -> Result<Vec<usize>, PlotError> {
    let n = edges.len();
    let mut rank: Vec<Option<usize>> = vec![None; n];
    for start in 0..n {
        // Duyệt sâu bằng ngăn xếp: (đỉnh, đã xét các con chưa).
        let mut stack = vec![(start, false)];
        let mut on_path = vec![false; n];
        while let Some((v, done)) = stack.pop() {
            if rank[v].is_some() {
                continue;
            }
            if done {
                on_path[v] = false;
                let r = edges[v]
                    .iter()
                    .map(|&w| rank[w].map_or(0, |x| x + 1))
                    .max()
                    .unwrap_or(0);
                rank[v] = Some(r);
                continue;
            }
            if on_path[v] {
                return Err(PlotError::invalid(
                    "đồ thị có chu trình: không vẽ được theo mức",
                ));
            }
            on_path[v] = true;
            stack.push((v, true));
            for &w in &edges[v] {
                if w >= n {
                    return Err(PlotError::invalid(format!(
                        "mũi tên tới đỉnh {w} không có trong đồ thị ({n} đỉnh)"
                    )));
                }
                if on_path[w] {
                    return Err(PlotError::invalid(
                        "đồ thị có chu trình: không vẽ được theo mức",
                    ));
                }
                if rank[w].is_none() {
                    stack.push((w, false));
                }
            }
        }
    }
    Ok(rank.into_iter().map(|r| r.unwrap_or(0)).collect())
}

/// Bố trí đồ thị: `labels[v]` là nhãn đỉnh `v`, `edges[v]` các đỉnh đi tới được
/// từ `v`, `values` (nếu có) là giá trị ghi bên cạnh mỗi đỉnh (ví dụ G).
///
/// ```
/// use caytrochoi::plot;
/// let nhan = ["A", "B", "C"];
/// let canh = vec![vec![1, 2], vec![2], vec![]];
/// let so_do = plot::game_graph_layout("Đồ thị", &nhan, &canh, Some(&[2, 1, 0])).unwrap();
/// assert_eq!(so_do.nodes[2].rank, 0);
/// assert_eq!(so_do.nodes[0].rank, 2);
/// assert!(so_do.nodes[0].centre.1 < so_do.nodes[1].centre.1); // A ở trên B
/// assert_eq!(so_do.nodes[0].value.as_ref().unwrap().text, "G = 2");
/// assert_eq!(so_do.arrows.len(), 3);
/// ```
pub fn game_graph_layout(
    title: &str,
    labels: &[&str],
    edges: &[Vec<usize>],
    values: Option<&[u32]>,
) -> Result<GraphLayout, PlotError> {
    if labels.len() != edges.len() {
        return Err(PlotError::invalid(format!(
            "có {} nhãn nhưng {} danh sách mũi tên",
            labels.len(),
            edges.len()
        )));
    }
    if labels.is_empty() {
        return Err(PlotError::invalid("đồ thị rỗng: cần ít nhất một đỉnh"));
    }
    let rank = ranks(edges)?;
    let top = rank.iter().copied().max().unwrap_or(0);
    let rows: Vec<Vec<usize>> = (0..=top)
        .map(|r| (0..labels.len()).filter(|&v| rank[v] == r).collect())
        .collect();
    let widest = rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let inner = (widest - 1) as f64 * GAP_X;
    let width = (inner + 2.0 * MARGIN + 2.0 * RADIUS + 60.0 + 2.0 * 34.0 * top as f64).max(260.0);
    let height = TOP + top as f64 * GAP_Y + RADIUS + 30.0;
    let mut centre = vec![(0.0, 0.0); labels.len()];
    for (r, row) in rows.iter().enumerate() {
        let y = TOP + (top - r) as f64 * GAP_Y;
        let span = (row.len().max(1) - 1) as f64 * GAP_X;
        let x0 = MARGIN + RADIUS + 34.0 * top as f64 + (inner - span) / 2.0;
        for (k, &v) in row.iter().enumerate() {
            centre[v] = (x0 + k as f64 * GAP_X, y);
        }
    }
    let nodes = (0..labels.len())
        .map(|v| {
            let (x, y) = centre[v];
            GraphNode {
                centre: (x, y),
                label: Label::new(labels[v], x, y, 15.0).bold(),
                value: values.and_then(|vs| vs.get(v)).map(|g| {
                    let mut l = Label::new(format!("G = {g}"), x + RADIUS + 5.0, y - RADIUS, 13.0)
                        .anchor(Anchor::Start)
                        .bold();
                    l.colour = PV;
                    l
                }),
                rank: rank[v],
            }
        })
        .collect();
    let mut arrows = Vec::new();
    let mut bends = 0usize;
    for (v, out) in edges.iter().enumerate() {
        for &w in out {
            let (a, b) = (centre[v], centre[w]);
            let span = rank[v].saturating_sub(rank[w]);
            let points = if span <= 1 {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = dx.hypot(dy).max(1e-9);
                let (ux, uy) = (dx / len, dy / len);
                vec![
                    (a.0 + ux * RADIUS, a.1 + uy * RADIUS),
                    (b.0 - ux * (RADIUS + 1.0), b.1 - uy * (RADIUS + 1.0)),
                ]
            } else {
                // Đường cong bậc hai, điểm điều khiển lệch sang bên (lần lượt
                // trái, phải) tỉ lệ với số mức vượt qua.
                bends += 1;
                let side = if bends % 2 == 0 { 1.0 } else { -1.0 };
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let len = dx.hypot(dy).max(1e-9);
                let (px, py) = (-dy / len, dx / len);
                let bow = side * 34.0 * (span as f64 - 0.5);
                let ctrl = ((a.0 + b.0) / 2.0 + px * bow, (a.1 + b.1) / 2.0 + py * bow);
                let bez = |t: f64| {
                    let u = 1.0 - t;
                    (
                        u * u * a.0 + 2.0 * u * t * ctrl.0 + t * t * b.0,
                        u * u * a.1 + 2.0 * u * t * ctrl.1 + t * t * b.1,
                    )
                };
                let outside =
                    |p: (f64, f64), c: (f64, f64), r: f64| (p.0 - c.0).hypot(p.1 - c.1) >= r;
                (0..=40)
                    .map(|k| bez(f64::from(k) / 40.0))
                    .filter(|&p| outside(p, a, RADIUS) && outside(p, b, RADIUS + 1.0))
                    .collect()
            };
            arrows.push(GraphArrow {
                from: v,
                to: w,
                points,
            });
        }
    }
    Ok(GraphLayout {
        width,
        height,
        title: Label::new(title, width / 2.0, 24.0, 15.0).bold(),
        nodes,
        arrows,
    })
}

/// Vẽ đồ thị (xem [`game_graph_layout`]).
pub fn game_graph(
    title: &str,
    labels: &[&str],
    edges: &[Vec<usize>],
    values: Option<&[u32]>,
) -> Result<Figure, PlotError> {
    game_graph_layout(title, labels, edges, values)?.draw()
}

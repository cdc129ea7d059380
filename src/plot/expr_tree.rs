//! Hình cây biểu thức số học (chương 1): toán tử là nút tròn, toán hạng là ô
//! vuông tô nền; tùy chọn ghi giá trị mỗi nút, số thứ tự định trị (thứ tự sau)
//! và mũi tên nét đứt từ con lên cha chỉ chiều quay lui.

use super::error::PlotError;
use super::figure::{Figure, Paint};
#[cfg(test)]
use super::label::Bounds;
use super::label::{Anchor, Label, BOLD};
use super::paint::{self, Area};
use super::style::{hex, INK, LINE};
use super::text::{width, wrap};
use super::tree_layout::tidy_x;
use crate::expr::Expr;
use crate::limits::DRAWN_EXPR_NODES;
use crate::value::fmt_value;
use plotters::style::RGBColor;

/// Bán kính nút toán tử, nửa cạnh ô toán hạng.
const R: f64 = 16.0;
const GAP: f64 = 30.0;
const MARGIN: f64 = 16.0;
const LEVEL: f64 = 80.0;
const SYMBOL_SIZE: f64 = 16.0;
const VALUE_SIZE: f64 = 14.0;
const ORDER_SIZE: f64 = 14.0;

const OP_FILL: RGBColor = hex(0xffffff);
const OP_STROKE: RGBColor = hex(0x1f4e96);
const NUM_FILL: RGBColor = hex(0xf3e2b3);
const NUM_STROKE: RGBColor = hex(0x8a6100);
const VALUE: RGBColor = hex(0x1a6b2f);
const ORDER: RGBColor = hex(0xb34700);

/// Tùy chọn của [`expr_tree`]. Mặc định: chỉ vẽ cây.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExprTreeOptions {
    /// Ghi giá trị: bên phải mỗi nút trong (`= 6`), bên dưới mỗi lá.
    pub values: bool,
    /// Đánh số thứ tự các nút theo lúc chúng có giá trị (①, ②, …: thứ tự sau).
    pub order: bool,
    /// Vẽ mũi tên nét đứt từ mỗi con lên cha: chiều quay lui của giá trị.
    pub return_arrows: bool,
    /// Tiêu đề ghi trên hình (không có thì không ghi).
    pub title: Option<String>,
}

/// Một nút đã trải phẳng của cây biểu thức.
struct Item {
    text: String,
    is_leaf: bool,
    value: Option<f64>,
    order: usize,
    depth: usize,
}

/// Một nút của cây biểu thức trên hình.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ExprNode {
    /// Toán hạng (ô vuông) hay toán tử (hình tròn).
    pub operand: bool,
    /// Tâm.
    pub x: f64,
    /// Tâm.
    pub y: f64,
    /// Nửa bề rộng của hình (nửa chiều cao là 16).
    pub half_width: f64,
    /// Ký hiệu: số, `+`, `−`, `×`, `÷`.
    pub label: Label,
    /// Giá trị: `= 6` bên phải toán tử, số dưới toán hạng.
    pub value: Option<Label>,
    /// Số thứ tự định trị (①, ②, …) bên trái.
    pub order: Option<Label>,
}

impl ExprNode {
    /// Hình chữ nhật bao của hình nút.
    #[cfg(test)]
    pub fn shape_bounds(&self) -> Bounds {
        Bounds::around(self.x, self.y, self.half_width, R)
    }
}

/// Một cạnh của cây biểu thức.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ExprEdge {
    /// Nút cha (chỉ số trong [`ExprLayout::nodes`]).
    pub parent: usize,
    /// Nút con.
    pub child: usize,
    /// Đoạn thẳng vẽ cạnh, từ mép hình cha đến mép hình con.
    pub line: [(f64, f64); 2],
}

/// Bố trí cây biểu thức: các nút theo thứ tự trước, cạnh cha → con, mũi tên
/// quay lui con → cha.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ExprLayout {
    /// Bề rộng.
    pub width: f64,
    /// Chiều cao.
    pub height: f64,
    /// Tiêu đề (đã ngắt dòng).
    pub title: Vec<Label>,
    /// Các nút, theo thứ tự trước.
    pub nodes: Vec<ExprNode>,
    /// Các cạnh cha → con.
    pub edges: Vec<ExprEdge>,
    /// Các mũi tên quay lui (con → cha), song song với cạnh.
    pub returns: Vec<[(f64, f64); 2]>,
}

impl ExprLayout {
    /// Vẽ bằng plotters.
    pub fn draw(self) -> Result<Figure, PlotError> {
        Figure::paint(self)
    }
}

impl Paint for ExprLayout {
    fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        paint::labels(&c, &self.title)?;
        for e in &self.edges {
            paint::path(&c, &e.line, (LINE, 2), None)?;
        }
        for [a, b] in &self.returns {
            paint::arrow(&c, *a, *b, ORDER, 1, 8.0, Some((5.0, 3.0)))?;
        }
        for n in &self.nodes {
            let (x, y, h) = (n.x, n.y, n.half_width);
            if n.operand {
                paint::rect(
                    &c,
                    (x - h, y - R),
                    (x + h, y + R),
                    Some(NUM_FILL),
                    Some((NUM_STROKE, 2)),
                )?;
            } else {
                paint::ellipse(&c, (x, y), h, R, Some(OP_FILL), Some((OP_STROKE, 2)))?;
            }
            paint::label(&c, &n.label)?;
            paint::labels(&c, n.value.iter().chain(&n.order))?;
        }
        Ok(())
    }
}

/// Vẽ cây biểu thức `expr`.
///
/// Lỗi nếu cây quá lớn để vẽ (hơn 127 nút) hoặc nếu xin ghi giá trị mà biểu
/// thức không tính được (ví dụ chia cho 0).
///
/// ```
/// use caytrochoi::{expr::Expr, plot::{self, ExprTreeOptions}};
/// let e = Expr::parse("5 + 2 × 3 − 4").unwrap();
/// let hinh = plot::expr_tree(&e, &ExprTreeOptions { values: true, ..Default::default() }).unwrap();
/// assert!(hinh.svg().contains("= 11"));
/// ```
pub fn expr_tree(expr: &Expr, opts: &ExprTreeOptions) -> Result<Figure, PlotError> {
    expr_tree_layout(expr, opts)?.draw()
}

/// Bố trí của [`expr_tree`].
pub(crate) fn expr_tree_layout(
    expr: &Expr,
    opts: &ExprTreeOptions,
) -> Result<ExprLayout, PlotError> {
    // Trải phẳng theo thứ tự trước, ghi thứ tự sau.
    let mut items: Vec<Item> = Vec::new();
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut counter = 0usize;
    flatten(expr, 0, &mut items, &mut children, &mut counter)?;
    if opts.values {
        // Giá trị mỗi nút (các lỗi như chia cho 0 được báo bằng tiếng Việt).
        for (i, v) in values_of(expr)?.into_iter().enumerate() {
            items[i].value = Some(v);
        }
    }

    let half: Vec<f64> = items
        .iter()
        .map(|it| R.max(BOLD * width(&it.text, SYMBOL_SIZE) / 2.0 + 7.0))
        .collect();
    let ext: Vec<(f64, f64)> = items
        .iter()
        .zip(&half)
        .map(|(it, &h)| {
            let mut left = h;
            let mut right = h;
            if opts.order {
                left += 4.0 + width(&order_mark(it.order), ORDER_SIZE);
            }
            if let (Some(v), false) = (it.value, it.is_leaf) {
                right += 6.0 + BOLD * width(&format!("= {}", fmt_value(v)), VALUE_SIZE);
            }
            if let (Some(v), true) = (it.value, it.is_leaf) {
                let w = BOLD * width(&fmt_value(v), VALUE_SIZE) / 2.0;
                left = left.max(w);
                right = right.max(w);
            }
            (left, right)
        })
        .collect();
    let xs = tidy_x(&children, 0, &ext, GAP);
    let tree_w = xs
        .iter()
        .zip(&ext)
        .map(|(x, e)| x + e.1)
        .fold(0.0, f64::max);
    let height_levels = items.iter().map(|it| it.depth).max().unwrap_or(0) as f64;

    // Đủ rộng cho tiêu đề trên một dòng (nếu không quá 640 điểm ảnh).
    let title_w = opts
        .title
        .as_ref()
        .map_or(0.0, |t| BOLD * width(t, 15.0) + 2.0 * MARGIN)
        .min(640.0);
    let width_all = (tree_w + 2.0 * MARGIN).max(240.0).max(title_w).ceil();
    let title: Vec<Label> = opts
        .title
        .as_ref()
        .map(|t| wrap(t, 15.0 * BOLD, width_all - 2.0 * MARGIN))
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(k, l)| Label::new(l, width_all / 2.0, MARGIN + 9.0 + 20.0 * k as f64, 15.0).bold())
        .collect();
    let top = MARGIN + 20.0 * title.len() as f64 + R + 4.0;
    let leaf_value_room = if opts.values { 22.0 } else { 0.0 };
    let height = (top + LEVEL * height_levels + R + leaf_value_room + MARGIN).ceil();
    let x0 = (width_all - tree_w) / 2.0;
    let pos = |i: usize| (x0 + xs[i], top + LEVEL * items[i].depth as f64);

    let mut edges = Vec::new();
    let mut returns = Vec::new();
    for (p, kids) in children.iter().enumerate() {
        let (px, py) = pos(p);
        for &c in kids {
            let (cx, cy) = pos(c);
            let (ux, uy) = unit(cx - px, cy - py);
            edges.push(ExprEdge {
                parent: p,
                child: c,
                line: [(px + ux * R, py + uy * R), (cx - ux * R, cy - uy * R)],
            });
            if opts.return_arrows {
                // Song song với cạnh, lệch ra phía ngoài để hai mũi tên lên cùng
                // một cha không chụm vào nhau.
                let (mut nx, mut ny) = (-uy, ux);
                if nx * (cx - px) < 0.0 {
                    nx = -nx;
                    ny = -ny;
                }
                let off = 11.0;
                returns.push([
                    (
                        cx - ux * (R + 6.0) + nx * off,
                        cy - uy * (R + 6.0) + ny * off,
                    ),
                    (
                        px + ux * (R + 6.0) + nx * off,
                        py + uy * (R + 6.0) + ny * off,
                    ),
                ]);
            }
        }
    }
    let nodes = items
        .iter()
        .enumerate()
        .map(|(i, it)| {
            let (x, y) = pos(i);
            let h = half[i];
            let value = it.value.map(|v| {
                let l = if it.is_leaf {
                    Label::new(fmt_value(v), x, y + R + 12.0, VALUE_SIZE)
                } else {
                    Label::new(format!("= {}", fmt_value(v)), x + h + 6.0, y, VALUE_SIZE)
                        .anchor(Anchor::Start)
                };
                l.bold().colour(VALUE)
            });
            ExprNode {
                operand: it.is_leaf,
                x,
                y,
                half_width: h,
                label: Label::new(it.text.clone(), x, y, SYMBOL_SIZE)
                    .bold()
                    .colour(INK),
                value,
                order: opts.order.then(|| {
                    Label::new(order_mark(it.order), x - h - 4.0, y, ORDER_SIZE)
                        .anchor(Anchor::End)
                        .colour(ORDER)
                }),
            }
        })
        .collect();
    Ok(ExprLayout {
        width: width_all,
        height,
        title,
        nodes,
        edges,
        returns,
    })
}

/// Trải phẳng cây theo thứ tự trước; `counter` đếm thứ tự sau (1, 2, …).
fn flatten(
    e: &Expr,
    depth: usize,
    items: &mut Vec<Item>,
    children: &mut Vec<Vec<usize>>,
    counter: &mut usize,
) -> Result<usize, PlotError> {
    if items.len() >= DRAWN_EXPR_NODES {
        return Err(PlotError::invalid(format!(
            "cây biểu thức có hơn {DRAWN_EXPR_NODES} nút, quá lớn để vẽ"
        )));
    }
    let id = items.len();
    let (text, is_leaf) = match e {
        Expr::Num(v) => (fmt_value(*v), true),
        Expr::Op(op, ..) => (op.symbol().to_string(), false),
    };
    items.push(Item {
        text,
        is_leaf,
        value: None,
        order: 0,
        depth,
    });
    children.push(Vec::new());
    if let Expr::Op(_, l, r) = e {
        let a = flatten(l, depth + 1, items, children, counter)?;
        let b = flatten(r, depth + 1, items, children, counter)?;
        children[id] = vec![a, b];
    }
    *counter += 1;
    items[id].order = *counter;
    Ok(id)
}

/// Giá trị mọi nút theo thứ tự trước.
fn values_of(e: &Expr) -> Result<Vec<f64>, PlotError> {
    let mut out = Vec::new();
    collect_values(e, &mut out)?;
    Ok(out)
}

fn collect_values(e: &Expr, out: &mut Vec<f64>) -> Result<(), PlotError> {
    let v = e.eval().map_err(|err| {
        PlotError::invalid(format!("không tính được giá trị để ghi lên hình: {err}"))
    })?;
    out.push(v);
    if let Expr::Op(_, l, r) = e {
        collect_values(l, out)?;
        collect_values(r, out)?;
    }
    Ok(())
}

/// Số thứ tự trong vòng tròn: ① … ⑳, rồi (21), (22), …
fn order_mark(k: usize) -> String {
    match k {
        1..=20 => char::from_u32(0x2460 + k as u32 - 1)
            .map(String::from)
            .unwrap_or_else(|| format!("({k})")),
        _ => format!("({k})"),
    }
}

fn unit(dx: f64, dy: f64) -> (f64, f64) {
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        (0.0, 1.0)
    } else {
        (dx / len, dy / len)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn layout_example_1() {
        use crate::{
            expr::Expr,
            plot::{self, ExprTreeOptions},
        };
        let e = Expr::parse("5 + 2 × 3 − 4").unwrap();
        let d = plot::expr_tree_layout(&e, &ExprTreeOptions::default()).unwrap();
        assert_eq!(d.nodes.iter().filter(|n| n.operand).count(), 4);
        assert_eq!(d.nodes[0].label.text, "−"); // gốc
        assert_eq!(d.edges.len(), 6);
    }
    use super::*;

    fn lecture() -> Expr {
        Expr::parse("5 + 2 × 3 − 4").unwrap()
    }

    #[test]
    fn plain_tree_has_shapes_and_no_values() {
        let d = expr_tree_layout(&lecture(), &ExprTreeOptions::default()).unwrap();
        assert_eq!(d.nodes.iter().filter(|n| !n.operand).count(), 3);
        assert_eq!(d.nodes.iter().filter(|n| n.operand).count(), 4);
        assert_eq!(d.edges.len(), 6);
        assert!(d
            .nodes
            .iter()
            .all(|n| n.value.is_none() && n.order.is_none()));
        assert!(d.returns.is_empty());
        let ops: Vec<&str> = d
            .nodes
            .iter()
            .filter(|n| !n.operand)
            .map(|n| n.label.text.as_str())
            .collect();
        assert_eq!(ops, ["−", "+", "×"]);
        // Mỗi con nằm thấp hơn cha một mức; hai nút không chồng nhau.
        for e in &d.edges {
            assert!(d.nodes[e.child].y > d.nodes[e.parent].y);
        }
        for (i, a) in d.nodes.iter().enumerate() {
            for b in &d.nodes[i + 1..] {
                assert!(!a.shape_bounds().overlaps(&b.shape_bounds()));
            }
        }
    }

    #[test]
    fn evaluated_tree_has_values_order_and_arrows() {
        let opts = ExprTreeOptions {
            values: true,
            order: true,
            return_arrows: true,
            title: Some("Định trị".to_string()),
        };
        let d = expr_tree_layout(&lecture(), &opts).unwrap();
        let values: Vec<&str> = d
            .nodes
            .iter()
            .filter_map(|n| n.value.as_ref().map(|l| l.text.as_str()))
            .collect();
        // Theo thứ tự trước: −, +, 5, ×, 2, 3, 4.
        assert_eq!(values, ["= 7", "= 11", "5", "= 6", "2", "3", "4"]);
        let order: Vec<&str> = d
            .nodes
            .iter()
            .filter_map(|n| n.order.as_ref().map(|l| l.text.as_str()))
            .collect();
        assert_eq!(order, ["⑦", "⑤", "①", "④", "②", "③", "⑥"]);
        assert_eq!(d.returns.len(), 6);
        // Mũi tên quay lui đi lên (từ con về cha).
        assert!(d.returns.iter().all(|[a, b]| b.1 < a.1));
        // Không chữ nào chồng lên hình một nút khác hay chữ khác.
        let mut boxes: Vec<(usize, Bounds)> = Vec::new();
        for (i, n) in d.nodes.iter().enumerate() {
            boxes.push((i, n.shape_bounds()));
            for l in n.value.iter().chain(&n.order) {
                boxes.push((usize::MAX - i, l.bounds()));
            }
        }
        for (k, (i, a)) in boxes.iter().enumerate() {
            for (j, b) in &boxes[k + 1..] {
                assert!(i == j || !a.overlaps(b), "{a:?} chồng {b:?}");
            }
        }
        assert_eq!(d.title[0].text, "Định trị");
    }

    #[test]
    fn division_by_zero_is_an_error_not_a_panic() {
        let e = Expr::parse("1 ÷ 0").unwrap();
        let opts = ExprTreeOptions {
            values: true,
            ..Default::default()
        };
        let err = expr_tree(&e, &opts).unwrap_err().to_string();
        assert!(err.contains("chia cho 0"), "{err}");
        // Không ghi giá trị thì vẫn vẽ được.
        assert!(expr_tree(&e, &ExprTreeOptions::default()).is_ok());
    }

    #[test]
    fn huge_tree_is_refused() {
        let text = vec!["1"; 200].join(" + ");
        let e = Expr::parse(&text).unwrap();
        assert!(expr_tree(&e, &ExprTreeOptions::default()).is_err());
    }
}

//! Hình cây biểu thức số học (chương 1): toán tử là nút tròn, toán hạng là ô
//! vuông tô nền; tùy chọn ghi giá trị mỗi nút, số thứ tự định trị (thứ tự sau)
//! và mũi tên nét đứt từ con lên cha chỉ chiều quay lui.

use super::error::PlotError;
use super::svg::{n, Anchor, Figure, SvgDoc, TextStyle};
use super::text::{escape, width, wrap};
use super::tree_layout::tidy_x;
use crate::expr::Expr;
use crate::value::fmt_value;

/// Số nút tối đa vẽ được (cây lớn hơn không còn đọc được).
const MAX_EXPR_NODES: usize = 127;
/// Bán kính nút toán tử, nửa cạnh ô toán hạng.
const R: f64 = 16.0;
const GAP: f64 = 30.0;
const MARGIN: f64 = 16.0;
const LEVEL: f64 = 80.0;
const SYMBOL_SIZE: f64 = 16.0;
const VALUE_SIZE: f64 = 14.0;
const ORDER_SIZE: f64 = 14.0;

const OP_FILL: &str = "#ffffff";
const OP_STROKE: &str = "#1f4e96";
const NUM_FILL: &str = "#f3e2b3";
const NUM_STROKE: &str = "#8a6100";
const VALUE: &str = "#1a6b2f";
const ORDER: &str = "#b34700";
const ARROW: &str = "#b34700";

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
/// assert_eq!(hinh.svg().matches("class=\"operand\"").count(), 4);
/// ```
pub fn expr_tree(expr: &Expr, opts: &ExprTreeOptions) -> Result<Figure, PlotError> {
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

    let label_w = |it: &Item| width(&it.text, SYMBOL_SIZE) / 2.0 + 7.0;
    let half: Vec<f64> = items.iter().map(|it| R.max(label_w(it))).collect();
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
                right += 6.0 + width(&format!("= {}", fmt_value(v)), VALUE_SIZE);
            }
            if let (Some(v), true) = (it.value, it.is_leaf) {
                let w = width(&fmt_value(v), VALUE_SIZE) / 2.0;
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

    let width_all = (tree_w + 2.0 * MARGIN).max(240.0);
    let title_lines = opts
        .title
        .as_ref()
        .map(|t| wrap(t, 15.0, width_all - 2.0 * MARGIN))
        .unwrap_or_default();
    let top = MARGIN + 20.0 * title_lines.len() as f64 + R + 4.0;
    let leaf_value_room = if opts.values { 22.0 } else { 0.0 };
    let height = top + LEVEL * height_levels + R + leaf_value_room + MARGIN;
    let x0 = (width_all - tree_w) / 2.0;
    let pos = |i: usize| (x0 + xs[i], top + LEVEL * items[i].depth as f64);

    let mut svg = SvgDoc::new(width_all, height);
    for (k, l) in title_lines.iter().enumerate() {
        svg.text(
            width_all / 2.0,
            MARGIN + 14.0 + 20.0 * k as f64,
            l,
            &TextStyle::new(15.0).bold(),
        );
    }
    if opts.return_arrows {
        svg.raw(&format!(
            "<defs><marker id=\"mui-ten-quay-lui\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
             markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">\
             <path d=\"M0,0 L10,5 L0,10 z\" fill=\"{ARROW}\"/></marker></defs>"
        ));
    }
    // Cạnh: đoạn thẳng từ cha xuống con.
    for (p, kids) in children.iter().enumerate() {
        let (px, py) = pos(p);
        for &c in kids {
            let (cx, cy) = pos(c);
            let (ux, uy) = unit(cx - px, cy - py);
            svg.line(
                px + ux * R,
                py + uy * R,
                cx - ux * R,
                cy - uy * R,
                "stroke=\"#555555\" stroke-width=\"1.5\" class=\"edge\"",
            );
            if opts.return_arrows {
                // Song song với cạnh, lệch ra phía ngoài để hai mũi tên lên
                // cùng một cha không chụm vào nhau.
                let (mut nx, mut ny) = (-uy, ux);
                if nx * (cx - px) < 0.0 {
                    nx = -nx;
                    ny = -ny;
                }
                let off = 11.0;
                let (sx, sy) = (
                    cx - ux * (R + 6.0) + nx * off,
                    cy - uy * (R + 6.0) + ny * off,
                );
                let (ex, ey) = (
                    px + ux * (R + 6.0) + nx * off,
                    py + uy * (R + 6.0) + ny * off,
                );
                svg.raw(&format!(
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{ARROW}\" \
                     stroke-width=\"1.4\" stroke-dasharray=\"5 3\" \
                     marker-end=\"url(#mui-ten-quay-lui)\" class=\"return\"/>",
                    n(sx),
                    n(sy),
                    n(ex),
                    n(ey)
                ));
            }
        }
    }
    // Nút.
    for (i, it) in items.iter().enumerate() {
        let (x, y) = pos(i);
        let h = half[i];
        let kind = if it.is_leaf { "operand" } else { "operator" };
        svg.open_group(&format!(
            "class=\"{kind}\" data-label=\"{}\"",
            escape(&it.text)
        ));
        if it.is_leaf {
            svg.rect(x - h, y - R, 2.0 * h, 2.0 * R, NUM_FILL, NUM_STROKE, 1.6);
        } else {
            svg.raw(&format!(
                "<ellipse cx=\"{}\" cy=\"{}\" rx=\"{}\" ry=\"{}\" fill=\"{OP_FILL}\" \
                 stroke=\"{OP_STROKE}\" stroke-width=\"1.8\"/>",
                n(x),
                n(y),
                n(h),
                n(R)
            ));
        }
        svg.text(
            x,
            y + 5.5,
            &it.text,
            &TextStyle::new(SYMBOL_SIZE).bold().fill("#111111"),
        );
        if let Some(v) = it.value {
            if it.is_leaf {
                svg.text(
                    x,
                    y + R + 17.0,
                    &fmt_value(v),
                    &TextStyle::new(VALUE_SIZE).bold().fill(VALUE).class("value"),
                );
            } else {
                svg.text(
                    x + h + 6.0,
                    y + 5.0,
                    &format!("= {}", fmt_value(v)),
                    &TextStyle::new(VALUE_SIZE)
                        .bold()
                        .fill(VALUE)
                        .anchor(Anchor::Start)
                        .class("value"),
                );
            }
        }
        if opts.order {
            svg.text(
                x - h - 4.0,
                y + 5.0,
                &order_mark(it.order),
                &TextStyle::new(ORDER_SIZE)
                    .fill(ORDER)
                    .anchor(Anchor::End)
                    .class("order"),
            );
        }
        svg.close_group();
    }
    Ok(svg.finish())
}

/// Trải phẳng cây theo thứ tự trước; `counter` đếm thứ tự sau (1, 2, …).
fn flatten(
    e: &Expr,
    depth: usize,
    items: &mut Vec<Item>,
    children: &mut Vec<Vec<usize>>,
    counter: &mut usize,
) -> Result<usize, PlotError> {
    if items.len() >= MAX_EXPR_NODES {
        return Err(PlotError::invalid(format!(
            "cây biểu thức có hơn {MAX_EXPR_NODES} nút, quá lớn để vẽ"
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
    use super::*;

    fn lecture() -> Expr {
        Expr::parse("5 + 2 × 3 − 4").unwrap()
    }

    #[test]
    fn plain_tree_has_shapes_and_no_values() {
        let svg = expr_tree(&lecture(), &ExprTreeOptions::default())
            .unwrap()
            .into_svg();
        assert_eq!(svg.matches("class=\"operator\"").count(), 3);
        assert_eq!(svg.matches("class=\"operand\"").count(), 4);
        assert_eq!(svg.matches("class=\"edge\"").count(), 6);
        assert!(!svg.contains("class=\"value\""));
        assert!(!svg.contains("marker"));
        for s in ["−", "+", "×"] {
            assert!(svg.contains(&format!(">{s}</text>")), "thiếu {s}");
        }
    }

    #[test]
    fn evaluated_tree_has_values_order_and_arrows() {
        let opts = ExprTreeOptions {
            values: true,
            order: true,
            return_arrows: true,
            title: None,
        };
        let svg = expr_tree(&lecture(), &opts).unwrap().into_svg();
        for v in ["= 6", "= 11", "= 7"] {
            assert!(svg.contains(&format!(">{v}</text>")), "thiếu {v}");
        }
        // Thứ tự sau: 5, 2, 3, ×, +, 4, −.
        let order: Vec<&str> = svg
            .split("class=\"order\">")
            .skip(1)
            .map(|s| &s[..s.find('<').unwrap_or(0)])
            .collect();
        // Các nút được ghi theo thứ tự trước: −, +, 5, ×, 2, 3, 4.
        assert_eq!(order, ["⑦", "⑤", "①", "④", "②", "③", "⑥"]);
        assert_eq!(svg.matches("class=\"return\"").count(), 6);
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

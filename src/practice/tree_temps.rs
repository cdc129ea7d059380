//! Chấm dãy giá trị tạm của một nút (từ trên xuống, như bài giảng ghi bên trái
//! mỗi nút): `-∞`, `Max(-∞, 1) = 1`, …

use super::answer::{normalize_math, parse_number, Answer};
use super::check::{Check, Graded, Unreadable};
use super::expected::{joined, list};
use super::feedback::{Mistake, MistakeKind};
use super::tree_explain::{ancestor_in, kind, run, same};
use crate::player::Player;
use crate::search::Algorithm;
use crate::trace::{TempStep, Trace};
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;

/// Một giá trị tạm sinh viên viết: giá trị ban đầu / chỉ giá trị mới, hoặc đủ
/// `Max(cũ, con) = mới`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Typed {
    Value(f64),
    Update {
        max: bool,
        old: f64,
        child: f64,
        new: f64,
    },
}

fn parse_temp(s: &str) -> Option<Typed> {
    if let Some(v) = parse_number(s) {
        return Some(Typed::Value(v));
    }
    let n = normalize_math(s);
    let max = n.starts_with("max(");
    let rest = n.strip_prefix("max(").or_else(|| n.strip_prefix("min("))?;
    let (args, result) = rest.split_once(")=")?;
    let (a, b) = args.split_once(',')?;
    Some(Typed::Update {
        max,
        old: parse_number(a)?,
        child: parse_number(b)?,
        new: parse_number(result)?,
    })
}

/// Con vừa quay lui ở bước `t` (bước ban đầu: không có).
fn child_of<'t>(trace: &'t Trace, t: &TempStep) -> Option<&'t str> {
    match t {
        TempStep::Update { child, .. } => Some(trace.label(*child)),
        TempStep::Init(_) => None,
    }
}

/// Đáp án: các giá trị tạm của `node`, viết như bài giảng (rỗng nếu nút không
/// được xét).
pub(crate) fn expected_text(tree: &GameTree, algorithm: Algorithm, node: NodeId) -> Vec<String> {
    let table = run(tree, algorithm).trace.table();
    table
        .row(tree.label(node))
        .map_or(Vec::new(), |row| row.temps.clone())
}

/// So bước thứ `k` (từ 1) sinh viên viết với bước đúng; `None` nếu khớp.
fn compare(
    k: usize,
    node: &str,
    player: Player,
    typed: &str,
    want: &TempStep,
    child: Option<&str>,
) -> Option<Mistake> {
    let when = child.map_or(String::new(), |c| format!(" (khi {c} quay lui về {node})"));
    let (right, kp) = (want.text(player), kind(player));
    let head = format!(
        "Giá trị tạm thứ {k} của {node} phải là {right}{when} — bạn viết `{}`",
        typed.trim()
    );
    let got = parse_temp(typed)?;
    let (old, cv, new) = match *want {
        TempStep::Init(e) => {
            if matches!(got, Typed::Value(g) if same(e, g)) {
                return None;
            }
            let hint =
                "Giá trị tạm ban đầu chưa đúng: nút MAX bắt đầu từ -∞, nút MIN bắt đầu từ ∞.";
            let e = fmt_value(e);
            let detail = format!("{head}: {node} là {kp} nên giá trị tạm ban đầu là {e}.");
            return Some(Mistake::new(MistakeKind::TempInitial, hint, detail));
        }
        TempStep::Update {
            old,
            child_value,
            new,
            ..
        } => (old, child_value, new),
    };
    let f = player.fn_name();
    let (o, c, n) = (fmt_value(old), fmt_value(cv), fmt_value(new));
    // Nút MAX chỉ tăng, nút MIN chỉ giảm: giá trị cũ "tốt hơn" giá trị mới là đi sai chiều.
    let wrong_way = |v: f64| player.prefers(old, v);
    let direction = match player {
        Player::Max => "Giá trị tạm của nút MAX chỉ tăng (hoặc giữ nguyên), không bao giờ giảm.",
        Player::Min => "Giá trị tạm của nút MIN chỉ giảm (hoặc giữ nguyên), không bao giờ tăng.",
    };
    let (mistake, hint, detail) = match got {
        Typed::Value(g) if same(new, g) => return None,
        Typed::Value(g) if wrong_way(g) => (
            MistakeKind::TempDirection,
            direction.to_string(),
            Some(format!(
                "giá trị tạm trước đó là {o}, con vừa mang về {c}, nên {f}({o}, {c}) = {n}"
            )),
        ),
        Typed::Value(_) => (
            MistakeKind::TempNumber,
            format!("Giá trị tạm thứ {k} của {node} chưa đúng."),
            None,
        ),
        Typed::Update { max, .. } if max != (player == Player::Max) => (
            MistakeKind::TempFunction,
            format!("Dùng nhầm Max và Min: {node} là {kp}."),
            Some(format!(
                "{node} là {kp} nên dùng {f}, không phải {}",
                if max { "Max" } else { "Min" }
            )),
        ),
        Typed::Update { old: g, .. } if !same(old, g) => (
            MistakeKind::TempNumber,
            format!(
                "Số thứ nhất trong {f}(…) ở bước {k} chưa đúng: đó là giá trị tạm ngay trước đó."
            ),
            Some(format!(
                "số thứ nhất là giá trị tạm ngay trước đó của {node}, tức {o}"
            )),
        ),
        Typed::Update { child: g, .. } if !same(cv, g) => (
            MistakeKind::TempNumber,
            format!("Số thứ hai trong {f}(…) ở bước {k} chưa đúng: đó là giá trị con vừa mang về."),
            Some(format!(
                "số thứ hai là giá trị {} vừa mang về, tức {c}",
                child.unwrap_or("của con")
            )),
        ),
        Typed::Update { new: g, .. } if same(new, g) => return None,
        Typed::Update { new: g, .. } => {
            let typed_new = fmt_value(g);
            let detail = Some(format!("{f}({o}, {c}) bằng {n}, không phải {typed_new}"));
            if wrong_way(g) {
                (MistakeKind::TempDirection, direction.to_string(), detail)
            } else {
                let hint = format!("Kết quả của {f}(…) ở bước {k} chưa đúng.");
                (MistakeKind::TempNumber, hint, detail)
            }
        }
    };
    // Lời bậc 2: đầu câu chung, rồi phần riêng của lỗi (nếu có).
    let detail = detail.map_or(format!("{head}."), |d| format!("{head}: {d}."));
    Some(Mistake::new(mistake, hint, detail))
}

/// Chấm các giá trị tạm của nút `node` khi định trị bằng `algorithm`.
///
/// Cách viết được chấp nhận rộng rãi: khoảng trắng tùy ý, `-inf`/`inf`/`∞`,
/// `max`/`Max`, dấu trừ `-` hoặc `−`; mỗi bước cũng có thể chỉ ghi giá trị mới
/// (`1` thay cho `Max(-∞, 1) = 1`); các bước cách nhau bởi dấu phẩy hoặc `→`.
pub(crate) fn grade_temps(
    tree: &GameTree,
    algorithm: Algorithm,
    node: NodeId,
    answer: &Answer,
) -> Graded {
    let typed: Vec<String> = if answer.is_none() {
        Vec::new()
    } else {
        answer
            .items()
            .iter()
            .flat_map(|s| s.split('→').map(|p| p.trim().to_string()))
            .filter(|s| !s.is_empty())
            .collect()
    };
    if let Some(bad) = typed.iter().find(|t| parse_temp(t).is_none()) {
        return Err(Unreadable(format!(
            "`{bad}` không phải một giá trị tạm (viết ví dụ `-∞`, `Max(-∞, 1) = 1`, hoặc chỉ giá trị `1`)"
        )));
    }
    let r = run(tree, algorithm);
    let name = tree.label(node).to_string();
    let replay = r.trace.replay();
    let state = r.trace.find(&name).map(|i| &replay.nodes[i]);
    let player = tree.player(node);
    let Some(state) = state.filter(|s| !s.temps.is_empty()) else {
        let why = if let Some(top) = ancestor_in(tree, node, &r.pruned) {
            if top == name {
                format!("{name} bị cắt tỉa, không được xét nên không có giá trị tạm")
            } else {
                format!("{name} nằm trong cây con {top} đã bị cắt, không bao giờ được xét nên không có giá trị tạm")
            }
        } else if tree.node(node).is_leaf() {
            let v = tree.node(node).value.map(fmt_value).unwrap_or_default();
            format!("{name} là nút lá: không có giá trị tạm, giá trị của nó được gán sẵn ({v})")
        } else {
            format!("{name} không có giá trị tạm")
        };
        return if typed.is_empty() {
            Check::right(format!("{why}."))
        } else {
            Check::wrong(
                MistakeKind::TempsExtra,
                format!("{name} không có giá trị tạm nào."),
                format!("{why}; câu trả lời là danh sách rỗng (hoặc \"không\")."),
            )
        };
    };
    let want = &state.temps;
    for (k, (t, w)) in typed.iter().zip(want).enumerate() {
        if let Some(m) = compare(k + 1, &name, player, t, w, child_of(&r.trace, w)) {
            return Check::mistakes(vec![m]);
        }
    }
    let all = joined(want.iter().map(|t| t.text(player)), " → ");
    let (w, t, stopped) = (want.len(), typed.len(), !state.pruned.is_empty());
    let cut_note = if stopped {
        let p = list(state.pruned.iter().map(|&p| r.trace.label(p)));
        format!(" Sau đó {name} dừng sớm vì cắt tỉa (bỏ qua {p}).")
    } else {
        String::new()
    };
    if t < w {
        let next = &want[t];
        let when = child_of(&r.trace, next).map_or(String::new(), |c| {
            format!(", có khi {c} quay lui về {name}")
        });
        return Check::wrong(
            MistakeKind::TempsMissing,
            format!("Còn thiếu giá trị tạm: {name} có nhiều giá trị tạm hơn bạn ghi."),
            format!(
                "{name} có {w} giá trị tạm, bạn mới ghi {t}. Giá trị tạm tiếp theo là {}{when}.",
                next.text(player)
            ),
        );
    }
    if t > w {
        let hint = if stopped {
            format!("Thừa giá trị tạm: {name} dừng sớm, không xét hết các con.")
        } else {
            format!("Thừa giá trị tạm: mỗi con quay lui cho {name} đúng một giá trị tạm mới.")
        };
        return Check::wrong(
            MistakeKind::TempsExtra,
            hint,
            format!("{name} chỉ có {w} giá trị tạm ({all}), bạn ghi {t}.{cut_note}"),
        );
    }
    let last = fmt_value(want.last().map(TempStep::value).unwrap_or(f64::NAN));
    Check::right(format!(
        "Giá trị tạm của {name}: {all}; giá trị của {name} là {last}.{cut_note}"
    ))
}

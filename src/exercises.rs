//! Chấm bài tập: sinh viên gọi một hàm với câu trả lời của mình và nhận lại một
//! [`Feedback`] — đúng hay chưa đúng, và nếu chưa đúng thì **sai ở đâu, vì sao**.
//!
//! Trong notebook, `Feedback` tự hiện thành một khung màu (xanh ✅ / đỏ ❌). Cây
//! viết sai cú pháp không làm notebook dừng vì lỗi: hàm chấm trả về một thông báo
//! dễ hiểu, chỉ rõ dòng và cột.
//!
//! ```
//! use caytrochoi::exercises;
//! use caytrochoi::{Algorithm, Player};
//!
//! let cay = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";
//! assert!(exercises::check_value(cay, Player::Max, 1.0).ok);
//! assert!(exercises::check_best_move(cay, Player::Max, "B").ok);
//! assert!(exercises::check_pruned(cay, Algorithm::CatTia, &["F", "H"]).ok);
//! assert!(exercises::check_temps(cay, "A", &["-inf", "Max(-∞,1)=1", "max(1, -1) = 1", "Max(1, 0) = 1"]).ok);
//!
//! let sai = exercises::check_pruned(cay, Algorithm::CatTia, &["F", "K"]);
//! assert!(!sai.ok);
//! assert!(sai.message.contains("K nằm trong cây con H"));
//! ```

use crate::expr::Expr;
use crate::player::Player;
use crate::plot::text::escape;
use crate::search::Algorithm;
use crate::search::Searcher;
use crate::trace::{Bound, Cut, Replay, TempStep, Trace, TraceEvent};
use crate::tree::{GameTree, NodeId};
use crate::value::fmt_value;
use std::collections::HashMap;
use std::fmt;

/// Kết quả chấm một câu trả lời.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feedback {
    /// `true` nếu câu trả lời đúng.
    pub ok: bool,
    /// Lời nhận xét bằng tiếng Việt (có thể nhiều dòng).
    pub message: String,
    /// `false` nếu sinh viên chưa trả lời (vẫn để chỗ trống `f64::NAN` hoặc `"?"`).
    pub answered: bool,
}

/// Chỗ trống cho câu trả lời dạng chuỗi trong notebook: thay `"?"` bằng câu trả lời.
pub const BLANK: &str = "?";

fn is_blank(s: &str) -> bool {
    s.trim() == BLANK
}

fn blank_feedback(what: &str) -> Feedback {
    Feedback {
        ok: false,
        message: format!(
            "Chưa có câu trả lời: hãy thay {what} bằng câu trả lời của bạn rồi chạy lại ô này."
        ),
        answered: false,
    }
}

impl Feedback {
    fn right(message: impl Into<String>) -> Feedback {
        Feedback {
            ok: true,
            message: message.into(),
            answered: true,
        }
    }

    fn wrong(message: impl Into<String>) -> Feedback {
        Feedback {
            ok: false,
            message: message.into(),
            answered: true,
        }
    }

    /// Khung HTML: nền xanh và ✅ nếu đúng, nền đỏ và ❌ nếu chưa đúng, nền vàng
    /// và ✏️ nếu chưa trả lời.
    pub fn to_html(&self) -> String {
        let (icon, background, border) = if self.ok {
            ("✅", "#e8f6ec", "#1a8f3a")
        } else if !self.answered {
            ("✏️", "#fff6e0", "#d68a00")
        } else {
            ("❌", "#fdecea", "#c0392b")
        };
        format!(
            "<div style=\"border-left:5px solid {border};background:{background};padding:8px 12px;\
             white-space:pre-wrap;font-family:sans-serif;line-height:1.45\">{icon} {}</div>",
            escape(&self.message)
        )
    }

    /// Hiện lời nhận xét trong notebook evcxr.
    pub fn evcxr_display(&self) {
        println!(
            "EVCXR_BEGIN_CONTENT text/html\n{}\nEVCXR_END_CONTENT",
            self.to_html()
        );
    }
}

impl fmt::Display for Feedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let icon = match (self.ok, self.answered) {
            (true, _) => "✅",
            (false, false) => "✏️",
            (false, true) => "❌",
        };
        write!(f, "{icon} {}", self.message)
    }
}

// --- Đọc cây và nhãn --------------------------------------------------------

/// Đọc cây; lỗi cú pháp thành một lời nhận xét dễ hiểu (không bao giờ panic).
fn load(tree_text: &str, root: Player) -> Result<GameTree, Feedback> {
    GameTree::parse_with_root(tree_text, root).map_err(|e| {
        Feedback::wrong(format!(
            "Không đọc được cây — hãy sửa văn bản của cây rồi chạy lại ô này.\n{}\n\
             (Nhắc lại cú pháp: nút lá `B:1`, nút trong `C(E:0, F:-1)`, các con cách nhau bởi dấu phẩy.)",
            e.explain(tree_text)
        ))
    })
}

/// Tìm nút theo nhãn sinh viên gõ: bỏ khoảng trắng, không phân biệt hoa thường
/// nếu không có nhãn trùng khớp chính xác.
fn resolve(tree: &GameTree, typed: &str) -> Option<NodeId> {
    // Nhãn được phép kết thúc bằng dấu `'` (B'): thử đúng chữ đã gõ trước khi bỏ
    // dấu nháy bao quanh.
    if let Some(id) = tree.find(typed.trim()) {
        return Some(id);
    }
    let t = typed
        .trim()
        .trim_matches(|c| c == '"' || c == '\'' || c == '`');
    tree.find(t).or_else(|| {
        let hits: Vec<NodeId> = (0..tree.len())
            .map(NodeId)
            .filter(|&id| tree.label(id).eq_ignore_ascii_case(t))
            .collect();
        (hits.len() == 1).then(|| hits[0])
    })
}

fn unknown_label(tree: &GameTree, typed: &str) -> String {
    let all: Vec<&str> = tree.nodes().iter().map(|n| n.label.as_str()).collect();
    format!(
        "không có nút nào tên `{}` trong cây (các nhãn có trong cây: {})",
        typed.trim(),
        all.join(", ")
    )
}

/// Tổ tiên gần nhất của `id` nằm trong `set` (kể cả chính `id`).
fn ancestor_in(tree: &GameTree, id: NodeId, set: &[String]) -> Option<String> {
    let mut cur = Some(id);
    while let Some(n) = cur {
        if set.iter().any(|s| s == tree.label(n)) {
            return Some(tree.label(n).to_string());
        }
        cur = tree.node(n).parent;
    }
    None
}

fn kind(p: Player) -> &'static str {
    match p {
        Player::Max => "nút MAX",
        Player::Min => "nút MIN",
    }
}

fn minimax_of(tree: &GameTree, id: NodeId) -> f64 {
    Searcher::minimax()
        .run_from(tree, &id)
        .map(|r| r.value)
        .unwrap_or(f64::NAN)
}

fn same(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() < 1e-9
}

/// "B = 1, C = -1, D = 0": giá trị minimax các con của `id`.
fn children_values(tree: &GameTree, id: NodeId) -> String {
    tree.children(id)
        .iter()
        .map(|&c| format!("{} = {}", tree.label(c), fmt_value(minimax_of(tree, c))))
        .collect::<Vec<_>>()
        .join(", ")
}

// --- Giá trị của gốc ---------------------------------------------------------

/// Chấm giá trị của nút gốc (định trị bằng vét cạn) với người đi ở gốc là
/// `root_player`.
///
/// Khi sai, lời nhận xét đoán lỗi hay gặp (đảo MAX/MIN, lấy max của mọi lá, ghi
/// một số không phải giá trị lá nào) và cho giá trị của các con của gốc để sinh
/// viên tự dò lại.
pub fn check_value(tree_text: &str, root_player: Player, answer: f64) -> Feedback {
    if answer.is_nan() {
        return blank_feedback("`f64::NAN`");
    }
    let tree = match load(tree_text, root_player) {
        Ok(t) => t,
        Err(f) => return f,
    };
    let root = tree.root();
    let name = tree.label(root).to_string();
    let truth = minimax_of(&tree, root);
    if tree.node(root).is_leaf() {
        return if same(answer, truth) {
            Feedback::right(format!(
                "Đúng: gốc {name} là nút lá, giá trị {}.",
                fmt_value(truth)
            ))
        } else {
            Feedback::wrong(format!(
                "Chưa đúng: gốc {name} là nút lá nên giá trị của nó là giá trị gán sẵn, {}.",
                fmt_value(truth)
            ))
        };
    }
    let rule = format!(
        "{name} là {} nên lấy {} trong các con: {}.",
        kind(root_player),
        if root_player == Player::Max {
            "số lớn nhất"
        } else {
            "số nhỏ nhất"
        },
        children_values(&tree, root)
    );
    if same(answer, truth) {
        return Feedback::right(format!(
            "Đúng: giá trị của gốc {name} là {}. {rule}",
            fmt_value(truth)
        ));
    }
    if !answer.is_finite() {
        return Feedback::wrong(format!(
            "Chưa đúng: giá trị của gốc phải là một số hữu hạn (bạn ghi {}). \
             -∞ và ∞ chỉ là giá trị tạm ban đầu, sẽ bị thay ngay khi con đầu tiên quay lui.",
            fmt_value(answer)
        ));
    }
    let mut msg = format!(
        "Chưa đúng: {} không phải giá trị của gốc {name}.",
        fmt_value(answer)
    );
    let leaves: Vec<f64> = tree
        .nodes()
        .iter()
        .filter(|n| n.is_leaf())
        .filter_map(|n| n.value)
        .collect();
    let flipped = tree.clone().with_root_player(root_player.opponent());
    let max_leaf = leaves.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min_leaf = leaves.iter().copied().fold(f64::INFINITY, f64::min);
    if same(answer, minimax_of(&flipped, root)) {
        msg.push_str(&format!(
            "\nCó vẻ bạn đã đảo vai: gốc {name} là {}, các mức dưới luân phiên {}, {}, …",
            kind(root_player),
            root_player.opponent(),
            root_player
        ));
    } else if tree.height() > 1 && same(answer, max_leaf) && root_player == Player::Max {
        msg.push_str(
            "\nCó vẻ bạn lấy số lớn nhất của mọi nút lá. Nhưng ở các mức MIN, đối thủ chọn \
             số nhỏ nhất: hãy định trị từ dưới lên, từng mức một.",
        );
    } else if tree.height() > 1 && same(answer, min_leaf) && root_player == Player::Min {
        msg.push_str(
            "\nCó vẻ bạn lấy số nhỏ nhất của mọi nút lá. Nhưng ở các mức MAX, đối thủ chọn \
             số lớn nhất: hãy định trị từ dưới lên, từng mức một.",
        );
    } else if let Some(&c) = tree
        .children(root)
        .iter()
        .find(|&&c| same(minimax_of(&tree, c), answer))
    {
        msg.push_str(&format!(
            "\n{} là giá trị của {}, nhưng {name} không chọn {} — hãy so {} với các con còn lại.",
            fmt_value(answer),
            tree.label(c),
            tree.label(c),
            tree.label(c)
        ));
    } else if !leaves.iter().any(|&v| same(v, answer)) {
        msg.push_str(
            "\nGợi ý: max và min chỉ chọn một số có sẵn, không tạo ra số mới, nên giá trị \
             của gốc luôn là giá trị của một nút lá nào đó.",
        );
    }
    msg.push_str(&format!("\nĐể dò lại: {rule}"));
    Feedback::wrong(msg)
}

// --- Nước đi tốt nhất -------------------------------------------------------

/// Chấm nước đi tốt nhất từ gốc: `answer` là nhãn của một con của gốc. Nếu nhiều
/// nước cùng tốt nhất, nước nào trong số đó cũng được tính là đúng.
pub fn check_best_move(tree_text: &str, root_player: Player, answer: &str) -> Feedback {
    if is_blank(answer) {
        return blank_feedback("`\"?\"`");
    }
    let tree = match load(tree_text, root_player) {
        Ok(t) => t,
        Err(f) => return f,
    };
    let root = tree.root();
    let name = tree.label(root).to_string();
    if tree.node(root).is_leaf() {
        return Feedback::wrong(format!(
            "Gốc {name} là nút lá: trò chơi đã kết thúc, không có nước đi nào."
        ));
    }
    let Some(id) = resolve(&tree, answer) else {
        return Feedback::wrong(format!("Chưa đúng: {}.", unknown_label(&tree, answer)));
    };
    let label = tree.label(id).to_string();
    let moves: Vec<String> = tree
        .children(root)
        .iter()
        .map(|&c| tree.label(c).to_string())
        .collect();
    if tree.node(id).parent != Some(root) {
        let hint = if id == root {
            format!("{label} là chính gốc")
        } else {
            format!("{label} ở độ sâu {}", tree.node(id).depth)
        };
        return Feedback::wrong(format!(
            "Chưa đúng: một nước đi từ gốc {name} dẫn tới một con của {name}, tức là một trong {}; \
             {hint}, không phải con của {name}.",
            moves.join(", ")
        ));
    }
    let truth = minimax_of(&tree, root);
    let v = minimax_of(&tree, id);
    let best: Vec<String> = tree
        .children(root)
        .iter()
        .filter(|&&c| same(minimax_of(&tree, c), truth))
        .map(|&c| tree.label(c).to_string())
        .collect();
    let values = children_values(&tree, root);
    if same(v, truth) {
        let mut msg = format!(
            "Đúng: đi vào {label}, {name} chắc chắn được {} ({values}).",
            fmt_value(v)
        );
        if best.len() > 1 {
            msg.push_str(&format!(" Các nước {} đều tốt như nhau.", best.join(", ")));
        }
        return Feedback::right(msg);
    }
    let who = if root_player == Player::Max {
        "lớn nhất"
    } else {
        "nhỏ nhất"
    };
    let mut msg = format!(
        "Chưa đúng: {label} chỉ đáng {} vì tới {label} là đến lượt đối thủ ({}), \
         họ sẽ chọn điều tệ nhất cho {name}. Giá trị các nước: {values}. \
         {name} là {} nên chọn nước có giá trị {who}: {}.",
        fmt_value(v),
        tree.player(id),
        kind(root_player),
        best.join(" hoặc ")
    );
    if !tree.node(id).is_leaf() {
        let leaf_best = tree
            .children(id)
            .iter()
            .filter_map(|&c| tree.node(c).value.map(|x| (c, x)))
            .find(|&(_, x)| root_player.prefers(x, truth));
        if let Some((c, x)) = leaf_best {
            msg.push_str(&format!(
                "\n(Dưới {label} có lá {} = {} rất hấp dẫn, nhưng đối thủ sẽ không đi vào đó.)",
                tree.label(c),
                fmt_value(x)
            ));
        }
    }
    Feedback::wrong(msg)
}

// --- Các cây con bị cắt ------------------------------------------------------

/// Trạng thái của cha một nút ngay khi nút đó bắt đầu được xét: người đi, giá
/// trị tạm, cận nhận từ ông, cửa sổ, tên ông.
#[derive(Debug, Clone)]
struct Live {
    player: Player,
    temp: f64,
    bound: Bound,
    window: (f64, f64),
    parent: Option<String>,
}

/// Với mỗi nút đã xét, ảnh chụp trạng thái của **cha** ngay trước khi nút đó
/// được xét (phát lại vết).
fn parent_snapshots(trace: &Trace) -> HashMap<String, (String, Live)> {
    let mut snaps = HashMap::new();
    let mut replay = Replay::new(trace);
    while let Some(e) = replay.advance() {
        let (TraceEvent::Enter { node, .. } | TraceEvent::Leaf { node, .. }) = e else {
            continue;
        };
        let Some(p) = trace.nodes[*node].parent else {
            continue;
        };
        let state = &replay.nodes[p];
        let live = Live {
            player: trace.nodes[p].player,
            temp: state.temp().unwrap_or(f64::NAN),
            bound: state.bound,
            window: state
                .window
                .map_or((f64::NEG_INFINITY, f64::INFINITY), |w| (w.alpha, w.beta)),
            parent: trace.parent_label(p).map(str::to_string),
        };
        snaps.insert(
            trace.label(*node).to_string(),
            (trace.label(p).to_string(), live),
        );
    }
    snaps
}

/// Vì sao nút `x` (đã được xét) không bị cắt.
fn why_visited(variant: Algorithm, x: &str, parent: &str, l: &Live) -> String {
    match variant {
        Algorithm::Minimax => {
            format!("{x} phải được xét: vét cạn xét mọi nút, không cắt nhánh nào.")
        }
        Algorithm::CatTia => {
            let Bound::Vp { vp } = l.bound else {
                return format!(
                    "{x} phải được xét: {parent} là gốc, không có Vp từ cha, nên gốc không bao giờ \
                     cắt con của mình — nó xét hết các con."
                );
            };
            let grand = l.parent.clone().unwrap_or_default();
            let (rule, holds) = match l.player {
                Player::Max => ("Vp ≤ Vq", vp <= l.temp),
                Player::Min => ("Vp ≥ Vq", vp >= l.temp),
            };
            debug_assert!(!holds);
            format!(
                "{x} phải được xét: khi tới {x}, {parent} ({}) có Vq = {} mà Vp = {} \
                 (giá trị tạm của {grand} lúc {parent} bắt đầu). Điều kiện cắt của {} là {rule}, \
                 tức {} {} {} — sai, nên {parent} phải xét tiếp {x}.",
                kind(l.player),
                fmt_value(l.temp),
                fmt_value(vp),
                kind(l.player),
                fmt_value(vp),
                if l.player == Player::Max {
                    "≤"
                } else {
                    "≥"
                },
                fmt_value(l.temp),
            )
        }
        Algorithm::Window => format!(
            "{x} phải được xét: khi tới {x}, cửa sổ của {parent} là (α, β) = ({}, {}); \
             α < β nên {parent} chưa thể dừng.",
            fmt_value(l.window.0),
            fmt_value(l.window.1)
        ),
    }
}

/// Vì sao cây con `m` bị cắt (từ bước cắt tỉa trong vết).
fn why_cut(trace: &Trace, m: &str) -> String {
    for e in &trace.events {
        let TraceEvent::Cut {
            node,
            pruned,
            reason,
        } = e
        else {
            continue;
        };
        if !pruned.iter().any(|&p| trace.label(p) == m) {
            continue;
        }
        let rest: Vec<&str> = pruned.iter().map(|&p| trace.label(p)).collect();
        let rest = rest.join(", ");
        let name = trace.label(*node);
        let player = trace.nodes[*node].player;
        return match reason {
            Cut::Vp { vp, vq } => format!(
                "thiếu {m}: tại {name} ({}), Vq = {} và Vp = {} (giá trị tạm của {}); \
                 {} nên {name} dừng, các con còn lại ({rest}) bị cắt.",
                kind(player),
                fmt_value(*vq),
                fmt_value(*vp),
                trace.parent_label(*node).unwrap_or_default(),
                match player {
                    Player::Min => format!("Vp ≥ Vq ({} ≥ {})", fmt_value(*vp), fmt_value(*vq)),
                    Player::Max => format!("Vp ≤ Vq ({} ≤ {})", fmt_value(*vp), fmt_value(*vq)),
                }
            ),
            Cut::Window { alpha, beta } => format!(
                "thiếu {m}: tại {name} ({}), cửa sổ thành (α, β) = ({}, {}) với α ≥ β, \
                 nên {name} dừng, các con còn lại ({rest}) bị cắt.",
                kind(player),
                fmt_value(*alpha),
                fmt_value(*beta)
            ),
        };
    }
    format!("thiếu {m}.")
}

/// Chấm danh sách các cây con bị cắt (mỗi cây con gọi bằng nhãn gốc của nó) khi
/// định trị cây (gốc MAX) bằng `variant`. Thứ tự không quan trọng.
///
/// Lời nhận xét nói rõ từng chỗ sai: thiếu cây con nào (và vì sao nó bị cắt),
/// thừa nút nào (vì sao nó phải được xét, hoặc nó nằm trong cây con nào đã bị
/// cắt).
pub fn check_pruned(tree_text: &str, variant: Algorithm, answer: &[&str]) -> Feedback {
    if answer.iter().any(|a| is_blank(a)) {
        return blank_feedback("`\"?\"` (danh sách rỗng `&[]` nghĩa là không có nhánh nào bị cắt)");
    }
    let tree = match load(tree_text, Player::Max) {
        Ok(t) => t,
        Err(f) => return f,
    };
    let result = match Searcher::new(variant).trace().run(&tree) {
        Ok(r) => r,
        Err(e) => return Feedback::wrong(format!("Không định trị được cây: {e}.")),
    };
    let trace = result.trace.unwrap_or(Trace {
        algorithm: variant,
        nodes: Vec::new(),
        events: Vec::new(),
    });
    let truth = result.pruned;
    let mut problems = Vec::new();
    let mut given: Vec<String> = Vec::new();
    for a in answer {
        match resolve(&tree, a) {
            Some(id) => {
                let l = tree.label(id).to_string();
                if !given.contains(&l) {
                    given.push(l);
                }
            }
            None => problems.push(unknown_label(&tree, a)),
        }
    }
    let snaps = parent_snapshots(&trace);
    for g in &given {
        if truth.contains(g) {
            continue;
        }
        let id = tree.find(g).unwrap_or(NodeId(0));
        if let Some(top) = ancestor_in(&tree, id, &truth) {
            problems.push(format!(
                "thừa {g}: {g} nằm trong cây con {top} đã bị cắt — chỉ ghi nhãn gốc của cây con bị cắt ({top})."
            ));
        } else if id == tree.root() {
            problems.push(format!("thừa {g}: {g} là gốc, gốc không bao giờ bị cắt."));
        } else if let Some((p, l)) = snaps.get(g) {
            problems.push(format!("thừa {g}: {}", why_visited(variant, g, p, l)));
        } else {
            problems.push(format!("thừa {g}: {g} không bị cắt."));
        }
    }
    let mut missing = Vec::new();
    for t in &truth {
        if given.contains(t) {
            continue;
        }
        // Sinh viên ghi một nút bên trong thay cho gốc cây con: đã nói ở trên.
        missing.push(why_cut(&trace, t));
    }
    problems.extend(missing);
    let name = variant.name_vi();
    if problems.is_empty() {
        return Feedback::right(if truth.is_empty() {
            format!("Đúng: với {name}, không có nhánh nào bị cắt.")
        } else {
            format!(
                "Đúng: với {name}, các cây con bị cắt là {} ({} nút đã xét thay vì {}).",
                truth.join(", "),
                result.nodes_visited,
                tree.len()
            )
        });
    }
    let mut msg = String::from("Chưa đúng:");
    for p in problems {
        msg.push_str("\n• ");
        msg.push_str(&p);
    }
    Feedback::wrong(msg)
}

// --- Số lá được định trị -----------------------------------------------------

/// Chấm số nút lá mà `variant` phải định trị trên cây (gốc MAX); `answer` là
/// `Some(số lá)` (`None`: chưa trả lời). Khi sai, lời
/// nhận xét kể tên các lá được định trị và các cây con bị cắt.
pub fn check_leaf_count(tree_text: &str, variant: Algorithm, answer: Option<u64>) -> Feedback {
    let Some(answer) = answer else {
        return blank_feedback("`None`");
    };
    let tree = match load(tree_text, Player::Max) {
        Ok(t) => t,
        Err(f) => return f,
    };
    let result = match Searcher::new(variant).trace().run(&tree) {
        Ok(r) => r,
        Err(e) => return Feedback::wrong(format!("Không định trị được cây: {e}.")),
    };
    let leaves: Vec<String> = result
        .trace
        .as_ref()
        .map(|t| {
            t.events
                .iter()
                .filter_map(|e| match e {
                    TraceEvent::Leaf { node, .. } => Some(t.label(*node).to_string()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    let n = result.leaves_evaluated;
    let name = variant.name_vi();
    let total = tree.leaf_count();
    if answer == n {
        return Feedback::right(format!(
            "Đúng: {name} định trị {n} trên {total} lá ({}).",
            leaves.join(", ")
        ));
    }
    let mut msg = format!(
        "Chưa đúng: {name} định trị {n} lá chứ không phải {answer}. Các lá được định trị, theo thứ tự: {}.",
        leaves.join(", ")
    );
    if result.pruned.is_empty() {
        msg.push_str(" Không nhánh nào bị cắt.");
    } else {
        msg.push_str(&format!(
            " Các lá còn lại nằm trong các cây con bị cắt: {}.",
            result.pruned.join(", ")
        ));
    }
    if answer as usize == total && n as usize != total {
        msg.push_str(&format!(
            " ({total} là số lá của cả cây — đó là con số của vét cạn.)"
        ));
    }
    Feedback::wrong(msg)
}

// --- Giá trị tạm ------------------------------------------------------------

/// Một giá trị tạm theo cấu trúc: giá trị ban đầu, hoặc `Max(cũ, con) = mới`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Temp {
    Initial(f64),
    Update {
        max: bool,
        old: f64,
        child: f64,
        new: f64,
    },
}

impl Temp {
    fn text(&self) -> String {
        match *self {
            Temp::Initial(v) => fmt_value(v),
            Temp::Update {
                max,
                old,
                child,
                new,
            } => format!(
                "{}({}, {}) = {}",
                if max { "Max" } else { "Min" },
                fmt_value(old),
                fmt_value(child),
                fmt_value(new)
            ),
        }
    }

    fn value(&self) -> f64 {
        match *self {
            Temp::Initial(v) => v,
            Temp::Update { new, .. } => new,
        }
    }
}

/// Chuẩn hóa cách viết: bỏ khoảng trắng, chữ thường, `−` → `-`, `inf` → `∞`.
fn normalize(s: &str) -> String {
    let s: String = s
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '−' | '–' | '—' => '-',
            _ => c,
        })
        .collect::<String>()
        .to_lowercase();
    s.replace("infinity", "∞")
        .replace("inf", "∞")
        .replace("+∞", "∞")
}

fn parse_number(s: &str) -> Option<f64> {
    match s {
        "∞" => Some(f64::INFINITY),
        "-∞" => Some(f64::NEG_INFINITY),
        _ => s.parse::<f64>().ok().filter(|v| v.is_finite()),
    }
}

/// Đọc một giá trị tạm sinh viên viết: `-inf`, `Max(-∞, 1) = 1`, hoặc chỉ `1`.
fn parse_temp(s: &str) -> Option<Temp> {
    let n = normalize(s);
    if let Some(v) = parse_number(&n) {
        return Some(Temp::Initial(v));
    }
    let (max, rest) = if let Some(r) = n.strip_prefix("max(") {
        (true, r)
    } else if let Some(r) = n.strip_prefix("min(") {
        (false, r)
    } else {
        return None;
    };
    let (args, result) = rest.split_once(")=")?;
    let (a, b) = args.split_once(',')?;
    Some(Temp::Update {
        max,
        old: parse_number(a)?,
        child: parse_number(b)?,
        new: parse_number(result)?,
    })
}

/// Các giá trị tạm của `node` trong vết, kèm tên con gây ra mỗi lần cập nhật.
fn temps_of(trace: &Trace, node: &str) -> Vec<(Temp, Option<String>)> {
    let Some(id) = trace.find(node) else {
        return Vec::new();
    };
    let max = trace.nodes[id].player == Player::Max;
    trace.replay().nodes[id]
        .temps
        .iter()
        .map(|t| match *t {
            TempStep::Init(v) => (Temp::Initial(v), None),
            TempStep::Update {
                child,
                old,
                child_value,
                new,
            } => (
                Temp::Update {
                    max,
                    old,
                    child: child_value,
                    new,
                },
                Some(trace.label(child).to_string()),
            ),
        })
        .collect()
}

/// So một giá trị tạm viết ra với giá trị đúng; `None` nếu khớp, nếu không thì
/// lời giải thích chỗ sai.
fn compare_temp(
    k: usize,
    node: &str,
    player: Player,
    typed: &str,
    expected: &Temp,
    child: Option<&str>,
) -> Option<String> {
    let want = expected.text();
    let head = format!(
        "giá trị tạm thứ {k} của {node} phải là {want}{} — bạn viết `{}`",
        child.map_or(String::new(), |c| format!(" (khi {c} quay lui về {node})")),
        typed.trim()
    );
    let Some(got) = parse_temp(typed) else {
        return Some(format!(
            "{head}: không đọc được (viết ví dụ `-∞`, `Max(-∞, 1) = 1`, hoặc chỉ giá trị `1`)."
        ));
    };
    match (*expected, got) {
        (Temp::Initial(e), Temp::Initial(g)) if same(e, g) => None,
        (Temp::Initial(e), _) => Some(format!(
            "{head}: {node} là {} nên giá trị tạm ban đầu là {}.",
            kind(player),
            fmt_value(e)
        )),
        (Temp::Update { new, .. }, Temp::Initial(g)) if same(new, g) => None,
        (Temp::Update { .. }, Temp::Initial(_)) => Some(format!("{head}.")),
        (
            Temp::Update {
                max,
                old,
                child: c,
                new,
            },
            Temp::Update {
                max: gmax,
                old: gold,
                child: gc,
                new: gnew,
            },
        ) => {
            if max != gmax {
                Some(format!(
                    "{head}: {node} là {} nên dùng {}, không phải {}.",
                    kind(player),
                    if max { "Max" } else { "Min" },
                    if gmax { "Max" } else { "Min" }
                ))
            } else if !same(old, gold) {
                Some(format!(
                    "{head}: số thứ nhất là giá trị tạm ngay trước đó của {node}, tức {}.",
                    fmt_value(old)
                ))
            } else if !same(c, gc) {
                Some(format!(
                    "{head}: số thứ hai là giá trị {} vừa mang về, tức {}.",
                    child.unwrap_or("của con"),
                    fmt_value(c)
                ))
            } else if !same(new, gnew) {
                Some(format!(
                    "{head}: {}({}, {}) bằng {}, không phải {}.",
                    if max { "Max" } else { "Min" },
                    fmt_value(old),
                    fmt_value(c),
                    fmt_value(new),
                    fmt_value(gnew)
                ))
            } else {
                None
            }
        }
    }
}

/// Chấm các giá trị tạm của nút `node_label` khi định trị cây (gốc MAX) bằng vét
/// cạn, theo thứ tự từ trên xuống, ví dụ `["-∞", "Max(-∞, 1) = 1", …]`.
///
/// Cách viết được chấp nhận rộng rãi: khoảng trắng tùy ý, `-inf`/`inf`/`∞`,
/// `max`/`Max`, dấu trừ `-` hoặc `−`; mỗi dòng cũng có thể chỉ ghi giá trị mới
/// (ví dụ `1` thay cho `Max(-∞, 1) = 1`).
pub fn check_temps(tree_text: &str, node_label: &str, answer: &[&str]) -> Feedback {
    check_temps_with(tree_text, Algorithm::Minimax, node_label, answer)
}

/// Như [`check_temps`], nhưng với thuật toán `variant` (ví dụ `Algorithm::CatTia`:
/// nút bị dừng sớm có ít giá trị tạm hơn).
pub fn check_temps_with(
    tree_text: &str,
    variant: Algorithm,
    node_label: &str,
    answer: &[&str],
) -> Feedback {
    if answer.iter().any(|a| is_blank(a)) {
        return blank_feedback("`\"?\"`");
    }
    let tree = match load(tree_text, Player::Max) {
        Ok(t) => t,
        Err(f) => return f,
    };
    let Some(id) = resolve(&tree, node_label) else {
        return Feedback::wrong(format!(
            "Chưa chấm được: {}.",
            unknown_label(&tree, node_label)
        ));
    };
    let node = tree.label(id).to_string();
    let result = match Searcher::new(variant).trace().run(&tree) {
        Ok(r) => r,
        Err(e) => return Feedback::wrong(format!("Không định trị được cây: {e}.")),
    };
    let Some(trace) = result.trace else {
        return Feedback::wrong("Không có vết tìm kiếm.");
    };
    let answer: Vec<&str> = answer
        .iter()
        .copied()
        .filter(|a| !a.trim().is_empty())
        .collect();
    let expected = temps_of(&trace, &node);
    if expected.is_empty() {
        let why = if tree.node(id).is_leaf() && ancestor_in(&tree, id, &result.pruned).is_none() {
            format!(
                "{node} là nút lá: không có giá trị tạm, giá trị của nó được gán sẵn ({})",
                tree.node(id).value.map(fmt_value).unwrap_or_default()
            )
        } else if let Some(top) = ancestor_in(&tree, id, &result.pruned) {
            if top == node {
                format!("{node} bị cắt tỉa, không được xét nên không có giá trị tạm")
            } else {
                format!(
                    "{node} nằm trong cây con {top} đã bị cắt, không bao giờ được xét nên không có giá trị tạm"
                )
            }
        } else {
            format!("{node} không có giá trị tạm")
        };
        return if answer.is_empty() {
            Feedback::right(format!("Đúng: {why}."))
        } else {
            Feedback::wrong(format!("Chưa đúng: {why}; hãy để danh sách rỗng `&[]`."))
        };
    }
    let player = tree.player(id);
    let all = expected
        .iter()
        .map(|(t, _)| t.text())
        .collect::<Vec<_>>()
        .join(" → ");
    for (k, (typed, (exp, child))) in answer.iter().zip(&expected).enumerate() {
        if let Some(why) = compare_temp(k + 1, &node, player, typed, exp, child.as_deref()) {
            return Feedback::wrong(format!("Chưa đúng: {why}"));
        }
    }
    let cut_note = |t: &Trace| {
        t.events.iter().find_map(|e| match e {
            TraceEvent::Cut {
                node: n, pruned, ..
            } if t.label(*n) == node => {
                let names: Vec<&str> = pruned.iter().map(|&p| t.label(p)).collect();
                Some(format!(
                    " Sau đó {node} dừng sớm vì cắt tỉa (bỏ qua {}).",
                    names.join(", ")
                ))
            }
            _ => None,
        })
    };
    if answer.len() < expected.len() {
        let (next, child) = &expected[answer.len()];
        let when = child.as_ref().map_or(String::new(), |c| {
            format!(", có khi {c} quay lui về {node}")
        });
        return Feedback::wrong(format!(
            "Chưa đủ: {node} có {} giá trị tạm, bạn mới ghi {}. Giá trị tạm tiếp theo là {}{when}.",
            expected.len(),
            answer.len(),
            next.text()
        ));
    }
    if answer.len() > expected.len() {
        return Feedback::wrong(format!(
            "Thừa: {node} chỉ có {} giá trị tạm ({all}), bạn ghi {}.{}",
            expected.len(),
            answer.len(),
            cut_note(&trace).unwrap_or_default()
        ));
    }
    let last = expected.last().map(|(t, _)| t.value()).unwrap_or(f64::NAN);
    Feedback::right(format!(
        "Đúng: giá trị tạm của {node} là {all}; giá trị của {node} là {}.{}",
        fmt_value(last),
        cut_note(&trace).unwrap_or_default()
    ))
}

// --- Biểu thức --------------------------------------------------------------

/// Tính "từ trái sang phải", bỏ qua thứ tự ưu tiên — lỗi hay gặp. `None` nếu
/// biểu thức có ngoặc hoặc không đọc được.
fn left_to_right(text: &str) -> Option<f64> {
    if text.contains('(') {
        return None;
    }
    let mut acc: Option<f64> = None;
    let mut op = '+';
    let mut num = String::new();
    let flush = |acc: &mut Option<f64>, op: char, num: &mut String| -> Option<()> {
        let v: f64 = num.parse().ok()?;
        num.clear();
        *acc = Some(match (acc.take(), op) {
            (None, _) => v,
            (Some(a), '+') => a + v,
            (Some(a), '-' | '−') => a - v,
            (Some(a), '*' | '×') => a * v,
            (Some(a), '/' | '÷') => a / v,
            _ => return None,
        });
        Some(())
    };
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() || c == '.' {
            num.push(c);
        } else {
            flush(&mut acc, op, &mut num)?;
            op = c;
        }
    }
    flush(&mut acc, op, &mut num)?;
    acc
}

/// Chấm giá trị của một biểu thức số học (chương 1). Khi sai, lời nhận xét cho
/// cây của biểu thức (dạng đủ ngoặc) và đoán lỗi "tính từ trái sang phải".
pub fn check_expr(expr_text: &str, answer: f64) -> Feedback {
    if answer.is_nan() {
        return blank_feedback("`f64::NAN`");
    }
    let e = match Expr::parse(expr_text) {
        Ok(e) => e,
        Err(err) => {
            return Feedback::wrong(format!(
                "Không đọc được biểu thức: {err}. Dùng số, `+ - * /` (hoặc `− × ÷`) và ngoặc."
            ))
        }
    };
    let truth = match e.eval() {
        Ok(v) => v,
        Err(err) => {
            return Feedback::wrong(format!(
                "Biểu thức không có giá trị: {err} (một điểm dừng kiểu \"không thể đi tiếp\")."
            ))
        }
    };
    if same(answer, truth) {
        return Feedback::right(format!(
            "Đúng: {} = {}.",
            expr_text.trim(),
            fmt_value(truth)
        ));
    }
    let mut msg = format!(
        "Chưa đúng: {} không phải giá trị của {}. Cây của biểu thức (viết đủ ngoặc) là {e}: \
         định trị từ các lá lên, phép ở gốc làm sau cùng.",
        fmt_value(answer),
        expr_text.trim()
    );
    if let Some(naive) = left_to_right(expr_text) {
        if same(naive, answer) && !same(naive, truth) {
            msg.push_str(
                "\nCó vẻ bạn đã tính lần lượt từ trái sang phải; nhưng nhân, chia được làm trước \
                 cộng, trừ — nên chúng nằm thấp hơn trong cây.",
            );
        }
    }
    Feedback::wrong(msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    const AK: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";
    const DEEP: &str = "A(B:5, C(D(E(F:3, G:9), H:1)))";

    fn wrong_with(f: Feedback, needle: &str) {
        assert!(!f.ok, "phải sai: {}", f.message);
        assert!(
            f.message.contains(needle),
            "thiếu «{needle}» trong:\n{}",
            f.message
        );
    }

    #[test]
    fn value_right_and_wrong() {
        let f = check_value(AK, Player::Max, 1.0);
        assert!(f.ok, "{}", f.message);
        assert!(f.message.contains("B = 1, C = -1, D = 0"));
        // Đảo vai: gốc MIN cho -1.
        wrong_with(check_value(AK, Player::Max, 0.0), "đảo vai");
        wrong_with(check_value(AK, Player::Max, -1.0), "-1 là giá trị của C");
        // Số không phải giá trị lá nào.
        wrong_with(check_value(AK, Player::Max, 7.0), "giá trị của một nút lá");
        wrong_with(check_value(AK, Player::Max, f64::INFINITY), "số hữu hạn");
        // Lấy max của mọi lá.
        wrong_with(
            check_value("A(B(C:9, D:1), E(F:2, G:3))", Player::Max, 9.0),
            "lớn nhất của mọi nút lá",
        );
        assert!(check_value("A(B(C:9, D:1), E(F:2, G:3))", Player::Min, 3.0).ok);
        assert!(check_value("A:4", Player::Max, 4.0).ok);
        wrong_with(check_value("A:4", Player::Max, 3.0), "nút lá");
    }

    #[test]
    fn malformed_tree_is_friendly() {
        for f in [
            check_value("A(B:1, C(E:0, F:-1)", Player::Max, 1.0),
            check_pruned("A(B:1,, C:2)", Algorithm::CatTia, &[]),
            check_temps("A(B, C:2)", "A", &[]),
            check_best_move("", Player::Max, "B"),
            check_leaf_count("A(B:1, B:2)", Algorithm::Window, Some(2)),
        ] {
            wrong_with(f.clone(), "Không đọc được cây");
            assert!(f.to_html().contains("❌"));
        }
        let f = check_value("A(B:1, C(E:0, F:-1)", Player::Max, 1.0);
        assert!(f.message.contains("dòng 1, cột 20"), "{}", f.message);
        assert!(f.message.contains('^'));
    }

    #[test]
    fn best_move() {
        assert!(check_best_move(AK, Player::Max, "B").ok);
        assert!(check_best_move(AK, Player::Max, " b ").ok);
        wrong_with(
            check_best_move(AK, Player::Max, "D"),
            "chọn nước có giá trị lớn nhất: B",
        );
        wrong_with(
            check_best_move(AK, Player::Max, "K"),
            "không phải con của A",
        );
        wrong_with(
            check_best_move(AK, Player::Max, "Z"),
            "không có nút nào tên `Z`",
        );
        // Hai nước cùng tốt nhất.
        let f = check_best_move("A(B:2, C:2, D:1)", Player::Max, "C");
        assert!(f.ok && f.message.contains("B, C"), "{}", f.message);
        // Lá hấp dẫn nhưng đối thủ không cho.
        wrong_with(
            check_best_move("A(B(E:9, F:-5), C(G:1, H:2))", Player::Max, "B"),
            "E = 9",
        );
        wrong_with(check_best_move("A:1", Player::Max, "A"), "không có nước đi");
    }

    #[test]
    fn pruned_cat_tia() {
        let f = check_pruned(AK, Algorithm::CatTia, &["H", "F"]);
        assert!(f.ok, "{}", f.message);
        // Thiếu F: giải thích phép so sánh tại C.
        wrong_with(
            check_pruned(AK, Algorithm::CatTia, &["H"]),
            "thiếu F: tại C (nút MIN), Vq = 0 và Vp = 1",
        );
        // Ghi K (bên trong cây con H) thay cho H.
        let f = check_pruned(AK, Algorithm::CatTia, &["F", "K"]);
        wrong_with(f.clone(), "K nằm trong cây con H");
        assert!(f.message.contains("thiếu H"));
        // Thừa một nút đã được xét: giải thích vì sao chưa cắt.
        wrong_with(
            check_pruned(AK, Algorithm::CatTia, &["F", "H", "G"]),
            "G phải được xét: khi tới G, D (nút MIN) có Vq = ∞ mà Vp = 1",
        );
        wrong_with(
            check_pruned(AK, Algorithm::CatTia, &["F", "H", "C"]),
            "A là gốc, không có Vp",
        );
        wrong_with(
            check_pruned(AK, Algorithm::CatTia, &["F", "H", "A"]),
            "gốc không bao giờ bị cắt",
        );
        wrong_with(
            check_pruned(AK, Algorithm::CatTia, &["F", "H", "Q"]),
            "không có nút nào tên `Q`",
        );
        // Cây cắt sâu: cat_tia không cắt G.
        assert!(check_pruned(DEEP, Algorithm::CatTia, &[]).ok);
        wrong_with(
            check_pruned(DEEP, Algorithm::CatTia, &["G"]),
            "E (nút MIN) có Vq = 3 mà Vp = -∞",
        );
    }

    #[test]
    fn pruned_window_and_minimax() {
        assert!(check_pruned(DEEP, Algorithm::Window, &["G"]).ok);
        wrong_with(
            check_pruned(DEEP, Algorithm::Window, &[]),
            "thiếu G: tại E (nút MIN), cửa sổ thành (α, β) = (5, 3)",
        );
        wrong_with(
            check_pruned(DEEP, Algorithm::Window, &["G", "H"]),
            "cửa sổ của D là (α, β) = (5, ∞)",
        );
        assert!(check_pruned(AK, Algorithm::Minimax, &[]).ok);
        wrong_with(
            check_pruned(AK, Algorithm::Minimax, &["F"]),
            "vét cạn xét mọi nút",
        );
    }

    #[test]
    fn leaf_count() {
        assert!(check_leaf_count(AK, Algorithm::CatTia, Some(3)).ok);
        let f = check_leaf_count(AK, Algorithm::CatTia, Some(5));
        wrong_with(f.clone(), "B, I, J");
        assert!(f.message.contains("con số của vét cạn"));
        assert!(check_leaf_count(AK, Algorithm::Minimax, Some(5)).ok);
        wrong_with(
            check_leaf_count(DEEP, Algorithm::Window, Some(4)),
            "định trị 3 lá",
        );
    }

    #[test]
    fn temps_tolerant_spelling() {
        for ans in [
            ["-∞", "Max(-∞, 1) = 1", "Max(1, -1) = 1", "Max(1, 0) = 1"],
            ["-inf", "max(-inf,1)=1", "MAX( 1 , −1 ) = 1", "Max(1,0)=1"],
            ["−∞", "1", "1", "1"],
        ] {
            let f = check_temps(AK, "A", &ans);
            assert!(f.ok, "{ans:?}: {}", f.message);
        }
        assert!(check_temps(AK, "c", &["inf", "Min(inf, 0) = 0", "Min(0, -1) = -1"]).ok);
    }

    #[test]
    fn temps_each_kind_of_mistake() {
        wrong_with(
            check_temps(AK, "A", &["-∞", "Max(-∞, 1) = 0"]),
            "giá trị tạm thứ 2 của A phải là Max(-∞, 1) = 1",
        );
        wrong_with(
            check_temps(AK, "A", &["∞"]),
            "nút MAX nên giá trị tạm ban đầu là -∞",
        );
        wrong_with(
            check_temps(AK, "A", &["-∞", "Min(-∞, 1) = 1"]),
            "dùng Max, không phải Min",
        );
        wrong_with(
            check_temps(AK, "A", &["-∞", "1", "Max(-∞, -1) = 1"]),
            "giá trị tạm ngay trước đó của A, tức 1",
        );
        wrong_with(
            check_temps(AK, "A", &["-∞", "1", "Max(1, 0) = 1"]),
            "giá trị C vừa mang về, tức -1",
        );
        wrong_with(
            check_temps(AK, "A", &["-∞", "1"]),
            "Giá trị tạm tiếp theo là Max(1, -1) = 1",
        );
        wrong_with(
            check_temps(AK, "A", &["-∞", "1", "1", "1", "1"]),
            "chỉ có 4 giá trị tạm",
        );
        wrong_with(check_temps(AK, "A", &["-∞", "một"]), "không đọc được");
        wrong_with(check_temps(AK, "X", &[]), "không có nút nào tên `X`");
    }

    #[test]
    fn temps_leaves_and_cut_nodes() {
        assert!(check_temps(AK, "B", &[]).ok);
        wrong_with(check_temps(AK, "B", &["1"]), "B là nút lá");
        let f = check_temps_with(AK, Algorithm::CatTia, "F", &[]);
        assert!(f.ok && f.message.contains("bị cắt tỉa"), "{}", f.message);
        let f = check_temps_with(AK, Algorithm::CatTia, "K", &[]);
        assert!(f.ok && f.message.contains("cây con H"), "{}", f.message);
        // cat_tia: A nhận 0 từ C (một cận), không phải -1.
        let f = check_temps_with(
            AK,
            Algorithm::CatTia,
            "A",
            &["-∞", "1", "Max(1, 0) = 1", "1"],
        );
        assert!(f.ok, "{}", f.message);
        wrong_with(
            check_temps_with(AK, Algorithm::CatTia, "C", &["∞", "0", "Min(0, -1) = -1"]),
            "dừng sớm vì cắt tỉa (bỏ qua F)",
        );
    }

    #[test]
    fn expressions() {
        assert!(check_expr("5 + 2 × 3 − 4", 7.0).ok);
        wrong_with(check_expr("5 + 2 × 3 − 4", 17.0), "từ trái sang phải");
        wrong_with(check_expr("5 + 2 × 3 − 4", 8.0), "((5 + (2 × 3)) − 4)");
        wrong_with(check_expr("5 + ", 5.0), "Không đọc được biểu thức");
        wrong_with(check_expr("1 / (2 - 2)", 0.0), "chia cho 0");
    }

    #[test]
    fn blanks_are_not_mistakes() {
        for f in [
            check_value(AK, Player::Max, f64::NAN),
            check_best_move(AK, Player::Max, BLANK),
            check_pruned(AK, Algorithm::CatTia, &[BLANK]),
            check_temps(AK, "A", &["-∞", "?"]),
            check_leaf_count(AK, Algorithm::Window, None),
            check_expr("1 + 2", f64::NAN),
        ] {
            assert!(!f.ok && !f.answered, "{}", f.message);
            assert!(f.message.starts_with("Chưa có câu trả lời"));
            assert!(f.to_html().contains("✏️"));
        }
    }

    #[test]
    fn display_and_html() {
        let ok = check_value(AK, Player::Max, 1.0);
        assert!(ok.to_string().starts_with("✅ Đúng"));
        assert!(ok.to_html().contains("#1a8f3a"));
        let bad = check_pruned(AK, Algorithm::CatTia, &["<b>"]);
        assert!(bad.to_html().contains("&lt;b&gt;"));
        assert!(bad.to_string().starts_with("❌"));
    }
}

// =============================================================================
// Dodgem (chương 6): lượng giá một bàn cờ, nước giữ kết quả, số nút đã xét.
// Lời nhận xét khi sai chỉ ra chỗ sai (quên phần nào, dấu nào, nước đáp nào của
// đối thủ), không in đáp án.
// =============================================================================

use crate::dodgem::{
    breakdown, move_name, parse_board, parse_move, Dodgem, Position, Rule, SearchPlayer, Side,
    Solution,
};
use crate::outcome::Outcome;

/// Đọc bàn cờ cho một bài tập Dodgem; lỗi thành lời nhận xét.
fn dodgem_board(board: &str) -> Result<crate::dodgem::Board, Feedback> {
    parse_board(board).map_err(|e| {
        Feedback::wrong(format!(
            "Không đọc được bàn cờ: {e}. (Nhắc lại: các hàng từ trên xuống, ngăn bằng `/`, \
             D = xe Đen, T = xe Trắng, . = ô trống; ví dụ `D../D../.TT`.)"
        ))
    })
}

/// Chấm giá trị hàm lượng giá của bài giảng (theo Trắng, MAX) cho bàn cờ
/// `board`; `answer` là `Some(giá trị)` (`None`: chưa trả lời).
///
/// Khi sai, lời nhận xét đoán phần bị sót hay bị nhầm: chỉ tính bảng vị trí,
/// quên xe đã ra, cộng điểm cản của Đen thay vì trừ, đổi chỗ 40 và 30, thiếu
/// một loại cản, hay ngược dấu cả bàn.
///
/// ```
/// use caytrochoi::exercises::check_dodgem_value;
/// assert!(check_dodgem_value("D../.../DTT", Some(75)).ok);
/// let sai = check_dodgem_value("D../.../DTT", Some(5));
/// assert!(!sai.ok && sai.message.contains("điểm cản"));
/// assert!(!sai.message.contains("75"));
/// ```
pub fn check_dodgem_value(board: &str, answer: Option<i32>) -> Feedback {
    let Some(answer) = answer else {
        return blank_feedback("`None`");
    };
    let b = match dodgem_board(board) {
        Ok(b) => b,
        Err(f) => return f,
    };
    let d = breakdown(&b);
    if answer == d.value {
        return Feedback::right(format!(
            "Đúng: bàn {} có giá trị {} (vị trí Trắng {:+}, vị trí Đen {:+}, xe đã ra {:+}, \
             Trắng cản Đen {} trực tiếp và {} gián tiếp, Đen cản Trắng {} trực tiếp và {} gián tiếp).",
            board.trim(),
            d.value,
            d.white_squares,
            d.black_squares,
            d.off_board,
            d.white_direct,
            d.white_indirect,
            d.black_direct,
            d.black_indirect
        ));
    }
    let (wd, wi, bd, bi) = (
        d.white_direct as i32,
        d.white_indirect as i32,
        d.black_direct as i32,
        d.black_indirect as i32,
    );
    let squares = d.white_squares + d.black_squares + d.off_board;
    let direct = 40 * (wd - bd);
    let indirect = 30 * (wi - bi);
    let pairs = wd + wi + bd + bi;
    let guesses: [(bool, &str); 7] = [
        (
            answer == -d.value,
            "Có vẻ bạn tính ngược dấu: giá trị tính theo Trắng (MAX), nên xe Trắng và Trắng cản \
             Đen làm giá trị tăng, xe Đen và Đen cản Trắng làm giá trị giảm.",
        ),
        (
            answer == squares && pairs > 0,
            "Bạn mới cộng điểm vị trí của các xe; còn điểm cản: Trắng cản Đen +40 (trực tiếp) \
             hoặc +30 (gián tiếp), Đen cản Trắng −40 hoặc −30. Bàn này có ít nhất một cặp cản.",
        ),
        (
            d.off_board != 0 && answer == d.value - d.off_board,
            "Bạn chưa tính các xe đã ra khỏi bàn: mỗi xe đã ra được tính như đứng ngay sau \
             mép đích (trên bàn 3×3: xe Trắng +55, xe Đen −55).",
        ),
        (
            bd + bi > 0 && answer == squares + 40 * (wd + bd) + 30 * (wi + bi),
            "Điểm cản của Đen phải **trừ** (−40, −30), vì giá trị tính theo Trắng: Đen cản \
             Trắng là có lợi cho Đen.",
        ),
        (
            wd + bd + wi + bi > 0
                && (wd - bd) != (wi - bi)
                && answer == squares + 30 * (wd - bd) + 40 * (wi - bi),
            "Bạn đổi chỗ hai loại cản: cản trực tiếp (xe chắn ngay ô kế tiếp) được 40, cản \
             gián tiếp (cách đúng một ô) được 30.",
        ),
        (
            indirect != 0 && answer == squares + direct,
            "Bạn đã tính cản trực tiếp nhưng còn sót cản gián tiếp: xe chắn cách đúng hai ô \
             trên đường tiến (cùng hàng với xe Đen, hay cùng cột với xe Trắng), ô ở giữa có \
             gì cũng được.",
        ),
        (
            direct != 0 && answer == squares + indirect,
            "Bạn đã tính cản gián tiếp nhưng còn sót cản trực tiếp: xe chắn ngay ô mà xe kia \
             sắp tiến vào (bên phải xe Đen, phía trên xe Trắng).",
        ),
    ];
    let mut msg = format!(
        "Chưa đúng: {answer} không phải giá trị của bàn {}.",
        board.trim()
    );
    match guesses.iter().find(|(hit, _)| *hit) {
        Some((_, why)) => {
            msg.push(' ');
            msg.push_str(why);
        }
        None => msg.push_str(&format!(
            " Hãy tính lại từng phần: (1) điểm vị trí của mỗi xe Trắng theo bảng Trắng; \
             (2) của mỗi xe Đen theo bảng Đen (số âm); (3) xe đã ra khỏi bàn; (4) các cặp cản \
             — bàn này có {pairs} cặp cản, tính cả hai bên."
        )),
    }
    Feedback::wrong(msg)
}

/// Chấm một nước đi ở thế cờ `board`, bên `to_move` đến lượt, luật `rule`
/// (bàn 3×3 hoặc 4×4): nước đúng là nước **giữ kết quả chính xác** — thắng nếu
/// thế này thắng được, hòa nếu chỉ hòa được. `answer` như `"a3>"` (`"?"`: chưa
/// trả lời).
///
/// Khi sai, lời nhận xét nói nước ấy dẫn tới đâu và, nếu nó thua, chỉ một nước
/// đáp của đối thủ làm nó thua — không nói nước đúng.
///
/// ```
/// use caytrochoi::exercises::check_dodgem_move;
/// use caytrochoi::dodgem::{Rule, Side};
/// assert!(check_dodgem_move("D../D../.TT", Side::Black, Rule::Lecture, "a3>").ok);
/// let sai = check_dodgem_move("D../D../.TT", Side::Black, Rule::Lecture, "a2>");
/// assert!(!sai.ok && sai.message.contains("Trắng"));
/// ```
pub fn check_dodgem_move(board: &str, to_move: Side, rule: Rule, answer: &str) -> Feedback {
    if is_blank(answer) {
        return blank_feedback("`\"?\"`");
    }
    let b = match dodgem_board(board) {
        Ok(b) => b,
        Err(f) => return f,
    };
    let n = b.size();
    if n > 4 {
        return Feedback::wrong(format!(
            "Chỉ chấm được bàn 3×3 và 4×4 (bàn {n}×{n} cần giải cả trăm triệu thế cờ)."
        ));
    }
    let game = match Dodgem::new(n) {
        Ok(g) => g.with_rule(rule),
        Err(e) => return Feedback::wrong(format!("{e}.")),
    };
    let pos = Position { board: b, to_move };
    if let Some(end) = game.end(&pos) {
        return Feedback::wrong(format!(
            "Thế cờ này đã kết thúc ({} thắng), không còn nước nào để chọn.",
            end.winner.name()
        ));
    }
    let mv = match parse_move(&game, &pos, answer) {
        Ok(m) => m,
        Err(e) => return Feedback::wrong(format!("{e}.")),
    };
    let exact = match Solution::solve(n, rule) {
        Ok(s) => s,
        Err(e) => return Feedback::wrong(format!("Không giải được: {e}.")),
    };
    let (truth, moves) = match (exact.outcome(&pos), exact.move_outcomes(&pos)) {
        (Ok(t), Ok(m)) => (t, m),
        (Err(e), _) | (_, Err(e)) => return Feedback::wrong(format!("{e}.")),
    };
    let name = move_name(n, mv);
    let me = to_move.name();
    let opp = to_move.opponent().name();
    let after = moves
        .iter()
        .find(|(m, _)| *m == mv)
        .map(|(_, o)| *o)
        .unwrap_or(Outcome::Draw);
    let goal = truth.after_best_move();
    let others = moves.iter().filter(|(m, o)| *m != mv && *o == goal).count();
    let also = if others == 0 {
        " Đó là nước duy nhất như vậy.".to_string()
    } else {
        format!(" Còn {others} nước khác cũng được.")
    };
    if after == goal {
        let what = match goal {
            Outcome::PreviousWins => format!("{me} thắng: sau nước này {opp} đi thế nào cũng thua"),
            Outcome::Draw => {
                format!("hòa — thế này {me} không ép thắng được, và nước này giữ được hòa")
            }
            Outcome::NextWins => format!("thế này {me} thua dù đi thế nào"),
        };
        return Feedback::right(format!("Đúng: {name} giữ kết quả tốt nhất, {what}.{also}"));
    }
    let child = game.after(&pos, mv);
    let mut msg = format!("Chưa đúng: {name} không giữ được kết quả tốt nhất.");
    match after {
        Outcome::NextWins => {
            let refute = exact
                .winning_moves(&child)
                .ok()
                .and_then(|w| w.first().copied())
                .map(|m| move_name(n, m));
            msg.push_str(&format!(" Sau nước này {opp} thắng được"));
            if let Some(r) = refute {
                msg.push_str(&format!(", chẳng hạn {opp} đáp {r}"));
            }
            msg.push('.');
        }
        Outcome::Draw => msg.push_str(&format!(
            " Sau nước này {opp} giữ được hòa (có cách đi vòng mà không thua)."
        )),
        Outcome::PreviousWins => {}
    }
    if goal == Outcome::PreviousWins {
        msg.push_str(&format!(
            " Thế này {me} thắng được: hãy tìm nước mà sau đó mọi nước của {opp} đều để {me} \
             thắng tiếp."
        ));
    }
    Feedback::wrong(msg)
}

/// Chấm số nút mà `algorithm` xét (kể cả gốc) khi tìm `depth` nước từ thế
/// `board`, bên `to_move` đến lượt, với hàm lượng giá của bài giảng ở độ sâu
/// giới hạn (độ sâu từ 1 đến 6). `answer` là `Some(số nút)` (`None`: chưa trả lời).
///
/// ```
/// use caytrochoi::exercises::check_dodgem_node_count;
/// use caytrochoi::dodgem::Side;
/// use caytrochoi::Algorithm;
/// let sai = check_dodgem_node_count("D../D../.TT", Side::Black, Algorithm::Minimax, 1, Some(3));
/// assert!(!sai.ok && sai.message.contains("gốc"));
/// assert!(check_dodgem_node_count("D../D../.TT", Side::Black, Algorithm::Minimax, 1, Some(4)).ok);
/// ```
pub fn check_dodgem_node_count(
    board: &str,
    to_move: Side,
    algorithm: Algorithm,
    depth: u32,
    answer: Option<u64>,
) -> Feedback {
    let Some(answer) = answer else {
        return blank_feedback("`None`");
    };
    if !(1..=6).contains(&depth) {
        return Feedback::wrong(format!(
            "Độ sâu {depth} không dùng được cho bài đếm tay: chọn từ 1 đến 6."
        ));
    }
    let b = match dodgem_board(board) {
        Ok(b) => b,
        Err(f) => return f,
    };
    let game = match Dodgem::new(b.size()) {
        Ok(g) => g,
        Err(e) => return Feedback::wrong(format!("{e}.")),
    };
    let pos = Position { board: b, to_move };
    let run = |a: Algorithm| SearchPlayer::new(a, depth).search(&game, &pos);
    let (r, full) = match (run(algorithm), run(Algorithm::Minimax)) {
        (Ok(r), Ok(f)) => (r, f),
        (Err(e), _) | (_, Err(e)) => return Feedback::wrong(format!("Không tìm được: {e}.")),
    };
    let name = algorithm.name_vi();
    if answer == r.nodes_visited {
        let per: Vec<String> = r.nodes_per_depth.iter().map(|k| k.to_string()).collect();
        return Feedback::right(format!(
            "Đúng: {name} xét {} nút (theo từng mức từ gốc: {}).",
            r.nodes_visited,
            per.join(" + ")
        ));
    }
    let mut msg = format!("Chưa đúng: {name} không xét {answer} nút.");
    let level1 = r.nodes_per_depth.get(1).copied().unwrap_or(0);
    if answer + 1 == r.nodes_visited {
        msg.push_str(" Gần đúng rồi: bạn quên đếm chính nút gốc.");
    } else if answer == r.leaves_evaluated && r.leaves_evaluated != r.nodes_visited {
        msg.push_str(
            " Đó là số nút được lượng giá (lá); đề hỏi mọi nút đã xét, kể cả gốc và các nút trong.",
        );
    } else if algorithm != Algorithm::Minimax && answer == full.nodes_visited {
        msg.push_str(
            " Đó là số nút của vét cạn; cắt tỉa bỏ qua được một số cây con — hãy tìm chỗ cắt.",
        );
    } else {
        msg.push_str(&format!(
            " Hãy đếm theo từng mức: mức 0 là gốc (1 nút), mức 1 có {level1} nút (mỗi nước đi \
             hợp lệ của {} một nút); đếm tiếp các mức sau, nhớ rằng ván đã kết thúc thì không \
             có con.",
            to_move.name()
        ));
    }
    Feedback::wrong(msg)
}

#[cfg(test)]
mod dodgem_tests {
    use super::*;

    fn wrong_with(f: Feedback, needle: &str) {
        assert!(!f.ok, "phải sai: {}", f.message);
        assert!(
            f.message.contains(needle),
            "thiếu «{needle}» trong:\n{}",
            f.message
        );
    }

    #[test]
    fn dodgem_value_mistakes_are_named() {
        // Ví dụ 75 của bài giảng: vị trí −10 + 15, Trắng cản trực tiếp và gián tiếp.
        let ex = "D../.../DTT";
        assert!(check_dodgem_value(ex, Some(75)).ok);
        assert!(!check_dodgem_value(ex, None).answered);
        wrong_with(check_dodgem_value(ex, Some(-75)), "ngược dấu");
        wrong_with(check_dodgem_value(ex, Some(5)), "mới cộng điểm vị trí");
        wrong_with(check_dodgem_value(ex, Some(45)), "sót cản gián tiếp");
        wrong_with(check_dodgem_value(ex, Some(35)), "sót cản trực tiếp");
        wrong_with(check_dodgem_value(ex, Some(12)), "có 2 cặp cản");
        // Đen cản Trắng: `.../DDT/.T.` có đủ ba loại cản.
        let both = ".../DDT/.T.";
        assert_eq!(crate::dodgem::evaluate(&parse_board(both).unwrap()), 35);
        wrong_with(check_dodgem_value(both, Some(115)), "phải **trừ**");
        // Xe đã ra: Đen còn một xe ở c3 (một xe đã ra), Trắng còn cả hai.
        let off = "..D/.T./..T";
        let v = crate::dodgem::evaluate(&parse_board(off).unwrap());
        let d = breakdown(&parse_board(off).unwrap());
        wrong_with(check_dodgem_value(off, Some(v - d.off_board)), "xe đã ra");
        // Không bao giờ in đáp án khi sai.
        for a in [-75, 5, 45, 35, 12] {
            let m = check_dodgem_value(ex, Some(a)).message;
            assert!(!m.replace(&a.to_string(), "").contains("75"), "{m}");
        }
        wrong_with(
            check_dodgem_value("D../D../.TX", Some(0)),
            "Không đọc được bàn cờ",
        );
    }

    #[test]
    fn dodgem_move_feedback_points_to_the_refutation() {
        let start = "D../D../.TT";
        let f = check_dodgem_move(start, Side::Black, Rule::Lecture, "a3>");
        assert!(f.ok && f.message.contains("duy nhất"), "{}", f.message);
        let f = check_dodgem_move(start, Side::Black, Rule::Lecture, "a2>");
        wrong_with(f.clone(), "Trắng thắng được, chẳng hạn Trắng đáp");
        assert!(!f.message.contains("a3>"), "{}", f.message);
        wrong_with(
            check_dodgem_move(start, Side::Black, Rule::Lecture, "a3<"),
            "không được đi sang trái",
        );
        assert!(!check_dodgem_move(start, Side::Black, Rule::Lecture, "?").answered);
        // 4×4 theo Winning Ways: thế đầu hòa, a2v thua.
        let s4 = "D.../D.../D.../.TTT";
        let f = check_dodgem_move(s4, Side::Black, Rule::WinningWays, "a4>");
        assert!(f.ok && f.message.contains("hòa"), "{}", f.message);
        wrong_with(
            check_dodgem_move(s4, Side::Black, Rule::WinningWays, "a2v"),
            "Trắng thắng được",
        );
        wrong_with(
            check_dodgem_move(
                "D..../D..../D..../D..../.TTTT",
                Side::Black,
                Rule::Lecture,
                "a5>",
            ),
            "Chỉ chấm được bàn 3×3 và 4×4",
        );
    }

    #[test]
    fn dodgem_node_count_mistakes_are_named() {
        let start = "D../D../.TT";
        let truth = SearchPlayer::new(Algorithm::Minimax, 2)
            .search(&Dodgem::new(3).unwrap(), &Dodgem::new(3).unwrap().start())
            .unwrap();
        let n = truth.nodes_visited;
        assert!(check_dodgem_node_count(start, Side::Black, Algorithm::Minimax, 2, Some(n)).ok);
        wrong_with(
            check_dodgem_node_count(start, Side::Black, Algorithm::Minimax, 2, Some(n - 1)),
            "quên đếm chính nút gốc",
        );
        wrong_with(
            check_dodgem_node_count(
                start,
                Side::Black,
                Algorithm::Minimax,
                2,
                Some(truth.leaves_evaluated),
            ),
            "số nút được lượng giá",
        );
        wrong_with(
            check_dodgem_node_count(start, Side::Black, Algorithm::Window, 2, Some(n)),
            "số nút của vét cạn",
        );
        wrong_with(
            check_dodgem_node_count(start, Side::Black, Algorithm::Minimax, 2, Some(1000)),
            "mức 1 có 3 nút",
        );
        wrong_with(
            check_dodgem_node_count(start, Side::Black, Algorithm::Minimax, 9, Some(1)),
            "từ 1 đến 6",
        );
    }
}

// =============================================================================
// --- Hàm Grundy (chương 5) ---------------------------------------------------
// =============================================================================
//
// Các hàm chấm của chương 5: mex, hàm Grundy trên một đồ thị, mã thắng/thua/hòa
// của một đồ thị có chu trình, nước thắng trong Nim, các ô "thắng" của trò chơi
// quân Hậu. Cùng kiểu `Feedback`; lời nhận xét chỉ ra chỗ sai (thường bằng chính
// câu trả lời của sinh viên) chứ không đọc đáp án ra ngay.

use crate::grundy::games::queen::{queen_table, Queen};
use crate::grundy::{GraphGame, ImpartialGame};

/// "{1, 4, 0}" — một tập giá trị viết như trong sách.
fn set_text(values: &[u32]) -> String {
    let v: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("{{{}}}", v.join(", "))
}

/// Chấm mex của tập `values` (số tự nhiên nhỏ nhất **không** có trong tập);
/// `answer` là `Some(số)` (`None`: chưa trả lời).
///
/// ```
/// use caytrochoi::exercises::check_mex;
/// assert!(check_mex(&[1, 4, 0, 1], Some(2)).ok);
/// let f = check_mex(&[1, 4, 0, 1], Some(3));
/// assert!(!f.ok && f.message.contains("nhỏ hơn 3"));
/// ```
pub fn check_mex(values: &[u32], answer: Option<u32>) -> Feedback {
    let Some(a) = answer else {
        return blank_feedback("`None`");
    };
    let m = crate::grundy::mex(values.iter().copied());
    let set = set_text(values);
    if a == m {
        return Feedback::right(format!(
            "Đúng: mex{set} = {m} — mọi số từ 0 tới {} đều có trong tập, {m} thì không.",
            m.saturating_sub(1)
        ));
    }
    if values.contains(&a) {
        return Feedback::wrong(format!(
            "Chưa đúng: {a} có trong tập {set}. mex là số nhỏ nhất *không* có trong tập."
        ));
    }
    Feedback::wrong(format!(
        "Chưa đúng: {a} không có trong tập {set}, nhưng còn một số nhỏ hơn {a} cũng không có trong tập. \
         Hãy thử lần lượt 0, 1, 2, … và dừng ở số đầu tiên vắng mặt."
    ))
}

/// Đọc đồ thị cho hàm chấm; lỗi cú pháp thành lời nhận xét.
fn load_graph(text: &str) -> Result<GraphGame, Feedback> {
    GraphGame::parse(text).map_err(|e| {
        Feedback::wrong(format!(
            "Không đọc được đồ thị — hãy sửa văn bản rồi chạy lại ô này.\n{e}\n\
             (Cú pháp: `A → B, C; B → C`, dùng `→` hoặc `->`.)"
        ))
    })
}

/// Đọc các cặp (tên đỉnh, giá trị) sinh viên ghi: báo tên lạ và tên ghi hai lần.
fn answer_map<T: Copy>(g: &GraphGame, answer: &[(&str, T)]) -> Result<Vec<Option<T>>, Feedback> {
    let mut out: Vec<Option<T>> = vec![None; g.len()];
    for &(name, v) in answer {
        let Some(x) = g.index(name) else {
            let all: Vec<String> = g.nodes().map(|x| g.name(x)).collect();
            return Err(Feedback::wrong(format!(
                "Không có đỉnh nào tên `{}` (các đỉnh: {}).",
                name.trim(),
                all.join(", ")
            )));
        };
        if out[x].is_some() {
            return Err(Feedback::wrong(format!(
                "Đỉnh {} được ghi hai lần trong câu trả lời.",
                g.name(x)
            )));
        }
        out[x] = Some(v);
    }
    Ok(out)
}

/// Chấm G của **mọi** đỉnh một đồ thị không chu trình (viết như
/// [`GraphGame::parse`]); `answer` là các cặp `("A", 2)` (rỗng: chưa trả lời).
///
/// Các đỉnh được xét theo thứ tự tính tay (đỉnh không có nước đi trước); lời
/// nhận xét dừng ở đỉnh sai đầu tiên và nói vì sao giá trị đó không thể đúng.
///
/// ```
/// use caytrochoi::exercises::check_graph_grundy;
/// let g = "A → B, C; B → C";
/// assert!(check_graph_grundy(g, &[("A", 2), ("B", 1), ("C", 0)]).ok);
/// let f = check_graph_grundy(g, &[("A", 1), ("B", 1), ("C", 0)]);
/// assert!(f.message.contains("G(A) không thể là 1"));
/// ```
pub fn check_graph_grundy(graph_text: &str, answer: &[(&str, u32)]) -> Feedback {
    if answer.is_empty() {
        return blank_feedback("`&[]`");
    }
    let g = match load_graph(graph_text) {
        Ok(g) => g,
        Err(f) => return f,
    };
    let given = match answer_map(&g, answer) {
        Ok(m) => m,
        Err(f) => return f,
    };
    let solved = match g.solve() {
        Ok(s) => s,
        Err(e) => {
            return Feedback::wrong(format!(
                "Không tính được hàm Grundy của đồ thị này: {e}. Với đồ thị có chu trình, hãy \
                 phân loại thắng/thua/hòa (`check_graph_outcomes`)."
            ))
        }
    };
    for step in &solved.steps {
        let x = step.position;
        let name = g.name(x);
        let Some(a) = given[x] else {
            return Feedback::wrong(format!(
                "Chưa có G({name}). Hãy tính lần lượt từ dưới lên: đỉnh không có nước đi trước, \
                 rồi tới đỉnh mà mọi đỉnh con đều đã có giá trị."
            ));
        };
        if a == step.value {
            continue;
        }
        let kids: Vec<String> = step.children.iter().map(|&(c, _)| g.name(c)).collect();
        let msg = if step.children.is_empty() {
            format!(
                "Chưa đúng ở G({name}): {name} không có nước đi nào, tập giá trị các đỉnh con là \
                 tập rỗng. Số tự nhiên nhỏ nhất không nằm trong tập rỗng là số nào?"
            )
        } else if let Some(&(c, _)) = step.children.iter().find(|&&(_, v)| v == a) {
            format!(
                "G({name}) không thể là {a}: từ {name} đi được tới {} mà G({}) = {a}. G({name}) là mex \
                 của {{{}}} — số nhỏ nhất *không* có trong tập các giá trị ấy.",
                g.name(c),
                g.name(c),
                kids.iter().map(|k| format!("G({k})")).collect::<Vec<_>>().join(", ")
            )
        } else {
            format!(
                "Chưa đúng ở G({name}): {a} không nằm trong tập {{{}}} = {}, nhưng còn một số nhỏ hơn \
                 {a} cũng không nằm trong tập đó.",
                kids.iter().map(|k| format!("G({k})")).collect::<Vec<_>>().join(", "),
                set_text(&step.values())
            )
        };
        return Feedback::wrong(msg);
    }
    let zeros: Vec<String> = g
        .nodes()
        .filter(|&x| solved.values()[x] == 0)
        .map(|x| g.name(x))
        .collect();
    Feedback::right(format!(
        "Đúng cả {} đỉnh. Các đỉnh có G = 0 (\"thắng\" theo bài giảng — người phải đi từ đó thua): {}.",
        g.len(),
        zeros.join(", ")
    ))
}

/// Chấm mã của bài giảng — 1 (thắng), 0 (thua), −1 (hòa) — của **mọi** đỉnh một
/// đồ thị (có thể có chu trình); `answer` là các cặp `("A", 0)` (rỗng: chưa trả lời).
///
/// ```
/// use caytrochoi::exercises::check_graph_outcomes;
/// let g = "A → B, C; B → A; C";
/// assert!(check_graph_outcomes(g, &[("A", 0), ("B", 1), ("C", 1)]).ok);
/// let f = check_graph_outcomes(g, &[("A", -1), ("B", -1), ("C", 1)]);
/// assert!(!f.ok && f.message.contains("A"));
/// ```
pub fn check_graph_outcomes(graph_text: &str, answer: &[(&str, i8)]) -> Feedback {
    if answer.is_empty() {
        return blank_feedback("`&[]`");
    }
    let g = match load_graph(graph_text) {
        Ok(g) => g,
        Err(f) => return f,
    };
    let given = match answer_map(&g, answer) {
        Ok(m) => m,
        Err(f) => return f,
    };
    if let Some(&(name, code)) = answer.iter().find(|(_, c)| !(-1..=1).contains(c)) {
        return Feedback::wrong(format!(
            "Mã của đỉnh {name} là {code}: bài giảng chỉ dùng 1 (thắng), 0 (thua) và −1 (hòa)."
        ));
    }
    let rounds = match g.rounds() {
        Ok(r) => r,
        Err(e) => return Feedback::wrong(format!("Không phân loại được đồ thị: {e}.")),
    };
    // Xét theo thứ tự được quyết định (vòng 1, 2, …), các đỉnh hòa sau cùng.
    let mut order: Vec<usize> = g.nodes().collect();
    order.sort_by_key(|x| rounds.round(x).unwrap_or(usize::MAX));
    let code_of =
        |x: usize| crate::grundy::rounds::code(rounds.outcome(&x).filter(|o| *o != Outcome::Draw));
    for x in order {
        let name = g.name(x);
        let Some(a) = given[x] else {
            return Feedback::wrong(format!(
                "Chưa có mã của {name}. Hãy bắt đầu từ các đỉnh không có nước đi (mã 1 theo định nghĩa)."
            ));
        };
        let truth = code_of(x);
        if a == truth {
            continue;
        }
        let kids: Vec<String> = g.targets(x).iter().map(|&y| g.name(y)).collect();
        // Mâu thuẫn ngay trong câu trả lời: X ghi 1 mà đi được tới một đỉnh cũng ghi 1.
        let own_one = g
            .targets(x)
            .iter()
            .find(|&&y| given[y] == Some(1) && code_of(y) == 1);
        let msg = match (a, truth) {
            (1, 0) => match own_one {
                Some(&y) => format!(
                    "{name} không thể mang mã 1: từ {name} đi được tới {}, mà chính bạn ghi {} mã 1 — \
                     người đến lượt ở {name} chỉ cần đi sang {} là thắng.",
                    g.name(y),
                    g.name(y),
                    g.name(y)
                ),
                None => format!(
                    "{name} không thể mang mã 1: trong các đỉnh {name} đi tới được ({}) có một đỉnh \
                     mã 1. Hãy tìm nó.",
                    kids.join(", ")
                ),
            },
            (_, 1) => format!(
                "Xem lại {name}: {}. Mã 1 nghĩa là mọi nước đi đều dẫn tới đỉnh mã 0 — hãy kiểm tra \
                 từng đỉnh {name} đi tới được.",
                if kids.is_empty() {
                    format!("{name} không có nước đi nào")
                } else {
                    format!("{name} đi tới được {}", kids.join(", "))
                }
            ),
            (_, 0) => format!(
                "Xem lại {name}: từ {name} đi được tới {}. Có đỉnh nào trong số đó mang mã 1 không? \
                 Nếu có, người đến lượt ở {name} thắng.",
                kids.join(", ")
            ),
            _ => format!(
                "Xem lại {name}: không bên nào ép được ván từ {name} kết thúc có lợi cho mình — người \
                 sắp thua luôn có thể đi vòng lại trên chu trình. Mã của hòa là −1."
            ),
        };
        return Feedback::wrong(msg);
    }
    Feedback::right(format!(
        "Đúng cả {} đỉnh (1 thắng, 0 thua, −1 hòa theo cách gọi của bài giảng).",
        g.len()
    ))
}

/// Chấm một nước thắng trong Nim nhiều đống: `answer = Some((đống, còn lại))`,
/// đống đánh số từ 1, `còn lại` là số viên của đống đó **sau** nước đi (`None`:
/// chưa trả lời).
///
/// ```
/// use caytrochoi::exercises::check_nim_move;
/// assert!(check_nim_move(&[3, 4, 5], Some((1, 1))).ok);
/// let f = check_nim_move(&[3, 4, 5], Some((3, 1)));
/// assert!(!f.ok && f.message.contains("XOR"));
/// ```
pub fn check_nim_move(heaps: &[u32], answer: Option<(usize, u32)>) -> Feedback {
    let Some((k, left)) = answer else {
        return blank_feedback("`None`");
    };
    let s = crate::grundy::nim_sum(heaps.iter().copied());
    let piles: Vec<String> = heaps.iter().map(u32::to_string).collect();
    if s == 0 {
        return Feedback::wrong(format!(
            "Các đống {} có XOR = 0: không có nước thắng — nước nào cũng để lại XOR khác 0 cho đối thủ.",
            piles.join(", ")
        ));
    }
    if k == 0 || k > heaps.len() {
        return Feedback::wrong(format!(
            "Không có đống số {k}: các đống đánh số từ 1 đến {}.",
            heaps.len()
        ));
    }
    let h = heaps[k - 1];
    if left >= h {
        return Feedback::wrong(format!(
            "Đống {k} có {h} viên; mỗi nước phải bốc ít nhất một viên, nên sau nước đi đống {k} còn ít hơn {h} viên (bạn ghi {left})."
        ));
    }
    let mut after = heaps.to_vec();
    after[k - 1] = left;
    let t = crate::grundy::nim_sum(after.iter().copied());
    let after_text: Vec<String> = after.iter().map(u32::to_string).collect();
    if t == 0 {
        return Feedback::right(format!(
            "Đúng: bốc {} viên ở đống {k}, còn {}; XOR = 0 nên đối thủ đi gì cũng để lại XOR khác 0.",
            h - left,
            after_text.join(", ")
        ));
    }
    Feedback::wrong(format!(
        "Chưa đúng: sau nước đi các đống là {}, XOR = {t} ≠ 0, đối thủ lại có nước thắng. \
         Gợi ý: viết các đống ở hệ nhị phân, tìm bit cao nhất của S = XOR các đống ban đầu, rồi chọn \
         một đống có bit đó bằng 1.",
        after_text.join(", ")
    ))
}

/// Chấm danh sách **mọi** ô "thắng" (G = 0, P-vị trí) của trò chơi quân Hậu trên
/// bàn `n × n` (ô (p, q), 0 ≤ p, q < n); rỗng: chưa trả lời.
///
/// ```
/// use caytrochoi::exercises::check_queen_p_positions;
/// assert!(check_queen_p_positions(4, &[(0, 0), (1, 2), (2, 1)]).ok);
/// let f = check_queen_p_positions(4, &[(0, 0), (1, 2), (2, 1), (3, 3)]);
/// assert!(f.message.contains("(3, 3) và (0, 0)"));
/// ```
pub fn check_queen_p_positions(n: u32, answer: &[(u32, u32)]) -> Feedback {
    if answer.is_empty() {
        return blank_feedback("`&[]`");
    }
    if n == 0 || n > 40 {
        return Feedback::wrong(format!("Bàn cờ phải có cạnh từ 1 đến 40 (gặp {n})."));
    }
    if let Some(&(p, q)) = answer.iter().find(|&&(p, q)| p >= n || q >= n) {
        return Feedback::wrong(format!(
            "Ô ({p}, {q}) nằm ngoài bàn {n} × {n} (tọa độ từ 0 đến {}).",
            n - 1
        ));
    }
    let t = match queen_table(n - 1, n - 1) {
        Ok(t) => t,
        Err(e) => return Feedback::wrong(format!("Không tính được bàn cờ: {e}.")),
    };
    let is_p = |(p, q): (u32, u32)| t[p as usize][q as usize] == 0;
    let mut given: Vec<(u32, u32)> = answer.to_vec();
    given.sort_by_key(|&(p, q)| (p + q, p));
    given.dedup();
    for &x in &given {
        if is_p(x) {
            continue;
        }
        // Một nước từ x tới một ô thắng thật: ưu tiên ô có trong chính câu trả lời.
        let targets: Vec<(u32, u32)> = Queen
            .moves(&x)
            .iter()
            .map(|m| m.target(x))
            .filter(|&y| is_p(y))
            .collect();
        let msg = match targets.iter().find(|y| given.contains(y)) {
            Some(&(a, b)) => format!(
                "Hai ô ({}, {}) và ({a}, {b}) đều có trong danh sách, nhưng từ ({}, {}) Hậu đi được tới \
                 ({a}, {b}). Người đến lượt ở một ô \"thắng\" không thể có nước đi tới một ô \"thắng\" khác.",
                x.0, x.1, x.0, x.1
            ),
            None => format!(
                "Ô ({}, {}) không phải ô thắng: từ đó Hậu có một nước đi (sang trái, xuống, hoặc chéo) \
                 tới một ô thắng. Hãy tìm nước đi ấy.",
                x.0, x.1
            ),
        };
        return Feedback::wrong(msg);
    }
    let missing: Vec<(u32, u32)> = (0..n)
        .flat_map(|p| (0..n).map(move |q| (p, q)))
        .filter(|&x| is_p(x) && !given.contains(&x))
        .collect();
    if missing.is_empty() {
        return Feedback::right(format!(
            "Đúng: {} ô thắng trên bàn {n} × {n}. Chúng đối xứng qua đường chéo và mỗi hàng, mỗi cột, \
             mỗi đường chéo có nhiều nhất một ô — đó là các cặp Wythoff.",
            given.len()
        ));
    }
    let mirror = given
        .iter()
        .find(|&&(p, q)| !given.contains(&(q, p)))
        .map(|&(p, q)| {
            format!(" Gợi ý: ({p}, {q}) có trong danh sách; luật chơi đối xứng giữa p và q, còn ({q}, {p}) thì sao?")
        })
        .unwrap_or_default();
    Feedback::wrong(format!(
        "Các ô bạn ghi đều đúng là ô thắng, nhưng còn thiếu {} ô.{mirror}",
        missing.len()
    ))
}

#[cfg(test)]
mod grundy_tests {
    use super::*;

    fn wrong_with(f: Feedback, part: &str) {
        assert!(!f.ok && f.answered, "{}", f.message);
        assert!(
            f.message.contains(part),
            "thiếu «{part}» trong: {}",
            f.message
        );
    }

    #[test]
    fn mex_feedback() {
        assert!(check_mex(&[], Some(0)).ok);
        wrong_with(check_mex(&[1, 4, 0, 1], Some(1)), "1 có trong tập");
        wrong_with(check_mex(&[1, 4, 0, 1], Some(5)), "nhỏ hơn 5");
        assert!(!check_mex(&[0], None).answered);
    }

    #[test]
    fn graph_grundy_feedback_points_to_the_first_wrong_node() {
        let g = "A → B, C, D; B → C, E; C → E; D → F; E → F";
        let right = [("A", 3), ("B", 2), ("C", 0), ("D", 1), ("E", 1), ("F", 0)];
        assert!(check_graph_grundy(g, &right).ok);
        // F không có nước đi: gợi ý tập rỗng, không đọc đáp án.
        let mut a = right;
        a[5].1 = 1;
        let f = check_graph_grundy(g, &a);
        wrong_with(f.clone(), "tập rỗng");
        assert!(!f.message.contains("= 0"));
        // C đi tới E (G = 1): ghi 1 là sai vì 1 có trong tập.
        let mut a = right;
        a[2].1 = 1;
        wrong_with(check_graph_grundy(g, &a), "G(C) không thể là 1");
        // B: mex{0, 1} = 2, ghi 3 thì còn số nhỏ hơn vắng mặt.
        let mut a = right;
        a[1].1 = 3;
        wrong_with(check_graph_grundy(g, &a), "nhỏ hơn");
        wrong_with(check_graph_grundy(g, &right[..5]), "Chưa có G(F)");
        wrong_with(
            check_graph_grundy(g, &[("Z", 0)]),
            "Không có đỉnh nào tên `Z`",
        );
        wrong_with(check_graph_grundy(g, &[("A", 3), ("A", 3)]), "hai lần");
        wrong_with(
            check_graph_grundy("A → ", &[("A", 0)]),
            "Không đọc được đồ thị",
        );
        wrong_with(check_graph_grundy("A → B; B → A", &[("A", 0)]), "chu trình");
        assert!(!check_graph_grundy(g, &[]).answered);
    }

    #[test]
    fn graph_outcomes_feedback() {
        let g = "A → B, C; B → A, D; C → E; D; E → C, F, H; F → K; K → F; H";
        let right = [
            ("A", 0),
            ("B", 0),
            ("C", 1),
            ("D", 1),
            ("E", 0),
            ("F", -1),
            ("H", 1),
            ("K", -1),
        ];
        assert!(check_graph_outcomes(g, &right).ok);
        // E ghi 1 trong khi C (ghi 1) là đỉnh E đi tới: mâu thuẫn trong câu trả lời.
        let mut a = right;
        a[4].1 = 1;
        wrong_with(check_graph_outcomes(g, &a), "chính bạn ghi C mã 1");
        // F ghi 1: F chỉ đi tới K, K chỉ đi tới F — hòa.
        let mut a = right;
        a[5].1 = 1;
        wrong_with(check_graph_outcomes(g, &a), "Mã của hòa là −1");
        // A ghi −1: A đi được tới C (mã 1), nên là 0.
        let mut a = right;
        a[0].1 = -1;
        wrong_with(
            check_graph_outcomes(g, &a),
            "Có đỉnh nào trong số đó mang mã 1",
        );
        wrong_with(check_graph_outcomes(g, &[("A", 2)]), "chỉ dùng 1");
        assert!(!check_graph_outcomes(g, &[]).answered);
    }

    #[test]
    fn nim_move_feedback() {
        assert!(check_nim_move(&[7, 9, 12], Some((1, 5))).ok);
        wrong_with(check_nim_move(&[7, 9, 12], Some((2, 3))), "XOR");
        wrong_with(
            check_nim_move(&[7, 9, 12], Some((1, 7))),
            "ít nhất một viên",
        );
        wrong_with(
            check_nim_move(&[7, 9, 12], Some((4, 0))),
            "Không có đống số 4",
        );
        wrong_with(check_nim_move(&[3, 5, 6], Some((1, 0))), "XOR = 0");
        assert!(!check_nim_move(&[1], None).answered);
    }

    #[test]
    fn queen_feedback() {
        let all = [(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)];
        assert!(check_queen_p_positions(6, &all).ok);
        wrong_with(check_queen_p_positions(6, &all[..3]), "còn thiếu 2 ô");
        wrong_with(
            check_queen_p_positions(6, &[(0, 0), (1, 2), (2, 1), (3, 5)]),
            "còn (5, 3) thì sao",
        );
        wrong_with(
            check_queen_p_positions(6, &[(0, 0), (2, 2)]),
            "(2, 2) và (0, 0)",
        );
        wrong_with(check_queen_p_positions(6, &[(4, 4)]), "Hãy tìm nước đi ấy");
        wrong_with(check_queen_p_positions(6, &[(6, 0)]), "ngoài bàn");
        assert!(!check_queen_p_positions(6, &[]).answered);
    }
}

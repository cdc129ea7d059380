//! Bài luyện tập về trò chơi vô tư: G và mã thắng/thua/hòa của mọi đỉnh một
//! đồ thị nhỏ, Bốc sỏi, Tô màu và quân Hậu. Mọi đáp án do mô-đun
//! [`crate::grundy`] tính.

use super::answer::{fold, numbers_in, parse_integer, Answer};
use super::feedback::{Check, Mistake, MistakeKind};
use super::level::Level;
use crate::grundy::games::queen::{queen_table, Queen};
use crate::grundy::games::to_mau::{segments, strip_grundy, to_mau_values, winning_moves, ToMau};
use crate::grundy::rounds::code;
use crate::grundy::{GraphGame, GrundyMemo, ImpartialGame};
use crate::outcome::Outcome;
use crate::plot::{Figure, GraphDiagram, PlotError};
use crate::random::SplitMix64;
use crate::tree::labels::nth_label;

/// Đồ thị của một trò chơi vô tư nhỏ: đỉnh `v` có nhãn `labels[v]` và đi tới
/// được các đỉnh `edges[v]` (mọi mũi tên đi từ đỉnh trước tới đỉnh sau, nên
/// không có chu trình).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmallGraph {
    /// Nhãn các đỉnh: A, B, C, …
    pub labels: Vec<String>,
    /// Danh sách kề.
    pub edges: Vec<Vec<usize>>,
}

impl SmallGraph {
    /// Đồ thị ngẫu nhiên của mức `level` (5 đỉnh ở mức dễ, 6–7 ở mức vừa, 8 ở
    /// mức khó); mỗi đỉnh trừ A có ít nhất một mũi tên đi vào.
    pub fn random(rng: &mut SplitMix64, level: Level) -> SmallGraph {
        let n = match level {
            Level::Easy => 5,
            Level::Medium => rng.range(6, 7) as usize,
            Level::Hard => 8,
        };
        let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (v, out) in edges.iter_mut().enumerate().take(n - 1) {
            // Vài đỉnh ở giữa không có nước đi (mức vừa, khó).
            if v > 0 && level != Level::Easy && rng.range(0, 5) == 0 {
                continue;
            }
            let room = (n - 1 - v) as i64;
            let k = rng.range(1, room.min(3)) as usize;
            while out.len() < k {
                let w = v + 1 + rng.range(0, room - 1) as usize;
                if !out.contains(&w) {
                    out.push(w);
                }
            }
            out.sort_unstable();
        }
        for w in 1..n {
            if !edges.iter().any(|out| out.contains(&w)) {
                let v = rng.range(0, w as i64 - 1) as usize;
                edges[v].push(w);
                edges[v].sort_unstable();
            }
        }
        SmallGraph {
            labels: (0..n).map(nth_label).collect(),
            edges,
        }
    }

    /// G của mọi đỉnh (tính bằng [`GrundyMemo`] của thư viện).
    pub fn values(&self) -> Vec<u32> {
        let game = GraphGame::new(self.edges.clone());
        let mut memo = GrundyMemo::new();
        (0..self.labels.len())
            .map(|v| memo.value(&game, &v).unwrap_or(0))
            .collect()
    }

    /// Đồ thị ngẫu nhiên **có chu trình** cho bài thắng/thua/hòa: như
    /// [`SmallGraph::random`], thêm một hai mũi tên đi ngược lên; chọn sao cho có
    /// cả đỉnh hòa lẫn đỉnh thắng/thua.
    pub fn random_with_cycles(rng: &mut SplitMix64, level: Level) -> SmallGraph {
        loop {
            let mut g = SmallGraph::random(rng, level);
            let n = g.labels.len();
            let back = if level == Level::Hard { 2 } else { 1 };
            for _ in 0..back {
                let w = rng.range(1, n as i64 - 1) as usize;
                let v = rng.range(0, w as i64 - 1) as usize;
                if !g.edges[w].contains(&v) {
                    g.edges[w].push(v);
                    g.edges[w].sort_unstable();
                }
            }
            let Ok(codes) = graph_codes(&g) else { continue };
            let draws = codes.iter().filter(|c| c.0 == -1).count();
            if draws > 0 && draws < n && g.drawn_clearly() {
                return g;
            }
        }
    }

    /// Hình của đồ thị đọc được rõ ràng: không có chồng chéo nào mà mô hình bố
    /// trí tìm thấy, và không có hai mũi tên vòng qua phía trên (hay dưới) cùng một
    /// hàng đi chung một đoạn ngang (người đọc sẽ không biết mũi tên nào đi đâu).
    pub fn drawn_clearly(&self) -> bool {
        let Ok(layout) = GraphDiagram::new(&self.game()).layout() else {
            return false;
        };
        if !layout.collisions().is_empty() {
            return false;
        }
        // Các đoạn ngang của mũi tên vòng: (độ cao, từ x, tới x).
        let lanes: Vec<(f64, f64, f64)> = layout
            .edges
            .iter()
            .filter(|e| e.points.len() == 4 && (e.points[1].1 - e.points[2].1).abs() < 0.5)
            .map(|e| {
                let (a, b) = (e.points[1].0, e.points[2].0);
                (e.points[1].1, a.min(b), a.max(b))
            })
            .collect();
        lanes.iter().enumerate().all(|(i, a)| {
            lanes[i + 1..]
                .iter()
                .all(|b| (a.0 - b.0).abs() >= 0.5 || a.2 <= b.1 || b.2 <= a.1)
        })
    }

    /// Đồ thị cho bằng chữ (`"A → B, C; B → C"`, xem [`GraphGame::parse`]).
    pub fn parse(text: &str) -> Result<SmallGraph, crate::grundy::GrundyError> {
        let g = GraphGame::parse(text)?;
        Ok(SmallGraph {
            labels: g.nodes().map(|x| g.name(x)).collect(),
            edges: g.nodes().map(|x| g.targets(x).to_vec()).collect(),
        })
    }

    /// Trò chơi của thư viện trên đồ thị này (các đỉnh mang nhãn A, B, …).
    pub fn game(&self) -> GraphGame {
        GraphGame::named(self.labels.clone(), self.edges.clone())
    }

    /// Hình đồ thị (của thư viện, [`GraphDiagram`]) với tiêu đề `title`; `values`:
    /// ghi G của mỗi đỉnh (do thư viện tính) và phép tính mex ở từng đỉnh.
    pub fn figure(&self, title: &str, values: bool) -> Result<Figure, PlotError> {
        let d = GraphDiagram::new(&self.game()).title(title);
        if values {
            d.grundy()?.mex(true).draw()
        } else {
            d.draw()
        }
    }

    /// Các mũi tên viết bằng lời: `A → B, C; B → D; …`.
    pub fn describe(&self) -> String {
        self.edges
            .iter()
            .enumerate()
            .map(|(v, out)| {
                if out.is_empty() {
                    format!("{} (không có nước đi)", self.labels[v])
                } else {
                    let to: Vec<&str> = out.iter().map(|&w| self.labels[w].as_str()).collect();
                    format!("{} → {}", self.labels[v], to.join(", "))
                }
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// Một dải Tô màu đang chơi dở mà người đến lượt thắng: dải 6–9 ô (dễ, có thể
/// còn trống cả), 8–13 ô (vừa) hay 12–18 ô (khó), đã tô 0–1, 1–2 hay 1–3 nước.
/// `true` là ô đã tô.
pub fn random_to_mau(rng: &mut SplitMix64, level: Level) -> Vec<bool> {
    let ((lo, hi), (p_lo, p_hi)) = match level {
        Level::Easy => ((6, 9), (0, 1)),
        Level::Medium => ((8, 13), (1, 2)),
        Level::Hard => ((12, 18), (1, 3)),
    };
    let g = to_mau_values(hi as usize + 1).unwrap_or_default();
    loop {
        let n = rng.range(lo, hi) as usize;
        let mut strip = vec![false; n];
        for _ in 0..rng.range(p_lo, p_hi) {
            let moves = ToMau.moves(&strip);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.range(0, moves.len() as i64 - 1) as usize];
            strip = ToMau.play(&strip, &m);
        }
        if strip_grundy(&strip, &g).is_ok_and(|x| x != 0) {
            return strip;
        }
    }
}

/// Các đoạn đã tô, đánh số ô từ 1: "3–4, 8–10" (rỗng nếu dải còn trống).
pub(crate) fn painted_text(strip: &[bool]) -> String {
    let mut parts = Vec::new();
    let mut k = 0;
    while k < strip.len() {
        if strip[k] {
            let len = strip[k..].iter().take_while(|&&c| c).count();
            parts.push(format!("{}–{}", k + 1, k + len));
            k += len;
        } else {
            k += 1;
        }
    }
    parts.join(", ")
}

/// Độ dài các đoạn còn trống, từ trái sang.
fn segments_text(strip: &[bool], g: &[u32]) -> String {
    let segs = segments(strip);
    let parts: Vec<String> = segs.iter().map(|&l| format!("G({l}) = {}", g[l])).collect();
    format!(
        "các đoạn trống dài {} ({})",
        segs.iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        parts.join(", ")
    )
}

// --- Chấm ----------------------------------------------------------------------

pub(crate) fn set_text(values: &[u32]) -> String {
    let v: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("{{{}}}", v.join(", "))
}

/// Đọc các số ghi cho từng đỉnh: `A = 2, B = 0, …` (hay `G(A) = 2`), hoặc các
/// số theo thứ tự đỉnh. `signed`: nhận cả số âm (mã hòa −1).
fn parse_values(
    graph: &SmallGraph,
    answer: &Answer,
    signed: bool,
) -> Result<Vec<Option<i64>>, String> {
    let n = graph.labels.len();
    let joined: String = answer
        .items()
        .join(",")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let parts: Vec<&str> = joined.split([',', ';']).filter(|p| !p.is_empty()).collect();
    let plain: Vec<String> = if parts.len() == 1 && !parts[0].contains(['=', ':']) {
        answer.words()
    } else {
        parts.iter().map(|p| p.to_string()).collect()
    };
    let number = |text: &str| parse_integer(text).filter(|&x| signed || x >= 0);
    let mut out = vec![None; n];
    if plain.iter().all(|p| number(p).is_some()) {
        if plain.len() != n {
            return Err(format!(
                "có {} số nhưng đồ thị có {n} đỉnh (ghi theo thứ tự {})",
                plain.len(),
                graph.labels.join(", ")
            ));
        }
        for (k, p) in plain.iter().enumerate() {
            out[k] = number(p);
        }
        return Ok(out);
    }
    for p in &plain {
        let Some((name, value)) = p.split_once(['=', ':']) else {
            return Err(format!("`{p}` không có dạng `A = 2`"));
        };
        // "G(A) = 2" hay "A = 2".
        let name = name
            .strip_prefix("G(")
            .or_else(|| name.strip_prefix("g("))
            .map_or(name, |n| n.trim_end_matches(')'));
        // Đúng tên (NFC) trước; bỏ dấu, hoa thường chỉ khi không có tên trùng
        // khớp (đồ thị có thể có cả `Binh` lẫn `Bình`).
        let name = name.trim();
        let exact = graph.labels.iter().position(|l| *l == name);
        let Some(v) = exact.or_else(|| graph.labels.iter().position(|l| fold(l) == fold(name)))
        else {
            return Err(format!(
                "không có đỉnh nào tên `{name}` (các đỉnh: {})",
                graph.labels.join(", ")
            ));
        };
        let Some(x) = number(value) else {
            return Err(format!(
                "`{value}` không phải một số {}",
                if signed { "nguyên" } else { "tự nhiên" }
            ));
        };
        if out[v].is_some() {
            return Err(format!("đỉnh {} được ghi hai lần", graph.labels[v]));
        }
        out[v] = Some(x);
    }
    Ok(out)
}

/// "{G(B), G(C)}" — tập G các đỉnh con viết bằng tên.
fn named_set(graph: &SmallGraph, targets: &[usize]) -> String {
    let v: Vec<String> = targets
        .iter()
        .map(|&w| format!("G({})", graph.labels[w]))
        .collect();
    format!("{{{}}}", v.join(", "))
}

/// Chấm G của mọi đỉnh (đồ thị không chu trình). Các đỉnh được xét theo thứ tự
/// tính tay của thư viện ([`GraphGame::solve`]: đỉnh không có nước đi trước);
/// mỗi đỉnh sai được nêu riêng.
pub(crate) fn grade_graph(graph: &SmallGraph, answer: &Answer) -> Check {
    let typed = match parse_values(graph, answer, false) {
        Ok(t) => t,
        Err(why) => return Check::Unreadable(why),
    };
    let solved = match graph.game().solve() {
        Ok(s) => s,
        Err(e) => return Check::Unreadable(format!("không tính được hàm Grundy: {e}")),
    };
    let truth = solved.values();
    let mut mistakes = Vec::new();
    for step in &solved.steps {
        let v = step.position;
        let name = &graph.labels[v];
        let kids = &graph.edges[v];
        let rule = if kids.is_empty() {
            format!("{name} không có nước đi nên G({name}) = mex{{}} = 0.")
        } else {
            let to: Vec<&str> = kids.iter().map(|&w| graph.labels[w].as_str()).collect();
            format!(
                "{name} đi tới {}, nên G({name}) = mex{} = mex{} = {}.",
                to.join(", "),
                named_set(graph, kids),
                set_text(&step.values()),
                truth[v]
            )
        };
        let Some(x) = typed[v] else {
            mistakes.push(Mistake::new(
                MistakeKind::GrundyMissing,
                format!(
                    "Thiếu G({name}). Tính lần lượt từ dưới lên: đỉnh không có nước đi trước, rồi \
                     tới đỉnh mà mọi đỉnh con đều đã có giá trị."
                ),
                format!("Thiếu G({name}): {rule}"),
            ));
            continue;
        };
        if x == i64::from(truth[v]) {
            continue;
        }
        let (hint, why) = if kids.is_empty() {
            (
                format!(
                    "G({name}) chưa đúng: {name} không có nước đi, tập giá trị các đỉnh con là tập \
                     rỗng. Số tự nhiên nhỏ nhất không nằm trong tập rỗng là số nào?"
                ),
                String::new(),
            )
        } else if let Some(&(w, _)) = step.children.iter().find(|&&(_, g)| i64::from(g) == x) {
            (
                format!(
                    "G({name}) chưa đúng: {x} có trong tập {} — G({name}) là số nhỏ nhất *không* \
                     có trong tập ấy.",
                    named_set(graph, kids)
                ),
                format!(
                    "G({name}) không thể là {x}: từ {name} đi được tới {} mà G({}) = {x}. ",
                    graph.labels[w], graph.labels[w]
                ),
            )
        } else {
            (
                format!(
                    "G({name}) chưa đúng: {x} không có trong tập {}, nhưng còn một số nhỏ hơn {x} \
                     cũng không có trong tập đó.",
                    named_set(graph, kids)
                ),
                String::new(),
            )
        };
        mistakes.push(Mistake::new(
            MistakeKind::GrundyWrong,
            hint,
            format!("{why}G({name}) không phải {x}: {rule}"),
        ));
    }
    if mistakes.is_empty() {
        return Check::Right(format!("{}.", values_text(graph, truth)));
    }
    Check::Wrong(mistakes)
}

/// "A = 2, B = 0, …".
pub(crate) fn values_text(graph: &SmallGraph, values: &[u32]) -> String {
    graph
        .labels
        .iter()
        .zip(values)
        .map(|(l, v)| format!("{l} = {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Mã của bài giảng cho mọi đỉnh (1 thắng, 0 thua, −1 hòa) và vòng quyết định
/// (`None`: hòa), tính bằng phân loại từng vòng của thư viện.
pub(crate) fn graph_codes(graph: &SmallGraph) -> Result<Vec<(i8, Option<usize>)>, String> {
    let rounds = graph.game().rounds().map_err(|e| e.to_string())?;
    Ok((0..graph.labels.len())
        .map(|v| (code(rounds.outcome(&v)), rounds.round(&v)))
        .collect())
}

/// Chấm mã thắng (1) / thua (0) / hòa (−1) của bài giảng cho mọi đỉnh một đồ
/// thị (có thể có chu trình). Các đỉnh được xét theo vòng được quyết định, các
/// đỉnh hòa sau cùng.
pub(crate) fn grade_graph_outcomes(graph: &SmallGraph, answer: &Answer) -> Check {
    let typed = match parse_values(graph, answer, true) {
        Ok(t) => t,
        Err(why) => return Check::Unreadable(why),
    };
    if let Some((v, x)) = typed
        .iter()
        .enumerate()
        .find_map(|(v, x)| x.filter(|x| !(-1..=1).contains(x)).map(|x| (v, x)))
    {
        return Check::Unreadable(format!(
            "mã của đỉnh {} là {x}: bài giảng chỉ dùng 1 (thắng), 0 (thua) và −1 (hòa)",
            graph.labels[v]
        ));
    }
    let codes = match graph_codes(graph) {
        Ok(c) => c,
        Err(e) => return Check::Unreadable(format!("không phân loại được đồ thị: {e}")),
    };
    let mut order: Vec<usize> = (0..graph.labels.len()).collect();
    order.sort_by_key(|&v| (codes[v].1.unwrap_or(usize::MAX), v));
    let name = |v: usize| graph.labels[v].as_str();
    let mut mistakes = Vec::new();
    for v in order {
        let kids = &graph.edges[v];
        let to: Vec<&str> = kids.iter().map(|&w| name(w)).collect();
        let truth = i64::from(codes[v].0);
        // Vì sao đỉnh có mã ấy (lời của bài giảng: mã 1 là "thắng" = người phải
        // đi từ đó thua).
        let why = match truth {
            1 if kids.is_empty() => format!("{} không có nước đi: mã 1 theo định nghĩa.", name(v)),
            1 => format!(
                "{} mang mã 1: mọi đỉnh nó đi tới được ({}) đều mang mã 0.",
                name(v),
                to.join(", ")
            ),
            0 => {
                let w = kids.iter().copied().find(|&w| codes[w].0 == 1).unwrap_or(v);
                format!(
                    "{} mang mã 0: từ {} đi được tới {}, mà {} mang mã 1 — người đến lượt ở {} \
                     đi sang {} là thắng.",
                    name(v),
                    name(v),
                    name(w),
                    name(w),
                    name(v),
                    name(w)
                )
            }
            _ => {
                let w = kids
                    .iter()
                    .copied()
                    .find(|&w| codes[w].0 == -1)
                    .unwrap_or(v);
                format!(
                    "{} hòa (mã −1): nó không đi tới được đỉnh mã 1 nào, nhưng đi được tới {} cũng \
                     hòa — người sắp thua luôn có thể đi vòng lại trên chu trình.",
                    name(v),
                    name(w)
                )
            }
        };
        let Some(x) = typed[v] else {
            mistakes.push(Mistake::new(
                MistakeKind::CodeMissing,
                format!(
                    "Chưa có mã của {}. Bắt đầu từ các đỉnh không có nước đi (mã 1 theo định nghĩa).",
                    name(v)
                ),
                format!("Thiếu mã của {}: {why}", name(v)),
            ));
            continue;
        };
        if x == truth {
            continue;
        }
        // Mâu thuẫn ngay trong câu trả lời: ghi 1 mà đi được tới một đỉnh cũng ghi 1.
        let own_one = kids
            .iter()
            .copied()
            .find(|&w| typed[w] == Some(1) && codes[w].0 == 1);
        let hint = match (x, truth) {
            (1, 0) => match own_one {
                Some(w) => format!(
                    "{} không thể mang mã 1: từ {} đi được tới {}, mà chính bạn ghi {} mã 1.",
                    name(v),
                    name(v),
                    name(w),
                    name(w)
                ),
                None => format!(
                    "{} không thể mang mã 1: trong các đỉnh {} đi tới được có một đỉnh mã 1.",
                    name(v),
                    name(v)
                ),
            },
            (_, 1) => format!(
                "Xem lại {}: mã 1 nghĩa là mọi nước đi đều dẫn tới đỉnh mã 0 (không có nước đi \
                 cũng là mã 1).",
                name(v)
            ),
            (_, 0) => format!(
                "Xem lại {}: có đỉnh nào {} đi tới được mang mã 1 không? Nếu có, người đến lượt ở \
                 {} thắng.",
                name(v),
                name(v),
                name(v)
            ),
            _ => format!(
                "Xem lại {}: không bên nào ép được ván từ {} kết thúc có lợi cho mình. Mã của hòa \
                 là −1.",
                name(v),
                name(v)
            ),
        };
        mistakes.push(Mistake::new(
            MistakeKind::CodeWrong,
            hint,
            format!("{} không mang mã {x}. {why}", name(v)),
        ));
    }
    if mistakes.is_empty() {
        let all: Vec<String> = (0..graph.labels.len())
            .map(|v| format!("{} = {}", name(v), codes[v].0))
            .collect();
        return Check::Right(format!(
            "{} (1 thắng, 0 thua, −1 hòa theo cách gọi của bài giảng).",
            all.join(", ")
        ));
    }
    Check::Wrong(mistakes)
}

/// Đọc "thắng/thua" (hay N/P) của người đến lượt đi.
pub(crate) fn parse_outcome(text: &str) -> Option<Outcome> {
    let t = fold(text);
    let win = t == "n" || t.contains("thang") || t.contains("next");
    let lose = t == "p" || t.contains("thua") || t.contains("previous");
    match (win, lose) {
        (true, false) => Some(Outcome::NextWins),
        (false, true) => Some(Outcome::PreviousWins),
        _ => None,
    }
}

/// Các nước thắng trên dải `strip`, viết `(ô đầu, ô cuối)` (đánh số ô từ 1).
pub(crate) fn to_mau_winning(strip: &[bool]) -> Vec<(usize, usize)> {
    let g = to_mau_values(strip.len() + 1).unwrap_or_default();
    winning_moves(strip, &g)
        .unwrap_or_default()
        .iter()
        .map(|p| (p.start + 1, p.start + p.len))
        .collect()
}

/// Chấm một nước thắng trong Tô màu trên dải `strip`: các ô tô (đánh số từ 1),
/// ví dụ `4–5`.
pub(crate) fn grade_to_mau_move(strip: &[bool], answer: &Answer) -> Check {
    let n = strip.len();
    let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    let [a, b] = nums[..] else {
        return Check::Unreadable(
            "cần hai số: ô đầu và ô cuối bạn tô (đánh số từ 1), ví dụ `4–6`".into(),
        );
    };
    let (a, b) = (a.min(b), a.max(b));
    let len = b + 1 - a;
    let inside = a >= 1 && b <= n as u64;
    let free = inside && strip[a as usize - 1..b as usize].iter().all(|&c| !c);
    if !inside || !(2..=3).contains(&len) || !free {
        let why = if !inside {
            format!("dải chỉ có các ô 1…{n}")
        } else if !(2..=3).contains(&len) {
            format!("ô {a}–{b} là {len} ô, mỗi lượt tô 2 hoặc 3 ô")
        } else {
            format!("trong các ô {a}–{b} có ô đã tô ({})", painted_text(strip))
        };
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::IllegalMove,
            format!("Nước tô không hợp lệ: mỗi lượt tô 2 hoặc 3 ô liền nhau còn trống ({why})."),
            format!("Không hợp lệ: {why}."),
        )]);
    }
    let (a, b) = (a as usize, b as usize);
    let g = to_mau_values(n + 1).unwrap_or_default();
    let mut after = strip.to_vec();
    after[a - 1..b].iter_mut().for_each(|c| *c = true);
    let x = strip_grundy(&after, &g).unwrap_or(1);
    if x == 0 {
        return Check::Right(format!(
            "Tô ô {a}–{b} để lại {}: XOR = 0, đối thủ phải đi từ một thế thua.",
            segments_text(&after, &g)
        ));
    }
    Check::Wrong(vec![Mistake::new(
        MistakeKind::NotWinningMove,
        "Nước này chưa thắng: các đoạn còn trống sau nước của bạn có XOR các G khác 0 (mỗi đoạn \
         trống là một trò chơi riêng, cả dải là tổng của chúng).",
        format!(
            "Tô ô {a}–{b} để lại {}: XOR = {x} ≠ 0. G(k) của một đoạn k ô trống: {}.",
            segments_text(&after, &g),
            (0..=n)
                .map(|k| format!("G({k}) = {}", g[k]))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )])
}

/// Các bước của lời giải Tô màu.
pub(crate) fn to_mau_steps(strip: &[bool]) -> Vec<String> {
    let n = strip.len();
    let g = to_mau_values(n + 1).unwrap_or_default();
    let total = strip_grundy(strip, &g).unwrap_or(0);
    let mut steps = vec![
        format!(
            "G của một đoạn k ô trống (tô 2 hay 3 ô ở giữa tách nó thành hai đoạn): {}.",
            (0..=n)
                .map(|k| format!("G({k}) = {}", g[k]))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!(
            "Dải hiện có {}: XOR = {total} ≠ 0, người đến lượt thắng.",
            segments_text(strip, &g)
        ),
    ];
    for (a, b) in to_mau_winning(strip) {
        let mut after = strip.to_vec();
        after[a - 1..b].iter_mut().for_each(|c| *c = true);
        steps.push(format!(
            "Tô ô {a}–{b}: còn {}, XOR = 0.",
            segments_text(&after, &g)
        ));
    }
    steps
}

// --- Quân Hậu ----------------------------------------------------------------------

/// Cạnh bàn cờ cho bài các ô "thắng" của quân Hậu.
pub fn random_queen_side(rng: &mut SplitMix64, level: Level) -> u32 {
    match level {
        Level::Easy => rng.range(4, 5) as u32,
        Level::Medium => rng.range(6, 7) as u32,
        Level::Hard => rng.range(8, 9) as u32,
    }
}

/// Một ô mà người đến lượt thắng (G ≠ 0) trên bàn `side × side`: cạnh 6 (dễ), 10
/// (vừa) hay 16 (khó). Không lấy ô ở mép dưới, mép trái hay trên đường chéo chính
/// (từ đó đi thẳng về (0, 0) là thắng ngay).
pub fn random_queen_cell(rng: &mut SplitMix64, level: Level) -> (u32, (u32, u32)) {
    let side = match level {
        Level::Easy => 6,
        Level::Medium => 10,
        Level::Hard => 16,
    };
    let p_cells = queen_p_positions(side);
    loop {
        let cell = (
            rng.range(0, side as i64 - 1) as u32,
            rng.range(0, side as i64 - 1) as u32,
        );
        if cell.0 > 0 && cell.1 > 0 && cell.0 != cell.1 && !p_cells.contains(&cell) {
            return (side, cell);
        }
    }
}

/// Các ô "thắng" mà Hậu đi tới được từ `cell` (các nước thắng).
pub(crate) fn queen_winning_targets(cell: (u32, u32)) -> Vec<(u32, u32)> {
    let p_cells = queen_p_positions(cell.0.max(cell.1) + 1);
    Queen
        .moves(&cell)
        .iter()
        .map(|m| m.target(cell))
        .filter(|t| p_cells.contains(t))
        .collect()
}

/// Chấm một nước thắng của quân Hậu từ ô `cell`: ô mà Hậu đi tới, `(p, q)`.
pub(crate) fn grade_queen_move(cell: (u32, u32), answer: &Answer) -> Check {
    let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    let [a, b] = nums[..] else {
        return Check::Unreadable("cần một ô (p, q), ví dụ `(2, 1)`".into());
    };
    let reach = Queen.moves(&cell);
    let Some(mv) = reach.iter().copied().find(|m| {
        let t = m.target(cell);
        (u64::from(t.0), u64::from(t.1)) == (a, b)
    }) else {
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::IllegalMove,
            format!(
                "Hậu không đi được từ {} tới ({a}, {b}) trong một nước: chỉ đi sang trái, xuống \
                 dưới hoặc chéo trái-xuống.",
                cell_text(cell)
            ),
            format!(
                "Từ {} Hậu đi tới các ô cùng hàng bên trái, cùng cột bên dưới, hoặc trên đường \
                 chéo trái-xuống; ({a}, {b}) không thuộc các ô ấy.",
                cell_text(cell)
            ),
        )]);
    };
    let target = mv.target(cell);
    let p_cells = queen_p_positions(cell.0.max(cell.1) + 1);
    if p_cells.contains(&target) {
        return Check::Right(format!(
            "Đi {mv} tới {}: đó là một ô \"thắng\" (G = 0), đối thủ phải đi từ một thế thua.",
            cell_text(target)
        ));
    }
    let (m2, t2) = Queen
        .moves(&target)
        .iter()
        .map(|m| (*m, m.target(target)))
        .find(|(_, t)| p_cells.contains(t))
        .unwrap_or((mv, target));
    Check::Wrong(vec![Mistake::new(
        MistakeKind::NotWinningMove,
        format!(
            "Nước này chưa thắng: {} không phải ô \"thắng\" — từ đó đối thủ có nước tới một ô thắng.",
            cell_text(target)
        ),
        format!(
            "Từ {} đối thủ đi {m2} tới {}, một ô thắng. Các ô thắng trên bàn: {}.",
            cell_text(target),
            cell_text(t2),
            p_cells.iter().map(|&c| cell_text(c)).collect::<Vec<_>>().join(", ")
        ),
    )])
}

/// Các bước của lời giải "nước thắng của quân Hậu".
pub(crate) fn queen_move_steps(cell: (u32, u32)) -> Vec<String> {
    let p_cells = queen_p_positions(cell.0.max(cell.1) + 1);
    let mut steps = vec![format!(
        "Các ô \"thắng\" (G = 0) tới hàng, cột {}: {} — tìm từ (0, 0) lên, mỗi hàng, mỗi cột, \
         mỗi đường chéo có nhiều nhất một ô (các cặp Wythoff).",
        cell.0.max(cell.1),
        p_cells
            .iter()
            .map(|&c| cell_text(c))
            .collect::<Vec<_>>()
            .join(", ")
    )];
    for t in queen_winning_targets(cell) {
        steps.push(format!(
            "Từ {} Hậu đi được tới {}, một ô thắng: đó là một nước thắng.",
            cell_text(cell),
            cell_text(t)
        ));
    }
    steps
}

/// Các ô "thắng" (G = 0, vị trí P) trên bàn `n × n`, theo thứ tự p + q rồi p.
pub(crate) fn queen_p_positions(n: u32) -> Vec<(u32, u32)> {
    let t = queen_table(n.saturating_sub(1), n.saturating_sub(1)).unwrap_or_default();
    let mut cells: Vec<(u32, u32)> = (0..n)
        .flat_map(|p| (0..n).map(move |q| (p, q)))
        .filter(|&(p, q)| t[p as usize][q as usize] == 0)
        .collect();
    cells.sort_by_key(|&(p, q)| (p + q, p));
    cells
}

/// "(p, q)".
pub(crate) fn cell_text((p, q): (u32, u32)) -> String {
    format!("({p}, {q})")
}

/// Chấm danh sách mọi ô "thắng" của quân Hậu trên bàn `n × n`.
pub(crate) fn grade_queen(n: u32, answer: &Answer) -> Check {
    let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    if nums.len() % 2 == 1 {
        return Check::Unreadable(
            "cần các cặp số (p, q), ví dụ `(0, 0), (1, 2)` — đang có một số lẻ cặp".into(),
        );
    }
    let mut given: Vec<(u32, u32)> = Vec::new();
    for c in nums.chunks(2) {
        if c[0] >= u64::from(n) || c[1] >= u64::from(n) {
            return Check::Unreadable(format!(
                "ô ({}, {}) nằm ngoài bàn {n} × {n} (tọa độ từ 0 đến {})",
                c[0],
                c[1],
                n - 1
            ));
        }
        let cell = (c[0] as u32, c[1] as u32);
        if !given.contains(&cell) {
            given.push(cell);
        }
    }
    let truth = queen_p_positions(n);
    let is_p = |x: &(u32, u32)| truth.contains(x);
    let mut mistakes = Vec::new();
    given.sort_by_key(|&(p, q)| (p + q, p));
    for &x in given.iter().filter(|x| !is_p(x)) {
        // Một nước từ x tới một ô thắng thật: ưu tiên ô có trong chính câu trả lời.
        let moves = Queen.moves(&x);
        let reach = |only_given: bool| {
            moves
                .iter()
                .map(|m| (*m, m.target(x)))
                .find(|(_, y)| is_p(y) && (!only_given || given.contains(y)))
        };
        let hint = match reach(true) {
            Some((_, y)) => format!(
                "Hai ô {} và {} đều có trong danh sách, nhưng từ {} Hậu đi được tới {}: người đến \
                 lượt ở một ô \"thắng\" không thể có nước đi tới một ô \"thắng\" khác.",
                cell_text(x),
                cell_text(y),
                cell_text(x),
                cell_text(y)
            ),
            None => format!(
                "Ô {} không phải ô thắng: từ đó Hậu có một nước đi (sang trái, xuống, hoặc chéo) tới \
                 một ô thắng.",
                cell_text(x)
            ),
        };
        let (m, y) = reach(false).unwrap_or((crate::grundy::games::queen::QueenMove::Left(0), x));
        mistakes.push(Mistake::new(
            MistakeKind::NotPPosition,
            hint,
            format!(
                "Ô {} không phải ô thắng: từ đó Hậu đi {m} tới {}, một ô thắng, nên người đến lượt ở {} thắng.",
                cell_text(x),
                cell_text(y),
                cell_text(x)
            ),
        ));
    }
    let missing: Vec<(u32, u32)> = truth
        .iter()
        .copied()
        .filter(|x| !given.contains(x))
        .collect();
    if !missing.is_empty() {
        let mirror = given
            .iter()
            .find(|&&(p, q)| is_p(&(p, q)) && !given.contains(&(q, p)))
            .map(|&(p, q)| {
                format!(
                    " Gợi ý: ({p}, {q}) có trong danh sách; luật chơi đối xứng giữa p và q, còn ({q}, {p}) thì sao?"
                )
            })
            .unwrap_or_default();
        let names: Vec<String> = missing.iter().map(|&x| cell_text(x)).collect();
        mistakes.push(Mistake::new(
            MistakeKind::PPositionMissed,
            format!("Còn thiếu {} ô thắng.{mirror}", missing.len()),
            format!(
                "Còn thiếu {}: mọi nước đi của Hậu từ {} đều tới một ô không phải ô thắng.",
                names.join(", "),
                if missing.len() == 1 {
                    "ô đó"
                } else {
                    "mỗi ô đó"
                }
            ),
        ));
    }
    if mistakes.is_empty() {
        return Check::Right(format!(
            "{} ô thắng trên bàn {n} × {n}: {}. Chúng đối xứng qua đường chéo và mỗi hàng, mỗi cột, \
             mỗi đường chéo có nhiều nhất một ô — đó là các cặp Wythoff.",
            truth.len(),
            truth.iter().map(|&x| cell_text(x)).collect::<Vec<_>>().join(", ")
        ));
    }
    Check::Wrong(mistakes)
}

/// Các bước của lời giải "mọi ô thắng của quân Hậu".
pub(crate) fn queen_steps(n: u32) -> Vec<String> {
    let mut steps = vec![
        "Ô (0, 0): Hậu không đi được nữa, người đến lượt thua — ô thắng (G = 0).".to_string(),
        "Một ô là ô thắng khi mọi nước đi từ nó đều tới ô không phải ô thắng; một ô không phải ô \
         thắng khi đi được tới một ô thắng. Xét các ô theo p + q tăng dần."
            .to_string(),
    ];
    for (p, q) in queen_p_positions(n).into_iter().skip(1) {
        steps.push(format!(
            "({p}, {q}): không có ô thắng nào cùng hàng, cùng cột hay cùng đường chéo ở phía trái \
             hoặc phía dưới, nên mọi nước đi từ đây tới ô không phải ô thắng — ô thắng."
        ));
    }
    steps.push(
        "Mọi ô khác cùng hàng, cùng cột hay cùng đường chéo với một ô thắng (ở phía trên hoặc bên \
         phải nó) đi được tới ô thắng ấy, nên không phải ô thắng."
            .to_string(),
    );
    steps
}

/// Các bước của lời giải thắng/thua/hòa: từng đỉnh theo vòng được quyết định.
pub(crate) fn outcome_steps(graph: &SmallGraph) -> Vec<String> {
    let Ok(codes) = graph_codes(graph) else {
        return Vec::new();
    };
    let mut order: Vec<usize> = (0..graph.labels.len()).collect();
    order.sort_by_key(|&v| (codes[v].1.unwrap_or(usize::MAX), v));
    let name = |v: usize| graph.labels[v].as_str();
    order
        .into_iter()
        .map(|v| {
            let kids: Vec<&str> = graph.edges[v].iter().map(|&w| name(w)).collect();
            match codes[v] {
                (1, Some(r)) if kids.is_empty() => {
                    format!("Vòng {r}: {} không có nước đi — mã 1.", name(v))
                }
                (1, Some(r)) => format!(
                    "Vòng {r}: mọi đỉnh {} đi tới được ({}) đều mang mã 0 — mã 1.",
                    name(v),
                    kids.join(", ")
                ),
                (0, Some(r)) => {
                    let w = graph.edges[v]
                        .iter()
                        .copied()
                        .find(|&w| codes[w].0 == 1)
                        .unwrap_or(v);
                    format!(
                        "Vòng {r}: {} đi được tới {} (mã 1) — mã 0.",
                        name(v),
                        name(w)
                    )
                }
                _ => format!(
                    "{} không bao giờ được quyết định: không đi tới được đỉnh mã 1 nào, và không \
                     phải mọi nước đi đều tới đỉnh mã 0 — hòa, mã −1.",
                    name(v)
                ),
            }
        })
        .collect()
}

//! Bài luyện tập về trò chơi vô tư: mex của một tập, G của mọi đỉnh một đồ thị
//! nhỏ, thế Nim (tổng trò chơi) thắng hay thua và nước thắng, Bốc sỏi và Tô
//! màu nhỏ. Mọi đáp án do mô-đun [`crate::grundy`] tính.

use super::answer::{fold, numbers_in, parse_integer, Answer};
use super::feedback::{Check, Mistake, MistakeKind};
use super::level::Level;
use crate::grundy::games::boc_soi::BocSoi;
use crate::grundy::games::to_mau::to_mau_values;
use crate::grundy::{mex, nim_sum, GraphGame, GrundyMemo, ImpartialGame};
use crate::outcome::Outcome;
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

    /// Các nhãn dạng `&str`.
    pub fn label_refs(&self) -> Vec<&str> {
        self.labels.iter().map(String::as_str).collect()
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

/// Một tập nhỏ (có thể lặp số) cho bài mex; mex thường khác 0.
pub fn random_set(rng: &mut SplitMix64, level: Level) -> Vec<u32> {
    let (len, top) = match level {
        Level::Easy => (rng.range(3, 4), 4),
        Level::Medium => (rng.range(4, 5), 6),
        Level::Hard => (rng.range(5, 7), 9),
    };
    loop {
        let v: Vec<u32> = (0..len).map(|_| rng.range(0, top) as u32).collect();
        if mex(v.iter().copied()) > 0 || rng.range(0, 5) == 0 {
            return v;
        }
    }
}

/// Các đống Nim; `nonzero`: bắt buộc XOR khác 0 (người đi trước thắng).
pub fn random_piles(rng: &mut SplitMix64, level: Level, nonzero: bool) -> Vec<u32> {
    let (count, top) = match level {
        Level::Easy => (2, 7),
        Level::Medium => (3, 9),
        Level::Hard => (rng.range(3, 4), 15),
    };
    loop {
        let piles: Vec<u32> = (0..count).map(|_| rng.range(1, top) as u32).collect();
        if !nonzero || nim_sum(piles.iter().copied()) != 0 {
            return piles;
        }
    }
}

/// Cỡ bảng Bốc sỏi theo mức.
fn boc_soi_top(level: Level) -> u32 {
    match level {
        Level::Easy => 4,
        Level::Medium => 6,
        Level::Hard => 9,
    }
}

/// Một thế Bốc sỏi (m, n) mà người đi trước thắng.
pub fn random_boc_soi(rng: &mut SplitMix64, level: Level) -> (u32, u32) {
    let top = boc_soi_top(level);
    let table = BocSoi::default().table(top, top).unwrap_or_default();
    loop {
        let (m, n) = (
            rng.range(1, top as i64) as u32,
            rng.range(1, top as i64) as u32,
        );
        if table[m as usize][n as usize] != 0 {
            return (m, n);
        }
    }
}

/// Số ô của một dải Tô màu mà người đi trước thắng.
pub fn random_to_mau(rng: &mut SplitMix64, level: Level) -> usize {
    let (lo, hi) = match level {
        Level::Easy => (5, 7),
        Level::Medium => (8, 10),
        Level::Hard => (11, 14),
    };
    let g = to_mau_values(hi + 1).unwrap_or_default();
    loop {
        let n = rng.range(lo as i64, hi as i64) as usize;
        if g[n] != 0 {
            return n;
        }
    }
}

// --- Chấm ----------------------------------------------------------------------

fn set_text(values: &[u32]) -> String {
    let v: Vec<String> = values.iter().map(u32::to_string).collect();
    format!("{{{}}}", v.join(", "))
}

/// Chấm mex của `values`.
pub(crate) fn grade_mex(values: &[u32], answer: &Answer) -> Check {
    let [item] = answer.items() else {
        return Check::Unreadable("cần đúng một số tự nhiên".into());
    };
    let Some(x) = parse_integer(item).filter(|&v| v >= 0) else {
        return Check::Unreadable(format!("`{item}` không phải một số tự nhiên"));
    };
    let m = mex(values.iter().copied());
    let set = set_text(values);
    let present: Vec<String> = (0..m).map(|k| k.to_string()).collect();
    let have = if m == 0 {
        "0 không có trong tập".to_string()
    } else {
        format!("{} đều có trong tập, {m} thì không", present.join(", "))
    };
    if x == i64::from(m) {
        return Check::Right(format!("mex{set} = {m}: {have}."));
    }
    if values.contains(&(x as u32)) {
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::MexPresent,
            format!("{x} có trong tập: mex là số tự nhiên nhỏ nhất KHÔNG có trong tập."),
            format!("{x} có trong tập {set}. Xét lần lượt 0, 1, 2, …: {have}."),
        )]);
    }
    Check::Wrong(vec![Mistake::new(
        MistakeKind::MexTooLarge,
        format!("Còn một số tự nhiên nhỏ hơn {x} không có trong tập."),
        format!("Xét lần lượt 0, 1, 2, … trong {set}: {have}."),
    )])
}

/// Đọc G của các đỉnh: `A = 2, B = 0, …` hoặc các số theo thứ tự đỉnh.
fn parse_values(graph: &SmallGraph, answer: &Answer) -> Result<Vec<Option<i64>>, String> {
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
    let mut out = vec![None; n];
    if plain.iter().all(|p| parse_integer(p).is_some()) {
        if plain.len() != n {
            return Err(format!(
                "có {} số nhưng đồ thị có {n} đỉnh (ghi theo thứ tự {})",
                plain.len(),
                graph.labels.join(", ")
            ));
        }
        for (k, p) in plain.iter().enumerate() {
            out[k] = parse_integer(p);
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
        let Some(v) = graph.labels.iter().position(|l| fold(l) == fold(name)) else {
            return Err(format!(
                "không có đỉnh `{name}` (các đỉnh: {})",
                graph.labels.join(", ")
            ));
        };
        let Some(x) = parse_integer(value).filter(|&x| x >= 0) else {
            return Err(format!("`{value}` không phải một số tự nhiên"));
        };
        out[v] = Some(x);
    }
    Ok(out)
}

/// Chấm G của mọi đỉnh.
pub(crate) fn grade_graph(graph: &SmallGraph, answer: &Answer) -> Check {
    let typed = match parse_values(graph, answer) {
        Ok(t) => t,
        Err(why) => return Check::Unreadable(why),
    };
    let truth = graph.values();
    let game_ranks = ranks(graph);
    let mut order: Vec<usize> = (0..graph.labels.len()).collect();
    order.sort_by_key(|&v| (game_ranks[v], v));
    let mut mistakes = Vec::new();
    for &v in &order {
        let name = &graph.labels[v];
        let succ: Vec<String> = graph.edges[v]
            .iter()
            .map(|&w| format!("G({}) = {}", graph.labels[w], truth[w]))
            .collect();
        let rule = if graph.edges[v].is_empty() {
            format!("{name} không có nước đi nên G({name}) = mex{{}} = 0.")
        } else {
            let vals: Vec<u32> = graph.edges[v].iter().map(|&w| truth[w]).collect();
            let to: Vec<&str> = graph.edges[v]
                .iter()
                .map(|&w| graph.labels[w].as_str())
                .collect();
            format!(
                "{name} đi tới {} với {}, nên G({name}) = mex{} = {}.",
                to.join(", "),
                succ.join(", "),
                set_text(&vals),
                truth[v]
            )
        };
        match typed[v] {
            None => mistakes.push(Mistake::new(
                MistakeKind::GrundyMissing,
                format!("Thiếu G({name})."),
                format!("Thiếu G({name}): {rule}"),
            )),
            Some(x) if x != i64::from(truth[v]) => {
                let hint = if graph.edges[v].is_empty() {
                    format!("G({name}) chưa đúng: đỉnh không có nước đi có G = 0.")
                } else {
                    format!(
                        "G({name}) chưa đúng: G của một đỉnh là mex của G các đỉnh nó đi tới được."
                    )
                };
                mistakes.push(Mistake::new(
                    MistakeKind::GrundyWrong,
                    hint,
                    format!("G({name}) không phải {x}: {rule}"),
                ));
            }
            Some(_) => {}
        }
    }
    if mistakes.is_empty() {
        return Check::Right(format!("{}.", values_text(graph, &truth)));
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

/// Mức của mỗi đỉnh (đường dài nhất xuống đỉnh không có nước đi); các đỉnh
/// được sắp theo thứ tự tô pô nên tính ngược từ cuối.
fn ranks(graph: &SmallGraph) -> Vec<usize> {
    let n = graph.labels.len();
    let mut r = vec![0usize; n];
    for v in (0..n).rev() {
        r[v] = graph.edges[v]
            .iter()
            .filter(|&&w| w > v)
            .map(|&w| r[w] + 1)
            .max()
            .unwrap_or(0);
    }
    r
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

fn xor_text(piles: &[u32]) -> String {
    piles
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ⊕ ")
}

/// Chấm thế Nim: người đến lượt thắng (N) hay thua (P)?
pub(crate) fn grade_nim_outcome(piles: &[u32], answer: &Answer) -> Check {
    let text = answer.joined();
    let Some(o) = parse_outcome(&text) else {
        return Check::Unreadable(format!(
            "`{text}`: hãy trả lời `thắng` (N: người đến lượt thắng) hoặc `thua` (P)"
        ));
    };
    let s = nim_sum(piles.iter().copied());
    let truth = if s == 0 {
        Outcome::PreviousWins
    } else {
        Outcome::NextWins
    };
    let why = format!(
        "{} = {s}{}",
        xor_text(piles),
        if s == 0 {
            ": XOR bằng 0 nên người đến lượt thua (thế P — bài giảng gọi là trạng thái \"thắng\", vì người vừa đi vào đó thắng)"
        } else {
            ": XOR khác 0 nên người đến lượt thắng (thế N) — có nước đưa XOR về 0"
        }
    );
    if o == truth {
        return Check::Right(format!("{why}."));
    }
    Check::Wrong(vec![Mistake::new(
        MistakeKind::OutcomeFlipped,
        "Chưa đúng: tổng các đống là tổng trò chơi, hãy tính XOR các kích thước đống (định lý Sprague–Grundy).",
        format!("Với Nim, G của một đống n viên là n. {why}."),
    )])
}

/// Chấm một nước thắng trong Nim: câu trả lời là các đống **sau** nước đi.
pub(crate) fn grade_nim_move(piles: &[u32], answer: &Answer) -> Check {
    let after: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    if after.len() != piles.len() {
        return Check::Unreadable(format!(
            "cần {} số: kích thước các đống sau nước đi của bạn, theo thứ tự",
            piles.len()
        ));
    }
    let changed: Vec<usize> = (0..piles.len())
        .filter(|&i| after[i] != u64::from(piles[i]))
        .collect();
    let s = nim_sum(piles.iter().copied());
    let rule = format!(
        "S = {} = {s}; nước thắng đổi một đống g thành g ⊕ S (khi g ⊕ S < g) để XOR mới bằng 0.",
        xor_text(piles)
    );
    let legal = changed.len() == 1 && after[changed[0]] < u64::from(piles[changed[0]]);
    if !legal {
        let why = match changed.len() {
            0 => "các đống không đổi: bạn chưa đi nước nào".to_string(),
            1 => format!(
                "đống thứ {} tăng từ {} lên {}: chỉ được bốc bớt",
                changed[0] + 1,
                piles[changed[0]],
                after[changed[0]]
            ),
            k => format!("{k} đống thay đổi: mỗi nước chỉ bốc ở một đống"),
        };
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::IllegalMove,
            "Nước đi không hợp lệ: một nước Nim bốc bớt ít nhất một viên ở đúng một đống.",
            format!("Không hợp lệ: {why}. {rule}"),
        )]);
    }
    let new: Vec<u32> = after.iter().map(|&x| x as u32).collect();
    let t = nim_sum(new.iter().copied());
    if t == 0 {
        return Check::Right(format!(
            "Sau nước của bạn, {} = 0: đối thủ đi gì cũng để lại XOR khác 0, và bạn lại đưa được về 0.",
            xor_text(&new)
        ));
    }
    Check::Wrong(vec![Mistake::new(
        MistakeKind::NotWinningMove,
        "Nước này chưa thắng: sau nước của bạn XOR các đống vẫn khác 0, đối thủ còn nước thắng.",
        format!("Sau nước của bạn, {} = {t} ≠ 0. {rule}", xor_text(&new)),
    )])
}

/// Các thế Bốc sỏi sau một nước thắng từ (m, n).
pub(crate) fn boc_soi_targets(m: u32, n: u32) -> Vec<(u32, u32)> {
    let game = BocSoi::default();
    let table = game.table(m, n).unwrap_or_default();
    game.winning_moves(&table, (m, n))
        .unwrap_or_default()
        .iter()
        .map(|mv| game.play(&(m, n), mv))
        .collect()
}

/// Chấm một nước thắng trong Bốc sỏi: câu trả lời là thế (m′, n′) sau nước đi.
pub(crate) fn grade_boc_soi_move(m: u32, n: u32, answer: &Answer) -> Check {
    let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    let [a, b] = nums[..] else {
        return Check::Unreadable(
            "cần hai số: số sỏi của hai đống sau nước đi của bạn, ví dụ `(3, 2)`".into(),
        );
    };
    let game = BocSoi::default();
    let table = game.table(m, n).unwrap_or_default();
    let next: Vec<(u32, u32)> = game
        .moves(&(m, n))
        .iter()
        .map(|mv| game.play(&(m, n), mv))
        .collect();
    let Some(&(a, b)) = next
        .iter()
        .find(|&&p| (u64::from(p.0), u64::from(p.1)) == (a, b))
    else {
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::IllegalMove,
            "Không đi được tới thế đó bằng một nước: mỗi lượt bốc 1–4 viên ở một đống, hoặc cùng 1–3 viên ở cả hai đống.",
            format!("Từ ({m}, {n}) không có nước nào tới ({a}, {b}): số viên bốc ở mỗi đống không khớp luật."),
        )]);
    };
    let g = table[a as usize][b as usize];
    if g == 0 {
        return Check::Right(format!(
            "G({a}, {b}) = 0: đối thủ phải đi từ một thế thua (thế P)."
        ));
    }
    let winners: Vec<String> = boc_soi_targets(m, n)
        .iter()
        .map(|(x, y)| format!("({x}, {y})"))
        .collect();
    Check::Wrong(vec![Mistake::new(
        MistakeKind::NotWinningMove,
        "Nước này chưa thắng: thế bạn để lại cho đối thủ có G khác 0.",
        format!(
            "G({a}, {b}) = {g} ≠ 0 (tính bảng G từ (0, 0) lên: G = mex của G các thế đi tới được). \
             G({m}, {n}) = {}, và có {} thế có G = 0 đi tới được.",
            table[m as usize][n as usize],
            winners.len()
        ),
    )])
}

/// Các nước thắng trên dải `n` ô trống, viết `a–b` (đánh số ô từ 1).
pub(crate) fn to_mau_winning(n: usize) -> Vec<(usize, usize)> {
    let g = to_mau_values(n + 1).unwrap_or_default();
    crate::grundy::games::to_mau::winning_moves(&vec![false; n], &g)
        .unwrap_or_default()
        .iter()
        .map(|p| (p.start + 1, p.start + p.len))
        .collect()
}

/// Chấm một nước thắng trong Tô màu: các ô tô (đánh số từ 1), ví dụ `4–5`.
pub(crate) fn grade_to_mau_move(n: usize, answer: &Answer) -> Check {
    let nums: Vec<u64> = answer.items().iter().flat_map(|s| numbers_in(s)).collect();
    let [a, b] = nums[..] else {
        return Check::Unreadable(
            "cần hai số: ô đầu và ô cuối bạn tô (đánh số từ 1), ví dụ `4–6`".into(),
        );
    };
    let (a, b) = (a.min(b) as usize, a.max(b) as usize);
    let len = b + 1 - a;
    if a == 0 || b > n || !(2..=3).contains(&len) {
        return Check::Wrong(vec![Mistake::new(
            MistakeKind::IllegalMove,
            "Nước tô không hợp lệ: mỗi lượt tô 2 hoặc 3 ô liền nhau còn trống, trong dải.",
            format!("Ô {a}–{b} là {len} ô; dải có các ô 1…{n}."),
        )]);
    }
    let g = to_mau_values(n + 1).unwrap_or_default();
    // Tô ô a…b (đánh số từ 1) để lại đoạn trái a − 1 ô và đoạn phải n − b ô.
    let (left, right) = (a - 1, n - b);
    let x = g[left] ^ g[right];
    if x == 0 {
        return Check::Right(format!(
            "Tô ô {a}–{b} để lại hai đoạn {left} và {right} ô: G({left}) ⊕ G({right}) = {} ⊕ {} = 0.",
            g[left], g[right]
        ));
    }
    Check::Wrong(vec![Mistake::new(
        MistakeKind::NotWinningMove,
        "Nước này chưa thắng: các đoạn còn trống có XOR các G khác 0.",
        format!(
            "Tô ô {a}–{b} để lại hai đoạn {left} và {right} ô: G({left}) ⊕ G({right}) = {} ⊕ {} = {x} ≠ 0 \
             (G(k) của một đoạn k ô: {}).",
            g[left],
            g[right],
            (0..=n).map(|k| format!("G({k}) = {}", g[k])).collect::<Vec<_>>().join(", ")
        ),
    )])
}

//! Họ bài **trên đồ thị một trò chơi** (chương 5): G (hàm Grundy) của mọi đỉnh
//! một đồ thị không chu trình, hoặc mã thắng (1) / thua (0) / hòa (−1) của mọi
//! đỉnh một đồ thị có thể có chu trình ([`GraphAsk`]): đồ thị nhỏ (một
//! [`GraphGame`] của thư viện, các đỉnh mang nhãn A, B, …), đề, đáp án, bộ chấm,
//! lời giải và hình.

use super::answer::{fold, parse_integer, set_text, Answer};
use super::check::{Check, Graded, Unreadable};
use super::error::PracticeError;
use super::expected::{joined, list, Expected};
use super::family::{named, only_in, Asks, Family, KindInfo};
use super::feedback::{Mistake, MistakeKind};
use super::level::{Level, Topic};
use super::solution::drawn;
use super::Problem;
use crate::grundy::rounds::code;
use crate::grundy::GraphGame;
use crate::plot::{Figure, GraphDiagram, PlotError};
use crate::random::SplitMix64;
use crate::tree::labels::nth_label;

/// Điều bài trên đồ thị hỏi.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GraphAsk {
    /// G của mọi đỉnh (đồ thị không chu trình).
    Grundy,
    /// Mã thắng/thua/hòa của mọi đỉnh (chu trình được).
    Outcomes,
}

/// Một bài trên đồ thị.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GraphProblem {
    graph: GraphGame,
    ask: GraphAsk,
}

impl Problem {
    /// Bài trên một đồ thị viết bằng chữ (`"A → B, C; B → C"`, xem
    /// [`GraphGame::parse`](crate::grundy::GraphGame::parse)): `ask` là
    /// [`GraphAsk::Grundy`] (G của mọi đỉnh; đồ thị không được có chu trình)
    /// hoặc [`GraphAsk::Outcomes`] (mã thắng/thua/hòa; chu trình được). Câu
    /// trả lời như `"A = 2, B = 1, C = 0"` (hay các số theo thứ tự đỉnh, hay
    /// `&[("A", 2), ("B", 1), ("C", 0)]`).
    ///
    /// Lần sai đầu nói đỉnh nào sai và loại lỗi (số ghi có trong tập G các đỉnh
    /// con, hay còn số nhỏ hơn vắng mặt); lần hai thêm phép tính mex ở đỉnh ấy.
    ///
    /// ```
    /// use caytrochoi::practice::{GraphAsk, Problem};
    /// let g = Problem::on_graph("A → B, C; B → C", GraphAsk::Grundy).unwrap();
    /// assert!(g.check(&[("A", 2), ("B", 1), ("C", 0)]).ok());
    /// let f = g.check("A = 1, B = 1, C = 0");
    /// assert!(f.message.contains("G(A) chưa đúng: 1 có trong tập {G(B), G(C)}"));
    /// let h = Problem::on_graph("A → B, C; B → A; C", GraphAsk::Outcomes).unwrap();
    /// assert!(h.check("A = 0, B = 1, C = 1").ok());
    /// let f = h.check("A = -1, B = -1, C = 1");
    /// assert!(!f.ok() && f.message.contains("Xem lại A"));
    /// ```
    pub fn on_graph(text: &str, ask: GraphAsk) -> Result<Problem, PracticeError> {
        let graph = GraphGame::parse(text).map_err(|e| {
            PracticeError::Invalid(format!(
                "Không đọc được đồ thị: {e}. (Cú pháp: `A → B, C; B → C`, dùng `→` hoặc `->`.)"
            ))
        })?;
        if ask == GraphAsk::Grundy {
            if let Err(e) = graph.solve() {
                return Err(PracticeError::Invalid(format!(
                    "Không tính được hàm Grundy của đồ thị này: {e}. Với đồ thị có chu trình, \
                     hãy phân loại thắng/thua/hòa (`GraphAsk::Outcomes`)."
                )));
            }
        }
        Ok(Problem::given(GraphProblem { graph, ask }))
    }
}

impl Asks for GraphProblem {
    type Ask = GraphAsk;

    fn asks() -> Vec<(GraphAsk, KindInfo)> {
        let (grundy, cycles) = (
            "hàm Grundy trên một đồ thị",
            "thắng, thua, hòa trên một đồ thị có chu trình",
        );
        let all = [
            (GraphAsk::Grundy, "grundy-do-thi", grundy),
            (GraphAsk::Outcomes, "thang-thua-hoa", cycles),
        ];
        named(Topic::Grundy, &all)
    }

    fn in_topic(topic: Topic, _: Level) -> Vec<GraphAsk> {
        let both = vec![GraphAsk::Grundy, GraphAsk::Outcomes];
        only_in(topic, Topic::Grundy, both)
    }

    fn generate(ask: GraphAsk, level: Level, rng: &mut SplitMix64) -> GraphProblem {
        let graph = match ask {
            GraphAsk::Grundy => random(rng, level),
            GraphAsk::Outcomes => random_with_cycles(rng, level),
        };
        GraphProblem { graph, ask }
    }

    fn ask(&self) -> GraphAsk {
        self.ask
    }
}

impl Family for GraphProblem {
    fn statement(&self) -> String {
        let g = describe(&self.graph);
        match self.ask {
            GraphAsk::Outcomes => format!(
                "Đồ thị của một trò chơi (có chu trình): {g}. Hai người lần lượt đi theo mũi tên; ai \
                 đến lượt mà không đi được thì thua; ván có thể kéo dài mãi (hòa). Ghi mã của bài \
                 giảng cho mọi đỉnh: 1 (thắng — người phải đi từ đó thua), 0 (thua), −1 (hòa)."
            ),
            GraphAsk::Grundy => format!(
                "Đồ thị của một trò chơi vô tư: {g}. Hai người lần lượt đi theo mũi tên; ai đến lượt \
                 mà không đi được thì thua. Tính G (hàm Grundy) của mọi đỉnh."
            ),
        }
    }

    fn how_to_answer(&self) -> String {
        // Đồ thị có ít hơn hai đỉnh: ví dụ dùng tên A, B cho đỉnh còn thiếu.
        let label = |k: usize| (k < self.graph.len()).then(|| self.graph.name(k));
        let (a, b) = (label(0), label(1));
        let (a, b) = (a.unwrap_or("A".into()), b.unwrap_or("B".into()));
        match self.ask {
            GraphAsk::Outcomes => {
                format!("Ghi `{a} = 1, {b} = -1, …` (hoặc các mã theo thứ tự {a}, {b}, …).")
            }
            GraphAsk::Grundy => {
                format!("Ghi `{a} = 2, {b} = 0, …` (hoặc các số theo thứ tự {a}, {b}, …).")
            }
        }
    }

    fn expected(&self) -> Expected {
        let g = &self.graph;
        let values: Vec<i64> = match self.ask {
            GraphAsk::Outcomes => (codes(g).unwrap_or_default().iter())
                .map(|c| c.0.into())
                .collect(),
            GraphAsk::Grundy => values(g).into_iter().map(i64::from).collect(),
        };
        Expected::Named(g.nodes().map(|v| g.name(v)).zip(values).collect())
    }

    fn check(&self, a: &Answer) -> Graded {
        let typed = match parse_values(&self.graph, a, self.ask == GraphAsk::Outcomes) {
            Ok(t) => t,
            Err(why) => return Err(Unreadable(why)),
        };
        let (mistakes, tail) = match self.ask {
            GraphAsk::Outcomes => (
                self.outcome_mistakes(&typed),
                " (1 thắng, 0 thua, −1 hòa theo cách gọi của bài giảng).",
            ),
            GraphAsk::Grundy => (self.grundy_mistakes(&typed), "."),
        };
        match mistakes {
            Err(why) => Err(Unreadable(why)),
            Ok(m) if m.is_empty() => Check::right(format!("{}{tail}", self.expected().text())),
            Ok(m) => Check::mistakes(m),
        }
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let g = &self.graph;
        match self.ask {
            GraphAsk::Outcomes => {
                let fig = drawn(|| {
                    GraphDiagram::new(g)
                        .title("Mã thắng (1) / thua (0) / hòa (−1) của mọi đỉnh")
                        .outcomes()
                        .and_then(|d| d.draw())
                });
                (self.outcome_steps(), fig)
            }
            GraphAsk::Grundy => {
                let fig = drawn(|| figure(g, "Giá trị G của mọi đỉnh", true));
                (self.grundy_steps(), fig)
            }
        }
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Ok(Some(figure(&self.graph, "Đồ thị của trò chơi", false)?))
    }
}

impl GraphProblem {
    /// Các bước tính G: từ các đỉnh không có nước đi lên.
    fn grundy_steps(&self) -> Vec<String> {
        let (g, values) = (&self.graph, values(&self.graph));
        let step = |v: usize| {
            let (name, value, to) = (g.name(v), values[v], g.targets(v));
            if to.is_empty() {
                return format!("{name} không có nước đi: G({name}) = 0.");
            }
            let child = |&w: &usize| format!("G({}) = {}", g.name(w), values[w]);
            let set: Vec<u32> = to.iter().map(|&w| values[w]).collect();
            let (parts, set) = (list(to.iter().map(child)), set_text(&set));
            format!("{name} đi tới {parts}: G({name}) = mex{set} = {value}.")
        };
        g.nodes().rev().map(step).collect()
    }

    /// Các lỗi trong G ghi cho từng đỉnh (đồ thị không chu trình). Các đỉnh được
    /// xét theo thứ tự tính tay của thư viện ([`GraphGame::solve`]: đỉnh không có
    /// nước đi trước); mỗi đỉnh sai được nêu riêng.
    fn grundy_mistakes(&self, typed: &[Option<i64>]) -> Result<Vec<Mistake>, String> {
        let g = &self.graph;
        let solved = g
            .solve()
            .map_err(|e| format!("không tính được hàm Grundy: {e}"))?;
        let mut mistakes = Vec::new();
        for step in &solved.steps {
            // Dòng tính tay của thư viện: G(A) = mex{G(B), G(C)} = mex{1, 0} = 2.
            let (v, formula) = (step.position, step.formula(|&w| g.name(w)));
            let names = g.targets(v).iter().map(|&w| format!("G({})", g.name(w)));
            let (name, set) = (g.name(v), format!("{{{}}}", list(names)));
            let rule = match targets(g, v) {
                to if to.is_empty() => format!("{name} không có nước đi nên {formula}."),
                to => format!("{name} đi tới {to}, nên {formula}."),
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
            if x == i64::from(step.value) {
                continue;
            }
            let present = step.children.iter().find(|&&(_, g)| i64::from(g) == x);
            let (hint, why) = match present {
                _ if g.targets(v).is_empty() => (
                    format!(
                        "G({name}) chưa đúng: {name} không có nước đi, tập giá trị các đỉnh con là \
                         tập rỗng. Số tự nhiên nhỏ nhất không nằm trong tập rỗng là số nào?"
                    ),
                    String::new(),
                ),
                Some(&(w, _)) => {
                    let w = g.name(w);
                    (
                        format!(
                            "G({name}) chưa đúng: {x} có trong tập {set} — G({name}) là số nhỏ \
                             nhất *không* có trong tập ấy."
                        ),
                        format!("G({name}) không thể là {x}: từ {name} đi được tới {w} mà G({w}) = {x}. "),
                    )
                }
                None => (
                    format!(
                        "G({name}) chưa đúng: {x} không có trong tập {set}, nhưng còn một số nhỏ \
                         hơn {x} cũng không có trong tập đó."
                    ),
                    String::new(),
                ),
            };
            let detail = format!("{why}G({name}) không phải {x}: {rule}");
            mistakes.push(Mistake::new(MistakeKind::GrundyWrong, hint, detail));
        }
        Ok(mistakes)
    }

    /// Đỉnh đầu tiên mà `v` đi tới mang mã `c` (chính `v` nếu không có).
    fn first_with(&self, v: usize, codes: &[(i8, Option<usize>)], c: i8) -> String {
        let found = self.graph.targets(v).iter().find(|&&w| codes[w].0 == c);
        self.graph.name(found.map_or(v, |&w| w))
    }

    /// Các lỗi trong mã thắng (1) / thua (0) / hòa (−1) của bài giảng ghi cho
    /// từng đỉnh (đồ thị có thể có chu trình). Các đỉnh được xét theo vòng được
    /// quyết định, các đỉnh hòa sau cùng.
    fn outcome_mistakes(&self, typed: &[Option<i64>]) -> Result<Vec<Mistake>, String> {
        let g = &self.graph;
        let out_of_range =
            |(v, x): (usize, &Option<i64>)| x.filter(|x| !(-1..=1).contains(x)).map(|x| (v, x));
        if let Some((v, x)) = typed.iter().enumerate().find_map(out_of_range) {
            return Err(format!(
                "mã của đỉnh {} là {x}: bài giảng chỉ dùng 1 (thắng), 0 (thua) và −1 (hòa)",
                g.name(v)
            ));
        }
        let codes = codes(g).map_err(|e| format!("không phân loại được đồ thị: {e}"))?;
        let mut mistakes = Vec::new();
        for v in decided_order(&codes) {
            let (n, to, truth) = (g.name(v), targets(g, v), codes[v].0);
            // Vì sao đỉnh có mã ấy (lời của bài giảng: mã 1 là "thắng" = người
            // phải đi từ đó thua).
            let why = match truth {
                1 if g.targets(v).is_empty() => {
                    format!("{n} không có nước đi: mã 1 theo định nghĩa.")
                }
                1 => format!("{n} mang mã 1: mọi đỉnh nó đi tới được ({to}) đều mang mã 0."),
                0 => {
                    let w = self.first_with(v, &codes, 1);
                    format!(
                        "{n} mang mã 0: từ {n} đi được tới {w}, mà {w} mang mã 1 — người đến lượt \
                         ở {n} đi sang {w} là thắng."
                    )
                }
                _ => {
                    let w = self.first_with(v, &codes, -1);
                    format!(
                        "{n} hòa (mã −1): nó không đi tới được đỉnh mã 1 nào, nhưng đi được tới {w} \
                         cũng hòa — người sắp thua luôn có thể đi vòng lại trên chu trình."
                    )
                }
            };
            let Some(x) = typed[v] else {
                mistakes.push(Mistake::new(
                    MistakeKind::CodeMissing,
                    format!(
                        "Chưa có mã của {n}. Bắt đầu từ các đỉnh không có nước đi (mã 1 theo định \
                         nghĩa)."
                    ),
                    format!("Thiếu mã của {n}: {why}"),
                ));
                continue;
            };
            if x == i64::from(truth) {
                continue;
            }
            // Mâu thuẫn ngay trong câu trả lời: ghi 1 mà đi được tới một đỉnh cũng ghi 1.
            let own_one = (g.targets(v).iter()).find(|&&w| typed[w] == Some(1) && codes[w].0 == 1);
            let hint = match (x, truth) {
                (1, 0) => match own_one {
                    Some(&w) => {
                        let w = g.name(w);
                        format!(
                            "{n} không thể mang mã 1: từ {n} đi được tới {w}, mà chính bạn ghi {w} \
                             mã 1."
                        )
                    }
                    None => format!(
                        "{n} không thể mang mã 1: trong các đỉnh {n} đi tới được có một đỉnh mã 1."
                    ),
                },
                (_, 1) => format!(
                    "Xem lại {n}: mã 1 nghĩa là mọi nước đi đều dẫn tới đỉnh mã 0 (không có nước \
                     đi cũng là mã 1)."
                ),
                (_, 0) => format!(
                    "Xem lại {n}: có đỉnh nào {n} đi tới được mang mã 1 không? Nếu có, người đến \
                     lượt ở {n} thắng."
                ),
                _ => format!(
                    "Xem lại {n}: không bên nào ép được ván từ {n} kết thúc có lợi cho mình. Mã của \
                     hòa là −1."
                ),
            };
            let detail = format!("{n} không mang mã {x}. {why}");
            mistakes.push(Mistake::new(MistakeKind::CodeWrong, hint, detail));
        }
        Ok(mistakes)
    }

    /// Các bước của lời giải thắng/thua/hòa: từng đỉnh theo vòng được quyết định.
    fn outcome_steps(&self) -> Vec<String> {
        let g = &self.graph;
        let Ok(codes) = codes(g) else {
            return Vec::new();
        };
        let steps = decided_order(&codes).into_iter().map(|v| {
            let (n, to) = (g.name(v), targets(g, v));
            match codes[v] {
                (1, Some(r)) if g.targets(v).is_empty() => {
                    format!("Vòng {r}: {n} không có nước đi — mã 1.")
                }
                (1, Some(r)) => {
                    format!("Vòng {r}: mọi đỉnh {n} đi tới được ({to}) đều mang mã 0 — mã 1.")
                }
                (0, Some(r)) => {
                    let w = self.first_with(v, &codes, 1);
                    format!("Vòng {r}: {n} đi được tới {w} (mã 1) — mã 0.")
                }
                _ => format!(
                    "{n} không bao giờ được quyết định: không đi tới được đỉnh mã 1 nào, và không \
                     phải mọi nước đi đều tới đỉnh mã 0 — hòa, mã −1."
                ),
            }
        });
        steps.collect()
    }
}

/// Đồ thị ngẫu nhiên của mức `level` (5 đỉnh ở mức dễ, 6–7 ở mức vừa, 8 ở mức
/// khó), các đỉnh mang nhãn A, B, …; mỗi đỉnh trừ A có ít nhất một mũi tên đi
/// vào, và mọi mũi tên đi từ đỉnh trước tới đỉnh sau (không có chu trình).
pub(crate) fn random(rng: &mut SplitMix64, level: Level) -> GraphGame {
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
    GraphGame::named((0..n).map(nth_label).collect(), edges)
}

/// Đồ thị ngẫu nhiên **có chu trình** cho bài thắng/thua/hòa: như [`random`],
/// thêm một hai mũi tên đi ngược lên; chọn sao cho có cả đỉnh hòa lẫn đỉnh
/// thắng/thua, và hình đọc được rõ ràng.
fn random_with_cycles(rng: &mut SplitMix64, level: Level) -> GraphGame {
    loop {
        let mut g = random(rng, level);
        let n = g.len();
        let back = if level == Level::Hard { 2 } else { 1 };
        for _ in 0..back {
            let w = rng.range(1, n as i64 - 1) as usize;
            let v = rng.range(0, w as i64 - 1) as usize;
            if !g.edges[w].contains(&v) {
                g.edges[w].push(v);
                g.edges[w].sort_unstable();
            }
        }
        let Ok(codes) = codes(&g) else { continue };
        let draws = codes.iter().filter(|c| c.0 == -1).count();
        // Bố trí hình (tốn nhất) chỉ khi đồ thị đã đạt phần còn lại.
        if draws > 0 && draws < n && drawn_clearly(&g) {
            return g;
        }
    }
}

/// Hình của đồ thị đọc được rõ ràng: không có chồng chéo nào mà mô hình bố trí
/// tìm thấy, không có hai mũi tên vòng đi chung một đoạn ngang.
fn drawn_clearly(g: &GraphGame) -> bool {
    let layout = GraphDiagram::new(g).layout();
    layout.is_ok_and(|l| l.collisions().is_empty() && !l.shares_a_lane())
}

/// G của mọi đỉnh (tính bằng [`GraphGame::solve`] của thư viện; rỗng nếu đồ
/// thị có chu trình).
pub(crate) fn values(g: &GraphGame) -> Vec<u32> {
    g.solve().map(|s| s.values().to_vec()).unwrap_or_default()
}

/// Hình đồ thị (của thư viện, [`GraphDiagram`]) với tiêu đề `title`; `values`:
/// ghi G của mỗi đỉnh (do thư viện tính) và phép tính mex ở từng đỉnh.
pub(crate) fn figure(g: &GraphGame, title: &str, values: bool) -> Result<Figure, PlotError> {
    let d = GraphDiagram::new(g).title(title);
    if values {
        d.grundy()?.mex(true).draw()
    } else {
        d.draw()
    }
}

/// Nhãn các đỉnh mà đỉnh `v` đi tới được: "B, C".
pub(crate) fn targets(g: &GraphGame, v: usize) -> String {
    list(g.targets(v).iter().map(|&w| g.name(w)))
}

/// Các mũi tên viết bằng lời: `A → B, C; B → D; …`.
pub(crate) fn describe(g: &GraphGame) -> String {
    let arrows = g.nodes().map(|v| match targets(g, v) {
        to if to.is_empty() => format!("{} (không có nước đi)", g.name(v)),
        to => format!("{} → {to}", g.name(v)),
    });
    joined(arrows, "; ")
}

/// Mã của bài giảng cho mọi đỉnh (1 thắng, 0 thua, −1 hòa) và vòng quyết
/// định (`None`: hòa), tính bằng phân loại từng vòng của thư viện.
fn codes(g: &GraphGame) -> Result<Vec<(i8, Option<usize>)>, String> {
    let rounds = g.rounds().map_err(|e| e.to_string())?;
    let code_of = |v| (code(rounds.outcome(&v)), rounds.round(&v));
    Ok(g.nodes().map(code_of).collect())
}

/// Các đỉnh theo vòng được quyết định, các đỉnh hòa sau cùng.
fn decided_order(codes: &[(i8, Option<usize>)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..codes.len()).collect();
    order.sort_by_key(|&v| (codes[v].1.unwrap_or(usize::MAX), v));
    order
}

/// Đọc các số ghi cho từng đỉnh: `A = 2, B = 0, …` (hay `G(A) = 2`), hoặc các
/// số theo thứ tự đỉnh. `signed`: nhận cả số âm (mã hòa −1).
fn parse_values(g: &GraphGame, answer: &Answer, signed: bool) -> Result<Vec<Option<i64>>, String> {
    let labels: Vec<String> = g.nodes().map(|v| g.name(v)).collect();
    let (n, all) = (labels.len(), labels.join(", "));
    let joined = answer.items().join(",").replace(char::is_whitespace, "");
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
            let count = plain.len();
            return Err(format!(
                "có {count} số nhưng đồ thị có {n} đỉnh (ghi theo thứ tự {all})"
            ));
        }
        return Ok(plain.iter().map(|p| number(p)).collect());
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
        let exact = labels.iter().position(|l| *l == name);
        let Some(v) = exact.or_else(|| labels.iter().position(|l| fold(l) == fold(name))) else {
            return Err(format!("không có đỉnh nào tên `{name}` (các đỉnh: {all})"));
        };
        let Some(x) = number(value) else {
            let kind = if signed { "nguyên" } else { "tự nhiên" };
            return Err(format!("`{value}` không phải một số {kind}"));
        };
        if out[v].is_some() {
            return Err(format!("đỉnh {} được ghi hai lần", labels[v]));
        }
        out[v] = Some(x);
    }
    Ok(out)
}

//! Bài cho trang luyện tập của sách: "đây là một cây mới, hãy bấm vào các nhánh
//! bạn sẽ cắt, rồi kiểm tra".
//!
//! Trang sách không chạy được Rust, nên mỗi bài được gói sẵn thành một **thẻ**
//! ([`Card`]): hình SVG của đề, tọa độ từng cạnh (lấy từ mô hình bố trí của hình,
//! [`TreeDiagram::layout`](crate::plot::TreeDiagram::layout)) để trang biết người
//! đọc bấm vào nhánh nào, và mọi câu nhận xét mà bộ chấm của thư viện có thể nói
//! về từng nhánh (cắt thừa, cắt thiếu, ở bậc 1 và bậc 2), cùng lời giải có hình.
//! Trang chỉ **chọn và ghép** các câu ấy, theo đúng cách [`Feedback`] ghép
//! ([`Card::assemble`] là bản mẫu mà trang làm theo; kiểm thử bảo đảm nó trùng
//! với [`Problem::grade`]).
//!
//! Hai nguồn thẻ, cùng một định dạng JSON ([`Card::to_json`]):
//! - **ngân hàng dựng sẵn** ([`bank_js`]), ghi vào `book/src/luyen-tap/ngan-hang.js`
//!   bởi `make figures` — trang dùng nó khi không có trình chạy;
//! - **bất kỳ hạt giống nào** khi trình chạy của sách (`caytrochoi-sach`, `make
//!   book`) đang bật: trang gửi `POST /api/luyen-tap` với hạt giống, mức và
//!   thuật toán; trình chạy trả lời bằng [`card_json`] (tính ngay, không phải
//!   biên dịch gì).
//!
//! ```
//! use caytrochoi::practice::web::Card;
//! use caytrochoi::practice::Level;
//! use caytrochoi::practice::Pruning;
//! let the = Card::new(7, Level::Medium, Pruning::CatTia).unwrap();
//! assert!(!the.truth.is_empty());                 // cây được chọn để có cắt tỉa
//! assert!(the.to_json().contains("\"svg\":\"\\u003csvg")); // hình của đề, "<" viết thoát
//! // Trang ghép lời nhận xét đúng như bộ chấm của thư viện:
//! let chon = [the.truth[0].as_str()];
//! assert_eq!(the.assemble(&chon, 0), the.problem.grade(&chon[..], 0).message);
//! ```

use super::answer::Answer;
use super::feedback::{AFTER_DETAIL, AFTER_KIND, RIGHT_HEAD, SOLUTION_HEAD, WRONG_HEAD};
use super::level::Level;
use super::problem::Problem;
use super::tree_explain::{ancestor_in, run};
use super::tree_prune::{cut_together, MISSED_PREFIX};
use super::{Kind, Pruning, TreeAsk};
use crate::plot::PlotError;
use crate::search::Algorithm;

/// Một cạnh có thể bấm: vào nút `child`, đi qua các điểm `points` (tọa độ của
/// hình SVG).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EdgeCard {
    /// Nhãn nút con (gốc cây con sẽ bị "cắt" nếu bấm vào cạnh này).
    pub(crate) child: String,
    /// Các điểm của cạnh, từ cha đến con.
    pub(crate) points: Vec<(f64, f64)>,
}

/// Những gì bộ chấm nói về một nút khi người đọc bấm (hoặc không bấm) vào nó.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NodeFacts {
    /// Nhãn.
    pub(crate) label: String,
    /// `"cut"`: gốc một cây con bị cắt; `"inside"`: nằm trong cây con bị cắt;
    /// `"visited"`: được xét.
    pub(crate) status: &'static str,
    /// Bấm thừa vào nút này (nếu nó không bị cắt): câu bậc 1.
    pub(crate) extra_hint: String,
    /// Bấm thừa: câu bậc 2.
    pub(crate) extra_detail: String,
    /// Không bấm vào nút này dù nó bị cắt: lý do nó bị cắt (câu bậc 2, sau
    /// "Thiếu …: ").
    pub(crate) missed_why: String,
    /// Các nhánh bị cắt cùng một lần với nút này (kể cả nó), theo thứ tự: câu
    /// bậc 2 nêu chung những nhánh trong nhóm mà người đọc chưa bấm.
    pub(crate) cut_group: Vec<String>,
}

/// Một thẻ bài "bấm vào các nhánh bị cắt".
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    /// Bài (dạng [`TreeAsk::Pruned`](super::TreeAsk::Pruned)).
    pub problem: Problem,
    /// Hạt giống.
    pub seed: u64,
    /// Mức.
    pub level: Level,
    /// Thuật toán.
    pub(crate) algorithm: Algorithm,
    /// Hình của đề (SVG).
    pub(crate) svg: String,
    /// Bề rộng, chiều cao của hình (hệ tọa độ của `viewBox`).
    pub(crate) size: (f64, f64),
    /// Các cạnh bấm được.
    pub(crate) edges: Vec<EdgeCard>,
    /// Đáp án: gốc các cây con bị cắt.
    pub truth: Vec<String>,
    /// Câu bậc 1 khi thiếu k nhánh (phần tử thứ k − 1).
    pub(crate) missed_hints: Vec<String>,
    /// Những gì bộ chấm nói về từng nút (trừ gốc).
    pub(crate) nodes: Vec<NodeFacts>,
    /// Câu xác nhận khi đúng (không kể chữ "Đúng!").
    pub(crate) right: String,
    /// Đáp án, các bước và hình của lời giải.
    pub(crate) solution_answer: String,
    /// Các bước của lời giải.
    pub(crate) solution_steps: Vec<String>,
    /// Hình của lời giải (SVG).
    pub(crate) solution_svg: String,
}

impl Card {
    /// Thẻ của bài "các cây con bị cắt bởi `pruning`", hạt giống `seed`, mức `level`.
    pub fn new(seed: u64, level: Level, pruning: Pruning) -> Result<Card, PlotError> {
        let problem = Problem::generate_kind(seed, level, Kind::Tree(TreeAsk::Pruned(pruning)));
        let algorithm = pruning.algorithm();
        let Some((shown, spec)) = problem.tree_diagram() else {
            return Err(PlotError::Invalid("bài không có cây".into()));
        };
        let layout = spec.diagram(&shown).layout()?;
        let size = (layout.width, layout.height);
        let edges: Vec<EdgeCard> = layout
            .edges
            .iter()
            .map(|e| EdgeCard {
                child: shown.label(e.child).to_string(),
                points: e.points.clone(),
            })
            .collect();
        let svg = compact_svg(&layout.draw()?.into_svg());
        let truth: Vec<String> = match problem.expected() {
            super::Expected::Set(v) => v,
            _ => Vec::new(),
        };
        let tree = problem.tree().cloned().unwrap_or(shown);
        let trace = run(&tree, algorithm).trace;
        // Mọi câu đều lấy từ chính bộ chấm: chấm những câu trả lời "đáp án cộng
        // một nút" và "đáp án bớt vài nút".
        let mistakes_of = |answer: Vec<String>| problem.grade(Answer::list(answer), 1).mistakes;
        let mut nodes = Vec::new();
        for id in tree.node_ids().skip(1) {
            let label = tree.label(id).to_string();
            let status = if truth.contains(&label) {
                "cut"
            } else if ancestor_in(&tree, id, &truth).is_some() {
                "inside"
            } else {
                "visited"
            };
            let (mut extra_hint, mut extra_detail) = (String::new(), String::new());
            let (mut missed_why, mut cut_group) = (String::new(), Vec::new());
            if status == "cut" {
                let rest: Vec<String> = truth.iter().filter(|t| **t != label).cloned().collect();
                if let Some(m) = mistakes_of(rest).into_iter().next() {
                    // "Thiếu X: lý do" — giữ phần lý do.
                    missed_why = m
                        .detail
                        .split_once(": ")
                        .map_or(m.detail.clone(), |(_, why)| why.to_string());
                }
                cut_group = cut_together(&trace, &label)
                    .into_iter()
                    .map(str::to_string)
                    .collect();
            } else {
                let mut with = truth.clone();
                with.push(label.clone());
                if let Some(m) = mistakes_of(with).into_iter().next() {
                    extra_hint = m.hint;
                    extra_detail = m.detail;
                }
            }
            nodes.push(NodeFacts {
                label,
                status,
                extra_hint,
                extra_detail,
                missed_why,
                cut_group,
            });
        }
        let missed_hints = (1..=truth.len())
            .map(|k| {
                let rest: Vec<String> = truth[k..].to_vec();
                mistakes_of(rest)
                    .into_iter()
                    .next()
                    .map(|m| m.hint)
                    .unwrap_or_default()
            })
            .collect();
        let right = problem
            .grade(Answer::list(truth.clone()), 0)
            .message
            .trim_start_matches(RIGHT_HEAD)
            .trim_start()
            .to_string();
        let solution = problem.solution();
        Ok(Card {
            seed,
            level,
            algorithm,
            svg,
            size,
            edges,
            truth,
            missed_hints,
            nodes,
            right,
            solution_answer: solution.answer.clone(),
            solution_steps: solution.steps.clone(),
            solution_svg: solution
                .figure
                .map(|f| compact_svg(&f.into_svg()))
                .unwrap_or_default(),
            problem,
        })
    }

    fn facts(&self, label: &str) -> Option<&NodeFacts> {
        self.nodes.iter().find(|n| n.label == label)
    }

    /// Lời nhận xét mà trang ghép được cho các nhánh đã bấm `selected` (theo
    /// thứ tự bấm), khi người đọc đã sai `wrong_before` lần — bản mẫu mà
    /// `book/theme/luyen-tap.js` làm theo từng bước. Ở bậc 3 trang hiện thêm
    /// lời giải có hình; ở đây chỉ ghép phần chữ, như [`Feedback::message`].
    pub fn assemble(&self, selected: &[&str], wrong_before: u32) -> String {
        let mut hints: Vec<(String, String)> = Vec::new();
        let mut given: Vec<&str> = Vec::new();
        for &s in selected {
            if !given.contains(&s) {
                given.push(s);
            }
        }
        for &g in &given {
            if self.truth.iter().any(|t| t == g) {
                continue;
            }
            if let Some(f) = self.facts(g) {
                hints.push((f.extra_hint.clone(), f.extra_detail.clone()));
            }
        }
        let missed: Vec<&String> = self
            .truth
            .iter()
            .filter(|t| !given.contains(&t.as_str()))
            .collect();
        for t in &missed {
            let hint = self
                .missed_hints
                .get(missed.len() - 1)
                .cloned()
                .unwrap_or_default();
            let detail = match self.facts(t) {
                Some(f) => {
                    let group: Vec<&str> = f
                        .cut_group
                        .iter()
                        .filter(|g| missed.contains(g))
                        .map(String::as_str)
                        .collect();
                    format!("{MISSED_PREFIX}{}: {}", group.join(", "), f.missed_why)
                }
                None => String::new(),
            };
            hints.push((hint, detail));
        }
        if hints.is_empty() {
            return format!("{RIGHT_HEAD} {}", self.right);
        }
        let tries = wrong_before + 1;
        let level = tries.min(3);
        let mut message = WRONG_HEAD.replace("{n}", &tries.to_string());
        let mut shown: Vec<&str> = Vec::new();
        for (hint, detail) in &hints {
            let line = if level >= 2 && !detail.is_empty() {
                detail.as_str()
            } else {
                hint.as_str()
            };
            if !shown.contains(&line) {
                shown.push(line);
                message.push_str("\n• ");
                message.push_str(line);
            }
        }
        match level {
            1 => message.push_str(&format!("\n{AFTER_KIND}")),
            2 => message.push_str(&format!("\n{AFTER_DETAIL}")),
            _ => {
                message.push_str(&format!("\n\n{SOLUTION_HEAD}\n"));
                message.push_str(&self.problem.solution().text());
            }
        }
        message
    }

    /// Thẻ dạng JSON (một đối tượng, trên một dòng).
    pub fn to_json(&self) -> String {
        let mut j = String::from("{");
        field(&mut j, "seed", &self.seed.to_string());
        field(&mut j, "level", &string(self.level.code()));
        field(&mut j, "levelName", &string(self.level.name_vi()));
        field(
            &mut j,
            "algorithm",
            &string(match self.algorithm {
                Algorithm::CatTia => "cat-tia",
                Algorithm::Window => "cua-so",
                Algorithm::Minimax => "vet-can",
            }),
        );
        field(&mut j, "title", &string(&self.problem.title()));
        field(&mut j, "statement", &string(&self.problem.statement()));
        field(&mut j, "svg", &string(&self.svg));
        field(&mut j, "width", &number(self.size.0));
        field(&mut j, "height", &number(self.size.1));
        let edges: Vec<String> = self
            .edges
            .iter()
            .map(|e| {
                let pts: Vec<String> = e
                    .points
                    .iter()
                    .map(|&(x, y)| format!("[{},{}]", number(x), number(y)))
                    .collect();
                format!(
                    "{{\"child\":{},\"points\":[{}]}}",
                    string(&e.child),
                    pts.join(",")
                )
            })
            .collect();
        field(&mut j, "edges", &format!("[{}]", edges.join(",")));
        field(&mut j, "truth", &strings(&self.truth));
        field(&mut j, "missedHints", &strings(&self.missed_hints));
        let nodes: Vec<String> = self
            .nodes
            .iter()
            .map(|n| {
                format!(
                    "{}:{{\"status\":{},\"extraHint\":{},\"extraDetail\":{},\"missedWhy\":{},\"cutGroup\":{}}}",
                    string(&n.label),
                    string(n.status),
                    string(&n.extra_hint),
                    string(&n.extra_detail),
                    string(&n.missed_why),
                    strings(&n.cut_group)
                )
            })
            .collect();
        field(&mut j, "nodes", &format!("{{{}}}", nodes.join(",")));
        field(&mut j, "right", &string(&self.right));
        field(&mut j, "solutionAnswer", &string(&self.solution_answer));
        field(&mut j, "solutionSteps", &strings(&self.solution_steps));
        field(&mut j, "solutionSvg", &string(&self.solution_svg));
        j.pop(); // dấu phẩy cuối
        j.push('}');
        j
    }
}

/// Các câu cố định mà trang dùng để ghép lời nhận xét (giống [`Feedback`]).
pub(crate) fn texts_json() -> String {
    let mut j = String::from("{");
    field(&mut j, "wrongHead", &string(WRONG_HEAD));
    field(&mut j, "afterKind", &string(AFTER_KIND));
    field(&mut j, "afterDetail", &string(AFTER_DETAIL));
    field(&mut j, "solutionHead", &string(SOLUTION_HEAD));
    field(&mut j, "rightHead", &string(RIGHT_HEAD));
    field(&mut j, "missedPrefix", &string(MISSED_PREFIX));
    j.pop();
    j.push('}');
    j
}

/// Thẻ cho hạt giống `seed`, mức `level` (`de`, `vua`, `kho`), thuật toán
/// `algorithm` (`cat-tia` hoặc `cua-so`), như trang luyện tập gọi tên chúng. Lỗi:
/// một câu tiếng Việt nói chỗ sai.
///
/// ```
/// use caytrochoi::practice::web::card_for;
/// assert_eq!(card_for(42, "vua", "cat-tia").unwrap().seed, 42);
/// assert!(card_for(1, "rất khó", "cat-tia").unwrap_err().contains("mức"));
/// ```
pub fn card_for(seed: u64, level: &str, algorithm: &str) -> Result<Card, String> {
    let Some(level) = Level::parse(level) else {
        return Err(format!("mức `{level}` không có (de, vua, kho)"));
    };
    let algorithm = match algorithm {
        "cat-tia" => Pruning::CatTia,
        "cua-so" => Pruning::Window,
        other => return Err(format!("thuật toán `{other}` không có (cat-tia, cua-so)")),
    };
    Card::new(seed, level, algorithm).map_err(|e| e.to_string())
}

/// Thẻ dạng JSON (xem [`card_for`]); đầu vào sai cho một đối tượng
/// `{"error": "…"}`. Trình chạy của sách trả lời trang luyện tập bằng đúng chuỗi
/// này (`POST /api/luyen-tap`).
///
/// ```
/// let j = caytrochoi::practice::web::card_json(42, "vua", "cat-tia");
/// assert!(j.starts_with("{\"seed\":42,"));
/// assert!(caytrochoi::practice::web::card_json(1, "rất khó", "cat-tia").contains("\"error\""));
/// ```
pub fn card_json(seed: u64, level: &str, algorithm: &str) -> String {
    match card_for(seed, level, algorithm) {
        Ok(c) => c.to_json(),
        Err(e) => error_json(&e),
    }
}

/// `{"error": "…"}`.
pub(crate) fn error_json(message: &str) -> String {
    format!("{{\"error\":{}}}", string(message))
}

/// Ngân hàng thẻ cho sách: với mỗi mức và mỗi thuật toán, `per_kind` thẻ, hạt
/// giống 1, 2, …; ghi thành một tệp JavaScript gán `window.LUYEN_TAP`.
pub fn bank_js(per_kind: u64) -> Result<String, PlotError> {
    let mut cards = Vec::new();
    for level in Level::ALL {
        for algorithm in Pruning::ALL {
            for seed in 1..=per_kind {
                cards.push(Card::new(seed, level, algorithm)?.to_json());
            }
        }
    }
    Ok(format!(
        "// Tệp sinh tự động bởi `make figures` (examples/practice_bank.rs): đừng sửa tay.\n\
         // Ngân hàng bài \"bấm vào các nhánh bị cắt\" của trang luyện tập; mọi đáp án và\n\
         // lời nhận xét do thư viện caytrochoi tính (practice::web).\n\
         window.LUYEN_TAP = {{\"texts\":{},\"cards\":[\n{}\n]}};\n",
        texts_json(),
        cards.join(",\n")
    ))
}

/// Câu nhận xét của trang có phải lời nhận xét "đúng" không (dùng trong kiểm thử).
#[cfg(any(test, feature = "json"))]
pub(crate) fn is_right(message: &str) -> bool {
    message.starts_with(RIGHT_HEAD)
}

/// Bộ chấm thật cho các nhánh đã bấm (để so với [`Card::assemble`]).
#[cfg(any(test, feature = "json"))]
pub(crate) fn grade_clicks(card: &Card, selected: &[&str], wrong_before: u32) -> super::Feedback {
    let f = card.problem.grade(Answer::list(selected), wrong_before);
    debug_assert!(f.verdict != super::Verdict::Blank);
    f
}

/// SVG gọn hơn mà vẽ y hệt (cho ngân hàng bài nhỏ lại): bỏ `opacity="1"` (mặc
/// định), và ghi phông chữ một lần ở thẻ `<svg>` thay vì ở mọi dòng chữ (SVG
/// cho phần tử con thừa hưởng phông chữ của cha).
pub(crate) fn compact_svg(svg: &str) -> String {
    let font = format!(" font-family=\"{}\"", crate::plot::FONT_FAMILY);
    let body = svg.replace(" opacity=\"1\"", "").replace(&font, "");
    body.replacen("<svg ", &format!("<svg{font} "), 1)
}

// --- JSON tối giản (không cần serde: thư viện giữ nhẹ) ---------------------------

fn field(j: &mut String, name: &str, value: &str) {
    j.push('"');
    j.push_str(name);
    j.push_str("\":");
    j.push_str(value);
    j.push(',');
}

fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' => out.push_str("\\u003c"), // an toàn khi nằm trong <script>
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn strings(v: &[String]) -> String {
    let parts: Vec<String> = v.iter().map(|s| string(s)).collect();
    format!("[{}]", parts.join(","))
}

fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{:.2}", x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::SplitMix64;

    #[test]
    fn page_assembly_matches_the_grader() {
        let mut rng = SplitMix64::new(3);
        for level in Level::ALL {
            for algorithm in Pruning::ALL {
                for seed in 1..=3 {
                    let card = Card::new(seed, level, algorithm).unwrap();
                    let labels: Vec<&str> = card.nodes.iter().map(|n| n.label.as_str()).collect();
                    for _ in 0..15 {
                        let k = rng.range(0, 4) as usize;
                        let pick: Vec<&str> = (0..k)
                            .map(|_| labels[rng.range(0, labels.len() as i64 - 1) as usize])
                            .collect();
                        for before in 0..3 {
                            let want = grade_clicks(&card, &pick, before).message;
                            assert_eq!(card.assemble(&pick, before), want, "{pick:?}");
                        }
                    }
                    let truth: Vec<&str> = card.truth.iter().map(String::as_str).collect();
                    assert!(is_right(&card.assemble(&truth, 0)));
                }
            }
        }
    }

    #[test]
    fn json_is_well_formed_enough() {
        let c = Card::new(1, Level::Easy, Pruning::Window).unwrap();
        let j = c.to_json();
        assert!(j.starts_with('{') && j.ends_with('}'));
        assert!(!j.contains("</"), "không được có </ trong JSON nhúng");
        assert!(c.svg.starts_with("<svg"));
        assert_eq!(c.edges.len() + 1, c.problem.tree().unwrap().len()); // mọi cạnh
        assert_eq!(string("a\"b\\c\n<"), "\"a\\\"b\\\\c\\n\\u003c\"");
    }
}

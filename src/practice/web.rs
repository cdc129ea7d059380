//! Bài cho trang luyện tập của sách: "đây là một cây mới, hãy bấm vào các nhánh
//! bạn sẽ cắt, rồi kiểm tra".
//!
//! Trang chấm ngay trong JavaScript khi người đọc bấm, không hỏi lại thư viện
//! sau mỗi lần bấm, nên mỗi bài được gói sẵn thành một **thẻ**
//! ([`Card`]): hình SVG của đề, tọa độ từng cạnh (lấy từ mô hình bố trí của hình,
//! `TreeDiagram::layout`) để trang biết người
//! đọc bấm vào nhánh nào, và mọi câu nhận xét mà bộ chấm của thư viện có thể nói
//! về từng nhánh (cắt thừa, cắt thiếu, ở bậc 1 và bậc 2), cùng lời giải có hình.
//! Trang chỉ **chọn và ghép** các câu ấy, theo đúng cách [`Feedback`] ghép
//! ([`Card::assemble`] là bản mẫu mà trang làm theo; kiểm thử bảo đảm nó trùng
//! với [`Problem::grade`]).
//!
//! Thẻ cho bất kỳ hạt giống nào, cùng một định dạng JSON ([`Card::to_json`]),
//! từ hai nơi gọi cùng một hàm của ranh giới với trang
//! (`caytrochoi::web::practice::click_card`):
//! - **mô-đun WebAssembly của sách**, luôn tải cùng trang (`click_card`,
//!   `click_texts` trong `src/wasm/table.rs`);
//! - **trình chạy của sách** (`caytrochoi-sach`, `make book`) khi đang bật: trang
//!   gửi `POST /api/luyen-tap` với hạt giống, mức và thuật toán (tính ngay, không
//!   phải biên dịch gì), và đọc các câu cố định (`texts_json`) bằng
//!   `GET /api/luyen-tap`.
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

use super::feedback::RIGHT_HEAD;
use super::feedback::{Feedback, Mistake, MistakeKind};
use super::level::Level;
use super::problem::Problem;
use super::solution::Solution;
use super::tree_explain::{ancestor_in, cut_together, run};
use super::tree_prune::MISSED_PREFIX;
use super::{Kind, Pruning, TreeAsk};
use crate::plot::PlotError;
#[cfg(feature = "json")]
use serde_json::json;

/// Những gì bộ chấm nói về một nút khi người đọc bấm (hoặc không bấm) vào nó.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct NodeFacts {
    /// Nhãn.
    pub(crate) label: String,
    /// `"cut"`: gốc một cây con bị cắt; `"inside"`: nằm trong cây con bị cắt;
    /// `"visited"`: được xét.
    pub(crate) status: &'static str,
    /// Lỗi khi bấm thừa vào nút này (nếu nó không bị cắt): câu bậc 1 và bậc 2.
    pub(crate) extra: Option<Mistake>,
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
    /// Bài (dạng [`TreeAsk::Pruned`]).
    pub problem: Problem,
    /// Hạt giống.
    pub seed: u64,
    /// Mức.
    pub level: Level,
    /// Hình của đề (SVG).
    pub(crate) svg: String,
    /// Bề rộng, chiều cao của hình (hệ tọa độ của `viewBox`).
    pub(crate) size: (f64, f64),
    /// Các cạnh bấm được: nhãn nút con (gốc cây con bị "cắt" nếu bấm vào cạnh
    /// này) và các điểm của cạnh từ cha đến con (tọa độ của hình SVG).
    pub(crate) edges: Vec<(String, Vec<(f64, f64)>)>,
    /// Đáp án: gốc các cây con bị cắt.
    pub truth: Vec<String>,
    /// Câu bậc 1 khi thiếu k nhánh (phần tử thứ k − 1).
    pub(crate) missed_hints: Vec<String>,
    /// Những gì bộ chấm nói về từng nút (trừ gốc).
    pub(crate) nodes: Vec<NodeFacts>,
    /// Câu xác nhận khi đúng (không kể chữ "Đúng!").
    pub(crate) right: String,
    /// Lời giải: đáp án, các bước, hình.
    pub(crate) solution: Solution,
}

impl Card {
    /// Thẻ của bài "các cây con bị cắt bởi `pruning`", hạt giống `seed`, mức `level`.
    pub fn new(seed: u64, level: Level, pruning: Pruning) -> Result<Card, PlotError> {
        let problem = Problem::generate_kind(seed, level, Kind::Tree(TreeAsk::Pruned(pruning)));
        let Some((shown, spec)) = problem.tree_diagram() else {
            return Err(PlotError::Invalid("bài không có cây".into()));
        };
        let layout = spec.diagram(&shown).layout()?;
        let edges = layout
            .edges
            .iter()
            .map(|e| (shown.label(e.child).to_string(), e.points.clone()))
            .collect();
        // Bài cắt tỉa không tính trước: cây của đề là cả cây.
        let r = run(&shown, pruning.algorithm());
        let (truth, trace) = (r.pruned, r.trace);
        // Mọi câu đều lấy từ chính bộ chấm: lỗi đầu tiên khi chấm những câu trả
        // lời "đáp án cộng một nút" và "đáp án bớt vài nút".
        let first_mistake =
            |answer: Vec<String>| problem.grade(answer, 1).mistakes.into_iter().next();
        let nodes = shown
            .node_ids()
            .skip(1)
            .map(|id| {
                let label = shown.label(id).to_string();
                if !truth.contains(&label) {
                    let inside = ancestor_in(&shown, id, &truth).is_some();
                    let with = truth.iter().chain([&label]).cloned().collect();
                    return NodeFacts {
                        status: if inside { "inside" } else { "visited" },
                        extra: first_mistake(with),
                        label,
                        ..NodeFacts::default()
                    };
                }
                let rest = truth.iter().filter(|t| **t != label).cloned().collect();
                // "Thiếu X: lý do" — giữ phần lý do.
                let missed_why = first_mistake(rest).map_or(String::new(), |m| {
                    m.detail
                        .split_once(": ")
                        .map_or(m.detail.clone(), |(_, why)| why.to_string())
                });
                let cut_group = cut_together(&trace, &label);
                NodeFacts {
                    status: "cut",
                    missed_why,
                    cut_group: cut_group.into_iter().map(str::to_string).collect(),
                    label,
                    ..NodeFacts::default()
                }
            })
            .collect();
        let missed_hints = (1..=truth.len())
            .map(|k| first_mistake(truth[k..].to_vec()).map_or(String::new(), |m| m.hint))
            .collect();
        let right = problem.grade(&truth[..], 0).message;
        Ok(Card {
            seed,
            level,
            size: (layout.width, layout.height),
            svg: compact_svg(&layout.draw()?.into_svg()),
            edges,
            missed_hints,
            nodes,
            right: right
                .trim_start_matches(RIGHT_HEAD)
                .trim_start()
                .to_string(),
            solution: problem.solution(),
            truth,
            problem,
        })
    }

    /// Lời nhận xét mà trang ghép được cho các nhánh đã bấm `selected` (theo
    /// thứ tự bấm), khi người đọc đã sai `wrong_before` lần — bản mẫu mà
    /// `book/theme/luyen-tap.js` làm theo từng bước: chọn các câu của thẻ thành
    /// các lỗi, rồi ghép như [`Feedback`]. Ở bậc 3 trang hiện thêm lời giải có
    /// hình; ở đây chỉ ghép phần chữ, như [`Feedback::message`].
    pub fn assemble(&self, selected: &[&str], wrong_before: u32) -> String {
        let facts = |label: &str| self.nodes.iter().find(|n| n.label == label);
        let mut given: Vec<&str> = Vec::new();
        for &s in selected {
            if !given.contains(&s) {
                given.push(s);
            }
        }
        let mut mistakes: Vec<Mistake> = given
            .iter()
            .filter(|&&g| !self.truth.iter().any(|t| t == g))
            .filter_map(|&g| facts(g)?.extra.clone())
            .collect();
        let missed: Vec<&String> = self
            .truth
            .iter()
            .filter(|t| !given.contains(&t.as_str()))
            .collect();
        for t in &missed {
            let hint = self.missed_hints.get(missed.len() - 1).cloned();
            let detail = facts(t).map_or(String::new(), |f| {
                let group: Vec<&str> = f
                    .cut_group
                    .iter()
                    .filter(|g| missed.contains(g))
                    .map(String::as_str)
                    .collect();
                format!("{MISSED_PREFIX}{}: {}", group.join(", "), f.missed_why)
            });
            let kind = MistakeKind::MissedPrune;
            mistakes.push(Mistake::new(kind, hint.unwrap_or_default(), detail));
        }
        if mistakes.is_empty() {
            return Feedback::correct(&self.right).message;
        }
        Feedback::wrong(mistakes, wrong_before + 1, || self.solution.clone()).message
    }

    /// Thẻ dạng JSON (một đối tượng, trên một dòng).
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> String {
        // Tọa độ làm tròn đến 0,01: đủ cho hình, thẻ gọn hơn.
        let hundredths = |x: f64| format!("{x:.2}").parse().unwrap_or(x);
        let edges = self.edges.iter().map(|(child, points)| {
            let points = points.iter().map(|&(x, y)| [hundredths(x), hundredths(y)]);
            json!({ "child": child, "points": points.collect::<Vec<_>>() })
        });
        let nodes = self.nodes.iter().map(|n| {
            let (hint, detail) = n
                .extra
                .as_ref()
                .map_or(("", ""), |m| (m.hint.as_str(), m.detail.as_str()));
            let facts = object([
                ("status", json_of(n.status)),
                ("extraHint", json_of(hint)),
                ("extraDetail", json_of(detail)),
                ("missedWhy", json_of(&n.missed_why)),
                ("cutGroup", json_of(&n.cut_group)),
            ]);
            (n.label.as_str(), facts)
        });
        let solution_svg = self.solution.figure.as_ref().map(|f| compact_svg(f.svg()));
        let card = object([
            ("seed", json_of(self.seed)),
            ("level", json_of(self.level.code())),
            ("levelName", json_of(self.level.name_vi())),
            ("algorithm", json_of(self.problem.kind().code())),
            ("title", json_of(self.problem.title())),
            ("statement", json_of(self.problem.statement())),
            ("svg", json_of(&self.svg)),
            ("width", json_of(hundredths(self.size.0))),
            ("height", json_of(hundredths(self.size.1))),
            ("edges", json_of(edges.collect::<Vec<_>>())),
            ("truth", json_of(&self.truth)),
            ("missedHints", json_of(&self.missed_hints)),
            ("nodes", object(nodes)),
            ("right", json_of(&self.right)),
            ("solutionAnswer", json_of(&self.solution.answer)),
            ("solutionSteps", json_of(&self.solution.steps)),
            ("solutionSvg", json_of(solution_svg.unwrap_or_default())),
        ]);
        // "<" chỉ có trong chuỗi: viết thoát để thẻ nằm được trong <script>.
        card.replace('<', "\\u003c")
    }
}

/// Các câu cố định mà trang dùng để ghép lời nhận xét (giống [`Feedback`]): trang
/// đọc chúng từ mô-đun WebAssembly (`click_texts`) hay từ trình chạy
/// (`GET /api/luyen-tap`).
#[cfg(any(feature = "runner", feature = "wasm"))]
pub(crate) fn texts_json() -> String {
    use super::feedback::{AFTER_DETAIL, AFTER_KIND, SOLUTION_HEAD, WRONG_HEAD};
    object([
        ("wrongHead", json_of(WRONG_HEAD)),
        ("afterKind", json_of(AFTER_KIND)),
        ("afterDetail", json_of(AFTER_DETAIL)),
        ("solutionHead", json_of(SOLUTION_HEAD)),
        ("rightHead", json_of(RIGHT_HEAD)),
        ("missedPrefix", json_of(MISSED_PREFIX)),
    ])
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
    let Some(Kind::Tree(TreeAsk::Pruned(pruning))) = Kind::parse(algorithm) else {
        return Err(format!(
            "thuật toán `{algorithm}` không có (cat-tia, cua-so)"
        ));
    };
    Card::new(seed, level, pruning).map_err(|e| e.to_string())
}

/// SVG gọn hơn mà vẽ y hệt (cho thẻ nhỏ lại): bỏ `opacity="1"` (mặc
/// định), và ghi phông chữ một lần ở thẻ `<svg>` thay vì ở mọi dòng chữ (SVG
/// cho phần tử con thừa hưởng phông chữ của cha).
pub(crate) fn compact_svg(svg: &str) -> String {
    let font = format!(" font-family=\"{}\"", crate::plot::FONT_FAMILY);
    let body = svg.replace(" opacity=\"1\"", "").replace(&font, "");
    body.replacen("<svg ", &format!("<svg{font} "), 1)
}

/// Một đối tượng JSON từ các cặp (tên, giá trị đã viết thành JSON), giữ thứ tự
/// (`json!` thì xếp tên theo bảng chữ cái).
#[cfg(feature = "json")]
fn object<'a>(fields: impl IntoIterator<Item = (&'a str, String)>) -> String {
    let fields: Vec<String> = fields
        .into_iter()
        .map(|(name, value)| format!("{}:{value}", json_of(name)))
        .collect();
    format!("{{{}}}", fields.join(","))
}

/// Một giá trị viết thành JSON.
#[cfg(feature = "json")]
fn json_of(value: impl serde::Serialize) -> String {
    json!(value).to_string()
}

#[cfg(all(test, feature = "json"))]
mod tests {
    use super::*;

    #[test]
    fn json_is_well_formed_enough() {
        let c = Card::new(1, Level::Easy, Pruning::Window).unwrap();
        let j = c.to_json();
        assert!(j.starts_with('{') && j.ends_with('}'));
        assert!(!j.contains("</"), "không được có </ trong JSON nhúng");
        assert!(c.svg.starts_with("<svg"));
        assert_eq!(c.edges.len() + 1, c.problem.tree().unwrap().len()); // mọi cạnh
    }
}

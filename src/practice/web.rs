//! Bài cho trang luyện tập của sách: "đây là một cây mới, hãy bấm vào các nhánh
//! bạn sẽ cắt, rồi kiểm tra".
//!
//! Mỗi bài được gói sẵn thành một **thẻ** ([`Card`]): hình SVG của đề, tọa độ
//! từng cạnh (lấy từ mô hình bố trí của hình, `TreeDiagram::layout`) để trang
//! biết người đọc bấm vào nhánh nào, và lời giải có hình. Thẻ không mang lời
//! nhận xét nào: khi người đọc bấm "Kiểm tra", trang gửi các nhánh đã bấm cho
//! chính bộ chấm của bài ([`Problem::grade`], qua
//! `caytrochoi::web::practice::click_grade`) và chỉ hiện câu trả lời đã viết
//! sẵn — lời nhận xét được ghép một lần, ở đây, bằng Rust.
//!
//! Thẻ cho bất kỳ hạt giống nào, cùng một định dạng JSON ([`Card::to_json`]),
//! và lời chấm, từ hai nơi gọi cùng những hàm của ranh giới với trang
//! (`caytrochoi::web::practice`):
//! - **mô-đun WebAssembly của sách**, luôn tải cùng trang (`click_card`,
//!   `click_grade` trong `src/wasm/table.rs`);
//! - **trình chạy của sách** (`caytrochoi-sach`, `make book`) khi đang bật: trang
//!   gửi `POST /api/luyen-tap` với hạt giống, mức và thuật toán (tính ngay, không
//!   phải biên dịch gì), và `POST /api/luyen-tap/cham` với các nhánh đã bấm.
//!
//! ```
//! use caytrochoi::practice::web::Card;
//! use caytrochoi::practice::Level;
//! use caytrochoi::practice::Pruning;
//! let the = Card::new(7, Level::Medium, Pruning::CatTia).unwrap();
//! assert!(!the.truth.is_empty());                 // cây được chọn để có cắt tỉa
//! assert!(the.to_json().contains("\"svg\":\"\\u003csvg")); // hình của đề, "<" viết thoát
//! // Chấm bằng chính bộ chấm của bài trên thẻ:
//! assert!(the.problem.grade(&the.truth[..], 0).ok());
//! ```

#[cfg(feature = "json")]
use super::feedback::SOLUTION_HEAD;
use super::level::Level;
use super::problem::Problem;
use super::solution::Solution;
use super::tree_explain::run;
use super::{Kind, Pruning, TreeAsk};
use crate::plot::PlotError;
#[cfg(feature = "json")]
use serde_json::json;

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
        let truth = run(&shown, pruning.algorithm()).pruned;
        Ok(Card {
            seed,
            level,
            size: (layout.width, layout.height),
            svg: compact_svg(&layout.draw()?.into_svg()),
            edges,
            solution: problem.solution(),
            truth,
            problem,
        })
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
            ("solutionHead", json_of(SOLUTION_HEAD)),
            ("solutionAnswer", json_of(&self.solution.answer)),
            ("solutionSteps", json_of(&self.solution.steps)),
            ("solutionSvg", json_of(solution_svg.unwrap_or_default())),
        ]);
        // "<" chỉ có trong chuỗi: viết thoát để thẻ nằm được trong <script>.
        card.replace('<', "\\u003c")
    }
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
    let (level, pruning) = click_names(level, algorithm)?;
    Card::new(seed, level, pruning).map_err(|e| e.to_string())
}

/// Bài trên thẻ [`card_for`]`(seed, level, algorithm)`, không vẽ hình: đủ để
/// chấm các nhánh người đọc đã bấm. Lỗi như [`card_for`].
///
/// ```
/// use caytrochoi::practice::web::{card_for, click_problem};
/// let p = click_problem(42, "vua", "cat-tia").unwrap();
/// assert_eq!(p, card_for(42, "vua", "cat-tia").unwrap().problem);
/// ```
pub fn click_problem(seed: u64, level: &str, algorithm: &str) -> Result<Problem, String> {
    let (level, pruning) = click_names(level, algorithm)?;
    let kind = Kind::Tree(TreeAsk::Pruned(pruning));
    Ok(Problem::generate_kind(seed, level, kind))
}

/// Mức và thuật toán đọc từ tên mà trang dùng.
fn click_names(level: &str, algorithm: &str) -> Result<(Level, Pruning), String> {
    let Some(parsed) = Level::parse(level) else {
        return Err(format!("mức `{level}` không có (de, vua, kho)"));
    };
    let Some(Kind::Tree(TreeAsk::Pruned(pruning))) = Kind::parse(algorithm) else {
        return Err(format!(
            "thuật toán `{algorithm}` không có (cat-tia, cua-so)"
        ));
    };
    Ok((parsed, pruning))
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

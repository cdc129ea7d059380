//! Họ bài **trên đồ thị một trò chơi** (chương 5): G (hàm Grundy) của mọi đỉnh
//! một đồ thị không chu trình, hoặc mã thắng (1) / thua (0) / hòa (−1) của mọi
//! đỉnh một đồ thị có thể có chu trình ([`GraphAsk`]). Bộ chấm ở
//! `grundy_problems`.

use super::answer::Answer;
use super::error::PracticeError;
use super::family::Family;
use super::feedback::Check;
use super::grundy_problems::{self as grundy, SmallGraph};
use super::kind::Kind;
use super::level::Level;
use super::problem::Expected;
use super::solution::drawn;
use crate::plot::{Figure, GraphDiagram, PlotError};
use crate::random::SplitMix64;

/// Điều bài trên đồ thị hỏi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GraphAsk {
    /// G của mọi đỉnh (đồ thị không chu trình).
    Grundy,
    /// Mã thắng/thua/hòa của mọi đỉnh (chu trình được).
    Outcomes,
}

impl GraphAsk {
    fn of(kind: Kind) -> Option<GraphAsk> {
        match kind {
            Kind::GraphGrundy => Some(GraphAsk::Grundy),
            Kind::GraphOutcomes => Some(GraphAsk::Outcomes),
            _ => None,
        }
    }
}

/// Một bài trên đồ thị.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct GraphProblem {
    pub(crate) graph: SmallGraph,
    ask: GraphAsk,
}

impl GraphProblem {
    /// Bài trên một đồ thị viết bằng chữ (`"A → B, C; B → C"`).
    pub(crate) fn on_graph(text: &str, kind: Kind) -> Result<GraphProblem, PracticeError> {
        let graph = SmallGraph::parse(text).map_err(|e| {
            PracticeError::Invalid(format!(
                "Không đọc được đồ thị: {e}. (Cú pháp: `A → B, C; B → C`, dùng `→` hoặc `->`.)"
            ))
        })?;
        let ask = GraphAsk::of(kind).ok_or_else(|| {
            PracticeError::Unsupported(format!("dạng bài \"{kind}\" không phải bài trên đồ thị"))
        })?;
        if ask == GraphAsk::Grundy {
            if let Err(e) = graph.game().solve() {
                return Err(PracticeError::Invalid(format!(
                    "Không tính được hàm Grundy của đồ thị này: {e}. Với đồ thị có chu trình, \
                     hãy phân loại thắng/thua/hòa (`check_graph_outcomes`)."
                )));
            }
        }
        Ok(GraphProblem { graph, ask })
    }

    /// Tên hai đỉnh đầu của đồ thị (để nhắc cách ghi); `A`, `B` nếu không có.
    fn first_labels(&self) -> (String, String) {
        let label = |k: usize| {
            self.graph
                .labels
                .get(k)
                .cloned()
                .unwrap_or_else(|| ["A", "B"][k].to_string())
        };
        (label(0), label(1))
    }

    /// Các bước tính G: từ các đỉnh không có nước đi lên.
    fn grundy_steps(&self) -> Vec<String> {
        let g = &self.graph;
        let values = g.values();
        (0..g.labels.len())
            .rev()
            .map(|v| {
                let name = &g.labels[v];
                if g.edges[v].is_empty() {
                    format!("{name} không có nước đi: G({name}) = 0.")
                } else {
                    let parts: Vec<String> = g.edges[v]
                        .iter()
                        .map(|&w| format!("G({}) = {}", g.labels[w], values[w]))
                        .collect();
                    let vals: Vec<String> =
                        g.edges[v].iter().map(|&w| values[w].to_string()).collect();
                    format!(
                        "{name} đi tới {}: G({name}) = mex{{{}}} = {}.",
                        parts.join(", "),
                        vals.join(", "),
                        values[v]
                    )
                }
            })
            .collect()
    }
}

impl Family for GraphProblem {
    fn kinds() -> Vec<Kind> {
        vec![Kind::GraphGrundy, Kind::GraphOutcomes]
    }

    fn generate(kind: Kind, level: Level, rng: &mut SplitMix64) -> Option<GraphProblem> {
        let ask = GraphAsk::of(kind)?;
        let graph = match ask {
            GraphAsk::Grundy => SmallGraph::random(rng, level),
            GraphAsk::Outcomes => SmallGraph::random_with_cycles(rng, level),
        };
        Some(GraphProblem { graph, ask })
    }

    fn kind(&self) -> Kind {
        match self.ask {
            GraphAsk::Grundy => Kind::GraphGrundy,
            GraphAsk::Outcomes => Kind::GraphOutcomes,
        }
    }

    fn statement(&self) -> String {
        match self.ask {
            GraphAsk::Outcomes => format!(
                "Đồ thị của một trò chơi (có chu trình): {}. Hai người lần lượt đi theo mũi tên; ai \
                 đến lượt mà không đi được thì thua; ván có thể kéo dài mãi (hòa). Ghi mã của bài \
                 giảng cho mọi đỉnh: 1 (thắng — người phải đi từ đó thua), 0 (thua), −1 (hòa).",
                self.graph.describe()
            ),
            GraphAsk::Grundy => format!(
                "Đồ thị của một trò chơi vô tư: {}. Hai người lần lượt đi theo mũi tên; ai đến lượt \
                 mà không đi được thì thua. Tính G (hàm Grundy) của mọi đỉnh.",
                self.graph.describe()
            ),
        }
    }

    fn how_to_answer(&self) -> String {
        let (a, b) = self.first_labels();
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
            GraphAsk::Outcomes => grundy::graph_codes(g)
                .unwrap_or_default()
                .into_iter()
                .map(|c| i64::from(c.0))
                .collect(),
            GraphAsk::Grundy => g.values().into_iter().map(i64::from).collect(),
        };
        Expected::Named(g.labels.iter().cloned().zip(values).collect())
    }

    fn check(&self, a: &Answer) -> Check {
        match self.ask {
            GraphAsk::Outcomes => grundy::grade_graph_outcomes(&self.graph, a),
            GraphAsk::Grundy => grundy::grade_graph(&self.graph, a),
        }
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let g = &self.graph;
        match self.ask {
            GraphAsk::Outcomes => {
                let fig = drawn(|| {
                    GraphDiagram::new(&g.game())
                        .title("Mã thắng (1) / thua (0) / hòa (−1) của mọi đỉnh")
                        .outcomes()
                        .and_then(|d| d.draw())
                });
                (grundy::outcome_steps(g), fig)
            }
            GraphAsk::Grundy => {
                let fig = drawn(|| g.figure("Giá trị G của mọi đỉnh", true));
                (self.grundy_steps(), fig)
            }
        }
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Ok(Some(self.graph.figure("Đồ thị của trò chơi", false)?))
    }

    fn key_data(&self) -> String {
        format!("{:?}", self.graph.edges)
    }
}

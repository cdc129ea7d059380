//! Họ bài **Dodgem** (chương 6): một thế cờ, luật khi hết nước đi, và điều bài
//! hỏi ([`DodgemAsk`]: lượng giá từng phần hay một số, nước tốt nhất khi nhìn
//! trước hai nước, nước giữ được kết quả chính xác, số nút mà một thuật toán
//! xét). Bộ chấm, đáp án và lời giải ở `dodgem/grade.rs`.

use super::answer::Answer;
use super::check::Graded;
use super::error::PracticeError;
use super::expected::Expected;
use super::family::{info, named, only_in, Asks, Family, KindInfo};
use super::level::{Level, Topic};
use super::solution::drawn;
use super::Problem;
use crate::dodgem::notation::{board_to_text, move_name, parse_board};
use crate::dodgem::{Position, Rule, Side};
use crate::limits;
use crate::plot::{dodgem_position, Figure, PlotError};
use crate::random::SplitMix64;
use crate::search::Algorithm;

mod grade;
pub use grade::practice_game;

/// Điều bài Dodgem hỏi (dạng bài [`Kind::Dodgem`](super::Kind::Dodgem)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DodgemAsk {
    /// Năm thành phần của hàm lượng giá.
    Eval,
    /// Giá trị của hàm lượng giá (một số).
    Value,
    /// Nước tốt nhất khi nhìn trước hai nước (bàn 3×3), và giá trị của nó.
    Best,
    /// Một nước giữ được kết quả chính xác (thắng nếu thắng được, hòa nếu chỉ
    /// hòa được), theo lời giải bằng phân tích ngược.
    SafeMove,
    /// Số nút mà thuật toán xét (kể cả gốc) khi nhìn trước vài nước.
    NodeCount(Algorithm),
}

/// Một bài Dodgem.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct DodgemProblem {
    pub(crate) pos: Position,
    pub(crate) rule: Rule,
    ask: DodgemAsk,
    /// Số nước nhìn trước: 2 với bài nhìn trước hai nước, độ sâu của bài đếm
    /// nút, 0 với các bài khác (nằm trong khóa của bài).
    depth: u32,
}

impl Problem {
    /// Bài Dodgem trên bàn cờ viết bằng chữ (`"D../D../.TT"`: các hàng từ trên
    /// xuống), bên `to_move` đến lượt, luật `rule`. `ask`:
    /// [`DodgemAsk::Value`] / [`DodgemAsk::Eval`] (lượng giá),
    /// [`DodgemAsk::SafeMove`] (bàn 3×3 hoặc 4×4), [`DodgemAsk::NodeCount`]
    /// (`depth` từ 1 đến 6), [`DodgemAsk::Best`] (bàn 3×3, nhìn trước hai nước).
    ///
    /// Bài giá trị: khi sai, lời nhận xét đoán phần bị sót hay bị nhầm (chỉ tính
    /// bảng vị trí, quên xe đã ra, cộng điểm cản của Đen thay vì trừ, đổi chỗ 40
    /// và 30…) mà không in đáp án. Bài nước giữ kết quả: lần sai thứ hai chỉ một
    /// nước đáp của đối thủ làm hỏng nó.
    ///
    /// ```
    /// use caytrochoi::dodgem::{Rule, Side};
    /// use caytrochoi::practice::{DodgemAsk, Problem};
    /// use caytrochoi::Algorithm;
    /// let (den, trang, luat) = (Side::Black, Side::White, Rule::Lecture);
    /// let gia_tri = Problem::on_board("D../.../DTT", trang, luat, DodgemAsk::Value, None).unwrap();
    /// let sai = gia_tri.check(5);
    /// assert!(!sai.ok() && sai.message.contains("điểm cản") && !sai.message.contains("75"));
    /// assert!(gia_tri.check(75).ok());
    /// let nuoc = Problem::on_board("D../D../.TT", den, luat, DodgemAsk::SafeMove, None).unwrap();
    /// let sai = nuoc.check("a2>");
    /// assert!(!sai.ok() && sai.message.contains("Trắng thắng được"));
    /// assert!(nuoc.check("a3>").ok());
    /// let dem = DodgemAsk::NodeCount(Algorithm::Minimax);
    /// let dem = Problem::on_board("D../D../.TT", den, luat, dem, Some(1)).unwrap();
    /// assert!(dem.check(3).message.contains("gốc"));
    /// assert!(dem.check(4).ok());
    /// ```
    pub fn on_board(
        board: &str,
        to_move: Side,
        rule: Rule,
        ask: DodgemAsk,
        depth: Option<u32>,
    ) -> Result<Problem, PracticeError> {
        let b = parse_board(board).map_err(|e| {
            PracticeError::Invalid(format!(
                "Không đọc được bàn cờ: {e}. (Nhắc lại: các hàng từ trên xuống, ngăn bằng `/`, \
                 D = xe Đen, T = xe Trắng, . = ô trống; ví dụ `D../D../.TT`.)"
            ))
        })?;
        let n = b.size();
        let pos = Position { board: b, to_move };
        let invalid = |m: String| Err(PracticeError::Invalid(m));
        let depth = match (ask, grade::game_for(&pos, rule).end(&pos)) {
            (DodgemAsk::Value | DodgemAsk::Eval, _) => 0,
            (DodgemAsk::SafeMove, _) if n > limits::DODGEM_SOLVE_SIZE => {
                return invalid(format!(
                    "Chỉ chấm được bàn 3×3 và 4×4 (bàn {n}×{n} cần giải cả trăm triệu thế cờ)."
                ))
            }
            (DodgemAsk::Best, _) if n != 3 => {
                return invalid("Bài nhìn trước hai nước dùng bàn 3×3.".into())
            }
            (DodgemAsk::SafeMove | DodgemAsk::Best, Some(e)) => {
                return invalid(format!(
                    "Thế cờ này đã kết thúc ({} thắng), không còn nước nào để chọn.",
                    e.winner.name()
                ))
            }
            (DodgemAsk::SafeMove, None) => 0,
            (DodgemAsk::Best, None) => 2,
            (DodgemAsk::NodeCount(_), _) => {
                let (d, max) = (depth.unwrap_or(2), limits::PRACTICE_COUNT_DEPTH);
                if !(1..=max).contains(&d) {
                    return invalid(format!(
                        "Độ sâu {d} không dùng được cho bài đếm tay: chọn từ 1 đến {max}."
                    ));
                }
                d
            }
        };
        Ok(Problem::given(DodgemProblem {
            pos,
            rule,
            ask,
            depth,
        }))
    }

    /// Thế cờ (bài Dodgem).
    pub fn position(&self) -> Option<&Position> {
        self.family_as::<DodgemProblem>().map(|d| &d.pos)
    }

    /// Luật Dodgem của bài (bài Dodgem).
    pub fn rule(&self) -> Option<Rule> {
        self.family_as::<DodgemProblem>().map(|d| d.rule)
    }
}

impl Asks for DodgemProblem {
    type Ask = DodgemAsk;

    fn asks() -> Vec<(DodgemAsk, KindInfo)> {
        use DodgemAsk::*;
        let mut asks = named(
            Topic::Dodgem,
            &[
                (Eval, "luong-gia", "lượng giá một bàn cờ Dodgem"),
                (Best, "dodgem", "nước đi Dodgem khi nhìn trước hai nước"),
                (Value, "gia-tri-ban-co", "giá trị một bàn cờ Dodgem"),
                (SafeMove, "nuoc-giu-ket-qua", "nước Dodgem giữ được kết quả"),
            ],
        );
        asks.extend(Algorithm::ALL.map(|a| {
            let code = format!("so-nut-dodgem{}", a.kind_suffix());
            let name = format!("số nút đã xét trên Dodgem ({})", a.kind_name());
            info(NodeCount(a), code, name, Topic::Dodgem)
        }));
        asks
    }

    fn in_topic(topic: Topic, _: Level) -> Vec<DodgemAsk> {
        use DodgemAsk::*;
        let (m, w) = (NodeCount(Algorithm::Minimax), NodeCount(Algorithm::Window));
        let asks = vec![Value, Eval, Best, SafeMove, m, w];
        only_in(topic, Topic::Dodgem, asks)
    }

    fn generate(ask: DodgemAsk, level: Level, rng: &mut SplitMix64) -> DodgemProblem {
        let (mut rule, mut depth) = (Rule::Lecture, 0);
        let pos = match ask {
            DodgemAsk::Eval | DodgemAsk::Value => {
                grade::random_position(rng, level, level != Level::Hard)
            }
            DodgemAsk::SafeMove => {
                // Mức khó: đôi khi luật Winning Ways (hết nước đi thì thua).
                if level == Level::Hard && rng.range(0, 1) == 0 {
                    rule = Rule::WinningWays;
                }
                grade::random_choice_position(rng, level, rule)
            }
            DodgemAsk::Best | DodgemAsk::NodeCount(_) => {
                depth = 2;
                grade::random_position(rng, level, false)
            }
        };
        DodgemProblem {
            pos,
            rule,
            ask,
            depth,
        }
    }

    fn ask(&self) -> DodgemAsk {
        self.ask
    }
}

impl Family for DodgemProblem {
    fn statement(&self) -> String {
        let p = &self.pos;
        let (head, me) = (board_head(p), p.to_move.name());
        match self.ask {
            DodgemAsk::Eval => format!(
                "{head}. Lượng giá bàn cờ bằng hàm của bài giảng (theo Trắng): ghi năm số — {}.",
                grade::TERMS.join(", ")
            ),
            DodgemAsk::Value => format!(
                "{head}. Giá trị của bàn cờ theo hàm lượng giá của bài giảng (theo Trắng, MAX) là bao nhiêu?"
            ),
            DodgemAsk::SafeMove => format!(
                "{head}, đến lượt {me} ({}). Theo lời giải chính xác, nước nào giữ được kết quả tốt nhất \
                 cho {me} — thắng nếu thắng được, hòa nếu chỉ hòa được?",
                self.rule.describe(),
            ),
            DodgemAsk::NodeCount(a) => format!(
                "{head}, đến lượt {me}. Tìm kiếm nhìn trước {} nước bằng {}, với hàm lượng giá của \
                 bài giảng ở độ sâu giới hạn: bao nhiêu nút được xét, kể cả gốc?",
                self.depth,
                a.phrase()
            ),
            DodgemAsk::Best => format!(
                "{head}, đến lượt {me}. Nhìn trước hai nước (đi một nước, đối thủ trả lời tốt nhất, \
                 rồi lượng giá bằng hàm của bài giảng): {me} nên đi nước nào, và giá trị của nó (theo \
                 Trắng) là bao nhiêu?"
            ),
        }
    }

    fn how_to_answer(&self) -> String {
        match self.ask {
            DodgemAsk::NodeCount(..) => "Ghi một số tự nhiên, ví dụ `13`.",
            DodgemAsk::Value => "Ghi một số nguyên, ví dụ `75`.",
            DodgemAsk::SafeMove => "Ghi một nước đi, ví dụ `a3>`.",
            DodgemAsk::Eval => "Ghi năm số nguyên theo thứ tự, ví dụ `15, -10, 70, 0, 75`.",
            DodgemAsk::Best => "Ghi nước đi rồi giá trị, ví dụ `a2> 35`.",
        }
        .into()
    }

    fn expected(&self) -> Expected {
        let (p, n) = (&self.pos, self.pos.board.size());
        let names = |moves: Vec<_>| moves.into_iter().map(|m| move_name(n, m)).collect();
        match self.ask {
            DodgemAsk::Eval => Expected::Sequence(grade::terms(p).map(|t| t.to_string()).into()),
            DodgemAsk::Value => Expected::Number(f64::from(crate::dodgem::evaluate(&p.board))),
            DodgemAsk::SafeMove => Expected::AnyOf(names(grade::safe_moves(p, self.rule))),
            DodgemAsk::NodeCount(a) => {
                Expected::Number(self.search(a).map_or(f64::NAN, |r| r.nodes_visited as f64))
            }
            DodgemAsk::Best => {
                let (moves, value) = grade::best(p);
                let moves = names(moves);
                Expected::MoveValue { moves, value }
            }
        }
    }

    fn check(&self, a: &Answer) -> Graded {
        let p = &self.pos;
        match self.ask {
            DodgemAsk::Eval => grade::grade_eval(p, a),
            DodgemAsk::Value => grade::grade_value(p, a),
            DodgemAsk::SafeMove => grade::grade_safe_move(p, self.rule, a),
            DodgemAsk::NodeCount(alg) => self.grade_node_count(alg, a),
            DodgemAsk::Best => grade::grade_best(p, a),
        }
    }

    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let p = &self.pos;
        let (steps, shown) = match self.ask {
            DodgemAsk::SafeMove => (
                grade::safe_move_steps(p, self.rule),
                grade::safe_moves(p, self.rule).first().copied(),
            ),
            DodgemAsk::NodeCount(alg) => (self.node_count_steps(alg), None),
            DodgemAsk::Eval | DodgemAsk::Value => (grade::eval_steps(p), None),
            DodgemAsk::Best => {
                let first = grade::best(p).0.first().copied();
                let reason = first.map(|m| grade::best_reason(p, m));
                (reason.into_iter().collect(), first)
            }
        };
        (steps, drawn(|| dodgem_position(&p.board, shown)))
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Ok(Some(dodgem_position(&self.pos.board, None)?))
    }
}

/// "Dodgem n×n, bàn cờ `…` (các hàng từ trên xuống; …)".
fn board_head(p: &Position) -> String {
    let n = p.board.size();
    let (w, b) = (p.board.cars_off(Side::White), p.board.cars_off(Side::Black));
    let off = match (w, b) {
        (0, 0) => String::new(),
        _ => format!("; đã ra khỏi bàn: {w} xe Trắng, {b} xe Đen"),
    };
    format!(
        "Dodgem {n}×{n}, bàn cờ `{}` (các hàng từ trên xuống; D: xe Đen, T: xe Trắng{off})",
        board_to_text(&p.board),
    )
}

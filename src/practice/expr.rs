//! Họ bài **tính giá trị một biểu thức** (chương 1, bài khởi động của quay
//! lui): biểu thức, đề, đáp án, bộ chấm (nhận ra lỗi tính lần lượt từ trái sang
//! phải), lời giải theo `Eval(n)` và hình cây biểu thức ([`ExprProblem`]).

use super::answer::Answer;
use super::check::{Check, Graded};
use super::error::PracticeError;
use super::expected::Expected;
use super::family::{info, Asks, Family, KindInfo};
use super::feedback::MistakeKind;
use super::level::{Level, Topic};
use super::solution::drawn;
use super::Problem;
use crate::expr::Expr;
use crate::plot::{expr_tree, ExprTreeOptions, Figure, PlotError};
use crate::random::SplitMix64;
use crate::value::fmt_value;

/// Bài tính giá trị một biểu thức: chữ của biểu thức, cây của nó và giá trị.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ExprProblem {
    text: String,
    expr: Expr,
    value: f64,
}

impl Problem {
    /// Bài "tính giá trị biểu thức" `text` (số, `+ - * /` hoặc `− × ÷`, ngoặc;
    /// chương 1). Lần sai đầu nói loại lỗi (ví dụ "tính từ trái sang phải"), lần
    /// hai đưa cây của biểu thức viết đủ ngoặc, lần ba các bước của `Eval` và
    /// hình. Biểu thức viết sai hay không có giá trị: lỗi tiếng Việt.
    ///
    /// ```
    /// use caytrochoi::practice::Problem;
    /// let bai = Problem::on_expr("8 − 6 ÷ 2 + 1").unwrap();
    /// assert!(!bai.check("?").answered());
    /// assert!(bai.check(2).message.contains("từ trái sang phải"));
    /// assert!(bai.check(6).ok());
    /// let loi = Problem::on_expr("1 ÷ (2 − 2)").unwrap_err();
    /// assert!(loi.to_string().contains("chia cho 0"));
    /// ```
    pub fn on_expr(text: &str) -> Result<Problem, PracticeError> {
        Ok(Problem::given(ExprProblem::parse(text)?))
    }
}

impl ExprProblem {
    fn parse(text: &str) -> Result<ExprProblem, PracticeError> {
        let expr = Expr::parse(text).map_err(|err| {
            PracticeError::Invalid(format!(
                "Không đọc được biểu thức: {err}. Dùng số, `+ - * /` (hoặc `− × ÷`) và ngoặc."
            ))
        })?;
        let value = expr.eval().map_err(|err| {
            PracticeError::Invalid(format!(
                "Biểu thức không có giá trị: {err} (một điểm dừng kiểu \"không thể đi tiếp\")."
            ))
        })?;
        let text = text.trim().to_string();
        Ok(ExprProblem { text, expr, value })
    }

    /// Giá trị khi tính từ trái sang phải ([`Expr::left_to_right`]); chỉ với
    /// biểu thức viết không ngoặc (cây không giữ ngoặc nên xem chữ của bài).
    fn left_to_right(&self) -> Option<f64> {
        let plain = !self.text.contains('(');
        self.expr.left_to_right().filter(|_| plain)
    }

    /// Hình cây của biểu thức; `solved`: ghi giá trị và thứ tự định trị.
    fn tree(&self, solved: bool) -> Result<Figure, PlotError> {
        let options = ExprTreeOptions {
            values: solved,
            order: solved,
            ..ExprTreeOptions::default()
        };
        expr_tree(&self.expr, &options)
    }
}

impl Asks for ExprProblem {
    type Ask = ();

    fn asks() -> Vec<((), KindInfo)> {
        let name = "giá trị của một biểu thức";
        vec![info((), "bieu-thuc", name, Topic::Backtracking)]
    }

    /// Không có trong bài ngẫu nhiên của chương nào (bài của mọi hạt giống giữ
    /// nguyên); chọn được theo dạng (`--dang bieu-thuc`) và làm bài cố định.
    fn in_topic(_: Topic, _: Level) -> Vec<()> {
        Vec::new()
    }

    /// 3, 4 hay 5 số một chữ số nối bằng `+ − ×`, sao cho tính lần lượt từ
    /// trái sang phải cho một số khác hẳn.
    fn generate((): (), level: Level, rng: &mut SplitMix64) -> ExprProblem {
        let count = level.pick([3, 4, 5]);
        loop {
            let mut text = rng.range(1, 9).to_string();
            for _ in 1..count {
                let op = ["+", "−", "×"][rng.range(0, 2) as usize];
                text.push_str(&format!(" {op} {}", rng.range(1, 9)));
            }
            let Ok(p) = ExprProblem::parse(&text) else {
                continue;
            };
            if p.left_to_right().is_some_and(|n| (n - p.value).abs() > 1.0) {
                return p;
            }
        }
    }

    fn ask(&self) {}
}

impl Family for ExprProblem {
    fn statement(&self) -> String {
        format!(
            "Tính giá trị của biểu thức `{}` (nhân, chia làm trước cộng, trừ).",
            self.text
        )
    }

    fn how_to_answer(&self) -> String {
        "Ghi một số, ví dụ `5`.".into()
    }

    fn expected(&self) -> Expected {
        Expected::Number(self.value)
    }

    fn check(&self, answer: &Answer) -> Graded {
        let x = answer.single_number("một số")?;
        let (text, truth) = (&self.text, self.value);
        if (x - truth).abs() < 1e-9 {
            return Check::right(format!("{text} = {}.", fmt_value(truth)));
        }
        let tree = format!(
            "Cây của biểu thức (viết đủ ngoặc) là {}: định trị từ các lá lên, phép ở gốc làm \
             sau cùng.",
            self.expr
        );
        let naive = self
            .left_to_right()
            .is_some_and(|n| (n - x).abs() < 1e-9 && (n - truth).abs() > 1e-9);
        if naive {
            return Check::wrong(
                MistakeKind::LeftToRight,
                "Có vẻ bạn đã tính lần lượt từ trái sang phải; nhưng nhân, chia được làm trước \
                 cộng, trừ.",
                format!("{tree} Nhân, chia nằm thấp hơn trong cây nên được tính trước."),
            );
        }
        let hint = format!("{} không phải giá trị của {text}.", fmt_value(x));
        Check::wrong(MistakeKind::WrongValue, hint, tree)
    }

    /// Các bước của `Eval` và cây có giá trị.
    fn steps(&self) -> (Vec<String>, Option<Figure>) {
        let steps = self.expr.eval_steps().map(|(_, s)| s).unwrap_or_default();
        (steps, drawn(|| self.tree(true)))
    }

    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        self.tree(false).map(Some)
    }
}

//! Cây biểu thức số học — bài khởi động của kỹ thuật quay lui.
//!
//! Nút lá là toán hạng, nút trong là toán tử hai ngôi. Định trị một nút: định
//! trị con trái, định trị con phải (đi xuống), rồi quay lui áp dụng toán tử —
//! hàm `Eval(n)` của bài giảng. Cây trò chơi được định trị theo đúng cách ấy,
//! chỉ khác là "toán tử" là max hoặc min và một nút có thể có nhiều con.
//!
//! ```
//! use caytrochoi::expr::Expr;
//! let e = Expr::parse("5 + 2 × 3 − 4").unwrap();
//! assert_eq!(e.to_string(), "((5 + (2 × 3)) − 4)");
//! assert_eq!(e.eval().unwrap(), 7.0);
//! ```

use crate::value::fmt_value;
use std::fmt;

/// Độ lồng tối đa của biểu thức khi đọc (tránh tràn ngăn xếp).
pub(crate) const MAX_NESTING: usize = crate::limits::EXPR_NESTING;

/// Số toán tử tối đa của một biểu thức (cây càng nhiều toán tử càng sâu).
pub(crate) const MAX_OPERATORS: usize = crate::limits::EXPR_OPERATORS;

/// Toán tử hai ngôi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Cộng `+`.
    Add,
    /// Trừ `−`.
    Sub,
    /// Nhân `×`.
    Mul,
    /// Chia `÷`.
    Div,
}

impl Op {
    /// Ký hiệu của toán tử như trong sách: `+`, `−`, `×`, `÷`.
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '−',
            Op::Mul => '×',
            Op::Div => '÷',
        }
    }

    fn apply(self, a: f64, b: f64) -> Result<f64, ExprError> {
        match self {
            Op::Add => Ok(a + b),
            Op::Sub => Ok(a - b),
            Op::Mul => Ok(a * b),
            Op::Div if b == 0.0 => Err(ExprError::DivisionByZero),
            Op::Div => Ok(a / b),
        }
    }
}

/// Một nút của cây biểu thức.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// Nút lá: một toán hạng.
    Num(f64),
    /// Nút trong: toán tử với con trái và con phải.
    Op(Op, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// Giá trị khi tính lần lượt **từ trái sang phải**, bỏ qua thứ tự ưu tiên —
    /// lỗi hay gặp mà bài luyện tập của chương 1 nhận ra: các số và các phép theo
    /// đúng thứ tự viết (duyệt giữa của cây). Chỉ có nghĩa với biểu thức viết không
    /// ngoặc; `None` khi gặp phép chia cho 0.
    pub(crate) fn left_to_right(&self) -> Option<f64> {
        fn in_order(e: &Expr, numbers: &mut Vec<f64>, ops: &mut Vec<Op>) {
            match e {
                Expr::Num(n) => numbers.push(*n),
                Expr::Op(op, l, r) => {
                    in_order(l, numbers, ops);
                    ops.push(*op);
                    in_order(r, numbers, ops);
                }
            }
        }
        let (mut numbers, mut ops) = (Vec::new(), Vec::new());
        in_order(self, &mut numbers, &mut ops);
        let mut acc = numbers[0];
        for (op, v) in ops.into_iter().zip(numbers.into_iter().skip(1)) {
            acc = op.apply(acc, v).ok()?;
        }
        Some(acc)
    }
}

/// Lỗi khi đọc hoặc tính biểu thức. Vị trí đếm theo ký tự, từ 1.
///
/// `Debug` in lời tiếng Việt của `Display` (điều sinh viên đọc khi gọi
/// `.unwrap()` trên một biểu thức gõ sai).
#[derive(Clone, PartialEq)]
pub enum ExprError {
    /// Ở vị trí `position` cần `expected` nhưng gặp `found`.
    Syntax {
        /// Vị trí (ký tự thứ mấy, từ 1).
        position: usize,
        /// Điều cần có ở đó, ví dụ "một số hoặc `(`".
        expected: String,
        /// Điều gặp thực tế, ví dụ "`)`" hoặc "hết biểu thức".
        found: String,
    },
    /// Một số viết sai, ví dụ `1.2.3`.
    InvalidNumber {
        /// Vị trí bắt đầu của số.
        position: usize,
        /// Số đã viết.
        text: String,
    },
    /// Lồng quá [`EXPR_NESTING`](crate::limits::EXPR_NESTING) cặp ngoặc.
    TooNested {
        /// Vị trí của dấu `(` vượt giới hạn.
        position: usize,
    },
    /// Nhiều hơn [`EXPR_OPERATORS`](crate::limits::EXPR_OPERATORS) toán tử.
    TooLong {
        /// Vị trí đang đọc khi vượt giới hạn.
        position: usize,
    },
    /// Chia cho 0 khi tính giá trị.
    DivisionByZero,
}

impl fmt::Debug for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExprError::Syntax {
                position,
                expected,
                found,
            } => write!(f, "vị trí {position}: cần {expected} nhưng gặp {found}"),
            ExprError::InvalidNumber { position, text } => {
                write!(f, "vị trí {position}: số không hợp lệ `{text}`")
            }
            ExprError::TooNested { position } => write!(
                f,
                "vị trí {position}: biểu thức lồng quá {MAX_NESTING} cặp ngoặc"
            ),
            ExprError::TooLong { position } => write!(
                f,
                "vị trí {position}: biểu thức có hơn {MAX_OPERATORS} toán tử, quá dài"
            ),
            ExprError::DivisionByZero => f.write_str("chia cho 0"),
        }
    }
}

impl std::error::Error for ExprError {}

impl Expr {
    /// Đọc biểu thức trung tố: số, `+ - * /` (hoặc `− × ÷`), ngoặc; nhân chia
    /// trước, cộng trừ sau, cùng mức thì tính từ trái sang phải.
    pub fn parse(text: &str) -> Result<Expr, ExprError> {
        let chars: Vec<char> = text.chars().collect();
        let mut p = Parser {
            chars,
            pos: 0,
            ops: 0,
        };
        let e = p.sum(0)?;
        p.skip_space();
        if p.pos < p.chars.len() {
            return Err(p.error("một toán tử hoặc hết biểu thức"));
        }
        Ok(e)
    }

    /// `Eval(n)`: giá trị của nút.
    pub fn eval(&self) -> Result<f64, ExprError> {
        match self {
            Expr::Num(v) => Ok(*v),
            Expr::Op(op, left, right) => op.apply(left.eval()?, right.eval()?),
        }
    }

    /// Định trị và kể lại từng bước đi xuống, quay lui như bài giảng.
    ///
    /// ```
    /// use caytrochoi::expr::Expr;
    /// let (v, steps) = Expr::parse("5 + 2 × 3 − 4").unwrap().eval_steps().unwrap();
    /// assert_eq!(v, 7.0);
    /// assert_eq!(steps.last().unwrap(), "Quay lui về nút −: 11 − 4 = 7. Đây là giá trị của cả biểu thức.");
    /// ```
    pub fn eval_steps(&self) -> Result<(f64, Vec<String>), ExprError> {
        let mut steps = Vec::new();
        let v = self.walk(&mut steps, true)?;
        Ok((v, steps))
    }

    fn name(&self) -> String {
        match self {
            Expr::Num(v) => fmt_value(*v),
            Expr::Op(op, ..) => op.symbol().to_string(),
        }
    }

    fn walk(&self, steps: &mut Vec<String>, is_root: bool) -> Result<f64, ExprError> {
        match self {
            Expr::Num(v) => {
                steps.push(format!(
                    "Nút {} là nút lá: giá trị {}.",
                    fmt_value(*v),
                    fmt_value(*v)
                ));
                Ok(*v)
            }
            Expr::Op(op, l, r) => {
                steps.push(format!(
                    "Muốn định trị nút {}, phải định trị hai con: nút {} và nút {}.",
                    op.symbol(),
                    l.name(),
                    r.name()
                ));
                let a = l.walk(steps, false)?;
                let b = r.walk(steps, false)?;
                let v = op.apply(a, b)?;
                let mut s = format!(
                    "Quay lui về nút {}: {} {} {} = {}.",
                    op.symbol(),
                    fmt_value(a),
                    op.symbol(),
                    fmt_value(b),
                    fmt_value(v)
                );
                if is_root {
                    s.push_str(" Đây là giá trị của cả biểu thức.");
                }
                steps.push(s);
                Ok(v)
            }
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(v) => f.write_str(&fmt_value(*v)),
            Expr::Op(op, l, r) => write!(f, "({l} {} {r})", op.symbol()),
        }
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    ops: usize,
}

impl Parser {
    fn skip_space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn error(&self, expected: &str) -> ExprError {
        let found = match self.chars.get(self.pos) {
            Some(c) => format!("`{c}`"),
            None => "hết biểu thức".into(),
        };
        ExprError::Syntax {
            position: self.pos + 1,
            expected: expected.to_string(),
            found,
        }
    }

    fn op(&mut self, ops: &[(char, Op)]) -> Option<Op> {
        self.skip_space();
        let c = *self.chars.get(self.pos)?;
        let op = ops.iter().find(|(s, _)| *s == c).map(|(_, o)| *o)?;
        self.pos += 1;
        self.ops += 1;
        Some(op)
    }

    fn check_size(&self) -> Result<(), ExprError> {
        if self.ops > MAX_OPERATORS {
            return Err(ExprError::TooLong { position: self.pos });
        }
        Ok(())
    }

    fn sum(&mut self, depth: usize) -> Result<Expr, ExprError> {
        let mut e = self.product(depth)?;
        while let Some(op) = self.op(&[('+', Op::Add), ('-', Op::Sub), ('−', Op::Sub)]) {
            self.check_size()?;
            let r = self.product(depth)?;
            e = Expr::Op(op, Box::new(e), Box::new(r));
        }
        Ok(e)
    }

    fn product(&mut self, depth: usize) -> Result<Expr, ExprError> {
        let mut e = self.atom(depth)?;
        while let Some(op) = self.op(&[
            ('*', Op::Mul),
            ('×', Op::Mul),
            ('/', Op::Div),
            ('÷', Op::Div),
        ]) {
            self.check_size()?;
            let r = self.atom(depth)?;
            e = Expr::Op(op, Box::new(e), Box::new(r));
        }
        Ok(e)
    }

    fn atom(&mut self, depth: usize) -> Result<Expr, ExprError> {
        self.skip_space();
        if self.chars.get(self.pos) == Some(&'(') {
            if depth >= MAX_NESTING {
                return Err(ExprError::TooNested {
                    position: self.pos + 1,
                });
            }
            self.pos += 1;
            let e = self.sum(depth + 1)?;
            self.skip_space();
            if self.chars.get(self.pos) != Some(&')') {
                return Err(self.error("`)`"));
            }
            self.pos += 1;
            return Ok(e);
        }
        let start = self.pos;
        while self
            .chars
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.')
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(self.error("một số hoặc `(`"));
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        text.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map(Expr::Num)
            .ok_or(ExprError::InvalidNumber {
                position: start + 1,
                text,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(
            Expr::parse("5 + * 2").unwrap_err(),
            ExprError::Syntax {
                position: 5,
                expected: "một số hoặc `(`".into(),
                found: "`*`".into()
            }
        );
        assert_eq!(
            Expr::parse("1.2.3").unwrap_err().to_string(),
            "vị trí 1: số không hợp lệ `1.2.3`"
        );
        let deep = format!(
            "{}1{}",
            "(".repeat(MAX_NESTING + 1),
            ")".repeat(MAX_NESTING + 1)
        );
        assert!(matches!(
            Expr::parse(&deep),
            Err(ExprError::TooNested { position }) if position == MAX_NESTING + 1
        ));
        let long = vec!["1"; MAX_OPERATORS + 2].join(" + ");
        assert!(matches!(Expr::parse(&long), Err(ExprError::TooLong { .. })));
        assert_eq!(
            Expr::parse("1 ÷ (2 − 2)").unwrap().eval(),
            Err(ExprError::DivisionByZero)
        );
    }
}

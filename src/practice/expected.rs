//! Đáp án đúng của một bài ([`Expected`]), theo cấu trúc: mọi họ bài trả về nó,
//! bộ chấm so câu trả lời với nó, đề in và lời giải viết nó ra.

use crate::outcome::Outcome;
use crate::value::fmt_value;

/// Đáp án đúng của một bài, theo cấu trúc (mọi đáp án đều do thư viện tính).
#[derive(Debug, Clone, PartialEq)]
pub enum Expected {
    /// Một số.
    Number(f64),
    /// Một trong các lựa chọn này (nước đi tốt nhất, nước thắng…).
    AnyOf(Vec<String>),
    /// Một tập (thứ tự không quan trọng); rỗng nghĩa là "không".
    Set(Vec<String>),
    /// Một dãy có thứ tự.
    Sequence(Vec<String>),
    /// Giá trị theo tên (G của từng đỉnh).
    Named(Vec<(String, i64)>),
    /// Thắng hay thua (của người đến lượt).
    Outcome(Outcome),
    /// Một trong các nước tốt nhất, kèm giá trị.
    MoveValue {
        /// Các nước tốt nhất.
        moves: Vec<String>,
        /// Giá trị.
        value: f64,
    },
}

impl Expected {
    /// Đáp án viết đúng dạng mà bộ chấm nhận (lựa chọn đầu tiên nếu có nhiều).
    pub fn text(&self) -> String {
        match self {
            Expected::Number(v) => fmt_value(*v),
            Expected::AnyOf(v) => v.first().cloned().unwrap_or_default(),
            Expected::Set(v) | Expected::Sequence(v) if v.is_empty() => "không".into(),
            Expected::Set(v) | Expected::Sequence(v) => v.join(", "),
            Expected::Named(v) => {
                let v: Vec<String> = v.iter().map(|(n, x)| format!("{n} = {x}")).collect();
                v.join(", ")
            }
            Expected::Outcome(Outcome::NextWins) => "thắng".into(),
            Expected::Outcome(_) => "thua".into(),
            Expected::MoveValue { moves, value } => {
                let first = moves.first().map_or("", String::as_str);
                format!("{first} {}", fmt_value(*value))
            }
        }
    }
}

/// Các số cách nhau bởi dấu phẩy: "3, 5, 6".
pub(crate) fn list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
}

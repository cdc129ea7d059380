//! Đáp án đúng của một bài ([`Expected`]), theo cấu trúc: mọi họ bài trả về nó,
//! bộ chấm so câu trả lời với nó, đề in và lời giải viết nó ra.

use crate::outcome::Outcome;
use crate::value::fmt_value;
use std::fmt;

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
            Expected::Named(v) => list(v.iter().map(|(n, x)| format!("{n} = {x}"))),
            Expected::Outcome(Outcome::NextWins) => "thắng".into(),
            Expected::Outcome(_) => "thua".into(),
            Expected::MoveValue { moves, value } => {
                let first = moves.first().map_or("", String::as_str);
                format!("{first} {}", fmt_value(*value))
            }
        }
    }
}

/// Các phần tử cách nhau bởi dấu phẩy: "3, 5, 6".
pub(crate) fn list<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    joined(items, ", ")
}

/// Các phần tử cách nhau bởi `sep`: `joined([7, 9, 12], " ⊕ ")` là "7 ⊕ 9 ⊕ 12".
pub(crate) fn joined<T: fmt::Display>(items: impl IntoIterator<Item = T>, sep: &str) -> String {
    let all: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    all.join(sep)
}

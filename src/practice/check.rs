//! Kết quả của một bộ chấm, trước khi biết đó là lần thử thứ mấy: **đúng** hay
//! **sai** ([`Check`]), hoặc **không đọc được** câu trả lời — một lỗi
//! ([`Unreadable`]), không phải một kết luận, nên bộ chấm viết `?` sau mỗi bước
//! đọc ([`Answer::single_number`]…) và phần còn lại chỉ lo chấm.
//!
//! ```text
//! fn check(&self, answer: &Answer) -> Graded {
//!     let x = answer.single_natural("một số tự nhiên")?; // không đọc được: dừng ở đây
//!     if x == self.mex() { Check::right(…) } else { Check::wrong(…) }
//! }
//! ```

use super::answer::{parse_integer, parse_number, Answer};
use super::feedback::{Mistake, MistakeKind};
use std::fmt;

/// Kết luận về một câu trả lời đã đọc được.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Check {
    /// Đúng, kèm một câu xác nhận (lý do đúng).
    Right(String),
    /// Sai, kèm các lỗi.
    Wrong(Vec<Mistake>),
}

/// Không đọc được câu trả lời; lời giải thích vì sao (sinh viên đọc nó, sau
/// "Chưa đọc được câu trả lời: ").
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Unreadable(pub(crate) String);

/// Điều một bộ chấm trả về: một kết luận, hay lỗi "không đọc được".
pub(crate) type Graded = Result<Check, Unreadable>;

impl Check {
    /// Đúng, với câu xác nhận `why`.
    pub(crate) fn right(why: impl Into<String>) -> Graded {
        Ok(Check::Right(why.into()))
    }

    /// Sai, với đúng một lỗi (xem [`Mistake::new`]).
    pub(crate) fn wrong(
        kind: MistakeKind,
        hint: impl Into<String>,
        detail: impl Into<String>,
    ) -> Graded {
        Check::mistakes(vec![Mistake::new(kind, hint, detail)])
    }

    /// Sai, với các lỗi `mistakes`.
    pub(crate) fn mistakes(mistakes: Vec<Mistake>) -> Graded {
        Ok(Check::Wrong(mistakes))
    }
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unreadable {}

/// Các bước đọc chung của những bộ chấm chờ **đúng một** phần trong câu trả lời.
impl Answer {
    /// Phần duy nhất của câu trả lời; `need` nói điều cần ghi ("một số", "một
    /// nhãn (một con của gốc)"…) trong lời "cần đúng …".
    pub(crate) fn single(&self, need: &str) -> Result<&str, Unreadable> {
        match self.items() {
            [item] => Ok(item.as_str()),
            _ => Err(Unreadable(format!("cần đúng {need}"))),
        }
    }

    /// Một số (cả `∞`), là phần duy nhất của câu trả lời.
    pub(crate) fn single_number(&self, need: &str) -> Result<f64, Unreadable> {
        let item = self.single(need)?;
        parse_number(item).ok_or_else(|| not_a(item, "một số"))
    }

    /// Một số nguyên (có thể âm), là phần duy nhất của câu trả lời.
    pub(crate) fn single_integer(&self, need: &str) -> Result<i64, Unreadable> {
        let item = self.single(need)?;
        parse_integer(item).ok_or_else(|| not_a(item, "một số nguyên"))
    }

    /// Một số tự nhiên, là phần duy nhất của câu trả lời.
    pub(crate) fn single_natural(&self, need: &str) -> Result<u64, Unreadable> {
        let item = self.single(need)?;
        let natural = parse_integer(item).and_then(|v| u64::try_from(v).ok());
        natural.ok_or_else(|| not_a(item, "một số tự nhiên"))
    }
}

/// "`item` không phải `what`".
fn not_a(item: &str, what: &str) -> Unreadable {
    Unreadable(format!("`{item}` không phải {what}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_reads_one_part_and_says_why_not() {
        let a = Answer::from("7");
        assert_eq!(a.single_natural("một số tự nhiên"), Ok(7));
        assert_eq!(Answer::from("-3").single_integer("một số nguyên"), Ok(-3));
        let two = Answer::from("1, 2").single_number("một số (giá trị của gốc)");
        let why = two.unwrap_err().to_string();
        assert_eq!(why, "cần đúng một số (giá trị của gốc)");
        let neg = Answer::from("-1")
            .single_natural("một số tự nhiên")
            .unwrap_err();
        assert_eq!(neg.to_string(), "`-1` không phải một số tự nhiên");
        let word = Answer::from("x").single_number("một số").unwrap_err();
        assert_eq!(word.to_string(), "`x` không phải một số");
    }
}

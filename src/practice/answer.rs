//! Câu trả lời sinh viên gõ, và cách đọc nó rộng rãi.
//!
//! **Một quy ước chỗ trống cho mọi bộ chấm:** chỗ chưa trả lời luôn là `"?"`
//! ([`BLANK`]). Ô notebook để sẵn `"?"`; sinh viên thay bằng câu trả lời.
//!
//! Câu trả lời nhận được ở nhiều dạng, tùy chỗ gõ:
//! - một số: `5`, `5.0`, `"5"`, `"-∞"`;
//! - một chuỗi, các phần cách nhau bởi dấu phẩy, chấm phẩy hoặc xuống dòng (dấu
//!   phẩy bên trong ngoặc không tính): `"F, H"`, `"-∞, Max(-∞, 1) = 1"`;
//! - một danh sách: `&["F", "H"]`, `vec!["F"]`; danh sách rỗng `&[]` (hay chuỗi
//!   `"không"`) là "không có gì".
//!
//! Chữ được so **không phân biệt hoa thường và không kể dấu** ([`fold`]): `"thắng"`
//! gõ ở dạng dựng sẵn (NFC) hay dạng tách dấu (NFD, bàn phím macOS), hay `"thang"`,
//! đều như nhau.
//!
//! ```
//! use caytrochoi::practice::Answer;
//! assert_eq!(Answer::from("F, H").items(), ["F", "H"]);
//! assert_eq!(Answer::from("-∞, Max(-∞, 1) = 1").items(), ["-∞", "Max(-∞, 1) = 1"]);
//! assert!(Answer::from("?").is_blank());
//! assert!(Answer::from(&["F", "?"]).is_blank());
//! assert!(Answer::from(&[] as &[&str]).items().is_empty());
//! assert_eq!(Answer::from(3).items(), ["3"]);
//! ```

use crate::outcome::Outcome;
use crate::text::base_letter;
use crate::value::fmt_value;

/// Chỗ trống: câu trả lời chưa được điền.
pub const BLANK: &str = "?";

/// Câu trả lời của sinh viên: các phần đã bỏ khoảng trắng hai đầu.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Answer {
    items: Vec<String>,
}

impl Answer {
    /// Đọc một chuỗi: tách các phần ở dấu phẩy, chấm phẩy, xuống dòng nằm ngoài
    /// ngoặc; bỏ phần rỗng.
    pub fn parse(text: &str) -> Answer {
        let mut items = Vec::new();
        let mut depth = 0i32;
        let mut cur = String::new();
        for c in text.chars() {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => depth -= 1,
                ',' | ';' | '\n' if depth <= 0 => {
                    items.push(std::mem::take(&mut cur));
                    continue;
                }
                _ => {}
            }
            cur.push(c);
        }
        items.push(cur);
        Answer::list(items)
    }

    /// Một danh sách có sẵn (mỗi phần giữ nguyên, chỉ bỏ khoảng trắng hai đầu và
    /// đưa về dạng NFC: nhãn `Bình` gõ kiểu tách dấu vẫn là nhãn `Bình`).
    ///
    /// ```
    /// use caytrochoi::practice::Answer;
    /// assert_eq!(Answer::list(["Bi\u{300}nh "]).items(), ["Bình"]);
    /// ```
    pub fn list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> Answer {
        let nfc = |s: S| crate::text::nfc(s.as_ref().trim()).into_owned();
        let items = items.into_iter().map(nfc).filter(|s| !s.is_empty());
        Answer {
            items: items.collect(),
        }
    }

    /// Các phần của câu trả lời.
    pub fn items(&self) -> &[String] {
        &self.items
    }

    /// Chưa trả lời: có một phần là `"?"`.
    pub fn is_blank(&self) -> bool {
        self.items.iter().any(|s| s == BLANK)
    }

    /// Không có phần nào, hoặc chỉ một chữ "không" / "rỗng" / "-".
    pub fn is_none(&self) -> bool {
        match self.items.as_slice() {
            [] => true,
            [one] => matches!(
                fold(one).as_str(),
                "khong" | "rong" | "-" | "none" | "{}" | "[]" | "∅" | "khong co"
            ),
            _ => false,
        }
    }

    /// Các "từ": các phần, tách tiếp ở khoảng trắng (dùng cho danh sách nhãn
    /// hay số gõ cách nhau bằng dấu cách: `F H`, `2 0 1`).
    pub fn words(&self) -> Vec<String> {
        let words = self.items.iter().flat_map(|s| s.split_whitespace());
        words.map(str::to_string).collect()
    }

    /// Viết lại câu trả lời trên một dòng (để nhắc lại trong lời nhận xét).
    pub fn joined(&self) -> String {
        self.items.join(", ")
    }
}

/// `impl From<T> for Answer` cho mỗi dòng `[tham số kiểu] T, |v| cách đọc;`.
macro_rules! answer_from {
    ($($(#[$doc:meta])* [$($g:tt)*] $t:ty, |$v:ident| $read:expr;)*) => {$(
        $(#[$doc])*
        impl<$($g)*> From<$t> for Answer {
            fn from($v: $t) -> Answer {
                $read
            }
        }
    )*};
}

answer_from! {
    [] &str, |s| Answer::parse(s);
    [] String, |s| Answer::parse(&s);
    [] &String, |s| Answer::parse(s);
    [] &Answer, |a| a.clone();
    [] f64, |v| Answer::list([fmt_value(v)]);
    [] i32, |v| Answer::list([v.to_string()]);
    [] i64, |v| Answer::list([v.to_string()]);
    [] u32, |v| Answer::list([v.to_string()]);
    [] u64, |v| Answer::list([v.to_string()]);
    [] usize, |v| Answer::list([v.to_string()]);
    [S: AsRef<str>] Vec<S>, |v| Answer::list(v);
    [S: AsRef<str>, const N: usize] [S; N], |v| Answer::list(v);
    [] &[&str], |v| Answer::list(v);
    [const N: usize] &[&str; N], |v| Answer::list(v);
    [] &[String], |v| Answer::list(v);
    /// Các cặp (tên, số): `&[("A", 2), ("B", 0)]` thành `A = 2, B = 0` (G hay mã
    /// của từng đỉnh).
    [T: std::fmt::Display] &[(&str, T)], |v| {
        Answer::list(v.iter().map(|(name, x)| format!("{name} = {x}")))
    };
    [T: std::fmt::Display, const N: usize] &[(&str, T); N], |v| Answer::from(&v[..]);
    /// Các ô `&[(0, 0), (1, 2)]` thành `(0, 0), (1, 2)`.
    [] &[(u32, u32)], |v| Answer::list(v.iter().map(|(p, q)| format!("({p}, {q})")));
    [const N: usize] &[(u32, u32); N], |v| Answer::from(&v[..]);
}

/// Chữ thường, bỏ dấu tiếng Việt (cả dạng dựng sẵn NFC lẫn dạng tách dấu NFD),
/// `đ` thành `d`, bỏ khoảng trắng hai đầu: `"Thắng"` → `"thang"`.
///
/// Chỉ dùng để **so** chữ sinh viên gõ với các từ được chấp nhận; mọi chữ in ra
/// vẫn có dấu đầy đủ.
pub(crate) fn fold(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(base_letter)
        .collect()
}

/// Chuẩn hóa cách viết một biểu thức nhỏ: bỏ khoảng trắng, chữ thường, mọi
/// kiểu dấu trừ thành `-`, `inf`/`infinity` thành `∞`.
pub(crate) fn normalize_math(s: &str) -> String {
    let s: String = s
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '−' | '–' | '—' => '-',
            _ => c,
        })
        .collect::<String>()
        .to_lowercase();
    s.replace("infinity", "∞")
        .replace("inf", "∞")
        .replace("+∞", "∞")
}

/// Đọc một số (cả `∞`, `-∞`, `-inf`, dấu trừ `−`); `None` nếu không phải số.
pub(crate) fn parse_number(text: &str) -> Option<f64> {
    let n = normalize_math(text);
    match n.as_str() {
        "∞" => Some(f64::INFINITY),
        "-∞" => Some(f64::NEG_INFINITY),
        _ => n
            .trim_start_matches('+')
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite()),
    }
}

/// Đọc một số nguyên (có thể có dấu).
pub(crate) fn parse_integer(text: &str) -> Option<i64> {
    let v = parse_number(text)?;
    (v.fract() == 0.0 && v.abs() < 1e15).then_some(v as i64)
}

/// Các số nguyên không âm có trong một đoạn chữ, theo thứ tự: `"đống 2 còn 3"`
/// → `[2, 3]`.
pub(crate) fn numbers_in(text: &str) -> Vec<u64> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter_map(|digits| digits.parse().ok())
        .collect()
}

/// Một tập viết như bài giảng: `{0, 2, 3}`.
pub(crate) fn set_text(values: &[u32]) -> String {
    format!("{{{}}}", super::expected::list(values))
}

/// Đọc "thắng/thua" (hay N/P) của người đến lượt đi.
pub(crate) fn parse_outcome(text: &str) -> Option<Outcome> {
    let t = fold(text);
    let win = t == "n" || t.contains("thang") || t.contains("next");
    let lose = t == "p" || t.contains("thua") || t.contains("previous");
    match (win, lose) {
        (true, false) => Some(Outcome::NextWins),
        (false, true) => Some(Outcome::PreviousWins),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_drops_vietnamese_marks_in_both_forms() {
        assert_eq!(fold(" Thắng "), "thang");
        assert_eq!(fold("tha\u{306}\u{301}ng"), "thang"); // dạng tách dấu
        assert_eq!(fold("ĐỐNG"), "dong");
    }

    #[test]
    fn numbers() {
        assert_eq!(parse_number("−3"), Some(-3.0));
        assert_eq!(parse_number("-inf"), Some(f64::NEG_INFINITY));
        assert_eq!(parse_number("+∞"), Some(f64::INFINITY));
        assert_eq!(parse_number("một"), None);
        assert_eq!(parse_number("NaN"), None);
        assert_eq!(parse_integer("4.5"), None);
        assert_eq!(numbers_in("đống 2 còn 13"), [2, 13]);
        assert_eq!(Answer::from(f64::NEG_INFINITY).items(), ["-∞"]);
    }
}

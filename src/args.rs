//! Đọc đối số của một lệnh (các chữ sau tên lệnh), báo lỗi bằng tiếng Việt.
//!
//! Cách dùng trong một lệnh con: lấy hết các tùy chọn (`flag`, `value`) trước,
//! rồi mới lấy các đối số vị trí (`positional`), cuối cùng gọi `finish` để báo
//! những gì còn thừa. Dòng lệnh dùng nó, và cả danh mục trò chơi của bài giảng
//! ([`crate::grundy::lecture`]): mỗi trò chơi tự đọc thế của mình.

// Không có dòng lệnh (tính năng `cli`), chỉ danh mục dùng tới một phần của tệp này.
#![cfg_attr(not(feature = "cli"), allow(dead_code))]

use std::fmt;

/// Đối số sai: câu tiếng Việt nói rõ đối số nào, sai thế nào.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ArgsError(pub(crate) String);

impl ArgsError {
    /// Lỗi với thông báo `message`.
    pub(crate) fn new(message: impl Into<String>) -> ArgsError {
        ArgsError(message.into())
    }
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArgsError {}

/// Danh sách đối số của một lệnh con.
pub(crate) struct Args {
    command: String,
    items: Vec<Option<String>>,
}

impl Args {
    /// `command` là tên lệnh (để ghi trong thông báo lỗi), ví dụ `"minimax"`.
    pub(crate) fn new(command: &str, items: Vec<String>) -> Args {
        Args {
            command: command.to_string(),
            items: items.into_iter().map(Some).collect(),
        }
    }

    /// Có `--help` hoặc `-h` không.
    pub(crate) fn wants_help(&self) -> bool {
        self.items
            .iter()
            .flatten()
            .any(|a| a == "--help" || a == "-h")
    }

    /// Cờ không có giá trị, ví dụ `--json`. Trả về `true` nếu có mặt.
    pub(crate) fn flag(&mut self, name: &str) -> Result<bool, ArgsError> {
        let mut found = false;
        for slot in self.items.iter_mut() {
            let Some(item) = slot.as_deref() else {
                continue;
            };
            if item == name {
                *slot = None;
                found = true;
            } else if let Some(rest) = item.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
                return Err(ArgsError::new(format!(
                    "tùy chọn {name} không nhận giá trị (gặp `{name}={rest}`)"
                )));
            }
        }
        Ok(found)
    }

    /// Tùy chọn có giá trị: `--tree X` hoặc `--tree=X`. Xuất hiện nhiều lần là lỗi.
    pub(crate) fn value(&mut self, name: &str) -> Result<Option<String>, ArgsError> {
        let mut result: Option<String> = None;
        let mut i = 0;
        while i < self.items.len() {
            let Some(item) = self.items[i].clone() else {
                i += 1;
                continue;
            };
            let got = if item == name {
                self.items[i] = None;
                match self.items.get_mut(i + 1).and_then(|s| s.take()) {
                    Some(v) => Some(v),
                    None => {
                        return Err(ArgsError::new(format!(
                            "tùy chọn {name} cần một giá trị theo sau"
                        )))
                    }
                }
            } else if let Some(v) = item.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
                self.items[i] = None;
                Some(v.to_string())
            } else {
                None
            };
            if let Some(v) = got {
                if result.is_some() {
                    return Err(ArgsError::new(format!(
                        "tùy chọn {name} được cho nhiều lần"
                    )));
                }
                result = Some(v);
            }
            i += 1;
        }
        Ok(result)
    }

    /// Tùy chọn có giá trị, đọc bằng `parse`; `expected` mô tả giá trị hợp lệ
    /// (ví dụ "một số nguyên từ 0 đến 1000").
    pub(crate) fn parsed<T>(
        &mut self,
        name: &str,
        expected: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<Option<T>, ArgsError> {
        match self.value(name)? {
            None => Ok(None),
            Some(text) => match parse(&text) {
                Some(v) => Ok(Some(v)),
                None => Err(ArgsError::new(format!(
                    "giá trị của {name} không hợp lệ: `{text}` (cần {expected})"
                ))),
            },
        }
    }

    /// Một số nguyên trong khoảng `[lo, hi]` cho tùy chọn `name`.
    pub(crate) fn number_in(
        &mut self,
        name: &str,
        lo: u64,
        hi: u64,
    ) -> Result<Option<u64>, ArgsError> {
        let expected = format!("một số nguyên từ {lo} đến {hi}");
        self.parsed(name, &expected, |t| {
            t.trim()
                .parse::<u64>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
        })
    }

    /// Đối số vị trí kế tiếp (không bắt đầu bằng `--`), hoặc `None` nếu hết.
    pub(crate) fn next_positional(&mut self) -> Option<String> {
        for slot in self.items.iter_mut() {
            if let Some(item) = slot.as_deref() {
                if !looks_like_option(item) {
                    return slot.take();
                }
            }
        }
        None
    }

    /// Đối số vị trí bắt buộc; `what` mô tả nó (ví dụ "số hàng M").
    pub(crate) fn positional(&mut self, what: &str) -> Result<String, ArgsError> {
        self.next_positional()
            .ok_or_else(|| ArgsError::new(format!("thiếu {what}")))
    }

    /// Đối số vị trí bắt buộc là số nguyên trong `[lo, hi]`.
    pub(crate) fn positional_number(
        &mut self,
        what: &str,
        lo: u64,
        hi: u64,
    ) -> Result<u64, ArgsError> {
        let text = self.positional(what)?;
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|v| (lo..=hi).contains(v))
            .ok_or_else(|| {
                ArgsError::new(format!(
                    "{what} không hợp lệ: `{text}` (cần một số nguyên từ {lo} đến {hi})"
                ))
            })
    }

    /// Báo lỗi nếu còn đối số chưa dùng (tùy chọn lạ, đối số thừa).
    pub(crate) fn finish(self) -> Result<(), ArgsError> {
        let left: Vec<String> = self.items.into_iter().flatten().collect();
        match left.first() {
            None => Ok(()),
            Some(first) if looks_like_option(first) => Err(ArgsError::new(format!(
                "tùy chọn không hợp lệ `{first}` cho lệnh `{}` (xem `caytrochoi {} --help`)",
                self.command, self.command
            ))),
            Some(first) => Err(ArgsError::new(format!(
                "đối số thừa `{first}` cho lệnh `{}` (xem `caytrochoi {} --help`)",
                self.command, self.command
            ))),
        }
    }
}

/// `--abc`, `-h` là tùy chọn; `-3` (số âm) thì không.
fn looks_like_option(s: &str) -> bool {
    s.starts_with("--")
        || (s.starts_with('-') && s.len() > 1 && !s[1..].starts_with(|c: char| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Args {
        Args::new("thu", v.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn options_and_positionals() {
        let mut a = args(&["hau", "3", "--json", "4", "--depth=2"]);
        assert!(a.flag("--json").unwrap());
        assert_eq!(a.number_in("--depth", 0, 10).unwrap(), Some(2));
        assert_eq!(a.positional("trò chơi").unwrap(), "hau");
        assert_eq!(a.positional_number("P", 0, 100).unwrap(), 3);
        assert_eq!(a.positional_number("Q", 0, 100).unwrap(), 4);
        a.finish().unwrap();
    }

    #[test]
    fn errors_are_vietnamese() {
        let mut a = args(&["--depth", "-1"]);
        let e = a.number_in("--depth", 0, 10).unwrap_err();
        assert!(e.to_string().contains("không hợp lệ"), "{e}");
        let mut a = args(&["--tree"]);
        assert!(a
            .value("--tree")
            .unwrap_err()
            .to_string()
            .contains("cần một giá trị"));
        let a = args(&["--la"]);
        assert!(a
            .finish()
            .unwrap_err()
            .to_string()
            .contains("tùy chọn không hợp lệ"));
        let mut a = args(&["--x", "1", "--x", "2"]);
        assert!(a
            .value("--x")
            .unwrap_err()
            .to_string()
            .contains("nhiều lần"));
    }
}

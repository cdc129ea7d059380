//! Lỗi khi đọc hoặc dựng cây trò chơi, bằng tiếng Việt.

use std::fmt;

/// Lỗi khi đọc, dựng hoặc khai triển cây.
///
/// `Debug` in cùng lời tiếng Việt như dòng lệnh (không in tên trường kiểu
/// `Syntax { line: 1, … }`), vì đó là điều sinh viên đọc khi một khối mã của
/// sách gọi `.unwrap()` trên một cây gõ sai.
#[derive(Clone, PartialEq)]
pub enum TreeError {
    /// Sai cú pháp ở dòng `line`, cột `column` (đếm từ 1).
    Syntax {
        /// Dòng (từ 1).
        line: usize,
        /// Cột (từ 1, đếm theo ký tự).
        column: usize,
        /// Điều cần có ở đó.
        expected: String,
        /// Điều gặp thực tế.
        found: String,
    },
    /// Một nhãn xuất hiện hai lần.
    DuplicateLabel {
        /// Nhãn bị lặp.
        label: String,
        /// Vị trí lần xuất hiện thứ hai (dòng, cột), nếu biết.
        at: Option<(usize, usize)>,
    },
    /// Cây sâu quá giới hạn.
    TooDeep {
        /// Độ sâu tối đa cho phép.
        max: u32,
        /// Vị trí (dòng, cột), nếu biết.
        at: Option<(usize, usize)>,
    },
    /// Cây có quá nhiều nút.
    TooLarge {
        /// Số nút tối đa.
        max: usize,
    },
    /// Cây đọc từ văn bản hay JSON có nhiều nút hơn giới hạn
    /// ([`crate::limits::TREE_NODES`]); bị từ chối trước khi dựng.
    TooManyNodes {
        /// Số nút của cây.
        nodes: usize,
        /// Giới hạn.
        max: usize,
    },
    /// Văn bản JSON của cây không đọc được (sai cú pháp JSON, thiếu trường,
    /// sai kiểu).
    Json {
        /// Dòng (từ 1).
        line: usize,
        /// Cột (từ 1).
        column: usize,
        /// Lý do (tiếng Việt).
        reason: String,
    },
    /// Cấu trúc không phải một cây hợp lệ (JSON sai, nút lá thiếu giá trị…).
    Invalid(String),
}

impl TreeError {
    /// Vị trí lỗi (dòng, cột), nếu có.
    pub fn position(&self) -> Option<(usize, usize)> {
        match self {
            TreeError::Syntax { line, column, .. } | TreeError::Json { line, column, .. } => {
                Some((*line, *column))
            }
            TreeError::DuplicateLabel { at, .. } | TreeError::TooDeep { at, .. } => *at,
            _ => None,
        }
    }

    /// Thông báo lỗi kèm dòng văn bản bị lỗi và dấu `^` chỉ đúng cột.
    ///
    /// Vị trí lỗi tính trên văn bản đã đưa về NFC (như bộ đọc), và dòng in ra
    /// cũng ở dạng NFC, nên dấu `^` nằm đúng dưới chữ nhìn thấy, kể cả khi văn
    /// bản gốc gõ kiểu tách dấu.
    pub fn explain(&self, source: &str) -> String {
        let source = crate::text::nfc(source);
        let mut text = self.to_string();
        if let Some((line, column)) = self.position() {
            if let Some(l) = source.lines().nth(line.saturating_sub(1)) {
                // Dòng dài: chỉ in một khúc 120 cột quanh chỗ lỗi.
                let start = column.saturating_sub(60).max(1);
                let mut shown = String::from(if start > 1 { "…" } else { "" });
                let mut col = 0;
                for c in l.chars() {
                    if !crate::text::is_combining_mark(c) {
                        col += 1;
                    }
                    if col >= start + 120 {
                        break;
                    }
                    if col >= start {
                        shown.push(c);
                    }
                }
                let pad = column.saturating_sub(start) + usize::from(start > 1);
                text.push_str(&format!("\n  {shown}\n  {}^", " ".repeat(pad)));
            }
        }
        text
    }
}

impl fmt::Debug for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cây không hợp lệ: {self}")
    }
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::Syntax {
                line,
                column,
                expected,
                found,
            } => write!(f, "dòng {line}, cột {column}: cần {expected} nhưng gặp {found}"),
            TreeError::DuplicateLabel { label, at } => match at {
                Some((l, c)) => write!(
                    f,
                    "dòng {l}, cột {c}: nhãn `{label}` đã dùng cho một nút khác (mỗi nhãn chỉ dùng một lần)"
                ),
                None => write!(f, "nhãn `{label}` bị dùng hai lần (mỗi nhãn chỉ dùng một lần)"),
            },
            TreeError::TooDeep { max, at } => match at {
                Some((l, c)) => write!(
                    f,
                    "dòng {l}, cột {c}: cây sâu quá {max} mức, caytrochoi không nhận cây sâu như vậy"
                ),
                None => write!(f, "cây sâu quá {max} mức, caytrochoi không nhận cây sâu như vậy"),
            },
            TreeError::TooLarge { max } => write!(
                f,
                "cây có hơn {} nút, quá lớn để dựng tường minh (hãy khai triển ít độ sâu hơn)",
                crate::limits::group(*max as u64)
            ),
            TreeError::TooManyNodes { nodes, max } => write!(
                f,
                "cây có {} nút, vượt giới hạn {} nút; hãy dùng cây nhỏ hơn, hoặc nâng giới hạn \
                 (dòng lệnh: --max-tree-nodes N; thư viện: Limits::tree_nodes)",
                crate::limits::group(*nodes as u64),
                crate::limits::group(*max as u64)
            ),
            TreeError::Json {
                line,
                column,
                reason,
            } => write!(
                f,
                "dòng {line}, cột {column} của JSON: {reason}"
            ),
            TreeError::Invalid(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for TreeError {}

#[cfg(test)]
mod tests {
    use crate::GameTree;

    #[test]
    fn unwrap_on_a_bad_tree_reads_like_the_cli() {
        let err = GameTree::parse("A(B:1, C").unwrap_err();
        let debug = format!("{err:?}");
        assert!(
            debug.starts_with("cây không hợp lệ: dòng 1, cột "),
            "{debug}"
        );
        assert!(!debug.contains("Syntax"), "{debug}");
    }
}

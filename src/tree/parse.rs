//! Đọc cây từ văn bản, ví dụ `A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))`.
//!
//! Văn phạm:
//! ```text
//! nút   := [nhãn ':'] số                    -- nút lá
//!        | [nhãn [':' số] | số] '(' nút {',' nút} ')'   -- nút trong (số = ước lượng)
//! nhãn  := chữ cái hoặc '_', theo sau là chữ, số, '_' hoặc '\''
//! số    := ['+' | '-'] chữ số [ '.' chữ số ]
//! ```
//! Bộ đọc không đệ quy (dùng ngăn xếp tường minh) nên cây rất sâu không làm tràn
//! ngăn xếp; cây sâu quá [`TREE_DEPTH`](crate::limits::TREE_DEPTH) bị từ chối với thông báo rõ ràng. Số nút
//! được đếm trước khi đọc (mỗi nút trừ gốc đứng sau một `(` hoặc một `,`): cây
//! nhiều nút quá giới hạn bị từ chối trước khi tốn bộ nhớ.
//!
//! Văn bản được đưa về dạng NFC trước khi đọc ([`crate::text::nfc`]): nhãn `Bình`
//! gõ kiểu tách dấu vẫn là nhãn `Bình`. Cột trong thông báo lỗi đếm theo chữ
//! nhìn thấy (không đếm dấu kết hợp).

use super::{RawNode, TreeError};
use crate::limits::TREE_DEPTH;
use crate::text::{is_combining_mark, nfc};

struct Scanner<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Scanner<'_> {
    fn skip_space(&mut self) {
        while let Some(&c) = self.chars.peek() {
            if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else if !is_combining_mark(c) {
            self.column += 1;
        }
        Some(c)
    }

    fn pos(&self) -> (usize, usize) {
        (self.line, self.column)
    }

    fn error(&mut self, expected: &str) -> TreeError {
        let found = match self.peek() {
            None => "hết văn bản".to_string(),
            Some(c) if is_combining_mark(c) => {
                format!("dấu kết hợp U+{:04X} đứng riêng", c as u32)
            }
            Some(c) => format!("`{c}`"),
        };
        TreeError::Syntax {
            line: self.line,
            column: self.column,
            expected: expected.to_string(),
            found,
        }
    }

    fn label(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if continues_label(c) {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn number(&mut self) -> Result<f64, TreeError> {
        let start = self.pos();
        let mut s = String::new();
        if let Some(c @ ('+' | '-')) = self.peek() {
            s.push(c);
            self.bump();
        }
        let mut digits = 0;
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            s.push(c);
            self.bump();
            digits += 1;
        }
        if self.peek() == Some('.') {
            s.push('.');
            self.bump();
            while let Some(c) = self.peek().filter(char::is_ascii_digit) {
                s.push(c);
                self.bump();
                digits += 1;
            }
        }
        if digits == 0 {
            return Err(self.error("một số (ví dụ 1, -1, 0.5)"));
        }
        let v: f64 = s.parse().map_err(|_| self.error("một số"))?;
        if !v.is_finite() {
            return Err(TreeError::Syntax {
                line: start.0,
                column: start.1,
                expected: "một số hữu hạn".into(),
                found: format!("số quá lớn `{s}`"),
            });
        }
        Ok(v)
    }
}

fn starts_label(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn continues_label(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '\'' || is_combining_mark(c)
}

/// `true` nếu `label` viết được làm nhãn trong dạng văn bản của cây: bắt đầu
/// bằng chữ cái hoặc `_`, tiếp theo là chữ, số, `_` hoặc `'`. Cây JSON được
/// phép có nhãn khác (có khoảng trắng, dấu câu…); cây như thế chỉ ghi lại được
/// bằng JSON, không bằng văn bản.
///
/// ```
/// use caytrochoi::tree::is_text_label;
/// assert!(is_text_label("B'") && is_text_label("Bình_2"));
/// assert!(!is_text_label("Bình An") && !is_text_label("12") && !is_text_label(""));
/// ```
pub fn is_text_label(label: &str) -> bool {
    let mut chars = label.chars();
    chars.next().is_some_and(starts_label) && chars.all(continues_label)
}

fn starts_number(c: char) -> bool {
    c.is_ascii_digit() || c == '+' || c == '-' || c == '.'
}

/// Số nút của cây viết trong `text` nếu văn bản đúng cú pháp (và là cận trên nếu
/// sai): gốc, cộng một nút sau mỗi `(` và mỗi `,`.
pub(crate) fn count_nodes(text: &str) -> usize {
    1 + text.bytes().filter(|&b| b == b'(' || b == b',').count()
}

/// Đọc văn bản thành danh sách nút thô (nút 0 là gốc); cây có hơn `max_nodes`
/// nút bị từ chối trước khi đọc.
pub(crate) fn parse(text: &str, max_nodes: usize) -> Result<Vec<RawNode>, TreeError> {
    let nodes = count_nodes(text);
    if nodes > max_nodes {
        return Err(TreeError::TooManyNodes {
            nodes,
            max: max_nodes,
        });
    }
    let text = nfc(text);
    let mut sc = Scanner {
        chars: text.chars().peekable(),
        line: 1,
        column: 1,
    };
    let mut nodes: Vec<RawNode> = Vec::new();
    // Các nút trong đang mở (chưa gặp dấu `)`).
    let mut open: Vec<usize> = Vec::new();
    loop {
        // --- Đọc một nút ---
        sc.skip_space();
        let at = sc.pos();
        let mut label = None;
        let mut value = None;
        match sc.peek() {
            Some(c) if starts_label(c) => {
                label = Some(sc.label());
                sc.skip_space();
                if sc.peek() == Some(':') {
                    sc.bump();
                    sc.skip_space();
                    value = Some(sc.number()?);
                }
            }
            Some(c) if starts_number(c) => value = Some(sc.number()?),
            Some('(') => {}
            Some(')') if open.last().is_some_and(|&p| nodes[p].children.is_empty()) => {
                let p = *open.last().unwrap_or(&0);
                let name = nodes[p].label.clone().unwrap_or_else(|| "này".into());
                return Err(TreeError::Syntax {
                    line: at.0,
                    column: at.1,
                    expected: format!(
                        "ít nhất một nút con trong ngoặc (nút {name} không có con thì phải là nút lá có giá trị, ví dụ `{name}:0`)"
                    ),
                    found: "`)`".into(),
                });
            }
            _ => return Err(sc.error("một nút: nhãn, số hoặc `(`")),
        }
        sc.skip_space();
        let depth = open.len() as u32;
        if depth > TREE_DEPTH {
            return Err(TreeError::TooDeep {
                max: TREE_DEPTH,
                at: Some(at),
            });
        }
        let id = nodes.len();
        let parent = open.last().copied();
        let is_inner = sc.peek() == Some('(');
        if !is_inner && value.is_none() {
            let name = label.clone().unwrap_or_default();
            return Err(sc.error(&format!(
                "`:` và giá trị cho nút lá `{name}` (ví dụ `{name}:1`), hoặc `(` để mở các con"
            )));
        }
        nodes.push(RawNode {
            label,
            value,
            at: Some(at),
            ..RawNode::new(parent, depth)
        });
        if let Some(p) = parent {
            nodes[p].children.push(id);
        }
        if is_inner {
            sc.bump();
            open.push(id);
            continue;
        }
        // --- Sau một nút: `,` (nút kế), `)` (đóng nút cha) hoặc hết ---
        loop {
            sc.skip_space();
            if open.is_empty() {
                if sc.peek().is_some() {
                    return Err(sc.error("hết văn bản (cây đã đóng đủ ngoặc)"));
                }
                return Ok(nodes);
            }
            match sc.peek() {
                Some(',') => {
                    sc.bump();
                    break;
                }
                Some(')') => {
                    sc.bump();
                    open.pop();
                }
                None => return Err(sc.error("`,` hoặc `)` (còn ngoặc chưa đóng)")),
                _ => return Err(sc.error("`,` hoặc `)`")),
            }
        }
    }
}

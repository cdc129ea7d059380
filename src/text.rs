//! Văn bản người dùng gõ: chuẩn hóa Unicode NFC.
//!
//! Một chữ tiếng Việt có thể được gõ hai cách: dựng sẵn (NFC, `ì` là một ký tự)
//! hoặc tách dấu (NFD, `i` rồi dấu huyền kết hợp — bàn phím macOS và nhiều trình
//! soạn thảo cho ra dạng này). Hai cách trông giống hệt nhau, nên phải là **một**
//! nhãn: mọi nhãn đọc vào (cây văn bản, cây JSON, câu trả lời bài tập, nhãn cần
//! tìm) đều được đưa về NFC trước khi so sánh.
//!
//! ```
//! use caytrochoi::text::nfc;
//! let tach_dau = "Bi\u{300}nh"; // "Bình" gõ kiểu NFD
//! assert_eq!(nfc(tach_dau), "Bình");
//! assert_eq!(nfc("Bình"), "Bình"); // đã là NFC: không tốn bản sao nào
//! ```

use std::borrow::Cow;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// Văn bản `s` ở dạng NFC. Văn bản đã là NFC (trường hợp thường gặp) được trả
/// lại nguyên, không sao chép.
pub fn nfc(s: &str) -> Cow<'_, str> {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => Cow::Borrowed(s),
        _ => {
            let normalized: String = s.nfc().collect();
            if normalized == s {
                Cow::Borrowed(s)
            } else {
                Cow::Owned(normalized)
            }
        }
    }
}

/// Như [`nfc`], cho một chuỗi sở hữu (không sao chép khi đã là NFC).
pub fn nfc_owned(s: String) -> String {
    match nfc(&s) {
        Cow::Borrowed(_) => s,
        Cow::Owned(n) => n,
    }
}

/// Dấu kết hợp (dấu thanh, dấu mũ… viết sau chữ cái ở dạng tách dấu): không
/// chiếm một cột riêng khi hiển thị.
pub fn is_combining_mark(c: char) -> bool {
    unicode_normalization::char::is_combining_mark(c)
}

/// Số cột hiển thị của `s`: số ký tự, không kể dấu kết hợp.
///
/// ```
/// use caytrochoi::text::columns;
/// assert_eq!(columns("Bình"), 4);
/// assert_eq!(columns("Bi\u{300}nh"), 4);
/// ```
pub fn columns(s: &str) -> usize {
    s.chars().filter(|&c| !is_combining_mark(c)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vietnamese_letters_compose() {
        // "Đức" với ư + dấu sắc tách rời, "Nguyễn" với ê + dấu ngã tách rời.
        assert_eq!(nfc("\u{110}u\u{31b}\u{301}c"), "Đức");
        assert_eq!(nfc("Nguye\u{302}\u{303}n"), "Nguyễn");
        assert!(matches!(nfc("A"), Cow::Borrowed(_)));
        assert_eq!(nfc_owned("e\u{302}".to_string()), "ê");
    }
}

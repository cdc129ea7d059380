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
use unicode_normalization::char::{canonical_combining_class, compose, decompose_canonical};
use unicode_normalization::{is_nfc_quick, IsNormalized};

/// Văn bản `s` ở dạng NFC. Văn bản đã là NFC (trường hợp thường gặp) được trả
/// lại nguyên, không sao chép.
pub fn nfc(s: &str) -> Cow<'_, str> {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => Cow::Borrowed(s),
        _ => {
            let normalized = compose_canonical(s);
            if normalized == s {
                Cow::Borrowed(s)
            } else {
                Cow::Owned(normalized)
            }
        }
    }
}

/// Dạng NFC theo đúng ba bước của chuẩn Unicode (UAX #15), chỉ dùng các hàm
/// *từng ký tự* của `unicode-normalization`: (1) tách mọi ký tự thành dạng tách
/// dấu chuẩn (NFD); (2) trong mỗi dãy dấu kết hợp liền nhau, xếp các dấu theo
/// lớp kết hợp (sắp xếp ổn định); (3) ghép lại: mỗi dấu ghép vào chữ cái gốc gần
/// nhất phía trước nếu có chữ dựng sẵn và không dấu nào ở giữa "chặn" nó.
///
/// Không gọi `str::nfc()` của thư viện: bộ lặp ấy kéo theo cả bảng tách
/// tương thích (NFKD, hơn 100 KB) vào mô-đun WebAssembly của sách dù không bao
/// giờ dùng. Kiểm thử so với `str::nfc()` trên nhiều chuỗi sinh ngẫu nhiên.
fn compose_canonical(s: &str) -> String {
    let mut chars: Vec<char> = Vec::with_capacity(s.len());
    for c in s.chars() {
        decompose_canonical(c, |d| chars.push(d));
    }
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && canonical_combining_class(chars[i]) != 0 {
            i += 1;
        }
        chars[start..i].sort_by_key(|&c| canonical_combining_class(c));
        i += 1;
    }
    let mut out: Vec<char> = Vec::with_capacity(chars.len());
    // Vị trí chữ gốc (lớp 0) gần nhất trong `out`, và lớp của ký tự cuối cùng
    // đứng sau nó mà không ghép được (None: chưa có ký tự nào ở giữa).
    let mut starter: Option<usize> = None;
    let mut last_class: Option<u8> = None;
    for c in chars {
        let class = canonical_combining_class(c);
        if let Some(at) = starter {
            let blocked = matches!(last_class, Some(l) if l == 0 || l >= class);
            if !blocked {
                if let Some(composed) = compose(out[at], c) {
                    out[at] = composed;
                    continue;
                }
            }
        }
        if class == 0 {
            starter = Some(out.len());
            last_class = None;
        } else {
            last_class = Some(class);
        }
        out.push(c);
    }
    out.into_iter().collect()
}

/// Như [`nfc`], cho một chuỗi sở hữu (không sao chép khi đã là NFC). Chỉ phần đọc
/// JSON và dòng lệnh dùng nó.
#[cfg(any(feature = "json", test))]
pub(crate) fn nfc_owned(s: String) -> String {
    match nfc(&s) {
        Cow::Borrowed(_) => s,
        Cow::Owned(n) => n,
    }
}

/// Chữ gốc (không dấu) của một chữ cái tiếng Việt dựng sẵn (NFC): `ệ` → `e`,
/// `Đ` → `D`; ký tự khác giữ nguyên. Bảng dấu duy nhất của thư viện: hình đo
/// chữ có dấu bằng chữ gốc của nó, bài luyện tập so câu trả lời không dấu.
pub(crate) fn base_letter(c: char) -> char {
    const GROUPS: [(char, &str); 14] = [
        ('a', "àáảãạăằắẳẵặâầấẩẫậ"),
        ('e', "èéẻẽẹêềếểễệ"),
        ('i', "ìíỉĩị"),
        ('o', "òóỏõọôồốổỗộơờớởỡợ"),
        ('u', "ùúủũụưừứửữự"),
        ('y', "ỳýỷỹỵ"),
        ('d', "đ"),
        ('A', "ÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬ"),
        ('E', "ÈÉẺẼẸÊỀẾỂỄỆ"),
        ('I', "ÌÍỈĨỊ"),
        ('O', "ÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢ"),
        ('U', "ÙÚỦŨỤƯỪỨỬỮỰ"),
        ('Y', "ỲÝỶỸỴ"),
        ('D', "Đ"),
    ];
    if c.is_ascii() {
        return c;
    }
    GROUPS
        .iter()
        .find(|(_, group)| group.contains(c))
        .map_or(c, |(base, _)| *base)
}

/// Dấu kết hợp (dấu thanh, dấu mũ… viết sau chữ cái ở dạng tách dấu): không
/// chiếm một cột riêng khi hiển thị.
pub(crate) fn is_combining_mark(c: char) -> bool {
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

    /// Cùng kết quả với `str::nfc()` của `unicode-normalization` trên các chuỗi
    /// ghép ngẫu nhiên từ chữ Việt, dấu kết hợp đủ các lớp (230 trên, 220 dưới,
    /// 202, 216, 240, dấu móc 0x31B…), chữ dựng sẵn, Hangul (ghép LV, LVT) và
    /// ký tự tách được thành nhiều ký tự.
    #[test]
    fn same_as_library_nfc() {
        use unicode_normalization::UnicodeNormalization;
        let pool: Vec<char> = "aAeEoOuUiyIdĐđ ,(:)0\u{300}\u{301}\u{303}\u{309}\u{323}\u{302}\u{306}\u{31B}\u{327}\u{316}\u{345}\u{334}\u{35C}\u{1100}\u{1161}\u{11A8}\u{AC00}ệỰǗ\u{1E69}\u{212B}\u{F900}Å\u{344}\u{F73}\u{FB2C}"
            .chars()
            .collect();
        let mut rng = crate::random::SplitMix64::new(7);
        for n in 0..20_000 {
            let len = 1 + n % 9;
            let s: String = (0..len)
                .map(|_| pool[(rng.next_u64() % pool.len() as u64) as usize])
                .collect();
            let expected: String = s.nfc().collect();
            assert_eq!(compose_canonical(&s), expected, "{s:?}");
            assert_eq!(nfc(&s), expected, "{s:?}");
        }
    }
}

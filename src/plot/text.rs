//! Chữ trong SVG: thoát ký tự XML và ước lượng bề rộng (không cần phông chữ).

use crate::text::base_letter;

/// Thoát các ký tự đặc biệt của XML: `&`, `<`, `>`, `"`, `'`.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// Bề rộng ước lượng (điểm ảnh) của `text` ở cỡ chữ `size`, hơi rộng hơn thực
/// tế một chút để chữ không bao giờ chồng lên nhau. Số đo lấy từ DejaVu Sans,
/// phông rộng nhất trong danh sách [`super::FONT_FAMILY`]; chữ tiếng Việt có dấu
/// rộng bằng chữ gốc của nó (`ệ` như `e`).
///
/// plotters không có phông chữ (tính năng `ttf` tắt để thư viện nhẹ) thì đo chữ
/// theo số byte UTF-8 × 0,7 em, nên chữ có dấu bị đo rộng gần gấp đôi; vì vậy mọi
/// bố trí trong mô-đun dùng hàm này. Cỡ chữ nhân với tỉ lệ chữ đang dùng
/// ([`super::with_text_scale`]), như khi vẽ.
pub fn width(text: &str, size: f64) -> f64 {
    let em: f64 = text.chars().map(|c| advance(base_letter(c))).sum();
    em * super::style::by_text(size) * 1.04
}

/// Bề rộng (em) của một ký tự trong DejaVu Sans (chữ thường, không đậm).
fn advance(c: char) -> f64 {
    match c {
        ' ' | ',' | '.' => 0.32,
        '\'' => 0.28,
        'i' | 'j' | 'l' => 0.28,
        'I' | 'J' => 0.3,
        '!' | '"' => 0.46,
        ':' | ';' | '/' | '|' => 0.34,
        '(' | ')' | '[' | ']' | '{' | '}' | '-' | 'f' => 0.39,
        't' => 0.4,
        'r' => 0.42,
        '*' | '_' | '–' => 0.5,
        'z' | 's' | '?' => 0.53,
        'c' | 'L' | 'F' | 'k' => 0.58,
        'v' | 'x' | 'y' | 'P' | 'T' | 'Y' => 0.61,
        'a' | 'e' | 'o' | 'E' | 'S' => 0.64,
        'b' | 'd' | 'g' | 'h' | 'n' | 'p' | 'q' | 'u' | 'β' => 0.64,
        '0'..='9' => 0.64,
        'K' | 'α' => 0.66,
        'A' | 'B' | 'C' | 'R' | 'V' | 'X' | 'Z' => 0.7,
        'U' | 'H' | 'N' => 0.75,
        'D' | 'G' | 'O' | 'Q' => 0.79,
        'w' => 0.82,
        'M' => 0.87,
        '∞' | '≥' | '≤' | '=' | '+' | '−' | '×' | '÷' | '⊕' | '→' | '←' | '↑' | '≈' | '<' | '>' => {
            0.84
        }
        '①'..='⑳' => 0.9,
        'm' | 'W' | '…' | '—' | '%' => 1.0,
        _ => 0.7,
    }
}

/// Ngắt `text` thành các dòng không rộng quá `max_width` (ngắt ở khoảng trắng).
pub fn wrap(text: &str, size: f64, max_width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && width(&candidate, size) > max_width {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_xml() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn vietnamese_letters_are_as_wide_as_their_base() {
        assert_eq!(width("Vì", 10.0), width("Vi", 10.0));
        assert_eq!(width("Đường", 10.0), width("Duong", 10.0));
        // Hơi rộng hơn số đo thật của DejaVu Sans ("Vi" = 0,962 em).
        let w = width("Vi", 100.0);
        assert!(w > 96.2 && w < 105.0, "{w}");
    }

    #[test]
    fn wraps_long_text() {
        let lines = wrap("một hai ba bốn năm sáu bảy tám chín mười", 12.0, 60.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| !l.is_empty()));
    }
}

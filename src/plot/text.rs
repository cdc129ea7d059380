//! Chữ trong SVG: thoát ký tự XML và ước lượng bề rộng (không cần phông chữ).

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
/// tế một chút để chữ không bao giờ chồng lên nhau (số đo theo DejaVu Sans,
/// phông rộng nhất trong danh sách).
pub fn width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            ' ' | '.' | ',' | ':' | ';' | '\'' | '|' | 'i' | 'l' | 'j' | '!' => 0.34,
            '(' | ')' | '[' | ']' | 'f' | 't' | 'r' | 'I' => 0.42,
            '∞' | '≥' | '≤' | '=' | '+' | '−' | '×' | '⊕' | '→' | '←' | '↑' | '…' => {
                0.86
            }
            'm' | 'w' | 'M' | 'W' => 0.98,
            c if c.is_ascii_digit() => 0.64,
            c if c.is_uppercase() => 0.76,
            _ => 0.64,
        })
        .sum();
    em * size
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
    fn wraps_long_text() {
        let lines = wrap("một hai ba bốn năm sáu bảy tám chín mười", 12.0, 60.0);
        assert!(lines.len() > 2);
        assert!(lines.iter().all(|l| !l.is_empty()));
    }
}

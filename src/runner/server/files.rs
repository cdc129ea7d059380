//! Tệp của sách đã dựng (`book/book`): chỉ những đường dẫn nằm trong thư mục sách
//! (không `..`, không tệp ẩn), gửi từng đoạn, với kiểu nội dung đúng.

use super::pages::{secure, text};
use crate::runner::http::Response;
use std::path::{Path, PathBuf};

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "json" => "application/json",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Đường dẫn an toàn trong thư mục sách: không `..`, không tệp ẩn, không `\`.
fn resolve(root: &Path, url_path: &str) -> Option<PathBuf> {
    let decoded = percent_decode(url_path)?;
    if decoded.contains('\\') || decoded.contains('\0') {
        return None;
    }
    let mut path = root.to_path_buf();
    for seg in decoded.split('/').filter(|s| !s.is_empty()) {
        if seg.starts_with('.') || seg.contains(':') {
            return None;
        }
        path.push(seg);
    }
    if path.is_dir() {
        path.push("index.html");
    }
    Some(path)
}

pub(super) fn static_file(root: &Path, url_path: &str) -> Response {
    // Tệp được gửi từng đoạn khi trả lời (không đọc cả tệp vào bộ nhớ).
    match resolve(root, url_path).filter(|p| p.is_file() && std::fs::File::open(p).is_ok()) {
        Some(p) => {
            let kind = content_type(&p);
            secure(Response::file(200, kind, p))
        }
        None => match std::fs::read(root.join("404.html")) {
            Ok(data) => secure(Response::new(404, "text/html; charset=utf-8", data)),
            Err(_) => text(404, "Không có trang này."),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_paths_stay_inside_the_book() {
        let root = Path::new("/sach");
        assert_eq!(
            resolve(root, "/ch01.html"),
            Some(PathBuf::from("/sach/ch01.html"))
        );
        assert_eq!(
            resolve(root, "/css/a%20b.css"),
            Some(PathBuf::from("/sach/css/a b.css"))
        );
        assert_eq!(resolve(root, "/../etc/passwd"), None);
        assert_eq!(resolve(root, "/%2e%2e/etc/passwd"), None);
        assert_eq!(resolve(root, "/a\\..\\b"), None);
        assert_eq!(resolve(root, "/.git/config"), None);
        assert_eq!(resolve(root, "/%zz"), None);
    }
}

//! Các câu trả lời dựng sẵn: mọi câu trả lời đi qua [`secure`] (chính sách bảo mật
//! CSP, không cho nhúng, không đoán kiểu); chữ, JSON, HTML, lỗi của API, và một
//! trang báo ngắn tiếng Việt.

use crate::runner::http::Response;
use serde::Serialize;

/// Một trang báo ngắn (tiếng Việt, đọc được trên điện thoại): tiêu đề và vài đoạn.
pub(super) fn plain_page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"vi\"><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
<body style=\"font-family:sans-serif;max-width:40em;margin:3em auto;padding:0 1em;line-height:1.5\">\
<h1>{title}</h1>{body}</body></html>"
    )
}

// 'wasm-unsafe-eval' và worker-src blob: cho sách tương tác (theme/wasm-api.js): mô-đun
// WebAssembly của sách chạy trong một Web Worker tạo từ blob (không cho phép eval JS).
const CSP: &str = "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; \
worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
object-src 'none'; base-uri 'self'; form-action 'self'";

pub(super) fn secure(r: Response) -> Response {
    r.with("X-Content-Type-Options", "nosniff")
        .with("X-Frame-Options", "DENY")
        .with("Referrer-Policy", "no-referrer")
        .with("Content-Security-Policy", CSP)
        .with("Cache-Control", "no-cache")
}

pub(super) fn text(code: u16, body: &str) -> Response {
    secure(Response::new(
        code,
        "text/plain; charset=utf-8",
        format!("{body}\n"),
    ))
}

pub(super) fn json<T: Serialize>(code: u16, value: &T) -> Response {
    let body = serde_json::to_vec(value).unwrap_or_default();
    secure(Response::new(code, "application/json; charset=utf-8", body))
}

pub(super) fn html(code: u16, body: String) -> Response {
    secure(Response::new(code, "text/html; charset=utf-8", body))
}

/// Lỗi của `/api/run`, cho trang sách hiện ra.
#[derive(Serialize)]
struct ApiError<'a> {
    error: &'a str,
}

pub(super) fn api_error(code: u16, message: &str) -> Response {
    json(code, &ApiError { error: message })
}

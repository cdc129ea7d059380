//! Các đường dẫn của máy chủ: sau cổng ([`super::gate`]), mỗi yêu cầu đi tới
//! đúng một việc — chạy mã ([`super::run`]), dừng một lần chạy, thẻ bài luyện tập
//! và lời chấm, trạng thái, trang giáo viên, hay một tệp của sách
//! ([`super::files`]).

use super::files::static_file;
use super::gate::{answer_at_gate, same_origin, split_target, Slot};
use super::pages::{api_error, html, json, secure, text};
use super::run::run;
use super::status::{status, teacher_view};
use super::Shared;
use crate::runner::http::{Request, Response};
use crate::runner::stop::{valid_id, NotStopped};
use serde::Serialize;
use std::net::TcpStream;

/// Trả lời một yêu cầu; `None` nếu câu trả lời đã được gửi từng phần.
pub(super) fn handle(
    shared: &Shared,
    req: &Request,
    w: &mut TcpStream,
    keep: bool,
) -> Option<Response> {
    if let Some(answer) = answer_at_gate(shared, req) {
        return Some(answer);
    }
    let (path, _) = split_target(req);
    match (req.method.as_str(), path) {
        ("GET" | "HEAD", "/api/status") => Some(json(200, &status(shared))),
        ("POST", "/api/run") => run(shared, req, w, keep),
        ("POST", "/api/dung") => Some(stop_run(shared, req)),
        ("POST", "/api/luyen-tap") => Some(practice(shared, req, Practice::Card)),
        ("POST", "/api/luyen-tap/cham") => Some(practice(shared, req, Practice::Grade)),
        ("GET", "/giao-vien") => Some(html(200, include_str!("../giao-vien.html").to_string())),
        ("GET", "/api/giao-vien") => Some(json(200, &teacher_view(shared))),
        ("GET" | "HEAD", _) => Some(static_file(&shared.config.book_dir, path)),
        _ => Some(text(405, "Phương thức không được hỗ trợ.")),
    }
}

/// Việc của trang luyện tập mà trình chạy làm.
enum Practice {
    /// `POST /api/luyen-tap`: một thẻ bài.
    Card,
    /// `POST /api/luyen-tap/cham`: chấm các nhánh đã bấm trên một thẻ.
    Grade,
}

/// Một thẻ bài, hay lời chấm, cho trang luyện tập: cùng luật `Origin` như
/// `/api/run` (`Host` và mã lớp đã được kiểm tra ở [`handle`]). Không biên dịch
/// gì nên ở chế độ lớp học chúng có chung một giới hạn lượt riêng, rộng hơn
/// nhiều, không tính vào số lần Chạy.
fn practice(shared: &Shared, req: &Request, what: Practice) -> Response {
    if !same_origin(req) {
        return api_error(
            403,
            "Từ chối: yêu cầu bài luyện tập phải đến từ chính trang sách của trình chạy này.",
        );
    }
    let limiter = shared.practice_limiter.as_ref();
    if let Some(l) = limiter {
        if l.acquire(req.peer).is_err() {
            let message = match what {
                Practice::Card => "Máy này xin cây mới nhanh quá: trang tự thử lại sau vài giây.",
                Practice::Grade => "Máy này xin chấm nhanh quá: trang tự thử lại sau vài giây.",
            };
            return api_error(429, message).with("Retry-After", "2");
        }
    }
    let _slot = Slot {
        limiter,
        client: req.peer,
    };
    let (code, body) = match what {
        Practice::Card => crate::runner::practice::card_reply(&req.body),
        Practice::Grade => crate::runner::practice::grade_reply(&req.body),
    };
    secure(Response::new(code, "application/json; charset=utf-8", body))
}

/// `POST /api/dung {"id": …}`: dừng một lần chạy của chính máy này (cùng luật
/// `Origin`/JSON như `/api/run`; `Host` và mã lớp đã được kiểm tra ở [`handle`]).
/// Không tính vào giới hạn số lần Chạy. Trả lời khi lần chạy đã dọn xong.
fn stop_run(shared: &Shared, req: &Request) -> Response {
    if !same_origin(req) {
        return api_error(
            403,
            "Từ chối: yêu cầu dừng phải đến từ chính trang sách của trình chạy này.",
        );
    }
    let body = serde_json::from_slice::<serde_json::Value>(&req.body).unwrap_or_default();
    let Some(id) = body["id"].as_str().filter(|id| valid_id(id)) else {
        return api_error(
            400,
            "Yêu cầu phải có dạng {\"id\": \"…\"} với số hiệu 32 chữ số thập lục phân của lần chạy.",
        );
    };
    match shared.runs.stop(id, req.peer, &shared.queue) {
        Ok(took) => {
            #[derive(Serialize)]
            struct Stopped {
                dung: bool,
                ms: u64,
            }
            json(
                200,
                &Stopped {
                    dung: true,
                    ms: took.as_millis() as u64,
                },
            )
        }
        Err(NotStopped::Unknown) => api_error(
            404,
            "Không có lần chạy nào như thế của máy này đang dở (có thể nó vừa chạy xong).",
        ),
        Err(NotStopped::StillRunning) => api_error(
            504,
            "Đã yêu cầu dừng nhưng lần chạy chưa dọn xong; trình chạy vẫn sẽ dừng nó.",
        ),
    }
}

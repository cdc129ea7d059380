//! `POST /api/run`: một khối mã vào hàng đợi, rồi trang nhận từng dòng JSON
//! (vị trí trong hàng, đang biên dịch, đang chạy, kết quả) ngay khi có. Ở chế độ
//! lớp học mỗi máy có giới hạn số lần Chạy ([`crate::runner::class::RateLimiter`]);
//! người gửi rời đi (đóng trang, bấm ■ Dừng) thì lần chạy bị dừng ngay.

use super::gate::{same_origin, Slot};
use super::pages::{api_error, secure};
use super::{Shared, MAX_CODE_BYTES};
use crate::runner::class::Refusal;
use crate::runner::engine::{RunResult, Stage};
use crate::runner::http::{write_response, Chunked, Request, Response};
use crate::runner::queue::{Event, Job, Ticket};
use crate::runner::stop::{client_gone, stop_ticket, valid_id};
use serde::Serialize;
use std::net::TcpStream;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Dòng JSON gửi về trang trong lúc chạy.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum Wire<'a> {
    Queued {
        position: usize,
    },
    Compiling,
    Running,
    Done {
        result: &'a RunResult,
        queue_ms: u64,
    },
}

fn wire_line(event: &Event) -> Vec<u8> {
    let wire = match event {
        Event::Queued(position) => Wire::Queued {
            position: *position,
        },
        Event::Stage(Stage::Compiling) => Wire::Compiling,
        Event::Stage(Stage::Running) => Wire::Running,
        Event::Done(result, waited) => Wire::Done {
            result,
            queue_ms: *waited,
        },
    };
    let mut line = serde_json::to_vec(&wire).unwrap_or_default();
    line.push(b'\n');
    line
}

/// `POST /api/run {"code": …, "id": …}`: kiểm tra yêu cầu, ghi số hiệu vào sổ
/// (cho nút ■ Dừng), lấy một lượt của máy, xếp khối vào hàng, rồi trả lời.
/// `None`: câu trả lời đã được gửi ngay tại đây.
pub(super) fn run(
    shared: &Shared,
    req: &Request,
    w: &mut TcpStream,
    keep: bool,
) -> Option<Response> {
    if !same_origin(req) {
        return Some(api_error(
            403,
            "Từ chối: yêu cầu chạy mã phải đến từ chính trang sách của trình chạy này.",
        ));
    }
    let (code, id) = match read_run_request(req) {
        Ok(asked) => asked,
        Err(refused) => return Some(refused),
    };
    let ticket = Ticket::new();
    // Ghi sổ trước khi lấy lượt: số hiệu trùng không tốn lượt nào.
    let _entry = match &id {
        Some(id) => match shared.runs.register(id, req.peer, ticket.clone()) {
            Some(entry) => Some(entry),
            None => {
                return Some(api_error(
                    409,
                    "Số hiệu này đang được một lần chạy khác dùng: tải lại trang rồi chạy lại.",
                ))
            }
        },
        None => None,
    };
    let _slot = match take_turn(shared, req) {
        Ok(slot) => slot,
        Err(refused) => return Some(refused),
    };
    let (tx, rx) = mpsc::channel();
    let job = Job {
        code,
        client: req.peer,
        events: tx,
        queued_at: Instant::now(),
        ticket: ticket.clone(),
    };
    if shared.queue.submit(job).is_err() {
        return Some(
            api_error(
                503,
                "Trình chạy đang bận (hàng đợi đã đầy): thử lại sau ít giây.",
            )
            .with("Retry-After", "3"),
        );
    }
    // Câu trả lời đi ngay tại đây (không trả về cho nơi gọi): lần chạy chỉ ra khỏi
    // sổ (`_entry`) và trả lượt (`_slot`) sau khi kết quả đã đi, như nút ■ Dừng hứa.
    if req.minor == 0 {
        answer_at_once(shared, &rx, w, &ticket, keep);
    } else {
        answer_line_by_line(shared, &rx, w, &ticket, keep);
    }
    None
}

/// Mã và số hiệu (nếu có) của một yêu cầu chạy, hay câu trả lời khi nó sai dạng.
fn read_run_request(req: &Request) -> Result<(String, Option<String>), Response> {
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(&req.body) else {
        return Err(api_error(400, "Yêu cầu không phải JSON hợp lệ."));
    };
    let code = match v["code"].as_str() {
        Some(c) if c.len() <= MAX_CODE_BYTES => c.to_string(),
        Some(_) => return Err(api_error(413, "Đoạn mã quá dài (tối đa 256 KiB).")),
        None => return Err(api_error(400, "Yêu cầu phải có dạng {\"code\": \"…\"}.")),
    };
    let id = match &v["id"] {
        serde_json::Value::Null => None,
        serde_json::Value::String(id) if valid_id(id) => Some(id.clone()),
        _ => {
            return Err(api_error(
                400,
                "Số hiệu \"id\" của lần chạy phải là 32 chữ số thập lục phân (viết thường).",
            ))
        }
    };
    Ok((code, id))
}

/// Ở chế độ lớp học: một lượt chạy của máy gửi (trả lại khi `Slot` bị bỏ), hay
/// câu trả lời 429 khi máy ấy bấm nhanh quá hoặc đang chạy đủ khối rồi.
fn take_turn<'a>(shared: &'a Shared, req: &Request) -> Result<Slot<'a>, Response> {
    let limiter = shared.limiter.as_ref();
    if let Some(l) = limiter {
        match l.acquire(req.peer) {
            Ok(()) => {}
            Err(Refusal::TooFast) => {
                return Err(
                    api_error(429, "Máy này bấm Chạy nhanh quá: đợi vài giây rồi thử lại.")
                        .with("Retry-After", "3"),
                )
            }
            Err(Refusal::TooMany) => {
                return Err(
                    api_error(429, "Máy này đang chạy vài khối mã rồi: đợi chúng xong đã.")
                        .with("Retry-After", "2"),
                )
            }
        }
    }
    Ok(Slot {
        limiter,
        client: req.peer,
    })
}

const NDJSON: &str = "application/x-ndjson; charset=utf-8";

/// HTTP/1.0: không gửi từng phần được, trả lời một lần khi xong.
fn answer_at_once(
    shared: &Shared,
    rx: &mpsc::Receiver<Event>,
    w: &mut TcpStream,
    ticket: &Arc<Ticket>,
    keep: bool,
) {
    let mut all = Vec::new();
    while let Some(e) = next_event(shared, rx, w, ticket) {
        all.extend(wire_line(&e));
        if matches!(e, Event::Done(..)) {
            break;
        }
    }
    let resp = secure(Response::new(200, NDJSON, all)).with("Cache-Control", "no-store");
    let _ = write_response(w, &resp, keep, false);
}

/// Gửi từng dòng ngay khi có: vị trí trong hàng, đang biên dịch, kết quả.
/// Người gửi rời đi (không nhận được nữa) thì lần chạy bị dừng ngay.
fn answer_line_by_line(
    shared: &Shared,
    rx: &mpsc::Receiver<Event>,
    w: &mut TcpStream,
    ticket: &Arc<Ticket>,
    keep: bool,
) {
    let headers = secure(Response::new(200, NDJSON, Vec::new())).headers;
    let Ok(watch) = w.try_clone() else {
        stop_ticket(ticket, &shared.queue);
        return;
    };
    let Ok(mut out) = Chunked::start(w, 200, &headers, keep) else {
        stop_ticket(ticket, &shared.queue);
        return;
    };
    while let Some(e) = next_event(shared, rx, &watch, ticket) {
        if out.send(&wire_line(&e)).is_err() {
            stop_ticket(ticket, &shared.queue);
            return;
        }
        if matches!(e, Event::Done(..)) {
            let _ = out.finish();
            return;
        }
    }
}

/// Điều tiếp theo của lần chạy; trong lúc chờ, xem người gửi còn đó không —
/// họ đóng kết nối (đóng trang, bấm ■ Dừng) thì lần chạy bị dừng ngay và không
/// còn gì để gửi (`None`).
fn next_event(
    shared: &Shared,
    rx: &mpsc::Receiver<Event>,
    stream: &TcpStream,
    ticket: &Arc<Ticket>,
) -> Option<Event> {
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(e) => return Some(e),
            Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if client_gone(stream) {
                    stop_ticket(ticket, &shared.queue);
                    return None;
                }
            }
        }
    }
}

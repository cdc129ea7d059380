//! Đời của một kết nối: nhận phần đầu của yêu cầu (trong [`REQUEST_DEADLINE`]),
//! kiểm tra `Host` và mã lớp trước khi đọc thân ([`super::gate`]), trả lời
//! ([`super::routes`]) trong [`RESPONSE_DEADLINE`], rồi chờ yêu cầu kế tiếp.

use super::gate::refused_early;
use super::pages::text;
use super::routes::handle;
use super::{Shared, MAX_CODE_BYTES, REQUEST_DEADLINE, RESPONSE_DEADLINE};
use crate::runner::http::{
    read_body, read_head, write_response, write_response_by, DeadlineReader, ReadError,
};
use std::io::BufReader;
use std::net::TcpStream;
use std::time::Instant;

/// Phục vụ một kết nối: các yêu cầu nối tiếp nhau cho tới khi nó đóng.
pub(super) fn connection(shared: &Shared, stream: TcpStream, id: u64) {
    let Ok(peer) = stream.peer_addr().map(|a| a.ip()) else {
        return;
    };
    let _ = stream.set_nodelay(true);
    // Máy không đọc câu trả lời cũng không giữ được luồng này mãi.
    let _ = stream.set_write_timeout(Some(REQUEST_DEADLINE));
    let Ok(read_half) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(DeadlineReader::new(read_half, Instant::now()));
    let mut writer = stream;
    loop {
        shared.connections.receiving(id, &writer);
        reader
            .get_mut()
            .set_deadline(Instant::now() + REQUEST_DEADLINE);
        let mut req = match read_head(&mut reader, peer) {
            Ok(r) => r,
            Err(e) => return reject(&mut writer, e),
        };
        let head_only = req.method == "HEAD";
        if refused_early(shared, &req) {
            // Sai `Host` hay thiếu mã lớp: trả lời như `handle` mà không đọc thân.
            shared.connections.received(id);
            if let Some(resp) = handle(shared, &req, &mut writer, false) {
                let _ = write_response(&mut writer, &resp, false, head_only);
            }
            return;
        }
        if let Err(e) = read_body(&mut reader, &mut req, MAX_CODE_BYTES + 64 * 1024) {
            return reject(&mut writer, e);
        }
        shared.connections.received(id);
        let keep = req.keep_alive();
        // `None`: câu trả lời đã được gửi từng phần.
        if let Some(resp) = handle(shared, &req, &mut writer, keep) {
            shared.connections.writing(id, &writer);
            let deadline = Instant::now() + RESPONSE_DEADLINE;
            if write_response_by(&mut writer, &resp, keep, head_only, deadline).is_err() {
                return;
            }
            shared.connections.received(id);
            let _ = writer.set_write_timeout(Some(REQUEST_DEADLINE));
        }
        if !keep {
            return;
        }
    }
}

/// Yêu cầu không đọc được: đóng im lặng, hoặc trả lời mã lỗi rồi đóng.
fn reject(writer: &mut TcpStream, e: ReadError) {
    if let ReadError::Reject(code) = e {
        let why = match code {
            413 => "Đoạn mã quá dài (tối đa 256 KiB).",
            _ => "Yêu cầu HTTP không hợp lệ.",
        };
        let _ = write_response(writer, &text(code, why), false, false);
    }
}

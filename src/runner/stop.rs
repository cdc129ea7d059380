//! Nút ■ Dừng: trang gửi cùng khối mã một số hiệu ngẫu nhiên 128 bit (`id`)
//! mà chỉ nó biết; `POST /api/dung {"id": …}` từ chính máy đó dừng lần chạy
//! ngay — dù nó đang chờ trong hàng, đang biên dịch hay đang chạy — rồi trả lời
//! khi tiến trình và thư mục của nó đã được dọn, chỗ của thợ đã trả lại và kết
//! quả ("đã dừng") đã được gửi cho trang.
//!
//! Số hiệu là một "chìa khóa": không đoán được, và chỉ dùng được từ đúng địa
//! chỉ đã gửi khối mã. Trang rời đi (đóng thẻ, mất kết nối) thì lần chạy cũng bị
//! dừng như thế ([`client_gone`]).

use super::queue::{Queue, Ticket};
use std::collections::HashMap;
use std::net::{IpAddr, TcpStream};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Số chữ số thập lục phân của một số hiệu (128 bit).
pub const ID_HEX_DIGITS: usize = 32;

/// Thời gian tối đa mà `POST /api/dung` chờ lần chạy dọn xong.
pub const WAIT_FOR_CLEANUP: Duration = Duration::from_secs(3);

/// Số hiệu hợp lệ: đúng 32 chữ số thập lục phân viết thường.
pub fn valid_id(id: &str) -> bool {
    id.len() == ID_HEX_DIGITS && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Sổ các lần chạy đang dở có số hiệu: số hiệu → (máy đã gửi, vé).
#[derive(Default)]
pub struct Runs {
    table: Mutex<HashMap<String, (IpAddr, Arc<Ticket>)>>,
    /// Báo mỗi khi một lần chạy ra khỏi sổ.
    left: Condvar,
}

/// Lần chạy đã ghi sổ; ra khỏi sổ khi bị bỏ — tức là khi yêu cầu chạy đã gửi
/// xong câu trả lời của nó (kết quả đã nằm trong kết nối của trang).
pub struct Entry<'a> {
    runs: &'a Runs,
    id: String,
}

impl Drop for Entry<'_> {
    fn drop(&mut self) {
        self.runs.lock().remove(&self.id);
        self.runs.left.notify_all();
    }
}

/// Vì sao không dừng được.
#[derive(Debug, PartialEq, Eq)]
pub enum NotStopped {
    /// Không có lần chạy nào của máy này với số hiệu đó (có thể nó vừa xong).
    Unknown,
    /// Đã xin dừng nhưng nó chưa dọn xong trong [`WAIT_FOR_CLEANUP`].
    StillRunning,
}

impl Runs {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (IpAddr, Arc<Ticket>)>> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Ghi sổ lần chạy `id` của máy `client`; `None` nếu số hiệu đã có người dùng.
    pub fn register(&self, id: &str, client: IpAddr, ticket: Arc<Ticket>) -> Option<Entry<'_>> {
        let mut t = self.lock();
        if t.contains_key(id) {
            return None;
        }
        t.insert(id.to_string(), (client, ticket));
        Some(Entry {
            runs: self,
            id: id.to_string(),
        })
    }

    /// Dừng lần chạy `id` của máy `client` và chờ nó dọn xong, rồi chờ yêu cầu
    /// chạy gửi xong kết quả ("đã dừng") cho trang: khi nút ■ Dừng được trả lời,
    /// kết quả đã tới trước. Trả về thời gian từ lúc xin dừng tới lúc ấy.
    pub fn stop(&self, id: &str, client: IpAddr, queue: &Queue) -> Result<Duration, NotStopped> {
        let started = Instant::now();
        let ticket = match self.lock().get(id) {
            // Máy khác biết số hiệu cũng không dừng được.
            Some((owner, ticket)) if *owner == client => ticket.clone(),
            _ => return Err(NotStopped::Unknown),
        };
        stop_ticket(&ticket, queue);
        if !ticket.wait_finished(WAIT_FOR_CLEANUP) {
            return Err(NotStopped::StillRunning);
        }
        let rest = WAIT_FOR_CLEANUP.saturating_sub(started.elapsed());
        let (table, _) = self
            .left
            .wait_timeout_while(self.lock(), rest, |t| t.contains_key(id))
            .unwrap_or_else(|e| e.into_inner());
        if table.contains_key(id) {
            return Err(NotStopped::StillRunning);
        }
        Ok(started.elapsed())
    }
}

/// Dừng lần chạy của vé `ticket`: bỏ khỏi hàng nếu nó còn chờ, không thì thợ
/// đang làm nó dừng cả nhóm tiến trình trong vòng 20 ms.
pub fn stop_ticket(ticket: &Arc<Ticket>, queue: &Queue) {
    ticket.stop();
    queue.withdraw(ticket);
}

/// Máy bên kia đã đóng kết nối chưa (xem mà không đọc, không chờ).
pub fn client_gone(stream: &TcpStream) -> bool {
    if stream.set_nonblocking(true).is_err() {
        return false;
    }
    let mut byte = [0u8; 1];
    let gone = match stream.peek(&mut byte) {
        Ok(0) => true,
        Ok(_) => false,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
        ),
    };
    let _ = stream.set_nonblocking(false);
    gone
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_32_lowercase_hex_digits() {
        assert!(valid_id("0123456789abcdef0123456789abcdef"));
        assert!(!valid_id("0123456789ABCDEF0123456789abcdef"));
        assert!(!valid_id("0123456789abcdef"));
        assert!(!valid_id("0123456789abcdef0123456789abcdeg"));
        assert!(!valid_id(""));
    }

    #[test]
    fn only_the_sender_can_stop_a_run_and_ids_are_not_reused() {
        let runs = Runs::default();
        let queue = Queue::new(4, 1);
        let id = "00112233445566778899aabbccddeeff";
        let me: IpAddr = "10.0.0.7".parse().unwrap();
        let other: IpAddr = "10.0.0.8".parse().unwrap();
        let ticket = Ticket::new();
        let entry = runs.register(id, me, ticket.clone()).unwrap();
        assert!(runs.register(id, other, Ticket::new()).is_none());
        assert_eq!(runs.stop(id, other, &queue), Err(NotStopped::Unknown));
        assert!(!ticket.stopped());
        // Không thợ nào làm nó: vé được xin dừng nhưng chưa xong. Như một yêu cầu
        // chạy thật: thợ dọn xong, rồi yêu cầu gửi kết quả và ra khỏi sổ; nút
        // Dừng chỉ được trả lời sau cả hai.
        let answered = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(30));
                ticket.finish();
                std::thread::sleep(Duration::from_millis(30));
                answered.store(true, std::sync::atomic::Ordering::SeqCst);
                drop(entry);
            });
            assert!(runs.stop(id, me, &queue).is_ok());
            assert!(ticket.stopped());
            assert!(
                answered.load(std::sync::atomic::Ordering::SeqCst),
                "nút Dừng được trả lời trước khi kết quả được gửi"
            );
        });
        assert_eq!(runs.stop(id, me, &queue), Err(NotStopped::Unknown));
    }
}

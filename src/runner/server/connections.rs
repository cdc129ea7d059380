//! Sổ các kết nối đang mở: mỗi kết nối được đếm ngay khi nhận (trước mọi việc
//! khác), theo địa chỉ và cho cả máy chủ. Khi sổ đầy, kết nối mới đẩy ra một kết
//! nối đang chờ (hay đang nhận) yêu cầu, hoặc đã kẹt khi gửi câu trả lời quá
//! [`STUCK_WRITING`] — của địa chỉ đang giữ nhiều chỗ nhất, chờ lâu nhất — nên máy
//! đọc chậm không giữ được chỗ của cả lớp.

use super::MAX_CONNECTIONS;
use std::collections::HashMap;
use std::net::{IpAddr, TcpStream};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Sổ các kết nối đang mở: đếm theo địa chỉ, và những kết nối còn đang nhận
/// yêu cầu (chưa trọn) cùng lúc chúng bắt đầu chờ — kết nối chậm nhất bị đẩy ra
/// khi sổ đầy.
pub(super) struct Connections {
    table: Mutex<Table>,
    /// Số kết nối tối đa của một địa chỉ.
    per_address: usize,
}

#[derive(Default)]
struct Table {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
    /// Kết nối đang chờ (hay đang nhận) một yêu cầu — kể cả kết nối rảnh sau một
    /// câu trả lời — và kết nối đang gửi một câu trả lời: đẩy ra được khi sổ đầy.
    waiting: HashMap<u64, Waiting>,
    next_id: u64,
}

/// Một kết nối đẩy ra được: từ lúc nào, của địa chỉ nào, đang làm gì.
struct Waiting {
    since: Instant,
    ip: IpAddr,
    /// Đang gửi câu trả lời (chỉ đẩy ra khi đã gửi quá [`STUCK_WRITING`]).
    writing: bool,
    stream: TcpStream,
}

/// Một kết nối gửi một câu trả lời lâu hơn chừng này (máy nhận đọc rất chậm)
/// thì nhường chỗ được cho kết nối mới khi máy chủ đầy. Trên mạng của phòng học,
/// tệp lớn nhất của sách đi hết trong vài phần mười giây.
const STUCK_WRITING: Duration = Duration::from_secs(1);

/// Vì sao một kết nối không được nhận.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refused {
    /// Địa chỉ này đã mở đủ `limit` kết nối.
    Address { limit: usize },
    /// Máy chủ đã mở đủ `limit` kết nối và không có kết nối chậm nào để đẩy ra.
    Full { limit: usize },
}

impl Connections {
    pub(super) fn new(per_address: usize) -> Connections {
        Connections {
            table: Mutex::default(),
            per_address: per_address.clamp(1, MAX_CONNECTIONS),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Nhận một kết nối từ `ip`; trả về số hiệu của nó.
    pub(super) fn admit(&self, ip: IpAddr) -> Result<u64, Refused> {
        let mut t = self.lock();
        if t.per_address.get(&ip).copied().unwrap_or(0) >= self.per_address {
            return Err(Refused::Address {
                limit: self.per_address,
            });
        }
        if t.total >= MAX_CONNECTIONS {
            // Nhường chỗ: một kết nối của địa chỉ đang giữ nhiều kết nối nhất
            // (nên một hai địa chỉ không chiếm hết chỗ của cả lớp), chờ lâu nhất;
            // kết nối đang gửi chỉ khi đã kẹt quá STUCK_WRITING.
            let victim = t
                .waiting
                .iter()
                .filter(|(_, w)| !w.writing || w.since.elapsed() >= STUCK_WRITING)
                .max_by_key(|(_, w)| {
                    let held = t.per_address.get(&w.ip).copied().unwrap_or(0);
                    (held, std::cmp::Reverse(w.since))
                })
                .map(|(id, _)| *id);
            let Some(w) = victim.and_then(|id| t.waiting.remove(&id)) else {
                return Err(Refused::Full {
                    limit: MAX_CONNECTIONS,
                });
            };
            // Luồng của nó thấy kết nối đóng và tự trả chỗ.
            let _ = w.stream.shutdown(std::net::Shutdown::Both);
        }
        t.total += 1;
        *t.per_address.entry(ip).or_insert(0) += 1;
        t.next_id += 1;
        Ok(t.next_id)
    }

    fn wait(&self, id: u64, stream: &TcpStream, writing: bool) {
        let (Ok(s), Ok(ip)) = (stream.try_clone(), stream.peer_addr().map(|a| a.ip())) else {
            return;
        };
        self.lock().waiting.insert(
            id,
            Waiting {
                since: Instant::now(),
                ip,
                writing,
                stream: s,
            },
        );
    }

    /// Kết nối `id` bắt đầu chờ một yêu cầu.
    pub(super) fn receiving(&self, id: u64, stream: &TcpStream) {
        self.wait(id, stream, false);
    }

    /// Kết nối `id` bắt đầu gửi một câu trả lời (không phải lần chạy mã).
    pub(super) fn writing(&self, id: u64, stream: &TcpStream) {
        self.wait(id, stream, true);
    }

    /// Kết nối `id` đã nhận trọn yêu cầu (hay đã gửi xong câu trả lời).
    pub(super) fn received(&self, id: u64) {
        self.lock().waiting.remove(&id);
    }

    pub(super) fn close(&self, id: u64, ip: IpAddr) {
        let mut t = self.lock();
        t.waiting.remove(&id);
        t.total = t.total.saturating_sub(1);
        if let Some(n) = t.per_address.get_mut(&ip) {
            *n -= 1;
            if *n == 0 {
                t.per_address.remove(&ip);
            }
        }
    }
}

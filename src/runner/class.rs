//! Chế độ lớp học (`--lop`): giáo viên mở sách cho cả lớp qua mạng của phòng
//! học. Học sinh cần đúng mã của buổi học (trong địa chỉ và mã QR), mỗi máy bị
//! giới hạn số lần chạy, và giáo viên có một trang xem hàng đợi và các lỗi gần đây.

use super::engine::{RunResult, Status};
use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime};

/// Mã của buổi học: 12 byte ngẫu nhiên, viết bằng chữ số thập lục phân.
pub fn new_token() -> Result<String, String> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|e| format!("không lấy được số ngẫu nhiên ({e})"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// So sánh hai chuỗi trong thời gian không phụ thuộc chỗ khác nhau đầu tiên.
pub(crate) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Mã QR của `text`, vẽ bằng các ký tự khối để in ra cửa sổ lệnh.
pub fn qr_for_terminal(text: &str) -> Result<String, String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(text.as_bytes()).map_err(|e| e.to_string())?;
    // Màu đảo (nền sáng, chấm tối) để quét được cả trên cửa sổ lệnh nền đen.
    Ok(code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build())
}

/// Các địa chỉ IPv4 của máy trong mạng nội bộ (không kể 127.x), riêng tư trước.
pub fn lan_addresses() -> Vec<IpAddr> {
    let mut out: Vec<IpAddr> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| ip.is_ipv4() && !ip.is_loopback())
        .collect();
    out.sort_by_key(|ip| match ip {
        IpAddr::V4(v4) => !v4.is_private(),
        IpAddr::V6(_) => true,
    });
    out.dedup();
    out
}

/// Giới hạn số lần chạy của mỗi máy: "xô token" — tối đa `burst` lần liền, rồi
/// thêm một lần mỗi `refill`; cùng lúc không quá `in_flight` yêu cầu.
pub(crate) struct RateLimiter {
    burst: f64,
    refill: Duration,
    in_flight: usize,
    clients: Mutex<HashMap<IpAddr, Bucket>>,
}

struct Bucket {
    tokens: f64,
    last: Instant,
    active: usize,
}

/// Vì sao một yêu cầu bị từ chối.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    TooFast,
    TooMany,
}

impl RateLimiter {
    pub fn new(burst: u32, refill: Duration, in_flight: usize) -> RateLimiter {
        RateLimiter {
            burst: f64::from(burst),
            refill,
            in_flight,
            clients: Mutex::new(HashMap::new()),
        }
    }

    /// Xin một lượt chạy cho `client`; nhớ trả lại bằng [`RateLimiter::release`].
    pub fn acquire(&self, client: IpAddr) -> Result<(), Refusal> {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        // Quên các máy im lặng lâu, để bảng không lớn mãi.
        if clients.len() > 1000 {
            clients.retain(|_, b| {
                b.active > 0 || now.duration_since(b.last) < Duration::from_secs(600)
            });
        }
        let b = clients.entry(client).or_insert(Bucket {
            tokens: self.burst,
            last: now,
            active: 0,
        });
        let gained = now.duration_since(b.last).as_secs_f64() / self.refill.as_secs_f64();
        b.tokens = (b.tokens + gained).min(self.burst);
        b.last = now;
        if b.active >= self.in_flight {
            return Err(Refusal::TooMany);
        }
        if b.tokens < 1.0 {
            return Err(Refusal::TooFast);
        }
        b.tokens -= 1.0;
        b.active += 1;
        Ok(())
    }

    pub fn release(&self, client: IpAddr) {
        let mut clients = self.clients.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(b) = clients.get_mut(&client) {
            b.active = b.active.saturating_sub(1);
        }
    }
}

/// Một lỗi gần đây (cho trang giáo viên).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RecentError {
    /// Giờ:phút:giây (UTC) lúc xảy ra.
    pub time: String,
    /// Lúc xảy ra, mili giây kể từ 1970 (UTC): trang giáo viên đổi sang giờ
    /// của máy giáo viên.
    pub at_ms: u64,
    pub client: String,
    pub status: Status,
    pub headline: String,
    /// Dòng đầu lời báo của trình biên dịch hoặc của panic.
    pub detail: String,
}

/// Thống kê cho trang giáo viên.
#[derive(Default)]
pub(crate) struct Stats {
    inner: Mutex<StatsInner>,
}

#[derive(Default)]
struct StatsInner {
    runs: u64,
    failures: u64,
    recent: VecDeque<RecentError>,
    seen: HashMap<IpAddr, Instant>,
}

/// Ảnh chụp thống kê.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Snapshot {
    pub runs: u64,
    pub failures: u64,
    /// Số máy đã chạy mã trong 10 phút qua.
    pub active_clients: usize,
    pub recent_errors: Vec<RecentError>,
}

/// Số lỗi gần đây trang giáo viên giữ, và tối đa bao nhiêu lỗi của một máy.
const RECENT_ERRORS: usize = 50;
const ERRORS_PER_CLIENT: usize = 5;
/// Số ký tự tối đa của một ô (tiêu đề, chi tiết) trên trang giáo viên.
const CELL_CHARS: usize = 240;

/// Dòng đầu của `text`, tối đa [`CELL_CHARS`] ký tự (thêm "…" nếu bị cắt): một
/// lỗi dài 1 MB hay nhiều dòng không làm trang giáo viên nặng hay giả được dòng.
fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or("");
    let mut out: String = first
        .chars()
        .filter(|c| !c.is_control())
        .take(CELL_CHARS)
        .collect();
    if first.chars().count() > CELL_CHARS || text.trim_end().contains('\n') {
        out.push('…');
    }
    out
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

fn clock(ms: u64) -> String {
    let secs = ms / 1000;
    format!(
        "{:02}:{:02}:{:02}",
        secs / 3600 % 24,
        secs / 60 % 60,
        secs % 60
    )
}

impl Stats {
    pub fn record(&self, client: IpAddr, result: &RunResult) {
        let mut s = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        s.runs += 1;
        s.seen.insert(client, Instant::now());
        // Sinh viên tự bấm ■ Dừng không phải một lỗi.
        if matches!(result.status, Status::Ok | Status::Stopped) {
            return;
        }
        s.failures += 1;
        let at_ms = now_ms();
        let detail = if let Some(c) = &result.compile {
            c.first_message.clone()
        } else if let Some(p) = &result.panic {
            p.message.lines().next().unwrap_or("").to_string()
        } else {
            String::new()
        };
        let client = client.to_string();
        s.recent.push_front(RecentError {
            time: clock(at_ms),
            at_ms,
            client: client.clone(),
            status: result.status,
            headline: one_line(result.headline.as_deref().unwrap_or_default()),
            detail: one_line(&detail),
        });
        // Một máy không đẩy được lỗi của cả lớp ra khỏi danh sách.
        let mine: Vec<usize> = (0..s.recent.len())
            .filter(|&i| s.recent[i].client == client)
            .collect();
        if let Some(&oldest) = mine.get(ERRORS_PER_CLIENT) {
            s.recent.remove(oldest);
        }
        s.recent.truncate(RECENT_ERRORS);
    }

    pub fn snapshot(&self) -> Snapshot {
        let s = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let recent = Instant::now();
        Snapshot {
            runs: s.runs,
            failures: s.failures,
            active_clients: s
                .seen
                .values()
                .filter(|t| recent.duration_since(**t) < Duration::from_secs(600))
                .count(),
            recent_errors: s.recent.iter().cloned().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teacher_cells_are_one_short_line() {
        assert_eq!(one_line("lỗi ngắn"), "lỗi ngắn");
        assert_eq!(one_line("dòng một\ndòng hai giả"), "dòng một…");
        let long = "x".repeat(1 << 20);
        assert_eq!(one_line(&long).chars().count(), CELL_CHARS + 1);
    }

    #[test]
    fn one_client_keeps_only_a_few_errors() {
        let stats = Stats::default();
        let failed = crate::runner::engine::RunResult {
            status: Status::Panic,
            headline: Some("y".repeat(1 << 20)),
            parts: Vec::new(),
            stderr: String::new(),
            compile: None,
            panic: None,
            exit_code: Some(101),
            truncated: false,
            cached: false,
            compile_ms: 0,
            run_ms: 0,
        };
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let greedy: IpAddr = "10.0.0.9".parse().unwrap();
        stats.record(other, &failed);
        for _ in 0..200 {
            stats.record(greedy, &failed);
        }
        let snap = stats.snapshot();
        assert_eq!(snap.recent_errors.len(), ERRORS_PER_CLIENT + 1);
        assert!(snap.recent_errors.iter().any(|e| e.client == "10.0.0.2"));
        let page = serde_json::to_string(&snap).unwrap();
        assert!(page.len() < 50_000, "{} byte", page.len());
    }

    #[test]
    fn tokens_are_random_and_compared_exactly() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 24);
        assert_ne!(a, b);
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a, &b));
        assert!(!same_secret(&a, &a[1..]));
    }

    #[test]
    fn rate_limiter_allows_a_burst_then_refuses() {
        let r = RateLimiter::new(3, Duration::from_secs(3600), 2);
        let ip: IpAddr = "10.0.0.7".parse().unwrap();
        let other: IpAddr = "10.0.0.8".parse().unwrap();
        assert_eq!(r.acquire(ip), Ok(()));
        assert_eq!(r.acquire(ip), Ok(()));
        assert_eq!(r.acquire(ip), Err(Refusal::TooMany));
        r.release(ip);
        r.release(ip);
        assert_eq!(r.acquire(ip), Ok(()));
        r.release(ip);
        assert_eq!(r.acquire(ip), Err(Refusal::TooFast));
        assert_eq!(r.acquire(other), Ok(()));
    }

    #[test]
    fn qr_code_is_drawn_with_block_characters() {
        let qr = qr_for_terminal("http://192.168.1.5:3000/?lop=0123456789abcdef01234567").unwrap();
        assert!(qr.lines().count() > 15);
        assert!(qr.contains('█') || qr.contains('▀'));
    }
}

//! Máy chủ HTTP của trình chạy: phục vụ sách đã dựng (`book/book`),
//! `POST /api/run` (biên dịch, chạy một khối mã, trả lời từng dòng JSON) và
//! `POST /api/luyen-tap` (một thẻ bài cho trang luyện tập, [`super::practice`]),
//! `GET /api/luyen-tap` (các câu cố định để trang ghép lời nhận xét).
//!
//! An toàn trên máy của sinh viên:
//! - chỉ nghe ở 127.0.0.1 (trừ chế độ lớp học);
//! - `Host` phải là `127.0.0.1`, `localhost`, `[::1]` (chế độ lớp học: một địa chỉ
//!   IP bất kỳ) với đúng cổng — một tên miền "đổi địa chỉ" (DNS rebinding) bị từ chối;
//! - `POST /api/run`, `POST /api/dung` và `POST /api/luyen-tap` phải có `Origin` đúng bằng trang của
//!   chính máy chủ và nội dung JSON: một trang web ở nơi khác không gửi được gì tới
//!   đây;
//! - không trả lời CORS, không cho trang khác nhúng sách (`frame-ancestors 'none'`).
//!
//! Máy gửi chậm không làm nghẽn được máy chủ (`Connections`): mỗi địa chỉ mở
//! tối đa [`Config::connections_per_address`] kết nối (đếm ngay khi nhận kết nối,
//! trước mọi việc khác; mặc định [`MAX_CONNECTIONS_PER_ADDRESS`], ở chế độ lớp học
//! [`CLASS_CONNECTIONS_PER_ADDRESS`] vì cả lớp sau một NAT chỉ có một địa chỉ); mỗi
//! yêu cầu — phần đầu và thân — phải tới trọn trong [`REQUEST_DEADLINE`]; khi đầy
//! ([`MAX_CONNECTIONS`] cho cả máy chủ), kết nối mới đẩy ra kết nối đã chờ lâu nhất
//! mà vẫn chưa gửi xong yêu cầu; `Host` và mã lớp được kiểm tra ngay sau phần đầu,
//! trước khi đọc thân. Kết nối bị từ chối nhận một trang 503 tiếng Việt nói vì sao,
//! không bị cắt ngang.

use super::class::{same_secret, RateLimiter, Refusal, Stats};
use super::engine::{Engine, RunResult, Stage};
use super::http::{
    read_body, read_head, write_response, write_response_by, Chunked, DeadlineReader, ReadError,
    Request, Response,
};
use super::queue::{Event, Job, Queue, Ticket};
use super::stop::{client_gone, stop_ticket, valid_id, NotStopped, Runs};
use serde::Serialize;
use std::collections::HashMap;
use std::io::{BufReader, Read};
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Tên trình chạy, trang sách dùng để nhận ra nó (`/api/status`).
pub const RUNNER_NAME: &str = "caytrochoi-sach";
/// Tên cookie giữ mã buổi học.
pub const CLASS_COOKIE: &str = "caytrochoi_lop";
/// Độ dài tối đa của một khối mã gửi lên.
pub const MAX_CODE_BYTES: usize = crate::limits::RUNNER_CODE_BYTES;

/// Chế độ lớp học.
#[derive(Debug, Clone)]
pub struct ClassMode {
    /// Mã của buổi học.
    pub token: String,
    /// Số lần chạy liền nhau tối đa của một máy.
    pub burst: u32,
    /// Sau mỗi khoảng này, một máy được thêm một lần chạy.
    pub refill: Duration,
    /// Số yêu cầu cùng lúc tối đa của một máy.
    pub in_flight: usize,
}

/// Cấu hình máy chủ.
#[derive(Debug, Clone)]
pub struct Config {
    pub host: IpAddr,
    /// 0 = để hệ điều hành chọn một cổng trống.
    pub port: u16,
    /// Thư mục sách đã dựng.
    pub book_dir: PathBuf,
    pub class: Option<ClassMode>,
    /// Tên máy thêm vào danh sách `Host` được chấp nhận (ví dụ `may-thay.local`).
    pub allow_hosts: Vec<String>,
    /// Số yêu cầu chờ tối đa trong hàng.
    pub queue_capacity: usize,
    /// Số thợ biên dịch/chạy (không quá số lõi).
    pub workers: usize,
    /// Số kết nối cùng lúc tối đa của một địa chỉ IP ([`MAX_CONNECTIONS_PER_ADDRESS`],
    /// hay [`CLASS_CONNECTIONS_PER_ADDRESS`] ở chế độ lớp học); không quá
    /// [`MAX_CONNECTIONS`].
    pub connections_per_address: usize,
}

struct Shared {
    config: Config,
    port: u16,
    queue: Arc<Queue>,
    engine: Arc<Engine>,
    stats: Arc<Stats>,
    limiter: Option<RateLimiter>,
    /// Giới hạn riêng (rộng hơn) cho thẻ luyện tập ở chế độ lớp học.
    practice_limiter: Option<RateLimiter>,
    connections: Connections,
    /// Các lần chạy đang dở có số hiệu (cho nút ■ Dừng).
    runs: Runs,
}

/// Số kết nối mở cùng lúc tối đa (mỗi kết nối một luồng).
pub const MAX_CONNECTIONS: usize = crate::limits::RUNNER_CONNECTIONS;
/// Số kết nối mở cùng lúc tối đa của một địa chỉ, mặc định.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = crate::limits::RUNNER_CONNECTIONS_PER_ADDRESS;
/// Như trên, mặc định ở chế độ lớp học (cả lớp sau một NAT là một địa chỉ).
pub const CLASS_CONNECTIONS_PER_ADDRESS: usize =
    crate::limits::RUNNER_CLASS_CONNECTIONS_PER_ADDRESS;
/// Hạn cho cả một yêu cầu (phần đầu và thân), tính từ lúc bắt đầu chờ nó; kết
/// nối giữ lại không gửi gì trong khoảng này cũng bị đóng.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(crate::limits::RUNNER_REQUEST_SECONDS);

/// Sổ các kết nối đang mở: đếm theo địa chỉ, và những kết nối còn đang nhận
/// yêu cầu (chưa trọn) cùng lúc chúng bắt đầu chờ — kết nối chậm nhất bị đẩy ra
/// khi sổ đầy.
struct Connections {
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

/// Hạn cho cả một câu trả lời (không phải cho từng lần ghi): máy đọc chậm hơn thì
/// kết nối bị đóng.
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(crate::limits::RUNNER_RESPONSE_SECONDS);

/// Vì sao một kết nối không được nhận.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refused {
    /// Địa chỉ này đã mở đủ `limit` kết nối.
    Address { limit: usize },
    /// Máy chủ đã mở đủ `limit` kết nối và không có kết nối chậm nào để đẩy ra.
    Full { limit: usize },
}

impl Connections {
    fn new(per_address: usize) -> Connections {
        Connections {
            table: Mutex::default(),
            per_address: per_address.clamp(1, MAX_CONNECTIONS),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Nhận một kết nối từ `ip`; trả về số hiệu của nó.
    fn admit(&self, ip: IpAddr) -> Result<u64, Refused> {
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
    fn receiving(&self, id: u64, stream: &TcpStream) {
        self.wait(id, stream, false);
    }

    /// Kết nối `id` bắt đầu gửi một câu trả lời (không phải lần chạy mã).
    fn writing(&self, id: u64, stream: &TcpStream) {
        self.wait(id, stream, true);
    }

    /// Kết nối `id` đã nhận trọn yêu cầu (hay đã gửi xong câu trả lời).
    fn received(&self, id: u64) {
        self.lock().waiting.remove(&id);
    }

    fn close(&self, id: u64, ip: IpAddr) {
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

/// Máy chủ đã mở cổng.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Mở cổng và khởi động các thợ.
    pub fn bind(config: Config, engine: Arc<Engine>) -> Result<Server, String> {
        let listener =
            TcpListener::bind(SocketAddr::new(config.host, config.port)).map_err(|e| {
                format!(
                    "không mở được cổng {} ({e}); thử một cổng khác: make book PORT=3001",
                    config.port
                )
            })?;
        let port = listener.local_addr().map_or(config.port, |a| a.port());
        let queue = Queue::new(config.queue_capacity, config.workers.max(1));
        let stats = Arc::new(Stats::default());
        let recorder = stats.clone();
        queue.start_workers(
            engine.clone(),
            Arc::new(move |job: &Job, r: &RunResult| recorder.record(job.client, r)),
        );
        let limiter = config
            .class
            .as_ref()
            .map(|c| RateLimiter::new(c.burst, c.refill, c.in_flight));
        let practice_limiter = config.class.as_ref().map(|_| {
            RateLimiter::new(
                crate::limits::RUNNER_CLASS_PRACTICE_BURST,
                Duration::from_millis(crate::limits::RUNNER_CLASS_PRACTICE_REFILL_MS),
                4,
            )
        });
        let connections = Connections::new(config.connections_per_address);
        Ok(Server {
            listener,
            shared: Arc::new(Shared {
                config,
                port,
                queue,
                engine,
                stats,
                limiter,
                practice_limiter,
                connections,
                runs: Runs::default(),
            }),
        })
    }

    /// Cổng thật đang nghe.
    pub fn port(&self) -> u16 {
        self.shared.port
    }

    /// Phục vụ cho tới khi `stop` thành `true`.
    pub fn serve(&self, stop: &AtomicBool) {
        let listener = match self.listener.try_clone() {
            Ok(l) => l,
            Err(_) => return,
        };
        let shared = self.shared.clone();
        std::thread::spawn(move || {
            let refusals = Refusals::start();
            for stream in listener.incoming().flatten() {
                // Trước mọi việc khác: địa chỉ này mở bao nhiêu kết nối rồi.
                let Ok(ip) = stream.peer_addr().map(|a| a.ip()) else {
                    continue;
                };
                let id = match shared.connections.admit(ip) {
                    Ok(id) => id,
                    Err(why) => {
                        refusals.answer(stream, why, ip);
                        continue;
                    }
                };
                let shared = shared.clone();
                let spawned = std::thread::Builder::new().spawn(move || {
                    connection(&shared, stream, id);
                    shared.connections.close(id, ip);
                });
                if spawned.is_err() {
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        });
        while !stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(100));
        }
        self.shared.queue.stop();
    }
}

/// Trang 503 tiếng Việt cho một kết nối bị từ chối: vì sao, và nên làm gì.
fn refusal_page(why: Refused, ip: IpAddr) -> String {
    let (title, body) = match why {
        Refused::Address { limit } => (
            "Máy này đang mở quá nhiều kết nối",
            format!(
                "<p>Trình chạy của sách nhận tối đa {limit} kết nối cùng lúc từ một địa chỉ, \
và địa chỉ {ip} đã dùng hết. Thường là vì nhiều máy trong phòng đi ra qua cùng một \
bộ định tuyến (NAT) nên trình chạy thấy chúng là một máy, hoặc vì một máy mở rất \
nhiều thẻ sách cùng lúc.</p><p>Đợi vài giây rồi tải lại trang. Nếu cả lớp hay gặp \
trang này, thầy/cô khởi động lại trình chạy với giới hạn lớn hơn, ví dụ \
<code>--ket-noi-moi-may {}</code> (tối đa {MAX_CONNECTIONS}).</p>",
                (limit * 2).min(MAX_CONNECTIONS)
            ),
        ),
        Refused::Full { limit } => (
            "Trình chạy đang quá tải",
            format!(
                "<p>Trình chạy đang giữ đủ {limit} kết nối cùng lúc — giới hạn của cả máy \
chủ, để máy của thầy/cô không bị cạn — và kết nối nào cũng đang làm việc.</p>\
<p>Đợi vài giây rồi tải lại trang.</p>"
            ),
        ),
    };
    plain_page(title, &body)
}

/// Một trang báo ngắn (tiếng Việt, đọc được trên điện thoại): tiêu đề và vài đoạn.
fn plain_page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"vi\"><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
<body style=\"font-family:sans-serif;max-width:40em;margin:3em auto;padding:0 1em;line-height:1.5\">\
<h1>{title}</h1>{body}</body></html>"
    )
}

/// Câu trả lời cho một kết nối bị từ chối.
fn refusal(why: Refused, ip: IpAddr) -> Response {
    html(503, refusal_page(why, ip)).with("Retry-After", "5")
}

/// Trả lời các kết nối bị từ chối: trang 503 đi ngay (trang nhỏ, vừa bộ đệm gửi của
/// hệ điều hành, nên luồng nhận kết nối không phải chờ), rồi một luồng riêng đọc bỏ
/// yêu cầu máy kia đã gửi (tối đa nửa giây) trước khi đóng — đóng khi còn dữ liệu
/// chưa đọc thì hệ điều hành gửi RST, và trình duyệt có thể chỉ thấy "kết nối bị
/// ngắt" chứ không thấy trang. Hàng chờ có hạn: khi bị dồn dập, kết nối thừa bị
/// đóng ngay sau trang.
struct Refusals {
    tx: mpsc::SyncSender<TcpStream>,
}

impl Refusals {
    const WAITING: usize = 64;
    const LINGER: Duration = Duration::from_millis(500);

    fn start() -> Refusals {
        let (tx, rx) = mpsc::sync_channel::<TcpStream>(Self::WAITING);
        let _ = std::thread::Builder::new().spawn(move || {
            for stream in rx {
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
                let until = Instant::now() + Self::LINGER;
                let mut buf = [0u8; 4096];
                let mut read = 0;
                while Instant::now() < until && read < 64 * 1024 {
                    match (&stream).read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => read += n,
                    }
                }
            }
        });
        Refusals { tx }
    }

    fn answer(&self, stream: TcpStream, why: Refused, ip: IpAddr) {
        let _ = stream.set_nonblocking(true);
        let _ = write_response(&mut &stream, &refusal(why, ip), false, false);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        // Đầy hay luồng đọc bỏ không chạy: kết nối đóng ngay tại đây.
        let _ = self.tx.try_send(stream);
    }
}

/// Phục vụ một kết nối: các yêu cầu nối tiếp nhau cho tới khi nó đóng.
fn connection(shared: &Shared, stream: TcpStream, id: u64) {
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

/// Yêu cầu bị từ chối ngay từ phần đầu: `Host` lạ, hoặc ở chế độ lớp học mà
/// không có mã buổi học (cookie hay `?lop=`) và không phải trang giáo viên.
fn refused_early(shared: &Shared, req: &Request) -> bool {
    if !shared.host_allowed(req.header("Host")) {
        return true;
    }
    let Some(class) = &shared.config.class else {
        return false;
    };
    let (path, query) = req.target.split_once('?').unwrap_or((&req.target, ""));
    let teacher = path == "/giao-vien" || path == "/api/giao-vien";
    // Chỉ đúng mã lớp mới được đọc tiếp thân yêu cầu (`?lop=` sai thì trả lời ngay).
    let offered = query
        .split('&')
        .filter_map(|kv| kv.strip_prefix("lop="))
        .any(|t| same_secret(t, &class.token));
    !teacher && !offered && !shared.has_class_cookie(req, class)
}

// 'wasm-unsafe-eval' và worker-src blob: cho sách tương tác (theme/wasm-api.js): mô-đun
// WebAssembly của sách chạy trong một Web Worker tạo từ blob (không cho phép eval JS).
const CSP: &str = "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; \
worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
object-src 'none'; base-uri 'self'; form-action 'self'";

fn secure(r: Response) -> Response {
    r.with("X-Content-Type-Options", "nosniff")
        .with("X-Frame-Options", "DENY")
        .with("Referrer-Policy", "no-referrer")
        .with("Content-Security-Policy", CSP)
        .with("Cache-Control", "no-cache")
}

fn text(code: u16, body: &str) -> Response {
    secure(Response::new(
        code,
        "text/plain; charset=utf-8",
        format!("{body}\n"),
    ))
}

fn json<T: Serialize>(code: u16, value: &T) -> Response {
    let body = serde_json::to_vec(value).unwrap_or_default();
    secure(Response::new(code, "application/json; charset=utf-8", body))
}

fn html(code: u16, body: String) -> Response {
    secure(Response::new(code, "text/html; charset=utf-8", body))
}

/// Lỗi của `/api/run`, cho trang sách hiện ra.
#[derive(Serialize)]
struct ApiError<'a> {
    error: &'a str,
}

fn api_error(code: u16, message: &str) -> Response {
    json(code, &ApiError { error: message })
}

/// Tách `Host` thành tên và cổng (`[::1]:3000`, `127.0.0.1:3000`, `localhost`).
fn split_host(host: &str) -> (String, Option<u16>) {
    let host = host.trim();
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((name, tail)) => (name, tail.strip_prefix(':')),
            None => (host, None),
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if !name.contains(':') => (name, Some(port)),
            _ => (host, None),
        }
    };
    let port = match port {
        Some(p) => match p.parse() {
            Ok(p) => Some(p),
            Err(_) => return (String::new(), None),
        },
        None => None,
    };
    (name.to_ascii_lowercase(), port)
}

impl Shared {
    fn host_allowed(&self, host: Option<&str>) -> bool {
        let Some(host) = host else { return false };
        let (name, port) = split_host(host);
        if port != Some(self.port) && !(port.is_none() && self.port == 80) {
            return false;
        }
        if name == "localhost"
            || self
                .config
                .allow_hosts
                .iter()
                .any(|h| h.eq_ignore_ascii_case(&name))
        {
            return true;
        }
        match name.parse::<IpAddr>() {
            // Chế độ lớp học: mọi địa chỉ IP của máy (một tên miền thì không).
            Ok(ip) if self.config.class.is_some() => !ip.is_unspecified(),
            Ok(ip) => ip.is_loopback() || ip == self.config.host,
            Err(_) => false,
        }
    }

    fn has_class_cookie(&self, req: &Request, class: &ClassMode) -> bool {
        req.header("Cookie").is_some_and(|c| {
            c.split(';').any(|kv| {
                kv.trim()
                    .strip_prefix(CLASS_COOKIE)
                    .and_then(|r| r.strip_prefix('='))
                    .is_some_and(|v| same_secret(v.trim(), &class.token))
            })
        })
    }
}

/// Trả lời một yêu cầu; `None` nếu câu trả lời đã được gửi từng phần.
fn handle(shared: &Shared, req: &Request, w: &mut TcpStream, keep: bool) -> Option<Response> {
    let peer = req.peer;
    if !shared.host_allowed(req.header("Host")) {
        return Some(text(
            403,
            "Từ chối: địa chỉ (Host) không phải của trình chạy này. Hãy mở đúng địa chỉ mà trình chạy in ra.",
        ));
    }
    let (path, query) = req.target.split_once('?').unwrap_or((&req.target, ""));
    let teacher = path == "/giao-vien" || path == "/api/giao-vien";
    if teacher && !peer.is_loopback() {
        return Some(text(
            403,
            "Trang giáo viên chỉ mở được trên chính máy chạy trình chạy.",
        ));
    }
    if let Some(class) = &shared.config.class {
        let offered = query.split('&').find_map(|kv| kv.strip_prefix("lop="));
        if let Some(token) = offered {
            if !same_secret(token, &class.token) {
                return Some(html(403, class_page("Mã lớp không đúng.", shared.port)));
            }
            let cookie = format!(
                "{CLASS_COOKIE}={}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400",
                class.token
            );
            return Some(
                text(303, "Đã nhận mã lớp.")
                    .with("Set-Cookie", &cookie)
                    .with("Location", own_path(path)),
            );
        }
        if !teacher && !shared.has_class_cookie(req, class) {
            return Some(if path.starts_with("/api/") {
                api_error(
                    403,
                    "Cần mã lớp: hãy mở sách bằng đúng địa chỉ (có ?lop=…) mà thầy/cô đưa.",
                )
            } else {
                html(
                    403,
                    class_page("Sách của lớp học cần mã buổi học.", shared.port),
                )
            });
        }
    }
    match (req.method.as_str(), path) {
        ("GET" | "HEAD", "/api/status") => Some(json(200, &status(shared))),
        ("POST", "/api/run") => run(shared, req, w, keep),
        ("POST", "/api/dung") => Some(stop_run(shared, req)),
        ("POST", "/api/luyen-tap") => Some(practice_card(shared, req)),
        ("GET" | "HEAD", "/api/luyen-tap") => Some(practice_texts()),
        ("GET", "/giao-vien") => Some(html(200, include_str!("giao-vien.html").to_string())),
        ("GET", "/api/giao-vien") => Some(json(200, &teacher_view(shared))),
        ("GET" | "HEAD", _) => Some(static_file(&shared.config.book_dir, path)),
        _ => Some(text(405, "Phương thức không được hỗ trợ.")),
    }
}

/// Đường dẫn để chuyển tới sau khi nhận mã lớp: chỉ một đường dẫn của chính
/// sách. `//nơi-khác/x` (trình duyệt hiểu là một máy khác) hay `/\nơi-khác` thành `/`.
fn own_path(path: &str) -> &str {
    let ok = path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && path.bytes().all(|b| b.is_ascii_graphic());
    if ok {
        path
    } else {
        "/"
    }
}

fn class_page(why: &str, port: u16) -> String {
    plain_page(
        why,
        &format!(
            "<p>Hãy mở đúng địa chỉ mà thầy/cô đưa (hoặc quét mã QR trên màn hình của \
thầy/cô). Địa chỉ đó có dạng <code>http://…:{port}/?lop=…</code>.</p>"
        ),
    )
}

#[derive(Serialize)]
struct QueueView {
    waiting: usize,
    running: usize,
    workers: usize,
}

#[derive(Serialize)]
struct LimitsView {
    wall_seconds: u64,
    cpu_seconds: u64,
    memory_mib: u64,
    output_kib: usize,
}

/// Hộp cát của trình chạy, cho trang sách báo khi không có.
#[derive(Serialize)]
struct SandboxView {
    /// Mỗi khối biên dịch và chạy trong hộp cát bubblewrap riêng.
    isolated: bool,
    /// Một câu tiếng Việt nói điều đó (và vì sao không, nếu không).
    note: String,
    /// Bộ nhớ, CPU và số tiến trình được giới hạn cho cả khối bằng cgroup.
    whole_block: bool,
    /// Một câu tiếng Việt nói giới hạn của cả khối được đếm thế nào.
    block_limits: String,
}

#[derive(Serialize)]
struct StatusView {
    runner: &'static str,
    version: &'static str,
    class_mode: bool,
    queue: QueueView,
    limits: LimitsView,
    sandbox: SandboxView,
}

fn queue_view(shared: &Shared) -> QueueView {
    let (waiting, running) = shared.queue.lengths();
    QueueView {
        waiting,
        running,
        workers: shared.queue.workers(),
    }
}

fn status(shared: &Shared) -> StatusView {
    let p = &shared.engine.settings().program;
    StatusView {
        runner: RUNNER_NAME,
        version: env!("CARGO_PKG_VERSION"),
        class_mode: shared.config.class.is_some(),
        queue: queue_view(shared),
        limits: LimitsView {
            wall_seconds: p.wall.as_secs(),
            cpu_seconds: p.cpu_seconds,
            memory_mib: p.memory_bytes >> 20,
            output_kib: p.output_bytes >> 10,
        },
        sandbox: SandboxView {
            isolated: shared.engine.isolation().is_sandboxed(),
            note: shared.engine.isolation().describe(),
            whole_block: super::group::groups().is_ok(),
            block_limits: super::group::describe(),
        },
    }
}

#[derive(Serialize)]
struct TeacherView {
    class_mode: bool,
    queue: QueueView,
    #[serde(flatten)]
    stats: super::class::Snapshot,
}

fn teacher_view(shared: &Shared) -> TeacherView {
    TeacherView {
        class_mode: shared.config.class.is_some(),
        queue: queue_view(shared),
        stats: shared.stats.snapshot(),
    }
}

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

/// Trả lại lượt của máy khi yêu cầu kết thúc (kể cả khi người gửi rời đi).
struct Slot<'a> {
    limiter: Option<&'a RateLimiter>,
    client: IpAddr,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        if let Some(l) = self.limiter {
            l.release(self.client);
        }
    }
}

fn same_origin(req: &Request) -> bool {
    let (Some(origin), Some(host)) = (req.header("Origin"), req.header("Host")) else {
        return false;
    };
    let origin_ok = origin.eq_ignore_ascii_case(&format!("http://{host}"));
    let site_ok = req
        .header("Sec-Fetch-Site")
        .is_none_or(|s| s == "same-origin");
    let json_ok = req
        .header("Content-Type")
        .is_some_and(|c| c.starts_with("application/json"));
    origin_ok && site_ok && json_ok
}

/// Một thẻ bài cho trang luyện tập: cùng luật `Origin` như `/api/run` (`Host` và
/// mã lớp đã được kiểm tra ở [`handle`]). Thẻ bài không biên dịch gì nên ở chế độ
/// lớp học nó có giới hạn lượt riêng, rộng hơn nhiều, không tính vào số lần Chạy.
fn practice_card(shared: &Shared, req: &Request) -> Response {
    if !same_origin(req) {
        return api_error(
            403,
            "Từ chối: yêu cầu bài luyện tập phải đến từ chính trang sách của trình chạy này.",
        );
    }
    let limiter = shared.practice_limiter.as_ref();
    if let Some(l) = limiter {
        if l.acquire(req.peer).is_err() {
            return api_error(
                429,
                "Máy này xin cây mới nhanh quá: trang tự thử lại sau vài giây.",
            )
            .with("Retry-After", "2");
        }
    }
    let _slot = Slot {
        limiter,
        client: req.peer,
    };
    let (code, body) = super::practice::card_reply(&req.body);
    secure(Response::new(code, "application/json; charset=utf-8", body))
}

/// `GET /api/luyen-tap`: các câu cố định mà trang luyện tập dùng để ghép lời
/// nhận xét ([`super::practice::texts_reply`]) — cho trình duyệt không chạy được
/// mô-đun WebAssembly của sách.
fn practice_texts() -> Response {
    secure(Response::new(
        200,
        "application/json; charset=utf-8",
        super::practice::texts_reply(),
    ))
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

fn run(shared: &Shared, req: &Request, w: &mut TcpStream, keep: bool) -> Option<Response> {
    if !same_origin(req) {
        return Some(api_error(
            403,
            "Từ chối: yêu cầu chạy mã phải đến từ chính trang sách của trình chạy này.",
        ));
    }
    let (code, id) = match serde_json::from_slice::<serde_json::Value>(&req.body) {
        Ok(v) => {
            let code = match v["code"].as_str() {
                Some(c) if c.len() <= MAX_CODE_BYTES => c.to_string(),
                Some(_) => return Some(api_error(413, "Đoạn mã quá dài (tối đa 256 KiB).")),
                None => return Some(api_error(400, "Yêu cầu phải có dạng {\"code\": \"…\"}.")),
            };
            let id = match &v["id"] {
                serde_json::Value::Null => None,
                serde_json::Value::String(id) if valid_id(id) => Some(id.clone()),
                _ => return Some(api_error(
                    400,
                    "Số hiệu \"id\" của lần chạy phải là 32 chữ số thập lục phân (viết thường).",
                )),
            };
            (code, id)
        }
        Err(_) => return Some(api_error(400, "Yêu cầu không phải JSON hợp lệ.")),
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
    let limiter = shared.limiter.as_ref();
    if let Some(l) = limiter {
        match l.acquire(req.peer) {
            Ok(()) => {}
            Err(Refusal::TooFast) => {
                return Some(
                    api_error(429, "Máy này bấm Chạy nhanh quá: đợi vài giây rồi thử lại.")
                        .with("Retry-After", "3"),
                )
            }
            Err(Refusal::TooMany) => {
                return Some(
                    api_error(429, "Máy này đang chạy vài khối mã rồi: đợi chúng xong đã.")
                        .with("Retry-After", "2"),
                )
            }
        }
    }
    let _slot = Slot {
        limiter,
        client: req.peer,
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
    let ndjson = "application/x-ndjson; charset=utf-8";
    if req.minor == 0 {
        // HTTP/1.0: không gửi từng phần được, trả lời một lần khi xong.
        let mut all = Vec::new();
        while let Some(e) = next_event(shared, &rx, w, &ticket) {
            all.extend(wire_line(&e));
            if matches!(e, Event::Done(..)) {
                break;
            }
        }
        // Gửi ngay tại đây (không trả về cho nơi gọi): lần chạy chỉ ra khỏi sổ
        // (`_entry`) sau khi kết quả đã đi, như nút ■ Dừng hứa.
        let resp = secure(Response::new(200, ndjson, all)).with("Cache-Control", "no-store");
        let _ = write_response(w, &resp, keep, false);
        return None;
    }
    // Gửi từng dòng ngay khi có: vị trí trong hàng, đang biên dịch, kết quả.
    let headers = secure(Response::new(200, ndjson, Vec::new())).headers;
    let Ok(watch) = w.try_clone() else {
        stop_ticket(&ticket, &shared.queue);
        return None;
    };
    let Ok(mut out) = Chunked::start(w, 200, &headers, keep) else {
        stop_ticket(&ticket, &shared.queue);
        return None;
    };
    while let Some(e) = next_event(shared, &rx, &watch, &ticket) {
        if out.send(&wire_line(&e)).is_err() {
            // Người gửi đã rời đi: dừng lần chạy ngay.
            stop_ticket(&ticket, &shared.queue);
            return None;
        }
        if matches!(e, Event::Done(..)) {
            let _ = out.finish();
            return None;
        }
    }
    None
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

fn static_file(root: &Path, url_path: &str) -> Response {
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
    fn redirect_stays_in_the_book() {
        assert_eq!(own_path("/ch03.html"), "/ch03.html");
        assert_eq!(own_path("/"), "/");
        for elsewhere in [
            "//elsewhere/x",
            "/\\elsewhere",
            "",
            "http://x/",
            "/a\r\nSet-Cookie: x",
        ] {
            assert_eq!(own_path(elsewhere), "/", "{elsewhere:?}");
        }
    }

    #[test]
    fn host_header_is_split_into_name_and_port() {
        assert_eq!(
            split_host("127.0.0.1:3000"),
            ("127.0.0.1".into(), Some(3000))
        );
        assert_eq!(split_host("[::1]:8080"), ("::1".into(), Some(8080)));
        assert_eq!(split_host("LocalHost"), ("localhost".into(), None));
        assert_eq!(
            split_host("evil.example:3000"),
            ("evil.example".into(), Some(3000))
        );
        assert_eq!(split_host("a:b"), (String::new(), None));
    }

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

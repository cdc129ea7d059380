//! Máy chủ HTTP của trình chạy: phục vụ sách đã dựng (`book/book`) và
//! `POST /api/run` (biên dịch, chạy một khối mã, trả lời từng dòng JSON).
//!
//! An toàn trên máy của sinh viên:
//! - chỉ nghe ở 127.0.0.1 (trừ chế độ lớp học);
//! - `Host` phải là `127.0.0.1`, `localhost`, `[::1]` (chế độ lớp học: một địa chỉ
//!   IP bất kỳ) với đúng cổng — một tên miền "đổi địa chỉ" (DNS rebinding) bị từ chối;
//! - `POST /api/run` phải có `Origin` đúng bằng trang của chính máy chủ và nội dung
//!   JSON: một trang web ở nơi khác không gửi được mã tới đây;
//! - không trả lời CORS, không cho trang khác nhúng sách (`frame-ancestors 'none'`).

use super::class::{same_secret, RateLimiter, Refusal, Stats};
use super::engine::{Engine, RunResult, Stage};
use super::queue::{Event, Job, Queue};
use serde::Serialize;
use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use tiny_http::{Header, Method, Request, Response};

/// Tên trình chạy, trang sách dùng để nhận ra nó (`/api/status`).
pub const RUNNER_NAME: &str = "caytrochoi-sach";
/// Tên cookie giữ mã buổi học.
pub const CLASS_COOKIE: &str = "caytrochoi_lop";
/// Độ dài tối đa của một khối mã gửi lên.
pub const MAX_CODE_BYTES: usize = 256 * 1024;

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
}

struct Shared {
    config: Config,
    port: u16,
    queue: Arc<Queue>,
    engine: Arc<Engine>,
    stats: Arc<Stats>,
    limiter: Option<RateLimiter>,
    threads: AtomicUsize,
}

/// Máy chủ đã mở cổng.
pub struct Server {
    http: tiny_http::Server,
    shared: Arc<Shared>,
}

impl Server {
    /// Mở cổng và khởi động các thợ.
    pub fn bind(config: Config, engine: Arc<Engine>) -> Result<Server, String> {
        let http =
            tiny_http::Server::http(SocketAddr::new(config.host, config.port)).map_err(|e| {
                format!(
                    "không mở được cổng {} ({e}); thử một cổng khác: make book PORT=3001",
                    config.port
                )
            })?;
        let port = http.server_addr().to_ip().map_or(config.port, |a| a.port());
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
        Ok(Server {
            http,
            shared: Arc::new(Shared {
                config,
                port,
                queue,
                engine,
                stats,
                limiter,
                threads: AtomicUsize::new(0),
            }),
        })
    }

    /// Cổng thật đang nghe.
    pub fn port(&self) -> u16 {
        self.shared.port
    }

    /// Phục vụ cho tới khi `stop` thành `true`.
    pub fn serve(&self, stop: &AtomicBool) {
        while !stop.load(Ordering::SeqCst) {
            let Ok(Some(req)) = self.http.recv_timeout(Duration::from_millis(200)) else {
                continue;
            };
            if self.shared.threads.load(Ordering::SeqCst) >= 512 {
                let _ = req.respond(text(503, "Máy chủ đang quá tải, thử lại sau ít giây."));
                continue;
            }
            self.shared.threads.fetch_add(1, Ordering::SeqCst);
            let shared = self.shared.clone();
            std::thread::spawn(move || {
                handle(&shared, req);
                shared.threads.fetch_sub(1, Ordering::SeqCst);
            });
        }
        self.shared.queue.stop();
    }
}

fn header<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

fn hdr(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("tiêu đề hợp lệ")
}

const CSP: &str =
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
object-src 'none'; base-uri 'self'; form-action 'self'";

fn secure<R: Read>(r: Response<R>) -> Response<R> {
    r.with_header(hdr("X-Content-Type-Options", "nosniff"))
        .with_header(hdr("X-Frame-Options", "DENY"))
        .with_header(hdr("Referrer-Policy", "no-referrer"))
        .with_header(hdr("Content-Security-Policy", CSP))
        .with_header(hdr("Cache-Control", "no-cache"))
}

fn text(code: u16, body: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    secure(
        Response::from_data(format!("{body}\n").into_bytes())
            .with_status_code(code)
            .with_header(hdr("Content-Type", "text/plain; charset=utf-8")),
    )
}

fn json<T: Serialize>(code: u16, value: &T) -> Response<std::io::Cursor<Vec<u8>>> {
    let body = serde_json::to_vec(value).unwrap_or_default();
    secure(
        Response::from_data(body)
            .with_status_code(code)
            .with_header(hdr("Content-Type", "application/json; charset=utf-8")),
    )
}

fn html(code: u16, body: String) -> Response<std::io::Cursor<Vec<u8>>> {
    secure(
        Response::from_data(body.into_bytes())
            .with_status_code(code)
            .with_header(hdr("Content-Type", "text/html; charset=utf-8")),
    )
}

/// Lỗi của `/api/run`, cho trang sách hiện ra.
#[derive(Serialize)]
struct ApiError<'a> {
    error: &'a str,
}

fn api_error(code: u16, message: &str) -> Response<std::io::Cursor<Vec<u8>>> {
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
        header(req, "Cookie").is_some_and(|c| {
            c.split(';').any(|kv| {
                kv.trim()
                    .strip_prefix(CLASS_COOKIE)
                    .and_then(|r| r.strip_prefix('='))
                    .is_some_and(|v| same_secret(v.trim(), &class.token))
            })
        })
    }
}

fn handle(shared: &Shared, req: Request) {
    let peer = req
        .remote_addr()
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |a| a.ip());
    if !shared.host_allowed(header(&req, "Host")) {
        let _ = req.respond(text(
            403,
            "Từ chối: địa chỉ (Host) không phải của trình chạy này. Hãy mở đúng địa chỉ mà trình chạy in ra.",
        ));
        return;
    }
    let url = req.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let path = path.to_string();
    let teacher = path == "/giao-vien" || path == "/api/giao-vien";
    if teacher && !peer.is_loopback() {
        let _ = req.respond(text(
            403,
            "Trang giáo viên chỉ mở được trên chính máy chạy trình chạy.",
        ));
        return;
    }
    if let Some(class) = &shared.config.class {
        let offered = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("lop="))
            .map(str::to_string);
        if let Some(token) = offered {
            if same_secret(&token, &class.token) {
                let cookie = format!(
                    "{CLASS_COOKIE}={}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400",
                    class.token
                );
                let _ = req.respond(
                    text(303, "Đã nhận mã lớp.")
                        .with_header(hdr("Set-Cookie", &cookie))
                        .with_header(hdr("Location", &path)),
                );
            } else {
                let _ = req.respond(html(403, class_page("Mã lớp không đúng.")));
            }
            return;
        }
        if !teacher && !shared.has_class_cookie(&req, class) {
            if path.starts_with("/api/") {
                let _ = req.respond(api_error(
                    403,
                    "Cần mã lớp: hãy mở sách bằng đúng địa chỉ (có ?lop=…) mà thầy/cô đưa.",
                ));
            } else {
                let _ = req.respond(html(403, class_page("Sách của lớp học cần mã buổi học.")));
            }
            return;
        }
    }
    match (req.method(), path.as_str()) {
        (Method::Get | Method::Head, "/api/status") => {
            let _ = req.respond(json(200, &status(shared)));
        }
        (Method::Post, "/api/run") => run(shared, req, peer),
        (Method::Get, "/giao-vien") => {
            let _ = req.respond(html(200, include_str!("giao-vien.html").to_string()));
        }
        (Method::Get, "/api/giao-vien") => {
            let _ = req.respond(json(200, &teacher_view(shared)));
        }
        (Method::Get | Method::Head, _) => {
            let _ = req.respond(static_file(&shared.config.book_dir, &path));
        }
        _ => {
            let _ = req.respond(text(405, "Phương thức không được hỗ trợ."));
        }
    }
}

fn class_page(why: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"vi\"><meta charset=\"utf-8\"><title>Cần mã lớp</title>\
<body style=\"font-family:sans-serif;max-width:40em;margin:3em auto;line-height:1.5\">\
<h1>{why}</h1><p>Hãy mở đúng địa chỉ mà thầy/cô đưa (hoặc quét mã QR trên màn hình của \
thầy/cô). Địa chỉ đó có dạng <code>http://…:3000/?lop=…</code>.</p></body></html>"
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

#[derive(Serialize)]
struct StatusView {
    runner: &'static str,
    version: &'static str,
    class_mode: bool,
    queue: QueueView,
    limits: LimitsView,
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
    let (Some(origin), Some(host)) = (header(req, "Origin"), header(req, "Host")) else {
        return false;
    };
    let origin_ok = origin.eq_ignore_ascii_case(&format!("http://{host}"));
    let site_ok = header(req, "Sec-Fetch-Site").map_or(true, |s| s == "same-origin");
    let json_ok = header(req, "Content-Type").is_some_and(|c| c.starts_with("application/json"));
    origin_ok && site_ok && json_ok
}

fn run(shared: &Shared, mut req: Request, peer: IpAddr) {
    if !same_origin(&req) {
        let _ = req.respond(api_error(
            403,
            "Từ chối: yêu cầu chạy mã phải đến từ chính trang sách của trình chạy này.",
        ));
        return;
    }
    let mut body = Vec::new();
    let too_long = req
        .as_reader()
        .take(MAX_CODE_BYTES as u64 + 1024)
        .read_to_end(&mut body)
        .is_err()
        || body.len() > MAX_CODE_BYTES + 1000;
    if too_long {
        let _ = req.respond(api_error(413, "Đoạn mã quá dài (tối đa 256 KiB)."));
        return;
    }
    let code = match serde_json::from_slice::<serde_json::Value>(&body) {
        Ok(v) => match v["code"].as_str() {
            Some(c) if c.len() <= MAX_CODE_BYTES => c.to_string(),
            _ => {
                let _ = req.respond(api_error(400, "Yêu cầu phải có dạng {\"code\": \"…\"}."));
                return;
            }
        },
        Err(_) => {
            let _ = req.respond(api_error(400, "Yêu cầu không phải JSON hợp lệ."));
            return;
        }
    };
    let limiter = shared.limiter.as_ref();
    if let Some(l) = limiter {
        match l.acquire(peer) {
            Ok(()) => {}
            Err(Refusal::TooFast) => {
                let _ = req.respond(api_error(
                    429,
                    "Máy này bấm Chạy nhanh quá: đợi vài giây rồi thử lại.",
                ));
                return;
            }
            Err(Refusal::TooMany) => {
                let _ = req.respond(api_error(
                    429,
                    "Máy này đang chạy vài khối mã rồi: đợi chúng xong đã.",
                ));
                return;
            }
        }
    }
    let _slot = Slot {
        limiter,
        client: peer,
    };
    let (tx, rx) = mpsc::channel();
    let job = Job {
        code,
        client: peer,
        events: tx,
        queued_at: Instant::now(),
    };
    if shared.queue.submit(job).is_err() {
        let _ = req.respond(api_error(
            503,
            "Trình chạy đang bận (hàng đợi đã đầy): thử lại sau ít giây.",
        ));
        return;
    }
    if req.http_version() != &tiny_http::HTTPVersion(1, 1) {
        // HTTP/1.0: không gửi từng phần được, trả lời một lần khi xong.
        let mut all = Vec::new();
        for e in rx.iter() {
            all.extend(wire_line(&e));
            if matches!(e, Event::Done(..)) {
                break;
            }
        }
        let _ = req.respond(secure(
            Response::from_data(all)
                .with_header(hdr("Content-Type", "application/x-ndjson; charset=utf-8")),
        ));
        return;
    }
    // Gửi từng dòng ngay khi có (mã hóa "chunked" tự viết, để mỗi dòng đi ngay).
    let mut w = req.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson; charset=utf-8\r\n\
Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nTransfer-Encoding: chunked\r\n\r\n";
    if w.write_all(head.as_bytes())
        .and_then(|_| w.flush())
        .is_err()
    {
        return;
    }
    for e in rx.iter() {
        let line = wire_line(&e);
        let sent = write!(w, "{:x}\r\n", line.len())
            .and_then(|_| w.write_all(&line))
            .and_then(|_| w.write_all(b"\r\n"))
            .and_then(|_| w.flush());
        if sent.is_err() {
            return; // Người gửi đã rời đi: bỏ `rx`, thợ sẽ thấy.
        }
        if matches!(e, Event::Done(..)) {
            let _ = w.write_all(b"0\r\n\r\n").and_then(|_| w.flush());
            return;
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

fn static_file(root: &Path, url_path: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    let file = resolve(root, url_path).and_then(|p| std::fs::read(&p).ok().map(|d| (p, d)));
    match file {
        Some((p, data)) => {
            secure(Response::from_data(data).with_header(hdr("Content-Type", content_type(&p))))
        }
        None => match std::fs::read(root.join("404.html")) {
            Ok(data) => secure(
                Response::from_data(data)
                    .with_status_code(404)
                    .with_header(hdr("Content-Type", "text/html; charset=utf-8")),
            ),
            Err(_) => text(404, "Không có trang này."),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

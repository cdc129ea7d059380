//! Máy chủ HTTP của trình chạy: phục vụ sách đã dựng (`book/book`),
//! `POST /api/run` (biên dịch, chạy một khối mã, trả lời từng dòng JSON),
//! `POST /api/luyen-tap` (một thẻ bài cho trang luyện tập, `runner/practice.rs`) và
//! `POST /api/luyen-tap/cham` (lời chấm các nhánh đã bấm trên thẻ ấy).
//!
//! An toàn trên máy của sinh viên:
//! - chỉ nghe ở 127.0.0.1 (trừ chế độ lớp học);
//! - `Host` phải là `127.0.0.1`, `localhost`, `[::1]` (chế độ lớp học: một địa chỉ
//!   IP bất kỳ) với đúng cổng — một tên miền "đổi địa chỉ" (DNS rebinding) bị từ chối;
//! - `POST /api/run`, `POST /api/dung`, `POST /api/luyen-tap` và
//!   `POST /api/luyen-tap/cham` phải có `Origin` đúng bằng trang của chính máy chủ
//!   và nội dung JSON: một trang web ở nơi khác không gửi được gì tới đây;
//! - không trả lời CORS, không cho trang khác nhúng sách (`frame-ancestors 'none'`).
//!
//! Máy gửi chậm không làm nghẽn được máy chủ (`Connections`): mỗi địa chỉ mở
//! tối đa [`Config::connections_per_address`] kết nối (đếm ngay khi nhận kết nối,
//! trước mọi việc khác; mặc định [`RUNNER_CONNECTIONS_PER_ADDRESS`](crate::limits::RUNNER_CONNECTIONS_PER_ADDRESS), ở chế độ lớp học
//! [`RUNNER_CLASS_CONNECTIONS_PER_ADDRESS`](crate::limits::RUNNER_CLASS_CONNECTIONS_PER_ADDRESS) vì cả lớp sau một NAT chỉ có một địa chỉ); mỗi
//! yêu cầu — phần đầu và thân — phải tới trọn trong `REQUEST_DEADLINE`; khi đầy
//! ([`RUNNER_CONNECTIONS`](crate::limits::RUNNER_CONNECTIONS) cho cả máy chủ), kết nối mới đẩy ra kết nối đã chờ lâu nhất
//! mà vẫn chưa gửi xong yêu cầu; `Host` và mã lớp được kiểm tra ngay sau phần đầu,
//! trước khi đọc thân. Kết nối bị từ chối nhận một trang 503 tiếng Việt nói vì sao,
//! không bị cắt ngang.
//!
//! Mỗi tệp của thư mục này một việc, đọc theo đường đi của một yêu cầu:
//! - `connections.rs`: sổ các kết nối đang mở — đếm, đẩy ra kết nối chậm;
//! - `refusals.rs`: trang 503 cho kết nối không được nhận;
//! - `connection.rs`: đời của một kết nối — nhận yêu cầu, trả lời, trong hạn;
//! - `gate.rs`: `Host`, `Origin`, trang giáo viên, mã buổi học (chế độ lớp học);
//! - `routes.rs`: đường dẫn nào làm việc gì; `run.rs`: chạy mã (`POST /api/run`);
//!   `status.rs`: trạng thái và số liệu cho trang giáo viên; `files.rs`: tệp của sách;
//! - `pages.rs`: các câu trả lời dựng sẵn (CSP, chữ, JSON, HTML).

mod connection;
mod connections;
mod files;
mod gate;
mod pages;
mod refusals;
mod routes;
mod run;
mod status;

use super::class::{RateLimiter, Stats};
use super::engine::{Engine, RunResult};
use super::queue::{Job, Queue};
use super::stop::Runs;
use connection::connection;
use connections::Connections;
use refusals::Refusals;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Tên trình chạy, trang sách dùng để nhận ra nó (`/api/status`).
pub(crate) const RUNNER_NAME: &str = "caytrochoi-sach";
/// Tên cookie giữ mã buổi học.
pub(crate) const CLASS_COOKIE: &str = "caytrochoi_lop";
/// Độ dài tối đa của một khối mã gửi lên.
pub(crate) const MAX_CODE_BYTES: usize = crate::limits::RUNNER_CODE_BYTES;

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
    /// Số kết nối cùng lúc tối đa của một địa chỉ IP ([`RUNNER_CONNECTIONS_PER_ADDRESS`](crate::limits::RUNNER_CONNECTIONS_PER_ADDRESS),
    /// hay [`RUNNER_CLASS_CONNECTIONS_PER_ADDRESS`](crate::limits::RUNNER_CLASS_CONNECTIONS_PER_ADDRESS) ở chế độ lớp học); không quá
    /// [`RUNNER_CONNECTIONS`](crate::limits::RUNNER_CONNECTIONS).
    pub connections_per_address: usize,
}

/// Những gì mọi kết nối dùng chung.
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
pub(crate) const MAX_CONNECTIONS: usize = crate::limits::RUNNER_CONNECTIONS;
/// Hạn cho cả một yêu cầu (phần đầu và thân), tính từ lúc bắt đầu chờ nó; kết
/// nối giữ lại không gửi gì trong khoảng này cũng bị đóng.
pub(crate) const REQUEST_DEADLINE: Duration =
    Duration::from_secs(crate::limits::RUNNER_REQUEST_SECONDS);

/// Hạn cho cả một câu trả lời (không phải cho từng lần ghi): máy đọc chậm hơn thì
/// kết nối bị đóng.
pub(crate) const RESPONSE_DEADLINE: Duration =
    Duration::from_secs(crate::limits::RUNNER_RESPONSE_SECONDS);

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

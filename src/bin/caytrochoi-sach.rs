//! `caytrochoi-sach`: mở sách đã dựng cùng trình chạy mã (`make book`).
//!
//! Mỗi khối Rust của sách có nút "Chạy": trang gửi mã tới đây, trình chạy biên
//! dịch nó với crate `caytrochoi` rồi chạy trong giới hạn và trả kết quả về.

use caytrochoi::runner::bubblewrap::Isolation;
use caytrochoi::runner::class::{lan_addresses, new_token, qr_for_terminal};
use caytrochoi::runner::engine::{Engine, Settings, Status, Toolchain};
use caytrochoi::runner::sandbox;
use caytrochoi::runner::server::{ClassMode, Config, Server};
use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const HELP: &str = "\
caytrochoi-sach — mở sách cùng trình chạy mã (mỗi khối Rust có nút Chạy)

Cách dùng: caytrochoi-sach [tùy chọn]   (thường gọi qua `make book`)

Tùy chọn:
  --port N          cổng (mặc định 3000; 0 = một cổng trống bất kỳ)
  --host ĐỊA-CHỈ    địa chỉ nghe (mặc định 127.0.0.1; với --lop: 0.0.0.0)
  --lop             chế độ lớp học: mở cho các máy trong phòng học, cần mã buổi
                    học (in ra cùng mã QR), giới hạn số lần chạy của mỗi máy
  --allow-host TÊN  chấp nhận thêm tên máy này trong địa chỉ (ví dụ may-thay.local)
  --book THƯ-MỤC    sách đã dựng (mặc định book/book của dự án)
  --crate THƯ-MỤC   thư mục dự án caytrochoi (mặc định: nơi đã dựng chương trình)
  --rustc TỆP --rlib TỆP
                    dùng rustc và bản dựng libcaytrochoi-….rlib có sẵn (các thư
                    viện phụ thuộc nằm cùng thư mục với nó), không gọi cargo: để
                    chạy trình chạy dưới một tài khoản riêng không có cargo
  --time-limit S    giới hạn thời gian chạy một khối, giây (mặc định 10)
  --memory-mib M    giới hạn bộ nhớ một khối, MiB (mặc định 1024)
  --workers N       số khối biên dịch/chạy cùng lúc (mặc định: số lõi, không hơn)
  --no-cache        luôn biên dịch lại (không dùng lại chương trình đã biên dịch)
  --rate N          chế độ lớp học: mỗi máy được chạy liền N lần, rồi thêm một lần
                    mỗi 3 giây (mặc định 10); thẻ luyện tập không tính vào đây
                    (giới hạn riêng: 120 thẻ liền, thêm một thẻ mỗi 0,25 giây)
  --ket-noi-moi-may N
                    số kết nối cùng lúc tối đa của một địa chỉ IP (mặc định 32;
                    với --lop: 240). Cả lớp ngồi sau một bộ định tuyến (NAT) chỉ
                    có một địa chỉ, mỗi trình duyệt mở tới 6 kết nối: 240 đủ cho
                    một lớp 60 máy. Không quá 256, số kết nối tối đa của cả máy
                    chủ (giới hạn ấy giữ cho máy không bị cạn). Máy bị từ chối
                    nhận một trang 503 nói vì sao. Cũng đặt được bằng biến môi
                    trường CAYTROCHOI_KET_NOI_MOI_MAY (ví dụ cho `make lop`)
  --khong-hop-cat   cho phép --lop cả khi máy này không dựng được hộp cát
                    bubblewrap (không phải Linux, thiếu bwrap, nhân cấm user
                    namespace): mã của học sinh khi ấy chạy với quyền của bạn
  --help            in hướng dẫn này
";

struct Options {
    port: u16,
    host: Option<IpAddr>,
    class: bool,
    allow_hosts: Vec<String>,
    book: Option<PathBuf>,
    crate_dir: PathBuf,
    rustc: Option<PathBuf>,
    rlib: Option<PathBuf>,
    time_limit: u64,
    memory_mib: u64,
    workers: Option<usize>,
    cache: bool,
    rate: u32,
    allow_unsandboxed: bool,
    /// `--ket-noi-moi-may`; `None`: mặc định theo chế độ.
    connections_per_address: Option<usize>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        port: 3000,
        host: None,
        class: false,
        allow_hosts: Vec::new(),
        book: None,
        crate_dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
        rustc: None,
        rlib: None,
        time_limit: caytrochoi::limits::RUNNER_SECONDS,
        memory_mib: caytrochoi::limits::RUNNER_MEMORY_MIB,
        workers: None,
        cache: true,
        rate: 10,
        allow_unsandboxed: false,
        connections_per_address: None,
    };
    if let Ok(v) = std::env::var(CONNECTIONS_ENV) {
        o.connections_per_address = Some(connections_per_address(CONNECTIONS_ENV, v)?);
    }
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |what: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("tùy chọn {a} cần {what} đi kèm"))
        };
        fn number<T>(flag: &str, v: String, lo: T, hi: T) -> Result<T, String>
        where
            T: std::str::FromStr + PartialOrd + std::fmt::Display,
        {
            match v.parse::<T>() {
                Ok(n) if n >= lo && n <= hi => Ok(n),
                _ => Err(format!(
                    "{flag} cần một số từ {lo} đến {hi}, không phải “{v}”"
                )),
            }
        }
        match a.as_str() {
            "--help" | "-h" => {
                print!(
                    "{HELP}\nGiới hạn (trên Linux có bubblewrap, mỗi khối được biên dịch và chạy trong một\nhộp cát riêng: không mạng, không thấy tệp và biến môi trường của bạn, thư mục\ntạm riêng xóa ngay sau đó; xem README, mục hộp cát):\n{}",
                    caytrochoi::limits::table_text(caytrochoi::limits::RUNNER_TABLE)
                );
                std::process::exit(0);
            }
            "--port" => o.port = number("--port", value("một số cổng")?, 0, 65535)?,
            "--host" => {
                let v = value("một địa chỉ IP")?;
                o.host = Some(
                    v.parse()
                        .map_err(|_| format!("--host cần một địa chỉ IP, không phải “{v}”"))?,
                );
            }
            "--lop" => o.class = true,
            "--allow-host" => o
                .allow_hosts
                .push(value("một tên máy")?.to_ascii_lowercase()),
            "--book" => o.book = Some(PathBuf::from(value("một thư mục")?)),
            "--crate" => o.crate_dir = PathBuf::from(value("một thư mục")?),
            "--rustc" => o.rustc = Some(PathBuf::from(value("một tệp")?)),
            "--rlib" => o.rlib = Some(PathBuf::from(value("một tệp")?)),
            "--time-limit" => o.time_limit = number("--time-limit", value("số giây")?, 1, 600)?,
            "--memory-mib" => o.memory_mib = number("--memory-mib", value("số MiB")?, 64, 65536)?,
            "--workers" => o.workers = Some(number("--workers", value("một số")?, 1, 256)?),
            "--no-cache" => o.cache = false,
            "--rate" => o.rate = number("--rate", value("một số")?, 1, 10000)?,
            "--khong-hop-cat" => o.allow_unsandboxed = true,
            "--ket-noi-moi-may" => {
                o.connections_per_address = Some(connections_per_address(
                    "--ket-noi-moi-may",
                    value("một số kết nối")?,
                )?)
            }
            other => return Err(format!("không hiểu tùy chọn “{other}” (xem --help)")),
        }
    }
    if o.rustc.is_some() != o.rlib.is_some() {
        return Err("--rustc và --rlib phải đi cùng nhau".into());
    }
    Ok(o)
}

/// Biến môi trường thay cho `--ket-noi-moi-may` (tùy chọn dòng lệnh thắng).
const CONNECTIONS_ENV: &str = "CAYTROCHOI_KET_NOI_MOI_MAY";

/// Số kết nối của một địa chỉ: từ 1 tới số kết nối tối đa của cả máy chủ.
fn connections_per_address(name: &str, v: String) -> Result<usize, String> {
    let max = caytrochoi::limits::RUNNER_CONNECTIONS;
    match v.trim().parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{name} cần một số kết nối từ 1 đến {max} (số kết nối tối đa của cả máy chủ), không phải “{v}”"
        )),
    }
}

static STOP: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
fn on_signals() {
    extern "C" fn stop(_: libc::c_int) {
        STOP.store(true, Ordering::SeqCst);
    }
    // SAFETY: hàm xử lý chỉ ghi một biến nguyên tử.
    unsafe {
        libc::signal(libc::SIGINT, stop as *const () as libc::sighandler_t);
        libc::signal(libc::SIGTERM, stop as *const () as libc::sighandler_t);
    }
}

#[cfg(not(unix))]
fn on_signals() {}

fn fail(message: &str) -> ! {
    eprintln!("caytrochoi-sach: {message}");
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = parse(&args).unwrap_or_else(|e| fail(&e));
    let host = o.host.unwrap_or(if o.class {
        IpAddr::V4(Ipv4Addr::UNSPECIFIED)
    } else {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    });
    if !o.class && !host.is_loopback() {
        fail("chỉ nghe ở 127.0.0.1 khi không ở chế độ lớp học; muốn mở cho máy khác, thêm --lop");
    }
    let book_dir = o
        .book
        .clone()
        .unwrap_or_else(|| o.crate_dir.join("book/book"));
    if !book_dir.join("index.html").is_file() {
        fail(&format!(
            "chưa có sách đã dựng ở {} — hãy chạy `make book` (nó dựng sách trước)",
            book_dir.display()
        ));
    }
    on_signals();

    // Hộp cát: mỗi khối biên dịch và chạy trong bubblewrap, hoặc nói rõ vì sao
    // không — và khi ấy không mở cho cả lớp trừ khi giáo viên đồng ý.
    let isolation = Isolation::detect();
    eprintln!("{}", isolation.describe());
    eprintln!("{}", caytrochoi::runner::group::describe());
    if o.class && !isolation.is_sandboxed() && !o.allow_unsandboxed {
        fail(
            "không mở chế độ lớp học khi không có hộp cát: mã của học sinh sẽ chạy với quyền của bạn trên máy này. \
Cài bubblewrap trên Linux (sudo apt-get install bubblewrap), hoặc nếu chấp nhận rủi ro, thêm --khong-hop-cat",
        );
    }

    eprintln!("Đang chuẩn bị thư viện caytrochoi cho trình chạy…");
    let toolchain = match (&o.rustc, &o.rlib) {
        (Some(rustc), Some(rlib)) => Toolchain::given(rustc, rlib),
        _ => Toolchain::locate(&o.crate_dir),
    }
    .unwrap_or_else(|e| fail(&e));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = o.workers.unwrap_or(cores).min(cores);
    let mut settings = Settings::default();
    settings.program.wall = Duration::from_secs(o.time_limit);
    settings.program.cpu_seconds = o.time_limit;
    settings.program.memory_bytes = o.memory_mib << 20;
    if !o.cache {
        settings.cache_entries = 0;
    }
    let engine = Arc::new(
        Engine::with_isolation(toolchain, settings, isolation)
            .unwrap_or_else(|e| fail(&format!("không tạo được thư mục tạm ({e})"))),
    );

    // Biên dịch thử một khối nhỏ: kiểm tra rustc và nạp sẵn thư viện, để lần
    // bấm Chạy đầu tiên cũng nhanh.
    let warm = Instant::now();
    let probe = engine.run(
        "use caytrochoi::{GameTree, Searcher};\nlet cay = GameTree::parse(\"A(B:1, C:0)\").unwrap();\nassert_eq!(Searcher::minimax().run(&cay).unwrap().value, 1.0);\n",
        &mut |_| {},
    );
    if probe.status != Status::Ok {
        let detail = probe
            .compile
            .map(|c| c.rendered)
            .unwrap_or_else(|| probe.stderr.clone());
        fail(&format!(
            "biên dịch thử không được: {}\n{detail}",
            probe.headline.unwrap_or_default()
        ));
    }
    eprintln!(
        "Trình chạy sẵn sàng (biên dịch thử mất {:.1} giây).",
        warm.elapsed().as_secs_f64()
    );

    let class = if o.class {
        Some(ClassMode {
            token: new_token().unwrap_or_else(|e| fail(&e)),
            burst: o.rate,
            refill: Duration::from_secs(3),
            in_flight: 2,
        })
    } else {
        None
    };
    let config = Config {
        host,
        port: o.port,
        book_dir,
        class: class.clone(),
        allow_hosts: o.allow_hosts.clone(),
        queue_capacity: 200,
        workers,
        connections_per_address: o.connections_per_address.unwrap_or(if o.class {
            caytrochoi::limits::RUNNER_CLASS_CONNECTIONS_PER_ADDRESS
        } else {
            caytrochoi::limits::RUNNER_CONNECTIONS_PER_ADDRESS
        }),
    };
    let config_connections = config.connections_per_address;
    let server = Server::bind(config, engine.clone()).unwrap_or_else(|e| fail(&e));
    let port = server.port();
    match &class {
        None => println!("Sách đang mở tại: http://127.0.0.1:{port}/"),
        Some(c) => {
            let shown: IpAddr = if host.is_unspecified() {
                lan_addresses()
                    .into_iter()
                    .next()
                    .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
            } else {
                host
            };
            let shown = match shown {
                IpAddr::V6(v6) => format!("[{v6}]"),
                v4 => v4.to_string(),
            };
            let url = format!("http://{shown}:{port}/?lop={}", c.token);
            println!("Chế độ lớp học. Học sinh mở địa chỉ này (hoặc quét mã QR):");
            println!();
            println!("    {url}");
            println!();
            if let Ok(qr) = qr_for_terminal(&url) {
                println!("{qr}");
            }
            println!(
                "Trang giáo viên (chỉ mở được trên máy này): http://127.0.0.1:{port}/giao-vien"
            );
            println!(
                "Mỗi máy: tối đa {} lần chạy liền, rồi thêm một lần mỗi 3 giây.",
                c.burst
            );
            println!(
                "Mỗi địa chỉ IP (cả lớp sau một NAT là một địa chỉ): tối đa {} kết nối cùng lúc (--ket-noi-moi-may).",
                config_connections
            );
        }
    }
    println!("Bấm Ctrl-C để dừng.");
    use std::io::Write;
    let _ = std::io::stdout().flush();

    server.serve(&STOP);
    sandbox::terminate_all();
    caytrochoi::runner::group::remove_all();
    drop(server);
    // Các thợ có thể còn giữ `engine`: xóa thư mục tạm ngay tại đây.
    engine.remove_temp();
    eprintln!("Đã dừng trình chạy.");
}

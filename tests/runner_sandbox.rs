//! Hộp cát của trình chạy mã, thử như một người muốn phá: mỗi tính chất là một
//! kiểm thử riêng, chạy hai lần — trình chạy khởi động bằng `root` (như trên máy
//! của giáo viên hay CI) và bằng một người dùng thường (`nobody`, không quyền gì);
//! các giới hạn của cả khối, bộ lọc seccomp và máy đọc chậm chạy thêm hai lần nữa
//! ở chế độ lớp học (`--lop`, mọi yêu cầu mang mã buổi học).
//!
//! Một khối mã không đọc được tệp chỉ root đọc được (kể cả lúc biên dịch, bằng
//! `include_str!`), không thấy biến môi trường của trình chạy (lúc biên dịch lẫn
//! lúc chạy), không tới được địa chỉ nào (kể cả cổng của chính trình chạy trên
//! 127.0.0.1), không để lại tệp trong `/tmp` hay `/dev/shm` của máy, không thấy
//! và không dừng được một lần chạy khác; tiến trình con tự tách ra chết theo lần
//! chạy; trình chạy bị `SIGKILL` thì không tiến trình hay thư mục nào của nó còn
//! lại sau khi khởi động lại; nút ■ Dừng chỉ máy đã gửi khối mã dùng được, và
//! nó dừng ngay cả khi không có hộp cát.
//!
//! Chỉ chạy trên Linux có bubblewrap (`make test` cài nó); người dùng thường
//! được dựng từ root bằng `setuid` (máy CI mới chạy bằng root). Khi kiểm thử
//! không chạy bằng root, cả hai lần đều dùng người dùng hiện tại.

#![cfg(target_os = "linux")]

#[path = "support/runner_process.rs"]
mod runner_process;

use caytrochoi::runner::engine::Toolchain;
use runner_process::{connect_from, connect_with_receive_buffer, descendants, Started};
use serde_json::Value;
use std::ffi::CString;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Trình chạy khởi động dưới tên ai.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Root,
    User,
}

/// Trình chạy mở cho một người (`caytrochoi-sach`) hay cho cả lớp (`--lop`: mọi
/// yêu cầu mang cookie của mã buổi học, giới hạn của từng máy).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Plain,
    Class,
}

const NOBODY: u32 = 65534;

fn is_root() -> bool {
    unsafe { libc::geteuid() == 0 }
}

/// Một chuỗi không trùng trong lần kiểm thử này (đánh dấu tiến trình, tệp, bí mật).
fn unique(tag: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "{tag}{}x{}x{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// Một thư mục của kiểm thử, xóa khi xong.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str, mode: u32) -> Scratch {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(unique(&format!("caytrochoi-thu-{tag}-")));
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(mode)).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Một "sách đã dựng" nhỏ: trình chạy chỉ cần có `index.html`.
fn stand_in_book() -> Scratch {
    let book = Scratch::new("sach", 0o755);
    std::fs::write(
        book.0.join("index.html"),
        "<!DOCTYPE html><html lang=\"vi\"><meta charset=\"utf-8\"><title>Sách</title></html>",
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(
        book.0.join("index.html"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    book
}

/// Bí mật trong biến môi trường của mọi trình chạy của kiểm thử này.
const SECRET_VAR: &str = "CAYTROCHOI_BI_MAT_CUA_THAY";

struct Runner {
    started: Started,
    uid: u32,
    secret: String,
    _book: Scratch,
    /// Người dùng thường: chỗ gắn bộ công cụ cho người ấy thấy.
    _view: Option<Scratch>,
    /// Chế độ lớp học: `caytrochoi_lop=<mã buổi học>`, gửi kèm mọi yêu cầu.
    cookie: Option<String>,
}

impl Runner {
    fn start(who: Who) -> Runner {
        Runner::start_with(who, &[])
    }

    /// Như [`Runner::start`], thêm các đối số dòng lệnh `extra`.
    fn start_with(who: Who, extra: &[&str]) -> Runner {
        Runner::start_in(who, Mode::Plain, extra)
    }

    /// Như [`Runner::start_with`], ở chế độ `mode`: lớp học thì nghe 127.0.0.1 và
    /// mọi yêu cầu sau đó mang cookie của mã buổi học mà trình chạy in ra.
    fn start_in(who: Who, mode: Mode, extra: &[&str]) -> Runner {
        let book = stand_in_book();
        let secret = unique("bi-mat-moi-truong-");
        let (mut cmd, view, uid) = if who == Who::User && is_root() {
            let (cmd, view) = as_nobody();
            (cmd, Some(view), NOBODY)
        } else {
            if who == Who::Root && !is_root() {
                eprintln!("(không phải root: trình chạy khởi động bằng người dùng hiện tại)");
            }
            (
                Command::new(env!("CARGO_BIN_EXE_caytrochoi-sach")),
                None,
                unsafe { libc::geteuid() },
            )
        };
        cmd.args(["--port", "0", "--book"])
            .arg(&book.0)
            .args(extra)
            .env(SECRET_VAR, &secret);
        if mode == Mode::Class {
            cmd.args(["--lop", "--host", "127.0.0.1"]);
        }
        let started =
            Started::spawn(cmd).unwrap_or_else(|said| panic!("trình chạy không khởi động: {said}"));
        let cookie = (mode == Mode::Class).then(|| {
            let token = started
                .url
                .split("?lop=")
                .nth(1)
                .unwrap_or_else(|| panic!("địa chỉ lớp có mã: {}", started.url));
            format!("caytrochoi_lop={}", token.trim())
        });
        let r = Runner {
            started,
            uid,
            secret,
            _book: book,
            _view: view,
            cookie,
        };
        let (_, status) = r.get("/api/status");
        let status: Value = serde_json::from_str(&status).unwrap();
        assert_eq!(
            status["sandbox"]["isolated"], true,
            "máy kiểm thử phải dựng được hộp cát (make test cài bubblewrap): {status}"
        );
        r
    }

    fn port(&self) -> u16 {
        self.started.port
    }

    fn pid(&self) -> u32 {
        self.started.child.id()
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port())
    }

    fn get(&self, path: &str) -> (u16, String) {
        request_with(self.port(), None, self.cookie.as_deref(), "GET", path, None)
    }

    /// Chạy mã như trang sách gửi; kết quả của lần chạy.
    fn run(&self, code: &str) -> Value {
        let body = serde_json::json!({ "code": code });
        let port = self.port();
        let cookie = self.cookie.as_deref();
        run_result(&request_with(port, None, cookie, "POST", "/api/run", Some(&body)).1)
    }

    /// Dòng tiêu đề `Cookie` của chế độ lớp học (rỗng ở chế độ thường).
    fn cookie_header(&self) -> String {
        self.cookie
            .as_deref()
            .map(|c| format!("Cookie: {c}\r\n"))
            .unwrap_or_default()
    }

    /// Thư mục tạm của trình chạy này, nếu còn.
    fn work_dir(&self) -> Option<PathBuf> {
        work_dir_of(self.uid, self.pid())
    }
}

/// Một yêu cầu HTTP/1.0 tới trình chạy ở `127.0.0.1:port`, gửi từ địa chỉ `from`
/// (127.0.0.0/8) nếu có; `json`: thân yêu cầu (kèm `Origin` của chính trang sách).
/// Trả về (mã HTTP, thân trả lời); mã 0 nếu không có trả lời.
fn request(
    port: u16,
    from: Option<[u8; 4]>,
    method: &str,
    path: &str,
    json: Option<&Value>,
) -> (u16, String) {
    request_with(port, from, None, method, path, json)
}

/// Như [`request`], kèm cookie `cookie` nếu có (chế độ lớp học).
fn request_with(
    port: u16,
    from: Option<[u8; 4]>,
    cookie: Option<&str>,
    method: &str,
    path: &str,
    json: Option<&Value>,
) -> (u16, String) {
    let host = format!("127.0.0.1:{port}");
    let mut s = match from {
        Some(from) => connect_from(from, port).unwrap(),
        None => TcpStream::connect(&host).unwrap(),
    };
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let mut head = format!("{method} {path} HTTP/1.0\r\nHost: {host}\r\n");
    if let Some(c) = cookie {
        head += &format!("Cookie: {c}\r\n");
    }
    let body = json.map(Value::to_string).unwrap_or_default();
    if json.is_some() {
        head += &format!(
            "Origin: http://{host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
    }
    write!(s, "{head}\r\n{body}").unwrap();
    let mut raw = String::new();
    let _ = s.read_to_string(&mut raw);
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, body.to_string())
}

/// Kết quả của một lần chạy: dòng JSON cuối của trả lời `/api/run`.
fn run_result(body: &str) -> Value {
    let last = body.lines().rfind(|l| l.starts_with('{')).unwrap_or("null");
    serde_json::from_str::<Value>(last).unwrap_or(Value::Null)["result"].clone()
}

fn run_at(port: u16, code: &str) -> Value {
    let body = serde_json::json!({ "code": code });
    run_result(&request(port, None, "POST", "/api/run", Some(&body)).1)
}

/// `$TMPDIR/caytrochoi-sach-<uid>/<pid>-…` của trình chạy `pid`.
fn work_dir_of(uid: u32, pid: u32) -> Option<PathBuf> {
    let base = std::env::temp_dir().join(format!("caytrochoi-sach-{uid}"));
    let prefix = format!("{pid}-");
    std::fs::read_dir(base).ok()?.flatten().find_map(|e| {
        let name = e.file_name().to_string_lossy().into_owned();
        (name.starts_with(&prefix) && !name.ends_with(".khoa")).then(|| e.path())
    })
}

/// Lệnh khởi động trình chạy bằng `nobody`: trong một mount namespace riêng của
/// tiến trình ấy, bộ công cụ Rust và bản dựng của crate (ở chỗ chỉ root vào
/// được, như `/root/.rustup`) được gắn vào một thư mục `nobody` đọc được — như
/// bộ công cụ của chính một người dùng thường. Rồi bỏ hẳn quyền root.
fn as_nobody() -> (Command, Scratch) {
    as_nobody_on(false)
}

/// Như [`as_nobody`]; `without_bwrap`: trong mount namespace của trình chạy,
/// `bwrap` bị che bằng `/dev/null` — như một máy chưa cài bubblewrap.
fn as_nobody_on(without_bwrap: bool) -> (Command, Scratch) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tc = Toolchain::locate(root).expect("tìm được rustc và bản dựng của crate");
    let sysroot = tc
        .rustc
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .to_path_buf();
    assert_eq!(
        tc.rlib.parent(),
        Some(tc.deps.as_path()),
        "bản .rlib nằm trong deps"
    );
    let view = Scratch::new("nguoi-dung", 0o755);
    let cstr = |p: &Path| CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_caytrochoi-sach"));
    let mounts = [
        (cstr(&sysroot), cstr(&view.0.join("rust")), true),
        (cstr(&tc.deps), cstr(&view.0.join("deps")), true),
        (cstr(&binary), cstr(&view.0.join("caytrochoi-sach")), false),
    ];
    let target = cstr(&view.0);
    let hidden: Vec<CString> = if without_bwrap {
        ["/usr/bin/bwrap", "/usr/local/bin/bwrap"]
            .iter()
            .filter(|p| Path::new(p).exists())
            .map(|p| cstr(Path::new(p)))
            .collect()
    } else {
        Vec::new()
    };
    let mut cmd = Command::new(view.0.join("caytrochoi-sach"));
    cmd.arg("--rustc")
        .arg(view.0.join("rust/bin/rustc"))
        .arg("--rlib")
        .arg(view.0.join("deps").join(tc.rlib.file_name().unwrap()));
    // SAFETY: chạy trong tiến trình con sau fork, trước exec: chỉ gọi các hàm hệ
    // thống với dữ liệu đã chuẩn bị sẵn, không cấp phát.
    unsafe {
        cmd.pre_exec(move || {
            let check = |r: libc::c_int| {
                if r == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            };
            check(libc::unshare(libc::CLONE_NEWNS))?;
            check(libc::mount(
                std::ptr::null(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ))?;
            check(libc::mount(
                c"tmpfs".as_ptr(),
                target.as_ptr(),
                c"tmpfs".as_ptr(),
                0,
                c"size=1m,mode=0755".as_ptr().cast(),
            ))?;
            for (from, to, is_dir) in &mounts {
                if *is_dir {
                    check(libc::mkdir(to.as_ptr(), 0o755))?;
                } else {
                    let fd = libc::open(to.as_ptr(), libc::O_CREAT | libc::O_WRONLY, 0o755);
                    if fd < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    libc::close(fd);
                }
                check(libc::mount(
                    from.as_ptr(),
                    to.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REC,
                    std::ptr::null(),
                ))?;
                check(libc::mount(
                    std::ptr::null(),
                    to.as_ptr(),
                    std::ptr::null(),
                    libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY,
                    std::ptr::null(),
                ))?;
            }
            for h in &hidden {
                check(libc::mount(
                    c"/dev/null".as_ptr(),
                    h.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND,
                    std::ptr::null(),
                ))?;
            }
            check(libc::setgroups(0, std::ptr::null()))?;
            check(libc::setgid(NOBODY))?;
            check(libc::setuid(NOBODY))?;
            Ok(())
        });
    }
    (cmd, view)
}

/// Số giây của lệnh `sleep` mà một kiểm thử nhận ra tiến trình của nó: `base.N`,
/// N riêng cho tiến trình kiểm thử này và cho `who` (bản root và bản người thường
/// của cùng một kiểm thử chạy song song: không thấy tiến trình của nhau).
fn marker(base: u32, who: Who) -> String {
    let id = 100_000 + std::process::id() % 800_000;
    format!("{base}.{id}{}", who as u8 + 1)
}

/// Các tiến trình có dòng lệnh chứa `marker`.
fn processes_with(marker: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        if String::from_utf8_lossy(&cmdline).contains(marker) {
            out.push(pid);
        }
    }
    out
}

/// Chờ tới khi `ok()` đúng, tối đa `secs` giây.
fn wait_for(secs: u64, mut ok: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < deadline {
        if ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    ok()
}

fn text(r: &Value) -> String {
    r["parts"]
        .as_array()
        .map(|parts| {
            parts
                .iter()
                .filter_map(|p| p["text"].as_str())
                .collect::<String>()
        })
        .unwrap_or_default()
}

/// Mọi chữ của kết quả (văn bản, lỗi biên dịch, đầu ra lỗi) để tìm bí mật trong đó.
fn everything(r: &Value) -> String {
    r.to_string()
}

/// Bảng các tính chất: mỗi hàm `tính_chất(who)` thành hai kiểm thử riêng (chạy song
/// song), `tính_chất::as_root` và `tính_chất::as_user`.
macro_rules! as_root_and_as_user {
    ($($property:ident),* $(,)?) => {$(
        mod $property {
            #[test]
            fn as_root() {
                super::$property(super::Who::Root);
            }

            #[test]
            fn as_user() {
                super::$property(super::Who::User);
            }
        }
    )*};
}

/// Như [`as_root_and_as_user`], mỗi lần ở cả hai chế độ: `tính_chất(who, mode)`
/// thành bốn kiểm thử, `as_root`, `as_user`, `as_root_in_class`, `as_user_in_class`.
macro_rules! as_root_and_as_user_plain_and_in_class {
    ($($property:ident),* $(,)?) => {$(
        mod $property {
            use super::{Mode, Who};

            #[test]
            fn as_root() {
                super::$property(Who::Root, Mode::Plain);
            }

            #[test]
            fn as_user() {
                super::$property(Who::User, Mode::Plain);
            }

            #[test]
            fn as_root_in_class() {
                super::$property(Who::Root, Mode::Class);
            }

            #[test]
            fn as_user_in_class() {
                super::$property(Who::User, Mode::Class);
            }
        }
    )*};
}

// Các điều mà cuộc tấn công độc lập (issue 35) tìm ra, ở cả hai chế độ.
as_root_and_as_user_plain_and_in_class!(
    memfd_pages_counted,
    forked_children_counted,
    memfd_tmpfs_and_children_together,
    socket_buffers_refused,
    kernel_surface_refused,
    no_capabilities,
    slow_readers,
);

as_root_and_as_user!(
    root_only_file,
    environment,
    network,
    leftover_files,
    concurrent_runs,
    detached_child,
    killed_runner,
    slow_clients,
);

// --- Tệp chỉ root đọc được -----------------------------------------------------

fn root_only_file(who: Who) {
    let dir = Scratch::new("tep-root", 0o700);
    let secret = unique("noi-dung-bi-mat-");
    let file = dir.0.join("bi-mat.txt");
    std::fs::write(&file, &secret).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let r = Runner::start(who);
    let path = file.display();
    let at_compile = r.run(&format!(
        "const S: &str = include_str!(\"{path}\");\nprintln!(\"{{S}}\");\n"
    ));
    assert_eq!(at_compile["status"], "compile_error", "{at_compile}");
    assert!(!everything(&at_compile).contains(&secret), "{at_compile}");
    let bytes = r.run(&format!(
        "const S: &[u8] = include_bytes!(\"{path}\");\nprintln!(\"{{}}\", String::from_utf8_lossy(S));\n"
    ));
    assert_eq!(bytes["status"], "compile_error", "{bytes}");
    assert!(!everything(&bytes).contains(&secret), "{bytes}");
    let at_run = r.run(&format!(
        "println!(\"{{:?}}\", std::fs::read_to_string(\"{path}\").is_ok());\n"
    ));
    assert_eq!(text(&at_run), "false\n", "{at_run}");
}

// --- Biến môi trường của trình chạy ------------------------------------------------

fn environment(who: Who) {
    let r = Runner::start(who);
    let at_compile = r.run(&format!(
        "println!(\"{{:?}}\", option_env!(\"{SECRET_VAR}\"));\nconst E: &[u8] = include_bytes!(\"/proc/self/environ\");\nprintln!(\"{{}}\", String::from_utf8_lossy(E).replace('\\0', \" \"));\n"
    ));
    assert_eq!(at_compile["status"], "ok", "{at_compile}");
    let out = text(&at_compile);
    assert!(out.starts_with("None\n"), "{out}");
    assert!(out.contains("PATH=/usr/bin:/bin"), "{out}");
    assert!(!everything(&at_compile).contains(&r.secret), "{at_compile}");
    // Cha của rustc (init của hộp) cũng không có môi trường của trình chạy.
    let parent = r
        .run("const E: &[u8] = include_bytes!(\"/proc/1/environ\");\nprintln!(\"{}\", E.len());\n");
    assert!(!everything(&parent).contains(&r.secret), "{parent}");
    let at_run = r.run(&format!(
        "for (k, v) in std::env::vars() {{ println!(\"{{k}}={{v}}\"); }}\nprintln!(\"{{:?}}\", std::env::var(\"{SECRET_VAR}\").is_ok());\nfor e in std::fs::read_dir(\"/proc\").unwrap().flatten() {{\n    if let Ok(b) = std::fs::read(e.path().join(\"environ\")) {{ println!(\"{{}}\", String::from_utf8_lossy(&b).replace('\\0', \" \")); }}\n}}\n"
    ));
    assert_eq!(at_run["status"], "ok", "{at_run}");
    assert!(text(&at_run).contains("false\n"), "{at_run}");
    assert!(!everything(&at_run).contains(&r.secret), "{at_run}");
}

// --- Mạng ------------------------------------------------------------------------

fn network(who: Who) {
    let r = Runner::start(who);
    let mut targets = vec![
        format!("127.0.0.1:{}", r.port()),
        format!("[::1]:{}", r.port()),
    ];
    // Các địa chỉ của chính máy này (mạng nội bộ): lưu lượng không ra khỏi máy.
    for ip in caytrochoi::runner::class::lan_addresses() {
        targets.push(std::net::SocketAddr::new(ip, r.port()).to_string());
    }
    let list = targets
        .iter()
        .map(|t| format!("\"{t}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let code = format!(
        "use std::net::{{SocketAddr, TcpStream, UdpSocket}};\nuse std::time::Duration;\nfor t in [{list}] {{\n    let a: SocketAddr = t.parse().unwrap();\n    match TcpStream::connect_timeout(&a, Duration::from_secs(2)) {{\n        Ok(_) => println!(\"{{t}}: KẾT NỐI ĐƯỢC\"),\n        Err(e) => println!(\"{{t}}: {{:?}}\", e.kind()),\n    }}\n}}\nlet udp = UdpSocket::bind(\"0.0.0.0:0\").and_then(|s| s.send_to(b\"x\", \"{}\"));\nprintln!(\"udp: {{:?}}\", udp.is_ok());\n",
        targets[0]
    );
    let res = r.run(&code);
    assert_eq!(res["status"], "ok", "{res}");
    let out = text(&res);
    assert_eq!(out.lines().count(), targets.len() + 1, "{out}");
    assert!(!out.contains("KẾT NỐI ĐƯỢC"), "{out}");
    // Trình chạy không nhận được yêu cầu nào từ khối (chỉ một lần chạy).
    let (_, stats) = r.get("/api/giao-vien");
    let stats: Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(stats["runs"], 1, "{stats}");
}

// --- Tệp để lại trên máy -----------------------------------------------------------

fn leftover_files(who: Who) {
    let r = Runner::start(who);
    let name = unique("caytrochoi-dau-vet-");
    let places = ["/tmp", "/dev/shm", "/var/tmp"];
    let code = format!(
        "for d in {places:?} {{\n    let p = format!(\"{{d}}/{name}\");\n    println!(\"{{d}}: {{}}\", std::fs::write(&p, vec![7u8; 4096]).is_ok());\n}}\nlet mut con = std::process::Command::new(\"/bin/sh\").args([\"-c\", \"echo x > /tmp/{name}.sh\"]).status();\nprintln!(\"sh: {{:?}}\", con.as_mut().map(|s| s.success()));\n"
    );
    let res = r.run(&code);
    assert_eq!(res["status"], "ok", "{res}");
    let out = text(&res);
    assert!(
        out.contains("/tmp: true"),
        "khối phải ghi được vào /tmp riêng: {out}"
    );
    for d in places {
        for suffix in ["", ".sh"] {
            let p = Path::new(d).join(format!("{name}{suffix}"));
            assert!(!p.exists(), "{} còn lại trên máy", p.display());
        }
    }
    // Không còn thư mục của lần chạy, không còn tiến trình.
    let dir = r.work_dir().expect("trình chạy có thư mục tạm");
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "bo-dem")
        .collect();
    assert!(left.is_empty(), "còn thư mục {left:?}");
}

// --- Hai lần chạy cùng lúc ----------------------------------------------------------

fn concurrent_runs(who: Who) {
    let r = Runner::start(who);
    let marker = marker(4, who);
    let first = format!(
        "std::fs::write(\"/tmp/cua-lan-dau.txt\", \"của lần đầu\").unwrap();\nlet s = std::process::Command::new(\"sleep\").arg(\"{marker}\").status().unwrap();\nprintln!(\"con: {{s}}\");\nprintln!(\"{{}}\", std::fs::read_to_string(\"/tmp/cua-lan-dau.txt\").unwrap());\n"
    );
    let port = r.port();
    let a = std::thread::spawn(move || run_at(port, &first));
    assert!(
        wait_for(60, || !processes_with(&marker).is_empty()),
        "lần chạy đầu không bắt đầu"
    );
    let victims = processes_with(&marker);
    let pids = victims
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    let second = format!(
        "let mut seen = Vec::new();\nfor e in std::fs::read_dir(\"/proc\").unwrap().flatten() {{\n    if e.file_name().to_string_lossy().parse::<u32>().is_ok() {{\n        let c = std::fs::read(e.path().join(\"cmdline\")).unwrap_or_default();\n        seen.push(String::from_utf8_lossy(&c).replace('\\0', \" \"));\n    }}\n}}\nprintln!(\"thấy: {{seen:?}}\");\nlet k = std::process::Command::new(\"/bin/sh\").args([\"-c\", \"kill -KILL {pids}\"]).status().unwrap();\nprintln!(\"kill: {{}}\", k.success());\nprintln!(\"tmp: {{:?}}\", std::fs::read_dir(\"/tmp\").unwrap().count());\nfor p in [{}] {{ println!(\"proc {{p}}: {{}}\", std::path::Path::new(&format!(\"/proc/{{p}}\")).exists()); }}\n",
        victims
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let b = r.run(&second);
    assert_eq!(b["status"], "ok", "{b}");
    let seen = text(&b);
    assert!(
        !seen.contains(&marker),
        "lần chạy thứ hai thấy lần đầu: {seen}"
    );
    assert!(seen.contains("kill: false"), "{seen}");
    assert!(seen.contains("tmp: 0"), "{seen}");
    assert!(!seen.contains(": true"), "{seen}");
    let a = a.join().unwrap();
    assert_eq!(a["status"], "ok", "{a}");
    assert_eq!(
        text(&a),
        "con: exit status: 0\ncủa lần đầu\n",
        "lần đầu bị lần thứ hai phá: {a}"
    );
}

// --- Tiến trình con tự tách ra -------------------------------------------------------

fn detached_child(who: Who) {
    let r = Runner::start(who);
    let marker = marker(305, who);
    let code = format!(
        "use std::os::unix::process::CommandExt;\nstd::process::Command::new(\"/bin/sh\").args([\"-c\", \"(setsid sleep {marker} > /dev/null 2>&1 &) ; exit 0\"]).status().unwrap();\nstd::process::Command::new(\"sleep\").arg(\"{marker}\").process_group(0).spawn().unwrap();\nstd::thread::sleep(std::time::Duration::from_millis(300));\nprintln!(\"đã tách\");\n"
    );
    let res = r.run(&code);
    assert_eq!(res["status"], "ok", "{res}");
    assert_eq!(text(&res), "đã tách\n");
    assert!(
        wait_for(3, || processes_with(&marker).is_empty()),
        "tiến trình con tách ra vẫn sống sau lần chạy: {:?}",
        processes_with(&marker)
    );
}

// --- Trình chạy bị SIGKILL -----------------------------------------------------------

fn killed_runner(who: Who) {
    let mut first = Runner::start(who);
    let marker = marker(306, who);
    let code = format!(
        "std::fs::write(\"/tmp/x\", \"y\").unwrap();\nstd::process::Command::new(\"sleep\").arg(\"{marker}\").status().unwrap();\n"
    );
    let port = first.port();
    let pending = std::thread::spawn(move || run_at(port, &code));
    assert!(
        wait_for(60, || !processes_with(&marker).is_empty()),
        "lần chạy không bắt đầu"
    );
    let old_dir = first.work_dir().expect("trình chạy có thư mục tạm");
    let mut doomed = processes_with(&marker);
    doomed.extend(descendants(first.pid()));
    assert!(doomed.len() >= 2, "{doomed:?}");
    first.started.child.kill().unwrap(); // SIGKILL
    first.started.child.wait().unwrap();
    let _ = pending.join();
    assert!(
        wait_for(5, || doomed
            .iter()
            .all(|p| !Path::new(&format!("/proc/{p}")).exists())),
        "tiến trình của trình chạy đã chết vẫn sống: {:?}",
        doomed
            .iter()
            .filter(|p| Path::new(&format!("/proc/{p}")).exists())
            .collect::<Vec<_>>()
    );
    // (Thư mục cũ có thể đã bị trình chạy của một kiểm thử song song dọn rồi.)
    let second = Runner::start(who);
    assert!(
        !old_dir.exists(),
        "khởi động lại mà {} vẫn còn",
        old_dir.display()
    );
    let mut lock = old_dir.as_os_str().to_owned();
    lock.push(".khoa");
    assert!(!Path::new(&lock).exists());
    assert!(processes_with(&marker).is_empty());
    assert_eq!(second.run("println!(\"lại chạy\");")["status"], "ok");
}

// --- Máy gửi chậm --------------------------------------------------------------------

/// Kết nối còn mở không (máy chủ chưa đóng, chưa trả lời gì).
fn still_open(s: &TcpStream) -> bool {
    let _ = s.set_nonblocking(true);
    let mut b = [0u8; 1];
    let open = matches!(s.peek(&mut b), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock);
    let _ = s.set_nonblocking(false);
    open
}

fn slow_clients(who: Who) {
    let r = Runner::start(who);
    let fresh = |n: usize| format!("println!(\"bình thường\");\n// lần {n}\n");
    // Thời gian thường của một lần chạy (biên dịch lại mỗi lần).
    let mut usual = Duration::ZERO;
    for n in 0..2 {
        let t = Instant::now();
        assert_eq!(r.run(&fresh(n))["status"], "ok");
        usual = usual.max(t.elapsed());
    }
    // Một địa chỉ mở 40 kết nối: chỉ 32 được giữ, số còn lại bị từ chối ngay.
    let greedy: Vec<TcpStream> = (0..40)
        .map(|_| connect_from([127, 0, 0, 99], r.port()).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let kept = greedy.iter().filter(|s| still_open(s)).count();
    assert_eq!(kept, 32, "một địa chỉ giữ {kept} kết nối");
    drop(greedy);
    // 300 kết nối chậm từ 30 địa chỉ: mỗi giây gửi thêm một byte của một yêu cầu
    // không bao giờ xong.
    let started = Instant::now();
    let mut slow: Vec<TcpStream> = (0..300)
        .map(|i| connect_from([127, 0, 0, 100 + (i % 30) as u8], r.port()).unwrap())
        .collect();
    let head = format!("POST /api/run HTTP/1.1\r\nHost: {}\r\nX-Cham: ", r.host());
    let port = r.port();
    let normal = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(2));
        let t = Instant::now();
        let res = run_at(port, &fresh(2));
        (res, t.elapsed())
    });
    let mut sent = 0;
    while started.elapsed() < Duration::from_secs(14) {
        for s in &mut slow {
            let byte = head.as_bytes().get(sent).copied().unwrap_or(b'x');
            let _ = s.set_nonblocking(true);
            let _ = s.write(&[byte]);
        }
        sent += 1;
        std::thread::sleep(Duration::from_secs(1));
    }
    let (res, took) = normal.join().unwrap();
    assert_eq!(res["status"], "ok", "lần chạy bình thường: {res}");
    assert!(
        took <= usual * 3 + Duration::from_secs(3),
        "lần chạy bình thường mất {took:?} (thường {usual:?}) khi có 300 kết nối chậm"
    );
    // Hạn cho cả yêu cầu (10 giây), không phải cho từng lần đọc: sau 14 giây gửi
    // đều đặn, không kết nối chậm nào còn mở.
    let open = slow.iter().filter(|s| still_open(s)).count();
    assert_eq!(open, 0, "{open} kết nối chậm vẫn mở sau 14 giây");
    eprintln!("{who:?}: lần chạy thường {usual:?}, khi có 300 kết nối chậm {took:?}");
}

// --- Vòng lặp lúc biên dịch --------------------------------------------------------

/// Một hằng số tính bằng vòng lặp không dừng: rustc tự báo lỗi sau vài giây (lint
/// `long_running_const_eval`); tắt lint ấy đi thì trình chạy dừng rustc ở giới
/// hạn biên dịch, với lời giải thích tiếng Việt, và không để lại tiến trình nào.
#[test]
fn compile_time_loop_stops_at_its_limit() {
    let r = Runner::start(Who::Root);
    let endless = "const fn mai_mai() -> u64 {\n    let mut i = 0u64;\n    loop {\n        i = i.wrapping_add(1);\n        if i == 0 {\n            return i;\n        }\n    }\n}\nconst X: u64 = mai_mai();\nprintln!(\"{X}\");\n";
    let linted = r.run(endless);
    assert_eq!(linted["status"], "compile_error", "{linted}");
    let headline = linted["headline"].as_str().unwrap();
    assert!(headline.contains("tính một hằng số"), "{headline}");
    let limit = caytrochoi::limits::RUNNER_COMPILE_SECONDS;
    let t = Instant::now();
    let stopped = r.run(&format!("#![allow(long_running_const_eval)]\n{endless}"));
    let took = t.elapsed();
    assert_eq!(stopped["status"], "timeout", "{stopped}");
    let headline = stopped["headline"].as_str().unwrap();
    assert!(
        headline.contains(&format!("Biên dịch quá {limit} giây"))
            && headline.contains("vòng lặp không dừng"),
        "{headline}"
    );
    assert!(
        took >= Duration::from_secs(limit) && took < Duration::from_secs(limit + 10),
        "dừng sau {took:?}"
    );
    assert!(
        descendants(r.pid()).is_empty(),
        "{:?}",
        descendants(r.pid())
    );
    assert_eq!(r.run("println!(\"vẫn chạy\");")["status"], "ok");
}

// --- Máy không có hộp cát ----------------------------------------------------------

/// Trình chạy bằng root trên một "máy chưa cài bubblewrap": `bwrap` bị che bằng
/// `/dev/null` trong mount namespace riêng của nó.
fn root_without_bwrap() -> Command {
    let hidden: Vec<CString> = ["/usr/bin/bwrap", "/usr/local/bin/bwrap"]
        .iter()
        .filter(|p| Path::new(p).exists())
        .map(|p| CString::new(*p).unwrap())
        .collect();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_caytrochoi-sach"));
    // SAFETY: chạy sau fork, trước exec; chỉ gọi hàm hệ thống, không cấp phát.
    unsafe {
        cmd.pre_exec(move || {
            if libc::unshare(libc::CLONE_NEWNS) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::mount(
                std::ptr::null(),
                c"/".as_ptr(),
                std::ptr::null(),
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            );
            for h in &hidden {
                if libc::mount(
                    c"/dev/null".as_ptr(),
                    h.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND,
                    std::ptr::null(),
                ) != 0
                {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    cmd
}

/// Trình chạy bằng root, không có bubblewrap, cho một sách giả; dừng khi bỏ đi.
fn start_without_bwrap() -> (Started, Scratch) {
    let book = stand_in_book();
    let mut cmd = root_without_bwrap();
    cmd.args(["--port", "0", "--book"]).arg(&book.0);
    let runner = Started::spawn(cmd)
        .unwrap_or_else(|said| panic!("trình chạy khởi động được khi không có bubblewrap: {said}"));
    (runner, book)
}

/// Không có hộp cát, trình chạy là root: chương trình của khối vẫn chạy (bằng
/// `nobody`, trong thư mục tạm riêng), và trình chạy nói rõ là không có hộp cát.
#[test]
fn without_bubblewrap_root_still_runs_blocks_as_nobody() {
    if !is_root() {
        eprintln!("(không phải root: kiểm thử này cần root như CI)");
        return;
    }
    let (runner, _book) = start_without_bwrap();
    let result = run_at(runner.port, "println!(\"{}\", std::fs::metadata(\".\").map(|m| std::os::unix::fs::MetadataExt::uid(&m)).unwrap_or(0));");
    drop(runner);
    assert_eq!(result["status"], "ok", "{result}");
    assert_eq!(text(&result), format!("{NOBODY}\n"), "{result}");
}

/// Máy chưa cài bubblewrap: trình chạy nói rõ (khi khởi động và trong
/// `/api/status` mà trang sách đọc), và từ chối chế độ lớp học trừ khi giáo viên
/// thêm `--khong-hop-cat`.
#[test]
fn without_bubblewrap_class_mode_needs_consent() {
    if !is_root() {
        eprintln!("(không phải root: không che được bwrap; kiểm thử này cần root như CI)");
        return;
    }
    let book = stand_in_book();
    let command = |args: &[&str]| {
        let (mut cmd, view) = as_nobody_on(true);
        cmd.args(["--port", "0", "--host", "127.0.0.1", "--book"])
            .arg(&book.0)
            .args(args);
        (cmd, view)
    };
    // --lop: từ chối, mã thoát 2, nói cách làm.
    let (mut cmd, _view) = command(&["--lop"]);
    let out = cmd.output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("chưa cài bubblewrap") && said.contains("--khong-hop-cat"),
        "{said}"
    );
    // --lop --khong-hop-cat: mở, và vẫn nói rõ là không có hộp cát.
    let (cmd, _view) = command(&["--lop", "--khong-hop-cat"]);
    let (shown, said) = Started::spawn(cmd)
        .unwrap_or_else(|e| panic!("{e}"))
        .finish();
    assert!(shown.contains("?lop="), "{shown}{said}");
    assert!(said.contains("KHÔNG có hộp cát"), "{said}");
    // Không ở chế độ lớp học: trang sách đọc được điều đó trong /api/status.
    let (cmd, _view) = command(&[]);
    let runner = Started::spawn(cmd).expect("trình chạy in địa chỉ");
    let (_, body) = request(runner.port, None, "GET", "/api/status", None);
    drop(runner);
    let status: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(status["sandbox"]["isolated"], false, "{status}");
    assert!(
        status["sandbox"]["note"]
            .as_str()
            .unwrap()
            .contains("chưa cài bubblewrap"),
        "{status}"
    );
}

// --- Nút ■ Dừng ------------------------------------------------------------------

/// Vòng lặp vô tận có đánh dấu (để tìm tiến trình của nó).
fn endless_with(marker: &str) -> String {
    format!("let dau = \"{marker}\";\nlet mut n: u64 = 0;\nloop {{ n = n.wrapping_add(dau.len() as u64); std::hint::black_box(n); }}\n")
}

/// Chạy `code` với số hiệu `id` ở một luồng riêng; kết quả khi nó về.
fn run_with_id(port: u16, code: &str, id: &str) -> std::thread::JoinHandle<Value> {
    let body = serde_json::json!({ "code": code, "id": id });
    std::thread::spawn(move || run_result(&request(port, None, "POST", "/api/run", Some(&body)).1))
}

/// `POST /api/dung {"id": id}` gửi từ địa chỉ `from`; mã HTTP.
fn stop_from(from: [u8; 4], port: u16, id: &str) -> u16 {
    let body = serde_json::json!({ "id": id });
    request(port, Some(from), "POST", "/api/dung", Some(&body)).0
}

/// Bấm ■ Dừng cho một vòng lặp vô tận đang chạy trên trình chạy ở `port`: máy
/// khác biết số hiệu cũng không dừng được; chính máy đã gửi thì dừng ngay, và
/// không tiến trình nào của nó còn lại.
fn stop_only_by_sender(port: u16, runner_pid: u32, marker: &str) {
    let id = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
    let run = run_with_id(port, &endless_with(marker), id);
    // Chương trình đã biên dịch xong và đang chạy (tên tiến trình `khoi…`).
    let running = || {
        descendants(runner_pid).iter().any(|p| {
            std::fs::read_to_string(format!("/proc/{p}/comm")).is_ok_and(|c| c.starts_with("khoi"))
        })
    };
    assert!(wait_for(60, running), "vòng lặp vô tận không bắt đầu");
    assert_eq!(
        stop_from([127, 0, 0, 2], port, id),
        404,
        "máy khác không dừng được"
    );
    std::thread::sleep(Duration::from_millis(200));
    assert!(running(), "lần chạy vẫn phải còn");
    let t = Instant::now();
    assert_eq!(stop_from([127, 0, 0, 1], port, id), 200);
    let took = t.elapsed();
    assert!(
        descendants(runner_pid).is_empty(),
        "còn tiến trình {:?} sau ■ Dừng",
        descendants(runner_pid)
    );
    let result = run.join().unwrap();
    assert_eq!(result["status"], "stopped", "{result}");
    assert!(took < Duration::from_secs(2), "■ Dừng mất {took:?}");
    eprintln!("■ Dừng: {took:?}");
    assert_eq!(run_at(port, "println!(\"vẫn chạy\");")["status"], "ok");
}

#[test]
fn stop_needs_the_senders_address() {
    let r = Runner::start(Who::Root);
    stop_only_by_sender(r.port(), r.pid(), &unique("dung-hop-cat-"));
    assert!(r.work_dir().is_some());
}

/// Không có hộp cát (trình chạy là root, chương trình chạy bằng `nobody`): ■ Dừng
/// vẫn dừng ngay cả nhóm tiến trình.
#[test]
fn without_bubblewrap_stop_still_works() {
    if !is_root() {
        eprintln!("(không phải root: không che được bwrap; kiểm thử này cần root như CI)");
        return;
    }
    let (runner, _book) = start_without_bwrap();
    stop_only_by_sender(
        runner.port,
        runner.child.id(),
        &unique("dung-khong-hop-cat-"),
    );
}

// --- Giới hạn của cả khối (bộ nhớ của mọi tiến trình và mọi tệp trong bộ nhớ) ----

/// Trình chạy đếm bộ nhớ của cả khối bằng cgroup (memfd được phép, trang của nó
/// được đếm) hay bằng /proc (memfd bị cấm).
fn whole_block(r: &Runner) -> bool {
    let (_, status) = r.get("/api/status");
    let status: Value = serde_json::from_str(&status).unwrap();
    status["sandbox"]["whole_block"]
        .as_bool()
        .unwrap_or_else(|| panic!("/api/status nói cách đếm bộ nhớ: {status}"))
}

/// Số MiB lớn nhất mà chương trình báo đã giữ ("đã ghi N MiB").
fn most_held(out: &str) -> u64 {
    out.lines()
        .filter_map(|l| l.strip_prefix("đã ghi "))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

/// Sau một lần chạy bị dừng vì bộ nhớ, trình chạy vẫn sống và chạy khối khác.
fn still_serves(r: &Runner) {
    let res = r.run("println!(\"vẫn chạy\");");
    assert_eq!(res["status"], "ok", "{res}");
    assert_eq!(text(&res), "vẫn chạy\n");
}

/// Nhiều memfd (mỗi cái 32 MiB, dưới giới hạn cỡ tệp) ghi bằng `write()`: các
/// trang ấy không thuộc không gian địa chỉ của tiến trình nào (`RLIMIT_AS` không
/// thấy). Mục tiêu 1,5 GiB.
const MEMFD_ATTACK: &str = r#"
extern "C" {
    fn memfd_create(name: *const u8, flags: u32) -> i32;
    fn write(fd: i32, buf: *const u8, n: usize) -> isize;
}

fn main() {
    let chunk = vec![7u8; 1 << 20];
    let (mut fd, mut mib) = (-1, 0);
    while mib < 1536 {
        if mib % 32 == 0 {
            fd = unsafe { memfd_create(b"nho\0".as_ptr(), 0) };
            if fd < 0 {
                println!("memfd bị từ chối: {:?}", std::io::Error::last_os_error().raw_os_error());
                return;
            }
        }
        if unsafe { write(fd, chunk.as_ptr(), chunk.len()) } != chunk.len() as isize {
            println!("ghi thất bại sau {mib} MiB");
            return;
        }
        mib += 1;
        if mib % 64 == 0 {
            println!("đã ghi {mib} MiB");
        }
    }
    println!("GIỮ ĐƯỢC {mib} MiB");
}
"#;

fn memfd_pages_counted(who: Who, mode: Mode) {
    let r = Runner::start_in(who, mode, &[]);
    let started = Instant::now();
    let res = r.run(MEMFD_ATTACK);
    let out = text(&res);
    eprintln!(
        "memfd ({who:?}, {mode:?}): {} sau {:?}, giữ tối đa {} MiB",
        res["status"],
        started.elapsed(),
        most_held(&out)
    );
    assert!(!out.contains("GIỮ ĐƯỢC"), "{res}");
    if whole_block(&r) {
        assert_eq!(res["status"], "memory_limit", "{res}");
        let headline = res["headline"].as_str().unwrap_or_default();
        assert!(
            headline.contains("1024 MiB") && headline.contains("memfd"),
            "{headline}"
        );
        assert!(most_held(&out) < 1024, "{out}");
    } else {
        // Không có cgroup: memfd bị bộ lọc seccomp từ chối (EPERM).
        assert_eq!(res["status"], "ok", "{res}");
        assert_eq!(out.trim(), "memfd bị từ chối: Some(1)", "{res}");
    }
    still_serves(&r);
}

/// Hai tiến trình con, mỗi con chạm 800 MiB (mỗi con dưới `RLIMIT_AS`).
const FORK_ATTACK: &str = r#"
extern "C" {
    fn fork() -> i32;
    fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
}

fn main() {
    let mut kids = Vec::new();
    for i in 0..2 {
        let pid = unsafe { fork() };
        if pid == 0 {
            let mut v = vec![0u8; 800 << 20];
            for j in (0..v.len()).step_by(4096) {
                v[j] = 1;
            }
            println!("con {i} giữ 800 MiB");
            std::thread::sleep(std::time::Duration::from_secs(3));
            std::process::exit(0);
        }
        kids.push(pid);
    }
    for pid in kids {
        let mut status = 0;
        unsafe { waitpid(pid, &mut status, 0) };
    }
    println!("CẢ HAI CON XONG");
}
"#;

fn forked_children_counted(who: Who, mode: Mode) {
    let r = Runner::start_in(who, mode, &[]);
    let started = Instant::now();
    let res = r.run(FORK_ATTACK);
    let out = text(&res);
    eprintln!(
        "hai con 800 MiB ({who:?}, {mode:?}): {} sau {:?}",
        res["status"],
        started.elapsed()
    );
    assert_eq!(res["status"], "memory_limit", "{res}");
    assert!(!out.contains("CẢ HAI CON XONG"), "{res}");
    assert!(
        !(out.contains("con 0 giữ") && out.contains("con 1 giữ")),
        "hai con cùng giữ 1,6 GiB: {res}"
    );
    let headline = res["headline"].as_str().unwrap_or_default();
    assert!(headline.contains("tiến trình con"), "{headline}");
    still_serves(&r);
}

/// Tệp trong ba tmpfs của hộp (60 MiB mỗi nơi), memfd 300 MiB nếu được, rồi hai
/// con mỗi con 450 MiB: chung lại quá 1 GiB, từng phần thì không.
const TOGETHER: &str = r#"
extern "C" {
    fn memfd_create(name: *const u8, flags: u32) -> i32;
    fn write(fd: i32, buf: *const u8, n: usize) -> isize;
    fn fork() -> i32;
    fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
}

fn main() {
    let chunk = vec![7u8; 1 << 20];
    for dir in ["/tmp", "/dev/shm", "/chay"] {
        let data = vec![5u8; 60 << 20];
        let ok = std::fs::write(format!("{dir}/day"), &data).is_ok();
        println!("{dir}: {ok}");
    }
    let mut memfd = 0;
    for _ in 0..10 {
        let fd = unsafe { memfd_create(b"nho\0".as_ptr(), 0) };
        if fd < 0 {
            break;
        }
        for _ in 0..30 {
            unsafe { write(fd, chunk.as_ptr(), chunk.len()) };
        }
        memfd += 30;
    }
    println!("memfd: {memfd} MiB");
    let mut kids = Vec::new();
    for i in 0..2 {
        let pid = unsafe { fork() };
        if pid == 0 {
            let mut v = vec![0u8; 450 << 20];
            for j in (0..v.len()).step_by(4096) {
                v[j] = 1;
            }
            println!("con {i} giữ 450 MiB");
            std::thread::sleep(std::time::Duration::from_secs(3));
            std::process::exit(0);
        }
        kids.push(pid);
    }
    for pid in kids {
        let mut status = 0;
        unsafe { waitpid(pid, &mut status, 0) };
    }
    println!("GIỮ HẾT");
}
"#;

fn memfd_tmpfs_and_children_together(who: Who, mode: Mode) {
    let r = Runner::start_in(who, mode, &[]);
    let res = r.run(TOGETHER);
    let out = text(&res);
    eprintln!(
        "tmpfs + memfd + hai con ({who:?}, {mode:?}): {}\n{out}",
        res["status"]
    );
    assert_eq!(res["status"], "memory_limit", "{res}");
    assert!(!out.contains("GIỮ HẾT"), "{res}");
    for dir in ["/tmp", "/dev/shm", "/chay"] {
        assert!(out.contains(&format!("{dir}: true")), "{res}");
    }
    if whole_block(&r) {
        assert!(out.contains("memfd: 300 MiB"), "{res}");
    } else {
        assert!(out.contains("memfd: 0 MiB"), "{res}");
    }
    still_serves(&r);
}

/// Hai tiến trình con, mỗi con tới 768 MiB trong bộ đệm của các cặp socket
/// `AF_UNIX` (`SO_SNDBUF` 4 MiB, gửi mà không ai đọc): bộ nhớ của nhân, không
/// thuộc không gian địa chỉ hay RSS của tiến trình nào, và nhóm cgroup v1 không
/// đếm. Trước đây 40 cặp giữ được 754 MiB với RSS 10 MB.
const SOCKET_ATTACK: &str = r#"
extern "C" {
    fn socketpair(domain: i32, ty: i32, protocol: i32, sv: *mut i32) -> i32;
    fn setsockopt(fd: i32, level: i32, name: i32, value: *const i32, len: u32) -> i32;
    fn send(fd: i32, buf: *const u8, n: usize, flags: i32) -> isize;
    fn fork() -> i32;
    fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
}

fn hold(i: usize) {
    let chunk = vec![7u8; 64 << 10];
    let size: i32 = 4 << 20;
    let mut held = 0usize;
    while held < 768 << 20 {
        let mut sv = [0i32; 2];
        if unsafe { socketpair(1, 1, 0, sv.as_mut_ptr()) } != 0 {
            let e = std::io::Error::last_os_error().raw_os_error();
            println!("con {i}: socket bị từ chối: {e:?}");
            return;
        }
        for fd in sv {
            unsafe { setsockopt(fd, 1, 7, &size, 4) };
            while held < 768 << 20 {
                let n = unsafe { send(fd, chunk.as_ptr(), chunk.len(), 0x40) };
                if n <= 0 {
                    break;
                }
                held += n as usize;
            }
        }
        println!("đã ghi {} MiB", held >> 20);
    }
    println!("con {i}: GIỮ ĐƯỢC {} MiB", held >> 20);
    std::thread::sleep(std::time::Duration::from_secs(3));
}

fn main() {
    let mut kids = Vec::new();
    for i in 0..2 {
        let pid = unsafe { fork() };
        if pid == 0 {
            hold(i);
            std::process::exit(0);
        }
        kids.push(pid);
    }
    for pid in kids {
        let mut status = 0;
        unsafe { waitpid(pid, &mut status, 0) };
    }
}
"#;

fn socket_buffers_refused(who: Who, mode: Mode) {
    let r = Runner::start_in(who, mode, &[]);
    let res = r.run(SOCKET_ATTACK);
    let out = text(&res);
    eprintln!(
        "bộ đệm socket ({who:?}, {mode:?}): {}, giữ tối đa {} MiB",
        res["status"],
        most_held(&out)
    );
    assert!(!out.contains("GIỮ ĐƯỢC"), "{res}");
    assert_eq!(res["status"], "ok", "{res}");
    for i in 0..2 {
        // EAFNOSUPPORT: bộ lọc seccomp không cho tạo socket nào.
        assert!(
            out.contains(&format!("con {i}: socket bị từ chối: Some(97)")),
            "{res}"
        );
    }
    assert_eq!(most_held(&out), 0, "{out}");
    still_serves(&r);
}

// --- Bề mặt nhân bên trong hộp (bộ lọc seccomp) -----------------------------------

/// Gọi thẳng từng lời gọi hệ thống (số hiệu của x86_64) và in kết quả.
#[cfg(target_arch = "x86_64")]
const SYSCALLS: &str = r#"
extern "C" {
    fn syscall(n: i64, ...) -> i64;
    fn _exit(code: i32) -> !;
}

fn thu(name: &str, n: i64, a: [i64; 4]) {
    let r = unsafe { syscall(n, a[0], a[1], a[2], a[3]) };
    if r == 0 && name.starts_with("clone") {
        unsafe { _exit(0) };
    }
    let e = std::io::Error::last_os_error().raw_os_error().unwrap_or(0);
    if r == -1 {
        println!("{name}: từ chối {e}");
    } else {
        println!("{name}: được");
    }
}

fn main() {
    let buf = [0u8; 256];
    let p = buf.as_ptr() as i64;
    let s = |b: &'static [u8]| b.as_ptr() as i64;
    thu("getpid", 39, [0; 4]);
    thu("pipe2", 293, [p, 0, 0, 0]);
    thu("unshare CLONE_NEWUSER", 272, [0x1000_0000, 0, 0, 0]);
    thu("unshare CLONE_NEWNS", 272, [0x2_0000, 0, 0, 0]);
    thu("clone CLONE_NEWUSER", 56, [0x1000_0000 | 17, 0, 0, 0]);
    thu("clone CLONE_NEWNET", 56, [0x4000_0000 | 17, 0, 0, 0]);
    thu("mount tmpfs", 165, [s(b"none\0"), s(b"/tmp\0"), s(b"tmpfs\0"), 0]);
    thu("io_uring_setup", 425, [1, p, 0, 0]);
    thu("keyctl", 250, [0, -3, 0, 0]);
    thu("add_key", 248, [s(b"user\0"), s(b"k\0"), p, 1]);
    thu("bpf", 321, [0, p, 48, 0]);
    thu("userfaultfd", 323, [0, 0, 0, 0]);
    thu("ptrace", 101, [0, 0, 0, 0]);
    thu("perf_event_open", 298, [p, 0, -1, -1]);
    thu("shmget", 29, [0, 4096, 0o1600, 0]);
    thu("socket AF_PACKET", 41, [17, 3, 0, 0]);
    thu("socket AF_NETLINK", 41, [16, 3, 0, 0]);
    thu("socket AF_VSOCK", 41, [40, 1, 0, 0]);
    thu("socket AF_UNIX", 41, [1, 1, 0, 0]);
    thu("socket AF_INET", 41, [2, 1, 0, 0]);
    thu("socketpair AF_UNIX", 53, [1, 1, 0, p]);
}
"#;

#[cfg(target_arch = "x86_64")]
fn kernel_surface_refused(who: Who, mode: Mode) {
    let r = Runner::start_in(who, mode, &[]);
    let res = r.run(SYSCALLS);
    assert_eq!(res["status"], "ok", "{res}");
    let out = text(&res);
    let said: std::collections::HashMap<&str, &str> =
        out.lines().filter_map(|l| l.split_once(": ")).collect();
    assert_eq!(said.len(), 21, "{out}");
    // Bộ lọc không cấm tất cả: lời gọi thường vẫn được.
    assert_eq!(said["getpid"], "được", "{out}");
    assert_eq!(said["pipe2"], "được", "{out}");
    for (name, answer) in &said {
        let expected = if name.starts_with("socket") {
            "từ chối 97" // EAFNOSUPPORT
        } else {
            "từ chối 1" // EPERM
        };
        if !matches!(*name, "getpid" | "pipe2") {
            assert_eq!(*answer, expected, "{name} ({who:?}):\n{out}");
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn kernel_surface_refused(_who: Who, _mode: Mode) {
    eprintln!("(bộ lọc seccomp chỉ có cho x86_64)");
}

/// "Không capability nào" (README), ở chế độ root cũng như người thường: mọi tập
/// capability của chương trình đều rỗng, `no_new_privs` bật, bộ lọc seccomp đã
/// cài (`Seccomp: 2`).
fn no_capabilities(who: Who, mode: Mode) {
    let r = Runner::start_in(who, mode, &[]);
    let res = r.run(
        "for l in std::fs::read_to_string(\"/proc/self/status\").unwrap().lines() {\n    if l.starts_with(\"Cap\") || l.starts_with(\"NoNewPrivs\") || l.starts_with(\"Seccomp:\") {\n        println!(\"{l}\");\n    }\n}\n",
    );
    assert_eq!(res["status"], "ok", "{res}");
    let out = text(&res);
    let said: std::collections::HashMap<&str, &str> = out
        .lines()
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k, v.trim()))
        .collect();
    for set in ["CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"] {
        assert_eq!(
            said.get(set),
            Some(&"0000000000000000"),
            "{set} ({who:?}):\n{out}"
        );
    }
    assert_eq!(said.get("NoNewPrivs"), Some(&"1"), "{out}");
    assert_eq!(said.get("Seccomp"), Some(&"2"), "{out}");
}

// --- Máy đọc chậm -------------------------------------------------------------------

/// Như [`connect_from`], với bộ đệm nhận rất nhỏ (4 KiB): máy chủ phải chờ máy
/// này đọc để gửi tiếp.
fn connect_small_from(from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    connect_with_receive_buffer(from, port, Some(4096))
}

/// Mã trạng thái HTTP của `GET path` trên kết nối `s` đã mở.
/// `cookie`: dòng `Cookie` của chế độ lớp học ([`Runner::cookie_header`]).
fn status_on(mut s: TcpStream, port: u16, path: &str, cookie: &str) -> u16 {
    let _ = s.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = write!(
        s,
        "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n{cookie}\r\n"
    );
    let mut head = [0u8; 12];
    if s.read_exact(&mut head).is_err() {
        return 0;
    }
    String::from_utf8_lossy(&head[9..12]).parse().unwrap_or(0)
}

/// 256 máy đọc chậm từ hai địa chỉ (như cả lớp sau hai bộ định tuyến, với giới
/// hạn 240 kết nối mỗi địa chỉ của chế độ lớp học) cùng tải tệp lớn nhất của sách
/// và không đọc: một lần chạy từ địa chỉ thứ ba vẫn được trả lời trong thời gian
/// thường, và sau hạn của cả câu trả lời, các kết nối ấy đã bị đóng.
fn slow_readers(who: Who, mode: Mode) {
    let per_address = caytrochoi::limits::RUNNER_CLASS_CONNECTIONS_PER_ADDRESS.to_string();
    let r = Runner::start_in(who, mode, &["--ket-noi-moi-may", &per_address]);
    let cookie = r.cookie_header();
    std::fs::write(r._book.0.join("lon.bin"), vec![b'x'; 8 << 20]).unwrap();
    let fresh = |n: usize| format!("println!(\"bình thường\");\n// lần {n}\n");
    let mut usual = Duration::ZERO;
    for n in 0..2 {
        let t = Instant::now();
        assert_eq!(r.run(&fresh(n))["status"], "ok");
        usual = usual.max(t.elapsed());
    }
    let started = Instant::now();
    let slow: Vec<TcpStream> = (0..256)
        .filter_map(|i| {
            let from = [127, 0, 0, 2 + (i % 2) as u8];
            let mut s = connect_small_from(from, r.port()).ok()?;
            let req = format!(
                "GET /lon.bin HTTP/1.1\r\nHost: {}\r\n{cookie}\r\n",
                r.host()
            );
            s.write_all(req.as_bytes()).ok()?;
            Some(s)
        })
        .collect();
    assert_eq!(slow.len(), 256);
    // Các câu trả lời đã kẹt (máy chủ chờ ghi) lâu hơn một giây.
    std::thread::sleep(Duration::from_millis(1500));
    // Lần chạy từ 127.0.0.1: được nhận ngay (một kết nối kẹt nhường chỗ), không
    // phải chờ các câu trả lời kẹt hết hạn. HTTP/1.1: trình chạy gửi phần đầu câu
    // trả lời ngay khi nhận khối mã (rồi từng giai đoạn), nên byte đầu tiên cho
    // biết lúc được nhận; máy đang bận thì biên dịch và chạy lâu hơn thường.
    let t = Instant::now();
    let mut s = TcpStream::connect(r.host()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let body = serde_json::json!({ "code": fresh(2) }).to_string();
    write!(
        s,
        "POST /api/run HTTP/1.1\r\nHost: {host}\r\n{cookie}Connection: close\r\nOrigin: http://{host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len(),
        host = r.host()
    )
    .unwrap();
    let mut first = [0u8; 12];
    s.read_exact(&mut first).unwrap();
    let answered = t.elapsed();
    let mut rest = String::new();
    let _ = s.read_to_string(&mut rest);
    let took = t.elapsed();
    let res = run_result(&rest);
    eprintln!(
        "256 máy đọc chậm ({who:?}, {mode:?}): lần chạy từ địa chỉ thứ ba được trả lời sau {answered:?}, xong sau {took:?} (lúc không có chúng: {usual:?})"
    );
    assert_eq!(&first, b"HTTP/1.1 200", "{rest}");
    assert_eq!(res["status"], "ok", "{res}");
    assert!(
        answered < Duration::from_secs(caytrochoi::limits::RUNNER_RESPONSE_SECONDS / 2),
        "lần chạy chờ {answered:?} mới được nhận"
    );
    // Sau hạn của cả câu trả lời, hai địa chỉ ấy không còn giữ kết nối nào: mỗi
    // địa chỉ lại mở được hơn 240 − 128 kết nối mà không bị từ chối.
    let deadline = Duration::from_secs(caytrochoi::limits::RUNNER_RESPONSE_SECONDS + 3);
    std::thread::sleep(deadline.saturating_sub(started.elapsed()));
    // Mở cả 130 kết nối trước (cùng giữ), rồi mới hỏi trên từng kết nối.
    let fresh_connections: Vec<TcpStream> = (0..130)
        .map(|_| connect_from([127, 0, 0, 2], r.port()).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let codes: Vec<u16> = fresh_connections
        .into_iter()
        .map(|s| status_on(s, r.port(), "/index.html", &cookie))
        .collect();
    let refused = codes.iter().filter(|c| **c != 200).count();
    assert_eq!(refused, 0, "{codes:?}");
    drop(slow);
}

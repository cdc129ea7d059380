//! Biên dịch một khối mã với `rustc` (liên kết với bản `.rlib` dựng sẵn của
//! crate, như doctest) rồi chạy nó trong giới hạn. Trên Linux cả hai bước đều ở
//! trong một hộp cát bubblewrap riêng ([`super::bubblewrap`]); nơi không có
//! bubblewrap, mỗi lần chạy trong một thư mục tạm riêng được xóa ngay sau đó.

use super::block::{prepare, Prepared};
use super::bubblewrap::{Bubblewrap, Isolation, RunUser};
use super::output::{
    compile_report, panic_report, split_display, without_panic, CompileReport, PanicReport, Part,
};
use super::sandbox::{self, Ending, Limits, User};
use super::workdir::WorkDir;
use serde::Serialize;
use std::collections::hash_map::RandomState;
use std::collections::VecDeque;
use std::hash::BuildHasher;
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Tên tệp nguồn của khối (xuất hiện trong lời báo lỗi và vị trí panic).
pub(crate) const SOURCE_FILE: &str = "main.rs";

/// Các tính năng của thư viện mà mã của khối được liên kết vào: đúng các tính
/// năng của bản dựng đang chạy. Tính năng `wasm` kéo theo `cli` và `json`, nên
/// khi có cả `runner` lẫn `wasm` thì đó là mọi tính năng của crate.
const LIBRARY_FEATURES: &[&str] = if cfg!(feature = "wasm") {
    &["--all-features"]
} else {
    &["--features", "runner"]
};

/// Trình biên dịch và bản dựng sẵn của crate.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// `rustc` thật (không qua rustup), cùng bộ công cụ đã dựng crate.
    pub rustc: PathBuf,
    /// Bản `.rlib` của thư viện `caytrochoi`.
    pub rlib: PathBuf,
    /// Thư mục chứa các thư viện phụ thuộc (`target/debug/deps`).
    pub deps: PathBuf,
}

impl Toolchain {
    /// Dựng (nếu cần) thư viện của crate ở `crate_dir` bằng `cargo build --lib
    /// --message-format=json` với đúng các tính năng mà chính trình chạy được dựng
    /// (`LIBRARY_FEATURES`: `--features runner`, hay `--all-features` khi trình
    /// chạy hoặc kiểm thử được dựng như thế, và khi ấy cargo thấy thư viện của bản
    /// dựng ấy còn mới, không dựng bản thứ hai), rồi đọc đường dẫn của `.rlib` từ lời
    /// báo của cargo (không đoán tên tệp).
    pub fn locate(crate_dir: &Path) -> Result<Toolchain, String> {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let out = Command::new(&cargo)
            .args(["build", "--lib"])
            .args(LIBRARY_FEATURES)
            .arg("--message-format=json-render-diagnostics")
            .current_dir(crate_dir)
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| format!("không chạy được cargo ({e}): cần cài Rust (rustup)"))?;
        if !out.status.success() {
            return Err("cargo không dựng được thư viện caytrochoi (xem lỗi ở trên)".into());
        }
        let mut found = None;
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            if msg["reason"] != "compiler-artifact" || msg["target"]["name"] != "caytrochoi" {
                continue;
            }
            if !msg["target"]["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|x| x == "lib"))
            {
                continue;
            }
            let files: Vec<PathBuf> = msg["filenames"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|f| f.as_str())
                        .map(PathBuf::from)
                        .collect()
                })
                .unwrap_or_default();
            found = Some(files);
        }
        let files = found.ok_or("cargo không báo bản dựng của thư viện caytrochoi")?;
        Self::from_artifacts(&files, &rustc_of(crate_dir)?)
    }

    /// Bộ công cụ đã có sẵn: `rustc` và bản `.rlib` của crate; các thư viện phụ
    /// thuộc nằm cùng thư mục với `.rlib` (như `target/debug/deps`).
    pub fn given(rustc: &Path, rlib: &Path) -> Result<Toolchain, String> {
        if !rustc.is_file() {
            return Err(format!("không có rustc ở {}", rustc.display()));
        }
        if !rlib.is_file() || rlib.extension() != Some(std::ffi::OsStr::new("rlib")) {
            return Err(format!("không có tệp .rlib ở {}", rlib.display()));
        }
        let deps = rlib
            .parent()
            .ok_or("không tìm thấy thư mục của tệp .rlib")?
            .to_path_buf();
        Ok(Toolchain {
            rustc: rustc.to_path_buf(),
            rlib: rlib.to_path_buf(),
            deps,
        })
    }

    /// Chọn `.rlib` trong `deps/` (tên có mã băm, không bị bản dựng với tính năng
    /// khác ghi đè); nếu không có thì dùng bản cargo chép ra ngoài.
    fn from_artifacts(files: &[PathBuf], rustc: &Path) -> Result<Toolchain, String> {
        let rmeta = files
            .iter()
            .find(|f| f.extension().is_some_and(|e| e == "rmeta"));
        let hashed = rmeta
            .map(|m| m.with_extension("rlib"))
            .filter(|r| r.exists());
        let rlib = hashed
            .or_else(|| {
                files
                    .iter()
                    .find(|f| f.extension().is_some_and(|e| e == "rlib"))
                    .cloned()
            })
            .ok_or("cargo không báo tệp .rlib của thư viện caytrochoi")?;
        let deps = match rmeta {
            Some(m) => m.parent().map(Path::to_path_buf),
            None => rlib.parent().map(|p| p.join("deps")),
        }
        .ok_or("không tìm thấy thư mục deps")?;
        Ok(Toolchain {
            rustc: rustc.to_path_buf(),
            rlib,
            deps,
        })
    }
}

/// `rustc` thật của bộ công cụ dùng trong `crate_dir` (`rustc --print sysroot`).
fn rustc_of(crate_dir: &Path) -> Result<PathBuf, String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .current_dir(crate_dir)
        .output()
        .map_err(|e| format!("không chạy được rustc ({e})"))?;
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let exe = Path::new(&sysroot)
        .join("bin")
        .join(format!("rustc{}", std::env::consts::EXE_SUFFIX));
    Ok(if exe.exists() {
        exe
    } else {
        PathBuf::from(rustc)
    })
}

/// Giới hạn của trình chạy.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Giới hạn khi biên dịch.
    pub compile: Limits,
    /// Giới hạn khi chạy chương trình.
    pub program: Limits,
    /// Số chương trình đã biên dịch được giữ lại (mã giống hệt thì khỏi biên dịch lại).
    pub cache_entries: usize,
    /// Tổng số byte của các chương trình giữ lại; quá thì bỏ chương trình cũ nhất.
    pub cache_bytes: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            compile: Limits {
                wall: Duration::from_secs(crate::limits::RUNNER_COMPILE_SECONDS),
                cpu_seconds: crate::limits::RUNNER_COMPILE_SECONDS,
                memory_bytes: crate::limits::RUNNER_COMPILE_MEMORY_MIB << 20,
                output_bytes: 1 << 20,
                file_bytes: crate::limits::RUNNER_BUILD_MIB << 20,
                extra_tasks: None,
                unprivileged: false,
                // /tmp, /dev/shm và /build của hộp biên dịch.
                tmpfs_bytes: (2 * crate::limits::RUNNER_SCRATCH_MIB
                    + crate::limits::RUNNER_BUILD_MIB)
                    << 20,
            },
            program: Limits {
                wall: Duration::from_secs(crate::limits::RUNNER_SECONDS),
                cpu_seconds: crate::limits::RUNNER_SECONDS,
                memory_bytes: crate::limits::RUNNER_MEMORY_MIB << 20,
                output_bytes: crate::limits::RUNNER_OUTPUT_BYTES,
                file_bytes: crate::limits::RUNNER_SCRATCH_MIB << 20,
                extra_tasks: Some(64),
                unprivileged: true,
                // /tmp, /dev/shm và /chay của hộp chạy.
                tmpfs_bytes: (3 * crate::limits::RUNNER_SCRATCH_MIB) << 20,
            },
            cache_entries: crate::limits::RUNNER_CACHE_ENTRIES,
            cache_bytes: crate::limits::RUNNER_CACHE_MIB << 20,
        }
    }
}

/// Trạng thái của một lần chạy (để trang sách hiện cho người đọc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Chạy xong bình thường.
    Ok,
    /// Lỗi biên dịch: chưa chạy.
    CompileError,
    /// Dừng vì panic (kể cả `assert!` sai, `unwrap()` gặp lỗi).
    Panic,
    /// Tự thoát với mã khác 0.
    ErrorExit,
    /// Quá thời gian.
    Timeout,
    /// Quá bộ nhớ.
    MemoryLimit,
    /// Đầu ra quá dài.
    OutputLimit,
    /// Bị một tín hiệu dừng vì lý do khác.
    Killed,
    /// Người gửi bấm ■ Dừng: trình chạy đã dừng và dọn lần chạy.
    Stopped,
    /// Trình chạy gặp trục trặc (không phải lỗi của khối mã).
    Internal,
}

/// Kết quả của một lần bấm "Chạy".
#[derive(Debug, Clone, Serialize)]
pub struct RunResult {
    pub status: Status,
    /// Một câu tiếng Việt nói điều gì đã xảy ra (trừ khi chạy bình thường).
    pub headline: Option<String>,
    /// Đầu ra chuẩn: văn bản và hình.
    pub parts: Vec<Part>,
    /// Đầu ra lỗi chuẩn của chương trình (đã bỏ phần panic đã giải thích).
    pub stderr: String,
    pub compile: Option<CompileReport>,
    pub panic: Option<PanicReport>,
    pub exit_code: Option<i32>,
    /// Đầu ra bị cắt vì quá dài.
    pub truncated: bool,
    /// Chương trình đã biên dịch sẵn từ một lần chạy trước với đúng mã này
    /// *của chính máy này* ([`Engine::run_from`]). Chương trình do máy khác biên
    /// dịch cũng được dùng lại, nhưng ở đây là `false` và `compile_ms` là thời
    /// gian nó đã được biên dịch: ở lớp học, một sinh viên không biết được bạn
    /// khác đã chạy đúng mã này.
    pub cached: bool,
    pub compile_ms: u64,
    pub run_ms: u64,
}

impl RunResult {
    fn internal(message: String) -> RunResult {
        RunResult {
            status: Status::Internal,
            headline: Some(format!(
                "Trình chạy gặp trục trặc, không phải lỗi của đoạn mã: {message}"
            )),
            parts: Vec::new(),
            stderr: String::new(),
            compile: None,
            panic: None,
            exit_code: None,
            truncated: false,
            cached: false,
            compile_ms: 0,
            run_ms: 0,
        }
    }

    /// Lần chạy bị dừng vì người gửi bấm ■ Dừng, trước khi chương trình chạy:
    /// `compiled` — nó đã tới lượt (đang biên dịch) hay còn chờ trong hàng.
    pub(super) fn stopped(compiled: bool) -> RunResult {
        let when = if compiled {
            "trong lúc biên dịch; chương trình chưa chạy."
        } else {
            "khi khối mã còn chờ tới lượt; nó chưa được biên dịch hay chạy."
        };
        RunResult {
            status: Status::Stopped,
            headline: Some(format!("Đã dừng theo yêu cầu của bạn (nút ■ Dừng) {when}")),
            ..RunResult::internal(String::new())
        }
    }

    /// Văn bản in ra (không kể hình).
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .filter_map(|p| match p {
                Part::Text { text } => Some(text.as_str()),
                Part::Display { .. } => None,
            })
            .collect()
    }
}

/// Giai đoạn của một lần chạy, báo cho trang sách.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Compiling,
    Running,
}

struct CacheEntry {
    hash: u64,
    source: String,
    binary: PathBuf,
    bytes: u64,
    /// Biên dịch nó mất bao lâu.
    compile_ms: u64,
    /// Các máy đã chạy nó (tối đa [`CLIENTS_PER_ENTRY`], cũ nhất bị quên trước).
    clients: VecDeque<IpAddr>,
}

/// Một chương trình trong bộ đệm nhớ chừng này máy đã chạy nó; máy bị quên chỉ
/// thấy "biên dịch … ms" thay vì "dùng lại bản đã biên dịch".
const CLIENTS_PER_ENTRY: usize = 256;

/// Một chương trình vừa biên dịch xong, trước khi vào bộ đệm.
#[derive(Clone, Copy)]
struct Built<'a> {
    path: &'a Path,
    compile_ms: u64,
    /// Máy đã gửi nó.
    client: IpAddr,
}

/// Một chương trình lấy từ bộ đệm cho một máy.
struct Hit {
    binary: PathBuf,
    /// Chính máy này đã chạy nó trước đây.
    seen: bool,
    compile_ms: u64,
}

/// Các chương trình đã biên dịch, cũ nhất ở đầu.
#[derive(Default)]
struct Cache {
    entries: VecDeque<CacheEntry>,
    /// Tổng số byte của `entries`.
    bytes: u64,
}

/// Bộ biên dịch và chạy.
pub struct Engine {
    toolchain: Toolchain,
    settings: Settings,
    isolation: Isolation,
    root: WorkDir,
    counter: AtomicU64,
    hasher: RandomState,
    cache: Mutex<Cache>,
}

/// Lệnh biên dịch trong hộp cát: `rustc` ghi vào `/build` (một `tmpfs` có hạn
/// mức), rồi chỉ chương trình đã biên dịch được chép ra thư mục của lần chạy.
const BUILD_SCRIPT: &str = "\"$0\" \"$@\" && exec cp khoi /out/khoi";

impl Engine {
    /// Bộ biên dịch và chạy, với hộp cát bubblewrap nếu máy này dựng được
    /// ([`Isolation::detect`]).
    pub fn new(toolchain: Toolchain, settings: Settings) -> std::io::Result<Engine> {
        Engine::with_isolation(toolchain, settings, Isolation::detect())
    }

    /// Như [`Engine::new`], với cách cô lập đã chọn sẵn.
    pub fn with_isolation(
        toolchain: Toolchain,
        settings: Settings,
        isolation: Isolation,
    ) -> std::io::Result<Engine> {
        sandbox::init();
        // Không có hộp cát, root: chương trình chạy bằng `nobody` ngay trên máy
        // và phải đi qua được thư mục tạm.
        #[cfg(unix)]
        // SAFETY: geteuid không có điều kiện gì.
        let passable = !isolation.is_sandboxed() && unsafe { libc::geteuid() } == 0;
        #[cfg(not(unix))]
        let passable = false;
        let root = WorkDir::create(passable)?;
        std::fs::create_dir(root.path().join("bo-dem"))?;
        Ok(Engine {
            toolchain,
            settings,
            isolation,
            root,
            counter: AtomicU64::new(0),
            hasher: RandomState::new(),
            cache: Mutex::new(Cache::default()),
        })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn toolchain(&self) -> &Toolchain {
        &self.toolchain
    }

    /// Các lần chạy được cô lập thế nào.
    pub fn isolation(&self) -> &Isolation {
        &self.isolation
    }

    /// Thư mục tạm của trình chạy.
    pub fn temp_root(&self) -> &Path {
        self.root.path()
    }

    /// Xóa thư mục tạm (khi trình chạy dừng; các thợ có thể còn giữ `Engine`).
    pub fn remove_temp(&self) {
        self.root.remove();
    }

    fn bubblewrap(&self) -> Option<&Bubblewrap> {
        match &self.isolation {
            Isolation::Bubblewrap(b) => Some(b),
            Isolation::LimitsOnly { .. } => None,
        }
    }

    /// Chương trình đã biên dịch của `source`, nếu còn trong bộ đệm; `client`
    /// được ghi là đã chạy nó.
    fn cached(&self, hash: u64, source: &str, client: IpAddr) -> Option<Hit> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let i = cache
            .entries
            .iter()
            .position(|e| e.hash == hash && e.source == source)?;
        let mut entry = cache.entries.remove(i)?;
        let seen = entry.clients.contains(&client);
        if !seen {
            if entry.clients.len() >= CLIENTS_PER_ENTRY {
                entry.clients.pop_front();
            }
            entry.clients.push_back(client);
        }
        let hit = Hit {
            binary: entry.binary.clone(),
            seen,
            compile_ms: entry.compile_ms,
        };
        cache.entries.push_back(entry);
        Some(hit)
    }

    /// Giữ chương trình vừa biên dịch (chuyển vào `bo-dem/`), bỏ những chương
    /// trình cũ nhất cho tới khi cả số lượng lẫn tổng số byte không quá giới hạn.
    /// `None`: không giữ (bộ đệm tắt, hay một mình nó đã quá tổng cho phép).
    fn remember(&self, hash: u64, source: String, built: &Built) -> Option<PathBuf> {
        let Built {
            path: built,
            compile_ms,
            client,
        } = *built;
        let bytes = std::fs::metadata(built).ok()?.len();
        if self.settings.cache_entries == 0 || bytes > self.settings.cache_bytes {
            return None;
        }
        let n = self.counter.fetch_add(1, Ordering::SeqCst);
        let binary = self
            .root
            .path()
            .join("bo-dem")
            .join(format!("khoi-{n}{}", std::env::consts::EXE_SUFFIX));
        std::fs::rename(built, &binary).ok()?;
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.entries.push_back(CacheEntry {
            hash,
            source,
            binary: binary.clone(),
            bytes,
            compile_ms,
            clients: VecDeque::from([client]),
        });
        cache.bytes += bytes;
        while cache.entries.len() > self.settings.cache_entries
            || cache.bytes > self.settings.cache_bytes
        {
            let Some(old) = cache.entries.pop_front() else {
                break;
            };
            cache.bytes -= old.bytes;
            // Một lần chạy đang dùng nó vẫn chạy được (tệp đã mở/gắn vào hộp).
            let _ = std::fs::remove_file(old.binary);
        }
        Some(binary)
    }

    /// Biên dịch và chạy một khối mã (các dòng `# ` được bỏ tiền tố, `fn main`
    /// được thêm nếu thiếu — như doctest).
    pub fn run(&self, code: &str, progress: &mut dyn FnMut(Stage)) -> RunResult {
        self.run_stoppable(code, &AtomicBool::new(false), progress)
    }

    /// Như [`Engine::run`]; khi `stop` thành `true` (người gửi bấm ■ Dừng), việc
    /// đang làm — biên dịch hay chạy — bị dừng ngay, thư mục tạm bị xóa, và kết
    /// quả là [`Status::Stopped`].
    pub fn run_stoppable(
        &self,
        code: &str,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Stage),
    ) -> RunResult {
        self.run_from(code, IpAddr::V4(Ipv4Addr::LOCALHOST), stop, progress)
    }

    /// Như [`Engine::run_stoppable`], cho khối mã gửi từ máy `client`:
    /// [`RunResult::cached`] chỉ nói về những lần chạy của chính máy ấy.
    pub fn run_from(
        &self,
        code: &str,
        client: IpAddr,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Stage),
    ) -> RunResult {
        let prepared = prepare(code);
        let mut leftovers = Vec::new();
        let result = self.run_in(&prepared, client, stop, &mut leftovers, progress);
        for dir in leftovers {
            let _ = std::fs::remove_dir_all(dir);
        }
        result
    }

    /// `leftovers`: các thư mục tạm của lần chạy, xóa khi xong.
    fn run_in(
        &self,
        prepared: &Prepared,
        client: IpAddr,
        stop: &AtomicBool,
        leftovers: &mut Vec<PathBuf>,
        progress: &mut dyn FnMut(Stage),
    ) -> RunResult {
        let hash = self.hasher.hash_one(&prepared.source);
        let mut compile_ms = 0;
        let (binary, cached) = match self.cached(hash, &prepared.source, client) {
            Some(hit) => {
                if !hit.seen {
                    compile_ms = hit.compile_ms;
                }
                (hit.binary, hit.seen)
            }
            None => {
                progress(Stage::Compiling);
                let started = Instant::now();
                let user = self.bubblewrap().map(Bubblewrap::new_user);
                let dir = match self.root.run_dir(user.and_then(|u| u.owner())) {
                    Ok(d) => d,
                    Err(e) => {
                        return RunResult::internal(format!("không tạo được thư mục tạm ({e})"))
                    }
                };
                leftovers.push(dir.clone());
                match self.compile(prepared, &dir, user, stop) {
                    Ok(built) => {
                        compile_ms = started.elapsed().as_millis() as u64;
                        let fresh = Built {
                            path: &built,
                            compile_ms,
                            client,
                        };
                        let kept = self.remember(hash, prepared.source.clone(), &fresh);
                        (kept.unwrap_or(built), false)
                    }
                    Err(mut failure) => {
                        failure.compile_ms = started.elapsed().as_millis() as u64;
                        return *failure;
                    }
                }
            }
        };
        if stop.load(Ordering::SeqCst) {
            let mut r = RunResult::stopped(true);
            r.compile_ms = compile_ms;
            return r;
        }
        progress(Stage::Running);
        let done = match self.bubblewrap() {
            Some(b) => {
                let user = b.new_user();
                let scratch = crate::limits::RUNNER_SCRATCH_MIB << 20;
                let jail = counted(b.jail())
                    .ro_bind(&binary, "/khoi")
                    .tmpfs("/chay", scratch)
                    .chdir("/chay")
                    .env("HOME", "/chay");
                let cmd = b.command(user, jail, "/khoi", std::iter::empty::<&str>());
                sandbox::run_stoppable(cmd, &self.settings.program, User::Sandbox(user.uid), stop)
            }
            None => match self.run_unconfined(&binary, leftovers, stop) {
                Ok(done) => done,
                Err(failure) => return *failure,
            },
        };
        let mut r = self.interpret(prepared, done);
        r.cached = cached;
        r.compile_ms = compile_ms;
        r
    }

    /// Không có hộp cát: chạy trong một thư mục tạm riêng (của `nobody` nếu
    /// trình chạy là root).
    fn run_unconfined(
        &self,
        binary: &Path,
        leftovers: &mut Vec<PathBuf>,
        stop: &AtomicBool,
    ) -> Result<sandbox::Finished, Box<RunResult>> {
        let failed = |what: &str, e: std::io::Error| {
            Box::new(RunResult::internal(format!("{what} thư mục tạm ({e})")))
        };
        let run_dir = self
            .root
            .run_dir(None)
            .map_err(|e| failed("không tạo được", e))?;
        leftovers.push(run_dir.clone());
        #[cfg(unix)]
        sandbox::hand_over(&run_dir, &self.settings.program)
            .map_err(|e| failed("không giao được", e))?;
        let mut cmd = Command::new(binary);
        cmd.current_dir(&run_dir)
            .env_clear()
            .env("HOME", &run_dir)
            .env("TMPDIR", &run_dir)
            .env("LANG", "C.UTF-8");
        if let Some(path) = std::env::var_os("PATH") {
            cmd.env("PATH", path);
        }
        Ok(sandbox::run_stoppable(
            cmd,
            &self.settings.program,
            User::AsLimitsSay,
            stop,
        ))
    }

    /// Các đối số của `rustc`: thư viện phụ thuộc ở `deps`, crate ở `rlib`.
    fn rustc_args(deps: &Path, rlib: &Path, exe: &Path) -> Vec<std::ffi::OsString> {
        let mut extern_arg = std::ffi::OsString::from("caytrochoi=");
        extern_arg.push(rlib);
        let mut deps_arg = std::ffi::OsString::from("dependency=");
        deps_arg.push(deps);
        let mut args: Vec<std::ffi::OsString> = [
            "--edition",
            "2021",
            "--crate-type",
            "bin",
            "--crate-name",
            "khoi",
            "-A",
            "unused",
            "-C",
            "debuginfo=0",
            "-C",
            "strip=debuginfo",
            "--error-format=json",
            "--color",
            "never",
            "-L",
        ]
        .iter()
        .map(Into::into)
        .collect();
        args.push(deps_arg);
        args.push("--extern".into());
        args.push(extern_arg);
        args.push("-o".into());
        args.push(exe.into());
        args.push(SOURCE_FILE.into());
        args
    }

    /// Lệnh biên dịch trong hộp cát: bộ công cụ ở `/rust`, các thư viện ở
    /// `/deps` (và `/crate`), mã nguồn và mọi tệp tạm trong `/build`.
    fn sandboxed_compile(
        &self,
        b: &Bubblewrap,
        user: RunUser,
        dir: &Path,
    ) -> Result<Command, String> {
        let tc = &self.toolchain;
        let sysroot = tc
            .rustc
            .parent()
            .and_then(Path::parent)
            .filter(|s| s.join("lib").is_dir())
            .ok_or_else(|| format!("không tìm thấy bộ công cụ của {}", tc.rustc.display()))?;
        let rustc_name = tc.rustc.file_name().unwrap_or_default().to_string_lossy();
        let rlib_name = tc.rlib.file_name().unwrap_or_default().to_string_lossy();
        let in_deps = tc.rlib.parent() == Some(tc.deps.as_path());
        let rlib_inside = if in_deps {
            format!("/deps/{rlib_name}")
        } else {
            format!("/crate/{rlib_name}")
        };
        let mut jail = counted(b.jail())
            .tmpfs("/build", crate::limits::RUNNER_BUILD_MIB << 20)
            .ro_bind(&dir.join(SOURCE_FILE), &format!("/build/{SOURCE_FILE}"))
            .bind(dir, "/out")
            .ro_bind(sysroot, "/rust")
            .ro_bind(&tc.deps, "/deps");
        if !in_deps {
            jail = jail.dir("/crate").ro_bind(&tc.rlib, &rlib_inside);
        }
        let jail = jail
            .allow_unix_pairs()
            .chdir("/build")
            .env("HOME", "/build");
        let mut args: Vec<std::ffi::OsString> = vec!["-c".into(), BUILD_SCRIPT.into()];
        args.push(format!("/rust/bin/{rustc_name}").into());
        args.extend(Self::rustc_args(
            Path::new("/deps"),
            Path::new(&rlib_inside),
            Path::new("khoi"),
        ));
        Ok(b.command(user, jail, "/bin/sh", args))
    }

    /// `user`: người dùng của hộp cát (đã là chủ của `dir`), nếu có hộp cát.
    fn compile(
        &self,
        prepared: &Prepared,
        dir: &Path,
        user: Option<RunUser>,
        stop: &AtomicBool,
    ) -> Result<PathBuf, Box<RunResult>> {
        let internal = |e: std::io::Error| Box::new(RunResult::internal(e.to_string()));
        std::fs::write(dir.join(SOURCE_FILE), &prepared.source).map_err(internal)?;
        let exe = dir.join(format!("khoi{}", std::env::consts::EXE_SUFFIX));
        let limits = &self.settings.compile;
        let done = match (self.bubblewrap(), user) {
            (Some(b), Some(user)) => {
                let cmd = self
                    .sandboxed_compile(b, user, dir)
                    .map_err(|e| Box::new(RunResult::internal(e)))?;
                let done = sandbox::run_stoppable(cmd, limits, User::Sandbox(user.uid), stop);
                // Người dùng (ngẫu nhiên) của lần chạy sau phải chạy được nó.
                #[cfg(unix)]
                if exe.exists() {
                    use std::os::unix::fs::PermissionsExt;
                    let _ = std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755));
                }
                done
            }
            _ => {
                let tc = &self.toolchain;
                let mut cmd = Command::new(&tc.rustc);
                cmd.current_dir(dir)
                    .args(Self::rustc_args(&tc.deps, &tc.rlib, &exe));
                sandbox::run_stoppable(cmd, limits, User::AsLimitsSay, stop)
            }
        };
        let stderr = String::from_utf8_lossy(&done.stderr).into_owned();
        let stopped = |status: Status, headline: String| {
            Box::new(RunResult {
                headline: Some(headline),
                status,
                ..RunResult::internal(String::new())
            })
        };
        match done.ending {
            Ending::Exited(0) if exe.exists() => Ok(exe),
            Ending::Stopped => Err(Box::new(RunResult::stopped(true))),
            Ending::TimedOut => Err(stopped(
                Status::Timeout,
                format!(
                    "Biên dịch quá {} giây nên bị dừng. Thường là vì một hằng số (`const`, `static`, mảng có độ dài tính lúc biên dịch) được tính bằng một vòng lặp không dừng: trình biên dịch tính nó mãi mà không xong.",
                    limits.wall.as_secs()
                ),
            )),
            Ending::Signaled(24) => Err(stopped(
                Status::Timeout,
                format!(
                    "Biên dịch dùng quá {} giây CPU nên bị dừng (có thể là một hằng số tính bằng vòng lặp không dừng).",
                    limits.cpu_seconds
                ),
            )),
            Ending::MemoryLimit => Err(stopped(
                Status::MemoryLimit,
                format!(
                    "Biên dịch cần quá {} MiB bộ nhớ (tính chung mọi tiến trình của trình biên dịch) nên bị dừng (có thể là một hằng số hay mảng rất lớn tính lúc biên dịch).",
                    limits.memory_bytes >> 20
                ),
            )),
            Ending::CpuLimit => Err(stopped(
                Status::Timeout,
                format!(
                    "Biên dịch dùng quá {} giây CPU nên bị dừng (có thể là một hằng số tính bằng vòng lặp không dừng).",
                    limits.cpu_seconds
                ),
            )),
            Ending::Signaled(_) if stderr.contains("memory allocation of") => Err(stopped(
                Status::MemoryLimit,
                format!(
                    "Biên dịch cần quá {} MiB bộ nhớ nên bị dừng (có thể là một hằng số hay mảng rất lớn tính lúc biên dịch).",
                    limits.memory_bytes >> 20
                ),
            )),
            Ending::OutputLimit => Err(stopped(
                Status::OutputLimit,
                "Trình biên dịch báo quá nhiều lỗi nên bị dừng; hãy sửa các lỗi đầu tiên trước.".into(),
            )),
            Ending::SpawnFailed(e) => Err(Box::new(RunResult::internal(format!(
                "không chạy được rustc ({e})"
            )))),
            _ => {
                let report = compile_report(&stderr, prepared, SOURCE_FILE);
                let headline = if report.first_message.contains("taking a long time") {
                    format!(
                        "{} Việc tính một hằng số lúc biên dịch chạy quá lâu: có thể là một vòng lặp không dừng trong `const`.",
                        report.headline()
                    )
                } else {
                    report.headline()
                };
                Err(Box::new(RunResult {
                    status: Status::CompileError,
                    headline: Some(headline),
                    compile: Some(report),
                    ..RunResult::internal(String::new())
                }))
            }
        }
    }

    fn interpret(&self, prepared: &Prepared, done: sandbox::Finished) -> RunResult {
        let stdout = String::from_utf8_lossy(&done.stdout).into_owned();
        let mut stderr = String::from_utf8_lossy(&done.stderr).into_owned();
        let limits = &self.settings.program;
        let panic = panic_report(&stderr, prepared, SOURCE_FILE);
        let out_of_memory =
            stderr.contains("memory allocation of") || stderr.contains("capacity overflow");
        let stack = stderr.contains("has overflowed its stack");
        let mib = limits.memory_bytes >> 20;
        let (status, headline, exit_code) = match &done.ending {
            Ending::Exited(0) => (Status::Ok, None, Some(0)),
            Ending::TimedOut => (
                Status::Timeout,
                Some(format!(
                    "Chương trình chạy quá {} giây nên bị dừng (có thể là một vòng lặp không dừng). {}",
                    limits.wall.as_secs(),
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::Stopped => {
                return RunResult {
                    headline: Some(format!(
                        "Đã dừng theo yêu cầu của bạn (nút ■ Dừng). {}",
                        printed_so_far(&stdout)
                    )),
                    parts: split_display(&stdout),
                    stderr,
                    run_ms: done.elapsed.as_millis() as u64,
                    ..RunResult::stopped(true)
                };
            }
            Ending::OutputLimit => (
                Status::OutputLimit,
                Some(if stdout.is_empty() {
                    format!(
                        "Chương trình ghi vào đầu ra lỗi (stderr) quá {} KiB nên bị dừng; chỉ giữ phần đầu, ở bên dưới.",
                        limits.output_bytes >> 10
                    )
                } else {
                    format!(
                        "Chương trình in ra quá {} KiB nên bị dừng; chỉ giữ phần đầu, ở bên dưới.",
                        limits.output_bytes >> 10
                    )
                }),
                None,
            ),
            Ending::Exited(101) if panic.is_some() => (
                Status::Panic,
                panic.as_ref().map(|p| p.explanation.clone()),
                Some(101),
            ),
            Ending::Signaled(24) => (
                Status::Timeout,
                Some(format!(
                    "Chương trình dùng quá {} giây CPU nên bị dừng. {}",
                    limits.cpu_seconds,
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::MemoryLimit => (
                Status::MemoryLimit,
                Some(format!(
                    "Khối mã dùng quá {mib} MiB bộ nhớ nên cả khối bị dừng. Giới hạn tính chung mọi tiến trình của khối (kể cả các tiến trình con nó tạo ra) và mọi dữ liệu nó giữ trong bộ nhớ (tệp trong /tmp, /dev/shm, memfd). {}",
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::CpuLimit => (
                Status::Timeout,
                Some(format!(
                    "Khối mã dùng quá {} giây CPU, tính chung mọi tiến trình và luồng của nó, nên cả khối bị dừng. {}",
                    limits.cpu_seconds,
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::Signaled(_) if out_of_memory => (
                Status::MemoryLimit,
                Some(format!(
                    "Chương trình xin quá nhiều bộ nhớ (giới hạn {mib} MiB) nên bị dừng."
                )),
                None,
            ),
            Ending::Signaled(_) if stack => (
                Status::Panic,
                Some("Chương trình dừng vì tràn ngăn xếp: đệ quy quá sâu, có thể là đệ quy không có điểm dừng.".into()),
                None,
            ),
            Ending::Signaled(sig) => (
                Status::Killed,
                Some(format!("Chương trình bị hệ điều hành dừng (tín hiệu {sig}).")),
                None,
            ),
            Ending::Exited(code) => (
                Status::ErrorExit,
                Some(format!("Chương trình kết thúc với mã lỗi {code}.")),
                Some(*code),
            ),
            Ending::SpawnFailed(e) => {
                return RunResult::internal(format!("không chạy được chương trình ({e})"))
            }
        };
        if panic.is_some() {
            // Phần panic đã được giải thích riêng.
            stderr = without_panic(&stderr);
        }
        RunResult {
            status,
            headline,
            parts: split_display(&stdout),
            stderr,
            compile: None,
            panic,
            exit_code,
            truncated: done.ending == Ending::OutputLimit,
            cached: false,
            compile_ms: 0,
            run_ms: done.elapsed.as_millis() as u64,
        }
    }
}

/// Hộp của một khối mà bộ nhớ được cgroup đếm chung ([`super::group`]): memfd
/// được phép (trang của nó được tính); không có cgroup thì bộ lọc seccomp cấm.
fn counted(jail: super::bubblewrap::Jail) -> super::bubblewrap::Jail {
    if super::group::groups().is_ok() {
        jail.allow_memfd()
    } else {
        jail
    }
}

/// Câu nói phần đầu ra còn lại của một chương trình bị dừng giữa chừng: có in
/// gì không, và nếu có thì nó ở đâu.
fn printed_so_far(stdout: &str) -> &'static str {
    if stdout.is_empty() {
        "Nó chưa in ra gì trước khi bị dừng."
    } else {
        "Phần đã in ra ở bên dưới."
    }
}

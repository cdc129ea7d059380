//! Biên dịch một khối mã với `rustc` (liên kết với bản `.rlib` dựng sẵn của
//! crate, như doctest) rồi chạy nó trong giới hạn. Trên Linux cả hai bước đều ở
//! trong một hộp cát bubblewrap riêng ([`super::bubblewrap`]); nơi không có
//! bubblewrap, mỗi lần chạy trong một thư mục tạm riêng được xóa ngay sau đó.
//!
//! Các phần của nó, mỗi tệp một việc: `toolchain` (tìm `rustc` và bản dựng của
//! crate), `compile` (lệnh `rustc`, trong hộp hay không), `cache` (các chương
//! trình đã biên dịch, có giới hạn), `result` (kết quả của một lần chạy, giải
//! thích bằng tiếng Việt).

mod cache;
mod compile;
mod result;
mod toolchain;

pub use result::{RunResult, Stage, Status};
pub use toolchain::Toolchain;

use cache::{Built, Cache};

use super::block::{prepare, Prepared};
use super::bubblewrap::{Bubblewrap, Isolation};
use super::sandbox::{self, Limits, User};
use super::workdir::WorkDir;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Tên tệp nguồn của khối (xuất hiện trong lời báo lỗi và vị trí panic).
pub(crate) const SOURCE_FILE: &str = "main.rs";

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

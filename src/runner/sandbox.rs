//! Chạy một tiến trình con trong giới hạn: thời gian thực, thời gian CPU, bộ
//! nhớ, số tiến trình, độ dài đầu ra. Hết giới hạn thì **cả nhóm tiến trình** bị
//! dừng, và không tiến trình nào được sót lại sau một lần chạy.
//!
//! Trên Linux/macOS (`unix`): tiến trình con mở một phiên riêng (`setsid`, nên
//! là trưởng một nhóm tiến trình mới), nhận các giới hạn `setrlimit` (`RLIMIT_AS`,
//! `RLIMIT_CPU`, `RLIMIT_NPROC`, `RLIMIT_FSIZE`, `RLIMIT_NOFILE`, `RLIMIT_CORE`),
//! và nếu trình chạy đang là `root` thì đổi sang người dùng `nobody` (với `root`,
//! `RLIMIT_NPROC` không có tác dụng). Khi chạy xong hoặc quá hạn, cả nhóm bị
//! `killpg(SIGKILL)`. Trên Linux, trình chạy còn là "subreaper": tiến trình nào
//! thoát khỏi nhóm (tự gọi `setsid`) rồi mồ côi sẽ thành con của trình chạy và bị
//! dọn (`sweep_orphans`).
//!
//! Trên Linux có bubblewrap, lệnh được chạy là `bwrap` ([`super::bubblewrap`]):
//! các giới hạn trên được đặt cho `bwrap` và mọi tiến trình trong hộp thừa kế
//! chúng; ai chạy bên trong hộp do chính bwrap quyết định ([`User::Sandbox`]).
//! Tiến trình con còn nhận `PR_SET_PDEATHSIG`: trình chạy chết (kể cả bị
//! `SIGKILL`) thì nó chết theo.
//!
//! Trên Windows chỉ có giới hạn thời gian thực và độ dài đầu ra (tiến trình chính
//! bị dừng khi quá hạn; tiến trình con của nó thì không): yếu hơn, ghi rõ trong
//! README.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

mod meter;
#[cfg(unix)]
mod unix;

use super::group::Block;
use meter::{block_group, Meter};

/// Giới hạn cho một tiến trình.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Thời gian thực tối đa.
    pub wall: Duration,
    /// Thời gian CPU tối đa (giây), tính cho cả tiến trình.
    pub cpu_seconds: u64,
    /// Bộ nhớ ảo tối đa (byte); 0 = không giới hạn.
    pub memory_bytes: u64,
    /// Tổng số byte giữ lại từ đầu ra chuẩn và đầu ra lỗi; quá thì dừng.
    pub output_bytes: usize,
    /// Kích thước tối đa của một tệp mà chương trình ghi (byte).
    pub file_bytes: u64,
    /// Số tiến trình/luồng mà chương trình được tạo thêm; `None` = không giới hạn.
    pub extra_tasks: Option<u64>,
    /// Chạy dưới tên `nobody` nếu trình chạy đang là `root`.
    pub unprivileged: bool,
    /// Tổng dung lượng các tmpfs của hộp. Có cgroup thì trang của chúng được
    /// đếm cùng bộ nhớ của khối; không có thì phần này được trừ trước khỏi giới
    /// hạn bộ nhớ của các tiến trình (`group::Scan`).
    pub tmpfs_bytes: u64,
}

/// Vì sao tiến trình kết thúc.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Tự kết thúc với mã thoát này.
    Exited(i32),
    /// Bị một tín hiệu dừng (số hiệu tín hiệu, ví dụ 6 = SIGABRT, 24 = SIGXCPU).
    Signaled(i32),
    /// Quá thời gian thực: cả nhóm bị dừng.
    TimedOut,
    /// Đầu ra quá dài: cả nhóm bị dừng.
    OutputLimit,
    /// Người gửi bấm ■ Dừng (hay rời đi): cả nhóm bị dừng ngay.
    Stopped,
    /// Cả khối (mọi tiến trình, mọi tệp trong bộ nhớ) dùng quá
    /// [`Limits::memory_bytes`]: cả nhóm bị dừng.
    MemoryLimit,
    /// Cả khối (mọi tiến trình và luồng) dùng quá [`Limits::cpu_seconds`] giây
    /// CPU: cả nhóm bị dừng.
    CpuLimit,
    /// Không khởi động được.
    SpawnFailed(String),
}

/// Kết quả một lần chạy.
#[derive(Debug, Clone)]
pub struct Finished {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub ending: Ending,
    pub elapsed: Duration,
}

struct Capture {
    bufs: Mutex<[Vec<u8>; 2]>,
    total: AtomicUsize,
    over: AtomicBool,
}

fn read_into(mut src: impl Read, which: usize, cap: Arc<Capture>, limit: usize) {
    let mut chunk = [0u8; 16 * 1024];
    loop {
        match src.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let before = cap.total.fetch_add(n, Ordering::SeqCst);
                let keep = limit.saturating_sub(before).min(n);
                if keep > 0 {
                    cap.bufs.lock().unwrap_or_else(|e| e.into_inner())[which]
                        .extend_from_slice(&chunk[..keep]);
                }
                if keep < n {
                    // Vẫn đọc tiếp (bỏ đi) để chương trình không bị kẹt khi ghi.
                    cap.over.store(true, Ordering::SeqCst);
                }
            }
        }
    }
}

/// Tiến trình con chạy dưới tên ai.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum User {
    /// Như [`Limits::unprivileged`] nói: đổi sang `nobody` nếu trình chạy là
    /// root, không thì như trình chạy.
    AsLimitsSay,
    /// Lệnh là `bwrap`: nó tự đổi người dùng bên trong hộp; các tiến trình
    /// trong hộp thuộc người dùng `uid` (bên ngoài), giới hạn số tiến trình tính
    /// theo người này. Mã thoát `128 + n` của bwrap nghĩa là lệnh bị tín hiệu
    /// `n` dừng.
    Sandbox(u32),
}

/// Chạy `cmd` trong giới hạn `limits`; đầu vào chuẩn rỗng.
pub fn run(cmd: Command, limits: &Limits) -> Finished {
    run_as(cmd, limits, User::AsLimitsSay)
}

/// Chạy `cmd` trong giới hạn `limits`, dưới tên `user`; đầu vào chuẩn rỗng.
pub fn run_as(cmd: Command, limits: &Limits, user: User) -> Finished {
    run_stoppable(cmd, limits, user, &AtomicBool::new(false))
}

/// Như [`run_as`], và dừng cả nhóm tiến trình ngay khi `stop` thành `true`
/// (kiểm tra ít nhất mỗi 20 ms): [`Ending::Stopped`].
pub(crate) fn run_stoppable(
    mut cmd: Command,
    limits: &Limits,
    user: User,
    stop: &AtomicBool,
) -> Finished {
    let start = Instant::now();
    if stop.load(Ordering::SeqCst) {
        return Finished {
            ending: Ending::Stopped,
            ..failed("", start)
        };
    }
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Nhóm cgroup của cả khối, nếu có (xem super::group).
    let group = block_group(limits, user);
    #[cfg(unix)]
    {
        let enter = group.as_ref().map(Block::enter_fds).unwrap_or_default();
        if let Err(e) = unix::confine(&mut cmd, limits, user, enter) {
            return failed(e, start);
        }
    }
    let mut child = match spawn_tracked(&mut cmd) {
        Ok(c) => c,
        Err(e) => return failed(e, start),
    };
    drop(cmd); // đóng các tệp chỉ tiến trình con cần (cgroup.procs, bộ lọc seccomp)
    let mut meter = Meter::new(group, child.id(), limits);
    let cap = Arc::new(Capture {
        bufs: Mutex::new([Vec::new(), Vec::new()]),
        total: AtomicUsize::new(0),
        over: AtomicBool::new(false),
    });
    let (done_tx, done_rx) = mpsc::channel();
    let mut readers = 0;
    if let Some(out) = child.stdout.take() {
        let (cap, tx) = (cap.clone(), done_tx.clone());
        let limit = limits.output_bytes;
        std::thread::spawn(move || {
            read_into(out, 0, cap, limit);
            let _ = tx.send(());
        });
        readers += 1;
    }
    if let Some(err) = child.stderr.take() {
        let (cap, tx) = (cap.clone(), done_tx.clone());
        let limit = limits.output_bytes;
        std::thread::spawn(move || {
            read_into(err, 1, cap, limit);
            let _ = tx.send(());
        });
        readers += 1;
    }

    let mut pause = Duration::from_millis(1);
    let forced = loop {
        if has_exited(&mut child) {
            break None;
        }
        if cap.over.load(Ordering::SeqCst) {
            break Some(Ending::OutputLimit);
        }
        if start.elapsed() >= limits.wall {
            break Some(Ending::TimedOut);
        }
        if stop.load(Ordering::SeqCst) {
            break Some(Ending::Stopped);
        }
        if let Some(over) = meter.over() {
            break Some(over);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    };
    // Dừng cả nhóm: kể cả khi tiến trình chính đã tự kết thúc, các tiến trình con
    // nó để lại vẫn bị dừng.
    kill_all(&mut child);
    let status = child.wait();
    untrack(child.id());
    sweep_orphans();
    // Một tiến trình của khối bị nhân dừng vì hết bộ nhớ của nhóm (kể cả khi
    // tiến trình chính vẫn tự kết thúc): cả khối đã quá giới hạn.
    let forced = forced.or_else(|| meter.hit_memory().then_some(Ending::MemoryLimit));
    drop(meter);
    // Chờ hai luồng đọc (đầu ra đóng khi mọi tiến trình giữ nó đã dừng).
    let deadline = Instant::now() + Duration::from_secs(2);
    for _ in 0..readers {
        let left = deadline.saturating_duration_since(Instant::now());
        if done_rx.recv_timeout(left).is_err() {
            break;
        }
    }
    let ending = match (forced, status) {
        (Some(f), _) => f,
        (None, Ok(s)) => match (ending_of(s), user) {
            // bwrap báo "lệnh bị tín hiệu n dừng" bằng mã thoát 128 + n.
            (Ending::Exited(c), User::Sandbox(_)) if (129..=192).contains(&c) => {
                Ending::Signaled(c - 128)
            }
            (e, _) => e,
        },
        (None, Err(e)) => Ending::SpawnFailed(e.to_string()),
    };
    let ending = if ending == Ending::Exited(0) && cap.over.load(Ordering::SeqCst) {
        Ending::OutputLimit
    } else {
        ending
    };
    let [stdout, stderr] = std::mem::take(&mut *cap.bufs.lock().unwrap_or_else(|e| e.into_inner()));
    Finished {
        stdout,
        stderr,
        ending,
        elapsed: start.elapsed(),
    }
}

fn failed(e: impl std::fmt::Display, start: Instant) -> Finished {
    Finished {
        stdout: Vec::new(),
        stderr: Vec::new(),
        ending: Ending::SpawnFailed(e.to_string()),
        elapsed: start.elapsed(),
    }
}

fn ending_of(s: std::process::ExitStatus) -> Ending {
    if let Some(code) = s.code() {
        return Ending::Exited(code);
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = s.signal() {
            return Ending::Signaled(sig);
        }
    }
    Ending::Exited(-1)
}

/// Các tiến trình con mà trình chạy đang theo dõi (biên dịch, chương trình):
/// mọi con khác của trình chạy là tiến trình mồ côi của một lần chạy trước.
static TRACKED: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn spawn_tracked(cmd: &mut Command) -> std::io::Result<Child> {
    let mut tracked = TRACKED.lock().unwrap_or_else(|e| e.into_inner());
    let child = cmd.spawn()?;
    tracked.push(child.id());
    Ok(child)
}

fn untrack(pid: u32) {
    TRACKED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|p| *p != pid);
}

#[cfg(unix)]
fn has_exited(child: &mut Child) -> bool {
    unix::exited_without_reaping(child.id())
}

#[cfg(not(unix))]
fn has_exited(child: &mut Child) -> bool {
    !matches!(child.try_wait(), Ok(None))
}

#[cfg(unix)]
fn kill_all(child: &mut Child) {
    unix::kill_group(child.id());
}

#[cfg(not(unix))]
fn kill_all(child: &mut Child) {
    let _ = child.kill();
}

/// Chuẩn bị cho việc dọn tiến trình mồ côi (Linux: trình chạy thành "subreaper").
pub fn init() {
    #[cfg(target_os = "linux")]
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Dừng và thu dọn mọi tiến trình con của trình chạy mà nó không theo dõi:
/// đó là những tiến trình đã thoát khỏi nhóm của một lần chạy rồi mồ côi.
pub(crate) fn sweep_orphans() {
    #[cfg(target_os = "linux")]
    linux::sweep();
}

/// Dừng mọi nhóm tiến trình đang chạy (khi trình chạy tắt).
pub fn terminate_all() {
    #[cfg(unix)]
    for pid in TRACKED.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        unix::kill_group(*pid);
    }
    sweep_orphans();
}

#[cfg(unix)]
pub(crate) use unix::hand_over;

/// Số tác vụ (tiến trình và luồng) của người dùng `uid` đang sống: `RLIMIT_NPROC`
/// đếm tất cả, nên giới hạn được đặt tương đối so với con số này.
#[cfg(target_os = "linux")]
fn count_tasks(uid: u32) -> Option<usize> {
    use std::os::unix::fs::MetadataExt;
    let mut n = 0;
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let name = entry.file_name();
        if !name.to_string_lossy().bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let Ok(meta) = entry.metadata() else { continue };
        if meta.uid() != uid {
            continue;
        }
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        n += status
            .lines()
            .find_map(|l| l.strip_prefix("Threads:"))
            .and_then(|t| t.trim().parse::<usize>().ok())
            .unwrap_or(1);
    }
    Some(n)
}

/// Ngoài Linux không đếm được dễ dàng: không đặt `RLIMIT_NPROC`.
#[cfg(all(unix, not(target_os = "linux")))]
fn count_tasks(_uid: u32) -> Option<usize> {
    None
}

#[cfg(target_os = "linux")]
mod linux {
    /// (pid, pid của cha) của mọi tiến trình.
    fn processes() -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return out;
        };
        for entry in dir.flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // "pid (tên) trạng thái ppid …": tên có thể chứa dấu cách, lấy sau ')'.
            if let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) {
                if let Some(ppid) = rest.split_whitespace().nth(1).and_then(|p| p.parse().ok()) {
                    out.push((pid, ppid));
                }
            }
        }
        out
    }

    pub fn sweep() {
        let me = std::process::id();
        for _ in 0..500 {
            // Giữ khóa: không tiến trình mới nào của trình chạy được tạo trong lúc quét.
            let tracked = super::TRACKED.lock().unwrap_or_else(|e| e.into_inner());
            let all = processes();
            let orphans: Vec<u32> = all
                .iter()
                .filter(|(pid, ppid)| *ppid == me && !tracked.contains(pid))
                .map(|(pid, _)| *pid)
                .collect();
            if orphans.is_empty() {
                return;
            }
            // Dừng mồ côi và mọi con cháu của chúng.
            let mut doomed = orphans.clone();
            let mut k = 0;
            while k < doomed.len() {
                let parent = doomed[k];
                doomed.extend(all.iter().filter(|(_, pp)| *pp == parent).map(|(p, _)| *p));
                k += 1;
            }
            for pid in &doomed {
                // SAFETY: chỉ gửi tín hiệu.
                unsafe {
                    libc::kill(*pid as libc::pid_t, libc::SIGKILL);
                }
            }
            drop(tracked);
            // Thu dọn các con trực tiếp (không để lại tiến trình "zombie").
            for pid in orphans {
                for _ in 0..100 {
                    let mut status = 0;
                    // SAFETY: chỉ chờ đúng tiến trình `pid` (không phải của std::process).
                    let r =
                        unsafe { libc::waitpid(pid as libc::pid_t, &mut status, libc::WNOHANG) };
                    if r != 0 {
                        break;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(2));
                }
            }
        }
    }
}

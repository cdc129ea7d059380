//! Giới hạn của **cả một khối**, không phải của từng tiến trình: bộ nhớ (mọi
//! tiến trình của khối, cộng mọi trang nó giữ trong tệp ở bộ nhớ — memfd, `/tmp`,
//! `/dev/shm`), thời gian CPU và số tiến trình, tính chung cho cả nhóm.
//!
//! `RLIMIT_AS` của [`super::sandbox`] chỉ giới hạn không gian địa chỉ của một
//! tiến trình: trang của một memfd ghi bằng `write()` không nằm trong đó, và hai
//! tiến trình con mỗi con 800 MiB vẫn "hợp lệ". Hai cách đếm chung:
//!
//! - **cgroup** (`Groups`): mỗi lần biên dịch, mỗi lần chạy vào một nhóm
//!   cgroup con riêng, đặt **bên dưới** nhóm của chính trình chạy (không bao giờ
//!   ra khỏi nhóm mà máy đặt cho nó). Bộ điều khiển `memory` đếm mọi trang của
//!   nhóm, kể cả trang tmpfs và memfd; quá giới hạn thì nhân chỉ dừng tiến trình
//!   **trong nhóm** (không đụng tới trình duyệt hay phần còn lại của máy) và trình
//!   chạy dừng cả khối. `pids` giới hạn số tiến trình và luồng của cả nhóm,
//!   `cpuacct` đếm thời gian CPU của cả nhóm. Cần quyền ghi vào nhóm cgroup của
//!   trình chạy: có khi chạy bằng `root`, hay khi nhóm được giao (delegate) cho
//!   người dùng. Hiện hỗ trợ cgroup v1 (các máy của lớp: v1 cho mọi bộ điều khiển,
//!   v2 chỉ gắn ở `/sys/fs/cgroup/unified`, không có bộ điều khiển nào).
//! - **đếm bằng `/proc`** (`Scan`), khi không có cgroup (người dùng thường trên
//!   các máy này): mỗi 50 ms, trình chạy cộng bộ nhớ riêng (`RssAnon` +
//!   `RssShmem`) và thời gian CPU của mọi tiến trình con cháu của lần chạy; quá
//!   giới hạn thì dừng cả khối. Trang trong tệp không ánh xạ vào tiến trình nào
//!   chỉ có thể nằm trong các tmpfs của hộp (dung lượng có hạn, trừ trước khỏi
//!   giới hạn), vì `memfd_create` và `shmget` bị bộ lọc seccomp từ chối
//!   (`seccomp`). Chậm hơn cgroup một nhịp: một chương trình cấp phát
//!   rất nhanh có thể vượt giới hạn trong vài chục mili giây trước khi bị dừng
//!   (mỗi tiến trình vẫn không quá `RLIMIT_AS`).

use std::io::Write;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

/// Tiền tố tên nhóm của một trình chạy (`caytrochoi-sach-<pid>`).
const PREFIX: &str = "caytrochoi-sach-";

/// Các bộ điều khiển cgroup v1 cần dùng.
const CONTROLLERS: [&str; 3] = ["memory", "pids", "cpuacct"];

/// Nhóm cgroup của trình chạy, một thư mục cho mỗi bộ điều khiển
/// (`memory`, `pids`, `cpuacct`); các khối là nhóm con của chúng.
#[derive(Debug)]
pub(crate) struct Groups {
    bases: [PathBuf; 3],
    next: AtomicU64,
    /// Nhóm của các khối đã xong, rỗng, dùng lại được: tạo và xóa một nhóm cgroup
    /// v1 tốn 15–50 ms cho mỗi bộ điều khiển, gấp nhiều lần chính việc dựng hộp.
    free: Mutex<Vec<Vec<PathBuf>>>,
}

/// Số nhóm rỗng giữ lại để dùng lại (mỗi lần chỉ vài khối chạy cùng lúc).
const POOL: usize = 16;

/// Có cgroup không (tìm một lần): `Err` nói vì sao không, bằng tiếng Việt.
pub(crate) fn groups() -> &'static Result<Groups, String> {
    static GROUPS: OnceLock<Result<Groups, String>> = OnceLock::new();
    GROUPS.get_or_init(Groups::detect)
}

/// Một câu cho trang "trạng thái" và lời khởi động: bộ nhớ của khối được đếm thế nào.
pub fn describe() -> String {
    match groups() {
        Ok(_) => "Bộ nhớ, thời gian CPU và số tiến trình được giới hạn cho cả khối (cgroup): tính chung mọi tiến trình con và mọi tệp giữ trong bộ nhớ.".into(),
        Err(why) => format!(
            "Không dùng được cgroup ({why}): bộ nhớ và thời gian CPU của cả khối được đếm qua /proc mỗi 50 ms, memfd bị cấm, tệp tạm chỉ nằm trong các tmpfs có hạn mức."
        ),
    }
}

impl Groups {
    fn detect() -> Result<Groups, String> {
        if !cfg!(target_os = "linux") {
            return Err("chỉ có trên Linux".into());
        }
        let own = std::fs::read_to_string("/proc/self/cgroup")
            .map_err(|e| format!("không đọc được /proc/self/cgroup: {e}"))?;
        let mounts = std::fs::read_to_string("/proc/self/mountinfo")
            .map_err(|e| format!("không đọc được /proc/self/mountinfo: {e}"))?;
        let mut bases: Vec<PathBuf> = Vec::new();
        for controller in CONTROLLERS {
            let dir = own_dir(&own, &mounts, controller).ok_or_else(|| {
                format!("không có bộ điều khiển cgroup v1 \"{controller}\" (cgroup v2 chưa được hỗ trợ)")
            })?;
            let base = dir.join(format!("{PREFIX}{}", std::process::id()));
            remove_stale(&dir);
            match std::fs::create_dir(&base) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => {
                    for b in &bases {
                        let _ = std::fs::remove_dir(b);
                    }
                    return Err(format!(
                        "không tạo được nhóm con trong {}: {e}",
                        dir.display()
                    ));
                }
            }
            bases.push(base);
        }
        let groups = Groups {
            bases: [bases[0].clone(), bases[1].clone(), bases[2].clone()],
            next: AtomicU64::new(0),
            free: Mutex::new(Vec::new()),
        };
        // Thử dựng một nhóm của khối (đặt giới hạn, mở cgroup.procs để ghi).
        let probe = groups.fresh_dirs().and_then(|dirs| {
            let done = set_limits(&dirs, 64 << 20, 16).map(|_| ());
            for d in dirs.iter().rev() {
                let _ = std::fs::remove_dir(d);
            }
            done
        });
        probe.map_err(|e| format!("không đặt được giới hạn cho nhóm con: {e}"))?;
        Ok(groups)
    }

    /// Các thư mục của một nhóm mới (`khoi-<n>` trong mỗi bộ điều khiển).
    fn fresh_dirs(&self) -> std::io::Result<Vec<PathBuf>> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let mut made = Vec::new();
        for b in &self.bases {
            let d = b.join(format!("khoi-{n}"));
            if let Err(e) = std::fs::create_dir(&d) {
                for m in made.iter().rev() {
                    let _ = std::fs::remove_dir(m);
                }
                return Err(e);
            }
            made.push(d);
        }
        Ok(made)
    }

    /// Một nhóm cho một lần biên dịch hay một lần chạy (dùng lại một nhóm rỗng
    /// nếu có): tối đa `memory_bytes` byte bộ nhớ và `tasks` tiến trình/luồng.
    pub fn block(&'static self, memory_bytes: u64, tasks: u64) -> std::io::Result<Block> {
        let reused = self.free.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let dirs = match reused {
            Some(d) => d,
            None => self.fresh_dirs()?,
        };
        let mut block = Block {
            dirs,
            enter: Vec::new(),
            oom_before: 0,
            pool: Some(&self.free),
            inline: false,
        };
        block.enter = set_limits(&block.dirs, memory_bytes, tasks)?;
        block.oom_before = block.oom_kills();
        Ok(block)
    }
}

/// Đặt giới hạn cho nhóm `dirs` (memory, pids, cpuacct), xóa các số đếm của lần
/// dùng trước, và mở `cgroup.procs` của mỗi nhóm để tiến trình con tự ghi mình vào.
fn set_limits(dirs: &[PathBuf], memory_bytes: u64, tasks: u64) -> std::io::Result<Vec<OwnedFd>> {
    let [memory, pids, cpu] = dirs else {
        return Err(std::io::ErrorKind::InvalidInput.into());
    };
    {
        write(&memory.join("memory.limit_in_bytes"), memory_bytes)?;
        // Có swap thì bộ nhớ cộng swap cũng không quá giới hạn.
        let swap = memory.join("memory.memsw.limit_in_bytes");
        if swap.exists() {
            write(&swap, memory_bytes)?;
        }
        write(&pids.join("pids.max"), tasks)?;
        // Số đếm của lần dùng trước (nếu nhóm được dùng lại).
        write(&memory.join("memory.max_usage_in_bytes"), 0)?;
        write(&memory.join("memory.failcnt"), 0)?;
        write(&cpu.join("cpuacct.usage"), 0)?;
    }
    let mut enter = Vec::new();
    for d in dirs {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(d.join("cgroup.procs"))?;
        enter.push(OwnedFd::from(file));
    }
    Ok(enter)
}

/// Thư mục cgroup v1 của chính tiến trình này cho bộ điều khiển `controller`.
fn own_dir(own: &str, mounts: &str, controller: &str) -> Option<PathBuf> {
    let path = own.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
        names.split(',').any(|c| c == controller).then_some(path)
    })?;
    // mountinfo: "id cha số:số gốc điểm-gắn tùy-chọn … - kiểu nguồn tùy-chọn-siêu-khối"
    mounts.lines().find_map(|l| {
        let (left, right) = l.split_once(" - ")?;
        let mut r = right.split_whitespace();
        let (kind, _, options) = (r.next()?, r.next()?, r.next()?);
        if kind != "cgroup" || !options.split(',').any(|o| o == controller) {
            return None;
        }
        let f: Vec<&str> = left.split_whitespace().collect();
        let (root, point) = (f.get(3)?, f.get(4)?);
        let inside = path.strip_prefix(root)?.trim_start_matches('/');
        Some(Path::new(point).join(inside))
    })
}

/// Xóa nhóm của các trình chạy đã chết (bị `SIGKILL`, không kịp dọn).
fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix(PREFIX) else {
            continue;
        };
        if pid.parse::<u32>().is_err() || Path::new("/proc").join(pid).exists() {
            continue;
        }
        if let Ok(kids) = std::fs::read_dir(e.path()) {
            for k in kids.flatten().filter(|k| k.path().is_dir()) {
                let _ = std::fs::remove_dir(k.path());
            }
        }
        let _ = std::fs::remove_dir(e.path());
    }
}

fn write(file: &Path, value: u64) -> std::io::Result<()> {
    std::fs::OpenOptions::new()
        .write(true)
        .open(file)?
        .write_all(value.to_string().as_bytes())
}

/// Nhóm cgroup của một khối; bỏ đi thì mọi tiến trình còn lại trong nhóm bị
/// dừng và nhóm bị xóa.
#[derive(Debug)]
pub struct Block {
    /// `memory`, `pids`, `cpuacct` (theo thứ tự của [`CONTROLLERS`]).
    dirs: Vec<PathBuf>,
    /// `cgroup.procs` của mỗi nhóm, mở sẵn để tiến trình con tự ghi mình vào.
    enter: Vec<OwnedFd>,
    /// Số lần nhân dừng tiến trình vì hết bộ nhớ trước lần chạy này (nhóm dùng lại).
    oom_before: u64,
    /// Nơi trả nhóm về khi xong (rỗng), để dùng lại.
    pool: Option<&'static Mutex<Vec<Vec<PathBuf>>>>,
    /// Dọn ngay trong luồng đang bỏ nó (không tạo luồng mới).
    inline: bool,
}

impl Block {
    /// Các tệp mà tiến trình con (sau fork, trước exec) ghi `0` vào để vào nhóm.
    pub fn enter_fds(&self) -> Vec<RawFd> {
        self.enter.iter().map(AsRawFd::as_raw_fd).collect()
    }

    fn read(&self, controller: usize, file: &str) -> String {
        self.dirs
            .get(controller)
            .and_then(|d| std::fs::read_to_string(d.join(file)).ok())
            .unwrap_or_default()
    }

    fn oom_kills(&self) -> u64 {
        self.read(0, "memory.oom_control")
            .lines()
            .find_map(|l| l.strip_prefix("oom_kill "))
            .and_then(|n| n.trim().parse::<u64>().ok())
            .unwrap_or(0)
    }

    /// Nhân đã phải dừng một tiến trình của nhóm vì hết bộ nhớ (trong lần chạy này).
    pub fn out_of_memory(&self) -> bool {
        self.oom_kills() > self.oom_before
    }

    /// Nhóm đang dùng sát giới hạn (từ 31/32 trở lên) sau khi đã có lần chạm giới
    /// hạn: nhân đang cố thu hồi trang (trang tmpfs, memfd, bộ nhớ riêng không thu
    /// hồi được khi không có swap) — chương trình gần như đứng yên, thường rất lâu
    /// trước khi nhân chịu dừng một tiến trình.
    pub fn at_limit(&self) -> bool {
        let num = |file: &str| self.read(0, file).trim().parse::<u64>().unwrap_or(0);
        if num("memory.failcnt") == 0 {
            return false;
        }
        let limit = num("memory.limit_in_bytes");
        num("memory.usage_in_bytes") >= limit - limit / 32
    }

    /// Bộ nhớ lớn nhất mà nhóm đã dùng (byte).
    pub fn peak_bytes(&self) -> u64 {
        self.read(0, "memory.max_usage_in_bytes")
            .trim()
            .parse()
            .unwrap_or(0)
    }

    /// Thời gian CPU cả nhóm đã dùng.
    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(self.read(2, "cpuacct.usage").trim().parse().unwrap_or(0))
    }

    /// Dừng mọi tiến trình của nhóm; `true` khi nhóm đã rỗng.
    fn kill_all(&self) -> bool {
        for _ in 0..100 {
            let pids: Vec<i32> = self
                .read(1, "cgroup.procs")
                .lines()
                .filter_map(|p| p.trim().parse().ok())
                .collect();
            if pids.is_empty() {
                return true;
            }
            for pid in pids {
                // SAFETY: chỉ gửi tín hiệu.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        false
    }
}

impl Drop for Block {
    /// Dọn nhóm ở một luồng riêng: câu trả lời của lần chạy không phải chờ các
    /// tiến trình của hộp rời nhóm (bwrap đã bị dừng; "init" của hộp chết theo).
    fn drop(&mut self) {
        if self.dirs.is_empty() {
            return;
        }
        if self.inline {
            self.clean_up();
            return;
        }
        let rest = Block {
            dirs: std::mem::take(&mut self.dirs),
            enter: std::mem::take(&mut self.enter),
            oom_before: 0,
            pool: self.pool.take(),
            inline: true,
        };
        // Không tạo được luồng: `rest` bị bỏ ngay tại đây và tự dọn.
        let _ = std::thread::Builder::new().spawn(move || drop(rest));
    }
}

impl Block {
    fn clean_up(&mut self) {
        let empty = self.kill_all();
        // Nhóm rỗng (cả ba bộ điều khiển) thì để dành cho lần chạy sau.
        let all_empty =
            empty && (0..self.dirs.len()).all(|c| self.read(c, "cgroup.procs").trim().is_empty());
        if let (true, Some(pool)) = (all_empty, self.pool) {
            let mut free = pool.lock().unwrap_or_else(|e| e.into_inner());
            if free.len() < POOL {
                free.push(std::mem::take(&mut self.dirs));
                return;
            }
        }
        for d in self.dirs.iter().rev() {
            // Tiến trình vừa bị dừng rời nhóm sau một chút.
            for _ in 0..250 {
                if std::fs::remove_dir(d).is_ok() || !d.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// Xóa nhóm của trình chạy (khi nó dừng).
pub fn remove_all() {
    if let Ok(g) = groups() {
        let free = std::mem::take(&mut *g.free.lock().unwrap_or_else(|e| e.into_inner()));
        for dirs in free {
            for d in dirs.iter().rev() {
                let _ = std::fs::remove_dir(d);
            }
        }
        for b in &g.bases {
            let _ = std::fs::remove_dir(b);
        }
    }
}

/// Đếm bằng `/proc` khi không có cgroup: mọi tiến trình con cháu của `root`.
#[derive(Debug)]
pub(crate) struct Scan {
    root: u32,
}

/// Bộ nhớ và CPU của một nhóm tiến trình, đọc từ `/proc`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Usage {
    /// Tổng `RssAnon` + `RssShmem` (byte).
    pub memory_bytes: u64,
    /// Tổng thời gian CPU, kể cả của các con đã kết thúc và được chờ.
    pub cpu: Duration,
}

impl Scan {
    pub fn new(root: u32) -> Scan {
        Scan { root }
    }

    /// Cộng bộ nhớ và CPU của `root` và mọi con cháu của nó.
    pub fn usage(&self) -> Usage {
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return Usage::default();
        };
        // (pid, cha, ticks CPU)
        let mut all: Vec<(u32, u32, u64)> = Vec::new();
        for entry in dir.flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else {
                continue;
            };
            // "pid (tên) trạng-thái cha … utime stime cutime cstime …" (tên có thể có dấu cách)
            let Some((_, rest)) = stat.rsplit_once(')') else {
                continue;
            };
            // Sau tên: trường 3 (trạng thái) ở vị trí 0, nên trường n ở n − 3:
            // cha (4), utime (14), stime (15), cutime (16), cstime (17).
            let f: Vec<&str> = rest.split_whitespace().collect();
            let num = |field: usize| {
                f.get(field - 3)
                    .and_then(|x| x.parse::<u64>().ok())
                    .unwrap_or(0)
            };
            let ppid = num(4) as u32;
            let ticks = num(14) + num(15) + num(16) + num(17);
            all.push((pid, ppid, ticks));
        }
        let mut family = vec![self.root];
        let mut k = 0;
        while k < family.len() {
            let parent = family[k];
            for p in all.iter().filter(|p| p.1 == parent && p.0 != parent) {
                if !family.contains(&p.0) {
                    family.push(p.0);
                }
            }
            k += 1;
        }
        let mut usage = Usage::default();
        // SAFETY: sysconf không có điều kiện gì.
        let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
        for (pid, _, ticks) in all.iter().filter(|p| family.contains(&p.0)) {
            usage.cpu += Duration::from_millis(ticks * 1000 / hz);
            let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
            for line in status.lines() {
                let kib = |name: &str| {
                    line.strip_prefix(name)
                        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                };
                if let Some(k) = kib("RssAnon:").or_else(|| kib("RssShmem:")) {
                    usage.memory_bytes += k << 10;
                }
            }
        }
        usage
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CGROUP: &str =
        "9:name=systemd:/\n8:pids:/\n4:memory:/process_api/abc\n2:cpuacct:/\n0::/\n";
    const MOUNTS: &str = "\
30 25 0:26 / /sys/fs/cgroup/pids rw,relatime shared:9 - cgroup cgroup rw,pids
31 25 0:27 / /sys/fs/cgroup/memory rw,relatime shared:10 - cgroup cgroup rw,memory
32 25 0:28 / /sys/fs/cgroup/cpuacct rw,relatime shared:11 - cgroup cgroup rw,cpuacct
33 25 0:29 / /sys/fs/cgroup/unified rw,relatime shared:12 - cgroup2 cgroup2 rw
";

    #[test]
    fn own_group_of_each_controller() {
        assert_eq!(
            own_dir(CGROUP, MOUNTS, "memory"),
            Some(PathBuf::from("/sys/fs/cgroup/memory/process_api/abc"))
        );
        assert_eq!(
            own_dir(CGROUP, MOUNTS, "pids"),
            Some(PathBuf::from("/sys/fs/cgroup/pids/"))
        );
        assert_eq!(own_dir(CGROUP, MOUNTS, "cpu"), None);
    }

    #[test]
    fn mount_of_a_subtree() {
        // Gốc của chỗ gắn là một nhóm con (như trong một container).
        let mounts = "40 25 0:27 /lop /cg/memory rw - cgroup cgroup rw,memory\n";
        let own = "4:memory:/lop/may-1\n";
        assert_eq!(
            own_dir(own, mounts, "memory"),
            Some(PathBuf::from("/cg/memory/may-1"))
        );
    }

    #[test]
    fn scan_counts_a_child_and_its_child() {
        // sh → sleep: cả hai là con cháu của tiến trình này.
        let mut child = std::process::Command::new("/bin/sh")
            .args(["-c", "sleep 5 & wait"])
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(200));
        let alone = Scan::new(child.id()).usage();
        let me = Scan::new(std::process::id()).usage();
        let _ = child.kill();
        let _ = child.wait();
        assert!(alone.memory_bytes > 0);
        assert!(me.memory_bytes > alone.memory_bytes, "{me:?} {alone:?}");
    }
}

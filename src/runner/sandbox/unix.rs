//! Phần của Unix: đặt giới hạn `setrlimit`, phiên riêng và người dùng cho tiến
//! trình con trước `exec`, đổi chủ thư mục, dừng cả nhóm tiến trình.

use super::{Limits, User};
use std::os::unix::process::CommandExt;
use std::process::Command;

/// Người dùng `nobody` (uid, gid).
fn nobody() -> (libc::uid_t, libc::gid_t) {
    let name = c"nobody";
    // SAFETY: getpwnam đọc cơ sở dữ liệu người dùng; chỉ gọi trong tiến trình
    // chính (trước fork), kết quả được chép ngay.
    unsafe {
        let pw = libc::getpwnam(name.as_ptr());
        if pw.is_null() {
            (65534, 65534)
        } else {
            ((*pw).pw_uid, (*pw).pw_gid)
        }
    }
}

/// Người dùng mà tiến trình con sẽ chạy dưới tên, và có cần đổi sang không.
pub fn identity(limits: &Limits) -> (libc::uid_t, Option<(libc::uid_t, libc::gid_t)>) {
    // SAFETY: geteuid không có điều kiện gì.
    let me = unsafe { libc::geteuid() };
    if limits.unprivileged && me == 0 {
        let (u, g) = nobody();
        (u, Some((u, g)))
    } else {
        (me, None)
    }
}

/// `enter`: tệp `cgroup.procs` của nhóm của khối, mở sẵn; tiến trình con ghi
/// `0` (chính nó) vào trước mọi việc khác.
pub fn confine(
    cmd: &mut Command,
    limits: &Limits,
    user: User,
    enter: Vec<libc::c_int>,
) -> Result<(), String> {
    let (uid, switch) = match user {
        User::AsLimitsSay => identity(limits),
        User::Sandbox(uid) => (uid, None),
    };
    // bwrap tự chạy hai tiến trình (bên ngoài và "init" của hộp) dưới tên này
    // khi trình chạy không phải root.
    // SAFETY: geteuid không có điều kiện gì.
    let own = if uid == unsafe { libc::geteuid() } {
        2
    } else {
        0
    };
    let nproc: Option<u64> = limits
        .extra_tasks
        .and_then(|extra| super::count_tasks(uid).map(|n| n as u64 + extra + own));
    let parent = std::process::id() as libc::pid_t;
    let mem = limits.memory_bytes;
    let cpu = limits.cpu_seconds;
    let fsize = limits.file_bytes;
    // SAFETY: đoạn này chạy trong tiến trình con sau fork, trước exec: chỉ gọi
    // các hàm hệ thống an toàn với tín hiệu (setsid, setrlimit, setgid…),
    // không cấp phát bộ nhớ.
    unsafe {
        cmd.pre_exec(move || {
            for fd in &enter {
                if libc::write(*fd, b"0".as_ptr().cast(), 1) != 1 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if libc::setsid() == -1 {
                return Err(std::io::Error::last_os_error());
            }
            let lim = |cur: u64, max: u64| libc::rlimit {
                rlim_cur: cur as libc::rlim_t,
                rlim_max: max as libc::rlim_t,
            };
            let check = |r: libc::c_int| {
                if r == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            };
            if mem > 0 {
                check(libc::setrlimit(libc::RLIMIT_AS, &lim(mem, mem)))?;
            }
            check(libc::setrlimit(libc::RLIMIT_CPU, &lim(cpu, cpu + 1)))?;
            check(libc::setrlimit(libc::RLIMIT_FSIZE, &lim(fsize, fsize)))?;
            check(libc::setrlimit(libc::RLIMIT_CORE, &lim(0, 0)))?;
            check(libc::setrlimit(libc::RLIMIT_NOFILE, &lim(256, 256)))?;
            if let Some(n) = nproc {
                check(libc::setrlimit(libc::RLIMIT_NPROC, &lim(n, n)))?;
            }
            if let Some((u, g)) = switch {
                check(libc::setgroups(0, std::ptr::null()))?;
                check(libc::setgid(g))?;
                check(libc::setuid(u))?;
            }
            // Trình chạy chết thì tiến trình con chết theo (đặt sau setuid,
            // vì đổi người dùng xóa thiết lập này); nếu trình chạy đã chết
            // ngay trước lệnh prctl thì dừng luôn.
            #[cfg(target_os = "linux")]
            {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                if libc::getppid() != parent {
                    return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
                }
            }
            #[cfg(not(target_os = "linux"))]
            let _ = parent;
            Ok(())
        });
    }
    Ok(())
}

/// Đổi chủ thư mục cho người dùng sẽ chạy chương trình (khi đổi sang `nobody`).
pub fn hand_over(dir: &std::path::Path, limits: &Limits) -> std::io::Result<()> {
    if let (_, Some((u, g))) = identity(limits) {
        std::os::unix::fs::chown(dir, Some(u), Some(g))?;
    }
    Ok(())
}

/// Tiến trình `pid` đã kết thúc chưa (không thu dọn, để nhóm của nó vẫn còn
/// số hiệu khi ta dừng cả nhóm).
pub fn exited_without_reaping(pid: u32) -> bool {
    // SAFETY: waitid ghi vào `info` do ta cấp; WNOWAIT giữ nguyên tiến trình.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid as libc::id_t,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        r == -1 || info.si_pid() != 0
    }
}

/// Dừng cả nhóm tiến trình do `pid` đứng đầu.
pub fn kill_group(pid: u32) {
    // SAFETY: chỉ gửi tín hiệu.
    unsafe {
        libc::killpg(pid as libc::pid_t, libc::SIGKILL);
    }
}

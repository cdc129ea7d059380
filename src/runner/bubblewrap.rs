//! Hộp cát bubblewrap (`bwrap`, gói Debian `bubblewrap`, thứ Flatpak dùng): mỗi
//! lần biên dịch và mỗi lần chạy một khối nằm trong một "hộp" dựng bằng các
//! namespace của Linux.
//!
//! Bên trong hộp chỉ có:
//! - `/usr` (và các liên kết `/bin`, `/lib`…), `/etc/alternatives`,
//!   `/etc/ld.so.cache`: chỉ đọc — đủ cho `rustc`, trình liên kết và `libc`;
//! - những gì lần chạy cần, do [`Jail`] thêm vào: bộ công cụ Rust và thư viện
//!   `caytrochoi` đã dựng (chỉ đọc), một thư mục làm việc riêng;
//! - `/tmp`, `/dev/shm` và thư mục làm việc là `tmpfs` riêng có hạn mức dung
//!   lượng: mọi thứ ghi vào đó biến mất cùng hộp;
//! - `/proc` của riêng hộp (namespace PID riêng: không thấy, không gửi tín hiệu
//!   được cho tiến trình nào ngoài hộp), không có mạng (namespace mạng riêng,
//!   cả `127.0.0.1` cũng không tới được máy chủ), không biến môi trường nào của
//!   trình chạy (`--clearenv`), phiên riêng (`--new-session`), và hộp chết theo
//!   trình chạy (`--die-with-parent`).
//!
//! Người dùng bên trong hộp: nếu trình chạy là `root`, bwrap dựng hộp với quyền
//! root rồi `setpriv` đổi hẳn sang một người dùng không quyền gì (bỏ mọi
//! capability, `no_new_privs`) trước khi chạy lệnh — cho trình biên dịch cũng
//! như cho chương trình. Người dùng ấy là một số uid **ngẫu nhiên, riêng cho mỗi
//! hộp** (như `nobody`, nhưng không dùng chung): giới hạn số tiến trình của một
//! lần chạy không bị lần chạy khác ăn mất, và không lần chạy nào gửi được tín
//! hiệu cho lần khác kể cả khi biết số hiệu tiến trình. Nếu trình chạy là người
//! thường, bwrap dùng một user namespace không đặc quyền (bên trong hiện là
//! `nobody`) và cấm tạo thêm user namespace.
//!
//! Ở cả hai chế độ, bwrap cài bộ lọc seccomp của `seccomp` (`--seccomp
//! FD`) ngay trước lệnh: chế độ root không còn tạo được user namespace (nơi một
//! người không quyền gì lại có mọi capability), không mount, không chạm tới các
//! phần nhân hay bị khai thác.

use super::seccomp::Filter;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Các lần chạy được cô lập thế nào.
#[derive(Debug, Clone)]
pub enum Isolation {
    /// Mỗi lần biên dịch, mỗi lần chạy trong một hộp cát bubblewrap riêng.
    Bubblewrap(Bubblewrap),
    /// Không dựng được hộp cát: chỉ có các giới hạn tài nguyên (thời gian, bộ
    /// nhớ, số tiến trình, đầu ra). `reason` nói vì sao, bằng tiếng Việt.
    LimitsOnly { reason: String },
}

impl Isolation {
    /// Tìm `bwrap` và thử dựng một hộp cát nhỏ; không được thì nói vì sao.
    pub fn detect() -> Isolation {
        match Bubblewrap::find().and_then(|mut b| b.probe().map(|()| b)) {
            Ok(b) => Isolation::Bubblewrap(b),
            Err(reason) => Isolation::LimitsOnly { reason },
        }
    }

    /// Có hộp cát không.
    pub fn is_sandboxed(&self) -> bool {
        matches!(self, Isolation::Bubblewrap(_))
    }

    /// Một câu tiếng Việt cho người dùng (in khi khởi động, hiện trong trang).
    pub fn describe(&self) -> String {
        match self {
            Isolation::Bubblewrap(b) if b.setpriv.is_some() => "Mỗi khối được biên dịch và chạy trong hộp cát bubblewrap riêng, dưới một người dùng không quyền gì: không mạng, không thấy tệp hay tiến trình của máy.".into(),
            Isolation::Bubblewrap(_) => "Mỗi khối được biên dịch và chạy trong hộp cát bubblewrap riêng: không mạng, không thấy tệp hay tiến trình của máy.".into(),
            Isolation::LimitsOnly { reason } => format!(
                "KHÔNG có hộp cát ({reason}): mã của khối chạy với quyền của trình chạy, thấy được tệp và mạng của máy; chỉ có giới hạn thời gian, bộ nhớ, số tiến trình và đầu ra."
            ),
        }
    }
}

/// Người dùng (thật, bên ngoài) của các tiến trình trong một hộp.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunUser {
    pub uid: u32,
    pub gid: u32,
    /// bwrap phải đổi sang người này (trình chạy là root).
    switch: bool,
}

impl RunUser {
    /// Chủ của thư mục mà hộp ghi vào, nếu phải đổi chủ.
    pub fn owner(&self) -> Option<(u32, u32)> {
        self.switch.then_some((self.uid, self.gid))
    }
}

/// Số uid ngẫu nhiên của các hộp khi trình chạy là root: từ `FIRST_UID`, trong
/// `UID_SPAN` số — xa các tài khoản thật và các dải `subuid` thường gặp.
const FIRST_UID: u32 = 0x6000_0000;
const UID_SPAN: u32 = 1 << 24;

/// Cách gọi `bwrap` trên máy này.
#[derive(Debug, Clone)]
pub struct Bubblewrap {
    bwrap: PathBuf,
    /// Trình chạy là root: `setpriv` đổi người dùng bên trong hộp.
    setpriv: Option<PathBuf>,
    /// bwrap hiểu `--disable-userns` (bản 0.8 trở đi).
    disable_userns: bool,
    /// Các đối số dựng phần hệ thống chung của mọi hộp.
    system: Vec<OsString>,
}

/// Người dùng bên trong hộp khi trình chạy là người thường: user namespace ánh
/// xạ người ấy thành `nobody` (65534).
pub(crate) const INSIDE_UID: u32 = 65534;

impl Bubblewrap {
    /// Tìm `bwrap` (và `setpriv` nếu là root); chưa thử chạy.
    #[cfg(target_os = "linux")]
    pub fn find() -> Result<Bubblewrap, String> {
        let bwrap = which("bwrap").ok_or(
            "chưa cài bubblewrap — cài bằng lệnh sudo apt-get install bubblewrap, hoặc chạy make với quyền root",
        )?;
        // SAFETY: geteuid không có điều kiện gì.
        let root = unsafe { libc::geteuid() } == 0;
        let setpriv = if root {
            Some(
                which("setpriv")
                    .filter(|p| p.starts_with("/usr") || p.starts_with("/bin"))
                    .ok_or("thiếu setpriv (gói util-linux) để đổi người dùng bên trong hộp cát")?,
            )
        } else {
            None
        };
        Ok(Bubblewrap {
            bwrap,
            setpriv,
            disable_userns: !root,
            system: system_args(),
        })
    }

    #[cfg(not(target_os = "linux"))]
    pub fn find() -> Result<Bubblewrap, String> {
        Err(format!(
            "hộp cát bubblewrap chỉ có trên Linux, máy này là {}",
            std::env::consts::OS
        ))
    }

    /// Thử dựng một hộp và chạy `sh -c 'exit 0'` trong đó (nhân không cho tạo
    /// namespace, bwrap quá cũ… thì báo lỗi của bwrap).
    pub fn probe(&mut self) -> Result<(), String> {
        let first = self.try_true();
        if first.is_err() && self.disable_userns {
            // bwrap cũ (trước 0.8) không có --disable-userns.
            self.disable_userns = false;
            if self.try_true().is_ok() {
                return Ok(());
            }
            self.disable_userns = true;
        }
        first
    }

    fn try_true(&self) -> Result<(), String> {
        let mut cmd = self.command(self.new_user(), self.jail(), "/bin/sh", ["-c", "exit 0"]);
        cmd.stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null());
        let out = cmd
            .output()
            .map_err(|e| format!("không chạy được bwrap ({e})"))?;
        if out.status.success() {
            return Ok(());
        }
        let said = String::from_utf8_lossy(&out.stderr);
        let said = said.lines().next().unwrap_or("").trim();
        Err(format!(
            "bwrap không dựng được hộp cát trên máy này: {}",
            if said.is_empty() {
                "không rõ lỗi"
            } else {
                said
            }
        ))
    }

    /// Người dùng cho một hộp mới: trình chạy là root thì một số uid ngẫu nhiên
    /// riêng (xem đầu trang), không thì chính người chạy trình chạy.
    pub fn new_user(&self) -> RunUser {
        #[cfg(unix)]
        // SAFETY: geteuid, getegid không có điều kiện gì.
        let (me, my_group) = unsafe { (libc::geteuid(), libc::getegid()) };
        #[cfg(not(unix))]
        let (me, my_group) = (0, 0);
        if self.setpriv.is_none() {
            return RunUser {
                uid: me,
                gid: my_group,
                switch: false,
            };
        }
        let mut bytes = [0u8; 4];
        let _ = getrandom::fill(&mut bytes);
        let id = FIRST_UID + u32::from_le_bytes(bytes) % UID_SPAN;
        RunUser {
            uid: id,
            gid: id,
            switch: true,
        }
    }

    /// Một hộp mới chỉ có phần hệ thống chung.
    pub fn jail(&self) -> Jail {
        let mut args: Vec<OsString> = Vec::new();
        let mut push = |xs: &[&str]| args.extend(xs.iter().map(OsString::from));
        push(&[
            "--unshare-ipc",
            "--unshare-pid",
            "--unshare-net",
            "--unshare-uts",
            "--unshare-cgroup-try",
            "--hostname",
            "hop-cat",
            "--die-with-parent",
            "--new-session",
            "--clearenv",
        ]);
        if self.setpriv.is_none() {
            let id = INSIDE_UID.to_string();
            push(&["--unshare-user", "--uid", &id, "--gid", &id]);
            if self.disable_userns {
                push(&["--disable-userns"]);
            }
        }
        args.extend(self.system.iter().cloned());
        let jail = Jail {
            args,
            seccomp: Filter {
                memfd: false,
                unix_pairs: false,
            },
        };
        let scratch = crate::limits::RUNNER_SCRATCH_MIB << 20;
        jail.tmpfs("/tmp", scratch)
            .tmpfs("/dev/shm", scratch)
            .env("PATH", "/usr/bin:/bin")
            .env("LANG", "C.UTF-8")
            .env("TMPDIR", "/tmp")
    }

    /// Lệnh chạy `program` (đường dẫn bên trong hộp) trong hộp `jail`, bằng
    /// người dùng `user` ([`Bubblewrap::new_user`]). Chính `bwrap` cũng không
    /// nhận biến môi trường nào của trình chạy.
    pub fn command<I, S>(&self, user: RunUser, jail: Jail, program: &str, args: I) -> Command
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let mut cmd = Command::new(&self.bwrap);
        cmd.env_clear().args(&jail.args);
        hand_filter(&mut cmd, jail.seccomp);
        cmd.arg("--");
        if let (Some(setpriv), true) = (&self.setpriv, user.switch) {
            cmd.arg(setpriv)
                .arg(format!("--reuid={}", user.uid))
                .arg(format!("--regid={}", user.gid))
                .args([
                    "--clear-groups",
                    "--inh-caps=-all",
                    "--bounding-set=-all",
                    "--no-new-privs",
                    "--",
                ]);
        }
        cmd.arg(program).args(args);
        cmd
    }
}

/// Những gì một hộp có, thêm dần vào trước khi chạy ([`Bubblewrap::command`]).
#[derive(Debug, Clone)]
pub struct Jail {
    args: Vec<OsString>,
    /// Bộ lọc seccomp của lệnh trong hộp (`seccomp`).
    seccomp: Filter,
}

impl Jail {
    fn push(mut self, flag: &str, host: &Path, inside: &str) -> Jail {
        self.args.push(flag.into());
        self.args.push(host.as_os_str().to_owned());
        self.args.push(inside.into());
        self
    }

    /// Thấy `host` ở `inside`, chỉ đọc.
    pub fn ro_bind(self, host: &Path, inside: &str) -> Jail {
        self.push("--ro-bind", host, inside)
    }

    /// Thấy `host` ở `inside`, ghi được.
    pub fn bind(self, host: &Path, inside: &str) -> Jail {
        self.push("--bind", host, inside)
    }

    /// Một `tmpfs` mới ở `inside`, tối đa `bytes` byte, ai trong hộp cũng ghi được.
    pub fn tmpfs(mut self, inside: &str, bytes: u64) -> Jail {
        for a in [
            "--perms",
            "1777",
            "--size",
            &bytes.to_string(),
            "--tmpfs",
            inside,
        ] {
            self.args.push(a.into());
        }
        self
    }

    /// Một thư mục rỗng ở `inside` mà ai trong hộp cũng đọc được (để gắn tệp vào).
    pub fn dir(mut self, inside: &str) -> Jail {
        for a in ["--perms", "0755", "--dir", inside] {
            self.args.push(a.into());
        }
        self
    }

    /// Thư mục làm việc của lệnh (bên trong hộp).
    pub fn chdir(mut self, inside: &str) -> Jail {
        self.args.push("--chdir".into());
        self.args.push(inside.into());
        self
    }

    /// Cho phép `memfd_create`: chỉ khi bộ nhớ của cả khối được đếm bằng cgroup
    /// (trang của memfd được tính vào đó).
    pub fn allow_memfd(mut self) -> Jail {
        self.seccomp.memfd = true;
        self
    }

    /// Cho phép `socketpair(AF_UNIX)`: chỉ cho hộp của trình biên dịch (`rustc`
    /// chạy trình liên kết qua một cặp socket), không cho chương trình của khối.
    pub fn allow_unix_pairs(mut self) -> Jail {
        self.seccomp.unix_pairs = true;
        self
    }

    /// Một biến môi trường của lệnh.
    pub fn env(mut self, key: &str, value: &str) -> Jail {
        for a in ["--setenv", key, value] {
            self.args.push(a.into());
        }
        self
    }
}

/// Đưa bộ lọc seccomp cho bwrap (`--seccomp FD`): chương trình BPF nằm sẵn trong
/// một ống dẫn (pipe) mà chỉ tiến trình con này thừa kế; bwrap đọc nó và cài
/// ngay trước khi chạy lệnh, nên mọi tiến trình trong hộp đều mang bộ lọc.
/// Không có bộ lọc cho kiến trúc này (bộ lọc chỉ viết cho Linux x86_64) thì hộp
/// không có seccomp.
#[cfg(target_os = "linux")]
fn hand_filter(cmd: &mut Command, filter: Filter) {
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::process::CommandExt;
    let Some(program) = filter.program() else {
        return;
    };
    let mut ends = [0; 2];
    // SAFETY: pipe2 ghi hai số hiệu tệp vào mảng do ta cấp.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    // SAFETY: hai số hiệu vừa được mở, chỉ ta giữ.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
    // Vài trăm byte: vừa trong bộ đệm của ống, ghi không phải chờ.
    let mut write = std::fs::File::from(write);
    if std::io::Write::write_all(&mut write, &program).is_err() {
        return;
    }
    drop(write);
    let fd = read.as_raw_fd();
    cmd.arg("--seccomp").arg(fd.to_string());
    // SAFETY: sau fork, trước exec: chỉ fcntl trên một số hiệu tệp có sẵn. Ống
    // `read` sống cùng `cmd` (đóng khi lệnh được bỏ đi).
    unsafe {
        cmd.pre_exec(move || {
            if libc::fcntl(read.as_raw_fd(), libc::F_SETFD, 0) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn hand_filter(_cmd: &mut Command, _filter: Filter) {}

/// `/usr` chỉ đọc, các liên kết `/bin`, `/lib`… như trên máy, `/proc` và `/dev`
/// của riêng hộp.
fn system_args() -> Vec<OsString> {
    let mut args: Vec<OsString> = ["--ro-bind", "/usr", "/usr"]
        .iter()
        .map(OsString::from)
        .collect();
    for top in ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"] {
        let Ok(meta) = std::fs::symlink_metadata(top) else {
            continue;
        };
        if meta.file_type().is_symlink() {
            if let Ok(target) = std::fs::read_link(top) {
                args.extend(["--symlink".into(), target.into_os_string(), top.into()]);
            }
        } else if meta.is_dir() {
            args.extend(["--ro-bind", top, top].iter().map(OsString::from));
        }
    }
    // `cc` là liên kết qua /etc/alternatives; bộ đệm của trình nạp thư viện.
    // (Thư mục cha do bwrap tự tạo có quyền 0700: tạo trước với 0755.)
    args.extend(
        ["--perms", "0755", "--dir", "/etc"]
            .iter()
            .map(OsString::from),
    );
    for etc in ["/etc/alternatives", "/etc/ld.so.cache"] {
        args.extend(["--ro-bind-try", etc, etc].iter().map(OsString::from));
    }
    args.extend(
        ["--proc", "/proc", "--dev", "/dev"]
            .iter()
            .map(OsString::from),
    );
    args
}

/// Tìm một chương trình trong `PATH` (và các thư mục hệ thống thường gặp).
fn which(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map(PathBuf::from))
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

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
//! root rồi `setpriv` đổi hẳn sang `nobody` (bỏ mọi capability, `no_new_privs`)
//! trước khi chạy lệnh — cho trình biên dịch cũng như cho chương trình. Nếu
//! trình chạy là người thường, bwrap dùng một user namespace không đặc quyền
//! (bên trong cũng hiện là `nobody`) và cấm tạo thêm user namespace.

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
            Isolation::Bubblewrap(b) if b.nobody.is_some() => "Mỗi khối được biên dịch và chạy trong hộp cát bubblewrap riêng, dưới tên nobody: không mạng, không thấy tệp hay tiến trình của máy.".into(),
            Isolation::Bubblewrap(_) => "Mỗi khối được biên dịch và chạy trong hộp cát bubblewrap riêng: không mạng, không thấy tệp hay tiến trình của máy.".into(),
            Isolation::LimitsOnly { reason } => format!(
                "KHÔNG có hộp cát ({reason}): mã của khối chạy với quyền của trình chạy, thấy được tệp và mạng của máy; chỉ có giới hạn thời gian, bộ nhớ, số tiến trình và đầu ra."
            ),
        }
    }
}

/// Đổi sang `nobody` bên trong hộp (khi trình chạy là root).
#[derive(Debug, Clone)]
struct Nobody {
    setpriv: PathBuf,
    uid: u32,
    gid: u32,
}

/// Cách gọi `bwrap` trên máy này.
#[derive(Debug, Clone)]
pub struct Bubblewrap {
    bwrap: PathBuf,
    nobody: Option<Nobody>,
    /// bwrap hiểu `--disable-userns` (bản 0.8 trở đi).
    disable_userns: bool,
    /// Các đối số dựng phần hệ thống chung của mọi hộp.
    system: Vec<OsString>,
}

/// Người dùng bên trong hộp: `nobody` (65534) như bên ngoài khi trình chạy là
/// root; với người thường, user namespace cũng ánh xạ thành số này.
pub const INSIDE_UID: u32 = 65534;

impl Bubblewrap {
    /// Tìm `bwrap` (và `setpriv` nếu là root); chưa thử chạy.
    #[cfg(target_os = "linux")]
    pub fn find() -> Result<Bubblewrap, String> {
        let bwrap = which("bwrap").ok_or(
            "chưa cài bubblewrap — cài bằng `sudo apt-get install bubblewrap` (hoặc chạy `make` với quyền root)",
        )?;
        // SAFETY: geteuid không có điều kiện gì.
        let root = unsafe { libc::geteuid() } == 0;
        let nobody = if root {
            let setpriv = which("setpriv")
                .filter(|p| p.starts_with("/usr") || p.starts_with("/bin"))
                .ok_or("thiếu setpriv (gói util-linux) để đổi sang nobody bên trong hộp cát")?;
            let (uid, gid) = super::sandbox::nobody_ids();
            Some(Nobody { setpriv, uid, gid })
        } else {
            None
        };
        Ok(Bubblewrap {
            bwrap,
            nobody,
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
        let mut cmd = self.command(self.jail(), "/bin/sh", ["-c", "exit 0"]);
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

    /// Chủ của thư mục mà hộp được ghi vào (khi trình chạy là root: `nobody`).
    pub fn writer(&self) -> Option<(u32, u32)> {
        self.nobody.as_ref().map(|n| (n.uid, n.gid))
    }

    /// Người dùng thật (bên ngoài) của các tiến trình trong hộp: giới hạn số
    /// tiến trình được tính theo người này.
    pub fn outside_uid(&self) -> u32 {
        match &self.nobody {
            Some(n) => n.uid,
            // SAFETY: geteuid không có điều kiện gì.
            #[cfg(unix)]
            None => unsafe { libc::geteuid() },
            #[cfg(not(unix))]
            None => 0,
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
        if self.nobody.is_none() {
            let id = INSIDE_UID.to_string();
            push(&["--unshare-user", "--uid", &id, "--gid", &id]);
            if self.disable_userns {
                push(&["--disable-userns"]);
            }
        }
        args.extend(self.system.iter().cloned());
        let jail = Jail { args };
        let scratch = crate::limits::RUNNER_SCRATCH_MIB << 20;
        jail.tmpfs("/tmp", scratch)
            .tmpfs("/dev/shm", scratch)
            .env("PATH", "/usr/bin:/bin")
            .env("LANG", "C.UTF-8")
            .env("TMPDIR", "/tmp")
    }

    /// Lệnh chạy `program` (đường dẫn bên trong hộp) trong hộp `jail`. Chính
    /// `bwrap` cũng không nhận biến môi trường nào của trình chạy.
    pub fn command<I, S>(&self, jail: Jail, program: &str, args: I) -> Command
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let mut cmd = Command::new(&self.bwrap);
        cmd.env_clear().args(&jail.args).arg("--");
        if let Some(n) = &self.nobody {
            cmd.arg(&n.setpriv)
                .arg(format!("--reuid={}", n.uid))
                .arg(format!("--regid={}", n.gid))
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

    /// Một biến môi trường của lệnh.
    pub fn env(mut self, key: &str, value: &str) -> Jail {
        for a in ["--setenv", key, value] {
            self.args.push(a.into());
        }
        self
    }
}

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

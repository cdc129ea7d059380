//! Thư mục tạm của trình chạy, và việc dọn nó.
//!
//! Mọi thứ trình chạy ghi ra đĩa nằm trong **một** thư mục của riêng người chạy
//! nó: `$TMPDIR/caytrochoi-sach-<uid>/` (quyền 0711: không ai khác liệt kê được). Mỗi trình chạy đang sống
//! có trong đó một thư mục con `<pid>-<ngẫu nhiên>/` và giữ khóa (`flock`) trên
//! tệp `<tên thư mục>.khoa` cho tới khi chết — kể cả chết vì `SIGKILL`, khi nhân
//! tự nhả khóa. Khi khởi động, trình chạy xóa mọi thư mục con không còn ai giữ
//! khóa: không gì của một lần chạy cũ còn lại trên máy.
//!
//! Mỗi lần biên dịch có một thư mục con mang tên ngẫu nhiên, quyền 0700, xóa
//! ngay khi xong ([`WorkDir::run_dir`]).
//!
//! Chỉ khi không có hộp cát mà trình chạy là root (chương trình của khối chạy
//! bằng `nobody` ngay trên máy), các thư mục này có quyền 0711: `nobody` đi qua
//! được để chạy chương trình, nhưng không liệt kê được gì.

use std::fs::File;
use std::path::{Path, PathBuf};

/// Thư mục của một trình chạy đang sống.
#[derive(Debug)]
pub struct WorkDir {
    path: PathBuf,
    /// Quyền của các thư mục (0700, hoặc 0711).
    mode: u32,
    /// Giữ khóa suốt đời trình chạy.
    _lock: File,
}

/// Tiền tố tên thư mục chung (trong thư mục tạm của hệ thống).
pub const PREFIX: &str = "caytrochoi-sach-";

/// Phần ngẫu nhiên của tên: 8 byte, viết bằng chữ số thập lục phân.
pub fn random_name() -> std::io::Result<String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Thư mục chung của mọi trình chạy của người dùng này.
pub fn base() -> PathBuf {
    #[cfg(unix)]
    // SAFETY: geteuid không có điều kiện gì.
    let uid = unsafe { libc::geteuid() };
    #[cfg(not(unix))]
    let uid = 0;
    std::env::temp_dir().join(format!("{PREFIX}{uid}"))
}

impl WorkDir {
    /// Dọn những gì trình chạy cũ để lại, rồi tạo thư mục của trình chạy này.
    /// `passable`: người khác đi qua được (0711, xem đầu trang).
    pub fn create(passable: bool) -> std::io::Result<WorkDir> {
        let mode = if passable { 0o711 } else { 0o700 };
        let base = base();
        // Thư mục chung luôn 0711: các trình chạy cùng người dùng (có hay không
        // có hộp cát) dùng chung nó; tên bên trong là ngẫu nhiên, không liệt kê được.
        make_private_dir(&base, 0o711)?;
        sweep(&base);
        let name = format!("{}-{}", std::process::id(), random_name()?);
        let lock = File::create(base.join(format!("{name}.khoa")))?;
        lock_now(&lock)?;
        let path = base.join(name);
        make_private_dir(&path, mode)?;
        Ok(WorkDir {
            path,
            mode,
            _lock: lock,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Một thư mục mới cho một lần biên dịch: tên ngẫu nhiên, quyền 0700, của
    /// `owner` nếu có (người dùng bên trong hộp cát).
    pub fn run_dir(&self, owner: Option<(u32, u32)>) -> std::io::Result<PathBuf> {
        let dir = self.path.join(random_name()?);
        make_private_dir(&dir, self.mode)?;
        #[cfg(unix)]
        if let Some((u, g)) = owner {
            std::os::unix::fs::chown(&dir, Some(u), Some(g))?;
        }
        #[cfg(not(unix))]
        let _ = owner;
        Ok(dir)
    }

    /// Xóa thư mục (khi trình chạy dừng).
    pub fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.path);
        if let Some(name) = self.path.file_name() {
            let mut lock = name.to_os_string();
            lock.push(".khoa");
            let _ = std::fs::remove_file(self.path.with_file_name(lock));
        }
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        self.remove();
    }
}

/// Tạo thư mục với quyền `mode` (hoặc nhận thư mục đã có nếu nó đúng là của ta,
/// không phải liên kết tượng trưng — thư mục tạm của hệ thống là chỗ chung).
fn make_private_dir(path: &Path, mode: u32) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, mode);
    match builder.create(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    #[cfg(not(unix))]
    let _ = mode;
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let meta = std::fs::symlink_metadata(path)?;
        // SAFETY: geteuid không có điều kiện gì.
        let me = unsafe { libc::geteuid() };
        if !meta.is_dir() || meta.uid() != me {
            return Err(std::io::Error::other(format!(
                "{} không phải thư mục của người dùng đang chạy trình chạy",
                path.display()
            )));
        }
        if meta.mode() & 0o777 != mode {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn lock_now(file: &File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock trên một tệp đang mở.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[cfg(not(unix))]
fn lock_now(_file: &File) -> std::io::Result<()> {
    Ok(())
}

/// Xóa thư mục của các trình chạy đã chết: khóa của nó lấy được, hoặc không có
/// tệp khóa (tệp khóa luôn được tạo trước thư mục).
fn sweep(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(dir) = name.strip_suffix(".khoa") {
            let Ok(lock) = File::open(&path) else {
                continue;
            };
            if cfg!(unix) && lock_now(&lock).is_ok() {
                let _ = std::fs::remove_dir_all(base.join(dir));
                let _ = std::fs::remove_file(&path);
            }
        } else if !base.join(format!("{name}.khoa")).exists() {
            let _ = std::fs::remove_dir_all(&path);
        }
    }
}

//! Trình biên dịch và bản dựng sẵn của crate mà mã của khối được liên kết vào.

use std::path::{Path, PathBuf};
use std::process::Command;

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

//! Phần dùng chung của các kiểm thử chạy chương trình `caytrochoi` thật.

use std::io::Write;
use std::process::{Command, Stdio};

/// Chạy `caytrochoi` với các đối số `args`, đưa `stdin` vào đầu vào chuẩn.
/// Trả về (mã thoát, đầu ra chuẩn, đầu ra lỗi); mã −1 nếu bị tín hiệu dừng.
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_caytrochoi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chạy được chương trình");
    child
        .stdin
        .take()
        .expect("có đầu vào chuẩn")
        .write_all(stdin.as_bytes())
        .expect("ghi được đầu vào chuẩn");
    let out = child.wait_with_output().expect("chương trình kết thúc");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("đầu ra chuẩn là UTF-8"),
        String::from_utf8(out.stderr).expect("đầu ra lỗi là UTF-8"),
    )
}

/// Một thư mục tạm của kiểm thử, xóa khi ra khỏi phạm vi — kể cả khi kiểm thử
/// thất bại giữa chừng (không để lại gì trong /tmp).
#[allow(dead_code)] // không phải kiểm thử nào dùng `mod common` cũng cần nó
pub struct TempDir(pub std::path::PathBuf);

#[allow(dead_code)]
impl TempDir {
    /// `…/caytrochoi-{name}-{pid}` trong thư mục tạm của hệ thống, mới và trống.
    pub fn new(name: &str) -> TempDir {
        let d = std::env::temp_dir().join(format!("caytrochoi-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        TempDir(d)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

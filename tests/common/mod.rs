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

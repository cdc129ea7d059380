//! Kết quả của một lần chạy: trạng thái, phần in ra, lỗi biên dịch hay panic
//! giải thích bằng tiếng Việt — dựng từ những gì chương trình để lại.

use super::{Engine, SOURCE_FILE};
use crate::runner::block::Prepared;
use crate::runner::output::{
    panic_report, split_display, without_panic, CompileReport, PanicReport, Part,
};
use crate::runner::sandbox::{self, Ending};
use serde::Serialize;

/// Trạng thái của một lần chạy (để trang sách hiện cho người đọc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Chạy xong bình thường.
    Ok,
    /// Lỗi biên dịch: chưa chạy.
    CompileError,
    /// Dừng vì panic (kể cả `assert!` sai, `unwrap()` gặp lỗi).
    Panic,
    /// Tự thoát với mã khác 0.
    ErrorExit,
    /// Quá thời gian.
    Timeout,
    /// Quá bộ nhớ.
    MemoryLimit,
    /// Đầu ra quá dài.
    OutputLimit,
    /// Bị một tín hiệu dừng vì lý do khác.
    Killed,
    /// Người gửi bấm ■ Dừng: trình chạy đã dừng và dọn lần chạy.
    Stopped,
    /// Trình chạy gặp trục trặc (không phải lỗi của khối mã).
    Internal,
}

/// Kết quả của một lần bấm "Chạy".
#[derive(Debug, Clone, Serialize)]
pub struct RunResult {
    pub status: Status,
    /// Một câu tiếng Việt nói điều gì đã xảy ra (trừ khi chạy bình thường).
    pub headline: Option<String>,
    /// Đầu ra chuẩn: văn bản và hình.
    pub parts: Vec<Part>,
    /// Đầu ra lỗi chuẩn của chương trình (đã bỏ phần panic đã giải thích).
    pub stderr: String,
    pub compile: Option<CompileReport>,
    pub panic: Option<PanicReport>,
    pub exit_code: Option<i32>,
    /// Đầu ra bị cắt vì quá dài.
    pub truncated: bool,
    /// Chương trình đã biên dịch sẵn từ một lần chạy trước với đúng mã này
    /// *của chính máy này* ([`Engine::run_from`]). Chương trình do máy khác biên
    /// dịch cũng được dùng lại, nhưng ở đây là `false` và `compile_ms` là thời
    /// gian nó đã được biên dịch: ở lớp học, một sinh viên không biết được bạn
    /// khác đã chạy đúng mã này.
    pub cached: bool,
    pub compile_ms: u64,
    pub run_ms: u64,
}

impl RunResult {
    pub(super) fn internal(message: String) -> RunResult {
        RunResult {
            status: Status::Internal,
            headline: Some(format!(
                "Trình chạy gặp trục trặc, không phải lỗi của đoạn mã: {message}"
            )),
            parts: Vec::new(),
            stderr: String::new(),
            compile: None,
            panic: None,
            exit_code: None,
            truncated: false,
            cached: false,
            compile_ms: 0,
            run_ms: 0,
        }
    }

    /// Lần chạy bị dừng vì người gửi bấm ■ Dừng, trước khi chương trình chạy:
    /// `compiled` — nó đã tới lượt (đang biên dịch) hay còn chờ trong hàng.
    pub(in crate::runner) fn stopped(compiled: bool) -> RunResult {
        let when = if compiled {
            "trong lúc biên dịch; chương trình chưa chạy."
        } else {
            "khi khối mã còn chờ tới lượt; nó chưa được biên dịch hay chạy."
        };
        RunResult {
            status: Status::Stopped,
            headline: Some(format!("Đã dừng theo yêu cầu của bạn (nút ■ Dừng) {when}")),
            ..RunResult::internal(String::new())
        }
    }

    /// Văn bản in ra (không kể hình).
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .filter_map(|p| match p {
                Part::Text { text } => Some(text.as_str()),
                Part::Display { .. } => None,
            })
            .collect()
    }
}

/// Giai đoạn của một lần chạy, báo cho trang sách.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Compiling,
    Running,
}

impl Engine {
    pub(super) fn interpret(&self, prepared: &Prepared, done: sandbox::Finished) -> RunResult {
        let stdout = String::from_utf8_lossy(&done.stdout).into_owned();
        let mut stderr = String::from_utf8_lossy(&done.stderr).into_owned();
        let limits = &self.settings.program;
        let panic = panic_report(&stderr, prepared, SOURCE_FILE);
        let out_of_memory =
            stderr.contains("memory allocation of") || stderr.contains("capacity overflow");
        let stack = stderr.contains("has overflowed its stack");
        let mib = limits.memory_bytes >> 20;
        let (status, headline, exit_code) = match &done.ending {
            Ending::Exited(0) => (Status::Ok, None, Some(0)),
            Ending::TimedOut => (
                Status::Timeout,
                Some(format!(
                    "Chương trình chạy quá {} giây nên bị dừng (có thể là một vòng lặp không dừng). {}",
                    limits.wall.as_secs(),
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::Stopped => {
                return RunResult {
                    headline: Some(format!(
                        "Đã dừng theo yêu cầu của bạn (nút ■ Dừng). {}",
                        printed_so_far(&stdout)
                    )),
                    parts: split_display(&stdout),
                    stderr,
                    run_ms: done.elapsed.as_millis() as u64,
                    ..RunResult::stopped(true)
                };
            }
            Ending::OutputLimit => (
                Status::OutputLimit,
                Some(if stdout.is_empty() {
                    format!(
                        "Chương trình ghi vào đầu ra lỗi (stderr) quá {} KiB nên bị dừng; chỉ giữ phần đầu, ở bên dưới.",
                        limits.output_bytes >> 10
                    )
                } else {
                    format!(
                        "Chương trình in ra quá {} KiB nên bị dừng; chỉ giữ phần đầu, ở bên dưới.",
                        limits.output_bytes >> 10
                    )
                }),
                None,
            ),
            Ending::Exited(101) if panic.is_some() => (
                Status::Panic,
                panic.as_ref().map(|p| p.explanation.clone()),
                Some(101),
            ),
            Ending::Signaled(24) => (
                Status::Timeout,
                Some(format!(
                    "Chương trình dùng quá {} giây CPU nên bị dừng. {}",
                    limits.cpu_seconds,
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::MemoryLimit => (
                Status::MemoryLimit,
                Some(format!(
                    "Khối mã dùng quá {mib} MiB bộ nhớ nên cả khối bị dừng. Giới hạn tính chung mọi tiến trình của khối (kể cả các tiến trình con nó tạo ra) và mọi dữ liệu nó giữ trong bộ nhớ (tệp trong /tmp, /dev/shm, memfd). {}",
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::CpuLimit => (
                Status::Timeout,
                Some(format!(
                    "Khối mã dùng quá {} giây CPU, tính chung mọi tiến trình và luồng của nó, nên cả khối bị dừng. {}",
                    limits.cpu_seconds,
                    printed_so_far(&stdout)
                )),
                None,
            ),
            Ending::Signaled(_) if out_of_memory => (
                Status::MemoryLimit,
                Some(format!(
                    "Chương trình xin quá nhiều bộ nhớ (giới hạn {mib} MiB) nên bị dừng."
                )),
                None,
            ),
            Ending::Signaled(_) if stack => (
                Status::Panic,
                Some("Chương trình dừng vì tràn ngăn xếp: đệ quy quá sâu, có thể là đệ quy không có điểm dừng.".into()),
                None,
            ),
            Ending::Signaled(sig) => (
                Status::Killed,
                Some(format!("Chương trình bị hệ điều hành dừng (tín hiệu {sig}).")),
                None,
            ),
            Ending::Exited(code) => (
                Status::ErrorExit,
                Some(format!("Chương trình kết thúc với mã lỗi {code}.")),
                Some(*code),
            ),
            Ending::SpawnFailed(e) => {
                return RunResult::internal(format!("không chạy được chương trình ({e})"))
            }
        };
        if panic.is_some() {
            // Phần panic đã được giải thích riêng.
            stderr = without_panic(&stderr);
        }
        RunResult {
            status,
            headline,
            parts: split_display(&stdout),
            stderr,
            compile: None,
            panic,
            exit_code,
            truncated: done.ending == Ending::OutputLimit,
            cached: false,
            compile_ms: 0,
            run_ms: done.elapsed.as_millis() as u64,
        }
    }
}

/// Câu nói phần đầu ra còn lại của một chương trình bị dừng giữa chừng: có in
/// gì không, và nếu có thì nó ở đâu.
fn printed_so_far(stdout: &str) -> &'static str {
    if stdout.is_empty() {
        "Nó chưa in ra gì trước khi bị dừng."
    } else {
        "Phần đã in ra ở bên dưới."
    }
}

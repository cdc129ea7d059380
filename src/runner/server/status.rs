//! `GET /api/status` (trình chạy nào, hàng đợi, giới hạn, hộp cát: trang sách hỏi
//! trước khi hiện nút Chạy) và `GET /api/giao-vien` (số liệu của lớp cho trang
//! giáo viên).

use super::{Shared, RUNNER_NAME};
use serde::Serialize;

#[derive(Serialize)]
struct QueueView {
    waiting: usize,
    running: usize,
    workers: usize,
}

#[derive(Serialize)]
struct LimitsView {
    wall_seconds: u64,
    cpu_seconds: u64,
    memory_mib: u64,
    output_kib: usize,
}

/// Hộp cát của trình chạy, cho trang sách báo khi không có.
#[derive(Serialize)]
struct SandboxView {
    /// Mỗi khối biên dịch và chạy trong hộp cát bubblewrap riêng.
    isolated: bool,
    /// Một câu tiếng Việt nói điều đó (và vì sao không, nếu không).
    note: String,
    /// Bộ nhớ, CPU và số tiến trình được giới hạn cho cả khối bằng cgroup.
    whole_block: bool,
    /// Một câu tiếng Việt nói giới hạn của cả khối được đếm thế nào.
    block_limits: String,
}

#[derive(Serialize)]
pub(super) struct StatusView {
    runner: &'static str,
    version: &'static str,
    class_mode: bool,
    queue: QueueView,
    limits: LimitsView,
    sandbox: SandboxView,
}

fn queue_view(shared: &Shared) -> QueueView {
    let (waiting, running) = shared.queue.lengths();
    QueueView {
        waiting,
        running,
        workers: shared.queue.workers(),
    }
}

pub(super) fn status(shared: &Shared) -> StatusView {
    let p = &shared.engine.settings().program;
    StatusView {
        runner: RUNNER_NAME,
        version: env!("CARGO_PKG_VERSION"),
        class_mode: shared.config.class.is_some(),
        queue: queue_view(shared),
        limits: LimitsView {
            wall_seconds: p.wall.as_secs(),
            cpu_seconds: p.cpu_seconds,
            memory_mib: p.memory_bytes >> 20,
            output_kib: p.output_bytes >> 10,
        },
        sandbox: SandboxView {
            isolated: shared.engine.isolation().is_sandboxed(),
            note: shared.engine.isolation().describe(),
            whole_block: crate::runner::group::groups().is_ok(),
            block_limits: crate::runner::group::describe(),
        },
    }
}

#[derive(Serialize)]
pub(super) struct TeacherView {
    class_mode: bool,
    queue: QueueView,
    #[serde(flatten)]
    stats: crate::runner::class::Snapshot,
}

pub(super) fn teacher_view(shared: &Shared) -> TeacherView {
    TeacherView {
        class_mode: shared.config.class.is_some(),
        queue: queue_view(shared),
        stats: shared.stats.snapshot(),
    }
}

//! Đồng hồ đo của một lần chạy: bộ nhớ và CPU của cả khối, bằng nhóm cgroup
//! của khối ([`crate::runner::group`]) hay, khi không có, bằng cách cộng mọi
//! tiến trình của khối qua `/proc`.

use super::{Ending, Limits, User};
use crate::runner::group::{Block, Scan};
use std::time::{Duration, Instant};

/// Nhóm cgroup cho một lần chạy (bộ nhớ, số tiến trình của cả khối), nếu máy cho
/// phép; `None` thì [`Meter`] đếm bằng `/proc`.
pub(super) fn block_group(limits: &Limits, user: User) -> Option<Block> {
    let groups = crate::runner::group::groups().as_ref().ok()?;
    // Số tác vụ của cả khối: như RLIMIT_NPROC, thêm vài tác vụ của chính bwrap.
    let tasks = match (limits.extra_tasks, user) {
        (Some(extra), User::Sandbox(_)) => extra + 8,
        (Some(extra), User::AsLimitsSay) => extra + 1,
        (None, _) => 1024,
    };
    let memory = if limits.memory_bytes == 0 {
        u64::MAX >> 1
    } else {
        limits.memory_bytes
    };
    groups.block(memory, tasks).ok()
}

/// Đồng hồ đo của một lần chạy: bộ nhớ và CPU của cả khối.
pub(super) enum Meter {
    Group {
        block: Block,
        cpu: Duration,
        /// Từ lúc nào nhóm dùng sát giới hạn bộ nhớ (không ngắt quãng).
        pressed: Option<Instant>,
    },
    Scan {
        scan: Scan,
        memory: u64,
        cpu: Duration,
        last: Instant,
        over_memory: bool,
    },
}

impl Meter {
    pub(super) fn new(group: Option<Block>, root: u32, limits: &Limits) -> Meter {
        let cpu = Duration::from_secs(limits.cpu_seconds);
        match group {
            Some(block) => Meter::Group {
                block,
                cpu,
                pressed: None,
            },
            None => Meter::Scan {
                scan: Scan::new(root),
                memory: if limits.memory_bytes == 0 {
                    u64::MAX
                } else {
                    limits.memory_bytes.saturating_sub(limits.tmpfs_bytes)
                },
                cpu,
                last: Instant::now(),
                over_memory: false,
            },
        }
    }

    /// Cả khối đã quá một giới hạn chưa.
    pub(super) fn over(&mut self) -> Option<Ending> {
        match self {
            Meter::Group {
                block,
                cpu,
                pressed,
            } => {
                // Sát giới hạn suốt 100 ms: khối đã dùng hết phần của nó (nhân
                // còn đang cố thu hồi trang thay vì dừng một tiến trình).
                *pressed = match (block.at_limit(), *pressed) {
                    (true, None) => Some(Instant::now()),
                    (true, since) => since,
                    (false, _) => None,
                };
                let stuck = pressed.is_some_and(|t| t.elapsed() >= Duration::from_millis(100));
                if block.out_of_memory() || stuck {
                    Some(Ending::MemoryLimit)
                } else if block.cpu() > *cpu {
                    Some(Ending::CpuLimit)
                } else {
                    None
                }
            }
            Meter::Scan {
                scan,
                memory,
                cpu,
                last,
                over_memory,
            } => {
                if last.elapsed() < Duration::from_millis(50) {
                    return None;
                }
                *last = Instant::now();
                let used = scan.usage();
                if used.memory_bytes > *memory {
                    *over_memory = true;
                    Some(Ending::MemoryLimit)
                } else if used.cpu > *cpu {
                    Some(Ending::CpuLimit)
                } else {
                    None
                }
            }
        }
    }

    /// Nhân đã dừng một tiến trình của khối vì hết bộ nhớ của nhóm.
    pub(super) fn hit_memory(&self) -> bool {
        match self {
            Meter::Group { block, pressed, .. } => block.out_of_memory() || pressed.is_some(),
            Meter::Scan { over_memory, .. } => *over_memory,
        }
    }
}

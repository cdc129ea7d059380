//! Hàng đợi: mỗi lõi CPU một "thợ" biên dịch và chạy; các yêu cầu khác xếp hàng
//! và được báo vị trí của mình mỗi khi hàng dịch lên.

use super::engine::{Engine, RunResult, Stage};
use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Điều báo về cho người gửi một khối mã.
#[derive(Debug, Clone)]
pub enum Event {
    /// Đang chờ; vị trí trong hàng (1 = người kế tiếp).
    Queued(usize),
    /// Đã tới lượt: đang biên dịch hoặc đang chạy.
    Stage(Stage),
    /// Xong; kèm thời gian chờ trong hàng (ms).
    Done(Box<RunResult>, u64),
}

/// Việc làm sau mỗi lần chạy (ghi thống kê cho trang giáo viên).
pub type OnFinished = Arc<dyn Fn(&Job, &RunResult) + Send + Sync>;

/// Một yêu cầu chạy.
pub struct Job {
    pub code: String,
    pub client: IpAddr,
    pub events: Sender<Event>,
    pub queued_at: Instant,
    /// Vé của lần chạy: để dừng nó và biết khi nào nó đã trả chỗ.
    pub ticket: Arc<Ticket>,
}

/// Vé của một lần chạy: người gửi bấm ■ Dừng thì [`Ticket::stop`]; thợ (hay
/// hàng đợi, nếu lần chạy chưa tới lượt) gọi [`Ticket::finish`] khi đã dọn
/// xong và trả chỗ.
#[derive(Default)]
pub struct Ticket {
    stop: AtomicBool,
    finished: Mutex<bool>,
    done: Condvar,
}

impl Ticket {
    pub fn new() -> Arc<Ticket> {
        Arc::new(Ticket::default())
    }

    /// Xin dừng lần chạy (dù nó đang chờ, đang biên dịch hay đang chạy).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Cờ mà hộp cát xem để dừng cả nhóm tiến trình.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// Lần chạy đã xong hẳn: tiến trình và thư mục đã dọn, chỗ của thợ đã trả.
    pub fn finish(&self) {
        *self.finished.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.done.notify_all();
    }

    /// Chờ tới khi lần chạy xong hẳn (tối đa `limit`); `true` nếu đã xong.
    pub fn wait_finished(&self, limit: Duration) -> bool {
        let guard = self.finished.lock().unwrap_or_else(|e| e.into_inner());
        let (guard, _) = self
            .done
            .wait_timeout_while(guard, limit, |finished| !*finished)
            .unwrap_or_else(|e| e.into_inner());
        *guard
    }
}

#[derive(Default)]
struct State {
    waiting: VecDeque<Job>,
    running: usize,
    stopped: bool,
}

/// Hàng đợi dùng chung giữa các luồng.
pub struct Queue {
    state: Mutex<State>,
    wake: Condvar,
    capacity: usize,
    workers: usize,
}

/// Hàng đợi đã đầy.
#[derive(Debug)]
pub struct Full;

impl Queue {
    /// Hàng đợi có tối đa `capacity` yêu cầu chờ, với `workers` thợ.
    pub fn new(capacity: usize, workers: usize) -> Arc<Queue> {
        Arc::new(Queue {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
            capacity,
            workers,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Số yêu cầu đang chờ và đang chạy.
    pub fn lengths(&self) -> (usize, usize) {
        let s = self.lock();
        (s.waiting.len(), s.running)
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Xếp một yêu cầu vào cuối hàng.
    pub fn submit(&self, job: Job) -> Result<(), Full> {
        let mut s = self.lock();
        if s.waiting.len() >= self.capacity || s.stopped {
            return Err(Full);
        }
        // Vị trí tính cả những người đang được phục vụ mà chưa có thợ rảnh.
        let position = s.waiting.len() + 1;
        let busy = s.running >= self.workers;
        if busy || !s.waiting.is_empty() {
            let _ = job.events.send(Event::Queued(position));
        }
        s.waiting.push_back(job);
        drop(s);
        self.wake.notify_one();
        Ok(())
    }

    /// Bỏ khỏi hàng lần chạy có vé `ticket` nếu nó còn đang chờ (nó được trả
    /// chỗ ngay, những người sau được báo vị trí mới); `true` nếu đã bỏ.
    pub fn withdraw(&self, ticket: &Arc<Ticket>) -> bool {
        let mut s = self.lock();
        let Some(i) = s
            .waiting
            .iter()
            .position(|j| Arc::ptr_eq(&j.ticket, ticket))
        else {
            return false;
        };
        let job = s.waiting.remove(i);
        for (k, j) in s.waiting.iter().enumerate() {
            let _ = j.events.send(Event::Queued(k + 1));
        }
        drop(s);
        if let Some(job) = job {
            let waited = job.queued_at.elapsed().as_millis() as u64;
            let _ = job
                .events
                .send(Event::Done(Box::new(RunResult::stopped(false)), waited));
            job.ticket.finish();
        }
        true
    }

    /// Dừng các thợ (sau khi làm xong việc đang dở).
    pub fn stop(&self) {
        self.lock().stopped = true;
        self.wake.notify_all();
    }

    /// Khởi động các thợ; `finished` được gọi sau mỗi lần chạy (để ghi thống kê).
    pub fn start_workers(self: &Arc<Self>, engine: Arc<Engine>, finished: OnFinished) {
        for _ in 0..self.workers {
            let (queue, engine, finished) = (self.clone(), engine.clone(), finished.clone());
            std::thread::spawn(move || queue.work(&engine, &*finished));
        }
    }

    fn next(&self) -> Option<Job> {
        let mut s = self.lock();
        loop {
            if s.stopped {
                return None;
            }
            if let Some(job) = s.waiting.pop_front() {
                s.running += 1;
                // Báo cho những người còn chờ vị trí mới; bỏ ai đã rời đi.
                let mut k = 0;
                s.waiting.retain(|j| {
                    k += 1;
                    j.events.send(Event::Queued(k)).is_ok() || {
                        k -= 1;
                        false
                    }
                });
                return Some(job);
            }
            s = self.wake.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn work(&self, engine: &Engine, finished: &(dyn Fn(&Job, &RunResult) + Send + Sync)) {
        while let Some(job) = self.next() {
            let waited = job.queued_at.elapsed().as_millis() as u64;
            // Người gửi đã bấm ■ Dừng hay đã rời đi trong lúc chờ: không chạy nữa.
            if job.ticket.stopped() {
                let stopped = RunResult::stopped(false);
                let _ = job.events.send(Event::Done(Box::new(stopped), waited));
            } else if job.events.send(Event::Stage(Stage::Compiling)).is_ok() {
                let events = job.events.clone();
                let mut first = true;
                let result = engine.run_from(
                    &job.code,
                    job.client,
                    job.ticket.stop_flag(),
                    &mut |stage| {
                        if !(first && stage == Stage::Compiling) {
                            let _ = events.send(Event::Stage(stage));
                        }
                        first = false;
                    },
                );
                finished(&job, &result);
                let _ = job.events.send(Event::Done(Box::new(result), waited));
            }
            self.lock().running -= 1;
            job.ticket.finish();
        }
    }
}

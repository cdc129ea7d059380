//! Đo tốc độ của trình chạy mã trong trang (không phải kiểm thử: chỉ in số đo).
//!
//! - Khởi động: từ lúc chạy `caytrochoi-sach` tới khi nó in địa chỉ (gồm tìm bản
//!   dựng của crate và biên dịch thử), rồi lần bấm Chạy đầu tiên.
//! - Mỗi khối Rust của sách, chạy như trang sách gửi (qua HTTP), mỗi khối vài lần,
//!   luôn biên dịch lại (`--no-cache`): trung vị của từng khối, rồi p50/p95 trên
//!   mọi khối.
//!
//! - Hộp cát: chi phí dựng một hộp bubblewrap cho một lần chạy — `/bin/true`
//!   chạy thẳng và chạy trong đúng hộp mà chương trình của một khối nhận (cùng
//!   giới hạn), mỗi cách nhiều lần, so trung vị. Mục tiêu: dưới 50 ms.
//!
//! `cargo bench --features runner --bench runner` (hoặc `make bench`);
//! `… --bench runner -- hop-cat` chỉ đo hộp cát.

use caytrochoi::runner::block::{book_blocks, unhide};
use caytrochoi::runner::bubblewrap::Isolation;
use caytrochoi::runner::engine::Settings;
use caytrochoi::runner::sandbox::{self, Ending, User};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const REPEAT: usize = 3;

fn post(port: u16, code: &str) -> (Value, Duration) {
    let host = format!("127.0.0.1:{port}");
    let body = serde_json::json!({ "code": code }).to_string();
    let start = Instant::now();
    let mut s = TcpStream::connect(&host).expect("kết nối được");
    write!(
        s,
        "POST /api/run HTTP/1.0\r\nHost: {host}\r\nOrigin: http://{host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let took = start.elapsed();
    let last = raw.lines().rfind(|l| l.starts_with('{')).unwrap_or("null");
    let v: Value = serde_json::from_str(last).unwrap_or(Value::Null);
    (v["result"].clone(), took)
}

/// Dừng trình chạy cho nó tự dọn thư mục tạm (SIGTERM); nơi khác thì dừng hẳn.
fn stop(child: &mut std::process::Child) {
    #[cfg(unix)]
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    #[cfg(not(unix))]
    let _ = child.kill();
    let _ = child.wait();
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Chi phí dựng hộp cát cho một lần chạy (ms): trung vị và p95 của thời gian
/// chạy `/bin/true` trong hộp, trừ trung vị khi chạy thẳng.
fn sandbox_startup() {
    const TIMES: usize = 60;
    let b = match Isolation::detect() {
        Isolation::Bubblewrap(b) => b,
        Isolation::LimitsOnly { reason } => {
            println!("Hộp cát: không đo được ({reason})");
            return;
        }
    };
    let limits = Settings::default().program;
    let truth = std::path::Path::new("/bin/true");
    let measure = |sandboxed: bool| {
        let mut ms = Vec::new();
        for _ in 0..TIMES {
            let done = if sandboxed {
                let jail = b
                    .jail()
                    .ro_bind(truth, "/khoi")
                    .tmpfs("/chay", 1 << 20)
                    .chdir("/chay")
                    .env("HOME", "/chay");
                let user = b.new_user();
                let cmd = b.command(user, jail, "/khoi", std::iter::empty::<&str>());
                sandbox::run_as(cmd, &limits, User::Sandbox(user.uid))
            } else {
                sandbox::run(std::process::Command::new(truth), &limits)
            };
            assert_eq!(done.ending, Ending::Exited(0), "{done:?}");
            ms.push(done.elapsed.as_secs_f64() * 1000.0);
        }
        ms.sort_by(f64::total_cmp);
        ms
    };
    // Chạy xen kẽ vài vòng để hai cách chịu cùng độ bận của máy.
    let (mut plain, mut boxed) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        plain.extend(measure(false));
        boxed.extend(measure(true));
    }
    plain.sort_by(f64::total_cmp);
    boxed.sort_by(f64::total_cmp);
    let base = percentile(&plain, 50.0);
    println!(
        "Hộp cát bubblewrap ({}), {} lần mỗi cách: chạy thẳng p50 {:.1} ms; trong hộp p50 {:.1} ms, p95 {:.1} ms",
        if b.new_user().owner().is_some() {
            "root → người dùng ngẫu nhiên"
        } else {
            "user namespace"
        },
        plain.len(),
        base,
        percentile(&boxed, 50.0),
        percentile(&boxed, 95.0)
    );
    println!(
        "  chi phí dựng hộp cho một lần chạy: p50 {:.1} ms, p95 {:.1} ms (mục tiêu < 50 ms)",
        percentile(&boxed, 50.0) - base,
        percentile(&boxed, 95.0) - base
    );
}

fn main() {
    sandbox_startup();
    if std::env::args().any(|a| a == "hop-cat") {
        return;
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut blocks = Vec::new();
    let mut chapters: Vec<_> = std::fs::read_dir(root.join("book/src"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    for ch in &chapters {
        let name = ch.file_stem().unwrap().to_string_lossy().into_owned();
        for b in book_blocks(&std::fs::read_to_string(ch).unwrap()) {
            if b.runs() {
                // Trang sách gửi mã đã bỏ tiền tố `# ` (mdBook ẩn các dòng đó).
                blocks.push((format!("{name}:{}", b.line), unhide(&b.code)));
            }
        }
    }

    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_caytrochoi-sach"))
        .args(["--port", "0", "--no-cache", "--time-limit", "60"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chạy được caytrochoi-sach");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find(|l| l.contains("http://"))
        .expect("trình chạy in địa chỉ");
    let ready = started.elapsed();
    std::thread::spawn(move || lines.for_each(drop));
    let port: u16 = url
        .rsplit(':')
        .next()
        .and_then(|p| p.trim_end_matches('/').parse().ok())
        .expect("cổng");
    let (first, first_took) = post(port, &blocks[0].1);
    assert_eq!(first["status"], "ok", "{first}");
    println!(
        "Khởi động trình chạy (tìm bản dựng của crate, biên dịch thử): {:.2} s",
        ready.as_secs_f64()
    );
    println!(
        "Lần bấm Chạy đầu tiên ({}): {:.2} s (biên dịch {} ms, chạy {} ms)",
        blocks[0].0,
        first_took.as_secs_f64(),
        first["compile_ms"],
        first["run_ms"]
    );

    let mut medians = Vec::new();
    let mut compile = Vec::new();
    let mut run = Vec::new();
    for (name, code) in &blocks {
        let mut times = Vec::new();
        for _ in 0..REPEAT {
            let (r, took) = post(port, code);
            assert_eq!(r["status"], "ok", "{name}: {r}");
            times.push(took.as_secs_f64());
            compile.push(r["compile_ms"].as_f64().unwrap_or(0.0) / 1000.0);
            run.push(r["run_ms"].as_f64().unwrap_or(0.0) / 1000.0);
        }
        times.sort_by(f64::total_cmp);
        medians.push((times[REPEAT / 2], name.clone()));
    }
    stop(&mut child);

    medians.sort_by(|a, b| a.0.total_cmp(&b.0));
    let values: Vec<f64> = medians.iter().map(|m| m.0).collect();
    compile.sort_by(f64::total_cmp);
    run.sort_by(f64::total_cmp);
    println!(
        "Chạy lại (ấm), {} khối của sách × {REPEAT} lần, luôn biên dịch lại, {} lõi:",
        blocks.len(),
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!(
        "  trung vị từng khối: p50 {:.3} s, p95 {:.3} s, lớn nhất {:.3} s ({})",
        percentile(&values, 50.0),
        percentile(&values, 95.0),
        medians.last().unwrap().0,
        medians.last().unwrap().1
    );
    println!(
        "  trong đó biên dịch p50 {:.3} s / p95 {:.3} s, chạy p50 {:.3} s / p95 {:.3} s",
        percentile(&compile, 50.0),
        percentile(&compile, 95.0),
        percentile(&run, 50.0),
        percentile(&run, 95.0)
    );
    println!("  ba khối chậm nhất:");
    for (t, name) in medians.iter().rev().take(3) {
        println!("    {name}: {t:.3} s");
    }
}

//! Tự viết: bộ kiểm tra bắt panic của hàm sinh viên mà không làm mất lời panic
//! của cả tiến trình. Nhiều luồng cùng kiểm tra những hàm dừng vì panic (như
//! các kiểm thử song song, hay một nhân notebook), rồi một panic khác xảy ra:
//! lời của nó vẫn phải in ra, qua đúng hàm báo panic mà chương trình đã đặt.
//!
//! Hàm báo panic là một cho cả tiến trình, nên kiểm thử chạy chính nó lần nữa
//! trong một tiến trình con (biến môi trường `CHILD`) và đọc stderr của con.

use caytrochoi::grundy::GraphGame;
use caytrochoi::practice::own::{check_grundy, check_mex};
use std::process::Command;
use std::thread;

const CHILD: &str = "CAYTROCHOI_OWN_HOOK_CHILD";
const NAME: &str = "panic_message_still_prints_after_checks_on_many_threads";
const THREADS: usize = 8;
const ROUNDS: usize = 300;

#[test]
fn panic_message_still_prints_after_checks_on_many_threads() {
    if std::env::var_os(CHILD).is_some() {
        return child();
    }
    let exe = std::env::current_exe().expect("đường dẫn của chương trình kiểm thử");
    let out = Command::new(exe)
        .args(["--exact", NAME, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("chạy tiến trình con");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "tiến trình con lỗi:\n{stderr}");
    // Panic sau các lần kiểm tra vẫn in ra, qua hàm báo của chương trình.
    assert_eq!(
        stderr
            .matches("hàm báo của chương trình: panic sau các lần kiểm tra")
            .count(),
        1,
        "{stderr}"
    );
    // Panic của hàm sinh viên không in ra (bộ kiểm tra báo lại bằng lời của nó).
    assert!(!stderr.contains("chưa viết xong"), "{stderr}");
}

/// Trong tiến trình con: đặt hàm báo panic như `main` của CLI, kiểm tra trên
/// nhiều luồng cùng lúc, rồi cho một luồng panic.
fn child() {
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .copied()
            .unwrap_or("?");
        eprintln!("hàm báo của chương trình: {message}");
    }));
    let workers: Vec<_> = (0..THREADS)
        .map(|_| {
            thread::spawn(|| {
                let r =
                    check_grundy(|_: &GraphGame, _: &usize| -> u32 { panic!("chưa viết xong") });
                assert!(r.headline().contains("panic"), "{}", r.headline());
                for _ in 0..ROUNDS {
                    let r = check_mex(|_: &[u32]| -> u32 { panic!("chưa viết xong") });
                    assert!(!r.ok());
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("luồng kiểm tra không được dừng");
    }
    let after = thread::spawn(|| panic!("panic sau các lần kiểm tra")).join();
    assert!(after.is_err());
}

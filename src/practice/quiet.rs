//! Chạy hàm của sinh viên mà không in lời panic của nó.
//!
//! Bộ kiểm tra ([`super::own`]) bắt panic của hàm sinh viên bằng
//! `catch_unwind` và báo lại bằng lời của mình; lời panic mặc định (in ra
//! stderr) chỉ làm rối. Hàm báo panic (`panic hook`) là **một** cho cả tiến
//! trình, nên không được tháo ra rồi lắp lại ở mỗi lần kiểm tra: hai luồng
//! chạy xen nhau (các kiểm thử song song, hay một nhân notebook) có thể để lại
//! hàm im lặng mãi mãi, và mọi panic sau đó không còn in gì.
//!
//! Ở đây hàm báo panic được thay **một lần** cho cả tiến trình: hàm mới hỏi một
//! cờ riêng của luồng — đang chạy hàm sinh viên thì im, nếu không thì gọi lại
//! hàm báo trước đó (mặc định, hay hàm của `main`), như chưa có gì thay đổi.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// Luồng này đang chạy hàm của sinh viên (panic của nó không in ra).
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Thay hàm báo panic của tiến trình (chỉ lần gọi đầu tiên): im khi luồng
/// đang ở trong [`quietly`], còn lại chuyển cho hàm báo trước đó.
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Chạy `f`, bắt panic (không in ra), trả về thông điệp panic nếu có.
pub(super) fn quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install();
    let before = QUIET.with(|q| q.replace(true));
    let r = catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(before));
    r.map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".to_string())
    })
}

//! Đồng hồ bấm giờ: "Thời gian: … ms" của dòng lệnh và `seconds` trong JSON.
//!
//! Trên máy: `std::time::Instant`. Trong mô-đun WebAssembly của sách
//! (`wasm32-unknown-unknown`) thư viện chuẩn không có đồng hồ — `Instant::now()`
//! dừng chương trình — nên đồng hồ là `performance.now()` của trình duyệt: một
//! hàm mà mô-đun **nhập** (`caytrochoi.now_ms`, tính năng `wasm`) và JavaScript
//! đưa vào khi tạo mô-đun (`book/wasm/abi.js`). Không có tính năng ấy, bản
//! WebAssembly đo được 0 giây. Không phép tính nào của thư viện phụ thuộc
//! vào đồng hồ: mọi phép tìm kiếm dừng theo giới hạn (độ sâu, số lần chơi thử),
//! không theo thời gian.
//!
//! ```
//! let dong_ho = caytrochoi::clock::Stopwatch::start();
//! assert!(dong_ho.seconds() >= 0.0);
//! ```

/// Đồng hồ bấm giờ: bắt đầu khi tạo.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    start: std::time::Instant,
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    start_ms: f64,
}

impl Stopwatch {
    /// Bắt đầu bấm giờ.
    pub fn start() -> Stopwatch {
        Stopwatch {
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            start: std::time::Instant::now(),
            #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
            start_ms: browser::now_ms(),
        }
    }

    /// Số giây từ lúc bắt đầu.
    pub fn seconds(&self) -> f64 {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return self.start.elapsed().as_secs_f64();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        return (browser::now_ms() - self.start_ms).max(0.0) / 1000.0;
    }
}

/// Đồng hồ của trình duyệt (và của Node, nơi kiểm thử nạp mô-đun).
#[cfg(all(target_arch = "wasm32", target_os = "unknown", feature = "wasm"))]
mod browser {
    // Hàm nhập của mô-đun: tên `now_ms` trong nhóm `caytrochoi`; book/wasm/abi.js
    // đưa vào `performance.now()` (mili giây, số thực).
    #[link(wasm_import_module = "caytrochoi")]
    unsafe extern "C" {
        #[link_name = "now_ms"]
        fn performance_now() -> f64;
    }

    /// Số mili giây của đồng hồ trình duyệt.
    pub fn now_ms() -> f64 {
        // SAFETY: hàm nhập không nhận đối số, không đụng bộ nhớ của mô-đun, chỉ
        // trả về một số; thiếu nó thì trình duyệt từ chối tạo mô-đun, nên khi mã
        // này chạy thì nó luôn có.
        unsafe { performance_now() }
    }
}

/// Bản WebAssembly không có tính năng `wasm` (không có hàm nhập): luôn 0.
#[cfg(all(target_arch = "wasm32", target_os = "unknown", not(feature = "wasm")))]
mod browser {
    pub fn now_ms() -> f64 {
        0.0
    }
}

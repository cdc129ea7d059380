//! Khi mô-đun dừng vì một lỗi bên trong (panic), trang được biết câu của lỗi ấy:
//! trước khi dừng, mô-đun gọi hàm nhập `caytrochoi.panic_message(địa chỉ, độ dài)`
//! với câu lỗi và chỗ trong mã nguồn (UTF-8); book/wasm/abi.js đọc nó, và trang
//! in nó trong câu "Mô-đun gặp lỗi bên trong …". Không có nó, trình duyệt chỉ
//! nói `unreachable`.

/// Câu lỗi của một panic: lời của `panic!` và chỗ trong mã nguồn. (Trên máy chỉ
/// kiểm thử dùng nó.)
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn describe(
    payload: &(dyn std::any::Any + Send),
    location: Option<&std::panic::Location>,
) -> String {
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("không rõ lý do");
    match location {
        Some(at) => format!("{message}; {}:{}", at.file(), at.line()),
        None => message.to_string(),
    }
}

/// Cài (một lần) hàm báo panic cho JavaScript. Trên máy (kiểm thử) không làm gì:
/// panic in ra như thường.
pub fn install() {
    #[cfg(target_arch = "wasm32")]
    {
        #[link(wasm_import_module = "caytrochoi")]
        unsafe extern "C" {
            #[link_name = "panic_message"]
            fn report(ptr: *const u8, len: usize);
        }
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            std::panic::set_hook(Box::new(|info| {
                let text = describe(info.payload(), info.location());
                // SAFETY: JavaScript chỉ đọc `len` byte từ `ptr` (chuỗi `text` còn
                // sống suốt lời gọi) rồi trả về; nó không ghi vào bộ nhớ của mô-đun.
                unsafe { report(text.as_ptr(), text.len()) }
            }));
        });
    }
}

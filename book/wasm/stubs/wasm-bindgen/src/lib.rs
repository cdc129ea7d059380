//! Đứng thay crate `wasm-bindgen` khi caytrochoi biên dịch sang WebAssembly (xem
//! `book/wasm/stubs/web-sys/src/lib.rs`): chỉ có đặc điểm [`JsCast`] mà plotters
//! gọi tên. Không có đối tượng JavaScript nào để đổi kiểu, nên đổi kiểu luôn
//! thất bại.

/// Đổi kiểu một đối tượng JavaScript (ở đây: không bao giờ được).
pub trait JsCast: Sized {
    /// Luôn trả lại chính giá trị ấy như một lỗi.
    fn dyn_into<T: JsCast>(self) -> Result<T, Self> {
        Err(self)
    }
}

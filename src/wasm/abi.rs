//! Bốn hàm mà mô-đun WebAssembly xuất cho JavaScript (xem [`super`]): xin và trả
//! vùng nhớ, gọi một hàm của sách, độ dài kết quả. Cùng với hai hàm nhập
//! ([`crate::clock`], [`super::panic`]), đây là chỗ duy nhất của crate đụng tới con
//! trỏ thô; mỗi khối `unsafe` nói vì sao nó đúng.
//!
//! Trên WebAssembly 32 bit, `usize` và con trỏ là số nguyên 32 bit: JavaScript
//! nhận chúng như số (đọc `>>> 0` để địa chỉ trên 2 GiB không thành số âm).
//! Tên có tiền tố `caytrochoi_` để không trùng hàm nào của hệ thống khi crate
//! biên dịch cho máy (kiểm thử).

use std::cell::RefCell;

thread_local! {
    /// Chuỗi kết quả của lời gọi gần nhất: nằm yên ở đây để JavaScript đọc, đến
    /// lời gọi sau.
    static RESULT: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Xin một vùng `len` byte (toàn số 0) trong bộ nhớ của mô-đun; trả về địa chỉ.
/// Trả lại bằng [`caytrochoi_free`] với cùng `len`.
#[unsafe(no_mangle)]
pub extern "C" fn caytrochoi_alloc(len: usize) -> *mut u8 {
    let bytes: Box<[u8]> = vec![0; len].into_boxed_slice();
    Box::into_raw(bytes).cast::<u8>()
}

/// Trả lại vùng nhớ đã xin bằng [`caytrochoi_alloc`].
///
/// # Safety
/// `ptr` và `len` phải đúng là một cặp mà [`caytrochoi_alloc`] đã trả về, và vùng
/// ấy chưa được trả lại.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn caytrochoi_free(ptr: *mut u8, len: usize) {
    // SAFETY: theo điều kiện của hàm, (ptr, len) là một Box<[u8]> độ dài `len` mà
    // caytrochoi_alloc đã "thả" bằng Box::into_raw; dựng lại nó để giải phóng đúng
    // một lần.
    drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
}

/// Gọi hàm của sách tên là `name` (UTF-8) với các đối số `args` (một mảng JSON,
/// UTF-8). Trả về địa chỉ của chuỗi kết quả; độ dài của nó là
/// [`caytrochoi_result_len`].
///
/// # Safety
/// `(name_ptr, name_len)` và `(args_ptr, args_len)` phải là hai vùng mà
/// [`caytrochoi_alloc`] đã trả về (chưa trả lại), với đúng độ dài ấy.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn caytrochoi_call(
    name_ptr: *const u8,
    name_len: usize,
    args_ptr: *const u8,
    args_len: usize,
) -> *const u8 {
    super::panic::install();
    // SAFETY: theo điều kiện của hàm, mỗi cặp là một vùng `len` byte đã khởi tạo
    // (caytrochoi_alloc điền số 0, JavaScript chép chữ vào), còn sống suốt lời gọi
    // này và không ai ghi vào trong lúc ta đọc (mô-đun chạy một luồng).
    let (name, args) = unsafe {
        (
            std::slice::from_raw_parts(name_ptr, name_len),
            std::slice::from_raw_parts(args_ptr, args_len),
        )
    };
    let result = match (std::str::from_utf8(name), std::str::from_utf8(args)) {
        (Ok(name), Ok(args)) => super::table::call(name, args),
        _ => crate::web::error_json("tên hàm và đối số phải là chữ UTF-8"),
    };
    RESULT.with(|r| {
        let mut r = r.borrow_mut();
        *r = result;
        r.as_ptr()
    })
}

/// Độ dài (byte) của chuỗi kết quả mà [`caytrochoi_call`] vừa trả về.
#[unsafe(no_mangle)]
pub extern "C" fn caytrochoi_result_len() -> usize {
    RESULT.with(|r| r.borrow().len())
}

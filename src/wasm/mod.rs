//! Lớp nối mô-đun WebAssembly của sách (tính năng `wasm`, `make wasm`) với
//! JavaScript — viết tay, không dùng công cụ sinh mã nào. Không có logic nào ở
//! đây: mỗi hàm của sách chỉ chuyển lời gọi sang [`crate::web`] hoặc
//! [`crate::practice::web`], những hàm mà CLI, trình chạy của sách và notebook
//! cũng gọi. Mọi hàm trả về một chuỗi JSON; lỗi là `{"error": "…"}` (tiếng Việt).
//!
//! # Cách JavaScript gọi một hàm (ABI)
//!
//! Một mô-đun WebAssembly chỉ trao đổi được **số** với JavaScript; chữ phải đi qua
//! bộ nhớ của mô-đun (một mảng byte mà cả hai bên cùng thấy). Vì vậy mô-đun xuất
//! bốn hàm ([`abi`]):
//!
//! 1. `caytrochoi_alloc(n)`: xin một vùng `n` byte trong bộ nhớ của mô-đun, trả
//!    về địa chỉ của nó. JavaScript chép vào đó tên hàm (UTF-8), rồi xin vùng thứ
//!    hai và chép các đối số, viết thành **một mảng JSON** (`["A(B:1, C:2)",
//!    "cat-tia", true]`).
//! 2. `caytrochoi_call(tên, độ dài tên, đối số, độ dài đối số)`: đọc hai vùng ấy,
//!    tra tên trong bảng [`table`], đọc đối số theo đúng kiểu ([`args`]), gọi hàm
//!    của thư viện. Trả về địa chỉ của chuỗi kết quả.
//! 3. `caytrochoi_result_len()`: độ dài (byte) của chuỗi kết quả ấy. JavaScript
//!    đọc chuỗi — nó nằm yên trong mô-đun đến lời gọi sau.
//! 4. `caytrochoi_free(địa chỉ, n)`: trả lại hai vùng đã xin.
//!
//! Theo chiều ngược lại, mô-đun **nhập** hai hàm: `caytrochoi.now_ms`, đồng hồ
//! `performance.now()` của trình duyệt ([`crate::clock`]), và
//! `caytrochoi.panic_message`, nhận câu của một lỗi bên trong ([`panic`]). Phía
//! JavaScript của ABI là `book/wasm/abi.js` (dùng chung cho Web Worker của trang
//! và cho kiểm thử chạy bằng Node).
//!
//! Tên hàm sai, thiếu đối số, đối số sai kiểu: kết quả là `{"error": "…"}`, mô-đun
//! không dừng. Chỉ `panic_check` cố ý dừng (để kiểm tra trang xử lý một lỗi bên
//! trong mô-đun ra sao).

pub mod abi;
pub mod args;
pub mod panic;
pub mod table;

#[cfg(test)]
mod tests;

//! Trình chạy mã của sách: mọi khối Rust của sách được sửa và chạy ngay trong
//! trang, với chính crate này, không cần mạng (`make book`).
//!
//! - [`block`]: đọc các khối mã của một chương và bọc chúng **đúng như doctest**
//!   (dòng `# ` ẩn, `fn main` ngầm định);
//! - [`engine`]: biên dịch với `rustc` và bản `.rlib` dựng sẵn, chạy trong một thư
//!   mục tạm riêng;
//! - [`sandbox`]: giới hạn thời gian, CPU, bộ nhớ, số tiến trình, độ dài đầu ra;
//! - [`output`]: văn bản, hình SVG/HTML, lỗi biên dịch và panic giải thích bằng
//!   tiếng Việt;
//! - [`queue`]: hàng đợi — không bao giờ biên dịch nhiều hơn số lõi cùng lúc;
//! - [`http`]: HTTP/1.1 tối giản trên `std::net` (phân tích bằng `httparse`);
//! - [`server`]: máy chủ HTTP (chỉ 127.0.0.1, kiểm tra `Host` và `Origin`) và chế
//!   độ lớp học ([`class`]);
//! - [`practice`]: thẻ bài cho trang luyện tập của sách, với mọi hạt giống.

pub mod block;
pub mod class;
pub mod engine;
pub mod http;
pub mod output;
pub mod practice;
pub mod queue;
pub mod sandbox;
pub mod server;

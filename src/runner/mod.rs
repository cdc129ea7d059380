//! Trình chạy mã của sách: mọi khối Rust của sách được sửa và chạy ngay trong
//! trang, với chính crate này, không cần mạng (`make book`).
//!
//! - [`block`]: đọc các khối mã của một chương và bọc chúng **đúng như doctest**
//!   (dòng `# ` ẩn, `fn main` ngầm định);
//! - [`engine`]: biên dịch với `rustc` và bản `.rlib` dựng sẵn, rồi chạy;
//! - [`bubblewrap`]: hộp cát của mỗi lần biên dịch và mỗi lần chạy (Linux):
//!   không mạng, không thấy tệp, tiến trình hay biến môi trường của máy;
//! - `seccomp`: bộ lọc các lời gọi hệ thống bên trong hộp (không namespace,
//!   không mount, không io_uring, keyctl, bpf, ptrace…);
//! - [`sandbox`]: giới hạn thời gian, CPU, bộ nhớ, số tiến trình, độ dài đầu ra;
//! - [`group`]: các giới hạn ấy cho **cả khối** (cgroup, hoặc đếm qua `/proc`);
//! - `workdir`: thư mục tạm của trình chạy, dọn cả khi trình chạy cũ bị giết;
//! - `output`: văn bản, hình SVG/HTML, lỗi biên dịch và panic giải thích bằng
//!   tiếng Việt;
//! - `queue`: hàng đợi — không bao giờ biên dịch nhiều hơn số lõi cùng lúc;
//! - `stop`: nút ■ Dừng — dừng ngay một lần chạy (đang chờ, biên dịch hay chạy);
//! - [`http`]: HTTP/1.1 tối giản trên `std::net` (phân tích bằng `httparse`);
//! - [`server`]: máy chủ HTTP (chỉ 127.0.0.1, kiểm tra `Host` và `Origin`) và chế
//!   độ lớp học ([`class`]);
//! - `practice`: thẻ bài và lời chấm cho trang luyện tập của sách, với mọi hạt giống.

pub mod block;
pub mod bubblewrap;
pub mod class;
pub mod engine;
pub mod group;
pub mod http;
pub(crate) mod output;
pub(crate) mod practice;
pub(crate) mod queue;
pub mod sandbox;
pub(crate) mod seccomp;
pub mod server;
pub(crate) mod stop;
pub(crate) mod workdir;

//! Ngân hàng bài "bấm vào các nhánh bị cắt" của trang luyện tập, ở một chỗ:
//! dùng chung bởi `examples/practice_bank.rs` (ghi tệp: `make figures`) và
//! `tests/book_practice.rs` (kiểm tra tệp đã ghi không cũ).

use std::path::{Path, PathBuf};

/// Số thẻ cho mỗi (mức, thuật toán): hạt giống 1 … PER_KIND.
pub const PER_KIND: u64 = 4;

/// Tệp ngân hàng trong sách.
pub fn path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/luyen-tap/ngan-hang.js")
}

/// Nội dung tệp ngân hàng.
pub fn contents() -> Result<String, caytrochoi::plot::PlotError> {
    caytrochoi::practice::web::bank_js(PER_KIND)
}

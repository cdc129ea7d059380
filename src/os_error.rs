//! Lỗi của hệ điều hành (đọc, ghi tệp) nói bằng tiếng Việt.
//!
//! Hệ điều hành chỉ báo lỗi bằng tiếng Anh ("Is a directory (os error 21)",
//! "No space left on device"). Người dùng đọc câu tiếng Việt trước; lời gốc của
//! hệ điều hành giữ lại trong ngoặc vuông, để tra cứu hay báo lỗi.
//!
//! ```
//! use caytrochoi::os_error::describe;
//! let e = std::io::Error::from(std::io::ErrorKind::NotFound);
//! assert!(describe(&e).starts_with("không tìm thấy tệp hay thư mục ["));
//! ```

use std::io::{Error, ErrorKind};

/// Câu tiếng Việt cho lỗi `e`, kèm lời gốc của hệ điều hành trong ngoặc vuông.
pub fn describe(e: &Error) -> String {
    format!("{} [{e}]", reason(e.kind()))
}

/// Câu cho lỗi "đây là thư mục" (dùng cả khi chương trình tự phát hiện).
pub(crate) const IS_A_DIRECTORY: &str = "đây là một thư mục, không phải tệp";

/// Lý do bằng tiếng Việt theo loại lỗi.
///
/// Một số loại lỗi (thư mục, đĩa đầy, tên tệp sai, …) chỉ có tên riêng trong
/// các bản Rust mới (từ 1.83, có loại còn mới hơn Rust 1.85 mà crate nhận —
/// `rust-version`), nên các loại đó được nhận ra qua tên của chúng (`Debug`), có
/// trong mọi phiên bản.
pub fn reason(kind: ErrorKind) -> &'static str {
    use ErrorKind::*;
    match kind {
        NotFound => "không tìm thấy tệp hay thư mục",
        PermissionDenied => "không có quyền truy cập",
        OutOfMemory => "hết bộ nhớ",
        InvalidData => "nội dung không phải văn bản UTF-8",
        InvalidInput => "tên hay tham số không hợp lệ",
        AlreadyExists => "tệp đã có",
        BrokenPipe => "đầu kia của ống dẫn đã đóng",
        UnexpectedEof => "dữ liệu hết giữa chừng",
        Interrupted => "bị ngắt giữa chừng",
        TimedOut => "quá thời gian chờ",
        WouldBlock => "tài nguyên đang bận",
        _ => match format!("{kind:?}").as_str() {
            "IsADirectory" => IS_A_DIRECTORY,
            "NotADirectory" => "một phần của đường dẫn không phải thư mục",
            "StorageFull" => "đĩa đã đầy, không còn chỗ để ghi",
            "QuotaExceeded" => "đã dùng hết hạn mức đĩa",
            "ReadOnlyFilesystem" => "ổ đĩa chỉ cho đọc, không ghi được",
            "FileTooLarge" => "tệp quá lớn",
            "InvalidFilename" => "tên tệp không hợp lệ",
            "ResourceBusy" => "tài nguyên đang bận",
            _ => "lỗi hệ thống",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vietnamese_first_os_detail_in_brackets() {
        let e = Error::from_raw_os_error(21);
        let text = describe(&e);
        if e.kind() == ErrorKind::IsADirectory {
            assert!(text.starts_with("đây là một thư mục"), "{text}");
        }
        assert!(text.ends_with(']'), "{text}");
        assert!(text.contains(&e.to_string()), "{text}");
        // Đĩa đầy (ENOSPC = 28 trên Linux và macOS).
        #[cfg(unix)]
        assert!(describe(&Error::from_raw_os_error(28)).starts_with("đĩa đã đầy"));
    }
}

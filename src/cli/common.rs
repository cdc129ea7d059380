//! Phần dùng chung của các lệnh con.

use super::CliError;

/// Nếu người dùng hỏi `--help`, in `help` và báo cho lệnh dừng lại.
pub(crate) fn help_requested(args: &super::args::Args, help: &str, io: &mut super::Io) -> bool {
    if args.wants_help() {
        io.print(help);
        true
    } else {
        false
    }
}

/// Đọc văn bản của một đối số có thể là chính nội dung, `@tệp` (đọc tệp) hoặc
/// `-` (đọc đầu vào chuẩn). Trả về (nội dung, tên nguồn để ghi trong lỗi).
pub(crate) fn read_source(
    arg: &str,
    io: &mut super::Io,
) -> Result<(String, Option<String>), CliError> {
    if arg == "-" {
        let mut text = String::new();
        io.input
            .read_to_string(&mut text)
            .map_err(|source| CliError::Read {
                what: "đầu vào chuẩn".to_string(),
                source,
            })?;
        Ok((text, Some("đầu vào chuẩn".to_string())))
    } else if let Some(path) = arg.strip_prefix('@') {
        let text = std::fs::read_to_string(path).map_err(|source| CliError::Read {
            what: format!("tệp `{path}`"),
            source,
        })?;
        Ok((text, Some(format!("tệp {path}"))))
    } else {
        Ok((arg.to_string(), None))
    }
}

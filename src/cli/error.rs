//! Lỗi của chương trình dòng lệnh.
//!
//! Lỗi của thư viện giữ nguyên kiểu của nó (chuyển sang [`CliError`] bằng `?`
//! nhờ các `From`), nên không mất thông tin nào; chỉ khi in ra mới ghép thành
//! một câu tiếng Việt ([`full_message`]): lỗi ngoài cùng, rồi lần lượt các
//! nguyên nhân (`source()`), ngăn bằng dấu hai chấm.

use crate::dodgem::DodgemError;
use crate::expr::ExprError;
use crate::grundy::GrundyError;
use crate::tree::TreeError;
use crate::SearchError;
use std::error::Error;
use std::fmt;

/// Lỗi do người dùng (đầu vào sai): in ra đầu ra lỗi, thoát với mã 2.
#[derive(Debug)]
pub(crate) enum CliError {
    /// Đối số dòng lệnh sai: câu tiếng Việt nói rõ đối số nào, sai thế nào.
    Usage(String),
    /// Không đọc được một tệp hay đầu vào chuẩn; `what` nói là cái gì.
    Read {
        /// Ví dụ "tệp `cay.txt`".
        what: String,
        /// Lỗi vào/ra gốc.
        source: std::io::Error,
    },
    /// Đầu vào lớn hơn giới hạn đọc ([`crate::limits::INPUT_BYTES`]).
    InputTooLarge {
        /// Ví dụ "tệp `cay.txt`".
        what: String,
        /// Số byte đo được (`exact`: cỡ tệp) hoặc đã đọc khi dừng (hơn giới hạn).
        size: usize,
        /// `true` nếu `size` là cỡ thật của tệp; `false` nếu đọc dừng ở giới hạn.
        exact: bool,
        /// Giới hạn (byte).
        max: usize,
    },
    /// Lỗi của phần hàm Grundy.
    Grundy(GrundyError),
    /// Lỗi của phần Dodgem.
    Dodgem(DodgemError),
    /// Lỗi khi đọc hay dựng cây.
    Tree(TreeError),
    /// Lỗi khi đọc hay tính biểu thức.
    Expr(ExprError),
    /// Lỗi của bộ tìm kiếm.
    Search(SearchError),
}

impl From<crate::args::ArgsError> for CliError {
    fn from(e: crate::args::ArgsError) -> CliError {
        CliError::Usage(e.0)
    }
}

impl CliError {
    /// Lỗi đối số với thông báo `message` (tiếng Việt, nói rõ sai ở đâu).
    pub(crate) fn new(message: impl Into<String>) -> CliError {
        CliError::Usage(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(message) => f.write_str(message),
            CliError::Read { what, .. } => write!(f, "không đọc được {what}"),
            CliError::InputTooLarge {
                what,
                size,
                exact,
                max,
            } => {
                let size = crate::limits::group(*size as u64);
                let measured = if *exact {
                    format!("dài {size} byte")
                } else {
                    format!("dài hơn {size} byte (đã dừng đọc)")
                };
                write!(
                    f,
                    "{what} {measured}, vượt giới hạn đọc {} byte; hãy dùng cây nhỏ hơn, \
                     hoặc nâng giới hạn bằng --max-input-bytes N",
                    crate::limits::group(*max as u64)
                )
            }
            CliError::Grundy(e) => e.fmt(f),
            CliError::Dodgem(e) => e.fmt(f),
            CliError::Tree(e) => e.fmt(f),
            CliError::Expr(e) => e.fmt(f),
            CliError::Search(e) => e.fmt(f),
        }
    }
}

impl Error for CliError {
    /// Lỗi của thư viện được in y như chính nó (nên nguyên nhân của nó cũng là
    /// nguyên nhân ở đây); lỗi đọc tệp có nguyên nhân là lỗi vào/ra gốc.
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            CliError::Usage(_) | CliError::InputTooLarge { .. } => None,
            CliError::Read { source, .. } => Some(source),
            CliError::Grundy(e) => e.source(),
            CliError::Dodgem(e) => e.source(),
            CliError::Tree(e) => e.source(),
            CliError::Expr(e) => e.source(),
            CliError::Search(e) => e.source(),
        }
    }
}

macro_rules! from_library_error {
    ($($ty:ty => $variant:ident),* $(,)?) => {
        $(impl From<$ty> for CliError {
            fn from(e: $ty) -> CliError {
                CliError::$variant(e)
            }
        })*
    };
}

from_library_error! {
    GrundyError => Grundy,
    DodgemError => Dodgem,
    TreeError => Tree,
    ExprError => Expr,
    SearchError => Search,
}

/// Cả chuỗi lỗi thành một câu: lỗi ngoài cùng rồi từng nguyên nhân. Lỗi vào/ra
/// của hệ thống được nói bằng tiếng Việt, lời gốc trong ngoặc vuông
/// ([`crate::os_error::describe`]).
pub(crate) fn full_message(e: &dyn Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let part = match c.downcast_ref::<std::io::Error>() {
            Some(io) => crate::os_error::describe(io),
            None => c.to_string(),
        };
        text.push_str(": ");
        text.push_str(&part);
        cause = c.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_errors_keep_their_type_and_cause() {
        let e: CliError = GrundyError::Cycle.into();
        assert!(matches!(e, CliError::Grundy(GrundyError::Cycle)));
        assert!(full_message(&e).contains("chu trình"));
        let read = CliError::Read {
            what: "tệp `khong-co.txt`".into(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        };
        assert!(read.source().is_some());
        assert_eq!(
            full_message(&read),
            format!(
                "không đọc được tệp `khong-co.txt`: không tìm thấy tệp hay thư mục [{}]",
                std::io::Error::from(std::io::ErrorKind::NotFound)
            )
        );
    }
}

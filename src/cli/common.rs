//! Phần dùng chung của các lệnh con.

use super::CliError;
use crate::args::Args;
use crate::limits::Limits;
use std::io::Read;

/// Nếu người dùng hỏi `--help`, in `help` và báo cho lệnh dừng lại.
pub(crate) fn help_requested(args: &crate::args::Args, help: &str, io: &mut super::Io) -> bool {
    if args.wants_help() {
        io.print(help);
        true
    } else {
        false
    }
}

/// Phần trợ giúp về các tùy chọn nâng giới hạn của cây (in cuối trợ giúp của
/// `minimax`, `alphabeta`, `draw`), lấy giá trị từ [`crate::limits`].
pub(crate) fn limit_options(drawing: bool) -> String {
    use crate::limits::{group, DRAWN_NODES, INPUT_BYTES, TRACE_EVENTS, TREE_NODES};
    let mut s = format!(
        "\nGiới hạn (bảng đầy đủ: caytrochoi --help; chỉ nâng khi máy đủ bộ nhớ):\n\
         \x20 --max-input-bytes N   byte tối đa đọc từ tệp / đầu vào chuẩn (mặc định {})\n\
         \x20 --max-tree-nodes N    nút tối đa của cây (mặc định {})\n\
         \x20 --max-trace-events N  bước tối đa của vết (mặc định {})\n",
        group(INPUT_BYTES as u64),
        group(TREE_NODES as u64),
        group(TRACE_EVENTS as u64),
    );
    if drawing {
        s.push_str(&format!(
            "  --max-drawn-nodes N   nút tối đa vẽ trên hình cây (mặc định {})\n",
            group(DRAWN_NODES as u64)
        ));
    }
    s
}

/// Đọc các tùy chọn nâng giới hạn: `--max-input-bytes`, `--max-tree-nodes`,
/// `--max-trace-events` và (nếu `drawing`) `--max-drawn-nodes`.
pub(crate) fn limits(args: &mut Args, drawing: bool) -> Result<Limits, CliError> {
    let mut l = Limits::default();
    let mut options: Vec<(&str, &mut usize)> = vec![
        ("--max-input-bytes", &mut l.input_bytes),
        ("--max-tree-nodes", &mut l.tree_nodes),
        ("--max-trace-events", &mut l.trace_events),
    ];
    let mut drawn = l.drawn_nodes;
    if drawing {
        options.push(("--max-drawn-nodes", &mut drawn));
    }
    for (name, slot) in options {
        let positive = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v > 0);
        if let Some(v) = args.parsed(name, "một số nguyên dương", positive)? {
            *slot = v;
        }
    }
    l.drawn_nodes = drawn;
    Ok(l)
}

/// Đọc văn bản của một đối số có thể là chính nội dung, `@tệp` (đọc tệp) hoặc
/// `-` (đọc đầu vào chuẩn). Trả về (nội dung, tên nguồn để ghi trong lỗi).
///
/// Không đọc quá `max_bytes` byte: tệp lớn hơn bị từ chối trước khi đọc (cỡ tệp
/// biết trước), luồng dữ liệu (đầu vào chuẩn, `/dev/zero`) bị dừng ngay khi vượt.
pub(crate) fn read_source(
    arg: &str,
    io: &mut super::Io,
    max_bytes: usize,
) -> Result<(String, Option<String>), CliError> {
    if arg == "-" {
        let what = "đầu vào chuẩn";
        let bytes = read_limited(&mut *io.input, what, max_bytes)?;
        Ok((utf8(bytes, what)?, Some(what.to_string())))
    } else if let Some(path) = arg.strip_prefix('@') {
        let what = format!("tệp `{path}`");
        let read_error = |source| CliError::Read {
            what: what.clone(),
            source,
        };
        let file = std::fs::File::open(path).map_err(read_error)?;
        let meta = file.metadata().map_err(read_error)?;
        if meta.is_dir() {
            return Err(CliError::new(format!(
                "không đọc được {what}: {}",
                crate::os_error::IS_A_DIRECTORY
            )));
        }
        if meta.is_file() && meta.len() > max_bytes as u64 {
            return Err(CliError::InputTooLarge {
                what,
                size: usize::try_from(meta.len()).unwrap_or(usize::MAX),
                exact: true,
                max: max_bytes,
            });
        }
        let bytes = read_limited(file, &what, max_bytes)?;
        Ok((utf8(bytes, &what)?, Some(format!("tệp {path}"))))
    } else if arg.len() > max_bytes {
        Err(CliError::InputTooLarge {
            what: "văn bản của cây".to_string(),
            size: arg.len(),
            exact: true,
            max: max_bytes,
        })
    } else {
        Ok((arg.to_string(), None))
    }
}

/// Đọc hết `source` nhưng không quá `max` byte.
fn read_limited(source: impl Read, what: &str, max: usize) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    source
        .take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| CliError::Read {
            what: what.to_string(),
            source,
        })?;
    if bytes.len() > max {
        return Err(CliError::InputTooLarge {
            what: what.to_string(),
            size: max,
            exact: false,
            max,
        });
    }
    Ok(bytes)
}

/// Văn bản UTF-8, hoặc lỗi nói rõ byte thứ mấy sai.
fn utf8(bytes: Vec<u8>, what: &str) -> Result<String, CliError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count();
        CliError::new(format!(
            "{what} không phải văn bản UTF-8 (byte thứ {} ở dòng {line} không hợp lệ); \
             hãy lưu tệp dưới dạng UTF-8",
            at + 1
        ))
    })
}

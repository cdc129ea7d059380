//! Các câu trả lời của **sách tương tác** (trang web chạy mô-đun WebAssembly,
//! `make wasm`): mỗi hàm nhận chữ, trả về một chuỗi JSON, và chỉ gọi các hàm
//! mà CLI và notebook cũng gọi.
//!
//! - [`cli_json`]: chạy đúng một lệnh `caytrochoi …` (ví dụ `alphabeta --tree T
//!   --json`) trong bộ nhớ — trang và dòng lệnh cho cùng một JSON vì đó là cùng
//!   một đoạn mã;
//! - [`tree`]: những gì trang xem cây từng bước cần thêm (các câu giải thích từng
//!   bước, hình cây sau bước *k*);
//! - [`dodgem`]: một ván Dodgem với máy, từng lượt (trang không giữ trạng thái
//!   nào khác ngoài danh sách nước đã đi);
//! - [`grundy`]: hình của câu hỏi Grundy, và một lượt chơi với máy cho mọi trò
//!   chơi vô tư trong danh mục của bài giảng (`grundy::lecture`).
//!
//! Mọi lỗi là một đối tượng `{"error": "câu tiếng Việt"}`; mọi đầu vào đi qua các
//! giới hạn của [`crate::limits`].

pub mod dodgem;
pub mod grundy;
pub mod practice;
pub mod tree;

use serde_json::json;

/// `{"error": message}`.
pub(crate) fn error_json(message: &str) -> String {
    json!({ "error": message }).to_string()
}

/// Chạy lệnh `caytrochoi` với các đối số `args_json` (một mảng JSON các chuỗi,
/// không kể tên chương trình), không có đầu vào chuẩn. Trả về
/// `{"code": mã thoát, "stdout": "…", "stderr": "…"}` — `stdout` của một lệnh
/// `--json` chính là dòng JSON mà dòng lệnh in ra.
///
/// ```
/// use caytrochoi::web::cli_json;
/// let r: serde_json::Value = serde_json::from_str(&cli_json(
///     r#"["alphabeta", "--tree", "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))", "--json"]"#,
/// )).unwrap();
/// assert_eq!(r["code"], 0);
/// let kq: serde_json::Value = serde_json::from_str(r["stdout"].as_str().unwrap()).unwrap();
/// assert_eq!(kq["value"], 1);
/// assert_eq!(kq["pruned"], serde_json::json!(["F", "H"]));
/// let sai: serde_json::Value = serde_json::from_str(&cli_json(r#"["minimax", "--tree", "A(B:1"]"#)).unwrap();
/// assert_eq!(sai["code"], 2);
/// assert!(sai["stderr"].as_str().unwrap().contains("dòng 1"));
/// ```
#[cfg(feature = "cli")]
pub fn cli_json(args_json: &str) -> String {
    if args_json.len() > crate::limits::INPUT_BYTES {
        return error_json(&format!(
            "đầu vào dài {} byte, quá giới hạn {} byte",
            crate::limits::group(args_json.len() as u64),
            crate::limits::group(crate::limits::INPUT_BYTES as u64)
        ));
    }
    let args: Vec<String> = match serde_json::from_str(args_json) {
        Ok(a) => a,
        Err(e) => return error_json(&format!("đối số phải là một mảng JSON các chuỗi ({e})")),
    };
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut input: &[u8] = &[];
    let code = {
        let mut io = crate::cli::Io {
            out: &mut out,
            input: &mut input,
        };
        crate::cli::run(args, &mut io, &mut err)
    };
    json!({
        "code": code,
        "stdout": String::from_utf8_lossy(&out),
        "stderr": String::from_utf8_lossy(&err),
    })
    .to_string()
}

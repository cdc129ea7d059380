//! Giao diện dòng lệnh `caytrochoi` (bật bằng tính năng `cli`).
//!
//! Mọi thông báo đều bằng tiếng Việt. Đầu vào sai thì thoát với mã 2 và một câu
//! nói rõ sai ở đâu; không bao giờ panic.

pub mod args;
pub mod common;
mod dodgem;
mod draw;
mod grundy;
mod search;
mod tictactoe;

use std::io::{BufRead, Write};

/// Lỗi do người dùng (đầu vào sai): in ra stderr, thoát với mã 2.
#[derive(Debug, Clone, PartialEq)]
pub struct CliError {
    /// Thông báo tiếng Việt.
    pub message: String,
}

impl CliError {
    /// Tạo lỗi với thông báo `message`.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Đầu vào/đầu ra của một lệnh: tách riêng để kiểm thử được.
pub struct Io<'a> {
    /// Đầu ra chuẩn.
    pub out: &'a mut dyn Write,
    /// Đầu vào chuẩn (cho các lệnh chơi tương tác).
    pub input: &'a mut dyn BufRead,
}

impl Io<'_> {
    /// Ghi một chuỗi ra đầu ra chuẩn. Lỗi ghi (ví dụ ống dẫn bị đóng khi dùng
    /// `| head`) được bỏ qua: không có gì để báo thêm.
    pub fn print(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
    }

    /// Ghi một dòng.
    pub fn println(&mut self, text: &str) {
        self.print(text);
        self.print("\n");
    }

    /// Ghi một đối tượng JSON trên một dòng.
    pub fn json(&mut self, value: &serde_json::Value) {
        let text = serde_json::to_string(value).unwrap_or_else(|_| "{}".to_string());
        self.println(&text);
    }
}

const HELP: &str = "\
caytrochoi — cây trò chơi: vét cạn, cắt tỉa alpha-beta, Grundy, Dodgem

Cách dùng: caytrochoi LỆNH [TÙY CHỌN...]

Lệnh:
  minimax     định trị cây trò chơi bằng vét cạn (minimax)
  alphabeta   định trị cây trò chơi bằng cắt tỉa alpha-beta
  tictactoe   thống kê toàn bộ cây trò chơi carô 9 ô
  grundy      hàm Grundy, trạng thái thắng/thua của các trò chơi vô tư
  draw        vẽ hình SVG: cây trò chơi, biểu đồ số nút
  dodgem      Dodgem: chơi với máy, giải chính xác, hàm lượng giá

Xem tùy chọn của từng lệnh: caytrochoi LỆNH --help
Cây viết dạng văn bản, ví dụ: 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
";

/// Chạy lệnh với các đối số (không kể tên chương trình). Trả về mã thoát:
/// 0 khi thành công, 2 khi đầu vào sai.
pub fn run(argv: Vec<String>, io: &mut Io, err: &mut dyn Write) -> i32 {
    let mut argv = argv.into_iter();
    let Some(command) = argv.next() else {
        io.print(HELP);
        return 0;
    };
    let rest: Vec<String> = argv.collect();
    let result = match command.as_str() {
        "--help" | "-h" | "help" | "trogiup" => {
            io.print(HELP);
            Ok(())
        }
        "--version" | "-V" => {
            io.println(&format!("caytrochoi {}", env!("CARGO_PKG_VERSION")));
            Ok(())
        }
        "minimax" | "alphabeta" => search::run(&command, rest, io),
        "tictactoe" => tictactoe::run(rest, io),
        "grundy" => grundy::run(rest, io),
        "draw" => draw::run(rest, io),
        "dodgem" => dodgem::run(rest, io),
        other => Err(CliError::new(format!(
            "không có lệnh `{other}` (các lệnh: minimax, alphabeta, tictactoe, grundy, dodgem, draw; xem `caytrochoi --help`)"
        ))),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "Lỗi: {}", e.message);
            2
        }
    }
}

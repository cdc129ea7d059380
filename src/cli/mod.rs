//! Giao diện dòng lệnh `caytrochoi` (bật bằng tính năng `cli`).
//!
//! Mọi thông báo đều bằng tiếng Việt. Đầu vào sai thì thoát với mã 2 và một câu
//! nói rõ sai ở đâu; không bao giờ panic.

mod common;
// Đề in được (PDF qua Chromium) và buổi luyện tập trong cửa sổ dòng lệnh cần máy
// thật (tiến trình, đầu vào chuẩn): không đưa vào mô-đun WebAssembly của sách
// (nhỏ hơn; trang có khung luyện tập riêng).
#[cfg(not(target_arch = "wasm32"))]
mod de_bai;
mod dodgem;
mod draw;
mod error;
mod giai_dau;
mod grundy;
#[cfg(not(target_arch = "wasm32"))]
mod luyen_tap;
#[cfg(not(target_arch = "wasm32"))]
mod practice_options;
mod search;
mod thuc_te;
mod tictactoe;

pub(crate) use error::CliError;
use serde::Serialize;
use std::fmt::Display;
use std::io::{BufRead, Write};

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
    pub(crate) fn print(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
    }

    /// Ghi một dòng.
    pub(crate) fn println(&mut self, text: &str) {
        self.print(text);
        self.print("\n");
    }

    /// Ghi một đối tượng JSON trên một dòng.
    pub(crate) fn json(&mut self, value: &serde_json::Value) {
        let text = serde_json::to_string(value).unwrap_or_else(|_| "{}".to_string());
        self.println(&text);
    }

    /// Ghi một giá trị thành đúng một dòng JSON, thẳng ra đầu ra (không dựng
    /// chuỗi hay cây `serde_json::Value` trong bộ nhớ: vết dài vẫn in được).
    pub(crate) fn json_stream<T: Serialize>(&mut self, value: &T) {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, &mut *self.out);
        if serde_json::to_writer(&mut w, value).is_ok() {
            let _ = w.write_all(b"\n");
        }
        let _ = w.flush();
    }

    /// In một kết quả của thư viện: thành lời (`Display`, tiếng Việt), hoặc
    /// thành đúng một dòng JSON nếu `json`.
    pub(crate) fn show<T: Display + Serialize>(&mut self, value: &T, json: bool) {
        if json {
            let text = serde_json::to_string(value).unwrap_or_else(|_| "{}".to_string());
            self.println(&text);
        } else {
            self.print(&value.to_string());
        }
    }

    /// Như [`Io::show`], cho một phân tích của danh mục trò chơi
    /// ([`crate::grundy::lecture`]).
    pub(crate) fn show_report(&mut self, report: &dyn crate::grundy::lecture::Report, json: bool) {
        if json {
            self.println(&report.json());
        } else {
            self.print(&report.to_string());
        }
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
  giai-dau    giải đấu của các người chơi máy: minimax, alpha-beta, sâu dần, MCTS
  luyen-tap   luyện tập: bài sinh ngẫu nhiên, chấm và gợi ý từng bậc, giữ điểm
  de-bai      đề luyện tập in được (HTML, PDF) và đáp án có lời giải

Xem tùy chọn của từng lệnh: caytrochoi LỆNH --help
Cây viết dạng văn bản, ví dụ: 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
";

/// Trợ giúp chung, kèm bảng mọi giới hạn (lấy từ [`crate::limits`]).
fn help() -> String {
    format!(
        "{HELP}\nGiới hạn: mỗi đầu vào một ngân sách, để không lệnh nào dùng quá 1 GiB bộ nhớ\n\
         hay 30 giây. Vượt giới hạn thì lệnh dừng ngay, báo lỗi và thoát với mã 2.\n{}\
         Các giới hạn có (nâng: …) nâng được trên lệnh dùng chúng (minimax, alphabeta,\n\
         draw tree; dodgem solve).\n",
        crate::limits::help_table()
    )
}

/// Chạy lệnh với các đối số (không kể tên chương trình). Trả về mã thoát:
/// 0 khi thành công, 2 khi đầu vào sai.
pub fn run(argv: Vec<String>, io: &mut Io, err: &mut dyn Write) -> i32 {
    let mut argv = argv.into_iter();
    let Some(command) = argv.next() else {
        io.print(&help());
        return 0;
    };
    let rest: Vec<String> = argv.collect();
    let result = match command.as_str() {
        "--help" | "-h" | "help" | "trogiup" => {
            io.print(&help());
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
        "giai-dau" => giai_dau::run(rest, io),
        #[cfg(not(target_arch = "wasm32"))]
        "luyen-tap" => luyen_tap::run(rest, io),
        #[cfg(not(target_arch = "wasm32"))]
        "de-bai" => de_bai::run(rest, io),
        #[cfg(target_arch = "wasm32")]
        "luyen-tap" | "de-bai" => Err(CliError::new(format!(
            "lệnh `{command}` chỉ chạy trên máy (cửa sổ dòng lệnh), không chạy trong trình duyệt; \
             trong sách, dùng khung luyện tập của trang Luyện tập"
        ))),
        other => Err(CliError::new(format!(
            "không có lệnh `{other}` (các lệnh: minimax, alphabeta, tictactoe, grundy, dodgem, giai-dau, draw, luyen-tap, de-bai; xem `caytrochoi --help`)"
        ))),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "Lỗi: {}", error::full_message(&e));
            2
        }
    }
}

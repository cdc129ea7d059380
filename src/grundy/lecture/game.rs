//! Trait của một trò chơi vô tư trong danh mục ([`LectureGame`]): đọc và viết
//! một thế, nói một nước đi, giá trị Grundy, phân tích cho dòng lệnh; và một
//! lượt chơi với máy ([`turn`]) chung cho mọi trò chơi.

use crate::args::{Args, ArgsError};
use crate::grundy::{GrundyError, GrundyMemo, ImpartialGame};
use std::fmt;

/// Kết quả phân tích một thế, sẵn để in: thành lời (`Display`, tiếng Việt)
/// hoặc thành đúng một dòng JSON.
pub(crate) trait Report: fmt::Display {
    /// Một dòng JSON với cùng các trường.
    fn json(&self) -> String;
}

impl<T: fmt::Display + serde::Serialize> Report for T {
    fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_string())
    }
}

/// Lỗi khi đọc hay phân tích một thế: đối số sai, hoặc lỗi của phần Grundy
/// (giữ nguyên kiểu để dòng lệnh in đủ các nguyên nhân).
#[derive(Debug)]
pub(crate) enum LectureError {
    /// Đối số sai.
    Args(ArgsError),
    /// Lỗi của phép tính (giới hạn, thế không hợp lệ…).
    Grundy(GrundyError),
}

impl LectureError {
    /// Lỗi đối số với câu `message`.
    pub(crate) fn usage(message: impl Into<String>) -> LectureError {
        LectureError::Args(ArgsError::new(message))
    }
}

impl From<ArgsError> for LectureError {
    fn from(e: ArgsError) -> LectureError {
        LectureError::Args(e)
    }
}

impl From<GrundyError> for LectureError {
    fn from(e: GrundyError) -> LectureError {
        LectureError::Grundy(e)
    }
}

/// Phân tích đã sẵn để in (kết quả của [`LectureGame::analyse`]).
pub(crate) type Analysed = Result<Box<dyn Report>, LectureError>;

/// Một trò chơi vô tư của bài giảng, như dòng lệnh `caytrochoi grundy TÊN …` và
/// trang chơi với máy thấy nó. Mỗi trò chơi một tệp trong
/// [`crate::grundy::lecture`], đăng ký bằng một dòng trong `lecture_games!`.
pub(crate) trait LectureGame: ImpartialGame + Sized {
    /// Tên trên dòng lệnh, ví dụ `boc-soi`.
    const NAME: &'static str;
    /// Dòng của trò chơi trong `caytrochoi grundy --help` (có thể hai dòng).
    const ROW: &'static str;
    /// Trợ giúp riêng: `caytrochoi grundy TÊN --help`.
    const HELP: &'static str;

    /// Lệnh `caytrochoi grundy TÊN …`: đọc các đối số (sau khi đã lấy
    /// `--json`), phân tích thế.
    fn analyse(args: Args) -> Analysed;

    /// Đọc luật và thế từ các đối số của trang (cùng giới hạn với lệnh).
    fn read(args: &[String]) -> Result<(Self, Self::Position), String>;
    /// Viết thế thành các đối số mà [`LectureGame::read`] đọc lại được.
    fn write(&self, pos: &Self::Position) -> Vec<String>;
    /// Nước `mv` từ thế `pos`, bằng lời.
    fn say(&self, pos: &Self::Position, mv: &Self::Move) -> String;
    /// G(pos). Mặc định: tính trên đồ thị trò chơi (hàm Grundy ghi nhớ).
    fn value(
        &self,
        memo: &mut GrundyMemo<Self::Position>,
        pos: &Self::Position,
    ) -> Result<u32, String> {
        memo.value(self, pos).map_err(|e| e.to_string())
    }
}

/// Một nước của một lượt: lời, thế sau nước (viết như đối số), G của thế ấy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TurnMove {
    /// Nước đi bằng lời.
    pub(crate) text: String,
    /// Thế sau nước, viết như các đối số của lệnh.
    pub(crate) to: Vec<String>,
    /// G của thế sau nước.
    pub(crate) grundy: u32,
}

/// Một lượt chơi với máy ở một thế.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Turn {
    /// Thế, viết như các đối số của lệnh.
    pub(crate) position: Vec<String>,
    /// G của thế.
    pub(crate) grundy: u32,
    /// Mọi nước đi từ thế.
    pub(crate) moves: Vec<TurnMove>,
    /// Chỉ số nước máy chọn trong `moves` (`None` khi hết nước: người vừa đi
    /// vào thế này đã thắng).
    pub(crate) computer: Option<usize>,
}

/// Một lượt của trò chơi `G` ở thế viết bằng các đối số `args`: mọi nước, G
/// của thế sau mỗi nước, và nước của máy — về thế có G = 0 nếu có (nước
/// thắng), nếu không thì nước đầu tiên (chờ người chơi sơ suất).
pub(crate) fn turn<G: LectureGame>(args: &[String]) -> Result<Turn, String> {
    let (game, pos) = G::read(args)?;
    let mut memo = GrundyMemo::new();
    let grundy = game.value(&mut memo, &pos)?;
    let mut moves = Vec::new();
    for mv in game.moves(&pos) {
        let to = game.play(&pos, &mv);
        moves.push(TurnMove {
            text: game.say(&pos, &mv),
            grundy: game.value(&mut memo, &to)?,
            to: game.write(&to),
        });
    }
    let computer =
        (moves.iter().position(|m| m.grundy == 0)).or_else(|| (!moves.is_empty()).then_some(0));
    Ok(Turn {
        position: game.write(&pos),
        grundy,
        moves,
        computer,
    })
}

// --- Đọc đối số: các mẩu chung của nhiều trò chơi --------------------------

/// Đối số vị trí là số nguyên trong `[lo, hi]`, đổi sang `u32`.
pub(crate) fn number_u32(args: &mut Args, what: &str, lo: u32, hi: u32) -> Result<u32, ArgsError> {
    Ok(args.positional_number(what, lo as u64, hi as u64)? as u32)
}

/// Không được cho thêm N khi đã có `--sequence` hoặc `--period`.
pub(crate) fn no_heap_with(args: &mut Args, what: &str) -> Result<(), ArgsError> {
    match args.next_positional() {
        Some(extra) => Err(ArgsError::new(format!(
            "đối số thừa `{extra}`: khi có --sequence hoặc --period thì không cần {what}"
        ))),
        None => Ok(()),
    }
}

/// Các đối số vị trí còn lại, nối bằng dấu cách (thế cờ viết như trong sách).
pub(crate) fn rest_positionals(args: &mut Args, what: &str) -> Result<String, ArgsError> {
    let mut words = Vec::new();
    while let Some(w) = args.next_positional() {
        words.push(w);
    }
    if words.is_empty() {
        return Err(ArgsError::new(format!("thiếu {what}")));
    }
    Ok(words.join(" "))
}

/// Hai số nguyên không âm (thế của Bốc sỏi và quân Hậu trong trang).
pub(crate) fn two_numbers(args: &[String], names: [&str; 2]) -> Result<(u32, u32), String> {
    if args.len() != 2 {
        return Err(format!("cần đúng hai số: {} và {}", names[0], names[1]));
    }
    let n = |i: usize| -> Result<u32, String> {
        args[i]
            .trim()
            .parse()
            .map_err(|_| format!("{}: `{}` không phải số nguyên không âm", names[i], args[i]))
    };
    Ok((n(0)?, n(1)?))
}

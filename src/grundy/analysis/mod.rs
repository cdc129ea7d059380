//! Phân tích một trạng thái của các trò chơi trong bài giảng, sẵn để in.
//!
//! Mỗi kiểu ở đây gom mọi điều cần nói về một trạng thái: giá trị Grundy, loại
//! trạng thái theo bài giảng ([`Verdict`]), các nước thắng ([`MoveReport`]) và
//! những gì riêng của trò chơi (bảng giá trị, một ván mẫu, chu kỳ…). Mỗi kiểu
//!
//! - in ra thành lời tiếng Việt bằng `Display` (`println!("{a}")`), và
//! - ghi được thành JSON (serde `Serialize`) với cùng các trường.
//!
//! Chương trình `caytrochoi grundy` chỉ đọc đối số, gọi `…Analysis::new` rồi in
//! kết quả; mọi phép tính nằm trong thư viện.
//!
//! ```
//! use caytrochoi::grundy::analysis::BocSoiAnalysis;
//! let a = BocSoiAnalysis::new(20, 30).unwrap();
//! assert_eq!(a.verdict.grundy, Some(4));
//! assert!(a.to_string().contains("trạng thái thua (0, vị trí N"));
//! // Mỗi nước thắng dẫn tới một trạng thái có G = 0.
//! for m in &a.winning_moves {
//!     assert_eq!(BocSoiAnalysis::new(m.to.0, m.to.1).unwrap().verdict.grundy, Some(0));
//! }
//! ```

mod boc_soi;
mod chuyen_soi;
mod dam;
mod nim;
mod nim_split;
mod octal;
mod queen;
mod socola;
mod to_mau;

pub use boc_soi::BocSoiAnalysis;
pub use chuyen_soi::{ChuyenSoiAnalysis, StonesAt};
pub use dam::move_text as dam_move_text;
pub use dam::DamAnalysis;
pub use nim::NimAnalysis;
pub use nim_split::NimSplitAnalysis;
pub use octal::{HeapMove, OctalAnalysis, PeriodAnalysis};
pub use queen::QueenAnalysis;
pub use socola::SocolaAnalysis;
pub use to_mau::ToMauAnalysis;

use crate::outcome::Outcome;
#[cfg(feature = "json")]
use serde::ser::SerializeMap;
#[cfg(feature = "json")]
use serde::{Serialize, Serializer};
use std::fmt;

/// Kết luận về một trạng thái: giá trị Grundy (nếu có) và loại trạng thái.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// G(X); `None` khi trò chơi có chu trình nên không có hàm Grundy.
    pub grundy: Option<u32>,
    /// Loại trạng thái (thắng / thua / hòa theo bài giảng, P / N / D).
    pub outcome: Outcome,
}

impl Verdict {
    /// Kết luận từ giá trị Grundy `g`.
    pub fn from_grundy(g: u32) -> Verdict {
        Verdict {
            grundy: Some(g),
            outcome: Outcome::from_grundy(g),
        }
    }

    /// Kết luận khi chỉ biết loại trạng thái (phân tích ngược, không có G).
    pub fn from_outcome(outcome: Outcome) -> Verdict {
        Verdict {
            grundy: None,
            outcome,
        }
    }
}

impl fmt::Display for Verdict {
    /// Ví dụ: `G = 4: trạng thái thua (0, vị trí N: người đến lượt thắng); người đi trước thắng.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(g) = self.grundy {
            write!(f, "G = {g}: ")?;
        }
        let who = match self.outcome.player_to_move_wins() {
            Some(true) => "người đi trước thắng",
            Some(false) => "người đi trước thua nếu đối thủ biết chơi",
            None => "không ai ép được thắng",
        };
        write!(f, "{}; {who}.", self.outcome)
    }
}

/// JSON: `grundy` (số hoặc `null`), `outcome` (`next_wins`, `previous_wins`,
/// `draw`), `first_player_wins` (người đến lượt thắng không; `null` khi hòa),
/// `classification` (mã của bài giảng 1, 0, −1), `lecture_name` ("thắng",
/// "thua", "hòa") và `pn` ("P", "N", "D").
#[cfg(feature = "json")]
impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("grundy", &self.grundy)?;
        m.serialize_entry("outcome", &self.outcome)?;
        m.serialize_entry("first_player_wins", &self.outcome.player_to_move_wins())?;
        m.serialize_entry("classification", &self.outcome.lecture_code())?;
        m.serialize_entry("lecture_name", self.outcome.lecture_name())?;
        m.serialize_entry("pn", self.outcome.pn_name())?;
        m.end()
    }
}

/// Một nước đi kèm lời mô tả và trạng thái nó dẫn tới.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct MoveReport<M, P> {
    /// Nước đi (kiểu nước đi của trò chơi).
    #[cfg_attr(feature = "json", serde(rename = "move"))]
    pub mv: M,
    /// Mô tả bằng lời, ví dụ `bốc 2 viên ở mỗi đống, còn (18, 28)`.
    pub text: String,
    /// Trạng thái sau nước đi, viết như trò chơi viết trạng thái của nó.
    pub to: P,
}

/// In dòng "nước thắng" chung cho mọi trò chơi có hàm Grundy.
fn write_moves<M, P>(f: &mut fmt::Formatter<'_>, moves: &[MoveReport<M, P>]) -> fmt::Result {
    write_moves_into(f, moves, "trạng thái có G = 0", "trạng thái có G > 0")
}

/// In dòng "nước thắng": các nước đi vào `winning` ("trạng thái có G = 0"), hoặc
/// câu nói rằng mọi nước đều dẫn tới `losing`.
fn write_moves_into<M, P>(
    f: &mut fmt::Formatter<'_>,
    moves: &[MoveReport<M, P>],
    winning: &str,
    losing: &str,
) -> fmt::Result {
    if moves.is_empty() {
        writeln!(
            f,
            "Không có nước thắng: mọi nước đi (nếu còn) đều để lại {losing}."
        )
    } else {
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        writeln!(f, "Nước thắng (đưa về {winning}): {}", texts.join("; "))
    }
}

/// In một dãy giá trị, 20 số mỗi dòng.
fn write_values(f: &mut fmt::Formatter<'_>, title: &str, values: &[u32]) -> fmt::Result {
    writeln!(f, "{title}")?;
    for (i, chunk) in values.chunks(20).enumerate() {
        let body: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        writeln!(f, "  n = {:>5}…: {}", i * 20, body.join(" "))?;
    }
    Ok(())
}

/// Dãy G(0), …, G(k − 1) của một trò chơi một đống (Nim chia đống, Tô màu, trò
/// chơi bát phân).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct GrundySequence {
    /// Tên trò chơi như trên dòng lệnh: `nim-chia`, `to-mau`, `octal`.
    pub game: &'static str,
    /// Mã bát phân, nếu là trò chơi bát phân.
    #[cfg_attr(feature = "json", serde(skip_serializing_if = "Option::is_none"))]
    pub code: Option<String>,
    /// G(0), G(1), …
    pub values: Vec<u32>,
    #[cfg_attr(feature = "json", serde(skip))]
    title: String,
}

impl GrundySequence {
    /// Dãy của Nim chia đống.
    pub fn nim_split(count: usize) -> Result<GrundySequence, crate::grundy::GrundyError> {
        let values = crate::grundy::games::nim_split::nim_split_values(count)?;
        Ok(GrundySequence {
            game: "nim-chia",
            code: None,
            title: format!("Nim chia đống: G(0) … G({})", count.saturating_sub(1)),
            values,
        })
    }

    /// Dãy của Tô màu.
    pub fn to_mau(count: usize) -> Result<GrundySequence, crate::grundy::GrundyError> {
        let values = crate::grundy::games::to_mau::to_mau_values(count)?;
        Ok(GrundySequence {
            game: "to-mau",
            code: None,
            title: format!("Tô màu: G(0) … G({})", count.saturating_sub(1)),
            values,
        })
    }

    /// Dãy của một trò chơi bát phân.
    pub fn octal(
        game: &crate::grundy::OctalGame,
        count: usize,
    ) -> Result<GrundySequence, crate::grundy::GrundyError> {
        Ok(GrundySequence {
            game: "octal",
            code: Some(game.code().to_string()),
            title: format!(
                "Trò chơi bát phân {}: G(0) … G({})",
                game.code(),
                count.saturating_sub(1)
            ),
            values: game.values(count)?,
        })
    }
}

impl fmt::Display for GrundySequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_values(f, &self.title, &self.values)
    }
}

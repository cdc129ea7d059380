//! Kết quả của một trạng thái khi cả hai bên chơi hoàn hảo: ai thắng, hay hòa.
//!
//! Một kiểu [`Outcome`] dùng chung cho hàm Grundy ([`crate::grundy`]) và cho
//! lời giải chính xác của Dodgem ([`crate::dodgem`]).
//!
//! # Hai cách gọi tên — đọc kỹ trước khi dùng
//!
//! Bài "Trò chơi đối kháng xác định" đặt tên trạng thái theo người **đi vào** nó
//! (người vừa đi). Sách về lý thuyết trò chơi tổ hợp dùng chữ P/N, đặt theo ai
//! thắng: người vừa đi (*Previous*) hay người đi tiếp (*Next*). Hai cách gọi chỉ
//! khác nhau ở chỗ nhìn từ phía ai:
//!
//! | `Outcome` | chữ thường gặp | bài giảng (mã) | hàm Grundy | người **đến lượt** |
//! | --- | --- | --- | --- | --- |
//! | [`PreviousWins`](Outcome::PreviousWins) | vị trí P | trạng thái **thắng** (1) | G = 0 | thua (nếu đối thủ biết chơi) |
//! | [`NextWins`](Outcome::NextWins) | vị trí N | trạng thái **thua** (0) | G > 0 | thắng |
//! | [`Draw`](Outcome::Draw) | D (hòa) | **hòa** (−1) | không xác định | không ai ép được thắng |
//!
//! Tên các biến thể dịch đúng nghĩa của bài giảng: "trạng thái thắng" là trạng
//! thái mà *người vừa đi vào* thắng — `PreviousWins`. Vì thế một nước đi tốt là
//! nước đi **vào** một trạng thái `PreviousWins` ("thắng" theo bài giảng), và
//! trạng thái không còn nước đi nào (người đến lượt thua) là `PreviousWins`.
//!
//! Dodgem dùng cùng quy ước: lời giải chính xác cho `NextWins` khi bên đến lượt
//! thắng, và một nước thắng là nước đưa bàn cờ vào thế `PreviousWins`.
//!
//! ```
//! use caytrochoi::Outcome;
//! let o = Outcome::from_grundy(0);
//! assert_eq!(o, Outcome::PreviousWins);
//! assert_eq!(o.lecture_name(), "thắng"); // tên của bài giảng
//! assert_eq!(o.pn_name(), "P"); // tên thường gặp
//! assert_eq!(o.player_to_move_wins(), Some(false)); // người đến lượt thua
//! ```

#[cfg(feature = "json")]
use serde::Serialize;
use std::fmt;

/// Kết quả của một trạng thái khi cả hai chơi hoàn hảo (xem bảng ở đầu mô-đun).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
#[cfg_attr(feature = "json", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// vị trí N: người **đến lượt** thắng (có một nước đi vào trạng thái
    /// `PreviousWins`). Bài giảng gọi là trạng thái **thua** (mã 0); G > 0.
    NextWins,
    /// vị trí P: người **vừa đi** vào trạng thái này thắng; người đến lượt thua
    /// dù đi thế nào (mọi nước đều dẫn tới `NextWins`). Bài giảng gọi là trạng
    /// thái **thắng** (mã 1); G = 0.
    PreviousWins,
    /// Hòa: không bên nào ép được thắng (ván có thể kéo dài mãi vì chu trình).
    /// Bài giảng: **hòa** (mã −1).
    Draw,
}

impl Outcome {
    /// Kết quả suy ra từ giá trị Grundy: G = 0 là `PreviousWins`, G > 0 là `NextWins`.
    pub fn from_grundy(g: u32) -> Outcome {
        if g == 0 {
            Outcome::PreviousWins
        } else {
            Outcome::NextWins
        }
    }

    /// Tên theo bài giảng (theo người đi **vào** trạng thái): "thắng", "thua", "hòa".
    pub fn lecture_name(self) -> &'static str {
        match self {
            Outcome::PreviousWins => "thắng",
            Outcome::NextWins => "thua",
            Outcome::Draw => "hòa",
        }
    }

    /// Mã số của bài giảng: 1 (thắng), 0 (thua), −1 (hòa).
    pub fn lecture_code(self) -> i8 {
        match self {
            Outcome::PreviousWins => 1,
            Outcome::NextWins => 0,
            Outcome::Draw => -1,
        }
    }

    /// Tên thường gặp trong sách: "P", "N" hoặc "D".
    pub fn pn_name(self) -> &'static str {
        match self {
            Outcome::PreviousWins => "P",
            Outcome::NextWins => "N",
            Outcome::Draw => "D",
        }
    }

    /// Người **đến lượt** thắng không: `Some(true)`, `Some(false)`, hoặc `None` khi hòa.
    pub fn player_to_move_wins(self) -> Option<bool> {
        match self {
            Outcome::NextWins => Some(true),
            Outcome::PreviousWins => Some(false),
            Outcome::Draw => None,
        }
    }

    /// Kết quả của người **đến lượt**, bằng lời: "thắng", "thua" hoặc "hòa"
    /// (ngược với [`Outcome::lecture_name`] ở hai trường hợp đầu).
    pub fn for_player_to_move(self) -> &'static str {
        match self {
            Outcome::NextWins => "thắng",
            Outcome::PreviousWins => "thua",
            Outcome::Draw => "hòa",
        }
    }

    /// Kết quả của trạng thái mà nước đi **tốt nhất** từ đây dẫn tới: từ
    /// `NextWins` đi vào `PreviousWins`, từ hòa giữ hòa, từ `PreviousWins` thì
    /// nước nào cũng dẫn tới `NextWins`.
    pub fn after_best_move(self) -> Outcome {
        match self {
            Outcome::NextWins => Outcome::PreviousWins,
            Outcome::PreviousWins => Outcome::NextWins,
            Outcome::Draw => Outcome::Draw,
        }
    }
}

impl fmt::Display for Outcome {
    /// Ví dụ: `trạng thái thắng (1, vị trí P: người đến lượt thua)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self {
            Outcome::PreviousWins => "người đến lượt thua",
            Outcome::NextWins => "người đến lượt thắng",
            Outcome::Draw => "không ai ép được thắng",
        };
        write!(
            f,
            "trạng thái {} ({}, vị trí {}: {who})",
            self.lecture_name(),
            self.lecture_code(),
            self.pn_name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_namings_are_mirror_images() {
        for o in [Outcome::NextWins, Outcome::PreviousWins, Outcome::Draw] {
            // Tên của bài giảng là kết quả của người vừa đi: đổi vai N ↔ P rồi
            // đọc theo người đến lượt thì ra đúng tên ấy.
            assert_eq!(o.lecture_name(), o.after_best_move().for_player_to_move());
            assert_eq!(o.after_best_move().after_best_move(), o);
        }
        assert_eq!(Outcome::from_grundy(3), Outcome::NextWins);
        assert_eq!(
            Outcome::PreviousWins.to_string(),
            "trạng thái thắng (1, vị trí P: người đến lượt thua)"
        );
    }
}

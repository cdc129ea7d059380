//! Hai đấu thủ của cây trò chơi: MAX và MIN.
//!
//! MAX muốn giá trị càng lớn càng tốt, MIN muốn giá trị càng nhỏ càng tốt.
//! Vì hai người đi luân phiên nên các mức của cây cũng luân phiên MAX, MIN
//! (cây MIN-MAX).

#[cfg(feature = "json")]
use serde::{Deserialize, Serialize};
use std::fmt;

/// Người đến lượt đi tại một nút (chế độ `mode` trong `Search(n, mode)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "lowercase"))]
pub enum Player {
    /// Nút MAX: chọn con có giá trị lớn nhất.
    Max,
    /// Nút MIN: chọn con có giá trị nhỏ nhất.
    Min,
}

impl Player {
    /// Đối thủ của người này.
    pub fn opponent(self) -> Player {
        match self {
            Player::Max => Player::Min,
            Player::Min => Player::Max,
        }
    }

    /// Giá trị tạm ban đầu của một nút: −∞ cho nút MAX, +∞ cho nút MIN.
    pub fn initial_temp(self) -> f64 {
        match self {
            Player::Max => f64::NEG_INFINITY,
            Player::Min => f64::INFINITY,
        }
    }

    /// Gộp giá trị tạm với giá trị của một con: `max` ở nút MAX, `min` ở nút MIN.
    pub fn combine(self, temp: f64, child: f64) -> f64 {
        match self {
            Player::Max => temp.max(child),
            Player::Min => temp.min(child),
        }
    }

    /// Giá trị người này chọn trong các giá trị của các con: gộp lần lượt từ giá
    /// trị tạm ban đầu, tức lớn nhất cho MAX, nhỏ nhất cho MIN (không con nào thì
    /// ±∞).
    ///
    /// ```
    /// use caytrochoi::Player;
    /// assert_eq!(Player::Max.pick([3.0, 9.0, 5.0]), 9.0);
    /// assert_eq!(Player::Min.pick([3.0, 9.0, 5.0]), 3.0);
    /// ```
    pub fn pick(self, values: impl IntoIterator<Item = f64>) -> f64 {
        values
            .into_iter()
            .fold(self.initial_temp(), |temp, v| self.combine(temp, v))
    }

    /// `true` khi giá trị `a` tốt hơn hẳn `b` đối với người này.
    pub fn prefers(self, a: f64, b: f64) -> bool {
        match self {
            Player::Max => a > b,
            Player::Min => a < b,
        }
    }

    /// Tên hàm gộp như trong bài giảng: `Max` hoặc `Min`.
    pub fn fn_name(self) -> &'static str {
        match self {
            Player::Max => "Max",
            Player::Min => "Min",
        }
    }

    /// Đọc `max` / `min` (không phân biệt hoa thường).
    pub fn parse(text: &str) -> Option<Player> {
        match text.trim().to_lowercase().as_str() {
            "max" => Some(Player::Max),
            "min" => Some(Player::Min),
            _ => None,
        }
    }
}

/// Người thắng một ván đã xong theo dấu của kết quả `payoff` (tính theo MAX):
/// dương là MAX, âm là MIN, 0 là hòa (`None`).
pub(crate) fn winner(payoff: f64) -> Option<Player> {
    if payoff > 0.0 {
        Some(Player::Max)
    } else if payoff < 0.0 {
        Some(Player::Min)
    } else {
        None
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Max => "MAX",
            Player::Min => "MIN",
        })
    }
}

//! Mức độ khó của một bài và chương của giáo trình mà bài thuộc về.

use std::fmt;

/// Mức độ khó: cây lớn dần, bài dài dần, nhưng vẫn làm được bằng tay.
///
/// | mức | cây trò chơi | Grundy | Dodgem |
/// |---|---|---|---|
/// | dễ | sâu 2–3, mỗi nút 2–3 con, ≤ 9 lá | tập 3–4 số, đồ thị 5 đỉnh, 2 đống ≤ 10, Bốc sỏi ≤ 5, Tô màu 6–9 ô, Hậu trên bàn 6 × 6 | 2–6 nước từ thế đầu |
/// | vừa | sâu 3, mỗi nút 2–3 con, ≤ 14 lá | đồ thị 6–7 đỉnh, 3 đống ≤ 12, Bốc sỏi ≤ 8, Tô màu 8–13 ô, bàn 10 × 10 | 4–10 nước |
/// | khó | sâu 4–5, mỗi nút 2–4 con, ≤ 22 lá, có cắt sâu | đồ thị 8 đỉnh, 3–4 đống ≤ 15, Bốc sỏi ≤ 12, Tô màu 12–18 ô, bàn 16 × 16 | 6–14 nước, có xe đã ra |
///
/// ```
/// use caytrochoi::practice::Level;
/// assert_eq!(Level::parse("vừa"), Some(Level::Medium));
/// assert_eq!(Level::parse("kho"), Some(Level::Hard));
/// assert_eq!(Level::Easy.to_string(), "dễ");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Dễ.
    Easy,
    /// Vừa.
    Medium,
    /// Khó.
    Hard,
}

impl Level {
    /// Cả ba mức, từ dễ đến khó.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// Tên tiếng Việt: "dễ", "vừa", "khó".
    pub fn name_vi(self) -> &'static str {
        ["dễ", "vừa", "khó"][self as usize]
    }

    /// Tên gõ được (không dấu): `de`, `vua`, `kho`.
    pub fn code(self) -> &'static str {
        ["de", "vua", "kho"][self as usize]
    }

    /// Giá trị của mức này trong bảng `[dễ, vừa, khó]` (cỡ của bài sinh ngẫu
    /// nhiên: `level.pick([5, 8, 12])`).
    pub(crate) fn pick<T>(self, [easy, medium, hard]: [T; 3]) -> T {
        match self {
            Level::Easy => easy,
            Level::Medium => medium,
            Level::Hard => hard,
        }
    }

    /// Đọc `de`/`dễ`/`1`, `vua`/`vừa`/`2`, `kho`/`khó`/`3`.
    pub fn parse(text: &str) -> Option<Level> {
        match super::answer::fold(text).as_str() {
            "de" | "1" | "easy" => Some(Level::Easy),
            "vua" | "2" | "medium" => Some(Level::Medium),
            "kho" | "3" | "hard" => Some(Level::Hard),
            _ => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name_vi())
    }
}

/// Chương của giáo trình mà một bài luyện tập thuộc về.
///
/// ```
/// use caytrochoi::practice::Topic;
/// assert_eq!(Topic::parse("4"), Some(Topic::AlphaBeta));
/// assert_eq!(Topic::AlphaBeta.number(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topic {
    /// Chương 1: quay lui, cây max–min nhỏ.
    Backtracking,
    /// Chương 2: cây trò chơi.
    GameTree,
    /// Chương 3: vét cạn (minimax), giá trị tạm, tính trước n nước.
    Minimax,
    /// Chương 4: cắt tỉa alpha-beta.
    AlphaBeta,
    /// Chương 5: hàm Grundy, tổng trò chơi.
    Grundy,
    /// Chương 6: Dodgem.
    Dodgem,
    /// Chương 7: tìm kiếm thực tế (negamax, bảng chuyển vị, MCTS).
    Search,
}

impl Topic {
    /// Mọi chương, theo thứ tự.
    pub const ALL: [Topic; 7] = [
        Topic::Backtracking,
        Topic::GameTree,
        Topic::Minimax,
        Topic::AlphaBeta,
        Topic::Grundy,
        Topic::Dodgem,
        Topic::Search,
    ];

    /// Số chương (1…7): các chương được khai báo theo thứ tự.
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// Tên chương.
    pub fn name_vi(self) -> &'static str {
        [
            "quay lui",
            "cây trò chơi",
            "vét cạn (minimax)",
            "cắt tỉa alpha-beta",
            "hàm Grundy",
            "Dodgem",
            "tìm kiếm thực tế",
        ][self as usize]
    }

    /// Đọc số chương `1`…`7` (hoặc `ch4`, `chuong4`).
    pub fn parse(text: &str) -> Option<Topic> {
        let t = super::answer::fold(text);
        let digits = t
            .trim_start_matches("chuong")
            .trim_start_matches("ch")
            .trim();
        Topic::ALL
            .into_iter()
            .find(|t| t.number().to_string() == digits)
    }
}

impl fmt::Display for Topic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "chương {} — {}", self.number(), self.name_vi())
    }
}

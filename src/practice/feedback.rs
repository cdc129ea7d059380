//! Lời nhận xét có bậc: sai lần đầu chỉ nói **loại lỗi**, sai lần hai chỉ ra
//! **nút và phép so sánh** quyết định, và chỉ khi được hỏi (hoặc sau lần sai thứ
//! ba) mới cho **lời giải đầy đủ** với các bước và hình.
//!
//! | lần sai | sinh viên nhận được | ví dụ |
//! |---|---|---|
//! | 1 | loại lỗi ([`HintLevel::Kind`]) | "Bạn cắt thừa một nhánh: G." |
//! | 2 | nút và phép so sánh ([`HintLevel::Detail`]) | "khi tới G, D (nút MIN) có Vq = ∞ mà Vp = 1 …" |
//! | ≥ 3 | lời giải ([`HintLevel::Solution`]) | đáp án, vết từng bước, hình cây |
//!
//! Chấm là một hàm thuần: cùng câu trả lời, cùng số lần đã sai thì cùng lời nhận
//! xét ([`Problem::grade`](super::Problem::grade)). Chỗ trống (`"?"`) và câu trả
//! lời không đọc được không tính là một lần sai.

use super::solution::Solution;
use std::fmt;

/// Câu mở đầu một lời nhận xét sai; `{n}` là số lần đã sai.
pub(crate) const WRONG_HEAD: &str = "Chưa đúng (lần thử sai thứ {n}).";
/// Câu cuối ở bậc 1.
pub(crate) const AFTER_KIND: &str = "Sửa lại rồi thử lần nữa: lần sau sẽ có gợi ý chỉ rõ chỗ sai \
                              (nút và phép so sánh, hay phép tính quyết định).";
/// Câu cuối ở bậc 2.
pub(crate) const AFTER_DETAIL: &str = "Thử lần nữa: nếu vẫn chưa đúng, lời giải đầy đủ sẽ hiện ra.";
/// Tiêu đề phần lời giải ở bậc 3.
pub(crate) const SOLUTION_HEAD: &str = "Lời giải đầy đủ:";
/// Câu mở đầu một lời nhận xét đúng.
pub(crate) const RIGHT_HEAD: &str = "Đúng!";

/// Kết luận về một câu trả lời.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Đúng.
    Correct,
    /// Sai (tính một lần thử).
    Wrong,
    /// Chưa trả lời (vẫn là `"?"`).
    Blank,
    /// Không đọc được (không tính một lần thử).
    Unreadable,
}

/// Bậc của lời gợi ý kèm một câu trả lời sai.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum HintLevel {
    /// Bậc 1: chỉ loại lỗi.
    Kind = 1,
    /// Bậc 2: nút và phép so sánh quyết định.
    Detail = 2,
    /// Bậc 3: lời giải đầy đủ (các bước và hình).
    Solution = 3,
}

impl HintLevel {
    /// Bậc gợi ý cho lần sai thứ `wrong_tries` (tính cả lần này, từ 1).
    pub fn after(wrong_tries: u32) -> HintLevel {
        match wrong_tries {
            0 | 1 => HintLevel::Kind,
            2 => HintLevel::Detail,
            _ => HintLevel::Solution,
        }
    }
}

/// Loại lỗi (để kiểm thử và thống kê; lời nói với sinh viên nằm trong [`Mistake`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MistakeKind {
    // --- Cây trò chơi ---
    /// Giá trị chưa đúng.
    WrongValue,
    /// Đảo vai MAX và MIN.
    FlippedRoles,
    /// Lấy số lớn nhất (nhỏ nhất) của mọi lá.
    ExtremeLeaf,
    /// Một số không phải giá trị của lá nào.
    NotALeafValue,
    /// Giá trị của một nút con không được chọn.
    UnchosenChild,
    /// Nhãn không có trong cây.
    UnknownLabel,
    /// Nước đi không phải con của gốc.
    NotAChild,
    /// Nước đi chưa tốt nhất.
    NotBestMove,
    /// Ghi một nhánh không bị cắt (cắt thừa).
    ExtraPrune,
    /// Ghi một nút bên trong cây con đã bị cắt thay cho gốc cây con đó.
    InsideCut,
    /// Ghi gốc của cây (gốc không bao giờ bị cắt).
    RootCut,
    /// Thiếu một nhánh bị cắt.
    MissedPrune,
    /// Số lá chưa đúng.
    WrongCount,
    /// Giá trị tạm ban đầu sai (−∞ cho MAX, ∞ cho MIN).
    TempInitial,
    /// Dùng nhầm Max / Min.
    TempFunction,
    /// Giá trị tạm đi sai chiều (nút MAX chỉ tăng, nút MIN chỉ giảm).
    TempDirection,
    /// Một số trong `Max(cũ, con) = mới` sai.
    TempNumber,
    /// Thiếu giá trị tạm.
    TempsMissing,
    /// Thừa giá trị tạm.
    TempsExtra,
    /// Định trị một lá nằm trong cây con bị cắt.
    LeafNotEvaluated,
    /// Bỏ qua một lá phải định trị.
    LeafSkipped,
    /// Thứ tự các lá sai.
    LeafOrder,
    // --- Grundy ---
    /// mex: số trả lời có trong tập.
    MexPresent,
    /// mex: còn số nhỏ hơn không có trong tập.
    MexTooLarge,
    /// G của một đỉnh sai.
    GrundyWrong,
    /// Thiếu G của một đỉnh.
    GrundyMissing,
    /// Đảo thắng / thua.
    OutcomeFlipped,
    /// Nước đi không hợp lệ.
    IllegalMove,
    /// Nước đi hợp lệ nhưng chưa thắng.
    NotWinningMove,
    /// Mã thắng / thua / hòa của một đỉnh sai.
    CodeWrong,
    /// Thiếu mã của một đỉnh.
    CodeMissing,
    /// Ghi một ô không phải ô "thắng" (G ≠ 0).
    NotPPosition,
    /// Thiếu một ô "thắng".
    PPositionMissed,
    // --- Dodgem ---
    /// Một thành phần của hàm lượng giá sai.
    WrongTerm,
    /// Cộng các thành phần sai.
    WrongSum,
    /// Giá trị của nước đi sai.
    WrongMoveValue,
    /// Ngược dấu (cả bàn, hay điểm cản của Đen).
    SignFlipped,
    /// Sót một phần của hàm lượng giá (điểm cản, xe đã ra).
    TermMissing,
    /// Đổi chỗ hai loại cản (40 và 30).
    BlockSwapped,
    /// Nước đi không giữ được kết quả chính xác (thắng thành hòa hay thua…).
    LosesOutcome,
    /// Đếm nút: quên chính nút gốc.
    RootNotCounted,
    /// Đếm nút: chỉ đếm các nút được lượng giá.
    LeavesOnly,
    /// Đếm nút: ghi số nút của vét cạn cho một thuật toán cắt tỉa.
    ExhaustiveCount,
    // --- Tìm kiếm thực tế (chương 7) ---
    /// Bảng chuyển vị: loại mục sai (đúng / cận dưới / cận trên).
    BoundKind,
    /// MCTS: bỏ qua nước thắng ngay mà MCTS đã chọn.
    MissedWin,
    /// MCTS: nước này không phải nước được thăm nhiều nhất.
    NotMostVisited,
    // --- Biểu thức ---
    /// Tính từ trái sang phải, bỏ qua thứ tự ưu tiên.
    LeftToRight,
}

/// Một lỗi trong câu trả lời: loại lỗi, lời nói ở bậc 1 và lời giải thích ở bậc 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    /// Loại lỗi.
    pub kind: MistakeKind,
    /// Bậc 1: loại lỗi, nói bằng lời (không tiết lộ đáp án). Nhiều lỗi cùng
    /// một câu bậc 1 thì câu đó chỉ hiện một lần.
    pub hint: String,
    /// Bậc 2: cả câu, nêu loại lỗi cùng nút và phép so sánh quyết định.
    pub detail: String,
}

impl Mistake {
    /// Một lỗi.
    pub fn new(kind: MistakeKind, hint: impl Into<String>, detail: impl Into<String>) -> Mistake {
        Mistake {
            kind,
            hint: hint.into(),
            detail: detail.into(),
        }
    }
}

/// Lời nhận xét cho một câu trả lời.
#[derive(Debug, Clone, PartialEq)]
pub struct Feedback {
    /// Đúng, sai, chưa trả lời hay không đọc được.
    pub verdict: Verdict,
    /// Số lần đã trả lời sai, tính cả lần này.
    pub tries: u32,
    /// Bậc gợi ý đã cho (với câu trả lời sai).
    pub level: HintLevel,
    /// Lời nhận xét bằng tiếng Việt (nhiều dòng).
    pub message: String,
    /// Các lỗi tìm được (rỗng nếu đúng).
    pub mistakes: Vec<Mistake>,
    /// Lời giải đầy đủ, chỉ có ở bậc 3.
    pub solution: Option<Solution>,
}

impl Feedback {
    /// `true` nếu câu trả lời đúng.
    pub fn ok(&self) -> bool {
        self.verdict == Verdict::Correct
    }

    /// `false` nếu chưa trả lời (vẫn là `"?"`).
    pub fn answered(&self) -> bool {
        self.verdict != Verdict::Blank
    }

    /// Lời nhận xét không kèm lỗi hay lời giải (không tính là một lần sai).
    fn plain(verdict: Verdict, message: String) -> Feedback {
        Feedback {
            verdict,
            tries: 0,
            level: HintLevel::Kind,
            message,
            mistakes: Vec::new(),
            solution: None,
        }
    }

    /// Câu trả lời đúng.
    pub fn correct(message: impl Into<String>) -> Feedback {
        Feedback::plain(Verdict::Correct, format!("{RIGHT_HEAD} {}", message.into()))
    }

    /// Chưa trả lời; `how` nhắc cách viết câu trả lời.
    pub fn blank(how: &str) -> Feedback {
        let message =
            format!("Chưa có câu trả lời: hãy thay \"?\" bằng câu trả lời của bạn. {how}");
        Feedback::plain(Verdict::Blank, message)
    }

    /// Không đọc được câu trả lời: `why` nói vì sao, `how` nhắc cách viết.
    pub fn unreadable(why: &str, how: &str) -> Feedback {
        let message = format!("Chưa đọc được câu trả lời: {why}. {how}");
        Feedback::plain(Verdict::Unreadable, message)
    }

    /// Câu trả lời sai, lần sai thứ `tries` (từ 1): lời nhận xét theo bậc.
    /// `solution` chỉ được gọi khi tới bậc 3.
    pub fn wrong(
        mistakes: Vec<Mistake>,
        tries: u32,
        solution: impl FnOnce() -> Solution,
    ) -> Feedback {
        let tries = tries.max(1);
        let level = HintLevel::after(tries);
        let mut message = WRONG_HEAD.replace("{n}", &tries.to_string());
        // Bậc 1: các loại lỗi (mỗi câu một lần); từ bậc 2: từng lỗi với nút và
        // phép so sánh của nó.
        let detailed = |m: &Mistake| level >= HintLevel::Detail && !m.detail.is_empty();
        let mut shown: Vec<&String> = Vec::new();
        for m in &mistakes {
            let line = if detailed(m) { &m.detail } else { &m.hint };
            if !shown.contains(&line) {
                shown.push(line);
                message.push_str(&format!("\n• {line}"));
            }
        }
        let solution = (level == HintLevel::Solution).then(solution);
        match &solution {
            Some(s) => message.push_str(&format!("\n\n{SOLUTION_HEAD}\n{}", s.text())),
            None if level == HintLevel::Kind => message.push_str(&format!("\n{AFTER_KIND}")),
            None => message.push_str(&format!("\n{AFTER_DETAIL}")),
        }
        Feedback {
            verdict: Verdict::Wrong,
            tries,
            level,
            message,
            mistakes,
            solution,
        }
    }

    /// Lời nhận xét không kèm phần lời giải: đúng phần mà một trang hiện trong
    /// khung chữ, còn lời giải (đáp án, các bước, hình) hiện riêng bên dưới. Trước
    /// bậc 3 đó là cả [`Feedback::message`].
    ///
    /// ```
    /// use caytrochoi::practice::{Level, Problem, Topic};
    /// let p = Problem::generate(7, Level::Easy, Topic::Minimax);
    /// let f = p.grade("9999", 3); // lần sai thứ tư: có lời giải
    /// assert!(f.message.starts_with(f.verdict_text()));
    /// assert!(!f.verdict_text().contains("Lời giải đầy đủ"));
    /// assert_eq!(p.grade("9999", 0).verdict_text(), p.grade("9999", 0).message);
    /// ```
    pub fn verdict_text(&self) -> &str {
        match self.message.split_once(&format!("\n\n{SOLUTION_HEAD}\n")) {
            Some((head, _)) if self.solution.is_some() => head,
            _ => &self.message,
        }
    }

    /// Có lỗi loại `kind` không.
    pub fn has(&self, kind: MistakeKind) -> bool {
        self.mistakes.iter().any(|m| m.kind == kind)
    }

    /// Biểu tượng: ✅ đúng, ❌ sai, ✏️ chưa trả lời, ❓ không đọc được.
    pub fn icon(&self) -> &'static str {
        match self.verdict {
            Verdict::Correct => "✅",
            Verdict::Wrong => "❌",
            Verdict::Blank => "✏️",
            Verdict::Unreadable => "❓",
        }
    }

    /// Khung HTML: nền xanh (đúng), đỏ (sai), vàng (chưa trả lời, không đọc
    /// được); ở bậc 3 kèm hình và các bước của lời giải.
    pub fn to_html(&self) -> String {
        let (background, border) = match self.verdict {
            Verdict::Correct => ("#e8f6ec", "#1a8f3a"),
            Verdict::Wrong => ("#fdecea", "#c0392b"),
            Verdict::Blank | Verdict::Unreadable => ("#fff6e0", "#d68a00"),
        };
        // Phần lời giải hiện riêng (có hình), không lặp trong khung chữ.
        let text = self.verdict_text();
        let mut h = format!(
            "<div style=\"border-left:5px solid {border};background:{background};padding:8px 12px;\
             white-space:pre-wrap;font-family:sans-serif;line-height:1.45\">{} {}</div>",
            self.icon(),
            super::solution::inline_html(text)
        );
        if let Some(s) = &self.solution {
            h.push_str(
                "<div style=\"font-family:sans-serif;margin-top:6px\"><b>Lời giải đầy đủ</b>",
            );
            h.push_str(&s.to_html());
            h.push_str("</div>");
        }
        h
    }

    /// Hiện lời nhận xét trong notebook evcxr.
    pub fn evcxr_display(&self) {
        crate::display::emit("text/html", &self.to_html());
    }
}

impl fmt::Display for Feedback {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.icon(), self.message)
    }
}

//! Các dạng bài luyện tập, và dạng nào thuộc chương nào.

use super::level::{Level, Topic};
use crate::search::Algorithm;
use std::fmt;

/// Một dạng bài (câu hỏi), chưa kèm dữ liệu.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Giá trị của gốc (vét cạn).
    RootValue,
    /// Nước đi tốt nhất từ gốc.
    BestMove,
    /// Các lá được định trị, theo thứ tự.
    LeafOrder(Algorithm),
    /// Dãy giá trị tạm của một nút.
    Temps(Algorithm),
    /// Giá trị của gốc khi chỉ tính trước vài nước (ước lượng ở độ sâu giới hạn).
    DepthLimited,
    /// Các cây con bị cắt tỉa.
    Pruned(Algorithm),
    /// Số lá được định trị.
    LeafCount(Algorithm),
    /// mex của một tập.
    Mex,
    /// G của mọi đỉnh một đồ thị.
    GraphGrundy,
    /// Mã thắng (1) / thua (0) / hòa (−1) của bài giảng cho mọi đỉnh một đồ thị
    /// (có thể có chu trình).
    GraphOutcomes,
    /// Thế Nim: người đến lượt thắng hay thua.
    NimOutcome,
    /// Một nước thắng trong Nim.
    NimMove,
    /// Một nước thắng trong Bốc sỏi.
    BocSoiMove,
    /// Một nước thắng trong Tô màu.
    ToMauMove,
    /// Mọi ô "thắng" (G = 0) của trò chơi quân Hậu trên một bàn nhỏ.
    QueenPositions,
    /// Một nước thắng của quân Hậu từ một ô cho trước.
    QueenMove,
    /// Lượng giá một bàn cờ Dodgem (từng thành phần).
    DodgemEval,
    /// Giá trị của một bàn cờ Dodgem theo hàm lượng giá (chỉ một số).
    DodgemValue,
    /// Nước tốt nhất của Dodgem khi nhìn trước hai nước, và giá trị của nó.
    DodgemBest,
    /// Một nước Dodgem giữ được kết quả chính xác (thắng nếu thắng được, hòa nếu
    /// chỉ hòa được), theo lời giải bằng phân tích ngược.
    DodgemSafeMove,
    /// Số nút mà một thuật toán xét (kể cả gốc) khi nhìn trước vài nước trên Dodgem.
    DodgemNodeCount(Algorithm),
}

impl Kind {
    /// Mọi dạng bài, suy ra từ danh sách các họ bài (`practice/family.rs`).
    ///
    /// ```
    /// use caytrochoi::practice::Kind;
    /// use caytrochoi::Algorithm;
    /// let all = Kind::all();
    /// assert!(all.contains(&Kind::Pruned(Algorithm::Window)));
    /// assert!(!all.contains(&Kind::Pruned(Algorithm::Minimax))); // vét cạn không cắt gì
    /// ```
    pub fn all() -> Vec<Kind> {
        super::AnyFamily::kinds()
    }

    /// Các dạng bài của một chương ở một mức (dạng "tính trước n nước" không có
    /// ở mức dễ).
    ///
    /// ```
    /// use caytrochoi::practice::{Kind, Level, Topic};
    /// use caytrochoi::Algorithm;
    /// let k = Kind::of_topic(Topic::AlphaBeta, Level::Medium);
    /// assert!(k.contains(&Kind::Pruned(Algorithm::CatTia)));
    /// assert!(k.contains(&Kind::Pruned(Algorithm::Window)));
    /// assert!(!Kind::of_topic(Topic::Minimax, Level::Easy).contains(&Kind::DepthLimited));
    /// ```
    pub fn of_topic(topic: Topic, level: Level) -> Vec<Kind> {
        use Algorithm::*;
        match topic {
            Topic::Backtracking => vec![Kind::RootValue],
            Topic::GameTree => vec![Kind::RootValue, Kind::BestMove, Kind::LeafOrder(Minimax)],
            Topic::Minimax => {
                let mut v = vec![Kind::RootValue, Kind::Temps(Minimax), Kind::BestMove];
                if level != Level::Easy {
                    v.push(Kind::DepthLimited);
                }
                v
            }
            Topic::AlphaBeta => vec![
                Kind::Pruned(CatTia),
                Kind::Pruned(Window),
                Kind::LeafCount(CatTia),
                Kind::LeafCount(Window),
                Kind::Temps(CatTia),
                Kind::LeafOrder(Window),
            ],
            Topic::Grundy => vec![
                Kind::Mex,
                Kind::GraphGrundy,
                Kind::GraphOutcomes,
                Kind::NimOutcome,
                Kind::NimMove,
                Kind::BocSoiMove,
                Kind::ToMauMove,
                Kind::QueenMove,
            ],
            Topic::Dodgem => vec![
                Kind::DodgemValue,
                Kind::DodgemEval,
                Kind::DodgemBest,
                Kind::DodgemSafeMove,
                Kind::DodgemNodeCount(Minimax),
                Kind::DodgemNodeCount(Window),
            ],
        }
    }

    /// Chương của dạng bài (chương đầu tiên có nó).
    pub fn topic(self) -> Topic {
        match self {
            Kind::RootValue => Topic::GameTree,
            Kind::BestMove | Kind::LeafOrder(Algorithm::Minimax) => Topic::GameTree,
            Kind::Temps(Algorithm::Minimax) | Kind::DepthLimited => Topic::Minimax,
            Kind::LeafOrder(_) | Kind::Temps(_) | Kind::Pruned(_) | Kind::LeafCount(_) => {
                Topic::AlphaBeta
            }
            Kind::Mex
            | Kind::GraphGrundy
            | Kind::GraphOutcomes
            | Kind::NimOutcome
            | Kind::NimMove
            | Kind::BocSoiMove
            | Kind::ToMauMove
            | Kind::QueenPositions
            | Kind::QueenMove => Topic::Grundy,
            Kind::DodgemEval
            | Kind::DodgemValue
            | Kind::DodgemBest
            | Kind::DodgemSafeMove
            | Kind::DodgemNodeCount(_) => Topic::Dodgem,
        }
    }

    /// Bài có phải về một cây trò chơi không.
    pub fn is_tree(self) -> bool {
        matches!(
            self,
            Kind::RootValue
                | Kind::BestMove
                | Kind::LeafOrder(_)
                | Kind::Temps(_)
                | Kind::DepthLimited
                | Kind::Pruned(_)
                | Kind::LeafCount(_)
        )
    }

    /// Tên gõ được (dòng lệnh): `gia-tri`, `cat-tia`, `cua-so`, `mex`, …
    pub fn code(self) -> String {
        let alg = |a: Algorithm| match a {
            Algorithm::Minimax => "",
            Algorithm::CatTia => "-cat-tia",
            Algorithm::Window => "-cua-so",
        };
        match self {
            Kind::RootValue => "gia-tri".into(),
            Kind::BestMove => "nuoc-di".into(),
            Kind::LeafOrder(a) => format!("thu-tu-la{}", alg(a)),
            Kind::Temps(a) => format!("gia-tri-tam{}", alg(a)),
            Kind::DepthLimited => "tinh-truoc".into(),
            Kind::Pruned(Algorithm::Minimax) => "cat-vet-can".into(),
            Kind::Pruned(Algorithm::CatTia) => "cat-tia".into(),
            Kind::Pruned(Algorithm::Window) => "cua-so".into(),
            Kind::LeafCount(a) => format!("so-la{}", alg(a)),
            Kind::Mex => "mex".into(),
            Kind::GraphGrundy => "grundy-do-thi".into(),
            Kind::GraphOutcomes => "thang-thua-hoa".into(),
            Kind::NimOutcome => "nim".into(),
            Kind::NimMove => "nuoc-nim".into(),
            Kind::BocSoiMove => "boc-soi".into(),
            Kind::ToMauMove => "to-mau".into(),
            Kind::QueenPositions => "quan-hau".into(),
            Kind::QueenMove => "nuoc-hau".into(),
            Kind::DodgemEval => "luong-gia".into(),
            Kind::DodgemValue => "gia-tri-ban-co".into(),
            Kind::DodgemBest => "dodgem".into(),
            Kind::DodgemSafeMove => "nuoc-giu-ket-qua".into(),
            Kind::DodgemNodeCount(a) => format!("so-nut-dodgem{}", alg(a)),
        }
    }

    /// Đọc tên gõ được (xem [`Kind::code`]).
    pub fn parse(text: &str) -> Option<Kind> {
        let t = super::answer::fold(text);
        Kind::all().into_iter().find(|k| k.code() == t)
    }

    /// Tên dạng bài bằng tiếng Việt.
    pub fn name_vi(self) -> String {
        let alg = |a: Algorithm| match a {
            Algorithm::Minimax => "vét cạn",
            Algorithm::CatTia => "cat_tia",
            Algorithm::Window => "cửa sổ (α, β)",
        };
        match self {
            Kind::RootValue => "giá trị của gốc".into(),
            Kind::BestMove => "nước đi tốt nhất".into(),
            Kind::LeafOrder(a) => format!("thứ tự định trị các lá ({})", alg(a)),
            Kind::Temps(a) => format!("giá trị tạm của một nút ({})", alg(a)),
            Kind::DepthLimited => "tính trước vài nước với hàm lượng giá".into(),
            Kind::Pruned(a) => format!("các cây con bị cắt ({})", alg(a)),
            Kind::LeafCount(a) => format!("số lá được định trị ({})", alg(a)),
            Kind::Mex => "mex của một tập".into(),
            Kind::GraphGrundy => "hàm Grundy trên một đồ thị".into(),
            Kind::GraphOutcomes => "thắng, thua, hòa trên một đồ thị có chu trình".into(),
            Kind::NimOutcome => "thế Nim thắng hay thua".into(),
            Kind::NimMove => "nước thắng trong Nim".into(),
            Kind::BocSoiMove => "nước thắng trong Bốc sỏi".into(),
            Kind::ToMauMove => "nước thắng trong Tô màu".into(),
            Kind::QueenPositions => "các ô thắng của quân Hậu".into(),
            Kind::QueenMove => "nước thắng của quân Hậu".into(),
            Kind::DodgemEval => "lượng giá một bàn cờ Dodgem".into(),
            Kind::DodgemValue => "giá trị một bàn cờ Dodgem".into(),
            Kind::DodgemBest => "nước đi Dodgem khi nhìn trước hai nước".into(),
            Kind::DodgemSafeMove => "nước Dodgem giữ được kết quả".into(),
            Kind::DodgemNodeCount(a) => format!("số nút đã xét trên Dodgem ({})", alg(a)),
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name_vi())
    }
}

/// Thuật toán nói trong đề: "vét cạn (minimax)", "cắt tỉa alpha-beta một cận
/// (hàm cat_tia của bài giảng)", "… cửa sổ (α, β) (BlueValue/RedValue)".
pub(crate) fn algorithm_phrase(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Minimax => "vét cạn (minimax)",
        Algorithm::CatTia => "cắt tỉa alpha-beta một cận (hàm cat_tia của bài giảng)",
        Algorithm::Window => "cắt tỉa alpha-beta với cửa sổ (α, β) (BlueValue/RedValue)",
    }
}

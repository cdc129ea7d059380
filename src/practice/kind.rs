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
    /// Giá trị negamax của một nút (theo người đến lượt ở nút đó).
    NegamaxValue,
    /// Mục bảng chuyển vị của một nút: giá trị, loại, nước tốt nhất.
    TtEntry,
    /// Nước MCTS chọn trên bàn carô sau N lần chơi thử với một hạt giống.
    MctsPick,
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
            .into_iter()
            .map(|i| i.kind)
            .collect()
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
            Topic::Search => vec![Kind::NegamaxValue, Kind::TtEntry, Kind::MctsPick],
        }
    }

    /// Tên, mã và chương của dạng bài, do họ bài ra nó khai (`None`: không họ
    /// nào ra dạng này, ví dụ cây con bị cắt bởi vét cạn).
    fn info(self) -> Option<KindInfo> {
        super::AnyFamily::kinds()
            .into_iter()
            .find(|i| i.kind == self)
    }

    /// Chương của dạng bài (chương đầu tiên có nó).
    pub fn topic(self) -> Topic {
        self.info().map_or(Topic::GameTree, |i| i.topic)
    }

    /// Tên gõ được (dòng lệnh): `gia-tri`, `cat-tia`, `cua-so`, `mex`, …
    pub fn code(self) -> String {
        self.info().map_or_else(|| "khong-co".into(), |i| i.code)
    }

    /// Đọc tên gõ được (xem [`Kind::code`]).
    pub fn parse(text: &str) -> Option<Kind> {
        let t = super::answer::fold(text);
        Kind::all().into_iter().find(|k| k.code() == t)
    }

    /// Tên dạng bài bằng tiếng Việt.
    pub fn name_vi(self) -> String {
        self.info()
            .map_or_else(|| format!("dạng bài không có ({self:?})"), |i| i.name)
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

/// Đuôi mã của thuật toán: "", "-cat-tia", "-cua-so".
pub(crate) fn algorithm_code(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Minimax => "",
        Algorithm::CatTia => "-cat-tia",
        Algorithm::Window => "-cua-so",
    }
}

/// Tên ngắn của thuật toán trong tên dạng bài: "vét cạn", "cat_tia", "cửa sổ (α, β)".
pub(crate) fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Minimax => "vét cạn",
        Algorithm::CatTia => "cat_tia",
        Algorithm::Window => "cửa sổ (α, β)",
    }
}

/// Một dạng bài mà một họ ra được: tên gõ được (dòng lệnh), tên tiếng Việt và
/// chương (chương đầu tiên có nó).
#[derive(Debug, Clone)]
pub(crate) struct KindInfo {
    pub(crate) kind: Kind,
    pub(crate) code: String,
    pub(crate) name: String,
    pub(crate) topic: Topic,
}

impl KindInfo {
    pub(crate) fn new(
        kind: Kind,
        code: impl Into<String>,
        name: impl Into<String>,
        topic: Topic,
    ) -> KindInfo {
        KindInfo {
            kind,
            code: code.into(),
            name: name.into(),
            topic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tên gõ được và tên tiếng Việt của mọi dạng bài, như trước khi chúng được
    /// khai trong tệp của từng họ bài.
    #[test]
    fn codes_and_names_are_unchanged() {
        use Algorithm::*;
        let want = [
            (
                Kind::RootValue,
                "gia-tri",
                "giá trị của gốc",
                Topic::GameTree,
            ),
            (
                Kind::BestMove,
                "nuoc-di",
                "nước đi tốt nhất",
                Topic::GameTree,
            ),
            (
                Kind::LeafOrder(Minimax),
                "thu-tu-la",
                "thứ tự định trị các lá (vét cạn)",
                Topic::GameTree,
            ),
            (
                Kind::LeafOrder(CatTia),
                "thu-tu-la-cat-tia",
                "thứ tự định trị các lá (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::LeafOrder(Window),
                "thu-tu-la-cua-so",
                "thứ tự định trị các lá (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (
                Kind::Temps(Minimax),
                "gia-tri-tam",
                "giá trị tạm của một nút (vét cạn)",
                Topic::Minimax,
            ),
            (
                Kind::Temps(CatTia),
                "gia-tri-tam-cat-tia",
                "giá trị tạm của một nút (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::Temps(Window),
                "gia-tri-tam-cua-so",
                "giá trị tạm của một nút (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (
                Kind::DepthLimited,
                "tinh-truoc",
                "tính trước vài nước với hàm lượng giá",
                Topic::Minimax,
            ),
            (
                Kind::Pruned(CatTia),
                "cat-tia",
                "các cây con bị cắt (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::Pruned(Window),
                "cua-so",
                "các cây con bị cắt (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (
                Kind::LeafCount(Minimax),
                "so-la",
                "số lá được định trị (vét cạn)",
                Topic::AlphaBeta,
            ),
            (
                Kind::LeafCount(CatTia),
                "so-la-cat-tia",
                "số lá được định trị (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::LeafCount(Window),
                "so-la-cua-so",
                "số lá được định trị (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (Kind::Mex, "mex", "mex của một tập", Topic::Grundy),
            (
                Kind::GraphGrundy,
                "grundy-do-thi",
                "hàm Grundy trên một đồ thị",
                Topic::Grundy,
            ),
            (
                Kind::GraphOutcomes,
                "thang-thua-hoa",
                "thắng, thua, hòa trên một đồ thị có chu trình",
                Topic::Grundy,
            ),
            (
                Kind::NimOutcome,
                "nim",
                "thế Nim thắng hay thua",
                Topic::Grundy,
            ),
            (
                Kind::NimMove,
                "nuoc-nim",
                "nước thắng trong Nim",
                Topic::Grundy,
            ),
            (
                Kind::BocSoiMove,
                "boc-soi",
                "nước thắng trong Bốc sỏi",
                Topic::Grundy,
            ),
            (
                Kind::ToMauMove,
                "to-mau",
                "nước thắng trong Tô màu",
                Topic::Grundy,
            ),
            (
                Kind::QueenPositions,
                "quan-hau",
                "các ô thắng của quân Hậu",
                Topic::Grundy,
            ),
            (
                Kind::QueenMove,
                "nuoc-hau",
                "nước thắng của quân Hậu",
                Topic::Grundy,
            ),
            (
                Kind::DodgemEval,
                "luong-gia",
                "lượng giá một bàn cờ Dodgem",
                Topic::Dodgem,
            ),
            (
                Kind::DodgemBest,
                "dodgem",
                "nước đi Dodgem khi nhìn trước hai nước",
                Topic::Dodgem,
            ),
            (
                Kind::DodgemValue,
                "gia-tri-ban-co",
                "giá trị một bàn cờ Dodgem",
                Topic::Dodgem,
            ),
            (
                Kind::DodgemSafeMove,
                "nuoc-giu-ket-qua",
                "nước Dodgem giữ được kết quả",
                Topic::Dodgem,
            ),
            (
                Kind::DodgemNodeCount(Minimax),
                "so-nut-dodgem",
                "số nút đã xét trên Dodgem (vét cạn)",
                Topic::Dodgem,
            ),
            (
                Kind::DodgemNodeCount(CatTia),
                "so-nut-dodgem-cat-tia",
                "số nút đã xét trên Dodgem (cat_tia)",
                Topic::Dodgem,
            ),
            (
                Kind::DodgemNodeCount(Window),
                "so-nut-dodgem-cua-so",
                "số nút đã xét trên Dodgem (cửa sổ (α, β))",
                Topic::Dodgem,
            ),
            (
                Kind::NegamaxValue,
                "negamax",
                "giá trị negamax của một nút",
                Topic::Search,
            ),
            (
                Kind::TtEntry,
                "bang-chuyen-vi",
                "mục của bảng chuyển vị",
                Topic::Search,
            ),
            (Kind::MctsPick, "mcts", "nước MCTS chọn", Topic::Search),
        ];
        let all = Kind::all();
        assert_eq!(all.len(), want.len(), "{all:?}");
        for (kind, code, name, topic) in want {
            assert!(all.contains(&kind), "{kind:?}");
            assert_eq!(
                (kind.code().as_str(), kind.name_vi().as_str(), kind.topic()),
                (code, name, topic)
            );
            assert_eq!(Kind::parse(code), Some(kind));
        }
        // Mọi dạng của một chương đều có trong danh sách.
        for topic in Topic::ALL {
            for level in Level::ALL {
                assert!(Kind::of_topic(topic, level).iter().all(|k| all.contains(k)));
            }
        }
        // Dạng không họ nào ra: không đọc được, không lẫn với dạng nào.
        assert!(!all.contains(&Kind::Pruned(Minimax)));
        assert_eq!(Kind::parse("cat-vet-can"), None);
    }
}

//! Các dạng bài luyện tập (`Kind`, sinh từ danh sách các họ bài trong
//! `practice/mod.rs`), và dạng nào thuộc chương nào.

use super::family::KindInfo;
use super::level::{Level, Topic};
use super::Kind;
use crate::search::Algorithm;
use std::fmt;

impl Kind {
    /// Mọi dạng bài, suy ra từ danh sách các họ bài (`practice/family.rs`).
    ///
    /// ```
    /// use caytrochoi::practice::{Kind, Pruning, TreeAsk};
    /// assert!(Kind::all().contains(&Kind::Tree(TreeAsk::Pruned(Pruning::Window))));
    /// ```
    pub fn all() -> Vec<Kind> {
        Kind::infos().into_iter().map(|(k, _)| k).collect()
    }

    /// Các dạng bài của một chương ở một mức (dạng "tính trước n nước" không có
    /// ở mức dễ), do từng họ bài khai.
    ///
    /// ```
    /// use caytrochoi::practice::{Kind, Level, Pruning, Topic, TreeAsk};
    /// let k = Kind::of_topic(Topic::AlphaBeta, Level::Medium);
    /// assert!(k.contains(&Kind::Tree(TreeAsk::Pruned(Pruning::CatTia))));
    /// assert!(k.contains(&Kind::Tree(TreeAsk::Pruned(Pruning::Window))));
    /// let de = Kind::of_topic(Topic::Minimax, Level::Easy);
    /// assert!(!de.contains(&Kind::Tree(TreeAsk::DepthLimited)));
    /// ```
    pub fn of_topic(topic: Topic, level: Level) -> Vec<Kind> {
        Kind::in_topic(topic, level)
    }

    /// Tên, mã và chương của dạng bài, do họ bài ra nó khai (mọi điều một họ
    /// hỏi được đều có trong danh sách của họ ấy — kiểm thử bên dưới kiểm).
    fn info(self) -> KindInfo {
        Kind::infos()
            .into_iter()
            .find(|(k, _)| *k == self)
            .map_or_else(
                || KindInfo {
                    code: "khong-co".into(),
                    name: format!("dạng bài không có ({self:?})"),
                    topic: Topic::GameTree,
                },
                |(_, i)| i,
            )
    }

    /// Chương của dạng bài (chương đầu tiên có nó).
    pub fn topic(self) -> Topic {
        self.info().topic
    }

    /// Tên gõ được (dòng lệnh): `gia-tri`, `cat-tia`, `cua-so`, `mex`, …
    pub fn code(self) -> String {
        self.info().code
    }

    /// Đọc tên gõ được (xem [`Kind::code`]).
    pub fn parse(text: &str) -> Option<Kind> {
        let t = super::answer::fold(text);
        Kind::infos()
            .into_iter()
            .find(|(_, i)| i.code == t)
            .map(|(k, _)| k)
    }

    /// Tên dạng bài bằng tiếng Việt.
    pub fn name_vi(self) -> String {
        self.info().name
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::{DodgemAsk, GraphAsk, NimAsk, Pruning, QueenAsk, TreeAsk};

    /// Tên gõ được và tên tiếng Việt của mọi dạng bài, như trước khi chúng được
    /// khai trong tệp của từng họ bài.
    #[test]
    fn codes_and_names_are_unchanged() {
        use Algorithm::*;
        let want = [
            (
                Kind::Tree(TreeAsk::RootValue),
                "gia-tri",
                "giá trị của gốc",
                Topic::GameTree,
            ),
            (
                Kind::Tree(TreeAsk::BestMove),
                "nuoc-di",
                "nước đi tốt nhất",
                Topic::GameTree,
            ),
            (
                Kind::Tree(TreeAsk::LeafOrder(Minimax)),
                "thu-tu-la",
                "thứ tự định trị các lá (vét cạn)",
                Topic::GameTree,
            ),
            (
                Kind::Tree(TreeAsk::LeafOrder(CatTia)),
                "thu-tu-la-cat-tia",
                "thứ tự định trị các lá (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::LeafOrder(Window)),
                "thu-tu-la-cua-so",
                "thứ tự định trị các lá (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::Temps(Minimax)),
                "gia-tri-tam",
                "giá trị tạm của một nút (vét cạn)",
                Topic::Minimax,
            ),
            (
                Kind::Tree(TreeAsk::Temps(CatTia)),
                "gia-tri-tam-cat-tia",
                "giá trị tạm của một nút (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::Temps(Window)),
                "gia-tri-tam-cua-so",
                "giá trị tạm của một nút (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::DepthLimited),
                "tinh-truoc",
                "tính trước vài nước với hàm lượng giá",
                Topic::Minimax,
            ),
            (
                Kind::Tree(TreeAsk::Pruned(Pruning::CatTia)),
                "cat-tia",
                "các cây con bị cắt (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::Pruned(Pruning::Window)),
                "cua-so",
                "các cây con bị cắt (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::LeafCount(Minimax)),
                "so-la",
                "số lá được định trị (vét cạn)",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::LeafCount(CatTia)),
                "so-la-cat-tia",
                "số lá được định trị (cat_tia)",
                Topic::AlphaBeta,
            ),
            (
                Kind::Tree(TreeAsk::LeafCount(Window)),
                "so-la-cua-so",
                "số lá được định trị (cửa sổ (α, β))",
                Topic::AlphaBeta,
            ),
            (Kind::Mex, "mex", "mex của một tập", Topic::Grundy),
            (
                Kind::Graph(GraphAsk::Grundy),
                "grundy-do-thi",
                "hàm Grundy trên một đồ thị",
                Topic::Grundy,
            ),
            (
                Kind::Graph(GraphAsk::Outcomes),
                "thang-thua-hoa",
                "thắng, thua, hòa trên một đồ thị có chu trình",
                Topic::Grundy,
            ),
            (
                Kind::Nim(NimAsk::Outcome),
                "nim",
                "thế Nim thắng hay thua",
                Topic::Grundy,
            ),
            (
                Kind::Nim(NimAsk::Move),
                "nuoc-nim",
                "nước thắng trong Nim",
                Topic::Grundy,
            ),
            (
                Kind::BocSoi,
                "boc-soi",
                "nước thắng trong Bốc sỏi",
                Topic::Grundy,
            ),
            (
                Kind::ToMau,
                "to-mau",
                "nước thắng trong Tô màu",
                Topic::Grundy,
            ),
            (
                Kind::Queen(QueenAsk::Positions),
                "quan-hau",
                "các ô thắng của quân Hậu",
                Topic::Grundy,
            ),
            (
                Kind::Queen(QueenAsk::Move),
                "nuoc-hau",
                "nước thắng của quân Hậu",
                Topic::Grundy,
            ),
            (
                Kind::Dodgem(DodgemAsk::Eval),
                "luong-gia",
                "lượng giá một bàn cờ Dodgem",
                Topic::Dodgem,
            ),
            (
                Kind::Dodgem(DodgemAsk::Best),
                "dodgem",
                "nước đi Dodgem khi nhìn trước hai nước",
                Topic::Dodgem,
            ),
            (
                Kind::Dodgem(DodgemAsk::Value),
                "gia-tri-ban-co",
                "giá trị một bàn cờ Dodgem",
                Topic::Dodgem,
            ),
            (
                Kind::Dodgem(DodgemAsk::SafeMove),
                "nuoc-giu-ket-qua",
                "nước Dodgem giữ được kết quả",
                Topic::Dodgem,
            ),
            (
                Kind::Dodgem(DodgemAsk::NodeCount(Minimax)),
                "so-nut-dodgem",
                "số nút đã xét trên Dodgem (vét cạn)",
                Topic::Dodgem,
            ),
            (
                Kind::Dodgem(DodgemAsk::NodeCount(CatTia)),
                "so-nut-dodgem-cat-tia",
                "số nút đã xét trên Dodgem (cat_tia)",
                Topic::Dodgem,
            ),
            (
                Kind::Dodgem(DodgemAsk::NodeCount(Window)),
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
            (
                Kind::Expr,
                "bieu-thuc",
                "giá trị của một biểu thức",
                Topic::Backtracking,
            ),
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
        // Tên không dạng nào mang: không đọc được.
        assert_eq!(Kind::parse("cat-vet-can"), None);
    }
}

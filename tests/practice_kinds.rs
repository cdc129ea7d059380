//! Tên gõ được, tên tiếng Việt và chương của mọi dạng bài luyện tập.

use caytrochoi::practice::{
    DodgemAsk, GraphAsk, Kind, Level, NimAsk, Pruning, QueenAsk, Topic, TreeAsk,
};
use caytrochoi::Algorithm;

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

//! # Luyện tập: bài sinh ngẫu nhiên, chấm có gợi ý theo bậc
//!
//! Một bộ máy luyện tập dùng chung cho notebook, dòng lệnh (`caytrochoi
//! luyen-tap`, `caytrochoi de-bai`) và trang luyện tập của sách:
//!
//! - **Sinh bài** ([`Problem::generate`]): chương ([`Topic`]), mức ([`Level`]),
//!   hạt giống — cùng hạt giống thì cùng bài ở mọi nơi. Cây trò chơi gốc MAX
//!   hoặc MIN, sâu 2–5, mỗi nút 2–4 con, lá là số nguyên; khi bài hỏi về cắt tỉa,
//!   cây được chọn sao cho cắt tỉa thật sự xảy ra. Các dạng
//!   bài ([`Kind`]): giá trị gốc, nước đi tốt nhất, thứ tự các lá, giá trị tạm,
//!   tính trước vài nước, cây con bị cắt (`cat_tia` hoặc cửa sổ), số lá; mex, G
//!   của mọi đỉnh một đồ thị, thắng/thua/hòa trên đồ thị có chu trình, Nim
//!   thắng/thua và nước thắng, Bốc sỏi, Tô màu đang chơi dở, nước thắng của quân
//!   Hậu (và mọi ô thắng, cho bài cố định); lượng giá Dodgem (từng phần hay một
//!   số), nước đi nhìn trước hai nước, nước giữ được kết quả chính xác, số nút
//!   mà vét cạn hay cửa sổ (α, β) xét; giá trị một biểu thức (bài cố định,
//!   [`Problem::on_expr`]).
//! - **Đáp án do thư viện tính** ([`Problem::expected`]), không bao giờ ghi tay.
//! - **Chấm có bậc** ([`Problem::grade`], [`Feedback`]): sai lần đầu chỉ nói loại
//!   lỗi, lần hai chỉ ra nút và phép so sánh, lần ba (hoặc khi hỏi,
//!   [`Problem::solution`]) mới có lời giải đầy đủ với các bước và hình. Cắt thừa
//!   và cắt thiếu được nêu riêng từng nhánh. Chỗ trống luôn là `"?"`. Các bài
//!   cố định của sách và notebook ([`crate::exercises`]) chấm bằng chính bộ máy
//!   này.
//! - **Tự viết** ([`own`]): sinh viên viết `cat_tia`, `blue_value`/`red_value`,
//!   `mex`, hàm Grundy; một lời gọi so với thư viện trên vài trăm bài sinh ngẫu
//!   nhiên và chỉ ra bài đầu tiên khác, vẽ cây và đặt hai vết cạnh nhau.
//! - **Buổi luyện tập không lặp bài** ([`session`]), **đề bài in được**
//!   ([`sheet`]) và **thẻ bài cho trang luyện tập của sách** ([`web`]).
//!
//! ```
//! use caytrochoi::practice::{Level, Problem, Topic, MistakeKind};
//! use caytrochoi::{Algorithm, GameTree, Player};
//! use caytrochoi::practice::{Pruning, TreeAsk};
//!
//! // Một bài cố định: cây A…K của bài giảng, hỏi các cây con bị cắt bởi cat_tia.
//! let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let bai = Problem::on_tree(cay, TreeAsk::Pruned(Pruning::CatTia), None, None).unwrap();
//! assert_eq!(bai.answer_text(), "F, H");
//! // Lần sai đầu: chỉ loại lỗi, nêu tên nhánh cắt thừa mà sinh viên đã ghi.
//! let f = bai.grade("F, G", 0);
//! assert!(f.has(MistakeKind::ExtraPrune) && f.has(MistakeKind::MissedPrune));
//! assert!(f.message.contains("Bạn cắt thừa một nhánh: G"));
//! assert!(f.message.contains("Còn một nhánh bị cắt mà bạn chưa ghi"));
//! // Lần sai thứ hai: nút và phép so sánh quyết định.
//! let f = bai.grade("F, G", 1);
//! assert!(f.message.contains("tại D (nút MIN), Vq = 0 và Vp = 1"));
//! // Lần thứ ba: lời giải đầy đủ.
//! assert!(bai.grade("F, G", 2).solution.is_some());
//!
//! // Một bài sinh ngẫu nhiên: gốc MAX hoặc MIN, có cắt tỉa thật.
//! let moi = Problem::generate(7, Level::Hard, Topic::AlphaBeta);
//! assert!(moi.grade(moi.answer_text(), 0).ok());
//! ```

pub(crate) mod answer;
mod check;
#[cfg(test)]
mod digest_tests;
mod error;
mod expected;
mod family;
mod feedback;
#[cfg(feature = "json")]
pub mod json;
mod kind;
mod level;
pub mod own;
mod problem;
mod quiet;
mod seed;
pub mod session;
pub mod sheet;
mod solution;
mod tree_explain;
mod tree_gen;
mod tree_order;
mod tree_prune;
mod tree_temps;
mod tree_value;
mod tries;
pub mod web;

// Các họ bài, mỗi họ một dòng `Tên(tệp::Kiểu),` — hoặc `Tên(tệp::Kiểu: Hỏi),`
// nếu họ hỏi nhiều điều (xem `family.rs`): dòng ấy khai báo mô-đun của tệp,
// thêm biến thể `Kind::Tên` và đăng ký họ; thứ tự là thứ tự của `Kind::all()`.
family::families! {
    /// Bài về một cây trò chơi (chương 1–4).
    Tree(tree_problem::TreeProblem: TreeAsk + Pruning),
    /// mex của một tập (chương 5).
    Mex(mex::MexProblem),
    /// Hàm Grundy, hay thắng/thua/hòa, trên một đồ thị (chương 5).
    Graph(graph::GraphProblem: GraphAsk),
    /// Nim: thắng hay thua, nước thắng (chương 5).
    Nim(nim::NimProblem: NimAsk),
    /// Một nước thắng trong Bốc sỏi (chương 5).
    BocSoi(boc_soi::BocSoiProblem),
    /// Một nước thắng trong Tô màu (chương 5).
    ToMau(to_mau::ToMauProblem),
    /// Quân Hậu: mọi ô thắng, nước thắng (chương 5).
    Queen(queen::QueenProblem: QueenAsk),
    /// Dodgem: lượng giá, nước đi, số nút (chương 6).
    Dodgem(dodgem::DodgemProblem: DodgemAsk),
    /// Giá trị negamax của một nút (chương 7).
    NegamaxValue(negamax_value::NegamaxValue),
    /// Mục bảng chuyển vị của một nút (chương 7).
    TtEntry(tt_entry::TtEntry),
    /// Nước MCTS chọn trên bàn carô (chương 7).
    MctsPick(mcts_pick::MctsPick),
    /// Giá trị một biểu thức (chương 1).
    Expr(expr::ExprProblem),
}

pub use answer::{Answer, BLANK};
pub use dodgem::practice_game;
pub use error::PracticeError;
pub use feedback::{Feedback, HintLevel, Mistake, MistakeKind, Verdict};
pub use level::{Level, Topic};
pub use problem::{Expected, Problem};
pub(crate) use seed::fresh_seed;
pub use seed::{parse_seed, MAX_SEED};
pub use solution::Solution;

/// Một bài mới để luyện ngay trong notebook: `seed = None` cho một bài mới mỗi
/// lần chạy, `Some(s)` để giữ bài cố định (gõ lại hạt giống in trên đề).
///
/// ```
/// use caytrochoi::practice::{self, Level, Topic};
/// let bai = practice::new_problem(Topic::Minimax, Level::Easy, Some(42));
/// assert_eq!(bai.seed(), Some(42));
/// ```
pub fn new_problem(topic: Topic, level: Level, seed: Option<u64>) -> Problem {
    Problem::generate(seed.unwrap_or_else(fresh_seed), level, topic)
}

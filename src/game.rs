//! Mô hình chung của một trò chơi đối kháng hai người, tổng bằng không, thông tin
//! đầy đủ. Mọi thuật toán của crate (vét cạn, cắt tỉa alpha-beta, khai triển cây)
//! làm việc trên trait [`Game`] này, nên một trò chơi mới chỉ cần cài đặt vài
//! hàm nhỏ là dùng được tất cả.
//!
//! Thiết kế (giống "State API" của OpenSpiel): đối tượng trò chơi giữ *luật chơi*,
//! còn trạng thái là một giá trị riêng (`State`) mà thuật toán sao chép, biến đổi
//! và bỏ đi tùy ý. Nhờ vậy cùng một luật chơi dùng được cho nhiều ván cùng lúc.
//!
//! # Ví dụ: thêm một trò chơi mới trong khoảng ba mươi dòng
//!
//! Trò chơi bốc que: trên bàn có `n` que; mỗi lượt lấy 1 hoặc 2 que; ai lấy que
//! cuối cùng thì thắng. MAX đi trước.
//!
//! ```
//! use caytrochoi::{Game, Player, Searcher};
//!
//! struct BocQue { n: u32 }
//!
//! #[derive(Clone, Debug)]
//! struct TrangThai { con_lai: u32, den_luot: Player }
//!
//! impl Game for BocQue {
//!     type State = TrangThai;
//!     type Move = u32; // số que lấy đi
//!
//!     fn initial_state(&self) -> TrangThai {
//!         TrangThai { con_lai: self.n, den_luot: Player::Max }
//!     }
//!     fn to_move(&self, s: &TrangThai) -> Player { s.den_luot }
//!     fn legal_moves(&self, s: &TrangThai) -> Vec<u32> {
//!         (1..=2).filter(|&k| k <= s.con_lai).collect()
//!     }
//!     fn apply(&self, s: &TrangThai, k: &u32) -> TrangThai {
//!         TrangThai { con_lai: s.con_lai - k, den_luot: s.den_luot.opponent() }
//!     }
//!     fn is_terminal(&self, s: &TrangThai) -> bool { s.con_lai == 0 }
//!     fn payoff(&self, s: &TrangThai) -> f64 {
//!         // Hết que: người vừa đi (đối thủ của người đến lượt) đã thắng.
//!         if s.den_luot == Player::Min { 1.0 } else { -1.0 }
//!     }
//! }
//!
//! // 4 que: MAX lấy 1 để còn 3 (bội của 3) và chắc thắng.
//! let r = Searcher::minimax().run(&BocQue { n: 4 }).unwrap();
//! assert_eq!(r.value, 1.0);
//! assert_eq!(r.best_move, Some(1));
//! // 6 que: MAX thua dù đi thế nào.
//! assert_eq!(Searcher::minimax().run(&BocQue { n: 6 }).unwrap().value, -1.0);
//! ```

use crate::player::Player;
use std::fmt::Debug;

/// Một trò chơi hai người, tổng bằng không, thông tin đầy đủ.
///
/// Giá trị (`payoff`, `heuristic`) luôn tính theo quan điểm của MAX: càng lớn
/// càng có lợi cho MAX.
pub trait Game {
    /// Trạng thái (thế cờ) của trò chơi.
    type State: Clone;
    /// Một nước đi (một "ply": một lần đi của một đấu thủ).
    type Move: Clone + Debug;

    /// Trạng thái bắt đầu (nút gốc của cây trò chơi).
    fn initial_state(&self) -> Self::State;

    /// Ai đến lượt đi ở trạng thái này: MAX hay MIN.
    fn to_move(&self, state: &Self::State) -> Player;

    /// Các nước đi hợp lệ từ trạng thái này, theo một thứ tự cố định (các con
    /// của nút, từ trái sang phải).
    ///
    /// Trả về bất cứ thứ gì duyệt được bằng `for`: thường là một `Vec`. Trò chơi
    /// cần nhanh trả về một kiểu không cấp phát bộ nhớ (carô trả về một mảng nhỏ
    /// trên ngăn xếp), nên thuật toán không phải cấp phát ở mỗi nút.
    fn legal_moves(&self, state: &Self::State) -> impl IntoIterator<Item = Self::Move>;

    /// Trạng thái mới sau khi đi nước `mv` (trạng thái cũ không đổi).
    fn apply(&self, state: &Self::State, mv: &Self::Move) -> Self::State;

    /// Trạng thái kết thúc (nút lá): thắng, thua hoặc hòa theo luật.
    fn is_terminal(&self, state: &Self::State) -> bool;

    /// Giá trị của một trạng thái kết thúc (hàm `Payoff` của bài giảng),
    /// ví dụ 1 nếu MAX thắng, −1 nếu MAX thua, 0 nếu hòa.
    fn payoff(&self, state: &Self::State) -> f64;

    /// Hàm lượng giá (heuristic) cho một trạng thái chưa kết thúc, dùng khi
    /// tìm kiếm dừng ở độ sâu giới hạn và khi sắp thứ tự nước đi.
    /// Mặc định: không có (`None`).
    fn heuristic(&self, _state: &Self::State) -> Option<f64> {
        None
    }

    /// Tên ngắn của một nước đi, để in kết quả. Mặc định: dạng `Debug`.
    fn move_name(&self, _state: &Self::State, mv: &Self::Move) -> String {
        format!("{mv:?}")
    }

    /// Nhãn của một trạng thái (ví dụ nhãn nút `A`, `B` của cây, hay `6-1` của
    /// trò Nim). Mặc định: không có, khi đó vết tìm kiếm gọi nút bằng dãy nước đi
    /// từ gốc.
    fn state_label(&self, _state: &Self::State) -> Option<String> {
        None
    }
}

/// Một trò chơi với hàm lượng giá do người dùng cung cấp.
///
/// Bọc trò chơi `G`, giữ nguyên luật chơi, chỉ thay [`Game::heuristic`] bằng
/// hàm `eval`. Dùng để thử hàm lượng giá của chính mình mà không sửa trò chơi.
///
/// ```
/// use caytrochoi::games::TicTacToe;
/// use caytrochoi::{Game, WithHeuristic, Searcher};
///
/// // Hàm lượng giá "ngây thơ": chỉ thích ô giữa.
/// let g = WithHeuristic::new(TicTacToe::new(), |_g: &TicTacToe, s: &_| {
///     if TicTacToe::cell(s, 4) == Some(caytrochoi::games::Mark::X) { 1.0 } else { 0.0 }
/// });
/// let r = Searcher::minimax().depth(1).run(&g).unwrap();
/// assert_eq!(r.best_move, Some(4)); // ô giữa
/// ```
pub struct WithHeuristic<G, F> {
    /// Trò chơi gốc.
    pub game: G,
    eval: F,
}

impl<G, F> WithHeuristic<G, F>
where
    G: Game,
    F: Fn(&G, &G::State) -> f64,
{
    /// Gắn hàm lượng giá `eval` vào trò chơi `game`.
    pub fn new(game: G, eval: F) -> Self {
        WithHeuristic { game, eval }
    }
}

impl<G, F> Wrapper for WithHeuristic<G, F>
where
    G: Game,
    F: Fn(&G, &G::State) -> f64,
{
    type Inner = G;

    fn inner(&self) -> &G {
        &self.game
    }
    fn wrapped_heuristic(&self, s: &G::State) -> Option<f64> {
        Some((self.eval)(&self.game, s))
    }
}

/// Một trò chơi **bọc ngoài** trò chơi `Inner`: cùng trạng thái, cùng nước đi,
/// cùng luật; mọi việc của [`Game`] chuyển cho trò chơi bên trong, trừ hai việc
/// mà trò chơi bọc được viết lại — thứ tự các nước ([`Wrapper::wrapped_moves`],
/// như [`OrderMoves`](crate::search::OrderMoves)) và hàm lượng giá
/// ([`Wrapper::wrapped_heuristic`], như [`WithHeuristic`]). Mỗi trò chơi cài `Wrapper`
/// là một [`Game`]; không ai phải chép tay từng việc của trò chơi bên trong.
///
/// ```
/// use caytrochoi::{Game, Wrapper};
/// use caytrochoi::tree::{GameTree, NodeId};
///
/// /// Cây với các con theo thứ tự ngược lại.
/// struct Reversed<'t>(&'t GameTree);
/// impl Wrapper for Reversed<'_> {
///     type Inner = GameTree;
///     fn inner(&self) -> &GameTree { self.0 }
///     fn wrapped_moves(&self, n: &NodeId) -> impl IntoIterator<Item = NodeId> {
///         let mut v: Vec<NodeId> = self.0.legal_moves(n).into_iter().collect();
///         v.reverse();
///         v
///     }
/// }
/// let t = GameTree::parse("A(B:1, C:2)").unwrap();
/// let con: Vec<_> = Reversed(&t).legal_moves(&t.root()).into_iter().map(|c| t.label(c).to_string()).collect();
/// assert_eq!(con, ["C", "B"]);
/// # fn con_nut(t: &GameTree, nhan: &str) -> NodeId { t.find(nhan).unwrap() }
/// // Còn lại như cây: ai đi, nút nào là lá, giá trị của lá.
/// assert_eq!(Reversed(&t).to_move(&t.root()), caytrochoi::Player::Max);
/// let c = con_nut(&t, "C");
/// assert!(Reversed(&t).is_terminal(&c) && Reversed(&t).payoff(&c) == 2.0);
/// ```
pub trait Wrapper {
    /// Trò chơi bên trong.
    type Inner: Game;

    /// Trò chơi bên trong.
    fn inner(&self) -> &Self::Inner;

    /// Các nước đi, theo thứ tự của trò chơi bọc. Mặc định: như bên trong.
    fn wrapped_moves(
        &self,
        s: &<Self::Inner as Game>::State,
    ) -> impl IntoIterator<Item = <Self::Inner as Game>::Move> {
        self.inner().legal_moves(s)
    }

    /// Hàm lượng giá của trò chơi bọc. Mặc định: như bên trong.
    fn wrapped_heuristic(&self, s: &<Self::Inner as Game>::State) -> Option<f64> {
        self.inner().heuristic(s)
    }
}

impl<W: Wrapper> Game for W {
    type State = <W::Inner as Game>::State;
    type Move = <W::Inner as Game>::Move;

    fn initial_state(&self) -> Self::State {
        self.inner().initial_state()
    }
    fn to_move(&self, s: &Self::State) -> Player {
        self.inner().to_move(s)
    }
    fn legal_moves(&self, s: &Self::State) -> impl IntoIterator<Item = Self::Move> {
        self.wrapped_moves(s)
    }
    fn apply(&self, s: &Self::State, mv: &Self::Move) -> Self::State {
        self.inner().apply(s, mv)
    }
    fn is_terminal(&self, s: &Self::State) -> bool {
        self.inner().is_terminal(s)
    }
    fn payoff(&self, s: &Self::State) -> f64 {
        self.inner().payoff(s)
    }
    fn heuristic(&self, s: &Self::State) -> Option<f64> {
        self.wrapped_heuristic(s)
    }
    fn move_name(&self, s: &Self::State, mv: &Self::Move) -> String {
        self.inner().move_name(s, mv)
    }
    fn state_label(&self, s: &Self::State) -> Option<String> {
        self.inner().state_label(s)
    }
}

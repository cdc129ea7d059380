//! Người quan sát (observer): thuật toán báo cho nó từng bước, nó ghi chép.
//!
//! Ba thuật toán [`search`](super::search), [`cat_tia`](super::cat_tia) và
//! [`blue_value`](super::blue_value)/[`red_value`](super::red_value) chỉ làm
//! đúng việc của bài giảng. Mọi việc "ghi sổ" — đếm nút, nhớ đường đi chính, ghi
//! vết từng bước, chặn đệ quy quá sâu — nằm trong các người quan sát. Thuật toán
//! báo bốn loại bước:
//!
//! | bước | khi nào |
//! |---|---|
//! | [`visit`](Observer::visit) | bắt đầu xét một nút (nút trong hay nút lá) |
//! | [`temp`](Observer::temp) | nút trong có giá trị tạm mới (lần đầu: −∞ hoặc +∞) |
//! | [`cut`](Observer::cut) | nút dừng sớm: các con còn lại bị cắt tỉa |
//! | [`leave`](Observer::leave) | nút đã có giá trị, trả về cho cha |
//!
//! Mọi phương thức đều có sẵn cách làm mặc định là "không làm gì", và `()` là
//! người quan sát không làm gì cả: `search(&game, &s, mode, &mut ())` chạy nhanh
//! như thể không có người quan sát (trình biên dịch xóa hết các lời gọi rỗng).
//! Hai người quan sát ghép thành một cặp `(a, b)`; `Option<O>` là người quan sát
//! có thể vắng mặt.
//!
//! ```
//! use caytrochoi::search::{search, Bound, Observer};
//! use caytrochoi::{tree::GameTree, Game, Player};
//!
//! /// Đếm số nút lá đã xét.
//! #[derive(Default)]
//! struct DemLa { la: u32, vua_vao: bool }
//!
//! impl<G: Game> Observer<G> for DemLa {
//!     fn visit(&mut self, _n: &G::State, _mode: Player, _b: Bound) -> Result<(), caytrochoi::SearchError> {
//!         self.vua_vao = true;
//!         Ok(())
//!     }
//!     fn temp(&mut self, _n: &G::State, _via: Option<&G::Move>, _temp: f64) {
//!         self.vua_vao = false; // có giá trị tạm: đây là nút trong
//!     }
//!     fn leave(&mut self, _n: &G::State, _value: f64) {
//!         if self.vua_vao { self.la += 1; }
//!         self.vua_vao = false;
//!     }
//! }
//!
//! let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! let mut dem = DemLa::default();
//! let v = search(&cay, &cay.root(), Player::Max, &mut dem).unwrap();
//! assert_eq!((v, dem.la), (1.0, 5));
//! ```

use super::SearchError;
use crate::game::Game;
use crate::player::Player;
#[cfg(feature = "json")]
use serde::{Deserialize, Serialize};

/// Cận mà một nút nhận từ cha khi bắt đầu được xét.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Bound {
    /// Không có cận: vét cạn, hoặc nút gốc.
    None,
    /// `cat_tia`: giá trị tạm `Vp` của nút cha.
    Vp {
        /// `Vp`.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        vp: f64,
    },
    /// Cửa sổ (α, β) của `BlueValue`/`RedValue`.
    Window {
        /// α: giá trị MAX đã chắc có được trên đường từ gốc tới đây.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        alpha: f64,
        /// β: giá trị MIN đã chắc có được trên đường từ gốc tới đây.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        beta: f64,
    },
}

/// Phép so sánh đã làm một nút dừng sớm (cắt tỉa các con còn lại).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(tag = "rule", rename_all = "snake_case"))]
pub enum Cut {
    /// Quy tắc của `cat_tia`: nút MAX dừng khi `Vp ≤ Vq`, nút MIN khi `Vp ≥ Vq`.
    Vp {
        /// Giá trị tạm của nút cha.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        vp: f64,
        /// Giá trị tạm của nút đang xét.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        vq: f64,
    },
    /// Quy tắc cửa sổ: dừng khi `α ≥ β`.
    Window {
        /// α sau khi cập nhật.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        alpha: f64,
        /// β sau khi cập nhật.
        #[cfg_attr(feature = "json", serde(with = "crate::value::json"))]
        beta: f64,
    },
}

/// Người quan sát một lần tìm kiếm trên trò chơi `G`. Xem [mô-đun `search`](crate::search).
///
/// Thứ tự các bước của một nút: `visit`, rồi (nút trong) `temp` cho giá trị
/// ban đầu, mỗi con xong thì một `temp` nữa, có thể một `cut`, và cuối cùng
/// `leave`. Nút lá chỉ có `visit` rồi `leave`. Độ sâu của nút hiện tại là số lần
/// `visit` trừ số lần `leave`.
pub trait Observer<G: Game + ?Sized> {
    /// Bắt đầu xét nút `n`, nơi người đi là `mode`, với cận `bound` nhận từ cha.
    /// Trả về `Err` để dừng cả lần tìm kiếm.
    #[inline]
    fn visit(&mut self, n: &G::State, mode: Player, bound: Bound) -> Result<(), SearchError> {
        let _ = (n, mode, bound);
        Ok(())
    }

    /// Nút trong `n` có giá trị tạm mới `temp`. `via` là nước đi dẫn tới con vừa
    /// có giá trị; `None` khi gán giá trị tạm ban đầu (−∞ hoặc +∞).
    #[inline]
    fn temp(&mut self, n: &G::State, via: Option<&G::Move>, temp: f64) {
        let _ = (n, via, temp);
    }

    /// Nút `n` dừng sớm vì phép so sánh `cut`: các con chưa xét bị cắt tỉa.
    #[inline]
    fn cut(&mut self, n: &G::State, cut: Cut) {
        let _ = (n, cut);
    }

    /// Nút `n` đã có giá trị `value` và trả nó về cho cha.
    #[inline]
    fn leave(&mut self, n: &G::State, value: f64) {
        let _ = (n, value);
    }
}

/// Người quan sát không làm gì.
impl<G: Game + ?Sized> Observer<G> for () {}

// Ba cách ghép người quan sát dưới đây chỉ chuyển lời báo đi tiếp: luôn được
// chép thẳng vào chỗ gọi (`inline(always)`), để ghép bao nhiêu người quan sát
// cũng không tốn thêm lời gọi hàm nào — kể cả trong mô-đun WebAssembly của
// sách, bản dựng tối ưu theo cỡ (opt-level "z") vốn không tự chép hàm vào chỗ gọi.
/// Hai người quan sát cùng nghe: `a` trước, `b` sau.
impl<G: Game + ?Sized, A: Observer<G>, B: Observer<G>> Observer<G> for (A, B) {
    #[inline(always)]
    fn visit(&mut self, n: &G::State, mode: Player, bound: Bound) -> Result<(), SearchError> {
        self.0.visit(n, mode, bound)?;
        self.1.visit(n, mode, bound)
    }
    #[inline(always)]
    fn temp(&mut self, n: &G::State, via: Option<&G::Move>, temp: f64) {
        self.0.temp(n, via, temp);
        self.1.temp(n, via, temp);
    }
    #[inline(always)]
    fn cut(&mut self, n: &G::State, cut: Cut) {
        self.0.cut(n, cut);
        self.1.cut(n, cut);
    }
    #[inline(always)]
    fn leave(&mut self, n: &G::State, value: f64) {
        self.0.leave(n, value);
        self.1.leave(n, value);
    }
}

/// Người quan sát có thể vắng mặt (`None`: không làm gì).
impl<G: Game + ?Sized, O: Observer<G>> Observer<G> for Option<O> {
    #[inline(always)]
    fn visit(&mut self, n: &G::State, mode: Player, bound: Bound) -> Result<(), SearchError> {
        match self {
            Some(o) => o.visit(n, mode, bound),
            None => Ok(()),
        }
    }
    #[inline(always)]
    fn temp(&mut self, n: &G::State, via: Option<&G::Move>, temp: f64) {
        if let Some(o) = self {
            o.temp(n, via, temp);
        }
    }
    #[inline(always)]
    fn cut(&mut self, n: &G::State, cut: Cut) {
        if let Some(o) = self {
            o.cut(n, cut);
        }
    }
    #[inline(always)]
    fn leave(&mut self, n: &G::State, value: f64) {
        if let Some(o) = self {
            o.leave(n, value);
        }
    }
}

/// Một người quan sát mượn tạm (`&mut o`) vẫn là người quan sát.
impl<G: Game + ?Sized, O: Observer<G> + ?Sized> Observer<G> for &mut O {
    #[inline(always)]
    fn visit(&mut self, n: &G::State, mode: Player, bound: Bound) -> Result<(), SearchError> {
        (**self).visit(n, mode, bound)
    }
    #[inline(always)]
    fn temp(&mut self, n: &G::State, via: Option<&G::Move>, temp: f64) {
        (**self).temp(n, via, temp);
    }
    #[inline(always)]
    fn cut(&mut self, n: &G::State, cut: Cut) {
        (**self).cut(n, cut);
    }
    #[inline(always)]
    fn leave(&mut self, n: &G::State, value: f64) {
        (**self).leave(n, value);
    }
}

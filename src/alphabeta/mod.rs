//! Cắt tỉa alpha-beta: định trị đúng nút gốc mà không phải xét mọi nút.
//!
//! Hai dạng, cùng trả về giá trị minimax của gốc:
//! - [`cat_tia`](fn@cat_tia) — dạng một cận của bài giảng: mỗi con chỉ nhận giá
//!   trị tạm của **cha** (`Vp`). Nút MAX dừng khi `Vp ≤ Vq`, nút MIN dừng khi
//!   `Vp ≥ Vq`. Vì chỉ biết cận của cha, nó chỉ cắt "nông".
//! - [`value_of`] / `blue_value` / `red_value` — dạng cửa sổ (α, β) của tài liệu
//!   Dodgem: α và β được truyền qua mọi mức, nên cắt được cả "sâu" (dùng cận của
//!   ông, cụ… ở xa phía trên).
//!
//! Bài giảng có hai chỗ sơ suất trong mã `cat_tia`: vòng lặp không bao giờ chuyển
//! `C` sang con kế tiếp và thiếu một dấu `}`. Mã ở đây là bản đã sửa.
//!
//! ```
//! use caytrochoi::{tree::GameTree, Searcher};
//! // Cắt "sâu": ở E (nút MIN, cháu chắt của gốc), cat_tia không biết gốc đã có 5.
//! let t = GameTree::parse("A(B:5, C(D(E(F:3, G:9), H:1)))").unwrap();
//! let mot_can = Searcher::cat_tia().run(&t).unwrap();
//! let cua_so = Searcher::window().run(&t).unwrap();
//! assert_eq!(mot_can.value, 5.0);
//! assert_eq!(cua_so.value, 5.0);
//! assert!(mot_can.pruned.is_empty());
//! assert_eq!(cua_so.pruned, ["G"]);
//! ```

mod cat_tia;
mod window;

pub(crate) use cat_tia::cat_tia;
pub(crate) use window::value_of;

use crate::player::Player;

/// "Không có cận" cho một nút của người `mode` (dùng ở gốc): một `Vp` không bao
/// giờ gây cắt tỉa: +∞ cho nút MAX (vì `∞ ≤ Vq` không xảy ra), −∞ cho nút MIN.
pub(crate) fn no_bound(mode: Player) -> f64 {
    mode.opponent().initial_temp()
}

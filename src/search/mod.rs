//! Động cơ tìm kiếm: ba thuật toán định trị của giáo trình và mọi thứ quanh chúng.
//!
//! | bài giảng | ở đây |
//! |---|---|
//! | `Search(n, mode)` — vét cạn | [`search`] (tệp `search/minimax.rs`) |
//! | `cat_tia(Q, mode, Vp)` — cắt tỉa một cận | [`cat_tia`] (tệp `search/cat_tia.rs`) |
//! | `BlueValue(b, α, β)`, `RedValue(b, α, β)` | [`blue_value`], [`red_value`], [`alpha_beta`] (tệp `search/window.rs`) |
//! | `depth > MaxDepth`, `eval(pos)` | trò chơi bọc [`DepthLimit`] |
//!
//! Chương 7 ("chương trình thật tìm kiếm thế nào") thêm, mỗi ý một tệp:
//!
//! | ý | ở đây |
//! |---|---|
//! | negamax: một hàm thay cho `BlueValue`/`RedValue` | [`negamax`], [`negamax_ab`] (tệp `search/negamax.rs`) |
//! | băm Zobrist, bảng chuyển vị | [`Zobrist`], [`TranspositionTable`] (`search/zobrist.rs`, `search/transposition.rs`) |
//! | negamax alpha-beta có bảng chuyển vị | [`negamax_tt`] (`search/negamax_tt.rs`) |
//! | tìm kiếm sâu dần | [`iterative_deepening`] (`search/deepening.rs`) |
//! | tìm kiếm cây Monte Carlo (UCT) | [`Mcts`] (`search/mcts.rs`) |
//!
//! Thuật toán chỉ làm đúng việc của bài giảng và báo từng bước cho một người
//! quan sát ([`Observer`]). Việc ghi sổ là của các người quan sát: [`Counters`]
//! đếm nút, [`PrincipalVariation`] nhớ đường đi chính, [`Pruned`] kể các cây con
//! bị cắt, [`Guard`] chặn đệ quy quá sâu, [`trace::Recorder`] ghi vết từng bước.
//! Sắp thứ tự nước đi là trò chơi bọc [`OrderMoves`]. [`Searcher`] lắp ráp tất
//! cả thành một lời gọi.
//!
//! ```
//! use caytrochoi::{search, tree::GameTree, Player, Searcher};
//! let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
//! // Gọi thẳng hàm của bài giảng, không ghi chép gì:
//! assert_eq!(search::search(&cay, &cay.root(), Player::Max, &mut ()).unwrap(), 1.0);
//! // Hoặc qua cửa chính, có đếm nút và kể nhánh bị cắt:
//! let r = Searcher::cat_tia().run(&cay).unwrap();
//! assert_eq!((r.value, r.nodes_visited), (1.0, 8));
//! assert_eq!(r.pruned, ["F", "H"]);
//! ```

mod algorithm;
mod cat_tia;
mod counters;
mod deepening;
mod depth_limit;
mod error;
mod guard;
mod mcts;
mod minimax;
mod names;
mod negamax;
mod negamax_tt;
mod node_counts;
mod observer;
mod ordering;
mod pruned;
mod pv;
mod result;
mod searcher;
pub mod trace;
mod transposition;
mod window;
mod zobrist;

pub use algorithm::Algorithm;
pub use cat_tia::{cat_tia, no_bound};
pub use counters::Counters;
pub use deepening::{iterative_deepening, Deepening, Iteration};
pub use depth_limit::{AtDepth, DepthLimit, EstimateCheck};
pub use error::SearchError;
pub use guard::Guard;
pub use mcts::{mcts_choice, playout, Mcts, MctsResult, MoveStats, DEFAULT_PLAYOUTS};
pub use minimax::search;
pub use negamax::{color, negamax, negamax_ab};
pub use negamax_tt::{entry_after_search, negamax_tt};
pub use node_counts::{knuth_moore_leaves, Contender, CountError, NodeCounts, NodeSeries};
pub use observer::{Bound, Cut, Observer};
pub use ordering::OrderMoves;
pub use pruned::Pruned;
pub use pv::PrincipalVariation;
#[cfg(feature = "json")]
pub use result::ResultJson;
pub use result::SearchResult;
pub use searcher::Searcher;
pub use transposition::{Entry, EntryKind, TableStats, TranspositionTable};
pub use window::{alpha_beta, blue_value, red_value};
pub use zobrist::{zobrist_key, Zobrist};
pub(crate) use zobrist::{zobrist_mask, SIDE_TO_MOVE};

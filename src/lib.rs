//! # caytrochoi — cây trò chơi cho sinh viên
//!
//! Thư viện đi kèm giáo trình: mô hình trò chơi ([`Game`]), cây trò chơi tường
//! minh ([`tree`]), động cơ tìm kiếm ([`search`]: vét cạn `search`, cắt tỉa
//! alpha-beta `cat_tia` và `blue_value`/`red_value`), vết từng bước ([`trace`])
//! giải thích như bài giảng.
//!
//! ## Mô-đun theo chương
//!
//! Mỗi chương của sách mở vài mô-đun; mọi thứ khác là chi tiết bên trong.
//!
//! | chương của sách | mô-đun sinh viên mở |
//! | --- | --- |
//! | 1. Quay lui (cây biểu thức 5 + 2 × 3 − 4) | [`expr`] |
//! | 2. Cây trò chơi | [`game`] (trait [`Game`]), [`tree`] ([`GameTree`]), [`games`] (carô [`games::TicTacToe`]) |
//! | 3. Minimax (vét cạn `search`, độ sâu giới hạn, Nim chia đống) | [`search`], [`games::NimSplit`], [`random`] |
//! | 4. Cắt tỉa alpha-beta (`cat_tia`, cửa sổ (α, β), số nút) | [`search`], [`trace`], [`random`] |
//! | 5. Hàm Grundy (mex, tổng trò chơi, năm bài tập) | [`grundy`], [`grundy::games`] |
//! | 6. Dodgem (`blue_value`/`red_value`, lượng giá, chơi với máy) | [`dodgem`] |
//! | 7. Tìm kiếm thực tế (negamax, sâu dần, bảng chuyển vị, MCTS, giải đấu) | [`search`] ([`search::negamax`], [`search::iterative_deepening`], [`search::TranspositionTable`], [`search::Mcts`]), [`tournament`] |
//! | Luyện tập (mọi chương) | [`practice`], [`exercises`] |
//! | Hình cho mọi chương, notebook | [`plot`], [`display`] |
//!
//! Giới hạn của mọi đầu vào ở một chỗ: [`limits`]. Các mô-đun còn lại phục vụ
//! các chương trình đi kèm, không phải bài học: `cli` (chương trình
//! `caytrochoi`), `runner` (trình chạy mã của sách, `caytrochoi-sach`), `web`
//! (ranh giới JSON giữa thư viện và trang sách, mô-đun WebAssembly); bên trong
//! chúng chỉ phần mà chương trình ấy cần là công khai.
//!
//! ## Tầng
//!
//! Mỗi tầng chỉ dùng các tầng dưới nó, không có vòng (kiểm thử `tests/layers.rs`
//! đọc mã nguồn và giữ điều này):
//!
//! 1. nền: [`limits`], [`text`], [`value`], [`player`], [`outcome`], [`os_error`];
//! 2. miền: [`game`], [`tree`], [`search`], [`random`], [`expr`], trò chơi
//!    ([`grundy`], [`dodgem`], và [`games`] liệt kê mọi trò chơi ở một chỗ) —
//!    không bao giờ dùng các tầng dưới đây;
//! 3. trình bày: [`plot`] (hình, kể cả hình của một giá trị miền như
//!    `Match::figure`), rồi [`display`] (cách hiện duy nhất trong notebook evcxr);
//! 4. ứng dụng: [`practice`], [`exercises`], dòng lệnh (`cli`), trình chạy mã
//!    của sách (`runner`).
//!
//! ## Quy ước đặt tên
//!
//! Một quy tắc cho mọi tên công khai của crate:
//!
//! - **Tên trong mã bằng tiếng Anh** (kiểu, hàm, biến thể, trường), theo thói
//!   quen của Rust. **Tiếng Việt nằm trong tài liệu** và trong mọi điều người
//!   dùng đọc: thông báo lỗi, lời giải thích (`Display`), dòng lệnh, hình vẽ.
//! - **Ngoại lệ: tên riêng mà bài giảng đặt** cho thuật toán và trò chơi được
//!   giữ nguyên để sinh viên đặt mã cạnh bài giảng là thấy ngay: `cat_tia`
//!   (bài giảng "Cây trò chơi"), `blue_value` / `red_value` (BlueValue /
//!   RedValue của tài liệu Dodgem), và năm bài tập của bài "Trò chơi đối kháng
//!   xác định": Bốc sỏi ([`grundy::games::boc_soi`], `BocSoi`), Chuyển sỏi
//!   (`chuyen_soi`, `ChuyenSoi`), Cờ DAM (`dam`, `Dam`), Tô màu (`to_mau`,
//!   `ToMau`), Chia socola (`socola`, `Socola`). Trò chơi mà bài giảng chỉ mô
//!   tả chứ không đặt tên riêng mang tên tiếng Anh: `Queen` (di chuyển quân
//!   Hậu), [`games::NimSplit`] (Nim chia đống), `TicTacToe` (carô), `Dodgem`.
//! - Phần ghép với tên của bài giảng vẫn là tiếng Anh: `BocSoiMove`,
//!   `to_mau_values`, `ChuyenSoi::gap_values`.
//! - Những gì người dùng **gõ** giữ tiếng Việt không dấu: lệnh con
//!   (`caytrochoi grundy boc-soi`), giá trị tùy chọn (`--human den`, `--rule vn`);
//!   JSON dùng đúng các giá trị ấy (`"den"`, `"vn"`).
//! - Vài tên đáng nhớ: hai bên của Dodgem là [`dodgem::Side::Black`] (quân Đen)
//!   và [`dodgem::Side::White`] (quân Trắng), như tài liệu Dodgem gọi; kết quả
//!   của một trạng thái là [`Outcome`] với `NextWins` / `PreviousWins` / `Draw`
//!   — tên P/N, dịch đúng chữ "thắng" / "thua" của bài giảng (xem [`outcome`]).

// Đối số của một lệnh: dòng lệnh và danh mục trò chơi (grundy::lecture) đọc chúng.
#[cfg(feature = "json")]
pub(crate) mod args;
pub mod clock;
pub mod display;
pub mod dodgem;
pub mod exercises;
pub mod expr;
pub mod game;
pub mod games;
pub mod grundy;
pub mod limits;
pub mod os_error;
pub mod outcome;
pub mod player;
pub mod plot;
pub mod practice;
pub mod random;
#[cfg(feature = "runner")]
pub mod runner;
pub mod search;
pub mod text;
pub mod tournament;
pub mod tree;
pub mod value;

#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "wasm")]
mod wasm;
#[cfg(feature = "json")]
pub mod web;

pub use game::{Game, WithHeuristic, Wrapper};
pub use outcome::Outcome;
pub use player::Player;
pub use search::trace;
pub use search::{Algorithm, SearchError, SearchResult, Searcher};
pub use trace::{Trace, TraceEvent};
pub use tree::GameTree;
pub use value::fmt_value;

/// Các đoạn mã Rust trong README cũng được biên dịch và chạy khi kiểm thử.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

//! Ba thuật toán định trị, gọi được theo tên; mọi tên của chúng ở đây.

use super::{alpha_beta, cat_tia, no_bound, search, Observer, SearchError};
use crate::game::Game;
#[cfg(feature = "json")]
use serde::{Deserialize, Serialize};

/// Thuật toán định trị.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "json", serde(rename_all = "kebab-case"))]
pub enum Algorithm {
    /// Vét cạn: `Search(n, mode)`.
    Minimax,
    /// Cắt tỉa alpha-beta một cận của bài giảng: `cat_tia(Q, mode, Vp)`.
    CatTia,
    /// Cắt tỉa alpha-beta với cửa sổ (α, β): `BlueValue`/`RedValue`.
    Window,
}

impl Algorithm {
    /// Cả ba thuật toán, theo thứ tự của giáo trình.
    pub const ALL: [Algorithm; 3] = [Algorithm::Minimax, Algorithm::CatTia, Algorithm::Window];

    /// Tên tiếng Việt.
    pub fn name_vi(self) -> &'static str {
        match self {
            Algorithm::Minimax => "vét cạn (minimax)",
            Algorithm::CatTia => "cắt tỉa alpha-beta, một cận (cat_tia)",
            Algorithm::Window => "cắt tỉa alpha-beta, cửa sổ (α, β)",
        }
    }

    /// Tên ngắn (chú giải của biểu đồ, cột của bảng).
    pub fn short_name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "vét cạn (minimax)",
            Algorithm::CatTia => "cắt tỉa cat_tia (một cận)",
            Algorithm::Window => "cửa sổ (α, β)",
        }
    }

    /// Tên trong đề bài luyện tập: "vét cạn (minimax)", "cắt tỉa alpha-beta một
    /// cận (hàm cat_tia của bài giảng)", "… cửa sổ (α, β) (BlueValue/RedValue)".
    pub(crate) fn phrase(self) -> &'static str {
        match self {
            Algorithm::Minimax => "vét cạn (minimax)",
            Algorithm::CatTia => "cắt tỉa alpha-beta một cận (hàm cat_tia của bài giảng)",
            Algorithm::Window => "cắt tỉa alpha-beta với cửa sổ (α, β) (BlueValue/RedValue)",
        }
    }

    /// Tên trong tên một dạng bài luyện tập: "vét cạn", "cat_tia", "cửa sổ (α, β)".
    pub(crate) fn kind_name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "vét cạn",
            Algorithm::CatTia => "cat_tia",
            Algorithm::Window => "cửa sổ (α, β)",
        }
    }

    /// Đuôi của tên gõ được của một dạng bài luyện tập: "", "-cat-tia", "-cua-so".
    pub(crate) fn kind_suffix(self) -> &'static str {
        match self {
            Algorithm::Minimax => "",
            Algorithm::CatTia => "-cat-tia",
            Algorithm::Window => "-cua-so",
        }
    }

    /// Định trị trạng thái `root` của `game` bằng thuật toán này, báo từng bước
    /// cho `obs`. Người đi ở gốc do trò chơi cho biết.
    ///
    /// ```
    /// use caytrochoi::search::Algorithm;
    /// use caytrochoi::tree::GameTree;
    /// let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
    /// for a in Algorithm::ALL {
    ///     assert_eq!(a.evaluate(&t, &t.root(), &mut ()).unwrap(), 1.0);
    /// }
    /// ```
    pub fn evaluate<G: Game, O: Observer<G>>(
        self,
        game: &G,
        root: &G::State,
        obs: &mut O,
    ) -> Result<f64, SearchError> {
        let mode = game.to_move(root);
        match self {
            Algorithm::Minimax => search(game, root, mode, obs),
            Algorithm::CatTia => cat_tia(game, root, mode, no_bound(mode), obs),
            Algorithm::Window => alpha_beta(game, root, obs),
        }
    }
}

//! [`Searcher`]: cửa chính để chạy một thuật toán với các tùy chọn thường dùng.
//!
//! Nó chỉ lắp ráp các mảnh có sẵn: trò chơi bọc [`DepthLimit`] (giới hạn độ
//! sâu) và [`OrderMoves`] (sắp thứ tự nước đi), các người quan sát
//! [`Counters`], [`PrincipalVariation`], [`Guard`] và (khi cần) [`Recorder`],
//! rồi gọi [`Algorithm::evaluate`].

use super::depth_limit::AtDepth;
use super::result::move_names;
use super::trace::{LeafKind, Recorder};
use super::{
    Algorithm, Counters, DepthLimit, EstimateCheck, Guard, Observer, OrderMoves,
    PrincipalVariation, Pruned, SearchError, SearchResult,
};
use crate::game::Game;

/// Cấu hình một lần tìm kiếm: thuật toán, giới hạn độ sâu, sắp thứ tự nước đi,
/// ghi vết.
///
/// ```
/// use caytrochoi::{tree::GameTree, Searcher};
/// let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
///
/// let vet_can = Searcher::minimax().run(&cay).unwrap();
/// assert_eq!(vet_can.value, 1.0);
/// assert_eq!(vet_can.nodes_visited, 11);
///
/// let cat_tia = Searcher::cat_tia().run(&cay).unwrap();
/// assert_eq!(cat_tia.value, 1.0);
/// assert_eq!(cat_tia.pruned, ["F", "H"]); // F và H bị cắt, K không bao giờ được xét
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Searcher {
    /// Thuật toán.
    pub algorithm: Algorithm,
    /// Độ sâu giới hạn (`None`: đi đến tận nút lá).
    pub depth_limit: Option<u32>,
    /// Sắp các nước đi theo giá trị ước lượng, tốt nhất trước.
    pub order_moves: bool,
    /// Ghi vết từng bước.
    pub record_trace: bool,
}

impl Searcher {
    /// Thuật toán `algorithm`, không giới hạn độ sâu, không sắp thứ tự, không ghi vết.
    pub fn new(algorithm: Algorithm) -> Searcher {
        Searcher {
            algorithm,
            depth_limit: None,
            order_moves: false,
            record_trace: false,
        }
    }

    /// Vét cạn (minimax).
    pub fn minimax() -> Searcher {
        Self::new(Algorithm::Minimax)
    }

    /// Cắt tỉa alpha-beta một cận, đúng như hàm `cat_tia` của bài giảng.
    pub fn cat_tia() -> Searcher {
        Self::new(Algorithm::CatTia)
    }

    /// Cắt tỉa alpha-beta với cửa sổ (α, β) (`BlueValue`/`RedValue`).
    pub fn window() -> Searcher {
        Self::new(Algorithm::Window)
    }

    /// Dừng ở độ sâu `d` và dùng hàm lượng giá ở đó.
    pub fn depth(mut self, d: u32) -> Searcher {
        self.depth_limit = Some(d);
        self
    }

    /// Sắp thứ tự nước đi (nước có ước lượng tốt nhất trước).
    pub fn order_moves(mut self) -> Searcher {
        self.order_moves = true;
        self
    }

    /// Ghi vết từng bước.
    pub fn trace(mut self) -> Searcher {
        self.record_trace = true;
        self
    }

    /// Định trị trạng thái đầu của trò chơi (gốc của cây).
    pub fn run<G: Game>(&self, game: &G) -> Result<SearchResult<G::Move>, SearchError> {
        self.run_from(game, &game.initial_state())
    }

    /// Định trị trạng thái `root`.
    pub fn run_from<G: Game>(
        &self,
        game: &G,
        root: &G::State,
    ) -> Result<SearchResult<G::Move>, SearchError> {
        match (self.order_moves, self.depth_limit) {
            (false, None) => self.run_on(game, root.clone(), None, ()),
            (true, None) => self.run_on(&OrderMoves::new(game), root.clone(), None, ()),
            (false, Some(d)) => {
                let g = DepthLimit::new(game, d);
                let mut check = EstimateCheck::new(&g);
                let result = self.run_on(&g, g.start(root), Some(estimate::<G>), &mut check)?;
                check.finish().map(|()| result)
            }
            (true, Some(d)) => {
                let ordered = OrderMoves::new(game);
                let g = DepthLimit::new(&ordered, d);
                let mut check = EstimateCheck::new(&g);
                let kind: fn(&_, &_) -> LeafKind = estimate::<OrderMoves<G>>;
                let result = self.run_on(&g, g.start(root), Some(kind), &mut check)?;
                check.finish().map(|()| result)
            }
        }
    }

    /// Chạy thuật toán trên trò chơi đã bọc `game` với các người quan sát.
    fn run_on<H: Game>(
        &self,
        game: &H,
        root: H::State,
        leaf_kind: Option<fn(&H, &H::State) -> LeafKind>,
        check: impl Observer<H>,
    ) -> Result<SearchResult<H::Move>, SearchError> {
        let recorder = self.record_trace.then(|| {
            let rec = Recorder::new(game, self.algorithm);
            match leaf_kind {
                Some(k) => rec.leaf_kind(k),
                None => rec,
            }
        });
        let mut observers = (
            (Guard::new(game), check),
            (
                (Counters::default(), PrincipalVariation::default()),
                (Pruned::new(game, &root), recorder),
            ),
        );
        let value = self.algorithm.evaluate(game, &root, &mut observers)?;
        let (_, ((counters, pv), (pruned, recorder))) = observers;
        let principal_variation = pv.into_line();
        let names = move_names(game, &root, &principal_variation);
        Ok(SearchResult {
            algorithm: self.algorithm,
            value,
            best_move: principal_variation.first().cloned(),
            best_move_name: names.first().cloned(),
            principal_variation,
            principal_variation_names: names,
            nodes_visited: counters.nodes_visited,
            leaves_evaluated: counters.leaves_evaluated,
            nodes_per_depth: counters.nodes_per_depth,
            pruned: pruned.names(game, &root),
            trace: recorder.map(Recorder::finish),
        })
    }
}

/// Loại giá trị của một nút lá khi tìm kiếm có giới hạn độ sâu.
fn estimate<G: Game>(g: &DepthLimit<'_, G>, n: &AtDepth<G::State>) -> LeafKind {
    if g.is_estimate(n) {
        LeafKind::Heuristic
    } else {
        LeafKind::Payoff
    }
}

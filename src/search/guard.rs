//! Người quan sát canh chừng: dừng tìm kiếm khi đệ quy quá sâu (trò chơi có chu
//! trình) hoặc khi trò chơi không luân phiên hai bên như bài giảng giả sử.

use super::{Bound, Observer, SearchError};
use crate::game::Game;
use crate::limits::TREE_DEPTH;
use crate::player::Player;

/// Canh chừng độ sâu và lượt đi.
#[derive(Debug, Clone, Copy)]
pub struct Guard<'g, G> {
    game: &'g G,
    depth: u32,
}

impl<'g, G> Guard<'g, G> {
    /// Canh chừng một lần tìm kiếm trên `game`.
    pub fn new(game: &'g G) -> Self {
        Guard { game, depth: 0 }
    }
}

impl<G: Game> Observer<G> for Guard<'_, G> {
    #[inline]
    fn visit(&mut self, n: &G::State, mode: Player, _b: Bound) -> Result<(), SearchError> {
        if self.depth > TREE_DEPTH {
            return Err(SearchError::TooDeep { max: TREE_DEPTH });
        }
        if self.game.to_move(n) != mode {
            return Err(not_alternating(self.game, n));
        }
        self.depth += 1;
        Ok(())
    }
    #[inline]
    fn leave(&mut self, _n: &G::State, _value: f64) {
        self.depth -= 1;
    }
}

#[cold]
fn not_alternating<G: Game>(game: &G, n: &G::State) -> SearchError {
    SearchError::NotAlternating {
        node: game
            .state_label(n)
            .unwrap_or_else(|| "(không có nhãn)".to_string()),
    }
}

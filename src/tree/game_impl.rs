//! Cây tường minh là một trò chơi: trạng thái là một nút, nước đi là chọn một con.

use super::{GameTree, NodeId};
use crate::game::Game;
use crate::player::Player;

impl Game for GameTree {
    type State = NodeId;
    type Move = NodeId;

    fn initial_state(&self) -> NodeId {
        self.root()
    }
    fn to_move(&self, n: &NodeId) -> Player {
        self.player(*n)
    }
    fn legal_moves(&self, n: &NodeId) -> impl IntoIterator<Item = NodeId> {
        self.children(*n).iter().copied()
    }
    fn apply(&self, _n: &NodeId, child: &NodeId) -> NodeId {
        *child
    }
    fn is_terminal(&self, n: &NodeId) -> bool {
        self.node(*n).is_leaf()
    }
    fn payoff(&self, n: &NodeId) -> f64 {
        // Mọi nút lá đều có giá trị (được kiểm tra khi dựng cây).
        self.node(*n).value.unwrap_or(f64::NAN)
    }
    fn heuristic(&self, n: &NodeId) -> Option<f64> {
        self.node(*n).value
    }
    fn move_name(&self, _n: &NodeId, child: &NodeId) -> String {
        self.label(*child).to_string()
    }
    fn state_label(&self, n: &NodeId) -> Option<String> {
        Some(self.label(*n).to_string())
    }
}

//! Khai triển một trò chơi bất kỳ thành cây tường minh đến độ sâu cho trước.

use super::{GameTree, RawNode, TreeError};
use crate::game::Game;
use crate::limits::{EXPANDED_NODES, TREE_DEPTH};
use std::collections::VecDeque;

impl GameTree {
    /// Khai triển trò chơi `game` từ trạng thái `start` đến độ sâu `depth`.
    ///
    /// Trạng thái kết thúc thành nút lá mang giá trị `payoff`; trạng thái chưa
    /// kết thúc ở độ sâu `depth` thành nút lá mang giá trị của hàm lượng giá
    /// (lỗi nếu trò chơi không có hàm lượng giá). Nút trong giữ giá trị lượng giá
    /// (nếu có) làm ước lượng. Nhãn gán theo chiều rộng A, B, C, …; ghi chú
    /// (`note`) là nhãn trạng thái của trò chơi, `via` là tên nước đi.
    pub fn from_game<G: Game>(
        game: &G,
        start: &G::State,
        depth: u32,
    ) -> Result<GameTree, TreeError> {
        if depth > TREE_DEPTH {
            return Err(TreeError::TooDeep {
                max: TREE_DEPTH,
                at: None,
            });
        }
        let mut raw: Vec<RawNode> = Vec::new();
        let mut queue: VecDeque<(G::State, usize)> = VecDeque::new();
        raw.push(RawNode {
            note: game.state_label(start),
            ..RawNode::new(None, 0)
        });
        queue.push_back((start.clone(), 0));
        while let Some((s, id)) = queue.pop_front() {
            let d = raw[id].depth;
            if game.is_terminal(&s) {
                raw[id].value = Some(game.payoff(&s));
                continue;
            }
            if d >= depth {
                match game.heuristic(&s) {
                    Some(v) => raw[id].value = Some(v),
                    None => {
                        return Err(TreeError::Invalid(format!(
                            "trạng thái ở độ sâu {d} chưa kết thúc nhưng trò chơi không có hàm lượng giá; \
                             hãy khai triển sâu hơn hoặc thêm hàm lượng giá"
                        )))
                    }
                }
                continue;
            }
            raw[id].value = game.heuristic(&s);
            for mv in game.legal_moves(&s) {
                if raw.len() >= EXPANDED_NODES {
                    return Err(TreeError::TooLarge {
                        max: EXPANDED_NODES,
                    });
                }
                let child = game.apply(&s, &mv);
                let cid = raw.len();
                raw.push(RawNode {
                    note: game.state_label(&child),
                    via: Some(game.move_name(&s, &mv)),
                    ..RawNode::new(Some(id), d + 1)
                });
                raw[id].children.push(cid);
                queue.push_back((child, cid));
            }
            if raw[id].children.is_empty() {
                return Err(TreeError::Invalid(format!(
                    "trạng thái ở độ sâu {d} chưa kết thúc nhưng không có nước đi nào \
                     (luật chơi mâu thuẫn: is_terminal phải trả về true)"
                )));
            }
        }
        GameTree::from_raw(raw, game.to_move(start))
    }
}

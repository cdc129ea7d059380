//! Thống kê toàn bộ cây trò chơi carô 9 ô từ bàn cờ trống.
//!
//! Bài giảng nói cây có 9! nút. Thực ra ván cờ dừng ngay khi có người thắng, nên
//! cây nhỏ hơn cây "đi hết 9 ô"; hàm này đếm thật.

use super::{Board, Mark, TicTacToe};
use crate::game::Game;
use crate::search::{Contender, CountError, NodeSeries, Searcher};
#[cfg(feature = "json")]
use serde::Serialize;

/// Các con số của cây trò chơi carô 9 ô đầy đủ.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct TicTacToeStats {
    /// Giá trị minimax của bàn cờ trống (0: hòa nếu cả hai chơi tốt).
    pub value: i64,
    /// Tổng số nút của cây (kể cả gốc).
    pub nodes: u64,
    /// Số nút ở mỗi độ sâu 0…9.
    pub nodes_per_depth: Vec<u64>,
    /// Số ván đã kết thúc (số nút lá).
    pub games: u64,
    /// Số ván X thắng.
    pub x_wins: u64,
    /// Số ván O thắng.
    pub o_wins: u64,
    /// Số ván hòa.
    pub draws: u64,
    /// Số thế cờ khác nhau có thể gặp (kể cả bàn trống).
    pub positions: u64,
}

/// Duyệt toàn bộ cây qua trait `Game` và đếm.
pub fn full_tree_stats() -> TicTacToeStats {
    let game = TicTacToe::new();
    let mut st = TicTacToeStats {
        value: 0,
        nodes: 0,
        nodes_per_depth: vec![0; 10],
        games: 0,
        x_wins: 0,
        o_wins: 0,
        draws: 0,
        positions: 0,
    };
    // Mỗi thế cờ là một cặp mặt nạ 9 bit (ô của X, ô của O): một bảng 2^18 ô
    // đánh dấu đủ mọi thế, không cần băm.
    let mut seen = vec![false; 1 << 18];
    walk(&game, &game.initial_state(), 0, &mut st, &mut seen);
    st.positions = seen.iter().filter(|&&s| s).count() as u64;
    st.value = Searcher::minimax()
        .run(&game)
        .map(|r| r.value as i64)
        .unwrap_or_default();
    st
}

fn walk(game: &TicTacToe, b: &Board, depth: usize, st: &mut TicTacToeStats, seen: &mut [bool]) {
    st.nodes += 1;
    st.nodes_per_depth[depth] += 1;
    seen[(b.x as usize & 0x1ff) << 9 | (b.o as usize & 0x1ff)] = true;
    if game.is_terminal(b) {
        st.games += 1;
        match TicTacToe::winner(b) {
            Some(Mark::X) => st.x_wins += 1,
            Some(Mark::O) => st.o_wins += 1,
            None => st.draws += 1,
        }
        return;
    }
    for m in game.legal_moves(b) {
        walk(game, &game.apply(b, &m), depth + 1, st, seen);
    }
}
/// Số nút mỗi cách tìm ([`Contender::ALL`]) xét trên cây carô từ bàn cờ
/// trống, theo độ sâu giới hạn 1, …, `max_depth` (9 = đến hết ván), với hàm
/// lượng giá E = số đường còn mở của X − của O ở độ sâu giới hạn.
///
/// ```
/// let s = caytrochoi::games::tictactoe::node_counts(2).unwrap();
/// assert_eq!(s[0].nodes, [(1, 10), (2, 82)]); // vét cạn: 1 + 9, 1 + 9 + 72
/// assert!(caytrochoi::games::tictactoe::node_counts(10).is_err());
/// ```
pub fn node_counts(max_depth: u32) -> Result<Vec<NodeSeries>, CountError> {
    if !(1..=9).contains(&max_depth) {
        return Err(CountError::Invalid(format!(
            "độ sâu giới hạn của carô phải từ 1 đến 9 (gặp {max_depth})"
        )));
    }
    let game = TicTacToe {
        symmetry_reduced: false,
        open_lines: true,
    };
    let mut series = Vec::new();
    for contender in Contender::ALL {
        let mut nodes = Vec::new();
        for d in 1..=max_depth {
            let r = contender
                .searcher()
                .depth(d)
                .run(&game)
                .map_err(|e| CountError::Search(e.to_string()))?;
            nodes.push((d, r.nodes_visited));
        }
        series.push(NodeSeries { contender, nodes });
    }
    Ok(series)
}

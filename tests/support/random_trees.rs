//! Cây ngẫu nhiên không đều dùng chung cho các kiểm thử tính chất.

/// Cây ngẫu nhiên không đều: lá ở độ sâu 1 … `depth`, mỗi nút 1 … `branching`
/// con, giá trị trong [−9, 9]; hạt giống lẻ thì gốc MIN.
pub fn irregular(seed: u64, depth: u32, branching: u32) -> caytrochoi::GameTree {
    let root = if seed % 2 == 0 {
        caytrochoi::Player::Max
    } else {
        caytrochoi::Player::Min
    };
    caytrochoi::random::random_tree(seed, 1..=depth, 1..=branching, -9..=9)
        .unwrap()
        .with_root_player(root)
}

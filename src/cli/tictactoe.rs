//! Lệnh `tictactoe`: thống kê toàn bộ cây trò chơi carô 9 ô.

use super::args::Args;
use super::common::help_requested;
use super::{CliError, Io};
use crate::games::tictactoe::full_tree_stats;

const HELP: &str = "\
caytrochoi tictactoe — đếm toàn bộ cây trò chơi carô 9 ô từ bàn cờ trống

Cách dùng: caytrochoi tictactoe [--json]

In giá trị minimax của bàn cờ trống, tổng số nút, số nút ở mỗi độ sâu, số ván
kết thúc (X thắng / O thắng / hòa) và số thế cờ khác nhau.
  --json   in đúng một đối tượng JSON
";

/// Chạy lệnh.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("tictactoe", rest);
    if help_requested(&args, HELP, io) {
        return Ok(());
    }
    let json = args.flag("--json")?;
    args.finish()?;
    let st = full_tree_stats();
    if json {
        io.json(&serde_json::to_value(&st).unwrap_or_default());
        return Ok(());
    }
    let factorial9: u64 = (1..=9).product();
    let no_stop: u64 = (0..=9u64).map(|d| (9 - d + 1..=9).product::<u64>()).sum();
    io.println("Cây trò chơi carô 9 ô, từ bàn cờ trống (X đi trước, là MAX):");
    io.println(&format!(
        "  Giá trị minimax của gốc: {} ({})",
        st.value,
        match st.value {
            1 => "X thắng",
            -1 => "O thắng",
            _ => "hòa nếu cả hai chơi tốt",
        }
    ));
    io.println(&format!("  Tổng số nút: {}", st.nodes));
    io.println("  Số nút ở mỗi độ sâu:");
    for (d, n) in st.nodes_per_depth.iter().enumerate() {
        io.println(&format!("    độ sâu {d}: {n}"));
    }
    io.println(&format!(
        "  Số ván kết thúc (nút lá): {} — X thắng {}, O thắng {}, hòa {}",
        st.games, st.x_wins, st.o_wins, st.draws
    ));
    io.println(&format!("  Số thế cờ khác nhau: {}", st.positions));
    io.println("");
    io.println(&format!(
        "So với bài giảng: 9! = {factorial9}. Nếu mọi ván đều đi đủ 9 ô thì cây có {no_stop} nút \
         (và 9! nút lá). Nhưng ván cờ dừng ngay khi có người thắng, nên cây thật chỉ có {} nút, {} nút lá.",
        st.nodes, st.games
    ));
    Ok(())
}

//! Lệnh `giai-dau`: giải đấu vòng tròn của các người chơi máy (chương 7).

use super::common::help_requested;
use super::{CliError, Io};
use crate::args::Args;
use crate::dodgem::Dodgem;
use crate::games::TicTacToe;
use crate::limits::{TOURNAMENT_GAMES, TOURNAMENT_PLAYOUTS};
use crate::tournament::{round_robin, Contender, Standings, TournamentError};

const HELP: &str = "\
caytrochoi giai-dau — giải đấu vòng tròn của các người chơi máy (chương 7)

Cách dùng: caytrochoi giai-dau [--game caro|dodgem3|dodgem4|tat-ca] [--games N]
                               [--seed N] [--playouts N] [--json] [-o TỆP.svg]

Năm đấu thủ: đi ngẫu nhiên; minimax độ sâu 3 với hàm lượng giá của bài giảng
(Dodgem: bảng vị trí và điểm cản; carô: E = đường mở của X − đường mở của O);
alpha-beta độ sâu 5 có sắp thứ tự nước đi; sâu dần + bảng chuyển vị tới độ sâu
6; MCTS. Mỗi cặp đấu N ván với mỗi bên đi trước; thắng 1 điểm, hòa ½ điểm; ván
quá 200 nước là hòa.

  --game G        caro, dodgem3, dodgem4, hoặc tat-ca (cả ba, mặc định)
  --json          in đúng một đối tượng JSON
  -o TỆP.svg      vẽ biểu đồ cột điểm của các đấu thủ vào tệp SVG
  --seed N        hạt giống (mặc định 1): cùng hạt giống, cùng bảng kết quả
";

/// Chạy lệnh.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("giai-dau", rest);
    let help = format!(
        "{HELP}  --games N       số ván mỗi cặp, mỗi bên đi trước (mặc định 2, từ 1 đến {TOURNAMENT_GAMES})\n\
         \x20 --playouts N    số lần chơi thử mỗi nước của MCTS (mặc định 1000, từ 1 đến {})\n",
        crate::limits::group(TOURNAMENT_PLAYOUTS)
    );
    if help_requested(&args, &help, io) {
        return Ok(());
    }
    let which = args
        .parsed(
            "--game",
            "`caro`, `dodgem3`, `dodgem4` hoặc `tat-ca`",
            |v| match v {
                "caro" | "carô" | "tictactoe" => Some(vec!["caro"]),
                "dodgem3" => Some(vec!["dodgem3"]),
                "dodgem4" => Some(vec!["dodgem4"]),
                "tat-ca" | "tất-cả" | "all" => Some(vec!["caro", "dodgem3", "dodgem4"]),
                _ => None,
            },
        )?
        .unwrap_or_else(|| vec!["caro", "dodgem3", "dodgem4"]);
    let games = args
        .number_in("--games", 1, TOURNAMENT_GAMES as u64)?
        .unwrap_or(2) as u32;
    let seed = super::thuc_te::seed(&mut args)?;
    let playouts = args
        .number_in("--playouts", 1, TOURNAMENT_PLAYOUTS)?
        .unwrap_or(1000);
    let json = args.flag("--json")?;
    let output = args.value("-o")?;
    args.finish()?;

    let mut lineup = Contender::lineup();
    lineup[4] = Contender::Mcts { playouts };
    let mut tables: Vec<Standings> = Vec::new();
    for w in which {
        tables.push(play_one(w, &lineup, games, seed)?);
    }
    if let Some(path) = &output {
        crate::plot::tournament_chart(&tables)
            .and_then(|f| f.save(path))
            .map_err(|e| CliError::new(e.to_string()))?;
    }
    if json {
        io.json(&serde_json::json!({
            "seed": seed,
            "games_per_side": games,
            "tournaments": tables,
        }));
        return Ok(());
    }
    for (i, t) in tables.iter().enumerate() {
        if i > 0 {
            io.println("");
        }
        io.print(&t.to_string());
    }
    if let Some(path) = output {
        io.println(&format!("\nĐã ghi biểu đồ vào {path}."));
    }
    Ok(())
}

fn play_one(
    which: &str,
    lineup: &[Contender],
    games: u32,
    seed: u64,
) -> Result<Standings, CliError> {
    let r = match which {
        "caro" => {
            let g = TicTacToe {
                open_lines: true,
                symmetry_reduced: false,
            };
            round_robin(&g, "carô", lineup, games, seed)
        }
        "dodgem3" => round_robin(&Dodgem::new(3)?, "Dodgem 3×3", lineup, games, seed),
        _ => round_robin(&Dodgem::new(4)?, "Dodgem 4×4", lineup, games, seed),
    };
    r.map_err(|e| match e {
        TournamentError::Search(e) => CliError::from(e),
        other => CliError::new(other.to_string()),
    })
}

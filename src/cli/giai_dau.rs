//! Lệnh `giai-dau`: giải đấu vòng tròn của các người chơi máy (chương 7).

use super::common::help_requested;
use super::{CliError, Io};
use crate::args::Args;
use crate::dodgem::Dodgem;
use crate::games::TicTacToe;
use crate::limits::RATE_GAMES;
use crate::limits::{TOURNAMENT_GAMES, TOURNAMENT_PLAYOUTS};
use crate::search::Zobrist;
use crate::tournament::{
    play_match, round_robin, Contender, MatchResult, Standings, TournamentError,
};

const HELP: &str = "\
caytrochoi giai-dau — giải đấu vòng tròn của các người chơi máy (chương 7)

Cách dùng: caytrochoi giai-dau [--game caro|dodgem3|dodgem4|tat-ca] [--games N]
                               [--seed N] [--playouts N] [--json] [-o TỆP.svg]
           caytrochoi giai-dau --openings N [--opening-plies K] [--game …]
                               [--seed N] [--playouts N] [--json]

Năm đấu thủ: đi ngẫu nhiên; minimax độ sâu 3 với hàm lượng giá của bài giảng
(Dodgem: bảng vị trí và điểm cản; carô: E = đường mở của X − đường mở của O);
alpha-beta độ sâu 5 có sắp thứ tự nước đi; sâu dần + bảng chuyển vị tới độ sâu
6; MCTS. Mỗi cặp đấu N ván với mỗi bên đi trước; thắng 1 điểm, hòa ½ điểm; ván
quá 200 nước là hòa.

Giải từ thế đầu cho người chơi tất định chơi lại đúng một ván, và màu quân
quyết định nhiều cặp. Với --openings N, mỗi cặp đấu N khai cuộc ngẫu nhiên
(K nước ngẫu nhiên, mặc định 2), mỗi khai cuộc hai ván đổi màu quân: dòng của
một cặp cho điểm của người đầu, sai số chuẩn của nó, và điểm của bên cầm quân
MAX (X của carô, Trắng của Dodgem), ai cầm cũng vậy: lợi thế màu quân. Mọi
cặp dùng cùng các khai cuộc (cùng hạt giống). N = 50 (100 ván mỗi cặp) cho
sai số chuẩn ≤ 5 điểm phần trăm.

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
         \x20 --playouts N    số lần chơi thử mỗi nước của MCTS (mặc định 1000, từ 1 đến {})\n\
         \x20 --openings N    số khai cuộc ngẫu nhiên mỗi cặp, mỗi khai cuộc hai ván (từ 1 đến {RATE_GAMES})\n\
         \x20 --opening-plies K  số nước ngẫu nhiên của một khai cuộc (mặc định 2, từ 1 đến {MAX_OPENING_PLIES})\n",
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
    let games = args.number_in("--games", 1, TOURNAMENT_GAMES as u64)?;
    let games_given = games.is_some();
    let games = games.unwrap_or(2) as u32;
    let seed = super::thuc_te::seed(&mut args)?;
    let playouts = args
        .number_in("--playouts", 1, TOURNAMENT_PLAYOUTS)?
        .unwrap_or(1000);
    let openings = args.number_in("--openings", 1, RATE_GAMES as u64)?;
    let opening_plies = args.number_in("--opening-plies", 1, MAX_OPENING_PLIES as u64)?;
    let json = args.flag("--json")?;
    let output = args.value("-o")?;
    args.finish()?;

    let mut lineup = Contender::lineup();
    lineup[4] = Contender::Mcts { playouts };
    if let Some(openings) = openings {
        if games_given {
            return Err(CliError::new(
                "--games là số ván của giải từ thế đầu; với --openings mỗi khai cuộc đúng hai ván",
            ));
        }
        if output.is_some() {
            return Err(CliError::new(
                "-o vẽ bảng điểm của giải từ thế đầu; với --openings kết quả là từng cặp, dùng --json",
            ));
        }
        let plies = opening_plies.unwrap_or(2) as u32;
        return matches(which, &lineup, openings as u32, plies, seed, json, io);
    }
    if opening_plies.is_some() {
        return Err(CliError::new("--opening-plies chỉ dùng cùng --openings N"));
    }
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

/// Số nước ngẫu nhiên tối đa của một khai cuộc (`--opening-plies`): carô còn
/// ván chưa kết thúc sau 8 nước, nhưng khi ấy chẳng còn gì để hai máy chơi.
const MAX_OPENING_PLIES: u32 = 6;

/// Một cặp của giải có khai cuộc ngẫu nhiên: chỉ số hai đấu thủ và kết quả.
struct Match {
    first: usize,
    second: usize,
    result: MatchResult,
}

/// Giải có khai cuộc ngẫu nhiên (`--openings`): mọi cặp đấu thủ của mỗi trò chơi,
/// [`play_match`] với cùng hạt giống (cùng các khai cuộc cho mọi cặp).
fn matches(
    which: Vec<&str>,
    lineup: &[Contender],
    openings: u32,
    plies: u32,
    seed: u64,
    json: bool,
    io: &mut Io,
) -> Result<(), CliError> {
    let mut tables = Vec::new();
    for w in which {
        let (name, max_side, all) = match w {
            "caro" => {
                let g = TicTacToe {
                    open_lines: true,
                    symmetry_reduced: false,
                };
                ("carô", "X", every_pair(&g, lineup, openings, plies, seed)?)
            }
            "dodgem3" => {
                let g = Dodgem::new(3)?;
                let m = every_pair(&g, lineup, openings, plies, seed)?;
                ("Dodgem 3×3", "Trắng", m)
            }
            _ => {
                let g = Dodgem::new(4)?;
                let m = every_pair(&g, lineup, openings, plies, seed)?;
                ("Dodgem 4×4", "Trắng", m)
            }
        };
        tables.push((name, max_side, all));
    }
    if json {
        let tournaments: Vec<serde_json::Value> = tables
            .iter()
            .map(|(name, max_side, all)| {
                let pairs: Vec<serde_json::Value> = all
                    .iter()
                    .map(|m| {
                        let r = &m.result;
                        serde_json::json!({
                            "first": lineup[m.first],
                            "second": lineup[m.second],
                            "games": r.games(),
                            "first_wins": r.first_wins,
                            "draws": r.draws,
                            "second_wins": r.second_wins,
                            "max_wins": r.max_wins,
                            "score": r.score(),
                            "standard_error": r.standard_error(),
                            "max_score": r.max_score(),
                        })
                    })
                    .collect();
                serde_json::json!({ "game": name, "max_side": max_side, "matches": pairs })
            })
            .collect();
        io.json(&serde_json::json!({
            "seed": seed,
            "openings": openings,
            "opening_plies": plies,
            "tournaments": tournaments,
        }));
        return Ok(());
    }
    let pct = |x: f64| format!("{:.1} %", 100.0 * x).replace('.', ",");
    for (k, (name, max_side, all)) in tables.iter().enumerate() {
        if k > 0 {
            io.println("");
        }
        io.println(&format!(
            "{name} — {} ván mỗi cặp: {openings} khai cuộc {plies} nước × 2 màu quân, hạt giống {seed}",
            2 * openings
        ));
        let score_of_max = format!("điểm của {max_side}");
        io.println(&format!(
            "  {:<26} thắng  hòa  thua    điểm  sai số  {score_of_max}",
            "cặp"
        ));
        for m in all {
            let r = &m.result;
            let pair = format!(
                "{} – {}",
                lineup[m.first].short_name(),
                lineup[m.second].short_name()
            );
            io.println(&format!(
                "  {pair:<26} {:>5}  {:>3}  {:>4}  {:>6}  {:>6}  {:>w$}",
                r.first_wins,
                r.draws,
                r.second_wins,
                pct(r.score()),
                pct(r.standard_error()),
                pct(r.max_score()),
                w = score_of_max.chars().count(),
            ));
        }
    }
    io.println(
        "\nKhai cuộc: các nước ngẫu nhiên đầu ván, mỗi khai cuộc chơi hai lần đổi màu quân.\n\
         Thắng, hòa, thua, điểm (thắng 1, hòa ½): của người đầu trong cặp; sai số: sai số\n\
         chuẩn của điểm ấy. Điểm khác 50 % quá hai sai số chuẩn mới nói được ai mạnh hơn.\n\
         Cột cuối: điểm của bên cầm quân MAX, ai cầm cũng vậy — lợi thế màu quân.",
    );
    Ok(())
}

/// [`play_match`] cho mọi cặp `i < j` của `lineup`, cùng hạt giống.
fn every_pair<G>(
    game: &G,
    lineup: &[Contender],
    openings: u32,
    plies: u32,
    seed: u64,
) -> Result<Vec<Match>, CliError>
where
    G: Zobrist,
    G::Move: PartialEq,
{
    let mut all = Vec::new();
    for first in 0..lineup.len() {
        for second in first + 1..lineup.len() {
            let result = play_match(game, &lineup[first], &lineup[second], openings, plies, seed)
                .map_err(tournament_error)?;
            all.push(Match {
                first,
                second,
                result,
            });
        }
    }
    Ok(all)
}

fn tournament_error(e: TournamentError) -> CliError {
    match e {
        TournamentError::Search(e) => CliError::from(e),
        other => CliError::new(other.to_string()),
    }
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
    r.map_err(tournament_error)
}

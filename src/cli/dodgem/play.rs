//! `caytrochoi dodgem play`: chơi Dodgem với máy trong cửa sổ dòng lệnh.
//!
//! Thư viện lo luật chơi, người chơi máy và cách viết nước đi; ở đây chỉ có việc
//! hỏi và in. Đầu vào và đầu ra là `BufRead`/`Write` bất kỳ, nên một bài kiểm
//! thử có thể "gõ" sẵn cả ván cờ. Người chơi gõ nước đi theo
//! [cách viết](crate::dodgem::notation)
//! `a2>`, `b1^`…; `?` hoặc `help` để xem các nước hợp lệ; `thoat` để bỏ cuộc.
//! Hết đầu vào (Ctrl-D) thì ván dừng lại lịch sự.
//!
//! Dodgem có thể lặp thế cờ mãi; ván được xử **hòa** khi cùng một thế cờ (bàn
//! cờ và bên đến lượt) xuất hiện lần thứ ba.

use crate::dodgem::announce;
use crate::dodgem::notation::{describe_move, draw_board, parse_move};
use crate::dodgem::{Dodgem, DodgemError, GameEnd, Position, SearchPlayer, Side};
use crate::limits::{PLAY_LINES, PLAY_LINE_BYTES};
use crate::random::SplitMix64;
use crate::tournament::Contender;
use crate::Algorithm;
use std::collections::HashMap;
use std::io::{BufRead, Write};

/// Cấu hình một ván chơi với máy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PlayConfig {
    /// Luật chơi (kích thước, luật kết thúc, bên đi trước).
    pub(crate) game: Dodgem,
    /// Bên của người chơi.
    pub(crate) human: Side,
    /// Độ sâu tìm kiếm của máy.
    pub(crate) depth: u32,
    /// Người chơi máy của chương 7 (`None`: alpha-beta cửa sổ (α, β) như chương 6).
    pub(crate) player: Option<Contender>,
    /// Hạt giống cho người chơi máy có ngẫu nhiên (MCTS, đi ngẫu nhiên).
    pub(crate) seed: u64,
}

/// Người chơi máy theo tên của `--search` (`None`/`window`: alpha-beta như cũ).
pub(crate) fn computer(
    name: Option<&str>,
    depth: u32,
    playouts: u64,
) -> Result<Option<Contender>, crate::cli::CliError> {
    Ok(match name {
        None | Some("window") => None,
        Some("minimax") => Some(Contender::Minimax { depth }),
        Some("alpha-beta") => Some(Contender::AlphaBeta { depth }),
        Some("id-tt") => Some(Contender::IdTt { depth }),
        Some("mcts") => Some(Contender::Mcts { playouts }),
        Some("random") => Some(Contender::Random),
        Some(other) => {
            return Err(crate::cli::CliError::new(format!(
                "giá trị của --search không hợp lệ: `{other}` (cần `window`, `minimax`, \
                 `alpha-beta`, `id-tt`, `mcts` hoặc `random`)"
            )))
        }
    })
}

/// Ván cờ kết thúc thế nào.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlayResult {
    /// Có người thắng theo luật.
    Finished(GameEnd),
    /// Hòa vì thế cờ lặp lại lần thứ ba.
    Repetition,
    /// Người chơi bỏ cuộc.
    Resigned,
    /// Hết đầu vào trước khi ván kết thúc.
    EndOfInput,
    /// Một dòng gõ vào dài hơn [`PLAY_LINE_BYTES`] byte.
    LineTooLong,
    /// Ván đã đọc [`PLAY_LINES`] dòng mà chưa xong.
    TooManyLines,
}

const HELP: &str = "\
Cách gõ nước đi: tên ô rồi hướng. Cột a, b, c… từ trái sang, hàng 1 ở dưới cùng.
  >  sang phải    <  sang trái    ^  lên    v  xuống
  (hoặc chữ: p = phải, t = trái, l = lên, x = xuống)
Ví dụ: a2>  (xe ở a2 sang phải), b1^ (xe ở b1 đi lên). Xe ở mép đích đi tiếp
là ra khỏi bàn: Đen ra qua mép phải, Trắng ra qua mép trên.
Gõ ? để xem các nước hợp lệ, thoat để bỏ cuộc.";

/// Đọc dòng thứ `k` người chơi gõ (đưa về NFC: `thoát` gõ kiểu tách dấu vẫn là
/// `thoát`), không quá [`PLAY_LINE_BYTES`] byte và không quá [`PLAY_LINES`] dòng
/// một ván: đầu vào vô tận (`yes | caytrochoi dodgem play`) không làm chương
/// trình chạy mãi. `Err` là cách ván dừng.
fn read_line(input: &mut dyn BufRead, k: usize) -> Result<String, PlayResult> {
    if k > PLAY_LINES {
        return Err(PlayResult::TooManyLines);
    }
    let mut bytes = Vec::new();
    let mut limited = std::io::Read::take(input, PLAY_LINE_BYTES as u64 + 1);
    match limited.read_until(b'\n', &mut bytes) {
        Ok(0) | Err(_) => return Err(PlayResult::EndOfInput),
        Ok(_) => {}
    }
    if bytes.len() > PLAY_LINE_BYTES {
        return Err(PlayResult::LineTooLong);
    }
    Ok(crate::text::nfc_owned(
        String::from_utf8_lossy(&bytes).into_owned(),
    ))
}

/// Chơi một ván: đọc nước đi của người từ `input`, ghi bàn cờ và thông báo ra `out`.
pub(crate) fn play(
    cfg: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<PlayResult, DodgemError> {
    let game = cfg.game;
    let computer = SearchPlayer::new(Algorithm::Window, cfg.depth);
    let mut say = |text: &str| {
        let _ = writeln!(out, "{text}");
    };
    let how = match cfg.player {
        None => format!("tính trước {} nước", cfg.depth),
        Some(c) => c.name_vi(),
    };
    let mut rng = SplitMix64::new(cfg.seed);
    say(&format!(
        "Dodgem {n}×{n} — bạn cầm quân {}, máy cầm quân {} ({how}). {} đi trước.",
        cfg.human.name(),
        cfg.human.opponent().name(),
        game.first.name(),
        n = game.size()
    ));
    say(&format!(
        "Theo {}. Ai đưa hết xe ra khỏi bàn trước thì thắng.",
        game.rule.describe()
    ));
    say(HELP);
    let mut pos = game.start();
    let mut seen: HashMap<Position, u32> = HashMap::new();
    let mut lines_read = 0;
    loop {
        say("");
        say(&draw_board(&pos.board));
        if let Some(end) = game.end(&pos) {
            say(&announce(&game, &pos, end, cfg.human));
            return Ok(PlayResult::Finished(end));
        }
        let count = seen.entry(pos).or_insert(0);
        *count += 1;
        if *count >= 3 {
            say("Thế cờ này đã lặp lại lần thứ ba: ván cờ hòa.");
            return Ok(PlayResult::Repetition);
        }
        if pos.to_move == cfg.human {
            // Hỏi đến khi có một nước hợp lệ.
            let mv = loop {
                say(&format!(
                    "Lượt bạn ({}). Nước đi (? để xem gợi ý):",
                    cfg.human.name()
                ));
                lines_read += 1;
                let line = match read_line(input, lines_read) {
                    Ok(line) => line,
                    Err(PlayResult::EndOfInput) => {
                        say("Hết đầu vào: dừng ván cờ tại đây. Hẹn gặp lại!");
                        return Ok(PlayResult::EndOfInput);
                    }
                    Err(stop) => return Ok(stop),
                };
                let text = line.trim();
                match text.to_lowercase().as_str() {
                    "" => continue,
                    "?" | "help" | "h" | "trogiup" | "goiy" => {
                        say("Các nước hợp lệ:");
                        for m in game.moves(&pos) {
                            say(&format!("  {}", describe_move(&game, &pos, m)));
                        }
                        say(HELP);
                        continue;
                    }
                    "thoat" | "thoát" | "quit" | "q" => {
                        say(&format!(
                            "Bạn bỏ cuộc. {} thắng.",
                            cfg.human.opponent().name()
                        ));
                        return Ok(PlayResult::Resigned);
                    }
                    _ => {}
                }
                match parse_move(&game, &pos, text) {
                    Ok(mv) => break mv,
                    Err(e) => say(&format!("Chưa đi được: {e}. Gõ ? để xem các nước hợp lệ.")),
                }
            };
            say(&format!("Bạn đi: {}", describe_move(&game, &pos, mv)));
            pos = game.play(&pos, mv)?;
        } else {
            let chosen = match cfg.player {
                None => computer.search(&game, &pos)?.best_move,
                Some(c) => c
                    .choose(&game, &pos, rng.next_u64())
                    .map_err(DodgemError::from)?,
            };
            let mv =
                chosen.ok_or_else(|| DodgemError::Internal("máy không tìm được nước đi".into()))?;
            say(&format!(
                "Máy ({}) đi: {}",
                pos.to_move.name(),
                describe_move(&game, &pos, mv)
            ));
            pos = game.play(&pos, mv)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dodgem::{evaluate, move_name, Rule, Solution};

    /// Chuẩn bị một ván: người (Đen) luôn đi một nước thắng theo lời giải, máy
    /// (Trắng, tính trước `depth` nước) đi đúng như `play` sẽ đi. Trả về các dòng
    /// phải gõ (kèm vài dòng sai ở đầu) và người thắng.
    fn scripted_winning_game(depth: u32) -> (Vec<String>, Side) {
        let g = Dodgem::new(3).unwrap();
        let exact = Solution::solve(3, Rule::Lecture).unwrap();
        let computer = SearchPlayer::new(Algorithm::Window, depth);
        let mut pos = g.start();
        let mut lines = vec!["?".to_string(), "xyz".to_string(), "a3<".to_string()];
        while g.end(&pos).is_none() {
            let mv = if pos.to_move == Side::Black {
                // Một nước thắng theo lời giải; trong các nước thắng, ưu tiên nước
                // đưa xe ra rồi nước có lượng giá tốt cho Đen, để ván không đi vòng.
                let wins = exact.winning_moves(&pos).unwrap();
                let best = *wins
                    .iter()
                    .min_by_key(|m| {
                        let c = g.after(&pos, **m);
                        (c.board.cars_on_board(Side::Black), -(evaluate(&c.board)))
                    })
                    .unwrap();
                lines.push(move_name(3, best));
                best
            } else {
                computer.choose(&g, &pos).unwrap().unwrap()
            };
            pos = g.after(&pos, mv);
            assert!(lines.len() < 60, "ván quá dài");
        }
        (lines, g.end(&pos).unwrap().winner)
    }

    #[test]
    fn scripted_game_in_the_terminal() {
        let (lines, winner) = scripted_winning_game(2);
        assert_eq!(winner, Side::Black);
        let input = lines.join("\n") + "\n";
        let mut out = Vec::new();
        let cfg = PlayConfig {
            game: Dodgem::new(3).unwrap(),
            human: Side::Black,
            depth: 2,
            player: None,
            seed: 1,
        };
        let r = play(&cfg, &mut input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            matches!(r, PlayResult::Finished(e) if e.winner == Side::Black),
            "{text}"
        );
        assert!(text.contains("Các nước hợp lệ:"));
        assert!(text.contains("`xyz` không phải tên ô"));
        assert!(text.contains("không được đi sang trái"));
        assert!(text.contains("Bạn (Đen) thắng!"), "{text}");
        assert!(text.contains("Lý do:"));
    }

    #[test]
    fn end_of_input_stops_politely() {
        let cfg = PlayConfig {
            game: Dodgem::new(3).unwrap(),
            human: Side::White,
            depth: 1,
            player: None,
            seed: 1,
        };
        let mut out = Vec::new();
        let r = play(&cfg, &mut "".as_bytes(), &mut out).unwrap();
        assert_eq!(r, PlayResult::EndOfInput);
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("Máy (Đen) đi:"));
        assert!(text.contains("Hết đầu vào"));
    }

    #[test]
    fn chapter7_players_answer_in_the_terminal() {
        for name in ["minimax", "alpha-beta", "id-tt", "mcts", "random"] {
            let player = computer(Some(name), 3, 300).unwrap();
            assert!(player.is_some());
            let cfg = PlayConfig {
                game: Dodgem::new(3).unwrap(),
                human: Side::White,
                depth: 3,
                player,
                seed: 5,
            };
            let mut out = Vec::new();
            let r = play(&cfg, &mut "".as_bytes(), &mut out).unwrap();
            assert_eq!(r, PlayResult::EndOfInput);
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains("Máy (Đen) đi:"), "{name}: {text}");
        }
        assert!(computer(Some("xyz"), 3, 300).is_err());
    }
}

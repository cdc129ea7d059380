//! Chơi Dodgem với máy trong cửa sổ dòng lệnh.
//!
//! Đầu vào và đầu ra là `BufRead`/`Write` bất kỳ, nên một bài kiểm thử có thể
//! "gõ" sẵn cả ván cờ. Người chơi gõ nước đi theo [cách viết](super::notation)
//! `a2>`, `b1^`…; `?` hoặc `help` để xem các nước hợp lệ; `thoat` để bỏ cuộc.
//! Hết đầu vào (Ctrl-D) thì ván dừng lại lịch sự.
//!
//! Dodgem có thể lặp thế cờ mãi; ván được xử **hòa** khi cùng một thế cờ (bàn
//! cờ và bên đến lượt) xuất hiện lần thứ ba.

use super::board::Side;
use super::error::DodgemError;
use super::notation::{describe_move, draw_board, parse_move};
use super::players::SearchPlayer;
use super::rules::{Dodgem, EndReason, GameEnd, Position, Rule};
use crate::trace::Algorithm;
use std::collections::HashMap;
use std::io::{BufRead, Write};

/// Cấu hình một ván chơi với máy.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlayConfig {
    /// Luật chơi (kích thước, luật kết thúc, bên đi trước).
    pub game: Dodgem,
    /// Bên của người chơi.
    pub human: Side,
    /// Độ sâu tìm kiếm của máy.
    pub depth: u32,
}

/// Ván cờ kết thúc thế nào.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayResult {
    /// Có người thắng theo luật.
    Finished(GameEnd),
    /// Hòa vì thế cờ lặp lại lần thứ ba.
    Repetition,
    /// Người chơi bỏ cuộc.
    Resigned,
    /// Hết đầu vào trước khi ván kết thúc.
    EndOfInput,
}

const HELP: &str = "\
Cách gõ nước đi: tên ô rồi hướng. Cột a, b, c… từ trái sang, hàng 1 ở dưới cùng.
  >  sang phải    <  sang trái    ^  lên    v  xuống
  (hoặc chữ: p = phải, t = trái, l = lên, x = xuống)
Ví dụ: a2>  (xe ở a2 sang phải), b1^ (xe ở b1 đi lên). Xe ở mép đích đi tiếp
là ra khỏi bàn: Đen ra qua mép phải, Trắng ra qua mép trên.
Gõ ? để xem các nước hợp lệ, thoat để bỏ cuộc.";

/// Chơi một ván: đọc nước đi của người từ `input`, ghi bàn cờ và thông báo ra `out`.
pub fn play(
    cfg: &PlayConfig,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<PlayResult, DodgemError> {
    let game = cfg.game;
    let computer = SearchPlayer::new(Algorithm::Window, cfg.depth);
    let mut say = |text: &str| {
        let _ = writeln!(out, "{text}");
    };
    say(&format!(
        "Dodgem {n}×{n} — bạn cầm quân {}, máy cầm quân {} (tính trước {} nước). {} đi trước.",
        cfg.human.name(),
        cfg.human.opponent().name(),
        cfg.depth,
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
                let mut line = String::new();
                match input.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        say("Hết đầu vào: dừng ván cờ tại đây. Hẹn gặp lại!");
                        return Ok(PlayResult::EndOfInput);
                    }
                    Ok(_) => {}
                }
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
            let r = computer.search(&game, &pos)?;
            let mv = r
                .best_move
                .ok_or_else(|| DodgemError::Internal("máy không tìm được nước đi".into()))?;
            say(&format!(
                "Máy ({}) đi: {}",
                pos.to_move.name(),
                describe_move(&game, &pos, mv)
            ));
            pos = game.play(&pos, mv)?;
        }
    }
}

/// Câu thông báo kết thúc ván, có lý do.
fn announce(game: &Dodgem, pos: &Position, end: GameEnd, human: Side) -> String {
    let who = if end.winner == human {
        format!("Bạn ({}) thắng!", end.winner.name())
    } else {
        format!("Máy ({}) thắng.", end.winner.name())
    };
    let why = match end.reason {
        EndReason::AllCarsOff => format!("{} đã đưa hết xe ra khỏi bàn", end.winner.name()),
        EndReason::NoMoves => match game.rule {
            Rule::Vn => format!(
                "{} không còn nước đi nào; theo luật bài giảng, người chặn hết đường thắng",
                pos.to_move.name()
            ),
            Rule::Ww => format!(
                "{} không còn nước đi nào; theo luật Winning Ways, người chặn hết đường thua",
                pos.to_move.name()
            ),
        },
    };
    format!("Ván cờ kết thúc: {who} Lý do: {why}.")
}

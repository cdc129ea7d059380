//! Câu thông báo kết thúc một ván Dodgem giữa người và máy: ai thắng và vì sao,
//! theo luật đang chơi. Dòng lệnh (`caytrochoi dodgem play`) và trang sách in
//! đúng câu này.

use super::{Dodgem, EndReason, GameEnd, Position, Rule, Side};

/// Câu thông báo kết thúc ván, có lý do (`human`: bên của người chơi), như lệnh
/// `caytrochoi dodgem play` in.
pub fn announce(game: &Dodgem, pos: &Position, end: GameEnd, human: Side) -> String {
    let who = if end.winner == human {
        format!("Bạn ({}) thắng!", end.winner.name())
    } else {
        format!("Máy ({}) thắng.", end.winner.name())
    };
    let why = match end.reason {
        EndReason::AllCarsOff => format!("{} đã đưa hết xe ra khỏi bàn", end.winner.name()),
        EndReason::NoMoves => match game.rule {
            Rule::Lecture => format!(
                "{} không còn nước đi nào; theo luật bài giảng, người chặn hết đường thắng",
                pos.to_move.name()
            ),
            Rule::WinningWays => format!(
                "{} không còn nước đi nào; theo luật Winning Ways, người chặn hết đường thua",
                pos.to_move.name()
            ),
        },
    };
    format!("Ván cờ kết thúc: {who} Lý do: {why}.")
}

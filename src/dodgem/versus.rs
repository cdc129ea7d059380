//! Một ván Dodgem với máy, từng nước một: kiểu [`Match`].
//!
//! Bạn gõ nước đi của mình (`a3>`, `b1^`…), máy đáp lại ngay bằng alpha-beta
//! (cửa sổ (α, β), hàm lượng giá của bài giảng) và cho biết giá trị tìm kiếm của
//! nó. Ván nhớ mọi nước đã đi và kết thúc khi có người thắng, hoặc hòa khi một
//! thế cờ (bàn cờ và bên đến lượt) xuất hiện lần thứ ba.
//!
//! Nước đi sai không bao giờ làm chương trình dừng: [`Match::play`] ghi lại lời
//! giải thích (sai ở đâu, các nước hợp lệ là gì), bàn cờ giữ nguyên, và bạn gõ
//! lại. Trong notebook, một ván tự hiện thành hình bàn cờ kèm một dòng tiếng
//! Việt (`Match::evcxr_display`, ở [`crate::display`]; hình là `Match::figure`,
//! ở [`crate::plot`]: mô-đun trò chơi không vẽ); in bằng `{}` thì ra bàn cờ
//! dạng chữ.
//!
//! ```
//! use caytrochoi::dodgem::{Dodgem, Match, Side};
//! let mut van = Match::new(Dodgem::new(3).unwrap(), Side::Black, 4).unwrap();
//! van.play("a3<"); // xe Đen không được đi sang trái
//! assert!(van.last_error().is_some());
//! assert!(van.note().contains("không được đi sang trái"));
//! van.play("a3>"); // hợp lệ: máy (Trắng) đáp lại ngay
//! assert_eq!(van.turns().len(), 2);
//! assert!(van.turns()[1].by_computer);
//! assert_eq!(van.position().to_move, Side::Black);
//! ```

use super::board::Side;
use super::error::DodgemError;
use super::notation::{board_to_text, describe_move, draw_board, move_name, parse_move};
use super::players::SearchPlayer;
use super::rules::{Dodgem, DodgemMove, EndReason, GameEnd, Position, Rule, WIN_SCORE};
use crate::limits::DODGEM_DEPTH;
use crate::search::Algorithm;
use crate::value::fmt_value;
use std::collections::HashMap;
use std::fmt;

/// Một nước đã đi trong ván.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// Bên đi nước này.
    pub side: Side,
    /// Nước do máy đi (`false`: do bạn đi).
    pub by_computer: bool,
    /// Nước đi.
    pub mv: DodgemMove,
    /// Tên ngắn, ví dụ `a3>`.
    pub name: String,
    /// Mô tả bằng lời, ví dụ `a3> (Đen a3 sang phải)`.
    pub description: String,
    /// Giá trị tìm kiếm của máy (theo Trắng, MAX) khi máy chọn nước này.
    pub value: Option<f64>,
    /// Số nút máy đã xét để chọn nước này.
    pub nodes: Option<u64>,
}

/// Ván kết thúc thế nào.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchEnd {
    /// Có người thắng theo luật.
    Finished(GameEnd),
    /// Hòa vì một thế cờ xuất hiện lần thứ ba.
    Repetition,
}

/// Một ván Dodgem giữa bạn và máy (xem [mô-đun](self)).
#[derive(Debug, Clone)]
pub struct Match {
    game: Dodgem,
    human: Side,
    computer: SearchPlayer,
    position: Position,
    turns: Vec<Turn>,
    seen: HashMap<Position, u32>,
    end: Option<MatchEnd>,
    note: String,
    error: Option<DodgemError>,
}

impl Match {
    /// Ván mới của trò chơi `game` từ thế đầu: bạn cầm quân `human`, máy tính
    /// trước `depth` nước (từ 1 đến [`DODGEM_DEPTH`]). Nếu máy đi trước, máy
    /// đi nước đầu ngay.
    pub fn new(game: Dodgem, human: Side, depth: u32) -> Result<Match, DodgemError> {
        Match::from_position(game, game.start(), human, depth)
    }

    /// Ván bắt đầu từ thế cờ `position` (cùng kích thước với `game`).
    pub fn from_position(
        game: Dodgem,
        position: Position,
        human: Side,
        depth: u32,
    ) -> Result<Match, DodgemError> {
        if !(1..=DODGEM_DEPTH).contains(&depth) {
            return Err(DodgemError::BadDepth {
                depth,
                max: DODGEM_DEPTH,
            });
        }
        if position.board.size() != game.size() {
            let n = game.size();
            return Err(DodgemError::BadBoard {
                text: board_to_text(&position.board),
                reason: format!(
                    "bàn {m}×{m} nhưng ván chơi trên bàn {n}×{n}",
                    m = position.board.size()
                ),
            });
        }
        let mut m = Match {
            game,
            human,
            computer: SearchPlayer::new(Algorithm::Window, depth),
            position,
            turns: Vec::new(),
            seen: HashMap::new(),
            end: None,
            note: String::new(),
            error: None,
        };
        m.arrive();
        let mut note = format!(
            "Ván mới trên bàn {n}×{n} ({}): bạn cầm quân {}, máy cầm quân {} (alpha-beta, tính trước {depth} nước).",
            game.rule.describe(),
            human.name(),
            human.opponent().name(),
            n = game.size()
        );
        if m.end.is_none() && position.to_move != human {
            note.push(' ');
            note.push_str(&m.computer_reply()?);
        }
        note.push(' ');
        note.push_str(&m.whats_next());
        m.note = note;
        Ok(m)
    }

    /// Bạn đi nước `text` (ví dụ `a3>`), rồi máy đáp lại. Nước sai, hay ván đã
    /// kết thúc: bàn cờ giữ nguyên, [`Match::note`] giải thích vì sao và
    /// [`Match::last_error`] cho biết lỗi. Trả về chính ván cờ, để trong notebook
    /// ô `van.play("a3>")` hiện ngay bàn cờ mới.
    pub fn play(&mut self, text: &str) -> &Match {
        self.error = None;
        if let Some(end) = self.end {
            self.note = format!(
                "Ván cờ đã kết thúc ({}); muốn chơi tiếp hãy tạo ván mới.",
                self.end_text(end)
            );
            self.error = Some(DodgemError::GameOver);
            return self;
        }
        let mv = match parse_move(&self.game, &self.position, text) {
            Ok(mv) => mv,
            Err(e) => {
                self.note = format!(
                    "Chưa đi được: {e}. Bàn cờ giữ nguyên; các nước hợp lệ của {}: {}.",
                    self.position.to_move.name(),
                    self.legal_names().join(", ")
                );
                self.error = Some(e);
                return self;
            }
        };
        let mut note = format!("Bạn đi {}.", describe_move(&self.game, &self.position, mv));
        self.push(mv, None);
        if self.end.is_none() {
            match self.computer_reply() {
                Ok(reply) => {
                    note.push(' ');
                    note.push_str(&reply);
                }
                Err(e) => {
                    note.push_str(&format!(" Máy không đáp được: {e}."));
                    self.error = Some(e);
                }
            }
        }
        note.push(' ');
        note.push_str(&self.whats_next());
        self.note = note;
        self
    }

    /// Máy đi một nước (bên đến lượt là máy); trả về câu kể lại nước đó.
    fn computer_reply(&mut self) -> Result<String, DodgemError> {
        let r = self.computer.search(&self.game, &self.position)?;
        let mv = r
            .best_move
            .ok_or_else(|| DodgemError::Internal("máy không tìm được nước đi".into()))?;
        let text = format!(
            "Máy ({}) đáp {}, giá trị tìm kiếm {} ({}; đã xét {} nút).",
            self.position.to_move.name(),
            describe_move(&self.game, &self.position, mv),
            fmt_value(r.value),
            value_meaning(r.value, self.computer.depth),
            r.nodes_visited
        );
        self.push(mv, Some((r.value, r.nodes_visited)));
        Ok(text)
    }

    /// Ghi một nước đã đi (đã kiểm tra hợp lệ) và cập nhật kết cục.
    fn push(&mut self, mv: DodgemMove, search: Option<(f64, u64)>) {
        let pos = self.position;
        self.turns.push(Turn {
            side: pos.to_move,
            by_computer: search.is_some(),
            mv,
            name: move_name(self.game.size(), mv),
            description: describe_move(&self.game, &pos, mv),
            value: search.map(|s| s.0),
            nodes: search.map(|s| s.1),
        });
        self.position = self.game.after(&pos, mv);
        self.arrive();
    }

    /// Đếm thế cờ vừa tới; xem ván đã kết thúc chưa.
    fn arrive(&mut self) {
        if let Some(end) = self.game.end(&self.position) {
            self.end = Some(MatchEnd::Finished(end));
            return;
        }
        let count = self.seen.entry(self.position).or_insert(0);
        *count += 1;
        if *count >= 3 {
            self.end = Some(MatchEnd::Repetition);
        }
    }

    /// Câu nói bước tiếp theo: ai đến lượt, hay ván đã kết thúc vì sao.
    fn whats_next(&self) -> String {
        match self.end {
            Some(end) => format!("Ván cờ kết thúc: {}.", self.end_text(end)),
            None => format!(
                "Đến lượt bạn ({}): {}.",
                self.human.name(),
                self.legal_names().join(", ")
            ),
        }
    }

    fn end_text(&self, end: MatchEnd) -> String {
        match end {
            MatchEnd::Repetition => "thế cờ lặp lại lần thứ ba, hòa".to_string(),
            MatchEnd::Finished(e) => {
                let who = if e.winner == self.human {
                    format!("bạn ({}) thắng", e.winner.name())
                } else {
                    format!("máy ({}) thắng", e.winner.name())
                };
                let why = match (e.reason, self.game.rule) {
                    (EndReason::AllCarsOff, _) => {
                        format!("{} đã đưa hết xe ra khỏi bàn", e.winner.name())
                    }
                    (EndReason::NoMoves, Rule::Lecture) => format!(
                        "{} hết nước đi, và theo luật bài giảng người chặn hết đường thắng",
                        self.position.to_move.name()
                    ),
                    (EndReason::NoMoves, Rule::WinningWays) => format!(
                        "{} hết nước đi, và theo luật Winning Ways người chặn hết đường thua",
                        self.position.to_move.name()
                    ),
                };
                format!("{who}, vì {why}")
            }
        }
    }

    fn legal_names(&self) -> Vec<String> {
        self.game
            .moves(&self.position)
            .into_iter()
            .map(|m| move_name(self.game.size(), m))
            .collect()
    }

    /// Trò chơi (kích thước, luật, bên đi trước).
    pub fn game(&self) -> &Dodgem {
        &self.game
    }

    /// Bên của bạn.
    pub fn human(&self) -> Side {
        self.human
    }

    /// Số nước máy tính trước.
    pub fn depth(&self) -> u32 {
        self.computer.depth
    }

    /// Thế cờ hiện tại.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Mọi nước đã đi, theo thứ tự.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Kết cục, nếu ván đã kết thúc.
    pub fn end(&self) -> Option<MatchEnd> {
        self.end
    }

    /// Ván đã kết thúc chưa.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Lời kể về lần đi gần nhất (hoặc lời giải thích vì sao chưa đi được).
    pub fn note(&self) -> &str {
        &self.note
    }

    /// Lỗi của lần gọi [`Match::play`] gần nhất, nếu nước đi không được nhận.
    pub fn last_error(&self) -> Option<&DodgemError> {
        self.error.as_ref()
    }
}

/// Nghĩa của giá trị tìm kiếm `v` (theo Trắng) khi tính trước `depth` nước.
fn value_meaning(v: f64, depth: u32) -> String {
    if v >= WIN_SCORE {
        format!("máy thấy Trắng thắng chắc trong vòng {depth} nước")
    } else if v <= -WIN_SCORE {
        format!("máy thấy Đen thắng chắc trong vòng {depth} nước")
    } else if v > 0.0 {
        "ước lượng nghiêng về Trắng".to_string()
    } else if v < 0.0 {
        "ước lượng nghiêng về Đen".to_string()
    } else {
        "ước lượng cân bằng".to_string()
    }
}

impl fmt::Display for Match {
    /// Bàn cờ dạng chữ rồi dòng kể lại.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&draw_board(&self.position.board))?;
        f.write_str(&self.note)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dodgem::{parse_board, Solution};

    fn g3() -> Dodgem {
        Dodgem::new(3).unwrap()
    }

    #[test]
    fn bad_depth_and_size_are_explained() {
        let e = Match::new(g3(), Side::Black, 0).unwrap_err().to_string();
        assert!(e.contains("độ sâu 0") && e.contains("10"), "{e}");
        assert!(Match::new(g3(), Side::Black, 11).is_err());
        let pos = Position {
            board: crate::dodgem::Board::start(4).unwrap(),
            to_move: Side::Black,
        };
        let e = Match::from_position(g3(), pos, Side::Black, 2)
            .unwrap_err()
            .to_string();
        assert!(e.contains("bàn 4×4") && e.contains("3×3"), "{e}");
    }

    #[test]
    fn computer_moves_first_when_it_is_its_turn() {
        let m = Match::new(g3(), Side::White, 3).unwrap();
        assert_eq!(m.turns().len(), 1);
        assert!(m.turns()[0].by_computer && m.turns()[0].side == Side::Black);
        assert_eq!(m.position().to_move, Side::White);
        assert!(m.note().contains("Máy (Đen) đáp"), "{}", m.note());
        assert!(m.note().ends_with(&format!(
            "Đến lượt bạn (Trắng): {}.",
            m.legal_names().join(", ")
        )));
    }

    #[test]
    fn bad_moves_leave_the_board_alone() {
        let mut m = Match::new(g3(), Side::Black, 2).unwrap();
        let before = m.position();
        for (text, expected) in [
            ("", "chưa có gì"),
            ("zz9", "không phải tên ô"),
            ("b1^", "xe Trắng"),
            ("a3v", "đã có xe"),
            ("a3<", "không được đi sang trái"),
        ] {
            m.play(text);
            assert_eq!(m.position(), before);
            assert!(m.turns().is_empty());
            assert!(m.last_error().is_some());
            assert!(m.note().contains(expected), "{text}: {}", m.note());
            assert!(m.note().contains("a3>, a2>, a2v"), "{}", m.note());
        }
        m.play("a2>");
        assert!(m.last_error().is_none());
        assert_eq!(m.turns().len(), 2);
    }

    #[test]
    fn the_computer_reply_is_the_search_result() {
        let mut m = Match::new(g3(), Side::Black, 4).unwrap();
        m.play("a3>");
        let reply = &m.turns()[1];
        let after_human = g3().after(&g3().start(), m.turns()[0].mv);
        let r = SearchPlayer::new(Algorithm::Window, 4)
            .search(&g3(), &after_human)
            .unwrap();
        assert_eq!(Some(reply.mv), r.best_move);
        assert_eq!(reply.value, Some(r.value));
        assert!(m
            .note()
            .contains(&format!("giá trị tìm kiếm {}", fmt_value(r.value))));
    }

    #[test]
    fn a_won_game_ends_and_refuses_more_moves() {
        // Đen (bạn) luôn đi một nước thắng theo lời giải chính xác.
        let exact = Solution::solve(3, Rule::Lecture).unwrap();
        let mut m = Match::new(g3(), Side::Black, 2).unwrap();
        while !m.is_over() {
            let wins = exact.winning_moves(&m.position()).unwrap();
            let pos = m.position();
            // Trong các nước thắng, ưu tiên nước đưa xe ra để ván không đi vòng.
            let best = wins
                .iter()
                .min_by_key(|w| g3().after(&pos, **w).board.cars_on_board(Side::Black))
                .unwrap();
            m.play(&move_name(3, *best));
            assert!(m.last_error().is_none(), "{}", m.note());
            assert!(m.turns().len() < 60);
        }
        match m.end() {
            Some(MatchEnd::Finished(e)) => assert_eq!(e.winner, Side::Black),
            other => panic!("{other:?}"),
        }
        assert!(m.note().contains("bạn (Đen) thắng"), "{}", m.note());
        let n = m.turns().len();
        m.play("a3>");
        assert_eq!(m.turns().len(), n);
        assert_eq!(m.last_error(), Some(&DodgemError::GameOver));
        assert!(m.note().contains("đã kết thúc"));
    }

    #[test]
    fn third_repetition_is_a_draw() {
        // Hai bên đi qua đi lại (đi thẳng qua `push`, không cần máy):
        // Đen c3 xuống rồi lên, Trắng a1 sang phải rồi trái.
        let board = parse_board("..D/.../T..").unwrap();
        let pos = Position {
            board,
            to_move: Side::Black,
        };
        let mut m = Match::from_position(g3(), pos, Side::Black, 1).unwrap();
        let cycle = ["c3v", "a1>", "c2^", "b1<"];
        for (k, text) in cycle.iter().cycle().take(8).enumerate() {
            assert!(!m.is_over(), "ván dừng sớm ở nước {k}");
            let mv = parse_move(&m.game, &m.position, text).unwrap();
            m.push(mv, None);
        }
        // Thế đầu xuất hiện lần thứ ba sau hai vòng.
        assert_eq!(m.position(), pos);
        assert_eq!(m.end(), Some(MatchEnd::Repetition));
        assert!(m.whats_next().contains("lặp lại lần thứ ba, hòa"));
        m.play("c3v");
        assert_eq!(m.last_error(), Some(&DodgemError::GameOver));
    }

    #[test]
    fn shows_itself_as_a_board_and_a_line() {
        let mut m = Match::new(g3(), Side::Black, 3).unwrap();
        m.play("a3>");
        let html = m.to_html();
        assert!(html.starts_with("<div><svg"));
        assert!(html.contains("lối ra của quân Trắng"));
        assert!(html.contains("Sau 2 nước — đến lượt Đen"));
        assert!(html.contains("Bạn đi a3&gt; (Đen a3 sang phải)."));
        let text = m.to_string();
        assert!(text.contains("Đã ra khỏi bàn"));
        assert!(text.ends_with(m.note()));
    }
}

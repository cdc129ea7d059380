//! Gọi tên các nút khi ghi vết hoặc kể các cây con bị cắt.
//!
//! Trò chơi có nhãn trạng thái riêng (cây: `A`, `B`; carô: bàn cờ) thì dùng nhãn
//! đó. Trò chơi không đặt nhãn thì một nút được gọi bằng dãy tên nước đi từ gốc
//! (ví dụ `a3> b1^`), còn gốc được gọi là "gốc".

use crate::game::Game;

/// Cách gọi tên các nút của một lần tìm kiếm.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Namer {
    labelled: bool,
}

impl Namer {
    /// Cách gọi tên cho lần tìm kiếm bắt đầu từ `root`.
    pub fn new<G: Game + ?Sized>(game: &G, root: &G::State) -> Namer {
        Namer {
            labelled: game.state_label(root).is_some(),
        }
    }

    /// Trò chơi có nhãn trạng thái riêng không.
    pub fn labelled(&self) -> bool {
        self.labelled
    }

    /// Tên của gốc.
    pub fn root<G: Game + ?Sized>(&self, game: &G, root: &G::State) -> String {
        game.state_label(root).unwrap_or_else(|| "gốc".to_string())
    }

    /// Tên của con qua nước `mv` từ trạng thái `s`; `parent` là tên của `s`,
    /// `at_root`: `s` là gốc.
    pub fn child<G: Game + ?Sized>(
        &self,
        game: &G,
        parent: &str,
        at_root: bool,
        s: &G::State,
        mv: &G::Move,
    ) -> String {
        if self.labelled {
            return game.state_label(&game.apply(s, mv)).unwrap_or_default();
        }
        let m = game.move_name(s, mv);
        if at_root {
            m
        } else {
            format!("{parent} {m}")
        }
    }
}

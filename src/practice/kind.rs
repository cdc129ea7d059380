//! Các dạng bài luyện tập (`Kind`, sinh từ danh sách các họ bài trong
//! `practice/mod.rs`), và dạng nào thuộc chương nào.

use super::family::{info, KindInfo};
use super::level::Topic;
use super::Kind;
use std::fmt;

impl Kind {
    /// Mọi dạng bài, suy ra từ danh sách các họ bài (`practice/family.rs`).
    ///
    /// ```
    /// use caytrochoi::practice::{Kind, Pruning, TreeAsk};
    /// assert!(Kind::all().contains(&Kind::Tree(TreeAsk::Pruned(Pruning::Window))));
    /// ```
    pub fn all() -> Vec<Kind> {
        Kind::infos().iter().map(|(k, _)| *k).collect()
    }

    /// Tên, mã và chương của dạng bài, do họ bài ra nó khai (mọi điều một họ
    /// hỏi được đều có trong danh sách của họ ấy — `tests/practice_kinds.rs` kiểm).
    fn info(self) -> KindInfo {
        let found = Kind::infos().iter().find(|(k, _)| *k == self);
        found.map_or_else(
            || {
                let missing = format!("dạng bài không có ({self:?})");
                info((), "khong-co", missing, Topic::GameTree).1
            },
            |(_, i)| i.clone(),
        )
    }

    /// Chương của dạng bài (chương đầu tiên có nó).
    pub fn topic(self) -> Topic {
        self.info().topic
    }

    /// Tên gõ được (dòng lệnh): `gia-tri`, `cat-tia`, `cua-so`, `mex`, …
    pub fn code(self) -> String {
        self.info().code
    }

    /// Đọc tên gõ được (xem [`Kind::code`]).
    pub fn parse(text: &str) -> Option<Kind> {
        let t = super::answer::fold(text);
        Kind::infos()
            .iter()
            .find(|(_, i)| i.code == t)
            .map(|(k, _)| *k)
    }

    /// Tên dạng bài bằng tiếng Việt.
    pub fn name_vi(self) -> String {
        self.info().name
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name_vi())
    }
}

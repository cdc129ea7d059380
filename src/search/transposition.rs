//! Bảng chuyển vị (transposition table): nhớ giá trị của những thế cờ đã xét.
//!
//! Nhiều đường đi khác nhau dẫn tới cùng một thế cờ ("chuyển vị": X5 rồi O1,
//! hay X1… rồi X5 — thứ tự đổi, bàn cờ như nhau). Cây trò chơi xét lại thế cờ ấy
//! ở mỗi đường; bảng chuyển vị nhớ kết quả lần đầu và trả lời ngay những lần sau.
//!
//! Với cắt tỉa alpha-beta, giá trị tìm được chưa chắc là giá trị đúng: một nút
//! dừng sớm vì `α ≥ β` chỉ biết giá trị của nó **ít nhất** là bao nhiêu. Vì thế
//! mỗi mục của bảng ghi một trong ba loại ([`EntryKind`]):
//!
//! | loại | nghĩa | khi nào |
//! |---|---|---|
//! | `Exact` | giá trị đúng bằng `value` | mọi con đều xét, giá trị nằm trong cửa sổ |
//! | `Lower` | giá trị ≥ `value` (cận dưới) | nút dừng sớm vì `α ≥ β` |
//! | `Upper` | giá trị ≤ `value` (cận trên) | không con nào vượt được α ban đầu |
//!
//! cùng với độ sâu còn lại đã tìm (`depth`) và nước tốt nhất (để lần tìm sau xét
//! nước ấy trước). Bảng có số ô cố định (không lớn quá
//! [`limits::TT_ENTRIES`](crate::limits::TT_ENTRIES)); hai thế cờ rơi vào cùng
//! một ô thì thế mới ghi đè thế cũ.
//!
//! ```
//! use caytrochoi::search::{Entry, EntryKind, TranspositionTable};
//! let mut bang = TranspositionTable::<u8>::new(1024).unwrap();
//! bang.store(Entry { key: 42, depth: 3, value: 1.0, kind: EntryKind::Lower, best: Some(4) });
//! let e = bang.probe(42).unwrap();
//! assert_eq!((e.kind, e.best), (EntryKind::Lower, Some(4)));
//! assert!(bang.probe(43).is_none());
//! assert!(TranspositionTable::<u8>::new(0).is_err());
//! ```

use super::SearchError;
use crate::limits::TT_ENTRIES;

/// Giá trị ghi trong bảng là giá trị đúng hay chỉ là một cận.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// Giá trị đúng.
    Exact,
    /// Cận dưới: giá trị thật ≥ giá trị ghi (nút đã bị cắt vì α ≥ β).
    Lower,
    /// Cận trên: giá trị thật ≤ giá trị ghi (không nước nào vượt được α).
    Upper,
}

impl EntryKind {
    /// Tên tiếng Việt.
    pub fn name_vi(self) -> &'static str {
        match self {
            EntryKind::Exact => "giá trị đúng",
            EntryKind::Lower => "cận dưới",
            EntryKind::Upper => "cận trên",
        }
    }
}

/// Một mục của bảng chuyển vị.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry<M> {
    /// Số Zobrist đầy đủ của thế cờ (để biết ô này có đúng là thế cờ cần tìm).
    pub key: u64,
    /// Độ sâu còn lại khi tìm giá trị này (số nước đã nhìn trước từ thế cờ).
    pub depth: u32,
    /// Giá trị theo người đến lượt ở thế cờ (như negamax).
    pub value: f64,
    /// Giá trị đúng, cận dưới hay cận trên.
    pub kind: EntryKind,
    /// Nước tốt nhất tìm được (nếu có).
    pub best: Option<M>,
}

/// Các con số đếm của bảng.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Số lần tra.
    pub probes: u64,
    /// Số lần tra thấy đúng thế cờ.
    pub hits: u64,
    /// Số lần tra thấy và dùng được giá trị để trả lời ngay (không xét con).
    pub cutoffs: u64,
    /// Số lần ghi.
    pub stores: u64,
}

/// Bảng chuyển vị có số ô cố định.
///
/// Ô của thế cờ số `key` là `key % số ô`. Mỗi ô chỉ giữ một con số: vị trí của
/// mục trong danh sách `entries` (tính từ 1; 0 là ô trống). Nhờ vậy tạo một bảng
/// lớn mà chưa dùng tới gần như không tốn gì (mảng toàn số 0), điều cần khi mỗi
/// câu hỏi luyện tập dựng một bảng 65.536 ô cho một cây mười mấy nút.
#[derive(Debug, Clone)]
pub struct TranspositionTable<M> {
    slots: Vec<u32>,
    entries: Vec<Entry<M>>,
    /// Các con số đếm.
    pub stats: TableStats,
}

impl<M: Clone> TranspositionTable<M> {
    /// Bảng `entries` ô. Lỗi nếu `entries` là 0 hoặc lớn hơn
    /// [`limits::TT_ENTRIES`](crate::limits::TT_ENTRIES).
    pub fn new(entries: usize) -> Result<Self, SearchError> {
        if entries == 0 || entries > TT_ENTRIES {
            return Err(SearchError::BadTableSize {
                entries,
                max: TT_ENTRIES,
            });
        }
        Ok(TranspositionTable {
            slots: vec![0; entries],
            entries: Vec::new(),
            stats: TableStats::default(),
        })
    }

    /// Số ô của bảng.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Số ô đang có một thế cờ.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Bảng chưa có thế cờ nào?
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.slots.len() as u64) as usize
    }

    /// Mục của thế cờ có số `key`, nếu bảng còn nhớ.
    pub fn probe(&mut self, key: u64) -> Option<&Entry<M>> {
        self.stats.probes += 1;
        let at = self.slots[self.slot(key)] as usize;
        match self.entries.get(at.wrapping_sub(1)) {
            Some(e) if e.key == key => {
                self.stats.hits += 1;
                Some(e)
            }
            _ => None,
        }
    }

    /// Ghi một mục (ghi đè thế cờ cũ cùng ô).
    pub fn store(&mut self, entry: Entry<M>) {
        self.stats.stores += 1;
        let i = self.slot(entry.key);
        match self.slots[i] as usize {
            0 => {
                self.entries.push(entry);
                // Không tràn: số mục ≤ số ô ≤ TT_ENTRIES < 2³².
                self.slots[i] = self.entries.len() as u32;
            }
            at => self.entries[at - 1] = entry,
        }
    }

    /// Xóa hết các mục (giữ số ô).
    pub fn clear(&mut self) {
        for e in std::mem::take(&mut self.entries) {
            let i = self.slot(e.key);
            self.slots[i] = 0;
        }
        self.stats = TableStats::default();
    }

    /// Các mục đang có trong bảng, theo thứ tự ô của chúng được ghi lần đầu.
    pub fn entries(&self) -> impl Iterator<Item = &Entry<M>> {
        self.entries.iter()
    }
}

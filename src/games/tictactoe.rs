//! Carô 9 ô (tic-tac-toe). X là MAX và đi trước, O là MIN.
//!
//! Giá trị nút lá như bài giảng: X thắng được 1, hòa được 0, X thua được −1.
//! Ô đánh số 0…8 theo hàng, từ trái sang phải, từ trên xuống:
//! ```text
//! 0 1 2
//! 3 4 5
//! 6 7 8
//! ```
//! Tên nước đi ghi số ô từ 1 đến 9 (ví dụ `X5` là X đánh ô giữa).

mod stats;

pub use stats::{full_tree_stats, node_counts, TicTacToeStats};

use crate::game::Game;
use crate::player::Player;

/// Tám đường thắng (3 hàng, 3 cột, 2 đường chéo) dưới dạng mặt nạ bit.
pub(crate) const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// `HAS_LINE[m]`: tập ô `m` có chứa trọn một đường thắng không (tính sẵn 512 trường hợp).
const HAS_LINE: [bool; 512] = {
    let mut table = [false; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 8 {
            if m as u16 & LINES[k] == LINES[k] {
                table[m] = true;
            }
            k += 1;
        }
        m += 1;
    }
    table
};

/// `ODD[m]`: tập ô `m` có số lẻ phần tử không (tính sẵn 512 trường hợp).
const ODD: [bool; 512] = {
    let mut table = [false; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = (m as u32).count_ones() % 2 == 1;
        m += 1;
    }
    table
};

/// Các nước đi của một bàn cờ: một tập ô (mặt nạ bit), duyệt từ ô nhỏ đến ô
/// lớn. Không cấp phát bộ nhớ; dùng trong `for` như một `Vec`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cells(u16);

impl Cells {
    /// Số nước đi còn lại.
    pub fn len(&self) -> usize {
        self.0.count_ones() as usize
    }

    /// Không còn nước đi nào?
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }
}

impl Iterator for Cells {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(cell)
    }
}

/// Quân trên một ô.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Quân X (người MAX).
    X,
    /// Quân O (người MIN).
    O,
}

/// Bàn cờ: hai mặt nạ bit, bit `i` là ô `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Các ô có X.
    pub x: u16,
    /// Các ô có O.
    pub o: u16,
}

/// Luật chơi carô 9 ô.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TicTacToe {
    /// Chỉ giữ một nước đi cho mỗi lớp đối xứng (xoay, lật) của bàn cờ kết quả,
    /// như hình vẽ trong bài Minimax.
    pub symmetry_reduced: bool,
    /// Dùng hàm lượng giá E = (số đường còn mở cho X) − (số đường còn mở cho O)
    /// của bài Minimax. Khi đó thắng/thua được tính ±100, lớn hơn mọi giá trị E.
    pub open_lines: bool,
}

impl TicTacToe {
    /// Luật chơi chuẩn, giá trị lá 1 / −1 / 0, không có hàm lượng giá.
    pub fn new() -> TicTacToe {
        TicTacToe::default()
    }

    /// Luật chơi với hàm lượng giá E và bỏ các nước đối xứng — đúng như ví dụ
    /// "minimax hai lớp cho nước đi mở đầu" của bài Minimax.
    pub fn open_lines_symmetric() -> TicTacToe {
        TicTacToe {
            symmetry_reduced: true,
            open_lines: true,
        }
    }

    /// Đọc bàn cờ dạng `X.O/.X./..O` (ba hàng cách nhau bởi `/`, `.` là ô trống).
    pub fn parse_board(text: &str) -> Option<Board> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 3 {
            return None;
        }
        let mut b = Board::default();
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != 3 {
                return None;
            }
            for (c, ch) in cells.iter().enumerate() {
                let bit = 1 << (3 * r + c);
                match ch {
                    'X' | 'x' => b.x |= bit,
                    'O' | 'o' => b.o |= bit,
                    '.' => {}
                    _ => return None,
                }
            }
        }
        let (nx, no) = (b.x.count_ones(), b.o.count_ones());
        (nx == no || nx == no + 1).then_some(b)
    }

    /// Quân trên ô `i`.
    pub fn cell(b: &Board, i: usize) -> Option<Mark> {
        if b.x >> i & 1 == 1 {
            Some(Mark::X)
        } else if b.o >> i & 1 == 1 {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Người thắng, nếu có.
    pub fn winner(b: &Board) -> Option<Mark> {
        if HAS_LINE[b.x as usize & 0x1ff] {
            Some(Mark::X)
        } else if HAS_LINE[b.o as usize & 0x1ff] {
            Some(Mark::O)
        } else {
            None
        }
    }

    /// Số đường thắng còn mở cho X (không có O) và cho O (không có X).
    pub fn open_line_counts(b: &Board) -> (u32, u32) {
        let for_x = LINES.iter().filter(|&&l| b.o & l == 0).count() as u32;
        let for_o = LINES.iter().filter(|&&l| b.x & l == 0).count() as u32;
        (for_x, for_o)
    }

    /// Dạng chuẩn của bàn cờ dưới 8 phép đối xứng của hình vuông.
    pub fn canonical(b: &Board) -> (u16, u16) {
        SYMMETRIES
            .iter()
            .map(|p| (permute(b.x, p), permute(b.o, p)))
            .min()
            .unwrap_or((b.x, b.o))
    }
}

/// 8 phép đối xứng: ô `i` đi đến ô `p[i]`.
const SYMMETRIES: [[usize; 9]; 8] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
];

fn permute(mask: u16, p: &[usize; 9]) -> u16 {
    (0..9)
        .filter(|&i| mask >> i & 1 == 1)
        .map(|i| 1 << p[i])
        .sum()
}

impl Game for TicTacToe {
    type State = Board;
    type Move = u8;

    fn initial_state(&self) -> Board {
        Board::default()
    }

    fn to_move(&self, b: &Board) -> Player {
        // X đi khi số quân trên bàn là số chẵn (tra bảng: nhanh hơn đếm bit).
        if ODD[(b.x | b.o) as usize & 0x1ff] {
            Player::Min
        } else {
            Player::Max
        }
    }

    /// Các ô trống, từ ô 0 đến ô 8 (bỏ các nước đối xứng nếu được yêu cầu).
    /// Trả về một tập ô dạng mặt nạ bit: không cấp phát bộ nhớ.
    #[allow(refining_impl_trait)]
    #[inline]
    fn legal_moves(&self, b: &Board) -> Cells {
        let empty = !(b.x | b.o) & 0x1ff;
        if !self.symmetry_reduced {
            return Cells(empty);
        }
        // Chỉ giữ ô đầu tiên của mỗi lớp bàn cờ đối xứng với nhau.
        let mut kept = 0u16;
        let mut seen: Vec<(u16, u16)> = Vec::with_capacity(9);
        for m in Cells(empty) {
            let key = TicTacToe::canonical(&self.apply(b, &m));
            if !seen.contains(&key) {
                seen.push(key);
                kept |= 1 << m;
            }
        }
        Cells(kept)
    }

    fn apply(&self, b: &Board, m: &u8) -> Board {
        let bit = 1u16 << m;
        if self.to_move(b) == Player::Max {
            Board {
                x: b.x | bit,
                o: b.o,
            }
        } else {
            Board {
                x: b.x,
                o: b.o | bit,
            }
        }
    }

    fn is_terminal(&self, b: &Board) -> bool {
        (b.x | b.o) == 0x1ff || TicTacToe::winner(b).is_some()
    }

    fn payoff(&self, b: &Board) -> f64 {
        let win = if self.open_lines { 100.0 } else { 1.0 };
        match TicTacToe::winner(b) {
            Some(Mark::X) => win,
            Some(Mark::O) => -win,
            None => 0.0,
        }
    }

    fn heuristic(&self, b: &Board) -> Option<f64> {
        self.open_lines.then(|| {
            let (x, o) = TicTacToe::open_line_counts(b);
            x as f64 - o as f64
        })
    }

    fn move_name(&self, b: &Board, m: &u8) -> String {
        let mark = if self.to_move(b) == Player::Max {
            'X'
        } else {
            'O'
        };
        format!("{mark}{}", m + 1)
    }

    fn state_label(&self, b: &Board) -> Option<String> {
        Some(board_text(b))
    }
}

/// Số Zobrist của bàn cờ: quân X là loại 0, quân O là loại 1; người đến lượt
/// suy ra được từ bàn cờ nên không cần số riêng.
impl crate::search::Zobrist for TicTacToe {
    fn zobrist(&self, b: &Board) -> u64 {
        use crate::search::zobrist_mask;
        zobrist_mask(b.x as u64, 0, 9) ^ zobrist_mask(b.o as u64, 1, 9)
    }
}

/// Bàn cờ dạng `X.O/.X./..O`.
pub fn board_text(b: &Board) -> String {
    let mut s = String::with_capacity(11);
    for i in 0..9 {
        if i > 0 && i % 3 == 0 {
            s.push('/');
        }
        s.push(match TicTacToe::cell(b, i) {
            Some(Mark::X) => 'X',
            Some(Mark::O) => 'O',
            None => '.',
        });
    }
    s
}

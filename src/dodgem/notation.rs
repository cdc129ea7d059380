//! Cách viết bàn cờ và nước đi.
//!
//! **Bàn cờ** (đầu vào và đầu ra): các hàng từ trên xuống, ngăn bằng `/`;
//! `D` là xe Đen, `T` là xe Trắng, `.` là ô trống. Thế cờ đầu 3×3 là
//! `D../D../.TT`. Xe đã ra khỏi bàn không ghi: số xe ra = n − 1 − số xe còn.
//!
//! **Ô**: chữ cột (`a` ở bên trái) rồi số hàng (`1` ở **dưới cùng**), như bàn
//! cờ vua. Trên 3×3, xe Đen ban đầu ở `a3`, `a2`; xe Trắng ở `b1`, `c1`.
//!
//! **Nước đi**: tên ô rồi một dấu hướng: `>` phải, `<` trái, `^` lên, `v` xuống.
//! Cũng nhận chữ cái tiếng Việt: `p` (phải), `t` (trái), `l` (lên), `x`
//! (xuống), và cho phép dấu cách ở giữa. Ví dụ `a2>` (Đen ở a2 sang phải),
//! `c1^` (Trắng ở c1 đi lên). Xe ở mép đích đi tiếp theo hướng đó là ra khỏi
//! bàn: `c3>` với xe Đen ở cột c của bàn 3×3.

use super::board::{Board, Side};
use super::error::DodgemError;
pub use super::moves::move_name;
pub(crate) use super::moves::{dir_name, square_name};
use super::rules::{Dir, Dodgem, DodgemMove, Position};

/// Mô tả nước đi bằng lời, ví dụ `a2> (Đen a2 sang phải)` hoặc
/// `c3> (Đen c3 ra khỏi bàn)`.
pub fn describe_move(game: &Dodgem, pos: &Position, mv: DodgemMove) -> String {
    let n = game.size();
    let (r, c) = (mv.from as usize / n, mv.from as usize % n);
    let off = super::rules::target(n, pos.to_move, mv.from as u32, mv.dir) == Some(None);
    let what = if off {
        "ra khỏi bàn".to_string()
    } else {
        dir_name(mv.dir).to_string()
    };
    format!(
        "{} ({} {} {})",
        move_name(n, mv),
        pos.to_move.name(),
        square_name(n, r, c),
        what
    )
}

/// Đọc tên ô như `b2` trên bàn n×n: trả về `(hàng, cột)`.
fn parse_square(n: usize, text: &str) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let col_ch = chars.next()?.to_ascii_lowercase();
    let rest: String = chars.collect();
    let col = (col_ch as u32).checked_sub('a' as u32)? as usize;
    let num: usize = rest.parse().ok()?;
    if col < n && (1..=n).contains(&num) {
        Some((n - num, col))
    } else {
        None
    }
}

fn parse_dir(ch: char) -> Option<Dir> {
    match ch.to_ascii_lowercase() {
        '>' | 'p' => Some(Dir::Right),
        '<' | 't' => Some(Dir::Left),
        '^' | 'l' => Some(Dir::Up),
        'v' | 'x' => Some(Dir::Down),
        _ => None,
    }
}

/// Đọc một nước đi của bên đến lượt ở thế `pos`. Nếu chỉ ghi tên ô (ví dụ `a2`)
/// mà xe ở đó có đúng một nước hợp lệ thì nhận nước ấy.
///
/// Lỗi (tiếng Việt) nói rõ: sai cú pháp, ô không có xe của mình, hay hướng đi bị
/// chặn.
pub fn parse_move(game: &Dodgem, pos: &Position, text: &str) -> Result<DodgemMove, DodgemError> {
    let n = game.size();
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bad = |reason: String| DodgemError::BadMove {
        input: text.trim().to_string(),
        reason,
    };
    let hint = "viết tên ô rồi hướng, ví dụ `a2>` (phải), `b1^` (lên), `b1<` (trái), `a3v` (xuống)";
    if compact.is_empty() {
        return Err(bad(format!("chưa có gì; {hint}")));
    }
    let last = compact.chars().last().unwrap_or(' ');
    let (square_text, dir) = match parse_dir(last) {
        // Tên ô luôn kết thúc bằng chữ số, nên ký tự cuối là chữ/dấu thì đó là hướng.
        Some(d) if compact.len() > 1 => (&compact[..compact.len() - last.len_utf8()], Some(d)),
        _ => (compact.as_str(), None),
    };
    let Some((row, col)) = parse_square(n, square_text) else {
        return Err(bad(format!(
            "`{square_text}` không phải tên ô của bàn {n}×{n} (cột a–{}, hàng 1–{n}); {hint}",
            (b'a' + n as u8 - 1) as char
        )));
    };
    let name = square_name(n, row, col);
    let me = pos.to_move;
    match pos.board.at(row, col) {
        Some(s) if s == me => {}
        Some(s) => {
            return Err(bad(format!(
                "ô {name} có xe {}, không phải xe của {}",
                s.name(),
                me.name()
            )))
        }
        None => {
            return Err(bad(format!(
                "ô {name} trống, không có xe {} nào",
                me.name()
            )))
        }
    }
    let from = (row * n + col) as u8;
    let legal: Vec<DodgemMove> = game
        .moves(pos)
        .into_iter()
        .filter(|m| m.from == from)
        .collect();
    let Some(dir) = dir else {
        return match legal.as_slice() {
            [only] => Ok(*only),
            [] => Err(bad(format!("xe ở {name} không đi được hướng nào"))),
            many => Err(bad(format!(
                "xe ở {name} có {} cách đi, hãy ghi thêm hướng: {}",
                many.len(),
                many.iter()
                    .map(|m| move_name(n, *m))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
        };
    };
    let mv = DodgemMove { from, dir };
    if legal.contains(&mv) {
        return Ok(mv);
    }
    let reason = if !Dir::of(me).contains(&dir) {
        format!(
            "xe {} không được đi {} (Đen chỉ đi sang phải, lên, xuống; Trắng chỉ đi sang trái, phải, lên)",
            me.name(),
            dir_name(dir)
        )
    } else if super::rules::target(n, me, from as u32, dir).is_none() {
        format!(
            "xe ở {name} đi {} sẽ ra khỏi bàn ở mép không phải mép đích ({} chỉ ra qua mép {})",
            dir_name(dir),
            me.name(),
            if me == Side::Black { "phải" } else { "trên" }
        )
    } else {
        format!("ô phía {} của {name} đã có xe", dir_name(dir))
    };
    Err(bad(reason))
}

/// Viết bàn cờ dạng văn bản, ví dụ `D../D../.TT`.
pub fn board_to_text(b: &Board) -> String {
    let n = b.size();
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| b.at(r, c).map_or('.', |s| s.letter()))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Đọc bàn cờ dạng văn bản. Kích thước suy ra từ số hàng. Lỗi nói rõ hàng, cột
/// và ký tự sai, hoặc bên nào thừa xe.
pub fn parse_board(text: &str) -> Result<Board, DodgemError> {
    let t = text.trim();
    let bad = |reason: String| DodgemError::BadBoard {
        text: t.to_string(),
        reason,
    };
    if t.is_empty() {
        return Err(bad("chuỗi rỗng (ví dụ đúng: `D../D../.TT`)".into()));
    }
    let rows: Vec<&str> = t.split('/').collect();
    let n = rows.len();
    if !super::board::SIZES.contains(&n) {
        return Err(bad(format!(
            "có {n} hàng (ngăn bằng `/`); chỉ hỗ trợ bàn 3×3, 4×4 hoặc 5×5"
        )));
    }
    let (mut black, mut white) = (0u32, 0u32);
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<char> = row.trim().chars().collect();
        if cells.len() != n {
            return Err(bad(format!(
                "hàng {} (từ trên xuống) `{row}` có {} ô, cần đúng {n} ô",
                r + 1,
                cells.len()
            )));
        }
        for (c, ch) in cells.iter().enumerate() {
            let bit = 1u32 << (r * n + c);
            match ch.to_ascii_uppercase() {
                'D' => black |= bit,
                'T' => white |= bit,
                '.' => {}
                other => {
                    return Err(bad(format!(
                        "ký tự `{other}` ở hàng {} (từ trên xuống), cột {} (ô {}); chỉ dùng D (Đen), T (Trắng), . (trống)",
                        r + 1,
                        c + 1,
                        square_name(n, r, c)
                    )))
                }
            }
        }
    }
    for (side, mask) in [(Side::Black, black), (Side::White, white)] {
        let k = mask.count_ones() as usize;
        if k > n - 1 {
            return Err(bad(format!(
                "{} có {k} xe trên bàn, nhưng mỗi bên chỉ có {} xe trên bàn {n}×{n}",
                side.name(),
                n - 1
            )));
        }
    }
    Board::from_masks(n, black, white).map_err(|e| match e {
        DodgemError::BadBoard { reason, .. } => bad(reason),
        other => other,
    })
}

/// Vẽ bàn cờ có tọa độ (hàng 1 ở dưới, cột a ở bên trái) và số xe đã ra.
///
/// ```text
///   3 D . .  →  Đen ra qua mép phải
///   2 D . .
///   1 . T T
///     a b c
///   ↑ Trắng ra qua mép trên
/// ```
pub fn draw_board(b: &Board) -> String {
    let n = b.size();
    let mut s = String::new();
    s.push_str(&format!("    {}\n", "↑ ".repeat(n).trim_end()));
    for r in 0..n {
        s.push_str(&format!("  {} ", n - r));
        let cells: Vec<String> = (0..n)
            .map(|c| b.at(r, c).map_or('.', |x| x.letter()).to_string())
            .collect();
        s.push_str(&cells.join(" "));
        s.push_str(" →\n");
    }
    let letters: Vec<String> = (0..n)
        .map(|c| ((b'a' + c as u8) as char).to_string())
        .collect();
    s.push_str(&format!("    {}\n", letters.join(" ")));
    s.push_str(&format!(
        "  Đã ra khỏi bàn: Đen {}/{} (ra qua mép phải →), Trắng {}/{} (ra qua mép trên ↑)\n",
        b.cars_off(Side::Black),
        n - 1,
        b.cars_off(Side::White),
        n - 1
    ));
    s
}

//! Bài 4 — Trò chơi "Tô màu".
//!
//! Dải băng n ô vuông, lúc đầu chưa ô nào có màu. Hai người lần lượt tô 2 hoặc 3
//! ô *liên tiếp* còn trống (không tô đè lên ô đã có màu). Ai đến lượt mà không tô
//! được thì thua.
//!
//! **Tô màu là trò chơi bát phân `0.077`.** Các ô trống tạo thành những đoạn rời
//! nhau; một nước tô chỉ đụng tới một đoạn, và tô k ô (k = 2 hoặc 3) trong một
//! đoạn dài m để lại hai đoạn dài i và m − k − i (đoạn dài 0 coi như không có).
//! Vậy mỗi đoạn là một "đống", tô k ô là bốc k viên rồi để lại 0, 1 hoặc 2 đống:
//! chữ số thứ k của mã là 1 + 2 + 4 = 7 với k = 2, 3 và 0 với k = 1. Trạng thái
//! nhiều đoạn là tổng, nên G = XOR của G(độ dài từng đoạn).
//!
//! Hai chiến lược:
//!
//! - **Đối xứng** ([`mirror_move`]), chỉ cho người đi trước trên dải trống: tô 2
//!   hoặc 3 ô ở chính giữa (cùng tính chẵn lẻ với n) để lại hai nửa bằng nhau,
//!   rồi đối thủ tô ở đâu thì tô ô đối xứng ở nửa kia. Thắng với mọi n ≥ 2, nên
//!   G(n) ≠ 0 với mọi n ≥ 2.
//! - **Grundy** ([`winning_moves`]), cho cả hai người ở mọi trạng thái: nếu G ≠ 0,
//!   tô sao cho XOR các G(độ dài đoạn trống) bằng 0; đối thủ đi gì cũng phá XOR
//!   đó, và ta lại sửa được. Nếu G = 0 thì người đến lượt thua nếu đối thủ biết
//!   chơi.

use crate::grundy::error::GrundyError;
use crate::grundy::impartial::ImpartialGame;
use crate::grundy::mex::MexScratch;
use crate::limits::TO_MAU_CELLS;
#[cfg(feature = "json")]
use serde::Serialize;

/// G(0), …, G(count − 1): giá trị của một đoạn trống dài n, tính thẳng từ luật
/// chơi (tô 2 hoặc 3 ô ở mọi vị trí có thể trong đoạn).
pub fn to_mau_values(count: usize) -> Result<Vec<u32>, GrundyError> {
    GrundyError::check_range("số ô", count as u64, 0, TO_MAU_CELLS as u64 + 1)?;
    let mut g: Vec<u32> = Vec::with_capacity(count);
    let mut scratch = MexScratch::new();
    for n in 0..count {
        scratch.clear();
        for k in [2usize, 3] {
            if n >= k {
                // Tô các ô i … i + k − 1; bên trái còn i ô, bên phải n − k − i ô.
                // Tô ở i hay ở vị trí đối xứng n − k − i cho cùng hai đoạn, nên
                // chỉ cần nửa đầu.
                for i in 0..=(n - k) / 2 {
                    scratch.insert(g[i] ^ g[n - k - i]);
                }
            }
        }
        g.push(scratch.mex());
    }
    Ok(g)
}

/// Một nước tô: các ô `start` … `start + len − 1` (đánh số từ 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Paint {
    /// Ô đầu tiên được tô.
    pub start: usize,
    /// Số ô tô (2 hoặc 3).
    pub len: usize,
}

impl std::fmt::Display for Paint {
    /// Đánh số ô từ 1 cho người đọc: "tô ô 4–6".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "tô {} ô {}–{}",
            self.len,
            self.start + 1,
            self.start + self.len
        )
    }
}

/// Luật chơi Tô màu; trạng thái là dải băng, `true` là ô đã có màu.
#[derive(Debug, Clone, Copy, Default)]
pub struct ToMau;

impl ImpartialGame for ToMau {
    type Position = Vec<bool>;
    type Move = Paint;

    fn moves(&self, strip: &Vec<bool>) -> Vec<Paint> {
        let mut v = Vec::new();
        for len in [2, 3] {
            for start in 0..strip.len().saturating_sub(len - 1) {
                if strip[start..start + len].iter().all(|&c| !c) {
                    v.push(Paint { start, len });
                }
            }
        }
        v
    }

    fn play(&self, strip: &Vec<bool>, mv: &Paint) -> Vec<bool> {
        let mut next = strip.clone();
        next[mv.start..mv.start + mv.len]
            .iter_mut()
            .for_each(|c| *c = true);
        next
    }
}

/// Đọc một dải băng: `N` (N ô trống, như `caytrochoi grundy to-mau N`) hoặc
/// từng ô, `.` là ô trống và `x` là ô đã tô (thế giữa ván, ví dụ `..xx.....`).
///
/// ```
/// use caytrochoi::grundy::games::to_mau::{parse_strip, strip_text};
/// assert_eq!(parse_strip("3").unwrap(), vec![false; 3]);
/// let giua_van = parse_strip("..xx.").unwrap();
/// assert_eq!(giua_van, vec![false, false, true, true, false]);
/// assert_eq!(strip_text(&giua_van), "..xx.");
/// assert!(parse_strip("..o.").unwrap_err().to_string().contains("ô 3"));
/// ```
pub fn parse_strip(text: &str) -> Result<Vec<bool>, GrundyError> {
    let t = text.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        let n: u64 = t.parse().unwrap_or(u64::MAX);
        GrundyError::check_range("số ô N", n, 0, TO_MAU_CELLS as u64)?;
        return Ok(vec![false; n as usize]);
    }
    if t.is_empty() {
        return Err(GrundyError::InvalidPosition(
            "thiếu số ô N hoặc dải băng (ví dụ `..xx.....`)".to_string(),
        ));
    }
    let mut strip = Vec::new();
    for (i, c) in t.chars().enumerate() {
        match c {
            '.' => strip.push(false),
            'x' | 'X' => strip.push(true),
            other => {
                return Err(GrundyError::InvalidPosition(format!(
                    "ô {}: `{other}` không phải `.` (ô trống) hay `x` (ô đã tô)",
                    i + 1
                )))
            }
        }
        GrundyError::check_range(
            "số ô của dải băng",
            strip.len() as u64,
            0,
            TO_MAU_CELLS as u64,
        )?;
    }
    Ok(strip)
}

/// Dải băng viết như [`parse_strip`] đọc: `.` ô trống, `x` ô đã tô (dải 0 ô:
/// `0`).
pub fn strip_text(strip: &[bool]) -> String {
    if strip.is_empty() {
        return "0".to_string();
    }
    strip.iter().map(|&c| if c { 'x' } else { '.' }).collect()
}

/// Độ dài các đoạn trống liên tiếp của dải băng.
pub fn segments(strip: &[bool]) -> Vec<usize> {
    strip
        .split(|&c| c)
        .map(|s| s.len())
        .filter(|&l| l > 0)
        .collect()
}

/// G của một dải băng: XOR của G(độ dài từng đoạn trống). `values` phải dài hơn
/// dải băng.
pub fn strip_grundy(strip: &[bool], values: &[u32]) -> Result<u32, GrundyError> {
    if values.len() <= strip.len() {
        return Err(GrundyError::InvalidPosition(format!(
            "dải {} ô dài hơn phần dãy Grundy đã tính",
            strip.len()
        )));
    }
    Ok(segments(strip)
        .into_iter()
        .fold(0, |acc, l| acc ^ values[l]))
}

/// Các nước thắng trên dải băng: những nước đưa XOR về 0.
pub fn winning_moves(strip: &[bool], values: &[u32]) -> Result<Vec<Paint>, GrundyError> {
    let total = strip_grundy(strip, values)?;
    if total == 0 {
        return Ok(Vec::new());
    }
    let mut v = Vec::new();
    // Duyệt từng đoạn trống [from, from + m).
    let mut from = 0;
    while from < strip.len() {
        if strip[from] {
            from += 1;
            continue;
        }
        let m = strip[from..].iter().take_while(|&&c| !c).count();
        let rest = total ^ values[m];
        for len in [2, 3] {
            for i in 0..=m.saturating_sub(len) {
                if m >= len && rest ^ values[i] ^ values[m - len - i] == 0 {
                    v.push(Paint {
                        start: from + i,
                        len,
                    });
                }
            }
        }
        from += m;
    }
    v.sort_by_key(|p| (p.start, p.len));
    Ok(v)
}

/// Số nước tô được trên một đoạn trống dài `m`: m − 1 cách tô 2 ô và m − 2 cách
/// tô 3 ô.
fn moves_in_segment(m: usize) -> usize {
    m.saturating_sub(1) + m.saturating_sub(2)
}

/// Chiến lược đối xứng của người đi trước. Trên dải trống (n ≥ 2): tô 2 ô (n
/// chẵn) hoặc 3 ô (n lẻ) ở chính giữa. Sau đó, nếu đối thủ vừa tô làm dải mất
/// đối xứng: tô các ô đối xứng với các ô đối thủ vừa tô (qua tâm dải). Trả về
/// `None` nếu dải đang đối xứng mà không trống, hoặc nếu phần mất đối xứng không
/// phải một nước tô (dải không đến từ chiến lược này).
///
/// ```
/// use caytrochoi::grundy::games::to_mau::{mirror_move, Paint};
/// let mut strip = vec![false; 11];
/// assert_eq!(mirror_move(&strip), Some(Paint { start: 4, len: 3 })); // ô 5–7
/// for i in 4..7 { strip[i] = true; }
/// strip[0] = true; strip[1] = true; // đối thủ tô ô 1–2
/// assert_eq!(mirror_move(&strip), Some(Paint { start: 9, len: 2 })); // ta tô ô 10–11
/// ```
pub fn mirror_move(strip: &[bool]) -> Option<Paint> {
    let n = strip.len();
    if strip.iter().all(|&c| !c) {
        let len = if n % 2 == 0 { 2 } else { 3 };
        return (n >= 2).then(|| Paint {
            start: (n - len) / 2,
            len,
        });
    }
    // Các ô có màu mà ô đối xứng chưa có màu: đó là nước đối thủ vừa tô.
    let odd: Vec<usize> = (0..n).filter(|&i| strip[i] && !strip[n - 1 - i]).collect();
    let (&first, &last) = (odd.first()?, odd.last()?);
    let len = last - first + 1;
    if odd.len() != len || !(2..=3).contains(&len) {
        return None;
    }
    Some(Paint {
        start: n - 1 - last,
        len,
    })
}

/// Một lượt trong ván đấu mẫu.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Turn {
    /// 1 = người đi trước, 2 = người đi sau.
    pub player: u8,
    /// Nước tô.
    pub paint: Paint,
    /// G của dải băng *sau* nước tô (0 nghĩa là người vừa tô đang nắm thế thắng).
    pub grundy_after: u32,
}

/// Một ván đấu mẫu trên dải n ô khi cả hai chơi tối ưu: người nắm thế thắng luôn
/// đi nước thắng đầu tiên (theo thứ tự ô); người đang thua (không có nước thắng)
/// chọn nước để lại nhiều nước đi nhất cho cả ván, cố kéo dài cuộc chơi chờ đối
/// thủ sai lầm. Trả về các lượt theo thứ tự; người không đi được ở cuối là người thua.
///
/// Chi phí cỡ n² (n/2 lượt, mỗi lượt cỡ n): `to-mau 20000 --play` xong trong
/// chưa tới một giây.
pub fn play_out(n: usize) -> Result<Vec<Turn>, GrundyError> {
    GrundyError::check_range("số ô", n as u64, 0, TO_MAU_CELLS as u64)?;
    play_out_from(&vec![false; n])
}

/// Như [`play_out`], nhưng từ một thế giữa ván (dải băng đã có ô tô màu, như
/// [`parse_strip`] đọc); "người 1" là người đến lượt ở thế ấy.
///
/// ```
/// use caytrochoi::grundy::games::to_mau::{parse_strip, play_out_from};
/// // Hai đoạn trống 2 ô: đối xứng, G = 0; người 2 thắng ở nước cuối.
/// let van = play_out_from(&parse_strip("..x..").unwrap()).unwrap();
/// assert_eq!(van.len(), 2);
/// assert_eq!(van[1].player, 2);
/// ```
pub fn play_out_from(strip: &[bool]) -> Result<Vec<Turn>, GrundyError> {
    GrundyError::check_range("số ô", strip.len() as u64, 0, TO_MAU_CELLS as u64)?;
    let values = to_mau_values(strip.len() + 1)?;
    // Dải băng nhớ bằng các đoạn trống (ô đầu, độ dài), theo thứ tự từ trái.
    let mut segments: Vec<(usize, usize)> = Vec::new();
    let mut from = 0;
    for m in strip.split(|&c| c).map(|s| s.len()) {
        if m > 0 {
            segments.push((from, m));
        }
        from += m + 1;
    }
    let mut grundy = strip_grundy(strip, &values)?;
    let mut moves_left: usize = segments.iter().map(|&(_, m)| moves_in_segment(m)).sum();
    let mut turns = Vec::new();
    let mut player = 1u8;
    while moves_left > 0 {
        // Người nắm thế thắng (G ≠ 0) đi nước thắng đầu tiên; người đang thua
        // chọn nước để lại nhiều nước đi nhất.
        let (k, i, paint) = if grundy != 0 {
            first_winning_move(&segments, grundy, &values)
        } else {
            longest_move(&segments)
        }
        .expect("còn nước đi thì có một nước được chọn");
        let (from, m) = segments[k];
        let (left, right) = (i, m - paint.len - i);
        grundy ^= values[m] ^ values[left] ^ values[right];
        moves_left =
            moves_left - moves_in_segment(m) + moves_in_segment(left) + moves_in_segment(right);
        let parts = [(from, left), (paint.start + paint.len, right)];
        segments.splice(k..=k, parts.into_iter().filter(|&(_, l)| l > 0));
        turns.push(Turn {
            player,
            paint,
            grundy_after: grundy,
        });
        player = 3 - player;
    }
    Ok(turns)
}

/// Nước thắng đầu tiên (ô đầu nhỏ nhất, tô 2 trước tô 3) khi G của cả dải là
/// `grundy` ≠ 0: nước đưa XOR về 0. Trả về (đoạn thứ mấy, vị trí trong đoạn, nước).
fn first_winning_move(
    segments: &[(usize, usize)],
    grundy: u32,
    values: &[u32],
) -> Option<(usize, usize, Paint)> {
    for (k, &(from, m)) in segments.iter().enumerate() {
        let rest = grundy ^ values[m];
        for i in 0..m {
            for len in [2, 3] {
                if i + len <= m && rest ^ values[i] ^ values[m - len - i] == 0 {
                    let paint = Paint {
                        start: from + i,
                        len,
                    };
                    return Some((k, i, paint));
                }
            }
        }
    }
    None
}

/// Nước để lại nhiều nước đi nhất cho cả ván (cùng số nước thì ô đầu nhỏ hơn,
/// rồi tô 3 hơn tô 2). Trả về (đoạn thứ mấy, vị trí trong đoạn, nước).
///
/// Không cần thử mọi nước: tô k ô ở vị trí i của một đoạn dài m làm mất
/// `moves_in_segment(m)` nước và thêm `moves_in_segment(i) +
/// moves_in_segment(m − k − i)`. Dãy 0, 0, 1, 3, 5, 7, … có hiệu tăng dần (lồi),
/// nên tổng này lớn nhất ở hai đầu đoạn (i = 0 là ô đầu nhỏ hơn) và với k = 2.
/// Số nước mất đi khi tô 2 ô ở đầu đoạn dài m là 1 (m = 2), 3 (m = 3, tô 3 ô
/// cũng vậy nên tô 3) hoặc 4 (m ≥ 4): chọn đoạn ngắn nhất trong các loại đó,
/// đoạn bên trái nhất. Kiểm thử `longest_move_is_the_best_of_all_moves` so với
/// cách thử hết mọi nước.
fn longest_move(segments: &[(usize, usize)]) -> Option<(usize, usize, Paint)> {
    let lost = |m: usize| moves_in_segment(m) - moves_in_segment(m - 2);
    let (k, &(from, m)) = segments
        .iter()
        .enumerate()
        .filter(|&(_, &(_, m))| m >= 2)
        .min_by_key(|&(k, &(_, m))| (lost(m), k))?;
    let len = if m == 3 { 3 } else { 2 };
    Some((k, 0, Paint { start: from, len }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::impartial::GrundyMemo;
    use crate::grundy::octal::OctalGame;

    #[test]
    fn direct_values_match_brute_force_on_the_strip() {
        let values = to_mau_values(20).unwrap();
        let mut memo = GrundyMemo::new();
        for (n, &v) in values.iter().enumerate().take(15) {
            assert_eq!(memo.value(&ToMau, &vec![false; n]).unwrap(), v, "n={n}");
        }
        // Một dải đã tô dở: XOR các đoạn trống.
        let strip: Vec<bool> = "..#....##.....#..".chars().map(|c| c == '#').collect();
        assert_eq!(
            memo.value(&ToMau, &strip).unwrap(),
            strip_grundy(&strip, &values).unwrap()
        );
    }

    #[test]
    fn to_mau_is_octal_0_077() {
        let direct = to_mau_values(3000).unwrap();
        let octal = OctalGame::parse("0.077").unwrap().values(3000).unwrap();
        assert_eq!(direct, octal);
    }

    #[test]
    fn winning_moves_really_win() {
        let values = to_mau_values(20).unwrap();
        let mut memo = GrundyMemo::new();
        for n in 0..14 {
            let strip = vec![false; n];
            let fast = winning_moves(&strip, &values).unwrap();
            let brute = memo.winning_moves(&ToMau, &strip).unwrap();
            let mut brute = brute;
            brute.sort_by_key(|p| (p.start, p.len));
            assert_eq!(fast, brute, "n={n}");
        }
    }

    #[test]
    fn mirror_strategy_wins_against_every_reply() {
        // Người đi trước theo chiến lược đối xứng, đối thủ thử mọi nước.
        for n in 2..=13usize {
            let mut stack = vec![vec![false; n]];
            let mut seen = std::collections::HashSet::new();
            while let Some(strip) = stack.pop() {
                if !seen.insert(strip.clone()) {
                    continue;
                }
                let mv = mirror_move(&strip).expect("chiến lược luôn có nước");
                assert!(
                    ToMau.moves(&strip).contains(&mv),
                    "n={n}: {mv:?} không hợp lệ"
                );
                let after = ToMau.play(&strip, &mv);
                for reply in ToMau.moves(&after) {
                    stack.push(ToMau.play(&after, &reply));
                }
            }
        }
        assert_eq!(mirror_move(&[false]), None);
        assert_eq!(mirror_move(&[true, false, false, true]), None);
    }

    #[test]
    fn play_out_winner_is_predicted_by_grundy() {
        let values = to_mau_values(40).unwrap();
        for (n, &v) in values.iter().enumerate() {
            let turns = play_out(n).unwrap();
            // Người tô cuối cùng thắng.
            let winner = turns.last().map(|t| t.player).unwrap_or(2);
            assert_eq!(winner == 1, v != 0, "n={n}");
        }
    }

    /// Ván đấu mẫu theo đúng lời mô tả của [`play_out`], thử mọi nước trên cả dải
    /// (cỡ n³, chỉ dùng để kiểm thử).
    fn play_out_by_trying_every_move(n: usize) -> Vec<Turn> {
        let values = to_mau_values(n + 1).unwrap();
        let mut strip = vec![false; n];
        let mut turns = Vec::new();
        let mut player = 1u8;
        loop {
            let moves = ToMau.moves(&strip);
            if moves.is_empty() {
                return turns;
            }
            let winning = winning_moves(&strip, &values).unwrap();
            // Nhiều nước đi nhất; cùng số nước thì ô đầu nhỏ hơn; cùng ô đầu thì
            // nước đến sau trong `moves` (tô 3).
            let paint = winning.first().copied().unwrap_or_else(|| {
                *moves
                    .iter()
                    .max_by_key(|m| {
                        let after = ToMau.moves(&ToMau.play(&strip, m)).len();
                        (after, std::cmp::Reverse(m.start))
                    })
                    .unwrap()
            });
            strip = ToMau.play(&strip, &paint);
            turns.push(Turn {
                player,
                paint,
                grundy_after: strip_grundy(&strip, &values).unwrap(),
            });
            player = 3 - player;
        }
    }

    #[test]
    fn play_out_follows_its_rule_move_by_move() {
        for n in 0..=70 {
            assert_eq!(
                play_out(n).unwrap(),
                play_out_by_trying_every_move(n),
                "n={n}"
            );
        }
    }

    #[test]
    fn longest_move_is_the_best_of_all_moves() {
        // Mọi cách chia một dải 12 ô thành các đoạn trống (bit 1 = ô đã tô).
        let n = 12;
        for mask in 0u32..1 << n {
            let strip: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            let mut segments = Vec::new();
            let mut from = 0;
            for part in strip.split(|&c| c) {
                if !part.is_empty() {
                    segments.push((from, part.len()));
                }
                from += part.len() + 1;
            }
            let best = ToMau.moves(&strip).into_iter().max_by_key(|m| {
                let after = ToMau.moves(&ToMau.play(&strip, m)).len();
                (after, std::cmp::Reverse(m.start))
            });
            assert_eq!(
                longest_move(&segments).map(|(_, _, p)| p),
                best,
                "{strip:?}"
            );
        }
    }
}

//! Trò chơi của bài giảng **chơi được với máy** trong trang: mỗi trò chơi nói
//! cách đọc một thế từ chữ (các đối số của `caytrochoi grundy TRÒ_CHƠI …`), cách
//! viết lại thế thành chữ, cách nói một nước đi bằng lời, và giá trị Grundy của
//! một thế. Một lượt ([`turn`]) thì chung cho mọi trò chơi: liệt kê mọi nước, G
//! của thế sau mỗi nước, và nước của máy — về thế có G = 0 nếu có (nước thắng),
//! nếu không thì nước đầu tiên (chờ người chơi sơ suất).

use crate::grundy::analysis::{BocSoiAnalysis, DamAnalysis, NimAnalysis, QueenAnalysis};
use crate::grundy::games::boc_soi::BocSoi;
use crate::grundy::games::chuyen_soi::{ChuyenSoi, StoneMove, StonePosition};
use crate::grundy::games::dam::{dam_grundy, Dam, DamPosition};
use crate::grundy::games::nim::Nim;
use crate::grundy::games::nim_split::{nim_split_values, NimSplit};
use crate::grundy::games::queen::Queen;
use crate::grundy::games::socola::{normalize, socola_table, Socola};
use crate::grundy::games::to_mau::{
    parse_strip, strip_grundy, strip_text, to_mau_values, Paint, ToMau,
};
use crate::grundy::octal::{parse_heaps, OctalGame, OctalMove};
use crate::grundy::sum::nim_sum;
use crate::grundy::{GrundyError, GrundyMemo, ImpartialGame, Sum};
use crate::limits::{GRUNDY_PLAY_SIZE, NIM_SPLIT_VALUES, SOCOLA_SIDE};
use serde_json::{json, Value};

/// Một trò chơi vô tư của bài giảng, chơi được từng lượt trong trang.
pub trait Playable: ImpartialGame + Sized {
    /// Đọc luật và thế từ các đối số của lệnh `caytrochoi grundy` (cùng giới
    /// hạn, cùng lời báo lỗi).
    fn read(args: &[String]) -> Result<(Self, Self::Position), String>;
    /// Viết thế thành các đối số mà [`Playable::read`] đọc lại được.
    fn write(&self, pos: &Self::Position) -> Vec<String>;
    /// Nước `mv` từ thế `pos`, bằng lời.
    fn say(&self, pos: &Self::Position, mv: &Self::Move) -> String;
    /// G(pos). Mặc định: tính trên đồ thị trò chơi (hàm Grundy ghi nhớ).
    fn value(
        &self,
        memo: &mut GrundyMemo<Self::Position>,
        pos: &Self::Position,
    ) -> Result<u32, String> {
        memo.value(self, pos).map_err(|e| e.to_string())
    }
}

/// Hai số nguyên không âm (thế của Bốc sỏi và quân Hậu).
fn two_numbers(args: &[String], names: [&str; 2]) -> Result<(u32, u32), String> {
    if args.len() != 2 {
        return Err(format!("cần đúng hai số: {} và {}", names[0], names[1]));
    }
    let n = |i: usize| -> Result<u32, String> {
        args[i]
            .trim()
            .parse()
            .map_err(|_| format!("{}: `{}` không phải số nguyên không âm", names[i], args[i]))
    };
    Ok((n(0)?, n(1)?))
}

impl Playable for BocSoi {
    fn read(args: &[String]) -> Result<(Self, (u32, u32)), String> {
        let (m, n) = two_numbers(args, ["số sỏi đống thứ nhất M", "số sỏi đống thứ hai N"])?;
        BocSoiAnalysis::new(m, n).map_err(|e| e.to_string())?;
        Ok((BocSoi::default(), (m, n)))
    }
    fn write(&self, &(m, n): &(u32, u32)) -> Vec<String> {
        vec![m.to_string(), n.to_string()]
    }
    fn say(&self, pos: &(u32, u32), mv: &Self::Move) -> String {
        let (a, b) = self.play(pos, mv);
        format!("{mv}, còn ({a}, {b})")
    }
}

impl Playable for Queen {
    fn read(args: &[String]) -> Result<(Self, (u32, u32)), String> {
        let (p, q) = two_numbers(args, ["cột P", "hàng Q"])?;
        QueenAnalysis::new(p, q).map_err(|e| e.to_string())?;
        Ok((Queen, (p, q)))
    }
    fn write(&self, &(p, q): &(u32, u32)) -> Vec<String> {
        vec![p.to_string(), q.to_string()]
    }
    fn say(&self, pos: &(u32, u32), mv: &Self::Move) -> String {
        let (a, b) = self.play(pos, mv);
        format!("{mv} tới ({a}, {b})")
    }
}

/// Nim nhiều đống: tổng các đống Nim.
impl Playable for Sum<Nim> {
    fn read(args: &[String]) -> Result<(Self, Vec<u32>), String> {
        let a = NimAnalysis::parse(&args.join(" ")).map_err(|e| e.to_string())?;
        Ok((Sum(Nim), a.heaps))
    }
    fn write(&self, heaps: &Vec<u32>) -> Vec<String> {
        heaps.iter().map(|h| h.to_string()).collect()
    }
    fn say(&self, _: &Vec<u32>, &(i, take): &(usize, u32)) -> String {
        format!("bốc {take} viên ở đống {}", i + 1)
    }
    /// Định lý Sprague–Grundy: G = XOR các đống (đồ thị của cả tổng quá lớn).
    fn value(&self, _: &mut GrundyMemo<Vec<u32>>, heaps: &Vec<u32>) -> Result<u32, String> {
        Ok(nim_sum(heaps.iter().copied()))
    }
}

/// Cờ DAM, sỏi chỉ tiến; `--white`: đến lượt Trắng.
impl Playable for Dam {
    fn read(args: &[String]) -> Result<(Self, DamPosition), String> {
        let white = args.iter().any(|a| a == "--white");
        let rows: Vec<&str> = args
            .iter()
            .map(String::as_str)
            .filter(|a| *a != "--white")
            .collect();
        let a = DamAnalysis::parse(&rows.join(" "), None, !white).map_err(|e| e.to_string())?;
        let rules = Dam {
            width: a.width,
            retreat: false,
        };
        Ok((rules, a.position))
    }
    fn write(&self, pos: &DamPosition) -> Vec<String> {
        let mut v: Vec<String> = pos
            .rows
            .iter()
            .map(|&(b, w)| format!("{}-{}", b + 1, w + 1))
            .collect();
        if !pos.black_to_move {
            v.push("--white".to_string());
        }
        v
    }
    fn say(&self, pos: &DamPosition, mv: &Self::Move) -> String {
        crate::grundy::analysis::dam_move_text(pos, mv)
    }
    /// Mỗi hàng là một đống Nim bằng khoảng trống: G = XOR các khoảng trống.
    fn value(&self, _: &mut GrundyMemo<DamPosition>, pos: &DamPosition) -> Result<u32, String> {
        Ok(dam_grundy(pos))
    }
}

/// Nim chia đống: thế là các đống (`7`, hay giữa ván `4 2 1`).
impl Playable for NimSplit {
    fn read(args: &[String]) -> Result<(Self, Vec<u32>), String> {
        let max = NIM_SPLIT_VALUES as u64 - 1;
        let mut piles = Vec::new();
        for (i, word) in args.iter().flat_map(|a| a.split_whitespace()).enumerate() {
            let p: u64 = word
                .parse()
                .map_err(|_| format!("đống {}: `{word}` không phải số đồng xu", i + 1))?;
            GrundyError::check_range(&format!("số đồng xu của đống {}", i + 1), p, 0, max)
                .map_err(|e| e.to_string())?;
            piles.push(p as u32);
        }
        let total: u64 = piles.iter().map(|&p| p as u64).sum();
        GrundyError::check_range("tổng số đồng xu", total, 0, max).map_err(|e| e.to_string())?;
        if piles.is_empty() {
            return Err("thiếu số đồng xu N".to_string());
        }
        piles.sort_unstable_by(|a, b| b.cmp(a));
        Ok((NimSplit::new(total as u32, crate::Player::Max), piles))
    }
    fn write(&self, piles: &Vec<u32>) -> Vec<String> {
        piles.iter().map(|p| p.to_string()).collect()
    }
    fn say(&self, _: &Vec<u32>, mv: &Self::Move) -> String {
        mv.to_string()
    }
    /// Mỗi đống là một trò chơi con: G = XOR G(đống), dãy G tính bằng mex.
    fn value(&self, _: &mut GrundyMemo<Vec<u32>>, piles: &Vec<u32>) -> Result<u32, String> {
        let max = piles.iter().copied().max().unwrap_or(0) as usize;
        let g = nim_split_values(max + 1).map_err(|e| e.to_string())?;
        Ok(nim_sum(piles.iter().map(|&p| g[p as usize])))
    }
}

/// Chia socola: thế là `M N` (một thanh), hay giữa ván các mảnh `AxB` (`3x4 1x2`).
impl Playable for Socola {
    fn read(args: &[String]) -> Result<(Self, Vec<(u32, u32)>), String> {
        let words: Vec<&str> = args.iter().flat_map(|a| a.split_whitespace()).collect();
        let side = |t: &str, what: &str| -> Result<u32, String> {
            let v: u64 = t
                .parse()
                .map_err(|_| format!("{what}: `{t}` không phải số nguyên dương"))?;
            GrundyError::check_range(what, v, 1, SOCOLA_SIDE as u64).map_err(|e| e.to_string())?;
            Ok(v as u32)
        };
        let pieces = if words.len() == 2 && !words.iter().any(|w| w.contains('x')) {
            vec![(side(words[0], "số hàng M")?, side(words[1], "số cột N")?)]
        } else {
            let mut v = Vec::new();
            for (i, w) in words.iter().enumerate() {
                let (a, b) = w
                    .split_once('x')
                    .ok_or_else(|| format!("mảnh {}: `{w}` không phải `AxB` (ví dụ 3x4)", i + 1))?;
                let what = format!("cạnh của mảnh {}", i + 1);
                v.push((side(a, &what)?, side(b, &what)?));
            }
            v
        };
        if words.is_empty() {
            return Err("thiếu kích thước M N của thanh socola".to_string());
        }
        Ok((Socola, normalize(pieces)))
    }
    /// Hết ván (chỉ còn mảnh 1 × 1, đã bỏ khi chuẩn hóa) viết là `1x1`.
    fn write(&self, pieces: &Vec<(u32, u32)>) -> Vec<String> {
        if pieces.is_empty() {
            return vec!["1x1".to_string()];
        }
        pieces.iter().map(|&(a, b)| format!("{a}x{b}")).collect()
    }
    fn say(&self, pieces: &Vec<(u32, u32)>, mv: &Self::Move) -> String {
        let (a, b) = pieces[mv.piece];
        format!("mảnh {a} × {b}: {mv}")
    }
    /// Mỗi mảnh là một trò chơi con: G = XOR G(mảnh), bảng G tính bằng mex.
    fn value(
        &self,
        _: &mut GrundyMemo<Vec<(u32, u32)>>,
        pieces: &Vec<(u32, u32)>,
    ) -> Result<u32, String> {
        let m = pieces.iter().map(|p| p.0).max().unwrap_or(1);
        let n = pieces.iter().map(|p| p.1).max().unwrap_or(1);
        let t = socola_table(m, n).map_err(|e| e.to_string())?;
        Ok(nim_sum(
            pieces.iter().map(|&(a, b)| t[a as usize][b as usize]),
        ))
    }
}

/// Tô màu: luật [`ToMau`] cùng dãy G(độ dài đoạn trống), tính một lần cho cả
/// lượt. Thế là dải băng ([`parse_strip`]): `10` lúc đầu, `..xx......` giữa ván.
pub struct PaintStrip {
    values: Vec<u32>,
}

impl ImpartialGame for PaintStrip {
    type Position = Vec<bool>;
    type Move = Paint;
    fn moves(&self, strip: &Vec<bool>) -> Vec<Paint> {
        ToMau.moves(strip)
    }
    fn play(&self, strip: &Vec<bool>, mv: &Paint) -> Vec<bool> {
        ToMau.play(strip, mv)
    }
}

impl Playable for PaintStrip {
    fn read(args: &[String]) -> Result<(Self, Vec<bool>), String> {
        let [text] = args else {
            return Err(
                "cần đúng một dải băng: số ô N, hay các ô `.`/`x` (ví dụ ..xx.....)".into(),
            );
        };
        let strip = parse_strip(text).map_err(|e| e.to_string())?;
        GrundyError::check_range(
            "số ô của dải khi chơi với máy",
            strip.len() as u64,
            0,
            GRUNDY_PLAY_SIZE as u64,
        )
        .map_err(|e| e.to_string())?;
        let values = to_mau_values(strip.len() + 1).map_err(|e| e.to_string())?;
        Ok((PaintStrip { values }, strip))
    }
    fn write(&self, strip: &Vec<bool>) -> Vec<String> {
        vec![strip_text(strip)]
    }
    fn say(&self, _: &Vec<bool>, mv: &Paint) -> String {
        mv.to_string()
    }
    /// Mỗi đoạn trống là một trò chơi con: G = XOR G(độ dài đoạn).
    fn value(&self, _: &mut GrundyMemo<Vec<bool>>, strip: &Vec<bool>) -> Result<u32, String> {
        strip_grundy(strip, &self.values).map_err(|e| e.to_string())
    }
}

/// Trò chơi bát phân: luật (mã) cùng dãy G, tính một lần cho cả lượt. Thế là
/// mã rồi các đống ([`parse_heaps`]): `0.07 10` lúc đầu, `0.07 3 5` giữa ván.
pub struct OctalPlay {
    game: OctalGame,
    values: Vec<u32>,
}

impl ImpartialGame for OctalPlay {
    type Position = Vec<usize>;
    type Move = (usize, OctalMove);
    fn moves(&self, heaps: &Vec<usize>) -> Vec<(usize, OctalMove)> {
        self.game.moves(heaps)
    }
    fn play(&self, heaps: &Vec<usize>, mv: &(usize, OctalMove)) -> Vec<usize> {
        self.game.play(heaps, mv)
    }
}

impl Playable for OctalPlay {
    fn read(args: &[String]) -> Result<(Self, Vec<usize>), String> {
        let Some((code, heaps)) = args.split_first() else {
            return Err("thiếu mã bát phân (ví dụ 0.077)".into());
        };
        let game = OctalGame::parse(code).map_err(|e| e.to_string())?;
        let words: Vec<&str> = heaps.iter().flat_map(|h| h.split_whitespace()).collect();
        let heaps = parse_heaps(&words).map_err(|e| e.to_string())?;
        let total: usize = heaps.iter().sum();
        GrundyError::check_range(
            "tổng số viên khi chơi với máy",
            total as u64,
            0,
            GRUNDY_PLAY_SIZE as u64,
        )
        .map_err(|e| e.to_string())?;
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let values = game.values(largest + 1).map_err(|e| e.to_string())?;
        Ok((OctalPlay { game, values }, heaps))
    }
    /// Mã rồi các đống, lớn trước; hết đống: `0`.
    fn write(&self, heaps: &Vec<usize>) -> Vec<String> {
        let mut v = vec![self.game.code().to_string()];
        v.extend(heaps.iter().rev().map(|h| h.to_string()));
        if heaps.is_empty() {
            v.push("0".to_string());
        }
        v
    }
    fn say(&self, heaps: &Vec<usize>, (i, mv): &(usize, OctalMove)) -> String {
        format!("đống {} viên: {mv}", heaps[*i])
    }
    /// Mỗi đống là một trò chơi con: G = XOR G(đống).
    fn value(&self, _: &mut GrundyMemo<Vec<usize>>, heaps: &Vec<usize>) -> Result<u32, String> {
        Ok(nim_sum(heaps.iter().map(|&h| self.values[h])))
    }
}

/// Chuyển sỏi (sỏi chỉ tiến): luật cùng dãy G(khoảng trống), tính một lần cho
/// cả lượt. Thế viết như lệnh `caytrochoi grundy chuyen-soi [--cells S] [--step
/// K]`, thêm vị trí hai viên `B-W` ([`ChuyenSoi::parse_stones`]; mặc định thế đầu)
/// và `--white` khi đến lượt trắng: `1-19 --white --cells 19 --step 3`.
pub struct StonesPlay {
    rules: ChuyenSoi,
    values: Vec<u32>,
}

impl ImpartialGame for StonesPlay {
    type Position = StonePosition;
    type Move = StoneMove;
    fn moves(&self, pos: &StonePosition) -> Vec<StoneMove> {
        self.rules.moves(pos)
    }
    fn play(&self, pos: &StonePosition, mv: &StoneMove) -> StonePosition {
        self.rules.play(pos, mv)
    }
}

impl Playable for StonesPlay {
    fn read(args: &[String]) -> Result<(Self, StonePosition), String> {
        use crate::limits::{CHUYEN_SOI_CELLS, CHUYEN_SOI_STEP};
        // Số đi sau một tùy chọn, trong khoảng `min` … `max` (như lệnh chuyen-soi).
        fn number(
            it: &mut std::slice::Iter<'_, String>,
            what: &str,
            min: u32,
            max: u32,
        ) -> Result<u32, String> {
            let v = it.next().ok_or_else(|| format!("thiếu {what}"))?;
            let n: u64 = v
                .trim()
                .parse()
                .map_err(|_| format!("{what}: `{v}` không phải số nguyên dương"))?;
            GrundyError::check_range(what, n, min as u64, max as u64).map_err(|e| e.to_string())?;
            Ok(n as u32)
        }
        let (mut cells, mut step, mut white, mut stones) = (19, 3, false, None);
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--cells" => cells = number(&mut it, "số ô của dải băng", 2, CHUYEN_SOI_CELLS)?,
                "--step" => step = number(&mut it, "số ô dịch tối đa", 1, CHUYEN_SOI_STEP)?,
                "--white" => white = true,
                "--retreat" => {
                    return Err(
                        "chơi với máy chỉ với sỏi chỉ tiến: khi cho lùi, ván có thể \
                                lặp mãi và không có hàm Grundy"
                            .into(),
                    )
                }
                other if stones.is_none() && !other.starts_with("--") => stones = Some(other),
                other => return Err(format!("không hiểu `{other}`")),
            }
        }
        let rules = ChuyenSoi::new(cells, step, false).map_err(|e| e.to_string())?;
        let pos = match stones {
            Some(t) => rules.parse_stones(t, !white).map_err(|e| e.to_string())?,
            None => StonePosition {
                black_to_move: !white,
                ..rules.start()
            },
        };
        let values = rules.gap_values();
        Ok((StonesPlay { rules, values }, pos))
    }
    fn write(&self, pos: &StonePosition) -> Vec<String> {
        let mut v = vec![self.rules.stones_text(pos)];
        if !pos.black_to_move {
            v.push("--white".to_string());
        }
        v.extend([
            "--cells".to_string(),
            self.rules.cells.to_string(),
            "--step".to_string(),
            self.rules.step.to_string(),
        ]);
        v
    }
    fn say(&self, pos: &StonePosition, mv: &StoneMove) -> String {
        let who = if pos.black_to_move { "đen" } else { "trắng" };
        let after = self.rules.play(pos, mv);
        format!("viên {who} {mv}, còn {} ô trống ở giữa", after.gap())
    }
    /// Chỉ khoảng trống giữa hai viên quyết định: G = G(khoảng trống).
    fn value(&self, _: &mut GrundyMemo<StonePosition>, pos: &StonePosition) -> Result<u32, String> {
        Ok(self.values[pos.gap() as usize])
    }
}

/// Một lượt của trò chơi `G` ở thế viết bằng các đối số `args`: `position`
/// (các đối số), `grundy`, `moves` (mỗi nước: `text`, `to` — các đối số của thế
/// sau nước, `grundy` của thế ấy) và `computer` (nước máy chọn, hoặc `null` khi
/// hết nước: người vừa đi vào thế này đã thắng). Máy chọn nước tới G = 0 nếu có.
pub fn turn<G: Playable>(args: &[String]) -> Result<Value, String> {
    let (game, pos) = G::read(args)?;
    let mut memo = GrundyMemo::new();
    let g = game.value(&mut memo, &pos)?;
    let mut moves = Vec::new();
    for mv in game.moves(&pos) {
        let to = game.play(&pos, &mv);
        let gt = game.value(&mut memo, &to)?;
        moves.push(json!({ "text": game.say(&pos, &mv), "to": game.write(&to), "grundy": gt }));
    }
    let computer = moves
        .iter()
        .find(|m| m["grundy"] == 0)
        .or_else(|| moves.first())
        .cloned();
    Ok(json!({ "position": game.write(&pos), "grundy": g, "moves": moves, "computer": computer }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::classify;
    use crate::outcome::Outcome;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    /// Cả ván máy với máy từ `start`: mỗi lượt, G của thế trùng với vét cạn, và
    /// máy đi về G = 0 đúng khi thế có G ≠ 0. Trả về số nước của ván. (Cờ DAM:
    /// phân tích ngược cho biết thế nào có G = 0.)
    fn play_out<G: Playable>(start: &[&str], mut brute: impl FnMut(&[String]) -> u32) -> usize {
        let mut pos = strings(start);
        for n in 0.. {
            let t = turn::<G>(&pos).unwrap();
            let g = brute(&pos);
            assert_eq!(t["grundy"], g, "{pos:?}");
            for m in t["moves"].as_array().unwrap() {
                let to: Vec<String> = serde_json::from_value(m["to"].clone()).unwrap();
                assert_eq!(m["grundy"], brute(&to), "{to:?}");
            }
            if t["computer"].is_null() {
                assert_eq!(g, 0);
                return n;
            }
            assert_eq!(t["computer"]["grundy"] == 0, g != 0, "{pos:?}");
            pos = serde_json::from_value(t["computer"]["to"].clone()).unwrap();
        }
        unreachable!()
    }

    #[test]
    fn nim_and_dam_turns_match_brute_force() {
        let mut memo = GrundyMemo::new();
        let mut nim = |p: &[String]| {
            let heaps: Vec<u32> = p.iter().map(|h| h.parse().unwrap()).collect();
            memo.value(&Sum(Nim), &heaps).unwrap()
        };
        assert!(play_out::<Sum<Nim>>(&["7", "9", "12"], &mut nim) > 0);
        play_out::<Sum<Nim>>(&["3", "5", "6"], &mut nim);
        // Cờ DAM: loại thế bằng phân tích ngược trên bàn (không dùng XOR).
        let dam = |p: &[String]| {
            let (rules, pos) = Dam::read(p).unwrap();
            let rules = Dam { width: 9, ..rules };
            let c = classify(&rules, &pos, 1_000_000).unwrap();
            match c.outcome(&pos).unwrap() {
                Outcome::PreviousWins => 0,
                _ => dam_grundy(&pos),
            }
        };
        assert!(play_out::<Dam>(&["1-5", "2-8", "3-4"], dam) > 0);
        play_out::<Dam>(&["1-6", "3-9", "2-5"], dam);
    }

    #[test]
    fn nim_split_and_socola_turns_match_the_game_graph() {
        // Vét cạn trên chính đồ thị trò chơi (không dùng XOR của các phần).
        let mut memo = GrundyMemo::new();
        let split = |p: &[String]| {
            let (_, piles) = NimSplit::read(p).unwrap();
            memo.value(&NimSplit::default(), &piles).unwrap()
        };
        assert!(play_out::<NimSplit>(&["11"], split) > 0);
        let mut memo = GrundyMemo::new();
        let socola = |p: &[String]| {
            let (_, pieces) = Socola::read(p).unwrap();
            memo.value(&Socola, &pieces).unwrap()
        };
        assert!(play_out::<Socola>(&["3", "4"], socola) > 0);
    }

    #[test]
    fn to_mau_octal_and_chuyen_soi_turns_match_the_game_graph() {
        // Vét cạn trên đồ thị trò chơi của chính luật (không dùng XOR hay dãy G).
        let mut memo = GrundyMemo::new();
        let strip = |p: &[String]| memo.value(&ToMau, &parse_strip(&p[0]).unwrap()).unwrap();
        assert!(play_out::<PaintStrip>(&["11"], strip) > 0);
        let mut memo = GrundyMemo::new();
        let strip = |p: &[String]| memo.value(&ToMau, &parse_strip(&p[0]).unwrap()).unwrap();
        play_out::<PaintStrip>(&["..x......xx....."], strip);
        for code in ["0.07", "0.77", "0.137", "4.07"] {
            let game = OctalGame::parse(code).unwrap();
            let mut memo = GrundyMemo::new();
            let heaps = |p: &[String]| {
                let words: Vec<&str> = p[1..].iter().map(String::as_str).collect();
                memo.value(&game, &parse_heaps(&words).unwrap()).unwrap()
            };
            play_out::<OctalPlay>(&[code, "9", "4"], heaps);
        }
        let mut memo = GrundyMemo::new();
        let stones = |p: &[String]| {
            let (play, pos) = StonesPlay::read(p).unwrap();
            memo.value(&play.rules, &pos).unwrap()
        };
        assert!(play_out::<StonesPlay>(&[], stones) > 0);
        let mut memo = GrundyMemo::new();
        let stones = |p: &[String]| {
            let (play, pos) = StonesPlay::read(p).unwrap();
            memo.value(&play.rules, &pos).unwrap()
        };
        play_out::<StonesPlay>(&["3-12", "--white", "--cells", "14", "--step", "4"], stones);
    }

    #[test]
    fn bad_positions_get_vietnamese_messages() {
        assert!(turn::<Socola>(&strings(&["3x"]))
            .unwrap_err()
            .contains("cạnh của mảnh 1"));
        assert!(turn::<NimSplit>(&strings(&["7 y"]))
            .unwrap_err()
            .contains("đống 2"));
        assert!(turn::<Sum<Nim>>(&strings(&["7", "x"]))
            .unwrap_err()
            .contains("đống 2"));
        assert!(turn::<Dam>(&strings(&["5-3"]))
            .unwrap_err()
            .contains("hàng 1"));
        assert!(turn::<BocSoi>(&strings(&["3"]))
            .unwrap_err()
            .contains("cần đúng hai số"));
        assert!(turn::<PaintStrip>(&strings(&["..o.."]))
            .unwrap_err()
            .contains("ô 3"));
        assert!(turn::<PaintStrip>(&strings(&["201"]))
            .unwrap_err()
            .contains("từ 0 đến 200"));
        assert!(turn::<OctalPlay>(&strings(&["0.07", "5", "y"]))
            .unwrap_err()
            .contains("đống 2"));
        assert!(turn::<OctalPlay>(&strings(&["0.9", "5"])).is_err());
        assert!(turn::<StonesPlay>(&strings(&["9-3"]))
            .unwrap_err()
            .contains("viên trắng"));
        assert!(turn::<StonesPlay>(&strings(&["--retreat"]))
            .unwrap_err()
            .contains("chỉ tiến"));
        assert!(turn::<StonesPlay>(&strings(&["--cells", "1"]))
            .unwrap_err()
            .contains("số ô của dải băng"));
    }
}

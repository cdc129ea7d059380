//! Lệnh `caytrochoi grundy TRÒ_CHƠI …`: mỗi trò chơi là một lệnh con có trợ
//! giúp riêng. Ở đây chỉ đọc đối số; mọi phép tính và lời giải thích nằm trong
//! [`crate::grundy::analysis`].

use super::args::Args;
use super::{CliError, Io};
use crate::grundy::analysis::{
    BocSoiAnalysis, ChuyenSoiAnalysis, DamAnalysis, GrundySequence, NimAnalysis, NimSplitAnalysis,
    OctalAnalysis, PeriodAnalysis, QueenAnalysis, SocolaAnalysis, ToMauAnalysis,
};
use crate::grundy::games::chuyen_soi::ChuyenSoi;
use crate::grundy::games::to_mau::parse_strip;
use crate::grundy::octal::{parse_heaps, OctalGame};
use crate::limits;

const HELP: &str = "\
caytrochoi grundy — hàm Grundy, trạng thái thắng/thua và nước đi thắng

Cách dùng: caytrochoi grundy TRÒ_CHƠI THAM_SỐ [TÙY CHỌN] [--json]

Trò chơi (xem tùy chọn riêng: caytrochoi grundy TRÒ_CHƠI --help):
  hau P Q          quân Hậu ở ô (P, Q), đi trái/xuống/chéo trái-xuống
  nim-chia N       Nim chia đống: chia một đống thành hai đống khác nhau
  boc-soi M N      Bốc sỏi: bốc 1–4 viên ở một đống hoặc 1–3 viên ở cả hai
  chuyen-soi [B-W] Chuyển sỏi trên dải băng (giữa ván: ô hai viên, ví dụ 4-17)
  dam 1-5 2-8 …    Cờ DAM: mỗi hàng `đen-trắng` (ô của hai quân, từ 1)
  nim 7 9 12       Nim nhiều đống: bốc bao nhiêu viên cũng được ở một đống
  to-mau N         Tô màu dải N ô (tô 2 hoặc 3 ô liền nhau);
                   giữa ván: từng ô, ví dụ `to-mau ..xx....`
  socola M N       Chia socola M × N
  octal MÃ N…      trò chơi bát phân, ví dụ `octal 0.077 20` (giữa ván: `octal 0.07 3 5`)

Tùy chọn chung:
  --json           in đúng một đối tượng JSON (grundy, first_player_wins,
                   classification, lecture_name, pn, winning_moves, …)

Quy ước của bài giảng: trạng thái \"thắng\" (1) là trạng thái mà mọi nước đi
từ nó dẫn tới trạng thái thua — tức vị trí P, G = 0, người phải đi từ đó thua.
Trạng thái \"thua\" (0) là vị trí N, G > 0, người đến lượt thắng.

Ví dụ:
  caytrochoi grundy boc-soi 20 30
  caytrochoi grundy hau 4 5 --table
  caytrochoi grundy to-mau ..xx.... --json
  caytrochoi grundy octal 0.07 --period --json
";

const HELP_HAU: &str = "\
caytrochoi grundy hau — trò chơi di chuyển quân Hậu

Cách dùng: caytrochoi grundy hau P Q [--table] [--json]

  P Q        cột và hàng của quân Hậu (0 … 400); ô (0, 0) ở góc trái-dưới
  --table    in cả bảng G(p, q) với p ≤ P, q ≤ Q (khi P, Q ≤ 60)
";

const HELP_NIM: &str = "\
caytrochoi grundy nim-chia — Nim chia đống (bài Minimax: 7 đồng xu)

Cách dùng: caytrochoi grundy nim-chia N [--json]
           caytrochoi grundy nim-chia --sequence K [--json]

  N               số đồng xu của đống
  --sequence K    in K giá trị đầu G(0) … G(K−1) (không cần N)
";

const HELP_BOC: &str = "\
caytrochoi grundy boc-soi — Bốc sỏi (bài 1)

Cách dùng: caytrochoi grundy boc-soi M N [--json]

  M N    số sỏi của hai đống (0 … 2000); mỗi lượt bốc 1–4 viên ở một đống
         hoặc 1–3 viên ở cả hai đống
";

const HELP_CHUYEN: &str = "\
caytrochoi grundy chuyen-soi — Chuyển sỏi (bài 2)

Cách dùng: caytrochoi grundy chuyen-soi [B-W] [--white] [--cells S] [--step K] [--retreat] [--json]

  B-W          thế giữa ván: ô của viên đen - ô của viên trắng, đánh số từ 1
               (mặc định thế đầu 1-S), ví dụ `chuyen-soi 4-17 --white`
  --white      đến lượt Trắng (mặc định: đến lượt Đen)
  --cells S    số ô của dải băng (mặc định 19)
  --step K     số ô dịch tối đa mỗi nước (mặc định 3)
  --retreat    cho phép lùi: ván có thể lặp, phân loại thắng/thua/hòa bằng
               phân tích ngược (không có hàm Grundy)
";

const HELP_DAM: &str = "\
caytrochoi grundy dam — Cờ DAM (bài 3), sỏi chỉ tiến

Cách dùng: caytrochoi grundy dam HÀNG… [--width W] [--white] [--json]

  HÀNG…        mỗi hàng viết `đen-trắng`: ô của quân đen và ô của quân trắng,
               ô đánh số từ 1, đen < trắng;
               thế của Hình 5.9: `1-5 2-8 3-4`
  --width W    số ô mỗi hàng (2 … 100); mặc định: tới ô của quân trắng xa nhất
  --white      đến lượt Trắng (mặc định: đến lượt Đen)

Giới hạn: 1 … 10 hàng, mỗi hàng 2 … 100 ô.
Mỗi hàng là một đống Nim có số viên bằng khoảng trống giữa hai quân, nên
G = XOR các khoảng trống. Trong JSON, cột đánh số từ 0; trong lời (`text`) từ 1.
";

const HELP_NIM_HEAPS: &str = "\
caytrochoi grundy nim — Nim nhiều đống

Cách dùng: caytrochoi grundy nim ĐỐNG… [--json]

  ĐỐNG…    số viên của từng đống (0 … 1000), 1 … 10 đống, ví dụ `7 9 12`;
           mỗi lượt chọn một đống và bốc bao nhiêu viên cũng được (ít nhất 1)

Đống n viên có G = n, nên G = XOR số viên các đống. Trong JSON, nước đi là
[đống (đánh số từ 0), số viên bốc]; trong lời (`text`) đống đánh số từ 1.
";

const HELP_TOMAU: &str = "\
caytrochoi grundy to-mau — Tô màu (bài 4), trò chơi bát phân 0.077

Cách dùng: caytrochoi grundy to-mau DẢI [--play] [--json]
           caytrochoi grundy to-mau --sequence K [--json]
           caytrochoi grundy to-mau --period [--json]

  DẢI             số ô N của dải băng trống (0 … 20000), hoặc thế giữa ván
                  viết từng ô: `.` ô trống, `x` ô đã tô, ví dụ `..xx....`
                  (8 ô, ô 3–4 đã tô; tối đa 20000 ô)
  --play          in thêm một ván chơi tối ưu (từ thế đã cho)
  --sequence K    in K giá trị đầu G(0) … G(K−1) (không cần N)
  --period        chu kỳ của dãy G, được chứng minh (không cần N)

Trong JSON, ô đánh số từ 0 (trường `start`); trong lời (`text`) từ 1.
";

const HELP_SOCOLA: &str = "\
caytrochoi grundy socola — Chia socola (bài 5)

Cách dùng: caytrochoi grundy socola M N [--json]

  M N    số hàng và số cột của thanh socola (1 … 300)
";

const HELP_OCTAL: &str = "\
caytrochoi grundy octal — trò chơi bát phân

Cách dùng: caytrochoi grundy octal MÃ N… [--json]
           caytrochoi grundy octal MÃ --sequence K [--json]
           caytrochoi grundy octal MÃ --period [--json]

  MÃ              mã bát phân, ví dụ 0.77 (Kayles), 0.07, 0.077 (Tô màu)
  N…              số viên của đống; giữa ván nhiều đống, mỗi đống một số,
                  ví dụ `octal 0.07 3 5` (G = XOR G của từng đống)
  --sequence K    in K giá trị đầu G(0) … G(K−1)
  --period        chu kỳ của dãy G, được chứng minh bằng định lý tuần hoàn
";

const GAMES: &str = "hau, nim-chia, boc-soi, chuyen-soi, dam, nim, to-mau, socola, octal";

/// Chạy lệnh `grundy` với các đối số sau tên lệnh.
pub(crate) fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    // Tên trò chơi là đối số đầu tiên không phải tùy chọn (tùy chọn có thể
    // đứng trước, như `grundy --json hau 4 5`).
    let Some(at) = game_name_index(&rest) else {
        if rest.iter().any(|a| a == "--help" || a == "-h") {
            io.print(HELP);
            return Ok(());
        }
        return Err(CliError::new(format!("thiếu tên trò chơi ({GAMES})")));
    };
    let mut rest = rest;
    let game = rest.remove(at);
    let (handler, help): (Handler, &str) = match game.as_str() {
        "hau" => (hau, HELP_HAU),
        "nim-chia" => (nim_chia, HELP_NIM),
        "boc-soi" => (boc_soi_cmd, HELP_BOC),
        "chuyen-soi" => (chuyen_soi_cmd, HELP_CHUYEN),
        "dam" => (dam_cmd, HELP_DAM),
        "nim" => (nim_cmd, HELP_NIM_HEAPS),
        "to-mau" => (to_mau_cmd, HELP_TOMAU),
        "socola" => (socola_cmd, HELP_SOCOLA),
        "octal" => (octal_cmd, HELP_OCTAL),
        other => {
            return Err(CliError::new(format!(
                "không có trò chơi `{other}` (chọn một trong: {GAMES})"
            )))
        }
    };
    let mut args = Args::new(&format!("grundy {game}"), rest);
    if args.wants_help() {
        io.print(help);
        return Ok(());
    }
    let json = args.flag("--json")?;
    handler(args, json, io)
}

type Handler = fn(Args, bool, &mut Io) -> Result<(), CliError>;

/// Vị trí của tên trò chơi: đối số đầu tiên không phải tùy chọn hay giá trị
/// của một tùy chọn (`--sequence 21`).
fn game_name_index(rest: &[String]) -> Option<usize> {
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i].as_str();
        if matches!(a, "--sequence" | "--cells" | "--step" | "--width") {
            i += 2;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            return Some(i);
        }
    }
    None
}

/// Đối số vị trí là số nguyên trong `[lo, hi]`, đổi sang `u32`.
fn number_u32(args: &mut Args, what: &str, lo: u32, hi: u32) -> Result<u32, CliError> {
    Ok(args.positional_number(what, lo as u64, hi as u64)? as u32)
}

/// Không được cho thêm N khi đã có `--sequence` hoặc `--period`.
fn no_heap_with(args: &mut Args, what: &str) -> Result<(), CliError> {
    match args.next_positional() {
        Some(extra) => Err(CliError::new(format!(
            "đối số thừa `{extra}`: khi có --sequence hoặc --period thì không cần {what}"
        ))),
        None => Ok(()),
    }
}

fn hau(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let table = args.flag("--table")?;
    let p = number_u32(&mut args, "cột P", 0, limits::QUEEN_SIDE)?;
    let q = number_u32(&mut args, "hàng Q", 0, limits::QUEEN_SIDE)?;
    args.finish()?;
    let mut a = QueenAnalysis::new(p, q)?;
    if table {
        a = a.with_table()?;
    }
    io.show(&a, json);
    Ok(())
}

fn nim_chia(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let max = limits::NIM_SPLIT_VALUES as u64;
    if let Some(k) = args.number_in("--sequence", 1, max)? {
        no_heap_with(&mut args, "số đồng xu N")?;
        args.finish()?;
        io.show(&GrundySequence::nim_split(k as usize)?, json);
        return Ok(());
    }
    let n = args.positional_number("số đồng xu N", 0, max - 1)?;
    args.finish()?;
    io.show(&NimSplitAnalysis::new(n as u32)?, json);
    Ok(())
}

fn boc_soi_cmd(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let m = number_u32(&mut args, "số sỏi đống thứ nhất M", 0, limits::BOC_SOI_PILE)?;
    let n = number_u32(&mut args, "số sỏi đống thứ hai N", 0, limits::BOC_SOI_PILE)?;
    args.finish()?;
    io.show(&BocSoiAnalysis::new(m, n)?, json);
    Ok(())
}

fn chuyen_soi_cmd(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let retreat = args.flag("--retreat")?;
    let white = args.flag("--white")?;
    let cells = args.number_in("--cells", 2, limits::CHUYEN_SOI_CELLS as u64)?;
    let step = args.number_in("--step", 1, limits::CHUYEN_SOI_STEP as u64)?;
    let stones = args.next_positional();
    args.finish()?;
    let game = ChuyenSoi::new(
        cells.unwrap_or(19) as u32,
        step.unwrap_or(3) as u32,
        retreat,
    )?;
    let a = match stones {
        Some(text) => ChuyenSoiAnalysis::at(game, game.parse_stones(&text, !white)?)?,
        None if white => ChuyenSoiAnalysis::at(
            game,
            game.parse_stones(&format!("1-{}", game.cells), false)?,
        )?,
        None => ChuyenSoiAnalysis::new(game)?,
    };
    io.show(&a, json);
    Ok(())
}

/// Các đối số vị trí còn lại, nối bằng dấu cách (thế cờ viết như trong sách).
fn rest_positionals(args: &mut Args, what: &str) -> Result<String, CliError> {
    let mut words = Vec::new();
    while let Some(w) = args.next_positional() {
        words.push(w);
    }
    if words.is_empty() {
        return Err(CliError::new(format!("thiếu {what}")));
    }
    Ok(words.join(" "))
}

fn dam_cmd(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let white = args.flag("--white")?;
    let width = args.number_in("--width", 2, limits::DAM_WIDTH as u64)?;
    let rows = rest_positionals(&mut args, "các hàng `đen-trắng` (ví dụ 1-5 2-8 3-4)")?;
    args.finish()?;
    let a = DamAnalysis::parse(&rows, width.map(|w| w as u32), !white)?;
    io.show(&a, json);
    Ok(())
}

fn nim_cmd(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let heaps = rest_positionals(&mut args, "số viên của các đống (ví dụ 7 9 12)")?;
    args.finish()?;
    io.show(&NimAnalysis::parse(&heaps)?, json);
    Ok(())
}

fn to_mau_cmd(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let max = limits::TO_MAU_CELLS as u64;
    let play = args.flag("--play")?;
    let period = args.flag("--period")?;
    let sequence = args.number_in("--sequence", 1, max + 1)?;
    if period || sequence.is_some() {
        no_heap_with(&mut args, "số ô N")?;
        if play {
            return Err(CliError::new(
                "--play cần số ô N, không đi cùng --sequence hay --period",
            ));
        }
    }
    if period && sequence.is_some() {
        return Err(CliError::new(
            "chỉ cho một trong hai: --sequence hoặc --period",
        ));
    }
    if period {
        args.finish()?;
        io.show(&PeriodAnalysis::to_mau()?, json);
    } else if let Some(k) = sequence {
        args.finish()?;
        io.show(&GrundySequence::to_mau(k as usize)?, json);
    } else {
        let text = args.positional("số ô N hoặc dải băng (ví dụ 10 hay ..xx....)")?;
        args.finish()?;
        let mut a = ToMauAnalysis::of_strip(parse_strip(&text)?)?;
        if play {
            a = a.with_play()?;
        }
        io.show(&a, json);
    }
    Ok(())
}

fn socola_cmd(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let m = number_u32(&mut args, "số hàng M", 1, limits::SOCOLA_SIDE)?;
    let n = number_u32(&mut args, "số cột N", 1, limits::SOCOLA_SIDE)?;
    args.finish()?;
    io.show(&SocolaAnalysis::new(m, n)?, json);
    Ok(())
}

fn octal_cmd(mut args: Args, json: bool, io: &mut Io) -> Result<(), CliError> {
    let max = limits::OCTAL_VALUES as u64;
    let period = args.flag("--period")?;
    let sequence = args.number_in("--sequence", 1, max)?;
    let code = args.positional("mã bát phân (ví dụ 0.077)")?;
    let game = OctalGame::parse(&code)?;
    if period && sequence.is_some() {
        return Err(CliError::new(
            "chỉ cho một trong hai: --sequence hoặc --period",
        ));
    }
    if period {
        no_heap_with(&mut args, "số viên N")?;
        args.finish()?;
        io.show(&PeriodAnalysis::octal(&game)?, json);
    } else if let Some(k) = sequence {
        no_heap_with(&mut args, "số viên N")?;
        args.finish()?;
        io.show(&GrundySequence::octal(&game, k as usize)?, json);
    } else {
        let mut words = Vec::new();
        while let Some(w) = args.next_positional() {
            words.extend(w.split_whitespace().map(str::to_string));
        }
        args.finish()?;
        let a = match words.as_slice() {
            [] => return Err(CliError::new("thiếu số viên N")),
            [one] => {
                let n = one
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n < max)
                    .ok_or_else(|| {
                        CliError::new(format!(
                            "số viên N không hợp lệ: `{one}` (cần một số nguyên từ 0 đến {})",
                            max - 1
                        ))
                    })?;
                OctalAnalysis::new(&game, n as usize)?
            }
            several => {
                let words: Vec<&str> = several.iter().map(String::as_str).collect();
                OctalAnalysis::of_heaps(&game, &parse_heaps(&words)?)?
            }
        };
        io.show(&a, json);
    }
    Ok(())
}

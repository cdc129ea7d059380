//! Lệnh `caytrochoi grundy`: hàm Grundy và các bài tập về trò chơi vô tư.

use super::args::Args;
use super::common::help_requested;
use super::{CliError, Io};
use crate::grundy::games::boc_soi::{self, BocSoi};
use crate::grundy::games::chuyen_soi::{self, ChuyenSoi};
use crate::grundy::games::nim_split::{self, nim_split_values, nim_split_winning_moves};
use crate::grundy::games::queen::{self, queen_table, queen_winning_moves};
use crate::grundy::games::socola::{self, breaks_left, normalize, socola_table, Socola};
use crate::grundy::games::to_mau::{self, play_out, to_mau_values};
use crate::grundy::octal::{self, OctalGame};
use crate::grundy::{GrundyError, ImpartialGame, Outcome};
use serde_json::{json, Value};

const HELP: &str = "\
caytrochoi grundy — hàm Grundy, trạng thái thắng/thua và nước đi thắng

Cách dùng: caytrochoi grundy TRÒ_CHƠI THAM_SỐ [TÙY CHỌN] [--json]

Trò chơi:
  hau P Q              quân Hậu ở ô (P, Q), đi trái/xuống/chéo trái-xuống
                       --table: in cả bảng G(p, q) với p ≤ P, q ≤ Q
  nim-chia N           Nim chia đống: chia một đống thành hai đống khác nhau
                       --sequence K: K giá trị đầu G(0) … G(K−1) (không cần N)
  boc-soi M N          Bốc sỏi: bốc 1–4 viên ở một đống hoặc 1–3 viên ở cả hai
  chuyen-soi           Chuyển sỏi trên dải băng
                       --cells S (mặc định 19), --step K (mặc định 3),
                       --retreat: cho phép lùi (phân loại thắng/thua/hòa)
  to-mau N             Tô màu dải N ô (tô 2 hoặc 3 ô liền nhau)
                       --sequence K, --period, --play (in một ván chơi tối ưu)
  socola M N           Chia socola M × N
  octal MÃ N           trò chơi bát phân, ví dụ `octal 0.077 20`
                       --sequence K, --period (chu kỳ được chứng minh)

Tùy chọn chung:
  --json               in đúng một đối tượng JSON

Quy ước của bài giảng: trạng thái \"thắng\" (1) là trạng thái mà mọi nước đi
từ nó dẫn tới trạng thái thua — tức P-vị trí, G = 0, người phải đi từ đó thua.
Trạng thái \"thua\" (0) là N-vị trí, G > 0, người đến lượt thắng.

Ví dụ:
  caytrochoi grundy boc-soi 20 30
  caytrochoi grundy hau 4 5 --table
  caytrochoi grundy octal 0.07 --period --json
";

/// Các tùy chọn đã đọc.
struct Options {
    json: bool,
    table: bool,
    period: bool,
    play: bool,
    retreat: bool,
    sequence: Option<u64>,
    cells: Option<u64>,
    step: Option<u64>,
}

fn lib(e: GrundyError) -> CliError {
    CliError::new(e.to_string())
}

/// Chạy lệnh `grundy` với các đối số sau tên lệnh.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("grundy", rest);
    if help_requested(&args, HELP, io) {
        return Ok(());
    }
    let opts = Options {
        json: args.flag("--json")?,
        table: args.flag("--table")?,
        period: args.flag("--period")?,
        play: args.flag("--play")?,
        retreat: args.flag("--retreat")?,
        sequence: args.number_in(
            "--sequence",
            1,
            octal::MAX_VALUES.max(nim_split::MAX_VALUES) as u64,
        )?,
        cells: args.number_in("--cells", 2, chuyen_soi::MAX_CELLS as u64)?,
        step: args.number_in("--step", 1, chuyen_soi::MAX_STEP as u64)?,
    };
    let game = args
        .positional("tên trò chơi (hau, nim-chia, boc-soi, chuyen-soi, to-mau, socola, octal)")?;
    let allowed: &[&str] = match game.as_str() {
        "hau" => &["--table"],
        "nim-chia" => &["--sequence"],
        "boc-soi" | "socola" => &[],
        "chuyen-soi" => &["--cells", "--step", "--retreat"],
        "to-mau" => &["--sequence", "--period", "--play"],
        "octal" => &["--sequence", "--period"],
        other => {
            return Err(CliError::new(format!(
                "không có trò chơi `{other}` (chọn một trong: hau, nim-chia, boc-soi, \
                 chuyen-soi, to-mau, socola, octal)"
            )))
        }
    };
    let given = [
        ("--table", opts.table),
        ("--period", opts.period),
        ("--play", opts.play),
        ("--retreat", opts.retreat),
        ("--sequence", opts.sequence.is_some()),
        ("--cells", opts.cells.is_some()),
        ("--step", opts.step.is_some()),
    ];
    for (name, present) in given {
        if present && !allowed.contains(&name) {
            return Err(CliError::new(format!(
                "tùy chọn {name} không dùng được với trò chơi `{game}`"
            )));
        }
    }
    match game.as_str() {
        "hau" => hau(args, &opts, io),
        "nim-chia" => nim_chia(args, &opts, io),
        "boc-soi" => boc_soi_cmd(args, &opts, io),
        "chuyen-soi" => chuyen_soi_cmd(args, &opts, io),
        "to-mau" => to_mau_cmd(args, &opts, io),
        "socola" => socola_cmd(args, &opts, io),
        _ => octal_cmd(args, &opts, io),
    }
}

/// Dòng mô tả kết quả cho một trạng thái có giá trị Grundy `g`.
fn verdict(g: u32) -> String {
    let o = Outcome::from_grundy(g);
    let who = if g == 0 {
        "người đi trước thua nếu đối thủ biết chơi"
    } else {
        "người đi trước thắng"
    };
    format!("G = {g}: {o}; {who}.")
}

/// JSON chung cho một trạng thái.
fn position_json(game: &str, g: u32, moves: Value) -> Value {
    let o = Outcome::from_grundy(g);
    json!({
        "game": game,
        "grundy": g,
        "first_player_wins": g != 0,
        "classification": o.code(),
        "lecture_name": o.lecture_name(),
        "pn": o.pn_name(),
        "winning_moves": moves,
    })
}

/// In danh sách nước thắng (dạng văn bản).
fn print_moves(io: &mut Io, moves: &[String]) {
    if moves.is_empty() {
        io.println("Không có nước thắng: mọi nước đi (nếu còn) đều để lại trạng thái có G > 0.");
    } else {
        io.println(&format!(
            "Nước thắng (đưa về trạng thái có G = 0): {}",
            moves.join("; ")
        ));
    }
}

/// Lấy đối số vị trí N nếu không có `--sequence`/`--period`, báo lỗi nếu thiếu.
fn optional_n(
    args: &mut Args,
    opts: &Options,
    what: &str,
    max: u64,
) -> Result<Option<u64>, CliError> {
    if opts.sequence.is_some() || opts.period {
        if let Some(extra) = args.next_positional() {
            return Err(CliError::new(format!(
                "đối số thừa `{extra}`: khi có --sequence hoặc --period thì không cần {what}"
            )));
        }
        Ok(None)
    } else {
        Ok(Some(args.positional_number(what, 0, max)?))
    }
}

fn hau(mut args: Args, opts: &Options, io: &mut Io) -> Result<(), CliError> {
    let max = queen::MAX_SIDE as u64;
    let p = args.positional_number("cột P", 0, max)? as u32;
    let q = args.positional_number("hàng Q", 0, max)? as u32;
    args.finish()?;
    if opts.table && (p > 60 || q > 60) {
        return Err(CliError::new(
            "--table chỉ in bảng với P, Q ≤ 60 (bảng lớn hơn khó đọc)",
        ));
    }
    let t = queen_table(p, q).map_err(lib)?;
    let g = t[p as usize][q as usize];
    let moves = queen_winning_moves(&t, (p, q)).map_err(lib)?;
    if opts.json {
        let mut v = position_json(
            "hau",
            g,
            json!(moves
                .iter()
                .map(|m| {
                    let (a, b) = m.target((p, q));
                    json!({"move": m, "text": m.to_string(), "to": [a, b]})
                })
                .collect::<Vec<_>>()),
        );
        v["position"] = json!([p, q]);
        if opts.table {
            v["table"] = json!(t);
        }
        io.json(&v);
        return Ok(());
    }
    io.println(&format!("Quân Hậu ở ô ({p}, {q}). {}", verdict(g)));
    print_moves(
        io,
        &moves
            .iter()
            .map(|m| {
                let (a, b) = m.target((p, q));
                format!("{m} tới ({a}, {b})")
            })
            .collect::<Vec<_>>(),
    );
    if opts.table {
        io.println("");
        io.println("Bảng G(p, q) — hàng q từ trên xuống, cột p từ trái sang; * là G = 0 (trạng thái thắng):");
        for qq in (0..=q as usize).rev() {
            let mut line = format!("q={qq:>2} |");
            for row in t.iter() {
                let v = row[qq];
                if v == 0 {
                    line.push_str("   *");
                } else {
                    line.push_str(&format!("{v:>4}"));
                }
            }
            io.println(&line);
        }
        let mut foot = "      +".to_string();
        foot.push_str(&"----".repeat(p as usize + 1));
        io.println(&foot);
        let mut idx = "   p= ".to_string();
        for pp in 0..=p {
            idx.push_str(&format!("{pp:>4}"));
        }
        io.println(&idx);
    }
    Ok(())
}

fn print_sequence(io: &mut Io, title: &str, values: &[u32]) {
    io.println(title);
    for (i, chunk) in values.chunks(20).enumerate() {
        let body: Vec<String> = chunk.iter().map(|v| v.to_string()).collect();
        io.println(&format!("  n = {:>5}…: {}", i * 20, body.join(" ")));
    }
}

fn nim_chia(mut args: Args, opts: &Options, io: &mut Io) -> Result<(), CliError> {
    let max = nim_split::MAX_VALUES as u64;
    if let Some(k) = opts.sequence {
        args.finish()?;
        GrundyError::check_range("--sequence", k, 1, max).map_err(lib)?;
        let values = nim_split_values(k as usize).map_err(lib)?;
        if opts.json {
            io.json(&json!({"game": "nim-chia", "values": values}));
        } else {
            print_sequence(io, &format!("Nim chia đống: G(0) … G({})", k - 1), &values);
        }
        return Ok(());
    }
    let n = args.positional_number("số token N", 0, max - 1)?;
    args.finish()?;
    let values = nim_split_values(n as usize + 1).map_err(lib)?;
    let g = values[n as usize];
    let moves = nim_split_winning_moves(&[n as u32], &values).map_err(lib)?;
    if opts.json {
        let mut v = position_json(
            "nim-chia",
            g,
            json!(moves
                .iter()
                .map(|m| [m.parts.0, m.parts.1])
                .collect::<Vec<_>>()),
        );
        v["tokens"] = json!(n);
        io.json(&v);
        return Ok(());
    }
    io.println(&format!(
        "Nim chia đống, một đống {n} token. {}",
        verdict(g)
    ));
    print_moves(
        io,
        &moves
            .iter()
            .map(|m| format!("chia thành {} và {}", m.parts.0, m.parts.1))
            .collect::<Vec<_>>(),
    );
    Ok(())
}

fn boc_soi_cmd(mut args: Args, opts: &Options, io: &mut Io) -> Result<(), CliError> {
    let max = boc_soi::MAX_PILE as u64;
    let m = args.positional_number("số sỏi đống thứ nhất M", 0, max)? as u32;
    let n = args.positional_number("số sỏi đống thứ hai N", 0, max)? as u32;
    args.finish()?;
    let game = BocSoi::default();
    let t = game.table(m, n).map_err(lib)?;
    let g = t[m as usize][n as usize];
    let moves = game.winning_moves(&t, (m, n)).map_err(lib)?;
    if opts.json {
        let mut v = position_json(
            "boc-soi",
            g,
            json!(moves
                .iter()
                .map(|mv| {
                    let (a, b) = game.play(&(m, n), mv);
                    json!({"move": mv, "text": mv.to_string(), "to": [a, b]})
                })
                .collect::<Vec<_>>()),
        );
        v["position"] = json!([m, n]);
        io.json(&v);
        return Ok(());
    }
    io.println(&format!(
        "Bốc sỏi (bốc 1–4 viên ở một đống hoặc 1–3 viên ở cả hai), hai đống ({m}, {n}). {}",
        verdict(g)
    ));
    print_moves(
        io,
        &moves
            .iter()
            .map(|mv| {
                let (a, b) = game.play(&(m, n), mv);
                format!("{mv}, còn ({a}, {b})")
            })
            .collect::<Vec<_>>(),
    );
    Ok(())
}

fn chuyen_soi_cmd(args: Args, opts: &Options, io: &mut Io) -> Result<(), CliError> {
    args.finish()?;
    let cells = opts.cells.unwrap_or(19) as u32;
    let step = opts.step.unwrap_or(3) as u32;
    let game = ChuyenSoi::new(cells, step, opts.retreat).map_err(lib)?;
    let start = game.start();
    if opts.retreat {
        let c = game.classify().map_err(lib)?;
        let outcome = c.outcome(&start).unwrap_or(Outcome::Hoa);
        let moves = c.best_moves(&game, &start);
        let (w, l, d) = c.counts();
        if opts.json {
            io.json(&json!({
                "game": "chuyen-soi",
                "cells": cells, "step": step, "retreat": true,
                "grundy": Value::Null,
                "first_player_wins": outcome.first_player_wins(),
                "classification": outcome.code(),
                "lecture_name": outcome.lecture_name(),
                "pn": outcome.pn_name(),
                "best_moves": moves,
                "counts": {"thang": w, "thua": l, "hoa": d},
            }));
            return Ok(());
        }
        io.println(&format!(
            "Chuyển sỏi cho phép lùi: dải {cells} ô, dịch tối đa {step} ô. Ván có thể lặp nên \
             không có hàm Grundy; phân loại bằng phân tích ngược."
        ));
        io.println(&format!("Trạng thái đầu (đen đi trước): {outcome}."));
        io.println(&format!(
            "Trong {} trạng thái đạt được: {w} thắng, {l} thua, {d} hòa.",
            c.len()
        ));
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        if !texts.is_empty() {
            io.println(&format!("Nước tốt cho quân đen: {}", texts.join("; ")));
        }
        return Ok(());
    }
    let gaps = game.gap_values();
    let gap = start.gap();
    let g = gaps[gap as usize];
    let moves: Vec<u32> = (1..=step.min(gap))
        .filter(|&d| gaps[(gap - d) as usize] == 0)
        .collect();
    if opts.json {
        let mut v = position_json(
            "chuyen-soi",
            g,
            json!(moves
                .iter()
                .map(|&d| json!({"distance": d, "forward": true}))
                .collect::<Vec<_>>()),
        );
        v["cells"] = json!(cells);
        v["step"] = json!(step);
        v["retreat"] = json!(false);
        v["gap"] = json!(gap);
        v["gap_values"] = json!(gaps);
        io.json(&v);
        return Ok(());
    }
    io.println(&format!(
        "Chuyển sỏi: dải {cells} ô, dịch tối đa {step} ô, sỏi chỉ tiến về phía nhau."
    ));
    io.println(&format!(
        "Chỉ khoảng trống giữa hai viên là quan trọng: mỗi nước giảm nó đi 1 … {step} ô \
         (trò chơi bốc sỏi một đống)."
    ));
    io.println(&format!("Lúc đầu khoảng trống là {gap} ô. {}", verdict(g)));
    print_moves(
        io,
        &moves
            .iter()
            .map(|d| format!("quân đen tiến {d} ô (còn {} ô trống)", gap - d))
            .collect::<Vec<_>>(),
    );
    if gaps.len() <= 200 {
        print_sequence(
            io,
            "G theo khoảng trống (n = số ô trống giữa hai viên):",
            &gaps,
        );
    }
    Ok(())
}

fn period_json(game: &str, code: &str, r: Result<octal::Periodicity, GrundyError>) -> Value {
    match r {
        Ok(p) => json!({
            "game": game, "code": code,
            "period": p.period, "preperiod": p.preperiod, "checked": p.checked,
        }),
        Err(GrundyError::NoPeriod { computed }) => json!({
            "game": game, "code": code,
            "period": Value::Null, "preperiod": Value::Null, "checked": computed,
        }),
        Err(e) => json!({"error": e.to_string()}),
    }
}

fn print_period(
    io: &mut Io,
    name: &str,
    game: &OctalGame,
    r: Result<octal::Periodicity, GrundyError>,
) -> Result<(), CliError> {
    match r {
        Ok(p) => {
            io.println(&format!(
                "{name} (mã {}): chu kỳ p = {}, tiền chu kỳ n₀ = {}.",
                game.code(),
                p.period,
                p.preperiod
            ));
            io.println(&format!(
                "Nghĩa là G(n + {}) = G(n) với mọi n ≥ {}{}.",
                p.period,
                p.preperiod,
                if p.preperiod > 0 {
                    format!(" (và không đúng với n = {})", p.preperiod - 1)
                } else {
                    String::new()
                }
            ));
            io.println(&format!(
                "Đã chứng minh bằng định lý tuần hoàn (Guy–Smith) với t = {}: chỉ cần kiểm \
                 n₀ ≤ n < 2n₀ + p + t; đã tính {} giá trị.",
                game.max_take(),
                p.checked
            ));
            Ok(())
        }
        Err(GrundyError::NoPeriod { computed }) => {
            io.println(&format!(
                "{name} (mã {}): chưa chứng minh được chu kỳ với {computed} giá trị đầu tiên.",
                game.code()
            ));
            Ok(())
        }
        Err(e) => Err(lib(e)),
    }
}

fn to_mau_cmd(mut args: Args, opts: &Options, io: &mut Io) -> Result<(), CliError> {
    let max = to_mau::MAX_CELLS as u64;
    let n = optional_n(&mut args, opts, "số ô N", max)?;
    args.finish()?;
    if opts.period {
        let game = OctalGame::parse("0.077").map_err(lib)?;
        let r = game.periodicity(octal::MAX_VALUES);
        if opts.json {
            io.json(&period_json("to-mau", "0.077", r));
            return Ok(());
        }
        io.println(
            "Tô màu là trò chơi bát phân 0.077 (tô 2 hoặc 3 ô để lại 0, 1 hoặc 2 đoạn trống).",
        );
        return print_period(io, "Tô màu", &game, r);
    }
    if let Some(k) = opts.sequence {
        GrundyError::check_range("--sequence", k, 1, max + 1).map_err(lib)?;
        let values = to_mau_values(k as usize).map_err(lib)?;
        if opts.json {
            io.json(&json!({"game": "to-mau", "values": values}));
        } else {
            print_sequence(io, &format!("Tô màu: G(0) … G({})", k - 1), &values);
        }
        return Ok(());
    }
    let n = n.unwrap_or(0) as usize;
    let values = to_mau_values(n + 1).map_err(lib)?;
    let g = values[n];
    let strip = vec![false; n];
    let moves = to_mau::winning_moves(&strip, &values).map_err(lib)?;
    let game_play = if opts.play {
        Some(play_out(n).map_err(lib)?)
    } else {
        None
    };
    if opts.json {
        let mut v = position_json(
            "to-mau",
            g,
            json!(moves
                .iter()
                .map(|p| json!({"start": p.start + 1, "len": p.len}))
                .collect::<Vec<_>>()),
        );
        v["cells"] = json!(n);
        if let Some(turns) = game_play {
            v["play"] = json!(turns
                .iter()
                .map(|t| json!({
                    "player": t.player,
                    "start": t.paint.start + 1,
                    "len": t.paint.len,
                    "grundy_after": t.grundy_after,
                }))
                .collect::<Vec<_>>());
        }
        io.json(&v);
        return Ok(());
    }
    io.println(&format!("Tô màu, dải {n} ô trống. {}", verdict(g)));
    print_moves(
        io,
        &moves
            .iter()
            .map(|p| {
                let left = p.start;
                let right = n - p.start - p.len;
                format!("{p} (còn hai đoạn {left} và {right} ô)")
            })
            .collect::<Vec<_>>(),
    );
    if g != 0 {
        io.println(
            "Chiến lược: sau mỗi nước của đối thủ, lại tô sao cho XOR các G(độ dài đoạn trống) bằng 0.",
        );
    }
    if let Some(turns) = game_play {
        io.println("");
        io.println("Một ván chơi tối ưu (ô đánh số từ 1; G là giá trị sau nước đi):");
        let mut strip = vec![false; n];
        for t in &turns {
            strip = to_mau::ToMau.play(&strip, &t.paint);
            let picture: String = if n <= 120 {
                strip.iter().map(|&c| if c { '#' } else { '.' }).collect()
            } else {
                String::new()
            };
            io.println(&format!(
                "  Người {}: {:<12} G = {:<3} {picture}",
                t.player,
                t.paint.to_string(),
                t.grundy_after
            ));
        }
        let loser = match turns.last() {
            Some(t) => 3 - t.player,
            None => 1,
        };
        io.println(&format!("Người {loser} không còn nước tô nào và thua."));
    }
    Ok(())
}

fn socola_cmd(mut args: Args, opts: &Options, io: &mut Io) -> Result<(), CliError> {
    let max = socola::MAX_SIDE as u64;
    let m = args.positional_number("số hàng M", 1, max)? as u32;
    let n = args.positional_number("số cột N", 1, max)? as u32;
    args.finish()?;
    let t = socola_table(m, n).map_err(lib)?;
    let g = t[m as usize][n as usize];
    let start = normalize(vec![(m, n)]);
    let all_moves = Socola.moves(&start);
    let breaks = breaks_left(&[(m, n)]);
    // Nước thắng: tới trạng thái có G = 0 (G của tổng = XOR hai mảnh).
    let moves: Vec<_> = all_moves
        .iter()
        .filter(|mv| {
            let (a, b) = if mv.horizontal {
                ((mv.at, n), (m - mv.at, n))
            } else {
                ((m, mv.at), (m, n - mv.at))
            };
            t[a.0 as usize][a.1 as usize] ^ t[b.0 as usize][b.1 as usize] == 0
        })
        .collect();
    if opts.json {
        let mut v = position_json(
            "socola",
            g,
            json!(moves
                .iter()
                .map(|mv| json!({"horizontal": mv.horizontal, "at": mv.at, "text": mv.to_string()}))
                .collect::<Vec<_>>()),
        );
        v["size"] = json!([m, n]);
        v["total_breaks"] = json!(breaks);
        io.json(&v);
        return Ok(());
    }
    io.println(&format!("Chia socola {m} × {n}. {}", verdict(g)));
    io.println(&format!(
        "Giải thích: mỗi lần bẻ làm số mảnh tăng 1; ván kết thúc khi có {} mảnh 1 × 1, nên \
         ván nào cũng có đúng {m}·{n} − 1 = {breaks} lần bẻ.",
        m as u64 * n as u64
    ));
    if breaks % 2 == 1 {
        io.println(&format!(
            "{breaks} là số lẻ: người thứ nhất bẻ lần cuối cùng và thắng, đi thế nào cũng được."
        ));
    } else {
        io.println(&format!(
            "{breaks} là số chẵn: người thứ hai bẻ lần cuối cùng; người thứ nhất thua dù đi thế nào."
        ));
    }
    if !moves.is_empty() {
        io.println(&format!(
            "Cả {} nước bẻ đều là nước thắng (ví dụ: {}).",
            moves.len(),
            moves[0]
        ));
    }
    Ok(())
}

fn octal_cmd(mut args: Args, opts: &Options, io: &mut Io) -> Result<(), CliError> {
    let code = args.positional("mã bát phân (ví dụ 0.077)")?;
    let game = OctalGame::parse(&code).map_err(lib)?;
    let max = octal::MAX_VALUES as u64;
    let n = optional_n(&mut args, opts, "số viên N", max - 1)?;
    args.finish()?;
    if opts.period {
        let r = game.periodicity(octal::MAX_VALUES);
        if opts.json {
            let mut v = period_json("octal", game.code(), r);
            v["t"] = json!(game.max_take());
            io.json(&v);
            return Ok(());
        }
        return print_period(io, "Trò chơi bát phân", &game, r);
    }
    if let Some(k) = opts.sequence {
        GrundyError::check_range("--sequence", k, 1, max).map_err(lib)?;
        let values = game.values(k as usize).map_err(lib)?;
        if opts.json {
            io.json(&json!({"game": "octal", "code": game.code(), "values": values}));
        } else {
            print_sequence(
                io,
                &format!("Trò chơi bát phân {}: G(0) … G({})", game.code(), k - 1),
                &values,
            );
        }
        return Ok(());
    }
    let n = n.unwrap_or(0) as usize;
    let values = game.values(n + 1).map_err(lib)?;
    let g = values[n];
    let moves: Vec<_> = game
        .heap_moves(n)
        .into_iter()
        .filter(|m| m.left.iter().flatten().fold(0, |acc, &h| acc ^ values[h]) == 0)
        .collect();
    let describe = |m: &octal::OctalMove| {
        let left: Vec<String> = m.left.iter().flatten().map(|h| h.to_string()).collect();
        if left.is_empty() {
            format!("bốc {} viên (hết đống)", m.take)
        } else if m.take == 0 {
            format!("chia đống thành {} (không bốc viên nào)", left.join(" và "))
        } else {
            format!("bốc {} viên, để lại đống {}", m.take, left.join(" và "))
        }
    };
    if opts.json {
        let mut v = position_json(
            "octal",
            g,
            json!(moves
                .iter()
                .map(
                    |m| json!({"take": m.take, "left": m.left.iter().flatten().collect::<Vec<_>>()})
                )
                .collect::<Vec<_>>()),
        );
        v["code"] = json!(game.code());
        v["heap"] = json!(n);
        io.json(&v);
        return Ok(());
    }
    io.println(&format!(
        "Trò chơi bát phân {}, một đống {n} viên. {}",
        game.code(),
        verdict(g)
    ));
    print_moves(io, &moves.iter().map(describe).collect::<Vec<_>>());
    Ok(())
}

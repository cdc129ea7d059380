//! Trò chơi bát phân (`caytrochoi grundy octal MÃ N…`): luật cho bằng một mã,
//! ví dụ 0.77 (Kayles), 0.07, 0.077 (Tô màu).

use super::game::{no_heap_with, Analysed, LectureGame, LectureError};
use crate::args::Args;
use crate::grundy::analysis::{GrundySequence, OctalAnalysis, PeriodAnalysis};
use crate::grundy::octal::{parse_heaps, OctalGame, OctalMove};
use crate::grundy::sum::nim_sum;
use crate::grundy::{GrundyError, GrundyMemo, ImpartialGame};
use crate::limits::{GRUNDY_PLAY_SIZE, OCTAL_VALUES};

/// Trò chơi bát phân: luật (mã) cùng dãy G, tính một lần cho cả lượt. Thế là
/// mã rồi các đống ([`parse_heaps`]): `0.07 10` lúc đầu, `0.07 3 5` giữa ván.
pub(crate) struct OctalPlay {
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

impl LectureGame for OctalPlay {
    const NAME: &'static str = "octal";
    const ROW: &'static str =
        "octal MÃ N…      trò chơi bát phân, ví dụ `octal 0.077 20` (giữa ván: `octal 0.07 3 5`)";
    const HELP: &'static str = "\
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

    fn analyse(mut args: Args) -> Analysed {
        let max = OCTAL_VALUES as u64;
        let period = args.flag("--period")?;
        let sequence = args.number_in("--sequence", 1, max)?;
        let code = args.positional("mã bát phân (ví dụ 0.077)")?;
        let game = OctalGame::parse(&code)?;
        if period && sequence.is_some() {
            return Err(LectureError::usage(
                "chỉ cho một trong hai: --sequence hoặc --period",
            ));
        }
        if period {
            no_heap_with(&mut args, "số viên N")?;
            args.finish()?;
            return Ok(Box::new(PeriodAnalysis::octal(&game)?));
        }
        if let Some(k) = sequence {
            no_heap_with(&mut args, "số viên N")?;
            args.finish()?;
            return Ok(Box::new(GrundySequence::octal(&game, k as usize)?));
        }
        let mut words = Vec::new();
        while let Some(w) = args.next_positional() {
            words.extend(w.split_whitespace().map(str::to_string));
        }
        args.finish()?;
        match words.as_slice() {
            [] => Err(LectureError::usage("thiếu số viên N")),
            [one] => {
                let n = (one.parse::<u64>().ok())
                    .filter(|&n| n < max)
                    .ok_or_else(|| {
                        LectureError::usage(format!(
                            "số viên N không hợp lệ: `{one}` (cần một số nguyên từ 0 đến {})",
                            max - 1
                        ))
                    })?;
                Ok(Box::new(OctalAnalysis::new(&game, n as usize)?))
            }
            several => {
                let words: Vec<&str> = several.iter().map(String::as_str).collect();
                Ok(Box::new(OctalAnalysis::of_heaps(&game, &parse_heaps(&words)?)?))
            }
        }
    }

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

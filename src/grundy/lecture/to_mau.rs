//! Tô màu, bài 4 (`caytrochoi grundy to-mau N`): tô 2 hoặc 3 ô trống liền
//! nhau của một dải băng; là trò chơi bát phân 0.077.

use super::game::{no_heap_with, Analysed, LectureError, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::{GrundySequence, PeriodAnalysis, ToMauAnalysis};
use crate::grundy::games::to_mau::{
    parse_strip, strip_grundy, strip_text, to_mau_values, Paint, ToMau,
};
use crate::grundy::{GrundyError, GrundyMemo, ImpartialGame};
use crate::limits::{GRUNDY_PLAY_SIZE, TO_MAU_CELLS};

/// Tô màu: luật [`ToMau`] cùng dãy G(độ dài đoạn trống), tính một lần cho cả
/// lượt. Thế là dải băng ([`parse_strip`]): `10` lúc đầu, `..xx......` giữa ván.
pub(crate) struct PaintStrip {
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

impl LectureGame for PaintStrip {
    const NAME: &'static str = "to-mau";
    const ROW: &'static str = "to-mau N         Tô màu dải N ô (tô 2 hoặc 3 ô liền nhau);
                   giữa ván: từng ô, ví dụ `to-mau ..xx....`";
    const HELP: &'static str = "\
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

    fn analyse(mut args: Args) -> Analysed {
        let max = TO_MAU_CELLS as u64;
        let play = args.flag("--play")?;
        let period = args.flag("--period")?;
        let sequence = args.number_in("--sequence", 1, max + 1)?;
        if period || sequence.is_some() {
            no_heap_with(&mut args, "số ô N")?;
            if play {
                return Err(LectureError::usage(
                    "--play cần số ô N, không đi cùng --sequence hay --period",
                ));
            }
        }
        if period && sequence.is_some() {
            return Err(LectureError::usage(
                "chỉ cho một trong hai: --sequence hoặc --period",
            ));
        }
        if period {
            args.finish()?;
            Ok(Box::new(PeriodAnalysis::to_mau()?))
        } else if let Some(k) = sequence {
            args.finish()?;
            Ok(Box::new(GrundySequence::to_mau(k as usize)?))
        } else {
            let text = args.positional("số ô N hoặc dải băng (ví dụ 10 hay ..xx....)")?;
            args.finish()?;
            let mut a = ToMauAnalysis::of_strip(parse_strip(&text)?)?;
            if play {
                a = a.with_play()?;
            }
            Ok(Box::new(a))
        }
    }

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

//! Cờ DAM, bài 3 (`caytrochoi grundy dam 1-5 2-8 3-4`), sỏi chỉ tiến: mỗi hàng
//! là một đống Nim bằng khoảng trống giữa hai quân.

use super::game::{rest_positionals, Analysed, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::{dam_move_text, DamAnalysis};
use crate::grundy::games::dam::{dam_grundy, DamPosition};
pub(crate) use crate::grundy::games::dam::Dam;
use crate::grundy::GrundyMemo;
use crate::limits::DAM_WIDTH;

impl LectureGame for Dam {
    const NAME: &'static str = "dam";
    const ROW: &'static str = "dam 1-5 2-8 …    Cờ DAM: mỗi hàng `đen-trắng` (ô của hai quân, từ 1)";
    const HELP: &'static str = "\
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

    fn analyse(mut args: Args) -> Analysed {
        let white = args.flag("--white")?;
        let width = args.number_in("--width", 2, DAM_WIDTH as u64)?;
        let rows = rest_positionals(&mut args, "các hàng `đen-trắng` (ví dụ 1-5 2-8 3-4)")?;
        args.finish()?;
        let a = DamAnalysis::parse(&rows, width.map(|w| w as u32), !white)?;
        Ok(Box::new(a))
    }

    /// Các hàng `đen-trắng`; `--white`: đến lượt Trắng.
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
        dam_move_text(pos, mv)
    }
    /// Mỗi hàng là một đống Nim bằng khoảng trống: G = XOR các khoảng trống.
    fn value(&self, _: &mut GrundyMemo<DamPosition>, pos: &DamPosition) -> Result<u32, String> {
        Ok(dam_grundy(pos))
    }
}

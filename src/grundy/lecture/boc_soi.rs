//! Bốc sỏi, bài 1 (`caytrochoi grundy boc-soi M N`): bốc 1–4 viên ở một đống
//! hoặc 1–3 viên ở cả hai.

use super::game::{number_u32, two_numbers, Analysed, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::BocSoiAnalysis;
pub(crate) use crate::grundy::games::boc_soi::BocSoi;
use crate::grundy::ImpartialGame;
use crate::limits::BOC_SOI_PILE;

impl LectureGame for BocSoi {
    const NAME: &'static str = "boc-soi";
    const ROW: &'static str = "boc-soi M N      Bốc sỏi: bốc 1–4 viên ở một đống hoặc 1–3 viên ở cả hai";
    const HELP: &'static str = "\
caytrochoi grundy boc-soi — Bốc sỏi (bài 1)

Cách dùng: caytrochoi grundy boc-soi M N [--json]

  M N    số sỏi của hai đống (0 … 2000); mỗi lượt bốc 1–4 viên ở một đống
         hoặc 1–3 viên ở cả hai đống
";

    fn analyse(mut args: Args) -> Analysed {
        let m = number_u32(&mut args, "số sỏi đống thứ nhất M", 0, BOC_SOI_PILE)?;
        let n = number_u32(&mut args, "số sỏi đống thứ hai N", 0, BOC_SOI_PILE)?;
        args.finish()?;
        Ok(Box::new(BocSoiAnalysis::new(m, n)?))
    }

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

//! Nim nhiều đống (`caytrochoi grundy nim 7 9 12`): bốc bao nhiêu viên cũng
//! được ở một đống. Trò chơi là tổng các đống Nim.

use super::game::{rest_positionals, Analysed, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::NimAnalysis;
use crate::grundy::games::nim::Nim;
use crate::grundy::sum::nim_sum;
use crate::grundy::{GrundyMemo, Sum};

/// Nim nhiều đống: tổng các đống Nim.
pub(crate) type NimHeaps = Sum<Nim>;

impl LectureGame for NimHeaps {
    const NAME: &'static str = "nim";
    const ROW: &'static str = "nim 7 9 12       Nim nhiều đống: bốc bao nhiêu viên cũng được ở một đống";
    const HELP: &'static str = "\
caytrochoi grundy nim — Nim nhiều đống

Cách dùng: caytrochoi grundy nim ĐỐNG… [--json]

  ĐỐNG…    số viên của từng đống (0 … 1000), 1 … 10 đống, ví dụ `7 9 12`;
           mỗi lượt chọn một đống và bốc bao nhiêu viên cũng được (ít nhất 1)

Đống n viên có G = n, nên G = XOR số viên các đống. Trong JSON, nước đi là
[đống (đánh số từ 0), số viên bốc]; trong lời (`text`) đống đánh số từ 1.
";

    fn analyse(mut args: Args) -> Analysed {
        let heaps = rest_positionals(&mut args, "số viên của các đống (ví dụ 7 9 12)")?;
        args.finish()?;
        Ok(Box::new(NimAnalysis::parse(&heaps)?))
    }

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

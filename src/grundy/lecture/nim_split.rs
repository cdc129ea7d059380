//! Nim chia đống của bài Minimax (`caytrochoi grundy nim-chia N`): chia một
//! đống thành hai đống khác nhau.

use super::game::{no_heap_with, Analysed, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::{GrundySequence, NimSplitAnalysis};
use crate::grundy::games::nim_split::nim_split_values;
pub(crate) use crate::grundy::games::nim_split::NimSplit;
use crate::grundy::sum::nim_sum;
use crate::grundy::{GrundyError, GrundyMemo};
use crate::limits::NIM_SPLIT_VALUES;

impl LectureGame for NimSplit {
    const NAME: &'static str = "nim-chia";
    const ROW: &'static str = "nim-chia N       Nim chia đống: chia một đống thành hai đống khác nhau";
    const HELP: &'static str = "\
caytrochoi grundy nim-chia — Nim chia đống (bài Minimax: 7 đồng xu)

Cách dùng: caytrochoi grundy nim-chia N [--json]
           caytrochoi grundy nim-chia --sequence K [--json]

  N               số đồng xu của đống
  --sequence K    in K giá trị đầu G(0) … G(K−1) (không cần N)
";

    fn analyse(mut args: Args) -> Analysed {
        let max = NIM_SPLIT_VALUES as u64;
        if let Some(k) = args.number_in("--sequence", 1, max)? {
            no_heap_with(&mut args, "số đồng xu N")?;
            args.finish()?;
            return Ok(Box::new(GrundySequence::nim_split(k as usize)?));
        }
        let n = args.positional_number("số đồng xu N", 0, max - 1)?;
        args.finish()?;
        Ok(Box::new(NimSplitAnalysis::new(n as u32)?))
    }

    /// Thế là các đống (`7`, hay giữa ván `4 2 1`).
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
        Ok((NimSplit::new(total as u32, crate::player::Player::Max), piles))
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

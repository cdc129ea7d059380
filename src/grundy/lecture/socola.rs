//! Chia socola, bài 5 (`caytrochoi grundy socola M N`): bẻ một mảnh thành hai
//! theo một đường kẻ; ai không bẻ được thì thua.

use super::game::{number_u32, Analysed, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::SocolaAnalysis;
use crate::grundy::games::socola::{normalize, socola_table};
pub(crate) use crate::grundy::games::socola::Socola;
use crate::grundy::sum::nim_sum;
use crate::grundy::{GrundyError, GrundyMemo};
use crate::limits::SOCOLA_SIDE;

impl LectureGame for Socola {
    const NAME: &'static str = "socola";
    const ROW: &'static str = "socola M N       Chia socola M × N";
    const HELP: &'static str = "\
caytrochoi grundy socola — Chia socola (bài 5)

Cách dùng: caytrochoi grundy socola M N [--json]

  M N    số hàng và số cột của thanh socola (1 … 300)
";

    fn analyse(mut args: Args) -> Analysed {
        let m = number_u32(&mut args, "số hàng M", 1, SOCOLA_SIDE)?;
        let n = number_u32(&mut args, "số cột N", 1, SOCOLA_SIDE)?;
        args.finish()?;
        Ok(Box::new(SocolaAnalysis::new(m, n)?))
    }

    /// Thế là `M N` (một thanh), hay giữa ván các mảnh `AxB` (`3x4 1x2`).
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

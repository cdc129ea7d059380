//! Quân Hậu (`caytrochoi grundy hau P Q`): quân đi trái, xuống hay chéo
//! trái-xuống; ai không đi được thì thua.

use super::game::{number_u32, two_numbers, Analysed, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::QueenAnalysis;
pub(crate) use crate::grundy::games::queen::Queen;
use crate::grundy::ImpartialGame;
use crate::limits::QUEEN_SIDE;

impl LectureGame for Queen {
    const NAME: &'static str = "hau";
    const ROW: &'static str = "hau P Q          quân Hậu ở ô (P, Q), đi trái/xuống/chéo trái-xuống";
    const HELP: &'static str = "\
caytrochoi grundy hau — trò chơi di chuyển quân Hậu

Cách dùng: caytrochoi grundy hau P Q [--table] [--json]

  P Q        cột và hàng của quân Hậu (0 … 400); ô (0, 0) ở góc trái-dưới
  --table    in cả bảng G(p, q) với p ≤ P, q ≤ Q (khi P, Q ≤ 60)
";

    fn analyse(mut args: Args) -> Analysed {
        let table = args.flag("--table")?;
        let p = number_u32(&mut args, "cột P", 0, QUEEN_SIDE)?;
        let q = number_u32(&mut args, "hàng Q", 0, QUEEN_SIDE)?;
        args.finish()?;
        let mut a = QueenAnalysis::new(p, q)?;
        if table {
            a = a.with_table()?;
        }
        Ok(Box::new(a))
    }

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

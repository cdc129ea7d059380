//! Chuyển sỏi, bài 2 (`caytrochoi grundy chuyen-soi`): hai viên trên một dải
//! băng, mỗi nước dịch một viên về phía viên kia.

use super::game::{Analysed, LectureGame};
use crate::args::Args;
use crate::grundy::analysis::ChuyenSoiAnalysis;
use crate::grundy::games::chuyen_soi::{ChuyenSoi, StoneMove, StonePosition};
use crate::grundy::{GrundyError, GrundyMemo, ImpartialGame};
use crate::limits::{CHUYEN_SOI_CELLS, CHUYEN_SOI_STEP};

/// Chuyển sỏi (sỏi chỉ tiến): luật cùng dãy G(khoảng trống), tính một lần cho
/// cả lượt. Thế viết như lệnh `caytrochoi grundy chuyen-soi [--cells S] [--step
/// K]`, thêm vị trí hai viên `B-W` ([`ChuyenSoi::parse_stones`]; mặc định thế đầu)
/// và `--white` khi đến lượt trắng: `1-19 --white --cells 19 --step 3`.
pub(crate) struct StonesPlay {
    pub(crate) rules: ChuyenSoi,
    values: Vec<u32>,
}

impl ImpartialGame for StonesPlay {
    type Position = StonePosition;
    type Move = StoneMove;
    fn moves(&self, pos: &StonePosition) -> Vec<StoneMove> {
        self.rules.moves(pos)
    }
    fn play(&self, pos: &StonePosition, mv: &StoneMove) -> StonePosition {
        self.rules.play(pos, mv)
    }
}

impl LectureGame for StonesPlay {
    const NAME: &'static str = "chuyen-soi";
    const ROW: &'static str =
        "chuyen-soi [B-W] Chuyển sỏi trên dải băng (giữa ván: ô hai viên, ví dụ 4-17)";
    const HELP: &'static str = "\
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

    fn analyse(mut args: Args) -> Analysed {
        let retreat = args.flag("--retreat")?;
        let white = args.flag("--white")?;
        let cells = args.number_in("--cells", 2, CHUYEN_SOI_CELLS as u64)?;
        let step = args.number_in("--step", 1, CHUYEN_SOI_STEP as u64)?;
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
        Ok(Box::new(a))
    }

    fn read(args: &[String]) -> Result<(Self, StonePosition), String> {
        // Số đi sau một tùy chọn, trong khoảng `min` … `max` (như lệnh chuyen-soi).
        fn number(
            it: &mut std::slice::Iter<'_, String>,
            what: &str,
            min: u32,
            max: u32,
        ) -> Result<u32, String> {
            let v = it.next().ok_or_else(|| format!("thiếu {what}"))?;
            let n: u64 = v
                .trim()
                .parse()
                .map_err(|_| format!("{what}: `{v}` không phải số nguyên dương"))?;
            GrundyError::check_range(what, n, min as u64, max as u64).map_err(|e| e.to_string())?;
            Ok(n as u32)
        }
        let (mut cells, mut step, mut white, mut stones) = (19, 3, false, None);
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--cells" => cells = number(&mut it, "số ô của dải băng", 2, CHUYEN_SOI_CELLS)?,
                "--step" => step = number(&mut it, "số ô dịch tối đa", 1, CHUYEN_SOI_STEP)?,
                "--white" => white = true,
                "--retreat" => {
                    return Err(
                        "chơi với máy chỉ với sỏi chỉ tiến: khi cho lùi, ván có thể \
                                lặp mãi và không có hàm Grundy"
                            .into(),
                    )
                }
                other if stones.is_none() && !other.starts_with("--") => stones = Some(other),
                other => return Err(format!("không hiểu `{other}`")),
            }
        }
        let rules = ChuyenSoi::new(cells, step, false).map_err(|e| e.to_string())?;
        let pos = match stones {
            Some(t) => rules.parse_stones(t, !white).map_err(|e| e.to_string())?,
            None => StonePosition {
                black_to_move: !white,
                ..rules.start()
            },
        };
        let values = rules.gap_values();
        Ok((StonesPlay { rules, values }, pos))
    }
    fn write(&self, pos: &StonePosition) -> Vec<String> {
        let mut v = vec![self.rules.stones_text(pos)];
        if !pos.black_to_move {
            v.push("--white".to_string());
        }
        v.extend([
            "--cells".to_string(),
            self.rules.cells.to_string(),
            "--step".to_string(),
            self.rules.step.to_string(),
        ]);
        v
    }
    fn say(&self, pos: &StonePosition, mv: &StoneMove) -> String {
        let who = if pos.black_to_move { "đen" } else { "trắng" };
        let after = self.rules.play(pos, mv);
        format!("viên {who} {mv}, còn {} ô trống ở giữa", after.gap())
    }
    /// Chỉ khoảng trống giữa hai viên quyết định: G = G(khoảng trống).
    fn value(&self, _: &mut GrundyMemo<StonePosition>, pos: &StonePosition) -> Result<u32, String> {
        Ok(self.values[pos.gap() as usize])
    }
}

//! `caytrochoi luyen-tap`: luyện tập trong cửa sổ dòng lệnh — hỏi, chấm, gợi ý
//! theo bậc, giữ điểm. Bộ máy là [`crate::practice`]; ở đây chỉ có việc hỏi và
//! in. Đầu vào/đầu ra là `BufRead`/`Write` bất kỳ, nên kiểm thử gõ sẵn được cả
//! buổi luyện tập (và kiểm thử qua một cửa sổ dòng lệnh giả: tests/luyen_tap_pty.rs).

mod text_tree;

use super::common::help_requested;
use super::practice_options;
use super::{CliError, Io};
use crate::args::Args;
use crate::dodgem::notation::draw_board;
use crate::practice::answer::fold;
use crate::practice::session::Session;
use crate::practice::{fresh_seed, json, Level, Problem, Topic, Verdict};
use text_tree::text_tree;

const HELP: &str = "\
caytrochoi luyen-tap — luyện tập với bài sinh ngẫu nhiên, chấm và gợi ý từng bậc

Cách dùng: caytrochoi luyen-tap [--chuong 3,4] [--muc de|vua|kho] [--so-bai N]
                                [--hat-giong N] [--dang MÃ]
       caytrochoi luyen-tap --chuong N --muc M --hat-giong S --json
                                [--dap-an CÂU_TRẢ_LỜI [--lan-sai K]]

  --chuong 1,…,6   các chương để luyện, xoay vòng (mặc định: 2,3,4,5,6)
                   1 quay lui · 2 cây trò chơi · 3 vét cạn · 4 cắt tỉa alpha-beta
                   5 hàm Grundy · 6 Dodgem
  --muc M          mức: de (dễ), vua (vừa, mặc định), kho (khó)
  --so-bai N       số bài (mặc định 10; 0: không giới hạn, dừng bằng `thoat`)
  --hat-giong N    hạt giống: cùng hạt giống thì cùng dãy bài (để làm lại, để
                   cả lớp cùng làm); không có: mỗi lần chạy một dãy bài mới
  --dang MÃ        chỉ một dạng bài, ví dụ cat-tia, cua-so, gia-tri-tam, mex, nim,
                   luong-gia (xem danh sách khi gõ sai)
  --json           không hỏi: in đề bài của (chương, mức, hạt giống) dạng JSON,
                   như trang luyện tập của sách (cần đúng một chương và hạt giống)
  --dap-an CÂU     cùng --json: in lời chấm câu trả lời này dạng JSON
  --lan-sai K      cùng --dap-an: số lần đã trả lời sai trước đó (mặc định 0)

Trong lúc làm bài, gõ câu trả lời rồi Enter. Sai lần đầu: bạn được biết loại lỗi;
sai lần hai: chỗ sai và phép so sánh (hay phép tính) quyết định; sai lần ba: lời
giải đầy đủ.
Các lệnh: `loi giai` (xem lời giải ngay), `bo qua` (sang bài khác), `thoat` (dừng).
Hết đầu vào (Ctrl-D) cũng dừng lại, có in điểm.
";

/// Kết quả một buổi luyện tập.
#[derive(Debug, Default)]
struct Score {
    asked: usize,
    solved: usize,
    first_try: usize,
    skipped: usize,
    shown: usize,
}

impl Score {
    fn line(&self) -> String {
        format!(
            "Điểm: {}/{} bài đúng ({} bài đúng ngay lần đầu, {} bài xem lời giải, {} bài bỏ qua).",
            self.solved, self.asked, self.first_try, self.shown, self.skipped
        )
    }
}

/// Cách một bài kết thúc.
enum Finish {
    Solved { first_try: bool },
    Shown,
    Skipped,
    Quit,
    InputClosed,
}

/// Chạy `luyen-tap`.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("luyen-tap", rest);
    if help_requested(&args, HELP, io) {
        return Ok(());
    }
    let topics = practice_options::topics(
        &mut args,
        &[
            Topic::GameTree,
            Topic::Minimax,
            Topic::AlphaBeta,
            Topic::Grundy,
            Topic::Dodgem,
        ],
    )?;
    let level = practice_options::level(&mut args)?;
    let count = args.number_in("--so-bai", 0, 10_000)?.unwrap_or(10) as usize;
    let seed = practice_options::seed(&mut args)?;
    let kind = practice_options::kind(&mut args)?;
    if args.flag("--json")? {
        return print_json(args, &topics, level, seed, kind.is_some(), io);
    }
    args.finish()?;
    let seed = seed.unwrap_or_else(fresh_seed);
    io.println(&format!(
        "Luyện tập — mức {level}, {} · hạt giống {seed} (gõ lại `--hat-giong {seed}` để làm lại đúng các bài này).",
        match kind {
            Some(k) => format!("dạng bài: {k}"),
            None => format!(
                "chương {}",
                topics.iter().map(|t| t.number().to_string()).collect::<Vec<_>>().join(", ")
            ),
        }
    ));
    io.println("Gõ câu trả lời rồi Enter. Lệnh: `loi giai` (xem lời giải), `bo qua` (bài khác), `thoat` (dừng).");
    // Một buổi: các chương xoay vòng, không bài nào lặp lại.
    let mut session = Session::new(seed, level, topics.clone(), kind);
    let mut score = Score::default();
    let mut k = 0usize;
    loop {
        if count > 0 && k >= count {
            break;
        }
        let p = session.next_problem();
        k += 1;
        score.asked += 1;
        show(io, k, &p);
        match ask(io, &p) {
            Finish::Solved { first_try } => {
                score.solved += 1;
                if first_try {
                    score.first_try += 1;
                }
            }
            Finish::Shown => score.shown += 1,
            Finish::Skipped => score.skipped += 1,
            Finish::Quit | Finish::InputClosed => {
                score.asked -= 1;
                break;
            }
        }
        io.println(&score.line());
    }
    io.println("");
    io.println(&format!("Kết thúc buổi luyện tập. {}", score.line()));
    Ok(())
}

/// `--json`: in đúng [`crate::practice::json::card_json`] (hoặc `grade_json`
/// với `--dap-an`), để dòng lệnh và trang sách cho cùng một JSON.
fn print_json(
    mut args: Args,
    topics: &[Topic],
    level: Level,
    seed: Option<u64>,
    has_kind: bool,
    io: &mut Io,
) -> Result<(), CliError> {
    let answer = args.value("--dap-an")?;
    let wrong_before = args.number_in("--lan-sai", 0, 1_000)?.unwrap_or(0) as u32;
    args.finish()?;
    let [topic] = topics else {
        return Err(CliError::new(
            "--json cần đúng một chương, ví dụ `--chuong 4`",
        ));
    };
    if has_kind {
        return Err(CliError::new(
            "--json không đi cùng --dang: bài được chọn theo chương, mức và hạt giống",
        ));
    }
    let Some(seed) = seed else {
        return Err(CliError::new(
            "--json cần một hạt giống, ví dụ `--hat-giong 2024`",
        ));
    };
    let (chapter, code) = (topic.number(), level.code());
    let out = match answer {
        Some(a) => json::grade_json(chapter, code, seed, &a, wrong_before),
        None => json::card_json(chapter, code, seed),
    }
    .map_err(|e| CliError::new(e.to_string()))?;
    io.println(&out);
    Ok(())
}

/// In đề bài: tiêu đề, lời, hình bằng chữ, cách trả lời.
fn show(io: &mut Io, k: usize, p: &Problem) {
    io.println("");
    io.println(&format!("━━ Bài {k} · {}", p.title()));
    io.println(&p.statement());
    if let Some((shown, spec)) = p.tree_diagram() {
        io.println("");
        io.print(&text_tree(&shown, &spec.leaf_texts));
    }
    if let Some(pos) = p.position() {
        io.println("");
        io.print(&draw_board(&pos.board));
    }
    io.println(&p.how_to_answer());
}

/// Hỏi đến khi đúng, hoặc khi người học xem lời giải / bỏ qua / dừng.
fn ask(io: &mut Io, p: &Problem) -> Finish {
    let mut wrong = 0u32;
    loop {
        io.print("Trả lời> ");
        let _ = io.out.flush();
        let mut line = String::new();
        match io.input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                io.println("");
                io.println("Hết đầu vào: dừng buổi luyện tập tại đây.");
                return Finish::InputClosed;
            }
            Ok(_) => {}
        }
        let text = line.trim();
        match fold(text).as_str() {
            "" => continue,
            "thoat" | "quit" | "q" => return Finish::Quit,
            "bo qua" | "boqua" | "skip" => {
                io.println(&format!("Bỏ qua. Đáp án: {}", p.answer_text()));
                return Finish::Skipped;
            }
            "loi giai" | "loigiai" | "giai" => {
                io.print(&p.solution().text());
                return Finish::Shown;
            }
            _ => {}
        }
        let f = p.grade(text, wrong);
        io.println(&f.to_string());
        match f.verdict {
            Verdict::Correct => {
                return Finish::Solved {
                    first_try: wrong == 0,
                }
            }
            Verdict::Wrong => {
                wrong = f.tries;
                if f.solution.is_some() {
                    io.println("Đã có lời giải: sang bài tiếp theo.");
                    return Finish::Shown;
                }
            }
            Verdict::Blank | Verdict::Unreadable => {}
        }
    }
}

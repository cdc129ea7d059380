//! Tính chất của bộ máy luyện tập, trên hơn 10 000 bài sinh ngẫu nhiên (mọi
//! chương, mọi mức, gốc MAX và MIN):
//!
//! 1. đáp án đúng (mọi lựa chọn đúng) được nhận;
//! 2. mọi câu trả lời sai **một chỗ** (thêm, bớt, thay một phần tử; đổi một số)
//!    bị từ chối, và lời nhận xét nêu đúng lỗi ấy — nhánh cắt thừa nêu tên ở bậc
//!    1, nhánh cắt thiếu nêu tên ở bậc 2; ở bài hỏi giá trị của gốc, hai bậc gợi ý
//!    đầu không nói ra giá trị ấy (chỉ bậc 3, lời giải, nói);
//! 3. không bộ chấm nào panic, kể cả với chuỗi vô nghĩa, và các hàm chấm bài cố
//!    định (`exercises::…`) cũng vậy: dữ liệu bài viết sai hay quá cỡ cho một lỗi
//!    tiếng Việt, bài dựng được chấm mọi câu trả lời ở cả ba bậc gợi ý.
//!
//! Đáp án luôn do thư viện tính (`Problem::expected`), không có đáp án ghi tay.

use caytrochoi::grundy::games::boc_soi::BocSoi;
use caytrochoi::grundy::games::queen::Queen;
use caytrochoi::grundy::ImpartialGame;
use caytrochoi::practice::{
    Answer, DodgemAsk, Expected, GraphAsk, Kind, Level, MistakeKind, NimAsk, Problem, Pruning,
    QueenAsk, Topic, TreeAsk, Verdict,
};
use caytrochoi::Algorithm;

const PROBLEMS: u64 = 10_200;

/// Một câu trả lời sai một chỗ, và điều lời nhận xét phải nói.
struct Wrong {
    answer: String,
    /// Các loại lỗi chấp nhận được (ít nhất một phải có).
    kinds: &'static [MistakeKind],
    /// Chữ phải có trong lời nhận xét bậc 1 (nếu có).
    at_kind: Option<String>,
    /// Chữ phải có trong lời nhận xét bậc 2 (nếu có).
    at_detail: Option<String>,
}

fn wrong(answer: String, kinds: &'static [MistakeKind]) -> Wrong {
    Wrong {
        answer,
        kinds,
        at_kind: None,
        at_detail: None,
    }
}

const VALUE: &[MistakeKind] = &[
    MistakeKind::WrongValue,
    MistakeKind::FlippedRoles,
    MistakeKind::ExtremeLeaf,
    MistakeKind::NotALeafValue,
    MistakeKind::UnchosenChild,
    MistakeKind::WrongCount,
    MistakeKind::MexPresent,
    MistakeKind::MexTooLarge,
    MistakeKind::SignFlipped,
    MistakeKind::TermMissing,
    MistakeKind::BlockSwapped,
    MistakeKind::RootNotCounted,
    MistakeKind::LeavesOnly,
    MistakeKind::ExhaustiveCount,
];
const TEMPS: &[MistakeKind] = &[
    MistakeKind::TempInitial,
    MistakeKind::TempFunction,
    MistakeKind::TempDirection,
    MistakeKind::TempNumber,
    MistakeKind::TempsMissing,
    MistakeKind::TempsExtra,
];
const ORDER: &[MistakeKind] = &[
    MistakeKind::LeafNotEvaluated,
    MistakeKind::LeafSkipped,
    MistakeKind::LeafOrder,
];

fn num(v: f64) -> String {
    caytrochoi::fmt_value(v)
}

/// Mọi câu trả lời sai một chỗ của bài `p` (lấy một phần nếu quá nhiều).
fn single_changes(p: &Problem) -> Vec<Wrong> {
    let mut out = Vec::new();
    match (p.kind(), p.expected()) {
        // Chương 7: MCTS chọn một ô 1…9; mọi ô khác bị từ chối (ô có quân, bỏ
        // nước thắng ngay, hay không phải nước được thăm nhiều nhất).
        (Kind::MctsPick, Expected::Number(v)) => {
            for k in (1..=9).filter(|&k| f64::from(k) != v) {
                out.push(wrong(
                    k.to_string(),
                    &[
                        MistakeKind::IllegalMove,
                        MistakeKind::MissedWin,
                        MistakeKind::NotMostVisited,
                    ],
                ));
            }
        }
        (_, Expected::Number(v)) => {
            for d in [-1.0, 1.0] {
                if v + d >= 0.0
                    || !matches!(p.kind(), Kind::Tree(TreeAsk::LeafCount(_)) | Kind::Mex)
                {
                    out.push(wrong(num(v + d), VALUE));
                }
            }
        }
        (Kind::Tree(TreeAsk::Pruned(_)), Expected::Set(truth)) => {
            let tree = p.tree().unwrap();
            for (k, t) in truth.iter().enumerate() {
                let mut rest = truth.clone();
                rest.remove(k);
                out.push(Wrong {
                    answer: if rest.is_empty() {
                        "không".into()
                    } else {
                        rest.join(", ")
                    },
                    kinds: &[MistakeKind::MissedPrune],
                    at_kind: Some("nhánh bị cắt mà bạn chưa ghi".into()),
                    at_detail: Some(t.clone()),
                });
            }
            for n in tree.nodes().iter().skip(1) {
                if truth.contains(&n.label) {
                    continue;
                }
                let mut more = truth.clone();
                more.push(n.label.clone());
                out.push(Wrong {
                    answer: more.join(", "),
                    kinds: &[MistakeKind::ExtraPrune, MistakeKind::InsideCut],
                    at_kind: Some(n.label.clone()),
                    at_detail: Some(n.label.clone()),
                });
            }
            let mut root = truth.clone();
            root.push(tree.label(tree.root()).to_string());
            out.push(wrong(root.join(", "), &[MistakeKind::RootCut]));
        }
        (Kind::Tree(TreeAsk::Temps(_)), Expected::Sequence(steps)) => {
            for k in 0..steps.len() {
                let mut s = steps.clone();
                s[k] = match k {
                    0 if steps[0] == "∞" => "-∞".to_string(),
                    0 => "∞".to_string(),
                    _ => {
                        let v: f64 = steps[k].rsplit('=').next().unwrap().trim().parse().unwrap();
                        num(v + 1.0)
                    }
                };
                out.push(wrong(s.join(", "), TEMPS));
            }
            if !steps.is_empty() {
                let mut shorter = steps.clone();
                shorter.pop();
                out.push(wrong(
                    if shorter.is_empty() {
                        "không".into()
                    } else {
                        shorter.join(", ")
                    },
                    &[MistakeKind::TempsMissing],
                ));
                let mut longer = steps.clone();
                longer.push(
                    steps
                        .last()
                        .unwrap()
                        .rsplit('=')
                        .next()
                        .unwrap()
                        .trim()
                        .to_string(),
                );
                out.push(wrong(longer.join(", "), &[MistakeKind::TempsExtra]));
            } else {
                out.push(wrong("1".into(), &[MistakeKind::TempsExtra]));
            }
        }
        (Kind::Tree(TreeAsk::LeafOrder(_)), Expected::Sequence(leaves)) => {
            let tree = p.tree().unwrap();
            for k in 0..leaves.len() {
                let mut s = leaves.clone();
                let gone = s.remove(k);
                out.push(Wrong {
                    answer: s.join(", "),
                    kinds: &[MistakeKind::LeafSkipped],
                    at_kind: None,
                    at_detail: Some(gone),
                });
            }
            for k in 0..leaves.len().saturating_sub(1) {
                let mut s = leaves.clone();
                s.swap(k, k + 1);
                out.push(wrong(s.join(", "), ORDER));
            }
            for n in tree.nodes().iter().filter(|n| n.is_leaf()) {
                if !leaves.contains(&n.label) {
                    let mut s = leaves.clone();
                    s.push(n.label.clone());
                    out.push(wrong(s.join(", "), &[MistakeKind::LeafNotEvaluated]));
                }
            }
        }
        // Chương 7: mục của bảng chuyển vị — giá trị, loại, nước tốt nhất.
        (Kind::TtEntry, Expected::Sequence(parts)) => {
            let (value, kind, best) = (&parts[0], &parts[1], &parts[2]);
            let v: f64 = value.parse().unwrap();
            out.push(wrong(
                format!("{}, {kind}, {best}", num(v + 1.0)),
                &[MistakeKind::WrongValue],
            ));
            if v != 0.0 {
                out.push(wrong(
                    format!("{}, {kind}, {best}", num(-v)),
                    &[MistakeKind::SignFlipped],
                ));
            }
            for other in ["giá trị đúng", "cận dưới", "cận trên"] {
                if other != kind {
                    out.push(Wrong {
                        answer: format!("{value}, {other}, {best}"),
                        kinds: &[MistakeKind::BoundKind],
                        at_kind: None,
                        at_detail: Some("cửa sổ (".into()),
                    });
                }
            }
        }
        (Kind::Dodgem(DodgemAsk::Eval), Expected::Sequence(terms)) => {
            for k in 0..terms.len() {
                let mut s = terms.clone();
                let v: i64 = s[k].parse().unwrap();
                s[k] = (v + 10).to_string();
                out.push(wrong(
                    s.join(", "),
                    &[MistakeKind::WrongTerm, MistakeKind::WrongSum],
                ));
            }
        }
        (Kind::Tree(TreeAsk::BestMove), Expected::AnyOf(best)) => {
            let tree = p.tree().unwrap();
            for &c in tree.children(tree.root()) {
                if !best.iter().any(|b| b == tree.label(c)) {
                    out.push(Wrong {
                        answer: tree.label(c).to_string(),
                        kinds: &[MistakeKind::NotBestMove],
                        at_kind: Some(tree.label(c).to_string()),
                        at_detail: None,
                    });
                }
            }
            out.push(wrong(
                tree.label(tree.root()).to_string(),
                &[MistakeKind::NotAChild],
            ));
        }
        (Kind::Nim(NimAsk::Move), Expected::AnyOf(good)) => {
            let piles = p.numbers();
            for i in 0..piles.len() {
                for t in 0..piles[i] {
                    let mut q = piles.clone();
                    q[i] = t;
                    let text = q.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                    if !good.contains(&text) {
                        out.push(wrong(text, &[MistakeKind::NotWinningMove]));
                    }
                }
                let mut q = piles.clone();
                q[i] += 1;
                out.push(wrong(
                    q.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
                    &[MistakeKind::IllegalMove],
                ));
            }
        }
        (Kind::BocSoi, Expected::AnyOf(good)) => {
            let (m, n) = (p.numbers()[0], p.numbers()[1]);
            let game = BocSoi::default();
            for mv in game.moves(&(m, n)) {
                let (a, b) = game.play(&(m, n), &mv);
                let text = format!("({a}, {b})");
                if !good.contains(&text) {
                    out.push(wrong(text, &[MistakeKind::NotWinningMove]));
                }
            }
            out.push(wrong(
                format!("({m}, {})", n + 1),
                &[MistakeKind::IllegalMove],
            ));
        }
        (Kind::ToMau, Expected::AnyOf(good)) => {
            let strip = p.strip().unwrap();
            let n = strip.len();
            for len in [2, 3] {
                for a in 1..=n + 1 - len {
                    let text = format!("{a}–{}", a + len - 1);
                    let free = strip[a - 1..a - 1 + len].iter().all(|&c| !c);
                    if !free {
                        out.push(wrong(text, &[MistakeKind::IllegalMove]));
                    } else if !good.contains(&text) {
                        out.push(wrong(text, &[MistakeKind::NotWinningMove]));
                    }
                }
            }
            out.push(wrong(
                format!("1–{}", 4.min(n)),
                &[MistakeKind::IllegalMove],
            ));
        }
        (Kind::Queen(QueenAsk::Move), Expected::AnyOf(good)) => {
            let v = p.numbers();
            let cell = (v[1], v[2]);
            for m in Queen.moves(&cell) {
                let (a, b) = m.target(cell);
                let text = format!("({a}, {b})");
                if !good.contains(&text) {
                    out.push(Wrong {
                        answer: text.clone(),
                        kinds: &[MistakeKind::NotWinningMove],
                        at_kind: Some(text),
                        at_detail: None,
                    });
                }
            }
            out.push(wrong(
                format!("({}, {})", cell.0 + 1, cell.1),
                &[MistakeKind::IllegalMove],
            ));
        }
        (Kind::Graph(GraphAsk::Outcomes), Expected::Named(codes)) => {
            for k in 0..codes.len() {
                for other in [-1, 0, 1] {
                    if other == codes[k].1 {
                        continue;
                    }
                    let mut v = codes.clone();
                    v[k].1 = other;
                    let text = v
                        .iter()
                        .map(|(n, x)| format!("{n} = {x}"))
                        .collect::<Vec<_>>()
                        .join(", ");
                    out.push(Wrong {
                        answer: text,
                        kinds: &[MistakeKind::CodeWrong],
                        at_kind: Some(codes[k].0.clone()),
                        at_detail: Some(format!("{} không mang mã {other}", codes[k].0)),
                    });
                }
            }
        }
        (Kind::Queen(QueenAsk::Positions), Expected::Set(cells)) => {
            let n = p.numbers()[0];
            for k in 0..cells.len() {
                let mut v = cells.clone();
                let gone = v.remove(k);
                out.push(Wrong {
                    answer: v.join(", "),
                    kinds: &[MistakeKind::PPositionMissed],
                    at_kind: Some("Còn thiếu 1 ô thắng".into()),
                    at_detail: Some(gone),
                });
            }
            for a in 0..n {
                for b in 0..n {
                    let cell = format!("({a}, {b})");
                    if !cells.contains(&cell) {
                        let mut v = cells.clone();
                        v.push(cell.clone());
                        out.push(Wrong {
                            answer: v.join(", "),
                            kinds: &[MistakeKind::NotPPosition],
                            at_kind: Some(cell.clone()),
                            at_detail: Some(cell),
                        });
                    }
                }
            }
        }
        (Kind::Dodgem(DodgemAsk::SafeMove), Expected::AnyOf(good)) => {
            let pos = p.position().unwrap();
            let n = pos.board.size();
            let game = caytrochoi::dodgem::Dodgem::new(n)
                .unwrap()
                .with_rule(p.rule().unwrap());
            for m in game.moves(pos) {
                let name = caytrochoi::dodgem::notation::move_name(n, m);
                if !good.contains(&name) {
                    out.push(Wrong {
                        answer: name.clone(),
                        kinds: &[MistakeKind::LosesOutcome],
                        at_kind: Some(name),
                        at_detail: None,
                    });
                }
            }
            out.push(wrong("c9>".into(), &[MistakeKind::IllegalMove]));
        }
        (_, Expected::Named(values)) => {
            for k in 0..values.len() {
                let mut v = values.clone();
                v[k].1 += 1;
                let text = v
                    .iter()
                    .map(|(n, x)| format!("{n} = {x}"))
                    .collect::<Vec<_>>()
                    .join(", ");
                out.push(Wrong {
                    answer: text,
                    kinds: &[MistakeKind::GrundyWrong],
                    at_kind: Some(format!("G({})", values[k].0)),
                    at_detail: None,
                });
            }
        }
        (_, Expected::Outcome(o)) => {
            let flipped = if o == caytrochoi::Outcome::NextWins {
                "thua"
            } else {
                "thắng"
            };
            out.push(wrong(flipped.into(), &[MistakeKind::OutcomeFlipped]));
        }
        (_, Expected::MoveValue { moves, value }) => {
            out.push(wrong(
                format!("{} {}", moves[0], num(value + 5.0)),
                &[MistakeKind::WrongMoveValue],
            ));
            let pos = p.position().unwrap();
            let game = caytrochoi::practice::practice_game();
            for m in game.moves(pos) {
                let name = caytrochoi::dodgem::notation::move_name(3, m);
                if !moves.contains(&name) {
                    out.push(wrong(
                        format!("{name} {}", num(value)),
                        &[MistakeKind::NotBestMove],
                    ));
                }
            }
        }
        (k, e) => panic!("dạng bài {k:?} với đáp án {e:?} chưa có trong kiểm thử"),
    }
    out
}

/// Những chuỗi vô nghĩa hay sai dạng: không được làm bộ chấm panic.
const GARBAGE: &[&str] = &[
    "",
    " ",
    ",,,",
    "(((",
    ")",
    "Max(",
    "min(1,)=",
    "A = = 2",
    "∞∞",
    "-",
    "999999999999999999999999",
    "NaN",
    "a9>",
    "z",
    "ĐỐNG 1 CÒN 2",
    "thắng thua",
    "→→",
    "1e400",
    "\u{0}",
    "😀",
];

/// Lời nhận xét `message` của một bài hỏi giá trị của gốc có nói ra đáp án không:
/// phép so sánh ở gốc viết trọn tới con số, "A (nút MAX) = Max(B, C, D) = 3"
/// (hay "A (nút MAX) = 3"). Hai bậc gợi ý đầu chỉ được chỉ ra phải so sánh những
/// con nào; đáp án chỉ có ở bậc 3 (lời giải). Bài hỏi điều khác: luôn là không.
fn states_root_value(p: &Problem, message: &str) -> bool {
    let (Kind::Tree(TreeAsk::RootValue | TreeAsk::DepthLimited), Some(tree)) = (p.kind(), p.tree())
    else {
        return false;
    };
    let root = tree.label(tree.root());
    let value = p.answer_text();
    let start = format!("{root} (nút ");
    message.match_indices(&start).any(|(i, _)| {
        // Phép so sánh ở gốc: tới hết câu (dấu chấm, chấm phẩy hay xuống dòng).
        let rest = &message[i..];
        let end = rest.find(['.', ';', '\n']).unwrap_or(rest.len());
        // "A (nút MAX)", "Max(B, C, D)", "3": một vế sau vế đầu là đúng con số.
        rest[..end]
            .split(" = ")
            .skip(1)
            .any(|side| side.trim() == value)
    })
}

/// Mọi kiểm tra trên một bài: đáp án đúng được nhận, mọi câu sai một chỗ bị từ
/// chối với lời nêu đúng lỗi, chuỗi vô nghĩa không làm panic. Trả về số câu sai
/// đã thử.
fn check_problem(p: &Problem, i: u64) -> usize {
    let mut wrongs = 0;
    let what = format!("bài {i} ({})\n{}", p.title(), p.statement());
    // 1. Đáp án đúng, và mọi lựa chọn đúng, đều được nhận.
    let right = p.grade(p.answer_text(), 0);
    assert!(
        right.ok(),
        "{what}\nđáp án {} bị từ chối:\n{}",
        p.answer_text(),
        right.message
    );
    if let Expected::AnyOf(all) = p.expected() {
        for a in all {
            assert!(
                p.grade(a.as_str(), 2).ok(),
                "{what}\nlựa chọn đúng {a} bị từ chối"
            );
        }
    }
    // 2. Mọi câu sai một chỗ: bị từ chối, lời nhận xét nêu đúng lỗi.
    for w in &single_changes(p) {
        wrongs += 1;
        let f = p.grade(w.answer.as_str(), 0);
        assert_eq!(
            f.verdict,
            Verdict::Wrong,
            "{what}\n«{}» phải sai:\n{}",
            w.answer,
            f.message
        );
        assert!(
            f.mistakes.iter().any(|m| w.kinds.contains(&m.kind)),
            "{what}\n«{}»: lỗi {:?} không thuộc {:?}\n{}",
            w.answer,
            f.mistakes.iter().map(|m| m.kind).collect::<Vec<_>>(),
            w.kinds,
            f.message
        );
        for m in &f.mistakes {
            assert!(
                f.message.contains(&m.hint),
                "{what}\nbậc 1 thiếu «{}»",
                m.hint
            );
            assert!(!m.hint.is_empty() && !m.detail.is_empty());
        }
        if let Some(s) = &w.at_kind {
            assert!(
                f.message.contains(s.as_str()),
                "{what}\n«{}»: bậc 1 phải nêu «{s}»:\n{}",
                w.answer,
                f.message
            );
        }
        let second = p.grade(w.answer.as_str(), 1);
        for (level, message) in [(1, &f.message), (2, &second.message)] {
            assert!(
                !states_root_value(p, message),
                "{what}\n«{}»: lời gợi ý bậc {level} nói ra giá trị của gốc ({}):\n{message}",
                w.answer,
                p.answer_text()
            );
        }
        for m in &second.mistakes {
            assert!(
                second.message.contains(&m.detail),
                "{what}\nbậc 2 thiếu «{}»",
                m.detail
            );
        }
        if let Some(s) = &w.at_detail {
            assert!(
                second.message.contains(s.as_str()),
                "{what}\n«{}»: bậc 2 phải nêu «{s}»:\n{}",
                w.answer,
                second.message
            );
        }
    }
    // 3. Không panic với chuỗi vô nghĩa; chỗ trống luôn là chỗ trống.
    let g = GARBAGE[(i as usize) % GARBAGE.len()];
    let f = p.grade(g, (i % 4) as u32);
    assert!(
        matches!(
            f.verdict,
            Verdict::Wrong | Verdict::Unreadable | Verdict::Correct
        ),
        "{what}\n«{g}»"
    );
    assert_eq!(p.grade("?", 0).verdict, Verdict::Blank);
    wrongs
}

#[test]
fn ten_thousand_generated_problems() {
    let start = std::time::Instant::now();
    let (mut wrongs, mut kinds_seen) = (0usize, std::collections::HashSet::new());
    let mut problems = 0u64;
    for i in 0..PROBLEMS {
        let topic = Topic::ALL[(i % 7) as usize];
        let level = Level::ALL[((i / 7) % 3) as usize];
        let p = Problem::generate(i, level, topic);
        kinds_seen.insert(p.kind());
        // Bộ sinh không bao giờ phải dùng cây dự phòng hai lá.
        assert!(p.tree().is_none_or(|t| t.len() > 3), "bài {i}: cây quá nhỏ");
        wrongs += check_problem(&p, i);
        problems += 1;
        // Thêm mọi dạng bài, kể cả dạng chỉ dùng cho bài cố định (ô thắng của
        // quân Hậu, số lá của vét cạn, …), mỗi ba bài một lần.
        if i % 3 == 0 {
            let all = Kind::all();
            let kind = all[((i / 3) as usize) % all.len()];
            wrongs += check_problem(&Problem::generate_kind(i, level, kind), i);
            problems += 1;
        }
    }
    // Mọi dạng bài của mọi chương đều đã gặp.
    for topic in Topic::ALL {
        for level in Level::ALL {
            for k in Kind::of_topic(topic, level) {
                assert!(kinds_seen.contains(&k), "chưa gặp dạng {k:?}");
            }
        }
    }
    assert!(wrongs > 60_000, "chỉ thử {wrongs} câu sai");
    eprintln!(
        "{problems} bài, {wrongs} câu sai một chỗ, trong {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn every_garbage_string_on_every_kind() {
    for (i, kind) in Kind::all().into_iter().enumerate() {
        for level in Level::ALL {
            let p = Problem::generate_kind(i as u64, level, kind);
            for g in GARBAGE {
                for before in 0..4 {
                    let f = p.grade(*g, before);
                    assert!(f.verdict != Verdict::Blank, "{kind:?} «{g}»");
                }
            }
        }
    }
}

#[test]
fn lecture_nim_tree_min_first_can_be_checked() {
    // Cây Nim 7 token của bài giảng: MIN đi trước.
    use caytrochoi::games::NimSplit;
    use caytrochoi::{Game, GameTree, Player};
    let nim = NimSplit::new(7, Player::Min);
    let tree = GameTree::from_game(&nim, &nim.initial_state(), 10).unwrap();
    for ask in [
        TreeAsk::RootValue,
        TreeAsk::BestMove,
        TreeAsk::Pruned(Pruning::CatTia),
        TreeAsk::Pruned(Pruning::Window),
        TreeAsk::LeafCount(Algorithm::CatTia),
    ] {
        let p = Problem::on_tree(tree.clone(), ask, None, None).unwrap();
        assert!(p.grade(p.answer_text(), 0).ok(), "{ask:?}");
    }
    let p = Problem::on_tree(tree, TreeAsk::RootValue, None, None).unwrap();
    assert_eq!(p.answer_text(), "1"); // MAX thắng dù MIN đi trước
}

#[test]
fn fixed_exercise_checkers_never_panic() {
    use caytrochoi::dodgem::{Rule, Side};
    use caytrochoi::exercises as ex;
    use caytrochoi::Player;
    // Dữ liệu của bài viết sai hay quá cỡ, và câu trả lời vô nghĩa: lời nhận xét
    // luôn là một câu tiếng Việt (không đọc được / sai), không bao giờ panic.
    let trees = [
        "",
        "A",
        "A(B:1",
        "A(B:1,,C:2)",
        "A(B:x)",
        "((((",
        "A(B:1e400, C:-∞)",
    ];
    let graphs = [
        "",
        "A →",
        "→ B",
        "A → A",
        "A → B; B → A",
        "A → B, C; B → C",
        "😀 → 1",
    ];
    let boards = [
        "",
        "D../D../.TX",
        "D..",
        "DDD/DDD/DDD",
        "TTT/.../...",
        "D../D../.TT",
        ".../.../...",
    ];
    let numbers: [&[u32]; 5] = [&[], &[0], &[u32::MAX, 0], &[0; 40], &[7, 9, 12]];
    let algorithms = [Algorithm::Minimax, Algorithm::CatTia, Algorithm::Window];
    let mut answers: Vec<&str> = GARBAGE.to_vec();
    answers.extend([
        "?",
        "1",
        "-1",
        "A = 0",
        "(0, 0)",
        "a3>",
        "3, 4, 5",
        "4294967296",
    ]);
    let mut seen = 0usize;
    // Bài dựng được: chấm ở cả ba bậc; không dựng được: lỗi có lời giải thích.
    let mut look = |p: Result<Problem, caytrochoi::practice::PracticeError>, a: &str| {
        seen += 1;
        match p {
            Ok(p) => {
                for before in 0..3 {
                    assert!(!p.grade(a, before).message.is_empty());
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    };
    for a in &answers {
        for t in trees {
            for root in [Player::Max, Player::Min] {
                look(ex::exercise(t, root, TreeAsk::RootValue, None), a);
                look(ex::exercise(t, root, TreeAsk::BestMove, None), a);
                for p in Pruning::ALL {
                    look(ex::exercise(t, root, TreeAsk::Pruned(p), None), a);
                }
                for alg in algorithms {
                    look(ex::exercise(t, root, TreeAsk::LeafCount(alg), None), a);
                    look(ex::exercise(t, root, TreeAsk::LeafOrder(alg), None), a);
                    look(ex::exercise(t, root, TreeAsk::Temps(alg), Some("B")), a);
                }
            }
        }
        look(Problem::on_expr("1 / (2 - 2"), a);
        let bai = Problem::on_expr("1 / (2 - 1)").unwrap();
        for _ in 0..3 {
            assert!(!bai.check(*a).message.is_empty());
        }
        for g in graphs {
            look(Problem::on_graph(g, GraphAsk::Grundy), a);
            look(Problem::on_graph(g, GraphAsk::Outcomes), a);
        }
        for v in numbers {
            look(Ok(Problem::on_set(v)), a);
            look(Problem::on_piles(v, NimAsk::Move), a);
        }
        for n in [0, 1, 2, 40, 41, u32::MAX] {
            look(Problem::on_queen_board(n), a);
        }
        for b in boards {
            look(
                Problem::on_board(b, Side::White, Rule::Lecture, DodgemAsk::Value, None),
                a,
            );
            for side in [Side::Black, Side::White] {
                for rule in [Rule::Lecture, Rule::WinningWays] {
                    look(
                        Problem::on_board(b, side, rule, DodgemAsk::SafeMove, None),
                        a,
                    );
                }
                for depth in [0, 1, 7, u32::MAX] {
                    let ask = DodgemAsk::NodeCount(Algorithm::Window);
                    look(
                        Problem::on_board(b, side, Rule::Lecture, ask, Some(depth)),
                        a,
                    );
                }
            }
        }
    }
    assert!(seen > 8_000, "chỉ thử {seen} lần chấm");
}

/// Câu trả lời tách ở dấu phẩy, chấm phẩy, xuống dòng nằm ngoài ngoặc; bỏ phần rỗng.
#[test]
fn answer_splitting_keeps_parentheses_together() {
    let a = Answer::from("∞; Min(∞, 6) = 6\nMin(6, 5) = 5");
    assert_eq!(a.items(), ["∞", "Min(∞, 6) = 6", "Min(6, 5) = 5"]);
    assert_eq!(Answer::from(" F ,, H ").items(), ["F", "H"]);
    assert_eq!(Answer::from("F H").words(), ["F", "H"]);
}

/// "không" (hay chuỗi rỗng) là danh sách rỗng; `"?"` là chỗ trống.
#[test]
fn answer_none_and_blank() {
    assert!(Answer::from("không").is_none());
    assert!(Answer::from("").is_none());
    assert!(!Answer::from("F").is_none());
    assert!(Answer::from(vec!["?"]).is_blank());
    assert!(!Answer::from("F").is_blank());
}

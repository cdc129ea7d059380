//! Hàm Grundy: các sự kiện của bài giảng, mỗi sự kiện kèm một phép tính độc
//! lập; và các chiến lược thắng của thư viện, thử với **mọi** cách đáp trả.

use caytrochoi::games::nim_split::{nim_split_values, nim_split_winning_moves};
use caytrochoi::games::NimSplit;
use caytrochoi::grundy::games::boc_soi::BocSoi;
use caytrochoi::grundy::games::chuyen_soi::ChuyenSoi;
use caytrochoi::grundy::games::dam::{dam_winning_moves, Dam, DamPosition};
use caytrochoi::grundy::games::queen::{queen_table, queen_winning_moves, Queen};
use caytrochoi::grundy::games::socola::{normalize, Socola};
use caytrochoi::grundy::games::to_mau::{to_mau_values, winning_moves, ToMau};
use caytrochoi::grundy::{
    classify, grundy, mex, nim_sum, GraphGame, GrundyMemo, ImpartialGame, OctalGame, Outcome, Sum,
};
use std::collections::HashSet;
use std::fmt::Debug;
use std::hash::Hash;

/// Nim: bốc bao nhiêu viên cũng được từ một đống.
struct Nim;
impl ImpartialGame for Nim {
    type Position = u32;
    type Move = u32;
    fn moves(&self, n: &u32) -> Vec<u32> {
        (0..*n).collect()
    }
    fn play(&self, _: &u32, to: &u32) -> u32 {
        *to
    }
}

#[test]
fn mex_of_the_lecture_example() {
    // Bài giảng: X đi được tới A, B, C, D có G = 1, 4, 0, 1 nên G(X) = 2.
    assert_eq!(mex([1, 4, 0, 1]), 2);
    // Độc lập: dựng đồ thị thật (đỉnh k nối tới 0 … k − 1 nên G(k) = k) và tính
    // G(X) bằng hàm Grundy có ghi nhớ.
    let mut edges: Vec<Vec<usize>> = (0..5).map(|k| (0..k).collect()).collect();
    edges.push(vec![1, 4, 0, 1]);
    let g = GraphGame::new(edges);
    for k in 0..5 {
        assert_eq!(grundy(&g, &k).unwrap(), k as u32);
    }
    assert_eq!(grundy(&g, &5).unwrap(), 2);
}

#[test]
fn xor_of_the_lecture_example() {
    // Bài giảng: 3 ⊕ 5 ⊕ 6 = 0, nên tổng ba đống Nim 3, 5, 6 là trạng thái "thắng".
    assert_eq!(nim_sum([3, 5, 6]), 0);
    // Độc lập: vét cạn trên đồ thị của chính trò chơi tổng (không dùng XOR).
    let start = vec![3u32, 5, 6];
    assert_eq!(grundy(&Sum(Nim), &start).unwrap(), 0);
    let c = classify(&Sum(Nim), &start, 1_000).unwrap();
    assert_eq!(c.outcome(&start), Some(Outcome::PreviousWins));
    assert_eq!(c.outcome(&start).unwrap().lecture_name(), "thắng");
}

#[test]
fn boc_soi_20_30_of_the_lecture() {
    // Bài tập 1: từ (20, 30), G = 4 ≠ 0 nên trạng thái đầu là "thua" theo bài
    // giảng: người đi trước thắng.
    let t = BocSoi::default().table(20, 30).unwrap();
    assert_eq!(t[20][30], 4);
    // Độc lập: hàm Grundy có ghi nhớ trên đồ thị, và phân tích ngược (không mex).
    assert_eq!(grundy(&BocSoi::default(), &(20, 30)).unwrap(), 4);
    let c = classify(&BocSoi::default(), &(20, 30), 10_000).unwrap();
    assert_eq!(c.outcome(&(20, 30)), Some(Outcome::NextWins));
}

#[test]
fn to_mau_period_24_from_142() {
    // Tô màu là trò chơi bát phân 0.077, dãy G tuần hoàn chu kỳ 24 từ n = 142
    // (chứng minh bằng định lý tuần hoàn).
    let p = OctalGame::parse("0.077")
        .unwrap()
        .periodicity(4000)
        .unwrap();
    assert_eq!((p.period, p.preperiod), (24, 142));
    // Độc lập: dãy tính thẳng từ luật tô màu (không qua mã bát phân) lặp lại với
    // chu kỳ 24 từ 142 trên cả một đoạn dài, và không lặp ở n = 141.
    let g = to_mau_values(3000).unwrap();
    assert!((142..3000 - 24).all(|n| g[n + 24] == g[n]));
    assert_ne!(g[141 + 24], g[141]);
    // Và dãy ấy đúng là hàm Grundy của dải băng (vét cạn trên các ô).
    let mut memo = GrundyMemo::new();
    for (n, &v) in g.iter().enumerate().take(14) {
        assert_eq!(memo.value(&ToMau, &vec![false; n]).unwrap(), v);
    }
}

/// Người A đi theo `strategy` (các nước thư viện gọi là "thắng") từ `start`,
/// người B thử **mọi** nước. Mọi nước của chiến lược phải hợp lệ và A phải luôn
/// có nước để đi cho tới khi B hết nước: A thắng dù B đáp trả thế nào. Trả về
/// số trạng thái đã xét.
fn strategy_always_wins<G, S>(game: &G, start: &G::Position, strategy: S) -> usize
where
    G: ImpartialGame,
    G::Position: Debug + Hash + Eq,
    S: Fn(&G::Position) -> Vec<G::Move>,
{
    let mut seen: HashSet<G::Position> = HashSet::new();
    let mut stack = vec![start.clone()];
    while let Some(pos) = stack.pop() {
        if !seen.insert(pos.clone()) {
            continue;
        }
        let moves = strategy(&pos);
        assert!(!moves.is_empty(), "chiến lược hết nước thắng ở {pos:?}");
        let legal = game.successors(&pos);
        for mv in moves {
            let after = game.play(&pos, &mv);
            assert!(legal.contains(&after), "{mv:?} không hợp lệ ở {pos:?}");
            // B thử mọi cách đáp; hết nước thì B thua.
            for reply in game.moves(&after) {
                stack.push(game.play(&after, &reply));
            }
        }
    }
    seen.len()
}

/// Như trên cho trạng thái `pos` bất kỳ: nếu thư viện nói người đến lượt thắng
/// thì họ thắng theo chiến lược; nếu nói thua thì đối thủ thắng theo chiến lược,
/// dù người đến lượt đi nước nào trước.
fn check_position<G, S>(game: &G, pos: &G::Position, first_wins: bool, strategy: &S) -> usize
where
    G: ImpartialGame,
    G::Position: Debug + Hash + Eq,
    S: Fn(&G::Position) -> Vec<G::Move>,
{
    if first_wins {
        strategy_always_wins(game, pos, strategy)
    } else {
        assert!(strategy(pos).is_empty(), "{pos:?}: G = 0 mà có nước thắng");
        game.successors(pos)
            .iter()
            .map(|next| strategy_always_wins(game, next, strategy))
            .sum()
    }
}

#[test]
fn to_mau_strategy_wins_against_every_reply() {
    let values = to_mau_values(16).unwrap();
    let strategy = |s: &Vec<bool>| winning_moves(s, &values).unwrap();
    let mut checked = 0;
    for (n, &g) in values.iter().enumerate().take(14) {
        checked += check_position(&ToMau, &vec![false; n], g != 0, &strategy);
    }
    assert!(checked > 500, "chỉ xét {checked} trạng thái");
}

#[test]
fn nim_split_strategy_wins_against_every_reply() {
    let values = nim_split_values(20).unwrap();
    let strategy = |piles: &Vec<u32>| nim_split_winning_moves(piles, &values).unwrap();
    let game = NimSplit::default();
    for n in 1..=17u32 {
        check_position(&game, &vec![n], values[n as usize] != 0, &strategy);
    }
}

#[test]
fn boc_soi_strategy_wins_against_every_reply() {
    let game = BocSoi::default();
    let table = game.table(9, 9).unwrap();
    let strategy = |&pos: &(u32, u32)| game.winning_moves(&table, pos).unwrap();
    for m in 0..=9u32 {
        for n in 0..=9u32 {
            let first_wins = table[m as usize][n as usize] != 0;
            check_position(&game, &(m, n), first_wins, &strategy);
        }
    }
}

#[test]
fn queen_strategy_wins_against_every_reply() {
    let table = queen_table(9, 9).unwrap();
    let strategy = |&pos: &(u32, u32)| queen_winning_moves(&table, pos).unwrap();
    for p in 0..=9u32 {
        for q in 0..=9u32 {
            check_position(
                &Queen,
                &(p, q),
                table[p as usize][q as usize] != 0,
                &strategy,
            );
        }
    }
}

#[test]
fn dam_strategy_wins_against_every_reply_even_with_retreats() {
    // Cờ DAM với luật lùi của Northcott: chiến lược "Nim trên các khoảng trống"
    // chỉ dùng nước tiến, đối thủ được thử mọi nước (kể cả lùi).
    for retreat in [false, true] {
        let game = Dam { width: 5, retreat };
        let strategy = |pos: &DamPosition| dam_winning_moves(pos);
        for a in 0..4u32 {
            for b in a + 1..5 {
                for c in 0..4u32 {
                    for d in c + 1..5 {
                        let pos = DamPosition {
                            rows: vec![(a, b), (c, d)],
                            black_to_move: true,
                        };
                        let first_wins = caytrochoi::grundy::games::dam::dam_grundy(&pos) != 0;
                        if first_wins {
                            check_position(&game, &pos, true, &strategy);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn chuyen_soi_strategy_wins_against_every_reply() {
    for (cells, step) in [(19, 3), (12, 2), (9, 4)] {
        let game = ChuyenSoi::new(cells, step, false).unwrap();
        let gaps = game.gap_values();
        let strategy = |pos: &_| {
            game.moves(pos)
                .into_iter()
                .filter(|m| gaps[game.play(pos, m).gap() as usize] == 0)
                .collect::<Vec<_>>()
        };
        let start = game.start();
        check_position(&game, &start, gaps[start.gap() as usize] != 0, &strategy);
    }
}

#[test]
fn socola_every_break_is_as_good_as_any_other() {
    // Mọi nước bẻ đều như nhau (số lần bẻ cố định), nên khi M·N chẵn, bẻ kiểu
    // nào người đi trước cũng thắng.
    let all = |pieces: &Vec<(u32, u32)>| Socola.moves(pieces);
    for (m, n) in [(1u32, 2u32), (2, 2), (2, 3), (3, 4), (2, 5)] {
        let start = normalize(vec![(m, n)]);
        assert_eq!(grundy(&Socola, &start).unwrap(), 1, "{m}×{n}");
        strategy_always_wins(&Socola, &start, all);
    }
}

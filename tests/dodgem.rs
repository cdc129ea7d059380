//! Kiểm thử thư viện Dodgem: luật, hàm lượng giá, người chơi, bộ giải, chơi.

use caytrochoi::dodgem::compare::{heuristic_vs_truth, reachable_positions};
use caytrochoi::dodgem::eval::{position_table, value_bound};
use caytrochoi::dodgem::*;
use caytrochoi::{Algorithm, Game, Outcome, Searcher, WithHeuristic};
use std::collections::HashMap;

fn g3(rule: Rule) -> Dodgem {
    Dodgem::new(3).unwrap().with_rule(rule)
}

#[test]
fn start_position_and_notation() {
    let g = Dodgem::new(3).unwrap();
    let s = g.start();
    assert_eq!(board_to_text(&s.board), "D../D../.TT");
    assert_eq!(parse_board("D../D../.TT").unwrap(), s.board);
    for n in [4, 5] {
        let b = Board::start(n).unwrap();
        assert_eq!(parse_board(&board_to_text(&b)).unwrap(), b);
        assert_eq!(b.cars_on_board(Side::Black), n - 1);
        assert_eq!(b.cars_on_board(Side::White), n - 1);
        assert_eq!(b.at(n - 1, 0), None);
    }
    let names: Vec<String> = g.moves(&s).iter().map(|m| move_name(3, *m)).collect();
    assert_eq!(names, ["a3>", "a2>", "a2v"]);
}

#[test]
fn bad_boards_are_explained() {
    let e = parse_board("D../D../.TX").unwrap_err().to_string();
    assert!(
        e.contains("`X`") && e.contains("hàng 3") && e.contains("cột 3"),
        "{e}"
    );
    let e = parse_board("D../D../.T").unwrap_err().to_string();
    assert!(e.contains("hàng 3") && e.contains("cần đúng 3 ô"), "{e}");
    let e = parse_board("TTT/.../...").unwrap_err().to_string();
    assert!(e.contains("Trắng có 3 xe"), "{e}");
    let e = parse_board("../..").unwrap_err().to_string();
    assert!(e.contains("2 hàng"), "{e}");
    assert!(Dodgem::new(6).is_err());
}

#[test]
fn moves_exit_and_blocking() {
    let g = Dodgem::new(3).unwrap();
    // Xe Đen cuối cùng ở c3 đi sang phải là ra khỏi bàn.
    let b = parse_board("..D/.T./...").unwrap();
    let pos = Position {
        board: b,
        to_move: Side::Black,
    };
    let mv = parse_move(&g, &pos, "c3>").unwrap();
    let after = g.play(&pos, mv).unwrap();
    assert_eq!(after.board.cars_off(Side::Black), 2);
    // Đen đã đưa hết xe ra: Đen thắng.
    let end = g.end(&after).unwrap();
    assert_eq!(
        (end.winner, end.reason),
        (Side::Black, EndReason::AllCarsOff)
    );
    assert_eq!(g.payoff(&after), -WIN_SCORE);
    // Lỗi: hướng sai, ô trống, ô của đối thủ, ô bị chặn.
    assert!(parse_move(&g, &pos, "c3<")
        .unwrap_err()
        .to_string()
        .contains("không được đi"));
    assert!(parse_move(&g, &pos, "a1>")
        .unwrap_err()
        .to_string()
        .contains("trống"));
    assert!(parse_move(&g, &pos, "b2^")
        .unwrap_err()
        .to_string()
        .contains("xe Trắng"));
    assert!(parse_move(&g, &pos, "c3 p").is_ok());
    assert!(parse_move(&g, &pos, "c3v").is_ok());
}

#[test]
fn no_move_rule_differs() {
    // Đen ở a1 bị chặn: phải (b1) có Trắng, trên (a2) có Trắng, dưới là mép.
    let b = parse_board(".../T../DT.").unwrap();
    let pos = Position {
        board: b,
        to_move: Side::Black,
    };
    let vn = g3(Rule::Lecture).end(&pos).unwrap();
    let ww = g3(Rule::WinningWays).end(&pos).unwrap();
    assert_eq!((vn.winner, vn.reason), (Side::White, EndReason::NoMoves));
    assert_eq!((ww.winner, ww.reason), (Side::Black, EndReason::NoMoves));
}

#[test]
fn lecture_tables_and_worked_example() {
    assert_eq!(
        position_table(3, Side::White),
        vec![vec![30, 35, 40], vec![15, 20, 25], vec![0, 5, 10]]
    );
    assert_eq!(
        position_table(3, Side::Black),
        vec![vec![-10, -25, -40], vec![-5, -20, -35], vec![0, -15, -30]]
    );
    // Dựng lại bàn cờ từ phép tính của bài giảng: Đen −10 + 0, Trắng 5 + 10, Đen bị
    // cản trực tiếp và gián tiếp. Chỉ có đúng một bàn cờ như vậy.
    let mut found = Vec::new();
    for black in 0u32..512 {
        for white in 0u32..512 {
            if black.count_ones() != 2 || white.count_ones() != 2 || black & white != 0 {
                continue;
            }
            let b = Board::from_masks(3, black, white).unwrap();
            let d = breakdown(&b);
            if d.black_squares == -10
                && d.white_squares == 15
                && d.white_direct == 1
                && d.white_indirect == 1
                && d.black_direct + d.black_indirect == 0
                && b.cars(Side::Black)
                    .iter()
                    .any(|&(r, c)| position_table(3, Side::Black)[r][c] == 0)
            {
                found.push(b);
            }
        }
    }
    assert_eq!(
        found.len(),
        1,
        "{:?}",
        found.iter().map(board_to_text).collect::<Vec<_>>()
    );
    assert_eq!(board_to_text(&found[0]), "D../.../DTT");
    assert_eq!(evaluate(&found[0]), 75);
}

#[test]
fn win_score_dominates_evaluation() {
    for n in [3, 4, 5] {
        assert!((value_bound(n) as f64) < WIN_SCORE, "n = {n}");
    }
    for pos in reachable_positions(&Dodgem::new(3).unwrap()) {
        assert!(evaluate(&pos.board).abs() <= value_bound(3));
    }
}

#[test]
fn alpha_beta_agrees_with_minimax_and_visits_fewer_nodes() {
    let g = Dodgem::new(3).unwrap();
    let rows = node_counts(&g, &g.start(), 4).unwrap();
    for d in 1..=4 {
        let at: Vec<&NodeCount> = rows.iter().filter(|r| r.depth == d).collect();
        assert_eq!(at.len(), 3);
        assert_eq!(at[0].algorithm, Algorithm::Minimax);
        for r in &at {
            assert_eq!(r.value, at[0].value, "độ sâu {d}");
            assert_eq!(r.nodes, r.nodes_per_depth.iter().sum::<u64>());
            assert!(r.nodes <= at[0].nodes);
        }
        assert!(
            at[2].nodes <= at[1].nodes,
            "cửa sổ không xét nhiều hơn cat_tia"
        );
    }
}

#[test]
fn student_evaluation_function() {
    let g = Dodgem::new(3).unwrap();
    // Hàm "ngược" của sinh viên: Trắng thích bị chặn. Dùng qua WithHeuristic.
    let wrapped = WithHeuristic::new(g, |_: &Dodgem, s: &Position| -(evaluate(&s.board) as f64));
    let a = Searcher::window().depth(2).run(&wrapped).unwrap();
    let b = SearchPlayer::new(Algorithm::Window, 2)
        .search_with(&g, &g.start(), |bd| -(evaluate(bd) as f64))
        .unwrap();
    assert_eq!(a.value, b.value);
    assert_eq!(a.best_move, b.best_move);
}

/// Giải bằng cách đơn giản nhất (lặp đến điểm bất động trên bảng băm, qua trait
/// `Game`) để đối chiếu bộ giải ngược. Kết quả cho người đến lượt: `NextWins`
/// khi người đến lượt thắng.
fn brute_force(g: &Dodgem) -> HashMap<Position, Outcome> {
    let all = reachable_positions(g);
    let mut val: HashMap<Position, Outcome> = HashMap::new();
    for p in &all {
        if let Some(end) = g.end(p) {
            let o = if end.winner == p.to_move {
                Outcome::NextWins
            } else {
                Outcome::PreviousWins
            };
            val.insert(*p, o);
        }
    }
    loop {
        let mut changed = false;
        for p in &all {
            if val.contains_key(p) {
                continue;
            }
            let kids: Vec<Option<Outcome>> = g
                .moves(p)
                .iter()
                .map(|m| val.get(&g.after(p, *m)).copied())
                .collect();
            if kids.contains(&Some(Outcome::PreviousWins)) {
                val.insert(*p, Outcome::NextWins);
                changed = true;
            } else if kids.iter().all(|k| *k == Some(Outcome::NextWins)) {
                val.insert(*p, Outcome::PreviousWins);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for p in &all {
        val.entry(*p).or_insert(Outcome::Draw);
    }
    val
}

#[test]
fn retrograde_matches_brute_force_on_3x3() {
    for rule in [Rule::Lecture, Rule::WinningWays] {
        let s = Solution::solve(3, rule).unwrap();
        for first in [Side::Black, Side::White] {
            let g = g3(rule).with_first(first);
            let truth = brute_force(&g);
            for (p, o) in &truth {
                assert_eq!(
                    s.outcome(p).unwrap(),
                    *o,
                    "{} {:?}",
                    board_to_text(&p.board),
                    p.to_move
                );
                // Nước thắng là nước đi vào thế "thắng" của bài giảng
                // (PreviousWins): có khi và chỉ khi người đến lượt thắng.
                if g.end(p).is_none() {
                    let wins = s.winning_moves(p).unwrap();
                    assert_eq!(!wins.is_empty(), *o == Outcome::NextWins);
                    for m in wins {
                        assert_eq!(truth[&g.after(p, m)], Outcome::PreviousWins);
                    }
                }
            }
            let stats = s.reachable(first);
            assert_eq!(stats.states as usize, truth.len());
            assert_eq!(
                stats.draws as usize,
                truth.values().filter(|o| **o == Outcome::Draw).count()
            );
        }
    }
}

#[test]
fn solve_and_count_in_parallel_matches() {
    let (s, stats) = Solution::solve_and_count(3, Rule::Lecture, Side::Black).unwrap();
    assert_eq!(stats, s.reachable(Side::Black));
    assert_eq!(stats.states, stats.wins + stats.losses + stats.draws);
}

#[test]
fn heuristic_vs_truth_small_depth() {
    let exact = Solution::solve(3, Rule::Lecture).unwrap();
    let rows = heuristic_vs_truth(&exact, 1..=2).unwrap();
    assert_eq!(rows.len(), 2);
    let nonterminal = reachable_positions(&g3(Rule::Lecture))
        .iter()
        .filter(|p| g3(Rule::Lecture).end(p).is_none())
        .count() as u64;
    for r in &rows {
        assert_eq!(r.positions, nonterminal);
        assert!(r.agreeing <= r.positions && r.agreeing_with_choice <= r.positions_with_choice);
        // Ở thế không có lựa chọn, nước nào cũng giữ kết quả.
        assert_eq!(
            r.positions - r.positions_with_choice,
            r.agreeing - r.agreeing_with_choice
        );
    }
}

/// Kết quả chính xác mà chương 6 của sách dựa vào: 3×3 là thế thắng của người
/// đi trước (chỉ có một nước thắng) theo cả hai luật, bên nào đi trước cũng vậy;
/// 4×4 là hòa theo cả hai luật (des Jardins, 1996). 5×5 (cũng hòa) mất nửa phút
/// trong bản release: xem `cargo bench --bench dodgem`.
#[test]
fn first_player_wins_3x3_and_4x4_is_a_draw() {
    for rule in [Rule::Lecture, Rule::WinningWays] {
        let s3 = Solution::solve(3, rule).unwrap();
        assert_eq!(s3.start_outcome(), Outcome::NextWins);
        for (first, only_win) in [(Side::Black, "a3>"), (Side::White, "c1^")] {
            let g = g3(rule).with_first(first);
            let wins: Vec<String> = s3
                .winning_moves(&g.start())
                .unwrap()
                .iter()
                .map(|m| move_name(3, *m))
                .collect();
            assert_eq!(wins, [only_win], "{rule:?}, {first:?} đi trước");
        }
        let s4 = Solution::solve(4, rule).unwrap();
        assert_eq!(s4.start_outcome(), Outcome::Draw, "{rule:?}");
        assert!(s4
            .winning_moves(&Dodgem::new(4).unwrap().with_rule(rule).start())
            .unwrap()
            .is_empty());
    }
}

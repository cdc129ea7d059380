//! Chương 7: negamax, tìm kiếm sâu dần với bảng chuyển vị, MCTS và giải đấu.

use caytrochoi::dodgem::{parse_board, parse_move, Dodgem, Position, Side, WIN_SCORE};
use caytrochoi::games::TicTacToe;
use caytrochoi::random::random_tree;
use caytrochoi::search::{
    alpha_beta, color, iterative_deepening, mcts_choice, negamax, negamax_ab, search, Counters,
    Mcts, SearchError, TranspositionTable, DEFAULT_PLAYOUTS,
};
use caytrochoi::tournament::{play_game, round_robin, Contender};
use caytrochoi::{Game, Player, Searcher};

#[test]
fn negamax_returns_the_minimax_value_on_3000_random_trees() {
    let (mut full, mut cut) = (0u64, 0u64);
    for seed in 0..3000u64 {
        // Cây không đều: sâu 1…6, mỗi nút 1…4 con; gốc MAX hoặc MIN xen kẽ.
        let root_player = if seed % 2 == 0 {
            Player::Max
        } else {
            Player::Min
        };
        let t = random_tree(seed, 1..=6, 1..=4, -9..=9)
            .unwrap()
            .with_root_player(root_player);
        let root = t.root();
        let mode = t.to_move(&root);
        let mut c_mm = Counters::default();
        let exact = search(&t, &root, mode, &mut c_mm).unwrap();

        let mut c_nm = Counters::default();
        let v = negamax(&t, &root, &mut c_nm).unwrap();
        // Giá trị negamax theo người đi ở gốc; đổi về theo MAX thì bằng minimax.
        assert_eq!(color(mode) * v, exact, "hạt giống {seed}: {t}");
        assert_eq!(
            c_nm, c_mm,
            "hạt giống {seed}: negamax xét đúng các nút của vét cạn"
        );

        let mut c_ab = Counters::default();
        let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
        let v = negamax_ab(&t, &root, lo, hi, &mut c_ab).unwrap();
        assert_eq!(color(mode) * v, exact, "hạt giống {seed}: {t}");
        assert!(
            c_ab.leaves_evaluated <= c_mm.leaves_evaluated,
            "hạt giống {seed}"
        );
        // Và xét đúng những nút mà BlueValue/RedValue xét.
        let mut c_win = Counters::default();
        assert_eq!(alpha_beta(&t, &root, &mut c_win).unwrap(), exact);
        assert_eq!(c_ab, c_win, "hạt giống {seed}: {t}");
        full += c_mm.leaves_evaluated;
        cut += c_ab.leaves_evaluated;
    }
    // Trên 3.000 cây, cắt tỉa phải thật sự bớt được lá.
    assert!(cut < full, "{cut} ≥ {full}");
}

#[test]
fn id_tt_solves_tictactoe_in_fewer_than_10000_nodes() {
    let g = TicTacToe::new();
    let s = g.initial_state();
    let mut table = TranspositionTable::new(1 << 16).unwrap();
    let mut counters = Counters::default();
    let r = iterative_deepening(&g, &s, 9, &mut table, &mut counters).unwrap();
    let window = Searcher::window().run(&g).unwrap();
    let exact = Searcher::minimax().run(&g).unwrap();
    assert_eq!(r.value, exact.value);
    assert_eq!(r.value, 0.0);
    assert_eq!(counters.nodes_visited, r.nodes());
    assert!(r.nodes() < 10_000, "{} nút", r.nodes());
    assert!(
        r.nodes() < window.nodes_visited,
        "{} ≥ {}",
        r.nodes(),
        window.nodes_visited
    );
    // Mỗi vòng sau nhìn sâu hơn một nước.
    let depths: Vec<u32> = r.iterations.iter().map(|i| i.depth).collect();
    assert_eq!(depths, (1..=9).collect::<Vec<_>>());
}

#[test]
fn id_tt_matches_the_window_search_depth_by_depth_on_dodgem_3x3() {
    let g = Dodgem::new(3).unwrap();
    let s = g.initial_state();
    for depth in 1..=12 {
        let window = Searcher::window().depth(depth).run(&g).unwrap();
        let mut table = TranspositionTable::new(1 << 16).unwrap();
        let r = iterative_deepening(&g, &s, depth, &mut table, &mut ()).unwrap();
        assert_eq!(r.value, window.value, "độ sâu {depth}");
    }
}

#[test]
fn id_tt_proves_the_exact_dodgem_3x3_value_with_fewer_nodes() {
    // Lời giải chính xác (phân tích ngược): Đen đi trước và thắng, nước thắng duy nhất a3>.
    let g = Dodgem::new(3).unwrap();
    let s = g.initial_state();
    let solution = caytrochoi::dodgem::Solution::solve(3, g.rule).unwrap();
    assert_eq!(solution.start_outcome(), caytrochoi::Outcome::NextWins);
    let winning: Vec<String> = solution
        .winning_moves(&s)
        .unwrap()
        .iter()
        .map(|m| g.move_name(&s, m))
        .collect();
    assert_eq!(winning, ["a3>"]);
    // Cửa sổ (α, β) thấy Đen thắng (−WIN_SCORE) từ độ sâu 19.
    let window = Searcher::window().depth(19).run(&g).unwrap();
    assert_eq!(window.value, -WIN_SCORE);
    let mut table = TranspositionTable::new(1 << 16).unwrap();
    let r = iterative_deepening(&g, &s, 19, &mut table, &mut ()).unwrap();
    assert_eq!(r.value, -WIN_SCORE);
    assert_eq!(
        r.best_move.map(|m| g.move_name(&s, &m)),
        Some("a3>".to_string())
    );
    assert!(
        r.nodes() < window.nodes_visited,
        "{} ≥ {}",
        r.nodes(),
        window.nodes_visited
    );
}

#[test]
fn bad_parameters_are_errors() {
    assert!(matches!(
        TranspositionTable::<u8>::new(0),
        Err(SearchError::BadTableSize { .. })
    ));
    let too_big = caytrochoi::limits::TT_ENTRIES + 1;
    let e = TranspositionTable::<u8>::new(too_big).unwrap_err();
    assert!(e.to_string().contains("bảng chuyển vị"), "{e}");
    let e = Mcts::new(0, 1).unwrap_err();
    assert!(e.to_string().contains("số lần chơi thử 0"), "{e}");
    assert!(Mcts::new(caytrochoi::limits::MCTS_PLAYOUTS + 1, 1).is_err());
    let g = TicTacToe::new();
    let mut t = TranspositionTable::new(16).unwrap();
    assert!(iterative_deepening(&g, &g.initial_state(), 0, &mut t, &mut ()).is_err());
    assert!(iterative_deepening(&g, &g.initial_state(), 31, &mut t, &mut ()).is_err());
}

#[test]
fn mcts_with_default_playouts_never_loses_to_random_in_200_games() {
    let g = TicTacToe::new();
    let mcts = Contender::Mcts {
        playouts: DEFAULT_PLAYOUTS,
    };
    let (mut wins, mut draws) = (0, 0);
    for seed in 0..200u64 {
        // Nửa số ván MCTS cầm X (đi trước), nửa cầm O.
        let (max, min, mcts_side) = if seed % 2 == 0 {
            (mcts, Contender::Random, Player::Max)
        } else {
            (Contender::Random, mcts, Player::Min)
        };
        let r = play_game(&g, &max, &min, seed).unwrap();
        match r.winner {
            Some(w) if w == mcts_side => wins += 1,
            Some(_) => panic!("hạt giống {seed}: MCTS thua người đi ngẫu nhiên"),
            None => draws += 1,
        }
    }
    assert_eq!(wins + draws, 200);
    assert!(wins > draws, "thắng {wins}, hòa {draws}");
}

/// Các thế cờ của chương 7 mà một nước thắng ngay.
#[test]
fn mcts_finds_the_winning_move_in_the_chapter_positions() {
    let g = TicTacToe::new();
    // X đi, X3 (ô 2) thắng ngay; O cũng đang dọa hàng giữa.
    let s = TicTacToe::parse_board("XX./OO./...").unwrap();
    for seed in 0..20 {
        assert_eq!(
            mcts_choice(&g, &s, DEFAULT_PLAYOUTS, seed).unwrap(),
            Some(2)
        );
    }
    // O đi (X đã đi 3 nước), O9 (ô 8) thắng ngay theo đường chéo.
    let s = TicTacToe::parse_board("O.X/XOX/...").unwrap();
    for seed in 0..20 {
        assert_eq!(
            mcts_choice(&g, &s, DEFAULT_PLAYOUTS, seed).unwrap(),
            Some(8)
        );
    }
    // Dodgem 3×3: Trắng còn một xe ở c3, đi lên là ra hết xe và thắng.
    let d = Dodgem::new(3).unwrap();
    let pos = Position {
        board: parse_board("..T/D../D..").unwrap(),
        to_move: Side::White,
    };
    let win = parse_move(&d, &pos, "c3^").unwrap();
    for seed in 0..20 {
        assert_eq!(
            mcts_choice(&d, &pos, DEFAULT_PLAYOUTS, seed).unwrap(),
            Some(win)
        );
    }
}

#[test]
fn mcts_is_reproducible_for_a_seed() {
    let g = Dodgem::new(4).unwrap();
    let s = g.initial_state();
    let a = Mcts::new(500, 42).unwrap().run(&g, &s, &mut ()).unwrap();
    let b = Mcts::new(500, 42).unwrap().run(&g, &s, &mut ()).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.children.iter().map(|c| c.visits).sum::<u64>(), 500);
}

#[test]
fn the_tournament_is_reproducible_for_a_seed() {
    let g = Dodgem::new(3).unwrap();
    let lineup = [
        Contender::Random,
        Contender::Minimax { depth: 2 },
        Contender::AlphaBeta { depth: 3 },
        Contender::IdTt { depth: 4 },
        Contender::Mcts { playouts: 200 },
    ];
    let a = round_robin(&g, "Dodgem 3×3", &lineup, 1, 7).unwrap();
    let b = round_robin(&g, "Dodgem 3×3", &lineup, 1, 7).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_string(), b.to_string());
    // Mỗi đấu thủ đấu 4 đối thủ × 2 ván.
    for r in &a.rows {
        assert_eq!(r.wins + r.draws + r.losses, 8, "{r:?}");
    }
    let total: f64 = a.rows.iter().map(|r| r.points()).sum();
    assert_eq!(total, 20.0); // 10 cặp × 2 ván, mỗi ván chia 1 điểm
}

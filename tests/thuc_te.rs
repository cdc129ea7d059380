//! Chương 7: negamax, tìm kiếm sâu dần với bảng chuyển vị, MCTS và giải đấu.

use caytrochoi::dodgem::{parse_board, parse_move, Dodgem, Position, Side, WIN_SCORE};
use caytrochoi::games::TicTacToe;
use caytrochoi::random::random_tree;
use caytrochoi::search::{
    alpha_beta, color, iterative_deepening, mcts_choice, negamax, negamax_ab, negamax_tt, search,
    Counters, Mcts, SearchError, TranspositionTable, DEFAULT_PLAYOUTS,
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

/// Một lần tìm có bảng chuyển vị (bảng mới), không sâu dần: (giá trị theo MAX, số nút).
fn table_once<G>(game: &G, depth: u32) -> (f64, u64)
where
    G: caytrochoi::search::Zobrist,
    G::Move: PartialEq,
{
    let s = game.initial_state();
    let mut table = TranspositionTable::new(1 << 16).unwrap();
    let mut c = Counters::default();
    let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
    let v = negamax_tt(game, &s, depth, lo, hi, &mut table, &mut c).unwrap();
    (color(game.to_move(&s)) * v, c.nodes_visited)
}

/// Số Zobrist của mọi thế cờ mà negamax_tt xét các con (và vì thế ghi vào bảng).
#[derive(Default)]
struct StoredPositions(std::collections::HashSet<u64>);

impl caytrochoi::search::Observer<TicTacToe> for StoredPositions {
    fn temp(&mut self, n: &<TicTacToe as Game>::State, via: Option<&u8>, _temp: f64) {
        if via.is_none() {
            self.0
                .insert(caytrochoi::search::Zobrist::zobrist(&TicTacToe::new(), n));
        }
    }
}

/// Các con số của chương 7 về carô: cửa sổ không bảng 18.297 nút (như chương 4),
/// sắp thứ tự 7.956, một lần tìm có bảng 4.785, sâu dần + bảng 8.392; 1.812 thế
/// cờ đã được ghi, bảng còn 1.783 mục (29 thế bị thế khác cùng ô ghi đè).
#[test]
fn tictactoe_node_counts_separate_the_table_from_deepening() {
    let g = TicTacToe::new();
    let s = g.initial_state();
    let window = Searcher::window().run(&g).unwrap();
    let ordered = Searcher::window().order_moves().run(&g).unwrap();
    let (v, once) = table_once(&g, 9);
    let mut table = TranspositionTable::new(1 << 16).unwrap();
    let r = iterative_deepening(&g, &s, 9, &mut table, &mut ()).unwrap();
    assert_eq!(window.nodes_visited, 18_297);
    assert_eq!(ordered.nodes_visited, 7_956);
    assert_eq!(once, 4_785);
    assert_eq!(r.nodes(), 8_392);
    // Số thế cờ đã được ghi: negamax_tt ghi đúng những nút mà nó xét các con (báo
    // giá trị tạm ban đầu, `temp(n, None, …)`).
    let mut stored = StoredPositions::default();
    let mut again = TranspositionTable::new(1 << 16).unwrap();
    iterative_deepening(&g, &s, 9, &mut again, &mut stored).unwrap();
    assert_eq!(table.len(), 1_783);
    assert_eq!(stored.0.len(), 1_812);
    assert_eq!(stored.0.len() - table.len(), 29); // bị thế cờ khác cùng ô ghi đè
    assert!(table.entries().all(|e| stored.0.contains(&e.key)));
    // Tới cuối ván (độ sâu 9) không còn hàm lượng giá: cả bốn cho giá trị đúng.
    for x in [window.value, ordered.value, v, r.value] {
        assert_eq!(x, 0.0);
    }
    // Bảng một mình rẻ hơn sâu dần + bảng.
    assert!(once < r.nodes());
}

/// Dodgem 3×3, độ sâu 1 … 12: bảng chương 7 (ba tác dụng đo riêng).
#[test]
fn dodgem_node_counts_separate_the_table_from_deepening() {
    let g = Dodgem::new(3).unwrap();
    let s = g.initial_state();
    let mut table = TranspositionTable::new(1 << 16).unwrap();
    let r = iterative_deepening(&g, &s, 12, &mut table, &mut ()).unwrap();
    let (mut window_sum, mut id_sum, mut window_12) = (0, 0, 0);
    for it in &r.iterations {
        window_12 = Searcher::window()
            .depth(it.depth)
            .run(&g)
            .unwrap()
            .nodes_visited;
        window_sum += window_12;
        id_sum += it.nodes;
    }
    let ordered = Searcher::window().order_moves().depth(12).run(&g).unwrap();
    let once = table_once(&g, 12).1;
    assert_eq!(window_12, 34_812);
    assert_eq!(ordered.nodes_visited, 9_371);
    assert_eq!(once, 3_036);
    assert_eq!(window_sum, 59_743);
    assert_eq!(id_sum, 4_291);
    // Sâu dần không bảng: +72 % so với một lần tìm thẳng (không phải "chưa tới một nửa").
    let overhead = (window_sum as f64 / window_12 as f64 - 1.0) * 100.0;
    assert_eq!(overhead.round(), 72.0, "{overhead}");
    assert!(once < id_sum && id_sum < ordered.nodes_visited);
}

/// Điều được bảo đảm, và điều không. Không có bảng, cửa sổ (α, β) cho đúng giá
/// trị minimax ở độ sâu d (chương 4). Có bảng, một mục ghi ở độ sâu lớn hơn được
/// dùng lại ở chỗ nông hơn, nên giá trị có thể khác giá trị ở độ sâu d: trên
/// Dodgem 3×3 một lần tìm có bảng khác từ độ sâu 12, sâu dần + bảng khác ở độ
/// sâu 17 và 18 (tới độ sâu 16 trùng nhau chỉ là tình cờ). Điều luôn đúng: hàm
/// lượng giá không tới ±1000 (|giá trị| ≤ 250), và giá trị một thế cờ không phụ
/// thuộc đường đi trong mô hình được tìm, nên mọi ±1000 là một chứng minh: nó
/// khớp lời giải chính xác (phân tích ngược) — Đen đi trước và thắng. Cùng các
/// giá trị ấy: hiệu ứng chẵn lẻ của chương 7.
#[test]
fn what_a_depth_limited_table_search_guarantees_on_dodgem_3x3() {
    let g = Dodgem::new(3).unwrap();
    let s = g.initial_state();
    let bound = caytrochoi::dodgem::eval::value_bound(3) as f64;
    assert_eq!(bound, 250.0);
    let solution = caytrochoi::dodgem::Solution::solve(3, g.rule).unwrap();
    assert_eq!(solution.start_outcome(), caytrochoi::Outcome::NextWins);
    let mut table = TranspositionTable::new(1 << 16).unwrap();
    let id = iterative_deepening(&g, &s, 19, &mut table, &mut ()).unwrap();
    let (mut once_differs, mut id_differs) = (Vec::new(), Vec::new());
    let (mut once_proof, mut window_proof, mut values) = (None, None, Vec::new());
    for it in &id.iterations {
        let d = it.depth;
        let window = Searcher::window().depth(d).run(&g).unwrap().value;
        let (once, nodes) = table_once(&g, d);
        for v in [window, once, it.value] {
            // Một giá trị lượng giá, hoặc đúng giá trị "Đen thắng".
            assert!(v.abs() <= bound || v == -WIN_SCORE, "độ sâu {d}: {v}");
        }
        // Hiệu ứng chẵn lẻ: Đen (MIN) đi trước; ở độ sâu lẻ Đen đi nước cuối trong
        // tầm nhìn và giá trị âm, ở độ sâu chẵn Trắng đi nước cuối, giá trị không âm.
        if d % 2 == 1 {
            assert!(window < 0.0, "độ sâu {d}: {window}");
        } else {
            assert!(window >= 0.0, "độ sâu {d}: {window}");
        }
        values.push(window);
        if once != window {
            once_differs.push(d);
        }
        if it.value != window {
            id_differs.push(d);
        }
        if once == -WIN_SCORE && once_proof.is_none() {
            once_proof = Some((d, nodes));
        }
        if window == -WIN_SCORE && window_proof.is_none() {
            window_proof = Some(d);
        }
    }
    assert_eq!(&values[..6], &[-55.0, 0.0, -45.0, 30.0, -25.0, 0.0]);
    assert_eq!(once_differs.first(), Some(&12), "{once_differs:?}");
    assert_eq!(id_differs, [17, 18]);
    assert_eq!(table_once(&g, 12).0, 10.0);
    assert_eq!(once_proof, Some((15, 2_472)));
    assert_eq!(window_proof, Some(19));
    let first_id = id.iterations.iter().find(|i| i.value == -WIN_SCORE);
    assert_eq!(first_id.map(|i| i.depth), Some(17));
    // Tới cuối ván thì không còn gì để trộn: trên carô, có bảng hay không, sâu dần
    // hay không, từ mọi thế sau hai nước, giá trị là giá trị minimax đúng.
    let t = TicTacToe::new();
    let start = t.initial_state();
    for a in t.legal_moves(&start) {
        let s1 = t.apply(&start, &a);
        for b in t.legal_moves(&s1) {
            let s2 = t.apply(&s1, &b);
            let exact = search(&t, &s2, t.to_move(&s2), &mut ()).unwrap();
            let mut table = TranspositionTable::new(1 << 12).unwrap();
            let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
            let v = negamax_tt(&t, &s2, 7, lo, hi, &mut table, &mut ()).unwrap();
            assert_eq!(color(t.to_move(&s2)) * v, exact);
            let mut table = TranspositionTable::new(1 << 12).unwrap();
            let r = iterative_deepening(&t, &s2, 7, &mut table, &mut ()).unwrap();
            assert_eq!(r.value, exact);
        }
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

/// Đồ thị trò chơi của mục "Một ví dụ nhỏ" (chương 7): D đến được ngay từ A hoặc
/// qua B rồi C. `d_first`: A xét D trước B; `h_d`: hàm lượng giá của D.
struct SmallGraph {
    d_first: bool,
    h_d: f64,
}

impl Game for SmallGraph {
    type State = char;
    type Move = char;
    fn initial_state(&self) -> char {
        'A'
    }
    fn to_move(&self, s: &char) -> Player {
        if "ACE".contains(*s) {
            Player::Max
        } else {
            Player::Min
        }
    }
    fn legal_moves(&self, s: &char) -> impl IntoIterator<Item = char> {
        match s {
            'A' if self.d_first => vec!['D', 'B'],
            'A' => vec!['B', 'D'],
            'B' => vec!['C'],
            'C' => vec!['D'],
            'D' => vec!['E'],
            'E' => vec!['F'],
            _ => vec![],
        }
    }
    fn apply(&self, _s: &char, m: &char) -> char {
        *m
    }
    fn is_terminal(&self, s: &char) -> bool {
        *s == 'F'
    }
    fn payoff(&self, _s: &char) -> f64 {
        -3.0
    }
    fn heuristic(&self, s: &char) -> Option<f64> {
        Some(match s {
            'D' => self.h_d,
            'E' => 1.0,
            _ => 0.0,
        })
    }
}

impl caytrochoi::search::Zobrist for SmallGraph {
    fn zobrist(&self, s: &char) -> u64 {
        caytrochoi::search::zobrist_key(*s as u64)
    }
}

/// (giá trị không bảng, giá trị có bảng), theo MAX, độ sâu 3.
fn small_graph_values(d_first: bool, h_d: f64) -> (f64, f64) {
    let g = SmallGraph { d_first, h_d };
    let plain = Searcher::window().depth(3).run(&g).unwrap().value;
    let mut table = TranspositionTable::new(64).unwrap();
    let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
    (
        plain,
        negamax_tt(&g, &'A', 3, lo, hi, &mut table, &mut ()).unwrap(),
    )
}

#[test]
fn a_table_changes_a_depth_limited_value_only_when_the_deeper_result_comes_first() {
    // Ví dụ của chương: D trước B, h(D) = 5: 5 không bảng, −3 có bảng.
    assert_eq!(small_graph_values(true, 5.0), (5.0, -3.0));
    // Bài 7.4 (b): B trước D, bảng không đổi gì.
    assert_eq!(small_graph_values(false, 5.0), (5.0, 5.0));
    // Bài 7.4 (c): h(D) = −4, bảng đổi nhánh B nhưng không đổi gốc.
    assert_eq!(small_graph_values(true, -4.0), (-3.0, -3.0));
    // Bài 7.4 (a): trên một cây viết sẵn không có chuyển vị — bảng không bao giờ tra
    // thấy gì, và giá trị là giá trị minimax.
    for seed in 0..200u64 {
        let t = random_tree(seed, 1..=6, 1..=4, -9..=9).unwrap();
        let root = t.root();
        let mode = t.to_move(&root);
        let (lo, hi) = (f64::NEG_INFINITY, f64::INFINITY);
        let mut table = TranspositionTable::new(1 << 10).unwrap();
        let v = negamax_tt(&t, &root, 7, lo, hi, &mut table, &mut ()).unwrap();
        assert_eq!(table.stats.hits, 0, "hạt giống {seed}");
        let exact = search(&t, &root, mode, &mut ()).unwrap();
        assert_eq!(color(mode) * v, exact, "hạt giống {seed}");
    }
}

/// Bài 7.3: với 100 và 1.000 lần chơi thử, MCTS chọn X4 (thắng ngay) với mọi hạt
/// giống; với 3 hay 10 lần, nước được chọn tùy hạt giống (bài không hỏi).
#[test]
fn exercise_7_3_asks_only_what_reasoning_decides() {
    let g = TicTacToe::new();
    let s = TicTacToe::parse_board("X.O/.O./X..").unwrap();
    for playouts in [100, 1000] {
        for seed in 0..20 {
            assert_eq!(mcts_choice(&g, &s, playouts, seed).unwrap(), Some(3));
        }
    }
    for playouts in [3, 10] {
        let picks: std::collections::BTreeSet<_> = (0..20)
            .map(|seed| mcts_choice(&g, &s, playouts, seed).unwrap())
            .collect();
        assert!(picks.len() > 1, "{playouts} lần chơi thử: {picks:?}");
    }
}

/// Khung MCTS của chương 7 cho xem một cây "lớn dần" bằng cách chạy lại MCTS với
/// 1, 2, 5, … 5.000 lần chơi thử, cùng hạt giống. Điều đó chỉ đúng vì n lần chơi thử
/// đầu tiên của mọi lần chạy là một: mỗi nước ở gốc của lần chạy ít hơn có trong lần
/// chạy nhiều hơn, với số lần thăm và tổng điểm không nhỏ hơn.
#[test]
fn mcts_with_more_playouts_only_adds_to_the_same_tree() {
    fn check<G: Game>(game: &G, root: &G::State, seed: u64)
    where
        G::Move: PartialEq + std::fmt::Debug,
    {
        let marks = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];
        let runs: Vec<_> = marks
            .iter()
            .map(|&n| {
                Mcts::new(n, seed)
                    .unwrap()
                    .run(game, root, &mut ())
                    .unwrap()
            })
            .collect();
        for (small, big) in runs.iter().zip(&runs[1..]) {
            let total: u64 = big.children.iter().map(|c| c.visits).sum();
            assert_eq!(total, big.playouts);
            assert!(big.tree_nodes >= small.tree_nodes);
            for c in &small.children {
                let d = big.children.iter().find(|d| d.mv == c.mv).unwrap();
                assert!(d.visits >= c.visits && d.wins >= c.wins, "{c:?} → {d:?}");
            }
        }
    }
    let g = TicTacToe::new();
    for board in [".../.../...", "O../.X./...", "X.X/.O./..."] {
        for seed in [1, 7] {
            check(&g, &TicTacToe::parse_board(board).unwrap(), seed);
        }
    }
    let d = Dodgem::new(3).unwrap();
    for (board, to_move) in [("D../D../.TT", Side::Black), ("D../.T./D.T", Side::White)] {
        let root = Position {
            board: parse_board(board).unwrap(),
            to_move,
        };
        check(&d, &root, 1);
    }
}

/// Số lần tra thấy và số lần bảng trả lời ngay của từng vòng sâu dần (khung của
/// chương 7) cộng lại đúng bằng con số của bảng: không lần tra nào bị bỏ sót hay
/// đếm hai lần (trừ lần tra ở gốc sau mỗi vòng để lấy nước tốt nhất, không thuộc
/// vòng nào); bảng chỉ đầy thêm.
#[test]
fn deepening_rounds_account_for_every_table_probe() {
    let d = Dodgem::new(3).unwrap();
    let mut table = TranspositionTable::new(1 << 16).unwrap();
    let r = iterative_deepening(&d, &d.initial_state(), 17, &mut table, &mut ()).unwrap();
    let hits: u64 = r.iterations.iter().map(|i| i.table_hits).sum();
    let cutoffs: u64 = r.iterations.iter().map(|i| i.table_cutoffs).sum();
    assert_eq!(cutoffs, table.stats.cutoffs);
    assert_eq!(
        hits + 17,
        table.stats.hits,
        "mỗi vòng một lần tra ở gốc, luôn thấy"
    );
    assert!(r
        .iterations
        .windows(2)
        .all(|w| w[0].table_entries <= w[1].table_entries));
    assert_eq!(r.iterations.last().unwrap().table_entries, table.len());
    assert_eq!(r.iterations[16].value, -1000.0);
    assert!(r.iterations[..16].iter().all(|i| i.value > -1000.0));
}

/// Trận có khai cuộc ngẫu nhiên (`play_match`, bảng của chương 7): đúng 2 × số khai
/// cuộc ván, lặp lại được; với hai người chơi tất định, đổi chỗ hai người thì kết quả
/// đổi chỗ theo (cùng khai cuộc, cùng ván: hạt giống của ván không đổi gì), và điểm
/// của quân MAX giữ nguyên. Khai cuộc thật sự khác nhau: hai người tất định không còn
/// chơi lại một ván (có cả thắng lẫn thua của mỗi bên).
#[test]
fn a_match_with_random_openings_is_fair_to_both_colours() {
    use caytrochoi::tournament::play_match;
    let caro = TicTacToe {
        open_lines: true,
        symmetry_reduced: false,
    };
    let (a, b) = (
        Contender::Minimax { depth: 3 },
        Contender::AlphaBeta { depth: 5 },
    );
    let r = play_match(&caro, &a, &b, 50, 2, 1).unwrap();
    assert_eq!(r.first_wins + r.draws + r.second_wins, 100);
    assert_eq!(r, play_match(&caro, &a, &b, 50, 2, 1).unwrap());
    let swapped = play_match(&caro, &b, &a, 50, 2, 1).unwrap();
    assert_eq!(
        (
            swapped.first_wins,
            swapped.draws,
            swapped.second_wins,
            swapped.max_wins
        ),
        (r.second_wins, r.draws, r.first_wins, r.max_wins)
    );
    assert!((r.score() + swapped.score() - 1.0).abs() < 1e-12);
    assert!(r.first_wins > 0 && r.second_wins > 0, "{r:?}");
    // Sai số chuẩn của 100 ván không quá 0,5/√100 = 5 điểm phần trăm.
    assert!(r.standard_error() <= 0.05 + 1e-12);
    // Khai cuộc không được, ván nào cũng kết thúc trước đó: lỗi tiếng Việt.
    let e = play_match(&caro, &a, &b, 1, 9, 1).unwrap_err();
    assert!(e.to_string().contains("khai cuộc 9 nước"), "{e}");
    assert!(play_match(&caro, &a, &b, 0, 2, 1).is_err());
}

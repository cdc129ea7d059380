//! Tự viết: bộ so hàm của sinh viên với thư viện nhận hàm đúng, bắt được các
//! lỗi hay gặp (so sánh chặt, cửa sổ thay cho `cat_tia`, panic, đệ quy không
//! dừng, mex và Grundy viết sai) và đặt hai vết cạnh nhau.

use caytrochoi::grundy::{mex, GraphGame};
use caytrochoi::practice::own::{
    check_blue_red, check_cat_tia, check_grundy, check_mex, check_search, Difference, Watched,
};
use caytrochoi::tree::NodeId;
use caytrochoi::{Game, Player};

fn lecture_cat_tia<G: Game>(game: &G, q: &G::State, mode: Player, vp: f64) -> f64 {
    if game.is_terminal(q) {
        return game.payoff(q);
    }
    let mut vq = mode.initial_temp();
    for c in game.legal_moves(q) {
        let v = lecture_cat_tia(game, &game.apply(q, &c), mode.opponent(), vq);
        vq = mode.combine(vq, v);
        if (mode == Player::Max && vp <= vq) || (mode == Player::Min && vp >= vq) {
            break;
        }
    }
    vq
}

/// Lỗi hay gặp: so sánh chặt (`<` thay cho `≤`), nên bỏ lỡ nhát cắt khi bằng nhau.
fn strict_cat_tia<G: Game>(game: &G, q: &G::State, mode: Player, vp: f64) -> f64 {
    if game.is_terminal(q) {
        return game.payoff(q);
    }
    let mut vq = mode.initial_temp();
    for c in game.legal_moves(q) {
        let v = strict_cat_tia(game, &game.apply(q, &c), mode.opponent(), vq);
        vq = mode.combine(vq, v);
        if (mode == Player::Max && vp < vq) || (mode == Player::Min && vp > vq) {
            break;
        }
    }
    vq
}

fn blue<G: Game>(g: &G, b: &G::State, mut alpha: f64, beta: f64) -> f64 {
    if g.is_terminal(b) {
        return g.payoff(b);
    }
    let mut best = f64::NEG_INFINITY;
    for m in g.legal_moves(b) {
        let x = red(g, &g.apply(b, &m), alpha, beta);
        best = best.max(x);
        alpha = alpha.max(x);
        if alpha >= beta {
            return alpha;
        }
    }
    best
}

fn red<G: Game>(g: &G, b: &G::State, alpha: f64, mut beta: f64) -> f64 {
    if g.is_terminal(b) {
        return g.payoff(b);
    }
    let mut best = f64::INFINITY;
    for m in g.legal_moves(b) {
        let x = blue(g, &g.apply(b, &m), alpha, beta);
        best = best.min(x);
        beta = beta.min(x);
        if alpha >= beta {
            return beta;
        }
    }
    best
}

#[test]
fn correct_functions_pass_everywhere() {
    assert!(check_cat_tia(lecture_cat_tia).ok());
    assert!(check_blue_red(blue, red).ok());
    fn search<G: Game>(g: &G, n: &G::State, mode: Player) -> f64 {
        if g.is_terminal(n) {
            return g.payoff(n);
        }
        let mut v = mode.initial_temp();
        for c in g.legal_moves(n) {
            v = mode.combine(v, search(g, &g.apply(n, &c), mode.opponent()));
        }
        v
    }
    assert!(check_search(search).ok());
}

#[test]
fn strict_comparison_is_caught_with_both_traces() {
    let r = check_cat_tia(strict_cat_tia);
    assert!(!r.ok());
    let Some(Difference::Tree {
        problems,
        library,
        yours,
        ..
    }) = &r.first_difference
    else {
        panic!("phải khác trên một cây");
    };
    assert!(
        problems.iter().any(|p| p.contains("bạn không cắt")),
        "{problems:?}"
    );
    assert_ne!(library.pruned, yours.pruned);
    let text = r.to_string();
    assert!(
        text.contains("Thư viện") && text.contains("Của bạn"),
        "{text}"
    );
    let html = r.to_html();
    assert!(html.contains("<svg") && html.contains("<table"));
}

#[test]
fn window_for_cat_tia_is_caught_by_a_deep_cut() {
    // Đưa dạng cửa sổ vào chỗ cat_tia: cắt thừa ở một nhát cắt sâu.
    let r = check_cat_tia(
        |g: &Watched, q: &NodeId, mode: Player, _vp: f64| match mode {
            Player::Max => blue(g, q, f64::NEG_INFINITY, f64::INFINITY),
            Player::Min => red(g, q, f64::NEG_INFINITY, f64::INFINITY),
        },
    );
    let Some(Difference::Tree { problems, .. }) = &r.first_difference else {
        panic!("phải khác");
    };
    assert!(
        problems.iter().any(|p| p.contains("bạn cắt thừa")),
        "{problems:?}"
    );
}

#[test]
fn panics_and_endless_recursion_are_reported() {
    let r = check_cat_tia(|_: &Watched, _: &NodeId, _: Player, _: f64| -> f64 {
        panic!("chưa viết xong")
    });
    assert!(
        r.headline().contains("panic: chưa viết xong"),
        "{}",
        r.headline()
    );
    #[allow(unconditional_recursion)]
    fn forever<G: Game>(g: &G, q: &G::State, _mode: Player, _vp: f64) -> f64 {
        let _ = g.is_terminal(q);
        forever(g, q, _mode, _vp)
    }
    let r = check_cat_tia(forever);
    assert!(
        r.headline().contains("đệ quy không dừng"),
        "{}",
        r.headline()
    );
}

#[test]
fn mex_and_grundy_mistakes() {
    // Quên rằng tập rỗng có mex = 0? Không: lấy max + 1.
    let r = check_mex(|s: &[u32]| s.iter().max().map_or(0, |m| m + 1));
    let Some(Difference::Mex { set, library, .. }) = &r.first_difference else {
        panic!("phải khác");
    };
    assert_eq!(mex(set.iter().copied()), *library);
    // Grundy viết nhầm thành "có nước đi thì 1".
    let r = check_grundy(|g: &GraphGame, x: &usize| u32::from(!g.edges[*x].is_empty()));
    assert!(!r.ok());
    assert!(r.to_html().contains("G (của bạn)"));
    assert!(r.figure().is_some());
}

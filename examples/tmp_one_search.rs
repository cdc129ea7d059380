use caytrochoi::games::TicTacToe;
use caytrochoi::search::{self, Counters};
use caytrochoi::{Algorithm, Game, Searcher};
fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let how = std::env::args().nth(2).unwrap_or_default();
    let g = TicTacToe::new();
    let a = match which.as_str() {
        "cat-tia" => Algorithm::CatTia,
        "window" => Algorithm::Window,
        _ => Algorithm::Minimax,
    };
    let root = g.initial_state();
    match how.as_str() {
        "bare" => println!("{:?}", a.evaluate(&g, &root, &mut ()).unwrap()),
        "count" => {
            let mut c = Counters::default();
            let v = a.evaluate(&g, &root, &mut c).unwrap();
            println!("{v} {}", c.nodes_visited)
        }
        _ => {
            let r = Searcher::new(a).run(&g).unwrap();
            println!("{} {}", r.value, r.nodes_visited)
        }
    }
    let _ = search::no_bound;
}

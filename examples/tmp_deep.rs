use caytrochoi::{tree::GameTree, Player, Searcher};
fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let d: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let text = format!("{}7{}", "(".repeat(d), ")".repeat(d));
    let t = GameTree::parse(&text).unwrap();
    let h = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let s = match which.as_str() {
                "m" => Searcher::minimax(),
                "c" => Searcher::cat_tia(),
                "w" => Searcher::window(),
                "wt" => Searcher::window().trace(),
                "bare" => {
                    caytrochoi::search::search(&t, &t.root(), Player::Max, &mut ()).unwrap();
                    return;
                }
                _ => Searcher::minimax().trace(),
            };
            s.run(&t).unwrap();
        })
        .unwrap();
    h.join().unwrap();
    println!("ok");
}

use caytrochoi::{GameTree, Searcher};
fn main() {
    let t = GameTree::parse("(1, ((0), -1), ((0), (1)))").unwrap();
    for s in [
        Searcher::minimax().trace(),
        Searcher::cat_tia().trace(),
        Searcher::window().trace(),
    ] {
        let r = s.run(&t).unwrap();
        print!("{}", r.summary("A"));
        let tr = r.trace.unwrap();
        print!("{}", tr.walk());
        print!("{}", tr.table());
        println!();
    }
}

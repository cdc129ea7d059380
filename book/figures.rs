//! Mọi hình của sách, ở một chỗ: mỗi hình một tên tệp (trong `book/src/figures/`)
//! và cách vẽ nó bằng mô-đun `caytrochoi::plot`.
//!
//! Tệp này được dùng chung bởi `examples/book_figures.rs` (ghi các tệp SVG:
//! `make figures`) và `tests/book_figures.rs` (kiểm tra các tệp đã ghi không cũ).

use caytrochoi::expr::Expr;
use caytrochoi::games::{NimSplit, TicTacToe};
use caytrochoi::plot::{self, ExprTreeOptions, Figure, TreeDiagram};
use caytrochoi::{Game, GameTree, Player, Searcher};

/// Lỗi khi dựng hình (thông báo tiếng Việt từ thư viện).
pub type Error = Box<dyn std::error::Error>;

/// Biểu thức của chương 1.
const EXPR: &str = "5 + 2 × 3 − 4";
/// Cây A…K của bài giảng (chương 2), dạng không nhãn như trong sách.
const AK: &str = "(1, ((0), -1), ((0), (1)))";
/// Thế cờ carô của cây A…K.
const AK_BOARD: &str = "X.X/XO./O.O";

/// Mọi hình của sách: (tên tệp, hình), theo thứ tự xuất hiện trong sách.
pub fn all() -> Result<Vec<(&'static str, Figure)>, Error> {
    let expr = Expr::parse(EXPR)?;
    let ak = GameTree::parse(AK)?;
    let ak_game = ak_from_game()?;
    Ok(vec![
        // Chương 1.
        (
            "cay-bieu-thuc.svg",
            plot::expr_tree(&expr, &ExprTreeOptions::default())?,
        ),
        (
            "cay-bieu-thuc-dinh-tri.svg",
            plot::expr_tree(
                &expr,
                &ExprTreeOptions {
                    values: true,
                    order: true,
                    return_arrows: true,
                    title: None,
                },
            )?,
        ),
        (
            "cay-max-min-nho.svg",
            TreeDiagram::new(&GameTree::parse("((3, 5), (2, 9))")?)
                .search(Searcher::minimax())?
                .levels("Max", "Min")
                .title("Cây max–min nhỏ — vét cạn")
                .draw()?,
        ),
        // Chương 2.
        (
            "cay-caro-AK.svg",
            TreeDiagram::new(&ak_game)
                .notes(true)
                .leaf_frame(true)
                .levels("X đi / Max", "O đi / Min")
                .title("Cây trò chơi từ thế cờ X.X/XO./O.O")
                .draw()?,
        ),
        (
            "cay-caro-AK-gia-tri.svg",
            TreeDiagram::new(&ak)
                .search(Searcher::minimax())?
                .levels("X đi / Max", "O đi / Min")
                .title("Giá trị các nút của cây A…K")
                .draw()?,
        ),
        ("nim-7.svg", nim_7()?),
    ])
}

/// Cây A…K khai triển từ thế cờ `X.X/XO./O.O`; kiểm tra nó đúng là cây `AK`.
fn ak_from_game() -> Result<GameTree, Error> {
    let board = TicTacToe::parse_board(AK_BOARD).ok_or("thế cờ của cây A…K không đọc được")?;
    let tree = GameTree::from_game(&TicTacToe::new(), &board, 9)?;
    let expected = GameTree::parse(AK)?;
    if tree.to_text() != expected.to_text() {
        return Err(format!(
            "cây khai triển từ {AK_BOARD} là {} chứ không phải {}",
            tree.to_text(),
            expected.to_text()
        )
        .into());
    }
    Ok(tree)
}

/// Cây Nim chia đống 7 token, MIN đi trước, khai triển đến hết ván.
fn nim_7() -> Result<Figure, Error> {
    let game = NimSplit::new(7, Player::Min);
    let tree = GameTree::from_game(&game, &game.initial_state(), 10)?;
    Ok(TreeDiagram::new(&tree)
        .search(Searcher::minimax())?
        .notes(true)
        .levels("Max", "Min")
        .title("Nim chia đống, 7 token, MIN đi trước")
        .max_nodes(200)
        .max_depth(10)
        .draw()?)
}

//! Xem cắt tỉa alpha-beta từng bước: hình cây sau `k` bước đầu của vết — các
//! nút đã xét được tô màu, nút đang xét được làm nổi bật, giá trị tạm và các lần
//! cắt tỉa tính đến bước đó.

use super::error::PlotError;
use super::figure::Figure;
use super::tree_diagram::TreeDiagram;
use crate::search::Searcher;
use crate::tree::GameTree;

/// Hình cây sau `k` bước đầu khi chạy `searcher` (0: chưa xét nút nào; số bước
/// tối đa là độ dài vết). Giá trị tạm luôn được ghi.
///
/// ```
/// use caytrochoi::{plot, tree::GameTree, Searcher};
/// let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
/// let hinh = plot::step(&cay, Searcher::cat_tia(), 3).unwrap();
/// assert!(hinh.svg().contains("Bước 3/"));
/// assert!(plot::step(&cay, Searcher::cat_tia(), 1000).is_err());
/// ```
pub fn step(tree: &GameTree, searcher: Searcher, k: usize) -> Result<Figure, PlotError> {
    TreeDiagram::new(tree)
        .search(searcher)?
        .temp_values(true)
        .step(k)
        .draw()
}

/// Tất cả các hình từng bước, từ bước 0 đến hết vết (cho sách: một dãy hình;
/// cho notebook: duyệt bằng vòng lặp và `evcxr_display`).
pub fn steps(tree: &GameTree, searcher: Searcher) -> Result<Vec<Figure>, PlotError> {
    let diagram = TreeDiagram::new(tree).search(searcher)?.temp_values(true);
    (0..=diagram.step_count())
        .map(|k| diagram.clone().step(k).draw())
        .collect()
}

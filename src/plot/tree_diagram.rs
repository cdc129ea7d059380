//! Hình cây trò chơi: nút MAX hình vuông, nút MIN hình tròn, giá trị tạm ghi bên
//! trái mỗi nút (từ trên xuống, như hình vẽ bài giảng), giá trị ghi bên phải,
//! nhánh bị cắt vẽ nét đứt màu xám với dấu cắt `=` và lý do, đường đi chính tô
//! đậm, tên các mức (MAX/MIN) ghi bên lề trái.
//!
//! Ba bước, mỗi bước một tệp: đọc vết ([`super::tree_marks`]), bố trí
//! ([`super::tree_build`], ra một [`TreeLayout`] của [`super::tree_model`] mà
//! kiểm thử đọc được), vẽ bằng plotters ([`super::tree_render`]).

use super::error::PlotError;
use super::figure::Figure;
use super::tree_build::build;
use super::tree_marks::from_trace;
use super::tree_model::TreeLayout;
pub use super::tree_options::TreeDiagram;
use crate::search::Searcher;
use crate::tree::GameTree;

/// Vẽ cây trò chơi: hình dạng, nhãn, giá trị lá (chưa định trị).
pub fn tree(tree: &GameTree) -> Result<Figure, PlotError> {
    TreeDiagram::new(tree).draw()
}

/// Chạy `searcher` trên cây (có ghi vết) rồi vẽ: giá trị các nút, nhánh bị cắt,
/// đường đi chính; `temp_values`: ghi cả các giá trị tạm bên cạnh mỗi nút.
pub fn search_tree(
    tree: &GameTree,
    searcher: Searcher,
    temp_values: bool,
) -> Result<Figure, PlotError> {
    TreeDiagram::new(tree)
        .search(searcher)?
        .temp_values(temp_values)
        .draw()
}

impl TreeDiagram<'_> {
    /// Vẽ hình.
    pub fn draw(&self) -> Result<Figure, PlotError> {
        self.layout()?.draw()
    }

    /// Bố trí hình (chưa vẽ): vị trí mọi nút, chữ, cạnh, dấu cắt. Dùng để kiểm
    /// tra hình hoặc để vẽ bằng [`TreeLayout::draw`].
    pub(crate) fn layout(&self) -> Result<TreeLayout, PlotError> {
        if self.step.is_some() && self.trace.is_none() {
            return Err(PlotError::invalid(
                "muốn vẽ từng bước thì cần một vết: gọi .search(...) hoặc .trace(...) trước",
            ));
        }
        let marks = self
            .trace
            .as_ref()
            .map(|t| from_trace(self.tree, t, self.step))
            .transpose()?;
        Ok(build(self, marks.as_ref()))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn layout_example_1() {
        use crate::{plot, tree::GameTree};
        let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
        let hinh = plot::tree(&cay).unwrap();
        assert!(hinh.svg().contains("MAX"));
        let so_do = plot::TreeDiagram::new(&cay).layout().unwrap();
        let muc: Vec<&str> = so_do.levels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(muc, ["MAX", "MIN", "MAX", "MIN"]);
    }

    #[test]
    fn layout_example_2() {
        use crate::{plot::TreeDiagram, tree::GameTree, Searcher};
        let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
        let so_do = TreeDiagram::new(&cay)
            .search(Searcher::cat_tia())
            .unwrap()
            .layout()
            .unwrap();
        assert_eq!(so_do.cut_labels(), ["F", "H"]);
        assert_eq!(so_do.node("A").unwrap().value.as_ref().unwrap().text, "1");
        assert!(so_do.collisions().is_empty());
    }
}

//! Những gì cần vẽ của một cây ([`TreeDiagram`]): cây, kết quả tìm kiếm và các
//! tùy chọn. Bố trí ([`super::tree_build`]) đọc chúng; đường ống đọc vết → bố
//! trí → vẽ nằm ở [`super::tree_diagram`].

use super::error::PlotError;
use crate::search::{SearchResult, Searcher};
use crate::trace::Trace;
use crate::tree::GameTree;
use std::collections::HashMap;

/// Cách vẽ một cây: dựng bằng [`TreeDiagram::new`], thêm kết quả tìm kiếm và
/// các tùy chọn, rồi gọi [`TreeDiagram::draw`].
#[derive(Debug, Clone)]
pub struct TreeDiagram<'a> {
    pub(super) tree: &'a GameTree,
    pub(super) trace: Option<Trace>,
    pub(super) pv: Vec<String>,
    pub(super) temp_values: bool,
    pub(super) max_label: String,
    pub(super) min_label: String,
    pub(super) title: Option<String>,
    pub(super) max_depth: u32,
    pub(super) max_nodes: usize,
    pub(super) step: Option<usize>,
    pub(super) notes: bool,
    pub(super) leaf_frame: bool,
    pub(super) leaf_texts: HashMap<String, String>,
    pub(super) level_names: Vec<String>,
    pub(super) compact: bool,
}

impl<'a> TreeDiagram<'a> {
    /// Hình của cây `tree`, chưa có kết quả tìm kiếm.
    pub fn new(tree: &'a GameTree) -> TreeDiagram<'a> {
        TreeDiagram {
            tree,
            trace: None,
            pv: Vec::new(),
            temp_values: false,
            max_label: "MAX".to_string(),
            min_label: "MIN".to_string(),
            title: None,
            max_depth: crate::limits::DRAWN_DEPTH,
            max_nodes: crate::limits::DRAWN_NODES,
            step: None,
            notes: false,
            leaf_frame: false,
            leaf_texts: HashMap::new(),
            level_names: Vec::new(),
            compact: false,
        }
    }

    /// Chạy `searcher` (tự bật ghi vết) và dùng kết quả để vẽ.
    pub fn search(self, searcher: Searcher) -> Result<TreeDiagram<'a>, PlotError> {
        let result = searcher
            .trace()
            .run(self.tree)
            .map_err(|e| PlotError::Search(e.to_string()))?;
        Ok(self.result(&result))
    }

    /// Dùng kết quả tìm kiếm có sẵn: vết (nếu có) và đường đi chính.
    pub fn result<M>(mut self, result: &SearchResult<M>) -> TreeDiagram<'a> {
        self.trace = result.trace.clone();
        self.pv = result.principal_variation_names.clone();
        self
    }

    /// Dùng một vết có sẵn (không có đường đi chính).
    pub fn trace(mut self, trace: &Trace) -> TreeDiagram<'a> {
        self.trace = Some(trace.clone());
        self
    }

    /// Ghi (hoặc không) các giá trị tạm bên trái mỗi nút.
    pub fn temp_values(mut self, on: bool) -> TreeDiagram<'a> {
        self.temp_values = on;
        self
    }

    /// Tên các mức ghi bên lề, ví dụ `("X đi / Max", "O đi / Min")`.
    /// Mặc định `("MAX", "MIN")`.
    pub fn levels(mut self, max: &str, min: &str) -> TreeDiagram<'a> {
        self.max_label = max.to_string();
        self.min_label = min.to_string();
        self
    }

    /// Tiêu đề của hình (mặc định: tên thuật toán).
    pub fn title(mut self, title: &str) -> TreeDiagram<'a> {
        self.title = Some(title.to_string());
        self
    }

    /// Chỉ vẽ đến độ sâu `d` (mặc định [`DRAWN_DEPTH`](crate::limits::DRAWN_DEPTH) = 6).
    pub fn max_depth(mut self, d: u32) -> TreeDiagram<'a> {
        self.max_depth = d;
        self
    }

    /// Vẽ nhiều nhất khoảng `n` nút (mặc định 150): cây lớn hơn chỉ được vẽ đến
    /// độ sâu lớn nhất còn vừa, kèm ghi chú số nút không vẽ.
    pub fn max_nodes(mut self, n: usize) -> TreeDiagram<'a> {
        self.max_nodes = n;
        self
    }

    /// Vẽ tình trạng sau `k` bước đầu của vết (0: chưa xét nút nào).
    pub fn step(mut self, k: usize) -> TreeDiagram<'a> {
        self.step = Some(k);
        self
    }

    /// Vẽ (hoặc không) ghi chú của mỗi nút ngay dưới nút: ghi chú dạng bàn cờ
    /// 3 × 3 (`X.X/XO./O.O`) thành một bàn cờ nhỏ, ghi chú khác (ví dụ trạng
    /// thái Nim `5-1-1`) thành một dòng chữ.
    pub fn notes(mut self, on: bool) -> TreeDiagram<'a> {
        self.notes = on;
        self
    }

    /// Vẽ (hoặc không) nút lá khác hẳn nút trong: tô nền vàng nhạt, viền đôi.
    pub fn leaf_frame(mut self, on: bool) -> TreeDiagram<'a> {
        self.leaf_frame = on;
        self
    }

    /// Ghi `text` dưới nút lá `label` thay cho giá trị của nó, ví dụ cách tính
    /// giá trị `6 − 5 = 1`. Nhãn không có trong cây thì bị bỏ qua.
    pub fn leaf_text(mut self, label: &str, text: &str) -> TreeDiagram<'a> {
        self.leaf_texts.insert(label.to_string(), text.to_string());
        self
    }

    /// Tên riêng cho từng mức, từ gốc xuống (ví dụ `["MAX", "MIN", "MAX", "lá"]`);
    /// các mức sâu hơn danh sách vẫn dùng tên của [`TreeDiagram::levels`].
    pub fn level_names(mut self, names: &[&str]) -> TreeDiagram<'a> {
        self.level_names = names.iter().map(|n| n.to_string()).collect();
        self
    }

    /// Hình gọn cho trang chiếu: chỉ cây (tên các mức, nút, giá trị, giá trị tạm,
    /// hai vạch ở nhánh bị cắt), không tiêu đề, không lời của bước, không chú
    /// giải, không lời giải thích cắt tỉa và không tóm tắt — trang chiếu ghi
    /// chúng bằng chữ lớn bên ngoài hình. Nhờ vậy chữ nhỏ nhất của hình là giá
    /// trị tạm (11 điểm ảnh): phóng hình 1,64 lần là mọi chữ ≥ 18 điểm ảnh.
    pub fn compact(mut self, on: bool) -> TreeDiagram<'a> {
        self.compact = on;
        self
    }

    /// Số bước của vết (0 nếu chưa có vết).
    pub fn step_count(&self) -> usize {
        self.trace.as_ref().map_or(0, Trace::len)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn layout_example_1() {
        use crate::{plot::TreeDiagram, tree::GameTree, Searcher};
        let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
        let ve = TreeDiagram::new(&cay)
            .search(Searcher::minimax())
            .unwrap()
            .temp_values(true)
            .levels("X đi / Max", "O đi / Min");
        let so_do = ve.layout().unwrap();
        let tam: Vec<&str> = so_do
            .node("A")
            .unwrap()
            .temps
            .iter()
            .map(|l| l.text.as_str())
            .collect();
        assert_eq!(
            tam,
            ["-∞", "Max(-∞, 1) = 1", "Max(1, -1) = 1", "Max(1, 0) = 1"]
        );
        let hinh = ve.draw().unwrap();
        assert!(hinh.svg().contains("Max(-∞, 1) = 1"));
    }

    #[test]
    fn layout_example_2() {
        use crate::games::{NimSplit, TicTacToe};
        use crate::{
            plot::{NoteLayout, TreeDiagram},
            tree::GameTree,
        };
        use crate::{Game, Player};
        let game = TicTacToe::new();
        let board = TicTacToe::parse_board("X.X/XO./O.O").unwrap();
        let cay = GameTree::from_game(&game, &board, 9).unwrap();
        let so_do = TreeDiagram::new(&cay).notes(true).layout().unwrap();
        let ban_co = so_do
            .nodes
            .iter()
            .filter(|n| matches!(n.note, Some(NoteLayout::Board { .. })));
        assert_eq!(ban_co.count(), cay.len());
        let nim = NimSplit::new(7, Player::Min);
        let cay = GameTree::from_game(&nim, &nim.initial_state(), 10).unwrap();
        let so_do = TreeDiagram::new(&cay).notes(true).layout().unwrap();
        assert!(so_do
            .nodes
            .iter()
            .any(|n| matches!(&n.note, Some(NoteLayout::Text(l)) if l.text == "5-1-1")));
    }

    #[test]
    fn layout_example_3() {
        use crate::{plot::TreeDiagram, tree::GameTree};
        let cay = GameTree::parse("A(B:1, C:-1)").unwrap();
        let so_do = TreeDiagram::new(&cay)
            .leaf_text("B", "3 − 2 = 1")
            .layout()
            .unwrap();
        assert_eq!(so_do.node("B").unwrap().below[0].text, "3 − 2 = 1");
        assert_eq!(so_do.node("C").unwrap().below[0].text, "-1");
    }
}

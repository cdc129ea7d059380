//! Các bài tập cố định của sách và notebook: mỗi bài là **dữ liệu** (một cây,
//! một tập, một đồ thị, các đống, một bàn cờ… và điều được hỏi) dựng thành một
//! [`Problem`] của bộ máy luyện tập ([`crate::practice`]); sinh viên giữ bài
//! trong một biến và chấm bằng `bai.check(…)`.
//!
//! - **Một quy ước chỗ trống**: câu trả lời chưa điền luôn là `"?"`. Câu trả lời
//!   là một số (`5`, `-1.0`, `"5"`), một nhãn (`"B"`), hoặc một danh sách
//!   (`&["F", "H"]`, `"F, H"`; rỗng: `&[]` hay `"không"`).
//! - **Gợi ý theo bậc, đếm trên chính bài**: `bai.check(…)` sai lần nữa thì gợi ý
//!   lên bậc: lần 1 chỉ nói loại lỗi, lần 2 chỉ ra nút và phép so sánh, lần 3 kèm
//!   lời giải đầy đủ (các bước và hình). Số lần sai nằm trong giá trị `bai` (không
//!   có sổ đếm chung nào), nên chạy lại ô `bai.check(…)` trong evcxr vẫn lên bậc.
//!   Muốn xem lời giải ngay: `bai.solution()`.
//! - **Gốc MAX hay MIN**: bài về cây nhận người đi ở gốc (cây Nim của bài giảng
//!   có MIN đi trước).
//! - Dữ liệu của bài viết sai không làm chương trình panic: hàm dựng bài trả về
//!   [`PracticeError`] nói rõ chỗ sai bằng tiếng Việt (cây: dòng và cột).
//!
//! ```
//! use caytrochoi::exercises;
//! use caytrochoi::practice::{Pruning, TreeAsk};
//! use caytrochoi::{Algorithm, Player};
//!
//! let cay = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";
//! let bai = exercises::exercise(cay, Player::Max, TreeAsk::RootValue, None).unwrap();
//! assert!(!bai.check("?").answered()); // chỗ trống không phải một lần sai
//! assert!(!bai.check(0).ok());
//! assert_eq!(bai.wrong_tries(), 1);
//! assert!(bai.check(1).ok());
//! let cat = exercises::exercise(cay, Player::Max, TreeAsk::Pruned(Pruning::CatTia), None).unwrap();
//! assert!(cat.check(&["F", "H"]).ok());
//! let tam = exercises::exercise(cay, Player::Max, TreeAsk::Temps(Algorithm::Minimax), Some("A")).unwrap();
//! assert!(tam.check(&["-inf", "Max(-∞,1)=1", "max(1, -1) = 1", "Max(1, 0) = 1"]).ok());
//! // Gốc MIN cũng được: cây Nim có MIN đi trước.
//! assert!(exercises::exercise(cay, Player::Min, TreeAsk::RootValue, None).unwrap().check(0).ok());
//! // Cây viết sai: lời giải thích tiếng Việt có dòng và cột, không panic.
//! let loi = exercises::exercise("A(B:1, C", Player::Max, TreeAsk::RootValue, None).unwrap_err();
//! assert!(loi.to_string().contains("cột"), "{loi}");
//! ```

use crate::player::Player;
use crate::practice::{PracticeError, Problem, TreeAsk};
use crate::tree::GameTree;

pub use crate::practice::BLANK;

/// Bài về cây `tree_text` (gốc `root`) hỏi `ask`; `node`: nút được hỏi (bài
/// giá trị tạm). Với bài này có thể gọi `.check(…)`, `.solution()`, vẽ hình…
pub fn exercise(
    tree_text: &str,
    root: Player,
    ask: TreeAsk,
    node: Option<&str>,
) -> Result<Problem, PracticeError> {
    let tree = GameTree::parse_with_root(tree_text, root).map_err(|e| {
        PracticeError::Invalid(format!(
            "Không đọc được cây — hãy sửa văn bản của cây rồi chạy lại ô này.\n{}\n\
             (Nhắc lại cú pháp: nút lá `B:1`, nút trong `C(E:0, F:-1)`, các con cách nhau bởi dấu phẩy.)",
            e.explain(tree_text)
        ))
    })?;
    Problem::on_tree(tree, ask, node, None)
}

//! Bảng các hàm của sách: tên mà JavaScript gọi (`book/theme/wasm-api.js`) → hàm
//! của thư viện. Thêm một hàm cho trang = thêm một dòng vào [`FUNCTIONS`].

use super::args::Args;
use crate::web;

/// Một hàm mà trang gọi được.
struct Function {
    /// Tên, đúng như JavaScript viết.
    name: &'static str,
    /// Số đối số.
    arity: usize,
    /// Đọc các đối số theo kiểu của hàm thư viện rồi gọi nó.
    run: fn(&Args) -> Result<String, String>,
}

/// Mọi hàm của sách tương tác, cùng thứ tự đối số như hàm thư viện mà nó gọi.
const FUNCTIONS: &[Function] = &[
    // Một lệnh `caytrochoi …` chạy trong bộ nhớ (đối số: mảng JSON các chuỗi,
    // viết thành một chuỗi): `{"code", "stdout", "stderr"}`.
    Function {
        name: "cli",
        arity: 1,
        run: |a| Ok(web::cli_json(a.text(0)?)),
    },
    // Lời giải thích từng bước và hình cuối của một cây (cây, thuật toán, sắp thứ tự).
    Function {
        name: "tree_walk",
        arity: 3,
        run: |a| Ok(web::tree::walk_json(a.text(0)?, a.text(1)?, a.flag(2)?)),
    },
    // Hình cây sau `step` bước (cây, thuật toán, sắp thứ tự, số bước).
    Function {
        name: "tree_step",
        arity: 4,
        run: |a| {
            Ok(web::tree::step_json(
                a.text(0)?,
                a.text(1)?,
                a.flag(2)?,
                a.number(3)?,
            ))
        },
    },
    // Bài luyện tập (chương, mức, hạt giống).
    Function {
        name: "practice_card",
        arity: 3,
        run: |a| {
            Ok(web::practice::card_json(
                a.small(0)?,
                a.text(1)?,
                a.text(2)?,
            ))
        },
    },
    // Lời chấm một câu trả lời (chương, mức, hạt giống, câu trả lời, số lần sai trước).
    Function {
        name: "practice_grade",
        arity: 5,
        run: |a| {
            Ok(web::practice::grade_json(
                a.small(0)?,
                a.text(1)?,
                a.text(2)?,
                a.text(3)?,
                a.number(4)?,
            ))
        },
    },
    // Thẻ "bấm vào các nhánh bị cắt" (hạt giống, mức, thuật toán).
    Function {
        name: "click_card",
        arity: 3,
        run: |a| {
            Ok(web::practice::click_card_json(
                a.text(0)?,
                a.text(1)?,
                a.text(2)?,
            ))
        },
    },
    // Chấm các nhánh đã bấm (hạt giống, mức, thuật toán, mảng JSON các nhãn, số lần
    // sai): lời nhận xét đã viết xong, bậc gợi ý, có hiện lời giải không.
    Function {
        name: "click_grade",
        arity: 5,
        run: |a| {
            Ok(web::practice::click_grade_json(
                a.text(0)?,
                a.text(1)?,
                a.text(2)?,
                a.text(3)?,
                a.number(4)?,
            ))
        },
    },
    // Thế cờ Dodgem sau các nước đã đi (cỡ, luật, bên đi trước, người chơi, nước).
    Function {
        name: "dodgem_state",
        arity: 5,
        run: |a| {
            Ok(web::dodgem::state_json(
                a.number(0)?,
                a.text(1)?,
                a.text(2)?,
                a.text(3)?,
                a.text(4)?,
            ))
        },
    },
    // Nước đi của máy, có lời giải thích (cỡ, luật, bên đi trước, độ sâu, nước).
    Function {
        name: "dodgem_computer",
        arity: 5,
        run: |a| {
            Ok(web::dodgem::computer_json(
                a.number(0)?,
                a.text(1)?,
                a.text(2)?,
                a.number(3)?,
                a.text(4)?,
            ))
        },
    },
    // Một lượt chơi Grundy với máy (trò chơi, mảng JSON các đối số của thế).
    Function {
        name: "grundy_turn",
        arity: 2,
        run: |a| Ok(web::grundy::turn_json(a.text(0)?, a.text(1)?)),
    },
    // Hình của câu hỏi Grundy (trò chơi, hai tham số).
    Function {
        name: "grundy_figure",
        arity: 3,
        run: |a| Ok(web::grundy::figure_json(a.text(0)?, a.text(1)?, a.text(2)?)),
    },
    // Tự kiểm tra đường đi của một lỗi bên trong mô-đun: cố ý dừng (panic). Trang
    // phải biến nó thành câu "Mô-đun gặp lỗi bên trong …" và mở lại Worker;
    // `make wasm-test` và giáo viên (bảng điều khiển của trình duyệt:
    // `caytrochoi.panicCheck()`) dùng nó để thấy điều đó.
    Function {
        name: "panic_check",
        arity: 0,
        run: |_| panic!("tự kiểm tra: mô-đun cố ý dừng ở đây"),
    },
];

/// Tên của mọi hàm trong bảng (kiểm thử so với những tên trang gọi).
#[cfg(test)]
pub fn names() -> impl Iterator<Item = &'static str> {
    FUNCTIONS.iter().map(|f| f.name)
}

/// Gọi hàm `name` với các đối số `args_json` (một mảng JSON). Tên lạ, số đối số
/// sai hay đối số sai kiểu cho `{"error": "…"}`.
pub fn call(name: &str, args_json: &str) -> String {
    let Some(function) = FUNCTIONS.iter().find(|f| f.name == name) else {
        let shown: String = name.chars().take(40).collect();
        return web::error_json(&format!("mô-đun không có hàm `{shown}`"));
    };
    Args::parse(function.name, args_json, function.arity)
        .and_then(|args| (function.run)(&args))
        .unwrap_or_else(|e| web::error_json(&e))
}

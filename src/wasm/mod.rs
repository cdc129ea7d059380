//! Lớp nối mô-đun WebAssembly của sách (tính năng `wasm`, `make wasm`) với
//! JavaScript. Không có logic nào ở đây: mỗi hàm chỉ chuyển lời gọi sang
//! [`crate::web`] hoặc [`crate::practice::web`] — những hàm mà CLI, trình chạy
//! của sách và notebook cũng gọi. Mọi hàm nhận chữ / số, trả về một chuỗi JSON;
//! lỗi là `{"error": "…"}` (tiếng Việt). Trang gọi các hàm này qua
//! `book/theme/wasm/caytrochoi.js` (API `window.caytrochoi`, chạy trong Web Worker).

use wasm_bindgen::prelude::wasm_bindgen;

/// Một lệnh `caytrochoi …` chạy trong bộ nhớ: `{"code", "stdout", "stderr"}`.
#[wasm_bindgen]
pub fn cli(args_json: &str) -> String {
    crate::web::cli_json(args_json)
}

/// Lời giải thích từng bước và hình cuối của một cây.
#[wasm_bindgen]
pub fn tree_walk(text: &str, algorithm: &str, order: bool) -> String {
    crate::web::tree::walk_json(text, algorithm, order)
}

/// Hình cây sau `step` bước.
#[wasm_bindgen]
pub fn tree_step(text: &str, algorithm: &str, order: bool, step: u32) -> String {
    crate::web::tree::step_json(text, algorithm, order, step)
}

/// Bài luyện tập của (chương, mức, hạt giống).
#[wasm_bindgen]
pub fn practice_card(chapter: u8, level: &str, seed: &str) -> String {
    crate::web::practice::card_json(chapter, level, seed)
}

/// Lời chấm một câu trả lời của bài luyện tập.
#[wasm_bindgen]
pub fn practice_grade(
    chapter: u8,
    level: &str,
    seed: &str,
    answer: &str,
    wrong_before: u32,
) -> String {
    crate::web::practice::grade_json(chapter, level, seed, answer, wrong_before)
}

/// Thẻ "bấm vào các nhánh bị cắt" của trang luyện tập (hạt giống viết bằng chữ số).
#[wasm_bindgen]
pub fn click_card(seed: &str, level: &str, algorithm: &str) -> String {
    crate::web::practice::click_card_json(seed, level, algorithm)
}

/// Các câu cố định mà trang luyện tập dùng để ghép lời nhận xét.
#[wasm_bindgen]
pub fn click_texts() -> String {
    crate::practice::web::texts_json()
}

/// Chấm các nhánh đã bấm (mảng JSON các nhãn) bằng bộ chấm của thư viện.
#[wasm_bindgen]
pub fn click_grade(
    seed: &str,
    level: &str,
    algorithm: &str,
    selected_json: &str,
    wrong_before: u32,
) -> String {
    crate::web::practice::click_grade_json(seed, level, algorithm, selected_json, wrong_before)
}

/// Thế cờ Dodgem sau các nước đã đi.
#[wasm_bindgen]
pub fn dodgem_state(size: u32, rule: &str, first: &str, human: &str, moves_json: &str) -> String {
    crate::web::dodgem::state_json(size, rule, first, human, moves_json)
}

/// Nước đi của máy, có lời giải thích.
#[wasm_bindgen]
pub fn dodgem_computer(size: u32, rule: &str, first: &str, depth: u32, moves_json: &str) -> String {
    crate::web::dodgem::computer_json(size, rule, first, depth, moves_json)
}

/// Một lượt chơi với máy ở thế viết bằng các đối số của `caytrochoi grundy GAME …`.
#[wasm_bindgen]
pub fn grundy_turn(game: &str, args_json: &str) -> String {
    crate::web::grundy::turn_json(game, args_json)
}

/// Hình của câu hỏi Grundy (bàn G hoặc dãy G).
#[wasm_bindgen]
pub fn grundy_figure(game: &str, a: &str, b: &str) -> String {
    crate::web::grundy::figure_json(game, a, b)
}

/// Tự kiểm tra đường đi của một lỗi bên trong mô-đun: hàm này cố ý dừng
/// (panic). Trang phải biến nó thành câu "Mô-đun gặp lỗi bên trong …" bằng tiếng
/// Việt và mở lại Worker; `make wasm-test` và giáo viên (bảng điều khiển của
/// trình duyệt: `caytrochoi.panicCheck()`) dùng nó để thấy điều đó.
#[wasm_bindgen]
pub fn panic_check() -> String {
    panic!("tự kiểm tra: mô-đun cố ý dừng ở đây")
}

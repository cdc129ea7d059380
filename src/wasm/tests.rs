//! Lớp nối, chạy trên máy: bảng hàm cho đúng chuỗi của hàm thư viện, mọi lỗi
//! đầu vào thành `{"error": …}`, và bốn hàm thô đi trọn một vòng qua bộ nhớ.

use super::abi::{caytrochoi_alloc, caytrochoi_call, caytrochoi_free, caytrochoi_result_len};
use super::table::{call, names};
use serde_json::{json, Value};

const AK: &str = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))";

fn error_of(result: &str) -> String {
    let v: Value = serde_json::from_str(result).unwrap();
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("không phải lỗi: {result}"))
        .to_string()
}

#[test]
fn each_function_returns_what_the_library_returns() {
    let cli = json!(["alphabeta", "--tree", AK, "--json"]).to_string();
    assert_eq!(
        call("cli", &json!([cli]).to_string()),
        crate::web::cli_json(&cli)
    );
    assert_eq!(
        call("tree_walk", &json!([AK, "cat-tia", false]).to_string()),
        crate::web::tree::walk_json(AK, "cat-tia", false)
    );
    assert_eq!(
        call("tree_step", &json!([AK, "minimax", false, 5]).to_string()),
        crate::web::tree::step_json(AK, "minimax", false, 5)
    );
    assert_eq!(
        call("practice_card", &json!([4, "vua", "12345"]).to_string()),
        crate::web::practice::card_json(4, "vua", "12345")
    );
    assert_eq!(
        call(
            "practice_grade",
            &json!([4, "vua", "12345", "3", 1]).to_string()
        ),
        crate::web::practice::grade_json(4, "vua", "12345", "3", 1)
    );
    assert_eq!(
        call(
            "click_grade",
            &json!(["12345", "vua", "cua-so", "[\"B\"]", 2]).to_string()
        ),
        crate::web::practice::click_grade_json("12345", "vua", "cua-so", "[\"B\"]", 2)
    );
    assert_eq!(
        call(
            "dodgem_state",
            &json!([3, "vn", "den", "den", "[]"]).to_string()
        ),
        crate::web::dodgem::state_json(3, "vn", "den", "den", "[]")
    );
    assert_eq!(
        call(
            "grundy_turn",
            &json!(["boc-soi", "[\"3\", \"4\"]"]).to_string()
        ),
        crate::web::grundy::turn_json("boc-soi", "[\"3\", \"4\"]")
    );
    // Kết quả thật, không phải lỗi.
    let kq: Value = serde_json::from_str(&call("cli", &json!([cli]).to_string())).unwrap();
    let out: Value = serde_json::from_str(kq["stdout"].as_str().unwrap()).unwrap();
    assert_eq!(out["value"], 1);
}

#[test]
fn bad_calls_are_vietnamese_errors() {
    assert_eq!(error_of(&call("nope", "[]")), "mô-đun không có hàm `nope`");
    assert_eq!(
        error_of(&call("tree_walk", "[\"(1, 2)\", \"minimax\"]")),
        "hàm `tree_walk` nhận 3 đối số, nhưng được gọi với 2"
    );
    assert_eq!(
        error_of(&call("tree_walk", "[\"(1, 2)\", \"minimax\", 1]")),
        "đối số thứ 3 của hàm `tree_walk` phải là true hoặc false, không phải 1"
    );
    assert_eq!(
        error_of(&call("tree_step", "[\"(1, 2)\", \"minimax\", true, -1]")),
        "đối số thứ 4 của hàm `tree_step` phải là một số nguyên từ 0 đến 4 294 967 295, \
         không phải -1"
    );
    assert_eq!(
        error_of(&call("practice_card", "[256, \"vua\", \"1\"]")),
        "đối số thứ 1 của hàm `practice_card` phải là một số nguyên từ 0 đến 255, \
         không phải 256"
    );
    assert_eq!(
        error_of(&call("cli", "[[\"tictactoe\"]]")),
        "đối số thứ 1 của hàm `cli` phải là một chuỗi, không phải một mảng"
    );
    assert!(error_of(&call("cli", "không phải JSON"))
        .starts_with("đối số của hàm `cli` phải là một mảng JSON"));
    assert!(error_of(&call("cli", "{}")).starts_with("đối số của hàm `cli` phải là một mảng JSON"));
    // Tên rất dài: câu báo chỉ giữ 40 ký tự đầu.
    let long = "x".repeat(10_000);
    assert!(error_of(&call(&long, "[]")).len() < 100);
}

#[test]
#[should_panic(expected = "tự kiểm tra")]
fn panic_check_panics() {
    call("panic_check", "[]");
}

#[test]
fn panic_description_names_the_message_and_the_place() {
    let at = std::panic::Location::caller();
    let text = super::panic::describe(&"cố ý dừng", Some(at));
    assert_eq!(text, format!("cố ý dừng; {}:{}", at.file(), at.line()));
    let owned: String = "câu lỗi 7".to_string();
    assert_eq!(super::panic::describe(&owned, None), "câu lỗi 7");
    assert_eq!(super::panic::describe(&7_u32, None), "không rõ lý do");
}

/// Mỗi tên mà trang gọi (book/theme/wasm-api.js: `call('…'` / `callJson('…'`)
/// có trong bảng, và mỗi dòng của bảng được trang dùng.
#[test]
fn table_matches_the_page() {
    let page = include_str!("../../book/theme/wasm-api.js");
    let mut called: Vec<&str> = page
        .split("all('")
        .skip(1)
        .chain(page.split("allJson('").skip(1))
        .filter_map(|rest| rest.split('\'').next())
        .filter(|name| !name.is_empty())
        .collect();
    called.sort_unstable();
    called.dedup();
    let mut table: Vec<&str> = names().collect();
    table.sort_unstable();
    assert_eq!(called, table);
}

/// Xin vùng nhớ, chép chữ, gọi, đọc kết quả, trả vùng nhớ — như book/wasm/abi.js.
fn raw_call(name: &[u8], args: &[u8]) -> String {
    let put = |bytes: &[u8]| {
        let ptr = caytrochoi_alloc(bytes.len());
        // SAFETY: caytrochoi_alloc vừa trả về đúng bytes.len() byte ghi được.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), ptr, bytes.len()) };
        ptr
    };
    let (name_ptr, args_ptr) = (put(name), put(args));
    // SAFETY: hai vùng của caytrochoi_alloc, đúng độ dài, chưa trả lại.
    let result_ptr = unsafe { caytrochoi_call(name_ptr, name.len(), args_ptr, args.len()) };
    // SAFETY: kết quả nằm yên trong mô-đun (luồng này) đến lời gọi sau.
    let result = unsafe { std::slice::from_raw_parts(result_ptr, caytrochoi_result_len()) };
    let text = String::from_utf8(result.to_vec()).unwrap();
    // SAFETY: trả lại đúng hai vùng đã xin, mỗi vùng một lần.
    unsafe {
        caytrochoi_free(name_ptr, name.len());
        caytrochoi_free(args_ptr, args.len());
    }
    text
}

#[test]
fn raw_abi_round_trip() {
    let args = json!([AK, "cat-tia", true]).to_string();
    assert_eq!(
        raw_call(b"tree_walk", args.as_bytes()),
        crate::web::tree::walk_json(AK, "cat-tia", true)
    );
    assert_eq!(
        raw_call(b"click_grade", br#"["7", "de", "cat-tia", "[]", 0]"#),
        crate::web::practice::click_grade_json("7", "de", "cat-tia", "[]", 0)
    );
    assert_eq!(
        error_of(&raw_call(b"cli", b"[\"\xff\"]")),
        "tên hàm và đối số phải là chữ UTF-8"
    );
    // Vùng rỗng cũng xin và trả được.
    assert!(error_of(&raw_call(b"", b"")).starts_with("mô-đun không có hàm"));
}

//! Trang luyện tập của sách: ngân hàng bài dựng sẵn không được cũ (sinh lại và so
//! từng byte, như hình của sách), và trang nạp đúng các tệp của nó.

#[path = "../book/practice_bank.rs"]
mod practice_bank;

use std::path::Path;

#[test]
fn committed_bank_is_up_to_date() {
    let path = practice_bank::path();
    let on_disk = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("chưa có {}: chạy `make figures`", path.display()));
    let fresh = practice_bank::contents().expect("sinh được ngân hàng bài");
    assert!(
        on_disk == fresh,
        "ngân hàng bài {} đã cũ: chạy `make figures`",
        path.display()
    );
    assert_eq!(
        fresh,
        practice_bank::contents().unwrap(),
        "sinh hai lần phải giống nhau"
    );
    // Mỗi (mức, thuật toán) đủ thẻ; mỗi thẻ có cắt tỉa thật.
    let cards = fresh.matches("{\"seed\":").count();
    assert_eq!(cards as u64, 3 * 2 * practice_bank::PER_KIND);
    assert!(!fresh.contains("\"truth\":[]"), "có thẻ không cắt gì");
}

#[test]
fn page_loads_the_bank_and_its_script() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("book");
    let page = std::fs::read_to_string(root.join("src/luyen-tap.md")).unwrap();
    assert!(page.contains("<div id=\"luyen-tap\""));
    assert!(page.contains("<script src=\"luyen-tap/ngan-hang.js\"></script>"));
    let toml = std::fs::read_to_string(root.join("book.toml")).unwrap();
    assert!(toml.contains("theme/luyen-tap.js") && toml.contains("theme/luyen-tap.css"));
    let summary = std::fs::read_to_string(root.join("src/SUMMARY.md")).unwrap();
    assert!(summary.contains("(luyen-tap.md)"));
    // Trang chỉ ghép các câu của thư viện: nó không được tự viết lời nhận xét.
    let js = std::fs::read_to_string(root.join("theme/luyen-tap.js")).unwrap();
    for phrase in [
        "Chưa đúng (lần thử",
        "cắt thừa",
        "chưa ghi",
        "Lời giải đầy đủ",
    ] {
        assert!(
            !js.contains(phrase),
            "luyen-tap.js tự viết câu «{phrase}»: hãy lấy từ thẻ"
        );
    }
}

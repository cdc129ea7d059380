//! Ghi ngân hàng bài của trang luyện tập (`make figures`):
//! `cargo run --example practice_bank` ghi `book/src/luyen-tap/ngan-hang.js`.
//! `tests/book_practice.rs` kiểm tra tệp đã ghi không cũ.

#[path = "../book/practice_bank.rs"]
mod practice_bank;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = practice_bank::path();
    let text = practice_bank::contents()?;
    let old = std::fs::read_to_string(&path).unwrap_or_default();
    if old == text {
        println!("ngân hàng bài không đổi: {}", path.display());
    } else {
        std::fs::create_dir_all(path.parent().expect("có thư mục cha"))?;
        std::fs::write(&path, &text)?;
        println!("đã ghi  {} ({} KiB)", path.display(), text.len() / 1024);
    }
    Ok(())
}

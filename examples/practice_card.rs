//! In thẻ JSON của một bài "bấm vào các nhánh bị cắt" — đúng việc trình chạy của
//! sách làm khi trang luyện tập xin một cây mới:
//! `cargo run --example practice_card -- HẠT-GIỐNG [de|vua|kho] [cat-tia|cua-so]`.
//! Kiểm thử trình duyệt của trang (tests/practice/browser.py) dùng nó để giả
//! trình chạy.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed = args.first().and_then(|s| s.parse::<u64>().ok());
    let Some(seed) = seed else {
        eprintln!("Cách dùng: practice_card HẠT-GIỐNG [de|vua|kho] [cat-tia|cua-so]");
        std::process::exit(2);
    };
    let level = args.get(1).map_or("vua", String::as_str);
    let algorithm = args.get(2).map_or("cat-tia", String::as_str);
    print!(
        "{}",
        caytrochoi::practice::web::card_json(seed, level, algorithm)
    );
}

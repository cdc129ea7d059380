//! Vẽ mọi hình của sách vào `book/src/figures/` (`make figures`):
//! `cargo run --example book_figures`. Tệp SVG nào trong thư mục không còn
//! thuộc danh sách hình thì bị xóa.

#[path = "../book/figures.rs"]
mod figures;

use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/figures");
    std::fs::create_dir_all(&dir)?;
    let all = figures::all()?;
    let mut changed = 0;
    for (name, fig) in &all {
        let path = dir.join(name);
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        if old != fig.svg() {
            fig.save(&path)?;
            changed += 1;
            println!("đã ghi  {}", path.display());
        }
    }
    for entry in std::fs::read_dir(&dir)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.ends_with(".svg") && !all.iter().any(|(n, _)| *n == name) {
            std::fs::remove_file(&path)?;
            println!(
                "đã xóa  {} (không còn trong book/figures.rs)",
                path.display()
            );
        }
    }
    println!(
        "{} hình, {} hình được ghi lại, trong {}",
        all.len(),
        changed,
        dir.display()
    );
    Ok(())
}

//! Trang chiếu cho mọi chương của sách, dựng từ chính mã nguồn Markdown của
//! chương (`make slides`): `cargo run --example slides -- [--pdf] PHÔNG RA TỆP.md…`.
//!
//! - Mỗi tệp `.md` (chương của sách trong `book/src/`, hay bộ trang của giáo viên
//!   trong `book/slides/`) thành một tệp HTML tự chứa (phông chữ, hình SVG, mã
//!   điều khiển đều nằm trong tệp; mở thẳng từ đĩa, không cần mạng), và với
//!   `--pdf`, một tệp PDF (Chromium không giao diện in tệp HTML ấy).
//! - Cách chương thành trang chiếu, và các lệnh `<!-- chieu: … -->`: xem
//!   `book/slides/huong-dan.md` (chính nó cũng là một bộ trang chiếu).
//! - Lỗi trong một tệp (lệnh không có, cây viết sai…): một dòng tiếng Việt
//!   `tệp:dòng: …`, mã thoát 2, và thư mục RA không đổi gì: mọi tệp được dựng
//!   trong một thư mục tạm, chỉ đổi tên thành RA khi tất cả đã xong.

mod book;
mod html;
mod source;
mod worked;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Lỗi có vị trí: `tệp:dòng: lời`.
#[derive(Debug)]
pub struct SlideError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for SlideError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("make slides: lỗi: {e}");
            eprintln!("Không dựng trang chiếu nào (thư mục kết quả giữ nguyên như trước).");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), SlideError> {
    let plain = |message: String| SlideError {
        file: "make slides".to_string(),
        line: 0,
        message,
    };
    let mut pdf = false;
    let mut rest = Vec::new();
    for a in args {
        match a.as_str() {
            "--pdf" => pdf = true,
            _ => rest.push(PathBuf::from(a)),
        }
    }
    if rest.len() < 3 {
        return Err(plain(
            "cách dùng: slides [--pdf] THƯ_MỤC_PHÔNG THƯ_MỤC_RA TỆP.md…".to_string(),
        ));
    }
    let fonts = html::Fonts::load(&rest[0]).map_err(plain)?;
    let out = rest[1].clone();
    let inputs = &rest[2..];

    // 1. Đọc và dựng mọi bộ trang trong bộ nhớ: lỗi ở bất kỳ tệp nào thì dừng
    //    trước khi ghi gì.
    let mut decks = Vec::new();
    for path in inputs {
        let deck = source::read_deck(path)?;
        decks.push(deck);
    }
    // 2. Ghi vào một thư mục tạm bên cạnh RA.
    let parent = out.parent().unwrap_or(Path::new(".")).to_path_buf();
    std::fs::create_dir_all(&parent)
        .map_err(|e| plain(format!("không tạo được {}: {e}", parent.display())))?;
    let tmp = parent.join(format!(
        ".{}.dang-dung-{}",
        out.file_name().and_then(|n| n.to_str()).unwrap_or("slides"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp)
        .map_err(|e| plain(format!("không tạo được {}: {e}", tmp.display())))?;
    let result = write_all(&decks, &fonts, &tmp, pdf);
    if let Err(e) = result {
        let _ = std::fs::remove_dir_all(&tmp);
        return Err(plain(e));
    }
    // 3. Đổi tên: RA cũ (nếu có) bị thay bằng bản mới, trọn vẹn.
    let _ = std::fs::remove_dir_all(&out);
    std::fs::rename(&tmp, &out)
        .map_err(|e| plain(format!("không đổi tên được {}: {e}", tmp.display())))?;
    for d in &decks {
        println!(
            "{:<40} {:>3} trang{}",
            format!("{}.html", d.name),
            d.slides.len(),
            d.stepped
                .iter()
                .map(|(n, k)| format!(", {n}: {k} bước"))
                .collect::<String>()
        );
    }
    println!(
        "{} bộ trang chiếu trong {}{}",
        decks.len(),
        out.display(),
        if pdf { " (HTML và PDF)" } else { " (HTML)" }
    );
    Ok(())
}

/// Ghi HTML (và PDF) của mọi bộ trang, cùng bảng kê `trinh-chieu.tsv`.
fn write_all(
    decks: &[source::Deck],
    fonts: &html::Fonts,
    dir: &Path,
    pdf: bool,
) -> Result<(), String> {
    let mut manifest = String::from("tệp\tsố trang\tví dụ từng bước\tsố bước\n");
    for d in decks {
        let path = dir.join(format!("{}.html", d.name));
        std::fs::write(&path, html::render(d, fonts))
            .map_err(|e| format!("không ghi được {}: {e}", path.display()))?;
        if d.stepped.is_empty() {
            manifest.push_str(&format!("{}\t{}\t\t\n", d.name, d.slides.len()));
        }
        for (name, steps) in &d.stepped {
            manifest.push_str(&format!(
                "{}\t{}\t{name}\t{steps}\n",
                d.name,
                d.slides.len()
            ));
        }
        if pdf {
            print_pdf(&path, &dir.join(format!("{}.pdf", d.name)))?;
        }
    }
    std::fs::write(dir.join("trinh-chieu.tsv"), manifest)
        .map_err(|e| format!("không ghi được bảng kê: {e}"))
}

/// Chromium của Debian in tệp HTML thành PDF (mỗi trang chiếu một trang
/// 1280 × 720), không mạng: mọi tên miền đều bị từ chối.
fn print_pdf(html: &Path, pdf: &Path) -> Result<(), String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    let abs = std::fs::canonicalize(html).map_err(|e| format!("{}: {e}", html.display()))?;
    let profile = pdf.with_extension("profile");
    let output = Command::new(&chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--no-pdf-header-footer",
            "--virtual-time-budget=5000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!("file://{}", abs.display()))
        .output()
        .map_err(|e| format!("không chạy được {chromium} để in PDF: {e}"))?;
    let _ = std::fs::remove_dir_all(&profile);
    if !output.status.success() || !pdf.exists() {
        return Err(format!(
            "Chromium không in được {}: {}",
            html.display(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(())
}

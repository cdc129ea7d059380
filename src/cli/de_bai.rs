//! `caytrochoi de-bai`: đề luyện tập in được cho giáo viên (HTML, và PDF qua
//! Chromium không giao diện), kèm đáp án riêng có lời giải từng bước.

use super::common::help_requested;
use super::practice_options;
use super::{CliError, Io};
use crate::args::Args;
use crate::practice::fresh_seed;
use crate::practice::sheet::{Sheet, SheetSpec};
use crate::practice::Topic;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const HELP: &str = "\
caytrochoi de-bai — đề luyện tập in được (HTML, PDF) và đáp án có lời giải

Cách dùng: caytrochoi de-bai [--so-bai N] [--hat-giong N] [--muc de|vua|kho]
                             [--chuong 3,4,5] [--tieu-de CHỮ] [--thu-muc THƯ-MỤC]
                             [--pdf] [--chromium ĐƯỜNG-DẪN]

  --so-bai N        số bài (1…50, mặc định 6)
  --hat-giong N     hạt giống của đề (mặc định: một số mới, in ra để dùng lại);
                    cùng hạt giống, cùng mức, cùng chương thì cùng đề
  --muc M           mức: de, vua (mặc định), kho
  --chuong C        các chương, xoay vòng (mặc định: 3,4); 1…7
  --tieu-de CHỮ     tiêu đề đề bài (mặc định \"Đề luyện tập — cây trò chơi\")
  --thu-muc DIR     thư mục ghi tệp (mặc định: thư mục hiện tại; tạo nếu chưa có)
  --pdf             ghi thêm bản PDF của đề và đáp án (cần Chromium)
  --chromium PATH   chương trình Chromium (mặc định: /usr/bin/chromium, hoặc biến
                    môi trường CHROMIUM)

Ghi ra: de-bai-HẠT.html và dap-an-HẠT.html (và .pdf nếu có --pdf). Mở tệp HTML
bằng trình duyệt để in; hình cây, đồ thị, bàn cờ nằm ngay trong trang.
";

/// Chạy `de-bai`.
pub fn run(rest: Vec<String>, io: &mut Io) -> Result<(), CliError> {
    let mut args = Args::new("de-bai", rest);
    if help_requested(&args, HELP, io) {
        return Ok(());
    }
    let count = args.number_in("--so-bai", 1, 50)?.unwrap_or(6) as usize;
    let seed = practice_options::seed(&mut args)?;
    let level = practice_options::level(&mut args)?;
    let topics = practice_options::topics(&mut args, &[Topic::Minimax, Topic::AlphaBeta])?;
    let title = args.value("--tieu-de")?;
    let dir = PathBuf::from(args.value("--thu-muc")?.unwrap_or_else(|| ".".into()));
    let pdf = args.flag("--pdf")?;
    let chromium = args.value("--chromium")?;
    args.finish()?;
    if title.as_deref().is_some_and(|t| t.chars().count() > 200) {
        return Err(CliError::new("--tieu-de quá dài (tối đa 200 ký tự)"));
    }
    let seed = seed.unwrap_or_else(fresh_seed);
    let spec = SheetSpec {
        count,
        seed,
        level,
        topics,
        title,
    };
    let sheet = Sheet::new(&spec);
    std::fs::create_dir_all(&dir).map_err(|e| {
        CliError::new(format!(
            "không tạo được thư mục `{}`: {}",
            dir.display(),
            crate::os_error::describe(&e)
        ))
    })?;
    let files = [
        (
            dir.join(format!("de-bai-{seed}.html")),
            sheet.exercise_html(),
        ),
        (
            dir.join(format!("dap-an-{seed}.html")),
            sheet.answer_key_html(),
        ),
    ];
    for (path, html) in &files {
        std::fs::write(path, html).map_err(|e| {
            CliError::new(format!(
                "không ghi được tệp `{}`: {}",
                path.display(),
                crate::os_error::describe(&e)
            ))
        })?;
        io.println(&format!("đã ghi  {}", path.display()));
    }
    if pdf {
        let program = chromium
            .or_else(|| std::env::var("CHROMIUM").ok())
            .unwrap_or_else(|| "/usr/bin/chromium".into());
        for (path, _) in &files {
            let out = path.with_extension("pdf");
            print_to_pdf(Path::new(&program), path, &out)?;
            io.println(&format!("đã ghi  {}", out.display()));
        }
    }
    io.println(&format!(
        "Đề {count} bài, mức {level}, hạt giống {seed}: dùng lại `--hat-giong {seed}` để có đúng đề này."
    ));
    Ok(())
}

/// Thời gian tối đa cho Chromium in một trang.
const PDF_TIMEOUT: Duration = Duration::from_secs(120);

/// In trang HTML `html` thành PDF `out` bằng Chromium không giao diện.
///
/// Chromium không giao diện đôi khi thoát ngay lúc khởi động (thấy ở đây một lần
/// trong vài chục lần): khi nó thoát lỗi mà chưa ghi gì, thử lại một lần.
fn print_to_pdf(chromium: &Path, html: &Path, out: &Path) -> Result<(), CliError> {
    if !chromium.is_file() {
        return Err(CliError::new(format!(
            "không tìm thấy Chromium ở `{}`: cài bằng `apt-get install chromium` (Debian/Ubuntu) \
             hoặc chỉ đường dẫn bằng --chromium; bản HTML đã ghi, có thể in thẳng từ trình duyệt",
            chromium.display()
        )));
    }
    let abs = |p: &Path| {
        std::fs::canonicalize(p)
            .or_else(|_| std::env::current_dir().map(|d| d.join(p)))
            .unwrap_or_else(|_| p.to_path_buf())
    };
    let html_abs = abs(html);
    let out_abs =
        abs(out.parent().unwrap_or(Path::new("."))).join(out.file_name().unwrap_or_default());
    let mut attempt = print_once(chromium, &html_abs, &out_abs)?;
    if let Attempt::Failed(_) = attempt {
        attempt = print_once(chromium, &html_abs, &out_abs)?;
    }
    match attempt {
        Attempt::Done => Ok(()),
        Attempt::TimedOut => Err(CliError::new(format!(
            "Chromium không in xong `{}` trong {} giây",
            html.display(),
            PDF_TIMEOUT.as_secs()
        ))),
        Attempt::Failed(detail) => Err(CliError::new(format!(
            "Chromium không in được `{}` thành PDF (bản HTML đã ghi, có thể in thẳng từ trình \
             duyệt){}",
            html.display(),
            if detail.is_empty() {
                String::new()
            } else {
                format!(" [Chromium: {detail}]")
            }
        ))),
    }
}

/// Kết quả một lần gọi Chromium.
enum Attempt {
    /// Đã ghi tệp PDF.
    Done,
    /// Quá [`PDF_TIMEOUT`] (đã dừng Chromium).
    TimedOut,
    /// Thoát mà không ghi được PDF; kèm dòng lỗi cuối của Chromium (nếu có).
    Failed(String),
}

/// Gọi Chromium một lần, với một hồ sơ người dùng tạm (xóa khi xong).
fn print_once(chromium: &Path, html_abs: &Path, out_abs: &Path) -> Result<Attempt, CliError> {
    let profile = std::env::temp_dir().join(format!(
        "caytrochoi-chromium-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    ));
    let _ = std::fs::remove_file(out_abs);
    let _ = std::fs::create_dir_all(&profile);
    let log_path = profile.join("chromium.log");
    let log = std::fs::File::create(&log_path)
        .map(Stdio::from)
        .unwrap_or_else(|_| Stdio::null());
    let spawned = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", out_abs.display()))
        .arg(format!("file://{}", html_abs.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&profile);
            return Err(CliError::new(format!(
                "không chạy được Chromium `{}`: {}",
                chromium.display(),
                crate::os_error::describe(&e)
            )));
        }
    };
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > PDF_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(100)),
            Err(_) => break None,
        }
    };
    let detail = last_error_line(&log_path);
    let _ = std::fs::remove_dir_all(&profile);
    let written = std::fs::metadata(out_abs).map(|m| m.len()).unwrap_or(0);
    Ok(match status {
        Some(s) if s.success() && written > 0 => Attempt::Done,
        None => Attempt::TimedOut,
        _ => Attempt::Failed(detail),
    })
}

/// Dòng báo lỗi cuối cùng Chromium ghi ra, bỏ qua những lời than về D-Bus (máy
/// không có D-Bus vẫn in được PDF).
fn last_error_line(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    text.lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.contains("dbus") && !l.contains("D-Bus"))
        .map(|l| l.chars().take(300).collect())
        .unwrap_or_default()
}

//! Không chép câu chữ của bài giảng: không tệp nào của dự án (sách, notebook, mã nguồn,
//! kiểm thử, README) có 10 từ liên tiếp trùng với các bài giảng gốc, trừ những đoạn chỉ là
//! dữ liệu của bài giảng (giá trị lá, bảng số) ghi trong
//! `tests/fixtures/lecture_overlap_allow.txt`.
//!
//! Bài giảng không nằm trong kho, nên kiểm thử so với `tests/fixtures/lecture_windows.txt`:
//! 48 bit đầu của FNV-1a 64 của mọi cửa sổ 10 từ của bài giảng (không giữ chữ nào của bài
//! giảng). Tệp ấy do `python3 tests/lecture/overlap.py fingerprints THƯ_MỤC_BÀI_GIẢNG` sinh
//! ra; `… report THƯ_MỤC_BÀI_GIẢNG` in từng đoạn trùng để viết lại. Hai bên chuẩn hóa chữ
//! như nhau: NFC, chữ thường, mọi ký tự không phải chữ/số là dấu cách.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use unicode_normalization::UnicodeNormalization;

const WINDOW: usize = 10;

/// Các thư mục không phải chữ của dự án: bản dựng, dữ liệu kiểm thử, sách đã sinh (thư
/// mục ẩn như `.git`, `.venv`, `.tools` và liên kết mềm cũng bị bỏ qua).
const SKIP_DIRS: &[&str] = &[
    "target",
    "book/book",
    "book/src/wasm",
    "book/src/figures",
    "sach-tinh",
    "fuzz/target",
    "fuzz/corpus",
    "fuzz/artifacts",
    "tests/fixtures",
    "notebooks/.ipynb_checkpoints",
];

const TEXT_EXTENSIONS: &[&str] = &[
    "md", "rs", "py", "js", "css", "hbs", "html", "c", "h", "sh", "toml", "ipynb",
];

fn words(text: &str) -> Vec<String> {
    let lowered: String = text.nfc().collect::<String>().to_lowercase();
    let cleaned: String = lowered
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    cleaned.split_whitespace().map(str::to_owned).collect()
}

fn fingerprint(window: &[String]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in window.join(" ").bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h >> 16
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn project_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let hidden = path.file_name().is_some_and(|n| {
            let n = n.to_string_lossy();
            n.starts_with('.') || n == "node_modules"
        });
        if hidden || path.is_symlink() || SKIP_DIRS.contains(&rel.as_str()) {
            continue;
        }
        if path.is_dir() {
            project_files(&path, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| TEXT_EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
}

/// Chữ người đọc thấy trong một tệp: cả tệp, riêng notebook thì nguồn của các ô (không
/// lấy kết quả đã chạy, vì đó là lời in của chính thư viện).
fn readable_text(path: &Path) -> String {
    let text = fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} không đọc được như UTF-8: {e}", path.display()));
    if path.extension().is_some_and(|e| e == "ipynb") {
        let nb: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut out = String::new();
        for cell in nb["cells"].as_array().unwrap() {
            match &cell["source"] {
                serde_json::Value::Array(lines) => {
                    for l in lines {
                        out.push_str(l.as_str().unwrap());
                    }
                }
                serde_json::Value::String(s) => out.push_str(s),
                _ => {}
            }
            out.push('\n');
        }
        out
    } else {
        text
    }
}

fn lines_of(path: &Path) -> HashSet<u64> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| u64::from_str_radix(l.trim(), 16).unwrap())
        .collect()
}

fn allowed_runs() -> Vec<Vec<String>> {
    fs::read_to_string(root().join("tests/fixtures/lecture_overlap_allow.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(words)
        .collect()
}

fn is_allowed(window: &[String], allowed: &[Vec<String>]) -> bool {
    allowed
        .iter()
        .any(|run| run.windows(window.len()).any(|w| w == window))
}

#[test]
fn no_ten_word_run_of_the_lectures_outside_the_allow_list() {
    let lecture = lines_of(&root().join("tests/fixtures/lecture_windows.txt"));
    assert!(lecture.len() > 10_000, "tệp dấu vân tay quá ít dòng");
    let allowed = allowed_runs();
    let mut files = Vec::new();
    project_files(&root(), &mut files);
    assert!(files.len() > 50, "chỉ thấy {} tệp", files.len());

    let mut found = Vec::new();
    let mut allowed_hits = 0;
    for path in &files {
        let w = words(&readable_text(path));
        for (i, window) in w.windows(WINDOW).enumerate() {
            if !lecture.contains(&fingerprint(window)) {
                continue;
            }
            if is_allowed(window, &allowed) {
                allowed_hits += 1;
            } else {
                let rel = path.strip_prefix(root()).unwrap().display();
                found.push(format!("{rel} (từ thứ {i}): {}", window.join(" ")));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} cửa sổ 10 từ trùng với bài giảng — hãy viết lại bằng lời của mình \
         (`python3 tests/lecture/overlap.py report …` in cả đoạn), hoặc nếu chỉ là dữ liệu \
         của bài giảng thì thêm vào tests/fixtures/lecture_overlap_allow.txt:\n{}",
        found.len(),
        found.join("\n")
    );
    // Danh sách cho phép không được chết: mỗi dòng của nó còn được dùng tới.
    assert!(
        allowed_hits > 0,
        "không cửa sổ nào dùng tới danh sách cho phép"
    );
}

/// Bộ kiểm tra phải thật sự bắt được một đoạn chép: một cửa sổ lấy từ chính tệp dấu vân
/// tay (đoạn dữ liệu được phép) phải trúng, và một câu tự viết thì không.
#[test]
fn the_check_recognises_a_known_window_and_ignores_our_own_words() {
    let lecture = lines_of(&root().join("tests/fixtures/lecture_windows.txt"));
    let leaves = words("2 3 5 9 0 7 4 2 1 5 6");
    assert!(lecture.contains(&fingerprint(&leaves[..WINDOW])));
    assert!(is_allowed(&leaves[1..], &allowed_runs()));
    let ours = words("Thư viện đếm thẳng số nước tính trước, còn tài liệu đếm từ độ sâu 0.");
    assert!(ours
        .windows(WINDOW)
        .all(|w| !lecture.contains(&fingerprint(w))));
}

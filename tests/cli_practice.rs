//! Lệnh `luyen-tap` và `de-bai` của chương trình thật: đáp án lấy từ thư viện
//! (cùng hạt giống, cùng bài), không ghi tay; đầu vào sai thoát với mã 2 và một
//! câu tiếng Việt nói rõ sai ở đâu.

mod common;

use caytrochoi::practice::sheet::problem_seed;
use caytrochoi::practice::{Level, Problem, Topic};
use common::run;

/// Bài thứ `k` (từ 0) mà `luyen-tap --hat-giong seed` hỏi khi chỉ luyện một chương.
fn problem(seed: u64, k: usize, level: Level, topic: Topic) -> Problem {
    Problem::generate(problem_seed(seed, k), level, topic)
}

#[test]
fn luyen_tap_checks_hints_and_keeps_score() {
    let p0 = problem(11, 0, Level::Easy, Topic::AlphaBeta);
    let p1 = problem(11, 1, Level::Easy, Topic::AlphaBeta);
    let p2 = problem(11, 2, Level::Easy, Topic::AlphaBeta);
    // Bài 1: sai hai lần rồi đúng. Bài 2: đúng ngay. Bài 3: xem lời giải.
    let wrong = "A"; // gốc: không bao giờ là một câu trả lời đúng cho bài về cắt tỉa
    let input = format!(
        "{wrong}\n{wrong}\n{}\n{}\nloi giai\n",
        p0.answer_text(),
        p1.answer_text()
    );
    let (code, out, err) = run(
        &[
            "luyen-tap",
            "--chuong",
            "4",
            "--muc",
            "de",
            "--hat-giong",
            "11",
            "--so-bai",
            "3",
        ],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("hạt giống 11"), "{out}");
    assert!(out.contains(&p0.statement()), "{out}");
    assert!(
        out.contains("A (MAX)") || out.contains("A (MIN)"),
        "cây vẽ bằng chữ:\n{out}"
    );
    // Bậc 1 rồi bậc 2 cho cùng câu trả lời sai.
    let f1 = p0.grade(wrong, 0);
    let f2 = p0.grade(wrong, 1);
    assert!(out.contains(&f1.message), "{out}");
    assert!(out.contains(&f2.message), "{out}");
    assert!(out.contains(&p0.grade(p0.answer_text(), 2).message));
    assert!(out.contains(&p1.statement()) && out.contains(&p2.statement()));
    assert!(out.contains(&format!("Đáp án: {}", p2.solution().answer)));
    assert!(out.contains(
        "Điểm: 2/3 bài đúng (1 bài đúng ngay lần đầu, 1 bài xem lời giải, 0 bài bỏ qua)."
    ));
}

#[test]
fn luyen_tap_blank_unreadable_skip_and_end_of_input() {
    let p = problem(3, 0, Level::Medium, Topic::Grundy);
    let (code, out, _) = run(
        &["luyen-tap", "--chuong", "5", "--hat-giong", "3"],
        "?\n\nbo qua\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Chưa có câu trả lời"), "{out}");
    assert!(
        out.contains(&format!("Bỏ qua. Đáp án: {}", p.answer_text())),
        "{out}"
    );
    // Hết đầu vào ở bài thứ hai: dừng lịch sự, bài dang dở không tính.
    assert!(out.contains("Hết đầu vào"), "{out}");
    assert!(out.contains(
        "Điểm: 0/1 bài đúng (0 bài đúng ngay lần đầu, 0 bài xem lời giải, 1 bài bỏ qua)."
    ));
    // Cùng hạt giống, cùng buổi luyện tập.
    let (_, again, _) = run(
        &["luyen-tap", "--chuong", "5", "--hat-giong", "3"],
        "?\n\nbo qua\n",
    );
    assert_eq!(out, again);
}

#[test]
fn luyen_tap_one_kind_and_dodgem_board() {
    let (code, out, _) = run(
        &[
            "luyen-tap",
            "--dang",
            "dodgem",
            "--hat-giong",
            "8",
            "--so-bai",
            "1",
        ],
        "thoat\n",
    );
    assert_eq!(code, 0);
    assert!(out.contains("Đã ra khỏi bàn"), "bàn cờ vẽ bằng chữ:\n{out}");
    assert!(out.contains("Điểm: 0/0"), "{out}");
}

#[test]
fn luyen_tap_bad_options_exit_2_in_vietnamese() {
    for (args, needle) in [
        (
            vec!["luyen-tap", "--muc", "rat-kho"],
            "giá trị của --muc không hợp lệ: `rat-kho`",
        ),
        (vec!["luyen-tap", "--chuong", "4,9"], "`9` trong `4,9`"),
        (
            vec!["luyen-tap", "--chuong", ","],
            "--chuong cần ít nhất một số chương",
        ),
        (
            vec!["luyen-tap", "--so-bai", "-1"],
            "giá trị của --so-bai không hợp lệ",
        ),
        (
            vec!["luyen-tap", "--hat-giong", "abc"],
            "giá trị của --hat-giong không hợp lệ: `abc`",
        ),
        (vec!["luyen-tap", "--dang", "xyz"], "cat-tia"),
        (vec!["luyen-tap", "--la"], "tùy chọn không hợp lệ `--la`"),
        (
            vec!["de-bai", "--so-bai", "0"],
            "giá trị của --so-bai không hợp lệ: `0`",
        ),
        (vec!["de-bai", "--muc"], "tùy chọn --muc cần một giá trị"),
        (vec!["de-bai", "thua"], "đối số thừa `thua`"),
    ] {
        let (code, out, err) = run(&args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.starts_with("Lỗi: "), "{args:?}: {err}");
        assert!(
            err.contains(needle),
            "{args:?}: thiếu «{needle}» trong {err}"
        );
    }
}

#[test]
fn help_is_vietnamese() {
    for cmd in ["luyen-tap", "de-bai"] {
        let (code, out, _) = run(&[cmd, "--help"], "");
        assert_eq!(code, 0);
        assert!(out.contains("Cách dùng: caytrochoi"), "{out}");
        assert!(out.contains("--hat-giong"));
    }
    let (_, out, _) = run(&["--help"], "");
    assert!(out.contains("luyen-tap") && out.contains("de-bai"));
}

#[test]
fn de_bai_writes_sheet_and_key() {
    let tmp = common::TempDir::new("de-bai");
    let dir = &tmp.0;
    let d = dir.to_str().unwrap();
    let args = [
        "de-bai",
        "--so-bai",
        "5",
        "--hat-giong",
        "99",
        "--muc",
        "kho",
        "--chuong",
        "3,4,5,6",
        "--thu-muc",
        d,
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("de-bai-99.html") && out.contains("dap-an-99.html"),
        "{out}"
    );
    let sheet = std::fs::read_to_string(dir.join("de-bai-99.html")).unwrap();
    let key = std::fs::read_to_string(dir.join("dap-an-99.html")).unwrap();
    for k in 0..5 {
        let topic = [
            Topic::Minimax,
            Topic::AlphaBeta,
            Topic::Grundy,
            Topic::Dodgem,
        ][k % 4];
        let p = Problem::generate(problem_seed(99, k), Level::Hard, topic);
        assert!(sheet.contains(&format!("Bài {}.", k + 1)));
        assert!(sheet.contains(&format!("hạt giống bài: {}", problem_seed(99, k))));
        // Đáp án do thư viện tính; đề không lộ đáp án.
        let answer = p
            .solution()
            .answer
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        assert!(
            key.contains(&format!("<b>Đáp án:</b> {answer}")),
            "bài {k}: {answer}"
        );
    }
    assert!(!sheet.contains("Đáp án:"));
    assert!(
        sheet.matches("<svg").count() >= 3,
        "cây và bàn cờ phải được vẽ"
    );
    // Trang tự đủ: không tải gì từ mạng.
    for page in [&sheet, &key] {
        assert!(!page.contains("src=\"http") && !page.contains("href=\"http"));
    }
    // Cùng hạt giống: cùng đề.
    let (_, _, _) = run(&args, "");
    assert_eq!(
        sheet,
        std::fs::read_to_string(dir.join("de-bai-99.html")).unwrap()
    );
}

#[test]
fn de_bai_pdf_without_chromium_is_a_clear_error() {
    let tmp = common::TempDir::new("khong-chromium");
    let dir = &tmp.0;
    let (code, out, err) = run(
        &[
            "de-bai",
            "--so-bai",
            "1",
            "--hat-giong",
            "1",
            "--thu-muc",
            dir.to_str().unwrap(),
            "--pdf",
            "--chromium",
            "/khong/co/chromium",
        ],
        "",
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("không tìm thấy Chromium ở `/khong/co/chromium`"),
        "{err}"
    );
    // Bản HTML vẫn được ghi trước đó.
    assert!(dir.join("de-bai-1.html").is_file());
}

#[test]
fn luyen_tap_json_prints_the_same_card_and_grade_as_the_library() {
    use caytrochoi::practice::json::{card_json, grade_json};
    let args = [
        "luyen-tap",
        "--chuong",
        "4",
        "--muc",
        "kho",
        "--hat-giong",
        "31",
        "--json",
    ];
    let (code, out, err) = run(&args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim_end(), card_json(4, "kho", 31).unwrap());
    let p = Problem::generate(31, Level::Hard, Topic::AlphaBeta);
    let mut with_answer: Vec<&str> = args.to_vec();
    let answer = p.answer_text();
    with_answer.extend(["--dap-an", &answer]);
    let (code, out, err) = run(&with_answer, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim_end(),
        grade_json(4, "kho", 31, &answer, 0).unwrap()
    );
    assert!(out.contains("\"dung\":true"));
    // Hai chương một lúc: thoát 2 với lời tiếng Việt.
    let (code, _, err) = run(
        &["luyen-tap", "--chuong", "3,4", "--hat-giong", "1", "--json"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--json cần đúng một chương"), "{err}");
}

#[test]
fn chapter_7_in_luyen_tap_and_de_bai() {
    // `luyen-tap --chuong 7`: đề và lời chấm như thư viện, ở cả ba mức.
    for (level, code) in [
        (Level::Easy, "de"),
        (Level::Medium, "vua"),
        (Level::Hard, "kho"),
    ] {
        let p = problem(5, 0, level, Topic::Search);
        let input = format!("0\n{}\n", p.answer_text());
        let (status, out, err) = run(
            &[
                "luyen-tap",
                "--chuong",
                "7",
                "--muc",
                code,
                "--hat-giong",
                "5",
                "--so-bai",
                "1",
            ],
            &input,
        );
        assert_eq!(status, 0, "{err}");
        assert!(out.contains(&p.statement()), "{out}");
        assert!(out.contains("Điểm: 1/1 bài đúng"), "{out}");
    }
    // `de-bai --chuong 7`: đáp án do thư viện tính.
    let tmp = common::TempDir::new("de-bai-7");
    let d = tmp.0.to_str().unwrap();
    let args = [
        "de-bai",
        "--so-bai",
        "3",
        "--hat-giong",
        "7",
        "--chuong",
        "7",
        "--thu-muc",
        d,
    ];
    let (status, _, err) = run(&args, "");
    assert_eq!(status, 0, "{err}");
    let key = std::fs::read_to_string(tmp.0.join("dap-an-7.html")).unwrap();
    for k in 0..3 {
        let p = Problem::generate(problem_seed(7, k), Level::Medium, Topic::Search);
        let answer = p
            .solution()
            .answer
            .replace('&', "&amp;")
            .replace('<', "&lt;");
        assert!(
            key.contains(&format!("<b>Đáp án:</b> {answer}")),
            "bài {k}: {answer}"
        );
    }
    // Chương 8 không có: thoát 2, nói rõ các chương 1…7.
    let (status, _, err) = run(&["luyen-tap", "--chuong", "8"], "");
    assert_eq!(status, 2);
    assert!(err.contains("1…7"), "{err}");
}

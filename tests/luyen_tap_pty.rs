//! `caytrochoi luyen-tap` trong một cửa sổ dòng lệnh giả (pseudo-terminal), như
//! sinh viên gõ thật: dấu nhắc hiện ra trước khi gõ (đầu ra được đẩy ra ngay),
//! câu trả lời sai nhận gợi ý bậc 1 rồi bậc 2, câu đúng được chấm, `loi giai` cho
//! lời giải, Ctrl-D kết thúc và in điểm. Cửa sổ giả do mô-đun `pty` của Python
//! tạo (tests/practice/pty_drive.py); đáp án lấy từ thư viện.

use caytrochoi::practice::sheet::problem_seed;
use caytrochoi::practice::{Level, Problem, Topic};
use std::process::Command;

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[test]
fn practice_session_in_a_pseudo_terminal() {
    let seed = 21;
    let p0 = Problem::generate(problem_seed(seed, 0), Level::Medium, Topic::Minimax);
    let p1 = Problem::generate(problem_seed(seed, 1), Level::Medium, Topic::Minimax);
    // Một câu trả lời sai: lấy đáp án đúng của bài kia nếu nó sai ở bài này,
    // nếu không thì một số rất lớn.
    let wrong = ["999", "Z", "không"]
        .into_iter()
        .find(|w| p0.grade(*w, 0).verdict == caytrochoi::practice::Verdict::Wrong)
        .expect("có một câu trả lời sai");
    let first = p0.grade(wrong, 0);
    let second = p0.grade(wrong, 1);
    let first_line = first.message.lines().nth(1).unwrap().to_string();
    let second_line = second.message.lines().nth(1).unwrap().to_string();
    let steps = [
        ("Trả lời> ".to_string(), wrong.to_string()),
        (first_line, wrong.to_string()),
        (second_line, p0.answer_text()),
        ("Đúng!".to_string(), "loi giai".to_string()),
        (
            format!("Đáp án: {}", p1.solution().answer),
            "\u{4}".to_string(),
        ),
        ("Kết thúc buổi luyện tập".to_string(), String::new()),
    ];
    let bin = env!("CARGO_BIN_EXE_caytrochoi");
    let argv = [bin, "luyen-tap", "--chuong", "3", "--hat-giong", "21"];
    let mut spec = format!(
        "{{\"exit\": 0, \"argv\": [{}], \"steps\": [",
        argv.iter()
            .map(|a| json_string(a))
            .collect::<Vec<_>>()
            .join(", ")
    );
    // Bước cuối chỉ chờ (không gõ gì thêm).
    let n = steps.len() - 1;
    for (i, (wait, send)) in steps[..n].iter().enumerate() {
        if i > 0 {
            spec.push_str(", ");
        }
        spec.push_str(&format!(
            "{{\"wait\": {}, \"send\": {}}}",
            json_string(wait),
            json_string(send)
        ));
    }
    spec.push_str("]}");
    let path = std::env::temp_dir().join(format!("luyen-tap-pty-{}.json", std::process::id()));
    std::fs::write(&path, spec).unwrap();
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/practice/pty_drive.py");
    let out = Command::new(&python)
        .args([script, path.to_str().unwrap()])
        .output()
        .unwrap_or_else(|e| panic!("không chạy được {python}: {e}"));
    let _ = std::fs::remove_file(&path);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{shown}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Cửa sổ giả nhắc lại những gì đã gõ, và mọi thứ hiện đúng thứ tự.
    let last = &steps[n].0;
    for (wait, _) in &steps {
        assert!(shown.contains(wait.as_str()), "thiếu «{wait}»:\n{shown}");
    }
    assert!(shown.contains(last.as_str()));
    assert!(
        shown.contains(
            "Điểm: 1/2 bài đúng (0 bài đúng ngay lần đầu, 1 bài xem lời giải, 0 bài bỏ qua)."
        ),
        "{shown}"
    );
}

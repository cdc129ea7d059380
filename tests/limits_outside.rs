//! Các trường hợp đã từng làm cạn máy (issue 13, mục "Why"), mỗi mục một kiểm
//! thử, chạy **chương trình thật** từ bên ngoài: dưới một giới hạn bộ nhớ ảo
//! (`ulimit -v`, đặt bởi `sh` trước khi chạy chương trình) và một ngân sách
//! thời gian CPU (`ulimit -t`: dùng quá thì hệ điều hành dừng tiến trình và kiểm
//! thử hỏng). Mỗi lệnh hoặc trả lời trong
//! ngân sách, hoặc dừng với mã 2 và câu tiếng Việt nói giới hạn nào, đầu vào lớn
//! bao nhiêu, làm gì thì được.
//!
//! Đầu vào lớn được sinh ngay trong kiểm thử và đưa qua đầu vào chuẩn (không có
//! tệp nào được ghi vào /tmp); hình SVG được ghi vào thư mục tạm của cargo
//! (`target/tmp`) rồi xóa. Ngân sách ở đây là "không làm treo máy" cho bản debug,
//! không phải số đo tốc độ (tốc độ được đo bằng `make bench`). Nó tính bằng giây
//! CPU chứ không bằng giây đồng hồ: khi make test chạy nhiều bước một lúc (bước
//! này nhường CPU, nice 10), một lệnh có thể chờ lâu gấp mười lần mà không làm gì
//! sai; trước đây thời hạn 30 s đồng hồ vì thế từng hỏng trên CI. Đồng hồ chỉ còn
//! là lưới an toàn rộng cho lệnh đứng yên không tốn CPU (chờ đầu vào mãi).

#![cfg(target_os = "linux")]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;

/// Bộ sinh đầu vào: ghi từng phần cho tới khi xong hoặc lệnh đóng đầu vào.
type Generator = Box<dyn FnOnce(&mut dyn Write) -> std::io::Result<()> + Send>;

/// Đầu vào chuẩn của lệnh.
enum Input {
    None,
    Stream(Generator),
}

/// Kết quả một lần chạy.
struct Run {
    code: Option<i32>,
    /// Số byte đã in ra đầu ra chuẩn.
    out_len: usize,
    /// Đầu và cuối đầu ra chuẩn (tối đa 64 KiB mỗi phần).
    out_head: String,
    out_tail: String,
    err: String,
    secs: f64,
}

const KEEP: usize = 64 * 1024;

/// Chạy `caytrochoi args` với bộ nhớ ảo tối đa `memory` byte và tối đa `cpu`
/// giây CPU.
fn run(args: &[&str], input: Input, memory: u64, cpu: Duration) -> Run {
    // Lưới an toàn bằng đồng hồ: rộng gấp mười ngân sách CPU, cộng một phút.
    let limit = cpu * 10 + Duration::from_secs(60);
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v \"$1\" && ulimit -t \"$2\" || exit 97; shift 2; exec \"$@\"")
        .arg("sh")
        .arg((memory / 1024).to_string())
        .arg(cpu.as_secs().max(1).to_string())
        .arg(env!("CARGO_BIN_EXE_caytrochoi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chạy được sh");
    let start = Instant::now();
    let mut stdin = child.stdin.take().expect("có đầu vào chuẩn");
    let writer: JoinHandle<()> = std::thread::spawn(move || {
        if let Input::Stream(f) = input {
            // Lệnh có thể dừng đọc giữa chừng (vượt giới hạn): ống dẫn bị đóng.
            let _ = f(&mut stdin);
        }
    });
    let mut stdout = child.stdout.take().expect("có đầu ra chuẩn");
    let reader = std::thread::spawn(move || {
        let (mut len, mut head, mut tail) = (0usize, Vec::new(), Vec::new());
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match stdout.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    len += n;
                    if head.len() < KEEP {
                        let take = n.min(KEEP - head.len());
                        head.extend_from_slice(&buf[..take]);
                    }
                    tail.extend_from_slice(&buf[..n]);
                    if tail.len() > 2 * KEEP {
                        tail.drain(..tail.len() - KEEP);
                    }
                }
            }
        }
        if tail.len() > KEEP {
            tail.drain(..tail.len() - KEEP);
        }
        (len, head, tail)
    });
    let mut stderr = child.stderr.take().expect("có đầu ra lỗi");
    let err_reader = std::thread::spawn(move || {
        let mut e = Vec::new();
        let _ = stderr.read_to_end(&mut e);
        e
    });
    let status = loop {
        if let Some(s) = child.try_wait().expect("đợi được tiến trình") {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`caytrochoi {}` chạy quá {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    {
        use std::os::unix::process::ExitStatusExt;
        // SIGXCPU (24) khi hết ngân sách mềm, SIGKILL (9) khi hết ngân sách cứng.
        if let Some(sig @ (9 | 24)) = status.signal() {
            panic!(
                "`caytrochoi {}` dùng quá {cpu:?} CPU (tín hiệu {sig})",
                args.join(" ")
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    writer.join().expect("luồng ghi đầu vào");
    let (out_len, head, tail) = reader.join().expect("luồng đọc đầu ra");
    let err = err_reader.join().expect("luồng đọc đầu ra lỗi");
    let run = Run {
        code: status.code(),
        out_len,
        out_head: String::from_utf8_lossy(&head).into_owned(),
        out_tail: String::from_utf8_lossy(&tail).into_owned(),
        err: String::from_utf8(err).expect("đầu ra lỗi là UTF-8"),
        secs,
    };
    assert_ne!(run.code, Some(97), "không đặt được ulimit -v hay ulimit -t");
    run
}

/// Lệnh phải dừng với mã 2 và một thông báo chứa mọi mẩu trong `parts`.
fn refused(r: &Run, parts: &[&str]) {
    assert_eq!(r.code, Some(2), "mã thoát {:?}, lỗi: {}", r.code, r.err);
    assert!(r.err.starts_with("Lỗi: "), "{}", r.err);
    for p in parts {
        assert!(r.err.contains(p), "thiếu `{p}` trong: {}", r.err);
    }
    assert!(!r.err.contains("panicked"), "{}", r.err);
}

/// Lệnh phải thành công.
fn answered(r: &Run) {
    assert_eq!(r.code, Some(0), "mã thoát {:?}, lỗi: {}", r.code, r.err);
}

/// Cây một gốc với `leaves` lá (giá trị −3 … 3), viết từng phần ra đầu vào.
fn wide_tree(leaves: usize) -> Input {
    Input::Stream(Box::new(move |w| {
        w.write_all(b"R(")?;
        let mut chunk = String::with_capacity(1 << 16);
        for i in 0..leaves {
            if i > 0 {
                chunk.push(',');
            }
            chunk.push_str(["-3", "-2", "-1", "0", "1", "2", "3"][i % 7]);
            if chunk.len() > 60_000 {
                w.write_all(chunk.as_bytes())?;
                chunk.clear();
            }
        }
        chunk.push(')');
        w.write_all(chunk.as_bytes())
    }))
}

fn text(s: String) -> Input {
    Input::Stream(Box::new(move |w| w.write_all(s.as_bytes())))
}

/// Thư mục tạm của cargo cho kiểm thử này (trong `target/`, không phải /tmp),
/// xóa khi kiểm thử kết thúc, kể cả khi nó hỏng.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("limits-outside-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

// --- Mục 1: --trace không có giới hạn ---------------------------------------------

#[test]
fn traces_stop_at_their_cap_and_large_traces_stream() {
    // 800 000 lá với --trace --json: trước đây 6,9 s, 2,76 GB, in 173 MB.
    let r = run(
        &["minimax", "--tree", "-", "--trace", "--json"],
        wide_tree(800_000),
        GIB,
        Duration::from_secs(30),
    );
    refused(
        &r,
        &[
            "vết tìm kiếm cần hơn 1.000.000 bước",
            "--max-trace-events N",
        ],
    );
    assert_eq!(r.out_len, 0);
    // Cây 20 MB (một gốc, 10 triệu lá) với cửa sổ (α, β) và vết: trước đây giữ
    // 19 GB sau 60 s. Bị từ chối trước khi đọc, với ít bộ nhớ.
    let r = run(
        &[
            "alphabeta",
            "--variant",
            "window",
            "--tree",
            "-",
            "--trace",
            "--json",
        ],
        wide_tree(10_000_000),
        256 * MIB,
        Duration::from_secs(30),
    );
    refused(
        &r,
        &[
            "cây có 10.000.001 nút, vượt giới hạn 1.000.000 nút",
            "--max-tree-nodes N",
        ],
    );
    // Vết lớn vẫn nằm trong giới hạn thì được in ra (ghi thẳng, không dựng cả
    // chuỗi JSON trong bộ nhớ): 100 000 lá, khoảng 300 000 bước.
    let r = run(
        &["minimax", "--tree", "-", "--trace", "--json"],
        wide_tree(100_000),
        GIB,
        Duration::from_secs(30),
    );
    answered(&r);
    assert!(r.out_len > 10_000_000, "{} byte", r.out_len);
    assert!(r.out_head.starts_with("{\"algorithm\":\"minimax\""));
    assert!(r.out_tail.ends_with("}\n"));
    // Nâng giới hạn là lựa chọn của người dùng, được nói rõ trong thông báo.
    let r = run(
        &[
            "minimax",
            "--tree",
            "-",
            "--trace",
            "--max-trace-events",
            "50",
        ],
        wide_tree(30),
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["cần hơn 50 bước"]);
}

// --- Mục 2: --tree @TỆP và - đọc không giới hạn -------------------------------------

#[test]
fn files_and_standard_input_are_read_up_to_a_byte_budget() {
    // @/dev/zero: trước đây lên 8,4 GB rồi mới hỏng.
    let r = run(
        &["minimax", "--tree", "@/dev/zero"],
        Input::None,
        256 * MIB,
        Duration::from_secs(30),
    );
    refused(
        &r,
        &[
            "tệp `/dev/zero` dài hơn 33.554.432 byte",
            "--max-input-bytes N",
        ],
    );
    // Đầu vào chuẩn không bao giờ hết.
    let endless = Input::Stream(Box::new(|w| {
        let block = vec![b'('; 1 << 16];
        loop {
            w.write_all(&block)?;
        }
    }));
    let r = run(
        &["alphabeta", "--tree", "-"],
        endless,
        256 * MIB,
        Duration::from_secs(30),
    );
    refused(&r, &["đầu vào chuẩn dài hơn 33.554.432 byte"]);
    // Giới hạn nhỏ hơn do người dùng chọn.
    let r = run(
        &["minimax", "--tree", "-", "--max-input-bytes", "1000"],
        wide_tree(1000),
        256 * MIB,
        Duration::from_secs(30),
    );
    refused(&r, &["vượt giới hạn đọc 1.000 byte"]);
}

// --- Mục 3: đọc cây không có giới hạn số nút ----------------------------------------

#[test]
fn trees_are_counted_before_they_are_built() {
    // Cây 20 MB không vết: trước đây dùng 3,5 GB (gấp 175 lần cỡ tệp). Bị từ
    // chối trước khi dựng, dưới 256 MiB bộ nhớ ảo.
    let r = run(
        &["minimax", "--tree", "-"],
        wide_tree(10_000_000),
        256 * MIB,
        Duration::from_secs(30),
    );
    refused(&r, &["cây có 10.000.001 nút, vượt giới hạn 1.000.000 nút"]);
    // Cây JSON 2,4 triệu nút (33 MB): cũng được đếm trước khi đọc.
    let json = Input::Stream(Box::new(|w| {
        w.write_all(b"{\"nodes\":[{\"label\":\"R\"}")?;
        let node = b",{\"label\":\"x\"}";
        let chunk: Vec<u8> = node
            .iter()
            .copied()
            .cycle()
            .take(node.len() * 4096)
            .collect();
        for _ in 0..(2_390_000 / 4096) {
            w.write_all(&chunk)?;
        }
        w.write_all(b"]}")
    }));
    let r = run(
        &["minimax", "--tree", "-"],
        json,
        256 * MIB,
        Duration::from_secs(30),
    );
    refused(
        &r,
        &["cây JSON không hợp lệ", "vượt giới hạn 1.000.000 nút"],
    );
    // Cây lớn nhất được nhận (một triệu nút) trả lời trong ngân sách 1 GiB.
    let r = run(
        &["minimax", "--tree", "-", "--json"],
        wide_tree(999_999),
        GIB,
        Duration::from_secs(60),
    );
    answered(&r);
    assert!(r.out_head.contains("\"value\":3"), "{}", r.out_head);
}

// --- Mục 4: to-mau --play bậc ba ----------------------------------------------------

#[test]
fn to_mau_play_is_quadratic_and_bounded() {
    // N = 4000: trước đây 33 s (cỡ n³).
    let r = run(
        &["grundy", "to-mau", "4000", "--play"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    answered(&r);
    assert!(r.out_head.contains("Tô màu"));
    // Giới hạn trong thông báo trùng với trợ giúp và với giới hạn thật.
    let help = run(
        &["grundy", "to-mau", "--help"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    assert!(help.out_head.contains("(0 … 20000)"), "{}", help.out_head);
    let r = run(
        &["grundy", "to-mau", "20001", "--play"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["20000"]);
}

// --- Mục 5: draw tree chỉ giới hạn dưới mức 1 ----------------------------------------

#[test]
fn tree_figures_stay_small_at_every_depth() {
    let dir = Scratch::new();
    let svg = dir.0.join("cay.svg");
    let path = svg.to_str().unwrap().to_string();
    // Gốc 200 000 lá, vẽ cả giá trị tạm của cắt tỉa: mức 1 chỉ vẽ những con đầu,
    // cột giá trị tạm của gốc chỉ vài dòng (trước đây: 800 000 lá cho 430 MB).
    let r = run(
        &[
            "draw",
            "tree",
            "--tree",
            "-",
            "--alphabeta",
            "window",
            "--temp-values",
            "-o",
            &path,
        ],
        wide_tree(200_000),
        GIB,
        Duration::from_secs(60),
    );
    answered(&r);
    let size = std::fs::metadata(&svg).unwrap().len();
    assert!(size < 400_000, "{size} byte");
    // Hai mức đều quá rộng (300 con × 300 lá): 150 nút, mỗi nút ≤ 12 dòng giá
    // trị tạm — hình có cỡ cố định, không theo cỡ cây.
    let two_levels = (0..300)
        .map(|i| {
            let kids: Vec<String> = (0..300).map(|j| ((i * j) % 9 - 4).to_string()).collect();
            format!("({})", kids.join(","))
        })
        .collect::<Vec<_>>()
        .join(",");
    let r = run(
        &["draw", "tree", "--tree", "-", "--temp-values", "-o", &path],
        text(format!("R({two_levels})")),
        GIB,
        Duration::from_secs(60),
    );
    answered(&r);
    let size = std::fs::metadata(&svg).unwrap().len();
    assert!(size < 1_000_000, "{size} byte");
}

// --- Mục 6: nhãn dạng NFD -------------------------------------------------------------

#[test]
fn labels_typed_in_nfd_are_the_same_labels() {
    // "Bình" gõ kiểu tách dấu (i + dấu huyền kết hợp).
    let r = run(
        &["minimax", "--tree", "A(Bi\u{300}nh:1, C:0)", "--json"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    answered(&r);
    assert!(
        r.out_head.contains("\"best_move\":\"Bình\""),
        "{}",
        r.out_head
    );
    // Lỗi sau một nhãn NFD: cột đếm theo chữ nhìn thấy, dấu ^ nằm dưới `x`.
    let r = run(
        &["minimax", "--tree", "A(Bi\u{300}nh:1, C:x)"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["dòng 1, cột 13"]);
    let caret = r.err.lines().find(|l| l.trim() == "^").expect("có dòng ^");
    let line = r
        .err
        .lines()
        .find(|l| l.contains("C:x"))
        .expect("có dòng cây");
    let at = caret.chars().count() - 1;
    assert_eq!(
        line.chars()
            .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
            .nth(at),
        Some('x')
    );
}

// --- Mục 7: thông báo tiếng Việt, giới hạn nhất quán -----------------------------------

#[test]
fn system_errors_and_limits_are_told_in_vietnamese() {
    let r = run(
        &["minimax", "--tree", "@/"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["đây là một thư mục"]);
    let r = run(
        &["minimax", "--tree", "@/khong/co/tep.txt"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["không tìm thấy tệp", "[No such file"]);
    // Đĩa đầy, khi ghi hình và khi ghi đầu ra chuẩn.
    let r = run(
        &["draw", "tree", "--tree", "A(B:1)", "-o", "/dev/full"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["đĩa đã đầy"]);
    let out = Command::new(env!("CARGO_BIN_EXE_caytrochoi"))
        .args(["minimax", "--tree", "A(B:1)"])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("không ghi được đầu ra chuẩn: đĩa đã đầy"),
        "{err}"
    );
    // Hết bộ nhớ (giới hạn đã được người dùng nâng, máy không đủ): câu tiếng
    // Việt và mã 2, không phải "memory allocation failed".
    let r = run(
        &["minimax", "--tree", "-", "--max-tree-nodes", "100000000"],
        wide_tree(10_000_000),
        200 * MIB,
        Duration::from_secs(60),
    );
    refused(&r, &["hết bộ nhớ"]);
    // 1e309 trong JSON là số quá lớn, không phải lỗi cú pháp.
    let r = run(
        &[
            "minimax",
            "--tree",
            r#"{"nodes":[{"label":"A","children":["B"]},{"label":"B","value":1e309}]}"#,
        ],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["số quá lớn"]);
    // octal --sequence: trợ giúp, thông báo và giới hạn thật là một.
    let r = run(
        &["grundy", "octal", "0.07", "--sequence", "20001"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    refused(&r, &["từ 1 đến 20000"]);
    let r = run(
        &["grundy", "octal", "0.07", "--sequence", "20000"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    answered(&r);
}

// --- Mục 8: số thực qua JSON -----------------------------------------------------------

#[test]
fn json_numbers_keep_every_bit() {
    let tree = r#"{"nodes":[{"label":"A","children":["B","C"]},{"label":"B","value":3.333333333333333e49},{"label":"C","value":5e-324}]}"#;
    let r = run(
        &["minimax", "--tree", tree, "--json"],
        Input::None,
        GIB,
        Duration::from_secs(30),
    );
    answered(&r);
    let v: serde_json::Value = serde_json::from_str(&r.out_head).unwrap();
    assert_eq!(v["value"].as_f64(), Some(3.333333333333333e49));
    assert!(r.secs < 30.0);
}

//! Trình chạy mã của sách, thử qua HTTP thật trên 127.0.0.1 (không cần trình
//! duyệt): yêu cầu từ trang khác hoặc với `Host` lạ bị từ chối, vòng lặp vô tận bị
//! dừng đúng hạn, in 100 MB bị cắt, bom tiến trình bị chặn, không sót thư mục tạm
//! hay tiến trình nào, và máy chủ vẫn phục vụ sau mỗi lần như vậy.

#![cfg(unix)]

#[path = "support/runner_process.rs"]
mod runner_process;

use caytrochoi::limits;
use runner_process::{connect_from, descendants, Started};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// Một trình chạy `caytrochoi-sach` trên một cổng trống, dừng khi bị hủy.
struct Runner {
    started: Started,
    /// Sách nhỏ dựng tạm cho kiểm thử (xóa khi dừng trình chạy).
    book: PathBuf,
    port: u16,
    /// Dòng địa chỉ mà trình chạy in ra (có mã lớp ở chế độ lớp học).
    url: String,
}

impl Runner {
    fn start(args: &[&str]) -> Runner {
        let book = stand_in_book();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_caytrochoi-sach"));
        cmd.args(["--port", "0", "--book"]).arg(&book).args(args);
        let started = Started::spawn(cmd)
            .unwrap_or_else(|said| panic!("trình chạy không in ra địa chỉ: {said}"));
        Runner {
            port: started.port,
            url: started.url.clone(),
            started,
            book,
        }
    }

    fn pid(&self) -> u32 {
        self.started.child.id()
    }

    /// Thư mục tạm của trình chạy này:
    /// `$TMPDIR/caytrochoi-sach-<uid>/<pid>-<ngẫu nhiên>`.
    fn temp_root(&self) -> PathBuf {
        let prefix = format!("{}-", self.pid());
        let base =
            std::env::temp_dir().join(format!("caytrochoi-sach-{}", unsafe { libc::geteuid() }));
        std::fs::read_dir(&base)
            .unwrap()
            .flatten()
            .find(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.starts_with(&prefix) && !name.ends_with(".khoa")
            })
            .map(|e| e.path())
            .expect("trình chạy có thư mục tạm")
    }

    /// Một yêu cầu HTTP/1.0 (máy chủ trả lời một lần rồi đóng kết nối).
    /// `host`: giá trị của `Host` (None: không gửi).
    fn raw(
        &self,
        method: &str,
        path: &str,
        host: Option<&str>,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String, String) {
        self.raw_from(None, method, path, host, headers, body)
    }

    /// Như [`Runner::raw`], gửi từ địa chỉ `from` (127.0.0.0/8) nếu có: một máy
    /// khác trong phòng học.
    fn raw_from(
        &self,
        from: Option<[u8; 4]>,
        method: &str,
        path: &str,
        host: Option<&str>,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String, String) {
        let mut s = match from {
            Some(from) => connect_from(from, self.port),
            None => TcpStream::connect(("127.0.0.1", self.port)),
        }
        .expect("kết nối được");
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut req = format!("{method} {path} HTTP/1.0\r\n");
        if let Some(h) = host {
            req.push_str(&format!("Host: {h}\r\n"));
        }
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        s.write_all(req.as_bytes()).unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let text = String::from_utf8_lossy(&raw).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let code = head
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        (code, head.to_string(), body.to_string())
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    fn get(&self, path: &str) -> (u16, String, String) {
        self.raw("GET", path, Some(&self.host()), &[], "")
    }

    /// Gửi mã như trang sách gửi; trả về mã HTTP và dòng JSON cuối.
    fn post_code(&self, code: &str, extra: &[(&str, &str)]) -> (u16, Value) {
        self.post_code_from(None, code, extra)
    }

    /// Như [`Runner::post_code`], từ địa chỉ `from` nếu có.
    fn post_code_from(
        &self,
        from: Option<[u8; 4]>,
        code: &str,
        extra: &[(&str, &str)],
    ) -> (u16, Value) {
        let origin = format!("http://{}", self.host());
        let mut headers = vec![
            ("Origin", origin.as_str()),
            ("Content-Type", "application/json"),
        ];
        headers.extend_from_slice(extra);
        let body = serde_json::json!({ "code": code }).to_string();
        let host = self.host();
        let (status, _, text) =
            self.raw_from(from, "POST", "/api/run", Some(&host), &headers, &body);
        let last = text
            .lines()
            .rfind(|l| !l.trim().is_empty())
            .unwrap_or("null");
        (status, serde_json::from_str(last).unwrap_or(Value::Null))
    }

    /// Xin một thẻ bài luyện tập như trang luyện tập xin; trả về mã HTTP và JSON.
    fn post_card(&self, body: &str, extra: &[(&str, &str)]) -> (u16, Value) {
        self.post_practice("/api/luyen-tap", body, extra)
    }

    /// Gửi một yêu cầu của trang luyện tập tới `path` (thẻ hay lời chấm) như trang
    /// gửi; trả về mã HTTP và JSON.
    fn post_practice(&self, path: &str, body: &str, extra: &[(&str, &str)]) -> (u16, Value) {
        let origin = format!("http://{}", self.host());
        let mut headers = vec![
            ("Origin", origin.as_str()),
            ("Content-Type", "application/json"),
        ];
        headers.extend_from_slice(extra);
        let (status, _, text) = self.raw("POST", path, Some(&self.host()), &headers, body);
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Chạy mã; kết quả của lần chạy (phải được chấp nhận).
    fn run(&self, code: &str) -> Value {
        let (status, v) = self.post_code(code, &[]);
        assert_eq!(status, 200, "yêu cầu chạy bị từ chối: {v}");
        assert_eq!(v["event"], "done", "{v}");
        v["result"].clone()
    }

    /// Sau mỗi lần chạy: không còn thư mục tạm của lần chạy, không còn tiến trình
    /// nào chạy chương trình của khối, máy chủ vẫn trả lời.
    fn assert_clean_and_alive(&self, what: &str) {
        let root = self.temp_root();
        let left: Vec<String> = std::fs::read_dir(&root)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n != "bo-dem")
            .collect();
        assert!(left.is_empty(), "{what}: còn thư mục tạm {left:?}");
        let procs = descendants(self.pid());
        assert!(procs.is_empty(), "{what}: còn tiến trình {procs:?}");
        let r = self.run("println!(\"vẫn chạy\");");
        assert_eq!(
            r["status"], "ok",
            "{what}: máy chủ không còn chạy được mã: {r}"
        );
        assert_eq!(r["parts"][0]["text"], "vẫn chạy\n");
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        // Dừng trình chạy (nó tự dọn thư mục tạm) trước khi xóa sách của nó.
        self.started.terminate();
        let _ = std::fs::remove_dir_all(&self.book);
    }
}

/// Một "sách đã dựng" nhỏ trong thư mục tạm: kiểm thử HTTP chỉ cần vài trang để
/// xem máy chủ phục vụ hay từ chối chúng, nên không phải chờ mdBook (trên một bản
/// sao mới, `make test` chạy kiểm thử này trước khi dựng sách thật; sách thật được
/// thử qua trình duyệt trong `make runner-test`).
fn stand_in_book() -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "caytrochoi-thu-sach-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("tạo được thư mục sách tạm");
    let page = |title: &str| {
        format!(
            "<!DOCTYPE html><html lang=\"vi\"><head><meta charset=\"utf-8\">\
             <title>{title}</title></head><body><h1>{title}</h1></body></html>"
        )
    };
    for (file, title) in [
        ("index.html", "Cây trò chơi"),
        ("ch04-alpha-beta.html", "Cắt tỉa alpha-beta"),
    ] {
        std::fs::write(dir.join(file), page(title)).expect("ghi được trang");
    }
    dir
}

#[test]
fn other_sites_and_foreign_hosts_are_refused() {
    let r = Runner::start(&[]);
    let me = r.host();
    let origin = format!("http://{me}");

    // Trang sách: phục vụ với Host của chính nó (127.0.0.1, localhost).
    let (code, head, body) = r.get("/ch04-alpha-beta.html");
    assert_eq!(code, 200);
    assert!(body.contains("Cắt tỉa alpha-beta"));
    assert!(
        head.contains("X-Frame-Options: DENY") && head.contains("frame-ancestors 'none'"),
        "{head}"
    );
    assert_eq!(
        r.raw("GET", "/", Some(&format!("localhost:{}", r.port)), &[], "")
            .0,
        200
    );

    // Host lạ (DNS rebinding: một tên miền trỏ về 127.0.0.1), sai cổng, thiếu Host.
    for host in [
        Some(format!("rebind.example:{}", r.port)),
        Some(format!("127.0.0.1:{}", r.port + 1)),
        Some("127.0.0.1".to_string()),
        None,
    ] {
        let (code, _, _) = r.raw("GET", "/", host.as_deref(), &[], "");
        assert_eq!(code, 403, "Host {host:?} phải bị từ chối");
    }
    let evil_host = format!("rebind.example:{}", r.port);
    let evil_origin = format!("http://{evil_host}");
    let body = r#"{"code": "println!(\"không được chạy\");"}"#;
    let (code, _, _) = r.raw(
        "POST",
        "/api/run",
        Some(&evil_host),
        &[
            ("Origin", &evil_origin),
            ("Content-Type", "application/json"),
        ],
        body,
    );
    assert_eq!(code, 403, "DNS rebinding phải bị từ chối");

    // Yêu cầu chạy mã từ một trang khác, hoặc không nói mình từ đâu tới.
    let refused: [&[(&str, &str)]; 6] = [
        &[
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        &[("Origin", "null"), ("Content-Type", "application/json")],
        &[("Content-Type", "application/json")],
        // Biểu mẫu HTML gửi sang (không phải JSON).
        &[("Origin", &origin), ("Content-Type", "text/plain")],
        &[
            ("Origin", &origin),
            ("Content-Type", "application/json"),
            ("Sec-Fetch-Site", "cross-site"),
        ],
        &[
            ("Origin", "http://127.0.0.1.evil.example"),
            ("Content-Type", "application/json"),
        ],
    ];
    let card = r#"{"seed": 424242, "level": "kho", "algorithm": "cua-so"}"#;
    let grade =
        r#"{"seed": 424242, "level": "kho", "algorithm": "cua-so", "selected": ["B"], "wrong": 1}"#;
    for headers in refused {
        let (code, _, text) = r.raw("POST", "/api/run", Some(&me), headers, body);
        assert_eq!(code, 403, "{headers:?} phải bị từ chối: {text}");
        assert!(text.contains("Từ chối"), "{text}");
        // Thẻ bài của trang luyện tập: cùng luật.
        let (code, _, text) = r.raw("POST", "/api/luyen-tap", Some(&me), headers, card);
        assert_eq!(code, 403, "thẻ bài, {headers:?} phải bị từ chối: {text}");
        assert!(text.contains("Từ chối"), "{text}");
        // Lời chấm của trang luyện tập: cùng luật.
        let (code, _, text) = r.raw("POST", "/api/luyen-tap/cham", Some(&me), headers, grade);
        assert_eq!(code, 403, "lời chấm, {headers:?} phải bị từ chối: {text}");
        assert!(text.contains("Từ chối"), "{text}");
    }
    let (code, _, _) = r.raw(
        "POST",
        "/api/luyen-tap",
        Some(&evil_host),
        &[
            ("Origin", &evil_origin),
            ("Content-Type", "application/json"),
        ],
        card,
    );
    assert_eq!(code, 403, "DNS rebinding phải bị từ chối (thẻ bài)");
    // Trang của chính máy chủ: thẻ đúng như thư viện sinh, mọi hạt giống.
    let (code, v) = r.post_card(card, &[]);
    assert_eq!(code, 200, "{v}");
    let want: Value = serde_json::from_str(&caytrochoi::web::practice::click_card_json(
        "424242", "kho", "cua-so",
    ))
    .unwrap();
    assert_eq!(v, want);
    // Lời chấm các nhánh đã bấm: đúng như bộ chấm của thư viện (hàm của mô-đun).
    let (code, v) = r.post_practice("/api/luyen-tap/cham", grade, &[]);
    assert_eq!(code, 200, "{v}");
    let want: Value = serde_json::from_str(&caytrochoi::web::practice::click_grade_json(
        "424242", "kho", "cua-so", "[\"B\"]", 1,
    ))
    .unwrap();
    assert_eq!(v, want);
    let no_picks = r#"{"seed": 424242, "level": "kho", "algorithm": "cua-so", "wrong": 0}"#;
    let (code, v) = r.post_practice("/api/luyen-tap/cham", no_picks, &[]);
    assert_eq!(code, 400, "{v}");
    assert!(
        v["error"].as_str().unwrap_or("").contains("selected"),
        "{v}"
    );
    for (bad, why) in [
        (
            r#"{"seed": 1, "level": "rất khó", "algorithm": "cat-tia"}"#,
            "mức",
        ),
        (
            r#"{"seed": 1, "level": "vua", "algorithm": "minimax"}"#,
            "thuật toán",
        ),
        (
            r#"{"seed": -3, "level": "vua", "algorithm": "cat-tia"}"#,
            "hạt giống",
        ),
        (
            r#"{"seed": 9007199254740992, "level": "vua", "algorithm": "cat-tia"}"#,
            "hạt giống",
        ),
        (r#"{"seed": "7"}"#, "hạt giống"),
        ("không phải JSON", "JSON"),
    ] {
        let (code, v) = r.post_card(bad, &[]);
        assert_eq!(code, 400, "{bad}: {v}");
        assert!(
            v["error"].as_str().unwrap_or("").contains(why),
            "{bad}: {v}"
        );
    }
    // Không trả lời CORS.
    let (code, head, _) = r.raw(
        "OPTIONS",
        "/api/run",
        Some(&me),
        &[
            ("Origin", "http://evil.example"),
            ("Access-Control-Request-Method", "POST"),
        ],
        "",
    );
    assert_ne!(code, 200);
    assert!(
        !head.to_ascii_lowercase().contains("access-control-allow"),
        "{head}"
    );
    // Không có lần chạy nào trong số trên đã xảy ra.
    let (code, _, stats) = r.get("/api/giao-vien");
    assert_eq!(code, 200);
    let stats: Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(stats["runs"], 0, "{stats}");

    // Không ra khỏi thư mục sách.
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/..%2fCargo.toml",
        "/%2e%2e%2fsrc%2flib.rs",
    ] {
        let (code, _, body) = r.get(path);
        assert_ne!(code, 200, "{path}");
        assert!(
            !body.contains("[package]") && !body.contains("pub mod"),
            "{path}"
        );
    }
    // Mã quá dài.
    let huge = serde_json::json!({ "code": "x".repeat(300 * 1024) }).to_string();
    let (code, _, _) = r.raw(
        "POST",
        "/api/run",
        Some(&me),
        &[("Origin", &origin), ("Content-Type", "application/json")],
        &huge,
    );
    assert_eq!(code, 413);
    r.assert_clean_and_alive("sau các yêu cầu bị từ chối");
}

#[test]
fn results_explain_themselves_in_vietnamese() {
    let r = Runner::start(&[]);
    // Dòng ẩn `# ` và `fn main` ngầm định, như doctest.
    let ok = r.run("# use caytrochoi::{GameTree, Searcher};\nlet cay = GameTree::parse(\"A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))\").unwrap();\nprintln!(\"{}\", Searcher::minimax().run(&cay).unwrap().value);\n");
    assert_eq!(ok["status"], "ok", "{ok}");
    assert_eq!(ok["parts"][0]["text"], "1\n");

    let bad = r.run("use caytrochoi::GameTree;\nlet x: i32 = \"chữ\";\n");
    assert_eq!(bad["status"], "compile_error");
    let headline = bad["headline"].as_str().unwrap();
    assert!(
        headline.starts_with("Lỗi biên dịch ở dòng 2, cột"),
        "{headline}"
    );
    assert!(
        bad["compile"]["rendered"]
            .as_str()
            .unwrap()
            .contains("main.rs:2:"),
        "{bad}"
    );

    let panic =
        r.run("let v: Vec<u32> = Vec::new();\nprintln!(\"trước\");\nprintln!(\"{}\", v[3]);\n");
    assert_eq!(panic["status"], "panic");
    assert_eq!(panic["parts"][0]["text"], "trước\n");
    assert_eq!(panic["panic"]["line"], 3);
    let headline = panic["headline"].as_str().unwrap();
    assert!(
        headline.contains("dòng 3") && headline.contains("chỉ số vượt ra ngoài"),
        "{headline}"
    );

    // Hình: phần EVCXR_BEGIN_CONTENT … tách riêng khỏi văn bản.
    let fig = r.run("use caytrochoi::GameTree;\nprintln!(\"cây:\");\nGameTree::parse(\"A(B:1, C:0)\").unwrap().evcxr_display();\n");
    assert_eq!(fig["status"], "ok", "{fig}");
    assert_eq!(fig["parts"][0]["text"], "cây:\n");
    assert_eq!(fig["parts"][1]["kind"], "display");
    assert_eq!(fig["parts"][1]["mime"], "image/svg+xml");
    assert!(fig["parts"][1]["content"]
        .as_str()
        .unwrap()
        .starts_with("<svg"));
    r.assert_clean_and_alive("sau các lần chạy thường");
}

#[test]
fn sandbox_limits_hold_and_nothing_is_left_behind() {
    let r = Runner::start(&["--time-limit", "2", "--memory-mib", "256"]);

    // Vòng lặp vô tận: dừng trong giới hạn 2 giây.
    // Thời gian chạy do chính trình chạy đo (`run_ms`, không gồm lúc biên dịch
    // và lúc chờ hàng): trên máy đang bận, cả vòng hỏi–đáp có thể lâu hơn nhiều
    // mà giới hạn vẫn đúng.
    let endless = r.run("println!(\"bắt đầu\");\nlet mut n: u64 = 0;\nloop { n = n.wrapping_add(1); std::hint::black_box(n); }\n");
    assert_eq!(endless["status"], "timeout", "{endless}");
    assert_eq!(endless["parts"][0]["text"], "bắt đầu\n");
    let ran = endless["run_ms"].as_u64().expect("có run_ms");
    assert!(
        (2000..5000).contains(&ran),
        "vòng lặp vô tận dừng sau {ran} ms (giới hạn 2 giây)"
    );
    let headline = endless["headline"].as_str().unwrap();
    assert!(
        headline.contains("quá 2 giây") && headline.ends_with("Phần đã in ra ở bên dưới."),
        "{headline}"
    );
    r.assert_clean_and_alive("sau vòng lặp vô tận");

    // Vòng lặp vô tận chưa in gì: lời báo nói đúng như thế.
    let silent =
        r.run("let mut n: u64 = 0;\nloop { n = n.wrapping_add(3); std::hint::black_box(n); }\n");
    assert_eq!(silent["status"], "timeout", "{silent}");
    assert_eq!(silent["parts"].as_array().unwrap().len(), 0, "{silent}");
    let headline = silent["headline"].as_str().unwrap();
    assert!(
        headline.contains("chưa in ra gì") && !headline.contains("bên dưới"),
        "{headline}"
    );

    // In 100 MB: bị cắt ở 1 MiB, chương trình bị dừng sớm (trước giới hạn 2 giây).
    let flood =
        r.run("let dong = \"x\".repeat(1023);\nfor _ in 0..102_400 { println!(\"{dong}\"); }\n");
    assert_eq!(flood["status"], "output_limit", "{}", flood["headline"]);
    assert_eq!(flood["truncated"], true);
    let kept: usize = flood["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["text"].as_str().map_or(0, str::len))
        .sum();
    assert!(kept > 0 && kept <= 1 << 20, "giữ {kept} byte");
    let ran = flood["run_ms"].as_u64().expect("có run_ms");
    assert!(ran < 2000, "in 100 MB dừng sau {ran} ms");
    r.assert_clean_and_alive("sau khi in 100 MB");

    // Bom tiến trình: mỗi tiến trình con lại sinh tiếp, mãi mãi.
    let bomb = r.run("use std::process::Command;\nlet me = std::env::current_exe().unwrap();\nprintln!(\"nổ\");\nloop { let _ = Command::new(&me).spawn(); }\n");
    assert_eq!(bomb["status"], "timeout", "{bomb}");
    r.assert_clean_and_alive("sau bom tiến trình");

    // Tiến trình con tự tách khỏi nhóm (process_group(0)) rồi ngủ mãi.
    let escape = r.run("use std::os::unix::process::CommandExt;\nuse std::process::Command;\nif std::env::args().count() > 1 {\n    loop { std::thread::sleep(std::time::Duration::from_secs(1)); }\n}\nlet me = std::env::current_exe().unwrap();\nfor _ in 0..3 { Command::new(&me).arg(\"con\").process_group(0).spawn().unwrap(); }\nprintln!(\"đã tạo 3 tiến trình con\");\n");
    assert_eq!(escape["status"], "ok", "{escape}");
    r.assert_clean_and_alive("sau tiến trình con tách nhóm");

    // Xin 3 GiB bộ nhớ với giới hạn 256 MiB.
    let memory = r.run("let v = vec![7u8; 3 << 30];\nprintln!(\"{}\", v[12345]);\n");
    assert_eq!(memory["status"], "memory_limit", "{memory}");
    assert!(memory["headline"].as_str().unwrap().contains("256 MiB"));
    r.assert_clean_and_alive("sau khi xin quá nhiều bộ nhớ");
}

#[test]
fn class_mode_needs_the_session_token_and_limits_each_machine() {
    let r = Runner::start(&["--lop", "--host", "127.0.0.1", "--rate", "3"]);
    let token = r
        .url
        .split("?lop=")
        .nth(1)
        .expect("địa chỉ lớp có mã")
        .trim()
        .to_string();
    assert_eq!(token.len(), 24);

    let (code, _, body) = r.get("/ch04-alpha-beta.html");
    assert_eq!(code, 403);
    assert!(body.contains("mã buổi học"), "{body}");
    // Trang từ chối cho đúng cổng đang nghe (không phải 3000 cố định).
    assert!(body.contains(&format!(":{}/?lop=", r.port)), "{body}");
    assert_eq!(r.get("/?lop=000000000000000000000000").0, 403);
    let (code, _) = r.post_code("println!(\"x\");", &[]);
    assert_eq!(code, 403, "chạy mã cần mã lớp");
    let card = r#"{"seed": 5, "level": "vua", "algorithm": "cat-tia"}"#;
    let (code, v) = r.post_card(card, &[]);
    assert_eq!(code, 403, "thẻ bài cũng cần mã lớp: {v}");

    let (code, head, _) = r.get(&format!("/ch04-alpha-beta.html?lop={token}"));
    assert_eq!(code, 303);
    assert!(head.contains("Location: /ch04-alpha-beta.html"), "{head}");
    let cookie_line = head
        .lines()
        .find(|l| l.starts_with("Set-Cookie:"))
        .expect("đặt cookie");
    assert!(
        cookie_line.contains("HttpOnly") && cookie_line.contains("SameSite=Strict"),
        "{cookie_line}"
    );
    let cookie = format!("caytrochoi_lop={token}");
    let with_cookie = [("Cookie", cookie.as_str())];
    assert_eq!(
        r.raw(
            "GET",
            "/ch04-alpha-beta.html",
            Some(&r.host()),
            &with_cookie,
            ""
        )
        .0,
        200
    );
    // Ở chế độ lớp học mọi địa chỉ IP của máy đều được, tên miền lạ thì không.
    assert_eq!(
        r.raw(
            "GET",
            "/",
            Some(&format!("10.1.2.3:{}", r.port)),
            &with_cookie,
            ""
        )
        .0,
        200
    );
    assert_eq!(
        r.raw(
            "GET",
            "/",
            Some(&format!("lop.example:{}", r.port)),
            &with_cookie,
            ""
        )
        .0,
        403
    );

    // ■ Dừng cần mã lớp như Chạy, nhưng không tính vào số lần Chạy: 20 lần bấm
    // (không có lần chạy nào để dừng) không làm máy này bị nhắc chậm lại.
    let origin = format!("http://{}", r.host());
    let stop_body = serde_json::json!({ "id": "0123456789abcdef0123456789abcdef" }).to_string();
    let stop = |cookie: Option<&str>| {
        let mut headers = vec![
            ("Origin", origin.as_str()),
            ("Content-Type", "application/json"),
        ];
        headers.extend(cookie.map(|c| ("Cookie", c)));
        r.raw("POST", "/api/dung", Some(&r.host()), &headers, &stop_body)
            .0
    };
    assert_eq!(stop(None), 403, "dừng cũng cần mã lớp");
    for _ in 0..20 {
        assert_eq!(stop(Some(&cookie)), 404);
    }

    // Mỗi máy: 3 lần liền, sau đó bị nhắc chậm lại.
    let mut accepted = 0;
    let mut refused = None;
    for _ in 0..6 {
        let (code, v) = r.post_code("println!(\"lớp\");", &with_cookie);
        if code == 200 {
            assert_eq!(v["result"]["status"], "ok");
            accepted += 1;
        } else {
            refused = Some((code, v));
            break;
        }
    }
    let (code, v) = refused.expect("máy chạy quá nhanh phải bị nhắc");
    assert_eq!(code, 429);
    assert!(v["error"].as_str().unwrap().contains("nhanh quá"), "{v}");
    assert!(accepted >= 3, "chỉ chạy được {accepted} lần");
    assert_eq!(
        stop(Some(&cookie)),
        404,
        "máy bị nhắc chậm vẫn bấm ■ Dừng được"
    );
    // Thẻ bài không biên dịch gì: có giới hạn riêng, rộng hơn nhiều. Máy vừa bị
    // nhắc chậm bấm Chạy vẫn xin được 30 thẻ liền.
    for k in 0..30 {
        let card = format!(
            r#"{{"seed": {}, "level": "vua", "algorithm": "cat-tia"}}"#,
            k + 1
        );
        let (code, v) = r.post_card(&card, &with_cookie);
        assert_eq!(code, 200, "thẻ thứ {}: {v}", k + 1);
    }

    // Trang giáo viên: chỉ trên chính máy này (kết nối từ 127.0.0.1).
    let (code, _, page) = r.get("/giao-vien");
    assert_eq!(code, 200);
    assert!(page.contains("Trang giáo viên"));
    let (_, _, stats) = r.get("/api/giao-vien");
    let stats: Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(stats["class_mode"], true);
    assert_eq!(stats["runs"].as_u64(), Some(accepted));
    assert_eq!(stats["queue"]["waiting"], 0);
}

/// Tên (`comm`) của các tiến trình con cháu của trình chạy.
fn descendant_names(root: u32) -> Vec<String> {
    descendants(root)
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(format!("/proc/{p}/comm")).ok())
        .map(|n| n.trim().to_string())
        .collect()
}

/// Thời gian CPU (người dùng + nhân, mili giây) tiến trình `pid` đã dùng; 0 nếu
/// không đọc được.
fn cpu_ms(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Sau tên (trong ngoặc, có thể có dấu cách): trường 3 trở đi; utime, stime là 14, 15.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks: u64 = fields
        .get(11..13)
        .map_or(0, |f| f.iter().filter_map(|x| x.parse::<u64>().ok()).sum());
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    ticks * 1000 / hz
}

/// Chờ tới khi điều kiện đúng (tối đa `limit`).
/// Mọi byte đã nằm sẵn trong kết nối, không chờ thêm (đọc không chặn).
fn read_available(s: &mut TcpStream) -> Vec<u8> {
    s.set_nonblocking(true).unwrap();
    let (mut got, mut buf) = (Vec::new(), [0u8; 8192]);
    loop {
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
            Err(e) => panic!("đọc kết nối: {e}"),
        }
    }
    s.set_nonblocking(false).unwrap();
    got
}

/// Mã trạng thái và dòng JSON cuối của một câu trả lời HTTP.
fn parse_answer(text: &str) -> (u16, Value) {
    let code = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let last = text
        .lines()
        .rfind(|l| !l.trim().is_empty())
        .unwrap_or("null");
    (code, serde_json::from_str(last).unwrap_or(Value::Null))
}

fn wait_until(limit: Duration, what: &str, mut ok: impl FnMut() -> bool) {
    let deadline = Instant::now() + limit;
    while !ok() {
        assert!(Instant::now() < deadline, "chờ quá lâu: {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

impl Runner {
    /// Số lần chạy đang chiếm một thợ và số đang chờ, theo `/api/status`.
    fn queue(&self) -> (u64, u64) {
        let (_, _, body) = self.get("/api/status");
        let v: Value = serde_json::from_str(&body).unwrap();
        (
            v["queue"]["running"].as_u64().unwrap(),
            v["queue"]["waiting"].as_u64().unwrap(),
        )
    }

    /// Gửi `body` (JSON) tới `path` như trang sách gửi; mã HTTP và thân JSON.
    fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let origin = format!("http://{}", self.host());
        let headers = [
            ("Origin", origin.as_str()),
            ("Content-Type", "application/json"),
        ];
        let (status, _, text) = self.raw(
            "POST",
            path,
            Some(&self.host()),
            &headers,
            &body.to_string(),
        );
        let last = text
            .lines()
            .rfind(|l| !l.trim().is_empty())
            .unwrap_or("null");
        (status, serde_json::from_str(last).unwrap_or(Value::Null))
    }

    /// Gửi yêu cầu chạy `code` với số hiệu `id` mà chưa đọc câu trả lời: kết nối
    /// được trả về để đọc sau (xem [`read_available`]).
    fn start_run(&self, code: &str, id: &str) -> TcpStream {
        let body = serde_json::json!({ "code": code, "id": id }).to_string();
        let host = self.host();
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let req = format!(
            "POST /api/run HTTP/1.0\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        s.write_all(req.as_bytes()).unwrap();
        s
    }

    /// Chạy `code` với số hiệu `id` ở một luồng riêng; luồng trả về kết quả và
    /// lúc nó tới.
    fn run_in_background(
        &self,
        code: &str,
        id: &str,
    ) -> std::thread::JoinHandle<((u16, Value), Instant)> {
        let (port, body) = (self.port, serde_json::json!({ "code": code, "id": id }));
        let host = self.host();
        std::thread::spawn(move || {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
            let body = body.to_string();
            let req = format!(
                "POST /api/run HTTP/1.0\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            );
            s.write_all(req.as_bytes()).unwrap();
            let mut raw = Vec::new();
            s.read_to_end(&mut raw).unwrap();
            let arrived = Instant::now();
            (parse_answer(&String::from_utf8_lossy(&raw)), arrived)
        })
    }

    /// Bấm ■ Dừng cho lần chạy `id`: trả lời (mã, JSON) và thời gian chờ trả lời.
    fn stop(&self, id: &str) -> ((u16, Value), Duration) {
        let t = Instant::now();
        let answer = self.post_json("/api/dung", &serde_json::json!({ "id": id }));
        (answer, t.elapsed())
    }
}

#[test]
fn stop_button_kills_the_run_at_once_wherever_it_is() {
    // Một thợ: lần chạy thứ hai phải xếp hàng sau lần thứ nhất.
    let r = Runner::start(&["--workers", "1", "--no-cache"]);
    let me = r.pid();
    let endless = |tag: &str| {
        format!("println!(\"{tag}\");\nlet mut n: u64 = 0;\nloop {{ n = n.wrapping_add(1); std::hint::black_box(n); }}\n")
    };
    let (a, b, c) = (
        "0123456789abcdef0123456789abcdef",
        "fedcba9876543210fedcba9876543210",
        "00000000000000000000000000000001",
    );

    // Số hiệu sai dạng, hay không có lần chạy nào: từ chối, không dừng gì.
    let (status, _) = r.post_json("/api/dung", &serde_json::json!({ "id": "abc" }));
    assert_eq!(status, 400);
    let ((status, v), _) = r.stop(a);
    assert_eq!(status, 404, "{v}");
    assert!(v["error"].as_str().unwrap().contains("Không có lần chạy"));
    // Yêu cầu từ trang khác không dừng được gì.
    let (status, _, _) = r.raw(
        "POST",
        "/api/dung",
        Some(&r.host()),
        &[
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
        &serde_json::json!({ "id": a }).to_string(),
    );
    assert_eq!(status, 403);

    // 1. Đang chạy: vòng lặp vô tận đã in dòng đầu và đang quay. Câu trả lời của
    // lần chạy chưa được đọc: khi /api/dung trả lời, kết quả phải NẰM SẴN trong
    // kết nối ấy (trình chạy gửi kết quả trước, rồi mới trả lời nút Dừng).
    let mut first = r.start_run(&endless("một"), a);
    // Chương trình đã qua dòng println! và đang quay: nó đã dùng ít nhất 50 ms CPU
    // (chỉ thấy tiến trình "khoi" thì chưa đủ: khi máy bận, nút Dừng có thể tới
    // trước cả dòng in đầu tiên).
    wait_until(
        Duration::from_secs(60),
        "chương trình bắt đầu chạy và đã in dòng đầu",
        || {
            descendants(me).into_iter().any(|p| {
                let comm = std::fs::read_to_string(format!("/proc/{p}/comm")).unwrap_or_default();
                comm.trim() == "khoi" && cpu_ms(p) >= 50
            })
        },
    );
    // 2. Đang chờ: lần chạy thứ hai xếp hàng sau nó.
    let second = r.run_in_background(&endless("hai"), b);
    wait_until(
        Duration::from_secs(10),
        "lần chạy thứ hai xếp hàng",
        || r.queue() == (1, 1),
    );
    let ((status, v), took) = r.stop(b);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["dung"], true);
    assert_eq!(r.queue(), (1, 0), "lần chạy đang chờ được bỏ khỏi hàng");
    let ((_, second), _) = second.join().unwrap();
    assert_eq!(second["result"]["status"], "stopped", "{second}");
    assert!(second["result"]["headline"]
        .as_str()
        .unwrap()
        .contains("còn chờ tới lượt"));
    eprintln!("dừng lần chạy đang chờ: {took:?}");

    let ((status, v), took) = r.stop(a);
    assert_eq!(status, 200, "{v}");
    let already = String::from_utf8_lossy(&read_available(&mut first)).into_owned();
    // Trả lời chỉ tới khi chỗ của thợ đã trống và không còn tiến trình nào.
    assert_eq!(r.queue(), (0, 0));
    assert!(descendants(me).is_empty(), "còn {:?}", descendant_names(me));
    let sent_before: Value = already
        .lines()
        .rfind(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or(Value::Null);
    assert!(
        sent_before.get("result").is_some(),
        "kết quả chưa được gửi khi /api/dung trả lời; đã nhận: {already:?}"
    );
    let mut rest = Vec::new();
    first.read_to_end(&mut rest).unwrap();
    let (status, first) = parse_answer(&format!("{already}{}", String::from_utf8_lossy(&rest)));
    assert_eq!(status, 200);
    let result = &first["result"];
    assert_eq!(result["status"], "stopped", "{first}");
    assert_eq!(result["parts"][0]["text"], "một\n");
    let headline = result["headline"].as_str().unwrap();
    assert!(headline.contains("■ Dừng") && headline.contains("Phần đã in ra ở bên dưới"));
    // Dưới một nửa giới hạn 10 giây: lần chạy dừng vì nút ■ Dừng, không vì hết
    // giờ. Độ trễ thật được in ra (máy rảnh: khoảng 0,1 s; máy đang chạy cả make
    // test: tới 2 s), không phải một số đo tốc độ.
    assert!(
        took < Duration::from_secs(5),
        "dừng một lần chạy mất {took:?} (giới hạn thời gian là 10 giây)"
    );
    eprintln!(
        "dừng lần chạy đang chạy: {took:?} (trình chạy tự đo {} ms)",
        v["ms"]
    );
    // Số hiệu của lần chạy đã xong không còn dừng được gì.
    assert_eq!(r.stop(a).0 .0, 404);
    r.assert_clean_and_alive("sau khi dừng lần chạy đang chạy");

    // 3. Đang biên dịch: một hằng số tính mãi không xong.
    let compiling = r.run_in_background(
        "const fn mai() -> u64 { let mut n = 0u64; loop { n = n.wrapping_add(1); if n == 0 { return n; } } }\nconst X: u64 = mai();\nprintln!(\"{X}\");\n",
        c,
    );
    wait_until(Duration::from_secs(30), "rustc bắt đầu", || {
        descendant_names(me).iter().any(|n| n == "rustc")
    });
    let ((status, v), took) = r.stop(c);
    assert_eq!(status, 200, "{v}");
    assert_eq!(r.queue(), (0, 0));
    assert!(descendants(me).is_empty(), "còn {:?}", descendant_names(me));
    let ((_, compiling), _) = compiling.join().unwrap();
    assert_eq!(compiling["result"]["status"], "stopped", "{compiling}");
    assert!(compiling["result"]["headline"]
        .as_str()
        .unwrap()
        .contains("trong lúc biên dịch"));
    eprintln!("dừng lần biên dịch: {took:?}");
    r.assert_clean_and_alive("sau khi dừng lần biên dịch");

    // 4. Người gửi đóng kết nối giữa chừng (đóng trang): lần chạy cũng bị dừng.
    let body = serde_json::json!({ "code": endless("ba") }).to_string();
    let mut s = TcpStream::connect(("127.0.0.1", r.port)).unwrap();
    let host = r.host();
    write!(
        s,
        "POST /api/run HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    wait_until(
        Duration::from_secs(60),
        "chương trình thứ ba chạy",
        || descendant_names(me).iter().any(|n| n == "khoi"),
    );
    let closed = Instant::now();
    drop(s);
    // Như trên: dưới một nửa giới hạn 10 giây, độ trễ thật được in ra.
    wait_until(
        Duration::from_secs(5),
        "trình chạy thấy trang đã đóng",
        || r.queue() == (0, 0) && descendants(me).is_empty(),
    );
    eprintln!("dừng khi trang đóng kết nối: {:?}", closed.elapsed());
    r.assert_clean_and_alive("sau khi trang đóng kết nối");
}

// --- Nhiều máy sau cùng một địa chỉ (NAT) ------------------------------------------

/// Một trình duyệt giữ kết nối (HTTP/1.1 keep-alive): các yêu cầu nối tiếp nhau
/// trên cùng một kết nối, mỗi câu trả lời đọc trọn theo `Content-Length`.
struct KeepAlive {
    reader: BufReader<TcpStream>,
    host: String,
    cookie: Option<String>,
}

impl KeepAlive {
    /// Mở kết nối và gửi ngay yêu cầu đầu (như trình duyệt), chưa đọc trả lời.
    fn open(r: &Runner, cookie: Option<&str>) -> KeepAlive {
        let s = TcpStream::connect(("127.0.0.1", r.port)).expect("kết nối được");
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut k = KeepAlive {
            reader: BufReader::new(s),
            host: r.host(),
            cookie: cookie.map(str::to_owned),
        };
        k.send();
        k
    }

    fn send(&mut self) {
        let cookie = self
            .cookie
            .as_ref()
            .map(|c| format!("Cookie: {c}\r\n"))
            .unwrap_or_default();
        let req = format!("GET / HTTP/1.1\r\nHost: {}\r\n{cookie}\r\n", self.host);
        let _ = self.reader.get_mut().write_all(req.as_bytes());
    }

    /// (mã HTTP, `Connection`, thân) của câu trả lời kế tiếp; mã 0 nếu kết nối đã
    /// đóng hay bị ngắt trước khi có trả lời.
    fn answer(&mut self) -> (u16, String, String) {
        let mut code = 0;
        let mut length = 0;
        let mut connection = String::new();
        loop {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return (0, connection, String::new()),
                Ok(_) => {}
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(c) = line.strip_prefix("HTTP/1.1 ") {
                code = c[..3].parse().unwrap_or(0);
            } else if let Some((k, v)) = line.split_once(": ") {
                match k.to_ascii_lowercase().as_str() {
                    "content-length" => length = v.parse().unwrap_or(0),
                    "connection" => connection = v.to_string(),
                    _ => {}
                }
            }
        }
        let mut body = vec![0; length];
        if self.reader.read_exact(&mut body).is_err() {
            return (0, connection, String::new());
        }
        (
            code,
            connection,
            String::from_utf8_lossy(&body).into_owned(),
        )
    }
}

/// `n` trình duyệt trên cùng địa chỉ 127.0.0.1, cùng mở kết nối một lúc; mỗi
/// trình duyệt lấy trang hai lần trên cùng kết nối. Trả về (mã lần đầu, mã lần
/// hai, thân lần đầu) của từng trình duyệt.
fn browsers_behind_one_address(
    r: &Runner,
    n: usize,
    cookie: Option<&str>,
) -> Vec<(u16, u16, String)> {
    let mut all: Vec<KeepAlive> = (0..n).map(|_| KeepAlive::open(r, cookie)).collect();
    let first: Vec<(u16, String, String)> = all.iter_mut().map(KeepAlive::answer).collect();
    // Mọi kết nối được phục vụ vẫn mở: lần hai đi trên chính nó.
    for (k, (code, connection, _)) in all.iter_mut().zip(&first) {
        if *code == 200 {
            assert_eq!(connection, "keep-alive");
            k.send();
        }
    }
    all.iter_mut()
        .zip(first)
        .map(|(k, (code, _, body))| {
            let again = if code == 200 { k.answer().0 } else { 0 };
            (code, again, body)
        })
        .collect()
}

/// Chế độ lớp học: cả lớp 60 máy sau một bộ định tuyến NAT là một địa chỉ; cả 60
/// trình duyệt giữ kết nối cùng lúc đều được phục vụ (mặc định của `--lop`).
#[test]
fn class_mode_serves_sixty_browsers_behind_one_address() {
    let r = Runner::start(&["--lop", "--host", "127.0.0.1"]);
    let token = r.url.split("?lop=").nth(1).unwrap().trim().to_string();
    let cookie = format!("caytrochoi_lop={token}");
    let seen = browsers_behind_one_address(&r, 60, Some(&cookie));
    let served = seen
        .iter()
        .filter(|(a, b, body)| *a == 200 && *b == 200 && body.contains("Cây trò chơi"))
        .count();
    assert_eq!(
        served,
        60,
        "{:?}",
        seen.iter().map(|s| (s.0, s.1)).collect::<Vec<_>>()
    );
}

/// Ngoài chế độ lớp học, một địa chỉ vẫn chỉ giữ được 32 kết nối; máy bị từ chối
/// nhận một trang 503 tiếng Việt nói vì sao (không bị cắt ngang), và được phục vụ
/// lại khi các kết nối kia đóng. `--ket-noi-moi-may` đổi giới hạn ấy.
#[test]
fn one_address_is_capped_with_a_vietnamese_503_page() {
    let cap = limits::RUNNER_CONNECTIONS_PER_ADDRESS;
    for (args, limit) in [(&[][..], cap), (&["--ket-noi-moi-may", "8"][..], 8)] {
        let r = Runner::start(args);
        let seen = browsers_behind_one_address(&r, 60, None);
        let served = seen.iter().filter(|s| s.0 == 200 && s.1 == 200).count();
        let refused: Vec<&String> = seen.iter().filter(|s| s.0 == 503).map(|s| &s.2).collect();
        assert_eq!(served, limit, "{args:?}");
        assert_eq!(
            refused.len(),
            60 - limit,
            "{args:?}: mọi máy bị từ chối đều nhận trang 503"
        );
        for page in refused {
            assert!(
                page.contains("<html lang=\"vi\">")
                    && page.contains(&format!("tối đa {limit} kết nối cùng lúc từ một địa chỉ"))
                    && page.contains("127.0.0.1")
                    && page.contains("NAT")
                    && page.contains("--ket-noi-moi-may"),
                "{page}"
            );
        }
        // Các kết nối kia đã đóng: máy này lại được phục vụ, ngay khi máy chủ thấy
        // chúng đóng (luồng của mỗi kết nối đọc được EOF một lát sau, lâu hơn khi
        // máy bận) — trong lúc chờ chỉ có thể là trang 503.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let mut code = r.get("/").0;
        while code == 503 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(50));
            code = r.get("/").0;
        }
        assert_eq!(
            code, 200,
            "{args:?}: vẫn bị từ chối 10 s sau khi các kết nối kia đóng"
        );
    }
}

/// `--ket-noi-moi-may` và biến môi trường của nó: số sai dừng với mã 2 và lời
/// tiếng Việt; trợ giúp giải thích tùy chọn với đúng các con số.
#[test]
fn connections_per_address_option_is_checked_and_explained() {
    let bin = env!("CARGO_BIN_EXE_caytrochoi-sach");
    let max = limits::RUNNER_CONNECTIONS;
    let bad = std::process::Command::new(bin)
        .args(["--ket-noi-moi-may", &(max + 1).to_string()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{said}");
    assert!(said.contains(&format!("từ 1 đến {max}")), "{said}");
    let bad = std::process::Command::new(bin)
        .env("CAYTROCHOI_KET_NOI_MOI_MAY", "nhiều")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{said}");
    assert!(
        said.contains("CAYTROCHOI_KET_NOI_MOI_MAY") && said.contains("“nhiều”"),
        "{said}"
    );
    let help = std::process::Command::new(bin)
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for needed in [
        format!("(mặc định {};", limits::RUNNER_CONNECTIONS_PER_ADDRESS),
        format!(
            "với --lop: {})",
            limits::RUNNER_CLASS_CONNECTIONS_PER_ADDRESS
        ),
        format!("Không quá {max}"),
        "NAT".to_string(),
        "CAYTROCHOI_KET_NOI_MOI_MAY".to_string(),
    ] {
        assert!(help.contains(&needed), "thiếu “{needed}”:\n{help}");
    }
}

/// "Dùng lại bản đã biên dịch" chỉ nói về chính máy này: ở lớp học, một sinh viên
/// chạy đúng mã mà bạn khác vừa chạy thì không được biết điều đó (chương trình
/// vẫn được dùng lại: cùng thời gian biên dịch của lần đầu, không biên dịch lại).
#[test]
fn class_mode_does_not_tell_who_else_ran_the_same_code() {
    let r = Runner::start(&["--lop", "--host", "127.0.0.1"]);
    let token = r.url.split("?lop=").nth(1).unwrap().trim().to_string();
    let cookie = format!("caytrochoi_lop={token}");
    let code = "println!(\"cùng một mã\");";
    let run_from = |last: u8| {
        let (status, v) = r.post_code_from(Some([127, 0, 0, last]), code, &[("Cookie", &cookie)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["result"]["status"], "ok", "{v}");
        v["result"].clone()
    };
    let first = run_from(31);
    assert_eq!(first["cached"], false, "{first}");
    let other = run_from(32);
    assert_eq!(
        other["cached"], false,
        "máy khác biết có người đã chạy mã này: {other}"
    );
    assert_eq!(other["compile_ms"], first["compile_ms"], "{other}");
    let again = run_from(32);
    assert_eq!(again["cached"], true, "chính máy này chạy lại: {again}");
    assert_eq!(run_from(31)["cached"], true);
}

/// Ở lớp học, mã buổi học được kiểm tra ngay sau phần đầu của yêu cầu, trước khi
/// đọc thân: một `?lop=` sai (hay không có mã) với `Content-Length` lớn mà không
/// gửi thân nào được trả lời 403 ngay, không giữ kết nối tới hạn 10 giây của yêu
/// cầu. Đúng mã thì trình chạy đợi thân như thường.
#[test]
fn class_code_is_checked_before_any_body_is_read() {
    let r = Runner::start(&["--lop", "--host", "127.0.0.1"]);
    let token = r.url.split("?lop=").nth(1).unwrap().trim().to_string();
    let head_only = |target: &str| {
        let mut s = TcpStream::connect(r.host()).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            s,
            "POST {target} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n",
            host = r.host()
        )
        .unwrap();
        let t = Instant::now();
        let mut head = [0u8; 12];
        let answered = s.read_exact(&mut head).map(|()| head);
        (answered, t.elapsed())
    };
    let wrong = "0".repeat(token.len());
    for target in [
        format!("/api/run?lop={wrong}"),
        "/api/run?lop=".to_string(),
        "/api/run".to_string(),
    ] {
        let (answered, took) = head_only(&target);
        let head = answered.unwrap_or_else(|e| panic!("{target}: không trả lời ({e})"));
        assert_eq!(&head, b"HTTP/1.1 403", "{target}");
        assert!(
            took < Duration::from_secs(2),
            "{target}: trả lời sau {took:?} (đã chờ thân yêu cầu)"
        );
    }
    // Đúng mã: thân được đợi (chưa tới thì chưa có câu trả lời nào sau 2 giây).
    let mut s = TcpStream::connect(r.host()).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(2))).unwrap();
    write!(
        s,
        "POST /api/run?lop={token} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n",
        host = r.host()
    )
    .unwrap();
    let mut one = [0u8; 1];
    let waited = s.read(&mut one);
    assert!(
        matches!(&waited, Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut)),
        "đúng mã lớp mà không đợi thân: {waited:?}"
    );
}

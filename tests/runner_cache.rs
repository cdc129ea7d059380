//! Bộ đệm chương trình đã biên dịch của trình chạy có giới hạn: không quá số
//! chương trình và không quá tổng số byte cho phép, chương trình cũ nhất bị bỏ
//! trước; một chương trình một mình đã quá tổng thì không được giữ. (Trước đây chỉ
//! có giới hạn số lượng: 64 chương trình với mảng `static` 60 MB là ~3,9 GB.)

#![cfg(all(target_os = "linux", feature = "runner"))]

use caytrochoi::runner::engine::{Engine, RunResult, Settings, Toolchain};
use std::net::IpAddr;
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn engine(settings: Settings) -> Engine {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let toolchain = Toolchain::locate(root).expect("tìm được rustc và bản dựng của crate");
    Engine::new(toolchain, settings).expect("tạo được thư mục tạm")
}

fn run(e: &Engine, code: &str) -> RunResult {
    let r = e.run(code, &mut |_| {});
    assert_eq!(
        r.status,
        caytrochoi::runner::engine::Status::Ok,
        "{:?}",
        r.headline
    );
    r
}

/// (số tệp, tổng số byte) trong bộ đệm của `e`.
fn kept(e: &Engine) -> (usize, u64) {
    let dir = e.temp_root().join("bo-dem");
    let files: Vec<u64> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|f| f.metadata().unwrap().len())
        .collect();
    (files.len(), files.iter().sum())
}

fn program(n: u32) -> String {
    format!("println!(\"khối {n}\");")
}

/// Một kiểm thử duy nhất, các phần nối tiếp nhau: một `Engine` dọn mọi tiến trình
/// con của tiến trình không thuộc lần chạy nào của nó (kể cả `cargo` mà một kiểm
/// thử song song đang chạy), nên hai `Engine` không chạy song song trong một tệp.
#[test]
fn cache_is_bounded() {
    stays_within_its_bytes_oldest_out_first();
    program_larger_than_the_bound_is_not_kept();
    at_most_its_entries_and_nothing_else_on_disk();
    another_machine_is_not_told_of_a_hit();
}

/// Tổng số byte của mọi tệp dưới `dir` (mọi thứ trình chạy giữ trên đĩa).
fn on_disk(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            let meta = e.metadata().unwrap();
            if meta.is_dir() {
                on_disk(&e.path())
            } else {
                meta.len()
            }
        })
        .sum()
}

/// Giới hạn số chương trình (cũ nhất ra trước; tổng số byte ở đây rộng, không
/// chặn), và giữa các lần chạy, thứ duy nhất trình chạy giữ trên đĩa là bộ đệm:
/// không thư mục biên dịch nào còn lại, kể cả sau một lỗi biên dịch.
fn at_most_its_entries_and_nothing_else_on_disk() {
    let e = engine(Settings {
        cache_entries: 2,
        cache_bytes: 256 << 20,
        ..Settings::default()
    });
    for n in 30..34 {
        assert!(!run(&e, &program(n)).cached);
        assert_eq!(kept(&e).0, (n as usize - 29).min(2));
    }
    assert!(run(&e, &program(33)).cached);
    assert!(!run(&e, &program(30)).cached, "cũ nhất đã bị bỏ");
    let broken = e.run("let x: u8 = \"không phải số\";", &mut |_| {});
    assert_eq!(
        broken.status,
        caytrochoi::runner::engine::Status::CompileError
    );
    let big = "static BIG: [u8; 4 << 20] = [2; 4 << 20];\nfn main() { println!(\"{}\", BIG[7]); }";
    assert_eq!(run(&e, big).text(), "2\n");
    assert!(run(&e, big).cached);
    let (count, bytes) = kept(&e);
    assert_eq!(count, 2);
    assert!(bytes > 4 << 20, "chương trình lớn được giữ: {bytes}");
    assert_eq!(
        on_disk(e.temp_root()),
        bytes,
        "trình chạy giữ thêm gì đó trên đĩa"
    );
    e.remove_temp();
}

fn stays_within_its_bytes_oldest_out_first() {
    // Cỡ của một chương trình nhỏ trên máy này.
    let probe = engine(Settings::default());
    run(&probe, &program(0));
    let (count, one) = kept(&probe);
    assert_eq!(count, 1);
    probe.remove_temp();

    // Vừa chỗ cho hai chương trình, không cho ba.
    let bound = one * 2 + one / 2;
    let e = engine(Settings {
        cache_bytes: bound,
        ..Settings::default()
    });
    for n in 1..=3 {
        assert!(!run(&e, &program(n)).cached);
        let (count, bytes) = kept(&e);
        assert!(bytes <= bound, "{bytes} > {bound}");
        assert_eq!(count, n.min(2) as usize);
    }
    // Cũ nhất (1) đã bị bỏ; 3 vẫn còn.
    assert!(run(&e, &program(3)).cached);
    assert!(!run(&e, &program(1)).cached);
    // Chạy lại 1 đẩy 2 ra (3 được dùng gần đây hơn).
    assert!(run(&e, &program(3)).cached);
    assert!(!run(&e, &program(2)).cached);
    e.remove_temp();
}

fn program_larger_than_the_bound_is_not_kept() {
    let e = engine(Settings {
        cache_bytes: 1 << 20,
        ..Settings::default()
    });
    // Một mảng `static` 4 MB nằm ngay trong chương trình.
    let big =
        "static BIG: [u8; 4 << 20] = [1; 4 << 20];\nfn main() { println!(\"{}\", BIG[12345]); }";
    let r = run(&e, big);
    assert_eq!(r.text(), "1\n");
    assert_eq!(kept(&e), (0, 0));
    assert!(!run(&e, big).cached);
    // Chương trình nhỏ vẫn được giữ.
    run(&e, &program(7));
    assert!(run(&e, &program(7)).cached);
    e.remove_temp();
}

/// Ở lớp học, "dùng lại bản đã biên dịch" cho một sinh viên biết một bạn khác
/// vừa chạy đúng mã ấy. Chương trình vẫn được dùng lại (không biên dịch lần
/// hai), nhưng chỉ máy đã chạy nó mới thấy `cached`; máy khác thấy thời gian
/// biên dịch của lần đầu, như thể chính nó biên dịch.
fn another_machine_is_not_told_of_a_hit() {
    let e = engine(Settings::default());
    let from = |ip: &str| {
        let client: IpAddr = ip.parse().unwrap();
        let r = e.run_from(&program(20), client, &AtomicBool::new(false), &mut |_| {});
        assert_eq!(r.text(), "khối 20\n", "{:?}", r.headline);
        r
    };
    let first = from("10.0.0.1");
    assert!(!first.cached);
    assert!(first.compile_ms > 0);
    let other = from("10.0.0.2");
    assert!(
        !other.cached,
        "máy khác không được biết có người đã chạy mã này"
    );
    assert_eq!(other.compile_ms, first.compile_ms);
    assert_eq!(kept(&e).0, 1, "chương trình không được biên dịch lần hai");
    // Chạy lại trên chính mỗi máy: giờ là "dùng lại".
    for ip in ["10.0.0.2", "10.0.0.1"] {
        let again = from(ip);
        assert!(again.cached, "{ip}");
        assert_eq!(again.compile_ms, 0);
    }
    e.remove_temp();
}

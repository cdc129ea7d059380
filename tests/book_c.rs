//! Bản C của các hàm bài giảng (`book/c/`: `Search`, `cat_tia`, `BlueValue` /
//! `RedValue` / `Alpha_Beta`) được biên dịch bằng `cc -std=c99 -Wall -Wextra
//! -Werror -pedantic`, chạy trên nhiều cây, và phải in đúng những gì thư viện
//! tính: giá trị của gốc, thứ tự xét các nút, các cây con bị cắt tỉa và (với
//! `Alpha_Beta`) nước đi tốt nhất. Kết quả chạy mà sách in ngay dưới một lệnh
//! `./search …`, `./cat_tia …`, `./alpha_beta …` cũng phải là kết quả thật.

use caytrochoi::random::uniform_tree;

#[path = "support/random_trees.rs"]
mod random_trees;
use caytrochoi::search::{Algorithm, Bound, Observer, Pruned, SearchError};
use caytrochoi::tree::{GameTree, NodeId};
use caytrochoi::{Player, Searcher};
use random_trees::irregular;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Bốn chương trình C và thuật toán của thư viện mà mỗi chương trình phải khớp
/// (negamax xét đúng những nút mà BlueValue/RedValue xét: chương 7).
const PROGRAMS: [(&str, Algorithm); 4] = [
    ("search", Algorithm::Minimax),
    ("cat_tia", Algorithm::CatTia),
    ("alpha_beta", Algorithm::Window),
    ("negamax", Algorithm::Window),
];

/// Biên dịch ba chương trình (một lần cho cả tệp kiểm thử).
fn binaries() -> &'static Vec<PathBuf> {
    static BINS: OnceLock<Vec<PathBuf>> = OnceLock::new();
    BINS.get_or_init(|| {
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        let src = root_dir().join("book/c");
        let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("book_c");
        std::fs::create_dir_all(&out_dir).unwrap();
        PROGRAMS
            .iter()
            .map(|(name, _)| {
                let exe = out_dir.join(name);
                let out = Command::new(&cc)
                    .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-o"])
                    .arg(&exe)
                    .arg(src.join("cay.c"))
                    .arg(src.join(format!("{name}.c")))
                    .output()
                    .unwrap_or_else(|e| panic!("không chạy được trình biên dịch C `{cc}`: {e}"));
                assert!(
                    out.status.success(),
                    "{name}.c không biên dịch được (hoặc có cảnh báo):\n{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                exe
            })
            .collect()
    })
}

/// Chạy chương trình C thứ `k` với các đối số; trả về đầu ra chuẩn.
fn run_c(k: usize, args: &[&str]) -> String {
    let out = Command::new(&binaries()[k]).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{} {args:?} thất bại: {}",
        PROGRAMS[k].0,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("đầu ra UTF-8")
}

/// Người quan sát ghi thứ tự bắt đầu xét các nút.
#[derive(Default)]
struct Order(Vec<NodeId>);

impl Observer<GameTree> for Order {
    fn visit(&mut self, n: &NodeId, _mode: Player, _b: Bound) -> Result<(), SearchError> {
        self.0.push(*n);
        Ok(())
    }
}

/// Những gì một chương trình C in ra, đã đọc lại.
#[derive(Debug, PartialEq)]
struct Report {
    value: f64,
    order: Vec<String>,
    pruned: Option<Vec<String>>,
    best: Option<String>,
}

fn number(s: &str) -> f64 {
    match s.trim() {
        "∞" | "+∞" => f64::INFINITY,
        "-∞" => f64::NEG_INFINITY,
        t => t.parse().unwrap_or_else(|_| panic!("không phải số: {t:?}")),
    }
}

fn labels(list: &str) -> Vec<String> {
    list.split_whitespace().map(str::to_string).collect()
}

fn parse_report(text: &str) -> Report {
    let mut lines = text.lines();
    let first = lines.next().expect("dòng giá trị");
    // negamax in cả giá trị theo người đi lẫn theo MAX; số cuối là theo MAX.
    let value = number(first.rsplit(" = ").next().unwrap());
    let order = lines.next().expect("dòng thứ tự xét");
    let (head, list) = order.split_once(": ").expect("Thứ tự xét (…): …");
    assert!(head.starts_with("Thứ tự xét"), "{order}");
    let order = labels(list);
    let mut pruned = None;
    let mut best = None;
    for line in lines {
        if line == "Không cắt tỉa cây con nào." {
            pruned = Some(Vec::new());
        } else if let Some(rest) = line.strip_prefix("Cắt tỉa (") {
            pruned = Some(labels(rest.split_once(": ").unwrap().1));
        } else if let Some(rest) = line.split_once("nước tốt nhất ") {
            best = Some(rest.1.split(',').next().unwrap().to_string());
        } else {
            panic!("dòng lạ: {line:?}");
        }
    }
    Report {
        value,
        order,
        pruned,
        best,
    }
}

/// Những gì thư viện tính cho chương trình `name` (thuật toán `a`) trên cây `t`.
fn expected(t: &GameTree, name: &str, a: Algorithm) -> Report {
    let mut obs = (Order::default(), Pruned::new(t, &t.root()));
    let value = a.evaluate(t, &t.root(), &mut obs).unwrap();
    let (order, pruned) = obs;
    let best = (name == "alpha_beta" && t.root_player() == Player::Max && t.len() > 1).then(|| {
        Searcher::minimax()
            .run(t)
            .unwrap()
            .best_move_name
            .expect("gốc có con")
    });
    Report {
        value,
        order: order.0.iter().map(|&id| t.label(id).to_string()).collect(),
        pruned: (a != Algorithm::Minimax).then(|| pruned.names(t, &t.root())),
        best,
    }
}

/// So cả ba chương trình với thư viện trên cây `t`.
fn check(t: &GameTree) {
    let text = t.to_text();
    let mode = match t.root_player() {
        Player::Max => "MAX",
        Player::Min => "MIN",
    };
    for (k, &(name, a)) in PROGRAMS.iter().enumerate() {
        let got = parse_report(&run_c(k, &[&text, mode]));
        assert_eq!(
            got,
            expected(t, name, a),
            "{name} trên cây {text} (gốc {mode})"
        );
    }
}

#[test]
fn lecture_trees_match_the_library() {
    let trees = [
        // Cây A…K của bài giảng.
        "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))",
        // Cây ba mức của bài Minimax (gốc 3).
        "(((2, 3), (5, 9)), ((0), (7, 4)), ((2, 1), (5, 6)))",
        // Cắt nông và cắt sâu (chương 4).
        "A(B:5, C(D(E(F:3, G:9), H:1)))",
        "A(B:5, C(D(E(F:3, G:9))))",
        // Bài tập của chương 4.
        "A(B(D(H:3, I:5), E(J:6, K:9)), C(F(L:1, M:2), G(N:0, O:-1)))",
        "A(B(E(L:7, M:3), F(N:6, O:9)), C(G(P:2, Q:5), H(R:8, S:1), I(T:4)), D(J(U:9, V:0), K(W:6, X:4)))",
        "A(B(D(H(P:6, Q:3), I(R:7, S:2)), E(J(T:5, U:9), K(V:4, W:1))), C(F(L(X:8, Y:0), M(Z:2, AA:6)), G(N(AB:1, AC:4), O(AD:7, AE:3))))",
        "A(C(F(L:1, M:2), G(O:-1, N:0)), B(E(J:6, K:9), D(H:3, I:5)))",
        // Giá trị không nguyên, và một gốc là nút lá.
        "A(B:0.5, C(D:-1.25, E:2), F(G:0.75))",
        "A:4",
    ];
    for text in trees {
        for root in [Player::Max, Player::Min] {
            check(&GameTree::parse_with_root(text, root).unwrap());
        }
    }
}

#[test]
fn random_trees_match_the_library() {
    for seed in 0..40 {
        check(&irregular(seed, 5, 4));
    }
    for (b, d, seed) in [(2, 5, 1), (3, 4, 2), (4, 3, 3), (3, 5, 4)] {
        let t = uniform_tree(b, d, seed, -20, 20, false).unwrap();
        check(&t);
        check(&t.with_root_player(Player::Min));
    }
}

#[test]
fn bad_input_exits_with_code_2_and_a_message() {
    for args in [
        &["A(B:1"][..],
        &["(1, 2)"],
        &["A(B, C:1)"],
        &["A(B:1)", "max"],
        &[],
        // strtof đọc được "inf", "nan" và biến số quá lớn thành ∞: cả ba phải bị từ chối
        // (Alpha_Beta không tìm được con nào hơn -∞ nếu mọi lá là -∞).
        &["A(B:-inf)"],
        &["A(B:nan, C:1)"],
        &["A(B:1e50)"],
    ] {
        for (bin, (name, _)) in binaries().iter().zip(PROGRAMS) {
            let out = Command::new(bin).args(args).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{name} {args:?}");
            assert!(out.stdout.is_empty(), "{name} {args:?}");
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.starts_with("lỗi: ") || err.starts_with("cách dùng: "),
                "{name} {args:?}: {err}"
            );
        }
    }
}

/// Một dòng lệnh `./tên 'cây' [MAX|MIN]` như sách viết: tên và các đối số.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('\'') {
            let end = r.find('\'').expect("dấu ' đóng");
            words.push(r[..end].to_string());
            rest = r[end + 1..].trim_start();
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            words.push(rest[..end].to_string());
            rest = rest[end..].trim_start();
        }
    }
    words
}

#[test]
fn outputs_shown_in_the_book_are_real() {
    let mut shown = 0;
    for chapter in [
        "ch03-minimax.md",
        "ch04-alpha-beta.md",
        "ch07-tim-kiem-thuc-te.md",
    ] {
        let text = std::fs::read_to_string(root_dir().join("book/src").join(chapter)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            if lines[i].trim() != "```sh" {
                i += 1;
                continue;
            }
            let start = i + 1;
            let end = start
                + lines[start..]
                    .iter()
                    .position(|l| l.trim() == "```")
                    .unwrap();
            let runs: Vec<&str> = lines[start..end]
                .iter()
                .copied()
                .filter(|l| l.starts_with("./"))
                .collect();
            i = end + 1;
            if runs.is_empty() {
                continue;
            }
            assert_eq!(runs.len(), 1, "{chapter}:{start}: một khối, một lần chạy");
            let words = shell_words(&runs[0][2..]);
            let k = PROGRAMS
                .iter()
                .position(|(n, _)| *n == words[0])
                .unwrap_or_else(|| panic!("{chapter}:{start}: chương trình lạ {}", words[0]));
            let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
            let got = run_c(k, &args);
            while lines[i].trim().is_empty() {
                i += 1;
            }
            assert_eq!(
                lines[i].trim(),
                "```text",
                "{chapter}:{}: cần kết quả",
                i + 1
            );
            let body_end = i
                + 1
                + lines[i + 1..]
                    .iter()
                    .position(|l| l.trim() == "```")
                    .unwrap();
            let want = lines[i + 1..body_end].join("\n");
            assert_eq!(got.trim_end(), want.trim_end(), "{chapter}:{}", i + 1);
            shown += 1;
            i = body_end + 1;
        }
    }
    assert!(shown >= 4, "sách cần in kết quả của cả bốn chương trình C");
}

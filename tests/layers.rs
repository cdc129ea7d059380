//! Tầng của thư viện: không có vòng phụ thuộc giữa các tệp hay các mô-đun, và
//! các mô-đun miền (trò chơi, cây, tìm kiếm, Grundy, Dodgem…) không bao giờ dùng
//! các tầng trình bày (`plot`, `display`, luyện tập, dòng lệnh, trình chạy).
//!
//! Kiểm thử đọc mã nguồn trong `src/` như văn bản: mỗi tệp là một mô-đun
//! (`src/a/b.rs` là `a::b`, `src/a/mod.rs` là `a`); một tệp phụ thuộc vào tệp
//! khác khi nó nhắc tới một đường dẫn `crate::…`, `super::…` hay `self::…`
//! (trong `use` hay trong mã, không tính chú thích và khối `#[cfg(test)]` cuối
//! tệp). Đường dẫn chỉ tới tệp dài nhất khớp với nó. Vòng ở mức mô-đun: với
//! cung `a::x::… → a::y::…`, hai mô-đun anh em `a::x → a::y` có một cung; mọi
//! nhóm anh em phải không có vòng.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Module = Vec<String>;

/// Mô-đun miền: chỉ được dùng nhau và các mô-đun nền, không dùng tầng trình bày.
const DOMAIN: &[&str] = &[
    "args",
    "game",
    "games",
    "grundy",
    "dodgem",
    "tree",
    "search",
    "expr",
    "random",
    "outcome",
    "player",
    "value",
    "limits",
    "text",
    "os_error",
    "clock",
    "tournament",
];

/// Tầng trình bày và ứng dụng, từ dưới lên: hình, hiển thị trong notebook,
/// luyện tập, dòng lệnh, trình chạy mã.
const PRESENTATION: &[&str] = &[
    "plot",
    "display",
    "practice",
    "exercises",
    "cli",
    "web",
    "wasm",
    "runner",
];

fn files(dir: &Path, prefix: &Module, out: &mut BTreeMap<Module, String>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if path.is_dir() {
            if prefix.is_empty() && name == "bin" {
                continue;
            }
            let mut m = prefix.clone();
            m.push(name);
            files(&path, &m, out);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            if prefix.is_empty() && stem == "main" {
                continue;
            }
            let mut m = prefix.clone();
            if stem != "mod" && stem != "lib" {
                m.push(stem.to_string());
            }
            out.insert(m, fs::read_to_string(&path).unwrap());
        }
    }
}

/// Mã của tệp: bỏ chú thích dòng và phần từ `#[cfg(test)]` đầu tiên trở đi.
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Các đường dẫn trong một cây `use` đã bỏ khoảng trắng, ví dụ
/// `crate::a::{b,c::{d,e}}` → `crate::a::b`, `crate::a::c::d`, `crate::a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree);
        return vec![path.trim_end_matches("::*").to_string()];
    };
    let head = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start, mut out) = (0, 0, Vec::new());
    let mut parts = Vec::new();
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    for p in parts.into_iter().filter(|p| !p.trim().is_empty()) {
        for rest in expand(p.trim()) {
            if rest == "self" {
                out.push(head.trim_end_matches("::").to_string());
            } else {
                out.push(format!("{head}{rest}"));
            }
        }
    }
    out
}

/// Các đường dẫn `crate::`/`super::`/`self::` mà đoạn mã nhắc tới.
fn paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Câu `use`: có thể nhiều dòng, có ngoặc nhọn lồng nhau.
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().last();
        let after = &rest[i + 4..];
        if !matches!(before, Some(c) if c.is_alphanumeric() || c == '_') {
            let t = after.trim_start();
            if t.starts_with("crate::") || t.starts_with("super::") || t.starts_with("self::") {
                if let Some(end) = t.find(';') {
                    let squeezed: String = t[..end]
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ")
                        .replace(" as ", "\u{0}")
                        .replace(' ', "")
                        .replace('\u{0}', " as ");
                    out.extend(expand(&squeezed));
                }
            }
        }
        rest = after;
    }
    // Đường dẫn trong mã: `crate::a::b(...)`, `super::x::y`.
    let bytes = code.as_bytes();
    for start_word in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start_word) {
            let at = from + i;
            from = at + start_word.len();
            if at > 0 {
                let c = bytes[at - 1] as char;
                if c.is_alphanumeric() || c == '_' || c == ':' {
                    continue;
                }
            }
            let end = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            out.push(code[at..end].trim_end_matches(':').to_string());
        }
    }
    out
}

/// Mô-đun tuyệt đối của đường dẫn `path` viết trong mô-đun `here`.
fn absolute(here: &Module, path: &str) -> Module {
    let mut segs = path.split("::").filter(|s| !s.is_empty()).peekable();
    let mut m: Module = match segs.peek() {
        Some(&"crate") => {
            segs.next();
            Vec::new()
        }
        _ => here.clone(),
    };
    while let Some(&s) = segs.peek() {
        match s {
            "super" => {
                m.pop();
            }
            "self" => {}
            _ => break,
        }
        segs.next();
    }
    m.extend(segs.map(str::to_string));
    m
}

fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let mut all = BTreeMap::new();
    files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &Vec::new(),
        &mut all,
    );
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (m, text) in &all {
        let deps = edges.entry(m.clone()).or_default();
        for p in paths(&code(text)) {
            let abs = absolute(m, &p);
            let target = (0..=abs.len())
                .rev()
                .map(|n| abs[..n].to_vec())
                .find(|prefix| all.contains_key(prefix));
            if let Some(t) = target {
                if &t != m {
                    deps.insert(t);
                }
            }
        }
    }
    edges
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".to_string()
    } else {
        m.join("::")
    }
}

/// Các thành phần liên thông mạnh có hơn một đỉnh (Tarjan).
fn cycles(edges: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on: BTreeSet<&'a Module>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a Module) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        let edges = s.edges;
        for w in edges.get(v).into_iter().flatten() {
            let Some((w, _)) = edges.get_key_value(w) else {
                continue;
            };
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on.remove(w);
                comp.push(name(w));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn no_file_depends_on_itself_through_others() {
    let found = cycles(&graph());
    assert!(found.is_empty(), "vòng phụ thuộc giữa các tệp: {found:?}");
}

#[test]
fn no_module_depends_on_itself_through_its_siblings() {
    let mut siblings: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (u, vs) in graph() {
        for v in vs {
            let common = u.iter().zip(&v).take_while(|(a, b)| a == b).count();
            if common < u.len() && common < v.len() {
                let (a, b) = (u[..=common].to_vec(), v[..=common].to_vec());
                siblings.entry(b.clone()).or_default();
                siblings.entry(a).or_default().insert(b);
            }
        }
    }
    let found = cycles(&siblings);
    assert!(
        found.is_empty(),
        "vòng phụ thuộc giữa các mô-đun: {found:?}"
    );
}

#[test]
fn domain_modules_never_import_presentation() {
    let mut wrong = Vec::new();
    for (u, vs) in graph() {
        let Some(top) = u.first() else { continue };
        if !DOMAIN.contains(&top.as_str()) {
            continue;
        }
        for v in vs {
            if v.first()
                .is_some_and(|t| PRESENTATION.contains(&t.as_str()))
            {
                wrong.push(format!("{} → {}", name(&u), name(&v)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "mô-đun miền dùng tầng trình bày: {wrong:?}"
    );
}

#[test]
fn every_top_level_module_has_a_layer() {
    let top: BTreeSet<String> = graph().keys().filter_map(|m| m.first().cloned()).collect();
    let unknown: Vec<&String> = top
        .iter()
        .filter(|t| !DOMAIN.contains(&t.as_str()) && !PRESENTATION.contains(&t.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "mô-đun mới chưa được xếp tầng (thêm vào DOMAIN hoặc PRESENTATION): {unknown:?}"
    );
}

/// Kiểm thử chính bộ đọc: nó phải thấy vòng khi có vòng.
#[test]
fn the_reader_sees_a_planted_cycle() {
    let here: Module = vec!["dodgem".into(), "rules".into()];
    let ps = paths("use super::notation::{move_name, self};\nfn f() { crate::plot::tree(x); }\n");
    let abs: Vec<Module> = ps.iter().map(|p| absolute(&here, p)).collect();
    assert!(abs.contains(&vec![
        "dodgem".into(),
        "notation".into(),
        "move_name".into()
    ]));
    assert!(abs.contains(&vec!["dodgem".into(), "notation".into()]));
    assert!(abs.contains(&vec!["plot".into(), "tree".into()]));
    let mut g: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    let (a, b): (Module, Module) = (vec!["a".into()], vec!["b".into()]);
    g.entry(a.clone()).or_default().insert(b.clone());
    g.entry(b).or_default().insert(a);
    assert_eq!(cycles(&g), [vec!["a".to_string(), "b".to_string()]]);
}

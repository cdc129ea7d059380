//! Các phép thử so sánh mô-đun WebAssembly với thư viện chạy trên máy
//! (`make wasm-test`, tests/wasm/parity.js).
//!
//!     cargo run --example wasm_parity > target/wasm/parity.jsonl
//!
//! Mỗi dòng: `{"fn": tên hàm của src/wasm, "args": [...], "expected": "…"}`, với
//! `expected` là chuỗi JSON mà cùng hàm của thư viện (crate::web,
//! crate::practice::web — đúng các hàm mà lớp nối src/wasm gọi) trả về trên máy
//! này. Node gọi hàm cùng tên của mô-đun với cùng đối số và so từng byte.
//! Đầu vào sinh ngẫu nhiên có hạt giống cố định: cây (ba thuật toán, có và không
//! sắp thứ tự, có vết), thế cờ Dodgem (nước của máy, lượng giá), Grundy (mọi trò
//! chơi của lệnh grundy), thẻ luyện tập và lời chấm.

use caytrochoi::dodgem::{move_name, Dodgem, Rule, Side};
use caytrochoi::random::SplitMix64;
use serde_json::{json, Value};

fn tree_text(rng: &mut SplitMix64, depth: u32) -> String {
    if depth == 0 || (depth < 3 && rng.range(0, 3) == 0) {
        return rng.range(-9, 9).to_string();
    }
    let k = rng.range(1, 4);
    let kids: Vec<String> = (0..k).map(|_| tree_text(rng, depth - 1)).collect();
    format!("({})", kids.join(", "))
}

fn emit(name: &str, args: Value, expected: String) {
    println!(
        "{}",
        json!({ "fn": name, "args": args, "expected": expected })
    );
}

fn cli(args: Vec<String>) {
    let a = serde_json::to_string(&args).unwrap();
    let expected = caytrochoi::web::cli_json(&a);
    emit("cli", json!([a]), expected);
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

fn main() {
    let mut rng = SplitMix64::new(20261125);
    let mut count = 0;
    // Cây: giá trị, nhánh bị cắt, số nút (CLI --json), có vết; lời giải thích và hình.
    for i in 0..900 {
        let t = tree_text(&mut rng, 1 + (i % 5) as u32);
        let alg = ["minimax", "cat-tia", "window"][i % 3];
        let order = i % 4 == 1 && alg != "minimax";
        let mut args = if alg == "minimax" {
            s(&["minimax"])
        } else {
            s(&["alphabeta", "--variant", alg])
        };
        if order {
            args.push("--order".into());
        }
        if i % 2 == 0 {
            args.push("--trace".into());
        }
        args.extend(s(&["--tree", &t, "--json"]));
        cli(args);
        count += 1;
        if i % 6 == 0 {
            emit(
                "tree_walk",
                json!([t, alg, order]),
                caytrochoi::web::tree::walk_json(&t, alg, order),
            );
            emit(
                "tree_step",
                json!([t, alg, order, i % 7]),
                caytrochoi::web::tree::step_json(&t, alg, order, (i % 7) as u32),
            );
            count += 2;
        }
    }
    // Cây sai: cùng câu báo lỗi (dòng, cột).
    for bad in [
        "A(B:1",
        "A(B:x)",
        "(1, 2",
        "A(B:1, B:2)",
        "",
        "((((",
        "A(B:1)) C",
    ] {
        cli(s(&["minimax", "--tree", bad, "--json"]));
        count += 1;
    }
    // Dodgem: ván ngẫu nhiên, nước của máy ở từng thế, lượng giá với tìm kiếm.
    for g in 0..60 {
        let size = if g % 3 == 0 { 4 } else { 3 };
        let rule = if g % 2 == 0 { "vn" } else { "ww" };
        let first = if g % 4 < 2 { "den" } else { "trang" };
        let game = Dodgem::new(size)
            .unwrap()
            .with_rule(Rule::parse(rule).unwrap())
            .with_first(Side::parse(first).unwrap());
        let mut pos = game.start();
        let mut moves: Vec<String> = Vec::new();
        for ply in 0..6 {
            if game.end(&pos).is_some() {
                break;
            }
            let depth = 1 + ((g + ply) % 4) as u32;
            let mj = serde_json::to_string(&moves).unwrap();
            emit(
                "dodgem_computer",
                json!([size, rule, first, depth, mj]),
                caytrochoi::web::dodgem::computer_json(size as u32, rule, first, depth, &mj),
            );
            emit(
                "dodgem_state",
                json!([size, rule, first, "den", mj]),
                caytrochoi::web::dodgem::state_json(size as u32, rule, first, "den", &mj),
            );
            let board = caytrochoi::dodgem::board_to_text(&pos.board);
            let side = if pos.to_move == Side::Black {
                "den"
            } else {
                "trang"
            };
            cli(s(&[
                "dodgem",
                "eval",
                "--board",
                &board,
                "--to-move",
                side,
                "--depth",
                &depth.to_string(),
                "--json",
            ]));
            count += 3;
            let legal = game.moves(&pos);
            let mv = legal[rng.range(0, legal.len() as i64 - 1) as usize];
            moves.push(move_name(size, mv));
            pos = game.after(&pos, mv);
        }
    }
    // Grundy: mọi trò chơi của lệnh `grundy`.
    for i in 0..400 {
        let a = rng.range(0, 30).to_string();
        let b = rng.range(0, 30).to_string();
        let args = match i % 10 {
            8 => {
                let mut v = s(&["grundy", "nim"]);
                v.extend(random_heaps(&mut rng));
                v.push("--json".to_string());
                v
            }
            9 => {
                let mut v = s(&["grundy", "dam"]);
                v.extend(random_dam_rows(&mut rng));
                if rng.range(0, 1) == 1 {
                    v.push("--white".to_string());
                }
                v.push("--json".to_string());
                v
            }
            0 => s(&["grundy", "boc-soi", &a, &b, "--json"]),
            1 => s(&["grundy", "hau", &a, &b, "--json"]),
            2 => s(&[
                "grundy",
                "socola",
                &(rng.range(1, 12)).to_string(),
                &(rng.range(1, 12)).to_string(),
                "--json",
            ]),
            3 => s(&["grundy", "to-mau", &a, "--json"]),
            4 => s(&["grundy", "nim-chia", &a, "--json"]),
            5 => s(&[
                "grundy",
                "octal",
                ["0.07", "0.137", "0.077", "4.7"][i % 4],
                &a,
                "--json",
            ]),
            6 => s(&[
                "grundy",
                "chuyen-soi",
                "--cells",
                &(rng.range(1, 12)).to_string(),
                "--json",
            ]),
            _ => s(&["grundy", "boc-soi", &a, "x", "--json"]),
        };
        cli(args);
        count += 1;
    }
    // Thế giữa ván trên dòng lệnh (Tô màu, bát phân nhiều đống, Chuyển sỏi): trang
    // và lệnh `caytrochoi grundy …` cho cùng câu trả lời, kể cả lời báo lỗi.
    for args in [
        &["to-mau", "..xx....", "--json"][..],
        &["to-mau", "..x......x", "--play", "--json"],
        &["to-mau", "x.x.x"],
        &["to-mau", "..o..", "--json"],
        &["octal", "0.07", "3", "5", "--json"],
        &["octal", "0.77", "2 3 7"],
        &["octal", "0.137", "3", "x", "--json"],
        &["chuyen-soi", "4-17", "--white", "--json"],
        &["chuyen-soi", "2-9", "--retreat", "--cells", "10", "--json"],
        &["chuyen-soi", "5-3", "--json"],
    ] {
        let mut v = s(&["grundy"]);
        v.extend(s(args));
        cli(v);
        count += 1;
    }
    for i in 0..40 {
        let strip: String = (0..rng.range(1, 24))
            .map(|_| if rng.range(0, 3) == 0 { 'x' } else { '.' })
            .collect();
        let args = match i % 3 {
            0 => s(&["grundy", "to-mau", &strip, "--json"]),
            1 => {
                let mut v = s(&["grundy", "octal", ["0.07", "0.77", "4.07"][i % 3]]);
                v.extend((0..rng.range(2, 4)).map(|_| rng.range(0, 20).to_string()));
                v.push("--json".into());
                v
            }
            _ => {
                let black = rng.range(1, 18);
                let white = rng.range(black + 1, 19);
                s(&[
                    "grundy",
                    "chuyen-soi",
                    &format!("{black}-{white}"),
                    "--json",
                ])
            }
        };
        cli(args);
        count += 1;
    }
    // Chơi Grundy với máy: mọi nước và G sau mỗi nước, ở mọi trò chơi chơi được.
    let games = [
        "boc-soi",
        "hau",
        "nim",
        "dam",
        "nim-chia",
        "socola",
        "to-mau",
        "octal",
        "chuyen-soi",
    ];
    for i in 0..360u32 {
        let game = games[(i % 9) as usize];
        let position: Vec<String> = match game {
            // Dải Tô màu: số ô, hay từng ô `.`/`x` giữa ván (đôi khi một ký tự sai).
            "to-mau" if i % 2 == 0 => vec![rng.range(0, 30).to_string()],
            "to-mau" => vec![(0..rng.range(1, 30))
                .map(|_| match rng.range(0, 40) {
                    0 => 'o',
                    k if k < 12 => 'x',
                    _ => '.',
                })
                .collect()],
            "octal" => {
                let code =
                    ["0.07", "0.77", "0.077", "0.137", "4.07", "0.6"][rng.range(0, 5) as usize];
                let mut v = vec![code.to_string()];
                v.extend((0..rng.range(1, 3)).map(|_| rng.range(0, 20).to_string()));
                v
            }
            "chuyen-soi" => {
                let cells = rng.range(2, 25);
                let black = rng.range(1, cells);
                let white = rng.range(black, cells + 1);
                let mut v = vec![format!("{black}-{white}")];
                if rng.range(0, 2) == 0 {
                    v.push("--white".into());
                }
                v.extend(s(&[
                    "--cells",
                    &cells.to_string(),
                    "--step",
                    &rng.range(1, 5).to_string(),
                ]));
                v
            }
            "nim" => random_heaps(&mut rng),
            "dam" => random_dam_rows(&mut rng),
            "nim-chia" => (0..rng.range(1, 3))
                .map(|_| rng.range(1, 30).to_string())
                .collect(),
            "socola" if i % 12 == 4 => vec![
                format!("{}x{}", rng.range(1, 6), rng.range(1, 6)),
                format!("{}x{}", rng.range(1, 6), rng.range(1, 6)),
            ],
            "socola" => vec![rng.range(1, 8).to_string(), rng.range(1, 8).to_string()],
            _ => vec![rng.range(0, 25).to_string(), rng.range(0, 25).to_string()],
        };
        let position_json = serde_json::to_string(&position).unwrap();
        emit(
            "grundy_turn",
            json!([game, position_json]),
            caytrochoi::web::grundy::turn_json(game, &position_json),
        );
        // Hình: hai số (Bốc sỏi, quân Hậu) hoặc cả thế viết thành một chuỗi.
        let (a, b) = match game {
            "nim" | "dam" | "nim-chia" | "to-mau" | "chuyen-soi" => {
                (position.join(" "), String::new())
            }
            "octal" => (position[0].clone(), position[1..].join(" ")),
            "socola" if position.len() != 2 || position[0].contains('x') => {
                (position.join(" "), String::new())
            }
            _ => (position[0].clone(), position[1].clone()),
        };
        emit(
            "grundy_figure",
            json!([game, a, b]),
            caytrochoi::web::grundy::figure_json(game, &a, &b),
        );
        count += 2;
    }
    // Thẻ luyện tập ở những hạt giống ngoài ngân hàng, và lời chấm.
    for i in 0..120u64 {
        let seed = (1000 + i * 7919).to_string();
        let level = ["de", "vua", "kho"][(i % 3) as usize];
        let alg = ["cat-tia", "cua-so"][(i % 2) as usize];
        emit(
            "click_card",
            json!([seed, level, alg]),
            caytrochoi::web::practice::click_card_json(&seed, level, alg),
        );
        let card = caytrochoi::practice::web::card_for(1000 + i * 7919, level, alg).unwrap();
        let mut picks = card.truth.clone();
        if i % 3 == 0 {
            picks.pop();
        }
        let pj = serde_json::to_string(&picks).unwrap();
        emit(
            "click_grade",
            json!([seed, level, alg, pj, (i % 3) as u32]),
            caytrochoi::web::practice::click_grade_json(&seed, level, alg, &pj, (i % 3) as u32),
        );
        count += 2;
    }
    // Lời chấm mà trang hiện cho các câu trả lời sai: một nhánh thừa và thiếu một
    // nhánh, ở mọi bậc (bậc 3: lời giải hiện riêng, không nằm trong lời nhận xét).
    for i in 0..48u64 {
        let seed = 2000 + i * 104_723;
        let level = ["de", "vua", "kho"][(i % 3) as usize];
        let alg = ["cat-tia", "cua-so"][(i / 3 % 2) as usize];
        let card = caytrochoi::practice::web::card_for(seed, level, alg).unwrap();
        let tree = card.problem.tree().unwrap();
        let extra = tree.nodes()[1..]
            .iter()
            .map(|n| n.label.clone())
            .find(|l| !card.truth.contains(l))
            .unwrap();
        let picks: Vec<String> = [extra]
            .into_iter()
            .chain(card.truth[1..].to_vec())
            .collect();
        let pj = serde_json::to_string(&picks).unwrap();
        let seed = seed.to_string();
        let before = (i / 6 % 4) as u32;
        emit(
            "click_grade",
            json!([seed, level, alg, pj, before]),
            caytrochoi::web::practice::click_grade_json(&seed, level, alg, &pj, before),
        );
        count += 1;
    }
    // Bài luyện tập của mọi chương (practice::json), lời chấm sai rồi đúng.
    for i in 0..180u64 {
        let chapter = 1 + (i % 7) as u8;
        let level = ["de", "vua", "kho"][(i / 6 % 3) as usize];
        let seed = (500_000 + i * 104_729).to_string();
        emit(
            "practice_card",
            json!([chapter, level, seed]),
            caytrochoi::web::practice::card_json(chapter, level, &seed),
        );
        let answer = ["?", "1", "A", "0 1", "B C"][(i % 5) as usize];
        emit(
            "practice_grade",
            json!([chapter, level, seed, answer, (i % 3) as u32]),
            caytrochoi::web::practice::grade_json(chapter, level, &seed, answer, (i % 3) as u32),
        );
        count += 2;
    }
    emit(
        "practice_card",
        json!([9, "vua", "1"]),
        caytrochoi::web::practice::card_json(9, "vua", "1"),
    );
    // Carô chương 7: mọi cách tìm của `tictactoe --search` (trong trang, đồng hồ
    // là của trình duyệt: src/clock.rs). Trường `seconds` khác nhau giữa hai
    // máy nên parity.js bỏ qua nó (`"timed": true`); mọi trường khác đúng từng byte.
    let mut searches = vec![
        s(&["--search", "minimax"]),
        s(&["--search", "cat-tia", "--order"]),
        s(&["--search", "window"]),
        s(&["--search", "negamax"]),
        s(&["--search", "negamax-ab"]),
        s(&["--search", "id-tt", "--depth", "5", "--tt-size", "1000"]),
        s(&["--search", "id-tt"]),
        s(&["--search", "mcts", "--playouts", "300", "--seed", "7"]),
        s(&["--search", "mcts", "--order"]),
        s(&["--search", "id-tt", "--depth", "31"]),
    ];
    for d in 1..=9 {
        searches.push(s(&["--search", "id-tt", "--depth", &d.to_string()]));
    }
    for (i, mut a) in searches.into_iter().enumerate() {
        a.insert(0, "tictactoe".into());
        if i % 3 != 2 {
            a.push("--json".into());
        }
        let args = serde_json::to_string(&a).unwrap();
        println!(
            "{}",
            json!({ "fn": "cli", "args": [args], "expected": caytrochoi::web::cli_json(&args), "timed": true })
        );
        count += 1;
    }
    // Khung của chương 7 (book/theme/wasm-thuc-te.js): sâu dần và MCTS từ các thế
    // cờ có sẵn của khung, carô và Dodgem 3×3, mọi mốc số lần chơi thử của khung
    // (hạt giống 1 và 7), và vài bàn cờ gõ sai.
    let caro = [
        ".../.../...",
        "O../.X./...",
        "X../.O./...",
        "X.X/.O./...",
        "XX./OO./...",
        "XXX/OO./...",
        "XX./.../...",
    ];
    let dodgem = [
        ("D../D../.TT", "den"),
        ("D../D../.TT", "trang"),
        ("D../.T./D.T", "trang"),
        ("D../.../DTT", "den"),
        ("D../D../.TX", "den"),
    ];
    let mut widget: Vec<Vec<String>> = Vec::new();
    for b in caro {
        widget.push(s(&[
            "tictactoe",
            "--search",
            "id-tt",
            "--board",
            b,
            "--depth",
            "9",
        ]));
    }
    for (b, side) in dodgem {
        for d in ["12", "17"] {
            widget.push(s(&[
                "dodgem",
                "search",
                "--search",
                "id-tt",
                "--board",
                b,
                "--to-move",
                side,
                "--depth",
                d,
            ]));
        }
    }
    for n in [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] {
        let n = n.to_string();
        for seed in ["1", "7"] {
            widget.push(s(&[
                "tictactoe",
                "--search",
                "mcts",
                "--board",
                caro[1],
                "--playouts",
                &n,
                "--seed",
                seed,
            ]));
            widget.push(s(&[
                "dodgem",
                "search",
                "--search",
                "mcts",
                "--board",
                "D../D../.TT",
                "--to-move",
                "den",
                "--playouts",
                &n,
                "--seed",
                seed,
            ]));
        }
    }
    for (i, mut a) in widget.into_iter().enumerate() {
        if i % 5 != 4 {
            a.push("--json".into());
        }
        let args = serde_json::to_string(&a).unwrap();
        println!(
            "{}",
            json!({ "fn": "cli", "args": [args], "expected": caytrochoi::web::cli_json(&args), "timed": true })
        );
        count += 1;
    }
    eprintln!("{count} phép thử");
}

/// 1–5 đống Nim ngẫu nhiên, 0–40 viên (đôi khi một đống quá giới hạn hay không
/// phải số, để so cả lời báo lỗi).
fn random_heaps(rng: &mut SplitMix64) -> Vec<String> {
    let mut v: Vec<String> = (0..rng.range(1, 5))
        .map(|_| rng.range(0, 40).to_string())
        .collect();
    match rng.range(0, 20) {
        0 => v.push("1001".to_string()),
        1 => v.push("x".to_string()),
        _ => {}
    }
    v
}

/// 1–4 hàng Cờ DAM `đen-trắng` ngẫu nhiên trên tối đa 12 ô (đôi khi một hàng sai).
fn random_dam_rows(rng: &mut SplitMix64) -> Vec<String> {
    let mut v: Vec<String> = (0..rng.range(1, 4))
        .map(|_| {
            let b = rng.range(1, 11);
            let w = rng.range(b + 1, 12);
            format!("{b}-{w}")
        })
        .collect();
    if rng.range(0, 20) == 0 {
        v.push("5-3".to_string());
    }
    v
}

//! Vẽ các hình mẫu của mô-đun `plot` vào một thư mục (mặc định `hinh/`):
//! `cargo run --example plot_gallery -- THƯ_MỤC`.

use caytrochoi::plot::{self, TreeDiagram};
use caytrochoi::random::uniform_tree;
use caytrochoi::{dodgem, GameTree, Searcher};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "hinh".to_string());
    std::fs::create_dir_all(&dir)?;
    let save = |name: &str, f: plot::Figure| f.save(format!("{dir}/{name}.svg"));
    let cay = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))")?;
    save("cay", plot::tree(&cay)?)?;
    save(
        "vet_can",
        TreeDiagram::new(&cay)
            .search(Searcher::minimax())?
            .temp_values(true)
            .levels("X đi / Max", "O đi / Min")
            .draw()?,
    )?;
    save(
        "cat_tia",
        plot::search_tree(&cay, Searcher::cat_tia(), true)?,
    )?;
    save("cua_so", plot::search_tree(&cay, Searcher::window(), true)?)?;
    for (k, f) in plot::steps(&cay, Searcher::cat_tia())?
        .into_iter()
        .enumerate()
    {
        save(&format!("buoc_{k:02}"), f)?;
    }
    let ngau_nhien = uniform_tree(3, 4, 7, -9, 9, false)?;
    save(
        "ngau_nhien",
        plot::search_tree(&ngau_nhien, Searcher::window(), true)?,
    )?;
    let lon = uniform_tree(3, 7, 7, -9, 9, false)?;
    save("lon", plot::search_tree(&lon, Searcher::window(), false)?)?;
    save("so_nut", plot::node_count_chart(3, 8, 42)?)?;
    save("so_nut_caro", plot::tictactoe_chart(9)?)?;
    save(
        "cot",
        plot::bar_chart(
            "Số nút đã xét trên cây carô (đến hết ván)",
            &[
                ("vét cạn", 549946.0),
                ("cat_tia", 60000.0),
                ("cửa sổ (α, β)", 30709.0),
            ],
        )?,
    )?;
    save("hau", plot::queen_board(&queen_grundy(8))?)?;
    save(
        "kayles",
        plot::grundy_sequence("Dãy Grundy của Kayles", &kayles(96), Some((12, 72)))?,
    )?;
    let ban = dodgem::parse_board("D../D../.TT")?;
    save("dodgem", plot::dodgem_position(&ban, None)?)?;
    // Trắng ở c1 đi lên.
    let len = dodgem::DodgemMove {
        from: 8,
        dir: dodgem::Dir::Up,
    };
    save("dodgem_nuoc_di", plot::dodgem_position(&ban, Some(len))?)?;
    let giua = dodgem::parse_board("..D/.T./T.D")?;
    let ra = dodgem::DodgemMove {
        from: 2,
        dir: dodgem::Dir::Right,
    };
    save(
        "dodgem_ra_khoi_ban",
        plot::dodgem_position(&giua, Some(ra))?,
    )?;
    save("dawson", plot::octal_sequence("0.07", 120)?)?;
    let (a, b) = (
        plot::step(&cay, Searcher::cat_tia(), 3)?,
        plot::step(&cay, Searcher::cat_tia(), 10)?,
    );
    save(
        "luoi",
        plot::grid(&[("(a) bước 3", &a), ("(b) bước 10", &b)], 2, 900.0)?,
    )?;
    save(
        "bieu_thuc",
        plot::expr_tree(
            &caytrochoi::expr::Expr::parse("5 + 2 × 3 − 4")?,
            &plot::ExprTreeOptions {
                values: true,
                order: true,
                return_arrows: true,
                title: Some("Định trị cây biểu thức 5 + 2 × 3 − 4".to_string()),
            },
        )?,
    )?;
    Ok(())
}

fn mex(seen: &[u32]) -> u32 {
    (0..).find(|g| !seen.contains(g)).unwrap_or(0)
}

/// G(p, q) của trò chơi quân hậu: đi sang trái, xuống dưới hoặc chéo xuống trái.
fn queen_grundy(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for p in 0..n {
        for q in 0..n {
            let mut seen = Vec::new();
            for k in 1..=p {
                seen.push(g[p - k][q]);
            }
            for k in 1..=q {
                seen.push(g[p][q - k]);
            }
            for k in 1..=p.min(q) {
                seen.push(g[p - k][q - k]);
            }
            g[p][q] = mex(&seen);
        }
    }
    g
}

/// Dãy Grundy của Kayles: bỏ 1 hoặc 2 ky liền nhau.
fn kayles(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for m in 1..=n {
        let mut seen = Vec::new();
        for take in 1..=2.min(m) {
            for a in 0..=(m - take) {
                seen.push(g[a] ^ g[m - take - a]);
            }
        }
        g[m] = mex(&seen);
    }
    g
}

//! Những gì thư viện vẽ lên trang chiếu, theo lệnh `<!-- chieu: LỆNH … -->`:
//!
//! | lệnh | kết quả |
//! | --- | --- |
//! | `vet-can CÂY` | vét cạn trên CÂY, mỗi bước của vết một trang |
//! | `cat-tia CÂY` | cắt tỉa alpha-beta của bài giảng (`cat_tia`), mỗi bước một trang |
//! | `cua-so CÂY` | alpha-beta với cửa sổ (α, β), mỗi bước một trang |
//! | `grundy ĐỒ_THỊ` | hàm Grundy tính bằng tay, mỗi đỉnh một trang |
//! | `dodgem ĐỘ_SÂU NƯỚC…` | một ván Dodgem 3×3 (bạn cầm Đen, máy tính trước ĐỘ_SÂU nước), mỗi nước một trang |
//! | `cay CÂY` | hình cây (chưa định trị) trên trang đang viết |
//! | `cay-vet-can CÂY`, `cay-cat-tia CÂY` | hình cây đã định trị, có giá trị tạm |
//! | `do-thi ĐỒ_THỊ` | hình đồ thị trò chơi với G ở mỗi đỉnh |
//! | `ban-dodgem BÀN` | hình bàn cờ Dodgem, ví dụ `D../D../.TT` |
//! | `bo` | bỏ mục này (không làm trang nào) |
//!
//! CÂY viết như `A(B:1, C(E(I:0), F:-1))`, ĐỒ_THỊ như `A → B, C; B → C` — cùng
//! cách viết với dòng lệnh `caytrochoi`. Mọi hình do `caytrochoi::plot` vẽ, mọi
//! câu do vết của thư viện kể: trang chiếu không thể nói khác sách.

use super::source::{escape, Slide};
use caytrochoi::dodgem::{parse_board, Dodgem, Match, Side};
use caytrochoi::grundy::GraphGame;
use caytrochoi::plot::{self, Figure, GraphDiagram, TreeDiagram};
use caytrochoi::{GameTree, Searcher};
use std::path::Path;

/// Cỡ chữ nhỏ nhất (điểm ảnh trên trang 1280 × 720) của mọi hình trên trang.
pub const MIN_TEXT_PX: f64 = 18.0;
/// Không phóng hình quá mức này (nét vẽ thô).
pub const MAX_SCALE: f64 = 2.2;
/// Các tỉ lệ chữ (`plot::with_text_scale`) thử cho một hình, từ nhỏ đến lớn:
/// trang chiếu dùng tỉ lệ nhỏ nhất cho mọi chữ của hình ≥ [`MIN_TEXT_PX`].
/// Không quá 1,5: chữ lớn hơn nữa thì những hình chật (bảng Grundy 15 × 15, lưới
/// hình) không còn chỗ cho chữ; hình nào cần hơn thế được chia ra hay chỉ được
/// nhắc trong lời người dạy.
pub const TEXT_SCALES: [f64; 3] = [1.0, 1.25, 1.5];

/// Phóng hình `w × h` cho vừa `max_w × max_h` (không quá [`MAX_SCALE`] lần).
pub fn fit_scale((w, h): (f64, f64), max_w: f64, max_h: f64) -> f64 {
    (max_w / w).min(max_h / h).min(MAX_SCALE)
}

/// Cỡ chữ nhỏ nhất của hình trên trang khi phóng cho vừa `max_w × max_h` (theo
/// `viewBox`, như [`embed_svg`]: hình đã thu nhỏ bằng `fit_width` vẫn phóng từ
/// cỡ vẽ của nó).
pub fn shown_text(fig: &Figure, max_w: f64, max_h: f64) -> f64 {
    let size = svg_size(fig.svg()).unwrap_or((fig.width(), fig.height()));
    smallest_font(fig.svg()) * fit_scale(size, max_w, max_h)
}

/// Vẽ các hình của `draw` (cùng một tỉ lệ chữ cho mọi hình: các bước của một ví
/// dụ không đổi cỡ chữ giữa chừng) với tỉ lệ chữ nhỏ nhất trong [`TEXT_SCALES`]
/// cho chữ ≥ [`MIN_TEXT_PX`] khi mỗi hình phóng vừa khung `frame(hình)`. Không tỉ
/// lệ nào đủ: các hình ở tỉ lệ lớn nhất ([`embed_figure`] sẽ báo hình quá lớn).
pub fn legible(
    draw: impl Fn() -> Result<Vec<Figure>, String>,
    frame: impl Fn(&Figure) -> (f64, f64),
) -> Result<Vec<Figure>, String> {
    let mut last = Vec::new();
    for k in TEXT_SCALES {
        last = plot::with_text_scale(k, &draw).map_err(|e| e.to_string())??;
        let enough = last.iter().all(|f| {
            let (w, h) = frame(f);
            shown_text(f, w, h) >= MIN_TEXT_PX - 0.05
        });
        if enough {
            break;
        }
    }
    Ok(last)
}

/// Một hình vẽ bằng `draw`, chữ đủ lớn trong khung `max_w × max_h` ([`legible`]).
fn legible_one(
    draw: impl Fn() -> Result<Figure, String>,
    max_w: f64,
    max_h: f64,
) -> Result<Figure, String> {
    let mut figs = legible(|| Ok(vec![draw()?]), |_| (max_w, max_h))?;
    figs.pop().ok_or_else(|| "không có hình".to_string())
}

/// Hình của các bước 1..=`n` (`draw_step(k)`), cùng một tỉ lệ chữ vừa khung của
/// một trang bước ([`legible`]).
fn legible_steps(
    n: usize,
    draw_step: impl Fn(usize) -> Result<Figure, String>,
) -> Result<Vec<Figure>, String> {
    legible(|| (1..=n).map(&draw_step).collect(), step_frame)
}

/// Kết quả của một lệnh.
pub enum Output {
    /// Bỏ mục đang viết.
    Skip,
    /// Một hình trên trang đang viết: HTML và chiều cao.
    Figure(String, f64),
    /// Một dãy trang từng bước: tên ví dụ và các trang.
    Steps(String, Vec<Slide>),
}

/// Các lệnh có, để báo khi gõ sai.
const COMMANDS: &str = "vet-can, cat-tia, cua-so, grundy, dodgem, cay, cay-vet-can, cay-cat-tia, do-thi, ban-dodgem, bo";

/// Chạy lệnh `cmd` (đã bỏ `chieu:`); `_dir` là thư mục của tệp nguồn.
pub fn run(cmd: &str, _dir: &Path) -> Result<Output, String> {
    let (name, arg) = cmd.split_once(' ').unwrap_or((cmd, ""));
    let arg = arg.trim();
    let need = |what: &str| -> Result<(), String> {
        if arg.is_empty() {
            Err(format!("lệnh trình chiếu `{name}` cần {what}"))
        } else {
            Ok(())
        }
    };
    match name {
        "bo" | "bỏ" => Ok(Output::Skip),
        "vet-can" | "cat-tia" | "cua-so" => {
            need("một cây, ví dụ `A(B:1, C(D:0, E:-1))`")?;
            tree_steps(name, arg)
        }
        "grundy" => {
            need("một đồ thị, ví dụ `A → B, C; B → C`")?;
            grundy_steps(arg)
        }
        "dodgem" => {
            need("độ sâu của máy rồi các nước của quân Đen, ví dụ `4 a3> b3>`")?;
            dodgem_steps(arg)
        }
        "cay" | "cay-vet-can" | "cay-cat-tia" => {
            need("một cây, ví dụ `A(B:1, C(D:0, E:-1))`")?;
            let tree = parse_tree(arg)?;
            let d = TreeDiagram::new(&tree).levels("Max", "Min").compact(true);
            let d = match name {
                "cay-vet-can" => d
                    .search(Searcher::minimax())
                    .map_err(|e| e.to_string())?
                    .temp_values(true),
                "cay-cat-tia" => d
                    .search(Searcher::cat_tia())
                    .map_err(|e| e.to_string())?
                    .temp_values(true),
                _ => d,
            };
            let (w, h) = (super::source::BODY_WIDTH, 470.0);
            let fig = legible_one(|| d.draw().map_err(|e| e.to_string()), w, h)?;
            let (html, h) = embed_figure(&fig, &format!("Cây {arg}"), w, h)?;
            Ok(Output::Figure(html, h))
        }
        "do-thi" => {
            need("một đồ thị, ví dụ `A → B, C; B → C`")?;
            let g = parse_graph(arg)?;
            let d = GraphDiagram::new(&g)
                .grundy()
                .map_err(|e| e.to_string())?
                .compact(true);
            let (w, h) = (super::source::BODY_WIDTH, 540.0);
            let fig = legible_one(|| d.draw().map_err(|e| e.to_string()), w, h)?;
            let (html, h) = embed_figure(&fig, &format!("Đồ thị {arg}"), w, h)?;
            Ok(Output::Figure(html, h))
        }
        "ban-dodgem" => {
            need("một bàn cờ, ví dụ `D../D../.TT`")?;
            let board = parse_board(arg).map_err(|e| e.to_string())?;
            let (w, h) = (super::source::BODY_WIDTH, 540.0);
            let fig = legible_one(|| dodgem_figure(&board, None), w, h)?;
            let (html, h) = embed_figure(&fig, &format!("Bàn cờ {arg}"), w, h)?;
            Ok(Output::Figure(html, h))
        }
        _ => Err(format!(
            "không có lệnh trình chiếu `{name}` (các lệnh: {COMMANDS})"
        )),
    }
}

fn parse_tree(text: &str) -> Result<GameTree, String> {
    GameTree::parse(text).map_err(|e| format!("cây `{text}` viết sai: {e}"))
}

fn parse_graph(text: &str) -> Result<GraphGame, String> {
    GraphGame::parse(text).map_err(|e| format!("đồ thị `{text}` viết sai: {e}"))
}

/// Vét cạn hoặc cắt tỉa trên cây `text`, mỗi bước của vết một trang.
fn tree_steps(name: &str, text: &str) -> Result<Output, String> {
    let tree = parse_tree(text)?;
    let (searcher, what) = match name {
        "vet-can" => (Searcher::minimax(), "Vét cạn"),
        "cat-tia" => (Searcher::cat_tia(), "Cắt tỉa alpha-beta (cat_tia)"),
        _ => (Searcher::window(), "Alpha-beta, cửa sổ (α, β)"),
    };
    let result = searcher.trace().run(&tree).map_err(|e| e.to_string())?;
    let trace = result.trace.as_ref().ok_or("tìm kiếm không ghi vết")?;
    let lines = trace.walk_lines();
    let diagram = TreeDiagram::new(&tree)
        .result(&result)
        .temp_values(true)
        .levels("Max", "Min")
        .compact(true);
    let n = diagram.step_count();
    let figs = legible_steps(n, |k| {
        diagram.clone().step(k).draw().map_err(|e| e.to_string())
    })?;
    let mut slides = Vec::new();
    for (k, fig) in (1..=n).zip(&figs) {
        let mut sentence = format!("<b>{k}.</b> {}", escape(&lines[k - 1]));
        if k == n {
            if let Some(last) = lines.get(n) {
                sentence.push_str(&format!("<br><b>{}</b>", escape(last)));
            }
        }
        let prev = if k > 1 {
            escape(&lines[k - 2])
        } else {
            String::new()
        };
        slides.push(step_slide(
            &format!("{what} — bước {k}/{n}"),
            fig,
            &format!("Cây {text}, sau bước {k}"),
            &sentence,
            &format!(
                "<p>Cây <code>{}</code>. Bước trước: {prev}</p><p>Hỏi lớp: bước tiếp theo, nút nào được xét, giá trị tạm nào đổi?</p>",
                escape(text)
            ),
        )?);
    }
    Ok(Output::Steps(format!("{name} {text}"), slides))
}

/// Hàm Grundy của đồ thị `text`, tính bằng tay: mỗi đỉnh một trang.
fn grundy_steps(text: &str) -> Result<Output, String> {
    let g = parse_graph(text)?;
    let diagram = GraphDiagram::new(&g)
        .grundy()
        .map_err(|e| e.to_string())?
        .compact(true);
    let solved = g.solve().map_err(|e| e.to_string())?;
    let formulas: Vec<String> = solved
        .steps
        .iter()
        .map(|s| s.formula(|&x| solved.name(x).to_string()))
        .collect();
    let n = diagram.step_count();
    let figs = legible_steps(n, |k| {
        diagram.clone().upto(k).draw().map_err(|e| e.to_string())
    })?;
    let mut slides = Vec::new();
    for (k, fig) in (1..=n).zip(&figs) {
        let done: String = formulas[..k]
            .iter()
            .enumerate()
            .map(|(i, f)| {
                if i + 1 == k {
                    format!("<li class=\"moi\">{}</li>", escape(f))
                } else {
                    format!("<li>{}</li>", escape(f))
                }
            })
            .collect();
        let explain = if solved.steps[k - 1].children.is_empty() {
            "Đỉnh không có nước đi: mex của tập rỗng là 0."
        } else {
            "Mọi đỉnh nó đi tới đã có G: lấy số tự nhiên nhỏ nhất không có trong tập."
        };
        slides.push(step_slide(
            &format!("Hàm Grundy — đỉnh {k}/{n}"),
            fig,
            &format!("Đồ thị {text}, sau đỉnh thứ {k}"),
            &format!("<ol class=\"mex\">{done}</ol><p>{explain}</p>"),
            &format!(
                "<p>Đồ thị <code>{}</code>. Thứ tự tính: đỉnh không có nước đi trước, rồi những đỉnh mà mọi đỉnh nó đi tới đã có giá trị. G = 0: người đến lượt thua (bài giảng gọi là trạng thái thắng, P).</p>",
                escape(text)
            ),
        )?);
    }
    Ok(Output::Steps(format!("grundy {text}"), slides))
}

/// Một ván Dodgem 3×3, bạn cầm Đen: `ĐỘ_SÂU NƯỚC…`; mỗi nước đã đi một trang.
fn dodgem_steps(arg: &str) -> Result<Output, String> {
    let mut words = arg.split_whitespace();
    let depth: u32 = words
        .next()
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("`dodgem {arg}`: cần độ sâu (một số) trước các nước đi"))?;
    let game = Dodgem::new(3).map_err(|e| e.to_string())?;
    let mut m = Match::new(game, Side::Black, depth).map_err(|e| e.to_string())?;
    for mv in words {
        if m.is_over() {
            break;
        }
        m.play(mv);
        if m.last_error().is_some() {
            return Err(format!("nước `{mv}`: {}", m.note()));
        }
    }
    let turns = m.turns().to_vec();
    let n = turns.len();
    // Thế cờ trước mỗi nước.
    let mut before = vec![game.start()];
    for t in &turns {
        let next = game
            .play(&before[before.len() - 1], t.mv)
            .map_err(|e| e.to_string())?;
        before.push(next);
    }
    let figs = legible_steps(n, |k| {
        dodgem_figure(&before[k - 1].board, Some(turns[k - 1].mv))
    })?;
    let mut slides = Vec::new();
    for (k, (t, fig)) in turns.iter().zip(&figs).enumerate() {
        let who = if t.by_computer {
            "máy"
        } else {
            "người chơi"
        };
        let value = match t.value {
            Some(v) => format!(
                " Giá trị tìm kiếm của máy (theo Trắng): {}.",
                caytrochoi::fmt_value(v)
            ),
            None => String::new(),
        };
        let described = t.description.clone();
        let mut sentence = format!(
            "<b>Nước {}.</b> {} ({who}) đi {}.{}",
            k + 1,
            escape(t.side.name()),
            escape(&described),
            escape(&value)
        );
        if k + 1 == n && m.is_over() {
            sentence.push_str(&format!("<br><b>{}</b>", escape(end_sentence(m.note()))));
        }
        slides.push(step_slide(
            &format!("Một ván Dodgem — nước {}/{n}", k + 1),
            fig,
            &format!("Bàn cờ trước nước {}", k + 1),
            &sentence,
            &format!(
                "<p>Máy cầm Trắng, tính trước {depth} nước bằng alpha-beta với hàm lượng giá của bài giảng. Mũi tên là nước sắp đi.</p>"
            ),
        )?);
    }
    Ok(Output::Steps(format!("dodgem {arg}"), slides))
}

/// Câu kết của ván (phần sau "Ván cờ kết thúc" trong lời của ván).
fn end_sentence(note: &str) -> &str {
    note.find("Ván cờ kết thúc").map_or(note, |i| &note[i..])
}

/// Bàn cờ Dodgem (không tiêu đề: tiêu đề của trang nói nó là gì), với mũi tên
/// của nước `mv` nếu có.
fn dodgem_figure(
    board: &caytrochoi::dodgem::Board,
    mv: Option<caytrochoi::dodgem::DodgemMove>,
) -> Result<Figure, String> {
    let mut layout = plot::dodgem_layout(board, mv).map_err(|e| e.to_string())?;
    layout.title.text = String::new();
    layout.draw().map_err(|e| e.to_string())
}

/// Hai cách đặt hình trên trang một bước: bên phải câu, cao hết trang; hay ở
/// trên, câu bên dưới.
const SIDE: (f64, f64) = (930.0, 660.0);
const STACKED: (f64, f64) = (1180.0, 480.0);

/// Đặt hình bên cạnh câu (`true`) hay trên câu: cách nào cho hình lớn hơn.
fn beside(fig: &Figure) -> bool {
    let scale = |(w, h): (f64, f64)| (w / fig.width()).min(h / fig.height());
    scale(SIDE) >= scale(STACKED)
}

/// Khung của hình trên trang một bước.
fn step_frame(fig: &Figure) -> (f64, f64) {
    if beside(fig) {
        SIDE
    } else {
        STACKED
    }
}

/// Trang một bước: hình lớn, câu của bước. Hình gần vuông hay cao (đồ thị, bàn
/// cờ) đứng bên phải, cao hết trang; hình rộng (cây) ở trên, câu bên dưới.
fn step_slide(
    title: &str,
    fig: &Figure,
    alt: &str,
    sentence: &str,
    notes: &str,
) -> Result<Slide, String> {
    let side = beside(fig);
    let (max_w, max_h) = step_frame(fig);
    let (img, _) = embed_figure(fig, alt, max_w, max_h)?;
    let body = if side {
        format!("<div class=\"hai-cot\"><div class=\"cot-chu\"><h2>{}</h2><div class=\"cau\">{sentence}</div></div>{img}</div>", escape(title))
    } else {
        format!(
            "<h2>{}</h2>{img}<div class=\"cau\">{sentence}</div>",
            escape(title)
        )
    };
    Ok(Slide {
        kind: if side { "tung-buoc canh" } else { "tung-buoc" },
        title: title.to_string(),
        body,
        notes: format!("<p>{sentence}</p>{notes}"),
    })
}

/// Hình của thư viện, phóng cho vừa `max_w × max_h`: lỗi nếu chữ nhỏ nhất của
/// hình khi ấy dưới [`MIN_TEXT_PX`] (hình quá lớn để đọc được từ cuối lớp).
pub fn embed_figure(
    fig: &Figure,
    alt: &str,
    max_w: f64,
    max_h: f64,
) -> Result<(String, f64), String> {
    let shown = shown_text(fig, max_w, max_h);
    if shown < MIN_TEXT_PX - 0.05 {
        return Err(format!(
            "hình rộng {:.0} × cao {:.0} điểm ảnh quá lớn cho một trang chiếu: chữ chỉ còn {shown:.1} px (cần ít nhất {MIN_TEXT_PX} px); hãy chia nhỏ cây hay đồ thị",
            fig.width(),
            fig.height(),
        ));
    }
    let (html, h) = embed_svg(fig.svg(), alt, None, max_w, max_h)?;
    // Đánh dấu hình thư viện vẽ cho trang chiếu (kiểm thử đo chữ của chúng).
    Ok((
        html.replacen(
            "<figure class=\"hinh\">",
            "<figure class=\"hinh\" data-thu-vien>",
            1,
        ),
        h,
    ))
}

/// Cỡ chữ nhỏ nhất (thuộc tính `font-size`) trong một SVG; ∞ nếu không có chữ.
pub fn smallest_font(svg: &str) -> f64 {
    svg.match_indices("font-size=\"")
        .filter_map(|(i, m)| {
            let rest = &svg[i + m.len()..];
            rest[..rest.find('"')?].parse::<f64>().ok()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Kích thước (bề rộng, chiều cao) theo `viewBox` của một SVG.
pub fn svg_size(svg: &str) -> Result<(f64, f64), String> {
    let head = &svg[..svg.find('>').ok_or("tệp SVG hỏng")?];
    let view = head
        .split("viewBox=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .ok_or("hình SVG không có viewBox")?;
    let nums: Vec<f64> = view
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    if nums.len() != 4 || nums[2] <= 0.0 || nums[3] <= 0.0 {
        return Err(format!("viewBox `{view}` của hình SVG không đọc được"));
    }
    Ok((nums[2], nums[3]))
}

/// Chèn SVG `svg` vào trang, phóng cho vừa `max_w × max_h` (không quá
/// [`MAX_SCALE`] lần), kèm lời chú thích. Trả về HTML và chiều cao chiếm chỗ.
pub fn embed_svg(
    svg: &str,
    alt: &str,
    caption: Option<&str>,
    max_w: f64,
    max_h: f64,
) -> Result<(String, f64), String> {
    let head_end = svg.find('>').ok_or("tệp SVG hỏng")?;
    let head = &svg[..head_end];
    let view = head
        .split("viewBox=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .ok_or("hình SVG không có viewBox")?;
    let nums: Vec<f64> = view
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    if nums.len() != 4 || nums[2] <= 0.0 || nums[3] <= 0.0 {
        return Err(format!("viewBox `{view}` của hình SVG không đọc được"));
    }
    let (w, h) = (nums[2], nums[3]);
    let caption = caption.filter(|c| !c.is_empty());
    let cap_h = if caption.is_some() { 40.0 } else { 0.0 };
    let scale = fit_scale((w, h), max_w, max_h - cap_h);
    let (dw, dh) = ((w * scale).floor(), (h * scale).floor());
    let new_head = format!(
        "<svg viewBox=\"{view}\" width=\"{dw}\" height=\"{dh}\" role=\"img\" aria-label=\"{}\" data-ti-le=\"{scale:.4}\" xmlns=\"http://www.w3.org/2000/svg\"",
        escape(alt)
    );
    let mut html = format!("<figure class=\"hinh\">{new_head}{}", &svg[head_end..]);
    if let Some(c) = caption {
        html.push_str(&format!("<figcaption>{c}</figcaption>"));
    }
    html.push_str("</figure>");
    Ok((html, dh + cap_h + 10.0))
}

//! Từ một tệp Markdown (một chương của sách, hay bộ trang của giáo viên) đến các
//! trang chiếu. Quy tắc (viết cho người dùng trong `book/slides/huong-dan.md`):
//!
//! - tiêu đề `#` là trang đầu (tiêu đề của bộ trang, đoạn văn đầu tiên làm lời dẫn);
//! - mỗi tiêu đề `##` hay `###` mở một trang mới; tiêu đề `##` mà ngay sau nó là
//!   một `###` (mục chỉ gồm các mục con) thành trang mở mục: tên mục và tên các
//!   mục con của nó;
//! - trên trang: các danh sách, bảng, khối mã Rust (bỏ các dòng ẩn `# `) và hình
//!   (`<figure><img src="figures/….svg">`, chèn thẳng hình SVG vào trang); đoạn
//!   văn thành **lời người dạy** (speaker notes) của trang. Mục không có gì ngoài
//!   đoạn văn thì đoạn đầu lên trang;
//! - mục dài hơn một trang được chia thành nhiều trang "(tiếp)";
//! - `<!-- chieu: LỆNH … -->` (một dòng chú thích HTML: mdBook không hiện nó)
//!   thêm những gì thư viện vẽ: xem [`super::worked`].

use super::worked;
use super::SlideError;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use std::path::Path;

/// Một trang chiếu.
#[derive(Debug, Clone)]
pub struct Slide {
    /// Loại trang (lớp CSS): `bia`, `muc` (trang mở mục), `noi-dung`, `tung-buoc`.
    pub kind: &'static str,
    pub title: String,
    /// Nội dung HTML của trang.
    pub body: String,
    /// Lời người dạy (HTML).
    pub notes: String,
}

/// Một bộ trang chiếu.
#[derive(Debug, Clone)]
pub struct Deck {
    /// Tên tệp (không đuôi), ví dụ `trinh-chieu-ch04-alpha-beta`.
    pub name: String,
    pub title: String,
    pub slides: Vec<Slide>,
    /// Các ví dụ từng bước: (tên, số bước), theo thứ tự trong bộ trang.
    pub stepped: Vec<(String, usize)>,
}

/// Chiều cao (điểm ảnh) dành cho nội dung một trang 1280 × 720 dưới tiêu đề.
pub const BODY_HEIGHT: f64 = 560.0;
/// Số hàng (không kể hàng tiêu đề) của bảng trên một trang.
const TABLE_ROWS: usize = 6;
/// Kết quả ghi sẵn (```text) dài hơn chừng này dòng: chỉ có trong sách.
const MAX_OUTPUT_LINES: usize = 8;
/// Bề rộng dành cho nội dung.
pub const BODY_WIDTH: f64 = 1180.0;

/// Một phần tử của trang, với chiều cao ước lượng để chia trang.
struct Item {
    html: String,
    height: f64,
}

/// Một mục (giữa hai tiêu đề) đang được gom.
struct Section {
    /// Mức của tiêu đề (2 cho `##`, 3 cho `###`, …).
    level: u32,
    title: String,
    items: Vec<Item>,
    paragraphs: Vec<String>,
    notes: Vec<String>,
    skip: bool,
}

impl Section {
    /// Mục không có gì để lên trang hay vào lời người dạy.
    fn is_empty(&self) -> bool {
        self.items.is_empty() && self.paragraphs.is_empty() && self.notes.is_empty()
    }

    fn new(level: u32, title: String) -> Section {
        Section {
            level,
            title,
            items: Vec::new(),
            paragraphs: Vec::new(),
            notes: Vec::new(),
            skip: false,
        }
    }
}

/// Đọc tệp `path` thành một bộ trang chiếu.
pub fn read_deck(path: &Path) -> Result<Deck, SlideError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| SlideError {
        file: file.clone(),
        line: 0,
        message: format!("không đọc được tệp: {e}"),
    })?;
    let text = caytrochoi::text::nfc(&text).into_owned();
    let dir = path.parent().unwrap_or(Path::new("."));
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("trang");
    let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
    let err = |offset: usize, message: String| SlideError {
        file: file.clone(),
        line: line_of(offset),
        message,
    };

    let mut deck = Deck {
        name: format!("trinh-chieu-{stem}"),
        title: String::new(),
        slides: Vec::new(),
        stepped: Vec::new(),
    };
    let mut cover_lead: Option<String> = None;
    let mut cover_notes: Vec<String> = Vec::new();
    let mut section: Option<Section> = None;
    let mut pending: Vec<Slide> = Vec::new();
    // Trang mở mục `##` đang nhận tên các mục con `###` của nó: (chỉ số trang, tên).
    let mut opening: Option<(usize, Vec<String>)> = None;

    // Khối trước là khối mã Rust đã lên trang (kết quả ngay sau nó lên cùng trang).
    let mut last_code = false;
    for (block, range) in top_blocks(&text) {
        let src = &text[range.clone()];
        let was_code = std::mem::take(&mut last_code);
        match block {
            Block::Heading(1) => deck.title = inline_text(src.trim_start_matches('#').trim()),
            Block::Heading(level) => {
                if let Some(at) = flush(&mut deck, section.take(), &mut pending) {
                    opening = Some((at, Vec::new()));
                }
                let title = inline_html(src.trim_start_matches('#').trim());
                match opening.as_mut() {
                    Some((_, subs)) if level == 3 => subs.push(title.clone()),
                    Some(_) if level <= 2 => close_opening(&mut deck, opening.take()),
                    _ => {}
                }
                section = Some(Section::new(level, title));
            }
            Block::Html if src.trim_start().starts_with("<!--") => {
                let Some(cmd) = directive(src) else { continue };
                let line = line_of(range.start);
                match worked::run(&cmd, dir).map_err(|m| err(range.start, m))? {
                    worked::Output::Skip => {
                        if let Some(s) = section.as_mut() {
                            s.skip = true;
                        }
                    }
                    worked::Output::Figure(html, height) => match section.as_mut() {
                        Some(s) => s.items.push(Item { html, height }),
                        None => {
                            return Err(SlideError {
                                file: file.clone(),
                                line,
                                message: "hình phải nằm trong một mục (sau một tiêu đề ## hay ###)"
                                    .to_string(),
                            })
                        }
                    },
                    worked::Output::Steps(name, slides) => {
                        deck.stepped.push((name, slides.len()));
                        pending.extend(slides);
                    }
                }
            }
            Block::Html if src.trim_start().starts_with("<figure") => {
                let placed = figure(src, dir).map_err(|m| err(range.start, m))?;
                if let Some(s) = section.as_mut() {
                    match placed {
                        Placed::Slides(items) => s.items.extend(items),
                        Placed::Note(note) => s.notes.push(note),
                    }
                }
            }
            Block::Html => {} // <details> (gợi ý, lời giải) và HTML khác: không lên trang.
            Block::Paragraph => {
                let html = render_markdown(src);
                match section.as_mut() {
                    Some(s) => s.paragraphs.push(html),
                    None if cover_lead.is_none() => cover_lead = Some(html),
                    None => cover_notes.push(html),
                }
            }
            Block::List => {
                let html = render_markdown(src);
                let height = text_height(src, 26.0);
                match section.as_mut() {
                    Some(s) => s.items.push(Item { html, height }),
                    None => cover_notes.push(html),
                }
            }
            Block::Table => {
                // Bảng dài: mỗi phần TABLE_ROWS hàng, lặp lại hàng tiêu đề (mỗi phần
                // một phần tử, nên chia trang được giữa hai phần).
                let lines: Vec<&str> = src
                    .lines()
                    .filter(|l| l.trim_start().starts_with('|'))
                    .collect();
                let Some(s) = section.as_mut() else { continue };
                if lines.len() < 2 {
                    continue;
                }
                let (head, body) = lines.split_at(2);
                for chunk in body.chunks(TABLE_ROWS) {
                    let part = head
                        .iter()
                        .chain(chunk)
                        .copied()
                        .collect::<Vec<_>>()
                        .join("\n");
                    s.items.push(Item {
                        html: format!("<div class=\"bang\">{}</div>", render_markdown(&part)),
                        height: 70.0 + 62.0 * chunk.len() as f64,
                    });
                }
            }
            Block::Code(lang) => {
                let Some(s) = section.as_mut() else { continue };
                let lang = lang.split(',').next().unwrap_or("").trim().to_string();
                if lang == "text" && was_code {
                    // Kết quả ghi sẵn ngay sau khối mã trên trang: lên cùng trang nếu ngắn.
                    let out = code_body(src);
                    let lines = out.lines().count();
                    if lines <= MAX_OUTPUT_LINES {
                        s.items.push(Item {
                            html: format!("<pre class=\"ket-qua\">{}</pre>", escape(&out)),
                            height: 24.0 + 29.0 * lines as f64,
                        });
                    }
                    continue;
                }
                if lang != "rust" {
                    continue; // kết quả dài, mã C và mã khác: chỉ có trong sách.
                }
                let code = code_body(&include(src, dir));
                let lines = code.lines().count();
                if lines > 16 {
                    s.notes.push(format!(
                        "<p>(Khối mã Rust {lines} dòng ở mục này: dài quá một trang, xem trong sách.)</p>"
                    ));
                    continue;
                }
                last_code = true;
                s.items.push(Item {
                    html: format!("<pre><code>{}</code></pre>", escape(&code)),
                    height: 24.0 + 29.0 * lines as f64,
                });
            }
            Block::Other => {
                let html = render_markdown(src);
                match section.as_mut() {
                    Some(s) => s.notes.push(html),
                    None => cover_notes.push(html),
                }
            }
        }
    }
    flush(&mut deck, section.take(), &mut pending);
    close_opening(&mut deck, opening.take());
    if deck.title.is_empty() {
        return Err(SlideError {
            file,
            line: 1,
            message: "tệp không có tiêu đề `# …` (tiêu đề của bộ trang chiếu)".to_string(),
        });
    }
    let cover = Slide {
        kind: "bia",
        title: deck.title.clone(),
        body: format!(
            "<h1>{}</h1>{}<p class=\"nguon\">Cây trò chơi — caytrochoi</p>",
            escape(&deck.title),
            cover_lead.clone().unwrap_or_default()
        ),
        notes: cover_notes.join("\n"),
    };
    deck.slides.insert(0, cover);
    Ok(deck)
}

/// Ghi tên các mục con vào trang mở mục `opening` (nếu có).
fn close_opening(deck: &mut Deck, opening: Option<(usize, Vec<String>)>) {
    let Some((at, subs)) = opening else { return };
    if subs.is_empty() {
        return;
    }
    let items: String = subs.iter().map(|t| format!("<li>{t}</li>")).collect();
    deck.slides[at]
        .body
        .push_str(&format!("<ul class=\"muc-con\">{items}</ul>"));
}

/// Đưa mục `section` (nếu có) thành các trang, rồi các trang từng bước đang chờ.
/// Trả về chỉ số của trang mở mục khi mục là một tiêu đề `##` không có gì trước
/// mục con đầu tiên (tên các mục con được thêm vào trang ấy sau).
fn flush(deck: &mut Deck, section: Option<Section>, pending: &mut Vec<Slide>) -> Option<usize> {
    let mut opened = None;
    if let Some(s) = section
        .as_ref()
        .filter(|s| !s.skip && s.level == 2 && s.is_empty())
    {
        opened = Some(deck.slides.len());
        deck.slides.push(Slide {
            kind: "muc",
            title: s.title.clone(),
            body: format!("<h1>{}</h1>", s.title),
            notes: String::new(),
        });
    } else if let Some(mut s) = section.filter(|s| !s.skip) {
        if s.items.is_empty() && !s.paragraphs.is_empty() {
            let first = s.paragraphs.remove(0);
            s.items.push(Item {
                height: text_height(&first, 26.0),
                html: first,
            });
        }
        let mut notes = s.paragraphs;
        notes.extend(s.notes);
        let notes = notes.join("\n");
        // Chia trang: thêm phần tử cho đến khi đầy.
        let mut pages: Vec<Vec<Item>> = vec![Vec::new()];
        let mut used = 0.0;
        for item in s.items {
            let last = pages.last_mut().expect("luôn có một trang");
            if !last.is_empty() && used + item.height > BODY_HEIGHT {
                pages.push(Vec::new());
                used = 0.0;
            }
            used += item.height + 14.0;
            pages.last_mut().expect("luôn có một trang").push(item);
        }
        let count = pages.len();
        for (i, page) in pages.into_iter().enumerate() {
            if page.is_empty() && count > 1 {
                continue;
            }
            let title = if i == 0 {
                s.title.clone()
            } else {
                format!("{} (tiếp)", s.title)
            };
            deck.slides.push(Slide {
                kind: "noi-dung",
                title,
                body: page
                    .into_iter()
                    .map(|it| it.html)
                    .collect::<Vec<_>>()
                    .join("\n"),
                notes: if i == 0 { notes.clone() } else { String::new() },
            });
        }
    }
    deck.slides.append(pending);
    opened
}

/// Loại một khối Markdown ở mức ngoài cùng.
#[derive(Debug, Clone, PartialEq)]
enum Block {
    Heading(u32),
    Paragraph,
    List,
    Table,
    Code(String),
    Html,
    Other,
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_FOOTNOTES
}

/// Các khối ở mức ngoài cùng của `text`, mỗi khối với khoảng byte của nó.
fn top_blocks(text: &str) -> Vec<(Block, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut current: Option<(Block, usize)> = None;
    for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
        match event {
            Event::Start(tag) => {
                if depth == 0 {
                    let kind = match tag {
                        Tag::Heading { level, .. } => Block::Heading(level as u32),
                        Tag::Paragraph => Block::Paragraph,
                        Tag::List(_) => Block::List,
                        Tag::Table(_) => Block::Table,
                        Tag::CodeBlock(CodeBlockKind::Fenced(info)) => {
                            Block::Code(info.to_string())
                        }
                        Tag::CodeBlock(CodeBlockKind::Indented) => Block::Code(String::new()),
                        Tag::HtmlBlock => Block::Html,
                        _ => Block::Other,
                    };
                    current = Some((kind, range.start));
                }
                depth += 1;
            }
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    if let Some((kind, start)) = current.take() {
                        out.push((kind, start..range.end));
                    }
                }
            }
            Event::Html(_) | Event::Rule if depth == 0 => out.push((Block::Other, range)),
            _ => {}
        }
    }
    out
}

/// Lệnh trong `<!-- chieu: … -->` (hoặc `chiếu:`); `None` nếu là chú thích khác.
fn directive(src: &str) -> Option<String> {
    let inner = src.trim().strip_prefix("<!--")?.strip_suffix("-->")?.trim();
    let rest = inner
        .strip_prefix("chieu:")
        .or_else(|| inner.strip_prefix("chiếu:"))?;
    Some(rest.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Markdown thành HTML, bỏ các liên kết (giữ chữ): trên trang chiếu không bấm được.
pub fn render_markdown(src: &str) -> String {
    let events = Parser::new_ext(src, options()).filter(|e| {
        !matches!(
            e,
            Event::Start(Tag::Link { .. }) | Event::End(TagEnd::Link) | Event::FootnoteReference(_)
        )
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// Chữ của một dòng Markdown (bỏ dấu nhấn mạnh, mã…).
fn inline_text(src: &str) -> String {
    let mut out = String::new();
    for e in Parser::new(src) {
        if let Event::Text(t) | Event::Code(t) = e {
            out.push_str(&t);
        }
    }
    out
}

/// HTML của một dòng Markdown, không có thẻ đoạn văn bao ngoài.
fn inline_html(src: &str) -> String {
    let html = render_markdown(src);
    html.trim()
        .trim_start_matches("<p>")
        .trim_end_matches("</p>")
        .to_string()
}

/// Chiều cao ước lượng của một khối chữ cỡ `size` trên bề rộng trang.
fn text_height(src: &str, size: f64) -> f64 {
    let per_line = (BODY_WIDTH / (0.52 * size)).floor().max(10.0) as usize;
    let mut lines = 0usize;
    for l in src.lines() {
        // Chỉ đếm chữ hiện ra: bỏ thẻ HTML (`<sub>`…) và dấu Markdown.
        let mut n: usize = 0;
        let mut in_tag = false;
        for c in l.chars() {
            match c {
                '<' => in_tag = true,
                '>' if in_tag => in_tag = false,
                '*' | '`' | '_' if !in_tag => {}
                _ if !in_tag => n += 1,
                _ => {}
            }
        }
        lines += n.div_ceil(per_line).max(1);
    }
    lines as f64 * size * 1.35 + 8.0
}

/// Các dòng `{{#include TỆP}}` và `{{#include TỆP:MỐC}}` của mdBook thay bằng nội
/// dung tệp (đường dẫn tính từ thư mục của chương; MỐC: các dòng giữa
/// `ANCHOR: MỐC` và `ANCHOR_END: MỐC`), như sách hiện chúng. Tệp không đọc được:
/// giữ nguyên dòng.
fn include(src: &str, dir: &Path) -> String {
    let mut out = Vec::new();
    for line in src.lines() {
        let t = line.trim();
        let inner = t
            .strip_prefix("{{#include ")
            .or_else(|| t.strip_prefix("{{#rustdoc_include "))
            .and_then(|r| r.strip_suffix("}}"));
        let Some(inner) = inner else {
            out.push(line.to_string());
            continue;
        };
        let (file, anchor) = match inner.trim().rsplit_once(':') {
            Some((f, a)) if !a.chars().all(|c| c.is_ascii_digit()) => (f, Some(a)),
            _ => (inner.trim(), None),
        };
        let Ok(text) = std::fs::read_to_string(dir.join(file)) else {
            out.push(line.to_string());
            continue;
        };
        let mut inside = anchor.is_none();
        for l in text.lines() {
            if let Some(a) = anchor {
                if l.contains(&format!("ANCHOR: {a}")) {
                    inside = true;
                    continue;
                }
                if l.contains(&format!("ANCHOR_END: {a}")) {
                    inside = false;
                    continue;
                }
            }
            if inside && !l.contains("ANCHOR:") && !l.contains("ANCHOR_END:") {
                out.push(l.to_string());
            }
        }
    }
    out.join("\n")
}

/// Thân một khối mã rào (bỏ dòng rào, bỏ các dòng ẩn `# …` của mdBook).
fn code_body(src: &str) -> String {
    let mut lines: Vec<&str> = src.lines().collect();
    if !lines.is_empty() {
        lines.remove(0);
    }
    if lines
        .last()
        .is_some_and(|l| l.trim_start().starts_with("```"))
    {
        lines.pop();
    }
    lines
        .into_iter()
        .filter(|l| {
            let t = l.trim_start();
            !(t == "#" || t.starts_with("# "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `<figure><img src="figures/x.svg" alt="…"><figcaption>…</figcaption></figure>`
/// của sách: hình chèn thẳng vào trang, lời chú thích bên dưới. Hình của sách
/// (`book/figures.rs` vẽ nó) được vẽ lại với tỉ lệ chữ nhỏ nhất cho chữ ≥ 18 px
/// ([`super::book`]); tệp SVG khác (của giáo viên) chèn như nó có. Lưới hình
/// (`plot::grid`) quá nhỏ trên một trang: mỗi hình con một trang. Hình nào chữ
/// vẫn dưới 18 px (ngay cả với tỉ lệ chữ lớn nhất) chỉ được nhắc trong lời người dạy.
fn figure(src: &str, dir: &Path) -> Result<Placed, String> {
    let attr = |name: &str| -> Option<String> {
        let key = format!("{name}=\"");
        let start = src.find(&key)? + key.len();
        let end = src[start..].find('"')? + start;
        Some(src[start..end].to_string())
    };
    let file = attr("src").ok_or("thẻ <figure> không có <img src=\"…\">")?;
    let caption = src
        .find("<figcaption>")
        .and_then(|s| {
            let s = s + "<figcaption>".len();
            src[s..]
                .find("</figcaption>")
                .map(|e| src[s..s + e].to_string())
        })
        .unwrap_or_default();
    let alt = attr("alt").unwrap_or_default();
    // Khung của hình khi chiếm cả phần nội dung, trừ chỗ của lời chú thích (cùng
    // phép tính với worked::embed_svg).
    let caption_h = if caption.is_empty() { 0.0 } else { 40.0 };
    let (max_w, max_h) = (BODY_WIDTH, BODY_HEIGHT - 40.0 - caption_h);
    let name = file.strip_prefix("figures/").unwrap_or(&file);
    let ok = |shown: f64| shown >= worked::MIN_TEXT_PX - 0.05;
    let mut drawn = None;
    let mut shown = 0.0;
    for k in worked::TEXT_SCALES {
        let Some(fig) = super::book::figure(name, k)? else {
            break;
        };
        shown = worked::shown_text(&fig, max_w, max_h);
        drawn = Some((fig, k));
        if ok(shown) {
            break;
        }
    }
    let (svg, scale) = match drawn {
        Some((fig, k)) => (fig.into_svg(), k),
        None => {
            let svg = std::fs::read_to_string(dir.join(&file))
                .map_err(|e| format!("không đọc được hình {file}: {e}"))?;
            let (w, h) = worked::svg_size(&svg)?;
            shown = worked::smallest_font(&svg) * worked::fit_scale((w, h), max_w, max_h);
            (svg, 1.0)
        }
    };
    if ok(shown) {
        let item = place(&svg, &alt, &caption, scale)?;
        return Ok(Placed::Slides(vec![item]));
    }
    // Một lưới hình của sách (hai bàn cờ, bốn khoảnh khắc…) quá nhỏ khi cả lưới
    // trên một trang: mỗi hình con một trang, nếu thế thì đủ lớn.
    let figure_no = caption
        .split_once(". ")
        .filter(|(n, _)| n.starts_with("Hình "))
        .map(|(n, _)| format!("{n}."));
    for k in worked::TEXT_SCALES {
        let Some(fig) = super::book::figure(name, k)? else {
            break;
        };
        let cells = fig.cells();
        if cells.is_empty() {
            break;
        }
        if cells
            .iter()
            .all(|(_, c)| ok(worked::shown_text(c, max_w, BODY_HEIGHT - 80.0)))
        {
            return Ok(Placed::Slides(
                cells
                    .iter()
                    .map(|(label, c)| {
                        let cap = match &figure_no {
                            Some(n) => format!("{n} {}", escape(label)),
                            None => escape(label),
                        };
                        place(c.svg(), &format!("{alt} — {label}"), &cap, k)
                    })
                    .collect::<Result<_, _>>()?,
            ));
        }
    }
    // Quá nhỏ để đọc từ cuối lớp dù chiếm cả trang: chỉ nhắc trong lời người dạy.
    Ok(Placed::Note(format!(
        "<p>(Hình của sách không chiếu ở đây — chữ chỉ còn {shown:.0} px trên trang: {caption}. Xem trong sách.)</p>"
    )))
}

/// Một hình (SVG) chiếm cả phần nội dung, lời chú thích `caption` bên dưới;
/// `scale` là tỉ lệ chữ đã dùng (ghi vào trang, kiểm thử in ra).
fn place(svg: &str, alt: &str, caption: &str, scale: f64) -> Result<Item, String> {
    let (html, height) =
        worked::embed_svg(svg, alt, Some(caption), BODY_WIDTH, BODY_HEIGHT - 40.0)?;
    let html = html.replacen(
        "<figure class=\"hinh\">",
        &format!("<figure class=\"hinh\" data-ti-le-chu=\"{scale}\">"),
        1,
    );
    Ok(Item { html, height })
}

/// Chỗ của một hình của sách.
enum Placed {
    /// Một hay nhiều trang (mỗi hình con của một lưới một trang).
    Slides(Vec<Item>),
    Note(String),
}

/// Thoát `<`, `>`, `&`, `"` cho HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

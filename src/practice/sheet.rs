//! Đề bài in được cho giáo viên: N bài sinh từ một hạt giống, một mức, một hay
//! nhiều chương; mọi cây, đồ thị, bàn cờ đều được vẽ. Đi kèm một **đáp án**
//! riêng có lời giải từng bước và hình lời giải.
//!
//! Cả hai là một trang HTML tự đủ (hình SVG nằm ngay trong trang, không tải gì
//! từ mạng), định dạng cho khổ A4: in thẳng từ trình duyệt, hoặc thành PDF bằng
//! `caytrochoi de-bai --pdf` (Chromium không giao diện).
//!
//! ```
//! use caytrochoi::practice::sheet::{Sheet, SheetSpec};
//! use caytrochoi::practice::{Level, Topic};
//! let de = Sheet::new(&SheetSpec {
//!     count: 4,
//!     seed: 2024,
//!     level: Level::Medium,
//!     topics: vec![Topic::Minimax, Topic::AlphaBeta],
//!     title: None,
//! });
//! assert_eq!(de.problems.len(), 4);
//! let html = de.exercise_html();
//! assert!(html.contains("Bài 4.") && html.contains("<svg"));
//! let dap_an = de.answer_key_html();
//! assert!(dap_an.contains("Đáp án:"));
//! // Cùng hạt giống, cùng đề.
//! assert_eq!(html, Sheet::new(&de.spec).exercise_html());
//! ```

use super::expected::list;
use super::level::{Level, Topic};
use super::problem::Problem;
use super::session::Session;
use super::solution::inline_html;
use crate::plot::text::escape;
use std::collections::BTreeSet;

/// Bề rộng tối đa của một hình trên trang A4 (điểm ảnh CSS).
const PAGE_FIGURE_WIDTH: f64 = 640.0;

/// Yêu cầu của một đề.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetSpec {
    /// Số bài.
    pub count: usize,
    /// Hạt giống của cả đề.
    pub seed: u64,
    /// Mức.
    pub level: Level,
    /// Các chương, lần lượt xoay vòng (bài 1 chương đầu, bài 2 chương thứ hai…).
    pub topics: Vec<Topic>,
    /// Tiêu đề (mặc định: "Đề luyện tập — cây trò chơi").
    pub title: Option<String>,
}

/// Một đề đã sinh.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// Yêu cầu.
    pub spec: SheetSpec,
    /// Các bài, theo thứ tự.
    pub problems: Vec<Problem>,
}

pub use super::session::problem_seed;

impl Sheet {
    /// Sinh đề theo yêu cầu (không có chương nào thì dùng chương 4); không bài
    /// nào lặp lại.
    pub fn new(spec: &SheetSpec) -> Sheet {
        // Một buổi luyện tập: các chương xoay vòng, không bài nào lặp lại.
        let mut session = Session::new(spec.seed, spec.level, spec.topics.clone(), None);
        let problems = (0..spec.count).map(|_| session.next_problem()).collect();
        Sheet {
            spec: spec.clone(),
            problems,
        }
    }

    fn title(&self) -> &str {
        self.spec
            .title
            .as_deref()
            .unwrap_or("Đề luyện tập — cây trò chơi")
    }

    fn meta(&self) -> String {
        let topics: BTreeSet<u8> = self.problems.iter().map(|p| p.topic().number()).collect();
        let (level, seed, count) = (self.spec.level, self.spec.seed, self.problems.len());
        let topics = list(&topics);
        format!("Mức {level} · chương {topics} · hạt giống của đề {seed} · {count} bài")
    }

    /// Trang đề bài (HTML in được, khổ A4).
    pub fn exercise_html(&self) -> String {
        let mut body = format!(
            "<h1>{}</h1>\n<div class=\"meta\">{}</div>\n<div class=\"ten\">Họ và tên: …………………………………………… Lớp: ……………… Ngày: ……………</div>\n",
            escape(self.title()),
            escape(&self.meta())
        );
        for (k, p) in self.problems.iter().enumerate() {
            body.push_str(&format!(
                "<section class=\"bai\">\n<h2>Bài {}. <span class=\"dang\">{}</span></h2>\n<p>{}</p>\n",
                k + 1,
                escape(&p.kind().name_vi()),
                inline_html(&p.statement())
            ));
            if let Ok(Some(f)) = p.figure() {
                body.push_str(&format!(
                    "<div class=\"hinh\">{}</div>\n",
                    f.fit_width(PAGE_FIGURE_WIDTH).svg()
                ));
            }
            body.push_str(&format!(
                "<p class=\"cach\">{} <span class=\"hat\">(hạt giống bài: {}, chương {})</span></p>\n\
                 <div class=\"tra-loi\">Trả lời:</div>\n</section>\n",
                inline_html(&p.how_to_answer()),
                p.seed().unwrap_or(0),
                p.topic().number()
            ));
        }
        page(self.title(), &body)
    }

    /// Trang đáp án: mỗi bài có đáp án, lời giải từng bước và hình lời giải.
    pub fn answer_key_html(&self) -> String {
        let title = format!("Đáp án — {}", self.title());
        let mut body = format!(
            "<h1>{}</h1>\n<div class=\"meta\">{}</div>\n",
            escape(&title),
            escape(&self.meta())
        );
        for (k, p) in self.problems.iter().enumerate() {
            let s = p.solution();
            body.push_str(&format!(
                "<section class=\"bai dap-an\">\n<h2>Bài {}. <span class=\"dang\">{}</span></h2>\n<p class=\"de\">{}</p>\n\
                 <p class=\"ket-qua\"><b>Đáp án:</b> {}</p>\n",
                k + 1,
                escape(&p.kind().name_vi()),
                inline_html(&p.statement()),
                escape(&s.answer)
            ));
            if let Some(f) = &s.figure {
                body.push_str(&format!(
                    "<div class=\"hinh\">{}</div>\n",
                    f.clone().fit_width(PAGE_FIGURE_WIDTH).svg()
                ));
            }
            if !s.steps.is_empty() {
                body.push_str("<ol class=\"buoc\">\n");
                for step in &s.steps {
                    body.push_str(&format!("<li>{}</li>\n", escape(step)));
                }
                body.push_str("</ol>\n");
            }
            body.push_str("</section>\n");
        }
        page(&title, &body)
    }
}

/// Một trang HTML tự đủ, định dạng in khổ A4.
fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"vi\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
        escape(title),
        STYLE,
        body
    )
}

const STYLE: &str = "\
@page { size: A4; margin: 15mm 14mm 16mm 14mm; }
body { font-family: \"DejaVu Sans\", \"Noto Sans\", Arial, sans-serif; font-size: 10.5pt; line-height: 1.42; color: #111; max-width: 182mm; margin: 0 auto; }
h1 { font-size: 16pt; margin: 0 0 1.5mm; }
h2 { font-size: 11.5pt; margin: 0 0 1mm; }
h2 .dang { font-weight: normal; color: #444; }
.meta { color: #444; font-size: 9pt; border-bottom: 1.5px solid #333; padding-bottom: 1.5mm; margin-bottom: 3mm; }
.ten { font-size: 10pt; margin-bottom: 5mm; }
.bai { break-inside: avoid; page-break-inside: avoid; margin: 0 0 5mm; padding-bottom: 3mm; border-bottom: 1px solid #ddd; }
.bai.dap-an { break-inside: auto; page-break-inside: auto; }
.dap-an h2, .dap-an .de, .dap-an .ket-qua { break-after: avoid; page-break-after: avoid; }
.dap-an .hinh, .buoc li { break-inside: avoid; page-break-inside: avoid; }
.hinh { text-align: center; margin: 1.5mm 0; }
.hinh svg { max-width: 100%; height: auto; }
.cach { font-size: 9pt; color: #333; }
.hat { color: #777; }
.tra-loi { border: 1px solid #999; border-radius: 2mm; min-height: 16mm; padding: 1.5mm 2.5mm; color: #777; font-size: 9pt; }
.dap-an .de { font-size: 9pt; color: #444; }
.ket-qua { font-size: 11pt; }
.buoc { font-size: 9pt; margin: 1mm 0 0; padding-left: 7mm; }
.buoc li { margin: 0.3mm 0; }
code { font-family: \"DejaVu Sans Mono\", monospace; font-size: 9.5pt; background: #f2f2f2; padding: 0 1mm; border-radius: 1mm; }
";

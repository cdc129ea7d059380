//! Một bộ trang chiếu thành MỘT tệp HTML tự chứa: phông chữ (base64), hình SVG,
//! kiểu trình bày và mã điều khiển đều nằm trong tệp; không tải gì từ mạng, mở
//! thẳng từ đĩa (`file://`) được.
//!
//! Trên màn hình: mỗi lần một trang 1280 × 720, phóng vừa cửa sổ; phím → / ←
//! (hay Space, PageDown/PageUp, bấm chuột) sang trang sau / trước, Home / End,
//! `N` bật lời người dạy, `F` toàn màn hình; số trang ghi trong địa chỉ (`#5`).
//! Khi in (Chromium `--print-to-pdf`): mỗi trang chiếu một trang giấy 1280 × 720,
//! không có lời người dạy.

use super::source::{escape, Deck};
use std::path::Path;

/// Phông chữ nhúng: Open Sans (chữ thường, đậm, nghiêng) và Source Code Pro
/// (mã) — đúng hai phông mà mdBook nhúng vào sách, có đủ 146 chữ cái tiếng Việt
/// (phông mono mặc định của Debian, DejaVu Sans Mono, thiếu 46 chữ).
pub struct Fonts {
    css: String,
}

/// (tệp trong thư mục phông của mdBook, họ phông, độ đậm, kiểu).
const FONT_FILES: [(&str, &str, u32, &str); 4] = [
    (
        "open-sans-v17-all-charsets-regular",
        "Open Sans",
        400,
        "normal",
    ),
    ("open-sans-v17-all-charsets-700", "Open Sans", 700, "normal"),
    (
        "open-sans-v17-all-charsets-italic",
        "Open Sans",
        400,
        "italic",
    ),
    (
        "source-code-pro-v11-all-charsets-500",
        "Source Code Pro",
        500,
        "normal",
    ),
];

/// Tệp `STEM.woff2` hay `STEM-BĂM.woff2` trong `dir` (mdBook 0.5 thêm mã băm vào
/// tên tệp: `…-regular-2e3b1d34.woff2`).
fn find_font(dir: &Path, stem: &str) -> Option<std::path::PathBuf> {
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let Some(rest) = name.strip_prefix(stem) else {
                return false;
            };
            let Some(hash) = rest.strip_suffix(".woff2") else {
                return false;
            };
            hash.is_empty()
                || hash
                    .strip_prefix('-')
                    .is_some_and(|h| h.chars().all(|c| c.is_ascii_hexdigit()))
        })
        .collect();
    found.sort();
    found.pop()
}

impl Fonts {
    /// Đọc các phông từ `dir` (thư mục `fonts/` của một cuốn sách mdBook đã dựng).
    pub fn load(dir: &Path) -> Result<Fonts, String> {
        let mut css = String::new();
        for (file, family, weight, style) in FONT_FILES {
            let path = find_font(dir, file).unwrap_or_else(|| dir.join(format!("{file}.woff2")));
            let bytes = std::fs::read(&path).map_err(|e| {
                format!(
                    "không đọc được phông {} ({e}); phông lấy từ thư mục fonts/ của mdBook (make slides tự dựng nó)",
                    path.display()
                )
            })?;
            css.push_str(&format!(
                "@font-face{{font-family:\"{family}\";font-weight:{weight};font-style:{style};src:url(data:font/woff2;base64,{}) format(\"woff2\");}}\n",
                base64(&bytes)
            ));
        }
        Ok(Fonts { css })
    }
}

/// Mã hóa base64 (RFC 4648, có dấu `=`).
fn base64(data: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Kiểu trình bày: màu của sách và của các hình (xanh MAX, đỏ MIN, cam của nút
/// đang xét), chữ ≥ 18 px, nền trắng chữ gần đen (tương phản cao cho phòng học).
const CSS: &str = r#"
:root{--muc:#1f4e96;--min:#a32d1f;--cam:#e67e00;--nau:#7a4100;--muc-nhat:#dce8fb;--chu:#111;--phu:#444}
*{box-sizing:border-box}
html,body{margin:0;background:#2b2b2b;font-family:"Open Sans",sans-serif;color:var(--chu)}
.trang{position:absolute;left:0;top:0;width:1280px;height:720px;background:#fff;overflow:hidden;
  padding:34px 50px 40px;font-size:26px;line-height:1.35;transform-origin:0 0;display:none}
.trang.hien{display:block}
.trang h1{font-size:54px;color:var(--muc);margin:150px 0 24px;line-height:1.15}
.trang h2{font-size:38px;color:var(--muc);margin:0 0 18px;line-height:1.2;border-bottom:4px solid var(--muc-nhat);padding-bottom:6px}
.trang.bia{padding-left:90px;padding-right:90px;border-left:24px solid var(--muc)}
.trang.bia p{font-size:26px}
.trang.muc{padding-left:90px;padding-right:90px;border-left:24px solid var(--muc-nhat)}
.trang.muc h1{margin:110px 0 28px}
.trang.muc .muc-con{font-size:30px;color:var(--phu)}
.nguon{color:var(--phu);position:absolute;bottom:40px;font-size:22px !important}
.trang p{margin:0 0 12px}
.trang ul,.trang ol{margin:0 0 12px;padding-left:1.3em}
.trang li{margin:0 0 8px}
.trang sub,.trang sup{font-size:max(18px,0.75em)}
code,pre{font-family:"Source Code Pro",monospace;font-weight:500}
.trang code{font-size:0.92em;color:#301900;background:#f6f7f6;padding:0 4px;border-radius:3px}
.trang pre{background:#f6f7f6;border-left:6px solid var(--muc-nhat);padding:10px 16px;margin:0 0 14px;font-size:21px;line-height:1.35;white-space:pre-wrap}
.trang pre code{background:none;padding:0;font-size:inherit}
.trang pre.ket-qua{background:#fff;border:1px solid #ccc;border-left:6px solid #1a8f3a;color:#222}
.bang table{border-collapse:collapse;font-size:22px;margin:0 0 14px}
.bang th,.bang td{border:1px solid #bbb;padding:5px 12px;text-align:left}
.bang th{background:var(--muc-nhat)}
figure.hinh{margin:0 0 10px;text-align:center}
figure.hinh svg{display:block;margin:0 auto}
figure.hinh svg text{font-family:"Open Sans",sans-serif !important}
figure.hinh figcaption{font-size:20px;color:var(--phu);margin-top:4px}
.cau{font-size:25px;margin-top:8px;padding:10px 16px;border-left:8px solid var(--cam);background:#fff6ea}
.hai-cot{display:flex;gap:20px;height:100%;align-items:center}
.cot-chu{flex:1;align-self:flex-start}
.hai-cot figure.hinh{flex:none;margin:0}
.canh{padding:24px 30px}
.tung-buoc h2{font-size:32px;margin-bottom:10px}
.tung-buoc .cau{font-size:23px}
.tung-buoc.canh .cau{font-size:22px}
ol.mex{font-family:"Source Code Pro",monospace;font-size:20px;padding-left:1.6em;background:none;border:none;margin:0 0 10px}
ol.mex li{margin:0 0 4px}
ol.mex li.moi{color:var(--nau);font-weight:500;background:#fff6ea}
.so-trang{position:absolute;right:24px;bottom:10px;font-size:18px;color:#666}
aside.loi{display:none}
body.ghi-chu aside.loi{display:block;position:fixed;left:0;right:0;bottom:0;max-height:38vh;overflow:auto;
  background:#fffbe6;border-top:3px solid var(--cam);padding:12px 24px;font-size:20px;z-index:9}
#tro-giup{position:fixed;right:10px;top:8px;color:#bbb;font-size:14px}
@page{size:1280px 720px;margin:0}
@media print{
  html,body{background:#fff}
  .trang{display:block !important;position:relative;transform:none !important;break-after:page;page-break-after:always}
  aside.loi,#tro-giup{display:none !important}
}
"#;

/// Điều khiển: phóng trang vừa cửa sổ, chuyển trang, lời người dạy; thu nhỏ
/// chữ của trang nào còn tràn (không dưới 18 px).
const JS: &str = r#"
(function(){
  var trang=[].slice.call(document.querySelectorAll('.trang'));
  var loi=[].slice.call(document.querySelectorAll('aside.loi'));
  function vua(t){
    var co=parseFloat(getComputedStyle(t).fontSize);
    while(t.scrollHeight>t.clientHeight+1&&co>18){co-=1;t.style.fontSize=co+'px';
      [].forEach.call(t.querySelectorAll('pre,.bang table,figcaption'),function(e){
        var c=parseFloat(getComputedStyle(e).fontSize);if(c>18)e.style.fontSize=(c-1)+'px';});}
  }
  trang.forEach(function(t){t.classList.add('hien');vua(t);t.classList.remove('hien');});
  var k=0;
  function phong(){var s=Math.min(innerWidth/1280,innerHeight/720);
    trang.forEach(function(t){t.style.transform='translate('+((innerWidth-1280*s)/2)+'px,'+((innerHeight-720*s)/2)+'px) scale('+s+')';});}
  function xem(i){k=Math.max(0,Math.min(trang.length-1,i));
    trang.forEach(function(t,j){t.classList.toggle('hien',j===k);});
    loi.forEach(function(a,j){a.style.visibility=(j===k)?'visible':'hidden';});
    if(location.hash!=='#'+(k+1))history.replaceState(null,'','#'+(k+1));}
  addEventListener('resize',phong);
  addEventListener('keydown',function(e){
    if(['ArrowRight','PageDown',' ','Enter'].indexOf(e.key)>=0){xem(k+1);e.preventDefault();}
    else if(['ArrowLeft','PageUp','Backspace'].indexOf(e.key)>=0){xem(k-1);e.preventDefault();}
    else if(e.key==='Home')xem(0);else if(e.key==='End')xem(trang.length-1);
    else if(e.key==='n'||e.key==='N')document.body.classList.toggle('ghi-chu');
    else if(e.key==='f'||e.key==='F'){if(document.fullscreenElement)document.exitFullscreen();else document.documentElement.requestFullscreen();}
  });
  addEventListener('click',function(e){if(e.target.closest('aside'))return;xem(e.clientX<innerWidth/3?k-1:k+1);});
  phong();xem((parseInt(location.hash.slice(1),10)||1)-1);
  document.body.setAttribute('data-san-sang','1');
})();
"#;

/// Tệp HTML của bộ trang `deck`.
pub fn render(deck: &Deck, fonts: &Fonts) -> String {
    let n = deck.slides.len();
    let mut body = String::new();
    for (i, s) in deck.slides.iter().enumerate() {
        let heading = if s.kind == "noi-dung" {
            format!("<h2>{}</h2>", s.title)
        } else {
            String::new()
        };
        body.push_str(&format!(
            "<section class=\"trang {}\" id=\"t{}\" aria-label=\"Trang {} / {n}\">{heading}{}<div class=\"so-trang\">{} / {n}</div></section>\n",
            s.kind,
            i + 1,
            i + 1,
            s.body,
            i + 1
        ));
        body.push_str(&format!(
            "<aside class=\"loi\" data-trang=\"{}\"><b>Lời người dạy — trang {} / {n}</b>{}</aside>\n",
            i + 1,
            i + 1,
            if s.notes.trim().is_empty() {
                "<p>(không có)</p>".to_string()
            } else {
                s.notes.clone()
            }
        ));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"vi\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title} — trang chiếu</title>\n<style>\n{fonts}{CSS}</style>\n</head>\n<body>\n<div id=\"tro-giup\">← → chuyển trang · N lời người dạy · F toàn màn hình</div>\n{body}<script>{JS}</script>\n</body>\n</html>\n",
        title = escape(&deck.title),
        fonts = fonts.css,
    )
}

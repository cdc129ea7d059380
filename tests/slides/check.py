"""Kiểm thử trang chiếu (`make slides`, make test: bước slides-test).

Cách gọi: check.py THƯ_MỤC_TRANG_CHIẾU CHƯƠNG_TRÌNH_SLIDES THƯ_MỤC_PHÔNG
(thư mục đã dựng bằng `slides --pdf`, và chính chương trình ấy để thử đầu vào sai).

1. Mỗi chương của sách (book/src/chNN-*.md) và mỗi tệp của book/slides/ có một bộ
   trang HTML và PDF (trang PDF 1280 × 720 px); mỗi chương liên kết tới bộ trang
   của nó (trinh-chieu/TÊN.html và .pdf); số trang của PDF (pdfinfo) đúng số trang chiếu của HTML và
   của bảng kê; in số trang của từng bộ.
2. Mỗi ví dụ từng bước có đúng một trang cho mỗi bước k = 1…N, liền nhau, trong PDF
   (pdftotext); N đúng số bước của sách: 22 cho cat_tia trên cây A…K của bài
   giảng, số dòng đánh số của lời giải thích ghi trong chương cho vét cạn (câu của
   mỗi trang đúng từng chữ câu của sách), số đỉnh của đồ thị cho Grundy, số nước
   của ván ghi trong chương 6 cho Dodgem.
3. Mọi phông trong mọi PDF được nhúng (pdffonts); Chromium vẽ mọi chữ cái (146 chữ
   cái tiếng Việt và chữ Latinh) của mọi trang bằng phông nhúng của bộ trang —
   Open Sans, Source Code Pro — không bằng phông dự phòng của máy (CDP
   CSS.getPlatformFontsForNode, từng ký tự); ký hiệu (∞, ≥, →…) mà hai phông ấy
   không có được liệt kê cùng phông đã vẽ chúng.
4. Mở từng bộ trang từ file:// khi mạng bị cắt (mọi yêu cầu không phải file:/data:
   bị chặn và ghi lại: phải không có); không lỗi JavaScript; không trang nào tràn,
   không trang nội dung nào chỉ có tiêu đề;
   mọi chữ HTML ≥ 18 px; mọi chữ trong mọi hình (SVG `<text>`, hình của lệnh
   `chieu:` lẫn hình của sách vẽ lại với chữ lớn hơn) ≥ 18 px ở trang 1280 × 720:
   cỡ chữ hiện ra (font-size × phép phóng của hình, kể cả chữ xoay) và chiều cao
   hộp bao của chữ như trình duyệt vẽ (getBBox × phép phóng), cả hai đo bằng
   điểm ảnh CSS; in cỡ nhỏ nhất và hộp bao thấp nhất của từng bộ, và tỉ lệ chữ
   (plot::with_text_scale) mà các hình của sách đã dùng.
5. Đầu vào sai trong tệp của giáo viên (lệnh không có, cây viết sai, hình không
   có): mã thoát 2, lời tiếng Việt có tệp:dòng, thư mục kết quả không đổi gì.
"""

import html
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "runner"))
from common import ROOT, Checks, launch  # noqa: E402

from playwright.sync_api import sync_playwright  # noqa: E402

OUT, PROGRAM, FONTS = (os.path.abspath(a) for a in sys.argv[1:4])
BUNDLED = ("Open Sans", "Source Code Pro")


def bundled(families):
    """Mọi phông trong `families` là phông nhúng (Chromium ghi cả độ đậm: "Source Code Pro Medium")."""
    return all(f.startswith(BUNDLED) for f in families)
VOWELS = "aăâeêioôơuưy"
TONES = ["", "\u0300", "\u0301", "\u0309", "\u0303", "\u0323"]
import unicodedata  # noqa: E402

VIET = sorted({unicodedata.normalize("NFC", v + t) for v in VOWELS for t in TONES} | {"đ"})
VIET = VIET + [c.upper() for c in VIET]
assert len(VIET) == 146, len(VIET)
LETTERS = set(VIET) | set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def sources():
    chapters = sorted(f for f in os.listdir(os.path.join(ROOT, "book/src")) if re.match(r"ch\d+.*\.md$", f))
    teacher = sorted(f for f in os.listdir(os.path.join(ROOT, "book/slides")) if f.endswith(".md"))
    return [os.path.join("book/src", f) for f in chapters] + [os.path.join("book/slides", f) for f in teacher]


def deck_name(src):
    return "trinh-chieu-" + os.path.splitext(os.path.basename(src))[0]


def manifest():
    rows = []
    with open(os.path.join(OUT, "trinh-chieu.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            name, pages, example, steps = line.rstrip("\n").split("\t")
            rows.append((name, int(pages), example, int(steps) if steps else 0))
    return rows


def pdf_pages(path):
    out = subprocess.run(["pdftotext", path, "-"], capture_output=True, text=True, check=True).stdout
    pages = out.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return pages


def test_decks():
    rows = manifest()
    pages_of = {}
    for name, pages, _, _ in rows:
        pages_of[name] = pages
    for src in sources():
        name = deck_name(src)
        assert name in pages_of, f"{src}: không có bộ trang {name} trong bảng kê"
        with open(os.path.join(OUT, name + ".html"), encoding="utf-8") as f:
            sections = len(re.findall(r'<section class="trang ', f.read()))
        info = subprocess.run(["pdfinfo", os.path.join(OUT, name + ".pdf")], capture_output=True, text=True, check=True).stdout
        pdf = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
        size = re.search(r"^Page size:\s+(.*)$", info, re.M).group(1)
        assert "960 x 540" in size, f"{name}.pdf: cỡ trang {size}, cần 1280 × 720 px (960 × 540 pt)"
        assert sections == pages_of[name] == pdf, f"{name}: HTML {sections} trang, bảng kê {pages_of[name]}, PDF {pdf}"
        if src.startswith("book/src/"):
            # Chương liên kết tới bộ trang của nó (make slides chép target/slides/ vào
            # book/book/trinh-chieu/, cạnh các trang của sách).
            text = open(os.path.join(ROOT, src), encoding="utf-8").read()
            for ext in ("html", "pdf"):
                assert f'href="trinh-chieu/{name}.{ext}"' in text, f"{src}: thiếu liên kết tới trinh-chieu/{name}.{ext}"
        print(f"    {name}: {pdf} trang (HTML và PDF)")


def book_walk(chapter, directive):
    """Các câu đánh số 1., 2., … của khối ```text đầu tiên sau lệnh `directive` trong chương."""
    text = open(os.path.join(ROOT, chapter), encoding="utf-8").read()
    start = text.index(directive)
    block = text[text.index("```text", start):]
    block = block[block.index("\n") + 1:block.index("\n```")]
    lines = {}
    for line in block.splitlines():
        m = re.match(r"^\s*(\d+)\. (.*)$", line)
        if m:
            lines[int(m.group(1))] = m.group(2)
    return [lines[k] for k in range(1, len(lines) + 1)]


LECTURE = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))"


def step_sentences(name, example):
    """Câu của từng trang từng bước của ví dụ `example` trong HTML của bộ trang."""
    doc = open(os.path.join(OUT, name + ".html"), encoding="utf-8").read()
    found = re.findall(r'<div class="cau"><b>(\d+)\.</b> (.*?)(?:<br>|</div>)', doc)
    return [(int(k), html.unescape(s)) for k, s in found]


def test_steps():
    expected = {}
    walk_ch3 = book_walk("book/src/ch03-minimax.md", "<!-- chieu: vet-can " + LECTURE)
    walk_ch4 = book_walk("book/src/ch04-alpha-beta.md", "<!-- chieu: cat-tia " + LECTURE)
    assert len(walk_ch4) == 22, f"lời giải thích cat_tia trong chương 4 có {len(walk_ch4)} bước, bài giảng: 22"
    expected["vet-can " + LECTURE] = len(walk_ch3)
    expected["cat-tia " + LECTURE] = 22
    ch6 = open(os.path.join(ROOT, "book/src/ch06-dodgem.md"), encoding="utf-8").read()
    game = re.search(r"<!-- chieu: dodgem (\d+) ([^-]*?) -->", ch6)
    recorded = ch6[game.end():]
    recorded = recorded[recorded.index("```text"):]
    recorded = recorded[:recorded.index("\n```\n", 10)]
    turns = [int(k) for k in re.findall(r"^\s*(\d+)\. (?:Đen|Trắng) ", recorded, re.M)]
    expected[f"dodgem {game.group(1)} {game.group(2)}"] = max(turns)
    seen = set()
    for name, _, example, steps in manifest():
        if not example:
            continue
        seen.add(example)
        if example.startswith("grundy "):
            graph = example[len("grundy "):]
            names = {n.strip() for part in graph.split(";") for side in part.split("→") for n in side.split(",") if n.strip()}
            expected[example] = len(names)
        if example in expected:
            assert steps == expected[example], f"{name}: {example}: {steps} bước, sách: {expected[example]}"
        word = {"grundy": "đỉnh", "dodgem": "nước"}.get(example.split()[0], "bước")
        pages = pdf_pages(os.path.join(OUT, name + ".pdf"))
        at = []
        for k in range(1, steps + 1):
            hit = [i for i, p in enumerate(pages) if re.search(rf"{word}\s+{k}/{steps}(?![\d/])", p)]
            assert len(hit) == 1, f"{name}.pdf: bước {k}/{steps} của {example} ở các trang {hit}"
            at.append(hit[0])
        assert at == list(range(at[0], at[0] + steps)), f"{name}.pdf: các bước của {example} không liền nhau: {at}"
        print(f"    {name}: {example} — {steps} bước, trang {at[0] + 1}…{at[-1] + 1} của PDF")
        if example in ("vet-can " + LECTURE, "cat-tia " + LECTURE):
            book = walk_ch3 if example.startswith("vet-can") else walk_ch4
            got = step_sentences(name, example)
            got = [s for k, s in got][: len(book)]
            assert got == book, f"{name}: câu của các bước khác sách:\n{got}\n{book}"
    for must in ("vet-can " + LECTURE, "cat-tia " + LECTURE):
        assert must in seen, f"không có ví dụ từng bước {must}"
    assert any(e.startswith("grundy ") for e in seen) and any(e.startswith("dodgem ") for e in seen)


def test_pdf_fonts():
    for src in sources():
        pdf = os.path.join(OUT, deck_name(src) + ".pdf")
        out = subprocess.run(["pdffonts", pdf], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        names = []
        for line in out:
            cols = line.split()
            name = cols[0].split("+", 1)[-1]
            emb = cols[-5]
            assert emb == "yes", f"{pdf}: phông {name} không được nhúng"
            names.append(name)
        assert any(n.startswith("OpenSans") for n in names), f"{pdf}: không có Open Sans: {names}"
        print(f"    {os.path.basename(pdf)}: {', '.join(names)}")


MEASURE = r"""() => {
  const st = document.createElement('style');
  st.textContent = '.trang{display:block !important;position:relative !important;transform:none !important;margin-bottom:4px}';
  document.head.appendChild(st);
  const out = {overflow: [], empty: [], small: [], figMin: 1e9, boxMin: 1e9, crateMin: 1e9, bookMin: 1e9, htmlMin: 1e9,
               slides: 0, texts: 0, scales: {}};
  document.querySelectorAll('figure[data-ti-le-chu]').forEach(f => {
    const k = f.dataset.tiLeChu; out.scales[k] = (out.scales[k] || 0) + 1;
  });
  document.querySelectorAll('section.trang').forEach((t, i) => {
    out.slides++;
    // Trang nội dung mà dưới tiêu đề không có gì (chữ, hình, mã): trang trống.
    if (t.classList.contains('noi-dung')) {
      const body = [...t.children].filter(c => c.tagName !== 'H2' && !c.classList.contains('so-trang'));
      if (!body.some(c => c.textContent.trim() || c.querySelector('svg, img')))
        out.empty.push(i + 1);
    }
    if (t.scrollHeight > t.clientHeight + 1 || t.scrollWidth > t.clientWidth + 1)
      out.overflow.push(i + 1);
    const walker = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
    let n;
    while ((n = walker.nextNode())) {
      if (!n.textContent.trim()) continue;
      const el = n.parentElement;
      const svgText = el.closest('svg');
      let px;
      if (svgText) {
        // Chữ của hình: cỡ chữ và hộp bao như hiện ra trên trang (phép phóng của
        // hình; chữ xoay — tên trục tung — có a = 0 nên lấy độ dài của cột đầu).
        const m = el.getScreenCTM();
        const zoom = Math.hypot(m.a, m.b);
        px = parseFloat(getComputedStyle(el).fontSize) * zoom;
        const box = el.getBBox().height * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
        out.texts++;
        out.figMin = Math.min(out.figMin, px);
        out.boxMin = Math.min(out.boxMin, box);
        const crate = t.classList.contains('tung-buoc') || svgText.closest('figure').hasAttribute('data-thu-vien');
        if (crate) out.crateMin = Math.min(out.crateMin, px); else out.bookMin = Math.min(out.bookMin, px);
        if (px < 17.95 || box < 17.95)
          out.small.push([i + 1, 'hình', n.textContent.trim().slice(0, 40), +px.toFixed(1), +box.toFixed(1)]);
      } else {
        if (el.closest('.so-trang')) continue;
        px = parseFloat(getComputedStyle(el).fontSize);
        out.htmlMin = Math.min(out.htmlMin, px);
        if (px < 17.95) out.small.push([i + 1, el.tagName, n.textContent.trim().slice(0, 40), px]);
      }
    }
  });
  return out;
}"""


def char_fonts(page, cdp, root_id):
    """Phông Chromium đã dùng cho từng ký tự của mọi chữ trên trang, theo (họ, đậm, nghiêng)."""
    combos = page.evaluate(r"""() => {
      const seen = {};
      document.querySelectorAll('section.trang').forEach(t => {
        const w = document.createTreeWalker(t, NodeFilter.SHOW_TEXT); let n;
        while ((n = w.nextNode())) {
          const el = n.parentElement, cs = getComputedStyle(el);
          const key = cs.fontFamily + '|' + cs.fontWeight + '|' + cs.fontStyle;
          seen[key] = (seen[key] || '') + n.textContent;
        }
      });
      const probe = document.createElement('div'); probe.id = 'do-phong';
      probe.style.cssText = 'position:fixed;left:0;top:0;font-size:20px';
      let k = 0;
      for (const key in seen) {
        const [fam, weight, style] = key.split('|');
        for (const ch of new Set(seen[key].replace(/\s/g, ''))) {
          const s = document.createElement('span');
          s.style.fontFamily = fam; s.style.fontWeight = weight; s.style.fontStyle = style;
          s.textContent = ch; s.id = 'p' + (k++); s.dataset.ch = ch; s.dataset.key = key;
          probe.appendChild(s);
        }
      }
      document.body.appendChild(probe);
      return [...probe.children].map(s => [s.dataset.key, s.dataset.ch]);
    }""")
    doc = cdp.send("DOM.getDocument", {"depth": 0})
    ids = cdp.send("DOM.querySelectorAll", {"nodeId": doc["root"]["nodeId"], "selector": "#do-phong span"})["nodeIds"]
    assert len(ids) == len(combos)
    result = {}
    for nid, (key, ch) in zip(ids, combos):
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": nid})["fonts"]
        result[(key, ch)] = {f["familyName"] for f in fonts}
    return combos, result


def test_browser():
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            for src in sources():
                name = deck_name(src)
                ctx = browser.new_context(viewport={"width": 1280, "height": 720})
                blocked, errors = [], []

                def guard(route, blocked=blocked):
                    url = route.request.url
                    if url.startswith(("file:", "data:")):
                        route.continue_()
                    else:
                        blocked.append(url)
                        route.abort()

                ctx.route("**/*", guard)
                page = ctx.new_page()
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.goto("file://" + os.path.join(OUT, name + ".html"))
                page.wait_for_selector("body[data-san-sang='1']", state="attached", timeout=30000)
                page.keyboard.press("End")
                assert page.evaluate("location.hash") == "#" + str(page.evaluate("document.querySelectorAll('section.trang').length"))
                page.keyboard.press("Home")
                page.keyboard.press("ArrowRight")
                assert page.evaluate("location.hash") == "#2", "phím → không sang trang 2"
                page.keyboard.press("n")
                assert page.evaluate("getComputedStyle(document.querySelector('aside.loi[data-trang=\"2\"]')).display") == "block", "phím N không hiện lời người dạy"
                r = page.evaluate(MEASURE)
                assert not blocked, f"{name}: trang chiếu gọi ra mạng: {blocked}"
                assert not errors, f"{name}: lỗi JavaScript: {errors}"
                assert not r["overflow"], f"{name}: các trang tràn: {r['overflow']}"
                assert not r["empty"], f"{name}: trang trống (chỉ có tiêu đề): {r['empty']}"
                assert not r["small"], f"{name}: chữ dưới 18 px: {r['small'][:8]}"
                assert r["texts"] == 0 or r["figMin"] >= 17.95, f"{name}: chữ của hình {r['figMin']:.1f} px"
                cdp = ctx.new_cdp_session(page)
                cdp.send("DOM.enable")
                cdp.send("CSS.enable")
                _, fonts = char_fonts(page, cdp, None)
                bad = sorted({(k.split("|")[0], ch, ", ".join(sorted(f))) for (k, ch), f in fonts.items() if ch in LETTERS and not bundled(f)})
                assert not bad, f"{name}: chữ cái vẽ bằng phông khác phông nhúng: {bad[:10]}"
                symbols = sorted({ch for (k, ch), f in fonts.items() if not bundled(f)})
                used = sorted({x for f in fonts.values() for x in f})
                px = lambda v: "—" if v > 1e8 else f"{v:.1f}"
                scales = ", ".join(f"{k}: {v}" for k, v in sorted(r["scales"].items(), key=lambda kv: float(kv[0])))
                print(f"    {name}: {r['slides']} trang, chữ HTML ≥ {r['htmlMin']:.0f} px; chữ của hình ≥ {px(r['figMin'])} px "
                      f"(hộp bao ≥ {px(r['boxMin'])} px; hình của lệnh chieu ≥ {px(r['crateMin'])}, hình của sách ≥ {px(r['bookMin'])}; "
                      f"{r['texts']} chữ); tỉ lệ chữ của hình sách: {scales or '—'}; phông đã vẽ: {', '.join(used)}"
                      + (f"; ký hiệu không có trong phông nhúng: {''.join(symbols)}" if symbols else ""))
                ctx.close()
            # Hai phông nhúng có đủ 146 chữ cái tiếng Việt (và không chữ nào phải mượn phông khác).
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto("file://" + os.path.join(OUT, deck_name(sources()[0]) + ".html"))
            page.wait_for_selector("body[data-san-sang='1']", state="attached")
            page.evaluate("""(letters) => {
              const d = document.createElement('div'); d.id = 'phu-chu';
              d.style.cssText = 'position:fixed;left:0;top:0;font-size:20px;z-index:99;background:#fff';
              for (const [fam, w, s] of [['Open Sans',400,'normal'],['Open Sans',700,'normal'],['Open Sans',400,'italic'],['Source Code Pro',500,'normal']]) {
                const p = document.createElement('p'); p.style.fontFamily = '"' + fam + '"'; p.style.fontWeight = w; p.style.fontStyle = s;
                p.textContent = letters; p.className = 'mau'; d.appendChild(p);
              }
              document.body.appendChild(d);
            }""", "".join(VIET))
            cdp = ctx.new_cdp_session(page)
            cdp.send("DOM.enable")
            cdp.send("CSS.enable")
            doc = cdp.send("DOM.getDocument", {"depth": 0})
            for nid in cdp.send("DOM.querySelectorAll", {"nodeId": doc["root"]["nodeId"], "selector": "#phu-chu p.mau"})["nodeIds"]:
                fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": nid})["fonts"]
                fams = {f["familyName"] for f in fonts}
                assert len(fams) == 1 and bundled(fams), f"146 chữ cái tiếng Việt cần thêm phông: {fonts}"
            print("    146 chữ cái tiếng Việt: Open Sans (thường, đậm, nghiêng) và Source Code Pro vẽ đủ, không mượn phông nào")
            ctx.close()
        finally:
            browser.close()


BAD = [
    ("lenh-khong-co.md", "# Buổi 3\n\n## Cây của tôi\n\n<!-- chieu: cay-la A(B:1, C:2) -->\n", 5, "không có lệnh trình chiếu `cay-la`"),
    ("cay-sai.md", "# Buổi 3\n\n## Cây của tôi\n\n- một ý\n\n<!-- chieu: cat-tia A(B:1, C( -->\n", 7, "viết sai"),
    ("hinh-khong-co.md", "# Buổi 3\n\n## Hình\n\n<figure><img src=\"figures/khong-co.svg\" alt=\"x\"></figure>\n", 5, "không đọc được hình figures/khong-co.svg"),
]


def test_bad_input():
    good = os.path.join(ROOT, "book/slides/huong-dan.md")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ra")
        os.mkdir(out)
        with open(os.path.join(out, "cu.txt"), "w") as f:
            f.write("lần dựng trước")
        for file, text, line, words in BAD:
            path = os.path.join(tmp, file)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            p = subprocess.run([PROGRAM, "--pdf", FONTS, out, good, path], capture_output=True, text=True, timeout=120)
            assert p.returncode == 2, f"{file}: mã thoát {p.returncode}, cần 2\n{p.stderr}"
            assert f"{path}:{line}: " in p.stderr and words in p.stderr, f"{file}: lời báo lỗi thiếu tệp:dòng hoặc lời giải thích:\n{p.stderr}"
            assert "Không dựng trang chiếu nào" in p.stderr
            assert sorted(os.listdir(out)) == ["cu.txt"], f"{file}: thư mục kết quả đã đổi: {os.listdir(out)}"
            assert sorted(os.listdir(tmp)) == sorted(["ra"] + [b[0] for b in BAD if os.path.exists(os.path.join(tmp, b[0]))]), f"còn thư mục tạm: {os.listdir(tmp)}"
            print(f"    {file}: {p.stderr.splitlines()[0]}")


def test_offline_sources():
    for src in sources():
        doc = open(os.path.join(OUT, deck_name(src) + ".html"), encoding="utf-8").read()
        remote = re.findall(r'(?:src|href)\s*=\s*"(?:https?:)?//[^"]*"|url\((?:https?:)?//[^)]*\)', doc)
        assert not remote, f"{src}: tài nguyên từ mạng: {remote[:5]}"


def main():
    checks = Checks("trang chiếu")
    checks.run("mỗi chương một bộ trang, HTML và PDF cùng số trang", test_decks)
    checks.run("ví dụ từng bước: đủ bước, đúng câu của sách", test_steps)
    checks.run("phông trong PDF đều được nhúng", test_pdf_fonts)
    checks.run("không tài nguyên nào từ mạng", test_offline_sources)
    checks.run("mở từ file:// không mạng: chữ ≥ 18 px (cả chữ của mọi hình), không tràn, phông nhúng vẽ mọi chữ cái", test_browser)
    checks.run("đầu vào sai của giáo viên: tệp:dòng, không ghi gì", test_bad_input)
    checks.finish()


if __name__ == "__main__":
    main()

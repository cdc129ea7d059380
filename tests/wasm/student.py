#!/usr/bin/env python3
"""Sách tĩnh (thư mục của `make sach-tinh`) như một sinh viên Việt Nam gặp nó: trên
điện thoại 390 px và máy tính 1280 px, qua một máy chủ tĩnh trên 127.0.0.1 và
thẳng từ đĩa (file://), không mạng, không trình chạy.

    python tests/wasm/student.py [--book THƯ_MỤC] [--shots THƯ_MỤC_ẢNH]

- Tìm kiếm tiếng Việt: bộ câu hỏi tests/fixtures/tim_kiem_cau_hoi.tsv (gõ có dấu,
  không dấu, thiếu dấu), mỗi câu kèm chương mà kết quả đầu tiên phải thuộc về: tỉ
  lệ đúng ở hạng 1 và trong 3 kết quả đầu không dưới RANK1, TOP3; thời gian mỗi câu
  trên "điện thoại" (CPU chậm đi 4 lần); chỉ mục giữ nguyên từng âm tiết; ô tìm
  kiếm mở bằng phím S, tìm ngay khi dán (không phím nào được gõ), kết quả mở trang
  và tô chữ khớp.
- Một phông: trong mỗi loại khung từng vỡ dấu (câu báo lỗi, lời giải thích của
  khung Grundy, khối mã, kết quả, nút), cả 146 chữ cái tiếng Việt do ĐÚNG MỘT phông
  đóng gói cùng sách vẽ (DevTools: CSS.getPlatformFontsForNode). Chữ của hình
  cũng vậy: hình các khung vẽ trong trang, và mỗi hình SVG của sách (mọi chữ cái
  nó dùng do Open Sans nhúng trong tệp vẽ; qua <img>, ảnh chụp giống khi hình nằm
  ngay trong trang với phông của trang, khác hẳn khi bỏ phông nhúng).
- Không kết quả cũ dưới câu báo lỗi: cây sai thì giá trị, nhánh cắt, thanh bước và
  hình của cây trước biến mất; sửa cây mà chưa tính thì kết quả mờ đi và có câu nói;
  Dodgem: đổi bàn giữa ván thì ván mới bắt đầu ngay, đổi độ sâu thì nước sau của máy
  dùng độ sâu mới.
- Bàn phím: Tab ra khỏi khối mã sửa được (không thêm dấu cách, khối không thành "đã
  sửa"), Ctrl-] thụt lề; các khối mã khác nhận tiêu điểm; đi bằng Tab qua cả chương
  không bị giữ lại ở đâu; trang luyện tập, Dodgem và Grundy dùng trọn chỉ bằng Tab,
  Enter, dấu cách và gõ chữ.
- Điện thoại: mọi nút, ô chọn, ô nhập, ô đánh dấu (qua nhãn) và thanh trượt của các
  khung, trang luyện tập, ô tìm kiếm, nút của mdBook (thanh trên cùng, nút chép mã)
  và mỗi mục của mục lục cao và rộng ít nhất 44 px; mọi hình rộng hơn
  khung (của sách và của các khung) có "Xem cả hình" (vừa khung) và "Phóng to ×2";
  đi từng bước, nút đang xét luôn nằm trong phần hình đang thấy.
- Bản in (print.html, A4): không quá PRINT_RATIO số trang của chính nó khi in không
  có kiểu in của sách, không dòng "▶ Chạy" hay
  "Cần trình chạy" nào, không ô nhập nào của khung; hình, bảng, khung, khối mã không
  cắt đôi (break-inside: avoid, và ngoài khối mã, không khối nào cao hơn một trang A4).
- `api/status` không trả 404 trên máy chủ tĩnh; trang 404 có màu và chữ trong một
  thư mục con của máy chủ và từ file://; cách viết cây dưới mọi ô nhập cây, nhãn
  "Độ sâu của máy" của Dodgem, câu báo lỗi Grundy gọi đống đúng như nhãn của ô.
- axe-core (npm, phiên bản ghim) trên mọi trang (390 px; trang đầu và chương 4 cả
  1280 px): không vi phạm nào mức critical hay serious.
"""

import argparse
import base64
import pathlib
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
import urllib.parse

from playwright.sync_api import expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "runner"))
sys.path.insert(0, str(ROOT / "tests" / "wasm"))
from common import Checks, StaticServer, launch, new_page, tap_edge  # noqa: E402
from browser import WAIT, Book  # noqa: E402

QUERIES = ROOT / "tests" / "fixtures" / "tim_kiem_cau_hoi.tsv"
# Tỉ lệ đo được trên sách (báo trong README): không được thấp hơn. Đo 2026-12-02:
# 69/69 ở hạng 1 và trong 3 kết quả đầu (ô tìm kiếm gốc của mdBook, make
# search-before: 43/69 và 56/69).
RANK1 = 1.0
TOP3 = 1.0
# Một câu hỏi trên "điện thoại" (CPU chậm 4 lần) không quá chừng này mili giây.
PHONE_MS = 60
# Bản in có kiểu in của sách không dài quá tỉ lệ này so với bản in không có nó
# (đo 2026-12-02: 142 / 160 trang = 0,89; chữ nhỏ hơn làm bản in ngắn lại, không cắt
# đôi hình hay khối mã làm nó dài ra).
PRINT_RATIO = 0.9


def shot(book, page, name):
    """Ảnh phần trang đang thấy (không cả trang: trang của sách dài tới 20 000 px)."""
    if book.shots:
        page.screenshot(path=str(book.shots / f"{name}-{book.tag}.png"))


def queries():
    out = []
    for line in QUERIES.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            q, want = line.split("\t")
            out.append((q, want))
    assert len(out) >= 40, len(out)
    return out


def vietnamese_letters():
    """146 chữ cái tiếng Việt: 12 nguyên âm × 6 thanh và đ, chữ thường và hoa (NFC)."""
    lower = [unicodedata.normalize("NFC", v + t) for v in "aăâeêioôơuưy"
             for t in ["", "\u0300", "\u0301", "\u0303", "\u0309", "\u0323"]] + ["đ"]
    letters = lower + [c.upper() for c in lower]
    assert len(set(letters)) == 146
    return "".join(letters)


def open_search(page):
    page.locator("body").click(position={"x": 5, "y": 400})
    page.keyboard.press("s")
    expect(page.locator("#tk-khung")).to_be_visible()
    expect(page.locator("#tk-o")).to_be_focused()


def search_quality(book):
    """Bộ câu hỏi, trên máy tính và trên điện thoại (CPU chậm 4 lần)."""
    qs = queries()
    for width in (1280, 390):
        page = book.open("ch01-quay-lui.html", width=width)
        open_search(page)
        page.wait_for_function("() => window.caytrochoiTimKiem.prepareMs !== null", timeout=WAIT)
        if width == 390:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        got = page.evaluate("""(qs) => qs.map(q => {
            const t0 = performance.now();
            const r = window.caytrochoiTimKiem.search(q);
            return [performance.now() - t0, r.slice(0, 3).map(x => x.u.split('#')[0])];
        })""", [q for q, _ in qs])
        rank1 = sum(pages[:1] == [want] for (_, want), (_, pages) in zip(qs, got)) / len(qs)
        top3 = sum(want in pages for (_, want), (_, pages) in zip(qs, got)) / len(qs)
        ms = sorted(t for t, _ in got)
        missed = [(q, want, pages) for (q, want), (_, pages) in zip(qs, got) if pages[:1] != [want]]
        print(f"    tìm kiếm {width} px ({book.tag}): hạng 1 {rank1:.1%}, top 3 {top3:.1%}, "
              f"{len(qs)} câu, trung vị {ms[len(ms) // 2]:.1f} ms, chậm nhất {ms[-1]:.1f} ms"
              + (" (CPU chậm 4 lần)" if width == 390 else ""))
        assert rank1 >= RANK1 and top3 >= TOP3, missed
        if width == 390:
            assert ms[len(ms) // 2] <= PHONE_MS, ms
        book.close(page)


def search_accents(book):
    """Dấu người đọc gõ được ưu tiên: với mọi từ có dấu của chỉ mục mà bỏ dấu thì
    trùng một từ khác ("bạn", "bản", "bán"), kết quả đầu tiên của chính từ ấy là
    một mục có từ ấy đúng dấu (hay một từ dài hơn bắt đầu bằng nó), không phải
    một mục chỉ có từ kia."""
    page = book.open("ch01-quay-lui.html", width=1280)
    r = page.evaluate("""async () => {
        const S = window.caytrochoiTimKiem;
        await S.load();
        const raw = window.caytrochoiChiMuc, vocab = raw.tu;
        const folds = new Map();
        vocab.forEach(w => folds.set(S.fold(w), (folds.get(S.fold(w)) || 0) + 1));
        const words = vocab.filter(w => w !== S.fold(w) && folds.get(S.fold(w)) > 1);
        const byUrl = new Map(raw.muc.map(d => [d.u, d]));
        const bad = [];
        for (const w of words) {
            const top = S.search(w)[0];
            const doc = top && byUrl.get(top.u);
            const has = doc && ['t', 'p', 'm'].some(f => doc[f].some(id => vocab[id].startsWith(w)));
            if (!has) bad.push([w, top ? top.u : null]);
        }
        return { tested: words.length, bad };
    }""")
    print(f"    {r['tested']} từ có dấu trùng một từ khác khi bỏ dấu; kết quả đầu sai dấu: {len(r['bad'])}")
    assert r["tested"] >= 100, r["tested"]
    assert not r["bad"], r["bad"][:10]
    book.close(page)
    # Trang mở từ kết quả tô đúng dấu đã gõ: "bạn" không tô "bản", "bằng"; "ban"
    # (không dấu) tô mọi cách viết.
    for typed, only in (("bạn", True), ("ban", False)):
        page = book.open("ch02-cay-tro-choi.html?tim=" + urllib.parse.quote(typed))
        marks = page.locator("main mark.tk-to")
        expect(marks.first).to_be_attached(timeout=WAIT)
        seen = {m.lower() for m in marks.all_inner_texts()}
        if only:
            assert all(w.startswith("bạn") for w in seen), seen
        else:
            assert "bạn" in seen and "bản" in seen, seen
        book.close(page)


def search_interface(book):
    """Phím S mở ô; chữ dán vào (insert_text: không phím nào) được tìm ngay; ↓ và
    Enter mở kết quả; trang mở ra tô các chữ khớp; Esc đóng ô."""
    if book.tag == "http":
        # Gõ (dán) trước khi chỉ mục nạp xong: kết quả vẫn hiện khi nạp xong.
        page = new_page(book.browser, 390, outside=book.outside)

        def slow(route):
            time.sleep(1.5)
            route.continue_()

        page.route("**/tim-kiem/chi-muc.js", slow)
        page.goto(book.base + "ch03-minimax.html", timeout=WAIT)
        page.locator("#tk-nut").click()
        page.keyboard.insert_text("gia tri tam")
        expect(page.locator("#tk-ket-qua a").first).to_have_attribute(
            "data-u", re.compile(r"^ch03-minimax\.html"), timeout=WAIT)
        book.close(page)
    page = book.open("ch02-cay-tro-choi.html", width=390)
    # Chỉ mục giữ nguyên âm tiết: "đường", "trò" là từ của chỉ mục, không phải "ng", "tr".
    vocab = page.evaluate("""async () => { await window.caytrochoiTimKiem.load();
        return window.caytrochoiChiMuc.tu; }""")
    for w in ("đường", "trò", "chuyển", "vị", "cắt", "tỉa"):
        assert w in vocab, w
    assert all(unicodedata.normalize("NFC", w) == w for w in vocab)
    open_search(page)
    page.keyboard.insert_text("chuyen vi")
    first = page.locator("#tk-ket-qua a").first
    expect(first).to_have_attribute("data-u", re.compile(r"^ch07-tim-kiem-thuc-te\.html"), timeout=WAIT)
    expect(page.locator("#tk-dem")).to_contain_text("kết quả cho “chuyen vi”")
    expect(first.locator("mark").first).to_be_visible()
    shot(book, page, "tim-kiem-390")
    page.keyboard.press("ArrowDown")
    expect(first).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"ch07-tim-kiem-thuc-te\.html\?tim=chuyen%20vi"), timeout=WAIT)
    marks = page.locator("main mark.tk-to")
    expect(marks.first).to_be_attached(timeout=WAIT)
    assert {"chuyển", "vị"} <= {m.lower() for m in marks.all_inner_texts()}, marks.all_inner_texts()
    page.locator(".tk-bo-to").click()
    expect(marks).to_have_count(0)
    book.close(page)
    # "cat tia" (không dấu) tìm thấy chương cắt tỉa; Esc đóng ô và trả tiêu điểm về nút.
    page = book.open("ch01-quay-lui.html")
    open_search(page)
    page.keyboard.insert_text("cat tia")
    expect(page.locator("#tk-ket-qua a").first).to_have_attribute(
        "data-u", re.compile(r"^ch04-alpha-beta\.html"), timeout=WAIT)
    page.keyboard.press("Escape")
    expect(page.locator("#tk-khung")).to_be_hidden()
    expect(page.locator("#tk-nut")).to_be_focused()
    book.close(page)


def one_font(book):
    """Mỗi loại khung từng vỡ dấu: 146 chữ cái do đúng một phông đóng gói vẽ."""
    letters = vietnamese_letters()
    boxes = {
        "ch04-alpha-beta.html": [
            # Câu báo lỗi của khung xem cây (cây sai).
            ("câu báo lỗi", ".ctc-cay .ctc-loi", "Source Code Pro"),
            ("khối mã Rust", "main pre > code.language-rust", "Source Code Pro"),
            ("kết quả ghi sẵn", "main pre > code.language-text", "Source Code Pro"),
            ("nút của khung", ".ctc-dinh-tri", "Open Sans"),
            ("câu của bước", ".ctc-cau", "Open Sans"),
        ],
        "ch05-grundy.html": [
            ("lời giải thích Grundy", ".ctc-grundy .ctc-loi-giai", "Source Code Pro"),
            ("câu báo lỗi Grundy", ".ctc-grundy .ctc-loi", "Source Code Pro"),
        ],
    }
    for name, items in boxes.items():
        page = book.open(name)
        if name.startswith("ch04"):
            w = page.locator(".ctc-cay").first
            expect(w.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
            w.locator(".ctc-cay-van-ban").fill("A(B:1, C(E:x))")
            w.locator(".ctc-dinh-tri").click()
            expect(w.locator(".ctc-loi")).to_contain_text("dòng 1", timeout=WAIT)
        else:
            w = page.locator(".ctc-grundy")
            expect(w.locator(".ctc-loi-giai")).not_to_be_empty(timeout=WAIT)
            w.locator(".ctc-tham-so input").first.fill("x")
            w.locator(".ctc-tinh").click()
            expect(w.locator(".ctc-loi")).to_be_visible(timeout=WAIT)
        # Ô nhập cây (<textarea>: chữ nằm trong cây bóng của trình duyệt, không
        # đặt dòng thử vào được): cùng họ phông với các khối <pre>.
        same = page.evaluate("""() => [...document.querySelectorAll('textarea')].every(t =>
            getComputedStyle(t).fontFamily === getComputedStyle(document.querySelector('main pre')).fontFamily)""")
        assert same, "ô nhập cây không cùng phông với khối mã"
        cdp = page.context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        for what, selector, family in items:
            # Một dòng chữ thử đặt vào chính khung ấy (cùng phông với chữ của khung).
            page.evaluate("""([sel, text]) => {
                const box = document.querySelector(sel);
                box.hidden = false;
                const probe = document.createElement('span');
                probe.id = 'thu-phong';
                probe.textContent = text;
                box.append(probe);
                // Dàn trang xong và phông đã nạp trước khi hỏi phông của dòng thử (từ
                // file://, CSS.getPlatformFontsForNode có lúc trả về danh sách rỗng
                // cho một dòng chưa được dàn trang).
                probe.getBoundingClientRect();
                return document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => r())));
            }""", [selector, letters])
            doc = cdp.send("DOM.getDocument", {"depth": 0})
            node = cdp.send("DOM.querySelector", {"nodeId": doc["root"]["nodeId"], "selector": "#thu-phong"})
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
            # Một phông duy nhất, đóng gói cùng sách (isCustomFont: tải từ fonts/ của
            # sách, không phải phông của máy), vẽ cả 146 chữ.
            assert len(fonts) == 1 and fonts[0]["isCustomFont"] and \
                fonts[0]["familyName"].startswith(family) and fonts[0]["glyphCount"] == 146, \
                f"{what} ({selector}): {fonts}"
            page.evaluate("() => document.getElementById('thu-phong').remove()")
        book.close(page)


# Trang có khung vẽ hình SVG ngay trong trang (mô-đun WebAssembly), và hình ấy.
INLINE_FIGURES = {
    "ch04-alpha-beta.html": ".ctc-cay .ctc-hinh svg",
    "ch05-grundy.html": ".ctc-grundy .ctc-hinh svg",
    "ch06-dodgem.html": ".ctc-dodgem .ctc-hinh svg",
    "luyen-tap.html": ".lt-hinh svg",
}
# Khối phông mà book/dung-them/phong_hinh.py nhúng vào mỗi hình của sách đã dựng.
EMBEDDED_FONT = re.compile(r'<style id="caytrochoi-phong">.*?</style>\n?', re.S)


def svg_fonts(cdp, selector):
    """Phông đã vẽ chữ của mỗi nút khớp `selector` (DevTools), theo thứ tự trong trang."""
    doc = cdp.send("DOM.getDocument", {"depth": 0})
    ids = cdp.send("DOM.querySelectorAll", {"nodeId": doc["root"]["nodeId"], "selector": selector})["nodeIds"]
    return [cdp.send("CSS.getPlatformFontsForNode", {"nodeId": i})["fonts"] for i in ids]


def probe_svg_text(page, selector, text_by_weight):
    """Trong mỗi SVG khớp `selector`, thêm một <text> thử (bản sao của một chữ có sẵn
    cùng độ đậm, cùng thuộc tính font-family của hình) cho mỗi độ đậm: {đậm?: chữ}.
    Trả về số dòng thử đã thêm (lớp thu-phong-hinh)."""
    return page.evaluate("""([sel, texts]) => {
        let n = 0;
        for (const svg of document.querySelectorAll(sel)) {
            for (const [bold, text] of Object.entries(texts)) {
                const like = [...svg.querySelectorAll('text')].find(t =>
                    (t.getAttribute('font-weight') === 'bold') === (bold === 'true'));
                if (!like || !text) continue;
                const probe = like.cloneNode(false);
                probe.classList.add('thu-phong-hinh');
                probe.textContent = text;
                svg.append(probe);
                n++;
            }
        }
        return document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => r(n))));
    }""", [selector, text_by_weight])


def only_open_sans(fonts, glyphs=None):
    return len(fonts) == 1 and fonts[0]["isCustomFont"] and fonts[0]["familyName"] == "Open Sans" \
        and (glyphs is None or fonts[0]["glyphCount"] == glyphs)


def figure_font(book):
    """Chữ của hình do Open Sans đóng gói cùng sách vẽ, không phải phông của máy.
    (1) Hình mà các khung vẽ ngay trong trang: 146 chữ cái (thường và đậm, với
    thuộc tính font-family của hình) và mọi dòng chữ của hình chỉ gồm chữ cái
    tiếng Việt và ký tự ASCII. (2) Mỗi hình SVG của sách (figures/) mở như một
    trang: mọi chữ cái nó dùng, thường và đậm, do Open Sans nhúng trong tệp vẽ.
    (3) Hình của sách hiện qua <img> (trình duyệt không cho nó dùng phông của trang)
    vẽ ra giống hệt khi cùng hình nằm ngay trong trang với Open Sans của trang, và
    khác hẳn khi bỏ phông nhúng trong tệp."""
    letters = vietnamese_letters()
    plain = set(letters) | {chr(c) for c in range(0x20, 0x7f)}
    checked = 0
    for name, selector in INLINE_FIGURES.items():
        page = book.open(name)
        page.wait_for_selector(selector + " text", timeout=WAIT)
        cdp = page.context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        page.evaluate("() => document.fonts.ready")
        texts = page.evaluate("(sel) => [...document.querySelectorAll(sel + ' text')].map(t => t.textContent)",
                              selector)
        for text, fonts in zip(texts, svg_fonts(cdp, selector + " text")):
            text = text.strip()
            if text and set(text) <= plain:
                assert only_open_sans(fonts), f"{name}: chữ «{text}» của hình: {fonts}"
                checked += 1
        probes = probe_svg_text(page, selector, {"true": letters, "false": letters})
        assert probes >= 1, f"{name}: hình không có chữ"
        for fonts in svg_fonts(cdp, ".thu-phong-hinh"):
            assert only_open_sans(fonts, 146), f"{name}: 146 chữ cái trong hình: {fonts}"
        book.close(page)
    print(f"    hình trong trang ({book.tag}): {checked} dòng chữ và 146 chữ cái do Open Sans vẽ")

    folder = pathlib.Path(book.folder)
    figures = sorted((folder / "figures").glob("*.svg"))
    assert len(figures) >= 50, len(figures)
    page = new_page(book.browser, 1280, outside=book.outside)
    cdp = page.context.new_cdp_session(page)
    used = set()
    for svg in figures:
        page.goto(book.base + "figures/" + svg.name, timeout=WAIT)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        # Mọi chữ cái của hình, riêng chữ đậm và chữ thường, trên một dòng thử mỗi loại.
        by_weight = page.evaluate("""() => {
            const out = {true: new Set(), false: new Set()};
            for (const t of document.querySelectorAll('text'))
                for (const c of t.textContent) if (/\\p{L}/u.test(c))
                    out[t.getAttribute('font-weight') === 'bold'].add(c);
            return {true: [...out.true].join(''), false: [...out.false].join('')};
        }""")
        probe_svg_text(page, "svg", by_weight)
        for text, fonts in zip([t for t in (by_weight["true"], by_weight["false"]) if t],
                               svg_fonts(cdp, ".thu-phong-hinh")):
            assert only_open_sans(fonts, len(text)), f"{svg.name}: chữ «{text}»: {fonts}"
            used |= set(text)
    book.close(page)
    viet = used & set(letters)
    print(f"    hình của sách ({book.tag}): {len(figures)} tệp, {len(used)} chữ cái khác nhau "
          f"({len(viet)} chữ có trong 146 chữ cái tiếng Việt) do Open Sans nhúng trong tệp vẽ")

    # (3) Hình qua <img>: so ảnh chụp với cùng hình đặt ngay trong trang.
    name = "cay-caro-AK.svg"
    source = (folder / "figures" / name).read_text(encoding="utf-8")
    bare = EMBEDDED_FONT.sub("", source)
    assert bare != source, f"{name}: không có phông nhúng"
    page = book.open("ch02-cay-tro-choi.html")
    page.evaluate("""([src, bare]) => {
        document.body.innerHTML = '<main style="padding:0;margin:0"><img id="co-phong" src="figures/' + src +
            '"><img id="khong-phong"><div id="trong-trang"></div></main>';
        document.body.style.margin = '0';
        document.getElementById('khong-phong').src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(bare);
        document.getElementById('trong-trang').innerHTML = bare;
        for (const el of document.querySelectorAll('main > *, #trong-trang > svg'))
            el.style.cssText = 'display:block;width:fit-content;margin:0 0 8px';
        return Promise.all([...document.images].map(i => i.decode())).then(() => document.fonts.ready);
    }""", [name, bare])
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    inline = svg_fonts(cdp, "#trong-trang text")
    assert inline and all(only_open_sans(f) or not f for f in inline), inline
    page.wait_for_timeout(300)
    shots = {k: page.locator(f"#{k}").screenshot() for k in ("co-phong", "khong-phong", "trong-trang")}
    diff = page.evaluate("""(shots) => {
        const load = s => new Promise(r => { const i = new Image(); i.onload = () => r(i);
            i.src = 'data:image/png;base64,' + s; });
        return Promise.all(Object.values(shots).map(load)).then(imgs => {
            const px = imgs.map(i => { const c = document.createElement('canvas');
                c.width = i.width; c.height = i.height; const g = c.getContext('2d');
                g.drawImage(i, 0, 0); return g.getImageData(0, 0, i.width, i.height).data; });
            const count = (a, b) => { if (a.length !== b.length) return -imgs[1].height; let n = 0;
                for (let k = 0; k < a.length; k += 4)
                    if (Math.abs(a[k] - b[k]) + Math.abs(a[k + 1] - b[k + 1]) + Math.abs(a[k + 2] - b[k + 2]) > 24) n++;
                return n; };
            return {img_vs_inline: count(px[0], px[2]), bare_vs_inline: count(px[1], px[2]),
                    size: imgs.map(i => i.width + '×' + i.height)};
        });
    }""", {k: base64.b64encode(v).decode() for k, v in shots.items()})
    book.close(page)
    print(f"    <img> {name} ({book.tag}): {diff}")
    assert diff["img_vs_inline"] >= 0 and diff["bare_vs_inline"] >= 0, diff
    assert diff["bare_vs_inline"] > 1000, f"bỏ phông nhúng mà hình không đổi: {diff}"
    assert diff["img_vs_inline"] * 10 < diff["bare_vs_inline"], f"<img> không vẽ bằng phông nhúng: {diff}"


def no_stale_result(book):
    page = book.open("ch04-alpha-beta.html")
    w = page.locator(".ctc-cay").first
    expect(w.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
    expect(w.locator(".ctc-hinh svg")).to_have_count(1, timeout=WAIT)
    # Sửa cây, chưa tính: kết quả cũ mờ đi, có câu nói vì sao.
    w.locator(".ctc-cay-van-ban").fill("A(B:3, C:5)")
    expect(w).to_have_class(re.compile(r"\bctc-cu\b"))
    expect(w.locator(".ctc-cu-ghi-chu")).to_be_visible()
    # Cây sai: không còn giá trị, nhánh cắt, thanh bước, câu của bước hay hình cũ.
    w.locator(".ctc-cay-van-ban").fill("A(B:1, C(E:x))")
    w.locator(".ctc-dinh-tri").click()
    expect(w.locator(".ctc-loi")).to_contain_text("dòng 1", timeout=WAIT)
    expect(w.locator("dl.ctc-bang")).to_have_count(0)
    expect(w.locator(".ctc-buoc-dieu-khien")).to_be_hidden()
    expect(w.locator(".ctc-hinh svg")).to_have_count(0)
    expect(w.locator(".ctc-cau")).to_be_empty()
    expect(w.locator(".ctc-cu-ghi-chu")).to_be_hidden()
    # Cây đúng trở lại: kết quả mới, không mờ.
    w.locator(".ctc-cay-van-ban").fill("A(B:3, C:5)")
    w.locator(".ctc-dinh-tri").click()
    expect(w.locator('dl.ctc-bang[data-query$=" A(B:3, C:5)"]')).to_have_attribute("data-value", "5", timeout=WAIT)
    expect(w.locator(".ctc-loi")).to_be_hidden()
    expect(w).not_to_have_class(re.compile(r"\bctc-cu\b"))
    # Grundy: câu trả lời của thế trước không nằm dưới câu báo lỗi.
    book.close(page)
    page = book.open("ch05-grundy.html")
    g = page.locator(".ctc-grundy")
    expect(g.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
    g.locator(".ctc-tham-so input").first.fill("5")
    expect(g.locator(".ctc-cu-ghi-chu")).to_be_visible()
    g.locator(".ctc-tham-so input").first.fill("x")
    g.locator(".ctc-tinh").click()
    expect(g.locator(".ctc-loi")).to_be_visible(timeout=WAIT)
    expect(g.locator("dl.ctc-bang")).to_have_count(0)
    expect(g.locator(".ctc-loi-giai")).to_be_empty()
    book.close(page)
    # Dodgem: đổi độ sâu giữa ván thì nước sau của máy dùng độ sâu mới; đổi bàn thì
    # ván cũ (bàn, nhật ký) không còn nằm dưới các ô đã đổi.
    page = book.open("ch06-dodgem.html")
    d = page.locator(".ctc-dodgem")
    expect(d).to_have_attribute("data-turn", "nguoi", timeout=WAIT)
    d.locator(".ctc-nuoc").first.click()
    expect(d.locator(".ctc-nhat-ky li.ctc-may")).to_have_count(1, timeout=WAIT)
    expect(d.locator(".ctc-nhat-ky li.ctc-may").last).to_contain_text("Alpha-beta 4 nước")
    page.select_option(".ctc-do-sau", "2")
    expect(d).to_have_attribute("data-turn", "nguoi", timeout=WAIT)
    d.locator(".ctc-nuoc").first.click()
    expect(d.locator(".ctc-nhat-ky li.ctc-may")).to_have_count(2, timeout=WAIT)
    expect(d.locator(".ctc-nhat-ky li.ctc-may").last).to_contain_text("Alpha-beta 2 nước")
    old_board = d.get_attribute("data-board")
    page.select_option(".ctc-co", "4")
    expect(d.locator(".ctc-nhat-ky li")).to_have_count(0)
    expect(d).to_have_attribute("data-turn", "nguoi", timeout=WAIT)
    assert len(d.get_attribute("data-board")) > len(old_board), (old_board, d.get_attribute("data-board"))
    book.close(page)


def keyboard(book):
    page = book.open("ch04-alpha-beta.html")
    code = page.locator("main pre > code.chay-ma-sua-duoc").first
    before = code.inner_text()
    code.click()
    expect(page.locator(".chay-ma-phim").first).to_be_visible()
    expect(page.locator(".chay-ma-phim").first).to_contain_text("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => !document.activeElement.classList.contains('chay-ma-sua-duoc')"), \
        "Tab ở lại trong khối mã"
    assert code.inner_text() == before, "Tab đã thêm chữ vào khối mã"
    expect(page.locator(".chay-ma-goc").first).to_be_disabled()
    # Ctrl-] thụt lề: khối thành "đã sửa".
    code.click()
    page.keyboard.press("Home")
    page.keyboard.press("Control+]")
    assert code.inner_text() != before
    expect(page.locator(".chay-ma-goc").first).to_be_enabled()
    page.locator(".chay-ma-goc").first.click()
    # Đi bằng Tab từ đầu trang tới cuối: không chỗ nào giữ tiêu điểm lại, và đi qua
    # khối mã, khối kết quả, các ô của khung xem cây.
    page.reload()
    page.wait_for_selector(".ctc-bang", timeout=WAIT)
    seen, last, stuck = [], None, 0
    for _ in range(600):
        page.keyboard.press("Tab")
        here = page.evaluate("""() => { const e = document.activeElement;
            return e ? e.tagName + '.' + (e.className || '') + '#' + (e.id || '') + '@' +
                Math.round(e.getBoundingClientRect().top + scrollY) : ''; }""")
        stuck = stuck + 1 if here == last else 0
        assert stuck < 2, f"Tab bị giữ lại ở {here}"
        last = here
        seen.append(here)
        if here.startswith("A.nav-chapters next") or here.startswith("BODY"):
            break
    kinds = "\n".join(seen)
    for want in ("chay-ma-sua-duoc", "CODE.language-text", "ctc-cay-van-ban", "ctc-dinh-tri", "ctc-thanh"):
        assert want in kinds, (want, seen[:40])
    book.close(page)


def tab_to(page, selector, limit=500):
    """Nhấn Tab (chỉ bàn phím, không chuột) tới khi tiêu điểm ở một phần tử khớp
    `selector`; trả về số lần nhấn."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(sel) => !!document.activeElement && document.activeElement.matches(sel)", selector):
            return n
    raise AssertionError(f"{limit} lần Tab không tới {selector}")


def keyboard_widgets(book):
    """Mỗi khung dùng được trọn chỉ bằng bàn phím (Tab, Enter, dấu cách, gõ chữ),
    từ đầu trang: trang luyện tập (chọn nhánh cắt, kiểm tra), Dodgem (đi một nước,
    rồi Tab tới ngay nước kế tiếp), Grundy (gõ thế mới, Enter, chơi với máy)."""
    page = book.open("luyen-tap.html", width=390)
    page.wait_for_selector("#luyen-tap .lt-canh", timeout=WAIT)
    tab_to(page, "#luyen-tap .lt-canh")
    edge = page.evaluate("() => document.activeElement.dataset.child")
    pressed = page.locator(f'#luyen-tap .lt-canh[data-child="{edge}"]')
    page.keyboard.press("Enter")
    expect(pressed).to_have_attribute("aria-pressed", "true")
    page.keyboard.press(" ")
    expect(pressed).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Enter")
    expect(page.locator(".lt-chon")).to_contain_text(edge)
    tab_to(page, "#luyen-tap .lt-kiem-tra")
    page.keyboard.press("Enter")
    expect(page.locator("#luyen-tap .lt-nhan-xet")).to_be_visible(timeout=WAIT)
    expect(page.locator("#luyen-tap .lt-nhan-xet")).not_to_be_empty()
    book.close(page)

    page = book.open("ch06-dodgem.html", width=390)
    d = page.locator(".ctc-dodgem")
    expect(d.locator(".ctc-nuoc").first).to_be_attached(timeout=WAIT)
    presses = tab_to(page, ".ctc-dodgem .ctc-nuoc")
    page.keyboard.press("Enter")
    expect(d.locator(".ctc-nhat-ky li.ctc-nguoi")).to_have_count(1)
    expect(d).to_have_attribute("data-turn", re.compile("nguoi|het"), timeout=WAIT)
    if d.get_attribute("data-turn") == "nguoi":
        # Các nút nước đi cũ biến mất khi bấm: Tab kế tiếp vẫn tới nước đi mới,
        # không phải đi lại từ đầu trang.
        again = tab_to(page, ".ctc-dodgem .ctc-nuoc", limit=3)
        page.keyboard.press("Enter")
        expect(d.locator(".ctc-nhat-ky li.ctc-nguoi")).to_have_count(2)
        print(f"    Dodgem bằng bàn phím: {presses} lần Tab tới nước đầu, {again} lần tới nước sau")
    book.close(page)

    page = book.open("ch05-grundy.html", width=390)
    g = page.locator(".ctc-grundy")
    expect(g.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
    tab_to(page, ".ctc-grundy .ctc-tham-so input")
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    expect(g.locator("dl.ctc-bang")).to_have_attribute("data-query", "boc-soi 5 4", timeout=WAIT)
    tab_to(page, ".ctc-grundy .ctc-choi-nut")
    page.keyboard.press("Enter")
    expect(g).to_have_attribute("data-play", "nguoi", timeout=WAIT)
    tab_to(page, ".ctc-grundy .ctc-nuoc-grundy", limit=60)
    page.keyboard.press("Enter")
    expect(g.locator(".ctc-choi .ctc-nguoi")).to_have_count(1, timeout=WAIT)
    book.close(page)


def tap_targets(book):
    """Ở 390 px: mọi chỗ bấm của các khung cao và rộng ít nhất 44 px."""
    problems = []
    for name in ["ch02-cay-tro-choi.html", "ch03-minimax.html", "ch04-alpha-beta.html",
                 "ch05-grundy.html", "ch06-dodgem.html",
                 "ch07-tim-kiem-thuc-te.html", "luyen-tap.html"]:
        page = book.open(name, width=390)
        page.wait_for_selector(".ctc-bang, .ctc-bang-vong, .ctc-ban-co svg, .lt-canh", timeout=WAIT)
        page.wait_for_timeout(300)
        page.keyboard.press("s")
        sizes = page.evaluate("""() => {
            const out = [];
            const sel = '.ctc-khung button, .ctc-khung select, .ctc-khung input, .ctc-khung textarea, '
                + '.luyen-tap button, .luyen-tap select, .luyen-tap input, .chay-ma button, '
                + '.tk-khung input, .tk-khung a, .hinh-nut button, '
                // Nút của chính mdBook: thanh trên cùng, nút của khối mã.
                + '#mdbook-menu-bar .icon-button, #mdbook-menu-bar .right-buttons a, main pre > .buttons button';
            for (const e of document.querySelectorAll(sel)) {
                if (!e.getClientRects().length) continue;  // không hiện
                // Ô đánh dấu bấm được qua nhãn của nó.
                const box = (e.type === 'checkbox' && e.closest('label')) || e;
                const r = box.getBoundingClientRect();
                out.push([e.tagName + '.' + e.className + (e.type ? '[' + e.type + ']' : ''),
                          Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
            }
            return out;
        }""")
        assert sizes, name
        problems += [f"{name} {what}: {w}×{h}" for what, w, h in sizes if w < 44 or h < 44]
        book.close(page)
    # Mục lục bên trái, mở bằng nút ☰ trên điện thoại: mỗi mục cao và rộng ≥ 44 px.
    page = book.open("ch04-alpha-beta.html", width=390)
    page.locator("#mdbook-sidebar-toggle").click()
    expect(page.locator("#mdbook-sidebar a.active")).to_be_visible()
    links = page.evaluate("""() => [...document.querySelectorAll('#mdbook-sidebar a')]
        .filter(a => a.getClientRects().length).map(a => { const r = a.getBoundingClientRect();
            return [a.textContent.trim(), Math.round(r.width), Math.round(r.height)]; })""")
    assert len(links) >= 10, links
    problems += [f"mục lục «{t}»: {w}×{h}" for t, w, h in links if w < 44 or h < 44]
    book.close(page)
    assert not problems, "\n".join(problems)


def practice_tree_phone(book):
    """Ở 390 px, mọi mức: chữ của cây luyện tập cao ít nhất 8 px; chạm vào giữa một
    nhánh chọn đúng nhánh ấy (không nhánh bên cạnh), chạm lần nữa bỏ chọn."""
    page = book.open("luyen-tap.html", width=390)
    page.wait_for_selector("#luyen-tap .lt-canh", timeout=WAIT)
    for level in ("de", "vua", "kho"):
        page.select_option(".lt-muc", level)
        expect(page.locator("#luyen-tap")).to_have_attribute("data-card", re.compile(f" {level} "), timeout=WAIT)
        least = page.evaluate("""() => {
            let least = Infinity;
            for (const t of document.querySelectorAll('#luyen-tap svg.lt-cay text')) {
                if (!t.textContent.trim()) continue;
                const m = t.getScreenCTM();
                least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
            }
            return least;
        }""")
        assert least >= 7.95, f"mức {level}: chữ nhỏ nhất {least:.2f} px"
        children = page.eval_on_selector_all("#luyen-tap .lt-canh", "gs => gs.map(g => g.dataset.child)")
        for child in children:
            tap_edge(page, child)
            pressed = page.eval_on_selector_all('#luyen-tap .lt-canh[aria-pressed="true"]',
                                                "gs => gs.map(g => g.dataset.child)")
            assert pressed == [child], (level, child, pressed)
            tap_edge(page, child)
        assert not page.locator('#luyen-tap .lt-canh[aria-pressed="true"]').count()
        if level == "kho":
            page.locator(".lt-hinh").scroll_into_view_if_needed()
            shot(book, page, "luyen-tap-kho-390")
            # Cây rộng hơn khung: nút "Xem cả cây" thu nó vừa khung.
            whole = page.locator(".lt-ca-cay")
            if whole.is_visible():
                whole.click()
                fits = page.evaluate("""() => { const f = document.querySelector('.lt-hinh');
                    return f.scrollWidth <= f.clientWidth + 1; }""")
                assert fits
        print(f"    luyện tập {level}: {len(children)} nhánh, chữ nhỏ nhất {least:.1f} px")
    book.close(page)


def figures_whole(book):
    """Ở 390 px, mọi hình rộng hơn khung xem được trọn và phóng to được: hình của sách
    (doc.js) và hình trong các khung tương tác (wasm-widgets.js) có nút "Xem cả hình"
    (cả hình vừa khung, không cuộn) và "Phóng to ×2" (gấp đôi), bấm lần nữa thì trở
    lại; hình của khung xem cây giữ cách xem khi đi sang bước khác; chạm (hay Enter)
    vào hình của sách cũng phóng to. Như nhau từ file:// và qua máy chủ web."""
    widths = """(f) => { const x = f.querySelector('img, svg');
        return [Math.round(x.getBoundingClientRect().width), f.clientWidth, f.scrollWidth]; }"""
    seen = {"sách": 0, "khung": 0}
    for name in ("ch02-cay-tro-choi.html", "ch03-minimax.html", "ch04-alpha-beta.html",
                 "ch05-grundy.html", "luyen-tap.html"):
        page = book.open(name, width=390)
        page.wait_for_selector(".ctc-khung .ctc-hinh svg", timeout=WAIT)
        page.wait_for_function("""() => [...document.querySelectorAll('.khung-hinh')]
            .every(f => f.dataset.doXong && f.querySelector('img').complete)""", timeout=WAIT)
        if name == "luyen-tap.html":
            # Bài của khung luyện tập có hạt giống ngẫu nhiên, và vài cây vừa 390 px
            # (hạt giống 4, 5, 8): mở một hạt giống cố định có cây rộng hơn khung.
            w = page.locator(".ctc-luyen-tap")
            w.locator(".ctc-hat-giong").fill("1")
            w.locator(".ctc-mo").click()
            expect(w).to_have_attribute("data-seed", "1", timeout=WAIT)
        page.wait_for_timeout(300)
        # Đánh số các hình rộng lúc đầu (bấm "Xem cả hình" thì hình thôi rộng: một
        # locator theo lớp cuon-ngang sẽ trỏ sang hình khác).
        # Lời giải trong <details> mở ra, như khi sinh viên bấm xem.
        count = page.evaluate("""() => { document.querySelectorAll('main details').forEach(d => { d.open = true; });
            return [...document.querySelectorAll(
            '.khung-hinh.cuon-ngang, .ctc-khung .ctc-hinh.ctc-cuon-ngang')]
            .map((f, i) => { f.dataset.thuHinh = String(i); }).length; }""")
        assert count, f"{name}: không hình nào rộng hơn khung ở 390 px"
        for i in range(count):
            box = page.locator(f'[data-thu-hinh="{i}"]')
            book_figure = "khung-hinh" in box.get_attribute("class")
            seen["sách" if book_figure else "khung"] += 1
            scroll = "cuon-ngang" if book_figure else "ctc-cuon-ngang"
            row = box.locator("xpath=following-sibling::*[1]")
            expect(row).to_have_class(re.compile(r"\bhinh-nut\b"))
            expect(row).to_be_visible()
            box.scroll_into_view_if_needed()
            w0, room, _ = box.evaluate(widths)
            assert w0 > room + 1, (name, i, w0, room)
            row.locator(".hinh-ca").click()
            w, room, sw = box.evaluate(widths)
            assert w <= room + 1 and sw <= room + 1, f"{name} hình {i}: cả hình {w} px, khung {room} px"
            expect(box).not_to_have_class(re.compile(rf"\b{scroll}\b"))
            expect(row.locator(".hinh-ca")).to_have_attribute("aria-pressed", "true")
            row.locator(".hinh-ca").click()
            assert box.evaluate(widths)[0] == w0
            row.locator(".hinh-to").click()
            w2 = box.evaluate(widths)[0]
            assert abs(w2 - 2 * w0) <= 2, (name, i, w0, w2)
            row.locator(".hinh-to").click()
            assert box.evaluate(widths)[0] == w0
            if book_figure:
                box.focus()
                page.keyboard.press("Enter")
                assert abs(box.evaluate(widths)[0] - 2 * w0) <= 2
                page.keyboard.press("Enter")
                assert box.evaluate(widths)[0] == w0
        if name == "ch04-alpha-beta.html":
            # Xem cả hình rồi đi sang bước khác: hình của bước mới cũng vừa khung.
            w = page.locator(".ctc-cay").first
            fig = w.locator(".ctc-hinh")
            fig.scroll_into_view_if_needed()
            w.locator(".ctc-hinh-nut .hinh-ca").click()
            bar = w.locator(".ctc-buoc-dieu-khien")
            bar.focus()
            page.keyboard.press("Home")
            expect(w).to_have_attribute("data-step", "0")
            page.keyboard.press("ArrowRight")
            expect(w).to_have_attribute("data-step", "1")
            page.wait_for_timeout(300)
            x, room, sw = fig.evaluate(widths)
            assert x <= room + 1 and sw <= room + 1, (x, room, sw)
            shot(book, page, "ca-hinh-buoc-390")
        book.close(page)
    print(f"    hình rộng xem trọn và phóng to được ({book.tag}): {seen['sách']} hình của sách, "
          f"{seen['khung']} hình của khung")


def step_keeps_current_in_view(book):
    """Ở 390 px, hình đi từng bước của chương 4 rộng hơn khung (cuộn ngang): ở mọi
    bước, nút đang xét (tô nền #fff2c6, như CURRENT_FILL của src/plot/tree_render.rs)
    nằm trọn trong phần khung đang thấy, không phải cuộn tay đi tìm nó."""
    page = book.open("ch04-alpha-beta.html", width=390)
    w = page.locator(".ctc-cay").first
    expect(w.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
    fig = w.locator(".ctc-hinh")
    expect(fig).to_have_class(re.compile(r"\bctc-cuon-ngang\b"))
    steps = int(w.locator(".ctc-thanh").get_attribute("max"))
    w.locator(".ctc-buoc-dieu-khien").focus()
    page.keyboard.press("Home")
    expect(w).to_have_attribute("data-step", "0")
    scrolled, outside = 0, []
    for k in range(1, steps):
        # Hình của bước trước được đánh dấu: chờ hình mới của bước k.
        fig.evaluate("f => { const s = f.querySelector('svg'); if (s) s.dataset.cu = '1'; }")
        page.keyboard.press("ArrowRight")
        expect(w).to_have_attribute("data-step", str(k))
        page.wait_for_function("""(f) => { const s = f.querySelector('svg');
            return s && !s.dataset.cu; }""", arg=fig.element_handle(), timeout=WAIT)
        got = fig.evaluate("""(box) => {
            let best = null, area = 0;
            for (const e of box.querySelectorAll('svg [fill]')) {
                if (e.getAttribute('fill').toLowerCase() !== '#fff2c6') continue;
                const r = e.getBoundingClientRect();
                if (r.width * r.height > area) { area = r.width * r.height; best = r; }
            }
            const f = box.getBoundingClientRect();
            return best && [best.left - f.left, best.right - f.left, box.clientWidth, box.scrollLeft];
        }""")
        assert got, f"bước {k}: không thấy nút đang xét"
        left, right, room, scroll = got
        scrolled += scroll > 0
        if left < -0.5 or right > room + 0.5:
            outside.append((k, round(left), round(right), room))
    print(f"    đi từng bước ở 390 px ({book.tag}): {steps - 1} bước, khung tự cuộn ở {scrolled} bước")
    assert not outside, f"nút đang xét ra ngoài phần khung đang thấy: {outside}"
    assert scrolled, "khung không cuộn lần nào: hình không rộng hơn khung?"
    book.close(page)


def pdf_of(page, pdf):
    """In trang đang mở ra PDF A4; trả về (số trang, chữ của bản in)."""
    page.emulate_media(media="print")
    page.pdf(path=str(pdf), format="A4", print_background=False)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    return pages, text


def print_pdf(book):
    """Bản in của cả sách. Số trang tùy độ dài của sách (chương dài thêm thì bản in
    dài thêm), nên nó được so với chính cuốn sách ấy in KHÔNG có kiểu in của dự án
    (theme/in.css; chỉ còn kiểu in sẵn của mdBook): kiểu in phải làm bản in ngắn hơn
    hẳn (≤ PRINT_RATIO số trang), không còn hàng nút nào, khung tương tác chỉ còn
    một dòng nói nó ở đâu."""
    if book.tag != "http":
        return
    # print.html gọi window.print() khi mở: thay nó bằng một hàm rỗng, rồi in ra PDF.
    page = new_page(book.browser, 1280, outside=book.outside)
    page.add_init_script("window.print = () => {};")
    page.goto(book.base + "print.html", timeout=WAIT)
    page.wait_for_load_state("load")
    page.wait_for_timeout(1500)
    with tempfile.TemporaryDirectory() as tmp:
        pdf = pathlib.Path(tmp) / "sach.pdf"
        pages, text = pdf_of(page, pdf)
        if book.shots:
            subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "40", str(pdf),
                            str(book.shots / "in")], check=True)
        # Không cắt đôi qua hai trang: bố cục in ở đúng bề ngang chữ của trang A4
        # (210 − 2 × 14 mm = 688 px); mọi hình, bảng, khung tương tác (một dòng), danh
        # sách định nghĩa, trích dẫn và khối mã có break-inside: avoid, và mọi khối
        # thấp hơn một trang (297 − 2 × 16 mm = 1001 px): hàm dài in thành vài phần.
        page.set_viewport_size({"width": 688, "height": 1001})
        page.wait_for_timeout(300)
        blocks = page.evaluate("""() => [...document.querySelectorAll(
                'main figure, main table, main .ctc-khung, main #luyen-tap, main dl, main blockquote, main pre')]
            .filter(e => e.getClientRects().length && !e.parentElement.closest('figure, table, .ctc-khung, #luyen-tap, dl, blockquote, pre'))
            .map(e => [e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className, getComputedStyle(e).breakInside,
                       Math.round(e.getBoundingClientRect().height), (e.textContent || '').trim().slice(0, 40)])""")
        page.set_viewport_size({"width": 1280, "height": 900})
        loose = [b for b in blocks if b[1] != "avoid"]
        assert not loose, loose[:10]
        tall = [b for b in blocks if b[2] > 1001]
        assert not tall, tall
        print(f"    bản in: {len(blocks)} khối không cắt đôi (hình, bảng, khung, khối mã), "
              f"cao nhất {max(b[2] for b in blocks)} px")
        page.evaluate("""() => document.querySelectorAll('link[href*="theme/in-"], link[href*="theme/in.css"]')
            .forEach(l => l.remove())""")
        plain, plain_text = pdf_of(page, pathlib.Path(tmp) / "khong-kieu-in.pdf")
    # Phép so có nghĩa: không có kiểu in, hàng nút vẫn bị in ra.
    assert "Cần trình chạy" in plain_text
    print(f"    bản in A4: {pages} trang (không có kiểu in của sách: {plain} trang)")
    assert pages <= PRINT_RATIO * plain, (pages, plain)
    # Hàng nút dưới mỗi khối mã: "▶ Chạy ↺ Mã gốc Cần trình chạy: gõ make book"
    # ("▶ Chạy" còn có trong lời nói đầu, nên đếm hai phần kia).
    for bad in ("↺ Mã gốc", "Cần trình chạy", "■ Dừng"):
        assert bad not in text, bad
    assert "Khung tương tác" in text
    book.close(page)


def api_status(book):
    if book.tag != "http":
        return
    page = book.open("ch04-alpha-beta.html")
    statuses = []
    page.on("response", lambda r: statuses.append((r.status, r.url)))
    page.reload()
    page.wait_for_timeout(1500)
    bad = [(s, u) for s, u in statuses if s >= 400]
    assert not bad, bad
    assert any(u.endswith("/api/status") for _, u in statuses), statuses
    book.close(page)


def figures_same_from_disk(book):
    """Ở 390 px, mỗi hình của sách có cùng bề rộng (và cùng cuộn ngang hay không)
    khi mở từ file:// như qua máy chủ web: cỡ chữ của hình ghi sẵn trong trang."""
    if book.tag != "file":
        return
    folder = pathlib.Path(book.folder)

    def widths(url):
        page = new_page(book.browser, 390, outside=book.outside)
        page.goto(url, timeout=WAIT)
        page.wait_for_function("""() => [...document.querySelectorAll('.khung-hinh')]
            .every(f => f.dataset.doXong && f.querySelector('img').complete)""", timeout=WAIT)
        got = page.evaluate("""() => [...document.querySelectorAll('.khung-hinh')].map(f =>
            [f.querySelector('img').getAttribute('src'), Math.round(f.querySelector('img').getBoundingClientRect().width),
             f.classList.contains('cuon-ngang')])""")
        book.close(page)
        return got

    wide = 0
    with StaticServer(folder) as base:
        for name in ("ch02-cay-tro-choi.html", "ch04-alpha-beta.html", "ch05-grundy.html"):
            disk, web = widths(book.base + name), widths(base + name)
            assert disk == web, (name, [(a, b) for a, b in zip(disk, web) if a != b])
            wide += sum(1 for *_, w in disk if w)
    print(f"    hình rộng cuộn ngang (cả hai cách mở): {wide}")


def small_things(book):
    """Những chỗ nhỏ từng làm sinh viên vấp: cách viết cây nhắc ngay dưới mọi ô nhập
    cây (chương 2, 3, 4; không phải lật lại chương 2), ô đọc nó (aria-describedby) và
    liên kết tới đúng mục của chương 2; ô độ sâu của Dodgem nói đó là số nước máy tính
    trước (không còn nhãn "Máy tính trước" mơ hồ); câu báo lỗi của Grundy gọi đống
    bằng đúng tên trên nhãn của ô ("Đống thứ nhất M", không phải "Đống 1" và "M")."""
    for name in ("ch02-cay-tro-choi.html", "ch03-minimax.html", "ch04-alpha-beta.html"):
        page = book.open(name, width=390)
        w = page.locator(".ctc-cay").first
        expect(w.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
        how = w.locator(".ctc-cach-viet")
        expect(how).to_be_visible()
        expect(how).to_contain_text("nhãn:giá_trị")
        expect(how).to_contain_text("nhãn(con, con, …)")
        assert w.locator(".ctc-cay-van-ban").get_attribute("aria-describedby") == how.get_attribute("id")
        link = how.locator("a")
        link.click()
        page.wait_for_url(re.compile(r"ch02-cay-tro-choi\.html#"), timeout=WAIT)
        target = page.evaluate("() => decodeURIComponent(location.hash.slice(1))")
        expect(page.locator(f'[id="{target}"]')).to_contain_text("Viết một cây bằng văn bản")
        book.close(page)
    page = book.open("ch06-dodgem.html", width=390)
    d = page.locator(".ctc-dodgem")
    expect(d.locator(".ctc-nuoc").first).to_be_attached(timeout=WAIT)
    labels = d.locator("label").all_inner_texts()
    assert not any("Máy tính trước" in t for t in labels), labels
    expect(d.locator("label", has=page.locator(".ctc-do-sau"))).to_contain_text("Độ sâu của máy")
    book.close(page)
    page = book.open("ch05-grundy.html", width=390)
    g = page.locator(".ctc-grundy")
    expect(g.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
    first = g.locator(".ctc-tham-so label").first
    expect(first).to_contain_text("Đống thứ nhất M")
    first.locator("input").fill("x")
    g.locator(".ctc-tinh").click()
    expect(g.locator(".ctc-loi")).to_contain_text("đống thứ nhất M", timeout=WAIT)
    book.close(page)


def page_404(book):
    """Trang 404 có đủ màu và chữ cả khi sách nằm trong một thư mục con của máy chủ
    (ở đây: máy chủ phát thư mục cha của sách) và khi mở thẳng từ đĩa."""
    folder = pathlib.Path(book.folder)
    if book.tag == "http":
        with StaticServer(folder.parent) as parent:
            page = new_page(book.browser, 390, outside=book.outside)
            page.goto(parent + folder.name + "/404.html", timeout=WAIT)
            styled(page)
            book.close(page)
    else:
        page = book.open("404.html", width=390)
        styled(page)
        book.close(page)


def styled(page):
    page.wait_for_load_state("load")
    # Phông của mdBook (general.css), CSS của sách (tim-kiem.css) và JS của sách
    # (nút tìm kiếm) đều đã nạp.
    got = page.evaluate("""() => { const b = document.getElementById('tk-nut');
        return [getComputedStyle(document.body).fontFamily, b && getComputedStyle(b).minHeight]; }""")
    assert "Open Sans" in got[0] and got[1] == "44px", got


AXE = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"


def axe(book):
    """axe-core (npm, ghim trong tests/a11y/package-lock.json) trên mọi trang của
    sách, lúc các khung đã dựng xong: không vi phạm nào mức "critical" hay "serious".
    Qua máy chủ tĩnh: mọi trang, cả print.html và toc.html. Từ file://: trang đầu,
    toc.html và mọi trang có khung tương
    tác (chỉ ở đó trang từ đĩa khác trang qua máy chủ: mô-đun WebAssembly nạp theo
    cách khác), để không chạy axe hai lần trên cả cuốn sách."""
    problems = []
    # print.html lặp lại cả sách (axe chạy trên nó 40 s khi máy rảnh): chỉ qua máy chủ
    # tĩnh. toc.html là mục lục khi tắt JavaScript (book/dung-them/muc_luc.py đặt
    # tiêu đề cho nó).
    names = sorted(p.name for p in pathlib.Path(book.folder).glob("*.html")
                   if p.name != "print.html" or book.tag == "http")
    assert "toc.html" in names
    if book.tag != "http":
        def has_widget(name):
            text = (pathlib.Path(book.folder) / name).read_text(encoding="utf-8")
            return 'class="ctc-' in text or 'id="luyen-tap"' in text
        names = [n for n in names if n in ("index.html", "toc.html") or has_widget(n)]
    for name in names:
        # Mọi trang ở 390 px (bố cục điện thoại); trang đầu và chương 4 cả ở 1280 px.
        for width in ((1280, 390) if name in ("index.html", "ch04-alpha-beta.html") else (390,)):
            if name == "print.html":
                # print.html gọi window.print() khi mở: thay bằng một hàm rỗng.
                page = new_page(book.browser, width, outside=book.outside)
                page.add_init_script("window.print = () => {};")
                page.goto(book.base + name, timeout=WAIT)
            else:
                page = book.open(name, width=width)
            page.wait_for_load_state("load")
            if page.locator(".ctc-khung, #luyen-tap").count():
                page.wait_for_selector(".ctc-bang, .ctc-bang-vong, .ctc-ban-co svg, .lt-canh, .ctc-de-bai", timeout=WAIT)
            page.wait_for_timeout(300)
            page.add_script_tag(path=str(AXE))
            found = page.evaluate("""async () => {
                const r = await axe.run(document, { resultTypes: ['violations'] });
                return r.violations.filter(v => v.impact === 'critical' || v.impact === 'serious')
                    .map(v => [v.id, v.impact, v.nodes.length, v.nodes.slice(0, 3).map(n => n.target.join(' '))]);
            }""")
            problems += [f"{name} {width}px: {v}" for v in found]
            book.close(page)
    print(f"    axe-core ({book.tag}): {len(names)} trang")
    assert not problems, "\n".join(problems)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--book", default=str(ROOT / "sach-tinh"))
    ap.add_argument("--shots")
    ap.add_argument("--only", help="chỉ chạy các kiểm thử có tên chứa chuỗi này")
    args = ap.parse_args()
    folder = pathlib.Path(args.book).resolve()
    shots = pathlib.Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    if not AXE.exists():
        sys.exit(f"Chưa có {AXE}: chạy `make axe` trước.")
    if not (folder / "tim-kiem" / "chi-muc.js").exists():
        sys.exit(f"Chưa có {folder}/tim-kiem/chi-muc.js: chạy `make sach-tinh` trước.")
    checks = Checks("sách như sinh viên gặp nó")
    tests = [("tìm kiếm: bộ câu hỏi", search_quality), ("tìm kiếm: ô tìm, dán, tô chữ", search_interface),
             ("tìm kiếm: ưu tiên đúng dấu đã gõ", search_accents),
             ("một phông cho mọi chữ Việt", one_font), ("một phông cho chữ của hình", figure_font),
             ("không kết quả cũ dưới lỗi", no_stale_result),
             ("bàn phím", keyboard), ("bàn phím: mỗi khung không cần chuột", keyboard_widgets),
             ("điện thoại: chỗ bấm ≥ 44 px", tap_targets),
             ("điện thoại: cây luyện tập", practice_tree_phone),
             ("điện thoại: xem cả hình, phóng to", figures_whole),
             ("điện thoại: nút đang xét trong tầm nhìn", step_keeps_current_in_view),
             ("bản in", print_pdf), ("api/status trên máy chủ tĩnh", api_status),
             ("trang 404 trong thư mục con", page_404), ("những chỗ nhỏ", small_things), ("hình như nhau từ file://", figures_same_from_disk), ("axe-core trên mọi trang", axe)]
    if args.only:
        tests = [(n, f) for n, f in tests if args.only in n]
    start = time.time()
    with sync_playwright() as p:
        browser = launch(p)
        with StaticServer(folder) as base:
            for name, fn in tests:
                book = Book(browser, base, shots, "http")
                book.folder = folder
                checks.run(f"máy chủ tĩnh: {name}", fn, book)
        for name, fn in tests:
            if fn not in (print_pdf, api_status):
                book = Book(browser, folder.as_uri() + "/", shots, "file")
                book.folder = folder
                checks.run(f"file://: {name}", fn, book)
        browser.close()
    print(f"    ({time.time() - start:.0f} s)")
    checks.finish()


if __name__ == "__main__":
    main()

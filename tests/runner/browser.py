#!/usr/bin/env python3
"""Sách chạy mã trong một trình duyệt thật: Chromium của Debian (không giao diện)
do Playwright điều khiển, qua trình chạy `caytrochoi-sach` trên 127.0.0.1.

    python tests/runner/browser.py [--shots THƯ-MỤC]

--shots  chụp chương 4 ở bề rộng 1280 px và 390 px, trước và sau khi bấm Chạy.
"""

import argparse
import functools
import http.server
import os
import pathlib
import socketserver
import threading
import time

from playwright.sync_api import sync_playwright

from common import ROOT, Checks, Runner

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]
BOOK = pathlib.Path(ROOT) / "book" / "book"
CHAPTER = "ch04-alpha-beta.html"
LECTURE_TREE = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))"


def wait_until(page, predicate, arg=None, timeout=30000):
    """Chờ tới khi biểu thức hay hàm JS `predicate` (với đối số `arg`) cho đúng.

    Không dùng `page.wait_for_function`: khi phải hỏi lại nhiều lần, Playwright
    dịch chuỗi hàm bằng `eval` ngay trong trang, mà chính sách bảo mật (CSP) của
    trình chạy cấm `eval` — kiểm thử sẽ hỏng ngẫu nhiên tùy trang kịp đổi hay chưa.
    Ở đây mỗi lần hỏi là một `evaluate` (qua giao thức gỡ lỗi, CSP không chặn)."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(predicate, arg):
        if time.monotonic() > deadline:
            raise TimeoutError(f"chờ quá {timeout} ms: {predicate}")
        time.sleep(0.05)


class Page:
    """Một trang sách mở trong trình duyệt, với vài thao tác của người đọc."""

    def __init__(self, browser, url, width=1280):
        self.page = browser.new_page(viewport={"width": width, "height": 900})
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        # Nếu trang không tải xong, in ra những yêu cầu còn treo (để biết vì sao).
        pending = set()
        self.page.on("request", lambda q: pending.add(q.url))
        self.page.on("requestfinished", lambda q: pending.discard(q.url))
        self.page.on("requestfailed", lambda q: pending.discard(q.url))
        try:
            self.page.goto(url, timeout=60000)
        except Exception:
            print("  các yêu cầu còn treo:", sorted(pending))
            raise
        self.page.wait_for_selector(".chay-ma")
        # Chờ trang biết có trình chạy hay không.
        wait_until(self.page,
            "document.documentElement.classList.contains('co-trinh-chay')"
            " || document.documentElement.classList.contains('khong-trinh-chay')")

    def blocks(self):
        return self.page.locator("pre:has(> code.language-rust)")

    def block_with(self, *needles):
        """Khối Rust đầu tiên chứa mọi chuỗi trong `needles` (chỉ số)."""
        codes = self.page.locator("pre > code.language-rust").all_text_contents()
        for i, text in enumerate(codes):
            if all(n in text for n in needles):
                return i
        raise AssertionError(f"không có khối nào chứa {needles}")

    def code(self, i):
        return self.page.locator("pre > code.language-rust").nth(i)

    def bar(self, i):
        return self.page.locator(".chay-ma").nth(i)

    def panel(self, i):
        return self.page.locator(".chay-ma-ket-qua").nth(i)

    def type_code(self, i, text):
        """Xóa khối i rồi gõ `text` (như người đọc: bấm vào, chọn hết, gõ)."""
        code = self.code(i)
        code.click()
        self.page.keyboard.press("Control+A")
        self.page.keyboard.press("Delete")
        self.page.keyboard.insert_text(text)

    def run(self, i, timeout=60000):
        """Bấm Chạy ở khối i và chờ kết quả; trả về (trạng thái, chữ trong khung)."""
        self.bar(i).locator(".chay-ma-chay").click()
        return self.wait_result(i, timeout)

    def wait_result(self, i, timeout=60000):
        panel = self.panel(i)
        panel.locator(".chay-ma-thoi-gian, .chay-ma-tieu-de").first.wait_for(timeout=timeout)
        wait_until(self.page,
            "el => !el.closest('.chay-ma-ket-qua').previousElementSibling.classList.contains('dang-chay')",
            arg=panel.element_handle(), timeout=timeout)
        return panel.get_attribute("data-status"), panel.inner_text()


def lecture_tree_trace(browser, base):
    p = Page(browser, base + CHAPTER)
    i = p.block_with(LECTURE_TREE, ".walk()")
    recorded = p.page.locator("pre:has(> code.language-rust)").nth(i).evaluate(
        "pre => pre.nextElementSibling.nextElementSibling.nextElementSibling.textContent")
    status, text = p.run(i)
    assert status == "ok", text
    # Khung kết quả cho đúng vết mà sách ghi sẵn (tests/book_outputs.rs bảo đảm
    # kết quả ghi sẵn là kết quả thật).
    shown = p.panel(i).locator("pre.chay-ma-van-ban").inner_text()
    assert shown.strip() == recorded.strip(), (shown, recorded)
    assert "Cắt tỉa" in shown or "cắt" in shown.lower(), shown
    # Kết quả ghi sẵn bị ẩn (kết quả vừa chạy thay chỗ nó), trang không có lỗi JS.
    assert not p.page.locator("pre:has(> code.language-rust)").nth(i).evaluate(
        "pre => !pre.nextElementSibling.nextElementSibling.nextElementSibling.hidden")
    assert not p.errors, p.errors


def edit_a_leaf(browser, base):
    p = Page(browser, base + CHAPTER)
    i = p.block_with(LECTURE_TREE, ".walk()")
    original = p.code(i).inner_text()
    edited = "\n".join(line for line in original.replace("B:1", "B:-1").splitlines()
                       if "assert" not in line)
    edited += '\nprintln!("Giá trị của A: {}", kq.value);\n'
    p.type_code(i, edited)
    status, text = p.run(i)
    assert status == "ok", text
    assert "Giá trị của A: 0" in text, text
    assert not p.errors, p.errors


def hidden_lines_are_compiled(browser, base):
    # mdBook hiện các dòng `# ` của một khối thành <span class="boring"> bị ẩn; trang
    # phải gửi cả chúng đi (như doctest), dù người đọc không thấy.
    p = Page(browser, base + CHAPTER)
    p.code(0).evaluate("""code => { code.innerHTML =
        '<span class="boring">use caytrochoi::GameTree;\\n</span>'
        + 'let cay = GameTree::parse("A(B:1, C:0)").unwrap();\\n'
        + '<span class="boring">let an = "dòng ẩn";\\n</span>'
        + 'println!("{} nút, {}", cay.len(), an);\\n'; }""")
    p.code(0).evaluate("code => code.classList.add('hide-boring')")
    shown = p.code(0).inner_text()
    assert "let an" not in shown and "use caytrochoi" not in shown, shown
    status, text = p.run(0)
    assert status == "ok", text
    assert "3 nút, dòng ẩn" in text, text


def ctrl_enter_runs(browser, base):
    p = Page(browser, base + CHAPTER)
    p.type_code(0, 'println!("chạy bằng phím tắt");')
    p.page.keyboard.press("Control+Enter")
    status, text = p.wait_result(0)
    assert status == "ok" and "chạy bằng phím tắt" in text, text


def compile_error_header(browser, base):
    p = Page(browser, base + CHAPTER)
    p.type_code(1, 'use caytrochoi::GameTree;\nlet x: i32 = "chữ";\n')
    status, text = p.run(1)
    assert status == "compile_error", text
    header = p.panel(1).locator(".chay-ma-tieu-de").inner_text()
    assert header.startswith("Lỗi biên dịch ở dòng 2, cột"), header
    assert "main.rs:2:" in text, text


def panic_explained(browser, base):
    p = Page(browser, base + CHAPTER)
    p.type_code(2, 'let v: Vec<i32> = Vec::new();\nprintln!("{}", v[5]);\n')
    status, text = p.run(2)
    assert status == "panic", text
    header = p.panel(2).locator(".chay-ma-tieu-de").inner_text()
    assert "dòng 2" in header and "panic" in header, header
    assert "index out of bounds" in text, text


def figure_is_inline_svg(browser, base):
    p = Page(browser, base + CHAPTER)
    p.type_code(0, "use caytrochoi::GameTree;\n"
                   f'let cay = GameTree::parse("{LECTURE_TREE}").unwrap();\n'
                   'println!("Cây của bài giảng:");\ncay.evcxr_display();\n')
    status, text = p.run(0)
    assert status == "ok", text
    svg = p.panel(0).locator(".chay-ma-hinh svg")
    assert svg.count() == 1
    box = svg.bounding_box()
    assert box["width"] > 100 and box["height"] > 50, box
    assert "Cây của bài giảng:" in text


def injected_html_is_sanitised(browser, base):
    p = Page(browser, base + CHAPTER)
    p.type_code(1, 'println!("EVCXR_BEGIN_CONTENT text/html");\n'
                   'println!("<b>đậm</b><img src=x onerror=\\"window.__ke_xau=1\\">'
                   '<script>window.__ke_xau=2</script><a href=\\"javascript:alert(1)\\">liên kết</a>'
                   '<svg><foreignObject><iframe src=\\"http://evil.example\\"></iframe></foreignObject></svg>");\n'
                   'println!("EVCXR_END_CONTENT");\n')
    status, text = p.run(1)
    assert status == "ok", text
    box = p.panel(1).locator(".chay-ma-hinh")
    assert box.locator("b").inner_text() == "đậm"
    assert box.locator("script, iframe, foreignObject, a").count() == 0
    assert box.locator("img").count() == 0 or box.locator("img").get_attribute("onerror") is None
    time.sleep(0.5)
    assert p.page.evaluate("window.__ke_xau") is None


def restore_original(browser, base):
    p = Page(browser, base + CHAPTER)
    i = p.block_with(LECTURE_TREE, ".walk()")
    original = p.code(i).inner_text()
    p.type_code(i, 'println!("đã sửa");')
    p.run(i)
    assert p.code(i).inner_text() != original
    p.bar(i).locator(".chay-ma-goc").click()
    assert p.code(i).inner_text() == original
    assert p.panel(i).is_hidden()
    assert p.page.locator("pre:has(> code.language-rust)").nth(i).evaluate(
        "pre => !pre.nextElementSibling.nextElementSibling.nextElementSibling.hidden")


def queue_is_visible(browser, base):
    # Trình chạy của kiểm thử này chỉ có một thợ (--workers 1).
    p = Page(browser, base + CHAPTER)
    p.type_code(0, 'std::thread::sleep(std::time::Duration::from_millis(6000));\nprintln!("khối chậm xong");\n')
    p.type_code(1, 'println!("khối sau xong");\n')
    p.bar(0).locator(".chay-ma-chay").click()
    wait_until(p.page,
        "() => document.querySelectorAll('.chay-ma-trang-thai')[0].textContent.includes('Đang chạy')",
        timeout=30000)
    p.bar(1).locator(".chay-ma-chay").click()
    wait_until(p.page,
        "() => document.querySelectorAll('.chay-ma-trang-thai')[1].textContent.includes('Đang chờ tới lượt')",
        timeout=10000)
    s0, t0 = p.wait_result(0)
    s1, t1 = p.wait_result(1)
    assert s0 == "ok" and "khối chậm xong" in t0, t0
    assert s1 == "ok" and "khối sau xong" in t1, t1


def typing_does_not_trigger_shortcuts(browser, base):
    p = Page(browser, base + CHAPTER)
    p.code(0).click()
    p.page.keyboard.press("End")
    p.page.keyboard.type(" s/?")
    p.page.keyboard.press("ArrowLeft")
    assert p.page.url.endswith(CHAPTER), p.page.url
    assert "hidden" in (p.page.locator("#mdbook-search-wrapper").get_attribute("class") or "")
    assert " s/?" in p.code(0).inner_text()


def vietnamese_interface(browser, base):
    p = Page(browser, base + CHAPTER)
    pg = p.page
    assert pg.locator("#mdbook-theme-toggle").get_attribute("title") == "Đổi màu giao diện"
    assert pg.locator("#mdbook-sidebar-toggle").get_attribute("title") == "Hiện hoặc ẩn mục lục"
    assert pg.locator(".chay-ma-chay").first.get_attribute("title") == "Chạy đoạn mã (Ctrl-Enter)"
    pg.locator("body").click(position={"x": 5, "y": 300})
    pg.keyboard.press("s")
    pg.locator("#mdbook-searchbar").wait_for()
    assert pg.locator("#mdbook-searchbar").get_attribute("placeholder") == "Tìm trong sách…"
    pg.locator("#mdbook-searchbar").press_sequentially("alpha")
    wait_until(pg,
        "() => /^Tìm thấy \\d+ kết quả cho “alpha”:$/.test("
        "document.getElementById('mdbook-searchresults-header').textContent)", timeout=10000)
    pg.locator("#mdbook-searchbar").fill("")
    pg.locator("#mdbook-searchbar").press_sequentially("zzzkhongcozzz")
    wait_until(pg,
        "() => document.getElementById('mdbook-searchresults-header').textContent"
        " === 'Không tìm thấy kết quả nào cho “zzzkhongcozzz”.'", timeout=10000)
    empty = Page(pg.context.browser, base + CHAPTER)
    empty.type_code(1, "let x = 1 + 1;\n")
    status, text = empty.run(1)
    assert status == "ok" and "không in gì ra" in text, text


def offline_fallback(browser, url):
    p = Page(browser, url)
    bar = p.bar(0)
    assert "make book" in bar.locator(".chay-ma-chay").get_attribute("title")
    assert "make book" in bar.inner_text()
    i = p.block_with(LECTURE_TREE, ".walk()")
    p.bar(i).locator(".chay-ma-chay").click()
    panel = p.panel(i)
    panel.locator(".chay-ma-tieu-de").wait_for()
    text = panel.inner_text()
    assert "make book" in text and "không có trình chạy" in text, text
    recorded = p.page.locator("pre:has(> code.language-rust)").nth(i).evaluate(
        "pre => pre.nextElementSibling.nextElementSibling.nextElementSibling.textContent")
    assert recorded.strip().splitlines()[-1] in text, text


def static_server():
    """Sách đặt trên một máy chủ web thường (không có /api/)."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=str(BOOK))
    srv = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def screenshots(browser, base, folder):
    os.makedirs(folder, exist_ok=True)
    for width in (1280, 390):
        p = Page(browser, base + CHAPTER, width)
        i = p.block_with(LECTURE_TREE, ".walk()")
        p.blocks().nth(i).scroll_into_view_if_needed()
        p.page.evaluate("window.scrollBy(0, -80)")
        p.page.screenshot(path=os.path.join(folder, f"ch04-{width}-truoc.png"))
        p.run(i)
        p.blocks().nth(i).scroll_into_view_if_needed()
        p.page.evaluate("window.scrollBy(0, -80)")
        p.page.screenshot(path=os.path.join(folder, f"ch04-{width}-sau.png"))
        p.page.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shots", help="thư mục lưu ảnh chụp chương 4")
    args = ap.parse_args()
    checks = Checks("Kiểm thử trình duyệt")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            with Runner("--workers", "1") as runner:
                base = runner.base
                for fn in (lecture_tree_trace, edit_a_leaf, hidden_lines_are_compiled, ctrl_enter_runs, compile_error_header,
                           panic_explained, figure_is_inline_svg, injected_html_is_sanitised,
                           restore_original, queue_is_visible, typing_does_not_trigger_shortcuts,
                           vietnamese_interface):
                    checks.run(fn.__name__, fn, browser, base)
                if args.shots:
                    screenshots(browser, base, args.shots)
            checks.run("offline_fallback (tệp)", offline_fallback, browser,
                       (BOOK / CHAPTER).as_uri())
            srv = static_server()
            try:
                checks.run("offline_fallback (máy chủ web thường)", offline_fallback, browser,
                           f"http://127.0.0.1:{srv.server_address[1]}/{CHAPTER}")
            finally:
                srv.shutdown()
        finally:
            browser.close()
    checks.finish()


if __name__ == "__main__":
    main()

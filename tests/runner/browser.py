#!/usr/bin/env python3
"""Sách chạy mã trong một trình duyệt thật: Chromium của Debian (không giao diện)
do Playwright điều khiển, qua trình chạy `caytrochoi-sach` trên 127.0.0.1.

    python tests/runner/browser.py [--shots THƯ-MỤC]

--shots  chụp chương 4 ở bề rộng 1280 px và 390 px, trước và sau khi bấm Chạy.
"""

import argparse
import os
import pathlib
import time

from playwright.sync_api import sync_playwright

from common import ROOT, Checks, Runner, StaticServer, launch

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
    shown = p.panel(i).locator("pre.chay-ma-van-ban").text_content()
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


def output_stays_in_its_box(browser, base):
    """Hình của sinh viên không phủ được trang (một khung `position: fixed` che cả
    màn hình) và không che tên toàn cục của trang (`<img name=getElementById>` làm
    `document.getElementById` thành một thẻ ảnh, `id=phu` thành `window.phu`)."""
    p = Page(browser, base + CHAPTER)
    overlay = ('<div id=phu style=\\"position:fixed;inset:0;z-index:2147483647;'
               'background:red;font-size:40px\\">ĐÃ PHỦ TRANG</div>'
               '<img name=getElementById><img name=querySelector><img id=cookie name=cookie>'
               '<p>bên dưới</p>')
    p.type_code(1, 'println!("EVCXR_BEGIN_CONTENT text/html");\n'
                   f'println!("{overlay}");\n'
                   'println!("EVCXR_END_CONTENT");\n')
    status, text = p.run(1)
    assert status == "ok", text
    box = p.panel(1).locator(".chay-ma-hinh")
    assert box.locator("#phu").inner_text() == "ĐÃ PHỦ TRANG"
    p.page.evaluate("window.scrollTo(0, 0)")
    seen = p.page.evaluate("""() => {
        const holder = document.querySelectorAll('.chay-ma-ket-qua')[1].querySelector('.chay-ma-hinh');
        const r = holder.getBoundingClientRect();
        const phu = (holder.shadowRoot || holder).querySelector('#phu').getBoundingClientRect();
        const covered = [];
        for (let i = 1; i < 10; i++) {
            for (let j = 1; j < 10; j++) {
                const x = innerWidth * i / 10, y = innerHeight * j / 10;
                const inside = x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
                if (!inside && holder.contains(document.elementFromPoint(x, y))) {
                    covered.push([x, y]);
                }
            }
        }
        return {
            covered,
            overlayTop: phu.top,
            holderTop: r.top,
            getById: document.getElementById === Document.prototype.getElementById
                && document.getElementById('mdbook-content') !== null,
            query: document.querySelector === Document.prototype.querySelector,
            cookie: typeof document.cookie === 'string',
            named: 'phu' in window,
        };
    }""")
    assert seen["covered"] == [], f"khung của sinh viên phủ trang ở {seen['covered']}"
    # Khung "fixed" nằm theo khung hình của nó, không theo màn hình.
    assert abs(seen["overlayTop"] - seen["holderTop"]) < 1, seen
    assert seen["getById"] and seen["query"] and seen["cookie"], seen
    assert not seen["named"], seen
    # Trang vẫn dùng được: chạy lại một khối khác sau đó.
    status, text = p.run(0)
    assert status == "ok", text
    assert p.errors == [], p.errors


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
    assert p.page.locator("#tk-khung").is_hidden()
    assert " s/?" in p.code(0).inner_text()


def vietnamese_interface(browser, base):
    p = Page(browser, base + CHAPTER)
    pg = p.page
    assert pg.locator("#mdbook-theme-toggle").get_attribute("title") == "Đổi màu giao diện"
    assert pg.locator("#mdbook-sidebar-toggle").get_attribute("title") == "Hiện hoặc ẩn mục lục"
    assert pg.locator(".chay-ma-chay").first.get_attribute("title") == "Chạy đoạn mã (Ctrl-Enter)"
    pg.locator("body").click(position={"x": 5, "y": 300})
    pg.keyboard.press("s")
    pg.locator("#tk-o").wait_for()
    assert pg.locator("#tk-nut").get_attribute("title") == "Tìm trong sách (phím S hoặc /)"
    assert pg.locator("label[for=tk-o]").inner_text().startswith("Tìm trong sách")
    pg.locator("#tk-o").press_sequentially("alpha")
    wait_until(pg,
        "() => /^(Hơn )?\\d+ kết quả cho “alpha”:$/.test("
        "document.getElementById('tk-dem').textContent)", timeout=10000)
    pg.locator("#tk-o").fill("")
    pg.locator("#tk-o").press_sequentially("zzzkhongcozzz")
    wait_until(pg,
        "() => document.getElementById('tk-dem').textContent.startsWith("
        "'Không tìm thấy gì cho “zzzkhongcozzz”.')", timeout=10000)
    empty = Page(pg.context.browser, base + CHAPTER)
    empty.type_code(1, "let x = 1 + 1;\n")
    status, text = empty.run(1)
    assert status == "ok" and "không in gì ra" in text, text


def replace_in_code(page, i, old, new):
    """Sửa khối i như người đọc sửa một chữ: chỉ thay `old` bằng `new` trong văn
    bản, các dòng ẩn (`# `, <span class="boring">) vẫn nguyên chỗ."""
    done = page.code(i).evaluate("""(code, [old, neu]) => {
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        const nodes = [];
        while (walker.nextNode()) nodes.push(walker.currentNode);
        // Chuỗi có thể nằm vắt qua nhiều nút chữ (tô màu cú pháp): ghép lại.
        const all = nodes.map(n => n.data).join('');
        const at = all.indexOf(old);
        if (at < 0) return false;
        let pos = 0, written = false;
        for (const n of nodes) {
            const start = pos, end = pos + n.data.length;
            pos = end;
            const a = Math.max(at, start), b = Math.min(at + old.length, end);
            if (a >= b) continue;
            const before = n.data.slice(0, a - start), after = n.data.slice(b - start);
            n.data = before + (written ? '' : neu) + after;
            written = true;
        }
        code.dispatchEvent(new Event('input', { bubbles: true }));
        return true;
    }""", [old, new])
    assert done, f"không thấy {old!r} trong khối {i}"


def no_sideways_overflow(page, i):
    """Khung kết quả của khối i và mọi khối chữ trong nó không tràn ngang."""
    over = page.panel(i).evaluate("""panel => [panel, ...panel.querySelectorAll('pre, code, p')]
        .filter(e => e.scrollWidth > e.clientWidth + 1)
        .map(e => `${e.tagName}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`)""")
    assert not over, over
    page_over = page.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert page_over <= 1, f"trang tràn ngang {page_over} px"


def edited_tree_walks(browser, base):
    # Sửa cây của khối đầu chương 4 (giữ nguyên các dòng ẩn assert của sách): vết
    # của cây mới hiện ra, không có panic ở một dòng người đọc không thấy.
    for width in (1280, 390):
        p = Page(browser, base + CHAPTER, width)
        i = p.block_with(LECTURE_TREE, ".walk()")
        assert "assert" in p.code(i).text_content(), "khối phải còn dòng kiểm tra ẩn"
        replace_in_code(p, i, LECTURE_TREE, "A(B:3, C(D:5, E:2), F(G:7, H:1))")
        status, text = p.run(i)
        assert status == "ok", text
        assert "panic" not in text, text
        assert "B là nút lá, giá trị 3" in text, text
        assert "Xét C, con của A" in text and "Xét F, con của A" in text, text
        # Kết quả xuống dòng như kết quả ghi sẵn (```text,wrap): thụt lề treo.
        assert p.panel(i).locator("pre.chay-ma-van-ban code.wrap .dong").count() > 5
        no_sideways_overflow(p, i)
        assert not p.errors, p.errors
        p.page.close()


def bad_tree_reads_like_the_cli(browser, base):
    p = Page(browser, base + CHAPTER)
    i = p.block_with(LECTURE_TREE, ".walk()")
    replace_in_code(p, i, LECTURE_TREE, "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1))")
    status, text = p.run(i)
    assert status == "panic", text
    assert "cây không hợp lệ: dòng 1, cột 42: cần" in text, text
    assert "Syntax {" not in text, text
    header = p.panel(i).locator(".chay-ma-tieu-de").inner_text()
    assert "dòng 3" in header, header  # dòng `let cay = …unwrap()` mà người đọc thấy


def errors_point_at_visible_lines(browser, base):
    # Khối số nút carô của chương 2 có dòng ẩn (`# let mut tach_ra …`) giữa các dòng
    # nhìn thấy: số dòng của lỗi biên dịch vẫn là số dòng người đọc thấy.
    p = Page(browser, base + "ch02-cay-tro-choi.html")
    i = p.block_with("full_tree_stats", "khong_dung")
    visible = p.code(i).inner_text().splitlines()
    target = next(k for k, line in enumerate(visible, 1) if 'println!("độ sâu' in line)
    replace_in_code(p, i, 'println!("độ sâu', 'printlnn!("độ sâu')
    status, text = p.run(i)
    assert status == "compile_error", text
    header = p.panel(i).locator(".chay-ma-tieu-de").inner_text()
    assert header.startswith(f"Lỗi biên dịch ở dòng {target}, cột"), (header, target)
    assert f"main.rs:{target}:" in text, text


def dodgem_move_by_move(browser, base):
    p = Page(browser, base + "ch06-dodgem.html", 390)
    i = p.block_with("cac_nuoc", "Match::new")
    moves = '["a3>", "b3>", "a2v", "a1>", "c3>", "b1>", "c1>"]'
    replace_in_code(p, i, moves, '["a3>"]')
    status, text = p.run(i)
    assert status == "ok", text
    assert "1. Đen (bạn) a3>" in text and "2. Trắng (máy)" in text, text
    assert text.count("a b c") == 2, text  # bàn đầu và bàn sau nước 1–2
    # Nước tiếp theo, do người đọc tự tìm: thêm từng nước một.
    replace_in_code(p, i, '["a3>"]', '["a3>", "b3>"]')
    status, text = p.run(i)
    assert status == "ok", text
    assert "3. Đen (bạn) b3>" in text and "4. Trắng (máy)" in text, text
    assert text.count("a b c") == 3, text
    # Nước sai: lời giải thích, ván tiếp tục, không panic.
    replace_in_code(p, i, '["a3>", "b3>"]', '["a2>", "zz", "b3>"]')
    status, text = p.run(i)
    assert status == "ok" and "panic" not in text, text
    assert "Chưa đi được" in text, text
    no_sideways_overflow(p, i)
    assert not p.errors, p.errors


def huge_output_is_capped(browser, base):
    for width in (1280, 390):
        p = Page(browser, base + CHAPTER, width)
        p.type_code(0, 'let dong = "x".repeat(3000);\nfor _ in 0..400 { println!("{dong}"); }\n')
        status, text = p.run(0)
        assert status == "output_limit", status
        height = p.panel(0).evaluate("e => e.getBoundingClientRect().height")
        assert height < 1200, f"khung cao {height} px"
        no_sideways_overflow(p, 0)
        p.page.close()


def endless_loop_can_be_stopped(browser, base):
    p = Page(browser, base + CHAPTER, 390)
    p.type_code(0, "loop {}\n")
    p.bar(0).locator(".chay-ma-chay").click()
    stop = p.bar(0).locator(".chay-ma-dung")
    stop.wait_for(state="visible", timeout=30000)
    wait_until(p.page,
        "() => document.querySelectorAll('.chay-ma-trang-thai')[0].textContent.includes('Đang chạy')",
        timeout=60000)
    clicked = time.monotonic()
    stop.click()
    wait_until(p.page, "() => document.querySelectorAll('.chay-ma-ket-qua')[0].dataset.status === 'stopped'",
               timeout=5000)
    shown_ms = (time.monotonic() - clicked) * 1000
    # Ngay khi trang báo đã dừng, trình chạy đã rảnh: không còn lần chạy nào
    # chiếm thợ hay chờ trong hàng (trang chỉ báo sau khi trình chạy dọn xong).
    queue = p.page.evaluate(
        "async () => (await (await fetch('/api/status', {cache: 'no-store'})).json()).queue")
    assert queue["running"] == 0 and queue["waiting"] == 0, queue
    text = p.panel(0).inner_text()
    assert "Đã dừng theo yêu cầu của bạn" in text, text
    assert "Trình chạy đã dừng chương trình và dọn sạch nó sau" in text, text
    assert "Nó chưa in ra gì trước khi bị dừng" in text, text
    assert "giới hạn thời gian" not in text, text
    assert stop.is_hidden()
    assert p.bar(0).locator(".chay-ma-chay").is_enabled()
    print(f"  ■ Dừng → trang báo đã dừng, trình chạy rảnh: {shown_ms:.0f} ms")
    # Không bấm Dừng: hết giờ, trang nói rõ chương trình chưa in gì.
    status, text = p.run(0, timeout=90000)
    assert status == "timeout", text
    assert "chưa in ra gì" in text and "Phần đã in ra ở bên dưới" not in text, text
    assert not p.errors, p.errors


FIGURE_CHAPTERS = ["ch02-cay-tro-choi.html", "ch03-minimax.html", "ch04-alpha-beta.html",
                   "ch05-grundy.html", "ch06-dodgem.html"]


def smallest_text_px(page):
    """Cỡ chữ nhỏ nhất trên màn hình (px) của mỗi hình trong trang: dựng lại SVG
    của hình ngay trong trang, cùng bề rộng với ảnh đang hiện, rồi đo từng chữ
    bằng getComputedStyle × tỉ lệ vẽ (getScreenCTM)."""
    return page.evaluate("""async () => {
        const out = [];
        for (const img of document.querySelectorAll('main figure img')) {
            const text = await (await fetch(img.src)).text();
            const holder = document.createElement('div');
            holder.style.cssText = 'position:absolute;left:0;top:0;opacity:0;pointer-events:none';
            holder.innerHTML = text;
            const svg = holder.querySelector('svg');
            const shown = img.getBoundingClientRect().width;
            svg.style.width = shown + 'px';
            svg.style.height = 'auto';
            document.body.append(holder);
            let least = Infinity;
            for (const t of svg.querySelectorAll('text, tspan')) {
                if (!t.textContent.trim()) continue;
                const m = t.getScreenCTM(); // chữ xoay (nhãn trục dọc): dùng độ dài véc-tơ
                const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
                least = Math.min(least, px);
            }
            holder.remove();
            out.push([img.getAttribute('src'), Math.round(least * 100) / 100, Math.round(shown)]);
        }
        return out;
    }""")


def figures_readable_on_a_phone(browser, base):
    problems = []
    for chapter in FIGURE_CHAPTERS:
        p = Page(browser, base + chapter, 390)
        wait_until(p.page, "() => [...document.querySelectorAll('.khung-hinh')]"
                           ".every(f => f.dataset.doXong && f.querySelector('img').complete)")
        sizes = smallest_text_px(p.page)
        assert sizes, f"{chapter}: không có hình"
        problems += [f"{chapter} {src}: chữ nhỏ nhất {px} px (ảnh rộng {w} px)"
                     for src, px, w in sizes if px < 8]
        # Hình rộng cuộn trong khung của nó, trang không tràn ngang.
        over = p.page.evaluate(
            "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert over <= 1, f"{chapter}: trang tràn ngang {over} px"
        p.page.close()
    assert not problems, "\n".join(problems)


def tapping_a_figure_zooms_in_place(browser, base):
    p = Page(browser, base + CHAPTER, 390)
    frame = p.page.locator(".khung-hinh").first
    frame.scroll_into_view_if_needed()
    wait_until(p.page, "() => document.querySelector('.khung-hinh').dataset.doXong")
    before = frame.locator("img").evaluate("i => i.getBoundingClientRect().width")
    url = p.page.url
    frame.click()
    after = frame.locator("img").evaluate("i => i.getBoundingClientRect().width")
    assert p.page.url == url, "bấm hình không được rời trang sách"
    assert after >= 1.9 * before, (before, after)
    frame.click()
    again = frame.locator("img").evaluate("i => i.getBoundingClientRect().width")
    assert abs(again - before) < 2, (before, again)


def class_mode_run_waits_its_turn(browser):
    # Lớp học, mỗi máy 1 lần chạy liền (--rate 1): lần bấm thứ hai bị nhắc chậm lại;
    # trang nói rõ, tự gửi lại khi được phép, và có kết quả.
    with Runner("--lop", "--host", "127.0.0.1", "--rate", "1", "--workers", "1") as runner:
        p = Page(browser, runner.url.replace("/?", "/" + CHAPTER + "?"), 390)
        p.type_code(0, 'println!("lần một");')
        status, text = p.run(0)
        assert status == "ok" and "lần một" in text, text
        p.type_code(0, 'println!("lần hai");')
        p.bar(0).locator(".chay-ma-chay").click()
        wait_until(p.page, "() => document.querySelectorAll('.chay-ma-trang-thai')[0]"
                           ".textContent.includes('trang tự gửi lại')", timeout=10000)
        status, text = p.wait_result(0, timeout=60000)
        assert status == "ok" and "lần hai" in text, text
        assert not p.errors, p.errors


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
    ap.add_argument("--only", help="chỉ chạy một kiểm thử với trình chạy thường (tên hàm)")
    args = ap.parse_args()
    checks = Checks("Kiểm thử trình duyệt")
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            with Runner("--workers", "1") as runner:
                base = runner.base
                for fn in (lecture_tree_trace, edit_a_leaf, hidden_lines_are_compiled, ctrl_enter_runs, compile_error_header,
                           panic_explained, figure_is_inline_svg, injected_html_is_sanitised,
                           output_stays_in_its_box,
                           restore_original, queue_is_visible, typing_does_not_trigger_shortcuts,
                           vietnamese_interface, edited_tree_walks, bad_tree_reads_like_the_cli,
                           errors_point_at_visible_lines, dodgem_move_by_move,
                           huge_output_is_capped, figures_readable_on_a_phone,
                           tapping_a_figure_zooms_in_place, endless_loop_can_be_stopped):
                    if not args.only or fn.__name__ == args.only:
                        checks.run(fn.__name__, fn, browser, base)
                if args.shots:
                    screenshots(browser, base, args.shots)
            if not args.only:
                checks.run("class_mode_run_waits_its_turn", class_mode_run_waits_its_turn, browser)
                checks.run("offline_fallback (tệp)", offline_fallback, browser,
                           (BOOK / CHAPTER).as_uri())
                with StaticServer(BOOK) as base:
                    checks.run("offline_fallback (máy chủ web thường)", offline_fallback, browser,
                               base + CHAPTER)
        finally:
            browser.close()
    checks.finish()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Trang luyện tập của sách trong một trình duyệt thật: Chromium của Debian (không
giao diện) do Playwright điều khiển.

    python tests/practice/browser.py [--shots THƯ-MỤC]

Các cách mở trang:
- thẳng từ tệp (file://): không có trình chạy, mô-đun WebAssembly của sách tính
  thẻ và chấm ngay trong trang, cho mọi hạt giống;
- qua một máy chủ tĩnh trên 127.0.0.1: vẫn không có trình chạy;
- qua trình chạy thật của sách (`caytrochoi-sach`, như `make book`) trên một cổng
  trống của 127.0.0.1: trang xin thẻ bằng `POST /api/luyen-tap`, lời chấm bằng
  `POST /api/luyen-tap/cham`, và dùng được mọi hạt giống; một trang khác (Origin
  lạ) thì không xin được;
- không có mô-đun (tệp wasm/mo-dun.js bị chặn, như một trình duyệt không chạy được
  WebAssembly): với trình chạy, trang vẫn luyện được (trình chạy chấm); không có
  trình chạy, trang nói một câu rõ ràng cần gì.

Ở mỗi cách: bấm sai một nhánh → lời nhận xét bậc 1, đúng từng chữ như bộ chấm của
thư viện viết (`clickGrade` của mô-đun, hay trình chạy khi không có mô-đun); kiểm
tra lần hai → câu bậc 2; chọn đúng các nhánh → "Đúng!" và lời giải có hình; trang
không có lỗi JavaScript và không tràn ngang ở bề rộng 390 px.

--shots  chụp trang ở 1280 px và 390 px (trước và sau khi kiểm tra).
"""

import argparse
import json
import pathlib
import sys
import urllib.error
import urllib.request

from playwright.sync_api import expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "runner"))
# Trình chạy thật (luôn được dừng), máy chủ tĩnh, Chromium và trang chỉ nói với 127.0.0.1.
from common import BINARY, Checks, Runner, StaticServer, launch, new_page, tap_edge  # noqa: E402

BOOK = ROOT / "book" / "book"
PAGE = "luyen-tap.html"


def wait_text(page, selector, text, present=True):
    """Chờ chữ của `selector` có (hoặc thôi có) `text`. Dùng bộ chờ của locator:
    trình chạy gửi Content-Security-Policy không cho `eval`, nên không dùng
    wait_for_function với chuỗi."""
    loc = expect(page.locator(selector))
    if present:
        loc.to_contain_text(text, timeout=30000)
    else:
        loc.not_to_contain_text(text, timeout=30000)


def open_page(browser, url, width):
    """Trang luyện tập đã có thẻ; (trang, lỗi JavaScript của nó)."""
    page = new_page(browser, width, 1000)
    page.goto(url, timeout=60000)
    page.wait_for_selector("#luyen-tap .lt-canh", timeout=30000)
    expect(page.locator(".lt-trang-thai")).not_to_be_empty(timeout=30000)
    return page, page.errors


def all_local(page):
    """Trang không có lỗi JavaScript và không xin gì ngoài 127.0.0.1."""
    assert not page.errors, page.errors
    assert not page.outside, f"yêu cầu ra ngoài 127.0.0.1: {page.outside}"


def card_of(page):
    """Thẻ đang hiện, tính lại bằng mô-đun WebAssembly của sách (nơi trang lấy thẻ
    khi không có trình chạy) theo hạt giống, mức và thuật toán đang chọn."""
    return page.evaluate("""async () => {
        const seed = parseInt(document.querySelector('.lt-hat-giong').value, 10);
        const level = document.querySelector('.lt-muc').value;
        const alg = document.querySelector('.lt-thuat-toan').value;
        return await window.caytrochoi.clickCard(seed, level, alg);
    }""")


def graded(page, base, card, picks, wrong_before):
    """Lời chấm của bộ chấm cho các nhánh `picks` trên thẻ `card`, hỏi thẳng nơi
    trang hỏi: mô-đun (clickGrade), hay trình chạy (`base`: POST
    /api/luyen-tap/cham) khi không có mô-đun."""
    if base:
        code, reply = post_practice(base, base.rstrip("/"), "api/luyen-tap/cham", {
            "seed": card["seed"], "level": card["level"], "algorithm": card["algorithm"],
            "selected": picks, "wrong": wrong_before})
        assert code == 200, (code, reply)
        return reply
    return page.evaluate("""([seed, level, alg, picks, before]) =>
        window.caytrochoi.clickGrade(seed, level, alg, picks, before)""",
                         [card["seed"], card["level"], card["algorithm"], picks, wrong_before])


def click_edge(page, child):
    tap_edge(page, child)


def feedback(page):
    return page.locator(".lt-nhan-xet").inner_text()


def check(page):
    """Bấm "Kiểm tra" và chờ lời chấm mới (trang hỏi mô-đun hay trình chạy)."""
    before = int(page.locator("#luyen-tap").get_attribute("data-graded") or 0)
    page.click(".lt-kiem-tra")
    expect(page.locator("#luyen-tap")).to_have_attribute("data-graded", str(before + 1),
                                                         timeout=30000)
    return feedback(page)


def exercise(page, card, shots=None, tag="", base=None):
    """Sai một nhánh hai lần, rồi đúng; mỗi lời nhận xét trên trang đúng từng chữ
    như lời chấm của thư viện."""
    extra = next(e["child"] for e in card["edges"] if e["child"] not in card["truth"])
    click_edge(page, extra)
    assert page.locator(f'.lt-canh[data-child="{extra}"]').get_attribute("aria-pressed") == "true"
    text = check(page)
    first = graded(page, base, card, [extra], 0)
    assert text == first["message"], (text, first)
    assert not first["right"] and first["level"] == 1 and first["wrong"] == 1, first
    assert text.startswith("Chưa đúng (lần thử sai thứ 1)."), text
    assert page.locator(".lt-nhan-xet.lt-sai").count() == 1
    if shots:
        page.screenshot(path=str(shots / f"luyen-tap-{tag}-sai.png"), full_page=True)
    text = check(page)
    second = graded(page, base, card, [extra], 1)
    assert text == second["message"] and second["level"] == 2, (text, second)
    assert text != first["message"], "bậc 2 phải nói chi tiết hơn bậc 1"
    bullets = lambda t: [line for line in t.split("\n") if line.startswith("• ")]
    assert not set(bullets(second["message"])) <= set(bullets(first["message"])), \
        "bậc 1 không được nói chi tiết"
    assert page.locator(".lt-loi-giai").is_hidden()
    # Bỏ nhánh sai, chọn đúng các nhánh bị cắt.
    click_edge(page, extra)
    for t in card["truth"]:
        click_edge(page, t)
    text = check(page)
    right = graded(page, base, card, card["truth"], 2)
    assert right["right"] and right["solution"], right
    assert text == right["message"] and text.startswith("Đúng!"), (text, right)
    assert page.locator(".lt-nhan-xet.lt-dung").count() == 1
    assert page.locator(".lt-loi-giai svg").count() == 1
    assert page.locator(".lt-buoc li").count() == len(card["solutionSteps"])
    if shots:
        page.screenshot(path=str(shots / f"luyen-tap-{tag}-dung.png"), full_page=True)


def no_horizontal_overflow(page):
    over = page.evaluate("""() => {
        const main = document.querySelector('main');
        return main.scrollWidth - main.clientWidth;
    }""")
    assert over <= 1, f"trang tràn ngang {over}px"


def offline_file(browser, shots):
    page, errors = open_page(browser, (BOOK / PAGE).as_uri(), 1280)
    status = page.locator(".lt-trang-thai").inner_text()
    assert "Không có trình chạy" in status, status
    card = card_of(page)
    assert card and card["seed"] == 1, "trang mở hạt giống 1"
    if shots:
        page.screenshot(path=str(shots / "luyen-tap-1280.png"), full_page=True)
    exercise(page, card, shots, "1280")
    # "Cây mới": một hạt giống ngẫu nhiên khác; đổi mức và thuật toán.
    before = card["seed"]
    page.click(".lt-moi")
    expect(page.locator(".lt-hat-giong")).not_to_have_value(str(before), timeout=30000)
    page.select_option(".lt-muc", "kho")
    page.select_option(".lt-thuat-toan", "cua-so")
    wait_text(page, ".lt-tieu-de", "khó")
    card = card_of(page)
    assert card and card["algorithm"] == "cua-so" and card["level"] == "kho"
    exercise(page, card)
    # Một hạt giống gõ tay: mô-đun WebAssembly của sách tính thẻ ngay trong trang.
    page.fill(".lt-hat-giong", "777")
    page.click(".lt-mo")
    wait_text(page, ".lt-trang-thai", "mọi hạt giống")
    expect(page.locator(".lt-hat-giong")).to_have_value("777")
    wait_text(page, ".lt-tieu-de", "777")
    exercise(page, card_of(page))
    assert not errors, errors
    all_local(page)


def static_server_narrow(browser, shots):
    with StaticServer(BOOK) as base:
        page, errors = open_page(browser, base + PAGE, 390)
        assert "Không có trình chạy" in page.locator(".lt-trang-thai").inner_text()
        no_horizontal_overflow(page)
        if shots:
            page.screenshot(path=str(shots / "luyen-tap-390.png"), full_page=True)
        exercise(page, card_of(page), shots, "390")
        no_horizontal_overflow(page)
        assert not errors, errors
        all_local(page)


def post_practice(base, origin, path, body):
    """Một yêu cầu thẳng tới trình chạy (như trang gửi); trả về (mã HTTP, JSON)."""
    req = urllib.request.Request(
        base + path, data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": origin}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def post_card(base, origin, seed, level="vua", algorithm="cat-tia"):
    """Xin một thẻ thẳng từ trình chạy (như trang gửi); trả về (mã HTTP, JSON)."""
    return post_practice(base, origin, "api/luyen-tap",
                         {"seed": seed, "level": level, "algorithm": algorithm})


def open_seed_with_runner(page, base, seed):
    """Mở trang luyện tập do trình chạy phục vụ, chờ trang nhận ra trình chạy, rồi
    mở hạt giống `seed` bằng ô nhập và nút "Mở hạt giống"."""
    page.goto(base + PAGE, timeout=60000)
    page.wait_for_selector("#luyen-tap .lt-canh", timeout=30000)
    wait_text(page, ".lt-trang-thai", "mọi hạt giống")
    page.fill(".lt-hat-giong", str(seed))
    page.click(".lt-mo")
    wait_text(page, ".lt-tieu-de", str(seed))


def any_seed_with_runner(browser, shots):
    with Runner("--workers", "1") as runner:
        base = runner.base
        page = new_page(browser, 1280, 1000)
        errors = page.errors
        asked = []
        grades = []
        page.on("request", lambda q: asked.append(q.post_data or "")
                if q.url.endswith("/api/luyen-tap") else None)
        page.on("request", lambda q: grades.append(q.post_data or "")
                if q.url.endswith("/api/luyen-tap/cham") else None)
        open_seed_with_runner(page, base, 424242)
        assert any('"seed":424242' in a for a in asked), asked
        # Thẻ trình chạy trả về cho chính trang sách: đúng thẻ đang hiện.
        code, card = post_card(base, base.rstrip("/"), 424242)
        assert code == 200 and card["seed"] == 424242, (code, card)
        assert page.locator(".lt-tieu-de").inner_text() == card["title"]
        exercise(page, card, shots, "trinh-chay", base)
        # Thẻ của trình chạy được chấm ở trình chạy.
        assert len(grades) == 3 and all('"seed":424242' in g for g in grades), grades
        # "Cây mới": một hạt giống khác, cũng do trình chạy sinh; đổi thuật toán.
        page.click(".lt-moi")
        wait_text(page, ".lt-tieu-de", "424242", present=False)
        page.select_option(".lt-thuat-toan", "cua-so")
        wait_text(page, ".lt-tieu-de", "cửa sổ")
        assert len(asked) >= 3, asked
        assert not errors, errors
        all_local(page)
        # Cùng luật với /api/run: trang khác, hay đầu vào sai, đều bị từ chối.
        code, reply = post_card(base, "http://evil.example", 5)
        assert code == 403 and "Từ chối" in reply["error"], (code, reply)
        code, reply = post_card(base, base.rstrip("/"), 5, level="rất khó")
        assert code == 400 and "mức" in reply["error"], (code, reply)
        grade = {"seed": 5, "level": "vua", "algorithm": "cat-tia", "selected": [], "wrong": 0}
        code, reply = post_practice(base, "http://evil.example", "api/luyen-tap/cham", grade)
        assert code == 403 and "Từ chối" in reply["error"], (code, reply)


def tree_fits(page):
    """Cây của đề đọc được và xem được trọn: chữ nhỏ nhất cao ít nhất 8 px; cây vừa
    khung, hoặc (cây lớn trên màn hẹp) khung cuộn ngang và nút "Xem cả cây" thu cả
    cây, kể cả chú giải, gọn trong khung."""
    def measure():
        return page.evaluate("""() => {
            const box = document.querySelector('#luyen-tap .lt-hinh');
            const svg = box.querySelector('svg.lt-cay');
            const b = box.getBoundingClientRect(), s = svg.getBoundingClientRect();
            let least = Infinity;
            for (const t of svg.querySelectorAll('text')) {
                if (!t.textContent.trim()) continue;
                const m = t.getScreenCTM();
                least = Math.min(least, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
            }
            return [s.left >= b.left - 1 && s.right <= b.right + 1, box.scrollWidth <= box.clientWidth + 1,
                    Math.round(s.width), Math.round(b.width), least];
        }""")
    fit = measure()
    assert fit[4] >= 7.95, f"chữ nhỏ nhất của cây {fit[4]:.2f} px"
    if fit[0] and fit[1]:
        return
    whole = page.locator(".lt-ca-cay")
    assert whole.is_visible(), f"cây rộng {fit[2]} px trong khung {fit[3]} px, không có nút Xem cả cây"
    whole.click()
    fit = measure()
    assert fit[0] and fit[1], f"Xem cả cây: cây rộng {fit[2]} px trong khung {fit[3]} px"
    whole.click()


def class_mode_cards(browser, shots):
    # Chế độ lớp học (make lop), tập dượt trên 127.0.0.1: 30 cây mới liền nhau từ
    # một máy đều do trình chạy sinh (giới hạn riêng của thẻ, không phải của Chạy);
    # cây vừa khung ở mọi mức, ở 1280 và 390 px.
    with Runner("--lop", "--host", "127.0.0.1", "--workers", "1") as runner:
        assert "?lop=" in runner.url, runner.url
        for width in (1280, 390):
            page = new_page(browser, width, 1000)
            errors = page.errors
            replies = []
            page.on("response", lambda r: replies.append(r.status)
                    if r.url.endswith("/api/luyen-tap") else None)
            page.goto(runner.url.replace("/?", "/" + PAGE + "?"), timeout=60000)
            page.wait_for_selector("#luyen-tap .lt-canh", timeout=30000)
            wait_text(page, ".lt-trang-thai", "mọi hạt giống")
            for level in ("de", "vua", "kho"):
                page.select_option(".lt-muc", level)
                wait_text(page, ".lt-trang-thai", "mọi hạt giống")
                tree_fits(page)
            rounds = 30 if width == 1280 else 5
            for k in range(rounds):
                title = page.locator(".lt-tieu-de").inner_text()
                page.click(".lt-moi")
                expect(page.locator(".lt-tieu-de")).not_to_have_text(title, timeout=30000)
                status = page.locator(".lt-trang-thai").inner_text()
                assert "mọi hạt giống" in status, f"cây thứ {k + 1}: {status}"
                assert "make book" not in status, status
            tree_fits(page)
            if shots:
                page.screenshot(path=str(shots / f"luyen-tap-lop-{width}.png"), full_page=True)
            assert replies and all(r == 200 for r in replies), replies
            assert len(replies) >= rounds, replies
            assert not errors, errors
            all_local(page)
            if width == 1280:
                rate_limited_page_recovers(page)
            page.close()


def rate_limited_page_recovers(page):
    """Dùng hết lượt thẻ của máy này (như một máy xin liên tục), rồi bấm "Cây mới":
    trang nói rõ mình bị giới hạn, tự thử lại, và có cây mới từ trình chạy — không
    đổi sang nơi khác, không bảo lớp học "make book"."""
    title = page.locator(".lt-tieu-de").inner_text()
    drained = page.evaluate("""async () => {
        for (let k = 0; k < 1000; k++) {
            const r = await fetch('api/luyen-tap', { method: 'POST', credentials: 'same-origin',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ seed: 1000 + k, level: 'vua', algorithm: 'cat-tia' }) });
            if (r.status === 429) {
                return [k, r.headers.get('Retry-After')];
            }
        }
        return null;
    }""")
    assert drained, "trình chạy phải giới hạn một máy xin thẻ liên tục"
    assert drained[1], "429 phải kèm Retry-After"
    # Yêu cầu kế tiếp của chính trang cũng phải gặp giới hạn. Nhưng ở chế độ lớp học
    # mỗi máy được thêm một lượt sau mỗi 250 ms: trên máy bận, lúc trang gửi yêu cầu
    # thì lượt có thể đã hồi. Vì vậy yêu cầu đầu tiên của trang sau cú bấm được
    # chuyển tới trình chạy (mỗi lần một thẻ thật) cho tới khi trình chạy trả lời 429,
    # và trang nhận đúng câu trả lời 429 ấy; các yêu cầu sau đi thẳng tới trình chạy.
    limited = []

    def first_request_meets_the_limit(route):
        if limited or route.request.method != "POST":
            route.continue_()
            return
        for _ in range(1000):
            answer = route.fetch()
            if answer.status == 429:
                break
        limited.append(answer.status)
        route.fulfill(response=answer)

    page.route("**/api/luyen-tap", first_request_meets_the_limit)
    page.locator(".lt-moi").click()
    wait_text(page, ".lt-trang-thai", "tự thử lại")
    assert limited == [429], limited
    status = page.locator(".lt-trang-thai").inner_text()
    assert "make book" not in status and "Không có trình chạy" not in status, status
    expect(page.locator(".lt-tieu-de")).not_to_have_text(title, timeout=30000)
    wait_text(page, ".lt-trang-thai", "mọi hạt giống")
    page.unroute("**/api/luyen-tap")


def block_module(page):
    """Chặn tệp mô-đun WebAssembly của sách: trang như trong một trình duyệt không
    chạy được WebAssembly (window.caytrochoi từ chối mọi lời gọi)."""
    page.route("**/wasm/mo-dun.js", lambda route: route.abort())


def no_module_no_runner(browser, shots):
    with StaticServer(BOOK) as base:
        for width in (1280, 390):
            page = new_page(browser, width, 1000)
            block_module(page)
            page.goto(base + PAGE, timeout=60000)
            wait_text(page, ".lt-trang-thai", "WebAssembly")
            status = page.locator(".lt-trang-thai").inner_text()
            assert "cần một trình duyệt chạy được WebAssembly" in status, status
            assert "make book" in status, status
            # Không có nút hay ô nào dẫn tới một trang hỏng.
            for part in (".lt-dieu-khien", ".lt-nut", ".lt-hinh", ".lt-tieu-de", "button"):
                assert page.locator("#luyen-tap " + part).count() == 0, part
            no_horizontal_overflow(page)
            if shots:
                page.screenshot(path=str(shots / f"luyen-tap-khong-wasm-{width}.png"),
                                full_page=True)
            assert not page.errors, page.errors
            all_local(page)
            page.close()


def no_module_with_runner(browser, shots):
    with Runner("--workers", "1") as runner:
        base = runner.base
        page = new_page(browser, 1280, 1000)
        block_module(page)
        open_seed_with_runner(page, base, 31337)
        code, card = post_card(base, base.rstrip("/"), 31337)
        assert code == 200, (code, card)
        grades = []
        page.on("request", lambda q: grades.append(q.post_data or "")
                if q.url.endswith("/api/luyen-tap/cham") else None)
        # Không có mô-đun: trình chạy chấm.
        exercise(page, card, base=base)
        assert len(grades) == 3, grades
        assert not page.errors, page.errors
        all_local(page)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shots")
    args = ap.parse_args()
    shots = pathlib.Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    for need in [BOOK / PAGE, pathlib.Path(BINARY)]:
        if not need.exists():
            sys.exit(f"Chưa có {need}: chạy `make book-build` và "
                     "`cargo build --features runner --bin caytrochoi-sach` trước.")
    checks = Checks("trang luyện tập")
    with sync_playwright() as p:
        browser = launch(p)
        for name, fn in [("mở thẳng từ tệp, mô-đun WebAssembly tính thẻ", offline_file),
                         ("máy chủ tĩnh, bề rộng 390 px", static_server_narrow),
                         ("trình chạy: hạt giống bất kỳ", any_seed_with_runner),
                         ("lớp học: 30 cây mới liền nhau, cây vừa khung", class_mode_cards),
                         ("không mô-đun, có trình chạy: vẫn luyện được", no_module_with_runner),
                         ("không mô-đun, không trình chạy: một câu nói rõ cần gì",
                          no_module_no_runner)]:
            checks.run(name, fn, browser, shots)
        browser.close()
    checks.finish()

if __name__ == "__main__":
    main()

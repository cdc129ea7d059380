#!/usr/bin/env python3
"""Trang luyện tập của sách trong một trình duyệt thật: Chromium của Debian (không
giao diện) do Playwright điều khiển.

    python tests/practice/browser.py [--shots THƯ-MỤC]

Ba cách mở trang:
- thẳng từ tệp (file://): không có trình chạy, trang dùng ngân hàng dựng sẵn;
- qua một máy chủ tĩnh trên 127.0.0.1: vẫn không có trình chạy;
- qua một máy chủ 127.0.0.1 giả trình chạy của sách (`/api/status`, `/api/run`
  trả lời từng dòng JSON như trình chạy thật): trang dùng được mọi hạt giống. Máy
  chủ giả tạo thẻ bằng `examples/practice_card.rs`, tức đúng lời gọi
  `caytrochoi::practice::web::card_json` mà trình chạy thật sẽ chạy.

Ở mỗi cách: bấm sai một nhánh → lời nhận xét bậc 1 lấy đúng câu của thẻ; kiểm tra
lần hai → câu bậc 2; chọn đúng các nhánh → "Đúng!" và lời giải có hình; trang
không có lỗi JavaScript và không tràn ngang ở bề rộng 390 px.

--shots  chụp trang ở 1280 px và 390 px (trước và sau khi kiểm tra).
"""

import argparse
import functools
import http.server
import json
import os
import pathlib
import re
import subprocess
import sys
import threading
import time
import traceback

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOOK = ROOT / "book" / "book"
PAGE = "luyen-tap.html"
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
CARD = TARGET / "debug" / "examples" / "practice_card"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync"]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class FakeRunner(Quiet):
    """Sách tĩnh, cộng `/api/status` và `/api/run` như trình chạy của sách."""

    runs = []

    def do_GET(self):
        if self.path.startswith("/api/status"):
            self.reply(200, "application/json", json.dumps(
                {"runner": "caytrochoi-sach", "version": "thử", "class_mode": False}))
        else:
            super().do_GET()

    def do_POST(self):
        if self.path != "/api/run":
            self.reply(404, "text/plain", "không có")
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        code = json.loads(body)["code"]
        FakeRunner.runs.append(code)
        m = re.fullmatch(
            r'print!\("\{\}", caytrochoi::practice::web::card_json\((\d+), "(\w+)", "([\w-]+)"\)\);',
            code)
        if not m:
            self.reply(400, "application/json", json.dumps({"error": "mã lạ: " + code}))
            return
        out = subprocess.run([str(CARD), *m.groups()], capture_output=True, text=True,
                             check=True).stdout
        lines = [{"event": "compiling"}, {"event": "running"},
                 {"event": "done", "queue_ms": 0,
                  "result": {"status": "ok", "parts": [{"kind": "text", "text": out}]}}]
        self.reply(200, "application/x-ndjson",
                   "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines))

    def reply(self, code, ctype, text):
        data = text.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype + "; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class Server:
    """Máy chủ 127.0.0.1 trên một cổng trống; luôn dừng khi ra khỏi `with`."""

    def __init__(self, handler):
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(BOOK)))

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        return False


def open_page(browser, url, width):
    page = browser.new_page(viewport={"width": width, "height": 1000})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, timeout=60000)
    page.wait_for_selector("#luyen-tap .lt-canh", timeout=30000)
    page.wait_for_function(
        "document.querySelector('.lt-trang-thai').textContent.length > 0")
    return page, errors


def card_of(page):
    """Thẻ đang hiện, đọc lại từ ngân hàng (hoặc từ trình chạy giả) theo hạt giống."""
    return page.evaluate("""() => {
        const seed = parseInt(document.querySelector('.lt-hat-giong').value, 10);
        const level = document.querySelector('.lt-muc').value;
        const alg = document.querySelector('.lt-thuat-toan').value;
        return window.LUYEN_TAP.cards.find(c => c.seed === seed && c.level === level &&
            c.algorithm === alg) || null;
    }""")


def click_edge(page, child):
    page.locator(f'.lt-canh[data-child="{child}"] .lt-canh-bam').dispatch_event("click")


def feedback(page):
    return page.locator(".lt-nhan-xet").inner_text()


def exercise(page, card, shots=None, tag=""):
    """Sai một nhánh hai lần, rồi đúng; kiểm tra từng lời nhận xét."""
    visited = [label for label, f in card["nodes"].items() if f["status"] == "visited"]
    assert visited, "thẻ phải có nhánh không bị cắt"
    extra = visited[0]
    click_edge(page, extra)
    assert page.locator(f'.lt-canh[data-child="{extra}"]').get_attribute("aria-pressed") == "true"
    page.click(".lt-kiem-tra")
    text = feedback(page)
    assert card["nodes"][extra]["extraHint"] in text, text
    assert card["missedHints"][len(card["truth"]) - 1] in text, text
    assert card["nodes"][extra]["extraDetail"] not in text, "bậc 1 không được nói chi tiết"
    if shots:
        page.screenshot(path=str(shots / f"luyen-tap-{tag}-sai.png"), full_page=True)
    page.click(".lt-kiem-tra")
    text = feedback(page)
    assert card["nodes"][extra]["extraDetail"] in text, text
    first_missed = card["truth"][0]
    assert card["nodes"][first_missed]["missedWhy"] in text, text
    assert page.locator(".lt-loi-giai").is_hidden()
    # Bỏ nhánh sai, chọn đúng các nhánh bị cắt.
    click_edge(page, extra)
    for t in card["truth"]:
        click_edge(page, t)
    page.click(".lt-kiem-tra")
    text = feedback(page)
    assert text.startswith(page.evaluate("window.LUYEN_TAP.texts.rightHead")), text
    assert card["right"] in text, text
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
    assert card, "phải mở một thẻ của ngân hàng"
    if shots:
        page.screenshot(path=str(shots / "luyen-tap-1280.png"), full_page=True)
    exercise(page, card, shots, "1280")
    # "Cây mới" đi sang thẻ kế tiếp của ngân hàng; đổi mức và thuật toán.
    before = card["seed"]
    page.click(".lt-moi")
    page.wait_for_function(f"document.querySelector('.lt-hat-giong').value !== '{before}'")
    page.select_option(".lt-muc", "kho")
    page.select_option(".lt-thuat-toan", "cua-so")
    page.wait_for_function("document.querySelector('.lt-tieu-de').textContent.includes('khó')")
    card = card_of(page)
    assert card and card["algorithm"] == "cua-so" and card["level"] == "kho"
    exercise(page, card)
    # Hạt giống ngoài ngân hàng: báo rõ, mở hạt giống có sẵn.
    page.fill(".lt-hat-giong", "777")
    page.click(".lt-mo")
    page.wait_for_function(
        "document.querySelector('.lt-trang-thai').textContent.includes('không có trong ngân hàng')")
    assert not errors, errors


def static_server_narrow(browser, shots):
    with Server(Quiet) as base:
        page, errors = open_page(browser, base + PAGE, 390)
        assert "Không có trình chạy" in page.locator(".lt-trang-thai").inner_text()
        no_horizontal_overflow(page)
        if shots:
            page.screenshot(path=str(shots / "luyen-tap-390.png"), full_page=True)
        exercise(page, card_of(page), shots, "390")
        no_horizontal_overflow(page)
        assert not errors, errors


def any_seed_with_runner(browser, shots):
    FakeRunner.runs.clear()
    with Server(FakeRunner) as base:
        page, errors = open_page(browser, base + PAGE, 1280)
        page.wait_for_function(
            "document.querySelector('.lt-trang-thai').textContent.includes('mọi hạt giống')")
        page.fill(".lt-hat-giong", "424242")
        page.click(".lt-mo")
        page.wait_for_function("document.querySelector('.lt-tieu-de').textContent.includes('424242')")
        assert any("card_json(424242, " in r for r in FakeRunner.runs), FakeRunner.runs
        # Thẻ do trình chạy sinh: đọc lại y như trình chạy trả về.
        out = subprocess.run([str(CARD), "424242", "vua", "cat-tia"], capture_output=True,
                             text=True, check=True).stdout
        exercise(page, json.loads(out), shots, "trinh-chay")
        page.click(".lt-moi")
        page.wait_for_function("!document.querySelector('.lt-tieu-de').textContent.includes('424242')")
        assert len(FakeRunner.runs) >= 3
        assert not errors, errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shots")
    args = ap.parse_args()
    shots = pathlib.Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    for need in [BOOK / PAGE, CARD]:
        if not need.exists():
            sys.exit(f"Chưa có {need}: chạy `make book-build` và "
                     "`cargo build --example practice_card` trước.")
    passed = failed = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for name, fn in [("mở thẳng từ tệp, ngân hàng dựng sẵn", offline_file),
                         ("máy chủ tĩnh, bề rộng 390 px", static_server_narrow),
                         ("trình chạy: hạt giống bất kỳ", any_seed_with_runner)]:
            start = time.time()
            try:
                fn(browser, shots)
            except Exception:  # noqa: BLE001 — báo mọi lỗi rồi chạy tiếp
                failed += 1
                print(f"  THẤT BẠI {name} ({time.time() - start:.1f} s)")
                traceback.print_exc()
            else:
                passed += 1
                print(f"  đạt      {name} ({time.time() - start:.1f} s)")
        browser.close()
    print(f"trang luyện tập: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Sách tương tác (thư mục của `make sach-tinh`) trong Chromium thật, KHÔNG có
trình chạy và KHÔNG có mạng: mọi yêu cầu ra ngoài 127.0.0.1 bị chặn (và kiểm thử
thất bại nếu có yêu cầu như vậy). Sách được mở hai cách: qua một máy chủ tĩnh trên
127.0.0.1 và thẳng từ đĩa (file://).

    python tests/wasm/browser.py [--book THƯ_MỤC] [--shots THƯ_MỤC_ẢNH]

Ở mỗi cách:
- xem cây (chương 4): cây A…K của bài giảng có giá trị 1, F và H bị cắt; đi qua
  đủ 22 bước của cat_tia bằng phím mũi tên, hình và câu giải thích theo từng bước;
- cây một triệu nút nhận câu báo giới hạn, trang vẫn trả lời trong lúc tính
  (không tác vụ nào của luồng chính dùng tới 100 ms CPU, đo bằng vết của
  Chromium); một panic
  thật thành câu tiếng Việt và trang vẫn dùng tiếp được;
- trang luyện tập: một hạt giống trang tính trong mô-đun, chấm sai rồi đúng;
- Dodgem (chương 6): chơi với máy đến hết ván;
- Grundy (chương 5): giá trị trùng với `caytrochoi grundy … --json` (cả Cờ DAM và
  một thế Tô màu giữa ván); mỗi lần chờ dựa trên câu hỏi vừa gửi (`data-query`);
  một ván Bốc sỏi và một ván Nim với máy đến hết (máy thắng khi người chơi không
  đi về thế G = 0); một ván Tô màu, trò chơi bát phân và Chuyển sỏi với máy;
- các cách tìm của chương 7 (`tictactoe --search negamax|negamax-ab|id-tt|mcts`)
  qua API cho cùng JSON với dòng lệnh (trừ số giây);
- khung của chương 7: chọn thế cờ carô hay Dodgem 3×3, đi từng vòng sâu dần (nút,
  tra thấy, trả lời ngay, số mục, giá trị, nước) và từng mốc số lần chơi thử của
  MCTS (số lần thăm, tỉ lệ điểm), bằng chuột và bàn phím: mọi ô như JSON của
  `tictactoe --search … --board …` / `dodgem search …` trên máy; ở 390 px không
  tràn ngang, chỗ bấm ≥ 44 px;
- ở bề rộng 390 px, không trang nào tràn ngang, và chữ trong hình của các khung
  cao ít nhất 8 điểm ảnh (hình rộng cuộn trong khung).
Cuối cùng, với trình chạy của sách đang bật (`make book`), các khung vẫn chạy.

--shots  chụp mỗi khung ở 1280 px và 390 px.
"""

import argparse
import json
import math
import pathlib
import subprocess
import sys
import time

from playwright.sync_api import expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "runner"))
from common import BINARY, TARGET, Checks, Runner, StaticServer, launch, new_page, tap_edge  # noqa: E402

CLI = pathlib.Path(TARGET) / "debug" / "caytrochoi"
WAIT = 60000


class Book:
    """Một trình duyệt, một cách mở sách (`base`: http://127.0.0.1:…/ hoặc file://…/)."""

    def __init__(self, browser, base, shots, tag):
        self.browser, self.base, self.shots, self.tag = browser, base, shots, tag
        self.outside = []

    def open(self, page_name, width=1280):
        page = new_page(self.browser, width, outside=self.outside)
        page.goto(self.base + page_name, timeout=WAIT)
        return page

    def shot(self, page, name):
        if self.shots:
            page.screenshot(path=str(self.shots / f"{name}-{self.tag}.png"), full_page=True)

    def close(self, page):
        assert not page.errors, page.errors
        assert not self.outside, f"yêu cầu ra ngoài 127.0.0.1: {self.outside}"
        page.context.close()


def no_sideways_overflow(page):
    over = page.evaluate("""() => {
        const main = document.querySelector('main');
        return Math.max(main.scrollWidth - main.clientWidth,
            document.documentElement.scrollWidth - window.innerWidth);
    }""")
    assert over <= 1, f"trang tràn ngang {over}px"


def main_thread_work(browser, page, button, done_js):
    """Bấm `button` (một sự kiện chuột thật) và chờ lời hứa `done_js` của trang, với
    vết của Chromium đang ghi. Trả về các tác vụ của luồng chính và của Worker bắt đầu
    sau lúc bấm: danh sách (ms CPU của luồng, ms đồng hồ)."""
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    page.evaluate(f"() => {{ window.__ctcXong = {done_js}; }}")
    browser.start_tracing(page=page, categories=["__metadata", "toplevel", "blink.user_timing"])
    try:
        page.evaluate("performance.mark('ctc-bam')")
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.evaluate("""wait => Promise.race([
            window.__ctcXong.then(() => performance.mark('ctc-xong')),
            new Promise((_, fail) => setTimeout(() => fail(new Error('trang không xong sau ' + wait + ' ms')), wait)),
        ])""", WAIT)
    finally:
        events = json.loads(browser.stop_tracing())["traceEvents"]
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
               if e.get("ph") == "M" and e.get("name") == "thread_name"}
    marks = {e["name"]: e["ts"] for e in events if e.get("name") in ("ctc-bam", "ctc-xong")}
    assert len(marks) == 2, f"vết thiếu mốc: {marks}"

    def tasks(thread):
        return [(e["tdur"] / 1000, e["dur"] / 1000) for e in events
                if e.get("ph") == "X" and e["name"] == "ThreadControllerImpl::RunTask"
                and threads.get((e["pid"], e["tid"])) == thread
                and marks["ctc-bam"] <= e["ts"] <= marks["ctc-xong"]]
    main = tasks("CrRendererMain")
    assert main, "vết không có tác vụ nào của luồng chính"
    return main, tasks("DedicatedWorker thread")


def explorer(book):
    page = book.open("ch04-alpha-beta.html")
    w = page.locator(".ctc-cay").first
    w.scroll_into_view_if_needed()
    table = w.locator("dl.ctc-bang")
    expect(table).to_have_count(1, timeout=WAIT)
    assert table.get_attribute("data-value") == "1", table.inner_text()
    assert table.get_attribute("data-pruned") == "F,H", table.inner_text()
    assert w.locator(".ctc-thanh").get_attribute("max") == "22"
    book.shot(page, "cay")
    fig = w.locator(".ctc-hinh")
    fig.focus()
    page.keyboard.press("Home")
    expect(w).to_have_attribute("data-step", "0")
    for k in range(1, 23):
        page.keyboard.press("ArrowRight")
        expect(w).to_have_attribute("data-step", str(k))
        expect(w.locator(".ctc-cau")).to_contain_text(f"{k}. ")
        if k < 22:
            expect(fig).to_contain_text(f"Bước {k}/22", timeout=WAIT)
        if k == 12:
            book.shot(page, "cay-buoc-12")
    expect(w.locator(".ctc-cau")).to_contain_text("Đã xét hết các con của A")
    expect(w.locator(".ctc-cau")).to_contain_text("Kết quả: nút A có giá trị 1.")
    # Nút ◀ và thanh trượt cũng đi được.
    w.locator(".ctc-truoc").click()
    expect(w).to_have_attribute("data-step", "21")
    # Cửa sổ (α, β) có sắp thứ tự: cùng giá trị.
    tree = w.locator(".ctc-cay-van-ban").input_value()
    w.locator(".ctc-thuat-toan").select_option("window")
    expect(w.locator(".ctc-trang-thai")).to_contain_text("--variant window", timeout=WAIT)
    answer = w.locator(f'dl.ctc-bang[data-query="window {tree}"]')
    expect(answer).to_have_count(1, timeout=WAIT)
    assert answer.get_attribute("data-value") == "1"
    # Cây sai: câu báo có dòng và cột, chữ của người học còn nguyên.
    w.locator(".ctc-cay-van-ban").fill("A(B:1, C(E:x))")
    w.locator(".ctc-dinh-tri").click()
    expect(w.locator(".ctc-loi")).to_contain_text("dòng 1", timeout=WAIT)
    expect(w.locator(".ctc-loi")).to_contain_text("cột")
    assert w.locator(".ctc-cay-van-ban").input_value() == "A(B:1, C(E:x))"
    # Hai nước cùng giá trị: trang nói nước nào được chọn và vì sao, không chỉ "B".
    tie = "A(B:1, C(E:0, F:1), D:1)"
    w.locator(".ctc-cay-van-ban").fill(tie)
    w.locator(".ctc-thuat-toan").select_option("minimax")
    w.locator(".ctc-dinh-tri").click()
    best = w.locator(f'dl.ctc-bang[data-query="minimax {tie}"] dd').nth(1)
    expect(best).to_contain_text("B — D cũng cho đúng giá trị 1", timeout=WAIT)
    expect(best).to_contain_text("giữ nước gặp trước là B")
    w.locator(".ctc-thuat-toan").select_option("cat-tia")
    best = w.locator(f'dl.ctc-bang[data-query="cat-tia {tie}"] dd').nth(1)
    expect(best).to_contain_text("không tốt hơn 1", timeout=WAIT)
    book.close(page)


def million_nodes(book):
    page = book.open("ch04-alpha-beta.html")
    w = page.locator(".ctc-cay").first
    expect(w.locator("dl.ctc-bang")).to_have_count(1, timeout=WAIT)
    # Gốc với 1 000 001 lá: 1 000 002 nút, vượt giới hạn 1 000 000 nút. Chữ được
    # đặt vào ô (như người học dán vào) và trình duyệt dàn trang nó xong trước khi
    # đo: việc dàn 2 MB chữ trong một <textarea> là của trình duyệt, lúc dán.
    w.scroll_into_view_if_needed()
    page.evaluate("""() => new Promise(done => {
        const t = document.querySelector('.ctc-cay-van-ban');
        t.value = '(' + '1,'.repeat(1000000) + '1)';
        t.offsetHeight;
        requestAnimationFrame(() => setTimeout(done, 0));
    })""")
    # Từ lúc bấm đến lúc câu báo giới hạn hiện ra, không tác vụ nào của luồng chính
    # dùng tới 100 ms CPU (chữ của cây đi nguyên sang Worker; Worker đọc và đếm
    # nút). Đo bằng vết của Chromium, thời gian CPU của từng luồng: máy bận (các bước
    # khác của `make test` chạy cùng lúc) làm chậm đồng hồ treo tường, không làm
    # tăng phần CPU mà luồng chính phải làm. Trong khoảng đo, Playwright không gửi gì
    # vào trang (việc của chính Playwright cũng chạy trên luồng chính): nút được bấm
    # bằng một sự kiện chuột thật và trang tự báo lúc xong.
    main, worker = main_thread_work(book.browser, page, w.locator(".ctc-dinh-tri"), """
        new Promise(done => new MutationObserver((_, seen) => {
            if (document.querySelector('.ctc-cay .ctc-loi').textContent.includes('1.000.000')) {
                seen.disconnect();
                done();
            }
        }).observe(document.querySelector('.ctc-cay .ctc-loi'), { childList: true, subtree: true, characterData: true }))
    """)
    print(f"           luồng chính: {len(main)} tác vụ, dài nhất {max(main)[0]:.0f} ms CPU "
          f"({max(main)[1]:.0f} ms đồng hồ); Worker: {sum(t for t, _ in worker):.0f} ms CPU")
    assert worker, "không thấy Worker làm việc trong lúc tính"
    assert max(main)[0] < 100, f"tác vụ dài trên luồng chính: {sorted(main)[-3:]} (ms CPU, ms đồng hồ)"
    expect(w.locator(".ctc-loi")).to_contain_text("1.000.000", timeout=WAIT)
    # Chữ của người học còn nguyên trong ô.
    assert page.evaluate("document.querySelector('.ctc-cay-van-ban').value.length") == 2000003
    book.shot(page, "cay-gioi-han")
    # Một panic trong mô-đun (hàm tự kiểm tra cố ý panic) thành một câu tiếng
    # Việt; Worker mở lại.
    panic = page.evaluate("""async () => {
        try { await window.caytrochoi.panicCheck(); return 'không lỗi'; }
        catch (e) { return e.message; }
    }""")
    assert panic.startswith("Mô-đun gặp lỗi bên trong"), panic
    # `dodgem solve` (giải và đếm, trên máy là hai luồng) chạy được trong trang:
    # lần lượt trên một luồng, cùng JSON với dòng lệnh (trừ số giây).
    solved = page.evaluate("""async () => {
        const r = await window.caytrochoi.run(['dodgem', 'solve', '--size', '3', '--json']);
        return r;
    }""")
    assert solved["code"] == 0, solved
    native = subprocess.run([str(CLI), "dodgem", "solve", "--size", "3", "--json"],
                            capture_output=True, text=True, check=True).stdout
    strip = lambda v: {k: x for k, x in v.items() if k != "seconds"}
    assert strip(json.loads(solved["stdout"])) == strip(json.loads(native)), "dodgem solve: trang ≠ CLI"
    # Vẫn dùng tiếp được.
    w.locator(".ctc-cay-van-ban").fill("A(B:3, C:5)")
    w.locator(".ctc-dinh-tri").click()
    answer = w.locator('dl.ctc-bang[data-query$=" A(B:3, C:5)"]')
    expect(answer).to_have_attribute("data-value", "5", timeout=WAIT)
    book.close(page)


def practice(book):
    page = book.open("luyen-tap.html")
    page.wait_for_selector("#luyen-tap .lt-canh", timeout=WAIT)
    seed = "987654"  # một hạt giống lớn bất kỳ: mô-đun tính thẻ ngay trong trang
    page.fill(".lt-hat-giong", seed)
    page.click(".lt-mo")
    # Chờ đúng thẻ vừa xin (`data-card`: hạt giống, mức, thuật toán): ô hạt giống
    # đã mang số vừa gõ, và câu "mọi hạt giống" có từ thẻ đầu trang.
    level, alg = page.evaluate("""() => [document.querySelector('.lt-muc').value,
        document.querySelector('.lt-thuat-toan').value]""")
    expect(page.locator("#luyen-tap")).to_have_attribute("data-card", f"{seed} {level} {alg}",
                                                         timeout=WAIT)
    expect(page.locator(".lt-trang-thai")).to_contain_text("mọi hạt giống", timeout=WAIT)
    card = page.evaluate("""async () => window.caytrochoi.clickCard(
        document.querySelector('.lt-hat-giong').value,
        document.querySelector('.lt-muc').value,
        document.querySelector('.lt-thuat-toan').value)""")
    assert card["seed"] == int(seed)
    extra = next(e["child"] for e in card["edges"] if e["child"] not in card["truth"])

    def click(child):
        tap_edge(page, child)

    def check():
        # Trang hỏi bộ chấm của mô-đun rồi hiện lời chấm: chờ lời chấm mới.
        n = int(page.locator("#luyen-tap").get_attribute("data-graded") or 0)
        page.click(".lt-kiem-tra")
        expect(page.locator("#luyen-tap")).to_have_attribute("data-graded", str(n + 1),
                                                             timeout=WAIT)
        return page.locator(".lt-nhan-xet").inner_text()

    def graded(picks, before):
        # Cùng lời chấm với bộ chấm của thư viện (qua API).
        return page.evaluate("""([seed, level, alg, picks, before]) =>
            window.caytrochoi.clickGrade(seed, level, alg, picks, before)""",
                             [seed, level, alg, picks, before])

    click(extra)
    text = check()
    wrong = graded([extra], 0)
    assert not wrong["right"] and text == wrong["message"], (text, wrong)
    assert text.startswith("Chưa đúng"), text
    book.shot(page, "luyen-tap-sai")
    click(extra)
    for t in card["truth"]:
        click(t)
    text = check()
    right = graded(card["truth"], 1)
    assert right["right"] and text == right["message"], (text, right)
    assert text.startswith("Đúng!"), text
    assert page.locator(".lt-loi-giai svg").count() == 1
    book.shot(page, "luyen-tap-dung")
    book.close(page)


def dodgem(book):
    page = book.open("ch06-dodgem.html")
    w = page.locator(".ctc-dodgem")
    w.scroll_into_view_if_needed()
    w.locator(".ctc-do-sau").select_option("3")
    w.locator(".ctc-van-moi").click()
    # Người luôn đi nước đầu tiên trong danh sách; ván dừng khi có người thắng
    # hoặc khi một thế cờ lặp lại lần thứ ba (hòa).
    turn = page.locator('.ctc-dodgem:is([data-turn="nguoi"], [data-turn="het"])')
    for _ in range(300):
        expect(turn).to_have_count(1, timeout=WAIT)
        if w.get_attribute("data-turn") == "het":
            break
        w.locator(".ctc-nuoc").first.click()
    assert w.get_attribute("data-over") == "yes", "ván cờ không kết thúc"
    end = w.locator(".ctc-ket-thuc").inner_text()
    assert "Ván cờ kết thúc" in end or "hòa" in end, end
    assert w.locator(".ctc-may").count() >= 1
    assert "Alpha-beta 3 nước" in w.locator(".ctc-may").first.inner_text()
    book.shot(page, "dodgem")
    # Bàn 4×4, luật Winning Ways, máy đi trước.
    w.locator(".ctc-co").select_option("4")
    w.locator(".ctc-luat").select_option("ww")
    w.locator(".ctc-di-truoc").select_option("trang")
    w.locator(".ctc-van-moi").click()
    expect(w.locator(".ctc-may")).to_have_count(1, timeout=WAIT)
    expect(w.locator(".ctc-nuoc").first).to_be_visible(timeout=WAIT)
    assert w.get_attribute("data-board").count("/") == 3
    book.close(page)


def grundy_answer(w, *query):
    """Bảng trả lời của khung Grundy cho đúng câu hỏi `query` (tên trò chơi rồi
    các đối số, như dòng lệnh): chờ bảng có `data-query` ấy — không chờ G, vì G
    có thể trùng với câu hỏi trước và bảng cũ vẫn đang hiện."""
    table = w.locator(f'dl.ctc-bang[data-query="{" ".join(query)}"]')
    expect(table).to_have_count(1, timeout=WAIT)
    return table


def grundy_figure(w, *query):
    """Hình của khung Grundy cho đúng câu hỏi `query` (hình đến sau bảng)."""
    fig = w.locator(f'.ctc-hinh[data-query="{" ".join(query)}"]')
    expect(fig).to_have_count(1, timeout=WAIT)
    return fig


def native_grundy(*args):
    out = subprocess.run([str(CLI), "grundy", *args, "--json"], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def search_chapter7(book):
    """Các cách tìm của chương 7 qua API (`tictactoe --search …`: trong trang,
    đồng hồ là performance.now() của trình duyệt): cùng JSON với dòng lệnh trên
    máy, trừ số giây."""
    page = book.open("ch04-alpha-beta.html")
    for extra in (["negamax"], ["negamax-ab"], ["id-tt", "--depth", "6"],
                  ["mcts", "--playouts", "500", "--seed", "3"]):
        args = ["tictactoe", "--search", *extra, "--json"]
        got = page.evaluate("""async (args) => {
            const r = await window.caytrochoi.run(args);
            return [r.code, r.stdout, r.stderr];
        }""", args)
        assert got[0] == 0, got
        web = json.loads(got[1])
        native = json.loads(subprocess.run([str(CLI), *args], capture_output=True, text=True,
                                           check=True).stdout)
        assert web["seconds"] >= 0, web
        web.pop("seconds")
        native.pop("seconds")
        assert web == native, (extra, web, native)
    book.close(page)


def native_json(args):
    out = subprocess.run([str(CLI), *args, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def cells(w):
    """Các ô của bảng trong khung chương 7, mỗi hàng một danh sách chữ."""
    return w.locator("table.ctc-bang-vong tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))")


def number(text):
    """Chữ của một ô ("1.234", "−45", "+∞") thành giá trị như JSON của dòng lệnh."""
    text = text.replace(".", "").replace("−", "-").replace("+∞", "inf").replace("-∞", "-inf")
    return text if "inf" in text else int(text)


def deepening_matches_cli(w, args):
    """Khung sâu dần đang trả lời đúng lệnh `args`: đi tới vòng cuối bằng thanh
    trượt; mỗi hàng (độ sâu, số nút, tra thấy, trả lời ngay, số mục, giá trị, nước)
    đúng như JSON của dòng lệnh trên máy."""
    expect(w).to_have_attribute("data-query", " ".join(args), timeout=WAIT)
    want = native_json(args)["iterations"]
    w.locator(".ctc-thanh").fill(str(len(want)))
    expect(w).to_have_attribute("data-step", str(len(want)), timeout=WAIT)
    got = cells(w)
    assert len(got) == len(want), (args, got)
    for row, it in zip(got, want):
        assert [number(x) for x in row[:6]] == [it["depth"], it["nodes"], it["table_hits"],
                                                it["table_cutoffs"], it["table_entries"],
                                                it["value"]], (args, row, it)
        assert row[6] == (it["best_move"] or "—"), (args, row, it)
    assert f"nước {want[-1]['best_move']}" in w.locator(".ctc-cau").inner_text()


def mcts_matches_cli(w, args):
    """Khung MCTS đang trả lời đúng lệnh `args`: mỗi nước ở gốc với số lần thăm và tỉ
    lệ điểm (một chữ số thập phân) như JSON của dòng lệnh; ★ ở nước được chọn."""
    expect(w).to_have_attribute("data-query", " ".join(args), timeout=WAIT)
    want = native_json(args)
    got = {row[0].replace(" ★", ""): row for row in cells(w)}
    assert set(got) == {m["name"] for m in want["moves"]}, (args, got, want)
    for m in want["moves"]:
        row = got[m["name"]]
        assert number(row[1]) == m["visits"], (args, row, m)
        # Làm tròn như Math.round của trang (nửa lên), không như round() của Python.
        rate = f"{math.floor(m['wins'] / m['visits'] * 1000 + 0.5) / 10:g}".replace(".", ",") + " %"
        assert row[2] == rate, (args, row, m)
        assert row[0].endswith("★") == (m["name"] == want["best_move"]), (args, row)
    assert f"máy chọn {want['best_move']}" in w.locator(".ctc-cau").inner_text()


def chapter7_widgets(book):
    """Khung của chương 7: người học chọn thế cờ (carô, Dodgem 3×3) và xem sâu dần +
    bảng chuyển vị từng vòng, MCTS lớn dần theo số lần chơi thử; mọi con số như
    `caytrochoi tictactoe --search … --board …` / `caytrochoi dodgem search …
    --json` trên máy. Dùng được bằng bàn phím (mũi tên trên thanh trượt không sang
    trang); ở 390 px không tràn ngang, mọi chỗ bấm ≥ 44 px."""
    for width in (1280, 390):
        page = book.open("ch07-tim-kiem-thuc-te.html", width=width)
        url = page.url
        w = page.locator('.ctc-thuc-te[data-part="sau-dan"]')
        args = ["tictactoe", "--search", "id-tt", "--board", ".../.../...", "--depth", "9"]
        expect(w).to_have_attribute("data-step", "1", timeout=WAIT)
        assert len(cells(w)) == 1
        # Bàn phím: Tab tới nút "Vòng sau", Enter; mũi tên trên thanh trượt.
        w.locator(".ctc-sau").focus()
        page.keyboard.press("Enter")
        expect(w).to_have_attribute("data-step", "2", timeout=WAIT)
        w.locator(".ctc-thanh").focus()
        page.keyboard.press("ArrowRight")
        expect(w).to_have_attribute("data-step", "3", timeout=WAIT)
        assert page.url == url, "mũi tên trên thanh trượt đã sang trang"
        assert len(cells(w)) == 3
        deepening_matches_cli(w, args)
        w.locator(".ctc-the-co").select_option(label="O phải chặn ô 2")
        deepening_matches_cli(w, ["tictactoe", "--search", "id-tt", "--board", "X.X/.O./...",
                                  "--depth", "9"])
        w.locator(".ctc-tro-choi").select_option("dodgem")
        w.locator(".ctc-do-sau").select_option("17")
        dodgem = ["dodgem", "search", "--search", "id-tt", "--board", "D../D../.TT",
                  "--to-move", "den", "--depth", "17"]
        deepening_matches_cli(w, dodgem)
        assert cells(w)[-1][5] == "−1000"
        if width == 1280:
            w.locator(".ctc-ben-di").select_option("trang")
            deepening_matches_cli(w, dodgem[:6] + ["--to-move", "trang"] + dodgem[8:])
        # Bàn cờ gõ sai: câu của dòng lệnh, không còn bảng cũ.
        w.locator(".ctc-ban-co-chu").fill("D../D../.TX")
        # Chưa tính lại: bảng của thế trước mờ đi, có câu nói vì sao.
        expect(w.locator(".ctc-cu-ghi-chu")).to_be_visible()
        assert "ctc-cu" in w.get_attribute("class")
        w.locator(".ctc-ban-co-chu").press("Enter")
        bad = subprocess.run([str(CLI), *dodgem[:4], "--board", "D../D../.TX", "--json"],
                             capture_output=True, text=True)
        assert bad.returncode == 2
        expect(w.locator(".ctc-loi")).to_have_text(bad.stderr.strip().removeprefix("Lỗi: "),
                                                   timeout=WAIT)
        assert cells(w) == []
        w.locator(".ctc-ban-co-chu").fill("D../.T./D.T")
        w.locator(".ctc-ben-di").select_option("trang")
        deepening_matches_cli(w, ["dodgem", "search", "--search", "id-tt", "--board", "D../.T./D.T",
                                  "--to-move", "trang", "--depth", "17"])
        assert w.locator(".ctc-loi").is_hidden()
        assert w.locator(".ctc-cu-ghi-chu").is_hidden()

        m = page.locator('.ctc-thuc-te[data-part="mcts"]')
        m.scroll_into_view_if_needed()
        mcts = ["tictactoe", "--search", "mcts", "--board", ".../.../...", "--playouts", "100",
                "--seed", "1"]
        mcts_matches_cli(m, mcts)
        m.locator(".ctc-sau").focus()
        page.keyboard.press("Enter")
        mcts_matches_cli(m, mcts[:6] + ["200"] + mcts[7:])
        m.locator(".ctc-thanh").focus()
        page.keyboard.press("End")
        mcts_matches_cli(m, mcts[:6] + ["5000"] + mcts[7:])
        m.locator(".ctc-tro-choi").select_option("dodgem")
        m.locator(".ctc-hat-giong").fill("7")
        m.locator(".ctc-hat-giong").press("Enter")
        dm = ["dodgem", "search", "--search", "mcts", "--board", "D../D../.TT", "--to-move", "den",
              "--playouts", "5000", "--seed", "7"]
        mcts_matches_cli(m, dm)
        m.locator(".ctc-thanh").fill("3")
        mcts_matches_cli(m, dm[:9] + ["10"] + dm[10:])
        assert page.url == url
        if width == 390:
            no_sideways_overflow(page)
            small = page.evaluate("""() => [...document.querySelectorAll(
                    '.ctc-thuc-te button, .ctc-thuc-te select, .ctc-thuc-te input')]
                .filter(e => e.getClientRects().length)
                .map(e => [e.className, e.getBoundingClientRect().width, e.getBoundingClientRect().height])
                .filter(([, w, h]) => w < 44 || h < 44)""")
            assert not small, small
        if book.shots:
            for part, loc in (("sau-dan", w), ("mcts", m)):
                loc.scroll_into_view_if_needed()
                loc.screenshot(path=str(book.shots / f"ch07-{part}-{width}-{book.tag}.png"))
        book.close(page)


def grundy(book):
    page = book.open("ch05-grundy.html")
    w = page.locator(".ctc-grundy")
    w.scroll_into_view_if_needed()
    table = grundy_answer(w, "boc-soi", "3", "4")
    want = native_grundy("boc-soi", "3", "4")
    assert table.get_attribute("data-grundy") == str(want["grundy"])
    assert want["lecture_name"] in table.inner_text()
    expect(grundy_figure(w, "boc-soi", "3", "4").locator("svg")).to_have_count(1)  # bàn G(m, n)
    # Chơi với máy từ (3, 4) (G = 2: người đi trước thắng nếu biết chơi). Người
    # luôn bốc ít nhất (nước đầu danh sách); máy đi về thế G = 0 khi có thể.
    w.locator(".ctc-choi-nut").click()
    mover = page.locator('.ctc-grundy:is([data-play="nguoi"], [data-play="het"])')
    for _ in range(20):
        expect(mover).to_have_count(1, timeout=WAIT)
        if w.get_attribute("data-play") == "het":
            break
        w.locator(".ctc-nuoc-grundy").first.click()
    assert w.get_attribute("data-play") == "het"
    assert "máy thắng" in w.locator(".ctc-choi .ctc-ket-thuc").inner_text()
    assert w.locator(".ctc-choi .ctc-may").count() >= 1
    book.shot(page, "grundy")
    w.locator(".ctc-tro-choi").select_option("hau")
    want = native_grundy("hau", "4", "5")
    assert grundy_answer(w, "hau", "4", "5").get_attribute("data-grundy") == str(want["grundy"])
    api = page.evaluate("async () => window.caytrochoi.grundy('socola', ['5', '7'])")
    assert api == native_grundy("socola", "5", "7"), api
    # Cờ DAM, thế của Hình 5.9: G, P/N và nước thắng như dòng lệnh; có hình bàn cờ.
    w.locator(".ctc-tro-choi").select_option("dam")
    want = native_grundy("dam", "1-5", "2-8", "3-4")
    table = grundy_answer(w, "dam", "1-5 2-8 3-4")
    assert table.get_attribute("data-grundy") == str(want["grundy"])
    text = table.inner_text()
    assert want["pn"] in text and want["winning_moves"][0]["text"] in text, text
    expect(grundy_figure(w, "dam", "1-5 2-8 3-4").locator("svg")).to_have_count(1)
    # Nim 7, 9, 12 với máy: người luôn đi nước đầu danh sách; máy (đi sau, thế
    # G = 2 ≠ 0 là của người) vẫn thắng vì người không đi về G = 0; mọi nước
    # của máy có lời giải thích.
    w.locator(".ctc-tro-choi").select_option("nim")
    want = native_grundy("nim", "7", "9", "12")
    table = grundy_answer(w, "nim", "7 9 12")
    assert table.get_attribute("data-grundy") == str(want["grundy"])
    expect(grundy_figure(w, "nim", "7 9 12").locator("svg")).to_have_count(1)  # các đống
    w.locator(".ctc-choi-nut").click()
    for _ in range(30):
        expect(mover).to_have_count(1, timeout=WAIT)
        if w.get_attribute("data-play") == "het":
            break
        w.locator(".ctc-nuoc-grundy").first.click()
    assert w.get_attribute("data-play") == "het"
    assert "máy thắng" in w.locator(".ctc-choi .ctc-ket-thuc").inner_text()
    said = w.locator(".ctc-choi .ctc-may").all_inner_texts()
    assert said and all("Máy: bốc" in t and "G của thế mới" in t for t in said), said
    book.shot(page, "grundy-nim")
    book.close(page)


def grundy_play_more(book):
    """Chơi với máy cả Tô màu, trò chơi bát phân và Chuyển sỏi (thế giữa ván viết
    như danh mục `grundy::lecture`: dải `..xx..`, `0.07 3 5`, `4-19 --white …`): người luôn
    đi nước đầu danh sách đến hết ván; mỗi nước của máy có lời giải thích."""
    page = book.open("ch05-grundy.html")
    w = page.locator(".ctc-grundy")
    w.scroll_into_view_if_needed()
    mover = page.locator('.ctc-grundy:is([data-play="nguoi"], [data-play="het"])')
    defaults = {"to-mau": ["10"], "octal": ["0.07", "10"],
                "chuyen-soi": ["--cells", "19", "--step", "3"]}
    for game, seen in (("to-mau", "■"), ("octal", "các đống"), ("chuyen-soi", "viên đen ở ô")):
        w.locator(".ctc-tro-choi").select_option(game)
        grundy_answer(w, game, *defaults[game])
        if game == "chuyen-soi":
            # Ô nhập là tùy chọn của lệnh: --cells 13 --step 2 (G = 2, thế đầu G = 1).
            boxes = w.locator(".ctc-tham-so input")
            boxes.nth(0).fill("13")
            boxes.nth(1).fill("2")
            w.locator(".ctc-tinh").click()
            want = native_grundy("chuyen-soi", "--cells", "13", "--step", "2")
            table = grundy_answer(w, "chuyen-soi", "--cells", "13", "--step", "2")
            assert table.get_attribute("data-grundy") == str(want["grundy"])
        expect(w.locator(".ctc-choi-nut")).to_be_visible()
        w.locator(".ctc-choi-nut").click()
        for _ in range(40):
            expect(mover).to_have_count(1, timeout=WAIT)
            if w.get_attribute("data-play") == "het":
                break
            w.locator(".ctc-nuoc-grundy").first.click()
        assert w.get_attribute("data-play") == "het", game
        assert "thắng" in w.locator(".ctc-choi .ctc-ket-thuc").inner_text(), game
        said = w.locator(".ctc-choi .ctc-may").all_inner_texts()
        assert said and all("G của thế mới" in t for t in said), (game, said)
        positions = w.locator(".ctc-choi .ctc-the").all_inner_texts()
        assert len(positions) >= 2 and seen in positions[-1], (game, positions)
        book.shot(page, f"grundy-choi-{game}")
    # Thế giữa ván gõ vào ô phân tích: cùng câu trả lời với dòng lệnh.
    w.locator(".ctc-tro-choi").select_option("to-mau")
    grundy_answer(w, "to-mau", "10")
    w.locator(".ctc-tham-so input").first.fill("..xx....")
    w.locator(".ctc-tinh").click()
    want = native_grundy("to-mau", "..xx....")
    table = grundy_answer(w, "to-mau", "..xx....")
    assert table.get_attribute("data-grundy") == str(want["grundy"])
    assert want["winning_moves"][0]["text"] in table.inner_text()
    # Thế giữa ván sai: câu tiếng Việt nói chỗ sai.
    err = page.evaluate("""async () => {
        try { await window.caytrochoi.grundyTurn('to-mau', '..o..'); return 'không lỗi'; }
        catch (e) { return e.message; }
    }""")
    assert "ô 3" in err, err
    book.close(page)


def widget_figures_readable(book):
    """Ở bề rộng 390 px, chữ nhỏ nhất trong hình của mọi khung (cây, Grundy,
    Dodgem, bài luyện tập) cao ít nhất 8 điểm ảnh trên màn hình, như các hình của
    sách (tests/runner/browser.py, figures_readable_on_a_phone); hình rộng cuộn
    trong khung của nó, trang không tràn ngang. Hình cây được đo cả sau khi đi
    tới bước 5."""
    problems = []
    for name in ["ch02-cay-tro-choi.html", "ch03-minimax.html", "ch04-alpha-beta.html",
                 "ch05-grundy.html", "ch06-dodgem.html", "luyen-tap.html"]:
        page = book.open(name, width=390)
        figures = page.locator(".ctc-khung .ctc-hinh svg")
        expect(figures.first).to_be_visible(timeout=WAIT)
        steps = page.locator(".ctc-cay .ctc-thanh")
        for moment in (["lúc đầu", "bước 5"] if steps.count() else ["lúc đầu"]):
            if moment == "bước 5":
                steps.first.fill("5")
                expect(page.locator(".ctc-cay .ctc-hinh").first).to_contain_text(
                    "Bước 5/", timeout=WAIT)
            sizes = page.evaluate("""() => [...document.querySelectorAll('.ctc-khung .ctc-hinh svg')]
                .map(svg => {
                    let least = Infinity;
                    for (const t of svg.querySelectorAll('text, tspan')) {
                        if (!t.textContent.trim()) continue;
                        const m = t.getScreenCTM();
                        least = Math.min(least,
                            parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
                    }
                    return [svg.closest('.ctc-khung').className, least];
                })""")
            problems += [f"{name} ({moment}) {where}: chữ nhỏ nhất {px:.2f} px"
                         for where, px in sizes if px < 7.95]
        no_sideways_overflow(page)
        if book.shots:
            page.locator(".ctc-khung").first.screenshot(
                path=str(book.shots / f"khung-390-{name[:-5]}-{book.tag}.png"))
        book.close(page)
    assert not problems, "\n".join(problems)


def narrow(book):
    for name in ["ch04-alpha-beta.html", "ch05-grundy.html", "ch06-dodgem.html",
                 "ch07-tim-kiem-thuc-te.html", "luyen-tap.html"]:
        page = book.open(name, width=390)
        page.wait_for_selector(".ctc-bang, .ctc-bang-vong, .ctc-ban-co svg, .lt-canh", timeout=WAIT)
        page.wait_for_timeout(300)
        no_sideways_overflow(page)
        for sel in [".ctc-khung", "#luyen-tap"]:
            if page.locator(sel).count():
                page.locator(sel).first.scroll_into_view_if_needed()
                if book.shots:
                    page.locator(sel).first.screenshot(
                        path=str(book.shots / f"{name[:-5]}-390-{book.tag}.png"))
        book.close(page)


def with_runner(browser, shots):
    """Trình chạy của sách đang bật (make book): các khung vẫn dùng mô-đun (chính
    sách an ninh nội dung của trình chạy cho phép Worker từ blob và WebAssembly)."""
    with Runner() as r:
        book = Book(browser, r.base, shots, "runner")
        page = book.open("ch04-alpha-beta.html")
        table = page.locator(".ctc-cay dl.ctc-bang").first
        expect(table).to_have_attribute("data-value", "1", timeout=WAIT)
        assert table.get_attribute("data-pruned") == "F,H"
        page.locator(".ctc-cay .ctc-thanh").first.fill("5")
        expect(page.locator(".ctc-cay .ctc-hinh").first).to_contain_text("Bước 5/22", timeout=WAIT)
        book.close(page)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--book", default=str(ROOT / "sach-tinh"))
    ap.add_argument("--shots")
    args = ap.parse_args()
    folder = pathlib.Path(args.book).resolve()
    shots = pathlib.Path(args.shots) if args.shots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    for need in [folder / "wasm" / "mo-dun.js", CLI, pathlib.Path(BINARY)]:
        if not need.exists():
            sys.exit(f"Chưa có {need}: chạy `make sach-tinh`, `cargo build` và "
                     "`cargo build --features runner --bin caytrochoi-sach` trước.")
    checks = Checks("sách tương tác (WebAssembly)")
    tests = [("xem cây A…K, 22 bước", explorer), ("cây một triệu nút", million_nodes),
             ("luyện tập, hạt giống tính trong mô-đun", practice), ("Dodgem đến hết ván", dodgem),
             ("Grundy", grundy), ("Grundy: chơi Tô màu, bát phân, Chuyển sỏi", grundy_play_more),
             ("tìm kiếm chương 7 (carô)", search_chapter7),
             ("khung chương 7: sâu dần và MCTS từ một thế cờ, như dòng lệnh", chapter7_widgets),
             ("390 px không tràn ngang", narrow),
             ("390 px: chữ trong hình của các khung ≥ 8 px", widget_figures_readable)]
    with sync_playwright() as p:
        browser = launch(p)
        with StaticServer(folder) as base:
            for name, fn in tests:
                checks.run(f"máy chủ tĩnh: {name}", fn, Book(browser, base, shots, "http"))
        for name, fn in tests:
            checks.run(f"file://: {name}", fn, Book(browser, folder.as_uri() + "/", shots, "file"))
        checks.run("trình chạy của sách đang bật: các khung vẫn chạy", with_runner, browser, shots)
        browser.close()
    checks.finish()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Đo tốc độ của sách tương tác trong Chromium (make wasm-bench; không thuộc make
test — máy bận thì số đo lớn hơn, nên không có ngưỡng nào làm kiểm thử thất bại).

    python tests/wasm/bench.py [--book THƯ_MỤC]

In: cỡ mô-đun (byte, gzip), thời gian từ lúc mở trang đến khi mô-đun sẵn sàng và
khung xem cây đã có kết quả, thời gian (trung vị, tính từ trang, gồm cả đi về Web
Worker) để định trị và vẽ cây A…K, đếm toàn bộ cây carô (549 946 nút, giá trị
minimax), và sinh một thẻ luyện tập; so với mục tiêu của issue 21.
"""

import argparse
import gzip
import pathlib
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "runner"))
from common import CHROMIUM, FLAGS, StaticServer  # noqa: E402

AK = "A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))"

MEASURE = """async ([what, n]) => {
    const api = window.caytrochoi;
    await api.ready;
    const AK = %r;
    const jobs = {
        tree: async () => {
            const r = await api.evaluate(AK, 'cat-tia');
            const w = await api.walk(AK, 'cat-tia', false);
            const box = document.createElement('div');
            box.innerHTML = w.svg;
            document.body.append(box);
            box.getBoundingClientRect();
            box.remove();
            return r.value;
        },
        tictactoe: async () => {
            const r = await api.run(['tictactoe', '--json']);
            return JSON.parse(r.stdout).nodes;
        },
        card: async () => (await api.practiceCard(4, 'vua',
            String(100000 + Math.floor(Math.random() * 1e6)))).hat_giong,
    };
    await jobs[what]();  // khởi động
    const times = [];
    for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await jobs[what]();
        times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
}""" % AK


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--book", default=str(ROOT / "sach-tinh"))
    args = ap.parse_args()
    folder = pathlib.Path(args.book).resolve()
    wasm = ROOT / "target" / "wasm" / "wasm32-unknown-unknown" / "release" / "caytrochoi.wasm"
    data = wasm.read_bytes()
    size, gz = len(data), len(gzip.compress(data, 9))
    js = (folder / "wasm" / "mo-dun.js").stat().st_size
    rows = [("mô-đun .wasm", f"{size / 1024:.0f} KB", "≤ 1536 KB", size <= 1536 * 1024),
            ("mô-đun .wasm, gzip", f"{gz / 1024:.0f} KB", "≤ 500 KB", gz <= 500 * 1024),
            ("wasm/mo-dun.js (base64 + lớp nối)", f"{js / 1024:.0f} KB", "", True)]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        with StaticServer(folder) as base:
            loads = []
            for _ in range(5):
                page = browser.new_page()
                page.goto(base + "ch04-alpha-beta.html")
                page.wait_for_selector(".ctc-cay dl.ctc-bang", timeout=60000)
                loads.append(page.evaluate("""async () => {
                    await window.caytrochoi.ready;
                    const nav = performance.getEntriesByType('navigation')[0];
                    return [nav.loadEventEnd, performance.now()];
                }"""))
                ready = page.evaluate("""() => new Promise(r => {
                    const t = performance.now(); window.caytrochoi.ready.then(() => r(performance.now() - t));
                })""")
                loads[-1].append(ready)
                page.close()
            loads.sort(key=lambda x: x[0])
            load_end = loads[len(loads) // 2][0]
            page = browser.new_page()
            page.goto(base + "ch04-alpha-beta.html")
            t_ready = page.evaluate("""async () => { await window.caytrochoi.ready;
                return performance.now() - performance.getEntriesByType('navigation')[0].loadEventEnd; }""")
            page.wait_for_selector(".ctc-cay dl.ctc-bang", timeout=60000)
            tree = page.evaluate(MEASURE, ["tree", 30])
            ttt = page.evaluate(MEASURE, ["tictactoe", 9])
            card = page.evaluate(MEASURE, ["card", 30])
            page.close()
        browser.close()
    rows += [("trang tải xong (loadEventEnd)", f"{load_end:.0f} ms", "", True),
             ("mô-đun sẵn sàng sau khi trang tải xong", f"{max(t_ready, 0):.0f} ms", "≤ 500 ms",
              t_ready <= 500),
             ("cây A…K: định trị + vết + vẽ", f"{tree:.1f} ms", "≤ 20 ms", tree <= 20),
             ("carô đầy đủ (549 946 nút, minimax)", f"{ttt:.1f} ms", "≤ 40 ms", ttt <= 40),
             ("một thẻ luyện tập", f"{card:.1f} ms", "≤ 10 ms", card <= 10)]
    for name, value, goal, ok in rows:
        print(f"  {name:<42} {value:>10}  {goal:<10} {'' if not goal else 'đạt' if ok else 'CHƯA ĐẠT'}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Bộ câu hỏi tìm kiếm (tests/fixtures/tim_kiem_cau_hoi.tsv) trên ô tìm kiếm GỐC của
mdBook, tức là "trước" khi sách có tìm kiếm tiếng Việt của riêng nó (make
search-before; không thuộc make test). Đo để so với tests/wasm/student.py ("sau").

    python tests/wasm/search_before.py [--mdbook .tools/bin/mdbook]

Dựng một bản chép của book/src với chính mdBook của dự án, ô tìm kiếm của mdBook
bật và không tệp giao diện nào của sách (không có tim-kiem.js), vào một thư mục tạm;
gõ từng câu hỏi vào ô tìm kiếm ấy trong Chromium (qua máy chủ tĩnh) và đếm câu nào
có chương cần tìm ở hạng 1 và trong 3 kết quả đầu. In cỡ chỉ mục của mdBook.
"""

import argparse
import gzip
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "runner"))
from common import StaticServer, launch, new_page  # noqa: E402

QUERIES = ROOT / "tests" / "fixtures" / "tim_kiem_cau_hoi.tsv"


def build(mdbook, out):
    """book/ chép vào `out`, ô tìm kiếm của mdBook bật, không JS/CSS của sách."""
    shutil.copytree(ROOT / "book" / "src", out / "src")
    toml = (ROOT / "book" / "book.toml").read_text(encoding="utf-8")
    toml = re.sub(r"^additional-(js|css) = .*$", "", toml, flags=re.M)
    toml = re.sub(r"(\[output\.html\.search\][^\[]*?)enable = false", r"\1enable = true", toml, flags=re.S)
    assert "enable = true" in toml, "không bật được ô tìm kiếm của mdBook trong book.toml"
    (out / "book.toml").write_text(toml, encoding="utf-8")
    subprocess.run([mdbook, "build", str(out)], check=True, capture_output=True)
    return out / "book"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mdbook", default=str(ROOT / ".tools" / "bin" / "mdbook"))
    args = ap.parse_args()
    qs = [line.split("\t") for line in QUERIES.read_text(encoding="utf-8").splitlines()
          if line and not line.startswith("#")]
    with tempfile.TemporaryDirectory() as tmp:
        book = build(args.mdbook, pathlib.Path(tmp))
        index = next(book.glob("searchindex*.js"))
        data = index.read_bytes()
        print(f"chỉ mục của mdBook: {len(data) // 1000} KB ({len(gzip.compress(data, 9)) // 1000} KB khi nén)")
        rank1 = top3 = 0
        with sync_playwright() as p:
            browser = launch(p)
            with StaticServer(book) as base:
                page = new_page(browser, 1280)
                page.goto(base + "ch01-quay-lui.html")
                page.locator("#mdbook-search-toggle").click()
                page.wait_for_function("() => typeof elasticlunr !== 'undefined'")
                page.wait_for_timeout(1000)
                for q, want in qs:
                    # Ô của mdBook tìm khi nhả phím (keyup), không khi dán.
                    page.fill("#mdbook-searchbar", q)
                    page.locator("#mdbook-searchbar").dispatch_event("keyup")
                    page.wait_for_timeout(300)
                    got = page.eval_on_selector_all(
                        "#mdbook-searchresults li a",
                        "as => as.map(a => a.getAttribute('href').split('#')[0].split('?')[0])")
                    rank1 += got[:1] == [want]
                    top3 += want in got[:3]
                    if got[:1] != [want]:
                        print(f"  «{q}»: cần {want}, được {got[:3]}")
                page.context.close()
            browser.close()
    n = len(qs)
    print(f"ô tìm kiếm của mdBook: hạng 1 {rank1}/{n} ({rank1 / n:.1%}), top 3 {top3}/{n} ({top3 / n:.1%})")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Đặt tiêu đề cho toc.html, trang mục lục mà mdBook dựng cho người tắt JavaScript
(gọi bởi `make book-build`, ngay sau mdBook).

    python3 book/dung-them/muc_luc.py book/book

mdBook dựng toc.html (mục lục trong một khung <iframe>, chỉ hiện khi JavaScript tắt)
mà không có thẻ <title>: trình đọc màn hình không biết trang ấy là gì, và axe-core
báo lỗi mức "serious" (document-title). Tiêu đề lấy tên sách trong <title> của
index.html ("Lời nói đầu - TÊN SÁCH").
"""
import html
import pathlib
import re
import sys


def main():
    book = pathlib.Path(sys.argv[1])
    toc = book / "toc.html"
    text = toc.read_text(encoding="utf-8")
    if re.search(r"<title>", text):
        return
    index = (book / "index.html").read_text(encoding="utf-8")
    m = re.search(r"<title>([^<]*)</title>", index)
    name = html.unescape(m.group(1)).split(" - ", 1)[-1] if m else ""
    title = "Mục lục" + (" - " + name if name else "")
    tag = "<title>" + html.escape(title) + "</title>"
    text, n = re.subn(r"<head>", lambda m: m.group(0) + "\n        " + tag, text, count=1)
    assert n == 1, "toc.html không có <head>"
    toc.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()

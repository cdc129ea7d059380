#!/usr/bin/env python3
"""Ghi cỡ chữ nhỏ nhất và bề rộng của mỗi hình SVG vào thẻ <img> của nó (gọi bởi
`make book-build`, ngay sau mdBook).

    python3 book/dung-them/co_chu_hinh.py book/book

doc.js giữ chữ của mỗi hình cao ít nhất 8 điểm ảnh trên điện thoại, nên cần biết
cỡ chữ nhỏ nhất của hình. Qua máy chủ web nó đọc được tệp SVG; mở sách thẳng từ
đĩa (file://) thì trình duyệt không cho đọc, và trước đây mọi hình rộng đều cuộn
ngang. Ghi sẵn hai con số vào trang (`data-chu-nho-nhat`, `data-don-vi`) thì hình
hiện như nhau ở cả hai cách mở.
"""
import pathlib
import re
import sys

IMG = re.compile(r'<img\b[^>]*\bsrc="([^"]+\.svg)"[^>]*>')
FONT = re.compile(r'font-size\s*(?:=\s*["\']|:\s*)([0-9.]+)')
SVG_HEAD = re.compile(r"<svg\b[^>]*>", re.S)
VIEWBOX = re.compile(r'viewBox\s*=\s*["\']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)')
WIDTH = re.compile(r'\bwidth\s*=\s*["\']([0-9.]+)')


def metrics(svg_text):
    """(cỡ chữ nhỏ nhất, bề rộng viewBox) của một SVG, như svgMetrics của doc.js."""
    sizes = [float(x) for x in FONT.findall(svg_text)]
    head = SVG_HEAD.search(svg_text)
    units = None
    if head:
        m = VIEWBOX.search(head.group(0)) or WIDTH.search(head.group(0))
        units = float(m.group(1)) if m else None
    return (min(sizes) if sizes else None), units


def annotate(page, book_dir):
    html = page.read_text(encoding="utf-8")

    def add(m):
        tag = m.group(0)
        if "data-chu-nho-nhat" in tag:
            return tag
        path = (page.parent / m.group(1)).resolve()
        if not path.is_file() or book_dir not in path.parents:
            return tag
        least, units = metrics(path.read_text(encoding="utf-8"))
        extra = ""
        if least:
            extra += f' data-chu-nho-nhat="{least:g}"'
        if units:
            extra += f' data-don-vi="{units:g}"'
        return tag[:4] + extra + tag[4:]

    new = IMG.sub(add, html)
    if new != html:
        page.write_text(new, encoding="utf-8")
        return len(IMG.findall(html))
    return 0


def main():
    book_dir = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "book/book").resolve()
    n = sum(annotate(p, book_dir) for p in book_dir.glob("*.html"))
    print(f"Cỡ chữ của hình: ghi vào {n} thẻ <img>.")


if __name__ == "__main__":
    main()

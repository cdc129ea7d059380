#!/usr/bin/env python3
"""Nhúng vào mỗi hình SVG của sách đã dựng (book/book/figures/) phông Open Sans mà
mdBook đóng gói cùng sách, chỉ giữ các chữ hình ấy dùng (gọi bởi `make book-build`,
sau co_chu_hinh.py; cần fontTools và brotli, cài bởi Makefile).

    python3 book/dung-them/phong_hinh.py book/book

Hình của sách hiện qua thẻ <img>: trình duyệt không cho một SVG như thế dùng phông
của trang hay tải tệp nào khác, nên chữ của hình do phông của máy vẽ (DejaVu Sans
trên Debian; máy khác có thể thiếu vài chữ có dấu). Một @font-face có phông ngay
trong tệp (địa chỉ data:) thì hình dùng được, từ file:// cũng như qua máy chủ web,
không cần mạng. Chữ của hình (chữ thường và chữ đậm riêng) do một phần của Open Sans
vẽ: cùng phông với chữ của trang. Thư viện vẽ hình (`make figures`) không đổi: chỉ
bản sao trong sách đã dựng được nhúng phông.
"""
import base64
import html
import io
import pathlib
import re
import sys

from fontTools import subset
from fontTools.ttLib import TTFont

# Dấu nhận ra một hình đã nhúng phông (chạy lại không nhúng lần nữa).
MARK = "caytrochoi-phong"
TEXT = re.compile(r"<text\b([^>]*)>([^<]*)</text>")
SVG_HEAD = re.compile(r"<svg\b[^>]*>")
# Phông của mdBook: tên tệp có mã băm (open-sans-v17-all-charsets-regular-2e3b1d34.woff2).
WEIGHTS = {400: "open-sans-v17-all-charsets-regular*.woff2", 700: "open-sans-v17-all-charsets-700*.woff2"}


def used_letters(svg_text):
    """Chữ của hình theo độ đậm: {400: chữ thường, 700: chữ đậm}."""
    out = {400: set(), 700: set()}
    for attrs, body in TEXT.findall(svg_text):
        bold = re.search(r'font-weight="(bold|[6-9]00)"', attrs)
        out[700 if bold else 400].update(html.unescape(body).strip())
    return {w: chars for w, chars in out.items() if chars}


def subset_woff2(font_path, chars):
    """Phần của phông chỉ có các chữ `chars` (và những gì chúng cần), dạng woff2."""
    # Không ghi lại ngày sửa của phông: dựng hai lần, được cùng từng byte.
    font = TTFont(font_path, recalcTimestamp=False)
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    # Không giữ chỉ dẫn vẽ ở cỡ nhỏ (hinting): phần phông nhẹ đi gần một nửa.
    options.hinting = False
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(font)
    buf = io.BytesIO()
    font.flavor = "woff2"
    font.save(buf)
    return buf.getvalue()


def style_for(letters, fonts):
    """Khối <style> nhúng phông cho các chữ của hình."""
    faces = []
    for weight, chars in sorted(letters.items()):
        data = base64.b64encode(subset_woff2(fonts[weight], chars)).decode("ascii")
        faces.append("@font-face{font-family:'Open Sans';font-style:normal;"
                     f"font-weight:{weight};src:url(data:font/woff2;base64,{data}) format('woff2')}}")
    rule = "text{font-family:'Open Sans',sans-serif}"
    return f'<style id="{MARK}">{"".join(faces)}{rule}</style>'


def embed(path, fonts):
    svg = path.read_text(encoding="utf-8")
    if MARK in svg:
        return 0
    letters = used_letters(svg)
    head = SVG_HEAD.search(svg)
    if not letters or not head:
        return 0
    new = svg[:head.end()] + "\n" + style_for(letters, fonts) + svg[head.end():]
    path.write_text(new, encoding="utf-8")
    return len(new.encode("utf-8")) - len(svg.encode("utf-8"))


def main():
    book_dir = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "book/book")
    fonts = {}
    for weight, pattern in WEIGHTS.items():
        found = sorted((book_dir / "fonts").glob(pattern))
        if not found:
            sys.exit(f"Không thấy phông {pattern} trong {book_dir / 'fonts'} (mdBook đã đổi tên phông?)")
        fonts[weight] = found[0]
    figures = sorted((book_dir / "figures").glob("*.svg"))
    added = [embed(p, fonts) for p in figures]
    done = sum(1 for a in added if a)
    print(f"Phông của hình: nhúng Open Sans vào {done}/{len(figures)} hình SVG, "
          f"thêm {sum(added) / 1024:.0f} KB (trung bình {sum(added) / max(done, 1) / 1024:.1f} KB một hình).")


if __name__ == "__main__":
    main()

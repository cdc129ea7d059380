#!/usr/bin/env python3
"""Chỉ mục tìm kiếm tiếng Việt của sách (gọi bởi `make book-build`, ngay sau mdBook).

    python3 book/dung-them/chi_muc.py book/book

Đọc mọi trang HTML mà mdBook vừa dựng (trừ print.html, toc.html, 404.html), chia
mỗi trang thành các mục theo tiêu đề (h1, h2, h3 có id) và ghi
book/book/tim-kiem/chi-muc.js: `window.caytrochoiChiMuc = {...}`. Là một tệp
JavaScript (không phải JSON) để trang nạp nó bằng thẻ <script>, được cả khi mở
sách thẳng từ đĩa (file://), nơi trình duyệt không cho `fetch`.

Vì sao không dùng chỉ mục của mdBook: nó tách từ theo chữ ASCII, nên "đường"
thành "ng" và "trò" thành "tr". Ở đây một TỪ là một dãy chữ cái hoặc chữ số
Unicode liền nhau (loại Unicode L hoặc N, sau khi chuẩn hóa NFC và viết thường):
mỗi âm tiết tiếng Việt giữ nguyên dấu ("đường", "trò"). Trang (theme/tim-kiem.js)
tách câu hỏi bằng CÙNG định nghĩa ấy, rồi so khớp sau khi bỏ dấu (và đ → d), nên
"chuyen vi" tìm thấy "chuyển vị".

Mỗi mục ghi:
  u  địa chỉ (trang.html hoặc trang.html#id),
  c  tên chương (h1 của trang),
  t  tiêu đề của mục, dạng số hiệu các từ trong `tu`,
  p  chữ thường của mục (đoạn văn, danh sách, bảng, chú thích hình, chữ thay hình),
     dạng số hiệu,
  m  mã (khối mã và mã trong dòng), dạng số hiệu; không có các dòng ẩn của khối Rust,
  x  chữ thường của mục, nguyên văn (để trang trích một đoạn quanh chỗ khớp),
  h  tiêu đề của mục, nguyên văn; l  mức của tiêu đề (1, 2 hay 3).
`tu` là danh sách mọi từ (NFC, viết thường), mỗi từ một lần.
"""
import html.parser
import json
import pathlib
import sys
import unicodedata

# Các trang không đưa vào chỉ mục: bản in (lặp lại cả sách), mục lục, trang lỗi.
SKIP_PAGES = {"print.html", "toc.html", "404.html"}
# Không đọc chữ bên trong các thẻ này (mã trang, hình vẽ, nút).
SKIP_TAGS = {"script", "style", "svg", "button", "noscript", "template"}
SECTION_TAGS = {"h1", "h2", "h3"}
VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
             "source", "track", "wbr"}


def is_word_char(ch):
    """Chữ cái hoặc chữ số Unicode (như /[\\p{L}\\p{N}]/u của trang)."""
    return unicodedata.category(ch)[0] in "LN"


def words(text):
    """Các từ của `text`: dãy chữ cái/chữ số liền nhau, NFC, viết thường."""
    text = unicodedata.normalize("NFC", text).lower()
    out, cur = [], []
    for ch in text:
        if is_word_char(ch):
            cur.append(ch)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


class Page(html.parser.HTMLParser):
    """Chia phần <main> của một trang thành các mục theo h1/h2/h3."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.in_main = False
        self.stack = []  # các thẻ đang mở trong <main>: (tên, bỏ qua?, là mã?)
        self.sections = []
        self.heading = None  # mục đang đọc tiêu đề

    def skipping(self):
        return any(s for _, s, _ in self.stack)

    def in_code(self):
        return any(c for _, _, c in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "main":
            self.in_main = True
            return
        if not self.in_main:
            return
        classes = (a.get("class") or "").split()
        if tag in SECTION_TAGS and a.get("id") and not self.skipping():
            self.sections.append({"id": a["id"], "level": tag, "t": [], "p": [], "m": []})
            self.heading = self.sections[-1]
        if tag == "img" and a.get("alt") and self.sections and not self.skipping():
            self.sections[-1]["p"].append(" " + a["alt"] + " ")
        if tag in VOID_TAGS:
            return
        skip = tag in SKIP_TAGS or "boring" in classes or "hidden" in classes
        self.stack.append((tag, skip, tag in ("pre", "code")))

    def handle_endtag(self, tag):
        if tag == "main":
            self.in_main = False
            return
        if not self.in_main or tag in VOID_TAGS:
            return
        # Đóng thẻ gần nhất cùng tên (HTML của mdBook đóng thẻ đầy đủ).
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                break
        if tag in SECTION_TAGS:
            self.heading = None
        elif tag in ("p", "li", "td", "th", "dd", "dt", "figcaption", "div", "pre", "blockquote"):
            if self.sections:
                self.sections[-1]["p" if tag != "pre" else "m"].append(" ")

    def handle_data(self, data):
        if not self.in_main or not self.sections or self.skipping():
            return
        s = self.sections[-1]
        if self.heading is s:
            s["t"].append(data)
        elif self.in_code():
            s["m"].append(data)
        else:
            s["p"].append(data)


def build(book_dir):
    book_dir = pathlib.Path(book_dir)
    vocab, ids = [], {}

    def encode(text):
        out = []
        for w in words(text):
            if w not in ids:
                ids[w] = len(vocab)
                vocab.append(w)
            out.append(ids[w])
        return out

    # Các trang theo thứ tự của mục lục (toc.html): chương 1 trước chương 2.
    order = []
    toc = (book_dir / "toc.html").read_text(encoding="utf-8") if (book_dir / "toc.html").exists() else ""
    for name in sorted(p.name for p in book_dir.glob("*.html")):
        if name not in SKIP_PAGES:
            order.append(name)
    order.sort(key=lambda n: (toc.find('href="' + n) if ('href="' + n) in toc else 10**9, n))

    entries = []
    for name in order:
        parser = Page()
        parser.feed(unicodedata.normalize("NFC", (book_dir / name).read_text(encoding="utf-8")))
        if not parser.sections:
            continue
        chapter = " ".join("".join(parser.sections[0]["t"]).split())
        for k, s in enumerate(parser.sections):
            title = " ".join("".join(s["t"]).split())
            prose = " ".join("".join(s["p"]).split())
            code = "".join(s["m"])
            entries.append({
                "u": name if k == 0 else f"{name}#{s['id']}",
                "c": chapter,
                "t": encode(title),
                "p": encode(prose),
                "m": encode(code),
                "x": prose,
                "h": title,
                "l": int(s["level"][1]),
            })
    return {"phienBan": 1, "tu": vocab, "muc": entries}


def main():
    book_dir = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "book/book")
    index = build(book_dir)
    out = book_dir / "tim-kiem" / "chi-muc.js"
    out.parent.mkdir(parents=True, exist_ok=True)
    body = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
    out.write_text(
        "// Tệp sinh tự động bởi `make book-build` (book/dung-them/chi_muc.py): đừng sửa tay.\n"
        "window.caytrochoiChiMuc = " + body + ";\n",
        encoding="utf-8",
    )
    n = sum(len(e["t"]) + len(e["p"]) + len(e["m"]) for e in index["muc"])
    print(f"Chỉ mục tìm kiếm: {len(index['muc'])} mục, {len(index['tu'])} từ khác nhau, "
          f"{n} từ, {out.stat().st_size} byte ({out}).")


if __name__ == "__main__":
    main()

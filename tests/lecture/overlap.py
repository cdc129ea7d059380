#!/usr/bin/env python3
"""Tìm các đoạn 10 từ liên tiếp trùng với bài giảng gốc.

Cách dùng:
    python3 tests/lecture/overlap.py report SEEDS_DIR      # in các đoạn trùng (cần bài giảng)
    python3 tests/lecture/overlap.py fingerprints SEEDS_DIR > tests/fixtures/lecture_windows.txt

Chữ được chuẩn hóa như tests/lecture_overlap.rs: NFC, chữ thường, mọi ký tự không phải
chữ/số là dấu cách; một "cửa sổ" là 10 từ liên tiếp nối bằng một dấu cách. Tệp dấu vân
tay chỉ giữ 48 bit đầu của FNV-1a 64 của mỗi cửa sổ (không chứa chữ của bài giảng), để
kiểm thử Rust chạy được trên máy không có bài giảng.
"""
import json
import pathlib
import sys
import unicodedata

WINDOW = 10
ROOT = pathlib.Path(__file__).resolve().parents[2]


def words(text):
    text = unicodedata.normalize("NFC", text).lower()
    cleaned = "".join(c if c.isalnum() else " " for c in text)
    return cleaned.split()


def fingerprint(window):
    h = 0xCBF29CE484222325
    for b in " ".join(window).encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h >> 16


# Cùng phạm vi với tests/lecture_overlap.rs (thư mục ẩn và liên kết mềm bị bỏ qua).
SKIP_DIRS = {"target", "book/book", "book/src/wasm", "book/src/figures",
             "sach-tinh", "fuzz/target", "fuzz/corpus", "fuzz/artifacts", "tests/fixtures",
             "notebooks/.ipynb_checkpoints"}
TEXT_EXTENSIONS = {"md", "rs", "py", "js", "css", "hbs", "html", "c", "h", "sh", "toml", "ipynb"}


def project_files(d):
    for p in sorted(d.iterdir()):
        if p.name.startswith(".") or p.name == "node_modules" or p.is_symlink() or str(p.relative_to(ROOT)) in SKIP_DIRS:
            continue
        if p.is_dir():
            yield from project_files(p)
        elif p.suffix[1:] in TEXT_EXTENSIONS:
            yield p


def project_texts():
    """(tệp, [(số dòng hoặc số ô, dòng)]) của mọi chữ trong phạm vi kiểm tra."""
    out = []
    for p in project_files(ROOT):
        if p.suffix == ".ipynb":
            lines = []
            for i, cell in enumerate(json.loads(p.read_text())["cells"]):
                src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
                lines += [(f"ô {i}", l) for l in src.splitlines()]
        else:
            lines = list(enumerate(p.read_text().splitlines(), 1))
        out.append((p, lines))
    return out


def seed_windows(seeds):
    table = {}
    for p in sorted(pathlib.Path(seeds).glob("*.txt")):
        w = words(p.read_text())
        for i in range(len(w) - WINDOW + 1):
            table.setdefault(tuple(w[i:i + WINDOW]), (p.name, i))
    return table


def allowed():
    text = (ROOT / "tests" / "fixtures" / "lecture_overlap_allow.txt").read_text()
    return [" ".join(words(l)) for l in text.splitlines() if l.strip() and not l.startswith("#")]


def report(seeds):
    table = seed_windows(seeds)
    allow = allowed()
    total = 0
    for path, lines in project_texts():
        toks = [(n, t) for n, l in lines for t in words(l)]
        hits = [tuple(t for _, t in toks[i:i + WINDOW]) in table
                for i in range(len(toks) - WINDOW + 1)]
        i = 0
        while i < len(hits):
            if not hits[i]:
                i += 1
                continue
            j = i
            while j + 1 < len(hits) and hits[j + 1]:
                j += 1
            run = toks[i:j + WINDOW]
            total += 1
            rel = path.relative_to(ROOT)
            text = " ".join(t for _, t in run)
            tag = " [dữ liệu, được phép]" if any(text in a for a in allow) else ""
            print(f"{rel}:{run[0][0]}-{run[-1][0]} ({len(run)} từ){tag}: {text}")
            i = j + 1
    print(f"tổng: {total} đoạn trùng", file=sys.stderr)
    return total


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("report", "fingerprints"):
        sys.exit(__doc__)
    if sys.argv[1] == "report":
        report(sys.argv[2])
    else:
        prints = sorted({fingerprint(w) for w in seed_windows(sys.argv[2])})
        print("# 48 bit đầu của FNV-1a 64 mỗi cửa sổ 10 từ của bài giảng (tests/lecture/overlap.py)")
        for h in prints:
            print(f"{h:012x}")


if __name__ == "__main__":
    main()

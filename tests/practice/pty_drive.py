#!/usr/bin/env python3
"""Chạy một chương trình trong một cửa sổ dòng lệnh giả (pseudo-terminal), gõ
từng dòng như người thật và chờ những gì phải hiện ra.

    python pty_drive.py KỊCH-BẢN.json

Kịch bản (JSON): {"argv": [...], "steps": [{"wait": "…", "send": "…"}, …],
"exit": 0}. Mỗi bước: chờ đến khi đầu ra có chuỗi `wait` (tính từ sau bước
trước), rồi gõ `send` (kèm Enter; chuỗi "\\u0004" là Ctrl-D). Cuối cùng chờ
chương trình thoát với mã `exit`. In toàn bộ những gì đã hiện ra; mã thoát 1 nếu
có gì sai (chờ quá 30 giây, mã thoát khác).
"""

import json
import os
import pty
import select
import subprocess
import sys
import time

TIMEOUT = 30.0


def main():
    spec = json.load(open(sys.argv[1], encoding="utf-8"))
    master, slave = pty.openpty()
    proc = subprocess.Popen(spec["argv"], stdin=slave, stdout=slave, stderr=slave,
                            close_fds=True, env={**os.environ, "TERM": "xterm"})
    os.close(slave)
    seen = b""
    mark = 0  # chỉ tìm trong phần đầu ra sau bước trước

    def read_some(deadline):
        nonlocal seen
        ready, _, _ = select.select([master], [], [], max(0.0, deadline - time.time()))
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # chương trình đã đóng cửa sổ
                return False
            if not chunk:
                return False
            seen += chunk
        return True

    def text():
        return seen.decode("utf-8", errors="replace").replace("\r", "")

    try:
        for step in spec["steps"]:
            want = step["wait"]
            deadline = time.time() + TIMEOUT
            while want not in text()[mark:]:
                if time.time() > deadline or not read_some(deadline):
                    print(text())
                    print(f"\n!!! không thấy «{want}»", file=sys.stderr)
                    return 1
            mark = text().index(want, mark) + len(want)
            data = step["send"]
            os.write(master, data.encode("utf-8") + (b"" if data == "\u0004" else b"\n"))
        deadline = time.time() + TIMEOUT
        while proc.poll() is None and time.time() < deadline:
            read_some(min(deadline, time.time() + 0.2))
        while read_some(time.time() + 0.2):
            pass
        code = proc.poll()
        print(text())
        if code != spec.get("exit", 0):
            print(f"\n!!! mã thoát {code}, cần {spec.get('exit', 0)}", file=sys.stderr)
            return 1
        return 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)


if __name__ == "__main__":
    sys.exit(main())

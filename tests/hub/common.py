"""Phần chung của các kiểm thử lớp học (tests/hub/): đếm kiểm tra đạt/lỗi và đo bộ
nhớ của một cây tiến trình. Dùng được cả trên máy (hub.py, image.py) lẫn bên trong
container của ảnh (in_container.py, thư mục này gắn vào /kiem-tra): chỉ thư viện
chuẩn của Python."""

import os


class Checks:
    """Đếm các kiểm tra; mỗi kiểm tra in một dòng "đạt …" hoặc "LỖI …"."""

    def __init__(self):
        self.passed = 0
        self.failures = []

    def __call__(self, ok, what):
        print(("đạt  " if ok else "LỖI ") + what, flush=True)
        if ok:
            self.passed += 1
        else:
            self.failures.append(what)
        return ok

    @property
    def failed(self):
        return len(self.failures)


def descendants(pid):
    """`pid` và mọi tiến trình con cháu của nó (đọc /proc một lần)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def pss_kib(pid):
    """PSS (KiB) của một tiến trình; 0 khi nó đã thoát."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def tree_pss_mib(pid):
    """PSS (MiB) của tiến trình `pid` và mọi tiến trình con cháu của nó."""
    return sum(pss_kib(p) for p in descendants(pid)) / 1024

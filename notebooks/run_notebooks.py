#!/usr/bin/env python3
"""Chạy mọi notebook trong thư mục này bằng nhân Rust (evcxr), không cần giao diện.

    python run_notebooks.py [--write] [--report FILE] [notebook.ipynb ...]

Một ô lỗi làm cả lần chạy thất bại (mã thoát 1) và in ra ô nào, lỗi gì.
--write   ghi kết quả vào chính notebook (để commit notebook kèm kết quả).
--report  ghi thời gian từng notebook và từng ô (JSON) vào FILE.
"""

import argparse
import json
import os
import statistics
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = os.path.dirname(os.path.abspath(__file__))


def coalesce(outputs):
    """Gộp các dòng in liên tiếp (cùng stdout hoặc stderr) thành một khối, để
    notebook ghi ra gọn và dễ đọc khi xem trên GitHub."""
    merged = []
    for out in outputs:
        if (out.get("output_type") == "stream" and merged
                and merged[-1].get("output_type") == "stream"
                and merged[-1].get("name") == out.get("name")):
            merged[-1]["text"] += out["text"]
        else:
            merged.append(out)
    return merged


def run_one(path, write, timeout):
    nb = nbformat.read(path, as_version=4)
    starts, latencies = {}, []

    def on_execute(cell, cell_index, **_):
        starts[cell_index] = time.perf_counter()

    def on_executed(cell, cell_index, **_):
        if cell_index in starts:
            latencies.append(time.perf_counter() - starts[cell_index])

    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="rust",
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}},
        on_cell_execute=on_execute,
        on_cell_executed=on_executed,
    )
    t0 = time.perf_counter()
    client.execute()
    total = time.perf_counter() - t0
    if write:
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs = coalesce(cell.outputs)
        nbformat.write(nb, path)
    return total, latencies


def main():
    ap = argparse.ArgumentParser(description="Chạy notebook Rust không cần giao diện.")
    ap.add_argument("notebooks", nargs="*")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--report")
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    paths = args.notebooks or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".ipynb")
    )
    if not paths:
        print("Không tìm thấy notebook nào.", file=sys.stderr)
        return 1
    report, failed = [], 0
    for path in paths:
        name = os.path.basename(path)
        try:
            total, lat = run_one(path, args.write, args.timeout)
        except CellExecutionError as e:
            failed += 1
            print(f"LỖI {name}: một ô chạy không thành công:\n{e}", file=sys.stderr)
            continue
        except Exception as e:  # nhân không khởi động được, hết giờ, …
            failed += 1
            print(f"LỖI {name}: {type(e).__name__}: {e}", file=sys.stderr)
            continue
        med = statistics.median(lat) if lat else 0.0
        print(f"đạt  {name}: {len(lat)} ô, tổng {total:.1f} s, trung vị mỗi ô {med:.2f} s, lâu nhất {max(lat, default=0):.2f} s")
        report.append({"notebook": name, "total_s": total, "cells": len(lat),
                       "median_cell_s": med, "cell_s": lat})
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)
    passed = len(paths) - failed
    print(f"notebooks: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

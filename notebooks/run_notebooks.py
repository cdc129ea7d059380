#!/usr/bin/env python3
"""Chạy mọi notebook trong thư mục này bằng nhân Rust (evcxr), không cần giao diện.

    python run_notebooks.py [--write] [--report FILE] [notebook.ipynb ...]
    python run_notebooks.py --warm

Một ô lỗi làm cả lần chạy thất bại (mã thoát 1) và in ra ô nào, lỗi gì.
--write   ghi kết quả vào chính notebook (để commit notebook kèm kết quả).
--report  ghi thời gian từng notebook và từng ô (JSON) vào FILE.
--warm    chỉ chạy ô mã đầu tiên của notebook đầu, trong một nhân: dựng sẵn crate
          cho các nhân sau (make notebooks gọi trước khi mở Jupyter).
--check-figures  không chạy gì: chỉ kiểm tra hình trong kết quả đã ghi của các
          notebook (xem figure_problems).
--jobs N  số notebook chạy cùng lúc, mỗi notebook một nhân (mặc định 2; 1: lần
          lượt). Notebook đầu luôn chạy một mình trước: nó dựng crate trong thư
          mục của nhân thứ nhất, các nhân sau chép bản dựng ấy (notebooks/kernel.py).

Cuối lần chạy in ba con số mà người học cảm thấy: ô đầu tiên của một nhân mới,
ô đầu tiên sau khi khởi động lại nhân (Kernel → Restart), và trung vị các ô còn
lại (ô "nóng"). Các số này chỉ được báo, không làm lần chạy thất bại (thời gian
phụ thuộc máy).
"""

import argparse
import concurrent.futures
import json
import multiprocessing
import os
import re
import statistics
import sys
import time

import nbformat
from jupyter_client.manager import start_new_kernel
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


# Một ô "trả về một hình" khi dòng kết quả của nó (dòng mã cuối, không có dấu ;)
# gọi một hàm vẽ của crate, hoặc khi kết quả hiện ra là dạng Debug của Figure
# ("Figure { width: …") — hình bị ghi thành chữ, người học không thấy biểu đồ.
FIGURE_CALL = re.compile(r"^(plot::|Gallery\(|GraphDiagram::)|\.draw\(\)\.unwrap\(\)$")
FIGURE_AS_TEXT = re.compile(r"^Figure \{ width: ")
FIGURE_FIXTURE = os.path.join(os.path.dirname(HERE), "tests", "fixtures", "notebook-figure-as-text.ipynb")


def result_line(source):
    """Dòng mã cuối của ô (bỏ chú thích); rỗng nếu ô kết thúc bằng ; hay không có mã."""
    lines = [re.sub(r"//.*", "", l).strip() for l in source.split("\n")]
    lines = [l for l in lines if l]
    return "" if not lines or lines[-1].endswith(";") else lines[-1]


def shows_a_picture(output):
    data = output.get("data", {})
    if "image/svg+xml" in data:
        return True
    html = data.get("text/html", "")
    html = "".join(html) if isinstance(html, list) else html
    return "image/svg+xml" in html or "<svg" in html


def figure_problems(nb):
    """Các ô trả về một hình mà không có kết quả image/svg+xml (hay HTML chứa SVG):
    danh sách lời báo, rỗng nếu mọi hình đều là hình."""
    problems = []
    for k, cell in enumerate(nb["cells"]):
        if cell.get("cell_type") != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        outputs = cell.get("outputs", [])
        as_text = [o for o in outputs
                   if FIGURE_AS_TEXT.match("".join(o.get("data", {}).get("text/plain", "")))]
        returns_figure = bool(FIGURE_CALL.search(result_line(source))) or bool(as_text)
        if returns_figure and not any(shows_a_picture(o) for o in outputs):
            shown = "".join(as_text[0]["data"]["text/plain"]) if as_text else "không có kết quả nào"
            problems.append(f"ô {k} trả về một hình nhưng không có kết quả image/svg+xml "
                            f"({shown[:60]}): {result_line(source)[:70]}")
    return problems


def check_figure_check():
    """Phép kiểm tra hình phải bắt được lỗi thật: notebook mẫu (hai ô của notebook 07
    trước khi sửa, hình ghi thành chữ) phải bị báo cả hai ô."""
    found = figure_problems(nbformat.read(FIGURE_FIXTURE, as_version=4))
    if len(found) != 2:
        print(f"LỖI phép kiểm tra hình: notebook mẫu {os.path.basename(FIGURE_FIXTURE)} cần "
              f"bị báo 2 ô, thấy {len(found)}", file=sys.stderr)
        return 1
    return 0


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
        # Nhân mới trả lời lần chào đầu sau khởi động nóng (notebooks/kernel.py); khi
        # make test chạy nhiều bước cùng lúc, việc ấy có thể quá 60 s mặc định.
        startup_timeout=300,
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
    problems = figure_problems(nb)
    if problems:
        raise FigureError("\n".join(problems))
    return total, latencies


class FigureError(Exception):
    """Một ô trả về hình mà notebook không hiện hình."""


# Nhân chết trước khi trả lời lần chào đầu tiên: chưa ô nào chạy. Khi hai nhân khởi
# động cùng lúc, cổng TCP mà một nhân vừa chọn (cổng trống lúc chọn) có thể bị nhân
# kia chiếm trước ("Address already in use"); Jupyter tự khởi động lại nhân chết,
# ở đây cũng vậy: thử lại, tối đa START_TRIES lần.
START_FAILED = "Kernel died before replying to kernel_info"
START_TRIES = 3


def run_guarded(path, write, timeout):
    """run_one, nhưng lỗi trả về thành một dòng chữ (tiến trình con gửi được về):
    ("đạt", tổng, thời gian các ô) hoặc ("lỗi", lời báo)."""
    for attempt in range(1, START_TRIES + 1):
        try:
            return ("đạt",) + run_one(path, write, timeout)
        except CellExecutionError as e:
            return ("lỗi", f"một ô chạy không thành công:\n{e}")
        except FigureError as e:
            return ("lỗi", f"hình không hiện thành hình:\n{e}")
        except Exception as e:  # nhân không khởi động được, hết giờ, …
            if START_FAILED in str(e) and attempt < START_TRIES:
                print(f"{os.path.basename(path)}: nhân không khởi động được (lần {attempt}), "
                      "thử lại", file=sys.stderr, flush=True)
                time.sleep(attempt)
                continue
            return ("lỗi", f"{type(e).__name__}: {e}")


def run_all(paths, write, timeout, jobs):
    """Chạy các notebook, `jobs` notebook một lúc (mỗi notebook một tiến trình con
    và một nhân), cùng với phép đo ô đầu tiên (measure_first_cells, một nhân nữa);
    trả về danh sách (đường dẫn, kết quả của run_guarded) theo đúng thứ tự `paths`,
    và kết quả của phép đo.
    Notebook đầu chạy một mình trước: trên bản sao mới, nhân của nó dựng crate vào
    slot-0, rồi các nhân chạy song song sau đó chép bản dựng ấy thay vì cùng dựng
    lại. Phép đo chạy như một notebook nữa trong hàng, không đợi notebook cuối."""
    if jobs <= 1 or len(paths) <= 1:
        results = [(p, run_guarded(p, write, timeout)) for p in paths]
        return results, measure_first_cells(paths[0], timeout)
    ctx = multiprocessing.get_context("spawn")  # tiến trình con sạch: không chung ZeroMQ
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
        first = pool.submit(run_guarded, paths[0], write, timeout).result()
        rest = []
        for p in paths[1:]:
            rest.append(pool.submit(run_guarded, p, write, timeout))
            if len(rest) < jobs:
                time.sleep(2)  # các nhân đầu không khởi động cùng một lúc
        measured = pool.submit(measure_first_cells, paths[0], timeout)
        results = [(paths[0], first)] + [(p, f.result()) for p, f in zip(paths[1:], rest)]
        return results, measured.result()


def first_code(path):
    nb = nbformat.read(path, as_version=4)
    return next(c.source for c in nb.cells if c.cell_type == "code")


def run_code(client, code, timeout):
    """Chạy một ô trong nhân đang mở; trả về số giây, báo lỗi nếu ô lỗi."""
    t0 = time.perf_counter()
    reply = client.execute_interactive(code, timeout=timeout, output_hook=lambda msg: None)
    took = time.perf_counter() - t0
    if reply["content"]["status"] != "ok":
        raise RuntimeError(f"ô đầu tiên lỗi: {reply['content'].get('evalue', '')}")
    return took


def first_cell_fresh_and_restart(path, timeout):
    """Ô đầu tiên của `path` trong một nhân mới, rồi sau khi khởi động lại nhân; cả
    hai lần đều đo sau khi nhân khởi động nóng xong (notebooks/kernel.py: việc ấy
    chạy trong lúc người học đọc phần mở đầu). Trả về các cặp (chờ khởi động nóng,
    ô đầu tiên)."""
    code = first_code(path)
    km, kc = start_new_kernel(kernel_name="rust", cwd=os.path.dirname(os.path.abspath(path)))
    try:
        fresh = (run_code(kc, "", timeout), run_code(kc, code, timeout))
        km.restart_kernel(now=False)
        kc.wait_for_ready(timeout=300)
        restarted = (run_code(kc, "", timeout), run_code(kc, code, timeout))
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    return fresh, restarted


def measure_first_cells(path, timeout):
    """first_cell_fresh_and_restart, nhưng lỗi trả về thành một dòng chữ (tiến
    trình con gửi được về): ("đạt", mới, sau khởi động lại) hoặc ("lỗi", lời báo)."""
    try:
        return ("đạt",) + first_cell_fresh_and_restart(path, timeout)
    except Exception as e:
        return ("lỗi", f"{type(e).__name__}: {e}")


def check_first_cells(paths):
    """Ô mã đầu tiên của mỗi notebook bắt đầu bằng đúng dòng `:dep` mà nhân khởi
    động nóng (kernel.WARM_DEP); nếu khác, ô đầu tiên lại chậm như trước."""
    sys.path.insert(0, HERE)
    from kernel import WARM_DEP
    bad = [os.path.basename(p) for p in paths
           if first_code(p).split("\n", 1)[0].strip() != WARM_DEP]
    for name in bad:
        print(f"LỖI {name}: ô mã đầu tiên phải bắt đầu bằng dòng\n    {WARM_DEP}\n"
              "(hoặc sửa WARM_DEP trong notebooks/kernel.py cho khớp).", file=sys.stderr)
    return len(bad)


def warm(paths, timeout):
    """Dựng sẵn crate cho các nhân sau: chạy ô đầu tiên một lần."""
    code = first_code(paths[0])
    t0 = time.perf_counter()
    km, kc = start_new_kernel(kernel_name="rust", cwd=os.path.dirname(os.path.abspath(paths[0])))
    try:
        run_code(kc, code, timeout)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    print(f"Nhân Rust đã sẵn sàng ({time.perf_counter() - t0:.1f} s): "
          f"ô đầu tiên của mỗi notebook sẽ chạy ngay.")
    return 0


def main():
    ap = argparse.ArgumentParser(description="Chạy notebook Rust không cần giao diện.")
    ap.add_argument("notebooks", nargs="*")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--report")
    ap.add_argument("--warm", action="store_true")
    ap.add_argument("--check-figures", action="store_true")
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    paths = args.notebooks or sorted(
        os.path.join(HERE, f) for f in os.listdir(HERE) if f.endswith(".ipynb")
    )
    if not paths:
        print("Không tìm thấy notebook nào.", file=sys.stderr)
        return 1
    if args.warm:
        return warm(paths, args.timeout)
    if args.check_figures:
        bad = 0
        for p in paths:
            for problem in figure_problems(nbformat.read(p, as_version=4)):
                print(f"LỖI {os.path.basename(p)}: {problem}", file=sys.stderr)
                bad += 1
        return 1 if bad else 0
    report, failed = [], check_first_cells(paths) + check_figure_check()
    results, measured = run_all(paths, args.write, args.timeout, args.jobs)
    for path, outcome in results:
        name = os.path.basename(path)
        if outcome[0] != "đạt":
            failed += 1
            print(f"LỖI {name}: {outcome[1]}", file=sys.stderr)
            continue
        _, total, lat = outcome
        med = statistics.median(lat) if lat else 0.0
        print(f"đạt  {name}: {len(lat)} ô, tổng {total:.1f} s, trung vị mỗi ô {med:.2f} s, lâu nhất {max(lat, default=0):.2f} s")
        report.append({"notebook": name, "total_s": total, "cells": len(lat),
                       "median_cell_s": med, "cell_s": lat})
    summary = {}
    if report:
        # Notebook đầu có thể gặp bản dựng nguội (bản sao mới): số "nhân mới" lấy
        # từ các notebook sau, mỗi notebook một nhân mới.
        firsts = [r["cell_s"][0] for r in report if r["cell_s"]]
        warm_cells = [x for r in report for x in r["cell_s"][1:]]
        if measured[0] == "đạt":
            _, fresh, restarted = measured
        else:
            failed += 1
            print(f"LỖI khi đo ô đầu tiên sau khởi động lại: {measured[1]}", file=sys.stderr)
            fresh = restarted = None
        summary = {
            "first_cell_right_away_s": firsts,
            "first_cell_new_kernel_s": fresh and fresh[1],
            "warm_start_new_kernel_s": fresh and fresh[0],
            "first_cell_after_restart_s": restarted and restarted[1],
            "warm_start_after_restart_s": restarted and restarted[0],
            "warm_cell_median_s": statistics.median(warm_cells) if warm_cells else None,
        }
        print(f"ô đầu tiên, chạy ngay khi notebook mở (gồm cả khởi động nóng; notebook đầu "
              f"có thể phải dựng crate): " + ", ".join(f"{x:.1f}" for x in firsts) + " s")
        if fresh:
            print(f"ô đầu tiên, nhân mới: {fresh[1]:.2f} s "
                  f"(sau {fresh[0]:.1f} s khởi động nóng, lúc người học đọc phần mở đầu)")
            print(f"ô đầu tiên sau khi khởi động lại nhân: {restarted[1]:.2f} s "
                  f"(sau {restarted[0]:.1f} s khởi động nóng)")
        if warm_cells:
            print(f"các ô còn lại: trung vị {summary['warm_cell_median_s']:.2f} s "
                  f"({len(warm_cells)} ô)")
    if args.report:
        with open(args.report, "w", encoding="utf-8") as f:
            json.dump({"notebooks": report, "summary": summary}, f, ensure_ascii=False, indent=1)
    passed = len(report)
    print(f"notebooks: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

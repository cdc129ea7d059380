#!/opt/venv/bin/python
"""Làm nóng nhân Rust lúc dựng ảnh (hub/Containerfile).

    python lam_nong.py THƯ-MỤC-NOTEBOOK

Chạy ô mã đầu tiên của notebook đầu tiên trong một nhân "rust" mới (qua
jupyter_client, như JupyterLab). Ô ấy có dòng `:dep caytrochoi`, nên evcxr biên dịch
caytrochoi và mọi crate nó dùng rồi giữ chúng trong bộ nhớ đệm (XDG_CACHE_HOME của
nhân, /opt/caytrochoi/cache). Sau đó là một ô vẽ hình (plotters) và một ô Grundy,
để mọi đường mã mà các notebook hay dùng đều đã được biên dịch một lần. Lỗi ở ô
nào thì dựng ảnh thất bại.
"""

import glob
import os
import sys
import time

import nbformat
from jupyter_client.manager import start_new_kernel


def show(msg):
    """In lời của nhân (lỗi biên dịch, …) vào nhật ký dựng ảnh."""
    kind = msg["header"]["msg_type"]
    if kind == "stream":
        sys.stdout.write(msg["content"]["text"])
    elif kind == "error":
        sys.stdout.write("\n".join(msg["content"].get("traceback", [])) + "\n")
    sys.stdout.flush()


def run(kc, code):
    t = time.perf_counter()
    reply = kc.execute_interactive(code, timeout=900, output_hook=show)
    if reply["content"]["status"] != "ok":
        raise SystemExit(f"Làm nóng thất bại: {reply['content'].get('evalue', '')}")
    return time.perf_counter() - t


def main(folder):
    first = sorted(glob.glob(os.path.join(folder, "*.ipynb")))[0]
    nb = nbformat.read(first, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code")
    km, kc = start_new_kernel(kernel_name="rust", cwd=folder, startup_timeout=300)
    try:
        print(f"Ô đầu của {os.path.basename(first)}: {run(kc, cell.source):.1f} s", flush=True)
        again = run(kc, "let _c = caytrochoi::GameTree::parse(\"A(B:1, C:-1)\").unwrap();")
        print(f"Ô thứ hai: {again:.1f} s", flush=True)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


if __name__ == "__main__":
    main(sys.argv[1])

#!/opt/venv/bin/python
"""Kiểm tra bên trong một container của ảnh lớp học (tests/hub/image.py chạy tệp này
bằng `podman run --network=none`): không mạng, với quyền người học `sinhvien`.

1. Thư mục nhà: điểm vào của ảnh chép bảy notebook vào ~/caytrochoi/; chạy lại thì
   không ghi đè bài đã sửa; caytrochoi-ban-moi đặt bản mới vào ~/caytrochoi/ban-moi/.
2. JupyterLab (caytrochoi-khoi-dong, như `docker run -p 8888:8888`) trả lời; sách
   qua jupyter-server-proxy ở /sach/ và nút ▶ Chạy: một khối Rust biên dịch và chạy
   trong chính container này (trình chạy caytrochoi-sach).
3. Bộ nhớ của một học sinh: PSS của nhân Rust (mọi tiến trình của nó) lúc rảnh,
   lúc biên dịch (đỉnh) và sau khi chạy hết một notebook; PSS của máy chủ Jupyter.
In ra một dòng JSON "KẾT QUẢ {...}" cho tệp gọi; lỗi thì thoát khác 0.
"""

import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import uuid
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import Checks, descendants, tree_pss_mib  # noqa: E402

import nbformat  # noqa: E402
from jupyter_client.manager import start_new_kernel  # noqa: E402

HOME = os.path.expanduser("~")
COURSE = os.path.join(HOME, "caytrochoi")
TOKEN = "kiem-tra-anh"
PORT = 8888
results = {}
check = Checks()


def http(path, data=None, headers=None, timeout=120):
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", data=data,
                                 headers={"Authorization": f"token {TOKEN}", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:  # trả về mã và lời của máy chủ để báo
        return e.code, e.read().decode("utf-8", "replace")


def home_and_fresh_copies():
    subprocess.run(["caytrochoi-ban-moi", "--chi-them"], check=True)
    names = sorted(f for f in os.listdir(COURSE) if f.endswith(".ipynb"))
    check(len(names) == 7, f"bảy notebook trong ~/caytrochoi ({len(names)})")
    mine = os.path.join(COURSE, names[3])
    with open(mine, "a") as f:
        f.write("\n")  # "bài làm" của học sinh: tệp khác bản gốc
    edited = open(mine).read()
    subprocess.run(["caytrochoi-ban-moi", "--chi-them"], check=True)
    check(open(mine).read() == edited, "khởi động lại không ghi đè bài đã sửa")
    out = subprocess.run(["caytrochoi-ban-moi"], check=True, capture_output=True, text=True).stdout
    fresh = os.path.join(COURSE, "ban-moi", names[3])
    check(open(mine).read() == edited and os.path.exists(fresh)
          and open(fresh).read() == open(os.path.join("/opt/caytrochoi/notebooks", names[3])).read(),
          "caytrochoi-ban-moi: bản mới ở ban-moi/, bài của học sinh giữ nguyên")
    check("giữ nguyên" in out, f"caytrochoi-ban-moi nói bằng tiếng Việt: {out.strip()[:80]}")
    shutil.rmtree(os.path.join(COURSE, "ban-moi"))
    with open(mine, "w") as f:
        f.write(edited[:-1])


def server_and_book():
    log = open("/tmp/jupyter.log", "w")
    # Đúng lệnh của `docker run -p 8888:8888 …` (cổng 8888 do caytrochoi-khoi-dong đặt).
    server = subprocess.Popen(["caytrochoi-khoi-dong", f"--ServerApp.token={TOKEN}"],
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            try:
                if http("/api/status", timeout=2)[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        else:
            raise SystemExit("JupyterLab không trả lời:\n" + open("/tmp/jupyter.log").read())
        check(True, "JupyterLab trả lời ở cổng 8888 (caytrochoi-khoi-dong)")
        status, lab = http("/lab/tree/caytrochoi/01-quay-lui.ipynb")
        check(status == 200 and "JupyterLab" in lab, "trang JupyterLab của notebook 1")
        t0 = time.perf_counter()
        status, page = http("/sach/ch04-alpha-beta.html", timeout=180)
        results["book_first_open_s"] = round(time.perf_counter() - t0, 2)
        check(status == 200 and "Cắt tỉa alpha-beta" in page and "theme/chay-ma" in page,
              f"sách qua /sach/ ({results['book_first_open_s']} s, gồm khởi động trình chạy)")
        status, st = http("/sach/api/status")
        check(status == 200 and json.loads(st).get("runner") is not False,
              f"trình chạy trả lời /sach/api/status: {st[:80]}")
        code = ('use caytrochoi::{GameTree, Searcher};\n'
                'let cay = GameTree::parse("A(B:1, C(D:0, E:-1))").unwrap();\n'
                'println!("gia tri goc = {}", Searcher::cat_tia().run(&cay).unwrap().value);\n')
        t0 = time.perf_counter()
        status, out = http("/sach/api/run", data=json.dumps({"code": code, "id": uuid.uuid4().hex}).encode(),
                           headers={"Content-Type": "application/json"})
        results["book_run_s"] = round(time.perf_counter() - t0, 2)
        works = status == 200 and '"event":"done"' in out and "gia tri goc = 1" in out
        results["book_run_through_proxy"] = works
        check(works, f"▶ Chạy qua /sach/: khối Rust biên dịch và chạy trong container này "
                     f"({results['book_run_s']} s; {status} {out[-160:]!r})")
        results["server_pss_mib"] = round(tree_pss_mib(server.pid), 1)
    except Exception:
        print(open("/tmp/jupyter.log").read()[-4000:], flush=True)
        raise
    finally:
        server.terminate()
        server.wait(30)


def kernel_memory(notebook):
    """Chạy hết `notebook` trong một nhân mới, đo PSS của nhân trong lúc đó."""
    nb = nbformat.read(notebook, as_version=4)
    km, kc = start_new_kernel(kernel_name="rust", cwd=os.path.dirname(notebook),
                              startup_timeout=300)
    peak, stop = [0.0], threading.Event()
    pid = km.provisioner.pid

    def sample():
        while not stop.wait(0.1):
            peak[0] = max(peak[0], tree_pss_mib(pid))

    try:
        code_cells = [c.source for c in nb.cells if c.cell_type == "code"]
        t0 = time.perf_counter()
        kc.execute_interactive("", timeout=300)  # đợi khởi động nóng (notebooks/kernel.py)
        results["warm_start_s"] = round(time.perf_counter() - t0, 2)
        said = []
        t0 = time.perf_counter()
        reply = kc.execute_interactive(
            code_cells[0], timeout=300,
            output_hook=lambda m: said.append(m["content"].get("text", "")))
        results["first_cell_s"] = round(time.perf_counter() - t0, 2)
        compiled = [line for line in "".join(said).splitlines() if "Compiling" in line]
        check(reply["content"]["status"] == "ok" and not compiled,
              f"ô đầu tiên trong nhân mới, không mạng, không biên dịch crate nào "
              f"({results['first_cell_s']} s){': ' + '; '.join(compiled) if compiled else ''}")
        time.sleep(1)
        results["kernel_idle_pss_mib"] = round(tree_pss_mib(pid), 1)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        for code in code_cells[1:]:
            reply = kc.execute_interactive(code, timeout=600, output_hook=lambda m: None)
            if reply["content"]["status"] != "ok":
                check(False, f"một ô của {os.path.basename(notebook)} lỗi")
                break
        stop.set()
        sampler.join()
        time.sleep(1)
        results["kernel_compile_peak_pss_mib"] = round(peak[0], 1)
        results["kernel_after_notebook_pss_mib"] = round(tree_pss_mib(pid), 1)
        results["kernel_processes"] = len(descendants(pid))
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main():
    home_and_fresh_copies()
    server_and_book()
    kernel_memory(os.path.join(COURSE, sorted(
        f for f in os.listdir(COURSE) if f.endswith(".ipynb"))[3]))
    print("KẾT QUẢ " + json.dumps(results, ensure_ascii=False), flush=True)
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())

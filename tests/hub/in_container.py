#!/opt/venv/bin/python
"""Kiểm tra bên trong một container của ảnh lớp học (tests/hub/image.py chạy tệp này
bằng `podman run --network=none`): không mạng, với quyền người học `sinhvien`.

1. Thư mục nhà: điểm vào của ảnh chép bảy notebook vào ~/caytrochoi/; chạy lại thì
   không ghi đè bài đã sửa; caytrochoi-ban-moi đặt bản mới vào ~/caytrochoi/ban-moi/.
2. JupyterLab (caytrochoi-khoi-dong, như `docker run -p 8888:8888`) trả lời; sách
   qua jupyter-server-proxy ở /sach/ và nút ▶ Chạy: một khối Rust biên dịch và chạy
   trong chính container này (trình chạy caytrochoi-sach).
3. Bộ nhớ của một học sinh: PSS của nhân Rust (mọi tiến trình của nó) lúc rảnh,
   lúc biên dịch (đỉnh) và sau khi chạy hết notebook 4, với cùng các phép kiểm tra
   như notebooks/run_notebooks.py (tests/hub/image.py chạy sáu notebook kia bằng
   run_notebooks.py: mỗi notebook chạy một lần trong ảnh); PSS của máy chủ Jupyter.
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
from nbclient import NotebookClient  # noqa: E402
from nbclient.exceptions import CellExecutionError  # noqa: E402

# Phép kiểm tra hình của notebooks/run_notebooks.py (bản trong ảnh).
sys.path.insert(0, "/opt/caytrochoi/notebooks")
from run_notebooks import figure_problems  # noqa: E402

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
    """Chạy hết `notebook` trong một nhân mới, như notebooks/run_notebooks.py chạy nó
    (nbclient, mọi ô phải chạy được, mọi hình phải hiện thành hình: run_notebooks
    bỏ notebook này ra để nó chỉ chạy một lần trong ảnh), và đo PSS của nhân trong
    lúc đó: lúc rảnh sau ô đầu tiên, đỉnh lúc biên dịch các ô, sau ô cuối."""
    nb = nbformat.read(notebook, as_version=4)
    code_cells = [k for k, c in enumerate(nb.cells) if c.cell_type == "code"]
    peak, stop, pid = [0.0], threading.Event(), []
    name = os.path.basename(notebook)

    def sample():
        while not stop.wait(0.1):
            peak[0] = max(peak[0], tree_pss_mib(pid[0]))

    def started(**_):
        pid.append(client.km.provisioner.pid)
        results["first_cell_started"] = time.perf_counter()

    def executed(cell, cell_index, **_):
        if cell_index == code_cells[0]:
            results["first_cell_s"] = round(time.perf_counter() - results.pop("first_cell_started"), 2)
            said = "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")
            compiled = [line for line in said.splitlines() if "Compiling" in line]
            check(not compiled, "ô đầu tiên trong nhân mới, không mạng, không biên dịch crate nào "
                                f"({results['first_cell_s']} s, gồm khởi động nóng: nhân trả lời lần chào trước khi nạp xong)"
                                + (": " + "; ".join(compiled) if compiled else ""))
            time.sleep(1)
            results["kernel_idle_pss_mib"] = round(tree_pss_mib(pid[0]), 1)
            threading.Thread(target=sample, daemon=True).start()
        if cell_index == code_cells[-1]:
            stop.set()
            time.sleep(1)
            results["kernel_compile_peak_pss_mib"] = round(peak[0], 1)
            results["kernel_after_notebook_pss_mib"] = round(tree_pss_mib(pid[0]), 1)
            results["kernel_processes"] = len(descendants(pid[0]))

    client = NotebookClient(nb, timeout=900, startup_timeout=300, kernel_name="rust",
                            resources={"metadata": {"path": os.path.dirname(notebook)}},
                            on_notebook_start=started, on_cell_executed=executed)
    t0 = time.perf_counter()
    try:
        client.execute()
        problems = figure_problems(nb)
        check(not problems, f"{name} chạy hết trong nhân đo bộ nhớ: {len(code_cells)} ô, "
                            f"{time.perf_counter() - t0:.0f} s; mọi hình hiện thành hình"
                            + ("".join("\n  " + p for p in problems)))
        results["notebook"] = name
    except CellExecutionError as e:
        check(False, f"một ô của {name} lỗi:\n{str(e)[-2000:]}")
    finally:
        stop.set()


def main():
    home_and_fresh_copies()
    server_and_book()
    kernel_memory(os.path.join(COURSE, sorted(
        f for f in os.listdir(COURSE) if f.endswith(".ipynb"))[3]))
    print("KẾT QUẢ " + json.dumps(results, ensure_ascii=False), flush=True)
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())

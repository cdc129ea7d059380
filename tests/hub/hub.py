#!/usr/bin/env python3
"""Kiểm thử lớp thực hành (make hub-test; make test chạy nó): JupyterHub thật (hub/lop.py,
đúng lệnh mà make hub chạy), mỗi học sinh một container podman của ảnh lớp học, mọi
kết nối chỉ ở 127.0.0.1.

Năm học sinh giả, cùng lúc, làm như một trình duyệt (cách hubtraf của JupyterHub thử
tải): đăng nhập bằng tên và mã lớp qua trang /hub/login, chờ máy chủ của mình, mở
một notebook (REST: /api/contents, /api/sessions) rồi chạy từng ô qua websocket của
nhân, qua proxy của hub. Kết quả từng ô được so với kết quả ghi trong notebook.
Rồi:
- mã lớp sai, tên không hợp lệ: trang đăng nhập trả 403 với lời tiếng Việt;
- một học sinh không mở được, không chạy được mã trong máy chủ của người khác;
- giáo viên (quản trị) thấy danh sách học sinh và mở được máy chủ của một học sinh;
- một ô dùng quá giới hạn bộ nhớ: nhân báo bằng tiếng Việt, bài đã lưu còn nguyên,
  máy chủ của các học sinh khác vẫn chạy;
- bài đã lưu còn sau khi máy chủ của học sinh dừng rồi mở lại (ổ đĩa riêng);
- một máy chủ không ai dùng bị dừng (idle culler).
Báo độ trễ p50/p95 của các ô và bộ nhớ của mỗi học sinh (PSS của container). Cuối
cùng dừng hub, mọi container và xóa các ổ đĩa của lần thử.
"""

import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from urllib.parse import urlencode

import nbformat
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from common import Checks, tree_pss_mib  # noqa: E402
ROOT = os.path.dirname(os.path.dirname(HERE))
CLASS_CODE = "K7T9QX"
TEACHER_CODE = "GV4P8M2R6T"
PREFIX = "caytrochoi-kiemtra"
STUDENTS = [f"sv{i:02d}" for i in range(1, 6)]
IDLE_STUDENT = "sv-ngoi-yen"
NOTEBOOKS = ["01-quay-lui.ipynb", "02-cay-tro-choi.ipynb", "03-minimax.ipynb",
             "04-alpha-beta.ipynb", "05-grundy.ipynb"]
MEMORY_LIMIT = "1.5G"
CULL_IDLE_S = 150

check = Checks()
HUB_PID = [0]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Browser:
    """Một trình duyệt tối giản: giữ cookie theo đường dẫn (như trình duyệt thật: hub và
    máy chủ của học sinh đều đặt một cookie _xsrf, mỗi cái cho đường dẫn của mình) và
    gửi _xsrf của đúng đường dẫn như trang của Jupyter."""

    def __init__(self, base):
        self.base = base
        self.jar = {}  # (tên, đường dẫn) → giá trị
        self.http = AsyncHTTPClient(force_instance=True, defaults={"request_timeout": 300})

    def cookies_for(self, path):
        """Cookie gửi cho `path`: đường dẫn cụ thể hơn thắng."""
        chosen = {}
        for (name, where), value in sorted(self.jar.items(), key=lambda kv: len(kv[0][1])):
            if path.startswith(where):
                chosen[name] = value
        return chosen

    def _cookie_header(self, path="/"):
        return "; ".join(f"{k}={v}" for k, v in self.cookies_for(path).items())

    def _keep(self, resp_headers):
        for raw in resp_headers.get_list("Set-Cookie"):
            first, *attrs = raw.split(";")
            name, _, value = first.partition("=")
            where = "/"
            for a in attrs:
                k, _, v = a.strip().partition("=")
                if k.lower() == "path":
                    where = v or "/"
            key = (name.strip(), where)
            low = raw.lower()
            if "max-age=0" in low or "expires=thu, 01 jan 1970" in low or not value:
                self.jar.pop(key, None)
            else:
                self.jar[key] = value

    async def request(self, method, path, body=None, headers=None, follow=True, json_body=None):
        url = path if path.startswith("http") else self.base + path
        for _ in range(10):
            where = "/" + url.split("/", 3)[3].split("?")[0] if url.count("/") >= 3 else "/"
            h = {"Cookie": self._cookie_header(where), **(headers or {})}
            xsrf = self.cookies_for(where).get("_xsrf")
            if xsrf and method != "GET":
                h["X-XSRFToken"] = xsrf
            data = body
            if json_body is not None:
                data = json.dumps(json_body)
                h["Content-Type"] = "application/json"
            req = HTTPRequest(url, method=method, headers=h, body=data,
                              follow_redirects=False, allow_nonstandard_methods=True)
            try:
                resp = await self.http.fetch(req, raise_error=False)
            except OSError as e:
                raise RuntimeError(f"{method} {url}: {e}") from e
            self._keep(resp.headers)
            if follow and resp.code in (301, 302, 303, 307) and "Location" in resp.headers:
                loc = resp.headers["Location"]
                url = loc if loc.startswith("http") else self.base + loc
                if resp.code == 303 or (resp.code == 302 and method == "POST"):
                    method, body, json_body = "GET", None, None
                continue
            return resp
        raise RuntimeError(f"quá nhiều lần chuyển hướng: {url}")

    async def login(self, name, code):
        await self.request("GET", "/hub/login")
        form = urlencode({"username": name, "password": code,
                          "_xsrf": self.cookies_for("/hub/login").get("_xsrf", "")})
        return await self.request("POST", "/hub/login?next=", body=form,
                                  headers={"Content-Type": "application/x-www-form-urlencoded"},
                                  follow=False)


async def open_lab(browser, name):
    """Mở /user/NAME/lab như trình duyệt: theo các bước OAuth của hub (máy chủ của học
    sinh đặt cookie đăng nhập và _xsrf của nó); trang xin phép của hub (giáo viên mở
    máy chủ của học sinh) thì bấm đồng ý. True khi JupyterLab đã mở."""
    r = await browser.request("GET", f"/user/{name}/lab")
    body = r.body.decode("utf-8", "replace") if r.body else ""
    if r.code == 200 and 'name="scopes"' in body:  # trang "Authorize access" của hub
        fields = re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', body)
        found = re.search(r'<form[^>]*action="([^"]+)"', body)
        action = found.group(1).replace("&amp;", "&") if found else r.effective_url
        r = await browser.request("POST", action, body=urlencode(fields),
                                  headers={"Content-Type": "application/x-www-form-urlencoded"})
    return r.code == 200 and f"/user/{name}/lab" in r.effective_url


async def start_server(browser, name, timeout=300):
    """Như bấm "Start My Server": /hub/spawn rồi chờ tới khi JupyterLab của NAME mở."""
    await browser.request("GET", f"/hub/spawn/{name}")
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if await open_lab(browser, name):
            return time.perf_counter() - t0
        await asyncio.sleep(1)
    raise RuntimeError(f"máy chủ của {name} không sẵn sàng sau {timeout} s")


def text_of(outputs):
    """Phần chữ của kết quả một ô (stream + text/plain), để so sánh."""
    parts = []
    for o in outputs:
        if o.get("output_type") == "stream":
            parts.append(o.get("text", ""))
        elif o.get("output_type") in ("execute_result", "display_data"):
            data = o.get("data", {})
            parts.append("<svg>" if "image/svg+xml" in data else data.get("text/plain", ""))
        elif o.get("output_type") == "error":
            parts.append("LỖI " + o.get("ename", "") + ": " + o.get("evalue", ""))
    return "".join(parts)


class Kernel:
    def __init__(self, ws, session):
        self.ws, self.session = ws, session

    async def run(self, code, timeout=600):
        msg_id = uuid.uuid4().hex
        await self.ws.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "session": self.session,
                       "username": "", "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True,
                        "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
        outputs, status, idle = [], None, False
        deadline = time.perf_counter() + timeout
        while status is None or not idle:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise RuntimeError("ô chạy quá lâu")
            raw = await asyncio.wait_for(self.ws.read_message(), left)
            if raw is None:
                raise RuntimeError("websocket của nhân đóng")
            msg = json.loads(raw)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg["header"]["msg_type"]
            if kind in ("stream", "execute_result", "display_data", "error"):
                out = dict(msg["content"], output_type=kind)
                outputs.append(out)
            elif kind == "execute_reply":
                status = msg["content"]["status"]
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                idle = True
        return status, outputs


async def open_kernel(browser, name, notebook):
    r = await browser.request("POST", f"/user/{name}/api/sessions", json_body={
        "path": f"caytrochoi/{notebook}", "type": "notebook", "name": notebook,
        "kernel": {"name": "rust"}})
    if r.code not in (200, 201):
        raise RuntimeError(f"{name}: không mở được nhân ({r.code}) {r.body[:200]!r}")
    kernel_id = json.loads(r.body)["kernel"]["id"]
    ws_url = browser.base.replace("http", "ws", 1) + f"/user/{name}/api/kernels/{kernel_id}/channels"
    # Máy chủ chỉ nhận websocket khi nhân đã trả lời lần chào đầu (sau khởi động nóng,
    # lâu hơn khi năm nhân cùng khởi động trên hai lõi).
    ws = await websocket_connect(HTTPRequest(
        ws_url, headers={"Cookie": browser._cookie_header(f"/user/{name}/api/kernels/")},
        connect_timeout=60, request_timeout=300))
    return Kernel(ws, uuid.uuid4().hex), kernel_id


async def student(base, name, notebook, latencies):
    """Một học sinh: đăng nhập, máy chủ, notebook, mọi ô; trả về lời báo lỗi hoặc None."""
    b = Browser(base)
    r = await b.login(name, CLASS_CODE.lower())
    if r.code != 302:
        return f"{name}: đăng nhập không được ({r.code})"
    started = await start_server(b, name)
    r = await b.request("GET", f"/user/{name}/api/contents/caytrochoi/{notebook}")
    if r.code != 200:
        return f"{name}: không đọc được {notebook} ({r.code})"
    nb = nbformat.reads(json.dumps(json.loads(r.body)["content"]), as_version=4)
    kernel, _ = await open_kernel(b, name, notebook)
    mismatched, first_diff = [], None
    for i, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
        t0 = time.perf_counter()
        status, outputs = await kernel.run(cell.source)
        latencies.append(time.perf_counter() - t0)
        if status != "ok":
            return f"{name}: ô {i + 1} của {notebook} lỗi: {text_of(outputs)[:300]}"
        if text_of(outputs) != text_of(cell.outputs):
            mismatched.append(i + 1)
            first_diff = first_diff or (text_of(cell.outputs), text_of(outputs))
    kernel.ws.close()
    if mismatched:
        want, got = first_diff
        return (f"{name}: kết quả khác bản ghi trong {notebook} ở các ô {mismatched}; "
                f"ô {mismatched[0]}: bản ghi {want[-300:]!r}, chạy được {got[-300:]!r}")
    print(f"     {name}: máy chủ sẵn sàng sau {started:.0f} s, {notebook} chạy hết, kết quả khớp", flush=True)
    return None


def sizing(per_student_mib, hub_mib):
    """Số học sinh cho máy 16/32/64 GiB: giữ 2 GiB cho hệ điều hành và hub, mỗi học sinh
    lấy đúng số đo (trung bình của năm học sinh chạy cùng lúc) cộng 0,3 GiB cho lúc
    biên dịch một ô."""
    rows = []
    for gib in (16, 32, 64):
        free = gib * 1024 - 2048 - hub_mib
        rows.append((gib, int(free // (per_student_mib + 300))))
    return rows


def container_pss_mib(name):
    """PSS (MiB) của mọi tiến trình trong container của học sinh `name`."""
    pids = subprocess.run(["podman", "top", f"{PREFIX}-{name}", "hpid"],
                          capture_output=True, text=True).stdout.split()[1:]
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                total += next(int(l.split()[1]) for l in f if l.startswith("Pss:"))
        except (OSError, StopIteration, ValueError):
            pass
    return total / 1024


async def scenario(base):
    # --- Đăng nhập sai ---------------------------------------------------------
    b = Browser(base)
    r = await b.login("sv01", "SAIMA1")
    page = r.body.decode()
    check(r.code == 403 and "Mã lớp không đúng" in page, "mã lớp sai: 403 và lời tiếng Việt")
    r = await Browser(base).login("Nguyễn Văn An", CLASS_CODE)
    check(r.code == 403 and "chữ thường không dấu" in r.body.decode(),
          "tên đăng nhập có dấu: 403 và lời tiếng Việt giải thích")

    # --- Năm học sinh cùng lúc, và một học sinh mở máy rồi ngồi yên -------------
    idle = Browser(base)
    await idle.login(IDLE_STUDENT, CLASS_CODE)
    latencies = []
    t0 = time.perf_counter()
    errors = await asyncio.gather(*(student(base, n, nb, latencies)
                                    for n, nb in zip(STUDENTS, NOTEBOOKS)),
                                  start_server(idle, IDLE_STUDENT), return_exceptions=True)
    took = time.perf_counter() - t0
    problems = [e for e in errors[:-1] if e]
    check(not problems, f"{len(STUDENTS)} học sinh cùng lúc: mỗi người một container, "
          f"chạy hết một notebook qua proxy ({took:.0f} s)" + "".join(f"\n     {p}" for p in problems))
    if latencies:
        lat = sorted(latencies)
        p95 = lat[min(len(lat) - 1, int(0.95 * len(lat)))]
        print(f"     độ trễ mỗi ô ({len(lat)} ô): p50 {statistics.median(lat):.2f} s, "
              f"p95 {p95:.2f} s, lâu nhất {lat[-1]:.2f} s", flush=True)
    mem = {n: container_pss_mib(n) for n in STUDENTS}
    hub_mib = tree_pss_mib(HUB_PID[0])
    print("     bộ nhớ mỗi học sinh (PSS của container, một notebook đã chạy, MiB): "
          + ", ".join(f"{n} {v:.0f}" for n, v in mem.items())
          + f"; hub, proxy, idle culler, podman: {hub_mib:.0f} MiB", flush=True)
    per = statistics.mean(mem.values()) if mem else 0
    rows = sizing(per, hub_mib) if per else []
    for gib, n in rows:
        print(f"     máy {gib} GiB: khoảng {n} học sinh cùng lúc "
              f"(mỗi người {per:.0f} MiB đo được + 300 MiB lúc biên dịch)", flush=True)
    with open(os.path.join(ROOT, "target", "hub-test-memory.json"), "w") as f:
        json.dump({"pss_mib": mem, "hub_mib": hub_mib, "sizing": rows,
                   "latencies_s": latencies}, f)

    # --- Không ai vào được máy chủ của người khác ---------------------------------
    a = Browser(base)
    await a.login("sv01", CLASS_CODE)
    await open_lab(a, "sv01")
    check(not await open_lab(a, "sv02"), "sv01 không mở được JupyterLab của sv02")
    r = await a.request("GET", "/user/sv02/api/contents/caytrochoi", follow=False)
    r2 = await a.request("POST", "/user/sv02/api/kernels", json_body={"name": "rust"}, follow=False)
    r3 = await a.request("GET", "/user/sv02/sach/api/status", follow=False)
    check(r.code in (302, 403) and r2.code in (302, 403) and r3.code in (302, 403)
          and b"sv02" not in (r.body or b"")[:0],
          f"sv01 không đọc, không mở nhân, không dùng trình chạy của sv02 ({r.code}, {r2.code}, {r3.code})")
    if r.code == 302:
        r = await a.request("GET", "/user/sv02/api/contents/caytrochoi")
        check(r.code == 403, f"… theo chuyển hướng cũng bị từ chối ({r.code})")

    # --- Giáo viên ------------------------------------------------------------------
    t = Browser(base)
    r = await t.login("giaovien", TEACHER_CODE)
    check(r.code == 302, "giáo viên đăng nhập bằng mã giáo viên")
    r = await t.request("GET", "/hub/api/users")
    names = {u["name"] for u in json.loads(r.body)} if r.code == 200 else set()
    check(set(STUDENTS) <= names, f"giáo viên thấy danh sách học sinh ({len(names)} tên)")
    opened = await open_lab(t, "sv03")
    r = await t.request("GET", "/user/sv03/api/contents/caytrochoi")
    check(opened and r.code == 200 and "03-minimax.ipynb" in r.body.decode(),
          f"giáo viên mở được máy chủ của một học sinh để giúp ({r.code})")

    # --- Bài đã lưu, quá giới hạn bộ nhớ, máy chủ mở lại ---------------------------
    s = Browser(base)
    await s.login("sv04", CLASS_CODE)
    await open_lab(s, "sv04")
    path = "/user/sv04/api/contents/caytrochoi/bai-lam.ipynb"
    mine = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("// bài làm của sv04: 42")])
    r = await s.request("PUT", path, json_body={"type": "notebook", "content": mine})
    check(r.code in (200, 201), "học sinh lưu một notebook của mình")
    kernel, _ = await open_kernel(s, "sv04", "bai-lam.ipynb")
    status, outputs = await kernel.run(
        "let mut v: Vec<u8> = Vec::new();\n"
        "for _ in 0..64 { let mut k = vec![0u8; 64 << 20]; k.iter_mut().step_by(4096).for_each(|x| *x = 1); v.extend_from_slice(&k); }\n"
        "println!(\"{}\", v.len());", timeout=300)
    said = text_of(outputs)
    check(status != "ok" and "bộ nhớ" in said,
          f"ô dùng quá {MEMORY_LIMIT} bộ nhớ: nhân báo bằng tiếng Việt: {said.strip()[:160]!r}")
    r = await s.request("GET", path)
    check(r.code == 200 and "42" in r.body.decode(), "sau đó bài đã lưu vẫn còn nguyên")
    status, outputs = await kernel.run("println!(\"{}\", 6 * 7);")
    check(status == "ok" and "42" in text_of(outputs),
          "chạy lại sau đó: nhân vẫn dùng được (biến cũ đã mất, như lời báo)")
    r = await Browser(base).login("sv05", CLASS_CODE)
    other = [n for n in STUDENTS if n != "sv04"]
    alive = [subprocess.run(["podman", "container", "exists", f"{PREFIX}-{n}"]).returncode == 0
             for n in other]
    check(all(alive), "máy chủ của các học sinh khác vẫn chạy")
    r = await t.request("DELETE", "/hub/api/users/sv04/server")
    check(r.code in (202, 204), f"giáo viên dừng máy chủ của sv04 ({r.code})")
    for _ in range(60):
        if subprocess.run(["podman", "container", "exists", f"{PREFIX}-sv04"]).returncode != 0:
            break
        await asyncio.sleep(1)
    await start_server(s, "sv04")
    r = await s.request("GET", path)
    check(r.code == 200 and "42" in r.body.decode(), "máy chủ mở lại: bài đã lưu vẫn còn (ổ đĩa riêng)")

    # --- Máy chủ không ai dùng bị dừng ------------------------------------------------
    t0 = time.perf_counter()
    culled = False
    while time.perf_counter() - t0 < CULL_IDLE_S + 150:
        r = await t.request("GET", f"/hub/api/users/{IDLE_STUDENT}")
        if r.code == 200 and not json.loads(r.body).get("servers"):
            culled = True
            break
        await asyncio.sleep(5)
    check(culled, f"máy chủ của {IDLE_STUDENT} (không dùng) được dừng sau ~{CULL_IDLE_S} s không hoạt động")


def remove_test_volumes():
    """Xóa ổ đĩa của các học sinh giả (của lần thử này hay một lần thử bị ngắt)."""
    subprocess.run(["podman", "rm", "-f", "-t", "2", *subprocess.run(
        ["podman", "ps", "-a", "--format", "{{.Names}}", "--filter", f"name=^{PREFIX}-"],
        capture_output=True, text=True).stdout.split()], capture_output=True)
    vols = subprocess.run(["podman", "volume", "ls", "--format", "{{.Name}}", "--filter",
                           f"name=^{PREFIX}-"], capture_output=True, text=True).stdout.split()
    if vols:
        subprocess.run(["podman", "volume", "rm", "-f", *vols], capture_output=True)


def main():
    with open(os.path.join(ROOT, "target", "image", "tag")) as f:
        image = f.read().strip()
    port, api, proxy_api = free_port(), free_port(), free_port()
    data = os.path.join(ROOT, "target", "hub-test")
    subprocess.run(["rm", "-rf", data])
    os.makedirs(data)
    remove_test_volumes()
    env = dict(os.environ, MA_LOP=CLASS_CODE, MA_GIAO_VIEN=TEACHER_CODE,
               CAYTROCHOI_HUB_API_PORT=str(api), CAYTROCHOI_PROXY_API_PORT=str(proxy_api),
               CAYTROCHOI_CONTAINER_PREFIX=PREFIX, CAYTROCHOI_VOLUME_PREFIX=PREFIX,
               BO_NHO=MEMORY_LIMIT, CAYTROCHOI_CULL_IDLE=str(CULL_IDLE_S),
               CAYTROCHOI_CULL_EVERY="20", CAYTROCHOI_ACTIVITY="10")
    env.pop("HOST", None)
    log = open(os.path.join(data, "hub.log"), "w")
    hub = subprocess.Popen([sys.executable, os.path.join(ROOT, "hub", "lop.py"),
                            "--port", str(port), "--data", data],
                           env=env, stdout=log, stderr=subprocess.STDOUT)
    HUB_PID[0] = hub.pid
    base = f"http://127.0.0.1:{port}"
    try:
        # Hub sẵn sàng khi trang đăng nhập trả lời qua proxy (proxy mở cổng trước).
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"{base}/hub/login", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if hub.poll() is not None:
                    break
                time.sleep(0.2)
        head = open(os.path.join(data, "hub.log")).read()
        check(CLASS_CODE in head and "http://127.0.0.1:" in head,
              "make hub in ra địa chỉ 127.0.0.1 và mã lớp")
        asyncio.run(asyncio.wait_for(scenario(base), 1500))
    except Exception as e:
        check(False, f"{type(e).__name__}: {e}")
    finally:
        hub.terminate()
        try:
            hub.wait(90)
        except subprocess.TimeoutExpired:
            hub.kill()
        left = subprocess.run(["podman", "ps", "-a", "--format", "{{.Names}}", "--filter",
                               f"name=^{PREFIX}-"], capture_output=True, text=True).stdout.split()
        check(not left, f"hub dừng: không còn container nào của học sinh ({left})")
        remove_test_volumes()
        if check.failed:
            print("--- nhật ký hub (cuối) ---\n" + open(os.path.join(data, "hub.log")).read()[-6000:])
    print(f"hub-test: {check.passed} passed, {check.failed} failed")
    return 1 if check.failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Phần dùng chung của các kiểm thử viết bằng Python (trình duyệt, tải): khởi động
`caytrochoi-sach` trên một cổng trống của 127.0.0.1 và luôn dừng nó (kể cả khi kiểm
thử thất bại); một máy chủ tĩnh trên 127.0.0.1; Chromium của Debian không giao diện
với các trang chỉ được nói chuyện với 127.0.0.1; và một bộ đếm kiểm thử nhỏ."""

import functools
import http.server
import os
import re
import signal
import subprocess
import sys
import threading
import time
import traceback
import urllib.parse

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
BINARY = os.path.join(TARGET, "debug", "caytrochoi-sach")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]


def launch(playwright):
    """Chromium của Debian (không để Playwright tải trình duyệt nào về)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)


def is_local(url):
    """Địa chỉ của chính máy này (127.0.0.1, tệp trên đĩa, dữ liệu trong trang)."""
    u = urllib.parse.urlparse(url)
    return u.scheme in ("file", "data", "blob") or u.hostname in ("127.0.0.1", "localhost")


def new_page(browser, width=1280, height=900, outside=None):
    """Một trang trong một ngữ cảnh trình duyệt riêng. Mọi yêu cầu ra ngoài 127.0.0.1
    bị chặn và ghi vào `page.outside` (hoặc danh sách `outside` truyền vào); lỗi
    JavaScript ghi vào `page.errors`. Checks.run đóng mọi ngữ cảnh của trình duyệt sau
    mỗi kiểm thử (mỗi ngữ cảnh giữ tới 6 kết nối tới trình chạy)."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    blocked = [] if outside is None else outside

    def guard(route):
        if is_local(route.request.url):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    ctx.route("**/*", guard)
    page = ctx.new_page()
    page.errors = []
    page.outside = blocked
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class StaticServer:
    """Máy chủ tĩnh cho thư mục `folder` trên một cổng trống của 127.0.0.1; `with`
    cho địa chỉ gốc (http://127.0.0.1:…/) và luôn dừng máy chủ khi ra khỏi khối."""

    def __init__(self, folder):
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder)))

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        return False


class Runner:
    """Một trình chạy đang nghe ở 127.0.0.1; dùng với `with`."""

    def __init__(self, *args):
        self.args = ["--port", "0", *args]
        self.proc = None
        self.url = None
        self.lines = []

    def __enter__(self):
        if not os.path.exists(BINARY):
            sys.exit(f"Chưa có {BINARY}: chạy `cargo build --features runner` trước.")
        self.proc = subprocess.Popen([BINARY, *self.args], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        deadline = time.time() + 300
        for line in self.proc.stdout:
            self.lines.append(line)
            m = re.search(r"http://\S+", line)
            if m:
                self.url = m.group(0)
                break
            if time.time() > deadline:
                break
        if not self.url:
            self.stop()
            raise RuntimeError("trình chạy không in ra địa chỉ: " + "".join(self.lines))
        # Đọc tiếp phần còn lại để trình chạy không bị kẹt khi in.
        threading.Thread(target=lambda: [self.lines.append(l) for l in self.proc.stdout],
                         daemon=True).start()
        m = re.match(r"http://([^/:]+):(\d+)/", self.url)
        self.host, self.port = m.group(1), int(m.group(2))
        self.base = f"http://{self.host}:{self.port}/"
        return self

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __exit__(self, *exc):
        self.stop()
        return False


class Checks:
    """Chạy lần lượt các hàm kiểm thử; in 'N passed, M failed' ở cuối."""

    def __init__(self, title):
        self.title = title
        self.passed = 0
        self.failed = 0

    def run(self, name, fn, *args):
        start = time.time()
        try:
            fn(*args)
        except Exception:  # noqa: BLE001 — báo mọi lỗi rồi chạy tiếp kiểm thử khác
            self.failed += 1
            print(f"  THẤT BẠI {name} ({time.time() - start:.1f} s)")
            traceback.print_exc()
        else:
            self.passed += 1
            print(f"  đạt      {name} ({time.time() - start:.1f} s)")
        finally:
            # Mỗi trang mở bằng browser.new_page() có ngữ cảnh riêng, giữ tới 6 kết nối
            # tới trình chạy; không đóng thì chúng dồn lại qua các kiểm thử và chạm giới
            # hạn kết nối của một địa chỉ (limits::RUNNER_CONNECTIONS_PER_ADDRESS), như
            # một lớp học mở hàng chục trình duyệt từ cùng một máy.
            for arg in args:
                for context in list(getattr(arg, "contexts", [])):
                    try:
                        context.close()
                    except Exception:  # noqa: BLE001 — ngữ cảnh đã đóng
                        pass
        sys.stdout.flush()

    def finish(self):
        print(f"{self.title}: {self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)


def tap_edge(page, child):
    """Chạm (bấm chuột thật) vào giữa đoạn cuối của nhánh vào `child` trên cây của
    trang luyện tập, như ngón tay chạm vào nét vẽ của nhánh ấy."""
    page.locator(f'.lt-canh[data-child="{child}"]').scroll_into_view_if_needed()
    x, y = page.evaluate("""(child) => {
        const line = document.querySelector(`.lt-canh[data-child="${child}"] .lt-canh-vet`);
        const pts = line.points, n = pts.numberOfItems;
        const a = pts.getItem(n - 2), b = pts.getItem(n - 1);
        const svg = line.ownerSVGElement;
        const p = svg.createSVGPoint();
        p.x = (a.x + b.x) / 2;
        p.y = (a.y + b.y) / 2;
        const q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y];
    }""", child)
    page.mouse.click(x, y)

#!/usr/bin/env python3
"""Nhân Jupyter "rust" của dự án: evcxr, cộng hai việc nhỏ.

    python kernel.py EVCXR_JUPYTER CONNECTION_FILE

1. Một thư mục làm việc BỀN cho mỗi nhân đang chạy (target/notebook-kernels/slot-N).
   evcxr tự nó biên dịch lại crate caytrochoi trong một thư mục tạm mới ở MỖI nhân
   (`:cache` chỉ giữ các thư viện phụ thuộc tải về, không giữ crate cục bộ): 10–14 s
   cho ô đầu tiên, mỗi lần mở hay khởi động lại nhân. Ở đây nhân thứ N đang chạy
   dùng ô slot-N (khóa bằng flock, nhả khi nhân dừng), nên khởi động lại nhân hay
   mở notebook sau dùng lại bản dựng cũ, cargo thấy mọi thứ còn mới và ô đầu tiên
   chỉ còn biên dịch chính ô đó. Một ô chưa từng dùng được chép từ slot-0 (bản dựng
   mà `make notebooks` làm nóng trước khi mở Jupyter).

2. Số thứ tự ô bắt đầu từ [1]. evcxr_jupyter 0.22 đếm từ 2 (biến đếm khởi tạo 1
   rồi tăng TRƯỚC mỗi lần chạy). Nhân này đứng giữa Jupyter và evcxr, chuyển tiếp
   mọi tin nhắn (ZeroMQ) và chỉ sửa trường execution_count (trừ 1), ký lại bằng
   khóa của tệp kết nối.

3. Khởi động nóng. Ngay cả khi không phải biên dịch lại gì, lệnh `:dep` và biến
   đầu tiên có kiểu của caytrochoi vẫn tốn 5–8 s ở mỗi nhân mới: evcxr nạp cấu trúc
   crate và thư viện chuẩn vào rust-analyzer (dùng để biết kiểu của các biến). Vì
   vậy, với các notebook của thư mục này, ngay khi nhân khởi động, nhân này tự gửi
   cho evcxr đúng dòng `:dep` của ô đầu tiên (WARM_DEP) và một biến nhỏ, trong lúc
   người học còn đọc phần giới thiệu. Các tin nhắn của lần chạy ấy không tới
   Jupyter; ô đầu tiên của người học chỉ còn phải biên dịch chính nó.

4. Trong ảnh của lớp học (hub/, `make image`), biến môi trường CAYTROCHOI_DEP
   cho dòng `:dep` lấy crate từ gói đã dựng sẵn trong ảnh (một nguồn vendor của
   cargo, xem hub/cargo-config.toml) thay cho `path = ".."`: crate dạng gói được
   evcxr giữ bản dựng trong bộ nhớ đệm (`:cache`), còn crate `path` thì không, và
   trong ảnh không có thư mục `..` chứa crate. Nhân này đổi đúng dòng `:dep` của
   notebook (WARM_DEP) thành dòng ấy trước khi gửi cho evcxr; notebook không đổi,
   nên cùng một tệp chạy được cả ở máy của người học (make notebooks) lẫn trong
   ảnh. Khi đó không cần ô dựng bền (mục 1), và khởi động nóng áp cho mọi thư mục.

Chỉ nghe trên 127.0.0.1 (địa chỉ do Jupyter ghi trong tệp kết nối).
"""

import ctypes
import datetime
import fcntl
import hashlib
import hmac
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import uuid

import zmq

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SLOTS = os.environ.get("CAYTROCHOI_KERNEL_SLOTS",
                       os.path.join(ROOT, "target", "notebook-kernels"))
MAX_SLOTS = 16
DELIM = b"<IDS|MSG>"
# Dòng `:dep` của ô mã đầu tiên của mọi notebook trong notebooks/ (run_notebooks.py
# kiểm tra điều này): phải giống từng chữ, để evcxr không nạp lại crate.
WARM_DEP = ':dep caytrochoi = { path = "..", default-features = false }'
# Ảnh của lớp học: dòng `:dep` thật gửi cho evcxr (xem mục 4 ở đầu tệp).
IMAGE_DEP = os.environ.get("CAYTROCHOI_DEP", "").strip()
EVCXR_DEP = IMAGE_DEP or WARM_DEP
WARM_CODE = EVCXR_DEP + "\nlet khoi_dong_nhan = caytrochoi::GameTree::parse(\"(1, -1)\").is_ok();\n"
WARM_ID = b"caytrochoi-warm"  # danh tính giả: trả lời cho nó bị bỏ đi
COUNTED = {"execute_input", "execute_result", "execute_reply", "error"}


def take_slot():
    """Giữ khóa của ô trống đầu tiên; trả về (đường dẫn, tệp khóa đang mở)."""
    os.makedirs(SLOTS, exist_ok=True)
    for i in range(MAX_SLOTS):
        path = os.path.join(SLOTS, f"slot-{i}")
        lock = open(path + ".lock", "w")  # không kế thừa sang tiến trình con
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            continue
        seed = os.path.join(SLOTS, "slot-0", "target")
        if i > 0 and not os.path.isdir(os.path.join(path, "target")) and os.path.isdir(seed):
            # Chép bản dựng của slot-0 sang ô mới (cargo nhận ra nó còn mới:
            # mã băm của bản dựng không phụ thuộc vào thư mục đích).
            tmp = tempfile.mkdtemp(dir=SLOTS)
            try:
                shutil.copytree(seed, os.path.join(tmp, "target"), symlinks=True)
                os.makedirs(path, exist_ok=True)
                lock_file = os.path.join(SLOTS, "slot-0", "Cargo.lock")
                if os.path.exists(lock_file):  # cùng phiên bản thư viện, không hỏi mạng
                    shutil.copy2(lock_file, os.path.join(path, "Cargo.lock"))
                os.rename(os.path.join(tmp, "target"), os.path.join(path, "target"))
            except OSError:
                pass  # không chép được thì ô mới tự biên dịch, chậm hơn nhưng vẫn đúng
            finally:
                shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(path, exist_ok=True)
        return path, lock
    return None, None  # mọi ô đều bận: evcxr dùng thư mục tạm riêng như mặc định


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def die_with_parent():
    """Tiến trình con (evcxr) nhận SIGKILL khi nhân này chết (Linux)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


class Signer:
    def __init__(self, key, scheme):
        self.key = key.encode()
        self.digest = getattr(hashlib, scheme.split("-", 1)[1]) if self.key else None

    def sign(self, parts):
        if not self.key:
            return b""
        h = hmac.new(self.key, digestmod=self.digest)
        for p in parts:
            h.update(p)
        return h.hexdigest().encode()


SESSION = uuid.uuid4().hex


def message(signer, ids, msg_type, content, parent=b"{}"):
    """Một tin nhắn Jupyter đã ký, dạng các khung ZeroMQ."""
    header = json.dumps({"msg_id": uuid.uuid4().hex, "session": SESSION, "username": "kernel",
                         "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                         "msg_type": msg_type, "version": "5.3"}).encode()
    parts = [header, parent, b"{}", content]
    return ids + [DELIM, signer.sign(parts)] + parts


def warm_request(signer):
    """Tin nhắn execute_request của lần khởi động nóng."""
    content = json.dumps({"code": WARM_CODE, "silent": False, "store_history": False,
                          "user_expressions": {}, "allow_stdin": False,
                          "stop_on_error": True}).encode()
    return message(signer, [WARM_ID], "execute_request", content)


class KernelInfo:
    """Trả lời kernel_info_request thay evcxr (nội dung hỏi evcxr một lần lúc đầu):
    evcxr xử lý kênh shell tuần tự, nên khi đang khởi động nóng nó chỉ trả lời sau
    khi xong, và JupyterLab coi nhân là "đang khởi động" suốt thời gian ấy."""

    def __init__(self):
        self.content = None

    def answer(self, frames, signer, iopub):
        i = frames.index(DELIM)
        parent = frames[i + 2]
        for state in ("busy", "idle"):
            iopub.send_multipart(message(signer, [b"status"], "status",
                                         json.dumps({"execution_state": state}).encode(),
                                         parent))
        return message(signer, frames[:i], "kernel_info_reply", self.content, parent)


KERNEL_INFO = KernelInfo()


def split(frames):
    """(vị trí của DELIM, header, parent, metadata, content) của một tin nhắn Jupyter
    dạng khung ZeroMQ; None nếu không phải tin nhắn đầy đủ."""
    try:
        i = frames.index(DELIM)
    except ValueError:
        return None
    if len(frames) < i + 6:
        return None
    return (i, *frames[i + 2:i + 6])


def with_content(frames, i, signer, body):
    """Cùng tin nhắn với nội dung `body` mới, ký lại."""
    header, parent, meta = frames[i + 2:i + 5]
    content = json.dumps(body, ensure_ascii=False).encode()
    return frames[:i + 1] + [signer.sign([header, parent, meta, content]), header, parent,
                             meta, content] + frames[i + 6:]


def renumber(frames, signer, offset, hidden):
    """Trừ `offset` ở execution_count của các tin nhắn thực thi, ký lại. Trả về None
    cho tin nhắn thuộc lần khởi động nóng (mã msg_id trong `hidden`)."""
    found = split(frames)
    if found is None:
        return frames
    i, header, parent, meta, content = found
    if hidden and json.loads(parent or b"{}").get("msg_id") in hidden:
        if json.loads(header).get("msg_type") == "kernel_info_reply":
            KERNEL_INFO.content = content
        return None
    if json.loads(header).get("msg_type") not in COUNTED:
        return frames
    body = json.loads(content)
    n = body.get("execution_count")
    if not isinstance(n, int) or n <= offset:
        return frames
    body["execution_count"] = n - offset
    return with_content(frames, i, signer, body)


def rewrite_dep(frames, signer):
    """Ảnh của lớp học: trong một execute_request, thay dòng `:dep` của notebook
    (WARM_DEP) bằng IMAGE_DEP rồi ký lại. Tin nhắn khác giữ nguyên."""
    found = split(frames)
    if found is None:
        return frames
    i, header, parent, meta, content = found
    if json.loads(header).get("msg_type") != "execute_request":
        return frames
    body = json.loads(content)
    code = body.get("code")
    if not isinstance(code, str) or WARM_DEP not in code:
        return frames
    body["code"] = code.replace(WARM_DEP, IMAGE_DEP)
    return with_content(frames, i, signer, body)


def memory_limit_gib():
    """Giới hạn bộ nhớ của container (cgroup v2 hoặc v1), GiB; None nếu không có."""
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path) as f:
                value = int(f.read().strip())
        except (OSError, ValueError):
            continue
        if value < 1 << 50:
            return value / (1 << 30)
    return None


KILLED = b"Subprocess terminated"
EXPLAINED = set()  # các ô (tin nhắn cha) đã được giải thích: mỗi ô một lần


def explain_kill(frames, signer):
    """evcxr báo "Subprocess terminated…" (tiếng Anh) khi tiến trình chạy mã bị giết:
    vì vượt giới hạn bộ nhớ của máy chủ, hay vì người học bấm ■. Trả về một tin nhắn
    stream (stderr) giải thích bằng tiếng Việt, gửi ngay sau tin nhắn ấy; None nếu
    không phải trường hợp này."""
    found = split(frames)
    if found is None or KILLED not in found[4]:
        return None
    _, header, parent, _, _ = found
    if json.loads(header).get("msg_type") not in ("error", "stream") or parent in EXPLAINED:
        return None
    EXPLAINED.add(parent)
    limit = memory_limit_gib()
    where = (f"giới hạn bộ nhớ của máy chủ của bạn ({limit:.1f} GiB)".replace(".", ",")
             if limit else "bộ nhớ của máy")
    text = ("\nTiến trình chạy mã Rust của notebook đã bị dừng: ô vừa chạy dùng quá "
            f"{where}, hoặc bạn đã bấm ■ (Interrupt). Mọi biến đã mất, nhưng các tệp đã "
            "lưu vẫn còn nguyên. Hãy giảm cỡ dữ liệu của ô này, rồi chạy lại các ô từ đầu "
            "(Run → Run All Above Selected Cell).\n")
    content = json.dumps({"name": "stderr", "text": text}, ensure_ascii=False).encode()
    return message(signer, [b"stream"], "stream", content, parent)


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    evcxr, conn_file = sys.argv[1], sys.argv[2]
    with open(conn_file) as f:
        conn = json.load(f)
    signer = Signer(conn.get("key", ""), conn.get("signature_scheme", "hmac-sha256"))
    ip = conn.get("ip", "127.0.0.1")
    channels = ["shell", "control", "stdin", "hb", "iopub"]
    inner = dict(conn, ip="127.0.0.1", transport="tcp",
                 **{f"{c}_port": free_port() for c in channels})
    fd, inner_file = tempfile.mkstemp(prefix="kernel-evcxr-", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(inner, f)

    env = dict(os.environ)
    # evcxr_jupyter tự "cập nhật" tệp nhân ở $JUPYTER_PATH/kernels/rust khi thấy ở đó
    # một bản khác (ghi đè kernel.json của dự án bằng lệnh gọi thẳng evcxr). Chỉ cho
    # nó thấy một thư mục không có nhân nào.
    env["JUPYTER_PATH"] = SLOTS
    slot, _lock = (None, None) if IMAGE_DEP else take_slot()
    if slot:
        env["EVCXR_TMPDIR"] = slot
    child = subprocess.Popen([evcxr, "--control_file", inner_file], env=env,
                             preexec_fn=die_with_parent)

    def stop(signum, _frame):
        child.send_signal(signum)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # ngắt ô: Jupyter gửi interrupt_request

    ctx = zmq.Context()
    url = lambda host, port: f"{conn.get('transport', 'tcp')}://{host}:{port}"
    pairs = []  # (phía Jupyter, phía evcxr, có đánh số lại không)
    for name in ["shell", "control", "stdin", "hb"]:
        front = ctx.socket(zmq.ROUTER)
        front.bind(url(ip, conn[f"{name}_port"]))
        back = ctx.socket(zmq.DEALER)
        back.setsockopt(zmq.IDENTITY, b"caytrochoi-kernel")  # shell và stdin cùng danh tính
        back.connect(url("127.0.0.1", inner[f"{name}_port"]))
        pairs.append((front, back, name == "shell"))
    iopub_front = ctx.socket(zmq.PUB)
    iopub_front.bind(url(ip, conn["iopub_port"]))
    iopub_back = ctx.socket(zmq.SUB)
    iopub_back.setsockopt(zmq.SUBSCRIBE, b"")
    iopub_back.connect(url("127.0.0.1", inner["iopub_port"]))

    poller = zmq.Poller()
    route = {}
    for front, back, fix in pairs:
        poller.register(front, zmq.POLLIN)
        poller.register(back, zmq.POLLIN)
        route[front] = (back, False)
        route[back] = (front, fix)
    poller.register(iopub_back, zmq.POLLIN)
    route[iopub_back] = (iopub_front, True)
    # evcxr_jupyter 0.22 đánh số từ 2; mỗi lần khởi động nóng thêm 1.
    offset, hidden = 1, set()
    course_dir = IMAGE_DEP or os.path.realpath(os.getcwd()) == os.path.realpath(HERE)
    if course_dir and not os.environ.get("CAYTROCHOI_NO_WARM"):
        info = message(signer, [WARM_ID], "kernel_info_request", b"{}")
        request = warm_request(signer)
        for m in (info, request):
            hidden.add(json.loads(m[3])["msg_id"])
            pairs[0][1].send_multipart(m)  # kênh shell của evcxr
        offset += 1
    shell_front, waiting = pairs[0][0], []

    def forward(timeout_ms):
        events = poller.poll(timeout_ms)
        for sock, _ in events:
            frames = sock.recv_multipart()
            dest, fix = route[sock]
            if hidden and sock is shell_front and DELIM in frames and json.loads(
                    frames[frames.index(DELIM) + 2]).get("msg_type") == "kernel_info_request":
                # Giữ lại tới khi biết nội dung trả lời (evcxr vừa khởi động xong),
                # không để nó xếp hàng sau lần khởi động nóng.
                waiting.append(frames)
            else:
                if fix:
                    frames = renumber(frames, signer, offset, hidden)
                elif IMAGE_DEP and sock is shell_front:
                    frames = rewrite_dep(frames, signer)
                if frames is not None:
                    dest.send_multipart(frames)
                    extra = explain_kill(frames, signer) if sock is iopub_back else None
                    if extra:
                        dest.send_multipart(extra)
            while KERNEL_INFO.content and waiting:
                shell_front.send_multipart(KERNEL_INFO.answer(waiting.pop(0), signer, iopub_front))
        return bool(events)

    try:
        while child.poll() is None:
            forward(500)
        # evcxr đã dừng (shutdown_request): chuyển nốt các trả lời còn trong hàng đợi.
        while forward(200):
            pass
    finally:
        if child.poll() is None:
            child.kill()
        os.unlink(inner_file)
        ctx.destroy(linger=1000)
    return child.wait()


if __name__ == "__main__":
    sys.exit(main())

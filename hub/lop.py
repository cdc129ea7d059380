#!/usr/bin/env python3
"""make hub: JupyterHub cho một lớp thực hành trên máy này.

    python hub/lop.py [--host ĐỊA-CHỈ] [--port CỔNG]

1. Mã lớp (6 chữ, không có chữ dễ nhầm như O/0, I/1) và mã giáo viên: lấy từ biến
   môi trường MA_LOP, MA_GIAO_VIEN nếu giáo viên đặt, nếu không thì sinh mới mỗi lần.
2. podman phục vụ giao diện tương thích Docker trên một socket riêng của dự án
   (target/hub/podman.sock): DockerSpawner nói chuyện với nó để tạo mỗi học sinh
   một container từ ảnh lớp học (make image).
3. JupyterHub với hub/jupyterhub_config.py. Ctrl-C (hoặc SIGTERM): dừng hub, dừng
   và bỏ container của mọi học sinh (ổ đĩa chứa bài làm thì giữ), dừng podman.

Chỉ nghe ở 127.0.0.1 trừ khi đặt --host (make hub HOST=0.0.0.0).
"""

import argparse
import os
import secrets
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_code(n=6):
    return "".join(secrets.choice(ALPHABET) for _ in range(n))


def podman_service(data, log):
    """podman system service trên một socket riêng; trả về (tiến trình, địa chỉ)."""
    sock = os.path.join(data, "podman.sock")
    if os.path.exists(sock):
        os.unlink(sock)
    conf = os.path.join(data, "containers.conf")
    with open(conf, "w") as f:
        # Máy này: runc thay cho crun (crun không dùng được cây cgroup lai).
        f.write('[engine]\nruntime = "runc"\n')
    env = dict(os.environ, CONTAINERS_CONF=conf)
    # Thư mục làm việc là thư mục của hub: conmon ghi tệp "oom" vào thư mục làm việc
    # khi một container bị dừng vì hết bộ nhớ (không để nó rơi vào thư mục dự án).
    proc = subprocess.Popen(["podman", "system", "service", "--time=0", f"unix://{sock}"],
                            env=env, cwd=data, stdout=log, stderr=subprocess.STDOUT)
    for _ in range(100):
        if os.path.exists(sock):
            return proc, f"unix://{sock}"
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    raise SystemExit("make hub: podman system service không khởi động được (xem target/hub/podman.log)")


def stop_students(prefix, conf):
    """Dừng và bỏ mọi container của học sinh (ổ đĩa giữ nguyên)."""
    env = dict(os.environ, CONTAINERS_CONF=conf)
    names = subprocess.run(["podman", "ps", "-a", "--format", "{{.Names}}",
                            "--filter", f"name=^{prefix}-"], env=env,
                           capture_output=True, text=True).stdout.split()
    if names:
        subprocess.run(["podman", "rm", "-f", "-t", "5", *names], env=env,
                       capture_output=True)
    return names


def main():
    ap = argparse.ArgumentParser(description="JupyterHub cho một lớp thực hành.")
    ap.add_argument("--host", default=os.environ.get("HOST") or "127.0.0.1")
    ap.add_argument("--port", default=os.environ.get("PORT") or "8000")
    ap.add_argument("--data", default=os.path.join(ROOT, "target", "hub"))
    args = ap.parse_args()
    os.makedirs(args.data, exist_ok=True)
    image_tag = os.path.join(ROOT, "target", "image", "tag")
    if not os.path.exists(image_tag):
        raise SystemExit("make hub: chưa có ảnh lớp học — chạy make image trước")
    with open(image_tag) as f:
        image = f.read().strip()

    env = dict(os.environ)
    env.setdefault("MA_LOP", new_code())
    env.setdefault("MA_GIAO_VIEN", new_code(10))
    env.update(HOST=args.host, PORT=str(args.port), CAYTROCHOI_IMAGE=image,
               CAYTROCHOI_HUB_DATA=args.data)
    env.setdefault("CAYTROCHOI_CONTAINER_PREFIX", "caytrochoi")
    log = open(os.path.join(args.data, "podman.log"), "a")
    podman, socket = podman_service(args.data, log)
    env["CAYTROCHOI_PODMAN_SOCKET"] = socket
    # configurable-http-proxy (gói Debian) và jupyterhub của .venv. Các mô-đun Node
    # của gói Debian nằm ở /usr/share/nodejs: Node của Debian tìm ở đó, một Node cài
    # từ nơi khác (như trên máy này) thì cần NODE_PATH.
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env["NODE_PATH"] = os.pathsep.join(p for p in ("/usr/share/nodejs", env.get("NODE_PATH")) if p)
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(f"""
  Lớp thực hành caytrochoi — JupyterHub
  Địa chỉ:        http://{shown}:{args.port}/{'   (và địa chỉ của máy này trong phòng học)' if shown != args.host else ''}
  Mã lớp:         {env['MA_LOP']}      (viết lên bảng; học sinh gõ tên đăng nhập và mã này)
  Giáo viên:      tên {env.get('GIAO_VIEN', 'giaovien')}, mã {env['MA_GIAO_VIEN']}   (trang Admin: thấy và mở máy chủ của mọi học sinh)
  Ảnh:            {image}
  Dừng: Ctrl-C (bài làm của học sinh được giữ trong ổ đĩa của từng người)
""", flush=True)
    hub = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f",
                            os.path.join(HERE, "jupyterhub_config.py")], env=env, cwd=ROOT)

    def stop(signum, _frame):
        if hub.poll() is None:
            hub.send_signal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        code = hub.wait()
    finally:
        if hub.poll() is None:
            hub.kill()
        gone = stop_students(env["CAYTROCHOI_CONTAINER_PREFIX"], os.path.join(args.data, "containers.conf"))
        if gone:
            print(f"Đã dừng {len(gone)} máy chủ của học sinh.", flush=True)
        podman.terminate()
        try:
            podman.wait(10)
        except subprocess.TimeoutExpired:
            podman.kill()
    return code


if __name__ == "__main__":
    sys.exit(main())

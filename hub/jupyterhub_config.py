# JupyterHub của một lớp thực hành (make hub): mỗi học sinh một container của ảnh
# lớp học (make image), chạy bằng podman qua giao diện tương thích Docker của nó
# (DockerSpawner), mỗi học sinh một ổ đĩa (volume) giữ bài làm qua các lần khởi động.
#
# Mọi giá trị đọc từ biến môi trường do hub/lop.py đặt (make hub in ra mã lớp và
# mã giáo viên); xem README, mục "Lớp thực hành: make hub".
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

env = os.environ.get
c = get_config()  # noqa: F821

# --- Địa chỉ -------------------------------------------------------------------
# Trang của hub (proxy) chỉ nghe ở 127.0.0.1 trừ khi giáo viên đặt HOST= (ví dụ
# HOST=0.0.0.0 cho cả phòng máy). API của hub cũng ở 127.0.0.1; container của học
# sinh tới được nó qua slirp4netns (10.0.2.2 bên trong container là 127.0.0.1 của
# máy này, không phải một máy nào khác), và máy chủ của học sinh được chuyển ra một
# cổng của 127.0.0.1.
c.JupyterHub.bind_url = f"http://{env('HOST', '127.0.0.1')}:{env('PORT', '8000')}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{env('CAYTROCHOI_HUB_API_PORT', '8081')}"
# Proxy và idle culler (trên máy này) gọi hub ở 127.0.0.1; chỉ container của học
# sinh gọi qua 10.0.2.2 (slirp4netns chuyển tới 127.0.0.1 của máy).
c.JupyterHub.hub_connect_url = f"http://127.0.0.1:{env('CAYTROCHOI_HUB_API_PORT', '8081')}"
c.Spawner.hub_connect_url = f"http://10.0.2.2:{env('CAYTROCHOI_HUB_API_PORT', '8081')}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{env('CAYTROCHOI_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.command = ["configurable-http-proxy"]
data = env("CAYTROCHOI_HUB_DATA", "target/hub")
c.JupyterHub.cookie_secret_file = os.path.join(data, "cookie_secret")
c.JupyterHub.db_url = "sqlite:///" + os.path.join(data, "jupyterhub.sqlite")
c.ConfigurableHTTPProxy.pid_file = os.path.join(data, "proxy.pid")

# --- Đăng nhập: mã lớp ------------------------------------------------------------
c.JupyterHub.authenticator_class = "lop_auth.ClassCodeAuthenticator"
c.ClassCodeAuthenticator.class_code = env("MA_LOP", "")
c.ClassCodeAuthenticator.teacher_code = env("MA_GIAO_VIEN", "")
c.ClassCodeAuthenticator.teacher = env("GIAO_VIEN", "giaovien")
roster = env("DANH_SACH")
if roster:
    with open(roster, encoding="utf-8") as f:
        c.ClassCodeAuthenticator.roster = {
            line.strip().lower() for line in f if line.strip() and not line.startswith("#")
        }
c.Authenticator.admin_users = {env("GIAO_VIEN", "giaovien")}
c.JupyterHub.template_paths = [os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")]

# --- Mỗi học sinh một container ---------------------------------------------------
c.JupyterHub.spawner_class = "dockerspawner.DockerSpawner"
c.DockerSpawner.client_kwargs = {"base_url": env("CAYTROCHOI_PODMAN_SOCKET")}
c.DockerSpawner.image = env("CAYTROCHOI_IMAGE", "localhost/caytrochoi-lop:moi-nhat")
c.DockerSpawner.pull_policy = "never"  # ảnh dựng tại chỗ (make image), không kéo
c.DockerSpawner.cmd = ["caytrochoi-khoi-dong"]
c.DockerSpawner.prefix = env("CAYTROCHOI_CONTAINER_PREFIX", "caytrochoi")
c.DockerSpawner.remove = True  # container bỏ đi khi dừng; ổ đĩa thì giữ
c.DockerSpawner.notebook_dir = "/home/sinhvien"
c.DockerSpawner.volumes = {
    env("CAYTROCHOI_VOLUME_PREFIX", "caytrochoi") + "-{username}": "/home/sinhvien"
}
c.DockerSpawner.network_name = "slirp4netns:allow_host_loopback=true"
c.DockerSpawner.use_internal_ip = False
c.DockerSpawner.host_ip = "127.0.0.1"
c.DockerSpawner.mem_limit = env("BO_NHO", "1.5G")
c.DockerSpawner.cpu_limit = float(env("CPU", "1"))
c.DockerSpawner.http_timeout = 120
c.DockerSpawner.start_timeout = 180
# podman trên máy này: không giới hạn nào được cao hơn giới hạn cứng của máy.
c.DockerSpawner.extra_host_config = {
    "ulimits": [{"Name": "nofile", "Soft": 20000, "Hard": 20000},
                {"Name": "nproc", "Soft": 4096, "Hard": 4096}],
    "pids_limit": 512,
}
c.Spawner.default_url = "/lab/tree/caytrochoi/01-quay-lui.ipynb"

# --- Dừng máy chủ không ai dùng -------------------------------------------------
# Hub biết một máy chủ còn được dùng qua proxy và qua máy chủ của học sinh tự báo,
# mỗi CAYTROCHOI_ACTIVITY giây (mặc định 300 như JupyterHub); khoảng ấy phải ngắn
# hơn hẳn thời gian chờ trước khi dừng (kiểm thử dùng khoảng ngắn).
activity = int(env("CAYTROCHOI_ACTIVITY", "300"))
c.JupyterHub.last_activity_interval = activity
c.Spawner.environment = {"JUPYTERHUB_ACTIVITY_INTERVAL": str(activity)}
idle = env("CAYTROCHOI_CULL_IDLE", "1800")
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={idle}",
                f"--cull-every={env('CAYTROCHOI_CULL_EVERY', '120')}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]

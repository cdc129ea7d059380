# Cấu hình Jupyter Server trong ảnh của lớp học (/opt/venv/etc/jupyter/).
#
# Sách kèm trình chạy mã: jupyter-server-proxy bật caytrochoi-sach khi học sinh mở
# <máy chủ của mình>/sach/ (hay bấm "Sách caytrochoi" trong Launcher của JupyterLab),
# trên một cổng trống của 127.0.0.1 BÊN TRONG container của học sinh ấy: mỗi học
# sinh một trình chạy, mã của họ chạy trong chính container của họ. Trình chạy biên
# dịch khối mã bằng rustc của ảnh với thư viện dựng sẵn (--rustc/--rlib: không gọi
# cargo, không ghi gì vào /opt).
import glob

c = get_config()  # noqa: F821  (Jupyter cung cấp hàm này khi đọc tệp)

# Thư viện dựng sẵn lúc dựng ảnh (hub/Containerfile); các crate nó dùng nằm cùng thư mục.
RLIB = (glob.glob("/opt/caytrochoi/crate/target/debug/deps/libcaytrochoi-*.rlib") or ["?"])[0]

c.ServerProxy.servers = {
    "sach": {
        "command": [
            "caytrochoi-sach", "--host", "127.0.0.1", "--port", "{port}",
            "--book", "/opt/caytrochoi/book",
            "--rustc", "/opt/rust/bin/rustc", "--rlib", RLIB,
        ],
        "timeout": 120,
        "absolute_url": False,
        # Trình chạy chỉ nhận Host là chính nó (127.0.0.1 và đúng cổng của nó: chống
        # DNS rebinding) và Origin cùng nơi; qua proxy, trình duyệt gửi tên máy và cổng
        # của hub. Lối vào đã được Jupyter kiểm tra (chỉ chủ máy chủ, hay giáo viên);
        # một trang lạ vẫn không gửi được mã: /api/run đòi Content-Type JSON (trình
        # duyệt phải hỏi trước bằng OPTIONS, trình chạy không cho) và Sec-Fetch-Site
        # same-origin.
        "request_headers_override": {"Host": "127.0.0.1:{port}",
                                     "Origin": "http://127.0.0.1:{port}"},
        "launcher_entry": {"title": "Sách caytrochoi", "enabled": True},
        "new_browser_tab": True,
    },
}

# Thư mục mở đầu: các notebook của khóa học (bản của học sinh, trong thư mục nhà).
c.ServerApp.root_dir = "/home/sinhvien"
c.ServerApp.default_url = "/lab/tree/caytrochoi/01-quay-lui.ipynb"
# Nhân không làm gì 20 phút thì được dừng (trả lại ~0,4 GiB bộ nhớ); máy chủ của học
# sinh thì do hub dừng (idle culler) khi không ai dùng.
c.MappingKernelManager.cull_idle_timeout = 1200
c.MappingKernelManager.cull_interval = 120

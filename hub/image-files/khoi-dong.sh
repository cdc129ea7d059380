#!/bin/sh
# Điểm vào của ảnh lớp học: chuẩn bị thư mục nhà của học sinh rồi mở Jupyter.
#   - Lần đầu (thư mục nhà trống, ví dụ một ổ đĩa mới của học sinh): chép bảy
#     notebook của khóa học vào ~/caytrochoi/. Những lần sau không chép đè gì: bài
#     làm của học sinh được giữ nguyên (bản mới: lệnh caytrochoi-ban-moi).
#   - Có JUPYTERHUB_API_TOKEN (DockerSpawner, KubeSpawner, TLJH): jupyterhub-singleuser.
#     Không có (docker run -p 8888:8888 …): JupyterLab một mình, có mã truy cập.
set -eu
caytrochoi-ban-moi --chi-them
if [ -n "${JUPYTERHUB_API_TOKEN:-}" ]; then
    exec jupyterhub-singleuser "$@"
fi
exec jupyter lab --ip=0.0.0.0 --port=8888 --no-browser "$@"

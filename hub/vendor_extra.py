#!/usr/bin/env python3
"""Thêm vào thư mục vendor/ của ảnh lớp học (hub/build-image.sh) những gói mà
`cargo vendor` không chép:

1. chính caytrochoi, dưới dạng một gói (`cargo package`): trong ảnh, notebook lấy
   crate từ nguồn vendor này (notebooks/kernel.py, CAYTROCHOI_DEP), nên evcxr coi nó
   như một crate tải về và giữ bản dựng của nó trong bộ nhớ đệm;
2. hai crate đứng thay wasm-bindgen và web-sys (book/wasm/stubs/): Cargo.toml của dự
   án thay chúng bằng [patch.crates-io], nên cargo vendor bỏ qua; cargo vẫn cần có
   chúng để lập Cargo.lock (plotters khai báo chúng cho wasm32), dù không bao giờ
   biên dịch chúng trên máy này.

    python vendor_extra.py THƯ-MỤC-VENDOR
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def checksum(folder, package):
    with open(os.path.join(folder, ".cargo-checksum.json"), "w") as f:
        json.dump({"files": {}, "package": package}, f)


def version_of(manifest):
    return re.search(r'^version\s*=\s*"([^"]+)"', manifest, re.M).group(1)


def add_stubs(vendor):
    stubs = os.path.join(ROOT, "book", "wasm", "stubs")
    versions = {}
    for name in sorted(os.listdir(stubs)):
        with open(os.path.join(stubs, name, "Cargo.toml")) as f:
            versions[name] = version_of(f.read())
    for name, version in versions.items():
        dest = os.path.join(vendor, f"{name}-{version}")
        shutil.copytree(os.path.join(stubs, name), dest)
        path = os.path.join(dest, "Cargo.toml")
        with open(path) as f:
            manifest = f.read()
        # Một gói không được trỏ tới crate khác bằng đường dẫn: đổi thành phiên bản.
        for other, v in versions.items():
            manifest = manifest.replace(f'{{ path = "../{other}" }}', f'"={v}"')
        if re.search(r"\{\s*path\s*=", manifest):
            raise SystemExit(f"{path}: còn một phụ thuộc theo đường dẫn")
        with open(path, "w") as f:
            f.write(manifest)
        checksum(dest, None)


def add_course_crate(vendor):
    cargo = os.environ.get("CARGO", "cargo")
    subprocess.run([cargo, "package", "--quiet", "--no-verify", "--allow-dirty"],
                   cwd=ROOT, check=True)
    with open(os.path.join(ROOT, "Cargo.toml")) as f:
        version = version_of(f.read())
    crate = os.path.join(ROOT, "target", "package", f"caytrochoi-{version}.crate")
    with open(crate, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with tarfile.open(crate) as tar:
        tar.extractall(vendor, filter="data")
    checksum(os.path.join(vendor, f"caytrochoi-{version}"), digest)


if __name__ == "__main__":
    add_stubs(sys.argv[1])
    add_course_crate(sys.argv[1])

#!/usr/bin/env python3
"""Gói mô-đun WebAssembly của sách thành MỘT tệp JavaScript (gọi bởi `make wasm`).

    python3 book/wasm/pack.py MO_DUN.wasm book/wasm/abi.js book/wasm/worker.js RA.js

RA.js gán `window.CAYTROCHOI_WORKER` = mã nguồn của Web Worker: lớp nối
book/wasm/abi.js, mô-đun (base64) và worker.js. Trang (book/theme/wasm-api.js)
tạo Worker từ chuỗi ấy qua một blob: không cần tải tệp .wasm nào, nên sách chạy
được từ mọi máy chủ tĩnh và cả từ đĩa (file://).
"""
import base64
import json
import sys


def main():
    wasm_path, abi_path, worker_path, out_path = sys.argv[1:5]
    with open(wasm_path, "rb") as f:
        wasm = f.read()
    with open(abi_path, encoding="utf-8") as f:
        abi = f.read()
    with open(worker_path, encoding="utf-8") as f:
        worker = f.read()
    source = (
        abi
        + "\nconst WASM_B64 = "
        + json.dumps(base64.b64encode(wasm).decode("ascii"))
        + ";\n"
        + worker
    )
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(
            "// Tệp sinh tự động bởi `make wasm` (book/wasm/pack.py): đừng sửa tay, đừng commit.\n"
            "// Mô-đun WebAssembly của caytrochoi (%d byte) cùng Web Worker chạy nó.\n"
            "window.CAYTROCHOI_WORKER = %s;\n" % (len(wasm), json.dumps(source))
        )


if __name__ == "__main__":
    main()

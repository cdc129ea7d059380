#!/usr/bin/env python3
"""Trình liên kết của mô-đun WebAssembly (book/wasm/build.sh đặt nó làm linker
của đích wasm32): chạy rust-lld với đúng các đối số mà rustc đưa, trừ một điều —
mô-đun chỉ XUẤT bốn hàm của lớp nối (src/wasm/abi.rs, tên bắt đầu bằng
`caytrochoi_`) cùng bộ nhớ.

Vì sao cần: plotters (crate vẽ hình) kéo theo wasm-bindgen và web-sys khi biên
dịch cho wasm32 (để đo chữ trong trang; crate của ta tự đo chữ và không đi lối
ấy). Mỗi hàm của web-sys để lại một hàm `#[no_mangle]` mà rustc đòi xuất — gần
2 800 hàm, gần gấp đôi cỡ mô-đun. Bỏ các lệnh `--export` ấy thì rust-lld
(--gc-sections) bỏ luôn mã của chúng. Sau khi liên kết, bỏ các phần "tùy ý" của
tệp (tên hàm, mô tả cho công cụ wasm-bindgen): trình duyệt không cần chúng.

    CAYTROCHOI_WASM_LLD=ĐƯỜNG_DẪN/rust-lld python3 book/wasm/wasm-ld.py ĐỐI_SỐ…
"""
import os
import subprocess
import sys

KEEP = "caytrochoi_"


def expand(args):
    """Đối số `@tệp` (rustc dùng khi dòng lệnh quá dài): mỗi dòng một đối số."""
    out = []
    for a in args:
        if a.startswith("@") and os.path.isfile(a[1:]):
            with open(a[1:], encoding="utf-8") as f:
                out.extend(line.rstrip("\n").replace("\\ ", " ").replace("\\\\", "\\")
                           for line in f if line.strip())
        else:
            out.append(a)
    return out


def keep_own_exports(args):
    out = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--export" and i + 1 < len(args):
            if args[i + 1].startswith(KEEP):
                out += [a, args[i + 1]]
            i += 2
            continue
        if a.startswith("--export="):
            if a[len("--export="):].startswith(KEEP):
                out.append(a)
            i += 1
            continue
        out.append(a)
        i += 1
    return out


def output(args):
    """Tệp ra: đối số sau `-o`."""
    for i, a in enumerate(args[:-1]):
        if a == "-o":
            return args[i + 1]
    sys.exit("wasm-ld.py: không thấy tệp ra (-o) trong các đối số của rustc")


def leb128(data, i):
    """Đọc một số nguyên không dấu LEB128 ở vị trí i: (giá trị, vị trí sau nó)."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def without_custom_sections(data):
    """Mô-đun bỏ mọi phần "tùy ý" (mã số 0): trình duyệt không cần phần nào.
    Lớn nhất là `__wasm_bindgen_unstable` (~370 KB), mô tả các hàm của web-sys
    cho công cụ wasm-bindgen mà ta không dùng."""
    if data[:8] != b"\0asm\x01\0\0\0":
        sys.exit("wasm-ld.py: tệp ra không phải mô-đun WebAssembly 1.0")
    out = bytearray(data[:8])
    i = 8
    while i < len(data):
        start = i
        section = data[i]
        size, body = leb128(data, i + 1)
        i = body + size
        if section != 0:
            out += data[start:i]
    return bytes(out)


def main():
    lld = os.environ["CAYTROCHOI_WASM_LLD"]
    args = keep_own_exports(expand(sys.argv[1:]))
    if "-flavor" not in args:
        args = ["-flavor", "wasm"] + args
    # Số hiệu hàm trong lệnh gọi viết gọn (không đệm tới 5 byte): mã nhỏ hơn ~8 %.
    args.append("--compress-relocations")
    code = subprocess.run([lld] + args).returncode
    if code != 0:
        sys.exit(code)
    path = output(args)
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(without_custom_sections(data))


if __name__ == "__main__":
    main()

#!/bin/sh
# Biên dịch crate sang WebAssembly cho sách tương tác (gọi bởi `make wasm`).
#
#   sh book/wasm/build.sh THƯ_MỤC_TARGET
#
# Ghi ra THƯ_MỤC_TARGET/wasm32-unknown-unknown/release/caytrochoi.wasm.
# Cách 1 (máy có mạng, rustup): rustup target add wasm32-unknown-unknown rồi cargo
# như thường. Cách 2 (máy không tải được đích wasm32, như máy CI của dự án): trình
# biên dịch Rust của Debian (gói rustc-web, cargo-web, rust-web-src) dựng lại thư
# viện chuẩn cho wasm32 từ mã nguồn (-Z build-std); cần đường dẫn
# /usr/lib/rustlib/src/rust → mã nguồn std của Debian: chỉ root tạo được, nên khi
# không phải root thì báo cách làm; liên kết bằng rust-lld của rustup.
set -eu
TARGET_DIR=${1:-target/wasm}
CARGO=${CARGO:-cargo}
# Mô-đun nhỏ: tối ưu theo cỡ ở mức cao nhất (opt-level z: 1 204 KiB, 466 KiB gzip;
# opt-level s: 1 425 KiB, 539 KiB gzip, quá mục tiêu 500 KiB), tối ưu liên kết toàn
# chương trình, một đơn vị biên dịch, panic thì dừng (trang báo lỗi bằng tiếng
# Việt và khởi động lại Web Worker). Với z, trình biên dịch gần như không chép
# hàm vào chỗ gọi; các chỗ nóng của phép tìm kiếm tự đánh dấu inline(always)
# (src/search/observer.rs). Đổi mức để so sánh: WASM_OPT_LEVEL=s make wasm.
export CARGO_PROFILE_RELEASE_OPT_LEVEL=${WASM_OPT_LEVEL:-z}
export CARGO_PROFILE_RELEASE_LTO=true
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1
export CARGO_PROFILE_RELEASE_PANIC=abort
ARGS="rustc --lib --release --locked --target wasm32-unknown-unknown --no-default-features \
  --features wasm --crate-type cdylib --target-dir $TARGET_DIR"
# Mô-đun không mang phần nào trình duyệt không cần (tên hàm: strip), và số hiệu
# hàm trong lệnh gọi viết gọn, không đệm tới 5 byte (--compress-relocations: mã
# nhỏ hơn ~8 %).
export CARGO_PROFILE_RELEASE_STRIP=true
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C link-arg=--compress-relocations"

if command -v rustup > /dev/null 2>&1 && \
   { rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown || \
     timeout 60 rustup target add wasm32-unknown-unknown > /dev/null 2>&1; }; then
    echo "WebAssembly: dùng đích wasm32-unknown-unknown của rustup."
    # shellcheck disable=SC2086
    exec $CARGO $ARGS
fi

echo "WebAssembly: rustup không có đích wasm32-unknown-unknown; dùng Rust của Debian (rustc-web) và dựng lại std."
PKGS="rustc-web cargo-web rust-web-src"
if [ ! -x /usr/bin/rustc ] || [ ! -x /usr/bin/cargo ] || ! ls -d /usr/src/rustc-* > /dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            --no-install-recommends $PKGS > /dev/null
    else
        echo "Thiếu trình biên dịch Rust của Debian để dựng WebAssembly: sudo apt-get install $PKGS"
        echo "(hoặc, trên máy có mạng: rustup target add wasm32-unknown-unknown)"
        exit 1
    fi
fi
SRC=$(ls -d /usr/src/rustc-* | sort -V | tail -n 1)
if [ ! -e /usr/lib/rustlib/src/rust/library/std ]; then
    if [ "$(id -u)" = 0 ]; then
        mkdir -p /usr/lib/rustlib/src && ln -sfn "$SRC" /usr/lib/rustlib/src/rust
    else
        echo "Rust của Debian cần biết mã nguồn thư viện chuẩn nằm ở đâu. Chạy một lần với quyền root:"
        echo "  sudo mkdir -p /usr/lib/rustlib/src && sudo ln -sfn $SRC /usr/lib/rustlib/src/rust"
        exit 1
    fi
fi
LLD="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/rust-lld"
if [ ! -x "$LLD" ]; then
    echo "Không thấy trình liên kết rust-lld ở $LLD (cài Rust bằng rustup: https://rustup.rs)."
    exit 1
fi
export RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$LLD"
# shellcheck disable=SC2086
exec /usr/bin/cargo $ARGS -Z build-std=std,panic_abort

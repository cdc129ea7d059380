#!/bin/sh
# make image: dựng ảnh OCI của lớp học bằng podman, từ các tệp của kho này.
#
#   sh hub/build-image.sh           cả ba bước (chạy ở thư mục gốc của dự án)
#   sh hub/build-image.sh goc       chỉ bước 1, ảnh gốc (make image-base)
#   sh hub/build-image.sh nen       bước 1 và 2, ảnh nền (make image-nen: make test dựng
#                                   nó trong lúc evcxr còn đang biên dịch)
#   sh hub/build-image.sh lop       chỉ bước 3, trên ảnh nền vừa dựng (make image)
#
# Không kéo ảnh nào từ registry và không tải tệp nhị phân dựng sẵn nào:
#   1. ảnh gốc: Debian bookworm dựng bằng mmdebstrap từ kho gói Debian mà máy này
#      dùng (tệp nguồn apt của máy), cùng các gói Debian ảnh cần (Python, gcc làm
#      trình liên kết) — dựng lại chỉ khi danh sách gói đổi;
#   2. ảnh nền (hub/Containerfile.nen), thư mục dựng target/image/ctx-nen: các gói
#      wheel Python (pip download, ghim trong hub/requirements-image.txt), mọi crate
#      phụ thuộc (cargo vendor) và chính caytrochoi dưới dạng một gói (cargo
#      package), và bộ Rust của chính máy này (rustc, cargo, thư viện chuẩn, mã nguồn của core,
#      alloc và std cho rust-analyzer: phần cần cho việc biên dịch, không tài liệu), đúng bộ đã dựng evcxr và chạy make
#      test. Rust của Debian (rustc-web) không dùng được cho nhân: nó không có bản
#      thư viện chuẩn dạng thư viện động (libstd-….so) mà evcxr nạp mỗi ô vào;
#   3. ảnh của lớp (hub/Containerfile, trên ảnh nền), thư mục dựng target/image/ctx:
#      evcxr_jupyter do make evcxr dựng từ mã nguồn, sách đã dựng, các notebook, các
#      tệp của hub/image-files; làm nóng bộ nhớ đệm của evcxr.
# podman build: mọi thứ đã ở trong thư mục dựng, không bước nào cần mạng (pip
# --no-index, cargo --offline; podman ở đây không cho --network none cùng với
# --isolation chroot). Mỗi ảnh mang nhãn theo mã băm của mọi thứ đi vào nó: đầu vào
# không đổi thì ảnh cũ được dùng lại, không dựng lại.
set -eu
OUT=target/image
CTX=$OUT/ctx
PY=${PYTHON:-python3}
CARGO=${CARGO:-cargo}
EVCXR=${EVCXR:-.tools/bin/evcxr_jupyter}
IMAGE=${IMAGE:-localhost/caytrochoi-lop}
SUITE=bookworm
PACKAGES="python3,python3-venv,gcc,libc6-dev,tini,ca-certificates,procps"
# podman trên máy này: dựng cần --isolation chroot (crun không dùng được cây cgroup
# lai của máy), xem ../shared/GUIDE.md §3.
PODMAN_BUILD="podman build --isolation chroot"

say() { printf '%s\n' "make image: $*"; }
sha() { sha256sum | cut -c1-16; }

mkdir -p "$OUT"

# --- 1. Ảnh gốc Debian ----------------------------------------------------------
SOURCES=/etc/apt/sources.list.d/debian.sources
[ -f "$SOURCES" ] || SOURCES=/etc/apt/sources.list
base_key=$(echo "$SUITE $PACKAGES" | sha)
BASE=localhost/caytrochoi-goc:$base_key
if podman image exists "$BASE"; then
    say "ảnh gốc $BASE đã có"
else
    say "dựng ảnh gốc Debian ($SUITE, mmdebstrap)…"
    rm -f "$OUT"/base-*.tar
    mmdebstrap --quiet --variant=minbase --include="$PACKAGES" \
        --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
        --dpkgopt='path-include=/usr/share/doc/*/copyright' \
        --dpkgopt='path-exclude=/usr/share/locale/*' \
        "$SUITE" "$OUT/base-$base_key.tar" "$SOURCES"
    podman import --quiet --change 'CMD ["/bin/bash"]' "$OUT/base-$base_key.tar" "$BASE" > /dev/null
    rm -f "$OUT/base-$base_key.tar"
fi

[ "${1:-}" = goc ] && exit 0

# Dựng ảnh $1:nhãn từ Containerfile $2 và thư mục dựng $3 (nhãn: mã băm của $4, của
# Containerfile và của mọi tệp trong thư mục dựng), với các --build-arg còn lại.
build() {
    name=$1 file=$2 ctx=$3 parent=$4
    shift 4
    key=$( { echo "$parent"; cat "$file";
             cd "$ctx" && find . -type f ! -name '.xong' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum; } | sha)
    if podman image exists "$name:$key"; then
        say "ảnh $name:$key đã có (đầu vào không đổi): dùng lại"
    else
        say "podman build $name:$key…"
        start=$(date +%s)
        $PODMAN_BUILD "$@" -f "$file" -t "$name:$key" "$ctx"
        say "dựng xong sau $(( $(date +%s) - start )) s"
    fi
    BUILT=$name:$key
}

# --- 2. Ảnh nền -----------------------------------------------------------------
if [ "${1:-}" != lop ]; then
    # Gói wheel: tải một lần cho mỗi nội dung của tệp yêu cầu (Python 3.11.2 của bookworm).
    req_key=$(sha < hub/requirements-image.txt)
    WHEELS=$OUT/wheels-$req_key
    if [ ! -f "$WHEELS/.xong" ]; then
        say "tải các gói wheel Python (hub/requirements-image.txt)…"
        rm -rf "$OUT"/wheels-*
        $PY -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
            --python-version 3.11.2 -d "$WHEELS" -r hub/requirements-image.txt
        cp hub/requirements-image.txt "$WHEELS/"
        touch "$WHEELS/.xong"
    fi
    NCTX=$OUT/ctx-nen
    rm -rf "$NCTX" && mkdir -p "$NCTX"
    cp -r "$WHEELS" "$NCTX/wheels"
    say "chuẩn bị các crate (cargo vendor, cargo package)…"
    $CARGO vendor --quiet --locked --versioned-dirs "$NCTX/vendor" > /dev/null
    $PY hub/vendor_extra.py "$NCTX/vendor"
    SYSROOT=$(rustc --print sysroot)
    # Mã nguồn dựng trình chạy: đúng gói caytrochoi vừa thêm vào vendor/.
    cp -r "$NCTX/vendor/caytrochoi-0.1.0" "$NCTX/crate"
    # Cargo.lock của gói ghi mã băm của wasm-bindgen và web-sys thật; trong vendor/ là hai
    # crate đứng thay: cargo lập lại Cargo.lock từ vendor/ (chỉ có đúng các bản đã ghim).
    rm -f "$NCTX/crate/Cargo.lock"
    mkdir -p "$NCTX/rust/bin" "$NCTX/rust/lib/rustlib"
    cp "$SYSROOT/bin/rustc" "$SYSROOT/bin/cargo" "$NCTX/rust/bin/"
    cp -a "$SYSROOT"/lib/*.so* "$NCTX/rust/lib/"
    for part in x86_64-unknown-linux-gnu etc; do
        cp -a "$SYSROOT/lib/rustlib/$part" "$NCTX/rust/lib/rustlib/"
    done
    # Mã nguồn thư viện chuẩn cho rust-analyzer trong evcxr (kiểu của các biến giữa các
    # ô): chỉ core, alloc và std, không Cargo.toml của library/. Thiếu tệp ấy,
    # rust-analyzer "khâu" thư viện chuẩn từ những crate nó thấy thay vì chạy `cargo
    # metadata` trên cả không gian làm việc library/ (cùng mọi crate mà std dùng, phải
    # vendor thêm): nhân nhẹ hơn ~150 MiB sau một notebook (đo: 512 → 357 MiB PSS trên
    # máy, notebook 4), kiểu của các biến vẫn suy được như trước (bảy notebook đạt).
    LIBSRC=lib/rustlib/src/rust/library
    mkdir -p "$NCTX/rust/$LIBSRC"
    for crate in core alloc std; do
        cp -a "$SYSROOT/$LIBSRC/$crate" "$NCTX/rust/$LIBSRC/"
    done
    cp hub/cargo-config.toml "$NCTX/cargo-config.toml"
    build "$IMAGE-nen" hub/Containerfile.nen "$NCTX" "$BASE" --build-arg "BASE=$BASE"
    echo "$BUILT" > "$OUT/nen-tag"
    [ "${1:-}" = nen ] && exit 0
fi

# --- 3. Ảnh của lớp -------------------------------------------------------------
[ -f "$OUT/nen-tag" ] || { say "chưa có ảnh nền (make image-nen dựng nó)"; exit 1; }
NEN=$(cat "$OUT/nen-tag")
podman image exists "$NEN" || { say "không thấy ảnh nền $NEN (make image-nen dựng lại nó)"; exit 1; }
[ -x "$EVCXR" ] || { say "chưa có $EVCXR (make evcxr dựng nó)"; exit 1; }
[ -f book/book/index.html ] || { say "chưa có sách đã dựng (make book-build)"; exit 1; }
rm -rf "$CTX" && mkdir -p "$CTX"
cp "$EVCXR" "$CTX/evcxr_jupyter"
cp -r book/book "$CTX/book"
mkdir -p "$CTX/notebooks"
cp notebooks/*.ipynb notebooks/evcxr.toml notebooks/kernel.py notebooks/run_notebooks.py "$CTX/notebooks/"
# run_notebooks.py tự kiểm tra phép kiểm hình của nó trên tệp mẫu này.
mkdir -p "$CTX/fixtures" && cp tests/fixtures/notebook-figure-as-text.ipynb "$CTX/fixtures/"
cp -r hub/image-files "$CTX/image-files"
build "$IMAGE" hub/Containerfile "$CTX" "$NEN" --build-arg "NEN=$NEN"
podman tag "$BUILT" "$IMAGE:moi-nhat"
echo "$BUILT" > "$OUT/tag"
size=$(podman image inspect --format '{{.Size}}' "$BUILT")
say "ảnh $BUILT ($IMAGE:moi-nhat), $(( size / 1048576 )) MiB"

# caytrochoi — các lệnh chính.
#   make book        dựng sách và mở tại http://127.0.0.1:3000 (cài mdBook nếu thiếu)
#   make test        cài những gì cần rồi chạy mọi kiểm tra (đúng như CI)
#   make notebooks   mở Jupyter trên notebooks/ với nhân Rust
#   make figures     vẽ lại mọi hình của sách vào book/src/figures/ và ngân hàng bài
#                    của trang luyện tập (book/src/luyen-tap/ngan-hang.js)
#   make bench       đo tốc độ
#
# Công cụ được cài vào trong dự án (không đụng tới hệ thống), phiên bản ghim cố định:
#   .tools/bin/mdbook, .tools/bin/evcxr_jupyter  (cargo install --locked)
#   .venv/                                       (Python, notebooks/requirements.txt,
#                                                 tests/practice/requirements.txt)
# Gói Debian (chỉ cài khi thiếu và đang chạy với quyền root, như máy CI mới):
#   chromium, poppler-utils, fonts-dejavu-core   (đề bài PDF, kiểm thử trình duyệt)

CARGO   ?= cargo
PYTHON  ?= python3
MDBOOK_VERSION := 0.5.4
EVCXR_VERSION  := 0.22.0
PIP_VERSION    := 24.3.1

ROOT    := $(CURDIR)
TOOLS   := $(ROOT)/.tools
MDBOOK  := $(TOOLS)/bin/mdbook
EVCXR   := $(TOOLS)/bin/evcxr_jupyter
VENV    := $(ROOT)/.venv
VPY     := $(VENV)/bin/python
KERNEL  := $(VENV)/share/jupyter/kernels/rust/kernel.json
HOST    := 127.0.0.1
PORT    := 3000

.PHONY: test fmt clippy crate-test book-build book-test notebooks-test book notebooks \
        notebooks-refresh figures bench tools venv kernel demo system-tools browser-tools \
        practice-browser-test

test: fmt clippy crate-test book-test practice-browser-test notebooks-test
	@echo "make test: mọi kiểm tra đều đạt."

fmt:
	$(CARGO) fmt --all -- --check

# Cả hai cấu hình: đủ tính năng (CLI, JSON) và thư viện trần mà notebook dùng
# (`default-features = false`, không serde).
clippy:
	$(CARGO) clippy --all-targets --all-features -- -D warnings
	$(CARGO) clippy --lib --no-default-features -- -D warnings

# Kiểm thử thư viện, chương trình dòng lệnh, và mọi đoạn mã Rust trong sách
# (các chương được đưa vào làm doctest của crate). Đề bài PDF cần Chromium và
# pdftoppm (system-tools).
crate-test: system-tools
	$(CARGO) test --all-features

# --- Công cụ -----------------------------------------------------------------

$(TOOLS)/.mdbook-$(MDBOOK_VERSION):
	$(CARGO) install --locked --root $(TOOLS) mdbook --version $(MDBOOK_VERSION)
	touch $@

$(TOOLS)/.evcxr-$(EVCXR_VERSION):
	$(CARGO) install --locked --root $(TOOLS) evcxr_jupyter --version $(EVCXR_VERSION)
	touch $@

$(VENV)/.installed: notebooks/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check pip==$(PIP_VERSION)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r notebooks/requirements.txt
	touch $@

# Nhân Jupyter "rust" đặt trong .venv (không ghi vào thư mục nhà của người dùng).
$(KERNEL): $(TOOLS)/.evcxr-$(EVCXR_VERSION) $(VENV)/.installed
	mkdir -p $(dir $@)
	printf '{"argv": ["%s", "--control_file", "{connection_file}"], "display_name": "Rust", "language": "rust", "interrupt_mode": "message"}\n' "$(EVCXR)" > $@

# Chromium (in đề bài PDF, kiểm thử trang sách), pdftoppm (ảnh các trang PDF) và
# phông DejaVu (chữ tiếng Việt trong PDF): gói của Debian, chỉ cài khi thiếu và
# đang chạy với quyền root (máy CI mới); nếu không, báo cách cài.
SYSTEM_PACKAGES := chromium poppler-utils fonts-dejavu-core
system-tools:
	@if [ -x /usr/bin/chromium ] && command -v pdftoppm > /dev/null \
	    && [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get > /dev/null; then \
	    apt-get update -qq && apt-get install -y -qq $(SYSTEM_PACKAGES) > /dev/null; \
	else \
	    echo "Thiếu Chromium, pdftoppm hoặc phông DejaVu: cài bằng 'sudo apt-get install $(SYSTEM_PACKAGES)'."; \
	    exit 1; \
	fi

# Playwright (điều khiển Chromium của Debian, không tải trình duyệt riêng) cho
# kiểm thử trang luyện tập, vào .venv.
$(VENV)/.browser-installed: $(VENV)/.installed tests/practice/requirements.txt
	$(VPY) -m pip install --quiet --disable-pip-version-check -r tests/practice/requirements.txt
	touch $@

browser-tools: $(VENV)/.browser-installed

tools: $(TOOLS)/.mdbook-$(MDBOOK_VERSION) $(TOOLS)/.evcxr-$(EVCXR_VERSION)
venv: $(VENV)/.installed
kernel: $(KERNEL)

# --- Sách --------------------------------------------------------------------

# Dựng sách; mọi cảnh báo của mdBook đều bị coi là lỗi.
book-build: $(TOOLS)/.mdbook-$(MDBOOK_VERSION)
	@$(MDBOOK) build book > .book-build.log 2>&1 || { cat .book-build.log; exit 1; }
	@if grep -E "WARN|ERROR" .book-build.log; then echo "mdBook có cảnh báo: xem ở trên."; exit 1; fi
	@echo "Sách đã dựng vào book/book/ (không cảnh báo)."

# Sách dựng không cảnh báo, và không có tài nguyên nào tải từ mạng (CDN).
book-test: book-build
	@if grep -rlE "(src|href)=\"https?://" book/book --include=*.html; then \
		echo "Sách tải tài nguyên từ mạng (xem các tệp ở trên)."; exit 1; fi
	@echo "Sách đọc được khi không có mạng."

book: book-build
	$(MDBOOK) serve book --hostname $(HOST) --port $(PORT)

# Trang luyện tập trong Chromium thật: mở từ tệp, qua máy chủ tĩnh (1280 và 390
# px), và với một trình chạy giả (mọi hạt giống). Máy chủ chỉ nghe 127.0.0.1 và
# tự dừng.
practice-browser-test: book-build system-tools browser-tools
	$(CARGO) build --quiet --example practice_card
	$(VPY) tests/practice/browser.py

figures:
	$(CARGO) run --quiet --example book_figures
	$(CARGO) run --quiet --example practice_bank

# --- Notebook ----------------------------------------------------------------

notebooks-test: $(KERNEL)
	JUPYTER_PATH=$(VENV)/share/jupyter $(VPY) notebooks/run_notebooks.py

# Chạy lại mọi notebook và ghi kết quả vào tệp (trước khi commit).
notebooks-refresh: $(KERNEL)
	JUPYTER_PATH=$(VENV)/share/jupyter $(VPY) notebooks/run_notebooks.py --write

notebooks: $(KERNEL)
	JUPYTER_PATH=$(VENV)/share/jupyter $(VENV)/bin/jupyter lab --notebook-dir=notebooks --ip=$(HOST)

# --- Khác --------------------------------------------------------------------

demo:
	$(CARGO) run --quiet -- minimax --tree 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))' --trace

# Động cơ tìm kiếm chạy một luồng: ghim vào một lõi (taskset) để số đo ổn định.
# Bộ giải Dodgem dùng hai luồng nên không ghim.
bench:
	@if command -v taskset > /dev/null; then taskset -c 1 $(CARGO) bench --bench engine; \
	else $(CARGO) bench --bench engine; fi
	$(CARGO) bench --bench grundy
	$(CARGO) bench --bench dodgem

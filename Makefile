# caytrochoi — các lệnh chính.
#   make book        dựng sách và mở tại http://127.0.0.1:3000 cùng trình chạy mã
#                    (mỗi khối Rust có nút Chạy); đổi cổng: make book PORT=3001
#   make lop         như make book, cho cả lớp học (mã buổi học + mã QR), xem README
#   make test        cài những gì cần rồi chạy mọi kiểm tra (đúng như CI), mười bước một
#                    lúc; nhật ký từng bước trong target/test-logs/ (TEST_JOBS=1: lần lượt)
#   make notebooks   mở Jupyter trên notebooks/ với nhân Rust
#   make image       dựng ảnh OCI của lớp học (podman): JupyterLab, nhân Rust, bảy
#                    notebook, crate dựng sẵn, sách kèm trình chạy (xem hub/)
#   make hub         JupyterHub cho một lớp thực hành: mỗi học sinh một container của
#                    ảnh ấy, đăng nhập bằng mã lớp (xem README, mục "Lớp thực hành")
#   make sach-tinh   sách tương tác tự chứa trong thư mục sach-tinh/ (và sach-tinh.zip):
#                    chép lên bất kỳ máy chủ web tĩnh nào hoặc mở thẳng index.html
#                    từ đĩa; mọi khung tương tác chạy bằng WebAssembly, không cần
#                    trình chạy, không cần mạng (xem README, mục "Sách tương tác")
#   make wasm        chỉ dựng mô-đun WebAssembly của sách (book/src/wasm/mo-dun.js):
#                    cargo rồi book/wasm/pack.py, không công cụ nào khác
#   make figures     vẽ lại mọi hình của sách vào book/src/figures/
#   make slides      trang chiếu: mỗi chương một bộ (và mỗi tệp của book/slides/), HTML tự
#                    chứa và PDF, vào target/slides/ (cách viết: book/slides/huong-dan.md)
#   make bench       đo tốc độ
#   make fuzz        chạy các đích fuzz trong fuzz/ (cần Rust nightly; không thuộc make test)
#
# Công cụ được cài vào trong dự án (không đụng tới hệ thống), phiên bản ghim cố định:
#   .tools/bin/mdbook, .tools/bin/evcxr_jupyter  (cargo install --locked)
#   (mô-đun WebAssembly của sách không cần công cụ nào: lớp nối với JavaScript viết
#   tay, src/wasm/ và book/wasm/abi.js)
#   .tools/phong-venv/                           (Python, book/dung-them/requirements.txt:
#                                                 fontTools, nhúng phông vào hình của sách)
#   .venv/                                       (Python, notebooks/requirements.txt,
#                                                 tests/runner/requirements.txt: Playwright;
#                                                 JupyterLab, notebooks/requirements-lab.txt,
#                                                 chỉ khi make notebooks)
# Gói Debian (make test cài bằng apt-get khi thiếu và đang là root, như máy CI mới;
# nếu không, báo cách cài):
#   chromium          kiểm thử trình duyệt (nút Chạy, trang luyện tập), đề bài PDF
#   poppler-utils     pdftoppm: ảnh các trang PDF trong kiểm thử đề bài
#   fonts-dejavu-core chữ tiếng Việt trong PDF
#   python3           cửa sổ dòng lệnh giả của kiểm thử luyen-tap (tests/luyen_tap_pty.rs)
#   bubblewrap        hộp cát của trình chạy mã (bwrap): mỗi khối biên dịch và chạy
#                     trong một hộp riêng, không mạng, không thấy tệp của máy

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
# Dấu "đã cài" mang tên theo nội dung tệp yêu cầu: đổi nội dung thì cài lại, còn
# chỉ đổi thời điểm sửa tệp (bản sao mới, worktree) thì không.
VENV_STAMP   := $(VENV)/.installed-$(shell sha256sum < notebooks/requirements.txt | cut -c1-12)
RUNNER_TOOLS := $(VENV)/.installed-runner-$(shell sha256sum < tests/runner/requirements.txt | cut -c1-12)
LAB_STAMP    := $(VENV)/.installed-lab-$(shell cat notebooks/requirements.txt notebooks/requirements-lab.txt | sha256sum | cut -c1-12)
CHROMIUM := /usr/bin/chromium
HOST    := 127.0.0.1
PORT    := 3000

.PHONY: test fmt fmt-fix clippy crate-build crate-test code-test book-build book-test runner-test notebooks-test book lop \
        notebooks notebooks-refresh figures bench tools venv kernel demo runner-tools \
        system-tools chromium bubblewrap fuzz fuzz-stable FORCE mdbook evcxr $(ALL_STEPS) \
        wasm sach-tinh wasm-test wasm-parity wasm-browser wasm-bench search-before node axe slides slides-test \
        image image-nen image-base image-tools image-test hub hub-venv hub-test

# --- make test -----------------------------------------------------------------
# make test chạy mọi bước của TEST_STEPS (kiểm tra) và SETUP_STEPS (cài công cụ),
# TEST_JOBS bước một lúc, theo thứ tự phụ thuộc ghi ở các dòng step-X: … bên dưới.
# Ba "làn" chạy song song: các bước cargo của crate (chung thư mục target/); evcxr
# (dựng rồi chạy notebook, hai nhân một lúc) bắt đầu ngay; gói Debian, .venv,
# mdBook và sách ở làn thứ ba; bước nào nhường bước nào: xem STEP_NICE. Mỗi bước chạy
# qua .ci/step: toàn bộ lời in ra vào target/test-logs/BƯỚC.log (không in lẫn vào
# nhau), một dòng "đạt BƯỚC thời gian thực, CPU"; bước lỗi in nguyên nhật ký của
# nó. Cuối cùng là bảng thời gian. Mỗi bước cũng chạy riêng được: make clippy, make
# crate-test, make code-test, …
# Thêm một bước: thêm tên đích vào TEST_STEPS (hoặc SETUP_STEPS) và một dòng
# step-TÊN: step-… (các bước phải xong trước nó).
# Mười bước một lúc: mức nice (STEP_NICE) chia CPU giữa các bước, số bước một lúc
# chỉ để không bước nào của chuỗi dài nhất phải chờ một chỗ trống. Với 6, lần đo
# 2026-12-02 (bản sao mới), evcxr xong ở giây 917 mà ảnh lớp học chỉ bắt đầu ở giây
# 1250, khi clippy và trang chiếu nhả chỗ: 333 s chờ trên chuỗi dài nhất. Lúc đông
# nhất mười bước dùng ~4 GiB (đo mỗi 5 s trong lần chạy từ bản sao mới; máy 24 GiB).
TEST_JOBS   ?= 10
TEST_STEPS  := fmt clippy crate-build crate-test code-test book-test runner-test wasm-parity \
               wasm-browser notebooks-test slides-test image-test hub-test
SETUP_STEPS := evcxr system-tools venv runner-tools mdbook kernel image-tools image-base image-nen image \
               hub-venv
ALL_STEPS   := $(addprefix step-,$(SETUP_STEPS) $(TEST_STEPS))

test:
	@rm -rf target/test-logs && mkdir -p target/test-logs && date +%s > target/test-logs/start
	@CAYTROCHOI_FRESH=$(if $(wildcard target/debug),0,1) \
		$(MAKE) --no-print-directory -j$(TEST_JOBS) $(ALL_STEPS)
	@.ci/summary target/test-logs
	@echo "make test: mọi kiểm tra đều đạt."

# Bản sao mới (make test bắt đầu khi chưa có target/debug/): các bước cargo của
# crate không ghi dữ liệu biên dịch tăng dần (CARGO_INCREMENTAL=0). Lần dựng đầu
# tiên không dùng tới dữ liệu ấy, mà ghi nó làm việc dựng crate tốn thêm một nửa
# (đo trên máy 2 lõi, riêng crate caytrochoi của `cargo test --no-run`: 54 → 80
# giây CPU). Mọi bước có cargo hay trình chạy mã (nó gọi `cargo build --lib`) phải
# cùng một cách: đổi cách thì cargo dựng lại crate. Lần chạy sau (target/debug/ đã
# có) dùng mặc định của cargo, dựng lại crate một lần rồi lại dựng tăng dần sau mỗi
# lần sửa. Không áp cho notebook: bản dựng trong thư mục của các nhân phải còn mới
# cho make notebooks (notebooks/kernel.py), mà make notebooks dùng mặc định.
ifeq ($(CAYTROCHOI_FRESH),1)
clippy crate-build crate-test code-test runner-test wasm-parity wasm-browser slides slides-test: export CARGO_INCREMENTAL := 0
endif

# Làn crate: fmt → crate-build → clippy, crate-test, code-test và runner-test cùng
# lúc (chương trình caytrochoi-sach và thư viện mà nó liên kết các khối vào đã có
# từ crate-build: --all-features), wasm-browser cùng lúc với runner-test (nó đo phần
# CPU của luồng chính trong trang, không đo đồng hồ: máy bận không làm nó sai). Phần
# không cần trình duyệt của wasm-test (wasm-parity: mô-đun so với thư viện, trong
# Node) chạy ngay khi có mô-đun, cùng lúc với runner-test, không kéo dài phần cuối.
step-crate-build: step-fmt step-system-tools
step-clippy: step-crate-build
step-crate-test: step-crate-build
step-code-test: step-crate-build
step-runner-test: step-crate-build step-book-test step-runner-tools
step-wasm-parity: step-crate-build step-book-test
step-wasm-browser: step-crate-build step-book-test step-runner-tools
# Trang chiếu: ví dụ slides (đã dựng trong crate-build), phông của mdBook, Chromium và
# Playwright (runner-tools); nhường CPU như các bước không ai chờ.
step-slides-test: step-crate-build step-mdbook step-runner-tools
# Làn evcxr: evcxr → nhân Rust → notebook.
step-kernel: step-evcxr step-venv
step-notebooks-test: step-kernel
# Cả bảy notebook chạy hết trong ảnh của lớp (image-test: cùng run_notebooks.py, cùng
# các phép kiểm tra kết quả, không mạng). Trên máy, make test chạy notebook đầu bằng
# nhân của make notebooks (notebooks/kernel.py, crate qua `path`), tức đường của
# sinh viên tự cài trên Linux: chạy lại sáu notebook kia lần thứ hai tốn ~280 giây
# CPU mà không kiểm thêm điều gì (make notebooks-test, không đối số: cả bảy).
step-notebooks-test: private STEP_VARS := NOTEBOOKS=01-quay-lui.ipynb
# Làn còn lại: gói Debian → .venv → Playwright → mdBook → sách. (mdBook không cần
# .venv, nhưng dựng nó ngay từ đầu thì dựng evcxr chậm lại, mà evcxr → notebook là
# chuỗi dài nhất: đo trên máy 2 lõi, cả make test chậm hơn, 805 → 858 s.)
step-venv: step-system-tools
step-runner-tools: step-venv
# Làn ảnh lớp học: công cụ (podman, mmdebstrap) → ảnh gốc Debian → ảnh nền (Python,
# Rust, các crate, trình chạy mã; cả hai trong lúc evcxr biên dịch: phần dựng ảnh
# còn lại sau evcxr chỉ là chép evcxr, sách, notebook và làm nóng) → ảnh của lớp
# (cần evcxr và sách) → chạy bảy notebook trong ảnh → hub với năm học sinh. Hai kiểm thử sau cùng nối tiếp nhau (mỗi cái
# chạy nhiều nhân Rust một lúc).
step-image-tools: step-system-tools
step-image-base: step-image-tools
step-image-nen: step-image-base step-venv
step-image: step-image-nen step-evcxr step-book-test step-venv
step-image-test: step-image
step-hub-venv: step-venv
step-hub-test: step-image-test step-hub-venv
step-mdbook: step-runner-tools
step-book-test: step-mdbook

# Mỗi bước là một lần make riêng KHÔNG nối vào bể việc (jobserver) của make test
# (MAKEFLAGS để trống): cargo bên trong một bước dùng mọi lõi của máy như khi chạy
# một mình, thay vì chờ một "vé" mà các bước khác đang giữ (khi ấy một bước đang
# chờ trình duyệt hay mạng vẫn giữ vé của nó trong khi có lõi rảnh).
#
# Chuỗi dài nhất quyết định thời gian của make test: evcxr (dựng evcxr ~360 giây CPU)
# → ảnh lớp học → bảy notebook trong ảnh → hub; chuỗi thứ hai: .venv → mdBook →
# sách (cùng crate-build) → runner-test. Các bước của hai chuỗi ấy chạy ở mức ưu
# tiên thường; các bước còn lại (fmt, clippy, crate-test, code-test, wasm-parity,
# wasm-browser, notebook đầu trên máy, trang chiếu) không bước nào chờ, nên chúng
# nhường (nice 10) và dùng phần CPU còn rảnh. (runner-test giữ mức thường: nó đo
# thời gian chạy của khối mã so với giới hạn của trình chạy.)
STEP_NICE := 0
step-fmt step-clippy step-crate-test step-code-test step-wasm-parity step-wasm-browser \
step-notebooks-test step-slides-test: private STEP_NICE := 10
$(ALL_STEPS): step-%:
	@MAKEFLAGS= MFLAGS= nice -n $(STEP_NICE) .ci/step $* $(MAKE) --no-print-directory $* $(STEP_VARS)
STEP_VARS :=

# cargo fmt chỉ thấy các tệp mà một dòng `mod` bình thường khai báo: các tệp của
# từng dạng bài luyện tập được khai báo bên trong macro `families!`
# (src/practice/mod.rs), còn fuzz/ và hai crate đứng thay của bản WebAssembly
# (book/wasm/stubs/) không thuộc crate; rustfmt kiểm tra thẳng các tệp ấy.
# Sửa định dạng: make fmt-fix.
# Crate viết theo phiên bản 2024 (các crate kia: 2021); cách trình bày: rustfmt.toml.
FMT_PRACTICE := src/practice/*.rs src/practice/*/*.rs
FMT_EXTRA    := fuzz/fuzz_targets/*.rs book/wasm/stubs/*/src/lib.rs
fmt:
	$(CARGO) fmt --all -- --check
	rustfmt --edition 2024 --check $(FMT_PRACTICE)
	rustfmt --edition 2021 --check $(FMT_EXTRA)
fmt-fix:
	$(CARGO) fmt --all
	rustfmt --edition 2024 $(FMT_PRACTICE)
	rustfmt --edition 2021 $(FMT_EXTRA)

# Cả hai cấu hình: đủ tính năng (CLI, JSON) và thư viện trần mà notebook dùng
# (`default-features = false`, không serde). Rồi tài liệu của crate (trang đầu nối
# các mô-đun với các chương): không liên kết hỏng, không cảnh báo (vài giây: các
# crate phụ thuộc đã được clippy kiểm).
# Ba cách dựng thư viện: đủ tính năng (kiểm thử), không tính năng nào (notebook), và
# đúng tính năng của trình chạy (make book, make lop, ảnh lớp học: không dòng lệnh).
clippy:
	$(CARGO) clippy --all-targets --all-features -- -D warnings
	$(CARGO) clippy --lib --no-default-features -- -D warnings
	$(CARGO) clippy --lib --no-default-features --features runner -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --all-features

# Mọi kiểm thử của crate (`cargo test --all-features`), chia làm hai bước chạy cùng
# lúc sau một lần biên dịch chung (crate-build), vì cargo chạy các tệp kiểm thử lần
# lượt từng tệp một, còn máy có hai lõi:
# - crate-test: thư viện, chương trình dòng lệnh, các ví dụ (chỉ biên dịch) và mọi
#   tệp trong tests/ trừ CODE_TESTS. Đề bài PDF (tests/practice_pdf.rs) cần
#   Chromium, pdftoppm và phông DejaVu: system-tools; `cargo test` thường bỏ qua nó
#   khi thiếu công cụ, ở đây thiếu là thất bại.
# - code-test: những kiểm thử biên dịch mã bằng rustc: mọi đoạn mã Rust trong sách
#   (tests/book_outputs.rs biên dịch và chạy mỗi khối một lần, bằng bộ bọc của
#   trình chạy, và kiểm tra rằng mỗi kết quả ghi sẵn ```text ngay sau một khối là
#   kết quả thật của khối đó), trình chạy mã qua HTTP và trong hộp cát, và doctest
#   (ví dụ trong tài liệu của crate và README).
CODE_TESTS  := book_outputs runner_cache runner_http runner_sandbox
CRATE_TESTS := $(filter-out $(CODE_TESTS),$(basename $(notdir $(wildcard tests/*.rs))))
crate-build: system-tools
	$(CARGO) test --all-features --no-run
crate-test: crate-build
	CAYTROCHOI_REQUIRE_BROWSER=1 $(CARGO) test --all-features --lib --bins --examples \
		$(addprefix --test ,$(CRATE_TESTS))
code-test: crate-build
	$(CARGO) test --all-features $(addprefix --test ,$(CODE_TESTS))
	$(CARGO) test --all-features --doc

# --- Công cụ -----------------------------------------------------------------

# mdBook dựng ở mức tối ưu 0 (không LTO, không thông tin gỡ lỗi) thay cho mức 3
# mặc định của `cargo install`: việc của nó nhỏ (dựng sách: 0,6 s thay 0,2 s), mà
# dựng nó tốn ít CPU hơn hẳn (đo trên máy 2 lõi: 203 → 100 giây CPU); sách ra giống
# hệt từng byte. mdBook chỉ cần lệnh `build` (sách được phục vụ bởi caytrochoi-sach,
# không bởi `mdbook serve`): dựng không có tính năng serve/watch (tokio, axum,
# notify), 100 → 66 giây CPU. Ở mức 0, mỗi crate chia thành 4 đơn vị mã chứ không
# 256: mỗi đơn vị có chi phí riêng, dồn lại qua 160 crate (đo xen kẽ hai lần mỗi
# cách, cùng buổi: 68 → 64 giây CPU; dựng sách 0,9 s như trước, sách giống hệt từng
# byte). evcxr thì không thể dựng cả ở mức 0 (notebook chậm gần năm lần): chỉ các
# crate mà notebook thật sự dùng thời gian được tối ưu, xem notebooks/evcxr-build.toml.
TOOL_PROFILE := CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_CODEGEN_UNITS=4 \
                CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_DEBUG=false \
                CARGO_PROFILE_RELEASE_INCREMENTAL=false
SMALL_TOOL_INSTALL := $(TOOL_PROFILE) $(CARGO) install --root $(TOOLS)

$(TOOLS)/.mdbook-$(MDBOOK_VERSION):
	$(SMALL_TOOL_INSTALL) --locked mdbook --version $(MDBOOK_VERSION) \
		--no-default-features --features search
	touch $@

# evcxr: mức 0, trừ các crate mà notebook thật sự dùng thời gian (xem tệp cấu hình).
$(TOOLS)/.evcxr-$(EVCXR_VERSION): notebooks/evcxr-build.toml
	$(CARGO) install --locked --root $(TOOLS) evcxr_jupyter --version $(EVCXR_VERSION) \
		--config $(ROOT)/notebooks/evcxr-build.toml
	touch $@

$(VENV_STAMP):
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check pip==$(PIP_VERSION)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r notebooks/requirements.txt
	touch $@

# JupyterLab chỉ cho make notebooks (make test chạy notebook bằng nbclient, không
# cần nó: .venv của make test nhỏ hơn, cài nhanh hơn).
$(LAB_STAMP): $(VENV_STAMP)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r notebooks/requirements-lab.txt
	touch $@

# Nhân Jupyter "rust" đặt trong .venv (không ghi vào thư mục nhà của người dùng):
# evcxr, chạy qua notebooks/kernel.py (thư mục dựng bền cho mỗi nhân, để ô đầu tiên
# không biên dịch lại crate; số thứ tự ô từ [1]). Viết lại mỗi lần (rẻ), chỉ khi
# nội dung đổi.
KERNEL_JSON := {"argv": ["$(VPY)", "$(ROOT)/notebooks/kernel.py", "$(EVCXR)", "{connection_file}"], "display_name": "Rust", "language": "rust", "interrupt_mode": "message"}
$(KERNEL): $(TOOLS)/.evcxr-$(EVCXR_VERSION) $(VENV_STAMP) FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '$(KERNEL_JSON)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; echo "Đã ghi nhân Rust: $@"; fi
FORCE:

# fontTools cho bước dựng sách book/dung-them/phong_hinh.py (phông trong mỗi hình
# SVG): một môi trường Python nhỏ riêng, để dựng sách không cần .venv của notebook.
PHONG_VENV  ?= $(TOOLS)/phong-venv
PHONG_STAMP := $(PHONG_VENV)/.installed-$(shell sha256sum < book/dung-them/requirements.txt | cut -c1-12)
$(PHONG_STAMP): book/dung-them/requirements.txt
	$(PYTHON) -m venv $(PHONG_VENV)
	$(PHONG_VENV)/bin/python -m pip install --quiet --disable-pip-version-check \
		-r book/dung-them/requirements.txt
	touch $@

# Playwright (điều khiển Chromium của Debian; không bao giờ tải trình duyệt riêng).
$(RUNNER_TOOLS): $(VENV_STAMP)
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(VPY) -m pip install --quiet --disable-pip-version-check \
		-r tests/runner/requirements.txt
	touch $@

# Gói Debian mà các kiểm thử cần (xem đầu tệp): chỉ cài khi thiếu; CI chạy với
# quyền root nên cài được bằng apt-get.
SYSTEM_PACKAGES := chromium poppler-utils fonts-dejavu-core python3 bubblewrap
system-tools:
	@if [ -x $(CHROMIUM) ] && command -v pdftoppm > /dev/null && command -v python3 > /dev/null \
	    && command -v bwrap > /dev/null \
	    && [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get > /dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends $(SYSTEM_PACKAGES) > /dev/null; \
	else echo "Thiếu Chromium, pdftoppm, python3, bubblewrap hoặc phông DejaVu: sudo apt-get install $(SYSTEM_PACKAGES)"; exit 1; fi

chromium: system-tools

# Hộp cát của trình chạy mã (make book, make lop): cài bubblewrap khi thiếu và
# đang là root; nếu không, chỉ nhắc (trình chạy tự nói khi không có hộp cát, và
# khi ấy không mở chế độ lớp học trừ khi thêm --khong-hop-cat).
bubblewrap:
	@if command -v bwrap > /dev/null || [ "$$(uname -s)" != Linux ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get > /dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends bubblewrap > /dev/null; \
	else echo "Chưa có bubblewrap (hộp cát của trình chạy): sudo apt-get install bubblewrap"; fi

tools: mdbook evcxr
mdbook: $(TOOLS)/.mdbook-$(MDBOOK_VERSION)
evcxr: $(TOOLS)/.evcxr-$(EVCXR_VERSION)
venv: $(VENV_STAMP)
kernel: $(KERNEL)
runner-tools: $(RUNNER_TOOLS) system-tools

# --- Sách --------------------------------------------------------------------

# --- Sách tương tác: WebAssembly ----------------------------------------------

# Crate biên dịch sang WebAssembly (tính năng `wasm`, lớp nối src/wasm/ viết tay:
# không cần wasm-bindgen hay công cụ nào khác), rồi book/wasm/pack.py gói mô-đun
# cùng phía JavaScript của lớp nối (book/wasm/abi.js) và Web Worker
# (book/wasm/worker.js) thành MỘT tệp book/src/wasm/mo-dun.js mà mdBook chép vào
# sách. Không commit tệp ấy. book/wasm/build.sh: đích wasm32 của rustup nếu có,
# nếu không thì Rust của Debian (rustc-web, dựng lại std; xem tệp đó).
# book/wasm/stubs/: hai crate nhỏ đứng thay wasm-bindgen và web-sys mà plotters
# kéo theo trên wasm32 (xem [patch.crates-io] trong Cargo.toml).
WASM_DIR     := target/wasm
WASM_FILE    := $(WASM_DIR)/wasm32-unknown-unknown/release/caytrochoi.wasm
WASM_JS      := book/src/wasm/mo-dun.js
WASM_INPUTS  := $(shell find src book/wasm/stubs -name '*.rs') Cargo.toml Cargo.lock \
                book/wasm/build.sh book/wasm/pack.py book/wasm/abi.js book/wasm/worker.js

$(WASM_JS): $(WASM_INPUTS)
	CARGO=$(CARGO) sh book/wasm/build.sh $(WASM_DIR)
	mkdir -p $(dir $@)
	$(PYTHON) book/wasm/pack.py $(WASM_FILE) book/wasm/abi.js book/wasm/worker.js $@
	@echo "Mô-đun WebAssembly: $$(wc -c < $(WASM_FILE)) byte ($$(gzip -9c $(WASM_FILE) | wc -c) byte khi nén gzip)."

wasm: $(WASM_JS)

# Sách tự chứa cho giáo viên: một thư mục (và một tệp zip) chép lên bất kỳ máy
# chủ tĩnh nào (GitHub Pages, máy chủ của trường, ổ chia sẻ) hoặc mở thẳng
# index.html từ đĩa. Không tệp nào tải từ mạng.
sach-tinh: book-test
	rm -rf sach-tinh sach-tinh.zip
	cp -r book/book sach-tinh
	$(PYTHON) -m zipfile -c sach-tinh.zip sach-tinh
	@echo "Sách tương tác: thư mục sach-tinh/ (mở sach-tinh/index.html) và tệp sach-tinh.zip."

# Kiểm thử sách tương tác: (1) mô-đun (chạy trong Node qua cùng lớp nối
# book/wasm/abi.js như trang) trả về đúng từng byte JSON như thư viện trên máy,
# trên hơn 4 000 cây, thế cờ Dodgem, câu hỏi Grundy và thẻ luyện tập sinh ngẫu
# nhiên (examples/wasm_parity.rs, tests/wasm/parity.js); (2) thư mục của make
# sach-tinh trong Chromium, không mạng, không trình chạy, qua máy chủ tĩnh và qua
# file://, và sách của make book có trình chạy: các khung vẫn chạy bằng mô-đun
# (tests/wasm/browser.py); (3) cùng thư mục như một sinh viên gặp nó
# (tests/wasm/student.py): tìm kiếm tiếng Việt trên 69 câu hỏi, một phông cho chữ
# Việt (cả chữ của hình), không kết quả cũ dưới lỗi, bàn phím, chỗ bấm ≥ 44 px, bản in, axe-core; thêm
# khoảng 7,5 phút thực trên máy hai lõi bận (439 s trong lần chạy từ bản sao mới ngày 2026-12-02; axe-core 2 phút).
# make test chạy (1) và (2)+(3) thành hai bước riêng.
wasm-test: wasm-parity wasm-browser
wasm-parity: $(WASM_JS) node
	@# Cùng tính năng với `cargo test --all-features` (crate-build): không dựng lại thư viện.
	$(CARGO) run --quiet --all-features --example wasm_parity > $(WASM_DIR)/parity.jsonl
	node tests/wasm/parity.js $(WASM_FILE) $(WASM_DIR)/parity.jsonl
wasm-browser: sach-tinh runner-tools node axe
	$(CARGO) build --quiet --all-features --bin caytrochoi --bin caytrochoi-sach
	$(VPY) tests/wasm/browser.py
	$(VPY) tests/wasm/student.py

# axe-core (kiểm thử trợ năng của tests/wasm/student.py) từ kho npm, đúng phiên bản
# ghim trong tests/a11y/package-lock.json (npm ci), vào tests/a11y/node_modules.
AXE_STAMP := tests/a11y/node_modules/.installed-$(shell sha256sum < tests/a11y/package-lock.json | cut -c1-12)
$(AXE_STAMP): tests/a11y/package-lock.json | node
	@command -v npm > /dev/null || { \
		if [ "$$(id -u)" = 0 ] && command -v apt-get > /dev/null; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
				--no-install-recommends npm > /dev/null; \
		else echo "Thiếu npm (cài axe-core cho kiểm thử trợ năng): sudo apt-get install npm"; exit 1; fi; }
	cd tests/a11y && npm ci --no-audit --no-fund --silent
	@touch $@
axe: $(AXE_STAMP)

# Bộ câu hỏi tìm kiếm trên ô tìm kiếm gốc của mdBook (sách dựng lại vào thư mục
# tạm với ô ấy bật): con số "trước" để so với tìm kiếm tiếng Việt của sách (không
# thuộc make test; đo 2026-12-02: hạng 1 43/69, top 3 56/69, chỉ mục 1 948 KB).
search-before: mdbook runner-tools
	$(VPY) tests/wasm/search_before.py --mdbook $(MDBOOK)

# Đo tốc độ của sách tương tác trong Chromium (không thuộc make test): cỡ mô-đun,
# thời gian đến khi trang dùng được, cây cỡ bài giảng, carô đầy đủ, thẻ luyện tập.
wasm-bench: sach-tinh runner-tools
	$(VPY) tests/wasm/bench.py

node:
	@if command -v node > /dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get > /dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends nodejs > /dev/null; \
	else echo "Thiếu Node.js (kiểm thử mô-đun WebAssembly): sudo apt-get install nodejs"; exit 1; fi

# Dựng sách; mọi cảnh báo của mdBook đều bị coi là lỗi.
# Sách chỉ dựng lại khi một tệp của book/ (ngoài book/book/), mdBook hay mô-đun
# WebAssembly đổi: book-test dựng một lần, các kiểm thử trình duyệt sau đó
# (runner-test, wasm-test) dùng lại.
BOOK_STAMP  := target/book-built.stamp
BOOK_INPUTS := $(shell find book -path book/book -prune -o -type f -print)
$(BOOK_STAMP): $(TOOLS)/.mdbook-$(MDBOOK_VERSION) $(WASM_JS) $(BOOK_INPUTS) $(PHONG_STAMP)
	@$(MDBOOK) build book > .book-build.log 2>&1 || { cat .book-build.log; exit 1; }
	@if grep -E "WARN|ERROR" .book-build.log; then echo "mdBook có cảnh báo: xem ở trên."; exit 1; fi
	@# Dựng thêm từ chính các trang vừa dựng (book/dung-them/): chỉ mục tìm kiếm
	@# tiếng Việt (theme/tim-kiem.js), cỡ chữ của mỗi hình ghi vào thẻ <img> (doc.js),
	@# tiêu đề của toc.html (mục lục khi tắt JavaScript), phông Open Sans trong mỗi
	@# hình SVG (hình hiện qua <img> không dùng được phông của trang).
	@$(PYTHON) book/dung-them/chi_muc.py book/book
	@$(PYTHON) book/dung-them/co_chu_hinh.py book/book
	@$(PHONG_VENV)/bin/python book/dung-them/phong_hinh.py book/book
	@$(PYTHON) book/dung-them/muc_luc.py book/book
	@mkdir -p $(dir $@) && touch $@
	@echo "Sách đã dựng vào book/book/ (không cảnh báo)."
book-build: $(BOOK_STAMP)

# Sách dựng không cảnh báo, và không có tài nguyên nào tải từ mạng (CDN).
book-test: book-build
	@if grep -rlE "(src|href)=\"https?://" book/book --include=*.html; then \
		echo "Sách tải tài nguyên từ mạng (xem các tệp ở trên)."; exit 1; fi
	@echo "Sách đọc được khi không có mạng."

# Trình chạy mã trong trang và trang luyện tập, trong trình duyệt thật (Chromium
# không giao diện, do Playwright điều khiển), và thử tải 30 học sinh × 5 khối ở
# chế độ lớp học. Mỗi kiểm thử tự bật trình chạy trên một cổng trống của
# 127.0.0.1 rồi tắt nó.
runner-test: book-build runner-tools
	@# --all-features như crate-build: chương trình và thư viện của các khối đã dựng sẵn.
	$(CARGO) build --quiet --all-features --bin caytrochoi-sach
	$(VPY) tests/runner/browser.py
	$(VPY) tests/practice/browser.py
	$(VPY) tests/runner/load.py

# Sách cùng trình chạy mã: một lệnh, một địa chỉ. Trình chạy dựng sẵn thư viện
# caytrochoi và biên dịch thử một khối trước khi in địa chỉ.
book: book-build bubblewrap
	$(CARGO) run --quiet --features runner --bin caytrochoi-sach -- --host $(HOST) --port $(PORT)

# Chế độ lớp học: mở cho các máy trong phòng học (xem README, mục "Lớp học").
# Tập dượt một mình trên máy này: make lop HOST=127.0.0.1 (mặc định nghe mọi địa chỉ).
lop: book-build bubblewrap
	$(CARGO) run --quiet --features runner --bin caytrochoi-sach -- --lop \
		$(if $(filter command line,$(origin HOST)),--host $(HOST)) --port $(PORT)

figures:
	$(CARGO) run --quiet --example book_figures

# --- Trang chiếu ----------------------------------------------------------------

# make slides: mỗi chương của sách (book/src/chNN-*.md) và mỗi tệp của book/slides/
# thành một bộ trang chiếu trong target/slides/: trinh-chieu-TÊN.html (một tệp tự
# chứa: phông, hình SVG, mã điều khiển; mở thẳng từ đĩa, không mạng) và
# trinh-chieu-TÊN.pdf (Chromium của Debian in tệp HTML, mỗi trang chiếu một trang
# 1280 × 720), cùng bảng kê trinh-chieu.tsv (số trang, số bước của mỗi ví dụ từng
# bước). examples/slides/ đọc Markdown của chương, các lệnh <!-- chieu: … --> vẽ bằng
# caytrochoi::plot. Lỗi trong một tệp: tệp:dòng và lời tiếng Việt, target/slides/
# không đổi. Sách đã dựng (book/book/) thì các bộ trang được chép vào
# book/book/trinh-chieu/, nơi mỗi chương liên kết tới bộ trang của nó.
# Phông: Open Sans và Source Code Pro mà mdBook nhúng vào mọi cuốn sách (đủ 146 chữ
# cái tiếng Việt; DejaVu Sans Mono của Debian thiếu 46 chữ), lấy từ thư mục fonts/
# của một cuốn sách một trang mà mdBook dựng ở target/slides-fonts/.
SLIDES_DIR     := target/slides
SLIDES_FONTS   := target/slides-fonts
SLIDE_SOURCES  := $(sort $(wildcard book/src/ch[0-9]*.md)) $(sort $(wildcard book/slides/*.md))
SLIDES_EXAMPLE := $(CARGO) run --quiet --all-features --example slides --

$(SLIDES_FONTS)/book/fonts/OPEN-SANS-LICENSE.txt: $(TOOLS)/.mdbook-$(MDBOOK_VERSION)
	rm -rf $(SLIDES_FONTS) && mkdir -p $(SLIDES_FONTS)/src
	printf '[book]\ntitle = "phong"\n' > $(SLIDES_FONTS)/book.toml
	printf '# Tóm tắt\n\n[Phông](phong.md)\n' > $(SLIDES_FONTS)/src/SUMMARY.md
	printf '# Phông\n' > $(SLIDES_FONTS)/src/phong.md
	$(MDBOOK) build $(SLIDES_FONTS) > /dev/null 2>&1
	@test -f $@

slides: $(SLIDES_FONTS)/book/fonts/OPEN-SANS-LICENSE.txt system-tools
	$(SLIDES_EXAMPLE) --pdf $(SLIDES_FONTS)/book/fonts $(SLIDES_DIR) $(SLIDE_SOURCES)
	@if [ -d book/book ]; then rm -rf book/book/trinh-chieu && cp -r $(SLIDES_DIR) book/book/trinh-chieu; \
		echo "Đã chép vào book/book/trinh-chieu/ (liên kết từ mỗi chương của sách)."; fi

# Kiểm thử trang chiếu (tests/slides/check.py): dựng mọi bộ trang như make slides;
# số trang của mỗi PDF đúng số trang chiếu, mỗi ví dụ từng bước đủ số bước của vết
# (22 cho cat_tia trên cây A…K) và câu của mỗi bước đúng câu của sách; mọi phông
# trong PDF là phông nhúng của bộ trang (pdffonts) và Chromium vẽ mọi chữ bằng chúng
# (không phông dự phòng nào); mở từ file:// khi không có mạng; chữ ≥ 18 px, không
# trang nào tràn; lỗi trong tệp của giáo viên: tệp:dòng, không ghi gì.
# (Dựng thẳng vào target/slides/, không chép vào book/book/: make test đang dựng sách
# cùng lúc.)
slides-test: $(SLIDES_FONTS)/book/fonts/OPEN-SANS-LICENSE.txt runner-tools
	$(SLIDES_EXAMPLE) --pdf $(SLIDES_FONTS)/book/fonts $(SLIDES_DIR) $(SLIDE_SOURCES)
	$(VPY) tests/slides/check.py $(SLIDES_DIR) target/debug/examples/slides $(SLIDES_FONTS)/book/fonts

# --- Notebook ----------------------------------------------------------------

# NOTEBOOKS: chỉ chạy các notebook này (tên tệp trong notebooks/); để trống: cả bảy.
NOTEBOOKS ?=
notebooks-test: $(KERNEL)
	JUPYTER_PATH=$(VENV)/share/jupyter $(VPY) notebooks/run_notebooks.py $(addprefix notebooks/,$(NOTEBOOKS))

# Chạy lại mọi notebook và ghi kết quả vào tệp (trước khi commit).
notebooks-refresh: $(KERNEL)
	JUPYTER_PATH=$(VENV)/share/jupyter $(VPY) notebooks/run_notebooks.py --write

# Jupyter từ chối chạy với quyền root nếu thiếu --allow-root (máy CI, máy ảo chỉ
# có root): chỉ thêm cờ ấy khi đang là root. Luôn chỉ nghe trên $(HOST).
JUPYTER_ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

# Trước khi mở Jupyter, chạy ô đầu tiên một lần (notebooks/run_notebooks.py --warm):
# crate được dựng sẵn trong thư mục của nhân thứ nhất (target/notebook-kernels), nên
# ô đầu tiên của người học chạy ngay, cả sau khi khởi động lại nhân.
notebooks: $(KERNEL) $(LAB_STAMP)
	JUPYTER_PATH=$(VENV)/share/jupyter $(VPY) notebooks/run_notebooks.py --warm
	JUPYTER_PATH=$(VENV)/share/jupyter $(VENV)/bin/jupyter lab --notebook-dir=notebooks \
		--ip=$(HOST) $(JUPYTER_ROOT_FLAG)

# --- Lớp học với JupyterHub (hub/) ---------------------------------------------

# Gói Debian để dựng và chạy ảnh lớp học: podman (dựng, chạy, giao diện tương thích
# Docker cho DockerSpawner), mmdebstrap (ảnh gốc Debian, không kéo ảnh nào từ
# registry), runc (crun không dùng được cây cgroup của máy này), slirp4netns (mạng
# của container học sinh chỉ nối với 127.0.0.1 của máy), configurable-http-proxy.
IMAGE_PACKAGES := podman mmdebstrap runc slirp4netns uidmap catatonit node-configurable-http-proxy
image-tools:
	@if command -v podman > /dev/null && command -v mmdebstrap > /dev/null && command -v runc > /dev/null \
	    && command -v slirp4netns > /dev/null && command -v configurable-http-proxy > /dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get > /dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends $(IMAGE_PACKAGES) > /dev/null; \
	else echo "Thiếu podman, mmdebstrap, runc, slirp4netns hoặc configurable-http-proxy: sudo apt-get install $(IMAGE_PACKAGES)"; exit 1; fi

# Ảnh OCI của lớp học (hub/build-image.sh): ảnh gốc Debian → ảnh nền
# (hub/Containerfile.nen: Python, Rust, các crate, trình chạy mã đã biên dịch; không
# cần evcxr hay sách) → ảnh của lớp (hub/Containerfile: evcxr, sách, notebook, làm
# nóng). Mỗi ảnh dựng lại chỉ khi một đầu vào của nó đổi (nhãn ảnh là mã băm của mọi
# đầu vào). In ra cỡ ảnh.
image: image-nen $(TOOLS)/.evcxr-$(EVCXR_VERSION) book-build $(VENV_STAMP)
	CARGO=$(CARGO) PYTHON=$(VPY) EVCXR=$(EVCXR) sh hub/build-image.sh lop
image-nen: image-base $(VENV_STAMP)
	CARGO=$(CARGO) PYTHON=$(VPY) sh hub/build-image.sh nen
image-base: image-tools
	sh hub/build-image.sh goc

# Bảy notebook chạy trong ảnh không mạng, sách và nút Chạy trong container, bộ nhớ.
image-test: image
	$(VPY) tests/hub/image.py

# JupyterHub, DockerSpawner, idle culler cho máy của giáo viên (.venv).
HUB_STAMP := $(VENV)/.installed-hub-$(shell cat notebooks/requirements.txt hub/requirements-hub.txt | sha256sum | cut -c1-12)
$(HUB_STAMP): $(VENV_STAMP)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r hub/requirements-hub.txt
	touch $@
hub-venv: $(HUB_STAMP) image-tools

# Lớp thực hành: make hub (mặc định http://127.0.0.1:8000; cả phòng máy:
# make hub HOST=0.0.0.0). Mã lớp và mã giáo viên in ra khi hub khởi động.
HUB_PORT ?= 8000
hub: image hub-venv
	$(VPY) hub/lop.py $(if $(filter command line,$(origin HOST)),--host $(HOST)) --port $(HUB_PORT)

# Năm học sinh giả đăng nhập qua hub, mỗi người một container, chạy hết một
# notebook qua proxy (REST + websocket của nhân); không ai mở được máy chủ của
# người khác; mã lớp sai, vượt giới hạn bộ nhớ; đo độ trễ mỗi ô và bộ nhớ.
hub-test: image hub-venv
	$(VPY) tests/hub/hub.py

# --- Fuzz (không thuộc make test) ----------------------------------------------

# Các đích fuzz (fuzz/fuzz_targets/, cargo-fuzz + libFuzzer) gọi các hàm kiểm tra
# của fuzz/src/lib.rs: mọi bộ đọc (cây văn bản và JSON, biểu thức, mã bát phân, đồ
# thị, bàn cờ và nước đi Dodgem, bàn cờ carô, yêu cầu HTTP và khối mã của trình
# chạy) và mọi hàm chấm bài. make test chạy CÙNG các hàm ấy trên Rust stable, với
# đầu vào do proptest sinh và đột biến (tests/properties.rs).
#
# make fuzz cần Rust nightly (rustup toolchain install nightly); cargo-fuzz được cài
# vào .tools (phiên bản ghim) nếu thiếu. Mỗi đích chạy FUZZ_SECONDS giây; kho đầu
# vào giữ trong fuzz/corpus/, đầu vào làm hỏng (nếu có) trong fuzz/artifacts/.
#   make fuzz FUZZ_TARGETS="tree_text check_tree" FUZZ_SECONDS=600
# Không có nightly: make fuzz-stable biên dịch các đích bằng stable (không đo độ
# phủ, libFuzzer chỉ đột biến ngẫu nhiên) và chạy mỗi đích FUZZ_RUNS lần.
CARGO_FUZZ_VERSION := 0.13.2
CARGO_FUZZ   ?= $(TOOLS)/bin/cargo-fuzz
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?= 20000
FUZZ_TARGETS ?= $(sort $(basename $(notdir $(wildcard fuzz/fuzz_targets/*.rs))))
# Mỗi lần thử: đầu vào ≤ 4 KiB, ≤ 10 giây, ≤ 1 GiB bộ nhớ.
FUZZ_FLAGS   := -max_len=4096 -timeout=10 -rss_limit_mb=1024

$(TOOLS)/bin/cargo-fuzz:
	$(CARGO) install --locked --root $(TOOLS) cargo-fuzz --version $(CARGO_FUZZ_VERSION)

fuzz: $(CARGO_FUZZ)
	@rustup run nightly rustc --version > /dev/null 2>&1 || { \
		echo "make fuzz cần Rust nightly: rustup toolchain install nightly"; exit 1; }
	@for t in $(FUZZ_TARGETS); do \
		echo "== fuzz $$t ($(FUZZ_SECONDS) giây)"; \
		RUSTUP_TOOLCHAIN=nightly $(CARGO_FUZZ) fuzz run --fuzz-dir fuzz $$t -- \
			-max_total_time=$(FUZZ_SECONDS) $(FUZZ_FLAGS) || exit 1; \
	done
	@echo "make fuzz: không đích nào tìm thấy lỗi."

fuzz-stable:
	cd fuzz && $(CARGO) build --release --locked
	@for t in $(FUZZ_TARGETS); do \
		echo "== $$t ($(FUZZ_RUNS) lần thử, không đo độ phủ)"; \
		fuzz/target/release/$$t -runs=$(FUZZ_RUNS) $(FUZZ_FLAGS) > fuzz/target/$$t.log 2>&1 \
			|| { cat fuzz/target/$$t.log; exit 1; }; \
		tail -n 1 fuzz/target/$$t.log; \
	done

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
	$(CARGO) bench --bench thuc_te
	$(CARGO) bench --features runner --bench runner

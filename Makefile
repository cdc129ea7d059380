# caytrochoi — các lệnh chính.
#   make test   cài những gì cần rồi chạy mọi kiểm tra (đúng như CI)
#   make book   (hiện tại) chạy minh họa dòng lệnh trên cây của bài giảng
#   make bench  đo tốc độ
#   make figures  vẽ lại mọi hình của sách vào book/src/figures/ (từ book/figures.rs)

CARGO ?= cargo
LECTURE_TREE := A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))

.PHONY: test fmt clippy crate-test book demo bench figures

test: fmt clippy crate-test
	@echo "make test: mọi kiểm tra đều đạt."

fmt:
	$(CARGO) fmt --all -- --check

clippy:
	$(CARGO) clippy --all-targets --all-features -- -D warnings

crate-test:
	$(CARGO) test --all-features

# Sách chưa có: tạm thời minh họa vét cạn và cắt tỉa trên cây của bài giảng.
book: demo

demo:
	$(CARGO) run --quiet -- minimax --tree '$(LECTURE_TREE)' --trace
	$(CARGO) run --quiet -- alphabeta --tree '$(LECTURE_TREE)' --variant cat-tia --trace

bench:
	$(CARGO) bench --bench engine

figures:
	$(CARGO) run --quiet --example book_figures

// Giao diện của mdBook bằng tiếng Việt: chú thích các nút, bảng phím tắt (ô tìm
// kiếm là của sách: tim-kiem.js). Viết riêng cho dự án (không chép giao diện
// của mdBook): chỉ đổi chữ sau khi trang đã dựng xong.
'use strict';

(function tiengViet() {
    function label(selector, title, aria) {
        document.querySelectorAll(selector).forEach(e => {
            if (title) {
                e.title = title;
            }
            e.setAttribute('aria-label', aria || title);
        });
    }

    label('#mdbook-sidebar-toggle', 'Hiện hoặc ẩn mục lục');
    // Ô đánh dấu ẩn mà nút mục lục điều khiển cũng cần một tên (trình đọc màn hình).
    label('#mdbook-sidebar-toggle-anchor', null, 'Hiện hoặc ẩn mục lục');
    // Nút mục lục của mdBook là một <label> mang aria-expanded: thuộc tính ấy chỉ
    // hợp lệ trên một nút (role="button"); nút thì nhận được tiêu điểm và phím
    // Enter, dấu cách như mọi nút khác.
    const toc = document.getElementById('mdbook-sidebar-toggle');
    if (toc && toc.tagName === 'LABEL') {
        toc.setAttribute('role', 'button');
        toc.tabIndex = 0;
        toc.addEventListener('keydown', e => {
            if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                toc.click();
            }
        });
    }
    label('#mdbook-sidebar', null, 'Mục lục');
    label('#mdbook-theme-toggle', 'Đổi màu giao diện');
    label('#mdbook-theme-list', null, 'Các màu giao diện');
    label('.right-buttons a[href$="print.html"]', 'In cả cuốn sách');
    label('.previous', 'Chương trước');
    label('.next', 'Chương sau');
    label('.clip-button', 'Chép mã vào bộ nhớ tạm');

    const themes = {
        'mdbook-theme-default_theme': 'Tự động',
        'mdbook-theme-light': 'Sáng',
        'mdbook-theme-rust': 'Rust (nâu nhạt)',
        'mdbook-theme-coal': 'Than (tối)',
        'mdbook-theme-navy': 'Xanh đêm (tối)',
        'mdbook-theme-ayu': 'Ayu (tối)',
    };
    for (const [id, name] of Object.entries(themes)) {
        const b = document.getElementById(id);
        if (b) {
            b.textContent = name;
        }
    }

    // Chú thích "Copied!" hiện sau khi chép mã.
    document.querySelectorAll('.clip-button').forEach(button => {
        new MutationObserver(() => {
            const tip = button.querySelector('.tooltiptext');
            if (tip && tip.textContent === 'Copied!') {
                tip.textContent = 'Đã chép!';
            } else if (tip && tip.textContent === 'Clipboard error!') {
                tip.textContent = 'Không chép được!';
            }
        }).observe(button, { childList: true, characterData: true, subtree: true });
    });

    // Nút hiện/ẩn dòng ẩn: mdBook so chú thích tiếng Anh để biết trạng thái, nên
    // trả lại chữ tiếng Anh ngay trước khi nó xử lý, rồi dịch lại sau đó.
    const eyeTitles = { 'Show hidden lines': 'Hiện các dòng ẩn', 'Hide lines': 'Ẩn các dòng phụ' };
    const english = Object.fromEntries(Object.entries(eyeTitles).map(([en, vi]) => [vi, en]));
    document.querySelectorAll('pre > .buttons > button:not(.clip-button)').forEach(button => {
        const toVi = () => {
            if (eyeTitles[button.title]) {
                button.title = eyeTitles[button.title];
                button.setAttribute('aria-label', button.title);
            }
        };
        button.addEventListener('click', () => {
            if (english[button.title]) {
                button.title = english[button.title];
            }
            setTimeout(toVi, 0);
        }, true);
        toVi();
    });

    const help = document.getElementById('mdbook-help-popup');
    if (help) {
        const title = help.querySelector('.mdbook-help-title');
        if (title) {
            title.textContent = 'Phím tắt';
        }
        // Mỗi dòng nhận ra bằng phím đầu tiên của nó (mdBook bỏ dòng S / khi tắt ô
        // tìm kiếm của nó; dòng ấy do tim-kiem.js thêm lại, bằng tiếng Việt).
        const vi = {
            '←': ['←', '→', ' để sang chương trước hoặc chương sau'],
            'S': ['S', '/', ' để tìm trong sách'],
            '?': ['?', null, ' để hiện bảng này'],
            'Esc': ['Esc', null, ' để đóng bảng này'],
        };
        help.querySelectorAll('p').forEach(p => {
            const first = p.querySelector('kbd');
            const line = first && vi[first.textContent.trim()];
            if (!line) {
                return;
            }
            const [a, b, rest] = line;
            const k = t => {
                const e = document.createElement('kbd');
                e.textContent = t;
                return e;
            };
            p.replaceChildren('Bấm ', k(a), ...(b ? [' hoặc ', k(b)] : []), rest);
        });
    }
})();

// Chạy mã trong trang: mỗi khối Rust của sách sửa được, có nút "Chạy" (và
// Ctrl-Enter), nút "Mã gốc", và hiện kết quả ngay bên dưới — văn bản, hình SVG,
// lỗi biên dịch, panic. Mã được gửi tới trình chạy cục bộ (`make book`), nơi nó
// được biên dịch với crate caytrochoi đúng như doctest của `make test`.
//
// Không có trình chạy (sách mở thẳng từ tệp, hoặc đặt trên một máy chủ web
// thường): nút "Chạy" giải thích cách bật trình chạy và hiện kết quả ghi sẵn
// (khối ```text ngay sau khối mã trong sách).
'use strict';

(function chayMa() {
    const root = typeof path_to_root === 'string' ? path_to_root : '';
    const API = root + 'api/';
    const HOW_TO_START = 'Mở cửa sổ lệnh ở thư mục dự án caytrochoi, gõ make book, rồi mở địa chỉ nó in ra (thường là http://127.0.0.1:3000).';

    const blocks = [];

    // --- Trình chạy có ở đây không? -------------------------------------------
    let runner = null; // null: đang hỏi; false: không có; đối tượng: trạng thái
    const detection = (location.protocol === 'file:'
        ? Promise.resolve(false)
        : Promise.race([
            fetch(API + 'status', { cache: 'no-store', credentials: 'same-origin' })
                .then(r => (r.ok ? r.json() : false))
                .then(s => (s && s.runner === 'caytrochoi-sach' ? s : false)),
            new Promise(resolve => setTimeout(() => resolve(false), 4000)),
        ]).catch(() => false)
    ).then(s => {
        runner = s;
        document.documentElement.classList.toggle('co-trinh-chay', !!s);
        document.documentElement.classList.toggle('khong-trinh-chay', !s);
        blocks.forEach(b => b.updateAvailability());
        return s;
    });

    // --- Đọc mã trong khối (kể cả các dòng ẩn `# `) ----------------------------
    function codeText(el) {
        let out = '';
        (function walk(node) {
            for (const n of node.childNodes) {
                if (n.nodeType === Node.TEXT_NODE) {
                    out += n.data;
                } else if (n.nodeName === 'BR') {
                    out += '\n';
                } else if (n.nodeType === Node.ELEMENT_NODE) {
                    if ((n.nodeName === 'DIV' || n.nodeName === 'P') && out && !out.endsWith('\n')) {
                        out += '\n';
                    }
                    walk(n);
                }
            }
        })(el);
        return out;
    }

    function el(tag, className, text) {
        const e = document.createElement(tag);
        if (className) {
            e.className = className;
        }
        if (text !== undefined) {
            e.textContent = text;
        }
        return e;
    }

    // --- Hình và bảng do chương trình in ra: chỉ giữ những gì vô hại -------------
    const ALLOWED = new Set([
        'svg', 'g', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text',
        'tspan', 'title', 'desc', 'defs', 'lineargradient', 'radialgradient', 'stop', 'clippath',
        'marker', 'pattern', 'symbol', 'use', 'mask',
        'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col', 'div',
        'span', 'p', 'br', 'b', 'i', 'em', 'strong', 'code', 'pre', 'ol', 'ul', 'li', 'sub', 'sup',
        'small', 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'figure', 'figcaption',
        'details', 'summary', 'body',
    ]);

    function safeUrl(name, value, tag) {
        const v = value.trim();
        if (v.startsWith('#')) {
            return true;
        }
        return tag === 'img' && name === 'src' && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i.test(v);
    }

    function sanitize(node) {
        for (const child of Array.from(node.children)) {
            const tag = child.localName.toLowerCase();
            if (!ALLOWED.has(tag)) {
                child.remove();
                continue;
            }
            for (const attr of Array.from(child.attributes)) {
                const name = attr.name.toLowerCase();
                const value = attr.value;
                const bad = name.startsWith('on')
                    || ((name === 'href' || name.endsWith(':href') || name === 'src' || name === 'srcset'
                        || name === 'action' || name === 'formaction') && !safeUrl(name, value, tag))
                    || (name === 'style' && /url\s*\(|expression|@import|javascript:/i.test(value));
                if (bad) {
                    child.removeAttribute(attr.name);
                }
            }
            sanitize(child);
        }
    }

    function renderDisplay(mime, content) {
        const box = el('div', 'chay-ma-hinh');
        const parser = new DOMParser();
        if (mime === 'image/svg+xml') {
            const doc = parser.parseFromString(content, 'image/svg+xml');
            const svg = doc.documentElement;
            if (svg.localName !== 'svg' || doc.querySelector('parsererror')) {
                box.append(el('pre', null, content));
                return box;
            }
            const wrapper = doc.createElementNS('http://www.w3.org/2000/svg', 'g');
            wrapper.append(svg);
            sanitize(wrapper);
            const w = parseFloat(svg.getAttribute('width'));
            const h = parseFloat(svg.getAttribute('height'));
            if (!svg.hasAttribute('viewBox') && w > 0 && h > 0) {
                svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
            }
            box.append(document.importNode(svg, true));
        } else if (mime === 'text/html') {
            const doc = parser.parseFromString(content, 'text/html');
            sanitize(doc.documentElement);
            box.append(...Array.from(doc.body.childNodes).map(n => document.importNode(n, true)));
        } else if (/^image\/(png|jpeg)$/.test(mime) && /^[A-Za-z0-9+/=\s]+$/.test(content)) {
            const img = el('img');
            img.src = `data:${mime};base64,${content.replace(/\s+/g, '')}`;
            img.alt = 'Hình do chương trình vẽ';
            box.append(img);
        } else {
            box.append(el('pre', null, content));
        }
        return box;
    }

    // --- Một khối mã ------------------------------------------------------------
    function setup(code) {
        const pre = code.parentElement;
        if (!pre || pre.tagName !== 'PRE' || code.classList.contains('ignore')) {
            return;
        }
        const originalHtml = code.innerHTML;
        const originalText = codeText(code);
        const next = pre.nextElementSibling;
        const recorded = next && next.tagName === 'PRE' && next.querySelector(':scope > code.language-text')
            ? next : null;

        code.setAttribute('contenteditable', 'plaintext-only');
        if (code.contentEditable !== 'plaintext-only') {
            code.contentEditable = 'true';
            code.addEventListener('paste', e => {
                e.preventDefault();
                document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
            });
        }
        code.spellcheck = false;
        code.setAttribute('role', 'textbox');
        code.setAttribute('aria-multiline', 'true');
        code.setAttribute('aria-label', 'Mã Rust, sửa được; Ctrl-Enter để chạy');
        code.classList.add('chay-ma-sua-duoc');

        const bar = el('div', 'chay-ma');
        const runButton = el('button', 'chay-ma-chay', '▶ Chạy');
        runButton.type = 'button';
        const resetButton = el('button', 'chay-ma-goc', '↺ Mã gốc');
        resetButton.type = 'button';
        resetButton.title = 'Trả lại mã ban đầu của sách và kết quả ghi sẵn';
        resetButton.disabled = true;
        const hint = el('span', 'chay-ma-goi-y');
        const status = el('span', 'chay-ma-trang-thai');
        status.setAttribute('role', 'status');
        status.setAttribute('aria-live', 'polite');
        bar.append(runButton, resetButton, status, hint);
        const out = el('div', 'chay-ma-ket-qua');
        out.hidden = true;
        pre.after(bar);
        bar.after(out);

        let busy = false;

        function edited() {
            return codeText(code) !== originalText;
        }

        function setStatus(text) {
            status.textContent = text;
        }

        function showPanel(kind) {
            out.hidden = false;
            out.className = 'chay-ma-ket-qua ' + kind;
            out.replaceChildren();
            if (recorded) {
                recorded.hidden = true;
            }
            resetButton.disabled = false;
        }

        function updateAvailability() {
            if (runner) {
                runButton.title = 'Chạy đoạn mã (Ctrl-Enter)';
                hint.textContent = '';
            } else if (runner === false) {
                runButton.title = 'Cần trình chạy mã: ' + HOW_TO_START;
                hint.textContent = 'Cần trình chạy: gõ make book';
            }
        }

        function showOffline() {
            showPanel('khong-trinh-chay');
            out.append(el('p', 'chay-ma-tieu-de',
                'Chưa chạy được: trang này đang mở mà không có trình chạy mã (ví dụ mở thẳng tệp HTML, hoặc sách đặt trên một máy chủ web thường).'));
            out.append(el('p', null, 'Để sửa và chạy mã ngay trong trang: ' + HOW_TO_START));
            if (recorded) {
                out.append(el('p', null, edited()
                    ? 'Kết quả ghi sẵn khi soạn sách (của mã gốc, không phải của mã bạn đã sửa):'
                    : 'Kết quả ghi sẵn khi soạn sách:'));
                out.append(el('pre', 'chay-ma-van-ban', codeText(recorded.querySelector('code'))));
            } else {
                out.append(el('p', null, 'Sách không ghi sẵn kết quả cho khối này (nó kiểm tra kết quả bằng assert!, không in gì ra).'));
            }
            // Sách tương tác (theme/wasm-widgets.js): khung gần nhất của trang tính
            // cùng những điều ấy ngay trong trình duyệt, không cần trình chạy.
            const widgets = [...document.querySelectorAll('.ctc-khung[id]')];
            const widget = widgets.find(w => pre.compareDocumentPosition(w) &
                Node.DOCUMENT_POSITION_FOLLOWING) || widgets[widgets.length - 1];
            if (widget) {
                const p = el('p', 'chay-ma-khung', 'Tự thử ngay trong trình duyệt, không cần trình chạy: ');
                const a = el('a', null, widget.dataset.label);
                a.href = '#' + widget.id;
                p.append(a, document.createTextNode(' (tính bằng mô-đun WebAssembly của sách).'));
                out.append(p);
            }
            setStatus('');
        }

        function showMessage(text) {
            showPanel('loi');
            out.append(el('p', 'chay-ma-tieu-de', text));
            setStatus('');
        }

        function render(r, queueMs) {
            const ok = r.status === 'ok';
            showPanel(ok ? 'xong' : 'loi');
            out.dataset.status = r.status;
            if (r.headline) {
                out.append(el('p', 'chay-ma-tieu-de', r.headline));
            }
            if (r.compile) {
                out.append(el('pre', 'chay-ma-bien-dich', r.compile.rendered));
            }
            let lastText = null;
            for (const part of r.parts) {
                if (part.kind === 'text') {
                    if (lastText) {
                        lastText.textContent += part.text;
                    } else {
                        lastText = el('pre', 'chay-ma-van-ban', part.text);
                        out.append(lastText);
                    }
                } else {
                    lastText = null;
                    out.append(renderDisplay(part.mime, part.content));
                }
            }
            if (r.panic) {
                out.append(el('pre', 'chay-ma-panic', `${r.panic.message}\n(tại ${r.panic.location})`));
            }
            if (r.stderr && r.stderr.trim()) {
                const d = el('details', 'chay-ma-stderr');
                d.open = !ok;
                d.append(el('summary', null, 'Đầu ra lỗi (stderr)'), el('pre', null, r.stderr));
                out.append(d);
            }
            if (ok && r.parts.length === 0) {
                out.append(el('p', 'chay-ma-rong', 'Chạy xong. Chương trình không in gì ra.'));
            }
            const timing = r.compile && r.status === 'compile_error'
                ? `Biên dịch ${r.compile_ms} ms`
                : (r.cached ? 'Dùng lại bản đã biên dịch' : `Biên dịch ${r.compile_ms} ms`) + ` · chạy ${r.run_ms} ms`;
            out.append(el('p', 'chay-ma-thoi-gian', queueMs > 50 ? `${timing} · chờ ${queueMs} ms` : timing));
            setStatus(ok ? 'Xong.' : '');
        }

        function onEvent(ev) {
            if (ev.event === 'queued') {
                setStatus(ev.position <= 1
                    ? 'Đang chờ tới lượt: bạn là người kế tiếp…'
                    : `Đang chờ tới lượt: còn ${ev.position - 1} khối mã trước bạn…`);
            } else if (ev.event === 'compiling') {
                setStatus('Đang biên dịch…');
            } else if (ev.event === 'running') {
                setStatus('Đang chạy…');
            } else if (ev.event === 'done') {
                render(ev.result, ev.queue_ms || 0);
                return true;
            }
            return false;
        }

        async function start() {
            if (busy) {
                return;
            }
            if (runner === null) {
                setStatus('Đang tìm trình chạy…');
                await detection;
            }
            if (!runner) {
                showOffline();
                return;
            }
            busy = true;
            runButton.disabled = true;
            bar.classList.add('dang-chay');
            setStatus('Đang gửi…');
            let finished = false;
            try {
                const resp = await fetch(API + 'run', {
                    method: 'POST',
                    headers: { 'Content-Type': 'application/json' },
                    credentials: 'same-origin',
                    body: JSON.stringify({ code: codeText(code) }),
                });
                if (!resp.ok) {
                    let message = `Trình chạy trả lời lỗi ${resp.status}.`;
                    try {
                        message = (await resp.json()).error || message;
                    } catch (e) { /* giữ câu mặc định */ }
                    showMessage(message);
                    finished = true;
                    return;
                }
                const reader = resp.body.getReader();
                const decoder = new TextDecoder();
                let buffer = '';
                for (;;) {
                    const { value, done } = await reader.read();
                    if (done) {
                        break;
                    }
                    buffer += decoder.decode(value, { stream: true });
                    let i;
                    while ((i = buffer.indexOf('\n')) >= 0) {
                        const line = buffer.slice(0, i);
                        buffer = buffer.slice(i + 1);
                        if (line.trim() && onEvent(JSON.parse(line))) {
                            finished = true;
                        }
                    }
                }
            } catch (e) {
                /* báo ở dưới */
            } finally {
                busy = false;
                runButton.disabled = false;
                bar.classList.remove('dang-chay');
                if (!finished) {
                    showMessage('Mất liên lạc với trình chạy trước khi có kết quả. Trình chạy có còn mở không? Chạy lại make book rồi tải lại trang.');
                }
            }
        }

        function reset() {
            code.innerHTML = originalHtml;
            out.hidden = true;
            out.replaceChildren();
            if (recorded) {
                recorded.hidden = false;
            }
            resetButton.disabled = true;
            setStatus('');
        }

        runButton.addEventListener('click', start);
        resetButton.addEventListener('click', reset);
        let dirty = false;
        code.addEventListener('input', () => {
            resetButton.disabled = false;
            dirty = true;
        });
        // Khi rời ô mã, tô màu lại mã đã sửa (chữ gõ vào thường nhận màu của từ
        // đứng cạnh). Bỏ qua khối có dòng ẩn, để các dòng đó vẫn ẩn.
        code.addEventListener('blur', () => {
            if (dirty && window.hljs && !code.querySelector('.boring')) {
                code.textContent = codeText(code);
                code.classList.remove('hljs');
                window.hljs.highlightBlock(code);
                code.classList.add('hljs');
                dirty = false;
            }
        });
        code.addEventListener('keydown', e => {
            // Các phím tắt của mdBook (←, →, S, /, ?) không được chạy khi đang gõ mã.
            e.stopPropagation();
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                start();
            } else if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey) {
                e.preventDefault();
                document.execCommand('insertText', false, '    ');
            } else if (e.key === 'Escape') {
                code.blur();
            }
        });

        const block = { code, updateAvailability };
        blocks.push(block);
        updateAvailability();
    }

    document.querySelectorAll('pre > code.language-rust').forEach(setup);
})();

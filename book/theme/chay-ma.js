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
    const { el } = window.caytrochoiDom; // wasm-dom.js, nạp trước tệp này
    const root = typeof path_to_root === 'string' ? path_to_root : '';
    const API = root + 'api/';
    const HOW_TO_START = 'Mở cửa sổ lệnh ở thư mục dự án caytrochoi, gõ make book, rồi mở địa chỉ nó in ra (thường là http://127.0.0.1:3000).';

    const blocks = [];
    let keysHintCount = 0; // số hiệu của câu nhắc phím dưới mỗi khối mã

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
        // Trình chạy không dựng được hộp cát (không phải Linux, thiếu bubblewrap):
        // nói rõ ở đầu trang, bằng câu của chính trình chạy.
        if (s && s.sandbox && s.sandbox.isolated === false) {
            const note = el('p', 'chay-ma-khong-hop-cat', s.sandbox.note);
            note.setAttribute('role', 'note');
            note.style.cssText = 'border-left:4px solid #c0392b;padding:0.5em 0.8em;background:rgba(192,57,43,0.08)';
            (document.querySelector('main') || document.body).prepend(note);
        }
        document.documentElement.classList.toggle('co-trinh-chay', !!s);
        document.documentElement.classList.toggle('khong-trinh-chay', !s);
        blocks.forEach(b => b.updateAvailability());
        return s;
    });

    // --- Đọc mã trong khối (kể cả các dòng ẩn `# `) ----------------------------
    // mdBook hiện dòng ẩn `# …` của sách thành <span class="boring"> và bỏ tiền tố
    // `# `. Trang gửi lại tiền tố đó, để trình chạy biết dòng nào người đọc không
    // thấy: nó bỏ các phép kiểm tra ẩn và đếm số dòng như người đọc đếm.
    function codeText(el) {
        const pieces = []; // [chữ, thuộc dòng ẩn?]
        let flat = '';
        (function walk(node, hidden) {
            for (const n of node.childNodes) {
                if (n.nodeType === Node.TEXT_NODE) {
                    pieces.push([n.data, hidden]);
                    flat += n.data;
                } else if (n.nodeName === 'BR') {
                    pieces.push(['\n', hidden]);
                    flat += '\n';
                } else if (n.nodeType === Node.ELEMENT_NODE) {
                    if ((n.nodeName === 'DIV' || n.nodeName === 'P') && flat && !flat.endsWith('\n')) {
                        pieces.push(['\n', hidden]);
                        flat += '\n';
                    }
                    walk(n, hidden || (n.classList && n.classList.contains('boring')));
                }
            }
        })(el, false);
        // Một dòng là dòng ẩn nếu nó không có chữ nào nhìn thấy, và hoặc có chữ
        // trong phần ẩn, hoặc (dòng trống `#`) chính dấu xuống dòng của nó nằm
        // trong phần ẩn.
        const lines = [];
        let line = { text: '', hiddenText: false, shownText: false, shownAny: false };
        const endLine = newlineHidden => {
            const hidden = !line.shownText
                && (line.hiddenText || (newlineHidden && !line.shownAny));
            lines.push(hidden ? (line.text.trim() ? '# ' + line.text : '#') : line.text);
            line = { text: '', hiddenText: false, shownText: false, shownAny: false };
        };
        for (const [chunk, hidden] of pieces) {
            chunk.split('\n').forEach((part, k) => {
                if (k > 0) {
                    endLine(hidden);
                }
                line.text += part;
                if (hidden) {
                    line.hiddenText = line.hiddenText || part.trim().length > 0;
                } else {
                    line.shownText = line.shownText || part.trim().length > 0;
                    line.shownAny = line.shownAny || part.length > 0;
                }
            });
        }
        if (line.text) {
            endLine(false);
            return lines.join('\n');
        }
        return lines.length ? lines.join('\n') + '\n' : '';
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

    // Hình do chương trình vẽ nằm trong một cây DOM riêng (shadow root) của khung
    // .chay-ma-hinh: tên và id trong đó không thành tên toàn cục của trang
    // (<img name=getElementById> không che được document.getElementById), và CSS
    // của trang không lọt vào. Khung có `contain: paint` (chay-ma.css): một phần
    // tử position: fixed trong đó chỉ nằm trong khung, không phủ được cả trang.
    // Kiểu chữ của hình và bảng chép lại ở đây vì CSS của trang không vào được.
    const SHADOW_CSS = `
        .hinh { max-width: 100%; overflow-x: auto; }
        svg, img { max-width: 100%; height: auto; background: #fff; }
        table { margin: 0.3em 0; border-collapse: collapse; }
        th, td { padding: 0.2em 0.6em; border: 1px solid rgba(127, 127, 127, 0.5); }
        pre { white-space: pre-wrap; margin: 0; }
    `;

    function renderDisplay(mime, content) {
        const holder = el('div', 'chay-ma-hinh');
        const shadow = holder.attachShadow({ mode: 'open' });
        const box = el('div', 'hinh');
        shadow.append(el('style', null, SHADOW_CSS), box);
        const parser = new DOMParser();
        if (mime === 'image/svg+xml') {
            const doc = parser.parseFromString(content, 'image/svg+xml');
            const svg = doc.documentElement;
            if (svg.localName !== 'svg' || doc.querySelector('parsererror')) {
                box.append(el('pre', null, content));
                return holder;
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
        return holder;
    }

    // Hình do chương trình vẽ: như hình của sách (doc.js), không thu nhỏ tới mức
    // chữ nhỏ nhất dưới 8 điểm ảnh; hình rộng hơn thì khung cuộn ngang.
    function readableSvg(svg) {
        const doc = window.caytrochoiDoc;
        if (!doc) {
            return;
        }
        const m = doc.svgMetrics(svg.outerHTML.slice(0, 200000));
        const natural = parseFloat(svg.getAttribute('width')) || m.units;
        const box = svg.parentElement;
        if (!m.minFont || !m.units || !natural || !box) {
            return;
        }
        const room = box.clientWidth || natural;
        const width = Math.max(Math.min(natural, room), m.units * doc.minTextPx / m.minFont);
        svg.style.width = Math.ceil(width) + 'px';
        svg.style.maxWidth = 'none';
    }

    // Số hiệu ngẫu nhiên 128 bit (32 chữ số thập lục phân) của một lần chạy:
    // chỉ trang này biết nó, nên chỉ trang này dừng được lần chạy đó.
    function newRunId() {
        const bytes = new Uint8Array(16);
        crypto.getRandomValues(bytes);
        return Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('');
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
        code.tabIndex = 0; // ô sửa được nhận tiêu điểm bằng Tab (cả khi trình duyệt không coi plaintext-only là ô nhập)
        code.setAttribute('role', 'textbox');
        code.setAttribute('aria-multiline', 'true');
        code.setAttribute('aria-label', 'Mã Rust, sửa được; Ctrl-Enter để chạy');
        // Bàn phím: Tab ra khỏi khối như mọi ô khác (không giữ người dùng lại trong
        // khối); muốn thụt lề thì Ctrl-] (thêm bốn dấu cách); Esc cũng ra khỏi khối.
        // Câu nhắc này hiện trong hàng nút dưới khối khi khối đang được sửa.
        const keysHint = el('p', 'chay-ma-phim',
            'Đang sửa mã: Ctrl-Enter chạy · Ctrl-] thụt lề (bốn dấu cách) · Tab hoặc Esc ra khỏi khối mã.');
        keysHint.id = 'chay-ma-phim-' + (++keysHintCount);
        keysHint.hidden = true;
        code.setAttribute('aria-describedby', keysHint.id);
        code.classList.add('chay-ma-sua-duoc');

        const bar = el('div', 'chay-ma');
        const runButton = el('button', 'chay-ma-chay', '▶ Chạy');
        runButton.type = 'button';
        const stopButton = el('button', 'chay-ma-dung', '■ Dừng');
        stopButton.type = 'button';
        stopButton.title = 'Dừng ngay khối mã đang chạy (trình chạy dừng và dọn nó)';
        stopButton.hidden = true;
        const resetButton = el('button', 'chay-ma-goc', '↺ Mã gốc');
        resetButton.type = 'button';
        resetButton.title = 'Trả lại mã ban đầu của sách và kết quả ghi sẵn';
        resetButton.disabled = true;
        const hint = el('span', 'chay-ma-goi-y');
        const status = el('span', 'chay-ma-trang-thai');
        status.setAttribute('role', 'status');
        status.setAttribute('aria-live', 'polite');
        bar.append(runButton, stopButton, resetButton, status, hint, keysHint);
        const out = el('div', 'chay-ma-ket-qua');
        out.hidden = true;
        pre.after(bar);
        bar.after(out);

        let busy = false;
        let controller = null; // AbortController của lần chạy đang dở
        let stoppedByUser = false;
        let runId = ''; // số hiệu ngẫu nhiên của lần chạy, để nút ■ Dừng dừng đúng nó
        let stopping = null; // lời đáp của trình chạy cho ■ Dừng (Promise)
        let stoppedResult = null; // kết quả "đã dừng" mà trình chạy gửi về

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

        // Kết quả ghi sẵn của khối là ```text,wrap (lời giải thích từng bước):
        // kết quả chạy cũng xuống dòng thụt lề treo như thế (doc.js).
        const wrapLikeRecorded = !!(recorded && recorded.querySelector('code.wrap'));

        function finishText(pre) {
            if (wrapLikeRecorded && window.caytrochoiDoc && pre.textContent.length <= 200000) {
                const code = el('code', 'wrap', pre.textContent);
                pre.replaceChildren(code);
                window.caytrochoiDoc.hangingLines(code);
            }
        }

        function render(r, queueMs) {
            const ok = r.status === 'ok';
            showPanel(ok ? 'xong' : 'loi');
            out.dataset.status = r.status;
            const printed = r.parts.some(p => p.kind !== 'text' || p.text.length > 0);
            // Trình chạy tự nói chương trình đã in gì chưa khi nó bị dừng giữa chừng.
            const headline = r.headline;
            if (headline) {
                out.append(el('p', 'chay-ma-tieu-de', headline));
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
                    if (lastText) {
                        finishText(lastText);
                    }
                    lastText = null;
                    out.append(renderDisplay(part.mime, part.content));
                }
            }
            if (lastText) {
                finishText(lastText);
            }
            out.querySelectorAll('.chay-ma-hinh').forEach(h => h.shadowRoot.querySelectorAll('.hinh > svg').forEach(readableSvg));
            if (r.panic) {
                out.append(el('pre', 'chay-ma-panic', `${r.panic.message}\n(tại ${r.panic.location})`));
            }
            if (r.stderr && r.stderr.trim()) {
                const d = el('details', 'chay-ma-stderr');
                d.open = !ok;
                d.append(el('summary', null, 'Đầu ra lỗi (stderr)'), el('pre', null, r.stderr));
                out.append(d);
            }
            if (!printed && !['compile_error', 'timeout', 'stopped'].includes(r.status)) {
                out.append(el('p', 'chay-ma-rong', ok
                    ? 'Chạy xong. Chương trình không in gì ra.'
                    : 'Chương trình không in gì ra (đầu ra chuẩn trống).'));
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
                const limit = runner && runner.limits && runner.limits.wall_seconds;
                setStatus(limit ? `Đang chạy… (tối đa ${limit} giây; bấm ■ Dừng để dừng ngay)` : 'Đang chạy…');
            } else if (ev.event === 'done') {
                if (stoppedByUser && ev.result.status === 'stopped') {
                    stoppedResult = ev.result; // hiện cùng lời đáp của ■ Dừng
                } else {
                    render(ev.result, ev.queue_ms || 0);
                }
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
            stopButton.hidden = false;
            stopButton.disabled = false;
            bar.classList.add('dang-chay');
            setStatus('Đang gửi…');
            controller = new AbortController();
            stoppedByUser = false;
            stopping = null;
            stoppedResult = null;
            runId = newRunId();
            let finished = false;
            try {
                const body = JSON.stringify({ code: codeText(code), id: runId });
                let resp;
                for (let attempt = 1; ; attempt++) {
                    resp = await fetch(API + 'run', {
                        signal: controller.signal,
                        method: 'POST',
                        headers: { 'Content-Type': 'application/json' },
                        credentials: 'same-origin',
                        body,
                    });
                    // Lớp học: máy này bấm Chạy nhanh quá, hay hàng đợi đầy. Nói rõ rồi
                    // tự gửi lại khi trình chạy cho phép (nút ■ Dừng thôi chờ).
                    const wait = parseInt(resp.headers.get('Retry-After') || '', 10);
                    if ((resp.status === 429 || resp.status === 503) && wait > 0 && attempt <= 10) {
                        let message = '';
                        try {
                            message = (await resp.json()).error || '';
                        } catch (e) { /* không có lời giải thích */ }
                        setStatus(`${message.replace(/[.:]?\s*(đợi|thử lại).*$/, '')}: trang tự gửi lại sau ${wait} giây…`);
                        await new Promise((resolve, reject) => {
                            const timer = setTimeout(resolve, wait * 1000);
                            controller.signal.addEventListener('abort', () => {
                                clearTimeout(timer);
                                reject(new DOMException('Đã dừng', 'AbortError'));
                            }, { once: true });
                        });
                        continue;
                    }
                    break;
                }
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
                controller = null;
                runButton.disabled = false;
                stopButton.hidden = true;
                bar.classList.remove('dang-chay');
                if (stoppedByUser && (!finished || stoppedResult)) {
                    await showStopped();
                } else if (!finished) {
                    showMessage('Mất liên lạc với trình chạy trước khi có kết quả. Trình chạy có còn mở không? Chạy lại make book rồi tải lại trang.');
                }
            }
        }

        async function showStopped() {
            const answer = stopping ? await stopping : null;
            if (stoppedResult) {
                render(stoppedResult, 0); // phần đã in ra trước khi dừng, nếu có
                out.className = 'chay-ma-ket-qua dung';
            } else {
                showPanel('dung');
                out.append(el('p', 'chay-ma-tieu-de', 'Đã dừng theo yêu cầu của bạn (nút ■ Dừng).'));
            }
            out.dataset.status = 'stopped';
            out.append(el('p', 'chay-ma-da-dung', answer && answer.dung
                ? `Trình chạy đã dừng chương trình và dọn sạch nó sau ${answer.ms} ms; chỗ của nó đã trống cho người khác. Sửa mã rồi bấm ▶ Chạy để chạy lại.`
                : 'Trang đã thôi chờ; chương trình (nếu còn chạy) bị trình chạy dừng ngay khi thấy trang thôi chờ. Sửa mã rồi bấm ▶ Chạy để chạy lại.'));
            setStatus('');
        }

        // Bấm ■ Dừng: xin trình chạy dừng đúng lần chạy này (nó đáp khi đã dừng
        // và dọn xong), rồi thôi chờ. Kết quả "đã dừng" thường tới ngay sau đó.
        async function stop() {
            if (!controller || stoppedByUser) {
                return;
            }
            const running = controller;
            stoppedByUser = true;
            stopButton.disabled = true;
            setStatus('Đang dừng…');
            stopping = fetch(API + 'dung', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                credentials: 'same-origin',
                body: JSON.stringify({ id: runId }),
            }).then(r => (r.ok ? r.json() : null)).catch(() => null);
            const answer = await stopping;
            setTimeout(() => running.abort(), answer && answer.dung ? 500 : 0);
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
        stopButton.addEventListener('click', stop);
        resetButton.addEventListener('click', reset);
        let dirty = false;
        // Khối chỉ là "đã sửa" (nút ↺ Mã gốc bật) khi chữ của nó thật sự khác mã gốc.
        code.addEventListener('input', () => {
            resetButton.disabled = !edited() && out.hidden;
            dirty = true;
        });
        code.addEventListener('focus', () => { keysHint.hidden = false; });
        // Khi rời ô mã, tô màu lại mã đã sửa (chữ gõ vào thường nhận màu của từ
        // đứng cạnh). Bỏ qua khối có dòng ẩn, để các dòng đó vẫn ẩn.
        code.addEventListener('blur', () => {
            keysHint.hidden = true;
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
            } else if (e.key === ']' && (e.ctrlKey || e.metaKey) && !e.altKey) {
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

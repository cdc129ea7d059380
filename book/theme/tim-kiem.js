// Tìm trong sách bằng tiếng Việt, gõ có dấu hay không dấu (tệp riêng của sách
// caytrochoi; book.toml: additional-js; thay ô tìm kiếm của mdBook, đã tắt trong
// book.toml vì nó tách từ theo chữ ASCII: "đường" thành "ng").
//
// Chỉ mục: tim-kiem/chi-muc.js, dựng cùng sách bởi book/dung-them/chi_muc.py, nạp
// bằng thẻ <script> (được cả từ file://) khi người đọc mở ô tìm kiếm. Một từ là
// một dãy chữ cái/chữ số Unicode liền nhau (NFC, viết thường), như chi_muc.py: mỗi
// âm tiết giữ nguyên dấu.
//
// So khớp: hai từ khớp nhau khi giống nhau sau khi bỏ dấu và đổi đ thành d
// ("chuyen" khớp "chuyển"); từ cuối của câu hỏi khớp cả các từ bắt đầu bằng nó
// (đang gõ dở). Xếp hạng: mỗi từ của câu hỏi cho điểm theo chỗ nó xuất hiện
// (tiêu đề của mục > chữ thường > mã), theo độ hiếm của nó trong sách (từ hiếm
// nặng hơn) và theo độ dài của mục (BM25); người đọc gõ có dấu thì từ đúng dấu
// được điểm cao hơn từ chỉ giống khi bỏ dấu; hai từ liền nhau của câu hỏi đứng
// liền nhau trong mục (một cụm từ) được thêm điểm. Mục khớp nhiều từ của câu hỏi
// hơn luôn đứng trước.
//
// Giao diện: nút kính lúp trên thanh trên cùng, phím S hoặc / mở ô tìm; tìm ngay
// khi chữ trong ô đổi (gõ, dán, xóa); ↓ ↑ đi qua các kết quả, Enter mở, Esc đóng.
// Trang mở từ một kết quả tô các chữ khớp (tham số ?tim= của địa chỉ).
'use strict';

window.caytrochoiTimKiem = (function () {
    const WORD = /[\p{L}\p{N}]+/gu;
    const MARKS = /\p{M}/gu;

    // Các từ của một chuỗi: NFC, viết thường (cùng định nghĩa với chi_muc.py).
    function words(text) {
        return text.normalize('NFC').toLowerCase().match(WORD) || [];
    }

    // Dạng bỏ dấu của một từ: "đường" → "duong".
    function fold(word) {
        return word.normalize('NFD').replace(MARKS, '').replace(/đ/g, 'd').normalize('NFC');
    }

    // Trọng số của từng phần một mục: tiêu đề của mục, chữ thường, mã, và tên
    // chương chứa mục (k: mọi mục của một chương cùng mang tên chương).
    const FIELDS = ['t', 'p', 'm', 'k'];
    const WEIGHT = { t: 6, p: 1.5, m: 0.3, k: 2 };
    // Tiêu đề chương (h1) nặng hơn tiêu đề mục (h2), hơn mục con (h3).
    const LEVEL = { 1: 1.2, 2: 1, 3: 0.85 };
    // BM25: độ bão hòa của số lần xuất hiện và mức phạt mục dài.
    const K1 = 1.2;
    const B = { t: 0.3, p: 0.75, m: 0.75, k: 0 };
    // Từ chỉ giống khi bỏ dấu (người đọc đã gõ dấu khác): điểm nhân với hệ số này.
    const WRONG_ACCENT = 0.5;
    // Từ cuối câu hỏi khớp phần đầu một từ dài hơn (đang gõ dở).
    const PREFIX = 0.45;
    const MAX_RESULTS = 30;

    let index = null;

    // Chuẩn bị chỉ mục một lần: nhóm các từ theo dạng bỏ dấu, và với mỗi từ, các
    // chỗ nó xuất hiện (mục, phần, vị trí).
    function prepare(raw) {
        const vocab = raw.tu;
        const byFold = new Map();
        vocab.forEach((w, id) => {
            const f = fold(w);
            if (!byFold.has(f)) {
                byFold.set(f, []);
            }
            byFold.get(f).push(id);
        });
        const folds = [...byFold.keys()].sort();
        const places = vocab.map(() => []);
        const avg = { t: 0, p: 0, m: 0, k: 0 };
        const chapter = new Map(); // trang → các từ của tên chương (tiêu đề h1)
        raw.muc.forEach(doc => {
            const page = doc.u.split('#')[0];
            if (!chapter.has(page)) {
                chapter.set(page, doc.t);
            }
            doc.k = chapter.get(page);
        });
        raw.muc.forEach((doc, d) => {
            FIELDS.forEach((f, k) => {
                const seq = doc[f];
                avg[f] += seq.length;
                for (let pos = 0; pos < seq.length; pos++) {
                    places[seq[pos]].push(d, k, pos);
                }
            });
        });
        FIELDS.forEach(f => { avg[f] = Math.max(1, avg[f] / raw.muc.length); });
        return { vocab, byFold, folds, places, docs: raw.muc, avg };
    }

    // Các từ của chỉ mục khớp với từ `term` của câu hỏi, mỗi từ với hệ số của nó
    // và với việc nó có đúng các dấu người đọc đã gõ không (không gõ dấu: luôn đúng).
    function candidates(term, prefix) {
        const f = fold(term);
        const accented = f !== term;
        const out = [];
        for (const id of index.byFold.get(f) || []) {
            const right = !accented || index.vocab[id] === term;
            out.push([id, right ? 1 : WRONG_ACCENT, right]);
        }
        if (prefix && f.length >= 2) {
            // Các dạng bỏ dấu bắt đầu bằng f nằm liền nhau trong danh sách đã sắp.
            let lo = 0, hi = index.folds.length;
            while (lo < hi) {
                const mid = (lo + hi) >> 1;
                if (index.folds[mid] < f) lo = mid + 1; else hi = mid;
            }
            for (let k = lo; k < index.folds.length && index.folds[k].startsWith(f); k++) {
                if (index.folds[k] === f) continue;
                for (const id of index.byFold.get(index.folds[k])) {
                    const right = !accented || index.vocab[id].startsWith(term);
                    out.push([id, PREFIX * (right ? 1 : WRONG_ACCENT), right]);
                }
            }
        }
        return out;
    }

    // Tìm `query`; trả về các mục, mục tốt nhất trước: {u, c, h, x, score, hits}.
    function search(query) {
        if (!index) {
            return [];
        }
        const terms = words(query).slice(0, 12);
        if (!terms.length) {
            return [];
        }
        const typing = !/\s$/.test(query);
        // hits.get(d): mảng theo từ của câu hỏi; mỗi phần tử {t, p, m, k: [vị trí, hệ số, …],
        // a: mục có từ ấy với đúng các dấu đã gõ}.
        const hits = new Map();
        const df = terms.map(() => 0);
        terms.forEach((term, i) => {
            const seen = new Set();
            for (const [id, q, right] of candidates(term, typing && i === terms.length - 1)) {
                const pl = index.places[id];
                for (let k = 0; k < pl.length; k += 3) {
                    const d = pl[k], field = FIELDS[pl[k + 1]], pos = pl[k + 2];
                    if (!hits.has(d)) {
                        hits.set(d, terms.map(() => ({ t: [], p: [], m: [], k: [], a: false })));
                    }
                    const hit = hits.get(d)[i];
                    hit[field].push(pos, q);
                    hit.a = hit.a || right;
                    seen.add(d);
                }
            }
            df[i] = seen.size;
        });
        const n = index.docs.length;
        const idf = df.map(x => Math.log(1 + (n - x + 0.5) / (x + 0.5)));
        const results = [];
        for (const [d, perTerm] of hits) {
            const doc = index.docs[d];
            let score = 0, matched = 0, exact = 0;
            perTerm.forEach((byField, i) => {
                let s = 0;
                for (const f of FIELDS) {
                    const list = byField[f];
                    if (!list.length) continue;
                    let tf = 0;
                    for (let k = 1; k < list.length; k += 2) tf += list[k];
                    const len = doc[f].length / index.avg[f];
                    const w = f === 't' ? WEIGHT.t * (LEVEL[doc.l] || 1) : WEIGHT[f];
                    s += w * tf * (K1 + 1) / (tf + K1 * (1 - B[f] + B[f] * len));
                }
                if (s > 0) {
                    matched++;
                    exact += byField.a ? 1 : 0;
                    score += idf[i] * s;
                }
            });
            // Cụm từ: hai từ liền nhau của câu hỏi đứng liền nhau trong cùng một phần.
            for (let i = 0; i + 1 < terms.length; i++) {
                let best = 0;
                for (const f of FIELDS) {
                    const a = perTerm[i][f], b = perTerm[i + 1][f];
                    if (!a.length || !b.length) continue;
                    const next = new Map();
                    for (let k = 0; k < b.length; k += 2) next.set(b[k], b[k + 1]);
                    for (let k = 0; k < a.length; k += 2) {
                        if (next.has(a[k] + 1)) {
                            best = Math.max(best, WEIGHT[f] * Math.min(a[k + 1], next.get(a[k] + 1)));
                        }
                    }
                }
                score += best * (idf[i] + idf[i + 1]);
            }
            results.push({ d, matched, exact, score });
        }
        // Mục khớp nhiều từ hơn trước; rồi mục có các từ với đúng dấu người đọc gõ.
        results.sort((x, y) => y.matched - x.matched || y.exact - x.exact || y.score - x.score || x.d - y.d);
        return results.slice(0, MAX_RESULTS).map(r => {
            const doc = index.docs[r.d];
            return { u: doc.u, c: doc.c, h: doc.h, x: doc.x, score: r.score, matched: r.matched };
        });
    }

    // Hàm cho biết một từ (của trang) có khớp câu hỏi không: cùng luật với search.
    // `strict`: một từ gõ có dấu chỉ khớp từ có đúng các dấu ấy ("bạn" không tô
    // "bản", "bằng"); từ gõ không dấu vẫn khớp mọi cách viết có dấu của nó.
    function matcher(query, strict) {
        const typed = words(query);
        const terms = typed.map(fold);
        const typing = !/\s$/.test(query);
        const last = terms.length - 1;
        return word => {
            const w = word.normalize('NFC').toLowerCase();
            const f = fold(w);
            return terms.some((t, i) => {
                const prefix = typing && i === last && t.length >= 2;
                if (strict && typed[i] !== t) {
                    return w === typed[i] || (prefix && w.startsWith(typed[i]));
                }
                return f === t || (prefix && f.startsWith(t));
            });
        };
    }

    // Luật tô cho các chữ `texts`: đúng dấu đã gõ nếu có chữ nào khớp như thế, nếu
    // không thì khớp khi bỏ dấu (mục tìm thấy chỉ nhờ bỏ dấu vẫn có chỗ được tô).
    function matcherFor(query, texts) {
        const strict = matcher(query, true);
        const any = texts.some(x => [...x.matchAll(WORD)].some(m => strict(m[0])));
        return any ? strict : matcher(query, false);
    }

    // Chép `text` vào `parent`, bọc các từ khớp trong <mark>.
    function appendMarked(parent, text, match) {
        let last = 0;
        for (const m of text.matchAll(WORD)) {
            if (!match(m[0])) continue;
            parent.append(text.slice(last, m.index));
            const mark = document.createElement('mark');
            mark.textContent = m[0];
            parent.append(mark);
            last = m.index + m[0].length;
        }
        parent.append(text.slice(last));
    }

    // Một đoạn ngắn của chữ `x` quanh chỗ khớp đầu tiên.
    function excerpt(x, match) {
        const SPAN = 180;
        let at = 0;
        for (const m of x.matchAll(WORD)) {
            if (match(m[0])) {
                at = m.index;
                break;
            }
        }
        let start = Math.max(0, at - 60);
        if (start > 0) {
            const space = x.indexOf(' ', start);
            start = space >= 0 && space < at ? space + 1 : start;
        }
        let end = Math.min(x.length, start + SPAN);
        if (end < x.length) {
            const space = x.lastIndexOf(' ', end);
            end = space > at ? space : end;
        }
        return (start > 0 ? '… ' : '') + x.slice(start, end) + (end < x.length ? ' …' : '');
    }

    // --- Nạp chỉ mục -------------------------------------------------------------
    let loading = null;
    function load() {
        if (!loading) {
            loading = new Promise((resolve, reject) => {
                if (window.caytrochoiChiMuc) {
                    resolve();
                    return;
                }
                const s = document.createElement('script');
                s.src = (typeof path_to_root === 'string' ? path_to_root : '') + 'tim-kiem/chi-muc.js';
                s.onload = resolve;
                s.onerror = () => reject(new Error('không nạp được tim-kiem/chi-muc.js'));
                document.head.append(s);
            }).then(() => {
                const t0 = performance.now();
                index = prepare(window.caytrochoiChiMuc);
                api.prepareMs = performance.now() - t0;
            });
            loading.catch(() => { loading = null; });
        }
        return loading;
    }

    // --- Giao diện -----------------------------------------------------------------
    const api = { words, fold, search, matcher, load, prepareMs: null };
    const bar = document.getElementById('mdbook-menu-bar');
    if (!bar) {
        return api;
    }
    const { el } = window.caytrochoiDom;
    const root = typeof path_to_root === 'string' ? path_to_root : '';

    const button = el('button', 'icon-button tk-nut');
    button.type = 'button';
    button.id = 'tk-nut';
    button.title = 'Tìm trong sách (phím S hoặc /)';
    button.setAttribute('aria-label', 'Tìm trong sách');
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-controls', 'tk-khung');
    button.setAttribute('aria-keyshortcuts', 's /');
    // Kính lúp vẽ bằng hai nét (không dùng bộ biểu tượng của mdBook).
    button.innerHTML = '<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">'
        + '<circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2.2"/>'
        + '<path d="M12.6 12.6 18 18" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/></svg>';
    const left = bar.querySelector('.left-buttons');
    (left || bar).append(button);

    const panel = el('div', 'tk-khung');
    panel.id = 'tk-khung';
    panel.hidden = true;
    panel.setAttribute('role', 'search');
    const label = el('label', 'tk-nhan', 'Tìm trong sách — gõ có dấu hay không dấu đều được');
    label.htmlFor = 'tk-o';
    const input = el('input', 'tk-o');
    input.id = 'tk-o';
    input.type = 'search';
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.placeholder = 'ví dụ: cắt tỉa, bang chuyen vi';
    input.setAttribute('enterkeyhint', 'search');
    input.setAttribute('aria-describedby', 'tk-dem');
    input.setAttribute('aria-controls', 'tk-ket-qua');
    const count = el('p', 'tk-dem');
    count.id = 'tk-dem';
    count.setAttribute('role', 'status');
    const help = el('p', 'tk-cach-dung', '↓ ↑ đi qua các kết quả, Enter mở, Esc đóng ô tìm kiếm.');
    const list = el('ul', 'tk-ket-qua');
    list.id = 'tk-ket-qua';
    list.setAttribute('aria-label', 'Kết quả tìm kiếm');
    panel.append(label, input, count, list, help);
    bar.after(panel);

    // book.js của mdBook hỏi window.search.hasFocus() trước khi đổi chương bằng ← →.
    window.search = window.search || { hasFocus: () => panel.contains(document.activeElement) };

    function open() {
        panel.hidden = false;
        button.setAttribute('aria-expanded', 'true');
        input.focus();
        input.select();
        load().then(run, () => { count.textContent = 'Không nạp được chỉ mục tìm kiếm (tệp tim-kiem/chi-muc.js).'; });
    }

    function close() {
        panel.hidden = true;
        button.setAttribute('aria-expanded', 'false');
        button.focus();
    }

    function link(r, query) {
        const [page, hash] = r.u.split('#');
        return root + page + '?tim=' + encodeURIComponent(query.trim()) + (hash ? '#' + hash : '');
    }

    let shown = null;
    function run() {
        const query = input.value;
        if (!index) {
            // Chưa có chỉ mục: nói là đang nạp; load().then(run) tìm lại khi nạp xong.
            list.replaceChildren();
            count.textContent = words(query).length ? 'Đang nạp chỉ mục…' : '';
            return;
        }
        if (query === shown) {
            return;
        }
        shown = query;
        list.replaceChildren();
        if (!words(query).length) {
            count.textContent = '';
            return;
        }
        const t0 = performance.now();
        const found = search(query);
        api.lastMs = performance.now() - t0;
        count.textContent = found.length
            ? `${found.length === MAX_RESULTS ? 'Hơn ' + (MAX_RESULTS - 1) : found.length} kết quả cho “${query.trim()}”:`
            : `Không tìm thấy gì cho “${query.trim()}”. Thử ít từ hơn, hoặc một từ khác cùng nghĩa.`;
        for (const r of found) {
            const li = el('li', 'tk-muc');
            const a = el('a', 'tk-lien-ket');
            a.href = link(r, query);
            a.dataset.u = r.u;
            const title = r.h === r.c ? r.h : `${r.c} » ${r.h}`;
            const match = matcherFor(query, [title, r.x]);
            const head = el('span', 'tk-tieu-de');
            appendMarked(head, title, match);
            const body = el('span', 'tk-doan');
            appendMarked(body, excerpt(r.x, match), match);
            a.append(head, body);
            li.append(a);
            list.append(li);
        }
    }

    button.addEventListener('click', () => (panel.hidden ? open() : close()));
    // Sự kiện input: mỗi lần chữ trong ô đổi, kể cả khi dán bằng chuột hay bộ gõ.
    input.addEventListener('input', () => {
        if (index) {
            run();
        } else {
            load().then(run);
            run();
        }
    });
    panel.addEventListener('keydown', e => {
        const links = [...list.querySelectorAll('a')];
        const at = links.indexOf(document.activeElement);
        if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            close();
        } else if (e.key === 'ArrowDown' && links.length) {
            e.preventDefault();
            links[Math.min(links.length - 1, at + 1)].focus();
        } else if (e.key === 'ArrowUp' && at >= 0) {
            e.preventDefault();
            (at === 0 ? input : links[at - 1]).focus();
        } else if (e.key === 'Enter' && e.target === input && links.length) {
            e.preventDefault();
            location.href = links[0].href;
        } else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && at >= 0) {
            // Không để book.js đổi chương khi đang ở một kết quả.
            e.stopPropagation();
        }
    });

    // Phím tắt S và / (không khi đang gõ trong một ô, một khối mã sửa được).
    document.addEventListener('keydown', e => {
        if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
        const t = e.target;
        if (t.isContentEditable || /^(input|textarea|select)$/i.test(t.nodeName)) return;
        if (e.key === 's' || e.key === 'S' || e.key === '/') {
            e.preventDefault();
            open();
        }
    });

    // Bảng phím tắt của mdBook (phím ?): thêm dòng của ô tìm kiếm.
    const helpBox = document.querySelector('#mdbook-help-popup > div');
    if (helpBox && !helpBox.querySelector('.tk-phim')) {
        const p = el('p', 'tk-phim');
        const k = t => el('kbd', '', t);
        p.append('Bấm ', k('S'), ' hoặc ', k('/'), ' để tìm trong sách (gõ có dấu hay không dấu)');
        helpBox.insertBefore(p, helpBox.children[1] || null);
    }

    // --- Tô các chữ khớp trong trang mở từ một kết quả (?tim=…) --------------------
    function highlightPage(query) {
        const main = document.querySelector('main');
        if (!main || !words(query).length) return;
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
            acceptNode: n => (n.parentElement.closest('script, style, svg, textarea, pre, .tk-thanh, .ctc-khung, #luyen-tap')
                ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
        });
        const nodes = [];
        while (walker.nextNode()) nodes.push(walker.currentNode);
        const match = matcherFor(query, nodes.map(n => n.data));
        let marks = 0;
        for (const node of nodes) {
            const text = node.data;
            let any = false;
            for (const m of text.matchAll(WORD)) {
                if (match(m[0])) { any = true; break; }
            }
            if (!any) continue;
            const frag = document.createDocumentFragment();
            appendMarked(frag, text, match);
            frag.querySelectorAll('mark').forEach(m => { m.className = 'tk-to'; marks++; });
            node.replaceWith(frag);
        }
        if (!marks) return;
        const note = el('p', 'tk-thanh');
        note.setAttribute('role', 'status');
        note.append(`Đã tô ${marks} chỗ khớp với “${query}”. `);
        const off = el('button', 'tk-bo-to', 'Bỏ tô màu');
        off.type = 'button';
        off.addEventListener('click', () => {
            main.querySelectorAll('mark.tk-to').forEach(m => m.replaceWith(m.textContent));
            main.normalize();
            note.remove();
        });
        note.append(off);
        main.prepend(note);
        // Không có mục đích (#id): đưa chỗ khớp đầu tiên vào tầm nhìn.
        if (!location.hash) {
            main.querySelector('mark.tk-to').scrollIntoView({ block: 'center' });
        }
    }
    const asked = new URLSearchParams(location.search).get('tim');
    if (asked) {
        highlightPage(asked);
    }
    return api;
})();

// Các khung tương tác của sách, dựng trên API window.caytrochoi (wasm-api.js):
// mọi con số, mọi câu và mọi hình đều do mô-đun WebAssembly của crate tính, ngay
// trong trang (không cần trình chạy, không cần mạng).
//
// Trong chương, một khung là một thẻ <div> giữ chỗ:
//   <div class="ctc-cay" data-tree="A(B:1, …)" data-algorithm="cat-tia"></div>
//   <div class="ctc-dodgem"></div>
//   <div class="ctc-grundy" data-game="boc-soi"></div>
//   <div class="ctc-luyen-tap" data-chapter="4"></div>
'use strict';

(function caytrochoiWidgets() {
    const api = () => window.caytrochoi;

    const { el, option } = window.caytrochoiDom; // wasm-dom.js
    const labelled = (text, input) => window.caytrochoiDom.labelled(text, input, 'ctc-nhan');
    // Phím gõ trong ô nhập không kích hoạt phím tắt của mdBook (mũi tên = sang trang).
    function keepKeys(input) {
        input.addEventListener('keydown', e => e.stopPropagation());
    }
    // Chỉ kết quả của lời gọi mới nhất được hiện (người dùng bấm nhanh liên tiếp).
    function latest() {
        let n = 0;
        return () => {
            const mine = ++n;
            return () => mine === n;
        };
    }
    function showError(box, e) {
        box.hidden = false;
        box.textContent = e && e.message ? e.message : String(e);
    }
    // Hình SVG của mô-đun trong khung `box`, đọc được trên điện thoại như các hình
    // của sách (book/theme/doc.js): không thu nhỏ tới mức chữ nhỏ nhất dưới
    // MIN_TEXT_PX điểm ảnh; hình rộng hơn khung thì cuộn ngang trong khung, và hai
    // nút bên dưới như ở các hình của sách: "Xem cả hình" thu cả hình vừa khung (chữ
    // nhỏ lại), "Phóng to ×2" gấp đôi. Cách xem chọn ở `box.dataset.xem` ('',
    // 'ca-hinh', 'phong-to') giữ nguyên khi hình đổi (đi từng bước, nước mới).
    const MIN_TEXT_PX = 8;
    function viewButtons(box) {
        let row = box.nextElementSibling;
        if (row && row.classList.contains('ctc-hinh-nut')) {
            return row;
        }
        row = el('div', 'hinh-nut ctc-hinh-nut');
        row.hidden = true;
        for (const [cls, text, mode] of [['hinh-ca', 'Xem cả hình', 'ca-hinh'], ['hinh-to', 'Phóng to ×2', 'phong-to']]) {
            const b = el('button', cls, text);
            b.type = 'button';
            b.setAttribute('aria-pressed', 'false');
            b.addEventListener('click', () => {
                const before = box.scrollWidth ? box.scrollLeft / box.scrollWidth : 0;
                box.dataset.xem = box.dataset.xem === mode ? '' : mode;
                fitFigure(box);
                box.scrollLeft = before * box.scrollWidth;
            });
            row.append(b);
        }
        box.after(row);
        return row;
    }
    function fitFigure(box) {
        const svg = box.querySelector('svg');
        if (!svg) {
            const row = box.nextElementSibling;
            if (row && row.classList.contains('ctc-hinh-nut')) {
                row.hidden = true;
            }
            return;
        }
        const vb = svg.viewBox && svg.viewBox.baseVal;
        const units = vb && vb.width ? vb.width : parseFloat(svg.getAttribute('width'));
        let least = Infinity;
        for (const t of svg.querySelectorAll('text')) {
            if (t.textContent.trim()) {
                least = Math.min(least, parseFloat(getComputedStyle(t).fontSize));
            }
        }
        if (!units || !isFinite(least) || !box.clientWidth) {
            return;
        }
        // Cỡ do CSS chọn (vừa khung) nếu chữ vẫn đủ to; nếu không, rộng vừa đủ.
        svg.style.width = '';
        svg.style.maxWidth = '';
        const fitted = svg.getBoundingClientRect().width;
        const readable = units * MIN_TEXT_PX / least;
        const wide = readable > fitted + 0.5;
        const mode = box.dataset.xem || '';
        let width = wide ? readable : null;
        if (mode === 'ca-hinh') {
            width = null;
        } else if (mode === 'phong-to') {
            width = 2 * (wide ? readable : fitted);
        }
        if (width !== null) {
            svg.style.width = Math.ceil(width) + 'px';
            svg.style.maxWidth = 'none';
        }
        box.classList.toggle('ctc-cuon-ngang', width !== null && width > box.clientWidth + 1);
        // Nút chỉ có khi hình rộng hơn khung (hay đang xem khác cách thường).
        if (wide || mode) {
            const row = viewButtons(box);
            row.hidden = false;
            row.querySelector('.hinh-ca').setAttribute('aria-pressed', String(mode === 'ca-hinh'));
            row.querySelector('.hinh-to').setAttribute('aria-pressed', String(mode === 'phong-to'));
        } else if (box.nextElementSibling && box.nextElementSibling.classList.contains('ctc-hinh-nut')) {
            box.nextElementSibling.hidden = true;
        }
    }
    function showFigure(box, svg) {
        box.innerHTML = svg;
        fitFigure(box);
        // Hình rộng cuộn ngang trong khung: khung nhận tiêu điểm bàn phím để cuộn
        // được bằng phím mũi tên.
        if (!box.hasAttribute('tabindex')) {
            box.tabIndex = 0;
            box.setAttribute('role', 'group');
            box.setAttribute('aria-label', 'Hình (cuộn ngang được khi rộng hơn khung)');
        }
    }
    // Hình từng bước rộng hơn khung (cuộn ngang): cuộn để nút đang xét nằm giữa
    // khung. Nút đang xét là hình tô màu nền CURRENT_FILL của src/plot/tree_render.rs
    // (#fff2c6); chấm cùng màu trong chú giải nhỏ hơn, nên lấy hình lớn nhất.
    const CURRENT_FILL = '#fff2c6';
    function keepCurrentInView(box) {
        if (box.scrollWidth <= box.clientWidth + 1) {
            return;
        }
        let best = null;
        let area = 0;
        for (const e of box.querySelectorAll('svg [fill]')) {
            if (e.getAttribute('fill').toLowerCase() !== CURRENT_FILL) continue;
            const r = e.getBoundingClientRect();
            if (r.width * r.height > area) {
                area = r.width * r.height;
                best = r;
            }
        }
        if (best) {
            const frame = box.getBoundingClientRect();
            const center = best.left + best.width / 2 - frame.left + box.scrollLeft;
            box.scrollLeft = Math.max(0, center - box.clientWidth / 2);
        }
    }
    let refit;
    window.addEventListener('resize', () => {
        clearTimeout(refit);
        refit = setTimeout(() => document.querySelectorAll('.ctc-khung .ctc-hinh, .ctc-khung .ctc-ban-co')
            .forEach(fitFigure), 100);
    });
    const fmt = v => (v === Infinity || v === 'inf' ? '+∞' : v === -Infinity || v === '-inf' ? '−∞' :
        typeof v === 'number' && v < 0 ? '−' + (-v) : String(v));

    // --- Xem cây: định trị, nhánh bị cắt, đi từng bước ------------------------------

    function treeExplorer(host) {
        host.classList.add('ctc-khung');
        const head = el('p', 'ctc-tieu-de', host.dataset.title ||
            'Tự thử: gõ cây, chọn thuật toán, xem từng bước');
        const text = el('textarea', 'ctc-cay-van-ban');
        text.rows = 2;
        text.spellcheck = false;
        text.value = host.dataset.tree || 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))';
        text.setAttribute('aria-label', 'Cây dạng văn bản');
        keepKeys(text);
        // Cách viết cây, nhắc ngay dưới ô (không phải lật lại chương 2).
        const format = el('p', 'ctc-cach-viet');
        format.id = host.id + '-cach-viet';
        format.append('Cách viết: lá là ', el('code', '', 'nhãn:giá_trị'), ' (',
            el('code', '', 'B:1'), '), nút trong là ', el('code', '', 'nhãn(con, con, …)'),
            ', các con từ trái sang phải; nhãn bỏ đi được: ', el('code', '', '(1, ((0), -1))'), '. ');
        const more = el('a', '', 'Xem chương 2');
        more.href = (typeof path_to_root === 'string' ? path_to_root : '') +
            'ch02-cay-tro-choi.html#viết-một-cây-bằng-văn-bản';
        format.append(more, '.');
        text.setAttribute('aria-describedby', format.id);
        const alg = el('select', 'ctc-thuat-toan');
        alg.append(option('minimax', 'vét cạn (Search)'), option('cat-tia', 'cat_tia của bài giảng'),
            option('window', 'cửa sổ (α, β)'));
        alg.value = host.dataset.algorithm || 'cat-tia';
        const order = el('input', 'ctc-sap-xep');
        order.type = 'checkbox';
        const orderLabel = el('label', 'ctc-nhan');
        orderLabel.append(order, document.createTextNode(' xét trước con tốt nhất'));
        const go = el('button', 'ctc-dinh-tri', 'Định trị');
        const stop = el('button', 'ctc-dung', 'Dừng');
        stop.disabled = true;
        const controls = el('div', 'ctc-dieu-khien');
        controls.append(labelled('Thuật toán', alg), orderLabel, go, stop);
        const status = el('p', 'ctc-trang-thai', 'Đang nạp mô-đun WebAssembly…');
        status.setAttribute('role', 'status');
        const error = el('pre', 'ctc-loi');
        error.hidden = true;
        error.setAttribute('role', 'alert');
        const summary = el('div', 'ctc-ket-qua');
        summary.setAttribute('aria-live', 'polite');
        const figure = el('div', 'ctc-hinh');
        const stepBar = el('div', 'ctc-buoc-dieu-khien');
        const prev = el('button', 'ctc-truoc', '◀ Trước');
        const next = el('button', 'ctc-sau', 'Sau ▶');
        const slider = el('input', 'ctc-thanh');
        slider.type = 'range';
        slider.min = '0';
        slider.value = '0';
        slider.setAttribute('aria-label', 'Bước');
        const stepNo = el('span', 'ctc-so-buoc');
        stepBar.append(prev, slider, next, stepNo);
        const sentence = el('p', 'ctc-cau');
        sentence.setAttribute('aria-live', 'polite');
        stepBar.hidden = true;
        // Chữ trong ô đã khác cây của kết quả đang hiện: kết quả mờ đi và câu này
        // nói vì sao (không để người học đọc giá trị của cây trước như của cây mới).
        const stale = el('p', 'ctc-cu-ghi-chu',
            'Cây trong ô đã đổi: kết quả bên dưới là của cây trước. Bấm "Định trị" (hoặc Ctrl-Enter) để tính cây mới.');
        stale.hidden = true;
        host.replaceChildren(head, text, format, controls, status, error, stale, summary, stepBar, sentence, figure);

        let walk = null;     // {steps, walk, svg} của lần định trị gần nhất
        let shown = null;    // {text, algorithm, order} của lần ấy
        const ticket = latest();

        function markStale() {
            const old = shown !== null && text.value !== shown.text;
            host.classList.toggle('ctc-cu', old);
            stale.hidden = !old;
        }
        // Lỗi thay cho kết quả: không để giá trị, nhánh bị cắt, thanh bước và hình
        // của cây trước nằm dưới câu báo lỗi.
        function clearResult() {
            walk = null;
            shown = null;
            stepTicket();
            summary.replaceChildren();
            stepBar.hidden = true;
            sentence.textContent = '';
            figure.replaceChildren();
            fitFigure(figure); // không hình: không còn nút xem hình
            delete host.dataset.step;
            markStale();
        }

        async function evaluate() {
            const mine = ticket();
            const input = { text: text.value, algorithm: alg.value, order: order.checked };
            error.hidden = true;
            stop.disabled = false;
            status.textContent = 'Đang tính…';
            const t0 = performance.now();
            try {
                const r = await api().evaluate(input.text, input.algorithm, { order: input.order });
                const w = await api().walk(input.text, input.algorithm, input.order);
                if (!mine()) {
                    return;
                }
                walk = w;
                shown = input;
                markStale();
                showSummary(r, input, w.ties);
                slider.max = String(w.steps);
                slider.value = String(w.steps);
                stepBar.hidden = false;
                showStep(w.steps);
                status.textContent = 'Tính trong ' + Math.round(performance.now() - t0) +
                    ' ms bằng mô-đun WebAssembly của sách (cùng kết quả với caytrochoi ' +
                    (input.algorithm === 'minimax' ? 'minimax' : 'alphabeta --variant ' + input.algorithm) +
                    (input.order ? ' --order' : '') + ' --json).';
            } catch (e) {
                if (mine()) {
                    status.textContent = '';
                    clearResult();
                    showError(error, e);
                }
            } finally {
                if (mine()) {
                    stop.disabled = true;
                }
            }
        }

        // Câu hỏi mà bảng đang trả lời (thuật toán, sắp thứ tự, cây): kiểm thử chờ
        // đúng câu hỏi vừa gửi, không chờ một giá trị có thể trùng với lần trước.
        const queryOf = input => input.algorithm + (input.order ? ' --order' : '') + ' ' + input.text;
        // `ties`: câu của thư viện khi nhiều nước ở gốc cùng giá trị (nước nào được
        // chọn, thuật toán biết gì về các nước kia), hay null.
        function showSummary(r, input, ties) {
            const rows = [
                ['Giá trị của nút gốc', fmt(r.value)],
                ['Nước đi tốt nhất', (r.best_move || '(gốc là lá)') + (ties ? ' — ' + ties : '')],
                ['Đường đi chính', r.principal_variation.join(' → ') || '—'],
                ['Số nút đã xét', r.nodes_visited + ' (trong đó ' + r.leaves_evaluated + ' lá)'],
                ['Số nút mỗi độ sâu', r.nodes_per_depth.join(', ')],
            ];
            if (r.algorithm !== 'minimax') {
                rows.push(['Nhánh bị cắt', r.pruned.length ? r.pruned.join(', ') : 'không có']);
            }
            const dl = el('dl', 'ctc-bang');
            for (const [k, v] of rows) {
                dl.append(el('dt', '', k), el('dd', '', v));
            }
            dl.dataset.value = String(r.value);
            dl.dataset.pruned = r.pruned.join(',');
            dl.dataset.query = queryOf(input);
            summary.replaceChildren(dl);
        }

        const stepTicket = latest();
        async function showStep(k) {
            if (!walk) {
                return;
            }
            k = Math.max(0, Math.min(walk.steps, k));
            slider.value = String(k);
            stepNo.textContent = 'Bước ' + k + '/' + walk.steps;
            sentence.textContent = k === 0 ? 'Chưa xét nút nào.' :
                k + '. ' + walk.walk[k - 1] + (k === walk.steps && walk.walk.length > walk.steps
                    ? ' ' + walk.walk[walk.steps] : '');
            prev.disabled = k === 0;
            next.disabled = k === walk.steps;
            host.dataset.step = String(k);
            if (walk.svg === null) {
                figure.textContent = walk.figure_note || '';
                fitFigure(figure); // không hình: không còn nút xem hình
                return;
            }
            if (k === walk.steps) {
                showFigure(figure, walk.svg);
                return;
            }
            const mine = stepTicket();
            try {
                const f = await api().step(shown.text, shown.algorithm, shown.order, k);
                if (mine()) {
                    showFigure(figure, f.svg);
                    keepCurrentInView(figure);
                }
            } catch (e) {
                if (mine()) {
                    figure.textContent = e.message;
                    fitFigure(figure); // không hình: không còn nút xem hình
                }
            }
        }

        go.addEventListener('click', evaluate);
        text.addEventListener('input', markStale);
        stop.addEventListener('click', () => {
            api().stop();
            status.textContent = 'Đã dừng.';
            stop.disabled = true;
        });
        alg.addEventListener('change', evaluate);
        order.addEventListener('change', evaluate);
        text.addEventListener('keydown', e => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                evaluate();
            }
        });
        prev.addEventListener('click', () => showStep(Number(slider.value) - 1));
        next.addEventListener('click', () => showStep(Number(slider.value) + 1));
        slider.addEventListener('input', () => showStep(Number(slider.value)));
        stepBar.tabIndex = 0;
        for (const target of [stepBar, figure]) {
            target.addEventListener('keydown', e => {
                if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End') {
                    e.preventDefault();
                    e.stopPropagation();
                    const k = Number(slider.value);
                    showStep(e.key === 'ArrowLeft' ? k - 1 : e.key === 'ArrowRight' ? k + 1 :
                        e.key === 'Home' ? 0 : walk ? walk.steps : 0);
                }
            });
        }
        figure.tabIndex = 0;
        api().ready.then(() => {
            status.textContent = '';
            evaluate();
        }, e => showError(error, e));
    }

    // --- Dodgem: chơi với máy -----------------------------------------------------

    function dodgemGame(host) {
        host.classList.add('ctc-khung');
        const head = el('p', 'ctc-tieu-de', 'Chơi Dodgem với máy');
        const size = el('select', 'ctc-co');
        size.append(option('3', '3×3'), option('4', '4×4'));
        const rule = el('select', 'ctc-luat');
        rule.append(option('vn', 'bài giảng'), option('ww', 'Winning Ways'));
        rule.title = 'Bài giảng: làm đối thủ hết nước đi thì thắng. Winning Ways: thì thua.';
        const depth = el('select', 'ctc-do-sau');
        for (let d = 1; d <= 8; d++) {
            depth.append(option(String(d), String(d)));
        }
        depth.value = '4';
        const human = el('select', 'ctc-ben');
        human.append(option('den', 'Đen'), option('trang', 'Trắng'));
        const first = el('select', 'ctc-di-truoc');
        first.append(option('den', 'Đen'), option('trang', 'Trắng'));
        const fresh = el('button', 'ctc-van-moi', 'Ván mới');
        const stop = el('button', 'ctc-dung', 'Dừng');
        stop.disabled = true;
        const controls = el('div', 'ctc-dieu-khien');
        controls.append(labelled('Bàn', size), labelled('Luật', rule), labelled('Độ sâu của máy (số nước nó tính trước)', depth),
            labelled('Bạn cầm quân', human), labelled('Đi trước', first), fresh, stop);
        const status = el('p', 'ctc-trang-thai', 'Đang nạp mô-đun WebAssembly…');
        status.setAttribute('role', 'status');
        const error = el('pre', 'ctc-loi');
        error.hidden = true;
        const board = el('div', 'ctc-hinh ctc-ban-co');
        const movesBox = el('div', 'ctc-nuoc-di');
        const log = el('ol', 'ctc-nhat-ky');
        log.setAttribute('aria-live', 'polite');
        const end = el('p', 'ctc-ket-thuc');
        end.hidden = true;
        host.replaceChildren(head, controls, status, error, end, board, movesBox, log);

        let moves = [];
        let cfg = null;
        let gameNo = 0;

        function config() {
            return { size: Number(size.value), rule: rule.value, first: first.value,
                human: human.value, depth: Number(depth.value) };
        }

        async function refresh() {
            const mine = gameNo;
            const s = await api().dodgemState(cfg, moves);
            if (mine !== gameNo) {
                return;
            }
            showFigure(board, s.svg);
            host.dataset.board = s.board;
            movesBox.replaceChildren();
            if (s.end) {
                end.hidden = false;
                end.textContent = s.end;
                host.dataset.over = 'yes';
                host.dataset.turn = 'het';
                status.textContent = '';
                return;
            }
            host.dataset.turn = s.to_move === cfg.human ? 'nguoi' : 'may';
            if (s.to_move === cfg.human) {
                status.textContent = 'Lượt bạn (' + s.to_move_name + '): chọn một nước đi.';
                for (const m of s.moves) {
                    const b = el('button', 'ctc-nuoc', m.text);
                    b.dataset.move = m.name;
                    b.addEventListener('click', () => {
                        movesBox.replaceChildren(); // không bấm được hai lần
                        host.dataset.turn = 'may';
                        moves.push(m.name);
                        log.append(el('li', 'ctc-nguoi', 'Bạn đi: ' + m.text));
                        refresh().catch(e => showError(error, e));
                    });
                    movesBox.append(b);
                }
            } else {
                status.textContent = 'Máy (' + s.to_move_name + ') đang tính…';
                stop.disabled = false;
                try {
                    const c = await api().dodgemComputer(cfg, moves);
                    if (mine !== gameNo) {
                        return;
                    }
                    moves.push(c.move);
                    const li = el('li', 'ctc-may', c.said);
                    li.append(el('span', 'ctc-vi-sao', ' — ' + c.explain + '.'));
                    log.append(li);
                } finally {
                    stop.disabled = true;
                }
                await refresh();
            }
        }

        function start() {
            gameNo++;
            moves = [];
            cfg = config();
            log.replaceChildren();
            movesBox.replaceChildren();
            end.hidden = true;
            error.hidden = true;
            delete host.dataset.over;
            host.dataset.turn = 'may';
            refresh().catch(e => showError(error, e));
        }
        fresh.addEventListener('click', start);
        // Đổi bàn, luật, bên cầm quân hay bên đi trước giữa ván: ván đang hiện không
        // còn khớp các ô, nên bắt đầu ván mới ngay (như khung xem cây tính lại khi
        // đổi thuật toán). Đổi độ sâu: máy dùng độ sâu mới từ nước sau của nó, trong
        // chính ván này (câu giải thích của nước máy nói nó tính trước bao nhiêu nước).
        for (const s of [size, rule, human, first]) {
            s.addEventListener('change', start);
        }
        depth.addEventListener('change', () => {
            if (cfg) {
                cfg = Object.assign({}, cfg, { depth: Number(depth.value) });
            }
        });
        stop.addEventListener('click', () => {
            gameNo++;
            api().stop();
            status.textContent = 'Đã dừng máy. Bấm "Ván mới" để chơi lại.';
            stop.disabled = true;
        });
        api().ready.then(start, e => showError(error, e));
    }

    // --- Grundy: giá trị, thắng/thua, nước thắng -------------------------------------

    const GRUNDY_GAMES = [
        ['boc-soi', 'Bốc sỏi (hai đống)', [['Đống thứ nhất M', '3'], ['Đống thứ hai N', '4']]],
        ['chuyen-soi', 'Chuyển sỏi (dải băng)', [['Số ô', '19', '--cells'], ['Dịch tối đa', '3', '--step']]],
        ['dam', 'Cờ DAM (đen-trắng, lượt Đen)', [['Các hàng', '1-5 2-8 3-4']]],
        ['to-mau', 'Tô màu (dải N ô, hay giữa ván ..xx....)', [['Số ô hay dải', '10']]],
        ['socola', 'Chia socola M × N', [['M', '3'], ['N', '4']]],
        ['hau', 'Quân Hậu ở ô (P, Q)', [['P', '4'], ['Q', '5']]],
        ['nim', 'Nim (nhiều đống)', [['Các đống', '7 9 12']]],
        ['nim-chia', 'Nim chia đống (N đồng xu)', [['N', '7']]],
        ['octal', 'Trò chơi bát phân', [['Mã', '0.07'], ['Các đống', '10']]],
    ];

    // Trò chơi chơi được với máy (= web::grundy::PLAYABLE của thư viện).
    const GRUNDY_PLAYABLE = ['boc-soi', 'chuyen-soi', 'dam', 'to-mau', 'socola', 'hau', 'nim',
        'nim-chia', 'octal'];

    function grundyExplorer(host) {
        host.classList.add('ctc-khung');
        const head = el('p', 'ctc-tieu-de', 'Hàm Grundy: thắng hay thua, đi nước nào');
        const game = el('select', 'ctc-tro-choi');
        for (const [code, name] of GRUNDY_GAMES) {
            game.append(option(code, name));
        }
        game.value = host.dataset.game || 'boc-soi';
        const params = el('span', 'ctc-tham-so');
        const go = el('button', 'ctc-tinh', 'Tính');
        const controls = el('div', 'ctc-dieu-khien');
        controls.append(labelled('Trò chơi', game), params, go);
        const error = el('pre', 'ctc-loi');
        error.hidden = true;
        const answer = el('div', 'ctc-ket-qua');
        answer.setAttribute('aria-live', 'polite');
        const text = el('pre', 'ctc-loi-giai');
        const figure = el('div', 'ctc-hinh');
        const playBox = el('div', 'ctc-choi');
        const stale = el('p', 'ctc-cu-ghi-chu',
            'Các ô đã đổi: câu trả lời bên dưới là của thế trước. Bấm "Tính" (hoặc Enter) để tính thế mới.');
        stale.hidden = true;
        host.replaceChildren(head, controls, error, stale, answer, text, figure, playBox);
        let inputs = [];
        // Câu trả lời đang hiện không còn khớp các ô nhập: mờ đi, kèm câu nói vì sao.
        function markStale() {
            const dl = answer.querySelector('dl');
            const old = !!dl && dl.dataset.query !== [game.value].concat(argsOf(inputs)).join(' ');
            host.classList.toggle('ctc-cu', old);
            stale.hidden = !old;
        }

        // Chơi với máy (mọi trò chơi có trong PLAYABLE): bạn đi trước từ thế đang
        // xem. Thế là các đối số của `caytrochoi grundy TRÒ_CHƠI …`; mô-đun trả về
        // mọi nước (kèm thế sau nước, viết cùng cách) và nước máy chọn.
        const playable = () => GRUNDY_PLAYABLE.includes(game.value);
        let playing = null;
        const playTicket = latest();
        function describe(position) {
            if (playing === 'dam') {
                const white = position.includes('--white');
                return 'hàng ' + position.filter(x => x !== '--white').join(' ') +
                    (white ? ', đến lượt Trắng' : ', đến lượt Đen');
            }
            if (playing === 'socola') {
                const big = position.filter(p => p !== '1x1');
                return big.length ? 'các mảnh ' + big.map(p => p.replace('x', ' × ')).join(', ')
                    : 'chỉ còn các mảnh 1 × 1';
            }
            if (playing === 'nim-chia') {
                return 'các đống ' + position.join(', ');
            }
            if (playing === 'to-mau') {
                // Dải viết như dòng lệnh (`.` trống, `x` đã tô), hiện bằng ô vuông.
                const cells = /^[.x]+$/.test(position[0])
                    ? position[0].replace(/\./g, '□').replace(/x/g, '■')
                    : '□'.repeat(Number(position[0]) || 0);
                return 'dải ' + cells + ' (□ ô trống, ■ ô đã tô)';
            }
            if (playing === 'octal') {
                return 'mã ' + position[0] + ', các đống ' + position.slice(1).join(', ');
            }
            if (playing === 'chuyen-soi') {
                const [black, white] = position[0].split('-');
                return 'viên đen ở ô ' + black + ', viên trắng ở ô ' + white +
                    (position.includes('--white') ? ', đến lượt Trắng' : ', đến lượt Đen');
            }
            return '(' + position.join(', ') + ')';
        }
        function explain(c) {
            return c.grundy === 0
                ? ' (G của thế mới = 0: thế "thắng" của bài giảng, P-vị trí — người phải đi tiếp sẽ thua).'
                : ' (không có nước nào về G = 0, nên máy đi một nước hợp lệ và chờ bạn sơ suất; G của thế mới = ' +
                    c.grundy + ').';
        }
        async function playTurn(position, who) {
            const mine = playTicket();
            const t = await api().grundyTurn(playing, position);
            if (!mine()) {
                return;
            }
            const pos = el('p', 'ctc-the', 'Thế ' + describe(t.position) + ', G = ' + t.grundy + '.');
            playBox.querySelectorAll('.ctc-nuoc').forEach(x => x.remove());
            playBox.append(pos);
            if (!t.computer) {
                const over = el('p', 'ctc-ket-thuc', who === 'nguoi'
                    ? 'Hết nước đi: bạn vừa đi nước cuối cùng, bạn thắng!'
                    : 'Hết nước đi: máy vừa đi nước cuối cùng, máy thắng.');
                playBox.append(over);
                host.dataset.play = 'het';
                return;
            }
            if (who === 'nguoi') {
                // Máy đi ngay.
                const c = t.computer;
                playBox.append(el('p', 'ctc-may', 'Máy: ' + c.text + explain(c)));
                await playTurn(c.to, 'may');
                return;
            }
            host.dataset.play = 'nguoi';
            const play = m => {
                row.remove();
                host.dataset.play = 'may';
                playBox.append(el('p', 'ctc-nguoi', 'Bạn: ' + m.text + '.'));
                playTurn(m.to, 'nguoi').catch(e => showError(error, e));
            };
            const row = el('div', 'ctc-nuoc-di ctc-nuoc');
            if (t.moves.length <= 40) {
                for (const m of t.moves) {
                    const btn = el('button', 'ctc-nuoc-grundy', m.text);
                    btn.title = 'G của thế sau nước này = ' + m.grundy;
                    btn.addEventListener('click', () => play(m));
                    row.append(btn);
                }
            } else {
                // Nhiều nước quá (Nim, Cờ DAM lớn): chọn trong danh sách.
                const pick = el('select', 'ctc-chon-nuoc');
                t.moves.forEach((m, i) => pick.append(option(String(i), m.text)));
                const btn = el('button', 'ctc-nuoc-grundy', 'Đi nước này');
                btn.addEventListener('click', () => play(t.moves[Number(pick.value)]));
                row.append(labelled('Nước đi (' + t.moves.length + ')', pick), btn);
            }
            playBox.append(row);
        }
        const playButton = el('button', 'ctc-choi-nut', 'Chơi với máy (bạn đi trước)');
        playButton.addEventListener('click', () => {
            if (!playable()) {
                return;
            }
            playing = game.value;
            host.dataset.play = 'may'; // ván mới: chờ lượt đầu, không còn "het" của ván trước
            playBox.replaceChildren(el('p', 'ctc-tieu-de', 'Ván với máy: ai đi nước cuối cùng thì thắng.'));
            playTurn(argsOf(inputs), 'may').catch(e => showError(error, e));
        });

        // Các đối số của `caytrochoi grundy TRÒ_CHƠI …` từ các ô nhập: giá trị, hay
        // `--tùy-chọn giá-trị` với ô có tùy chọn (Chuyển sỏi: --cells, --step).
        const argsOf = boxes => boxes.flatMap(i =>
            i.dataset.flag ? [i.dataset.flag, i.value.trim()] : [i.value.trim()]);
        function setParams() {
            const spec = GRUNDY_GAMES.find(g => g[0] === game.value)[2];
            inputs = spec.map(([name, value, flag]) => {
                const i = el('input', 'ctc-so');
                i.value = value;
                if (flag) {
                    i.dataset.flag = flag;
                }
                i.size = value.includes(' ') ? 14 : 6;
                keepKeys(i);
                i.addEventListener('input', markStale);
                i.addEventListener('keydown', e => {
                    if (e.key === 'Enter') {
                        compute();
                    }
                });
                params.append(labelled(name, i));
                return i;
            });
        }
        const ticket = latest();
        async function compute() {
            const mine = ticket();
            error.hidden = true;
            const args = argsOf(inputs);
            const name = game.value;
            try {
                const r = await api().grundy(name, args);
                const words = await api().run(['grundy', name].concat(args));
                if (!mine()) {
                    return;
                }
                const rows = [];
                if (r.grundy !== undefined) {
                    rows.push(['G', r.grundy === null ? 'không có (trò chơi có chu trình)' : String(r.grundy)]);
                }
                if (r.lecture_name) {
                    rows.push(['Theo bài giảng', r.lecture_name], ['P/N', r.pn]);
                }
                if (r.first_player_wins !== undefined) {
                    rows.push(['Người đi trước', r.first_player_wins === null ? 'hòa'
                        : r.first_player_wins ? 'thắng' : 'thua']);
                }
                if (Array.isArray(r.winning_moves)) {
                    rows.push(['Nước thắng', r.winning_moves.length
                        ? r.winning_moves.map(m => m.text).join('; ') : 'không có']);
                }
                const dl = el('dl', 'ctc-bang');
                for (const [k, v] of rows) {
                    dl.append(el('dt', '', k), el('dd', '', v));
                }
                dl.dataset.grundy = String(r.grundy);
                // Câu hỏi mà bảng (và hình) đang trả lời, như dòng lệnh: kiểm thử chờ
                // đúng câu hỏi này, không chờ G (G có thể trùng với câu hỏi trước).
                const query = [name].concat(args).join(' ');
                dl.dataset.query = query;
                answer.replaceChildren(dl);
                markStale();
                text.textContent = words.stdout;
                const f = await api().grundyFigure(name, args[0] || '', args[1] || '');
                if (mine()) {
                    if (f.svg) {
                        showFigure(figure, f.svg);
                    } else {
                        figure.replaceChildren(el('p', 'ctc-ghi-chu', f.note || ''));
                        fitFigure(figure); // không hình: không còn nút xem hình
                    }
                    figure.dataset.query = query;
                }
            } catch (e) {
                if (mine()) {
                    answer.replaceChildren();
                    text.textContent = '';
                    figure.replaceChildren();
                    fitFigure(figure); // không hình: không còn nút xem hình
                    delete figure.dataset.query;
                    markStale();
                    showError(error, e);
                }
            }
        }
        game.addEventListener('change', () => {
            params.replaceChildren();
            setParams();
            playButton.hidden = !playable();
            playBox.replaceChildren();
            delete host.dataset.play;
            playTicket(); // bỏ câu trả lời của ván đang chơi dở
            compute();
        });
        go.addEventListener('click', compute);
        controls.append(playButton);
        playButton.hidden = !playable();
        setParams();
        api().ready.then(compute, e => showError(error, e));
    }


    // --- Luyện tập mọi chương: bài mới cho mọi hạt giống, chấm và gợi ý từng bậc ------

    function practiceAnywhere(host) {
        host.classList.add('ctc-khung');
        const head = el('p', 'ctc-tieu-de', 'Luyện tập ngay trong trang: chương 1–7, mọi hạt giống');
        const chapter = el('select', 'ctc-chuong');
        for (let c = 1; c <= 7; c++) {
            chapter.append(option(String(c), 'chương ' + c));
        }
        chapter.value = host.dataset.chapter || '4';
        const level = el('select', 'ctc-muc');
        level.append(option('de', 'dễ'), option('vua', 'vừa'), option('kho', 'khó'));
        level.value = 'vua';
        const seed = el('input', 'ctc-hat-giong');
        seed.inputMode = 'numeric';
        seed.size = 10;
        seed.value = String(1 + Math.floor(Math.random() * 999999));
        keepKeys(seed);
        const open = el('button', 'ctc-mo', 'Mở');
        const fresh = el('button', 'ctc-bai-moi', 'Bài mới');
        const controls = el('div', 'ctc-dieu-khien');
        controls.append(labelled('Chương', chapter), labelled('Mức', level),
            labelled('Hạt giống', seed), open, fresh);
        const error = el('pre', 'ctc-loi');
        error.hidden = true;
        const title = el('p', 'ctc-tieu-de ctc-bai-tieu-de');
        const statement = el('p', 'ctc-de-bai');
        const figure = el('div', 'ctc-hinh');
        const how = el('p', 'ctc-cach-tra-loi');
        const answer = el('input', 'ctc-tra-loi');
        answer.setAttribute('aria-label', 'Câu trả lời');
        keepKeys(answer);
        const check = el('button', 'ctc-kiem-tra', 'Kiểm tra');
        const answerRow = el('div', 'ctc-dieu-khien');
        answerRow.append(answer, check);
        const feedback = el('pre', 'ctc-nhan-xet');
        feedback.setAttribute('aria-live', 'polite');
        feedback.hidden = true;
        const solution = el('pre', 'ctc-loi-giai');
        solution.hidden = true;
        host.replaceChildren(head, controls, error, title, statement, figure, how, answerRow,
            feedback, solution);
        let wrong = 0;
        let current = null;
        const ticket = latest();

        async function load() {
            const mine = ticket();
            error.hidden = true;
            try {
                const c = await api().practiceCard(Number(chapter.value), level.value, seed.value);
                if (!mine()) {
                    return;
                }
                current = c;
                wrong = 0;
                host.dataset.seed = String(c.hat_giong);
                title.textContent = c.tieu_de;
                // Các đoạn `…` của đề (cây, nhãn) thành chữ mã.
                const withCode = text => text.split('`').map((part, i) =>
                    (i % 2 ? el('code', '', part) : document.createTextNode(part)));
                statement.replaceChildren(...withCode(c.de_bai));
                showFigure(figure, c.hinh || '');
                how.replaceChildren(...withCode(c.cach_tra_loi));
                answer.value = '';
                feedback.hidden = true;
                solution.hidden = true;
            } catch (e) {
                if (mine()) {
                    // Không để đề, hình và lời nhận xét của bài trước dưới câu báo lỗi.
                    current = null;
                    delete host.dataset.seed;
                    for (const box of [title, statement, figure, how, feedback, solution]) {
                        box.replaceChildren();
                    }
                    feedback.hidden = true;
                    solution.hidden = true;
                    showError(error, e);
                }
            }
        }
        async function grade() {
            if (!current) {
                return;
            }
            try {
                const g = await api().practiceGrade(current.chuong, current.muc,
                    String(current.hat_giong), answer.value, wrong);
                if (!g.dung) {
                    wrong++;
                }
                feedback.hidden = false;
                feedback.textContent = g.thong_bao;
                feedback.dataset.right = g.dung ? 'yes' : 'no';
                // Lời nhận xét bậc ba đã kèm lời giải: không in lại lần nữa.
                const shown = g.loi_giai && !g.thong_bao.includes(g.loi_giai.trim().slice(0, 60));
                solution.hidden = !shown;
                solution.textContent = shown ? g.loi_giai : '';
            } catch (e) {
                showError(error, e);
            }
        }
        open.addEventListener('click', load);
        fresh.addEventListener('click', () => {
            seed.value = String(1 + Math.floor(Math.random() * 999999));
            load();
        });
        chapter.addEventListener('change', load);
        level.addEventListener('change', load);
        seed.addEventListener('keydown', e => {
            if (e.key === 'Enter') {
                load();
            }
        });
        answer.addEventListener('keydown', e => {
            if (e.key === 'Enter') {
                grade();
            }
        });
        check.addEventListener('click', grade);
        api().ready.then(load, e => showError(error, e));
    }

    // Mỗi khung có một id và một tên (nút Chạy của khối mã trỏ tới khung gần nhất
    // khi không có trình chạy: theme/chay-ma.js).
    let count = 0;
    function named(make, label) {
        return host => {
            host.id = host.id || 'khung-' + (++count);
            host.dataset.label = label;
            make(host);
        };
    }
    function mount() {
        if (!api()) {
            return;
        }
        document.querySelectorAll('.ctc-cay').forEach(named(treeExplorer, 'khung xem cây từng bước'));
        document.querySelectorAll('.ctc-dodgem').forEach(named(dodgemGame, 'khung chơi Dodgem với máy'));
        document.querySelectorAll('.ctc-grundy').forEach(named(grundyExplorer, 'khung tính hàm Grundy'));
        document.querySelectorAll('.ctc-luyen-tap').forEach(named(practiceAnywhere, 'khung luyện tập'));
    }
    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', mount);
    } else {
        mount();
    }
})();

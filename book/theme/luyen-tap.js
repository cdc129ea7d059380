// Trang luyện tập của sách (book/src/luyen-tap.md): một cây mới, bấm vào các
// nhánh bạn sẽ cắt, rồi kiểm tra.
//
// Mọi con số và mọi câu nhận xét đều do thư viện caytrochoi viết: "thẻ" của bài
// (practice::web::Card) mang hình, các nhánh bấm được và lời giải; khi bấm
// "Kiểm tra", trang gửi các nhánh đã bấm cho bộ chấm của bài
// (caytrochoi::web::practice::click_grade) và chỉ hiện lời chấm nó trả về: lời
// nhận xét, có hiện lời giải không, số lần đã sai. Tệp này không tự viết hay ghép
// một lời nhận xét nào.
//
// Thẻ và lời chấm, cho mọi hạt giống, đến từ một trong hai nơi tính cùng những
// hàm Rust (caytrochoi::web::practice):
// - trình chạy của sách (`make book`, caytrochoi-sach), nếu có: trang xin thẻ
//   bằng POST /api/luyen-tap {seed, level, algorithm} và lời chấm bằng
//   POST /api/luyen-tap/cham {seed, level, algorithm, selected, wrong};
// - nếu không, mô-đun WebAssembly của sách, luôn tải cùng trang
//   (window.caytrochoi.clickCard, clickGrade; theme/wasm-api.js).
// Không nơi nào trả lời (trình duyệt không chạy được WebAssembly, không có trình
// chạy): trang nói một câu rõ ràng cần gì.
'use strict';

(function luyenTap() {
    const app = document.getElementById('luyen-tap');
    if (!app) {
        return;
    }
    const root = typeof path_to_root === 'string' ? path_to_root : '';
    const API = root + 'api/';
    const SVG_NS = 'http://www.w3.org/2000/svg';

    // --- Dựng giao diện ----------------------------------------------------------

    const { el, option } = window.caytrochoiDom; // wasm-dom.js

    const controls = el('div', 'lt-dieu-khien');
    const levelSel = el('select', 'lt-muc');
    levelSel.append(option('de', 'dễ'), option('vua', 'vừa'), option('kho', 'khó'));
    levelSel.value = 'vua';
    const algSel = el('select', 'lt-thuat-toan');
    algSel.append(option('cat-tia', 'cat_tia (một cận)'), option('cua-so', 'cửa sổ (α, β)'));
    const seedInput = el('input', 'lt-hat-giong');
    seedInput.type = 'number';
    seedInput.min = '1';
    seedInput.step = '1';
    const newButton = el('button', 'lt-moi', 'Cây mới');
    const loadButton = el('button', 'lt-mo', 'Mở hạt giống');
    const labelled = (text, input) => window.caytrochoiDom.labelled(text, input, 'lt-nhan');
    controls.append(labelled('Mức', levelSel), labelled('Thuật toán', algSel),
        labelled('Hạt giống', seedInput), loadButton, newButton);

    const status = el('p', 'lt-trang-thai');
    status.setAttribute('role', 'status');
    const title = el('h3', 'lt-tieu-de');
    const statement = el('p', 'lt-de');
    const figure = el('div', 'lt-hinh');
    const chosen = el('p', 'lt-chon');
    const actions = el('div', 'lt-nut');
    const checkButton = el('button', 'lt-kiem-tra', 'Kiểm tra');
    const clearButton = el('button', 'lt-bo-chon', 'Bỏ chọn hết');
    const solutionButton = el('button', 'lt-xem-loi-giai', 'Xem lời giải');
    actions.append(checkButton, clearButton, solutionButton);
    const feedback = el('div', 'lt-nhan-xet');
    feedback.setAttribute('role', 'status');
    feedback.setAttribute('aria-live', 'polite');
    feedback.hidden = true;
    const solution = el('div', 'lt-loi-giai');
    solution.hidden = true;
    app.append(controls, status, title, statement, figure, chosen, actions, feedback, solution);

    // --- Thẻ và lời chấm đến từ đâu? -----------------------------------------------

    let runner = false; // trình chạy của sách (make book) đang bật
    function describeSource() {
        if (runner) {
            status.textContent = 'Trình chạy của sách đang bật: dùng được mọi hạt giống (bấm "Cây mới" để có một cây chưa từng gặp).';
        } else {
            status.textContent = 'Không có trình chạy: cây tính ngay trong trang (mô-đun ' +
                'WebAssembly của sách), dùng được mọi hạt giống, không cần mạng.';
        }
    }
    const detection = (location.protocol === 'file:'
        ? Promise.resolve(false)
        : Promise.race([
            fetch(API + 'status', { cache: 'no-store', credentials: 'same-origin' })
                .then(resp => (resp.ok ? resp.json() : false))
                .then(s => !!(s && s.runner === 'caytrochoi-sach')),
            new Promise(resolve => setTimeout(() => resolve(false), 4000)),
        ]).catch(() => false)
    ).then(ok => {
        runner = ok;
        app.classList.toggle('lt-co-trinh-chay', ok);
        return ok;
    });

    // Không trình chạy, không mô-đun (trình duyệt không chạy được WebAssembly): một
    // câu nói rõ cần gì, thay cho một trang hỏng.
    function unavailable() {
        app.replaceChildren(status); // không nút hay ô nào dẫn tới một trang hỏng
        status.classList.add('lt-can');
        status.textContent = 'Trang luyện tập cần một trình duyệt chạy được WebAssembly, ' +
            'hoặc sách mở bằng lệnh make book (trình chạy của sách tính cây thay cho trình duyệt).';
    }

    // --- Lấy thẻ -------------------------------------------------------------------

    // Hỏi trình chạy (`path`: 'luyen-tap' hay 'luyen-tap/cham'): tính ngay, không
    // biên dịch gì. Lỗi mang mã HTTP và Retry-After.
    async function askRunner(path, body) {
        const resp = await fetch(API + path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            credentials: 'same-origin',
            body: JSON.stringify(body),
        });
        let reply = null;
        try {
            reply = await resp.json();
        } catch (e) { /* không phải JSON: báo mã lỗi bên dưới */ }
        if (!resp.ok || !reply || reply.error) {
            const err = new Error((reply && reply.error) || ('trình chạy trả lời lỗi ' + resp.status));
            err.status = resp.status;
            err.retryAfter = parseInt(resp.headers.get('Retry-After') || '', 10) || 0;
            throw err;
        }
        return reply;
    }

    // Trình chạy tính thẻ ngay (web::practice::click_card).
    function fromRunner(seed) {
        return askRunner('luyen-tap', { seed, level: levelSel.value, algorithm: algSel.value });
    }

    // Mô-đun WebAssembly của sách (theme/wasm-api.js) tính thẻ ngay trong trang,
    // cùng hàm web::practice::click_card; null nếu mô-đun không trả lời.
    async function fromModule(seed) {
        if (!window.caytrochoi) {
            return null;
        }
        try {
            return await window.caytrochoi.clickCard(seed, levelSel.value, algSel.value);
        } catch (e) {
            return null;
        }
    }

    const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
    let loading = 0; // số thứ tự lần tải gần nhất: lần cũ đang chờ thì bỏ

    async function load(seed) {
        const mine = ++loading;
        await detection;
        let card = null;
        let fromTheRunner = false;
        let note = '';
        if (runner) {
            status.textContent = 'Đang nhờ trình chạy sinh cây cho hạt giống ' + seed + '…';
            for (let attempt = 1; !card; attempt++) {
                try {
                    card = await fromRunner(seed);
                    fromTheRunner = true;
                } catch (e) {
                    // Trình chạy đang bận hay máy này xin quá nhanh (lớp học): nói rõ,
                    // rồi tự thử lại.
                    if ((e.status === 429 || e.status === 503) && attempt <= 30) {
                        const wait = Math.min(Math.max(e.retryAfter || 2, 1), 10);
                        status.textContent = (e.status === 429
                            ? 'Trình chạy đang giới hạn số cây mới của máy này'
                            : 'Trình chạy đang bận') + ' (' + e.message.replace(/[.:]\s*$/, '')
                            + '). Trang tự thử lại sau ' + wait + ' giây…';
                        await sleep(wait * 1000);
                        if (mine !== loading) {
                            return; // người học đã xin một cây khác
                        }
                        continue;
                    }
                    // Trình chạy không trả lời: cây này do mô-đun tính; lần sau (bấm
                    // "Cây mới") trang hỏi trình chạy lại.
                    note = 'Trình chạy không trả lời được (' + e.message.replace(/[.:]\s*$/, '') + '). ';
                    break;
                }
            }
        }
        if (!card) {
            card = await fromModule(seed);
        }
        if (mine !== loading) {
            return;
        }
        if (!card) {
            if (note) {
                status.textContent = note + 'Bấm "Cây mới" để hỏi lại trình chạy.';
            } else {
                unavailable();
            }
            return;
        }
        describeSource();
        if (note) {
            status.textContent = note + 'Tạm tính cây này ngay trong trang (mô-đun WebAssembly); ' +
                'bấm "Cây mới" để hỏi lại trình chạy.';
        }
        show(card, fromTheRunner);
    }

    // --- Hiện một thẻ ----------------------------------------------------------

    let current = null;
    let currentFromRunner = false; // thẻ do trình chạy tính: chấm ở trình chạy trước
    let selected = [];
    let wrong = 0; // số lần sai trên thẻ này, như bộ chấm đếm (lời chấm gửi lại)
    let graded = 0; // số lời chấm đã hiện (data-graded: kiểm thử chờ lời chấm mới)

    function show(card, fromTheRunner) {
        current = card;
        currentFromRunner = !!fromTheRunner;
        selected = [];
        wrong = 0;
        seedInput.value = String(card.seed);
        // Thẻ đang hiện (cho kiểm thử và công cụ đọc màn hình chờ đúng thẻ vừa xin).
        app.dataset.card = card.seed + ' ' + card.level + ' ' + card.algorithm;
        title.textContent = card.title;
        // Các đoạn `…` của đề (văn bản của cây) thành chữ mã.
        statement.replaceChildren(...card.statement.split('`').map(
            (part, i) => (i % 2 ? el('code', '', part) : document.createTextNode(part))));
        figure.innerHTML = card.svg;
        feedback.hidden = true;
        feedback.textContent = '';
        solution.hidden = true;
        solution.replaceChildren();
        const svg = figure.querySelector('svg');
        toggles = new Map();
        if (svg) {
            // Cây vừa khung (luyen-tap.css): không bao giờ bị cắt, kể cả chú giải.
            svg.setAttribute('class', 'lt-cay');
            for (const edge of card.edges) {
                svg.append(edgeOverlay(edge));
            }
            svg.addEventListener('click', e => tapEdge(svg, e));
        }
        wholeTree = false;
        fitTree();
        updateChosen();
    }

    // --- Điện thoại: chữ của cây đủ đọc, chạm đúng nhánh dưới ngón tay --------------
    // Chữ nhỏ nhất của cây cao ít nhất MIN_TEXT_PX điểm ảnh: cây lớn (mức khó) rộng
    // hơn khung thì cuộn ngang trong khung, và nút "Xem cả cây" thu nó vừa khung.
    const MIN_TEXT_PX = 8;
    let wholeTree = false;
    const wholeButton = el('button', 'lt-ca-cay', 'Xem cả cây');
    wholeButton.type = 'button';
    wholeButton.hidden = true;
    wholeButton.setAttribute('aria-pressed', 'false');
    wholeButton.addEventListener('click', () => {
        wholeTree = !wholeTree;
        fitTree();
    });
    figure.after(wholeButton);
    function fitTree() {
        const svg = figure.querySelector('svg');
        if (!svg) {
            wholeButton.hidden = true;
            return;
        }
        svg.style.width = '';
        svg.style.maxWidth = '';
        const vb = svg.viewBox && svg.viewBox.baseVal;
        const units = vb && vb.width ? vb.width : parseFloat(svg.getAttribute('width'));
        let least = Infinity;
        for (const t of svg.querySelectorAll('text')) {
            if (t.textContent.trim()) {
                least = Math.min(least, parseFloat(getComputedStyle(t).fontSize));
            }
        }
        const room = figure.clientWidth;
        if (!units || !isFinite(least) || !room) {
            return;
        }
        const readable = Math.ceil(units * MIN_TEXT_PX / least);
        const wide = readable > room + 1;
        wholeButton.hidden = !wide;
        wholeButton.setAttribute('aria-pressed', String(wholeTree));
        if (wide && !wholeTree) {
            svg.style.width = readable + 'px';
            svg.style.maxWidth = 'none';
        }
    }
    let refit;
    window.addEventListener('resize', () => {
        clearTimeout(refit);
        refit = setTimeout(fitTree, 100);
    });

    // Một lần chạm (hay bấm chuột) vào cây chọn nhánh GẦN điểm chạm nhất, nếu nó
    // cách điểm chạm không quá TAP_PX điểm ảnh: không bao giờ chọn nhầm nhánh bên
    // cạnh chỉ vì vùng bấm của nó vẽ sau.
    const TAP_PX = 24;
    let toggles = new Map(); // nhãn con → hàm đổi chọn nhánh vào nó
    function tapEdge(svg, e) {
        const m = svg.getScreenCTM();
        if (!m || !current) {
            return;
        }
        const p = svg.createSVGPoint();
        p.x = e.clientX;
        p.y = e.clientY;
        const q = p.matrixTransform(m.inverse());
        const scale = Math.hypot(m.a, m.b) || 1;
        let best = null;
        let bestD = Infinity;
        for (const edge of current.edges) {
            const pts = edge.points;
            for (let i = 0; i + 1 < pts.length; i++) {
                const d = segmentDistance(q.x, q.y, pts[i], pts[i + 1]);
                if (d < bestD) {
                    bestD = d;
                    best = edge.child;
                }
            }
        }
        if (best !== null && bestD * scale <= TAP_PX) {
            toggles.get(best)();
        }
    }
    function segmentDistance(x, y, a, b) {
        const dx = b[0] - a[0];
        const dy = b[1] - a[1];
        const len2 = dx * dx + dy * dy || 1;
        const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / len2));
        return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
    }

    function points(pts) {
        return pts.map(p => p[0] + ',' + p[1]).join(' ');
    }

    function svgEl(tag, attrs) {
        const e = document.createElementNS(SVG_NS, tag);
        for (const [k, v] of Object.entries(attrs)) {
            e.setAttribute(k, v);
        }
        return e;
    }

    // Một nhánh bấm được: vùng bấm rộng trong suốt, và dấu cắt "=" hiện khi chọn.
    function edgeOverlay(edge) {
        const g = svgEl('g', {
            class: 'lt-canh',
            tabindex: '0',
            role: 'button',
            'aria-pressed': 'false',
            'aria-label': 'Nhánh vào ' + edge.child,
            'data-child': edge.child,
        });
        const line = points(edge.points);
        g.append(svgEl('polyline', { class: 'lt-canh-vet', points: line }));
        const n = edge.points.length;
        const a = edge.points[Math.max(0, n - 2)];
        const b = edge.points[n - 1];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
        const ux = (b[0] - a[0]) / len;
        const uy = (b[1] - a[1]) / len;
        const mx = (a[0] + b[0]) / 2;
        const my = (a[1] + b[1]) / 2;
        for (const s of [-3.5, 3.5]) {
            const cx = mx + ux * s;
            const cy = my + uy * s;
            g.append(svgEl('line', {
                class: 'lt-dau-cat',
                x1: cx - uy * 9, y1: cy + ux * 9, x2: cx + uy * 9, y2: cy - ux * 9,
            }));
        }
        g.append(svgEl('polyline', { class: 'lt-canh-bam', points: line }));
        const toggle = () => {
            const i = selected.indexOf(edge.child);
            if (i >= 0) {
                selected.splice(i, 1);
            } else {
                selected.push(edge.child);
            }
            updateChosen();
        };
        // Chuột và ngón tay: tapEdge (nhánh gần nhất); bàn phím: Enter hay dấu cách.
        toggles.set(edge.child, toggle);
        g.addEventListener('keydown', e => {
            if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                e.stopPropagation();
                toggle();
            }
        });
        return g;
    }

    function updateChosen() {
        for (const g of figure.querySelectorAll('.lt-canh')) {
            const on = selected.includes(g.getAttribute('data-child'));
            g.classList.toggle('lt-chon-cat', on);
            g.setAttribute('aria-pressed', on ? 'true' : 'false');
        }
        chosen.textContent = selected.length
            ? 'Bạn chọn cắt: ' + selected.join(', ') + '.'
            : 'Chưa chọn nhánh nào (bấm vào một nhánh để đánh dấu cắt; bấm lại để bỏ).';
    }

    // --- Chấm: bộ chấm của thư viện viết lời nhận xét, trang chỉ hiện nó ---------

    // Chấm các nhánh `picks` của thẻ `card` khi đã sai `wrongBefore` lần, ở nơi đã
    // tính thẻ trước (trình chạy hay mô-đun), rồi ở nơi kia; null nếu không nơi
    // nào trả lời.
    async function grade(card, picks, wrongBefore) {
        const atRunner = async () => {
            for (let attempt = 1; ; attempt++) {
                try {
                    return await askRunner('luyen-tap/cham', {
                        seed: card.seed, level: card.level, algorithm: card.algorithm,
                        selected: picks, wrong: wrongBefore,
                    });
                } catch (e) {
                    // Lớp học: máy này xin quá nhanh, hay trình chạy đang bận: thử lại.
                    if ((e.status === 429 || e.status === 503) && attempt <= 5) {
                        await sleep(Math.min(Math.max(e.retryAfter || 2, 1), 10) * 1000);
                        continue;
                    }
                    throw e;
                }
            }
        };
        const inModule = () => (window.caytrochoi
            ? window.caytrochoi.clickGrade(card.seed, card.level, card.algorithm, picks, wrongBefore)
            : Promise.reject(new Error('')));
        const order = currentFromRunner ? [atRunner, inModule] : [inModule, atRunner];
        for (const place of order) {
            if (place === atRunner && !runner) {
                continue;
            }
            try {
                const r = await place();
                if (r && typeof r.message === 'string') {
                    return r;
                }
            } catch (e) { /* hỏi nơi kia */ }
        }
        return null;
    }

    function showSolution() {
        solution.replaceChildren();
        solution.append(el('h4', '', current.solutionHead));
        const answer = el('p', 'lt-dap-an');
        answer.append(el('b', '', 'Đáp án: '), document.createTextNode(current.solutionAnswer));
        const pic = el('div', 'lt-hinh lt-hinh-loi-giai');
        pic.innerHTML = current.solutionSvg;
        const svg = pic.querySelector('svg');
        if (svg) {
            svg.removeAttribute('width');
            svg.removeAttribute('height');
        }
        const steps = el('ol', 'lt-buoc');
        for (const s of current.solutionSteps) {
            steps.append(el('li', '', s));
        }
        solution.append(answer, pic, steps);
        solution.hidden = false;
    }

    // Mỗi lần bấm "Kiểm tra" chấm đúng các nhánh đang chọn lúc bấm, lần lượt: lần
    // sau gửi số lần sai mà lời chấm trước trả về.
    let checking = Promise.resolve();
    checkButton.addEventListener('click', () => {
        if (!current) {
            return;
        }
        const card = current;
        const picks = selected.slice();
        checking = checking.then(async () => {
            const r = await grade(card, picks, wrong);
            if (card !== current) {
                return; // người học đã mở một cây khác
            }
            if (!r) {
                status.textContent = 'Chưa chấm được lần này (mô-đun WebAssembly và trình chạy ' +
                    'đều không trả lời). Bấm "Kiểm tra" lần nữa.';
                return;
            }
            wrong = r.wrong;
            feedback.hidden = false;
            feedback.className = 'lt-nhan-xet ' + (r.right ? 'lt-dung' : 'lt-sai');
            feedback.textContent = r.message;
            if (r.solution) {
                showSolution();
            }
            graded += 1;
            app.dataset.graded = String(graded);
        });
    });
    clearButton.addEventListener('click', () => {
        selected = [];
        updateChosen();
    });
    solutionButton.addEventListener('click', () => {
        if (current) {
            showSolution();
        }
    });

    function nextSeed() {
        return 1 + Math.floor(Math.random() * 999999);
    }
    newButton.addEventListener('click', () => load(nextSeed()));
    loadButton.addEventListener('click', () => {
        const s = parseInt(seedInput.value, 10);
        load(Number.isFinite(s) && s > 0 ? s : 1);
    });
    seedInput.addEventListener('keydown', e => {
        e.stopPropagation(); // phím tắt của mdBook không chạy khi đang gõ
        if (e.key === 'Enter') {
            loadButton.click();
        }
    });
    levelSel.addEventListener('change', () => load(current ? current.seed : 1));
    algSel.addEventListener('change', () => load(current ? current.seed : 1));

    load(1);
})();

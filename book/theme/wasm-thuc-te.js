// Khung của chương 7 (tìm kiếm thực tế), dựng trên API window.caytrochoi
// (wasm-api.js): người học chọn một thế cờ (carô hay Dodgem 3×3) rồi xem
//   - sâu dần + bảng chuyển vị đầy dần từng vòng: số nút, số lần tra thấy, số lần
//     bảng trả lời ngay, số mục trong bảng, giá trị và nước tốt nhất mỗi độ sâu;
//   - MCTS lớn dần khi số lần chơi thử tăng: số lần thăm và tỉ lệ điểm (hòa ½) của
//     mỗi nước ở gốc, hạt giống cố định.
// Mọi con số là JSON của đúng lệnh dòng lệnh in dưới bảng (`tictactoe --search …
// --board …` hay `dodgem search …`), chạy trong mô-đun WebAssembly của sách.
//
// Trong chương: <div class="ctc-thuc-te" data-part="sau-dan"></div> (hoặc
// data-part="mcts").
'use strict';

(function caytrochoiChapter7() {
    const api = () => window.caytrochoi;
    const { el, option } = window.caytrochoiDom; // wasm-dom.js
    const labelled = (text, input) => window.caytrochoiDom.labelled(text, input, 'ctc-nhan');
    // Phím gõ trong ô nhập và thanh trượt không kích hoạt phím tắt của mdBook
    // (mũi tên trái/phải = sang trang).
    const keepKeys = input => input.addEventListener('keydown', e => e.stopPropagation());
    function latest() {
        let n = 0;
        return () => {
            const mine = ++n;
            return () => mine === n;
        };
    }
    const fmt = v => (v === 'inf' ? '+∞' : v === '-inf' ? '−∞' :
        typeof v === 'number' && v < 0 ? '−' + (-v) : String(v));
    const group = n => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    const percent = x => (Math.round(x * 1000) / 10).toString().replace('.', ',') + ' %';
    // Lệnh in lại cho người học chép vào cửa sổ dòng lệnh (bàn cờ trong dấu nháy).
    const shell = args => 'caytrochoi ' + args.map(a => (/^[\w.-]+$/.test(a) ? a : "'" + a + "'"))
        .join(' ') + ' --json';

    // Các thế cờ có sẵn: [tên, bàn cờ, bên đến lượt (Dodgem)].
    const POSITIONS = {
        caro: [
            ['bàn trống, X đi', '.../.../...'],
            ['X ở giữa, O ở góc; X đi', 'O../.X./...'],
            ['X ở góc, O ở giữa; X đi', 'X../.O./...'],
            ['O phải chặn ô 2', 'X.X/.O./...'],
            ['X thắng ngay ở ô 3', 'XX./OO./...'],
        ],
        dodgem: [
            ['thế đầu, Đen đi', 'D../D../.TT', 'den'],
            ['thế đầu, Trắng đi', 'D../D../.TT', 'trang'],
            ['giữa ván, Trắng đi', 'D../.T./D.T', 'trang'],
            ['ví dụ 75 điểm của bài giảng, Đen đi', 'D../.../DTT', 'den'],
        ],
    };
    const DEPTHS = { caro: [9, 9], dodgem: [20, 12] }; // [độ sâu lớn nhất, mặc định]
    const PLAYOUTS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000];

    function chapter7(host) {
        host.classList.add('ctc-khung');
        const part = host.dataset.part === 'mcts' ? 'mcts' : 'sau-dan';
        const head = el('p', 'ctc-tieu-de', part === 'mcts'
            ? 'Tự thử: MCTS lớn dần theo số lần chơi thử'
            : 'Tự thử: sâu dần làm đầy bảng chuyển vị, từng vòng');
        const game = el('select', 'ctc-tro-choi');
        game.append(option('caro', 'carô 3×3'), option('dodgem', 'Dodgem 3×3'));
        const preset = el('select', 'ctc-the-co');
        const board = el('input', 'ctc-ban-co-chu');
        board.spellcheck = false;
        board.size = 13;
        keepKeys(board);
        const side = el('select', 'ctc-ben-di');
        side.append(option('den', 'Đen'), option('trang', 'Trắng'));
        const sideLabel = labelled('Đến lượt', side);
        const go = el('button', 'ctc-tinh', 'Tính');
        const controls = el('div', 'ctc-dieu-khien');
        controls.append(labelled('Trò chơi', game), labelled('Thế cờ', preset),
            labelled('Bàn cờ', board), sideLabel);
        const how = el('p', 'ctc-cach-viet');
        const knobs = el('div', 'ctc-dieu-khien');
        const depth = el('select', 'ctc-do-sau');
        const seed = el('input', 'ctc-hat-giong');
        seed.inputMode = 'numeric';
        seed.size = 6;
        seed.value = '1';
        keepKeys(seed);
        if (part === 'mcts') {
            knobs.append(labelled('Hạt giống', seed), go);
        } else {
            knobs.append(labelled('Độ sâu của vòng cuối', depth), go);
        }
        // Bước: vòng 1 … D (sâu dần) hay mốc số lần chơi thử (MCTS).
        const stepBar = el('div', 'ctc-buoc-dieu-khien');
        const prev = el('button', 'ctc-truoc', part === 'mcts' ? '◀ Ít hơn' : '◀ Vòng trước');
        const next = el('button', 'ctc-sau', part === 'mcts' ? 'Nhiều hơn ▶' : 'Vòng sau ▶');
        const slider = el('input', 'ctc-thanh');
        slider.type = 'range';
        slider.min = part === 'mcts' ? '0' : '1';
        slider.setAttribute('aria-label', part === 'mcts' ? 'Số lần chơi thử' : 'Vòng (độ sâu)');
        keepKeys(slider);
        const stepNo = el('span', 'ctc-so-buoc');
        stepNo.setAttribute('aria-live', 'polite');
        stepBar.append(prev, slider, next, stepNo);
        stepBar.hidden = true;
        const error = el('pre', 'ctc-loi');
        error.hidden = true;
        error.setAttribute('role', 'alert');
        const sentence = el('p', 'ctc-cau');
        sentence.setAttribute('aria-live', 'polite');
        const frame = el('div', 'ctc-bang-khung');
        frame.tabIndex = 0;
        frame.setAttribute('role', 'group');
        frame.setAttribute('aria-label', 'Bảng kết quả (cuộn ngang được khi rộng hơn khung)');
        // Bàn cờ trong ô đã khác bàn cờ của bảng đang hiện: bảng mờ đi, câu này nói
        // vì sao (như khung xem cây, wasm-widgets.js).
        const stale = el('p', 'ctc-cu-ghi-chu',
            'Bàn cờ trong ô đã đổi: bảng bên dưới là của thế cờ trước. Bấm "Tính" (hoặc Enter) để tính thế mới.');
        stale.hidden = true;
        let shownBoard = null;
        function markStale() {
            const old = shownBoard !== null && board.value.trim() !== shownBoard;
            host.classList.toggle('ctc-cu', old);
            stale.hidden = !old;
        }
        function shown(b) {
            shownBoard = b;
            markStale();
        }
        const command = el('p', 'ctc-trang-thai', 'Đang nạp mô-đun WebAssembly…');
        command.setAttribute('role', 'status');
        host.replaceChildren(head, controls, how, knobs, error, stale, stepBar, sentence, frame, command);

        function fillPresets() {
            const g = game.value;
            preset.replaceChildren(...POSITIONS[g].map((p, i) => option(String(i), p[0])),
                option('tu-go', '(bàn cờ tự gõ)'));
            sideLabel.hidden = g !== 'dodgem';
            depth.replaceChildren();
            for (let d = 1; d <= DEPTHS[g][0]; d++) {
                depth.append(option(String(d), String(d)));
            }
            depth.value = String(DEPTHS[g][1]);
            how.replaceChildren(...(g === 'caro'
                ? ['Bàn cờ: ba hàng từ trên xuống, ngăn bằng ', el('code', '', '/'), '; ',
                    el('code', '', 'X'), ', ', el('code', '', 'O'), ', ', el('code', '', '.'),
                    ' (ô trống). Ô đánh số 1…9 từ trái sang phải, từ trên xuống. ' +
                    'X đi khi hai bên có số quân bằng nhau. Giá trị theo X: 1 X thắng, 0 hòa, −1 O thắng.']
                : ['Bàn cờ: các hàng từ trên xuống, ngăn bằng ', el('code', '', '/'), '; ',
                    el('code', '', 'D'), ' xe Đen, ', el('code', '', 'T'), ' xe Trắng, ',
                    el('code', '', '.'), ' ô trống. Giá trị theo Trắng (MAX): hàm lượng giá của ' +
                    'bài giảng ở độ sâu giới hạn, ±1000 khi ván kết thúc trong tầm nhìn.']));
            pick();
        }
        function pick() {
            const p = POSITIONS[game.value][Number(preset.value)];
            if (p) {
                board.value = p[1];
                if (p[2]) {
                    side.value = p[2];
                }
            }
        }

        let result = null; // sâu dần: JSON của lệnh; MCTS: {query, cache: {số lần: JSON}}
        const ticket = latest();
        function question() {
            return { game: game.value, board: board.value.trim(), side: side.value,
                depth: Number(depth.value), seed: seed.value.trim() || '1' };
        }
        function fail(e) {
            result = null;
            stepBar.hidden = true;
            sentence.textContent = '';
            frame.replaceChildren();
            delete host.dataset.query;
            command.textContent = '';
            shown(null);
            error.hidden = false;
            error.textContent = e && e.message ? e.message : String(e);
        }

        // --- Sâu dần: một lệnh, các vòng hiện dần ---------------------------------
        async function deepen() {
            const mine = ticket();
            const q = question();
            error.hidden = true;
            command.textContent = 'Đang tính…';
            try {
                const r = await api().deepen(q.game, q.board, q.side, q.depth);
                if (!mine()) {
                    return;
                }
                const args = api().chapter7Args(q.game, q.board, q.side, 'id-tt', { depth: q.depth });
                result = { r, args };
                shown(q.board);
                slider.max = String(r.iterations.length);
                stepBar.hidden = false;
                command.replaceChildren('Cùng con số với lệnh ', el('code', '', shell(args)),
                    ' (mô-đun WebAssembly của sách chạy đúng lệnh ấy).');
                showRound(1);
            } catch (e) {
                if (mine()) {
                    fail(e);
                }
            }
        }
        function showRound(k) {
            if (!result) {
                return;
            }
            const { r, args } = result;
            const rounds = r.iterations;
            k = Math.max(1, Math.min(rounds.length, k));
            slider.value = String(k);
            prev.disabled = k === 1;
            next.disabled = k === rounds.length;
            stepNo.textContent = 'Vòng ' + k + '/' + rounds.length;
            const last = rounds[k - 1];
            const most = Math.max(1, ...rounds.map(i => i.table_entries));
            const table = el('table', 'ctc-bang-vong');
            const headRow = el('tr');
            for (const h of ['Độ sâu', 'Số nút', 'Tra thấy', 'Trả lời ngay', 'Mục trong bảng',
                'Giá trị', 'Nước tốt nhất']) {
                const th = el('th', '', h);
                th.scope = 'col';
                headRow.append(th);
            }
            const thead = el('thead');
            thead.append(headRow);
            const tbody = el('tbody');
            for (const i of rounds.slice(0, k)) {
                const tr = el('tr');
                tr.dataset.depth = String(i.depth);
                const bar = el('span', 'ctc-vach');
                bar.style.width = (100 * i.table_entries / most).toFixed(1) + '%';
                const entries = el('td', 'ctc-so-muc');
                entries.append(el('span', '', group(i.table_entries)), bar);
                tr.append(el('td', '', String(i.depth)), el('td', '', group(i.nodes)),
                    el('td', '', group(i.table_hits)), el('td', '', group(i.table_cutoffs)), entries,
                    el('td', '', fmt(i.value)), el('td', '', i.best_move || '—'));
                if (i === last) {
                    tr.className = 'ctc-dang-xem';
                }
                tbody.append(tr);
            }
            table.append(thead, tbody);
            frame.replaceChildren(table);
            const total = rounds.slice(0, k).reduce((s, i) => s + i.nodes, 0);
            sentence.textContent = 'Vòng độ sâu ' + k + ': xét ' + group(last.nodes) + ' nút, tra bảng thấy ' +
                group(last.table_hits) + ' lần (bảng trả lời ngay ' + group(last.table_cutoffs) +
                ' lần); bảng có ' + group(last.table_entries) + ' mục. Giá trị ' + fmt(last.value) +
                (last.best_move ? ', nước ' + last.best_move : '') + '. Cộng dồn vòng 1…' + k + ': ' +
                group(total) + ' nút.';
            host.dataset.query = args.join(' ');
            host.dataset.step = String(k);
        }

        // --- MCTS: mỗi mốc số lần chơi thử là một lệnh, cùng hạt giống ---------------
        async function grow(index) {
            const q = question();
            const query = api().chapter7Args(q.game, q.board, q.side, 'mcts', { playouts: 0, seed: q.seed })
                .join(' ');
            if (!result || result.query !== query) {
                result = { query, q, cache: new Map() };
            }
            index = Math.max(0, Math.min(PLAYOUTS.length - 1, index));
            slider.value = String(index);
            prev.disabled = index === 0;
            next.disabled = index === PLAYOUTS.length - 1;
            const n = PLAYOUTS[index];
            stepNo.textContent = group(n) + ' lần chơi thử';
            const mine = ticket();
            error.hidden = true;
            try {
                let r = result.cache.get(n);
                if (!r) {
                    r = await api().mcts(q.game, q.board, q.side, n, q.seed);
                    if (!mine()) {
                        return;
                    }
                    result.cache.set(n, r);
                }
 stepBar.hidden = false;
                shown(q.board);
                showMcts(r, api().chapter7Args(q.game, q.board, q.side, 'mcts', { playouts: n, seed: q.seed }));
            } catch (e) {
                if (mine()) {
                    fail(e);
                }
            }
        }
        function showMcts(r, args) {
            // Thứ tự cố định (theo nước, không theo số lần thăm) để thấy từng cột lớn dần.
            const key = m => (m.move !== undefined ? String(m.move).padStart(2, '0') : m.name);
            const moves = r.moves.slice().sort((a, b) => (key(a) < key(b) ? -1 : 1));
            const table = el('table', 'ctc-bang-vong');
            const headRow = el('tr');
            for (const h of ['Nước', 'Số lần thăm', 'Tỉ lệ điểm (hòa ½)']) {
                const th = el('th', '', h);
                th.scope = 'col';
                headRow.append(th);
            }
            const thead = el('thead');
            thead.append(headRow);
            const tbody = el('tbody');
            for (const m of moves) {
                const tr = el('tr');
                tr.dataset.move = m.name;
                const visits = el('td', 'ctc-so-muc');
                const bar = el('span', 'ctc-vach');
                bar.style.width = (100 * m.visits / r.playouts).toFixed(1) + '%';
                visits.append(el('span', '', group(m.visits)), bar);
                tr.append(el('td', '', m.name + (m.name === r.best_move ? ' ★' : '')), visits,
                    el('td', '', percent(m.wins / m.visits)));
                if (m.name === r.best_move) {
                    tr.className = 'ctc-dang-xem';
                }
                tbody.append(tr);
            }
            table.append(thead, tbody);
            frame.replaceChildren(table);
            sentence.textContent = r.best_move
                ? 'Sau ' + group(r.playouts) + ' lần chơi thử (hạt giống ' + r.seed + '): ' + r.moves.length +
                    ' nước ở gốc đã được thử; máy chọn ' + r.best_move + ' ★, nước được thăm nhiều nhất. ' +
                    'Cây MCTS có ' + group(r.tree_nodes) + ' nút.'
                : 'Thế cờ đã kết thúc: không còn nước nào để thử.';
            command.replaceChildren('Cùng con số với lệnh ', el('code', '', shell(args)),
                '. Cùng hạt giống, n lần chơi thử đầu tiên của mọi lần chạy là một: mốc sau chỉ thêm lần chơi thử.');
            host.dataset.query = args.join(' ');
            host.dataset.step = String(r.playouts);
        }

        const compute = () => (part === 'mcts' ? grow(Number(slider.value)) : deepen());
        game.addEventListener('change', () => {
            fillPresets();
            compute();
        });
        preset.addEventListener('change', () => {
            pick();
            compute();
        });
        board.addEventListener('input', () => {
            preset.value = 'tu-go';
            markStale();
        });
        side.addEventListener('change', compute);
        depth.addEventListener('change', compute);
        go.addEventListener('click', compute);
        for (const box of [board, seed]) {
            box.addEventListener('keydown', e => {
                if (e.key === 'Enter') {
                    compute();
                }
            });
        }
        const move = d => (part === 'mcts' ? grow(Number(slider.value) + d) : showRound(Number(slider.value) + d));
        prev.addEventListener('click', () => move(-1));
        next.addEventListener('click', () => move(1));
        slider.addEventListener('input', () => move(0));
        if (part === 'mcts') {
            slider.max = String(PLAYOUTS.length - 1);
            slider.value = String(PLAYOUTS.indexOf(100));
        }
        fillPresets();
        api().ready.then(() => {
            command.textContent = '';
            compute();
        }, fail);
    }

    let count = 0;
    function mount() {
        if (!api()) {
            return;
        }
        document.querySelectorAll('.ctc-thuc-te').forEach(host => {
            host.id = host.id || 'khung-thuc-te-' + (++count);
            host.dataset.label = 'khung sâu dần và MCTS';
            chapter7(host);
        });
    }
    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', mount);
    } else {
        mount();
    }
})();

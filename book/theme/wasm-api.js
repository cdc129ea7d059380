// API JavaScript của sách tương tác: `window.caytrochoi`, giống nhau trên mọi
// trang. Mọi phép tính chạy trong mô-đun WebAssembly của crate (make wasm), trong
// một Web Worker: trang không bao giờ bị đơ; stop() dừng phép tính đang chạy
// (kết thúc Worker và mở một Worker mới). Không cần mạng, không cần trình chạy.
//
//   await caytrochoi.ready                      // mô-đun đã nạp ({ms})
//   await caytrochoi.evaluate(cay, 'cat-tia', {order, trace, depth, root})
//        // = caytrochoi alphabeta --variant cat-tia --tree CÂY --json
//        //   ('minimax' = caytrochoi minimax --tree CÂY --json)
//   await caytrochoi.walk(cay, thuatToan, order)     // {steps, walk: [câu], svg}
//   await caytrochoi.step(cay, thuatToan, order, k)  // {svg} sau k bước
//   await caytrochoi.practiceCard(chuong, muc, hatGiong)   // bài luyện tập chương 1…7
//   await caytrochoi.practiceGrade(chuong, muc, hatGiong, traLoi, soLanSai)
//   await caytrochoi.clickCard(hatGiong, muc, thuatToan) // thẻ "bấm nhánh bị cắt"
//   await caytrochoi.clickGrade(hatGiong, muc, thuatToan, [nhãn], soLanSai)
//        // lời chấm đã viết xong: {right, message, level, solution, wrong}
//   await caytrochoi.dodgemMove(banCo, 'den'|'trang', doSau)
//        // = caytrochoi dodgem eval --board B --to-move S --depth D --json
//   await caytrochoi.dodgemState({size, rule, first, human}, [nước])
//   await caytrochoi.dodgemComputer({size, rule, first, depth}, [nước])
//   await caytrochoi.grundy('boc-soi', ['3', '4'])
//        // = caytrochoi grundy boc-soi 3 4 --json
//   await caytrochoi.grundyTurn('boc-soi', 3, 4)  // mọi nước, G sau mỗi nước, nước của máy
//   await caytrochoi.grundyTurn('nim', [7, 9, 12]) // thế = các đối số của `caytrochoi grundy nim …`
//        // (boc-soi, hau, nim, dam, nim-chia, socola); mỗi nước có `to`: thế sau nước
//   await caytrochoi.grundyFigure('hau', 4, 5)     // {svg}: bàn G(p, q) (hoặc dãy G của mã bát phân)
//   await caytrochoi.deepen('caro'|'dodgem', banCo, 'den'|'trang', doSau)
//        // = caytrochoi tictactoe --search id-tt --board B --depth D --json
//        //   (Dodgem: caytrochoi dodgem search --search id-tt --board B --to-move S --depth D --json)
//   await caytrochoi.mcts('caro'|'dodgem', banCo, 'den'|'trang', soLanChoiThu, hatGiong)
//        // = … --search mcts --playouts N --seed S --json
//   caytrochoi.chapter7Args(troChoi, banCo, benDi, 'id-tt'|'mcts', {depth, playouts, seed})
//        // các đối số của lệnh ấy (không kể --json), để trang in lại đúng lệnh
//   await caytrochoi.run(['tictactoe', '--json'])  // {code, stdout, stderr}
//   caytrochoi.stop()
//
// Lỗi (đầu vào sai, vượt giới hạn, đã dừng, lỗi bên trong mô-đun) là một Error
// mang câu tiếng Việt; lỗi đầu vào nói rõ dòng và cột như dòng lệnh.
'use strict';

(function caytrochoiApi() {
    if (window.caytrochoi) {
        return;
    }
    const root = typeof path_to_root === 'string' ? path_to_root : '';
    const NOT_BUILT = 'Chưa có mô-đun WebAssembly của sách (tệp wasm/mo-dun.js). ' +
        'Người dựng sách chạy: make wasm (hoặc make sach-tinh).';

    // Nạp tệp mô-đun (một thẻ <script>: được cả với file://).
    const source = new Promise((resolve, reject) => {
        if (window.CAYTROCHOI_WORKER) {
            resolve(window.CAYTROCHOI_WORKER);
            return;
        }
        const s = document.createElement('script');
        s.src = root + 'wasm/mo-dun.js';
        s.async = true;
        s.onload = () => (window.CAYTROCHOI_WORKER
            ? resolve(window.CAYTROCHOI_WORKER) : reject(new Error(NOT_BUILT)));
        s.onerror = () => reject(new Error(NOT_BUILT));
        document.head.appendChild(s);
    });

    let worker = null;
    let workerReady = null;
    let nextId = 1;
    const pending = new Map();

    function failAll(message) {
        for (const p of pending.values()) {
            p.reject(new Error(message));
        }
        pending.clear();
    }

    function startWorker() {
        workerReady = source.then(src => new Promise((resolve, reject) => {
            const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
            const w = new Worker(url);
            worker = w;
            w.onmessage = (event) => {
                const m = event.data;
                if (m.type === 'ready') {
                    URL.revokeObjectURL(url);
                    resolve({ ms: m.ms });
                    return;
                }
                if (m.type === 'failed') {
                    reject(new Error('Không nạp được mô-đun WebAssembly: ' + m.message));
                    return;
                }
                const p = pending.get(m.id);
                if (!p) {
                    return;
                }
                pending.delete(m.id);
                if (m.ok) {
                    p.resolve(m.result);
                } else {
                    // Mô-đun đã dừng giữa chừng (panic, hết bộ nhớ): trạng thái của
                    // nó không còn dùng được nữa, nên mở một Worker mới.
                    p.reject(new Error('Mô-đun gặp lỗi bên trong và đã được khởi động lại (' +
                        m.trap + '). Hãy thử lại, hoặc thử một đầu vào nhỏ hơn.'));
                    restart();
                }
            };
            w.onerror = (event) => {
                event.preventDefault();
                reject(new Error('Web Worker lỗi: ' + (event.message || 'không rõ')));
            };
        }));
        workerReady.catch(() => {});
        return workerReady;
    }

    function restart() {
        if (worker) {
            worker.terminate();
        }
        worker = null;
        startWorker();
    }

    // Một lời gọi vào mô-đun: trả về chuỗi kết quả (JSON) của hàm Rust `fn`.
    // `encode`: các vị trí trong `args` mà Worker tự viết thành chuỗi JSON trước
    // khi gọi — trang không phải viết (và chép) một chuỗi lớn như cây một triệu
    // nút trên luồng chính.
    async function call(fn, args, encode) {
        await workerReady;
        return new Promise((resolve, reject) => {
            const id = nextId++;
            pending.set(id, { resolve, reject });
            worker.postMessage({ id, fn, args, encode: encode || [] });
        });
    }

    // Kết quả JSON; {"error": …} thành một Error tiếng Việt.
    async function callJson(fn, args, encode) {
        const v = JSON.parse(await call(fn, args, encode));
        if (v && typeof v === 'object' && !Array.isArray(v) && typeof v.error === 'string') {
            throw new Error(v.error);
        }
        return v;
    }

    // Một lệnh `caytrochoi …`: {code, stdout, stderr}. Mảng đối số đi nguyên sang
    // Worker, Worker viết nó thành JSON (kiểm tra giới hạn cũng ở đó, trong mô-đun).
    function run(args) {
        return callJson('cli', [args.map(String)], [0]);
    }

    // Một lệnh `… --json`: đối tượng JSON mà dòng lệnh in ra; mã thoát 2 thành
    // một Error với đúng câu "Lỗi: …" của dòng lệnh.
    async function runJson(args) {
        const r = await run(args.concat(['--json']));
        if (r.code !== 0) {
            throw new Error(r.stderr.trim().replace(/^Lỗi: /, ''));
        }
        return JSON.parse(r.stdout);
    }

    function searchArgs(treeText, algorithm, opts) {
        const o = opts || {};
        const args = algorithm === 'minimax'
            ? ['minimax']
            : ['alphabeta', '--variant', algorithm];
        if (o.order && algorithm !== 'minimax') {
            args.push('--order');
        }
        if (o.trace) {
            args.push('--trace');
        }
        if (o.depth !== undefined && o.depth !== null && o.depth !== '') {
            args.push('--depth', String(o.depth));
        }
        if (o.root) {
            args.push('--root', o.root);
        }
        args.push('--tree', String(treeText));
        return args;
    }

    // Lệnh của chương 7 từ một thế cờ: carô (bên đến lượt suy từ số quân) hay
    // Dodgem (bên đến lượt cho trước).
    function chapter7Args(game, board, toMove, method, opts) {
        const o = opts || {};
        const args = game === 'dodgem'
            ? ['dodgem', 'search', '--search', method, '--board', String(board),
                '--to-move', toMove || 'den']
            : ['tictactoe', '--search', method, '--board', String(board)];
        if (method === 'id-tt') {
            args.push('--depth', String(o.depth));
        } else {
            args.push('--playouts', String(o.playouts), '--seed', String(o.seed));
        }
        return args;
    }

    startWorker();

    window.caytrochoi = {
        // Lời hứa: mô-đun đã nạp xong trong Worker ({ms}: thời gian nạp).
        get ready() {
            return workerReady;
        },
        run,
        evaluate: (treeText, algorithm, opts) => runJson(searchArgs(treeText, algorithm, opts)),
        walk: (treeText, algorithm, order) =>
            callJson('tree_walk', [String(treeText), algorithm, !!order]),
        step: (treeText, algorithm, order, k) =>
            callJson('tree_step', [String(treeText), algorithm, !!order, k >>> 0]),
        practiceCard: (chapter, level, seed) =>
            callJson('practice_card', [chapter >>> 0, level, String(seed)]),
        practiceGrade: (chapter, level, seed, answer, wrongBefore) =>
            callJson('practice_grade', [chapter >>> 0, level, String(seed), String(answer),
                (wrongBefore || 0) >>> 0]),
        clickCard: (seed, level, algorithm) =>
            callJson('click_card', [String(seed), level, algorithm || 'cat-tia']),
        clickGrade: (seed, level, algorithm, selected, wrongBefore) =>
            callJson('click_grade', [String(seed), level, algorithm || 'cat-tia',
                JSON.stringify(selected || []), (wrongBefore || 0) >>> 0]),
        dodgemMove: (board, toMove, depth) => runJson(['dodgem', 'eval', '--board', String(board),
            '--to-move', toMove || 'den', '--depth', String(depth || 4)]),
        dodgemState: (cfg, moves) => callJson('dodgem_state', [cfg.size >>> 0, cfg.rule || 'vn',
            cfg.first || 'den', cfg.human || 'den', JSON.stringify(moves || [])]),
        dodgemComputer: (cfg, moves) => callJson('dodgem_computer', [cfg.size >>> 0,
            cfg.rule || 'vn', cfg.first || 'den', (cfg.depth || 4) >>> 0, JSON.stringify(moves || [])]),
        chapter7Args,
        deepen: (game, board, toMove, depth) =>
            runJson(chapter7Args(game, board, toMove, 'id-tt', { depth })),
        mcts: (game, board, toMove, playouts, seed) =>
            runJson(chapter7Args(game, board, toMove, 'mcts', { playouts, seed })),
        grundy: (game, params) => runJson(['grundy', String(game)].concat((params || []).map(String))),
        grundyTurn: (game, ...position) => callJson('grundy_turn',
            [String(game), JSON.stringify(position.flat().map(String))]),
        grundyFigure: (game, a, b) => callJson('grundy_figure', [String(game), String(a), String(b)]),
        // Tự kiểm tra: mô-đun cố ý panic; lời hứa bị từ chối với câu tiếng Việt.
        panicCheck: () => call('panic_check', []),
        // Dừng mọi phép tính đang chạy: kết thúc Worker, mở Worker mới.
        stop() {
            failAll('Đã dừng.');
            restart();
        },
    };
})();

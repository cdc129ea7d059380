// Mô-đun WebAssembly (đúng tệp .wasm mà sách dùng, nạp bằng cùng lớp nối
// book/wasm/abi.js như Web Worker của trang) so với thư viện chạy trên máy: mỗi
// dòng của tệp phép thử (examples/wasm_parity.rs) cho tên hàm, đối số và chuỗi
// JSON mà thư viện trên máy trả về; mô-đun phải trả về đúng chuỗi ấy.
//
//   node tests/wasm/parity.js target/wasm/wasm32-unknown-unknown/release/caytrochoi.wasm \
//       target/wasm/parity.jsonl
'use strict';

const fs = require('fs');
const path = require('path');
const caytrochoiModule = require(path.join(__dirname, '..', '..', 'book', 'wasm', 'abi.js'));

const [modulePath, casesPath] = process.argv.slice(2);
const wasm = caytrochoiModule(fs.readFileSync(modulePath), () => performance.now());
const lines = fs.readFileSync(casesPath, 'utf8').split('\n').filter(l => l.trim());
const counts = {};
const grundyGames = new Set();
const turnGames = new Set();
let failed = 0;
// Lệnh có đo thời gian ("timed": tictactoe --search): mọi thứ phải giống hệt,
// trừ số giây (JSON: trường `seconds`; chữ: dòng "Thời gian: … ms").
function untimed(text) {
    const r = JSON.parse(text);
    if (r.stdout && r.stdout.startsWith('{')) {
        const out = JSON.parse(r.stdout);
        out.seconds = 0;
        r.stdout = JSON.stringify(out);
    } else if (r.stdout) {
        r.stdout = r.stdout.replace(/Thời gian: [0-9.]+ ms/g, 'Thời gian: … ms');
    }
    return JSON.stringify(r);
}
let timed = 0;
// Khung của chương 7 (book/theme/wasm-thuc-te.js): sâu dần và MCTS từ một thế cờ,
// carô (`tictactoe --search … --board`) và Dodgem (`dodgem search`).
const widget7 = { caro: 0, dodgem: 0 };
for (const [i, line] of lines.entries()) {
    const c = JSON.parse(line);
    let got = wasm.call(c.fn, c.args);
    if (c.timed) {
        timed++;
        got = untimed(got);
        c.expected = untimed(c.expected);
    }
    counts[c.fn] = (counts[c.fn] || 0) + 1;
    if (c.fn === 'cli') {
        const args = JSON.parse(c.args[0]);
        if (args[0] === 'grundy') {
            grundyGames.add(args[1]);
        } else if (args[0] === 'tictactoe' && args.includes('--board')) {
            widget7.caro++;
        } else if (args[0] === 'dodgem' && args[1] === 'search') {
            widget7.dodgem++;
        }
    } else if (c.fn === 'grundy_turn') {
        turnGames.add(c.args[0]);
    }
    if (got !== c.expected) {
        failed++;
        if (failed <= 5) {
            console.log('KHÁC ở phép thử ' + (i + 1) + ' (' + c.fn + ' ' +
                JSON.stringify(c.args).slice(0, 200) + '):');
            console.log('  máy:  ' + c.expected.slice(0, 300));
            console.log('  wasm: ' + got.slice(0, 300));
        }
    }
}
console.log('parity: ' + lines.length + ' phép thử (' + Object.entries(counts)
    .map(([k, v]) => k + ' ' + v).join(', ') + '; khung chương 7: carô ' + widget7.caro + ', Dodgem ' +
    widget7.dodgem + '), ' + failed + ' khác');
// Mọi trò chơi của bài giảng phải có trong phép thử: phân tích (lệnh grundy) và
// chơi với máy (grundy_turn).
const lecture = ['boc-soi', 'chuyen-soi', 'dam', 'to-mau', 'socola', 'hau', 'nim', 'nim-chia', 'octal'];
const missing = lecture.filter(g => !grundyGames.has(g))
    .concat(lecture.filter(g => !turnGames.has(g)).map(g => 'chơi ' + g));
if (missing.length) {
    console.log('thiếu phép thử Grundy cho: ' + missing.join(', '));
}
if (timed < 10) {
    console.log('thiếu phép thử tictactoe --search (có đo thời gian)');
}
if (widget7.caro < 20 || widget7.dodgem < 20) {
    console.log('thiếu phép thử cho khung của chương 7: carô ' + widget7.caro + ', Dodgem ' + widget7.dodgem);
}
if (failed || missing.length || lines.length < 2000 || timed < 10 || widget7.caro < 20 ||
    widget7.dodgem < 20) {
    process.exit(1);
}

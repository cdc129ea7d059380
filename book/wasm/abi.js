// Phía JavaScript của lớp nối với mô-đun WebAssembly của caytrochoi (phía Rust:
// src/wasm/, xem lời đầu của src/wasm/mod.rs). Dùng chung cho Web Worker của
// trang (book/wasm/pack.py ghép tệp này trước book/wasm/worker.js) và cho kiểm
// thử chạy bằng Node (tests/wasm/parity.js: require).
//
//   const mod = caytrochoiModule(bytes, () => performance.now());
//   mod.call('tree_walk', ['A(B:1, C:2)', 'cat-tia', false])  // → chuỗi JSON
//
// Một lời gọi: chép tên hàm và các đối số (một mảng JSON) vào bộ nhớ của mô-đun
// (UTF-8), gọi caytrochoi_call, đọc chuỗi kết quả, trả lại vùng nhớ đã xin.
// Nếu mô-đun dừng giữa chừng (panic), call ném ra một Error mang câu của panic
// (src/wasm/panic.rs): từ đó mô-đun không còn dùng được nữa, người gọi phải tạo
// mô-đun mới.
'use strict';

function caytrochoiModule(bytes, now) {
    const compiled = new WebAssembly.Module(bytes);
    let wasm = null;
    // ignoreBOM: giữ nguyên mọi ký tự của chuỗi kết quả, kể cả U+FEFF ở đầu.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    // Câu của panic gần nhất (src/wasm/panic.rs), trước khi mô-đun dừng.
    let panicText = null;
    // Hai hàm nhập của mô-đun: đồng hồ (src/clock.rs) và câu của một panic.
    const imports = {
        caytrochoi: {
            now_ms: now,
            panic_message: (ptr, len) => {
                panicText = decoder.decode(new Uint8Array(wasm.memory.buffer, ptr >>> 0, len >>> 0));
            },
        },
    };
    wasm = new WebAssembly.Instance(compiled, imports).exports;
    const encoder = new TextEncoder();

    // Chép chữ vào một vùng mới của mô-đun: [địa chỉ, số byte]. Địa chỉ là số 32
    // bit không dấu (>>> 0). Lấy lại wasm.memory.buffer sau mỗi lần xin: bộ nhớ
    // lớn lên thì buffer cũ thành rỗng.
    function put(text) {
        const utf8 = encoder.encode(text);
        const ptr = wasm.caytrochoi_alloc(utf8.length) >>> 0;
        new Uint8Array(wasm.memory.buffer, ptr, utf8.length).set(utf8);
        return [ptr, utf8.length];
    }

    return {
        // Gọi hàm `name` của sách với mảng đối số `args`; trả về chuỗi JSON.
        call(name, args) {
            const [namePtr, nameLen] = put(name);
            const [argsPtr, argsLen] = put(JSON.stringify(args));
            let resultPtr;
            try {
                resultPtr = wasm.caytrochoi_call(namePtr, nameLen, argsPtr, argsLen) >>> 0;
            } catch (e) {
                // Mô-đun dừng (panic): lỗi mang câu của panic nếu có.
                throw panicText === null ? e : new Error(panicText);
            }
            const resultLen = wasm.caytrochoi_result_len() >>> 0;
            const result = decoder.decode(new Uint8Array(wasm.memory.buffer, resultPtr, resultLen));
            wasm.caytrochoi_free(namePtr, nameLen);
            wasm.caytrochoi_free(argsPtr, argsLen);
            return result;
        },
    };
}

if (typeof module === 'object' && module.exports) {
    module.exports = caytrochoiModule;
}

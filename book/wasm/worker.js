// Web Worker của sách tương tác: nạp mô-đun WebAssembly của caytrochoi và trả
// lời từng lời gọi của trang (book/theme/wasm-api.js). Tệp này được `make wasm`
// (book/wasm/pack.py) ghép sau book/wasm/abi.js (hàm caytrochoiModule: tạo mô-đun
// và gọi hàm của nó) và sau hằng WASM_B64 (mô-đun, base64): nhờ vậy trang tạo
// Worker từ một blob, chạy được cả khi mở thẳng từ đĩa (file://), nơi trình duyệt
// không cho tải tệp .wasm.
'use strict';

(function worker() {
    const started = Date.now();
    let wasm = null;
    try {
        const text = atob(WASM_B64);
        const bytes = new Uint8Array(text.length);
        for (let i = 0; i < text.length; i++) {
            bytes[i] = text.charCodeAt(i);
        }
        wasm = caytrochoiModule(bytes, () => performance.now());
        self.postMessage({ type: 'ready', ms: Date.now() - started });
    } catch (e) {
        self.postMessage({ type: 'failed', message: String(e && e.message || e) });
    }
    // Mỗi lời gọi: {id, fn, args, encode}; trả lời {id, ok, result} hoặc {id, ok:
    // false, trap} khi mô-đun dừng giữa chừng (panic: trang khởi động lại Worker).
    // `encode`: vị trí các đối số mà Worker viết thành chuỗi JSON (việc này, với một
    // cây lớn, không làm trên luồng chính của trang). Tên hàm lạ hay đối số sai
    // kiểu: mô-đun trả về {"error": …} như mọi lỗi đầu vào.
    self.onmessage = (event) => {
        const { id, fn, encode } = event.data;
        const args = event.data.args.slice();
        for (const i of encode || []) {
            args[i] = JSON.stringify(args[i]);
        }
        if (!wasm) {
            self.postMessage({ id, ok: false, trap: 'mô-đun chưa nạp được' });
            return;
        }
        const t0 = performance.now();
        try {
            const result = wasm.call(fn, args);
            self.postMessage({ id, ok: true, result, ms: performance.now() - t0 });
        } catch (e) {
            self.postMessage({ id, ok: false, trap: String(e && e.message || e) });
        }
    };
})();

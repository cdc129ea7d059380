// Ba hàm dựng giao diện dùng chung cho các khung tương tác (wasm-widgets.js), trang
// luyện tập (luyen-tap.js) và nút Chạy (chay-ma.js): window.caytrochoiDom. Nạp
// trước các tệp ấy (book.toml, additional-js).
'use strict';

window.caytrochoiDom = (function () {
    // Phần tử <tag> với lớp CSS `className` và chữ `text` (nếu có).
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
    // Một lựa chọn của <select>.
    function option(value, text) {
        const o = el('option', '', text);
        o.value = value;
        return o;
    }
    // Ô nhập `input` có nhãn chữ `text` đứng trước, trong <label class=className>.
    function labelled(text, input, className) {
        const l = el('label', className, text + ' ');
        l.append(input);
        return l;
    }
    return Object.freeze({ el, option, labelled });
})();

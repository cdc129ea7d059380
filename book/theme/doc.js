// Trang sách đọc được trên điện thoại (tệp riêng của sách caytrochoi; book.toml:
// additional-js). Hai việc nhỏ, không đổi nội dung:
//  1. Khối kết quả ```text,wrap (lời giải thích từng bước): mỗi dòng thành một
//     khối riêng thụt lề treo, để dòng dài xuống dòng ngay dưới chữ đầu câu,
//     không dưới số thứ tự.
//  2. Mỗi hình trong <figure> thành liên kết tới chính tệp hình: bấm là mở cỡ thật.
(function () {
    "use strict";

    function hangingLines(code) {
        if (code.dataset.dong) return;
        code.dataset.dong = "1";
        var lines = code.textContent.replace(/\n$/, "").split("\n");
        code.textContent = "";
        lines.forEach(function (line, k) {
            var span = document.createElement("span");
            span.className = "dong";
            // Phần đầu dòng: khoảng trắng, số thứ tự "12. " hoặc gạch "— ".
            var head = /^(\s*(\d+\.\s|[—–-]\s)?)/.exec(line)[0].length;
            if (head > 0) {
                span.style.paddingLeft = head + "ch";
                span.style.textIndent = "-" + head + "ch";
            }
            keepTogether(span, line);
            // Giữ dấu xuống dòng trong chữ (không thêm dòng trống trên trang):
            // ai đọc textContent, như nút Chạy khi hiện kết quả ghi sẵn, vẫn
            // thấy đủ các dòng; một dòng trống là khối chỉ có dấu xuống dòng.
            if (k < lines.length - 1) {
                span.appendChild(document.createTextNode("\n"));
            }
            code.appendChild(span);
        });
    }

    // Không ngắt dòng giữa một phép tính như "Max(-∞, 1) = 1" hay giữa "-" và "∞".
    var FORMULA = /(?:Max|Min)\([^()]*\)(?: = -?(?:∞|\d+(?:\.\d+)?))?|-∞/g;

    function keepTogether(parent, text) {
        var last = 0, m;
        FORMULA.lastIndex = 0;
        while ((m = FORMULA.exec(text)) !== null) {
            parent.appendChild(document.createTextNode(text.slice(last, m.index)));
            var nobr = document.createElement("span");
            nobr.className = "lien";
            nobr.textContent = m[0];
            parent.appendChild(nobr);
            last = m.index + m[0].length;
        }
        parent.appendChild(document.createTextNode(text.slice(last)));
    }

    function figureLinks() {
        document.querySelectorAll("main figure img").forEach(function (img) {
            if (img.closest("a")) return;
            var a = document.createElement("a");
            a.href = img.getAttribute("src");
            a.className = "mo-hinh";
            a.title = "Mở hình cỡ thật";
            img.parentNode.insertBefore(a, img);
            a.appendChild(img);
            var cap = img.closest("figure").querySelector("figcaption");
            if (cap && !cap.querySelector(".goi-y-mo-hinh")) {
                var hint = document.createElement("span");
                hint.className = "goi-y-mo-hinh";
                hint.textContent = " (bấm vào hình để xem cỡ thật)";
                cap.appendChild(hint);
            }
        });
    }

    // Nút Chạy (chay-ma.js) dùng lại cách xuống dòng này cho kết quả chạy.
    window.caytrochoiDoc = { hangingLines: hangingLines };

    document.querySelectorAll("code.wrap").forEach(hangingLines);
    figureLinks();
})();

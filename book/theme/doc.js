// Trang sách đọc được trên điện thoại (tệp riêng của sách caytrochoi; book.toml:
// additional-js). Hai việc nhỏ, không đổi nội dung:
//  1. Khối kết quả ```text,wrap (lời giải thích từng bước): mỗi dòng thành một
//     khối riêng thụt lề treo, để dòng dài xuống dòng ngay dưới chữ đầu câu,
//     không dưới số thứ tự.
//  2. Mỗi hình trong <figure> đọc được trên điện thoại: không thu nhỏ tới mức chữ
//     dưới 8 điểm ảnh (hình rộng cuộn ngang trong khung), chạm để phóng to tại chỗ.
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

    // --- Hình đọc được trên điện thoại --------------------------------------------
    // Chữ nhỏ nhất của một hình phải cao ít nhất MIN_TEXT_PX điểm ảnh trên màn hình.
    // Hình rộng hơn khung thì không bị thu nhỏ quá mức đó: nó cuộn ngang trong
    // khung của mình (.khung-hinh). Chạm vào hình: phóng to gấp đôi ngay tại chỗ
    // (sách vẫn mở); chạm lần nữa: trở lại.
    var MIN_TEXT_PX = 8;

    // Cỡ chữ nhỏ nhất (đơn vị của viewBox) và bề rộng viewBox của một SVG.
    function svgMetrics(text) {
        var sizes = [];
        var re = /font-size\s*(?:=\s*["']|:\s*)([0-9.]+)/g, m;
        while ((m = re.exec(text)) !== null) sizes.push(parseFloat(m[1]));
        var head = /<svg\b[^>]*>/.exec(text);
        var vb = head && /viewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)/.exec(head[0]);
        var w = head && /\bwidth\s*=\s*["']([0-9.]+)/.exec(head[0]);
        return {
            minFont: sizes.length ? Math.min.apply(null, sizes) : null,
            units: vb ? parseFloat(vb[1]) : (w ? parseFloat(w[1]) : null),
        };
    }

    // Bề rộng hiển thị của hình: vừa khung nếu chữ vẫn đủ to, nếu không thì đủ
    // rộng để chữ nhỏ nhất đạt MIN_TEXT_PX (khung cuộn ngang).
    function fit(frame) {
        var img = frame.querySelector("img");
        var natural = parseFloat(frame.dataset.rong) || img.naturalWidth;
        if (!natural) return;
        var units = parseFloat(frame.dataset.donVi) || natural;
        // Chưa biết cỡ chữ (mở từ tệp, không đọc được SVG): chữ của các hình trong
        // sách không nhỏ hơn 8 đơn vị, nên không thu nhỏ dưới cỡ thật.
        var minFont = parseFloat(frame.dataset.chuNhoNhat) || 8;
        var room = frame.clientWidth || natural;
        var readable = units * MIN_TEXT_PX / minFont; // bề rộng tối thiểu để đọc được
        var width = Math.max(Math.min(natural, room), readable);
        // Hình rộng hơn khung khi chữ đủ đọc: có nút "Xem cả hình" (thu vừa khung,
        // chữ nhỏ lại) bên dưới.
        var wide = width > room + 1;
        if (frame.classList.contains("ca-hinh")) {
            width = Math.min(natural, room);
        } else if (frame.classList.contains("phong-to")) {
            width *= 2;
        }
        var row = frame.nextElementSibling;
        if (row && row.classList.contains("hinh-nut")) {
            row.hidden = !wide;
            row.querySelector(".hinh-ca").setAttribute("aria-pressed", String(frame.classList.contains("ca-hinh")));
            row.querySelector(".hinh-to").setAttribute("aria-pressed", String(frame.classList.contains("phong-to")));
        }
        img.style.width = Math.ceil(width) + "px";
        img.style.maxWidth = "none";
        frame.classList.toggle("cuon-ngang", width > room + 1);
    }

    function figureFrames() {
        document.querySelectorAll("main figure img").forEach(function (img) {
            if (img.closest(".khung-hinh")) return;
            var src = img.getAttribute("src") || "";
            var frame = document.createElement("div");
            frame.className = "khung-hinh";
            frame.tabIndex = 0;
            frame.setAttribute("role", "button");
            frame.setAttribute("aria-label", "Phóng to hoặc thu nhỏ hình");
            frame.title = "Chạm để phóng to ngay tại chỗ; chạm lần nữa để trở lại";
            img.parentNode.insertBefore(frame, img);
            frame.appendChild(img);
            // Hai cách xem khác cách đọc thường: phóng to gấp đôi, hay cả hình vừa khung.
            var show = function (mode) {
                var before = frame.scrollWidth ? frame.scrollLeft / frame.scrollWidth : 0;
                var on = !frame.classList.contains(mode);
                frame.classList.remove("phong-to", "ca-hinh");
                if (on) frame.classList.add(mode);
                fit(frame);
                frame.scrollLeft = before * frame.scrollWidth;
            };
            var toggle = function () { show("phong-to"); };
            var row = document.createElement("div");
            row.className = "hinh-nut";
            row.hidden = true;
            [["hinh-ca", "Xem cả hình", "ca-hinh"], ["hinh-to", "Phóng to ×2", "phong-to"]].forEach(function (b) {
                var button = document.createElement("button");
                button.type = "button";
                button.className = b[0];
                button.textContent = b[1];
                button.setAttribute("aria-pressed", "false");
                button.addEventListener("click", function () { show(b[2]); });
                row.appendChild(button);
            });
            frame.parentNode.insertBefore(row, frame.nextSibling);
            frame.addEventListener("click", toggle);
            frame.addEventListener("keydown", function (e) {
                if (e.key === "Enter" || e.key === " ") {
                    e.preventDefault();
                    e.stopPropagation();
                    toggle();
                }
            });
            var cap = img.closest("figure").querySelector("figcaption");
            if (cap && !cap.querySelector(".goi-y-mo-hinh")) {
                var hint = document.createElement("span");
                hint.className = "goi-y-mo-hinh";
                hint.textContent = " (chạm vào hình để phóng to, chạm lần nữa để thu lại)";
                cap.appendChild(hint);
            }
            var ready = function () { fit(frame); };
            // Cỡ chữ nhỏ nhất và bề rộng của hình, ghi sẵn vào thẻ <img> khi dựng sách
            // (book/dung-them/co_chu_hinh.py): như nhau từ file:// và qua máy chủ web.
            if (img.dataset.chuNhoNhat) frame.dataset.chuNhoNhat = img.dataset.chuNhoNhat;
            if (img.dataset.donVi) frame.dataset.donVi = img.dataset.donVi;
            if (img.complete) ready(); else img.addEventListener("load", ready);
            if (img.dataset.chuNhoNhat || img.dataset.donVi) {
                frame.dataset.doXong = "1";
            } else if (/\.svg(\?|#|$)/i.test(src) && location.protocol !== "file:" && window.fetch) {
                fetch(img.src).then(function (r) { return r.ok ? r.text() : ""; }).then(function (text) {
                    var m = svgMetrics(text);
                    if (m.minFont) frame.dataset.chuNhoNhat = String(m.minFont);
                    if (m.units) frame.dataset.donVi = String(m.units);
                    frame.dataset.doXong = "1";
                    ready();
                }).catch(function () { frame.dataset.doXong = "1"; });
            } else {
                frame.dataset.doXong = "1";
            }
        });
        var again;
        window.addEventListener("resize", function () {
            clearTimeout(again);
            again = setTimeout(function () {
                document.querySelectorAll(".khung-hinh").forEach(fit);
            }, 100);
        });
    }

    // Nút Chạy (chay-ma.js) dùng lại cách xuống dòng này cho kết quả chạy.
    window.caytrochoiDoc = { hangingLines: hangingLines, svgMetrics: svgMetrics, minTextPx: MIN_TEXT_PX };

    // --- Khối mã nhận được tiêu điểm bàn phím --------------------------------------
    // Mọi khối <pre> của chương (mã không sửa được, kết quả ghi sẵn) nhận tiêu
    // điểm bằng Tab, để người dùng bàn phím cuộn được khối dài hay rộng bằng phím
    // mũi tên. Khối mã sửa được (chay-ma.js) thì chính ô mã nhận tiêu điểm. Chạy
    // sau khi mọi tệp của trang đã chạy (DOMContentLoaded), khi chay-ma.js đã
    // biến các khối Rust thành ô sửa được.
    function focusableCode() {
        document.querySelectorAll("main pre").forEach(function (pre) {
            if (pre.closest(".ctc-khung, #luyen-tap") || pre.querySelector("[contenteditable]") ||
                pre.hasAttribute("tabindex")) return;
            // Phần cuộn được là <code> bên trong (mdBook: overflow-x) nếu có.
            var code = pre.querySelector(":scope > code");
            var output = code && /\blanguage-text\b/.test(code.className);
            var box = code || pre;
            box.tabIndex = 0;
            box.setAttribute("role", "group");
            box.setAttribute("aria-label", output ? "Kết quả ghi sẵn" : "Khối mã");
        });
        // Bảng rộng cuộn ngang trong khung của nó (.table-wrapper của mdBook).
        document.querySelectorAll("main .table-wrapper").forEach(function (w) {
            if (w.hasAttribute("tabindex")) return;
            w.tabIndex = 0;
            w.setAttribute("role", "group");
            w.setAttribute("aria-label", "Bảng (cuộn ngang được khi rộng hơn trang)");
        });
    }

    document.querySelectorAll("code.wrap").forEach(hangingLines);
    figureFrames();
    if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", focusableCode);
    } else {
        setTimeout(focusableCode, 0);
    }
})();

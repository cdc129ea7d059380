#!/usr/bin/env python3
"""Thử tải trình chạy ở chế độ lớp học, chỉ trên 127.0.0.1: 30 "học sinh" cùng lúc,
mỗi người chạy 5 khối mã của sách. Không yêu cầu nào bị mất hay lỗi, hàng đợi chạy
hết, và in độ trễ p50/p95.

    python tests/runner/load.py [--clients 30] [--blocks 5] [--same]

Mỗi học sinh kết nối từ một địa chỉ riêng trong dải 127.0.0.0/8 (127.0.0.10,
127.0.0.11, …), nên giới hạn số lần chạy của mỗi máy được áp dụng như trong lớp.
Mặc định mỗi học sinh thêm một dòng chú thích riêng vào mã (như khi sửa mã), nên
không lần chạy nào dùng lại được bản đã biên dịch: trường hợp xấu nhất.
--same   mọi người chạy đúng mã của sách (trình chạy dùng lại bản đã biên dịch; nhưng
         `cached` chỉ báo cho máy đã chạy đúng mã ấy trước đó, không báo việc dùng lại
         bản của máy khác, nên ở đây nó vẫn là 0: việc dùng lại hiện ra ở độ trễ).
"""

import argparse
import http.client
import json
import pathlib
import re
import statistics
import threading
import time

from common import ROOT, Checks, Runner


def book_blocks(count):
    """`count` khối Rust của sách, lấy lần lượt từ các chương (khối đầu mỗi chương trước)."""
    per_chapter = []
    for md in sorted((pathlib.Path(ROOT) / "book" / "src").glob("ch*.md")):
        text = md.read_text(encoding="utf-8")
        blocks = re.findall(r"^```rust\s*\n(.*?)^```\s*$", text, flags=re.S | re.M)
        per_chapter.append(blocks)
    chosen = []
    k = 0
    while len(chosen) < count and any(k < len(b) for b in per_chapter):
        chosen.extend(b[k] for b in per_chapter if k < len(b))
        k += 1
    return chosen[:count]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def student(runner, token, number, blocks, same, barrier, results, errors):
    source = f"127.0.0.{10 + number}"
    host = f"{runner.host}:{runner.port}"
    try:
        conn = http.client.HTTPConnection(runner.host, runner.port, timeout=600,
                                          source_address=(source, 0))
        conn.request("GET", f"/?lop={token}", headers={"Host": host})
        resp = conn.getresponse()
        resp.read()
        assert resp.status == 303, resp.status
        cookie = resp.getheader("Set-Cookie").split(";")[0]
        barrier.wait()
        for k, code in enumerate(blocks):
            if not same:
                code = code + f"\n// học sinh {number}, khối {k}\n"
            body = json.dumps({"code": code})
            start = time.time()
            conn.request("POST", "/api/run", body=body, headers={
                "Host": host, "Origin": f"http://{host}", "Content-Type": "application/json",
                "Cookie": cookie})
            resp = conn.getresponse()
            lines = [json.loads(line) for line in resp.read().decode().splitlines() if line.strip()]
            took = time.time() - start
            assert resp.status == 200, (resp.status, lines)
            done = lines[-1]
            assert done["event"] == "done", lines
            assert done["result"]["status"] == "ok", done["result"]
            results.append((took, done["result"]["cached"], done["queue_ms"] / 1000))
    except Exception as e:  # noqa: BLE001 — mọi lỗi đều được đếm và báo
        errors.append(f"học sinh {number}: {e!r}")


def load_test(clients, count, same):
    blocks = book_blocks(count)
    assert len(blocks) == count, f"sách chỉ có {len(blocks)} khối"
    with Runner("--lop", "--host", "127.0.0.1") as runner:
        token = re.search(r"\?lop=([0-9a-f]+)", runner.url).group(1)
        results, errors = [], []
        barrier = threading.Barrier(clients)
        threads = [threading.Thread(target=student,
                                    args=(runner, token, i, blocks, same, barrier, results, errors))
                   for i in range(clients)]
        start = time.time()
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=900)
        wall = time.time() - start
        assert not errors, "\n".join(errors[:10])
        assert len(results) == clients * count, f"{len(results)} / {clients * count} lần chạy"
        # Hàng đợi đã chạy hết, trình chạy đếm đủ. Một lần chạy rời sổ của trình
        # chạy ngay SAU khi câu trả lời đã tới trang (xem /api/dung), nên lần chạy
        # cuối cùng có thể còn trong sổ thêm một chút: chờ nó rời sổ (tối đa 10 s,
        # không có lần chạy mới nào), rồi mới so.
        deadline = time.time() + 10
        while True:
            conn = http.client.HTTPConnection(runner.host, runner.port, timeout=30)
            conn.request("GET", "/api/giao-vien", headers={"Host": f"{runner.host}:{runner.port}"})
            stats = json.loads(conn.getresponse().read())
            conn.close()
            if stats["queue"]["running"] == 0 or time.time() > deadline:
                break
            time.sleep(0.05)
        assert stats["queue"] == {"waiting": 0, "running": 0, "workers": stats["queue"]["workers"]}, stats
        assert stats["runs"] == clients * count and stats["failures"] == 0, stats
    latencies = [r[0] for r in results]
    cached = sum(1 for r in results if r[1])
    print(f"  {clients} học sinh × {count} khối = {len(results)} lần chạy, "
          f"{stats['queue']['workers']} thợ, {cached} lần được báo dùng lại bản đã biên dịch (của chính máy đó), "
          f"xong sau {wall:.1f} s")
    print(f"  độ trễ: p50 {statistics.median(latencies):.2f} s, p95 {percentile(latencies, 95):.2f} s, "
          f"lớn nhất {max(latencies):.2f} s; chờ trong hàng p50 "
          f"{statistics.median(r[2] for r in results):.2f} s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=30)
    ap.add_argument("--blocks", type=int, default=5)
    ap.add_argument("--same", action="store_true")
    args = ap.parse_args()
    checks = Checks("Thử tải trình chạy (chế độ lớp học)")
    checks.run(f"{args.clients} học sinh × {args.blocks} khối", load_test,
               args.clients, args.blocks, args.same)
    checks.finish()


if __name__ == "__main__":
    main()

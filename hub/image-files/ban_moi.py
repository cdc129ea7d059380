#!/opt/venv/bin/python
"""caytrochoi-ban-moi — lấy bản mới của các notebook khóa học mà không mất bài làm.

    caytrochoi-ban-moi              chép notebook còn thiếu vào ~/caytrochoi/; notebook
                                    nào học sinh đã có mà khác bản của khóa học thì
                                    bản của khóa học được đặt vào ~/caytrochoi/ban-moi/
                                    (bài làm của học sinh không bị ghi đè)
    caytrochoi-ban-moi --chi-them   chỉ chép những tệp còn thiếu (lúc máy chủ khởi động)

Bản gốc nằm trong ảnh, ở /opt/caytrochoi/notebooks (chỉ đọc).
"""

import filecmp
import os
import shutil
import sys

GOC = os.environ.get("CAYTROCHOI_BAN_GOC", "/opt/caytrochoi/notebooks")
NHA = os.path.join(os.path.expanduser("~"), "caytrochoi")
TEP = lambda ten: ten.endswith(".ipynb") or ten == "evcxr.toml"


def main(args):
    if any(a not in ("--chi-them",) for a in args):
        print(__doc__, file=sys.stderr)
        return 2
    chi_them = "--chi-them" in args
    os.makedirs(NHA, exist_ok=True)
    them, moi = [], []
    for ten in sorted(os.listdir(GOC)):
        if not TEP(ten):
            continue
        goc, cua_hs = os.path.join(GOC, ten), os.path.join(NHA, ten)
        if not os.path.exists(cua_hs):
            shutil.copyfile(goc, cua_hs)
            them.append(ten)
        elif not chi_them and not filecmp.cmp(goc, cua_hs, shallow=False):
            os.makedirs(os.path.join(NHA, "ban-moi"), exist_ok=True)
            shutil.copyfile(goc, os.path.join(NHA, "ban-moi", ten))
            moi.append(ten)
    if them:
        print(f"Đã chép vào {NHA}: {', '.join(them)}")
    if moi:
        print(f"{len(moi)} notebook bạn đã sửa: bản mới của khóa học ở {NHA}/ban-moi/ "
              f"(bài của bạn giữ nguyên): {', '.join(moi)}")
    if not chi_them and not them and not moi:
        print("Các notebook của bạn đã giống bản của khóa học; không có gì mới.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

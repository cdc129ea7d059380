"""Đăng nhập cho một buổi thực hành: mã lớp do giáo viên phát.

Học sinh gõ tên đăng nhập của mình (mã số sinh viên hay tên không dấu, ví dụ
`b2101234` hay `nguyenvanan`) và mã lớp mà giáo viên đọc hoặc viết lên bảng lúc
đầu buổi (make hub in ra). Không có mật khẩu riêng của từng người: buổi học 90
phút không cần tài khoản lâu dài, còn mã lớp đổi mỗi lần mở hub. Tên nào đăng nhập
lần đầu thì có máy chủ (container) và ổ đĩa riêng mang tên ấy; lần sau, cùng tên
và mã lớp của buổi đó, học sinh lấy lại bài đã làm.

Giáo viên đăng nhập bằng tên giáo viên (mặc định `giaovien`) và mã giáo viên (cũng
do make hub in ra): là quản trị viên, thấy máy chủ của mọi học sinh (trang Admin),
mở được máy chủ của một học sinh để giúp.

Nếu giáo viên đưa một danh sách lớp (DANH_SACH=tệp, mỗi dòng một tên đăng nhập),
chỉ những tên trong danh sách vào được.

Mọi lời báo lỗi bằng tiếng Việt, trên chính trang đăng nhập (templates/login.html).
"""

import hmac
import re

from jupyterhub.auth import Authenticator
from traitlets import Set, Unicode

# Tên đăng nhập: chữ thường không dấu, chữ số, dấu gạch; 2–32 ký tự. Tên ấy thành
# tên container và tên ổ đĩa của học sinh.
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{1,31}$")


def explain(username, code, class_code, roster, teacher):
    """Lời giải thích (tiếng Việt) vì sao không đăng nhập được, hoặc None nếu được."""
    if not NAME.match(username):
        return ("Tên đăng nhập chỉ gồm chữ thường không dấu, chữ số và dấu gạch, từ 2 đến "
                "32 ký tự (ví dụ b2101234 hay nguyenvanan).")
    if username == teacher:
        return None
    if roster and username not in roster:
        return f"Tên “{username}” không có trong danh sách lớp. Hãy hỏi giáo viên."
    if not hmac.compare_digest(code.encode(), class_code.encode()):
        return "Mã lớp không đúng. Hãy xem lại mã giáo viên viết trên bảng (không phân biệt hoa thường)."
    return None


class ClassCodeAuthenticator(Authenticator):
    class_code = Unicode(help="Mã lớp của buổi học (make hub sinh và in ra)").tag(config=True)
    teacher = Unicode("giaovien", help="Tên đăng nhập của giáo viên").tag(config=True)
    teacher_code = Unicode(help="Mã của giáo viên (make hub sinh và in ra)").tag(config=True)
    roster = Set(help="Danh sách tên được vào; trống: mọi tên hợp lệ").tag(config=True)

    async def authenticate(self, handler, data):
        username = (data.get("username") or "").strip().lower()
        code = (data.get("password") or "").strip().upper()
        problem = explain(username, code, self.class_code.upper(), self.roster, self.teacher)
        if problem is None and username == self.teacher:
            if not hmac.compare_digest(code.encode(), self.teacher_code.upper().encode()):
                problem = "Mã giáo viên không đúng."
        if problem:
            self.log.info("Từ chối đăng nhập %r: %s", username, problem)
            handler.caytrochoi_login_error = problem
            return None
        return {"name": username, "admin": username == self.teacher}

    def check_allowed(self, username, authentication=None):
        return True  # authenticate() đã kiểm tra mã lớp và danh sách

    def get_handlers(self, app):
        return [("/login", login_handlers())]


def login_handlers():
    """Trang /login nói tiếng Việt: lời giải thích của `explain` thay cho câu tiếng
    Anh mặc định của JupyterHub."""
    from jupyterhub.handlers.login import LoginHandler

    class VietnameseLoginHandler(LoginHandler):
        def _render(self, login_error=None, username=None, **kwargs):
            if login_error:
                login_error = getattr(self, "caytrochoi_login_error", None) or (
                    "Không đăng nhập được: tên đăng nhập hoặc mã lớp không đúng.")
            return super()._render(login_error=login_error, username=username, **kwargs)

    return VietnameseLoginHandler

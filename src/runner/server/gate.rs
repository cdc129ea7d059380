//! Cổng của máy chủ: `Host` phải là địa chỉ của chính trình chạy (chống DNS
//! rebinding), trang giáo viên chỉ mở trên máy của nó, và ở chế độ lớp học mọi
//! thứ khác cần mã buổi học (`?lop=…` một lần, rồi cookie). [`refused_early`] trả
//! lời ngay sau phần đầu của yêu cầu, trước khi đọc thân; [`answer_at_gate`] là
//! câu trả lời khi đó. Sau cổng: yêu cầu `POST` phải đến từ chính trang sách
//! ([`same_origin`]), và ở lớp học mỗi máy giữ một lượt ([`Slot`]) trong lúc chạy.

use super::pages::{api_error, html, plain_page, text};
use super::{ClassMode, Shared, CLASS_COOKIE};
use crate::runner::class::{same_secret, RateLimiter};
use crate::runner::http::{Request, Response};
use std::net::IpAddr;

/// Yêu cầu bị từ chối ngay từ phần đầu: `Host` lạ, trang giáo viên từ máy khác,
/// hoặc ở chế độ lớp học mà không có mã buổi học (cookie hay `?lop=`) và không
/// phải trang giáo viên.
pub(super) fn refused_early(shared: &Shared, req: &Request) -> bool {
    if !shared.host_allowed(req.header("Host")) {
        return true;
    }
    let (path, query) = split_target(req);
    if is_teacher(path) {
        return teacher_from_elsewhere(path, req.peer);
    }
    let Some(class) = &shared.config.class else {
        return false;
    };
    // Chỉ đúng mã lớp mới được đọc tiếp thân yêu cầu (`?lop=` sai thì trả lời ngay).
    let offered = query
        .split('&')
        .filter_map(|kv| kv.strip_prefix("lop="))
        .any(|t| same_secret(t, &class.token));
    !offered && !shared.has_class_cookie(req, class)
}

/// Đường dẫn và chuỗi truy vấn của yêu cầu (`/ch04.html?lop=…`).
pub(super) fn split_target(req: &Request) -> (&str, &str) {
    req.target.split_once('?').unwrap_or((&req.target, ""))
}

/// Trang giáo viên và dữ liệu của nó: chỉ mở trên chính máy của trình chạy, và
/// không cần mã lớp.
fn is_teacher(path: &str) -> bool {
    path == "/giao-vien" || path == "/api/giao-vien"
}

/// Yêu cầu trang giáo viên (hay dữ liệu của nó) từ một máy khác máy của trình chạy.
fn teacher_from_elsewhere(path: &str, peer: IpAddr) -> bool {
    is_teacher(path) && !peer.is_loopback()
}

/// Câu trả lời của cổng cho một yêu cầu không được đi tiếp: `Host` lạ, trang
/// giáo viên mở từ máy khác; ở chế độ lớp học: `?lop=` sai (hay đúng: cookie
/// và chuyển về chính trang đó), hoặc không có cookie của buổi học. `None`: yêu
/// cầu được đi tiếp tới các đường dẫn của [`super::routes`].
pub(super) fn answer_at_gate(shared: &Shared, req: &Request) -> Option<Response> {
    let peer = req.peer;
    if !shared.host_allowed(req.header("Host")) {
        return Some(text(
            403,
            "Từ chối: địa chỉ (Host) không phải của trình chạy này. Hãy mở đúng địa chỉ mà trình chạy in ra.",
        ));
    }
    let (path, query) = split_target(req);
    let teacher = is_teacher(path);
    if teacher_from_elsewhere(path, peer) {
        return Some(text(
            403,
            "Trang giáo viên chỉ mở được trên chính máy chạy trình chạy.",
        ));
    }
    let class = shared.config.class.as_ref()?;
    let offered = query.split('&').find_map(|kv| kv.strip_prefix("lop="));
    if let Some(token) = offered {
        if !same_secret(token, &class.token) {
            return Some(html(403, class_page("Mã lớp không đúng.", shared.port)));
        }
        let cookie = format!(
            "{CLASS_COOKIE}={}; Path=/; HttpOnly; SameSite=Strict; Max-Age=86400",
            class.token
        );
        return Some(
            text(303, "Đã nhận mã lớp.")
                .with("Set-Cookie", &cookie)
                .with("Location", own_path(path)),
        );
    }
    if !teacher && !shared.has_class_cookie(req, class) {
        return Some(if path.starts_with("/api/") {
            api_error(
                403,
                "Cần mã lớp: hãy mở sách bằng đúng địa chỉ (có ?lop=…) mà thầy/cô đưa.",
            )
        } else {
            html(
                403,
                class_page("Sách của lớp học cần mã buổi học.", shared.port),
            )
        });
    }
    None
}

/// Trả lại lượt của máy khi yêu cầu kết thúc (kể cả khi người gửi rời đi).
pub(super) struct Slot<'a> {
    pub(super) limiter: Option<&'a RateLimiter>,
    pub(super) client: IpAddr,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        if let Some(l) = self.limiter {
            l.release(self.client);
        }
    }
}

/// Một yêu cầu làm thay đổi điều gì (`POST`) phải đến từ chính trang sách của
/// máy chủ này (`Origin`, `Sec-Fetch-Site`) và là JSON: một trang ở nơi khác
/// không gửi được gì tới đây.
pub(super) fn same_origin(req: &Request) -> bool {
    let (Some(origin), Some(host)) = (req.header("Origin"), req.header("Host")) else {
        return false;
    };
    let origin_ok = origin.eq_ignore_ascii_case(&format!("http://{host}"));
    let site_ok = req
        .header("Sec-Fetch-Site")
        .is_none_or(|s| s == "same-origin");
    let json_ok = req
        .header("Content-Type")
        .is_some_and(|c| c.starts_with("application/json"));
    origin_ok && site_ok && json_ok
}

/// Tách `Host` thành tên và cổng (`[::1]:3000`, `127.0.0.1:3000`, `localhost`).
fn split_host(host: &str) -> (String, Option<u16>) {
    let host = host.trim();
    let (name, port) = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((name, tail)) => (name, tail.strip_prefix(':')),
            None => (host, None),
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if !name.contains(':') => (name, Some(port)),
            _ => (host, None),
        }
    };
    let port = match port {
        Some(p) => match p.parse() {
            Ok(p) => Some(p),
            Err(_) => return (String::new(), None),
        },
        None => None,
    };
    (name.to_ascii_lowercase(), port)
}

impl Shared {
    fn host_allowed(&self, host: Option<&str>) -> bool {
        let Some(host) = host else { return false };
        let (name, port) = split_host(host);
        if port != Some(self.port) && !(port.is_none() && self.port == 80) {
            return false;
        }
        if name == "localhost"
            || self
                .config
                .allow_hosts
                .iter()
                .any(|h| h.eq_ignore_ascii_case(&name))
        {
            return true;
        }
        match name.parse::<IpAddr>() {
            // Chế độ lớp học: mọi địa chỉ IP của máy (một tên miền thì không).
            Ok(ip) if self.config.class.is_some() => !ip.is_unspecified(),
            Ok(ip) => ip.is_loopback() || ip == self.config.host,
            Err(_) => false,
        }
    }

    fn has_class_cookie(&self, req: &Request, class: &ClassMode) -> bool {
        req.header("Cookie").is_some_and(|c| {
            c.split(';').any(|kv| {
                kv.trim()
                    .strip_prefix(CLASS_COOKIE)
                    .and_then(|r| r.strip_prefix('='))
                    .is_some_and(|v| same_secret(v.trim(), &class.token))
            })
        })
    }
}

/// Đường dẫn để chuyển tới sau khi nhận mã lớp: chỉ một đường dẫn của chính
/// sách. `//nơi-khác/x` (trình duyệt hiểu là một máy khác) hay `/\nơi-khác` thành `/`.
fn own_path(path: &str) -> &str {
    let ok = path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && path.bytes().all(|b| b.is_ascii_graphic());
    if ok {
        path
    } else {
        "/"
    }
}

fn class_page(why: &str, port: u16) -> String {
    plain_page(
        why,
        &format!(
            "<p>Hãy mở đúng địa chỉ mà thầy/cô đưa (hoặc quét mã QR trên màn hình của \
thầy/cô). Địa chỉ đó có dạng <code>http://…:{port}/?lop=…</code>.</p>"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirect_stays_in_the_book() {
        assert_eq!(own_path("/ch03.html"), "/ch03.html");
        assert_eq!(own_path("/"), "/");
        for elsewhere in [
            "//elsewhere/x",
            "/\\elsewhere",
            "",
            "http://x/",
            "/a\r\nSet-Cookie: x",
        ] {
            assert_eq!(own_path(elsewhere), "/", "{elsewhere:?}");
        }
    }

    #[test]
    fn teacher_page_only_from_this_machine() {
        let here: [IpAddr; 3] = [
            "127.0.0.1".parse().unwrap(),
            "127.0.0.31".parse().unwrap(),
            "::1".parse().unwrap(),
        ];
        let elsewhere: [IpAddr; 2] = ["192.168.1.20".parse().unwrap(), "fe80::1".parse().unwrap()];
        for path in ["/giao-vien", "/api/giao-vien"] {
            for ip in here {
                assert!(!teacher_from_elsewhere(path, ip), "{path} từ {ip}");
            }
            for ip in elsewhere {
                assert!(teacher_from_elsewhere(path, ip), "{path} từ {ip}");
            }
        }
        assert!(!teacher_from_elsewhere("/ch03.html", elsewhere[0]));
    }

    #[test]
    fn host_header_is_split_into_name_and_port() {
        assert_eq!(
            split_host("127.0.0.1:3000"),
            ("127.0.0.1".into(), Some(3000))
        );
        assert_eq!(split_host("[::1]:8080"), ("::1".into(), Some(8080)));
        assert_eq!(split_host("LocalHost"), ("localhost".into(), None));
        assert_eq!(
            split_host("evil.example:3000"),
            ("evil.example".into(), Some(3000))
        );
        assert_eq!(split_host("a:b"), (String::new(), None));
    }
}

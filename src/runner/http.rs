//! HTTP/1.1 tối giản trên `std::net`: đọc một yêu cầu (phân tích bằng crate
//! `httparse`), viết một câu trả lời, hoặc gửi từng phần ("chunked") để trang
//! sách thấy ngay vị trí trong hàng đợi. Mỗi kết nối một luồng; kết nối giữ lại
//! (keep-alive) tự đóng sau vài giây không dùng.
//!
//! Một yêu cầu được đọc làm hai bước — phần đầu (`read_head`) rồi thân
//! (`read_body`) — để máy chủ từ chối sớm (sai `Host`, thiếu mã lớp) mà không
//! đọc thân; và cả hai bước chung **một hạn chót** (`DeadlineReader`): một máy
//! gửi mỗi lần một byte không giữ được kết nối lâu hơn hạn ấy.

use std::io::{BufRead, Read, Write};
use std::net::{IpAddr, TcpStream};
use std::path::PathBuf;
use std::time::Instant;

/// Kích thước tối đa của dòng yêu cầu và các tiêu đề.
pub(crate) const MAX_HEAD_BYTES: usize = crate::limits::RUNNER_HEAD_BYTES;

/// Một yêu cầu HTTP.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    /// Đường dẫn kèm truy vấn, đúng như gửi lên (`/ch04.html?x=1`).
    pub target: String,
    /// Phiên bản phụ: 1 với HTTP/1.1, 0 với HTTP/1.0.
    pub minor: u8,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Địa chỉ của máy gửi.
    pub peer: IpAddr,
}

impl Request {
    /// Giá trị của tiêu đề `name` (không phân biệt hoa thường).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Kết nối có được giữ lại cho yêu cầu sau không.
    pub fn keep_alive(&self) -> bool {
        let close = self
            .header("Connection")
            .is_some_and(|c| c.to_ascii_lowercase().contains("close"));
        self.minor == 1 && !close
    }
}

/// Vì sao không đọc được yêu cầu.
#[derive(Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Kết nối đã đóng (hoặc im lặng quá lâu) trước khi có yêu cầu mới.
    Closed,
    /// Yêu cầu sai dạng, hoặc quá lớn: trả lời mã này rồi đóng kết nối.
    Reject(u16),
}

/// Một kết nối mà mọi lần đọc cùng chịu một hạn chót (không phải một khoảng
/// chờ cho từng lần đọc): hết hạn thì lần đọc sau báo lỗi `TimedOut`.
pub(crate) struct DeadlineReader {
    stream: TcpStream,
    deadline: Instant,
}

impl DeadlineReader {
    pub fn new(stream: TcpStream, deadline: Instant) -> DeadlineReader {
        DeadlineReader { stream, deadline }
    }

    /// Đặt hạn chót mới (trước mỗi yêu cầu).
    pub fn set_deadline(&mut self, deadline: Instant) {
        self.deadline = deadline;
    }
}

impl Read for DeadlineReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(left))?;
        self.stream.read(buf)
    }
}

/// Đọc một yêu cầu; thân tối đa `max_body` byte. `r` thường là một kết nối
/// (`BufReader<DeadlineReader>`); đọc được từ bất kỳ nguồn nào (kiểm thử, fuzz).
pub fn read_request<R: BufRead>(
    r: &mut R,
    peer: IpAddr,
    max_body: usize,
) -> Result<Request, ReadError> {
    let mut req = read_head(r, peer)?;
    read_body(r, &mut req, max_body)?;
    Ok(req)
}

/// Đọc dòng yêu cầu và các tiêu đề (thân chưa đọc: `body` rỗng).
pub(crate) fn read_head<R: BufRead>(r: &mut R, peer: IpAddr) -> Result<Request, ReadError> {
    let mut head = Vec::new();
    loop {
        let before = head.len();
        let n = r
            .by_ref()
            .take((MAX_HEAD_BYTES + 1 - head.len()) as u64)
            .read_until(b'\n', &mut head)
            .map_err(|_| ReadError::Closed)?;
        if n == 0 {
            return Err(if head.is_empty() {
                ReadError::Closed
            } else {
                ReadError::Reject(400)
            });
        }
        let line = &head[before..];
        if line == b"\r\n" || line == b"\n" {
            if before == 0 {
                head.clear(); // dòng trống trước yêu cầu: bỏ qua
                continue;
            }
            break;
        }
        if head.len() > MAX_HEAD_BYTES {
            return Err(ReadError::Reject(431));
        }
    }
    let mut slots = [httparse::EMPTY_HEADER; 64];
    let mut parsed = httparse::Request::new(&mut slots);
    match parsed.parse(&head) {
        Ok(httparse::Status::Complete(_)) => {}
        _ => return Err(ReadError::Reject(400)),
    }
    let headers: Vec<(String, String)> = parsed
        .headers
        .iter()
        .map(|h| {
            (
                h.name.to_string(),
                String::from_utf8_lossy(h.value).trim().to_string(),
            )
        })
        .collect();
    Ok(Request {
        method: parsed.method.unwrap_or("").to_string(),
        target: parsed.path.unwrap_or("/").to_string(),
        minor: parsed.version.unwrap_or(1),
        headers,
        body: Vec::new(),
        peer,
    })
}

/// Độ dài thân theo `Content-Length`, đọc chặt: chỉ chữ số thập phân (không
/// `+5`, không dấu cách bên trong), và nếu có nhiều tiêu đề ấy thì chúng phải
/// giống hệt nhau (hai độ dài khác nhau là cách "buôn lậu" một yêu cầu qua một
/// máy chủ trung gian). Không có thì thân rỗng; `None` là tiêu đề sai.
fn content_length(req: &Request) -> Option<usize> {
    let mut found: Option<&str> = None;
    for (k, v) in &req.headers {
        if !k.eq_ignore_ascii_case("Content-Length") {
            continue;
        }
        let v = v.trim();
        if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) || found.is_some_and(|f| f != v) {
            return None;
        }
        found = Some(v);
    }
    found.map_or(Some(0), |v| v.parse().ok())
}

/// Đọc thân của yêu cầu `req` (theo `Content-Length`), tối đa `max_body` byte.
pub(crate) fn read_body<R: BufRead>(
    r: &mut R,
    req: &mut Request,
    max_body: usize,
) -> Result<(), ReadError> {
    if req.header("Transfer-Encoding").is_some() {
        return Err(ReadError::Reject(411));
    }
    let length = content_length(req).ok_or(ReadError::Reject(400))?;
    if length > max_body {
        return Err(ReadError::Reject(413));
    }
    req.body = vec![0; length];
    r.read_exact(&mut req.body).map_err(|_| ReadError::Closed)?;
    Ok(())
}

/// Một câu trả lời trọn vẹn.
#[derive(Debug, Clone)]
pub(crate) struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Thân là tệp này (gửi từng đoạn, không đọc cả tệp vào bộ nhớ): trăm máy
    /// tải tệp lớn nhất cùng lúc không giữ trăm bản của nó trong trình chạy.
    pub file: Option<PathBuf>,
}

impl Response {
    pub fn new(status: u16, content_type: &str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status,
            headers: vec![("Content-Type".into(), content_type.into())],
            body: body.into(),
            file: None,
        }
    }

    /// Câu trả lời có thân là tệp `path`.
    pub fn file(status: u16, content_type: &str, path: PathBuf) -> Response {
        Response {
            file: Some(path),
            ..Response::new(status, content_type, Vec::new())
        }
    }

    /// Mở thân: (tệp nếu có, số byte của thân).
    fn open_body(&self) -> std::io::Result<(Option<std::fs::File>, u64)> {
        match &self.file {
            Some(p) => {
                let f = std::fs::File::open(p)?;
                let len = f.metadata()?.len();
                Ok((Some(f), len))
            }
            None => Ok((None, self.body.len() as u64)),
        }
    }

    /// Thêm một tiêu đề.
    pub fn with(mut self, name: &str, value: &str) -> Response {
        self.headers.push((name.into(), value.into()));
        self
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        303 => "See Other",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        411 => "Length Required",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "",
    }
}

fn write_head(
    w: &mut impl Write,
    status: u16,
    headers: &[(String, String)],
    keep_alive: bool,
) -> std::io::Result<()> {
    let mut head = format!("HTTP/1.1 {status} {}\r\n", reason(status));
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(if keep_alive {
        "Connection: keep-alive\r\n"
    } else {
        "Connection: close\r\n"
    });
    w.write_all(head.as_bytes())
}

/// Viết một câu trả lời (không có thân nếu `head_only`, với yêu cầu HEAD).
pub(crate) fn write_response(
    w: &mut impl Write,
    resp: &Response,
    keep_alive: bool,
    head_only: bool,
) -> std::io::Result<()> {
    let (file, len) = resp.open_body()?;
    write_head(w, resp.status, &resp.headers, keep_alive)?;
    w.write_all(format!("Content-Length: {len}\r\n\r\n").as_bytes())?;
    if !head_only {
        match file {
            Some(f) => {
                let sent = std::io::copy(&mut f.take(len), w)?;
                if sent != len {
                    return Err(std::io::ErrorKind::UnexpectedEof.into());
                }
            }
            None => w.write_all(&resp.body)?,
        }
    }
    w.flush()
}

/// Như [`write_response`], xong trước `deadline` hoặc thất bại (`TimedOut`): hạn
/// cho cả câu trả lời, không cho từng lần ghi — một máy đọc vài byte mỗi lần
/// không giữ được kết nối lâu hơn.
pub(crate) fn write_response_by(
    w: &mut TcpStream,
    resp: &Response,
    keep_alive: bool,
    head_only: bool,
    deadline: Instant,
) -> std::io::Result<()> {
    let (file, len) = resp.open_body()?;
    let mut head = Vec::new();
    write_head(&mut head, resp.status, &resp.headers, keep_alive)?;
    head.extend_from_slice(format!("Content-Length: {len}\r\n\r\n").as_bytes());
    write_by(w, &head, deadline)?;
    if head_only {
        return Ok(());
    }
    let Some(mut f) = file else {
        return write_by(w, &resp.body, deadline);
    };
    // Từng đoạn 64 KiB, đúng `len` byte (tệp ngắn đi giữa chừng thì đóng kết nối).
    let mut chunk = vec![0u8; 64 * 1024];
    let mut left = len;
    while left > 0 {
        let want = chunk.len().min(left as usize);
        let n = f.read(&mut chunk[..want])?;
        if n == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        write_by(w, &chunk[..n], deadline)?;
        left -= n as u64;
    }
    Ok(())
}

/// Ghi hết `data` trước `deadline`: mỗi lần ghi chỉ được chờ phần thời gian còn lại.
fn write_by(w: &mut TcpStream, mut data: &[u8], deadline: Instant) -> std::io::Result<()> {
    while !data.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        w.set_write_timeout(Some(left))?;
        match w.write(data) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => data = &data[n..],
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Câu trả lời gửi từng phần: mỗi phần đi ngay khi được viết.
pub(crate) struct Chunked<'a, W: Write> {
    w: &'a mut W,
}

impl<'a, W: Write> Chunked<'a, W> {
    pub fn start(
        w: &'a mut W,
        status: u16,
        headers: &[(String, String)],
        keep_alive: bool,
    ) -> std::io::Result<Self> {
        write_head(w, status, headers, keep_alive)?;
        w.write_all(b"Transfer-Encoding: chunked\r\n\r\n")?;
        w.flush()?;
        Ok(Chunked { w })
    }

    pub fn send(&mut self, data: &[u8]) -> std::io::Result<()> {
        if data.is_empty() {
            return Ok(());
        }
        write!(self.w, "{:x}\r\n", data.len())?;
        self.w.write_all(data)?;
        self.w.write_all(b"\r\n")?;
        self.w.flush()
    }

    pub fn finish(self) -> std::io::Result<()> {
        self.w.write_all(b"0\r\n\r\n")?;
        self.w.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;
    use std::net::{TcpListener, TcpStream};

    #[test]
    fn content_length_is_read_strictly() {
        for bad in [
            &b"POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\nhello"[..],
            b"POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
            b"POST / HTTP/1.1\r\nContent-Length: 5 5\r\n\r\nhello",
            b"POST / HTTP/1.1\r\nContent-Length: \r\n\r\n",
        ] {
            let got = roundtrip(bad, 100);
            assert!(
                matches!(got[0], Err(ReadError::Reject(400))),
                "{:?}: {:?}",
                String::from_utf8_lossy(bad),
                got[0]
            );
        }
        // Hai tiêu đề giống hệt nhau thì được.
        let same = roundtrip(
            b"POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
            100,
        );
        assert_eq!(same[0].as_ref().unwrap().body, b"hello");
    }

    fn roundtrip(raw: &[u8], max_body: usize) -> Vec<Result<Request, ReadError>> {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let raw = raw.to_vec();
        let client = std::thread::spawn(move || {
            let mut s = TcpStream::connect(addr).unwrap();
            s.write_all(&raw).unwrap();
            s.shutdown(std::net::Shutdown::Write).unwrap();
            s
        });
        let (stream, peer) = listener.accept().unwrap();
        let mut r = BufReader::new(stream);
        let mut out = Vec::new();
        loop {
            let x = read_request(&mut r, peer.ip(), max_body);
            let stop = x.is_err();
            out.push(x);
            if stop {
                break;
            }
        }
        drop(client.join());
        out
    }

    #[test]
    fn keep_alive_requests_are_read_one_after_another() {
        let got = roundtrip(
            b"GET /a?b=1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /api/run HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello",
            100,
        );
        assert_eq!(got.len(), 3);
        let a = got[0].as_ref().unwrap();
        assert_eq!(
            (a.method.as_str(), a.target.as_str(), a.minor),
            ("GET", "/a?b=1", 1)
        );
        assert!(a.keep_alive());
        let b = got[1].as_ref().unwrap();
        assert_eq!(b.body, b"hello");
        assert_eq!(b.header("content-length"), Some("5"));
        assert!(!b.keep_alive());
        assert_eq!(got[2].as_ref().unwrap_err(), &ReadError::Closed);
    }

    #[test]
    fn oversized_or_malformed_requests_are_rejected() {
        let big = roundtrip(b"POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n", 100);
        assert_eq!(big[0].as_ref().unwrap_err(), &ReadError::Reject(413));
        let bad = roundtrip(b"GARBAGE\r\n\r\n", 100);
        assert_eq!(bad[0].as_ref().unwrap_err(), &ReadError::Reject(400));
        let head = format!(
            "GET / HTTP/1.1\r\nX: {}\r\n\r\n",
            "a".repeat(MAX_HEAD_BYTES)
        );
        let long = roundtrip(head.as_bytes(), 100);
        assert_eq!(long[0].as_ref().unwrap_err(), &ReadError::Reject(431));
        let chunked = roundtrip(
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n",
            100,
        );
        assert_eq!(chunked[0].as_ref().unwrap_err(), &ReadError::Reject(411));
    }
}

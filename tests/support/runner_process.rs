//! Trình chạy `caytrochoi-sach` thật trong kiểm thử, dùng chung cho
//! `tests/runner_http.rs` và `tests/runner_sandbox.rs`: khởi động bằng một lệnh bất
//! kỳ, đọc địa chỉ nó in ra, luôn dừng nó (kể cả khi kiểm thử thất bại); và các
//! tiến trình con cháu của nó, đọc từ `/proc`; và kết nối tới nó từ một địa chỉ
//! khác của 127.0.0.0/8 (như một máy khác trong phòng học).

#![allow(dead_code)] // không kiểm thử nào dùng hết mọi thứ ở đây

use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Một trình chạy đang chạy: địa chỉ và cổng đọc từ dòng `http://…` đầu tiên nó
/// in ra; mọi lời nó in (đầu ra chuẩn và lỗi) được gom lại. Bỏ đi thì nó nhận
/// `SIGTERM` (rồi `SIGKILL` sau 10 giây).
pub struct Started {
    pub child: Child,
    /// Địa chỉ nó in ra (ở chế độ lớp học có cả mã buổi học).
    pub url: String,
    pub port: u16,
    out: Option<JoinHandle<String>>,
    err: Option<JoinHandle<String>>,
}

impl Started {
    /// Khởi động `cmd`; `Err` là lời nó nói nếu nó dừng trước khi in địa chỉ.
    pub fn spawn(mut cmd: Command) -> Result<Started, String> {
        let mut child = cmd
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chạy được caytrochoi-sach");
        let stderr = child.stderr.take().unwrap();
        let err = std::thread::spawn(move || {
            let mut all = String::new();
            let _ = BufReader::new(stderr).read_to_string(&mut all);
            all
        });
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        // Đọc hết đầu ra ở một luồng riêng để trình chạy không bị kẹt khi in.
        let out = std::thread::spawn(move || {
            let mut all = String::new();
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(found) = url_in(&line) {
                    let _ = tx.send(found);
                }
                all.push_str(&line);
                all.push('\n');
            }
            all
        });
        match rx.recv() {
            Ok((url, port)) => Ok(Started {
                child,
                url,
                port,
                out: Some(out),
                err: Some(err),
            }),
            Err(_) => {
                let _ = child.wait();
                Err(format!("{}{}", out.join().unwrap(), err.join().unwrap()))
            }
        }
    }

    /// Dừng trình chạy; (mọi dòng nó in ra, mọi lời trên đầu ra lỗi).
    pub fn finish(mut self) -> (String, String) {
        self.terminate();
        let said = |h: Option<JoinHandle<String>>| h.unwrap().join().unwrap();
        (said(self.out.take()), said(self.err.take()))
    }

    /// `SIGTERM` (trình chạy tự dọn thư mục tạm rồi thoát), `SIGKILL` sau 10 giây.
    pub fn terminate(&mut self) {
        if matches!(self.child.try_wait(), Ok(Some(_))) {
            return; // đã dừng (và đã được chờ): số hiệu có thể đã thuộc tiến trình khác
        }
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM);
        }
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Started {
    fn drop(&mut self) {
        self.terminate();
    }
}

/// Địa chỉ `http://HOST:PORT/…` trong một dòng trình chạy in ra, và cổng của nó.
fn url_in(line: &str) -> Option<(String, u16)> {
    let url = line[line.find("http://")?..].trim();
    let port = url["http://".len()..]
        .split(['/', '?'])
        .next()
        .and_then(|h| h.rsplit(':').next())
        .and_then(|p| p.parse().ok())?;
    Some((url.to_string(), port))
}

/// (pid, pid của cha) của mọi tiến trình.
pub fn processes() -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(e.path().join("stat")) else {
            continue;
        };
        if let Some(ppid) = stat
            .rsplit_once(')')
            .and_then(|(_, r)| r.split_whitespace().nth(1))
            .and_then(|p| p.parse().ok())
        {
            out.push((pid, ppid));
        }
    }
    out
}

/// Mọi tiến trình con cháu của `root` (biên dịch, bwrap, chương trình của khối).
pub fn descendants(root: u32) -> Vec<u32> {
    let all = processes();
    let mut found = vec![root];
    let mut k = 0;
    while k < found.len() {
        let parent = found[k];
        found.extend(all.iter().filter(|(_, pp)| *pp == parent).map(|(p, _)| *p));
        k += 1;
    }
    found.remove(0);
    found
}

/// Một kết nối TCP tới `port` của 127.0.0.1, đi từ địa chỉ `from` (127.0.0.0/8).
pub fn connect_from(from: [u8; 4], port: u16) -> std::io::Result<TcpStream> {
    connect_with_receive_buffer(from, port, None)
}

/// Như [`connect_from`]; với `Some(n)`, bộ đệm nhận của kết nối chỉ `n` byte (máy
/// đọc chậm: máy chủ phải chờ máy này đọc để gửi tiếp).
pub fn connect_with_receive_buffer(
    from: [u8; 4],
    port: u16,
    receive_buffer: Option<libc::c_int>,
) -> std::io::Result<TcpStream> {
    use std::os::unix::io::FromRawFd;
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0);
        if fd < 0 {
            return Err(std::io::Error::last_os_error());
        }
        let stream = TcpStream::from_raw_fd(fd);
        if let Some(size) = receive_buffer {
            libc::setsockopt(
                fd,
                libc::SOL_SOCKET,
                libc::SO_RCVBUF,
                (&size as *const libc::c_int).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            );
        }
        let addr = |ip: [u8; 4], port: u16| libc::sockaddr_in {
            sin_family: libc::AF_INET as libc::sa_family_t,
            sin_port: port.to_be(),
            sin_addr: libc::in_addr {
                s_addr: u32::from_ne_bytes(ip),
            },
            sin_zero: [0; 8],
        };
        let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
        let me = addr(from, 0);
        if libc::bind(fd, (&me as *const libc::sockaddr_in).cast(), len) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let there = addr([127, 0, 0, 1], port);
        if libc::connect(fd, (&there as *const libc::sockaddr_in).cast(), len) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(stream)
    }
}

//! Kết nối không được nhận (địa chỉ đã mở đủ kết nối, hay máy chủ đầy): một
//! trang 503 tiếng Việt nói vì sao và nên làm gì, chứ không cắt ngang.

use super::connections::Refused;
use super::pages::{html, plain_page};
use super::MAX_CONNECTIONS;
use crate::runner::http::{write_response, Response};
use std::io::Read;
use std::net::{IpAddr, TcpStream};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Trang 503 tiếng Việt cho một kết nối bị từ chối: vì sao, và nên làm gì.
fn refusal_page(why: Refused, ip: IpAddr) -> String {
    let (title, body) = match why {
        Refused::Address { limit } => (
            "Máy này đang mở quá nhiều kết nối",
            format!(
                "<p>Trình chạy của sách nhận tối đa {limit} kết nối cùng lúc từ một địa chỉ, \
và địa chỉ {ip} đã dùng hết. Thường là vì nhiều máy trong phòng đi ra qua cùng một \
bộ định tuyến (NAT) nên trình chạy thấy chúng là một máy, hoặc vì một máy mở rất \
nhiều thẻ sách cùng lúc.</p><p>Đợi vài giây rồi tải lại trang. Nếu cả lớp hay gặp \
trang này, thầy/cô khởi động lại trình chạy với giới hạn lớn hơn, ví dụ \
<code>--ket-noi-moi-may {}</code> (tối đa {MAX_CONNECTIONS}).</p>",
                (limit * 2).min(MAX_CONNECTIONS)
            ),
        ),
        Refused::Full { limit } => (
            "Trình chạy đang quá tải",
            format!(
                "<p>Trình chạy đang giữ đủ {limit} kết nối cùng lúc — giới hạn của cả máy \
chủ, để máy của thầy/cô không bị cạn — và kết nối nào cũng đang làm việc.</p>\
<p>Đợi vài giây rồi tải lại trang.</p>"
            ),
        ),
    };
    plain_page(title, &body)
}

/// Câu trả lời cho một kết nối bị từ chối.
fn refusal(why: Refused, ip: IpAddr) -> Response {
    html(503, refusal_page(why, ip)).with("Retry-After", "5")
}

/// Trả lời các kết nối bị từ chối: trang 503 đi ngay (trang nhỏ, vừa bộ đệm gửi của
/// hệ điều hành, nên luồng nhận kết nối không phải chờ), rồi một luồng riêng đọc bỏ
/// yêu cầu máy kia đã gửi (tối đa nửa giây) trước khi đóng — đóng khi còn dữ liệu
/// chưa đọc thì hệ điều hành gửi RST, và trình duyệt có thể chỉ thấy "kết nối bị
/// ngắt" chứ không thấy trang. Hàng chờ có hạn: khi bị dồn dập, kết nối thừa bị
/// đóng ngay sau trang.
pub(super) struct Refusals {
    tx: mpsc::SyncSender<TcpStream>,
}

impl Refusals {
    const WAITING: usize = 64;
    const LINGER: Duration = Duration::from_millis(500);

    pub(super) fn start() -> Refusals {
        let (tx, rx) = mpsc::sync_channel::<TcpStream>(Self::WAITING);
        let _ = std::thread::Builder::new().spawn(move || {
            for stream in rx {
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
                let until = Instant::now() + Self::LINGER;
                let mut buf = [0u8; 4096];
                let mut read = 0;
                while Instant::now() < until && read < 64 * 1024 {
                    match (&stream).read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => read += n,
                    }
                }
            }
        });
        Refusals { tx }
    }

    pub(super) fn answer(&self, stream: TcpStream, why: Refused, ip: IpAddr) {
        let _ = stream.set_nonblocking(true);
        let _ = write_response(&mut &stream, &refusal(why, ip), false, false);
        let _ = stream.shutdown(std::net::Shutdown::Write);
        // Đầy hay luồng đọc bỏ không chạy: kết nối đóng ngay tại đây.
        let _ = self.tx.try_send(stream);
    }
}

//! Chương trình dòng lệnh `caytrochoi`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;

/// Bộ cấp phát bộ nhớ của chương trình: chính là của hệ thống, chỉ khác khi hết
/// bộ nhớ: nói một câu tiếng Việt rồi thoát với mã 2, thay cho câu tiếng Anh
/// "memory allocation of … bytes failed" và lệnh dừng đột ngột. (Với các giới hạn
/// mặc định, không lệnh nào cần quá 1 GiB; câu này chỉ hiện khi máy thật sự cạn
/// bộ nhớ hay khi người dùng đã nâng giới hạn.)
struct VietnameseOnOom;

#[global_allocator]
static ALLOCATOR: VietnameseOnOom = VietnameseOnOom;

// SAFETY: mọi lời gọi được chuyển nguyên cho bộ cấp phát của hệ thống; chỉ thêm
// việc kiểm tra con trỏ rỗng (hết bộ nhớ) trước khi trả về.
unsafe impl GlobalAlloc for VietnameseOnOom {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { checked(System.alloc(layout), layout.size()) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { checked(System.alloc_zeroed(layout), layout.size()) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { checked(System.realloc(ptr, layout, new_size), new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

fn checked(p: *mut u8, size: usize) -> *mut u8 {
    if p.is_null() {
        out_of_memory(size);
    }
    p
}

/// Hết bộ nhớ: không được cấp phát thêm gì nữa, nên chỉ ghi các byte có sẵn.
#[cold]
fn out_of_memory(size: usize) -> ! {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = size;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let mut err = std::io::stderr().lock();
    let _ = err.write_all("Lỗi: hết bộ nhớ (không xin thêm được ".as_bytes());
    let _ = err.write_all(&digits[at..]);
    let _ = err.write_all(
        " byte). Hãy dùng đầu vào nhỏ hơn, hoặc giữ các giới hạn mặc định \
          (caytrochoi --help), hoặc đóng bớt chương trình khác.\n"
            .as_bytes(),
    );
    drop(err);
    std::process::exit(2);
}

/// Đầu ra chuẩn, nhớ lỗi ghi đầu tiên (đĩa đầy, …) để báo bằng tiếng Việt khi
/// lệnh chạy xong. Ống dẫn bị đóng (`| head`) không phải lỗi: người dùng chỉ cần
/// phần đầu.
struct WatchedOut<W: Write> {
    inner: W,
    failed: Option<std::io::Error>,
}

impl<W: Write> WatchedOut<W> {
    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r {
            if self.failed.is_none() && e.kind() != std::io::ErrorKind::BrokenPipe {
                self.failed = Some(std::io::Error::new(e.kind(), e.to_string()));
            }
        }
        r
    }
}

impl<W: Write> Write for WatchedOut<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.note(r)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

fn main() {
    // Một lỗi lập trình không được hiện backtrace cho sinh viên: in một câu
    // tiếng Việt rồi thoát.
    std::panic::set_hook(Box::new(|info| {
        let _ = writeln!(
            std::io::stderr(),
            "Lỗi nội bộ của caytrochoi (xin báo cho người phát triển): {info}"
        );
    }));
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let stdout = std::io::stdout();
    let mut out = WatchedOut {
        inner: stdout.lock(),
        failed: None,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut io = caytrochoi::cli::Io {
        out: &mut out,
        input: &mut input,
    };
    let mut code = caytrochoi::cli::run(args, &mut io, &mut std::io::stderr());
    let _ = io.out.flush();
    if let Some(e) = out.failed.take() {
        let _ = writeln!(
            std::io::stderr(),
            "Lỗi: không ghi được đầu ra chuẩn: {}",
            caytrochoi::os_error::describe(&e)
        );
        code = 2;
    }
    std::process::exit(code);
}

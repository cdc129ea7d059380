//! Chương trình dòng lệnh `caytrochoi`.

use std::io::Write;

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
    let mut out = stdout.lock();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut io = caytrochoi::cli::Io {
        out: &mut out,
        input: &mut input,
    };
    let code = caytrochoi::cli::run(args, &mut io, &mut std::io::stderr());
    let _ = io.out.flush();
    std::process::exit(code);
}

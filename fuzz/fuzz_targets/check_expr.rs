#![no_main]
//! Đích fuzz: hàm chấm biểu thức số học với biểu thức và câu trả lời bất kỳ.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, f64)| {
    caytrochoi_fuzz::check_expr(&input.0, input.1);
});

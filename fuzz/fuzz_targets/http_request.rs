#![no_main]
//! Đích fuzz: byte bất kỳ gửi tới trình chạy mã như một yêu cầu HTTP.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    caytrochoi_fuzz::http_request(data);
});

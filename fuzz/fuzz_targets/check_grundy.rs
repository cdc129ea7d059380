#![no_main]
//! Đích fuzz: các hàm chấm của chương 5 (mex, đồ thị, Nim, quân Hậu).
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, Vec<u32>, String, u8)| {
    caytrochoi_fuzz::check_grundy(&input.0, &input.1, &input.2, input.3);
});

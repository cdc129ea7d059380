#![no_main]
//! Đích fuzz: mọi số thực (8 byte bất kỳ) qua JSON và văn bản không đổi.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|v: f64| {
    caytrochoi_fuzz::number_round_trips(v);
});

#![no_main]
//! Đích fuzz: `caytrochoi_fuzz::graph` với một chuỗi bất kỳ.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Some(s) = caytrochoi_fuzz::text(data) {
        caytrochoi_fuzz::graph(s);
    }
});

#![no_main]
//! Đích fuzz: các hàm chấm Dodgem với bàn cờ và câu trả lời bất kỳ.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, String, i32, u8)| {
    caytrochoi_fuzz::check_dodgem(&input.0, &input.1, input.2, input.3);
});

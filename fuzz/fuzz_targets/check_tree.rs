#![no_main]
//! Đích fuzz: các hàm chấm trên cây (giá trị, nước đi, nhánh bị cắt, số lá,
//! giá trị tạm) với cây và câu trả lời bất kỳ.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, String, f64, u8)| {
    caytrochoi_fuzz::check_tree(&input.0, &input.1, input.2, input.3);
});

#![no_main]
//! Đích fuzz: một bàn cờ Dodgem và một nước đi gõ tay, bất kỳ.
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (String, String)| {
    caytrochoi_fuzz::dodgem_move(&input.0, &input.1);
});

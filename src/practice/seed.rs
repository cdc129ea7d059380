//! Hạt giống của một bài: **một** cách đọc, **một** khoảng (0 … [`MAX_SEED`]),
//! cho dòng lệnh (`--hat-giong`), trang sách (mô-đun WebAssembly) và trình chạy
//! của sách (`POST /api/luyen-tap`): một hạt giống in ở nơi này mở được đúng bài
//! ấy ở nơi khác.

/// Hạt giống lớn nhất: số nguyên lớn nhất JavaScript giữ chính xác (2⁵³ − 1),
/// để trang gửi được mọi hạt giống.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Đọc hạt giống viết bằng chữ số (0 … [`MAX_SEED`]); lỗi là một câu tiếng Việt.
///
/// ```
/// use caytrochoi::practice::{parse_seed, MAX_SEED};
/// assert_eq!(parse_seed(" 42 "), Ok(42));
/// assert_eq!(parse_seed(&MAX_SEED.to_string()), Ok(MAX_SEED));
/// assert!(parse_seed(&(MAX_SEED + 1).to_string()).unwrap_err().contains("hạt giống"));
/// assert!(parse_seed("-1").is_err());
/// ```
pub fn parse_seed(seed: &str) -> Result<u64, String> {
    let value = seed.trim().parse::<u64>().ok();
    value
        .filter(|&s| s <= MAX_SEED)
        .ok_or_else(|| format!("hạt giống `{seed}` không phải một số nguyên từ 0 đến {MAX_SEED}"))
}

/// Một hạt giống "mới" mỗi lần gọi (theo đồng hồ), gọn để đọc và gõ lại
/// (0…999 999): dùng khi sinh viên không chọn hạt giống.
pub(crate) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    crate::random::SplitMix64::new(nanos).next_u64() % 1_000_000
}

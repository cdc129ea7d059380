//! Đọc các đối số của một lời gọi từ JavaScript: một mảng JSON, mỗi phần tử một
//! đối số của hàm Rust (chuỗi, số nguyên không âm, đúng/sai). Sai kiểu thì trả về
//! một câu tiếng Việt nói đối số nào sai và phải là gì — không bao giờ dừng.

use serde_json::Value;

/// Các đối số của một lời gọi hàm `function`.
pub struct Args<'a> {
    function: &'a str,
    values: Vec<Value>,
}

impl<'a> Args<'a> {
    /// Đọc mảng JSON `json`; hàm `function` nhận đúng `count` đối số.
    pub fn parse(function: &'a str, json: &str, count: usize) -> Result<Args<'a>, String> {
        let values: Vec<Value> = serde_json::from_str(json)
            .map_err(|e| format!("đối số của hàm `{function}` phải là một mảng JSON ({e})"))?;
        if values.len() != count {
            return Err(format!(
                "hàm `{function}` nhận {count} đối số, nhưng được gọi với {}",
                values.len()
            ));
        }
        Ok(Args { function, values })
    }

    /// Đối số thứ `i` (đếm từ 0) là một chuỗi.
    pub fn text(&self, i: usize) -> Result<&str, String> {
        self.values[i]
            .as_str()
            .ok_or_else(|| self.wrong(i, "một chuỗi"))
    }

    /// Đối số thứ `i` là một số nguyên từ 0 đến 4 294 967 295 (`u32`).
    pub fn number(&self, i: usize) -> Result<u32, String> {
        self.values[i]
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| self.wrong(i, "một số nguyên từ 0 đến 4 294 967 295"))
    }

    /// Đối số thứ `i` là một số nguyên từ 0 đến 255 (`u8`, ví dụ số chương).
    pub fn small(&self, i: usize) -> Result<u8, String> {
        self.values[i]
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| self.wrong(i, "một số nguyên từ 0 đến 255"))
    }

    /// Đối số thứ `i` là `true` hoặc `false`.
    pub fn flag(&self, i: usize) -> Result<bool, String> {
        self.values[i]
            .as_bool()
            .ok_or_else(|| self.wrong(i, "true hoặc false"))
    }

    fn wrong(&self, i: usize, expected: &str) -> String {
        format!(
            "đối số thứ {} của hàm `{}` phải là {expected}, không phải {}",
            i + 1,
            self.function,
            kind(&self.values[i])
        )
    }
}

/// Giá trị JSON `value` kể cho người đọc: số và true/false viết ra nguyên (chúng
/// ngắn), chuỗi, mảng, đối tượng chỉ nói kiểu (chúng có thể dài hàng triệu byte).
fn kind(value: &Value) -> String {
    match value {
        Value::Null | Value::Bool(_) | Value::Number(_) => value.to_string(),
        Value::String(_) => "một chuỗi".to_string(),
        Value::Array(_) => "một mảng".to_string(),
        Value::Object(_) => "một đối tượng".to_string(),
    }
}

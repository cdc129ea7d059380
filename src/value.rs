//! Giá trị của nút: số thực, với −∞ và +∞ làm giá trị tạm ban đầu.
//!
//! Bài giảng viết `-∞` và `∞`; ta in đúng như vậy. Số nguyên in không có phần
//! thập phân (`1`, `-1`, `0`), số lẻ in ngắn nhất có thể (`0.5`).

#[cfg(feature = "json")]
use serde::{Deserialize, Deserializer, Serializer};

/// Viết một giá trị như bài giảng: `-∞`, `∞`, `1`, `-0.5`.
pub fn fmt_value(v: f64) -> String {
    if v == f64::INFINITY {
        "∞".to_string()
    } else if v == f64::NEG_INFINITY {
        "-∞".to_string()
    } else if v.is_nan() {
        "?".to_string()
    } else if v == 0.0 {
        "0".to_string()
    } else if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// Giá trị JSON của một số: số nguyên in không có phần thập phân (`1`), số lẻ
/// giữ nguyên (`0.5`), −∞/+∞ thành chuỗi `"-inf"`/`"inf"` như mô-đun `json` bên dưới.
#[cfg(feature = "json")]
pub fn to_json(v: f64) -> serde_json::Value {
    if v.is_finite() && v.fract() == 0.0 && v.abs() < 9.0e15 {
        serde_json::Value::from(v as i64)
    } else if v.is_finite() {
        serde_json::Value::from(v)
    } else if v > 0.0 {
        serde_json::Value::from("inf")
    } else {
        serde_json::Value::from("-inf")
    }
}

/// serde: ghi một giá trị như [`to_json`] (số nguyên không có phần thập phân,
/// −∞/+∞ thành chuỗi), không cần dựng `serde_json::Value`.
#[cfg(feature = "json")]
pub(crate) fn serialize_number<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    if v.is_finite() && v.fract() == 0.0 && v.abs() < 9.0e15 {
        s.serialize_i64(*v as i64)
    } else {
        json::serialize(v, s)
    }
}

/// serde: số hữu hạn ghi thành số JSON; −∞/+∞ ghi thành chuỗi `"-inf"`/`"inf"`
/// (JSON không có vô cực).
#[cfg(feature = "json")]
pub(crate) mod json {
    use super::*;

    /// Ghi một giá trị.
    pub fn serialize<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
        if v.is_finite() {
            s.serialize_f64(*v)
        } else if *v > 0.0 {
            s.serialize_str("inf")
        } else {
            s.serialize_str("-inf")
        }
    }

    /// Đọc một giá trị.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Num(f64),
            Text(String),
        }
        match Raw::deserialize(d)? {
            Raw::Num(x) => Ok(x),
            Raw::Text(t) => match t.as_str() {
                "inf" | "∞" | "+inf" => Ok(f64::INFINITY),
                "-inf" | "-∞" => Ok(f64::NEG_INFINITY),
                _ => Err(serde::de::Error::custom(format!(
                    "giá trị không hợp lệ: {t:?} (cần một số, \"inf\" hoặc \"-inf\")"
                ))),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_the_lecture() {
        assert_eq!(fmt_value(f64::NEG_INFINITY), "-∞");
        assert_eq!(fmt_value(f64::INFINITY), "∞");
        assert_eq!(fmt_value(1.0), "1");
        assert_eq!(fmt_value(-1.0), "-1");
        assert_eq!(fmt_value(-0.0), "0");
        assert_eq!(fmt_value(2.5), "2.5");
        assert_eq!(fmt_value(-0.25), "-0.25");
    }
}

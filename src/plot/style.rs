//! Màu và phông chữ dùng chung cho mọi hình.

use plotters::style::{FontDesc, FontFamily, FontStyle, RGBColor};

/// Danh sách phông chữ ghi trong SVG; trình xem chọn phông đầu tiên nó có.
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans, Noto Sans, Arial, sans-serif";

/// Màu từ mã `0xRRGGBB`.
pub(crate) const fn hex(v: u32) -> RGBColor {
    RGBColor((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// Mực thường.
pub(crate) const INK: RGBColor = hex(0x111111);
/// Chữ phụ (ghi chú, chú giải).
pub(crate) const SOFT_INK: RGBColor = hex(0x333333);
/// Nét vẽ thường (cạnh, khung).
pub(crate) const LINE: RGBColor = hex(0x555555);
/// Xám của những gì bị cắt tỉa.
pub(crate) const GREY: RGBColor = hex(0x9a9a9a);
/// Xám nhạt của những gì chưa xét.
pub(crate) const FAINT: RGBColor = hex(0xc4c4c4);
/// Chữ mờ (nút chưa xét, bị cắt).
pub(crate) const MUTED: RGBColor = hex(0x8a8a8a);
/// Nền trắng.
pub(crate) const PAPER: RGBColor = hex(0xffffff);

/// Xanh của MAX (và quân X).
pub(crate) const MAX_STROKE: RGBColor = hex(0x1f4e96);
/// Nền nút MAX.
pub(crate) const MAX_FILL: RGBColor = hex(0xdce8fb);
/// Đỏ của MIN (và quân O).
pub(crate) const MIN_STROKE: RGBColor = hex(0xa32d1f);
/// Nền nút MIN.
pub(crate) const MIN_FILL: RGBColor = hex(0xfde0dc);
/// Đỏ của dấu cắt và lời giải thích cắt tỉa.
pub(crate) const CUT: RGBColor = hex(0xc0392b);
/// Xanh lá của đường đi chính.
pub(crate) const PV: RGBColor = hex(0x1a8f3a);
/// Cam của nút đang xét (và mũi tên nước đi).
pub(crate) const CURRENT: RGBColor = hex(0xe67e00);

/// Bảng màu dễ phân biệt cho các đường và các cột.
pub(crate) const PALETTE: [RGBColor; 6] = [
    hex(0x1f4e96),
    hex(0xc0392b),
    hex(0x1a8f3a),
    hex(0xe67e00),
    hex(0x783ca0),
    hex(0x5a5a5a),
];

/// Phông chữ cỡ `size` điểm ảnh.
pub(crate) fn font(size: f64, bold: bool, italic: bool) -> FontDesc<'static> {
    let style = match (bold, italic) {
        (true, _) => FontStyle::Bold,
        (false, true) => FontStyle::Italic,
        _ => FontStyle::Normal,
    };
    FontDesc::new(FontFamily::Name(FONT_FAMILY), backend_size(size), style)
}

/// Cỡ chữ phải đưa cho plotters để SVG ghi `font-size` gần `size` nhất mà vẫn là
/// một số gọn: plotters ghi `cỡ / 1,24`, và với vài cỡ (13, 15) không số thực nào
/// chia ra đúng; khi ấy lấy cỡ gần nhất có hai chữ số thập phân (13,01).
fn backend_size(size: f64) -> f64 {
    for k in 0..20 {
        for sign in [1.0, -1.0] {
            let target = ((size + sign * 0.01 * f64::from(k)) * 100.0).round() / 100.0;
            let scaled = target * 1.24;
            for ulps in [0i64, -1, 1, -2, 2, -3, 3, -4, 4] {
                let bits = scaled.to_bits() as i64 + ulps;
                let candidate = f64::from_bits(bits as u64);
                if candidate / 1.24 == target {
                    return candidate;
                }
            }
        }
    }
    size * 1.24
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_sizes_come_out_round() {
        for s in [
            8.0, 10.5, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 19.0, 22.0,
        ] {
            let written = font(s, false, false).get_size() / 1.24;
            assert!((written - s).abs() <= 0.05, "{s} → {written}");
            assert!(written.to_string().len() <= 5, "{written}");
        }
    }

    #[test]
    fn hex_colours() {
        assert_eq!(hex(0x1f4e96), RGBColor(0x1f, 0x4e, 0x96));
    }
}

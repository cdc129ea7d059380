//! Màu và phông chữ dùng chung cho mọi hình, và **tỉ lệ chữ**: cùng một hình vẽ
//! với chữ lớn hơn so với phần còn lại của hình ([`with_text_scale`]).

use super::error::PlotError;
use plotters::style::{FontDesc, FontFamily, FontStyle, RGBColor};
use std::cell::Cell;

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

thread_local! {
    /// Tỉ lệ chữ đang dùng trên luồng này (1 ngoài [`with_text_scale`]).
    static TEXT_SCALE: Cell<f64> = const { Cell::new(1.0) };
}

/// Tỉ lệ chữ nhỏ nhất và lớn nhất mà [`with_text_scale`] nhận.
pub const TEXT_SCALE_RANGE: (f64, f64) = (0.5, 3.0);

/// Vẽ các hình trong `draw` với mọi chữ lớn gấp `scale` lần (cỡ chữ ghi trong
/// SVG, và bề rộng ước lượng của chữ mà mọi bố trí dùng để xếp chỗ), còn nét vẽ,
/// khoảng cách và lề giữ nguyên: chữ lớn hơn *so với hình*. Những gì cao theo chữ
/// (dòng chữ xếp chồng, ô chú giải) lớn theo.
///
/// Dùng khi hình được chiếu lên xa (trang chiếu, bảng tương tác): nơi dùng hình
/// chọn tỉ lệ, thư viện không biết hình sẽ đặt ở đâu. Ngoài `draw` mọi hình vẽ
/// như cũ (tỉ lệ 1: cùng từng byte). Tỉ lệ ngoài [`TEXT_SCALE_RANGE`] là lỗi.
///
/// ```
/// use caytrochoi::{plot, tree::GameTree};
/// let cay = GameTree::parse("A(B:1, C:2)").unwrap();
/// let thuong = plot::tree(&cay).unwrap();
/// let lon = plot::with_text_scale(1.5, || plot::tree(&cay)).unwrap().unwrap();
/// assert!(thuong.svg().contains("font-size=\"16\"")); // tiêu đề
/// assert!(lon.svg().contains("font-size=\"24\"") && !lon.svg().contains("font-size=\"16\""));
/// assert_eq!(plot::tree(&cay).unwrap(), thuong);
/// assert!(plot::with_text_scale(0.0, || ()).is_err());
/// ```
pub fn with_text_scale<T>(scale: f64, draw: impl FnOnce() -> T) -> Result<T, PlotError> {
    let (lo, hi) = TEXT_SCALE_RANGE;
    if !(lo..=hi).contains(&scale) {
        return Err(PlotError::invalid(format!(
            "tỉ lệ chữ {scale} không dùng được (cần từ {lo} đến {hi})"
        )));
    }
    /// Trả lại tỉ lệ cũ khi ra khỏi `draw`, kể cả khi `draw` dừng giữa chừng.
    struct Restore(f64);
    impl Drop for Restore {
        fn drop(&mut self) {
            TEXT_SCALE.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(TEXT_SCALE.with(|s| s.replace(scale)));
    Ok(draw())
}

/// Tỉ lệ chữ đang dùng.
pub(crate) fn text_scale() -> f64 {
    TEXT_SCALE.with(Cell::get)
}

/// Một độ dài đo theo chữ (khoảng cách giữa hai dòng, ô chú giải…), theo tỉ lệ chữ.
pub(crate) fn by_text(length: f64) -> f64 {
    length * text_scale()
}

/// Như [`by_text`], làm tròn thành số điểm ảnh nguyên (cỡ vùng chữ của plotters).
pub(crate) fn text_px(length: f64) -> i32 {
    by_text(length).round() as i32
}

/// Phông chữ cỡ `size` điểm ảnh (nhân với tỉ lệ chữ đang dùng).
pub(crate) fn font(size: f64, bold: bool, italic: bool) -> FontDesc<'static> {
    let style = match (bold, italic) {
        (true, _) => FontStyle::Bold,
        (false, true) => FontStyle::Italic,
        _ => FontStyle::Normal,
    };
    FontDesc::new(
        FontFamily::Name(FONT_FAMILY),
        backend_size(by_text(size)),
        style,
    )
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
    fn text_scale_is_scoped_and_checked() {
        assert_eq!(text_scale(), 1.0);
        let inside = with_text_scale(1.5, || (text_scale(), by_text(10.0), text_px(50.0))).unwrap();
        assert_eq!(inside, (1.5, 15.0, 75));
        assert_eq!(text_scale(), 1.0);
        // Lồng nhau: ra khỏi phạm vi trong thì về tỉ lệ của phạm vi ngoài.
        let outer = with_text_scale(1.25, || {
            with_text_scale(2.0, || ()).unwrap();
            text_scale()
        })
        .unwrap();
        assert_eq!(outer, 1.25);
        for bad in [0.0, -1.0, 0.4, 3.5, f64::NAN, f64::INFINITY] {
            let e = with_text_scale(bad, || ()).unwrap_err().to_string();
            assert!(e.contains("tỉ lệ chữ"), "{e}");
        }
        assert_eq!(text_scale(), 1.0);
    }

    #[test]
    fn hex_colours() {
        assert_eq!(hex(0x1f4e96), RGBColor(0x1f, 0x4e, 0x96));
    }
}

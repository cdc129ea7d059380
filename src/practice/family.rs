//! Một **họ bài** (cây, mex, đồ thị, Nim, Bốc sỏi, Tô màu, quân Hậu, Dodgem…):
//! dữ liệu của bài cùng điều bài hỏi (một `enum` riêng của họ, nên không viết
//! được một tổ hợp vô nghĩa như "cây con bị cắt bởi vét cạn"), và mọi câu trả
//! lời về nó — đề, cách trả lời, đáp án, bộ chấm, lời giải, hình, khóa.
//!
//! [`Problem`](super::Problem) chỉ giữ hạt giống, mức, chương và **một** giá trị
//! họ bài (`AnyFamily`); mỗi câu hỏi của nó là một lời gọi sang họ ấy.
//!
//! **Thêm một họ bài** = một tệp mới `src/practice/<tệp>.rs` (một kiểu cài
//! [`Family`]) và **một dòng** `Tên(<tệp>::Kiểu),` trong lời gọi `families!` của
//! `practice/mod.rs` (dòng ấy khai báo luôn mô-đun của tệp). Danh sách mọi dạng
//! bài ([`Kind::all`](super::Kind::all)), tên gõ được, tên tiếng Việt, chương
//! ([`KindInfo`], do họ khai trong [`Family::kinds`]) và việc sinh bài theo dạng
//! đều suy ra từ danh sách này. Vì [`Kind`](super::Kind) là một `enum` công
//! khai, mỗi dạng bài mới còn cần **một biến thể** của nó trong `kind.rs`; muốn
//! dạng ấy ra trong bài ngẫu nhiên của một chương thì thêm nó vào
//! [`Kind::of_topic`](super::Kind::of_topic) — việc này đổi bài của mọi hạt
//! giống của chương ấy, nên các dấu băm ghim trong
//! `tests/fixtures/practice_digests.txt` phải được ghi lại, có chủ ý.

use super::answer::Answer;
use super::expected::Expected;
use super::feedback::Check;
use super::kind::{Kind, KindInfo};
use super::level::Level;
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;

/// Một họ bài (xem đầu mô-đun).
pub(crate) trait Family {
    /// Các dạng bài mà họ này ra được (theo thứ tự liệt kê), với tên và chương.
    fn kinds() -> Vec<KindInfo>
    where
        Self: Sized;
    /// Một bài mới của dạng `kind`; `None` (và không đụng tới `rng`) nếu dạng
    /// ấy không thuộc họ này.
    fn generate(kind: Kind, level: Level, rng: &mut SplitMix64) -> Option<Self>
    where
        Self: Sized;
    /// Dạng bài (tên công khai của điều bài hỏi).
    fn kind(&self) -> Kind;
    /// Đề bài bằng lời.
    fn statement(&self) -> String;
    /// Cách viết câu trả lời.
    fn how_to_answer(&self) -> String;
    /// Đáp án (do thư viện tính).
    fn expected(&self) -> Expected;
    /// Chấm (chưa có lời nhận xét theo bậc).
    fn check(&self, answer: &Answer) -> Check;
    /// Các bước và hình của lời giải.
    fn steps(&self) -> (Vec<String>, Option<Figure>);
    /// Hình của đề; `Ok(None)` với bài chỉ có chữ và số.
    fn figure(&self) -> Result<Option<Figure>, PlotError>;
    /// Dữ liệu của bài trong khóa nhận diện (sau tên dạng bài).
    fn key_data(&self) -> String;
    /// Các số của bài (xem [`Problem::numbers`](super::Problem::numbers)); mặc
    /// định không có.
    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }
}

/// Đăng ký các họ bài: sinh `AnyFamily` (một biến thể mỗi họ) và các hàm suy
/// ra từ danh sách (mọi dạng bài, sinh bài theo dạng, gọi sang họ).
macro_rules! families {
    ($($variant:ident($module:ident::$ty:ident),)*) => {
        $(mod $module;)*

        /// Giá trị của một họ bài bất kỳ (xem [`Family`](family::Family)).
        #[derive(Debug, Clone, PartialEq)]
        pub(crate) enum AnyFamily {
            $(
                #[allow(missing_docs)]
                $variant($module::$ty),
            )*
        }

        impl AnyFamily {
            /// Họ bài, để hỏi.
            pub(crate) fn get(&self) -> &dyn $crate::practice::family::Family {
                match self {
                    $(AnyFamily::$variant(f) => f,)*
                }
            }

            /// Mọi dạng bài của mọi họ, với tên và chương.
            pub(crate) fn kinds() -> Vec<$crate::practice::kind::KindInfo> {
                let mut all = Vec::new();
                $(all.extend(<$module::$ty as $crate::practice::family::Family>::kinds());)*
                all
            }

            /// Một bài mới của dạng `kind` (họ có dạng ấy sinh ra nó).
            pub(crate) fn generate(
                kind: $crate::practice::Kind,
                level: $crate::practice::Level,
                rng: &mut $crate::random::SplitMix64,
            ) -> Option<AnyFamily> {
                $(
                    if let Some(f) = <$module::$ty as $crate::practice::family::Family>::generate(kind, level, rng) {
                        return Some(AnyFamily::$variant(f));
                    }
                )*
                None
            }
        }

        $(
            impl From<$module::$ty> for AnyFamily {
                fn from(f: $module::$ty) -> AnyFamily {
                    AnyFamily::$variant(f)
                }
            }
        )*
    };
}

pub(crate) use families;

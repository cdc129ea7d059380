//! Một **họ bài** (cây, mex, đồ thị, Nim, Bốc sỏi, Tô màu, quân Hậu, Dodgem…):
//! dữ liệu của bài cùng điều bài hỏi, và mọi câu trả lời về nó — đề, cách trả
//! lời, đáp án, bộ chấm, lời giải, hình, khóa ([`Family`]); những điều họ ấy
//! hỏi được, tên, chương và cách sinh bài ([`Asks`]).
//!
//! Điều một họ hỏi là một `enum` công khai của chính tệp ấy (`TreeAsk`,
//! `NimAsk`…; `()` nếu họ chỉ hỏi một điều), nên không viết được một tổ hợp vô
//! nghĩa như "cây con bị cắt bởi vét cạn".
//!
//! **Thêm một họ bài** = một tệp mới `src/practice/<tệp>.rs` (một kiểu cài
//! [`Family`], và [`OneAsk`] nếu họ chỉ hỏi một điều, [`Asks`] nếu hỏi nhiều
//! điều) và **một dòng** `Tên(<tệp>::Kiểu),` (hoặc `Tên(<tệp>::Kiểu: KiểuHỏi),`
//! nếu họ hỏi nhiều điều) trong lời gọi `families!` của `practice/mod.rs`.
//! Dời hay đổi tên tệp của một họ: chỉ đổi `<tệp>` trong dòng ấy. Dòng ấy khai báo mô-đun của tệp, thêm
//! biến thể `Kind::Tên` (bọc `KiểuHỏi`, được xuất ra cùng `Kind`), và đưa họ vào
//! [`Kind::all`](super::Kind::all), [`Kind::of_topic`](super::Kind::of_topic),
//! tên gõ được, tên tiếng Việt và việc sinh bài. Họ có mặt trong bài ngẫu nhiên
//! của một chương ([`Asks::in_topic`]) thì bài của mọi hạt giống của chương ấy
//! đổi, nên các dấu băm ghim trong `tests/fixtures/practice_digests.txt` phải
//! được ghi lại, có chủ ý.

use super::answer::Answer;
use super::check::Graded;
use super::expected::Expected;
use super::level::{Level, Topic};
use crate::plot::{Figure, PlotError};
use crate::random::SplitMix64;

/// Những câu hỏi về một bài của một họ (xem đầu mô-đun).
pub(crate) trait Family: std::fmt::Debug {
    /// Đề bài bằng lời.
    fn statement(&self) -> String;
    /// Cách viết câu trả lời.
    fn how_to_answer(&self) -> String;
    /// Đáp án (do thư viện tính).
    fn expected(&self) -> Expected;
    /// Chấm (chưa có lời nhận xét theo bậc).
    fn check(&self, answer: &Answer) -> Graded;
    /// Các bước và hình của lời giải.
    fn steps(&self) -> (Vec<String>, Option<Figure>);
    /// Hình của đề; mặc định không có (bài chỉ có chữ và số).
    fn figure(&self) -> Result<Option<Figure>, PlotError> {
        Ok(None)
    }
    /// Dữ liệu của bài trong khóa nhận diện (sau tên dạng bài); mặc định là
    /// chính dữ liệu ấy, viết theo `Debug` (hai bài cùng dữ liệu thì cùng khóa).
    fn key_data(&self) -> String {
        format!("{self:?}")
    }
    /// Các số của bài (xem [`Problem::numbers`](super::Problem::numbers)); mặc
    /// định không có.
    fn numbers(&self) -> Vec<u32> {
        Vec::new()
    }
}

/// Những điều một họ hỏi được, và cách sinh một bài hỏi điều ấy.
pub(crate) trait Asks: Family + Sized {
    /// Điều họ này hỏi (chưa kèm dữ liệu của bài).
    type Ask: Copy;
    /// Mọi điều họ hỏi được (theo thứ tự liệt kê), với tên và chương.
    fn asks() -> Vec<(Self::Ask, KindInfo)>;
    /// Những điều hỏi trong bài ngẫu nhiên của chương `topic` ở mức `level`,
    /// theo thứ tự (thứ tự quyết định bài của mỗi hạt giống).
    fn in_topic(topic: Topic, level: Level) -> Vec<Self::Ask>;
    /// Một bài mới hỏi `ask`.
    fn generate(ask: Self::Ask, level: Level, rng: &mut SplitMix64) -> Self;
    /// Điều bài này hỏi.
    fn ask(&self) -> Self::Ask;
}

/// Một họ chỉ hỏi một điều (`Ask = ()`): tên, chương và cách sinh bài là đủ.
pub(crate) trait OneAsk: Family + Sized {
    /// Tên gõ được, tên tiếng Việt, và chương (bài ngẫu nhiên của chương ấy có
    /// họ này).
    const NAMES: (&'static str, &'static str, Topic);
    /// Một bài mới ở mức `level`.
    fn random(rng: &mut SplitMix64, level: Level) -> Self;
}

impl<T: OneAsk> Asks for T {
    type Ask = ();

    fn asks() -> Vec<((), KindInfo)> {
        let (code, name, topic) = T::NAMES;
        vec![info((), code, name, topic)]
    }

    fn in_topic(topic: Topic, _: Level) -> Vec<()> {
        only_in(topic, T::NAMES.2, vec![()])
    }

    fn generate((): (), level: Level, rng: &mut SplitMix64) -> T {
        T::random(rng, level)
    }

    fn ask(&self) {}
}

/// `asks` nếu `topic` là chương `of`, không thì không gì (cho [`Asks::in_topic`]
/// của họ chỉ thuộc một chương).
pub(crate) fn only_in<A>(topic: Topic, of: Topic, asks: Vec<A>) -> Vec<A> {
    if topic == of {
        asks
    } else {
        Vec::new()
    }
}

/// Một điều một họ hỏi được: tên gõ được (dòng lệnh), tên tiếng Việt và chương
/// (chương đầu tiên có nó).
#[derive(Debug, Clone)]
pub(crate) struct KindInfo {
    pub(crate) code: String,
    pub(crate) name: String,
    pub(crate) topic: Topic,
}

/// `(ask, KindInfo)` viết gọn, cho [`Asks::asks`].
pub(crate) fn info<A>(
    ask: A,
    code: impl Into<String>,
    name: impl Into<String>,
    topic: Topic,
) -> (A, KindInfo) {
    let (code, name) = (code.into(), name.into());
    (ask, KindInfo { code, name, topic })
}

/// [`Asks::asks`] của một họ mà mọi điều hỏi thuộc cùng một chương và có tên
/// cố định: `(điều hỏi, tên gõ được, tên tiếng Việt)`.
pub(crate) fn named<A: Copy>(topic: Topic, asks: &[(A, &str, &str)]) -> Vec<(A, KindInfo)> {
    let all = asks
        .iter()
        .map(|&(a, code, name)| info(a, code, name, topic));
    all.collect()
}

/// Lấy bài của đúng một họ ra khỏi [`AnyFamily`](super::AnyFamily) (cài sẵn
/// cho mọi họ đăng ký trong `families!`).
pub(crate) trait Member: Sized {
    /// Bài, nếu `any` là bài của họ này.
    fn of(any: &super::AnyFamily) -> Option<&Self>;
}

/// Đăng ký các họ bài: khai báo mô-đun của mỗi họ, sinh `Kind` (một biến thể
/// mỗi họ, bọc điều họ ấy hỏi), `AnyFamily` (một biến thể mỗi họ, bọc bài) và
/// các hàm suy ra từ danh sách (mọi dạng bài, dạng bài của một chương, sinh
/// bài theo dạng, gọi sang họ).
macro_rules! families {
    ($(
        $(#[$doc:meta])*
        $variant:ident($module:ident::$ty:ident $(: $ask:ident $(+ $extra:ident)*)?),
    )*) => {
        $(mod $module;)*
        $($(pub use $module::{$ask $(, $extra)*};)?)*

        /// Một dạng bài: họ bài và điều bài hỏi, chưa kèm dữ liệu (cây, đồ thị,
        /// bàn cờ…). Mỗi biến thể là một họ bài đăng ký trong `families!`.
        ///
        /// ```
        /// use caytrochoi::practice::{Kind, Pruning, TreeAsk};
        /// let k = Kind::Tree(TreeAsk::Pruned(Pruning::CatTia));
        /// assert_eq!(k.code(), "cat-tia");
        /// assert_eq!(Kind::parse("mex"), Some(Kind::Mex));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Kind {
            $($(#[$doc])* $variant $(($ask))?,)*
        }

        /// Bài của một họ bất kỳ (xem [`Family`](family::Family)).
        #[derive(Debug, Clone, PartialEq)]
        pub(crate) enum AnyFamily {
            $($variant($module::$ty),)*
        }

        impl Kind {
            /// Mọi dạng bài của mọi họ (theo thứ tự đăng ký), với tên và chương;
            /// lập một lần (mỗi tiêu đề, mỗi lời nhận xét đều cần tên dạng bài).
            pub(crate) fn infos() -> &'static [(Kind, family::KindInfo)] {
                static ALL: std::sync::OnceLock<Vec<(Kind, family::KindInfo)>> =
                    std::sync::OnceLock::new();
                ALL.get_or_init(|| {
                    let mut all = Vec::new();
                    $(all.extend(
                        <$module::$ty as family::Asks>::asks()
                            .into_iter()
                            .map(|(a, i)| ($crate::practice::family::families!(@kind $variant, a $(, $ask)?), i)),
                    );)*
                    all
                })
            }

            /// Các dạng bài trong bài ngẫu nhiên của một chương ở một mức (dạng
            /// "tính trước n nước" không có ở mức dễ), do từng họ bài khai.
            ///
            /// ```
            /// use caytrochoi::practice::{Kind, Level, Pruning, Topic, TreeAsk};
            /// let k = Kind::of_topic(Topic::AlphaBeta, Level::Medium);
            /// assert!(k.contains(&Kind::Tree(TreeAsk::Pruned(Pruning::CatTia))));
            /// assert!(k.contains(&Kind::Tree(TreeAsk::Pruned(Pruning::Window))));
            /// let de = Kind::of_topic(Topic::Minimax, Level::Easy);
            /// assert!(!de.contains(&Kind::Tree(TreeAsk::DepthLimited)));
            /// ```
            pub fn of_topic(topic: Topic, level: Level) -> Vec<Kind> {
                let mut all = Vec::new();
                $(all.extend(
                    <$module::$ty as family::Asks>::in_topic(topic, level)
                        .into_iter()
                        .map(|a| $crate::practice::family::families!(@kind $variant, a $(, $ask)?)),
                );)*
                all
            }
        }

        impl AnyFamily {
            /// Họ bài, để hỏi.
            pub(crate) fn get(&self) -> &dyn family::Family {
                match self {
                    $(AnyFamily::$variant(f) => f,)*
                }
            }

            /// Dạng bài.
            pub(crate) fn kind(&self) -> Kind {
                match self {
                    $(AnyFamily::$variant(f) => {
                        $crate::practice::family::families!(@kind $variant, family::Asks::ask(f) $(, $ask)?)
                    })*
                }
            }

            /// Một bài mới của dạng `kind` (họ của dạng ấy sinh ra nó).
            pub(crate) fn generate(
                kind: Kind,
                level: Level,
                rng: &mut $crate::random::SplitMix64,
            ) -> AnyFamily {
                match kind {
                    $($crate::practice::family::families!(@pattern $variant, a $(, $ask)?) => AnyFamily::$variant(
                        <$module::$ty as family::Asks>::generate(
                            $crate::practice::family::families!(@value a $(, $ask)?), level, rng,
                        ),
                    ),)*
                }
            }
        }

        $(
            impl From<$module::$ty> for AnyFamily {
                fn from(f: $module::$ty) -> AnyFamily {
                    AnyFamily::$variant(f)
                }
            }

            impl family::Member for $module::$ty {
                fn of(any: &AnyFamily) -> Option<&Self> {
                    match any {
                        AnyFamily::$variant(f) => Some(f),
                        _ => None,
                    }
                }
            }
        )*
    };
    // Họ hỏi một điều (`Ask = ()`): biến thể không bọc gì.
    (@kind $variant:ident, $a:expr) => {{
        let () = $a;
        Kind::$variant
    }};
    (@kind $variant:ident, $a:expr, $ask:ident) => { Kind::$variant($a) };
    (@pattern $variant:ident, $a:ident) => { Kind::$variant };
    (@pattern $variant:ident, $a:ident, $ask:ident) => { Kind::$variant($a) };
    (@value $a:ident) => { () };
    (@value $a:ident, $ask:ident) => { $a };
}

pub(crate) use families;

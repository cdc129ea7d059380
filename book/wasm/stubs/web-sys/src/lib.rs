//! Đứng thay crate `web-sys` khi caytrochoi biên dịch sang WebAssembly.
//!
//! Vì sao: plotters (crate vẽ hình của caytrochoi) đo chữ bằng trang web
//! (`window().document()…`, tệp `src/style/font/web.rs` của nó) mỗi khi biên
//! dịch cho wasm32, nên kéo theo wasm-bindgen, web-sys và js-sys — gần nửa thời
//! gian CPU của bản dựng WebAssembly, cùng gần 2 800 hàm mô tả trong mô-đun.
//! caytrochoi không bao giờ đi lối ấy: nó tự tính cỡ chữ (`src/plot/text.rs`), và
//! mô-đun chạy trong một Web Worker, nơi không có `window` nào. Ở đây `window()`
//! luôn là `None` — đúng điều web-sys thật trả về trong một Worker — và các kiểu
//! khác không thể tạo ra (mỗi kiểu bọc [`Never`], một kiểu không có giá trị nào),
//! nên trình biên dịch chứng minh rằng không phương thức nào dưới đây chạy được.
//!
//! Chỉ có đúng những tên mà plotters 0.3.7 dùng. `[patch.crates-io]` trong
//! Cargo.toml của caytrochoi đặt crate này vào chỗ web-sys; trên máy (không phải
//! wasm32) plotters không dùng web-sys, nên chỉ bản dựng WebAssembly thấy nó.

use wasm_bindgen::JsCast;

/// Kiểu không có giá trị nào.
#[derive(Debug, Clone, Copy)]
pub enum Never {}

/// Cửa sổ trình duyệt (không bao giờ có).
#[derive(Debug)]
pub struct Window(Never);
/// Trang web.
#[derive(Debug)]
pub struct Document(Never);
/// Một phần tử của trang.
#[derive(Debug)]
pub struct Element(Never);
/// Một phần tử HTML.
#[derive(Debug)]
pub struct HtmlElement(Never);
/// Một nút của cây trang.
#[derive(Debug)]
pub struct Node(Never);

/// Cửa sổ của trang: luôn `None` (mô-đun chạy trong Web Worker).
pub fn window() -> Option<Window> {
    None
}

impl Window {
    pub fn document(&self) -> Option<Document> {
        match self.0 {}
    }
}

impl Document {
    pub fn body(&self) -> Option<HtmlElement> {
        match self.0 {}
    }

    pub fn create_element(&self, _tag: &str) -> Result<Element, Never> {
        match self.0 {}
    }
}

impl Element {
    pub fn set_text_content(&self, _text: Option<&str>) {
        match self.0 {}
    }

    pub fn set_attribute(&self, _name: &str, _value: &str) -> Result<(), Never> {
        match self.0 {}
    }
}

impl From<Element> for Node {
    fn from(element: Element) -> Node {
        match element.0 {}
    }
}

impl HtmlElement {
    pub fn append_with_node_1(&self, _node: &Node) -> Result<(), Never> {
        match self.0 {}
    }

    pub fn offset_height(&self) -> i32 {
        match self.0 {}
    }

    pub fn offset_width(&self) -> i32 {
        match self.0 {}
    }

    pub fn remove(&self) {
        match self.0 {}
    }
}

impl JsCast for Node {}
impl JsCast for HtmlElement {}

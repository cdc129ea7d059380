//! Kiểm tra thô một SVG, dùng chung cho `tests/plot.rs` và `src/plot/tests.rs`.

/// Kiểm tra thô rằng SVG cân bằng thẻ (mỗi thẻ mở có thẻ đóng, đúng thứ tự).
pub fn assert_well_formed(svg: &str) {
    assert!(svg.starts_with("<svg"), "không bắt đầu bằng <svg");
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        let after = &rest[i + 1..];
        let end = after.find('>').expect("thẻ không đóng");
        let tag = &after[..end];
        if tag.starts_with('?') || tag.starts_with('!') {
            // khai báo XML, chú thích
        } else if let Some(name) = tag.strip_prefix('/') {
            let top = stack.pop().expect("thẻ đóng thừa");
            assert_eq!(top, name.trim(), "thẻ đóng sai thứ tự");
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap().to_string();
            stack.push(name);
        }
        rest = &after[end + 1..];
    }
    assert!(stack.is_empty(), "thẻ chưa đóng: {stack:?}");
}

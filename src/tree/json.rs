//! Đọc/ghi cây bằng JSON (serde_json).
//!
//! Dạng phẳng, mỗi nút một dòng, con được gọi bằng nhãn; nút đầu tiên là gốc:
//! ```json
//! {"root_player": "max",
//!  "nodes": [{"label": "A", "children": ["B", "C"]},
//!            {"label": "B", "value": 1},
//!            {"label": "C", "value": -1}]}
//! ```
//! Dạng phẳng không lồng nhau nên cây sâu cũng đọc được mà không tràn ngăn xếp.
//! Nhãn (của nút và trong `children`) được đưa về NFC; số đọc đúng từng bit
//! (serde_json với tính năng `float_roundtrip`), nên ghi ra rồi đọc lại được
//! đúng cây cũ.

use super::{GameTree, RawNode, TreeError};
use crate::limits::Limits;
use crate::limits::TREE_DEPTH;
use crate::player::Player;
use crate::text::nfc_owned;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonTree {
    #[serde(default = "default_root")]
    root_player: Player,
    nodes: Vec<JsonNode>,
}

fn default_root() -> Player {
    Player::Max
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonNode {
    label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    value: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    via: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    children: Vec<String>,
}

impl GameTree {
    /// Giá trị JSON của cây.
    pub fn to_json_value(&self) -> serde_json::Value {
        let doc = JsonTree {
            root_player: self.root_player,
            nodes: self
                .nodes
                .iter()
                .map(|n| JsonNode {
                    label: n.label.clone(),
                    value: n.value,
                    note: n.note.clone(),
                    via: n.via.clone(),
                    children: n
                        .children
                        .iter()
                        .map(|c| self.label(*c).to_string())
                        .collect(),
                })
                .collect(),
        };
        serde_json::to_value(doc).unwrap_or(serde_json::Value::Null)
    }

    /// Văn bản JSON của cây (gọn, một dòng).
    pub fn to_json(&self) -> String {
        self.to_json_value().to_string()
    }

    /// Đọc cây từ văn bản JSON.
    ///
    /// ```
    /// use caytrochoi::tree::GameTree;
    /// let t = GameTree::parse("A(B:1, C:-1)").unwrap();
    /// let back = GameTree::from_json(&t.to_json()).unwrap();
    /// assert_eq!(back, t);
    /// ```
    pub fn from_json(text: &str) -> Result<GameTree, TreeError> {
        Self::from_json_with_limits(text, &Limits::default())
    }

    /// Như [`GameTree::from_json`], với giới hạn số nút `limits.tree_nodes`
    /// (kiểm tra trước khi dựng cây).
    pub fn from_json_with_limits(text: &str, limits: &Limits) -> Result<GameTree, TreeError> {
        // Đếm trước khi đọc: mỗi nút là một đối tượng `{…}` (trừ đối tượng ngoài
        // cùng), nên cây quá lớn bị từ chối mà không phải dựng hàng triệu nút.
        let objects = count_objects(text);
        if objects > limits.tree_nodes.saturating_add(1) {
            return Err(TreeError::TooManyNodes {
                nodes: objects - 1,
                max: limits.tree_nodes,
            });
        }
        let mut doc: JsonTree = serde_json::from_str(text).map_err(|e| TreeError::Json {
            line: e.line(),
            column: e.column(),
            reason: json_reason(&e),
        })?;
        if doc.nodes.is_empty() {
            return Err(TreeError::Invalid("JSON của cây không có nút nào".into()));
        }
        if doc.nodes.len() > limits.tree_nodes {
            return Err(TreeError::TooManyNodes {
                nodes: doc.nodes.len(),
                max: limits.tree_nodes,
            });
        }
        for n in &mut doc.nodes {
            n.label = nfc_owned(std::mem::take(&mut n.label));
            for c in &mut n.children {
                *c = nfc_owned(std::mem::take(c));
            }
        }
        let mut index: HashMap<&str, usize> = HashMap::new();
        for (i, n) in doc.nodes.iter().enumerate() {
            if n.label.is_empty() {
                return Err(TreeError::Invalid(format!(
                    "nút thứ {} có nhãn rỗng",
                    i + 1
                )));
            }
            if index.insert(n.label.as_str(), i).is_some() {
                return Err(TreeError::DuplicateLabel {
                    label: n.label.clone(),
                    at: None,
                });
            }
        }
        let mut parent: Vec<Option<usize>> = vec![None; doc.nodes.len()];
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); doc.nodes.len()];
        for (i, n) in doc.nodes.iter().enumerate() {
            for c in &n.children {
                let Some(&j) = index.get(c.as_str()) else {
                    return Err(TreeError::Invalid(format!(
                        "nút `{}` có con `{c}` nhưng không có nút nào mang nhãn đó",
                        n.label
                    )));
                };
                if j == 0 {
                    return Err(TreeError::Invalid(format!(
                        "gốc `{}` không thể là con của `{}`",
                        doc.nodes[0].label, n.label
                    )));
                }
                if let Some(p) = parent[j] {
                    return Err(TreeError::Invalid(format!(
                        "nút `{c}` có hai cha (`{}` và `{}`): đây phải là cây",
                        doc.nodes[p].label, n.label
                    )));
                }
                parent[j] = Some(i);
                children[i].push(j);
            }
        }
        // Duyệt từ gốc để tính độ sâu; nút không tới được là lỗi (chu trình hoặc rời rạc).
        let mut depth = vec![u32::MAX; doc.nodes.len()];
        depth[0] = 0;
        let mut stack = vec![0usize];
        let mut seen = 1;
        while let Some(i) = stack.pop() {
            for &c in &children[i] {
                depth[c] = depth[i] + 1;
                if depth[c] > TREE_DEPTH {
                    return Err(TreeError::TooDeep {
                        max: TREE_DEPTH,
                        at: None,
                    });
                }
                seen += 1;
                stack.push(c);
            }
        }
        if seen != doc.nodes.len() {
            let lost = depth.iter().position(|&d| d == u32::MAX).unwrap_or(0);
            return Err(TreeError::Invalid(format!(
                "nút `{}` không nối được tới gốc `{}`",
                doc.nodes[lost].label, doc.nodes[0].label
            )));
        }
        let raw = doc
            .nodes
            .into_iter()
            .enumerate()
            .map(|(i, n)| RawNode {
                label: Some(n.label),
                value: n.value,
                children: std::mem::take(&mut children[i]),
                parent: parent[i],
                depth: depth[i],
                at: None,
                note: n.note,
                via: n.via,
            })
            .collect();
        GameTree::from_raw(raw, doc.root_player)
    }
}

/// Số đối tượng `{` trong văn bản JSON, không kể dấu `{` nằm trong chuỗi.
fn count_objects(text: &str) -> usize {
    let (mut count, mut in_string, mut escaped) = (0, false, false);
    for b in text.bytes() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'{' {
            count += 1;
        }
    }
    count
}

/// Lý do lỗi JSON bằng tiếng Việt (serde_json chỉ nói tiếng Anh).
fn json_reason(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let detail = e.to_string();
    match e.classify() {
        Category::Syntax if detail.contains("number out of range") => {
            "số quá lớn, ngoài khoảng của số thực (lớn nhất khoảng 1.8e308)".to_string()
        }
        Category::Syntax if detail.contains("recursion limit") => {
            "JSON lồng nhau quá sâu (cây JSON là một danh sách phẳng các nút)".to_string()
        }
        Category::Syntax => "sai cú pháp JSON".to_string(),
        Category::Eof => "văn bản kết thúc giữa chừng".to_string(),
        Category::Io => "lỗi đọc".to_string(),
        Category::Data => {
            if detail.contains("unknown field") {
                "có trường lạ (chỉ dùng root_player, nodes; mỗi nút: label, value, note, via, children)"
                    .to_string()
            } else if detail.contains("missing field") {
                "thiếu trường bắt buộc (cây cần `nodes`, mỗi nút cần `label`)".to_string()
            } else if detail.contains("unknown variant") {
                "root_player phải là \"max\" hoặc \"min\"".to_string()
            } else {
                "kiểu dữ liệu không đúng (label là chuỗi, value là số, children là danh sách nhãn)"
                    .to_string()
            }
        }
    }
}

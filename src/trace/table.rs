//! Bảng giá trị tạm của từng nút, giống các con số ghi cạnh mỗi nút trong hình
//! vẽ bài giảng: bên trái là các giá trị tạm từ trên xuống, bên phải là giá trị.

use super::{Trace, TraceEvent};
use crate::player::Player;
use crate::value::fmt_value;
use std::collections::HashMap;
use std::fmt;

/// Loại nút trong bảng.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKind {
    /// Nút trong MAX hoặc MIN.
    Inner(Player),
    /// Nút lá (giá trị gán sẵn).
    Leaf,
    /// Nút ở độ sâu giới hạn (giá trị của hàm lượng giá).
    Estimated,
    /// Gốc của một cây con bị cắt tỉa: không được xét.
    Pruned,
}

/// Một dòng của bảng: một nút.
#[derive(Debug, Clone, PartialEq)]
pub struct TempRow {
    /// Nhãn nút.
    pub node: String,
    /// Độ sâu.
    pub depth: u32,
    /// Loại nút.
    pub kind: RowKind,
    /// Các giá trị tạm theo thứ tự: `-∞`, `Max(-∞, 1) = 1`, …
    pub temps: Vec<String>,
    /// Giá trị cuối cùng (không có với nút bị cắt).
    pub value: Option<f64>,
    /// Các con bị cắt tỉa tại nút này.
    pub cut: Vec<String>,
    /// `false` nếu nút dừng sớm vì cắt tỉa.
    pub complete: bool,
}

/// Bảng giá trị tạm, các nút sắp theo mức (từ gốc xuống), trong mỗi mức từ trái
/// sang phải.
#[derive(Debug, Clone, PartialEq)]
pub struct TempTable {
    /// Các dòng.
    pub rows: Vec<TempRow>,
}

impl Trace {
    /// Bảng giá trị tạm của từng nút.
    pub fn table(&self) -> TempTable {
        let mut rows: Vec<TempRow> = Vec::new();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut row = |rows: &mut Vec<TempRow>, node: &str, depth: u32, kind: RowKind| -> usize {
            *index.entry(node.to_string()).or_insert_with(|| {
                rows.push(TempRow {
                    node: node.to_string(),
                    depth,
                    kind,
                    temps: Vec::new(),
                    value: None,
                    cut: Vec::new(),
                    complete: true,
                });
                rows.len() - 1
            })
        };
        let mut depth_of: HashMap<String, u32> = HashMap::new();
        for e in &self.events {
            match e {
                TraceEvent::Enter {
                    node,
                    depth,
                    player,
                    temp,
                    ..
                } => {
                    depth_of.insert(node.clone(), *depth);
                    let i = row(&mut rows, node, *depth, RowKind::Inner(*player));
                    rows[i].temps.push(fmt_value(*temp));
                }
                TraceEvent::Leaf {
                    node,
                    depth,
                    value,
                    kind,
                    ..
                } => {
                    let k = match kind {
                        super::LeafKind::Payoff => RowKind::Leaf,
                        super::LeafKind::Heuristic => RowKind::Estimated,
                    };
                    let i = row(&mut rows, node, *depth, k);
                    rows[i].value = Some(*value);
                }
                TraceEvent::Update {
                    node,
                    player,
                    old,
                    child_value,
                    new,
                    ..
                } => {
                    let d = depth_of.get(node).copied().unwrap_or(0);
                    let i = row(&mut rows, node, d, RowKind::Inner(*player));
                    rows[i].temps.push(format!(
                        "{}({}, {}) = {}",
                        player.fn_name(),
                        fmt_value(*old),
                        fmt_value(*child_value),
                        fmt_value(*new)
                    ));
                }
                TraceEvent::Cut {
                    node,
                    player,
                    depth,
                    pruned,
                    ..
                } => {
                    let i = row(&mut rows, node, *depth, RowKind::Inner(*player));
                    rows[i].cut.extend(pruned.iter().cloned());
                    rows[i].complete = false;
                    for p in pruned {
                        row(&mut rows, p, depth + 1, RowKind::Pruned);
                    }
                }
                TraceEvent::Return { node, value, .. } => {
                    let d = depth_of.get(node).copied().unwrap_or(0);
                    let i = row(&mut rows, node, d, RowKind::Leaf);
                    rows[i].value = Some(*value);
                }
            }
        }
        // Sắp theo mức; trong một mức giữ thứ tự gặp (duyệt sâu từ trái sang phải).
        let mut order: Vec<usize> = (0..rows.len()).collect();
        order.sort_by_key(|&i| (rows[i].depth, i));
        TempTable {
            rows: order.into_iter().map(|i| rows[i].clone()).collect(),
        }
    }
}

impl TempRow {
    pub(crate) fn kind_text(&self) -> &'static str {
        match self.kind {
            RowKind::Inner(Player::Max) => "MAX",
            RowKind::Inner(Player::Min) => "MIN",
            RowKind::Leaf => "lá",
            RowKind::Estimated => "lượng giá",
            RowKind::Pruned => "bị cắt",
        }
    }

    /// Các dòng của cột "giá trị tạm", kể cả ghi chú cắt tỉa.
    pub(crate) fn temp_lines(&self) -> Vec<String> {
        let mut lines = self.temps.clone();
        if !self.cut.is_empty() {
            lines.push(format!("cắt tỉa: {}", self.cut.join(", ")));
        }
        if lines.is_empty() {
            lines.push("—".to_string());
        }
        lines
    }

    pub(crate) fn value_text(&self) -> String {
        self.value.map(fmt_value).unwrap_or_else(|| "—".to_string())
    }
}

impl TempTable {
    /// Dòng của nút có nhãn `node`.
    pub fn row(&self, node: &str) -> Option<&TempRow> {
        self.rows.iter().find(|r| r.node == node)
    }

    /// Bảng dạng Markdown (cho sách), các giá trị tạm cách nhau bởi `<br>`.
    pub fn to_markdown(&self) -> String {
        let mut out = String::from(
            "| Nút | Loại | Giá trị tạm (từ trên xuống) | Giá trị |\n|---|---|---|---|\n",
        );
        for r in &self.rows {
            out.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                r.node,
                r.kind_text(),
                r.temp_lines().join("<br>"),
                r.value_text()
            ));
        }
        out
    }
}

fn width(s: &str) -> usize {
    s.chars().count()
}

fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

impl fmt::Display for TempTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = ["Nút", "Loại", "Giá trị tạm (từ trên xuống)", "Giá trị"];
        let mut w = head.map(width);
        for r in &self.rows {
            w[0] = w[0].max(width(&r.node));
            w[1] = w[1].max(width(r.kind_text()));
            for t in r.temp_lines() {
                w[2] = w[2].max(width(&t));
            }
            w[3] = w[3].max(width(&r.value_text()));
        }
        let line = |f: &mut fmt::Formatter<'_>, cells: [&str; 4]| {
            let text = format!(
                "{}  {}  {}  {}",
                pad(cells[0], w[0]),
                pad(cells[1], w[1]),
                pad(cells[2], w[2]),
                cells[3]
            );
            writeln!(f, "{}", text.trim_end())
        };
        line(f, head)?;
        writeln!(f, "{}", "-".repeat(w[0] + w[1] + w[2] + w[3] + 6))?;
        for r in &self.rows {
            let temps = r.temp_lines();
            for (k, t) in temps.iter().enumerate() {
                if k == 0 {
                    line(f, [&r.node, r.kind_text(), t, &r.value_text()])?;
                } else {
                    line(f, ["", "", t, ""])?;
                }
            }
        }
        Ok(())
    }
}

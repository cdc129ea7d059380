//! Bảng giá trị tạm của từng nút, giống các con số ghi cạnh mỗi nút trong hình
//! vẽ bài giảng: bên trái là các giá trị tạm từ trên xuống, bên phải là giá trị.

use super::{LeafKind, Replay, Status, Trace};
use crate::player::Player;
use crate::value::fmt_value;
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
    /// Bảng giá trị tạm của từng nút (sau khi phát lại toàn bộ vết).
    pub fn table(&self) -> TempTable {
        self.replay().table()
    }
}

impl Replay<'_> {
    /// Bảng giá trị tạm của các nút đã gặp tới bước hiện tại.
    pub fn table(&self) -> TempTable {
        let trace = self.trace;
        let mut ids: Vec<usize> = (0..trace.nodes.len())
            .filter(|&i| self.nodes[i].status != Status::Unseen)
            .collect();
        // Theo mức từ gốc xuống; trong một mức, theo thứ tự gặp.
        ids.sort_by_key(|&i| (trace.nodes[i].depth, i));
        let rows = ids
            .into_iter()
            .map(|i| {
                let n = &self.nodes[i];
                let kind = match (n.status, n.leaf) {
                    (Status::Pruned, _) => RowKind::Pruned,
                    (_, Some(LeafKind::Payoff)) => RowKind::Leaf,
                    (_, Some(LeafKind::Heuristic)) => RowKind::Estimated,
                    (_, None) => RowKind::Inner(trace.nodes[i].player),
                };
                let player = trace.nodes[i].player;
                TempRow {
                    node: trace.nodes[i].label.clone(),
                    depth: trace.nodes[i].depth,
                    kind,
                    temps: n.temps.iter().map(|t| t.text(player)).collect(),
                    value: n.value,
                    cut: n
                        .pruned
                        .iter()
                        .map(|&p| trace.nodes[p].label.clone())
                        .collect(),
                    complete: n.pruned.is_empty(),
                }
            })
            .collect();
        TempTable { rows }
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

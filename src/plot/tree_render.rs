//! Vẽ một [`TreeLayout`] bằng plotters: cạnh (mờ, nét đứt, thường, rồi đường đi
//! chính), nút, chữ, dấu cắt, chú giải. Không tính toán vị trí nào: mọi tọa độ
//! đã có trong mô hình.

use super::error::PlotError;
use super::figure::Paint;
use super::paint::{self, Area, Canvas};
use super::style::{
    hex, CURRENT, CUT, FAINT, GREY, LINE, MAX_FILL, MAX_STROKE, MIN_FILL, MIN_STROKE, PAPER, PV,
};
use super::tree_model::{
    CutMark, EdgeLayout, LegendEntry, LegendKind, NodeLayout, NodeState, NoteLayout, TreeLayout,
    FRAME,
};
use crate::player::Player;
use plotters::style::RGBColor;

const LEAF_FILL: RGBColor = hex(0xf1e6c8);
const LEAF_STROKE: RGBColor = hex(0x6b5200);
const CURRENT_FILL: RGBColor = hex(0xfff2c6);
const PRUNED_FILL: RGBColor = hex(0xeeeeee);
/// Nét đứt của nhánh bị cắt: dài 5, cách 4.
const DASH: (f64, f64) = (5.0, 4.0);

impl Paint for TreeLayout {
    fn size(&self) -> (u32, u32) {
        (self.width.ceil() as u32, self.height.ceil() as u32)
    }

    fn paint(&self, area: &Area) -> Result<(), PlotError> {
        let c = paint::canvas(area)?;
        paint::labels(&c, self.title.iter().chain(&self.caption))?;
        for e in &self.legend {
            legend_entry(&c, e)?;
        }
        paint::labels(&c, &self.levels)?;
        // Cạnh mờ và nét đứt dưới cùng, đường đi chính trên cùng.
        for layer in 0..3 {
            for e in self.edges.iter().filter(|e| edge_layer(e) == layer) {
                edge(&c, e)?;
            }
        }
        for n in &self.nodes {
            node(&c, n)?;
        }
        for m in &self.cuts {
            cut_mark(&c, m)?;
        }
        paint::labels(&c, &self.footer)
    }
}

fn edge_layer(e: &EdgeLayout) -> u8 {
    if e.pv {
        2
    } else if e.pruned || e.unvisited {
        0
    } else {
        1
    }
}

fn edge(c: &Canvas, e: &EdgeLayout) -> Result<(), PlotError> {
    if e.pv {
        paint::path(c, &e.points, (PV, 4), None)
    } else if e.pruned {
        paint::path(c, &e.points, (GREY, 1), Some(DASH))
    } else if e.unvisited {
        paint::path(c, &e.points, (FAINT, 1), None)
    } else {
        paint::path(c, &e.points, (LINE, 1), None)
    }
}

/// Màu nền, màu viền và độ dày viền của một nút.
fn node_style(n: &NodeLayout) -> (RGBColor, RGBColor, u32) {
    let (fill, stroke) = match n.player {
        Player::Max => (MAX_FILL, MAX_STROKE),
        Player::Min => (MIN_FILL, MIN_STROKE),
    };
    match n.state {
        NodeState::Normal if n.leaf_frame => (LEAF_FILL, stroke, 2),
        NodeState::Normal => (fill, stroke, 2),
        NodeState::Current => (CURRENT_FILL, CURRENT, 3),
        NodeState::Unvisited => (PAPER, FAINT, 2),
        NodeState::Pruned => (PRUNED_FILL, GREY, 1),
    }
}

fn node(c: &Canvas, n: &NodeLayout) -> Result<(), PlotError> {
    let (fill, stroke, w) = node_style(n);
    let (hw, hh) = (n.half_width, n.half_height);
    if n.leaf_frame && n.state == NodeState::Normal {
        // Viền ngoài của viền đôi.
        shape(
            c,
            n.player,
            (n.x, n.y),
            hw + FRAME,
            hh + FRAME,
            None,
            (LEAF_STROKE, 1),
            false,
        )?;
    }
    let dashed = n.state == NodeState::Pruned;
    shape(
        c,
        n.player,
        (n.x, n.y),
        hw,
        hh,
        Some(fill),
        (stroke, w),
        dashed,
    )?;
    paint::label(c, &n.label)?;
    if let Some(note) = &n.note {
        match note {
            NoteLayout::Board {
                left,
                top,
                cell,
                marks,
            } => {
                let side = 3.0 * cell;
                paint::rect(
                    c,
                    (*left, *top),
                    (left + side, top + side),
                    Some(PAPER),
                    None,
                )?;
                for k in 1..3 {
                    let d = cell * k as f64;
                    let grid = (hex(0x999999), 1);
                    paint::path(c, &[(left + d, *top), (left + d, top + side)], grid, None)?;
                    paint::path(c, &[(*left, top + d), (left + side, top + d)], grid, None)?;
                }
                paint::rect(
                    c,
                    (*left, *top),
                    (left + side, top + side),
                    None,
                    Some((LINE, 1)),
                )?;
                paint::labels(c, marks)?;
            }
            NoteLayout::Text(l) => paint::label(c, l)?,
        }
    }
    paint::labels(c, n.temps.iter().chain(&n.value).chain(&n.below))
}

/// Hình nút: vuông (MAX) hoặc tròn/elip (MIN); `dashed`: viền nét đứt.
#[allow(clippy::too_many_arguments)]
fn shape(
    c: &Canvas,
    player: Player,
    (x, y): (f64, f64),
    hw: f64,
    hh: f64,
    fill: Option<RGBColor>,
    stroke: (RGBColor, u32),
    dashed: bool,
) -> Result<(), PlotError> {
    let outline: Vec<(f64, f64)> = match player {
        Player::Max => vec![
            (x - hw, y - hh),
            (x + hw, y - hh),
            (x + hw, y + hh),
            (x - hw, y + hh),
        ],
        Player::Min => paint::ellipse_points((x, y), hw, hh),
    };
    if !dashed {
        return match player {
            Player::Max => paint::rect(c, (x - hw, y - hh), (x + hw, y + hh), fill, Some(stroke)),
            Player::Min => paint::ellipse(c, (x, y), hw, hh, fill, Some(stroke)),
        };
    }
    if let Some(f) = fill {
        paint::polygon(c, &outline, Some(f), None)?;
    }
    let mut closed = outline.clone();
    closed.push(outline[0]);
    paint::path(c, &closed, stroke, Some((4.0, 3.0)))
}

fn cut_mark(c: &Canvas, m: &CutMark) -> Result<(), PlotError> {
    for [a, b] in &m.bars {
        paint::path(c, &[*a, *b], (CUT, 2), None)?;
    }
    paint::labels(c, &m.reason)
}

fn legend_entry(c: &Canvas, e: &LegendEntry) -> Result<(), PlotError> {
    let (x, cy) = (e.x, e.y);
    let square =
        |fill, stroke| paint::rect(c, (x + 8.0, cy - 8.0), (x + 24.0, cy + 8.0), fill, stroke);
    match e.kind {
        LegendKind::Max => square(Some(MAX_FILL), Some((MAX_STROKE, 2)))?,
        LegendKind::Min => paint::circle(
            c,
            (x + 16.0, cy),
            8.0,
            Some(MIN_FILL),
            Some((MIN_STROKE, 2)),
        )?,
        LegendKind::Leaf => {
            paint::rect(
                c,
                (x + 5.0, cy - 11.0),
                (x + 27.0, cy + 11.0),
                None,
                Some((LEAF_STROKE, 1)),
            )?;
            square(Some(LEAF_FILL), Some((MAX_STROKE, 2)))?;
        }
        LegendKind::Pv => paint::path(c, &[(x + 2.0, cy), (x + 30.0, cy)], (PV, 4), None)?,
        LegendKind::Cut => {
            paint::path(c, &[(x + 2.0, cy), (x + 30.0, cy)], (GREY, 1), Some(DASH))?;
            for dx in [13.0, 18.0] {
                paint::path(c, &[(x + dx, cy - 7.0), (x + dx, cy + 7.0)], (CUT, 2), None)?;
            }
        }
        LegendKind::Current => paint::circle(
            c,
            (x + 16.0, cy),
            8.0,
            Some(CURRENT_FILL),
            Some((CURRENT, 3)),
        )?,
        LegendKind::Unvisited => {
            paint::circle(c, (x + 16.0, cy), 8.0, Some(PAPER), Some((FAINT, 2)))?
        }
    }
    paint::label(c, &e.label)
}

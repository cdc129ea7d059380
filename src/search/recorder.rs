//! Sổ ghi của một lần tìm kiếm: đếm nút, ghi vết, giữ đường đi chính.
//!
//! Tách khỏi thuật toán để mã của `search`, `cat_tia`, `blue_value` đọc giống
//! bài giảng: thuật toán chỉ gọi `visit`, `enter`, `update`, `cut`, `leave`.

use super::SearchError;
use crate::game::Game;
use crate::player::Player;
use crate::trace::{Algorithm, AlphaBeta, Bound, CutReason, LeafKind, Trace, TraceEvent};

pub(crate) struct Recorder<'g, G: Game> {
    pub game: &'g G,
    pub algorithm: Algorithm,
    pub depth_limit: Option<u32>,
    pub order_moves: bool,
    pub nodes_visited: u64,
    pub leaves_evaluated: u64,
    pub nodes_per_depth: Vec<u64>,
    pub pruned: Vec<String>,
    events: Option<Vec<TraceEvent>>,
    /// Có cần dãy tên nước đi từ gốc không (trò chơi không có nhãn trạng thái,
    /// mà ta cần gọi tên nút để ghi vết hoặc ghi cây con bị cắt).
    need_names: bool,
    /// Trò chơi có nhãn trạng thái riêng không; nếu không, gọi nút bằng dãy nước đi.
    has_state_labels: bool,
    /// Nhãn các nút trên đường từ gốc đến nút hiện tại (khi cần nhãn).
    label_stack: Vec<String>,
    /// Tên các nước đi từ gốc đến nút hiện tại (khi trò chơi không có nhãn).
    name_stack: Vec<String>,
    /// Bảng đường đi chính: `pv[ply]` là dãy nước tốt nhất từ nút ở mức `ply`.
    pv: Vec<Vec<G::Move>>,
    /// Các danh sách nước đi đã dùng xong, để dùng lại (tránh cấp phát mỗi nút).
    spare: Vec<Vec<G::Move>>,
}

/// Lý do phải dừng tìm kiếm giữa chừng (lỗi được đóng hộp để giá trị trả về của
/// mỗi bước đệ quy nhỏ gọn: `Result<f64, Stop>` chỉ 16 byte).
#[derive(Debug)]
pub(crate) struct Stop(pub Box<SearchError>);

impl From<SearchError> for Stop {
    fn from(e: SearchError) -> Stop {
        Stop(Box::new(e))
    }
}

/// Độ sâu đệ quy tối đa: tránh tràn ngăn xếp với trò chơi có chu trình.
pub const MAX_SEARCH_DEPTH: u32 = crate::tree::MAX_DEPTH;

impl<'g, G: Game> Recorder<'g, G> {
    pub fn new(
        game: &'g G,
        root: &G::State,
        algorithm: Algorithm,
        depth_limit: Option<u32>,
        order_moves: bool,
        trace: bool,
    ) -> Self {
        let has_state_labels = game.state_label(root).is_some();
        Recorder {
            game,
            algorithm,
            depth_limit,
            order_moves,
            nodes_visited: 0,
            leaves_evaluated: 0,
            nodes_per_depth: Vec::new(),
            pruned: Vec::new(),
            events: trace.then(Vec::new),
            need_names: !has_state_labels && (trace || algorithm != Algorithm::Minimax),
            has_state_labels,
            label_stack: Vec::new(),
            name_stack: Vec::new(),
            pv: Vec::new(),
            spare: Vec::new(),
        }
    }

    pub fn take_trace(&mut self) -> Option<Trace> {
        self.events.take().map(|events| Trace {
            algorithm: self.algorithm,
            events,
        })
    }

    pub fn take_pv(&mut self) -> Vec<G::Move> {
        self.pv.first_mut().map(std::mem::take).unwrap_or_default()
    }

    fn label_of(&self, s: &G::State) -> String {
        if self.has_state_labels {
            self.game.state_label(s).unwrap_or_default()
        } else if self.name_stack.is_empty() {
            "gốc".to_string()
        } else {
            self.name_stack.join(" ")
        }
    }

    fn current_label(&self) -> String {
        self.label_stack.last().cloned().unwrap_or_default()
    }

    fn parent_label(&self) -> Option<String> {
        let n = self.label_stack.len();
        (n >= 2).then(|| self.label_stack[n - 2].clone())
    }

    /// Bắt đầu định trị nút `s` ở mức `ply`: đếm nút. Lỗi nếu quá sâu.
    #[inline(always)]
    pub fn visit(&mut self, s: &G::State, ply: u32) -> Result<(), Stop> {
        if ply > MAX_SEARCH_DEPTH {
            return Err(SearchError::TooDeep {
                max: MAX_SEARCH_DEPTH,
            }
            .into());
        }
        self.nodes_visited += 1;
        let d = ply as usize;
        if self.nodes_per_depth.len() <= d {
            self.nodes_per_depth.resize(d + 1, 0);
        }
        self.nodes_per_depth[d] += 1;
        if self.pv.len() <= d + 1 {
            self.pv.resize_with(d + 2, Vec::new);
        }
        self.pv[d].clear();
        if self.events.is_some() {
            self.push_label(s);
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn push_label(&mut self, s: &G::State) {
        let l = self.label_of(s);
        self.label_stack.push(l);
    }

    /// Nếu `s` là nút lá (trạng thái kết thúc, hoặc đã tới độ sâu giới hạn) thì
    /// trả về giá trị của nó: `Payoff` hoặc hàm lượng giá.
    #[inline(always)]
    pub fn leaf_value(&mut self, s: &G::State, ply: u32) -> Result<Option<f64>, Stop> {
        let (value, kind) = if self.game.is_terminal(s) {
            (self.game.payoff(s), LeafKind::Payoff)
        } else if self.depth_limit.is_some_and(|d| ply >= d) {
            match self.game.heuristic(s) {
                Some(v) => (v, LeafKind::Heuristic),
                None => {
                    return Err(SearchError::NoHeuristic {
                        node: self.label_of(s),
                        depth: ply,
                    }
                    .into())
                }
            }
        } else {
            return Ok(None);
        };
        self.leaves_evaluated += 1;
        if self.events.is_some() {
            self.record_leaf(ply, value, kind);
        }
        Ok(Some(value))
    }

    #[cold]
    #[inline(never)]
    fn record_leaf(&mut self, ply: u32, value: f64, kind: LeafKind) {
        let ev = TraceEvent::Leaf {
            node: self.current_label(),
            parent: self.parent_label(),
            depth: ply,
            value,
            kind,
        };
        self.push_event(ev);
        self.label_stack.pop();
    }

    /// Nút trong: ghi giá trị tạm ban đầu (và cận nhận từ cha).
    #[inline]
    pub fn enter(&mut self, mode: Player, temp: f64, ply: u32, bound: Option<Bound>) {
        if self.events.is_some() {
            self.record_enter(mode, temp, ply, bound);
        }
    }

    #[cold]
    #[inline(never)]
    fn record_enter(&mut self, mode: Player, temp: f64, ply: u32, bound: Option<Bound>) {
        {
            let ev = TraceEvent::Enter {
                node: self.current_label(),
                parent: self.parent_label(),
                depth: ply,
                player: mode,
                temp,
                bound,
            };
            self.push_event(ev);
        }
    }

    /// Các nước đi từ `s`, sắp thứ tự nếu được yêu cầu: nước có giá trị ước
    /// lượng tốt nhất cho người đi trước; nước không ước lượng được để sau,
    /// giữ thứ tự cũ.
    #[inline]
    pub fn moves(&mut self, s: &G::State, mode: Player) -> Vec<G::Move> {
        let mut moves = self.spare.pop().unwrap_or_default();
        self.game.legal_moves_into(s, &mut moves);
        if !self.order_moves {
            return moves;
        }
        self.sorted(s, mode, moves)
    }

    /// Trả lại danh sách nước đi đã xét xong để lần sau dùng lại.
    #[inline]
    pub fn recycle(&mut self, mut moves: Vec<G::Move>) {
        moves.clear();
        self.spare.push(moves);
    }

    fn sorted(&self, s: &G::State, mode: Player, moves: Vec<G::Move>) -> Vec<G::Move> {
        let mut keyed: Vec<(Option<f64>, G::Move)> = moves
            .into_iter()
            .map(|m| {
                let c = self.game.apply(s, &m);
                let key = if self.game.is_terminal(&c) {
                    Some(self.game.payoff(&c))
                } else {
                    self.game.heuristic(&c)
                };
                (key, m)
            })
            .collect();
        keyed.sort_by(|(a, _), (b, _)| match (a, b) {
            (Some(x), Some(y)) => match mode {
                Player::Max => y.total_cmp(x),
                Player::Min => x.total_cmp(y),
            },
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        keyed.into_iter().map(|(_, m)| m).collect()
    }

    /// Trước khi đi xuống con qua nước `mv` (từ trạng thái `s`).
    #[inline]
    pub fn descend(&mut self, s: &G::State, mv: &G::Move) {
        if self.need_names {
            let name = self.game.move_name(s, mv);
            self.name_stack.push(name);
        }
    }

    /// Sau khi con đã có giá trị.
    #[inline]
    pub fn ascend(&mut self) {
        if self.need_names {
            self.name_stack.pop();
        }
    }

    /// Quay lui: con qua nước `mv` có giá trị `child_value`; trả về giá trị tạm
    /// mới `Max(old, child_value)` hoặc `Min(old, child_value)`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn update(
        &mut self,
        s: &G::State,
        mode: Player,
        old: f64,
        child_value: f64,
        mv: &G::Move,
        ply: u32,
        window: Option<AlphaBeta>,
    ) -> f64 {
        let new = mode.combine(old, child_value);
        if mode.prefers(child_value, old) {
            // Con này tốt hơn hẳn: đường đi chính qua nó.
            let d = ply as usize;
            let (head, tail) = self.pv.split_at_mut(d + 1);
            let line = &mut head[d];
            line.clear();
            line.push(mv.clone());
            line.extend(tail[0].iter().cloned());
        }
        if self.events.is_some() {
            self.record_update(s, mode, old, child_value, new, mv, window);
        }
        new
    }

    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn record_update(
        &mut self,
        s: &G::State,
        mode: Player,
        old: f64,
        child_value: f64,
        new: f64,
        mv: &G::Move,
        window: Option<AlphaBeta>,
    ) {
        {
            let child = {
                let c = self.game.apply(s, mv);
                if self.has_state_labels {
                    self.game.state_label(&c).unwrap_or_default()
                } else {
                    let mut names = self.name_stack.clone();
                    names.push(self.game.move_name(s, mv));
                    names.join(" ")
                }
            };
            let ev = TraceEvent::Update {
                node: self.current_label(),
                player: mode,
                child,
                old,
                child_value,
                new,
                window,
            };
            self.push_event(ev);
        }
    }

    /// Cắt tỉa tại nút `s`: các nước `rest` không được xét.
    pub fn cut(
        &mut self,
        s: &G::State,
        mode: Player,
        ply: u32,
        rest: &[G::Move],
        reason: CutReason,
    ) {
        if rest.is_empty() {
            return;
        }
        let names: Vec<String> = rest
            .iter()
            .map(|m| {
                if self.has_state_labels {
                    self.game
                        .state_label(&self.game.apply(s, m))
                        .unwrap_or_default()
                } else {
                    let mut path = self.name_stack.clone();
                    path.push(self.game.move_name(s, m));
                    path.join(" ")
                }
            })
            .collect();
        self.pruned.extend(names.iter().cloned());
        if self.events.is_some() {
            let ev = TraceEvent::Cut {
                node: self.current_label(),
                player: mode,
                depth: ply,
                pruned: names,
                reason,
            };
            self.push_event(ev);
        }
    }

    /// Nhãn của nút cha của nút hiện tại (cho lý do cắt tỉa của `cat_tia`).
    /// Rỗng khi không ghi vết (chuỗi rỗng không cấp phát: cắt tỉa không tốn thêm gì).
    pub fn parent_name(&self) -> String {
        self.parent_label().unwrap_or_default()
    }

    /// Kết thúc nút trong: giá trị tạm cuối cùng là giá trị của nút.
    #[inline]
    pub fn leave(&mut self, value: f64, complete: bool) {
        if self.events.is_some() {
            self.record_return(value, complete);
        }
    }

    #[cold]
    #[inline(never)]
    fn record_return(&mut self, value: f64, complete: bool) {
        let ev = TraceEvent::Return {
            node: self.current_label(),
            value,
            complete,
        };
        self.push_event(ev);
        self.label_stack.pop();
    }

    fn push_event(&mut self, e: TraceEvent) {
        if let Some(ev) = self.events.as_mut() {
            ev.push(e);
        }
    }
}

//! Người quan sát ghi vết: mỗi bước thuật toán báo thành một [`TraceEvent`].

use super::{Algorithm, AlphaBeta, Bound, Cut, LeafKind, Trace, TraceEvent, TraceNode};
use crate::game::Game;
use crate::player::Player;
use crate::search::names::Namer;
use crate::search::{Observer, SearchError};

/// Một nút đang xét (chưa rời đi).
struct Open<S> {
    id: usize,
    state: S,
    bound: Bound,
    /// Giá trị tạm hiện thời (`None`: chưa có — có thể là nút lá).
    temp: Option<f64>,
    /// Số con đã bắt đầu xét.
    children: usize,
    /// Nút đã dừng sớm vì cắt tỉa.
    cut: bool,
}

/// Ghi vết một lần tìm kiếm trên `game`.
///
/// ```
/// use caytrochoi::search::{cat_tia, no_bound, trace::Recorder, Algorithm};
/// use caytrochoi::{tree::GameTree, Player};
/// let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
/// let mut rec = Recorder::new(&t, Algorithm::CatTia);
/// cat_tia(&t, &t.root(), Player::Max, no_bound(Player::Max), &mut rec).unwrap();
/// let vet = rec.finish();
/// assert_eq!(vet.walk_lines()[0], "A là nút MAX, chưa phải nút lá: gán Vq ban đầu -∞.");
/// ```
pub struct Recorder<'g, G: Game> {
    game: &'g G,
    trace: Trace,
    open: Vec<Open<G::State>>,
    /// Nút vừa rời đi và giá trị của nó (con vừa xét xong của nút đang mở).
    last: Option<(usize, f64)>,
    /// Loại giá trị của một nút lá.
    leaf_kind: fn(&G, &G::State) -> LeafKind,
    /// Cách gọi tên các nút (biết khi gặp gốc).
    namer: Option<Namer>,
    /// Số bước tối đa của vết.
    max_events: usize,
}

impl<'g, G: Game> Recorder<'g, G> {
    /// Ghi vết của `algorithm` chạy trên `game`; mọi nút lá có giá trị `Payoff`.
    pub fn new(game: &'g G, algorithm: Algorithm) -> Self {
        Recorder {
            game,
            trace: Trace {
                algorithm,
                nodes: Vec::new(),
                events: Vec::new(),
            },
            open: Vec::new(),
            last: None,
            leaf_kind: |_, _| LeafKind::Payoff,
            namer: None,
            max_events: crate::limits::TRACE_EVENTS,
        }
    }

    /// Đặt số bước tối đa của vết (mặc định [`crate::limits::TRACE_EVENTS`]).
    ///
    /// Khi vết đã đủ `max` bước, lần `visit` kế tiếp trả về
    /// [`SearchError::TraceTooLong`] và lần tìm kiếm dừng: vết không bao giờ lớn
    /// hơn `max` bước cộng với các bước kết thúc của những nút đang mở.
    ///
    /// ```
    /// use caytrochoi::search::{search, trace::Recorder, Algorithm};
    /// use caytrochoi::{tree::GameTree, Player, SearchError};
    /// let t = GameTree::parse("A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))").unwrap();
    /// let mut rec = Recorder::new(&t, Algorithm::Minimax).max_events(5);
    /// let e = search(&t, &t.root(), Player::Max, &mut rec).unwrap_err();
    /// assert_eq!(e, SearchError::TraceTooLong { max: 5 });
    /// ```
    pub fn max_events(mut self, max: usize) -> Self {
        self.max_events = max;
        self
    }

    /// Dùng `kind` để biết giá trị một nút lá là `Payoff` hay ước lượng
    /// (khi tìm kiếm có giới hạn độ sâu).
    pub fn leaf_kind(mut self, kind: fn(&G, &G::State) -> LeafKind) -> Self {
        self.leaf_kind = kind;
        self
    }

    /// Vết đã ghi.
    pub fn finish(self) -> Trace {
        self.trace
    }

    /// Nhãn của con qua nước `mv` của nút đang mở `parent`.
    fn child_label(&self, parent: &Open<G::State>, mv: &G::Move) -> String {
        let namer = self
            .namer
            .unwrap_or_else(|| Namer::new(self.game, &parent.state));
        let label = &self.trace.nodes[parent.id].label;
        namer.child(self.game, label, parent.id == 0, &parent.state, mv)
    }

    fn push_node(&mut self, label: String, parent: Option<usize>, player: Player) -> usize {
        let depth = parent.map_or(0, |p| self.trace.nodes[p].depth + 1);
        self.trace.nodes.push(TraceNode {
            label,
            parent,
            depth,
            player,
        });
        self.trace.nodes.len() - 1
    }

    /// Cửa sổ (α, β) của nút đang mở sau khi giá trị tạm thành `temp`: α chỉ
    /// tăng ở nút MAX, β chỉ giảm ở nút MIN.
    fn window_after(&self, open: &Open<G::State>, temp: f64) -> Option<AlphaBeta> {
        let Bound::Window { alpha, beta } = open.bound else {
            return None;
        };
        Some(match self.trace.nodes[open.id].player {
            Player::Max => AlphaBeta {
                alpha: alpha.max(temp),
                beta,
            },
            Player::Min => AlphaBeta {
                alpha,
                beta: beta.min(temp),
            },
        })
    }
}

impl<G: Game> Observer<G> for Recorder<'_, G> {
    fn visit(&mut self, n: &G::State, mode: Player, bound: Bound) -> Result<(), SearchError> {
        if self.trace.events.len() >= self.max_events {
            return Err(SearchError::TraceTooLong {
                max: self.max_events,
            });
        }
        let label = match self.open.last() {
            None => {
                let namer = Namer::new(self.game, n);
                self.namer = Some(namer);
                namer.root(self.game, n)
            }
            Some(parent) => {
                // Nước đi dẫn tới n là nước thứ `children` của cha.
                let mv = self
                    .game
                    .legal_moves(&parent.state)
                    .into_iter()
                    .nth(parent.children);
                match mv {
                    Some(mv) => self.child_label(parent, &mv),
                    None => self.game.state_label(n).unwrap_or_default(),
                }
            }
        };
        let parent = self.open.last_mut().map(|p| {
            p.children += 1;
            p.id
        });
        let id = self.push_node(label, parent, mode);
        // Gốc không nhận cận nào từ cha.
        let bound = if parent.is_none() { Bound::None } else { bound };
        self.open.push(Open {
            id,
            state: n.clone(),
            bound,
            temp: None,
            children: 0,
            cut: false,
        });
        self.last = None;
        Ok(())
    }

    fn temp(&mut self, _n: &G::State, via: Option<&G::Move>, temp: f64) {
        let Some(open) = self.open.last() else { return };
        let event = match (via, self.last, open.temp) {
            (Some(_), Some((child, child_value)), Some(old)) => TraceEvent::Update {
                node: open.id,
                child,
                old,
                child_value,
                new: temp,
                window: self.window_after(open, temp),
            },
            _ => TraceEvent::Enter {
                node: open.id,
                temp,
                bound: open.bound,
            },
        };
        self.trace.events.push(event);
        if let Some(open) = self.open.last_mut() {
            open.temp = Some(temp);
        }
    }

    fn cut(&mut self, _n: &G::State, reason: Cut) {
        let Some(open) = self.open.last() else { return };
        let rest: Vec<G::Move> = self
            .game
            .legal_moves(&open.state)
            .into_iter()
            .skip(open.children)
            .collect();
        if rest.is_empty() {
            // Điều kiện cắt đúng ở con cuối cùng: không còn gì để cắt.
            return;
        }
        let (id, labels): (usize, Vec<String>) = (
            open.id,
            rest.iter().map(|m| self.child_label(open, m)).collect(),
        );
        let player = self.trace.nodes[id].player.opponent();
        if let Some(open) = self.open.last_mut() {
            open.cut = true;
        }
        let pruned = labels
            .into_iter()
            .map(|l| self.push_node(l, Some(id), player))
            .collect();
        self.trace.events.push(TraceEvent::Cut {
            node: id,
            pruned,
            reason,
        });
    }

    fn leave(&mut self, n: &G::State, value: f64) {
        let Some(open) = self.open.pop() else { return };
        let event = match open.temp {
            None => TraceEvent::Leaf {
                node: open.id,
                value,
                kind: (self.leaf_kind)(self.game, n),
            },
            Some(_) => TraceEvent::Return {
                node: open.id,
                value,
                complete: !open.cut,
            },
        };
        self.trace.events.push(event);
        self.last = Some((open.id, value));
    }
}

//! Cây nhỏ nhất cho thấy `cat_tia` (một cận) và cửa sổ (α, β) cắt khác nhau —
//! điều chương 4 nói — được tìm bằng cách thử **mọi** cây: mọi hình dạng cây có
//! thứ tự tới 7 nút, mọi cách sắp thứ tự (kể cả bằng nhau) các giá trị lá, gốc
//! MAX hoặc MIN.
//!
//! Hai thuật toán chỉ so sánh các giá trị với nhau, nên chỉ thứ tự của các lá là
//! quan trọng: với k lá, thử mọi gán giá trị trong {0, …, k − 1} dùng đúng các
//! số 0, …, m − 1 (mỗi thứ tự yếu một lần).

use caytrochoi::search::{Algorithm, Bound, Observer, SearchError};
use caytrochoi::tree::{GameTree, NodeId};
use caytrochoi::Player;

/// Một hình dạng cây: danh sách các con (lá = không có con).
#[derive(Clone, Debug)]
struct Shape(Vec<Shape>);

impl Shape {
    fn leaves(&self) -> usize {
        if self.0.is_empty() {
            1
        } else {
            self.0.iter().map(Shape::leaves).sum()
        }
    }

    /// Văn bản không nhãn của cây, lá lấy lần lượt các giá trị `values`.
    fn text(&self, values: &mut impl Iterator<Item = usize>) -> String {
        if self.0.is_empty() {
            return values.next().unwrap().to_string();
        }
        let kids: Vec<String> = self.0.iter().map(|c| c.text(values)).collect();
        format!("({})", kids.join(", "))
    }
}

/// Mọi hình dạng cây có thứ tự với đúng `n` nút.
fn shapes(n: usize) -> Vec<Shape> {
    if n == 1 {
        return vec![Shape(Vec::new())];
    }
    forests(n - 1).into_iter().map(Shape).collect()
}

/// Mọi dãy cây (từ trái sang phải) có tổng cộng `n` nút, `n` ≥ 1.
fn forests(n: usize) -> Vec<Vec<Shape>> {
    let mut out = Vec::new();
    for first in 1..=n {
        for head in shapes(first) {
            if first == n {
                out.push(vec![head.clone()]);
            } else {
                for mut tail in forests(n - first) {
                    tail.insert(0, head.clone());
                    out.push(tail);
                }
            }
        }
    }
    out
}

/// Mọi thứ tự yếu của `k` lá: các gán trong {0, …, k − 1}ᵏ dùng đúng 0, …, m − 1.
fn orderings(k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut v = vec![0; k];
    loop {
        let m = v.iter().max().map_or(0, |x| x + 1);
        if (0..m).all(|x| v.contains(&x)) {
            out.push(v.clone());
        }
        let Some(i) = (0..k).rev().find(|&i| v[i] + 1 < k) else {
            return out;
        };
        v[i] += 1;
        for x in &mut v[i + 1..] {
            *x = 0;
        }
    }
}

#[derive(Default)]
struct Order(Vec<NodeId>);

impl Observer<GameTree> for Order {
    fn visit(&mut self, n: &NodeId, _m: Player, _b: Bound) -> Result<(), SearchError> {
        self.0.push(*n);
        Ok(())
    }
}

/// Các nút hai thuật toán xét, theo thứ tự (giá trị của gốc luôn như nhau).
fn visits(t: &GameTree, a: Algorithm) -> (f64, Vec<NodeId>) {
    let mut o = Order::default();
    let v = a.evaluate(t, &t.root(), &mut o).unwrap();
    (v, o.0)
}

/// Các cây `n` nút mà `cat_tia` và cửa sổ xét khác nhau.
fn differing(n: usize) -> Vec<GameTree> {
    let mut out = Vec::new();
    for shape in shapes(n) {
        for values in orderings(shape.leaves()) {
            let text = shape.text(&mut values.into_iter());
            for root in [Player::Max, Player::Min] {
                let t = GameTree::parse_with_root(&text, root).unwrap();
                let (v1, one_bound) = visits(&t, Algorithm::CatTia);
                let (v2, window) = visits(&t, Algorithm::Window);
                assert_eq!(v1, v2, "{text}: hai dạng phải cho cùng giá trị");
                if one_bound != window {
                    out.push(t);
                }
            }
        }
    }
    out
}

#[test]
fn enumeration_counts_are_right() {
    // Số cây có thứ tự n nút là số Catalan C(n − 1); số thứ tự yếu là số Fubini.
    let catalan = [1, 1, 2, 5, 14, 42, 132];
    for (n, &c) in (1..=7).zip(&catalan) {
        assert_eq!(shapes(n).len(), c, "{n} nút");
    }
    let fubini = [1, 3, 13, 75, 541, 4683];
    for (k, &f) in (1..=6).zip(&fubini) {
        assert_eq!(orderings(k).len(), f, "{k} lá");
    }
}

#[test]
fn smallest_tree_with_a_deep_cut_has_seven_nodes() {
    for n in 1..=6 {
        assert!(
            differing(n).is_empty(),
            "{n} nút: {}",
            differing(n)[0].to_text()
        );
    }
    let seven = differing(7);
    assert!(!seven.is_empty());
    // Mọi cây 7 nút như vậy có cùng một hình dạng: gốc có một lá rồi một chuỗi
    // ba nút, nút cuối chuỗi có hai lá — A(B, C(D(E(F, G)))).
    for t in &seven {
        let shape: String = t.to_text().chars().filter(|c| "(,)".contains(*c)).collect();
        assert_eq!(shape, "(,(((,))))", "{}", t.to_text());
    }
    // Ví dụ của chương 4 (thứ tự lá B = 5, F = 3, G = 9 là 1, 0, 2) là một
    // trong số đó: cửa sổ cắt G, cat_tia thì không.
    assert!(seven
        .iter()
        .any(|t| t.to_text() == "A(B:1, C(D(E(F:0, G:2))))" && t.root_player() == Player::Max));
    let book = GameTree::parse("A(B:5, C(D(E(F:3, G:9))))").unwrap();
    let (_, window) = visits(&book, Algorithm::Window);
    let (_, one_bound) = visits(&book, Algorithm::CatTia);
    assert_eq!((one_bound.len(), window.len()), (7, 6));
}

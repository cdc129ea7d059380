/* alpha_beta.c — cắt tỉa với cửa sổ (α, β) trên cây trò chơi: hai hàm BlueValue
 * (quân Trắng, MAX) và RedValue (quân Đen, MIN) của tài liệu "Doing Dodgem in 2
 * hours", cùng hàm điều khiển Alpha_Beta đã sửa.
 *
 * Tài liệu viết cho bàn cờ Dodgem nên có thêm depth, MaxDepth và Analysis(b).
 * Ở đây cây đã viết sẵn tới tận lá: lá là chỗ dừng, Payoff làm việc của
 * Analysis, và depth không còn việc gì để làm. Kiểu float cho phép dùng ±∞.
 *
 * Biên dịch và chạy (trong thư mục book/c):
 *     cc -std=c99 -Wall -Wextra -o alpha_beta cay.c alpha_beta.c
 *     ./alpha_beta 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
 */
#include <math.h>
#include <stdio.h>

#include "cay.h"

// ANCHOR: window
float larger(float a, float b) { return a > b ? a : b; }
float smaller(float a, float b) { return a < b ? a : b; }

float RedValue(NodeType b, float alpha, float beta);

/* Nút b, quân Trắng đi. alpha: Trắng đã chắc có ít nhất chừng ấy ở một nhánh
 * phía trên; beta: Đen đã chắc giữ được Trắng không quá chừng ấy. */
float BlueValue(NodeType b, float alpha, float beta) {
    visit(b); /* chỉ để in thứ tự xét */
    if (is_leaf(b)) return Payoff(b);
    float max = -INFINITY; /* con tốt nhất cho Trắng trong số đã xét */
    for (NodeType c = first_child(b); c != NULL; c = next_sibling(c)) {
        float x = RedValue(c, alpha, beta); /* ở c tới lượt Đen */
        max = larger(max, x);
        alpha = larger(alpha, x); /* Trắng được hứa thêm */
        if (alpha >= beta) {      /* cửa sổ đóng: Đen sẽ tránh đi tới b */
            prune_after(c);       /* chỉ để in: các con sau c bị bỏ qua */
            return alpha;
        }
    }
    return max;
}

/* Nút b, quân Đen đi: soi gương BlueValue, đổi lớn thành nhỏ, alpha thành beta. */
float RedValue(NodeType b, float alpha, float beta) {
    visit(b);
    if (is_leaf(b)) return Payoff(b);
    float min = INFINITY; /* con tốt nhất cho Đen (nhỏ nhất) trong số đã xét */
    for (NodeType c = first_child(b); c != NULL; c = next_sibling(c)) {
        float x = BlueValue(c, alpha, beta); /* ở c tới lượt Trắng */
        min = smaller(min, x);
        beta = smaller(beta, x); /* Đen chặn thêm */
        if (alpha >= beta) {     /* cửa sổ đóng: Trắng sẽ tránh đi tới b */
            prune_after(c);
            return beta;
        }
    }
    return min; /* tài liệu in thiếu dòng này */
}
// ANCHOR_END: window

// ANCHOR: driver
/* Gốc u là nút MAX. Trả về con nên đi và đặt giá trị của u vào *val.
 * Sửa so với tài liệu: gọi RedValue (tài liệu viết MinVal), mỗi con chỉ một
 * lần, và giá trị tốt nhất đã biết làm alpha cho các con sau, để chúng cắt
 * được sớm hơn. */
NodeType Alpha_Beta(NodeType u, float *val) {
    NodeType v = NULL; /* con tốt nhất tìm được tới giờ */
    *val = -INFINITY;
    for (NodeType w = first_child(u); w != NULL; w = next_sibling(w)) {
        float x = RedValue(w, *val, INFINITY);
        if (x > *val) { /* hơn hẳn con đã chọn thì đổi; bằng thì giữ con trước */
            *val = x;
            v = w;
        }
    }
    return v;
}
// ANCHOR_END: driver

int main(int argc, char **argv) {
    ModeType mode;
    NodeType root = read_args(argc, argv, &mode);
    float v = mode == MAX ? BlueValue(root, -INFINITY, INFINITY)
                          : RedValue(root, -INFINITY, INFINITY);
    printf("%s(%s, -∞, +∞) = %s\n", mode == MAX ? "BlueValue" : "RedValue", root->label, show(v));
    report(1);
    if (mode == MAX && !is_leaf(root)) {
        float val;
        NodeType best = Alpha_Beta(root, &val);
        printf("Alpha_Beta(%s): nước tốt nhất %s, giá trị %s\n", root->label, best->label, show(val));
    }
    return 0;
}

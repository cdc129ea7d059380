/* alpha_beta.c — cắt tỉa alpha-beta với cửa sổ (α, β): BlueValue / RedValue của
 * tài liệu "Doing Dodgem in 2 hours", viết cho cây trò chơi.
 *
 * Trên bàn cờ Dodgem, tài liệu có thêm tham số depth (dừng ở độ sâu MaxDepth và
 * lượng giá bằng Analysis(b)); trên cây viết sẵn thì nút lá là điểm dừng và
 * Payoff là Analysis, nên không cần depth. Giá trị là float để có ±∞.
 *
 * Biên dịch và chạy (trong thư mục book/c):
 *     cc -std=c99 -Wall -Wextra -o alpha_beta cay.c alpha_beta.c
 *     ./alpha_beta 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
 */
#include <math.h>
#include <stdio.h>

#include "cay.h"

// ANCHOR: window
float RedValue(NodeType b, float alpha, float beta);

/* Giá trị của nút b khi quân Trắng (MAX) đi. */
float BlueValue(NodeType b, float alpha, float beta) {
    NodeType c;
    float max = -INFINITY;
    visit(b); /* ghi chép thứ tự xét, không thuộc thuật toán */
    if (is_leaf(b)) return Payoff(b);
    for (c = first_child(b); c != NULL; c = next_sibling(c)) {
        float x = RedValue(c, alpha, beta);
        if (x > max) max = x;
        if (x > alpha) alpha = x;
        if (alpha >= beta) {
            prune_after(c); /* ghi chép: các con còn lại bị cắt tỉa */
            return alpha;
        }
    }
    return max;
}

/* Giá trị của nút b khi quân Đen (MIN) đi. */
float RedValue(NodeType b, float alpha, float beta) {
    NodeType c;
    float min = INFINITY;
    visit(b);
    if (is_leaf(b)) return Payoff(b);
    for (c = first_child(b); c != NULL; c = next_sibling(c)) {
        float x = BlueValue(c, alpha, beta);
        if (x < min) min = x;
        if (x < beta) beta = x;
        if (alpha >= beta) {
            prune_after(c);
            return beta;
        }
    }
    return min; /* dòng mà bản đầu tiên của tài liệu để lọt ra ngoài khung */
}
// ANCHOR_END: window

// ANCHOR: driver
/* Alpha_Beta của tài liệu, đã sửa: gốc u là nút MAX (quân Trắng đi); trả về
 * con tốt nhất của u và ghi giá trị của u vào *val. Mỗi con gọi RedValue đúng
 * một lần (không phải MinVal, không gọi hai lần), và val được truyền làm α để
 * các con sau cắt được nhờ con tốt nhất đã biết. */
NodeType Alpha_Beta(NodeType u, float *val) {
    NodeType w, v = NULL;
    *val = -INFINITY;
    for (w = first_child(u); w != NULL; w = next_sibling(w)) {
        float x = RedValue(w, *val, INFINITY);
        if (x > *val) {
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
    float v;
    if (mode == MAX) v = BlueValue(root, -INFINITY, INFINITY);
    else v = RedValue(root, -INFINITY, INFINITY);
    printf("%s(%s, -∞, +∞) = %s\n", mode == MAX ? "BlueValue" : "RedValue", root->label, show(v));
    report(1);
    if (mode == MAX && !is_leaf(root)) {
        float val;
        NodeType best = Alpha_Beta(root, &val);
        printf("Alpha_Beta(%s): nước tốt nhất %s, giá trị %s\n", root->label, best->label, show(val));
    }
    return 0;
}

/* negamax.c — cắt tỉa alpha-beta viết bằng MỘT hàm (negamax) thay cho cặp
 * BlueValue/RedValue của alpha_beta.c (chương 7).
 *
 * Giá trị tính theo NGƯỜI ĐẾN LƯỢT ở nút: với nút MAX là giá trị minimax, với nút
 * MIN là giá trị minimax đổi dấu. Con nhìn qua cửa sổ của đối thủ, (-beta, -alpha),
 * và kết quả của con được đổi dấu. Nút lá: Payoff tính theo MAX, nên nhân với
 * sign(mode) (+1 khi MAX đi, -1 khi MIN đi).
 *
 * Biên dịch và chạy (trong thư mục book/c):
 *     cc -std=c99 -Wall -Wextra -o negamax cay.c negamax.c
 *     ./negamax 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
 */
#include <math.h>
#include <stdio.h>

#include "cay.h"

// ANCHOR: negamax
float sign(ModeType mode) { return mode == MAX ? 1.0f : -1.0f; }
ModeType other(ModeType mode) { return mode == MAX ? MIN : MAX; }

/* Nút b, người đi là mode. Trả về giá trị của b theo người đi ở b. */
float NegaValue(NodeType b, ModeType mode, float alpha, float beta) {
    visit(b); /* chỉ để in thứ tự xét */
    if (is_leaf(b)) return sign(mode) * Payoff(b);
    float best = -INFINITY; /* luôn bắt đầu từ -∞ và luôn lấy max */
    for (NodeType c = first_child(b); c != NULL; c = next_sibling(c)) {
        float x = -NegaValue(c, other(mode), -beta, -alpha); /* theo mình */
        if (x > best) best = x;
        if (x > alpha) alpha = x;
        if (alpha >= beta) {  /* cửa sổ đóng: bỏ qua các con còn lại */
            prune_after(c);   /* chỉ để in */
            return alpha;
        }
    }
    return best;
}
// ANCHOR_END: negamax

int main(int argc, char **argv) {
    ModeType mode;
    NodeType root = read_args(argc, argv, &mode);
    float v = NegaValue(root, mode, -INFINITY, INFINITY);
    /* Đổi về theo MAX để so với BlueValue/RedValue. */
    printf("NegaValue(%s, %s) = %s, theo MAX = %s\n", root->label, mode == MAX ? "MAX" : "MIN",
           show(v), show(sign(mode) * v));
    report(1);
    return 0;
}

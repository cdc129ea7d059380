/* cat_tia.c — cắt tỉa alpha-beta: hàm cat_tia(Q, mode, Vp) của bài giảng, đã sửa.
 *
 * Bản in trong bài giảng có hai chỗ sơ suất: vòng while không bao giờ chuyển C
 * sang con kế tiếp, và thiếu dấu } đóng vòng lặp (nên "return Vq;" cuối cùng rơi
 * vào trong vòng lặp). Vòng for dưới đây sửa cả hai. Lời gọi đệ quy cũng phải
 * viết đúng tên cat_tia (bài giảng có chỗ viết Cat_tia: trong C đó là tên khác).
 *
 * Biên dịch và chạy (trong thư mục book/c):
 *     cc -std=c99 -Wall -Wextra -o cat_tia cay.c cat_tia.c
 *     ./cat_tia 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
 */
#include <math.h>
#include <stdio.h>

#include "cay.h"

float max(float a, float b) { return a > b ? a : b; }
float min(float a, float b) { return a < b ? a : b; }

// ANCHOR: cat_tia
/* Giá trị của nút Q (người đi: mode), biết giá trị tạm Vp của nút cha. */
float cat_tia(NodeType Q, ModeType mode, float Vp) {
    float Vq;   /* giá trị tạm của Q; xét hết (hoặc cắt) các con thì là giá trị của Q */
    NodeType C; /* C: lần lượt từng con của Q */
    visit(Q);   /* ghi chép thứ tự xét, không thuộc thuật toán */
    if (is_leaf(Q)) return Payoff(Q);
    /* Giá trị tạm ban đầu: -∞ cho nút MAX, +∞ cho nút MIN. */
    if (mode == MAX) Vq = -INFINITY;
    else Vq = INFINITY;
    /* Từng con C, từ trái sang phải; mỗi con nhận Vq của Q làm Vp của nó. */
    for (C = first_child(Q); C != NULL; C = next_sibling(C)) {
        if (mode == MAX) {
            float v = cat_tia(C, MIN, Vq);
            Vq = max(Vq, v);
            if (Vp <= Vq) {     /* Q không thể làm cha tốt hơn: */
                prune_after(C); /* (ghi chép) */
                return Vq;      /* bỏ qua mọi con chưa xét của Q */
            }
        } else {
            float v = cat_tia(C, MAX, Vq);
            Vq = min(Vq, v);
            if (Vp >= Vq) {
                prune_after(C);
                return Vq;
            }
        }
    } /* dấu } mà bản in thiếu: return Vq nằm ngoài vòng lặp */
    return Vq;
}
// ANCHOR_END: cat_tia

int main(int argc, char **argv) {
    ModeType mode;
    NodeType root = read_args(argc, argv, &mode);
    /* Gốc không có cha: Vp không bao giờ gây cắt, +∞ cho nút MAX, -∞ cho nút MIN. */
    float Vp = mode == MAX ? INFINITY : -INFINITY;
    float v = cat_tia(root, mode, Vp);
    printf("cat_tia(%s, %s, %s) = %s\n", root->label, mode == MAX ? "MAX" : "MIN", show(Vp),
           show(v));
    report(1);
    return 0;
}

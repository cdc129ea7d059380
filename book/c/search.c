/* search.c — vét cạn: hàm Search(n, mode) của bài giảng, viết bằng C.
 *
 * Biên dịch và chạy (trong thư mục book/c):
 *     cc -std=c99 -Wall -Wextra -o search cay.c search.c
 *     ./search 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
 */
#include <math.h>
#include <stdio.h>

#include "cay.h"

// ANCHOR: search
float max(float a, float b) { return a > b ? a : b; }
float min(float a, float b) { return a < b ? a : b; }

/* Giá trị của nút n, nơi người đi là mode (MAX hay MIN). */
float Search(NodeType n, ModeType mode) {
    float value; /* giá trị tạm của n; xét hết các con thì là giá trị của n */
    NodeType C;  /* C: lần lượt từng con của n */
    visit(n);    /* ghi chép thứ tự xét, không thuộc thuật toán */
    if (is_leaf(n)) return Payoff(n);
    /* Giá trị tạm ban đầu: -∞ cho nút MAX, +∞ cho nút MIN. */
    if (mode == MAX) value = -INFINITY;
    else value = INFINITY;
    /* Đi qua từng con C, từ trái sang phải; con nào có giá trị thì đặt lại value. */
    for (C = first_child(n); C != NULL; C = next_sibling(C)) {
        if (mode == MAX) value = max(value, Search(C, MIN));
        else value = min(value, Search(C, MAX));
    }
    return value;
}
// ANCHOR_END: search

int main(int argc, char **argv) {
    ModeType mode;
    NodeType root = read_args(argc, argv, &mode);
    float v = Search(root, mode);
    printf("Search(%s, %s) = %s\n", root->label, mode == MAX ? "MAX" : "MIN", show(v));
    report(0);
    return 0;
}

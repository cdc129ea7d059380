/* search.c — vét cạn (minimax) trên cây trò chơi: hàm Search(n, mode) của chương 3.
 *
 * Biên dịch và chạy (trong thư mục book/c):
 *     cc -std=c99 -Wall -Wextra -o search cay.c search.c
 *     ./search 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))'
 */
#include <math.h>
#include <stdio.h>

#include "cay.h"

// ANCHOR: search
/* Hai bên đi xen kẽ: dưới một nút MAX là các nút MIN, và ngược lại. */
ModeType opponent(ModeType mode) { return mode == MAX ? MIN : MAX; }

/* Người đi ở nút đang xét giữ lại số có lợi cho mình: MAX lấy số lớn hơn,
 * MIN lấy số nhỏ hơn. */
float better(ModeType mode, float a, float b) {
    if (mode == MAX) return a > b ? a : b;
    return a < b ? a : b;
}

float Search(NodeType n, ModeType mode) {
    visit(n); /* chỉ để in thứ tự xét; thuật toán không cần dòng này */
    if (is_leaf(n)) return Payoff(n); /* lá: kết quả ván đã biết */

    /* Chưa xét con nào thì chưa có gì cho người đi: MAX bắt đầu từ -∞,
     * MIN bắt đầu từ +∞ — số nào của con cũng thay được. */
    float value = mode == MAX ? -INFINITY : INFINITY;

    /* Duyệt các con từ trái sang phải. Ở con C, đến lượt đối thủ; giá trị V
     * của C được gộp vào value. Hết con thì value là giá trị của n. */
    for (NodeType C = first_child(n); C != NULL; C = next_sibling(C)) {
        float V = Search(C, opponent(mode));
        value = better(mode, value, V);
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

/* cay.h — cây trò chơi cho bản C của các hàm trong bài giảng:
 * Search (vét cạn), cat_tia (cắt tỉa một cận), BlueValue/RedValue (cửa sổ α, β).
 *
 * Bài giảng giả sử có sẵn kiểu NodeType, kiểu ModeType = (MIN, MAX), hàm is_leaf
 * và hàm Payoff. Tệp này cho đúng những thứ ấy, cộng thêm cách đi qua các con của
 * một nút: bắt đầu từ con trái nhất (first_child), rồi sang anh em kế tiếp bên
 * phải (next_sibling), cho tới khi hết (NULL).
 *
 * Cây được đọc từ một dòng văn bản, viết như trong sách và thư viện caytrochoi:
 *     A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))
 * (nút lá "nhãn:giá trị", nút trong "nhãn(con, con, ...)"; mọi nút phải có nhãn).
 */
#ifndef CAY_H
#define CAY_H

typedef enum { MIN, MAX } ModeType;

typedef struct Node *NodeType;
struct Node {
    char label[16];        /* nhãn: A, B, ..., AA, ... */
    float payoff;          /* giá trị của nút lá */
    NodeType first_child;  /* con trái nhất; NULL nếu là nút lá */
    NodeType next_sibling; /* anh em kế tiếp bên phải; NULL nếu là con cuối */
};

int is_leaf(NodeType n);            /* n có phải nút lá không */
float Payoff(NodeType n);           /* giá trị của nút lá n */
NodeType first_child(NodeType n);   /* con trái nhất của n */
NodeType next_sibling(NodeType c);  /* con kế tiếp (cùng cha) sau c */

/* Đọc đối số dòng lệnh: cây (đối số 1) và người đi ở gốc (đối số 2, MAX hoặc
 * MIN, mặc định MAX). Viết sai thì in lỗi bằng tiếng Việt và thoát với mã 2. */
NodeType read_args(int argc, char **argv, ModeType *root_mode);

/* Ghi chép — không thuộc thuật toán, chỉ để in ra thứ tự đã xét các nút. */
void visit(NodeType n);        /* nút n bắt đầu được xét */
void prune_after(NodeType c);  /* các con đứng sau c (cùng cha) bị cắt tỉa */
const char *show(float v);     /* giá trị dạng chữ: 1, -0.5, +∞, -∞ */
void report(int with_cuts);    /* in thứ tự xét (và các cây con bị cắt tỉa) */

#endif

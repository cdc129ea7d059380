/* cay.c — đọc cây từ văn bản và ghi chép thứ tự xét; xem cay.h. */
#include "cay.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NODES 4096

static struct Node pool[MAX_NODES]; /* mọi nút của cây */
static int n_nodes = 0;

int is_leaf(NodeType n) { return n->first_child == NULL; }
float Payoff(NodeType n) { return n->payoff; }
NodeType first_child(NodeType n) { return n->first_child; }
NodeType next_sibling(NodeType c) { return c->next_sibling; }

/* ---- Đọc cây ----------------------------------------------------------- */

static const char *text; /* văn bản đang đọc */
static const char *at;   /* vị trí đang đọc */

static void fail(const char *what) {
    fprintf(stderr, "lỗi: %s (ở ký tự thứ %d của cây)\n", what, (int)(at - text) + 1);
    exit(2);
}

static void skip_spaces(void) {
    while (isspace((unsigned char)*at)) at++;
}

/* nút := nhãn [":" số] ["(" nút {"," nút} ")"] */
static NodeType read_node(int depth) {
    NodeType n, last = NULL;
    int len = 0, has_value = 0;
    if (depth > 1000) fail("cây quá sâu");
    if (n_nodes == MAX_NODES) fail("cây quá lớn (tối đa 4096 nút)");
    n = &pool[n_nodes++];
    skip_spaces();
    while (isalnum((unsigned char)*at) || *at == '_') {
        if (len == (int)sizeof n->label - 1) fail("nhãn quá dài");
        n->label[len++] = *at++;
    }
    n->label[len] = '\0';
    if (len == 0) fail("cần nhãn của một nút");
    skip_spaces();
    if (*at == ':') { /* giá trị (với nút trong: ước lượng, không dùng ở đây) */
        char *end;
        at++;
        n->payoff = strtof(at, &end);
        if (end == at) fail("cần một số sau dấu ':'");
        /* strtof nhận cả "inf", "nan" và số quá lớn (thành ∞): cây chỉ có số thật. */
        if (!isfinite(n->payoff)) fail("giá trị phải là số hữu hạn, ví dụ 1, -1, 0.5");
        at = end;
        has_value = 1;
        skip_spaces();
    }
    if (*at == '(') {
        at++;
        for (;;) {
            NodeType c = read_node(depth + 1);
            if (last == NULL) n->first_child = c;
            else last->next_sibling = c;
            last = c;
            skip_spaces();
            if (*at != ',') break;
            at++;
        }
        if (*at != ')') fail("cần ',' hoặc ')'");
        at++;
    } else if (!has_value) {
        fail("nút lá cần giá trị, ví dụ B:1");
    }
    return n;
}

NodeType read_args(int argc, char **argv, ModeType *root_mode) {
    NodeType root;
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "cách dùng: %s 'A(B:1, C(E(I:0), F:-1), D(G(J:0), H(K:1)))' [MAX|MIN]\n",
                argv[0]);
        exit(2);
    }
    *root_mode = MAX;
    if (argc == 3) {
        if (strcmp(argv[2], "MIN") == 0) *root_mode = MIN;
        else if (strcmp(argv[2], "MAX") != 0) {
            fprintf(stderr, "lỗi: người đi ở gốc phải là MAX hoặc MIN, không phải '%s'\n", argv[2]);
            exit(2);
        }
    }
    text = at = argv[1];
    root = read_node(0);
    skip_spaces();
    if (*at != '\0') fail("thừa ký tự sau cây");
    return root;
}

/* ---- Ghi chép ---------------------------------------------------------- */

static NodeType visited[MAX_NODES];
static int n_visited = 0;
static NodeType pruned[MAX_NODES];
static int n_pruned = 0;

void visit(NodeType n) {
    if (n_visited < MAX_NODES) visited[n_visited++] = n;
}

void prune_after(NodeType c) {
    for (c = c->next_sibling; c != NULL; c = c->next_sibling)
        if (n_pruned < MAX_NODES) pruned[n_pruned++] = c;
}

const char *show(float v) {
    static char buf[4][32]; /* đủ cho vài giá trị trong cùng một printf */
    static int k = 0;
    k = (k + 1) % 4;
    if (isinf(v)) return v > 0 ? "+∞" : "-∞";
    if (v == 0) v = 0; /* -0 (đổi dấu của 0 trong negamax) in là 0 */
    snprintf(buf[k], sizeof buf[k], "%g", v);
    return buf[k];
}

void report(int with_cuts) {
    int i;
    printf("Thứ tự xét (%d nút):", n_visited);
    for (i = 0; i < n_visited; i++) printf(" %s", visited[i]->label);
    printf("\n");
    if (!with_cuts) return;
    if (n_pruned == 0) {
        printf("Không cắt tỉa cây con nào.\n");
        return;
    }
    printf("Cắt tỉa (%d cây con):", n_pruned);
    for (i = 0; i < n_pruned; i++) printf(" %s", pruned[i]->label);
    printf("\n");
}

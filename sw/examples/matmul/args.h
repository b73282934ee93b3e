/* matmul: C (m x n) = A (m x k) * B (k x n), row-major int32, wrapping.
 * Launch 2-D: thread (x, y) of block (bx, by) computes C[row][col] with
 * col = bx * blockDim.x + x, row = by * blockDim.y + y; grid covers n x m. */
#ifndef MATMUL_ARGS_H
#define MATMUL_ARGS_H
#include "scord_kargs.h"

struct matmul_args {
    SCORD_PTR(const int32_t) a;
    SCORD_PTR(const int32_t) b;
    SCORD_PTR(int32_t) c;
    uint32_t m, n, k;
};
SCORD_KARGS_SIZE(struct matmul_args, 24);
#endif

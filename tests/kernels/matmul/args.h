#ifndef T_MATMUL_ARGS_H
#define T_MATMUL_ARGS_H
#include "scord_kargs.h"

/* C (m x n) = A (m x k) * B (k x n), row-major, wrapping 32-bit arithmetic.
 * 2-D launch: x runs over columns, y over rows. */
struct matmul_args {
    SCORD_PTR(const int32_t) a;
    SCORD_PTR(const int32_t) b;
    SCORD_PTR(int32_t) c;
    uint32_t m, n, k;
};
SCORD_KARGS_SIZE(struct matmul_args, 24);
#endif

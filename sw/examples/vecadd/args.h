/* vecadd: c[i] = a[i] + b[i] for i < n, one thread per element (any grid
 * of 1-D blocks covering n). Integers: the GPU has no FPU. */
#ifndef VECADD_ARGS_H
#define VECADD_ARGS_H
#include "scord_kargs.h"

struct vecadd_args {
    SCORD_PTR(const int32_t) a;
    SCORD_PTR(const int32_t) b;
    SCORD_PTR(int32_t) c;
    uint32_t n;
};
SCORD_KARGS_SIZE(struct vecadd_args, 16);
#endif

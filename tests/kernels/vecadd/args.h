#ifndef T_VECADD_ARGS_H
#define T_VECADD_ARGS_H
#include "scord_kargs.h"

/* c[i] = a[i] + b[i]; a grid-stride loop, so any grid covers any n. */
struct vecadd_args {
    SCORD_PTR(const uint32_t) a;
    SCORD_PTR(const uint32_t) b;
    SCORD_PTR(uint32_t) c;
    uint32_t n;
};
SCORD_KARGS_SIZE(struct vecadd_args, 16);
#endif

#ifndef T_HOST_ORDER_ARGS_H
#define T_HOST_ORDER_ARGS_H
#include "scord_kargs.h"

/* Thread t < n: mode 0 out[t] = in[t]; mode 1 out[t] += in[t]. Weak
 * loads and stores: they go through the core's L1 (and the L2). */
struct host_order_args {
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) out;
    uint32_t n, mode;
};
SCORD_KARGS_SIZE(struct host_order_args, 16);
#endif

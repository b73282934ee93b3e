#ifndef EX_FLOOD_ARGS_H
#define EX_FLOOD_ARGS_H
#include "scord_kargs.h"

/* Benchmark of the race detector's throughput (make bench-detector): every
 * thread accesses its own word of buf `iters` times (loads, or stores when
 * `store` is set), back to back, then writes the sum of what it loaded to
 * out. Loads hit in the L1, so the cores produce access events far faster
 * than the detector checks them and stall on its full event queue. The
 * accesses are race free: each word is only touched by its own thread. */
struct flood_args {
    SCORD_PTR(uint32_t) buf;
    SCORD_PTR(uint32_t) out;
    uint32_t iters; /* a multiple of 4 */
    uint32_t store;
};
SCORD_KARGS_SIZE(struct flood_args, 16);
#endif

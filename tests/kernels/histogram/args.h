#ifndef T_HISTOGRAM_ARGS_H
#define T_HISTOGRAM_ARGS_H
#include "scord_kargs.h"

#define HIST_BINS 16

/* Two histograms of in[0..n) % HIST_BINS, values chosen to collide a lot:
 *   direct: every thread does a device-scope atomicAdd on the global bins;
 *   merged: per-block bins (block_bins[block * HIST_BINS ...], one block per
 *           core so block-scope atomics suffice), summed into merged after a
 *           __syncthreads by one device-scope atomicAdd per bin. */
struct histogram_args {
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) direct;
    SCORD_PTR(uint32_t) block_bins;
    SCORD_PTR(uint32_t) merged;
    uint32_t n;
};
SCORD_KARGS_SIZE(struct histogram_args, 20);
#endif

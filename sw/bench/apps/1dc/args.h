/* 1DC: one-dimensional convolution with scoped atomics (ScoR Table II).
 *
 * y = x * f (full convolution, n + CONV_TAPS - 1 outputs). Thread i of the
 * grid owns input x[i] and scatters x[i] * f[j] into y[i + j] for every tap
 * j. Block b owns inputs [b*B, b*B + B) (B = blockDim.x) and so touches
 * outputs [b*B, b*B + B + CONV_TAPS - 1): the first CONV_TAPS - 1 of them
 * are shared with block b-1, those from b*B + B on with block b+1. Shared
 * outputs take device-scope atomicAdd, the others atomicAdd_block, which
 * executes in the core's L1 and is cheaper.
 *
 * RACEY: every output takes atomicAdd_block, also the shared ones (race
 * `shared_out`: a block-scope atomic seen from another block). */
#ifndef SCOR_APP_1DC_ARGS_H
#define SCOR_APP_1DC_ARGS_H
#include "scord_kargs.h"

#define CONV_TAPS 9u

struct conv1d_args {
    SCORD_PTR(const int32_t) x; /* n inputs */
    SCORD_PTR(const int32_t) f; /* CONV_TAPS filter taps */
    SCORD_PTR(int32_t) y;       /* n + CONV_TAPS - 1 outputs, zeroed by the host */
    uint32_t n;
};
SCORD_KARGS_SIZE(struct conv1d_args, 16);
#endif

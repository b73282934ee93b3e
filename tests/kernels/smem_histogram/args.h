#ifndef T_SMEM_HISTOGRAM_ARGS_H
#define T_SMEM_HISTOGRAM_ARGS_H
#include "scord_kargs.h"

/* Histogram of in[0..n) into SH_BINS bins (value % SH_BINS): every block
 * counts its grid-stride share in a shared-memory histogram with
 * block-scope atomics (atomicAdd_block on even elements, plain atomicAdd
 * on odd ones: on a shared address it is block scope too), then adds its
 * bins to hist[] with device-scope atomics. */
#define SH_BINS 48

struct smem_histogram_args {
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) hist; /* SH_BINS words */
    uint32_t n;
};
SCORD_KARGS_SIZE(struct smem_histogram_args, 12);
#endif

#ifndef T_REDUCE_ARGS_H
#define T_REDUCE_ARGS_H
#include "scord_kargs.h"

/* Sum of in[0..n). Each block reduces its share in scratch[block * blockDim
 * ...] (a tree, one __syncthreads per level), writes it to partial[block],
 * and adds it to *total with a device-scope atomic. *block_count counts the
 * block's threads with block-scope atomics on a per-block word. */
struct reduce_args {
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) scratch;      /* gridDim.x * blockDim.x words */
    SCORD_PTR(uint32_t) partial;      /* gridDim.x words */
    SCORD_PTR(uint32_t) block_count;  /* gridDim.x * count_stride words */
    SCORD_PTR(uint32_t) total;
    uint32_t n;
    uint32_t count_stride;            /* words between two blocks' counters: a line */
};
SCORD_KARGS_SIZE(struct reduce_args, 28);
#endif

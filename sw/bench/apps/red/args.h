/* RED: sum of an array with scoped fences and a ticket (ScoR Table II,
 * ScoRD Fig. 4).
 *
 * Each thread sums a grid-strided share of `in`. The block then reduces its
 * threads' sums as a tree, without a barrier: at level w (w = the largest
 * power of two below blockDim.x, halved down to 1) threads [w, 2w) publish
 * their sum (strong store to scratch, __threadfence_block, flag set with a
 * block-scope atomic) and threads [0, w) wait for the flag of thread t + w
 * (polled with a block-scope atomic) and add its sum (strong load). Only
 * threads of one block meet there, so block scope is enough. Thread 0 then
 * stores the block's sum to partial[block] (strong), makes it visible to
 * the device (__threadfence) and takes a ticket (device atomicAdd); the
 * block that draws the last ticket adds up every partial[] into *total.
 *
 * RACEY: no fence before the flag (race `flag`: the consumer warp's load of
 * a sum another warp stored without a fence), and a block fence instead of
 * the device fence before the ticket (race `ticket`: the last block's load
 * of another block's partial sum). */
#ifndef SCOR_APP_RED_ARGS_H
#define SCOR_APP_RED_ARGS_H
#include "scord_kargs.h"

struct red_args {
    SCORD_PTR(const uint32_t) in; /* n elements */
    SCORD_PTR(uint32_t) scratch;  /* gridDim.x * blockDim.x published sums */
    SCORD_PTR(uint32_t) ready;    /* gridDim.x * blockDim.x flags, zeroed */
    SCORD_PTR(uint32_t) partial;  /* gridDim.x block sums */
    SCORD_PTR(uint32_t) ticket;   /* zeroed */
    SCORD_PTR(uint32_t) total;    /* the result */
    uint32_t n;
};
SCORD_KARGS_SIZE(struct red_args, 28);
#endif

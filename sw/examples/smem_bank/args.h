/* smem_bank: the cost of bank conflicts. Every warp loads `reps` times
 * from shared memory, lane l from word (l * stride) % SB_WORDS, so the
 * lanes' words fall into NUM_THREADS / gcd(stride, NUM_THREADS) banks. */
#ifndef SMEM_BANK_ARGS_H
#define SMEM_BANK_ARGS_H
#include "scord_kargs.h"

#define SB_WORDS 1024

struct smem_bank_args {
    SCORD_PTR(uint32_t) out; /* one word per thread */
    uint32_t stride, reps;
};
SCORD_KARGS_SIZE(struct smem_bank_args, 12);
#endif

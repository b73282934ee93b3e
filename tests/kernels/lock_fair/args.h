/* lock_fair: the warps of each block take turns at a block-scope spin lock
 * and, holding it, update a row of words with plain loads and stores. */
#ifndef LOCK_FAIR_ARGS_H
#define LOCK_FAIR_ARGS_H
#include "scord_kargs.h"

#define LF_WORDS 8u  /* words a holder updates, one load and one store each */
#define LF_ROUNDS 2u  /* times each warp takes the lock */
#define LF_SKEWS 4u   /* launches, each with its own timing */

struct lock_fair_args {
    SCORD_PTR(uint32_t) locks; /* [grid] one lock word per block, 8 words apart */
    SCORD_PTR(uint32_t) rows;  /* [grid * LF_WORDS] */
    uint32_t skew;             /* block b waits b + skew steps between load and store */
};
SCORD_KARGS_SIZE(struct lock_fair_args, 12);
#endif

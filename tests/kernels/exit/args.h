#ifndef T_EXIT_ARGS_H
#define T_EXIT_ARGS_H
#include "scord_kargs.h"

/* out[(block * blockDim.x + tid) * EX_WORDS + k], host fills 0xEEEEEEEE:
 *   EX_BEFORE  1 for every thread
 *   EX_MASK    tmask once the odd threads exited (even threads only)
 *   EX_LOOP    last iteration reached by a loop that some lanes leave by
 *              exiting: lane % 3 == 0 exits at i == 2 + lane % 4, others
 *              finish at EX_LOOP_END - 1 (even threads only)
 *   EX_BAR     1 after a __syncthreads that warp 1 never reaches (it exited
 *              whole): exited warps must not hold the barrier. */
enum { EX_BEFORE, EX_MASK, EX_LOOP, EX_BAR, EX_WORDS };
#define EX_LOOP_END 8

struct exit_args {
    SCORD_PTR(uint32_t) out;
};
SCORD_KARGS_SIZE(struct exit_args, 4);
#endif

#ifndef T_SMEM_OCCUPANCY_ARGS_H
#define T_SMEM_OCCUPANCY_ARGS_H
#include "scord_kargs.h"

/* One-warp blocks with a large dynamic shared memory: each counts itself
 * into resident[core] while it runs (the most seen goes to most[core]),
 * fills its whole slice with its own pattern, waits, and checks that no
 * other block wrote into it (bad[block]). Blocks whose slice does not fit
 * next to the running ones must wait for a core, not share one. */
struct smem_occupancy_args {
    SCORD_PTR(uint32_t) resident; /* one word per core, zeroed */
    SCORD_PTR(uint32_t) most;     /* one word per core, zeroed */
    SCORD_PTR(uint32_t) bad;      /* one word per block */
    uint32_t delay;
};
SCORD_KARGS_SIZE(struct smem_occupancy_args, 16);
#endif

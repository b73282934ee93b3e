#ifndef T_DIMS_ARGS_H
#define T_DIMS_ARGS_H
#include "scord_kargs.h"

/* Every thread writes what it sees, at out[(block_id * threads_per_block +
 * tid) * DIMS_WORDS]. */
enum {
    DIMS_TX, DIMS_TY, DIMS_TZ, DIMS_BX, DIMS_BY, DIMS_BZ,
    DIMS_BDX, DIMS_BDY, DIMS_BDZ, DIMS_GDX, DIMS_GDY, DIMS_GDZ,
    DIMS_TID, DIMS_LANE, DIMS_WARP, DIMS_BLOCK, DIMS_WARPSIZE, DIMS_LINEAR_BLOCK_THREADS,
    DIMS_WORDS
};

struct dims_args {
    SCORD_PTR(uint32_t) out;
};
SCORD_KARGS_SIZE(struct dims_args, 4);
#endif

#ifndef T_SMEM_DYNAMIC_ARGS_H
#define T_SMEM_DYNAMIC_ARGS_H
#include "scord_kargs.h"

/* Dynamic shared memory next to a static __shared__ array: every block
 * fills its whole dynamic area with sd_value(block, i), synchronises,
 * reads it back reversed and counts mismatches (bad[block]); thread 0
 * reports what the block sees (info[block * SD_INFO + ...]). */
enum { SD_SHARED, SD_DYNAMIC, SD_DYN_ADDR, SD_STATIC_OK, SD_INFO };

static inline uint32_t sd_value(uint32_t block, uint32_t i) { return (block << 20) ^ (i * 2654435761u); }

struct smem_dynamic_args {
    SCORD_PTR(uint32_t) bad;  /* gridDim.x words */
    SCORD_PTR(uint32_t) info; /* gridDim.x * SD_INFO words */
};
SCORD_KARGS_SIZE(struct smem_dynamic_args, 8);
#endif

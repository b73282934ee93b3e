/* lock_data: lane 0 of every warp of every block takes one device-scope
 * spin lock (atomicCAS(l, 0, 1) until it returns 0, __threadfence()) and,
 * holding it, adds to a row of words with plain loads and stores, then
 * releases it (__threadfence(), atomicExch(l, 0)). The warps' failed CASes
 * while another holds the lock take no lock in the detector; the
 * successful one does (docs/detector.md §4.2), so every pair of sections
 * shares the lock: race free, and every word counts every section. */
#ifndef T_LOCK_DATA_ARGS_H
#define T_LOCK_DATA_ARGS_H
#include "scord_kargs.h"

#define LD_WORDS 8u  /* words a holder updates */
#define LD_ROUNDS 3u /* sections per warp */

struct lock_data_args {
    SCORD_PTR(uint32_t) lock; /* one word, zeroed */
    SCORD_PTR(uint32_t) row;  /* LD_WORDS words, zeroed */
};
SCORD_KARGS_SIZE(struct lock_data_args, 8);
#endif

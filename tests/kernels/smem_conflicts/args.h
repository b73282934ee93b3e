#ifndef T_SMEM_CONFLICTS_ARGS_H
#define T_SMEM_CONFLICTS_ARGS_H
#include "scord_kargs.h"

/* One warp makes `reps` shared-memory accesses of one kind, lane l at word
 * (l * stride) % SC_WORDS of a shared array: the counters smem_accesses and
 * smem_conflicts of the launch must be exactly reps and reps * (passes - 1),
 * passes given by the bank rule (docs/architecture.md). */
enum { SC_LOAD, SC_STORE, SC_ATOMIC };
#define SC_WORDS 256

struct smem_conflicts_args {
    SCORD_PTR(uint32_t) out; /* one word per lane */
    uint32_t kind, stride, reps;
};
SCORD_KARGS_SIZE(struct smem_conflicts_args, 16);
#endif

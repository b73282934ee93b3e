/* The fault/soak stress kernel's arguments (tests/stress/kernel.c), shared
 * with its host (tests/stress/stress.c). */
#ifndef T_STRESS_ARGS_H
#define T_STRESS_ARGS_H
#include "scord_kargs.h"

enum stress_mode { STRESS_FREE = 0, STRESS_RACY = 1, STRESS_FAULT = 2, STRESS_ENDLESS = 3 };
/* STRESS_FREE variants */
enum { FREE_PLAIN = 0, FREE_SMEM = 1, FREE_VARIANTS = 2 };
/* STRESS_RACY variants */
enum {
    RACY_INTERBLOCK = 0,
    RACY_BLKATOM = 1,
    RACY_INTERWARP = 2,
    RACY_SH_INTERWARP = 3, /* shared memory, two warps of a block: SHARED */
    RACY_SH_INTRAWARP = 4, /* shared memory, lanes of one warp: SHARED_WARP */
    RACY_STALE = 5,        /* a fenced hand-off read without the reader's fence: STALE_READ */
    RACY_VARIANTS = 6
};
/* STRESS_ENDLESS variants */
enum {
    ENDLESS_POLL = 0,
    ENDLESS_STORE = 1,
    ENDLESS_ATOMIC = 2,
    ENDLESS_SMEM_POLL = 3, /* polls a __shared__ flag nobody sets: race-free */
    ENDLESS_SMEM_RACE = 4, /* lanes store one shared word in a loop: racy */
    ENDLESS_STALE = 5,     /* RACY_STALE's hand-off, then every thread polls forever */
    ENDLESS_VARIANTS = 6
};
/* STRESS_FAULT variants */
enum {
    FAULT_ILLEGAL = 0,
    FAULT_MISALIGNED = 1,
    FAULT_BOUNDS = 2,
    FAULT_ECALL = 3,
    FAULT_SMEM = 4, /* a store just past the block's shared slice */
    FAULT_VARIANTS = 5
};
/* flags (STRESS_FAULT and STRESS_ENDLESS): race in shared memory first */
#define STRESS_SH_RACE_FIRST 1u

/* The kernel's shared memory: one word per thread of a block (up to this
 * many), one per warp, a race word and a flag. */
#define STRESS_SH_THREADS 64

struct stress_args {
    uint32_t mode, variant;
    SCORD_PTR(uint32_t) data; /* one word per thread of the grid, then a shared word */
    SCORD_PTR(uint32_t) count;
    uint32_t salt; /* what FREE writes depends on it, so a stale result shows */
    uint32_t flags;
};
SCORD_KARGS_SIZE(struct stress_args, 24);
#endif

/* The fault/soak stress kernel's arguments (tests/stress/kernel.c), shared
 * with its host (tests/stress/stress.c). */
#ifndef T_STRESS_ARGS_H
#define T_STRESS_ARGS_H
#include "scord_kargs.h"

enum stress_mode { STRESS_FREE = 0, STRESS_RACY = 1, STRESS_FAULT = 2, STRESS_ENDLESS = 3 };
/* STRESS_RACY variants */
enum { RACY_INTERBLOCK = 0, RACY_BLKATOM = 1, RACY_INTERWARP = 2, RACY_VARIANTS = 3 };
/* STRESS_ENDLESS variants */
enum { ENDLESS_POLL = 0, ENDLESS_STORE = 1, ENDLESS_ATOMIC = 2, ENDLESS_VARIANTS = 3 };
/* STRESS_FAULT variants */
enum { FAULT_ILLEGAL = 0, FAULT_MISALIGNED = 1, FAULT_BOUNDS = 2, FAULT_ECALL = 3, FAULT_VARIANTS = 4 };

struct stress_args {
    uint32_t mode, variant;
    SCORD_PTR(uint32_t) data; /* one word per thread of the grid, then a shared word */
    SCORD_PTR(uint32_t) count;
    uint32_t salt; /* what FREE writes depends on it, so a stale result shows */
};
SCORD_KARGS_SIZE(struct stress_args, 20);
#endif

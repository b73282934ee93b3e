/* The ScoR-style microbenchmarks (sw/bench/micro/<name>/kernel.c) and the
 * detector's per-rule kernels share this header with the host runner.
 *
 * Each kernel has two active actors ("threads" in the paper's sense), the
 * rest of the launched threads return at once:
 *   MICRO_2B    grid 2, block 1 thread: actor k is block k (inter-block)
 *   MICRO_2W    grid 1, block 2 warps: actor k is lane 0 of warp k (inter-warp)
 *   MICRO_2B2W  grid 2, block 2 warps: lane 0 of each of the four warps acts
 *               (the transitive HRF/HRD-indirect chains)
 *   MICRO_1W    grid 1, block 1 warp: lanes 0 and 1 act (intra-warp)
 * micro_actor() numbers the actors 0, 1 (, 2, 3), or -1 for a bystander.
 *
 * Every kernel takes struct micro_args; the runner allocates each buffer
 * zeroed (MICRO_WORDS words each) and reads `out` back after the run (a
 * kernel may store what it observed there; the runner prints it with -v).
 *
 * Source markers. A line of kernel.c that a race report must name carries
 * the comment  `scor:race ID`  (ID: one word). Lines with the same ID are
 * one race: it counts as found when a report names any of them (either
 * access of the pair may be the one reported). A report naming a line
 * without a marker is a false positive. Reports are attributed to the line
 * of kernel.c (for code inlined from a header: the line of kernel.c the
 * outermost inlined call is on). The unique races of a kernel are its
 * distinct IDs; a race-free kernel has no marker. */
#ifndef SCORD_MICRO_H
#define SCORD_MICRO_H

#include <stdint.h>

#define MICRO_WORDS 64u

enum micro_layout { MICRO_2B = 0, MICRO_2W = 1, MICRO_2B2W = 2, MICRO_1W = 3 };

#ifdef __riscv
#define MICRO_PTR(T) T *
#else
#define MICRO_PTR(T) uint32_t /* a device address on the host */
#endif

struct micro_args {
    MICRO_PTR(uint32_t) data; /* the shared data the actors race on */
    MICRO_PTR(uint32_t) flag; /* flags, tickets, counters */
    MICRO_PTR(uint32_t) lock; /* lock words */
    MICRO_PTR(uint32_t) out;  /* what the actors observed */
    uint32_t layout;          /* enum micro_layout, as launched */
};

#ifdef __riscv
#include <scord_gpu.h>
/* Which actor this thread is (see the top of this file), -1 if none. */
static inline int micro_actor(const struct micro_args *a)
{
    unsigned lane = __lane_id(), warp = __warp_id(), block = __block_linear();
    switch (a->layout) {
    case MICRO_2B:
        return lane == 0 && warp == 0 ? (int)block : -1;
    case MICRO_2W:
        return lane == 0 && warp < 2 ? (int)warp : -1;
    case MICRO_2B2W:
        return lane == 0 && warp < 2 ? (int)(2 * block + warp) : -1;
    default:
        return lane < 2 && warp == 0 ? (int)lane : -1;
    }
}
#endif

#endif

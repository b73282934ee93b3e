/* Synchronization idioms the ScoR microbenchmarks and the detector's
 * per-rule kernels are written with (device side only).
 *
 * Locks follow the pattern the detector infers (docs/detector.md §4):
 * acquire = CAS loop from 0 to 1, then a fence of the lock's scope;
 * release = a fence, then an exchange writing 0. Flags are set with an
 * exchange of 1 (which releases nothing) and polled with atomicAdd(f, 0).
 *
 * Every helper is static inline, so a report inside one is attributed to
 * the line of kernel.c that calls it (the outermost inlined call). */
#ifndef SCORD_MICRO_SYNC_H
#define SCORD_MICRO_SYNC_H

#include "micro.h"

/* Variables that must not share a granule are 4 words (16 bytes) apart,
 * so the 8- and 16-byte granularities see them as different locations. */
#define V(k) ((k) * 4u)

static inline void dev_lock(volatile uint32_t *l)
{
    while (atomicCAS(l, 0u, 1u) != 0u)
        ;
    __threadfence();
}
static inline void dev_unlock(volatile uint32_t *l)
{
    __threadfence();
    atomicExch(l, 0u);
}
static inline void blk_lock(volatile uint32_t *l)
{
    while (atomicCAS_block(l, 0u, 1u) != 0u)
        ;
    __threadfence_block();
}
static inline void blk_unlock(volatile uint32_t *l)
{
    __threadfence_block();
    atomicExch_block(l, 0u);
}
/* A block-scope CAS does not exclude across cores: a spinning block would
 * read its own L1 line forever, so cross-block misuse tries a bounded
 * number of times and then goes on (the lock is broken either way). */
static inline void blk_lock_bounded(volatile uint32_t *l)
{
    for (unsigned t = 0; t < 64u && atomicCAS_block(l, 0u, 1u) != 0u; t++)
        ;
}

static inline void flag_set(volatile uint32_t *f) { atomicExch(f, 1u); }
static inline void flag_wait(volatile uint32_t *f)
{
    while (atomicAdd(f, 0u) == 0u)
        ;
}
static inline void flag_set_block(volatile uint32_t *f) { atomicExch_block(f, 1u); }
static inline void flag_wait_block(volatile uint32_t *f)
{
    while (atomicAdd_block(f, 0u) == 0u)
        ;
}

#endif

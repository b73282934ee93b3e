/* Seeded random event streams for the race detector (docs/detector.md §10).
 *
 * The generator plays the GPU's cores: it keeps a lock table and a warp-sync
 * count per warp and a barrier id per block (the core-side logic of
 * scord_ref.h) and emits detector events (§3) with the Bloom, barrier id and
 * wsync already filled in, so the same stream can drive the RTL detector and
 * the reference model. Identical parameters and seed give the identical
 * stream on every host.
 */
#ifndef SCORD_EVGEN_H
#define SCORD_EVGEN_H

#include <stdint.h>

#include "scord_ref.h"

#define SCORD_EVGEN_MAX_WARPS 256  /* blocks x warps_per_block */
#define SCORD_EVGEN_MAX_POOL 64

typedef struct {
    uint32_t blocks;          /* resident blocks, 1..64 */
    uint32_t warps_per_block; /* 1..32, blocks * warps <= SCORD_EVGEN_MAX_WARPS */
    uint32_t lanes;           /* lanes per warp, 1..32 */
    uint32_t cores;           /* block b runs on core b % cores */
    uint32_t block_id_base;   /* first block id (>= 128 exercises the 7-bit aliasing) */
    uint32_t track_base;      /* tracked window the data pool lies in */
    uint32_t track_bytes;
    uint32_t pool_words;      /* data words conflicts happen on, 1..SCORD_EVGEN_MAX_POOL */
    uint32_t lock_words;      /* lock variables, 1..8, just above the data pool */
    uint32_t untracked_addr;  /* an address outside the window (0: none) */
    uint32_t intrude_addr;    /* an address in the metadata region or ring (0: none) */
    uint32_t kernel_events;   /* events per kernel; 0: one kernel */
    uint32_t pc_base;         /* DET_PC_BASE the detector is given: most PCs lie a little
                                 above it, some below it and some past the 16-bit index */
    uint32_t fence_burst;     /* device fences each kernel starts with (0: none): a burst
                                 past 65535 saturates the device-fence epoch */
} scord_evgen_params_t;

typedef struct {
    scord_evgen_params_t p;
    uint64_t rng;
    uint32_t pool[SCORD_EVGEN_MAX_POOL];
    scord_locktab_t lt[SCORD_EVGEN_MAX_WARPS];
    uint8_t lock_state[SCORD_EVGEN_MAX_WARPS]; /* 0 free, 1 acquired, 2 in section */
    uint32_t lock_addr[SCORD_EVGEN_MAX_WARPS];
    uint8_t wsync[SCORD_EVGEN_MAX_WARPS];      /* warp sync count, 0 at launch */
    uint8_t bar[64];
    scord_event_t pend[80];
    uint32_t npend, ipend;
    uint32_t since_kernel;
    uint32_t burst_left;      /* device fences of the kernel's burst still to come */
} scord_evgen_t;

/* Fills in defaults that fit a window at track_base of track_bytes. */
void scord_evgen_defaults(scord_evgen_params_t *p, uint32_t track_base, uint32_t track_bytes);

/* Returns 0 if the parameters are out of range. */
int scord_evgen_init(scord_evgen_t *g, const scord_evgen_params_t *p, uint64_t seed);

/* Next event in *ev and 1, or 0 when a kernel boundary comes first: the
 * caller then runs scord_ref_kernel_start (and its RTL equivalent) and
 * calls again. Lock tables and barrier ids restart with the kernel. */
int scord_evgen_next(scord_evgen_t *g, scord_event_t *ev);

#endif

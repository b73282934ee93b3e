/* The shared-memory race rule: one shadow entry, one bank pass.
 *
 * Shared memory is checked beside each core's banks, not in the detector
 * queue: every shared word has a shadow entry (last write, read summary),
 * and each pass of the bank pipeline (the lanes of one warp instruction
 * served on one word) is checked against it and updates it. This is that
 * rule as a pure function, so the RTL module (rtl/scord/scord_sh_rule.v) can
 * be compared with it on random inputs and a core model can call it.
 *
 * Threads inside a core are (warp slot, lane), encoded `slot << lane_bits |
 * lane`. The block is implicit: a block slot's shadow is its own and goes
 * stale when the block's epoch E moves (launch, barrier release, counter
 * wrap), so stale entries record nothing.
 *
 * Ordering (what makes a conflicting pair race-free):
 *   same warp:  a warp sync (ws) or a fence (fc) of the warp since the
 *               earlier access;
 *   other warp: a fence of the earlier access's warp since (fence + flag);
 *   any:        a barrier (epoch), atomics against atomics, the same thread.
 *
 * Every recorded byte mask belongs to the recorded thread (WB: the last
 * writer's, RB: the first reader's), and RM says that another lane of the
 * first reader's warp read (at least) the same bytes. So a reported pair
 * always exists: lanes of one warp touching different bytes of one word (a
 * char array indexed by thread) never race. The price is false negatives
 * (readers other than the first; bytes of other lanes of a multi-lane
 * write), never false positives.
 */
#ifndef SCORD_SH_RULE_H
#define SCORD_SH_RULE_H

#include <stdint.h>

#include "scord_defs.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCORD_SH_MAX_LANES 32

typedef struct {
    unsigned warp_bits;  /* WW: warp slots per core = 1 << warp_bits (0..8) */
    unsigned lane_bits;  /* LB: lanes per warp = 1 << lane_bits (0..5) */
} scord_sh_cfg_t;

/* Shadow entry of one shared word. Threads: slot << lane_bits | lane. */
typedef struct {
    uint8_t ep;     /* 8: the block epoch when the entry was last written */
    uint8_t wv;     /* a write is recorded */
    uint16_t wt;    /* its thread */
    uint8_t wa;     /* it was an atomic */
    uint8_t wb;     /* 4: its bytes (the bytes of thread wt) */
    uint8_t ws;     /* 8: the writer warp's sync count at the write */
    uint8_t wf;     /* 6: the writer warp's fence count at the write */
    uint16_t wp;    /* its PC index */
    uint8_t rv;     /* a read is recorded since the last write */
    uint8_t rm;     /* another lane of rt's warp read (at least) rb too */
    uint16_t rt;    /* the first reader */
    uint8_t rb;     /* 4: the bytes the first reader read */
    uint8_t rs;     /* 8: the first reader warp's sync count at the read */
    uint8_t rf;     /* 6: the first reader warp's fence count at the read */
    uint16_t rp;    /* its PC index */
} scord_sh_entry_t;

/* One pass: lanes of one warp instruction served on one word. */
typedef struct {
    uint32_t lanes;                       /* S: lane l served iff bit l (at least one) */
    uint8_t bytes[SCORD_SH_MAX_LANES];    /* b[l]: 4-bit byte mask of lane l in the word */
    uint8_t kind;                         /* SCORD_DET_EV_LOAD, _STORE or _ATOMIC (one lane) */
    uint8_t wslot;                        /* w: the warp slot */
    uint16_t pcidx;                       /* p: PC index of the instruction */
} scord_sh_pass_t;

/* The core's counters the rule reads (indexed by warp slot). */
typedef struct {
    uint8_t epoch;      /* E of the accessing block's slot */
    const uint8_t *ws;  /* ws[slot]: warp sync counts (8 bits) */
    const uint8_t *fc;  /* fc[slot]: warp fence counts (6 bits) */
} scord_sh_ctr_t;

/* The race decision of one pass (type 0: none). */
typedef struct {
    uint8_t type;          /* 0, SCORD_DET_RACE_SHARED (other warp) or _SHARED_WARP (same warp) */
    uint8_t lane;          /* the lowest racing lane */
    uint16_t prev_thread;  /* the previous access's thread */
    uint16_t prev_pcidx;   /* its PC index */
    uint8_t prev_write;    /* it wrote (a recorded write or an earlier lane of this store) */
    uint8_t prev_atom;     /* it was an atomic */
    uint8_t prev_exact;    /* 1: prev_thread made it; 0: another lane of prev_thread's warp did
                              (prev_thread is the current thread, the first reader) */
    uint8_t nracing;       /* lanes of the pass that race (each counted once) */
    uint32_t racing;       /* those lanes, as a mask */
} scord_sh_race_t;

/* Checks `pass` against the entry `in` and computes the new entry `out`
 * (out may be in). An empty pass changes nothing and races with nothing. */
void scord_sh_rule(const scord_sh_cfg_t *cfg, const scord_sh_entry_t *in,
                   const scord_sh_pass_t *pass, const scord_sh_ctr_t *ctr,
                   scord_sh_entry_t *out, scord_sh_race_t *race);

#ifdef __cplusplus
}
#endif
#endif

/* The reference model driven as the GPU would drive it, for the directed
 * tests of tests/refmodel/: one detector (m) over a 1 MiB memory with a
 * tracked window, metadata and a ring at fixed places, and the core side
 * (lock tables, barrier ids, warp sync counts) of 4 blocks of 4 warps. */
#ifndef REFMODEL_FIXTURE_H
#define REFMODEL_FIXTURE_H

#include <stdint.h>

#include "scord_ref.h"
#include "unit.h"

#define MEM      0x100000u  /* 1 MiB */
#define TRACK    0x10000u   /* window [TRACK, TRACK + TRACK_SZ) */
#define TRACK_SZ 0x10000u
#define MDB      0x40000u
#define RING     0x80000u
#define X        (TRACK + 0x100u)
#define Y        (TRACK + 0x200u)
#define LOCK     (TRACK + 0x400u)
#define LOCK2    (TRACK + 0x800u)

extern scord_ref_t *m;
extern uint32_t pc_next;  /* PC of the next event (each takes 4 bytes) */

/* registers and counters */
uint32_t R(uint32_t idx);
void W(uint32_t idx, uint32_t v);
uint32_t cnt(uint32_t k);
uint32_t races(uint32_t t);

/* A fresh model armed in `mode` with a ring of ring_size records, the core
 * side reset; setup(): full mode, 64 records. */
void setup_mode(uint32_t mode, uint32_t ring_size);
void setup(void);

/* Core side: every event carries its warp's Bloom and sync count and its
 * block's barrier id. */
scord_event_t mk(int b, int w, uint8_t kind, uint32_t addr);
/* The next access is by lane l (accesses default to lane 0). */
void L(int l);
/* syncwarp, vote or shuffle: no detector event, only the warp's count moves */
void syncwarp(int b, int w);
/* An access of 2^size bytes (sub-word: byte precision). */
void accs(int b, int w, uint8_t kind, uint32_t addr, int size);
void acc(int b, int w, uint8_t kind, uint32_t addr, int strong, int scope);
void ld(int b, int w, uint32_t a);
void st(int b, int w, uint32_t a);
void lds(int b, int w, uint32_t a);
void sts(int b, int w, uint32_t a);
void at(int b, int w, uint32_t a, int scope);
void fence(int b, int w, int scope);
void barrier(int b);
/* A CAS lane (compare cmp, new value newv, finding old) and an exchange
 * lane (new value newv) with the lock table's rule (§4.2); cas and exch
 * are the acquire that succeeds (0 -> 1, found 0) and the release (0). */
void cas_v(int b, int w, uint32_t a, int scope, uint32_t cmp, uint32_t newv, uint32_t old);
void exch_v(int b, int w, uint32_t a, int scope, uint32_t newv);
void cas(int b, int w, uint32_t a, int scope);
void exch(int b, int w, uint32_t a, int scope);
void lock(int b, int w, uint32_t a, int scope);
void unlock(int b, int w, uint32_t a, int scope);

/* the ring and the metadata */
uint32_t nrec(void);
scord_record_t rec(uint32_t slot);
/* The entry at index k, as raw little-endian words and decoded. */
scord_md_t md_at(uint32_t k, uint64_t raw[2]);
/* The entry of addr in full mode. */
scord_md_t md_of(uint32_t addr);

/* verdicts: exactly one record, of this type; no record */
int one(uint8_t type, int devrace);
int none(void);

/* Arms the default layout with reg := val and reg2 := val2 changed and
 * expects the refusal code (0: armed); refuse: one register changed. */
int refuse_with(uint32_t reg, uint32_t val, uint32_t reg2, uint32_t val2, uint32_t code);
int refuse(uint32_t reg, uint32_t val, uint32_t code);

/* The cases, one table per file, in the order they run. */
extern const struct unit_case refmodel_scord_cases[], refmodel_beyond_cases[], refmodel_metadata_cases[],
    refmodel_report_cases[], refmodel_evgen_cases[], refmodel_acquire_cases[];

#endif

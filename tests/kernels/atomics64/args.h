#ifndef T_ATOMICS64_ARGS_H
#define T_ATOMICS64_ARGS_H
#include "scord_kargs.h"

/* 64-bit atomics (amocas.d and the CAS loops of scord_gpu.h) in device
 * memory at device and block scope and in shared memory, by every thread
 * of several blocks:
 *   dev   device scope: all threads of the grid on dev[0 .. A64_SLOTS),
 *         operand index g = global thread index;
 *   blk   block scope: block b's threads on blk[A64_SLOTS * b ...],
 *         g = threadIdx.x (a block's slots fill whole lines of its own);
 *   sh    shared memory, copied out to sh_out[A64_SLOTS * b ...] at the end.
 * ADD's old values (A64_REPS per thread) go to the tickets: the host checks
 * they are a permutation of the slot's start value + 0 .. n - 1, across
 * the low word's carry into the high one. dsum[0] (device), dsum[1 + b]
 * (block) and dsum[1 + nb + b] (shared) sum g + 0.5 as doubles.
 * A64_RACY: only thread 0 of each block, one atomicAdd_block on dev[0]
 * from every block: a block-scope atomic across blocks (SCOPED_ATOM).
 * A64_HI_RACY: a plain store to the high word of a 64-bit atomic's
 * location, nothing ordering them: block 1 against block 0's device-scope
 * atomicAdd on dev[0]; in each block, warp 1 against warp 0's atomicAdd
 * on a shared word (no barrier: SHARED). Races only the high word's
 * events can show. */
enum { A64_ADD, A64_CAS, A64_MIN, A64_MAX, A64_MINU, A64_MAXU, A64_EXCH, A64_SLOTS = 8 };
enum { A64_CHECKED = 0, A64_RACY = 1, A64_HI_RACY = 2 };
#define A64_REPS 2
#define A64_ADD0 0x00000000fffffff0ull /* ADD's start: the adds carry into the high word */
#define A64_CAS0 0x00000000ffffff80ull

static inline long long a64_signed(uint32_t g) { return (long long)(g * 0x9E3779B97F4A7C15ull); }
static inline unsigned long long a64_unsigned(uint32_t g) { return g * 0xD6E8FEB86659FD93ull + 1u; }

struct atomics64_args {
    SCORD_PTR(unsigned long long) dev;      /* A64_SLOTS */
    SCORD_PTR(unsigned long long) blk;      /* A64_SLOTS * blocks */
    SCORD_PTR(unsigned long long) sh_out;   /* A64_SLOTS * blocks */
    SCORD_PTR(unsigned long long) tickets;  /* device [g * A64_REPS + k], then block, then shared */
    SCORD_PTR(unsigned long long) exch;     /* device [g], then block */
    SCORD_PTR(double) dsum;                 /* 1 + 2 * blocks */
    uint32_t mode;
};
SCORD_KARGS_SIZE(struct atomics64_args, 28);
#endif

/* float_atomics: atomicAdd and atomicExch on float (scord_gpu.h), device
 * and block scope, in device and shared memory, by every thread of several
 * blocks. Thread g adds fa_val(g): quarters, so every partial sum is exact
 * and the result does not depend on the order.
 *   words[FA_DEV]  device scope, from +0.0; the old value each thread got
 *                  back goes to ret[g] (the host checks they chain: each
 *                  is the one before plus that thread's value);
 *   words[FA_ZIG]  device scope, from +0.0: every thread adds +v, then -v,
 *                  so the word passes through +0.0 over and over (the
 *                  claims of scord_gpu.h); it must end +0.0;
 *   words[FA_EXCH] atomicExch(.., fa_xval(g)) from FA_EXCH_INIT: the values
 *                  returned plus the last one are exactly the values written
 *                  plus the first;
 *   blk[8 b]       block scope in device memory, block b's threads;
 *   blk[8 b + 4]   atomicExch_block, as FA_EXCH within block b;
 *   shared s[0..2] atomicAdd_block, atomicAdd (device-scope opcode, which in
 *                  shared memory acts at block scope) and a zigzag, copied
 *                  to shout[4 b ..] at the end.
 * Then block 0 hands data to block 1 (after a device fence, strong stores,
 * a fence and a flag; block 1 polls, fences and reads with strong loads).
 * Race free: the detector must report nothing. A float add done as a CAS
 * from 0 would have made the adding warps hold locks (docs/detector.md
 * §4.2) that the first fence activates, and the hand-off's data would be
 * reported as lockset races. */
#ifndef T_FLOAT_ATOMICS_ARGS_H
#define T_FLOAT_ATOMICS_ARGS_H
#include "scord_kargs.h"

enum { FA_DEV = 0, FA_ZIG = 8, FA_EXCH = 16, FA_WORDS = 24 }; /* a line each on default */
#define FA_EXCH_INIT 0.5f
#define FA_BLK_WORDS 8u
#define FA_SHOUT_WORDS 4u
#define FA_DATA(i) (0xF0000000u + (i))

static inline float fa_val(uint32_t g) { return 0.25f * (float)(1u + g % 13u); }
static inline float fa_xval(uint32_t g) { return (float)(g + 1u); }

struct float_atomics_args {
    SCORD_PTR(uint32_t) words; /* FA_WORDS, zeroed but words[FA_EXCH] */
    SCORD_PTR(uint32_t) blk;   /* FA_BLK_WORDS per block, zeroed but [4] */
    SCORD_PTR(uint32_t) shout; /* FA_SHOUT_WORDS per block */
    SCORD_PTR(uint32_t) ret;   /* per thread: old value of the words[FA_DEV] add */
    SCORD_PTR(uint32_t) exret; /* per thread: old value of the words[FA_EXCH] exchange */
    SCORD_PTR(uint32_t) bexret; /* per thread: old value of the blk[8 b + 4] exchange */
    SCORD_PTR(uint32_t) data;  /* n words, block 0 -> block 1 */
    SCORD_PTR(uint32_t) flag;  /* one word, zeroed */
    SCORD_PTR(uint32_t) got;   /* n words: what block 1 read */
    uint32_t n;
};
SCORD_KARGS_SIZE(struct float_atomics_args, 40);
#endif

/* poll_flag: message passing between two blocks on two cores, the flags
 * polled with atomics that only read: atomicCAS(f, 0, 0), atomicOr(f, 0),
 * atomicAdd(f, 0). Three hand-offs, one per form:
 *   producer (block 0): data[k n .. (k+1) n) = PF_VAL(k, i) with strong
 *     stores, __threadfence(), one lane raises flags[PF_FLAG(k)] with
 *     atomicExch(.., 1);
 *   consumer (block 1): every lane polls flags[PF_FLAG(k)] with form k,
 *     __threadfence(), reads its words of part k with strong loads into out.
 * Race free: no poll takes a lock (docs/detector.md §4.2), so the
 * consumer's loads carry no Bloom and are ordered by the producer's fence
 * (strong data: consumer-side fences are not tracked, §9). */
#ifndef T_POLL_FLAG_ARGS_H
#define T_POLL_FLAG_ARGS_H
#include "scord_kargs.h"

#define PF_PARTS 3u
#define PF_FLAG(k) (8u * (k)) /* one flag a line */
#define PF_VAL(k, i) (0xC0000000u + ((k) << 16) + (i))

struct poll_flag_args {
    SCORD_PTR(uint32_t) data;  /* PF_PARTS * n words, zeroed */
    SCORD_PTR(uint32_t) flags; /* 8 * PF_PARTS words, zeroed */
    SCORD_PTR(uint32_t) out;   /* PF_PARTS * n words */
    SCORD_PTR(uint32_t) cores; /* [block] = core it ran on */
    uint32_t n;                /* words a part, a multiple of blockDim.x */
};
SCORD_KARGS_SIZE(struct poll_flag_args, 20);
#endif

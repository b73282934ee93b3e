/* R110 device side: see args.h.
 *
 * The GPU reconverges a warp by running its lowest-PC lanes first. GCC may
 * move a conditional block out of line, past the end of the loop; lanes
 * that take it then wait there while the rest of their warp runs on alone,
 * through the next barrier. So the per-lane conditional parts (the border
 * owners' polls and fence, thread 0's count) are asm blocks whose branch
 * and join are fixed, and everything else is branch free per lane. */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

/* Lanes with `on` set spin until *p >= g, reading it with a device-scope
 * atomic add of 0; the others wait at the end. */
static inline void wait_until(int on, uint32_t *p, uint32_t g)
{
    uint32_t v;
    __asm__ volatile("beqz %1, 2f\n"
                     "1:\tamoadd.w %0, zero, (%2)\n\t"
                     "bltu %0, %3, 1b\n"
                     "2:"
                     : "=&r"(v)
                     : "r"(on), "r"(p), "r"(g)
                     : "memory");
}

/* A device fence in the lanes with `dev` set, a block fence in the others. */
static inline void fence_dev_or_block(int dev)
{
    __asm__ volatile("beqz %0, 1f\n\t"
                     "fence rw, rw\n\t"
                     "j 2f\n"
                     "1:\t.insn i %1, %2, x0, x0, 0\n"
                     "2:"
                     :
                     : "r"(dev), "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_FENCE_BLK)
                     : "memory");
}

/* *p += 1 in the lanes with `on` set: device scope, or block scope (`blk`). */
static inline void count_if(int on, uint32_t *p)
{
    uint32_t old;
    __asm__ volatile("beqz %1, 1f\n\t"
                     "amoadd.w %0, %3, (%2)\n"
                     "1:"
                     : "=&r"(old)
                     : "r"(on), "r"(p), "r"(1)
                     : "memory");
}
static inline void count_if_blk(int on, uint32_t *p)
{
    uint32_t old;
    __asm__ volatile("beqz %1, 1f\n\t"
                     ".insn r %4, 2, %5, %0, %2, %3\n"
                     "1:"
                     : "=&r"(old)
                     : "r"(on), "r"(p), "r"(1), "i"(SCORD_OPC_AMO_BLK), "i"(SCORD_AMO_ADD << 2)
                     : "memory");
}

__global__ void kernel_main(const struct r110_args *a)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, b = blockIdx.x, nb = gridDim.x;
    unsigned n = a->n, seg = n / nb, lo = b * seg, hi = lo + seg;
    uint32_t *done = &a->progress[b * a->stride];
    uint32_t *prev_done = done - a->stride, *next_done = done + a->stride;
    /* Owners of the segment's first and last cell: they talk to the
     * neighbours (bitwise & and |: no branches). */
    int left = (tid == 0) & (b > 0), right = (tid == nt - 1) & (b + 1 < nb);

    for (unsigned g = 0; g < a->iters; g++) {
        /* Cell i is word i + 1 of a buffer; words 0 and n + 1 stay 0. */
        const uint32_t *cur = a->cells + (g & 1) * (n + 2);
        uint32_t *nxt = a->cells + ((g + 1) & 1) * (n + 2);
        unsigned waits = g > 0;
        wait_until(left & waits, prev_done, g);  // scor:race progress
        wait_until(right & waits, next_done, g); // scor:race progress
        for (unsigned i = lo + tid; i < hi; i += nt) {
            /* The neighbours may be another block's border cells: strong. */
            uint32_t l = ld_strong_u32(&cur[i]);     // scor:race border
            uint32_t r = ld_strong_u32(&cur[i + 2]); // scor:race border
            uint32_t c = cur[i + 1];
            st_strong_u32(&nxt[i + 1], (110u >> (l << 2 | c << 1 | r)) & 1); // scor:race border
        }
#if RACEY
        __threadfence_block();
#else
        fence_dev_or_block(left | right);
#endif
        __syncthreads();
#if RACEY
        count_if_blk(tid == 0, done); // scor:race progress
#else
        count_if(tid == 0, done);
#endif
    }
}

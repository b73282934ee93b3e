/* RED device side: see args.h.
 *
 * The GPU reconverges a warp by running its lowest-PC lanes first, and GCC
 * may move a conditional block out of line, past the end of the loop: its
 * lanes would then wait there while the rest of the warp runs the next
 * levels and spins on their flags. So the per-lane conditional steps
 * (publish, wait and take) are asm blocks whose branch and join are fixed,
 * and the level loop is the same for every lane. */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

/* In the lanes with `on` set: *slot = v (strong), [block fence,] *flag |= 1
 * (block-scope atomic). */
static inline void publish(int on, uint32_t *slot, uint32_t v, uint32_t *flag)
{
    uint32_t old;
    __asm__ volatile("beqz %1, 1f\n\t"
                     ".insn s %5, 2, %3, 0(%2)\n\t"
#if !RACEY
                     ".insn i %6, %7, x0, x0, 0\n\t"
#endif
                     ".insn r %8, 2, %9, %0, %4, %10\n"
                     "1:"
                     : "=&r"(old)
                     : "r"(on), "r"(slot), "r"(v), "r"(flag), "i"(SCORD_OPC_STORE_STRONG),
                       "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_FENCE_BLK), "i"(SCORD_OPC_AMO_BLK),
                       "i"(SCORD_AMO_OR << 2), "r"(1u)
                     : "memory");
}

/* Cycles a poller waits between two polls. A tight poll loop keeps its
 * core's detector event port and the L2 busy; with the detector armed it
 * starved the publishing warp of the same core for good (a fairness
 * problem of the port's replay, see docs/apps.md), so polls back off. */
#define POLL_BACKOFF 128

/* In the lanes with `on` set: wait until *flag != 0 (polled with a
 * block-scope atomic OR of 0), then return *slot (strong load); 0 in the
 * other lanes. */
static inline uint32_t take(int on, uint32_t *flag, const uint32_t *slot)
{
    uint32_t v, t, t0;
    __asm__ volatile("li %0, 0\n\t"
                     "beqz %3, 3f\n"
                     "1:\t.insn r %6, 2, %7, %1, %4, x0\n\t"
                     "bnez %1, 2f\n\t"
                     "csrr %2, %9\n"
                     "4:\tcsrr %1, %9\n\t"
                     "sub %1, %1, %2\n\t"
                     "sltiu %1, %1, %10\n\t"
                     "bnez %1, 4b\n\t"
                     "j 1b\n"
                     "2:\t.insn i %8, 2, %0, 0(%5)\n"
                     "3:"
                     : "=&r"(v), "=&r"(t), "=&r"(t0)
                     : "r"(on), "r"(flag), "r"(slot), "i"(SCORD_OPC_AMO_BLK),
                       "i"(SCORD_AMO_OR << 2), "i"(SCORD_OPC_LOAD_STRONG), "i"(SCORD_CSR_CYCLE),
                       "i"(POLL_BACKOFF)
                     : "memory");
    return v;
}

__global__ void kernel_main(const struct red_args *a)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, b = blockIdx.x, nb = gridDim.x;
    uint32_t *s = a->scratch + b * nt, *ready = a->ready + b * nt;

    uint32_t sum = 0;
    for (unsigned i = b * nt + tid; i < a->n; i += nb * nt)
        sum += a->in[i];

    /* Level w: threads [w, 2w) publish their sum, threads [0, w) add the
     * sum of thread t + w. Publishing comes first, so the lanes of one warp
     * that publish at a level have done so before its lanes take. */
    unsigned top = 1;
    while (2 * top < nt)
        top <<= 1;
    for (unsigned w = top; w > 0; w >>= 1) {
        publish((tid >= w) & (tid < 2 * w), &s[tid], sum, &ready[tid]); // scor:race flag
        sum += take((tid < w) & (tid + w < nt), &ready[tid + w], &s[tid + w]); // scor:race flag
    }

    if (tid == 0) {
        st_strong_u32(&a->partial[b], sum); // scor:race ticket
#if RACEY
        __threadfence_block();
#else
        __threadfence();
#endif
        if (atomicAdd(a->ticket, 1u) == nb - 1) {
            uint32_t total = 0;
            for (unsigned k = 0; k < nb; k++)
                total += ld_strong_u32(&a->partial[k]); // scor:race ticket
            st_strong_u32(a->total, total);
        }
    }
}

/* Lane 0 of every warp spins on its block's lock with a block-scope CAS
 * (the L1 answers it, so a spinning warp's LSU answer comes back fast) and,
 * holding it, makes LF_WORDS read-modify-writes, each needing the LSU, with
 * a few steps between the load and the store (block b: b + skew nops, so
 * the launches try several timings). The core must let the holder have
 * the LSU between the spinners' CASes: without the replay reservation
 * (docs/architecture.md, the detector port's paragraph) this kernel hung
 * with and without the detector, a spinner winning the freed LSU every
 * time over the holder. */
#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct lock_fair_args *a)
{
    if (__lane_id() != 0)
        return;
    volatile uint32_t *lock = a->locks + 8 * blockIdx.x;
    volatile uint32_t *row = a->rows + LF_WORDS * blockIdx.x;
    unsigned d = blockIdx.x + a->skew;
    for (unsigned r = 0; r < LF_ROUNDS; r++) {
        while (atomicCAS_block(lock, 0u, 1u) != 0u)
            ;
        __threadfence_block();
        for (unsigned i = 0; i < LF_WORDS; i++) {
            uint32_t v = row[i] + 1u;
            for (unsigned k = 0; k < d; k++)
                __asm__ volatile("nop");
            row[i] = v;
        }
        __threadfence_block();
        atomicExch_block(lock, 0u);
    }
}

// ScoR microbenchmark interwarp_dev-blklock-no-stf_waw as a CUDA program: the twin of
// sw/bench/micro/interwarp_dev-blklock-no-stf_waw/kernel.c (racy): the same accesses in the
// same order.
// Warp 0 takes the lock with a device CAS, warp 1 with a block CAS (fine
// within a block), but neither fences after the acquire (Table IV c)
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interwarp_dev_blklock_no_stf_waw(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        d[V(0)] = 1u; // scor:race nostf
        __threadfence();
        atomicExch(&l[V(0)], 0u);
        break;
    case 1:
        while (atomicCAS_block(&l[V(0)], 0u, 1u) != 0u)
            ;
        d[V(0)] = 2u; // scor:race nostf
        __threadfence_block();
        atomicExch_block(&l[V(0)], 0u);
        break;
    default:
        break;
    }
}

int main()
{
    unsigned *buf[4];
    dim3 grid, block;
    if (micro_setup(buf, MICRO_2W, &grid, &block))
        return 2;
    interwarp_dev_blklock_no_stf_waw<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("interwarp_dev-blklock-no-stf_waw", buf);
}

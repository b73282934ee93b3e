// ScoR microbenchmark interwarp_dev-blklock-no-tf_waw as a CUDA program: the twin of
// sw/bench/micro/interwarp_dev-blklock-no-tf_waw/kernel.c (racy): the same accesses in the
// same order.
// Device lock in warp 0, block lock in warp 1 on one lock word, neither
// fencing before the release (Table IV a)
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interwarp_dev_blklock_no_tf_waw(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence();
        d[V(0)] = 1u; // scor:race notf
        atomicExch(&l[V(0)], 0u);
        break;
    case 1:
        while (atomicCAS_block(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence_block();
        d[V(0)] = 2u; // scor:race notf
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
    interwarp_dev_blklock_no_tf_waw<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("interwarp_dev-blklock-no-tf_waw", buf);
}

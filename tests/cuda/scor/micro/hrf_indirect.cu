// ScoR microbenchmark hrf_indirect as a CUDA program: the twin of
// sw/bench/micro/hrf_indirect/kernel.c (race-free): the same accesses in the
// same order.
// Transitive chain, 2 blocks x 2 warps: block 0 warp 0 writes, fences at
// device scope and hands off to warp 1 with a block-scope flag; warp 1 hands
// off to block 1 warp 0 with a device-scope flag; that warp reads
// Launch (MICRO_2B2W): grid 2, block 2 warps: actor 2*block+warp is lane 0 of that warp,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void hrf_indirect(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    volatile unsigned *vd = d; // strong (ld.strong/st.strong) accesses
    switch (actor(layout)) {
    case 0:
        vd[V(0)] = 42u;
        __threadfence();
        atomicExch_block(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd_block(&f[V(0)], 0u) == 0u)
            ;
        __threadfence();
        atomicExch(&f[V(1)], 1u);
        break;
    case 2:
        while (atomicAdd(&f[V(1)], 0u) == 0u)
            ;
        __threadfence();
        o[V(2)] = vd[V(0)];
        break;
    default:
        break;
    }
}

int main()
{
    unsigned *buf[4];
    dim3 grid, block;
    if (micro_setup(buf, MICRO_2B2W, &grid, &block))
        return 2;
    hrf_indirect<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B2W);
    return micro_finish("hrf_indirect", buf);
}

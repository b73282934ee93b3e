// ScoR microbenchmark intrawarp_fence_raw as a CUDA program: the twin of
// sw/bench/micro/intrawarp_fence_raw/kernel.c (race-free): the same accesses in the
// same order.
// Lane 0 writes, the warp reconverges and fences, lane 1 reads: one warp
// runs in lockstep (no independent thread scheduling), so program order
// orders the lanes
// Launch (MICRO_1W): grid 1, block 1 warp: actor k is lane k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void intrawarp_fence_raw(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    int me = actor(layout);
    if (me == 0)
        d[V(0)] = 42u;
    __threadfence_block();
    if (me == 1)
        o[V(1)] = d[V(0)];
}

int main()
{
    unsigned *buf[4];
    dim3 grid, block;
    if (micro_setup(buf, MICRO_1W, &grid, &block))
        return 2;
    intrawarp_fence_raw<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_1W);
    return micro_finish("intrawarp_fence_raw", buf);
}

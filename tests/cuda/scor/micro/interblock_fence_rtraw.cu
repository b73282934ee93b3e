// ScoR microbenchmark interblock_fence_rtraw as a CUDA program: the twin of
// sw/bench/micro/interblock_fence_rtraw/kernel.c (racy): the same accesses in the
// same order.
// Device fence and flag between producer (block 0) and consumer (block 1),
// weak data, no fence after the consumer's flag: its load may hit a stale L1
// line (Table IV c; a missing acquire fence)
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interblock_fence_rtraw(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        d[V(0)] = 42u; // scor:race weak
        __threadfence();
        atomicExch(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd(&f[V(0)], 0u) == 0u)
            ;
        o[V(1)] = d[V(0)]; // scor:race weak
        break;
    default:
        break;
    }
}

int main()
{
    unsigned *buf[4];
    dim3 grid, block;
    if (micro_setup(buf, MICRO_2B, &grid, &block))
        return 2;
    interblock_fence_rtraw<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("interblock_fence_rtraw", buf);
}

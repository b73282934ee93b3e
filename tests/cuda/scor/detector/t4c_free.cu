// Detector kernel t4c_free as a CUDA program: the twin of
// sw/bench/detector/t4c_free/kernel.c (race-free): the same accesses in the
// same order.
// Table IV (c) excused by a common lock (D9): weak accesses under one
// device lock, taken in turn (a flag fixes the order)
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void t4c_free(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence();
        d[V(0)] = 42u;
        __threadfence();
        atomicExch(&l[V(0)], 0u);
        atomicExch(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd(&f[V(0)], 0u) == 0u)
            ;
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence();
        o[V(1)] = d[V(0)];
        __threadfence();
        atomicExch(&l[V(0)], 0u);
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
    t4c_free<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("t4c_free", buf);
}

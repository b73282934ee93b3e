// Detector kernel lock_table_5 as a CUDA program: the twin of
// sw/bench/detector/lock_table_5/kernel.c (race-free, a documented false
// positive): the same accesses in the same order.
// Five locks: the fifth acquire overwrites the first lock's entry, so block
// 1's write under the first lock shares none: the documented false positive
// of a wrapped lock table (docs/detector.md §9)
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void lock_table_5(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        while (atomicCAS(&l[0], 0u, 1u) != 0u)
            ;
        __threadfence();
        while (atomicCAS(&l[4], 0u, 1u) != 0u)
            ;
        __threadfence();
        while (atomicCAS(&l[8], 0u, 1u) != 0u)
            ;
        __threadfence();
        while (atomicCAS(&l[16], 0u, 1u) != 0u)
            ;
        __threadfence();
        while (atomicCAS(&l[24], 0u, 1u) != 0u)
            ;
        __threadfence();
        d[V(0)] = 42u; // scor:race wrap
        __threadfence();
        atomicExch(&l[24], 0u);
        __threadfence();
        atomicExch(&l[16], 0u);
        __threadfence();
        atomicExch(&l[8], 0u);
        __threadfence();
        atomicExch(&l[4], 0u);
        __threadfence();
        atomicExch(&l[0], 0u);
        atomicExch(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd(&f[V(0)], 0u) == 0u)
            ;
        while (atomicCAS(&l[0], 0u, 1u) != 0u)
            ;
        __threadfence();
        d[V(0)] = 43u; // scor:race wrap
        __threadfence();
        atomicExch(&l[0], 0u);
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
    lock_table_5<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("lock_table_5", buf);
}

// ScoR microbenchmark interblock_lock-blkfence_waw as a CUDA program: the twin of
// sw/bench/micro/interblock_lock-blkfence_waw/kernel.c (racy): the same accesses in the
// same order.
// Both blocks store under a device-scope CAS lock whose acquire and release
// fences are block scope: the lock is never activated at device scope and
// the stores are not fenced for the other block
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interblock_lock_blkfence_waw(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence_block();
        d[V(0)] = 1u; // scor:race lockblkfence
        __threadfence_block();
        atomicExch(&l[V(0)], 0u);
        break;
    case 1:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence_block();
        d[V(0)] = 2u; // scor:race lockblkfence
        __threadfence_block();
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
    interblock_lock_blkfence_waw<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("interblock_lock-blkfence_waw", buf);
}

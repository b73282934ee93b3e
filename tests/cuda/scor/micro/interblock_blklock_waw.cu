// ScoR microbenchmark interblock_blklock_waw as a CUDA program: the twin of
// sw/bench/micro/interblock_blklock_waw/kernel.c (racy): the same accesses in the
// same order.
// Both blocks update one word under a block-scope lock (block CAS, block
// fences, block exchange): the lock excludes nothing across blocks
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interblock_blklock_waw(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        for (unsigned t = 0; t < 64u && atomicCAS_block(&l[V(0)], 0u, 1u) != 0u; t++) // scor:race blklock
            ;
        __threadfence_block();
        d[V(0)] = d[V(0)] + 1u; // scor:race blklock
        __threadfence_block();
        atomicExch_block(&l[V(0)], 0u); // scor:race blklock
        break;
    case 1:
        for (unsigned t = 0; t < 64u && atomicCAS_block(&l[V(0)], 0u, 1u) != 0u; t++) // scor:race blklock
            ;
        __threadfence_block();
        d[V(0)] = d[V(0)] + 2u; // scor:race blklock
        __threadfence_block();
        atomicExch_block(&l[V(0)], 0u); // scor:race blklock
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
    interblock_blklock_waw<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("interblock_blklock_waw", buf);
}

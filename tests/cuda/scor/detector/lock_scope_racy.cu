// Detector kernel lock_scope_racy as a CUDA program: the twin of
// sw/bench/detector/lock_scope_racy/kernel.c (racy): the same accesses in
// the same order.
// A block-scope lock (with device fences) used by two blocks in turn: a
// block lock protects only within its block (D11)
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void lock_scope_racy(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        for (unsigned t = 0; t < 64u && atomicCAS_block(&l[V(0)], 0u, 1u) != 0u; t++) // scor:race scope
            ;
        __threadfence();
        d[V(0)] = 42u; // scor:race scope
        __threadfence();
        atomicExch_block(&l[V(0)], 0u); // scor:race scope
        atomicExch(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd(&f[V(0)], 0u) == 0u)
            ;
        for (unsigned t = 0; t < 64u && atomicCAS_block(&l[V(0)], 0u, 1u) != 0u; t++) // scor:race scope
            ;
        __threadfence();
        d[V(0)] = 43u; // scor:race scope
        __threadfence();
        atomicExch_block(&l[V(0)], 0u); // scor:race scope
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
    lock_scope_racy<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("lock_scope_racy", buf);
}

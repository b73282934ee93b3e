// Detector kernel lock_scope_free as a CUDA program: the twin of
// sw/bench/detector/lock_scope_free/kernel.c (race-free): the same accesses
// in the same order.
// The same block-scope lock used by two warps of one block
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void lock_scope_free(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        while (atomicCAS_block(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence_block();
        d[V(0)] = 42u;
        __threadfence_block();
        atomicExch_block(&l[V(0)], 0u);
        atomicExch_block(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd_block(&f[V(0)], 0u) == 0u)
            ;
        while (atomicCAS_block(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence_block();
        d[V(0)] = 43u;
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
    lock_scope_free<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("lock_scope_free", buf);
}

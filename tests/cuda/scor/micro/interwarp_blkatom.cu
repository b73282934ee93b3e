// ScoR microbenchmark interwarp_blkatom as a CUDA program: the twin of
// sw/bench/micro/interwarp_blkatom/kernel.c (race-free): the same accesses in the
// same order.
// Two warps of one block add to one counter with block-scope atomics
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interwarp_blkatom(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        atomicAdd_block(&d[V(0)], 1u);
        break;
    case 1:
        atomicAdd_block(&d[V(0)], 2u);
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
    interwarp_blkatom<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("interwarp_blkatom", buf);
}

// Detector kernel t3b_racy as a CUDA program: the twin of
// sw/bench/detector/t3b_racy/kernel.c (racy): the same accesses in the same
// order.
// Table III (b) passes program order only: warp 0 writes a word that warp 1
// reads without synchronization
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void t3b_racy(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        d[V(0)] = 1u; // scor:race po
        break;
    case 1:
        o[V(1)] = d[V(0)]; // scor:race po
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
    t3b_racy<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("t3b_racy", buf);
}

// ScoR microbenchmark interwarp_none-atom_waw as a CUDA program: the twin of
// sw/bench/micro/interwarp_none-atom_waw/kernel.c (racy): the same accesses in the
// same order.
// Warp 0 stores a word plainly, warp 1 adds to it with a device atomic
// (Table IV a)
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interwarp_none_atom_waw(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        d[V(0)] = 5u; // scor:race noneatom
        break;
    case 1:
        atomicAdd(&d[V(0)], 1u); // scor:race noneatom
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
    interwarp_none_atom_waw<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("interwarp_none-atom_waw", buf);
}

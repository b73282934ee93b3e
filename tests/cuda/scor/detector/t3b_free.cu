// Detector kernel t3b_free as a CUDA program: the twin of
// sw/bench/detector/t3b_free/kernel.c (race-free): the same accesses in the
// same order.
// Table III (b): each warp writes, reads and rewrites its own word (program
// order), the other warp never touches it
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"

// The C kernel's accesses are through a volatile pointer: weak on this GPU
// (plain loads and stores), yet each one emitted, in order. A volatile
// pointer here would make them strong, so the plain accesses are kept
// apart by a compiler-only barrier (no instruction; inline asm is refused
// by scord-nvcc): without it g++ forwards the stored value to the load and
// drops the first store.

// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void t3b_free(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        d[V(0)] = 1u;
        keep_access();
        o[V(0)] = d[V(0)];
        keep_access();
        d[V(0)] = 3u;
        break;
    case 1:
        d[V(1)] = 2u;
        keep_access();
        o[V(1)] = d[V(1)];
        keep_access();
        d[V(1)] = 4u;
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
    t3b_free<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("t3b_free", buf);
}

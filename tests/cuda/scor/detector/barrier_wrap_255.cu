// Detector kernel barrier_wrap_255 as a CUDA program: the twin of
// sw/bench/detector/barrier_wrap_255/kernel.c (race-free): the same
// accesses in the same order.
// Warp 0 writes, 255 block barriers, warp 1 reads (weak): the 8-bit barrier
// id differs, Table III (c) passes
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void barrier_wrap_255(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    int me = actor(layout);
    if (me == 0)
        d[V(0)] = 42u;
    for (unsigned i = 0; i < 255u; i++)
        __syncthreads();
    if (me == 1)
        o[V(1)] = d[V(0)];
}

int main()
{
    unsigned *buf[4];
    dim3 grid, block;
    if (micro_setup(buf, MICRO_2W, &grid, &block))
        return 2;
    barrier_wrap_255<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("barrier_wrap_255", buf);
}

// Detector kernel barrier_wrap_256 as a CUDA program: the twin of
// sw/bench/detector/barrier_wrap_256/kernel.c (race-free, a documented
// false positive): the same accesses in the same order.
// 256 block barriers: the barrier id and (through the block fences of
// __syncthreads) the block fence counter wrap: the documented false
// positive (docs/detector.md §9)
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void barrier_wrap_256(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    int me = actor(layout);
    /* The whole of warp 0 writes (one warp: no race among its lanes), so
     * the warp stays converged and each __syncthreads is exactly one block
     * fence of warp 0: 256 of them wrap its 6-bit counter. */
    if (threadIdx.x / warpSize == 0)
        d[V(0)] = 42u; // scor:race wrap
    for (unsigned i = 0; i < 256u; i++)
        __syncthreads();
    if (me == 1)
        o[V(1)] = d[V(0)]; // scor:race wrap
}

int main()
{
    unsigned *buf[4];
    dim3 grid, block;
    if (micro_setup(buf, MICRO_2W, &grid, &block))
        return 2;
    barrier_wrap_256<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("barrier_wrap_256", buf);
}

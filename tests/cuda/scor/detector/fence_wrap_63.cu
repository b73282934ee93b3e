// Detector kernel fence_wrap_63 as a CUDA program: the twin of
// sw/bench/detector/fence_wrap_63/kernel.c (race-free): the same accesses
// in the same order.
// 63 device fences between the producer's store and its flag: the 6-bit
// fence counter has moved, the hand-off is seen as fenced
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void fence_wrap_63(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    volatile unsigned *vd = d; // strong (ld.strong/st.strong) accesses
    switch (actor(layout)) {
    case 0:
        vd[V(0)] = 42u;
        for (unsigned i = 0; i < 63u; i++)
            __threadfence();
        atomicExch(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd(&f[V(0)], 0u) == 0u)
            ;
        __threadfence();
        o[V(1)] = vd[V(0)];
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
    fence_wrap_63<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("fence_wrap_63", buf);
}

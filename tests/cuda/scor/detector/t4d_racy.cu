// Detector kernel t4d_racy as a CUDA program: the twin of
// sw/bench/detector/t4d_racy/kernel.c (racy): the same accesses in the same
// order.
// Table IV (d): block 0 updates a word with a block-scope atomic, block 1
// reads it after a correct fence and flag hand-off
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void t4d_racy(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    volatile unsigned *vd = d; // strong (ld.strong/st.strong) accesses
    switch (actor(layout)) {
    case 0:
        atomicAdd_block(&d[V(0)], 5u); // scor:race scoped
        __threadfence();
        atomicExch(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd(&f[V(0)], 0u) == 0u)
            ;
        __threadfence();
        o[V(1)] = vd[V(0)]; // scor:race scoped
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
    t4d_racy<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("t4d_racy", buf);
}

// Detector kernel t3c_racy as a CUDA program: the twin of
// sw/bench/detector/t3c_racy/kernel.c (racy): the same accesses in the same
// order.
// Table III (c) does not apply across blocks: block 0 writes, each block
// passes its own barrier, block 1 reads; nothing orders the two blocks
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void t3c_racy(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    int me = actor(layout);
    if (me == 0)
        d[V(0)] = 42u; // scor:race bar
    __syncthreads();
    if (me == 1)
        o[V(1)] = d[V(0)]; // scor:race bar
}

int main()
{
    unsigned *buf[4];
    dim3 grid, block;
    if (micro_setup(buf, MICRO_2B, &grid, &block))
        return 2;
    t3c_racy<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("t3c_racy", buf);
}

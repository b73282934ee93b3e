// Detector kernel t4a_racy as a CUDA program: the twin of
// sw/bench/detector/t4a_racy/kernel.c (racy): the same accesses in the same
// order.
// Table IV (a): a flag hand-off between two warps with no fence before the
// flag
// Launch (MICRO_2W): grid 1, block 2 warps: actor k is lane 0 of warp k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void t4a_racy(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    volatile unsigned *vd = d; // strong (ld.strong/st.strong) accesses
    switch (actor(layout)) {
    case 0:
        vd[V(0)] = 42u; // scor:race nofence
        atomicExch_block(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd_block(&f[V(0)], 0u) == 0u)
            ;
        __threadfence_block();
        o[V(1)] = vd[V(0)]; // scor:race nofence
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
    t4a_racy<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2W);
    return micro_finish("t4a_racy", buf);
}

// Detector kernel bloom_collision as a CUDA program: the twin of
// sw/bench/detector/bloom_collision/kernel.c (racy, a documented false
// negative: not reported): the same accesses in the same order.
// Two different device locks whose Bloom bits collide (words 0 and 9): the
// writes are not mutually excluded, yet look protected by a common lock:
// the documented false negative (docs/detector.md §9)
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.

#include "../micro/micro.cuh"
// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void bloom_collision(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        while (atomicCAS(&l[0], 0u, 1u) != 0u)
            ;
        __threadfence();
        d[V(0)] = 42u; // scor:race bloom
        __threadfence();
        atomicExch(&l[0], 0u);
        atomicExch(&f[V(0)], 1u);
        break;
    case 1:
        while (atomicAdd(&f[V(0)], 0u) == 0u)
            ;
        while (atomicCAS(&l[9], 0u, 1u) != 0u)
            ;
        __threadfence();
        d[V(0)] = 43u; // scor:race bloom
        __threadfence();
        atomicExch(&l[9], 0u);
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
    bloom_collision<<<grid, block>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    return micro_finish("bloom_collision", buf);
}
